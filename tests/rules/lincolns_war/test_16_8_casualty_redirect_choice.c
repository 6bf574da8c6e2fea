/* 16.8: "If the result shows a different rank general, then pick a general
 * of the indicated rank in the same stack instead and re-roll." The pick is
 * a prompt to the player who picked the first general (docs/decisions.md "16.8 casualties"),
 * among the generals of that rank of the force in battle; with only one
 * such general there is nothing to choose and the re-roll is immediate.
 * Driven through the module's act() and view(). */
#include "lw_land_fixture.h"

struct setup {
	int x, y, co, two_a, two_b, one_a, one_b;
};

/* Grant attacks a Confederate force of a three-star CO with two two-stars
 * and two one-stars (or one of each when `crowded` is false). Only the
 * Confederate draws a casualty star. */
static struct game *battle(struct setup *st, bool crowded)
{
	struct game *g = bx_game(2);
	if (!g)
		return NULL;
	struct lw_state *s = &g->s;
	if (!fx_plain_pair("TN", &st->x, &st->y))
		return NULL;
	int grant = fx_place(s, "grant", st->x, 3);
	fx_place(s, "sherman", st->x, 2);
	st->co = fx_place(s, "je_johnston", st->y, 3);
	st->two_a = fx_place(s, "hardee", st->y, 2);
	st->one_a = fx_place(s, "pillow", st->y, 1);
	st->two_b = crowded ? fx_place(s, "polk", st->y, 2) : LW_NONE;
	st->one_b = crowded ? fx_place(s, "floyd", st->y, 1) : LW_NONE;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, LW_SYM_CASUALTY, 4, 8);
	bx_attack(g, grant, st->y);
	return g;
}

/* Commits after `k` dice of the generator were spent, and when the
 * casualty choice comes, its chooser picks the three-star CO. The chooser,
 * or LW_NOSIDE if the choice did not come. */
static int pick_co_after(struct game *g, const struct setup *st, int k)
{
	for (int i = 0; i < k; i++)
		(void)tg_rng_die(&g->s.rng, 6);
	bx_commit(g, 0, 0);
	if (g->s.step != LW_ST_CASUALTY || g->s.battle.casualty_victim_side != LW_CONFEDERATE)
		return LW_NOSIDE;
	int chooser = g->s.battle.casualty_side;
	if (bx_act_unit(g, chooser, "casualty", st->co, LW_NO_HEX) != 0)
		return LW_NOSIDE;
	return chooser;
}

int main(void)
{
	struct setup st;
	struct game *base = battle(&st, true);
	if (!CHECK(base != NULL) || !CHECK_EQ_INT(base->s.step, LW_ST_COMMIT))
		return tap_done();

	/* find a generator position where the CO's roll names another rank */
	struct game *g = NULL;
	int chooser = LW_NOSIDE;
	for (int k = 0; k < 200; k++) {
		g = bx_copy(base);
		chooser = pick_co_after(g, &st, k);
		if (chooser != LW_NOSIDE && g->s.step == LW_ST_CASUALTY &&
		    g->s.battle.casualty_rank > 0)
			break;
		free(g);
		g = NULL;
	}
	if (!CHECKF(g != NULL, "no casualty roll named another rank in 200 tries"))
		return tap_done();
	struct lw_state *s = &g->s;
	int rank = s->battle.casualty_rank;
	int a = rank == 2 ? st.two_a : st.one_a, b = rank == 2 ? st.two_b : st.one_b;
	int other = rank == 2 ? st.one_a : st.two_a;
	CHECK(bx_logged(s, 2, "is hit instead"));
	/* the same player picks again, only among the generals of that rank */
	CHECK_EQ_INT(s->awaiting_side, chooser);
	json_t *o = bx_offers(g, chooser, "casualty");
	CHECK_EQ_INT(bx_units_offered(o), 2);
	CHECK(bx_has_unit(g, o, a, LW_NO_HEX));
	CHECK(bx_has_unit(g, o, b, LW_NO_HEX));
	json_decref(o);
	o = bx_offers(g, LW_OTHER(chooser), "casualty");
	CHECK_EQ_INT((int)json_array_size(o), 0);
	json_decref(o);
	CHECK(bx_act_unit(g, LW_OTHER(chooser), "casualty", a, LW_NO_HEX) != 0);
	CHECK(bx_act_unit(g, chooser, "casualty", other, LW_NO_HEX) != 0); /* wrong rank */
	CHECK(bx_act_unit(g, chooser, "casualty", st.co, LW_NO_HEX) != 0);
	/* the one the old automatic choice would not have taken: the later */
	int pick = a > b ? a : b;
	char name[64];
	lw_unit_name(s, pick, name, sizeof name);
	int wounds = s->unit[pick].wounds;
	CHECK(bx_act_unit(g, chooser, "casualty", pick, LW_NO_HEX) == 0);
	CHECKF(bx_logged(s, 3, name), "the re-roll is for %s", name);
	CHECK(s->unit[pick].wounds >= wounds);
	CHECK(s->step != LW_ST_CASUALTY || s->battle.casualty_rank == 0 ||
	      s->battle.casualty_rank < rank);
	free(g);
	free(base);

	/* one general of each lower rank: the redirect never asks */
	base = battle(&st, false);
	if (!CHECK(base != NULL))
		return tap_done();
	int redirected = 0;
	for (int k = 0; k < 60; k++) {
		g = bx_copy(base);
		if (pick_co_after(g, &st, k) != LW_NOSIDE) {
			CHECK(!(g->s.step == LW_ST_CASUALTY && g->s.battle.casualty_rank > 0));
			redirected += bx_logged(&g->s, 4, "is hit instead");
		}
		free(g);
	}
	CHECKF(redirected > 0, "some roll named another rank (%d)", redirected);
	free(base);
	return tap_done();
}
