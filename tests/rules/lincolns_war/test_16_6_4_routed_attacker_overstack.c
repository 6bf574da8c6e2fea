/* 16.6.4: "A routed attacking force remains in the hex adjacent to the
 * defender that it attacked from unless the loss of its CO would cause an
 * overstacked condition. If a routed attacking force finds that it is
 * overstacked after losing its CO, then retreat the lowest number of stars
 * possible one hex so as to comply with stacking restrictions." The
 * attacker picks who steps back (among the fewest-stars sets) and where
 * (16.9.1 hexes), one general at a time. Through act() and view(). */
#include "lw_land_fixture.h"

static int stars_at(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

/* Grant (3) leads Sherman, Thomas, Rosecrans (2 each) and `ones` one-star
 * generals, loaded with IT, against Johnston and Hardee: routed. */
static struct game *routed(int *x, int *y, int *gen, int ones)
{
	struct game *g = bx_game(2);
	if (!g)
		return NULL;
	struct lw_state *s = &g->s;
	if (!fx_plain_pair("TN", x, y))
		return NULL;
	static const char *const sub[] = {"sherman", "thomas", "rosecrans", "curtis", "sedgwick"};
	gen[0] = fx_place(s, "grant", *x, 3);
	for (int i = 0; i < 3 + ones; i++)
		gen[1 + i] = fx_place(s, sub[i], *x, i < 3 ? 2 : 1);
	/* more IT than combat factors once the battle's IT come on top */
	s->unit[gen[0]].it = 16;
	fx_place(s, "je_johnston", *y, 2);
	fx_place(s, "hardee", *y, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(g, gen[0], *y);
	bx_commit(g, 0, 0);
	/* 11.0.3: the Union names who commands after Grant's disgrace */
	CHECK(bx_answer_commands(g) == 1);
	return g;
}

int main(void)
{
	int x = LW_NO_HEX, y = LW_NO_HEX, gen[8] = {0};
	/* 3 + 2 + 2 + 2 + 1 = 10 stars; 7 without Grant: one star too many, and
	 * the only one-star set is Curtis alone */
	struct game *g = routed(&x, &y, gen, 1);
	if (!CHECK(g != NULL))
		return tap_done();
	struct lw_state *s = &g->s;
	CHECKF(s->battle.rout && s->battle.winner == LW_CONFEDERATE, "the Union attack is routed");
	CHECK_EQ_INT(s->unit[gen[0]].where, LW_W_DISGRACED);
	if (!CHECK_EQ_INT(s->step, LW_ST_RETREAT))
		return tap_done();
	CHECK_EQ_INT(s->awaiting_side, LW_UNION);
	json_t *o = bx_offers(g, LW_UNION, "retreat");
	CHECK_EQ_INT(bx_units_offered(o), 1);
	CHECK(bx_has_unit(g, o, gen[4], LW_NO_HEX));
	int to = (int)json_integer_value(json_object_get(json_array_get(o, 0), "to"));
	json_decref(o);
	CHECK(to != y && tg_hex_adjacent(&lw_D()->grid, x, to));
	CHECK(bx_act_unit(g, LW_CONFEDERATE, "retreat", gen[4], to) != 0);
	CHECK(bx_act_unit(g, LW_UNION, "retreat", gen[1], to) != 0); /* two stars: too many */
	CHECK(bx_act_unit(g, LW_UNION, "retreat", gen[4], y) != 0);  /* not into the enemy */
	CHECK(bx_act_unit(g, LW_UNION, "retreat", gen[4], to) == 0);
	CHECK_EQ_INT(s->unit[gen[4]].hex, to);
	CHECK_EQ_INT(s->unit[gen[4]].it, 1); /* 16.6.4: IT equal to his stars, with him */
	CHECK_EQ_INT(stars_at(s, x, LW_UNION), 6);
	CHECK(lw_stack_check_hex(s, x, LW_UNION, NULL, 0, LW_NONE, 0, NULL) == 0);
	CHECK(!s->battle.active);
	free(g);

	/* 3 + 2 + 2 + 2 = 9: six stars are left without Grant, legal: nobody
	 * moves, no prompt */
	g = routed(&x, &y, gen, 0);
	if (!CHECK(g != NULL))
		return tap_done();
	s = &g->s;
	CHECK(s->battle.rout);
	CHECK(s->step != LW_ST_RETREAT);
	CHECK_EQ_INT(stars_at(s, x, LW_UNION), 6);
	free(g);

	/* 3 + 2 + 2 + 2 + 1 + 1 = 11, 8 without Grant: two stars must go, a
	 * two-star or both one-stars: all five may be picked first */
	g = routed(&x, &y, gen, 2);
	if (!CHECK(g != NULL))
		return tap_done();
	s = &g->s;
	if (!CHECK_EQ_INT(s->step, LW_ST_RETREAT))
		return tap_done();
	o = bx_offers(g, LW_UNION, "retreat");
	CHECK_EQ_INT(bx_units_offered(o), 5);
	to = (int)json_integer_value(json_object_get(json_array_get(o, 0), "to"));
	json_decref(o);
	/* a one-star first: then only the other one-star completes the set */
	CHECK(bx_act_unit(g, LW_UNION, "retreat", gen[4], to) == 0);
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	o = bx_offers(g, LW_UNION, "retreat");
	CHECK_EQ_INT(bx_units_offered(o), 1);
	CHECK(bx_has_unit(g, o, gen[5], LW_NO_HEX));
	json_decref(o);
	CHECK(bx_act_unit(g, LW_UNION, "retreat", gen[1], to) != 0);
	CHECK(bx_act_unit(g, LW_UNION, "retreat", gen[5], to) == 0);
	CHECK_EQ_INT(stars_at(s, x, LW_UNION), 6);
	CHECK(!s->battle.active);
	free(g);
	return tap_done();
}
