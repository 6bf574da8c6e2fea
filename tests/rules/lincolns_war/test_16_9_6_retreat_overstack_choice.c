/* 16.9.6: "If a force is required to retreat in a way that violates
 * stacking restrictions, subordinates must lose stars to satisfy stacking
 * restrictions before the CO loses stars."
 *
 * Issue 22, defect 1, the case test_16_9_6_retreat_overstack leaves open:
 * a force with two subordinates to choose from. Beauregard (two stars, the
 * CO) with Ewell and Early (two stars each) loses a Minor Victory; every
 * neighbouring hex holds the Union except one, which holds a friendly
 * five-star Minor Army (limit six, 12.4). No general of the force fits
 * there alone, so the force can only retreat by losing stars: the
 * Confederate player is asked which subordinate loses one, the CO is not a
 * choice, the Union player cannot answer, and the star comes off the
 * subordinate he names, not the other. Through act() and view(). */
#include "lw_land_fixture.h"
#include "lw_testkit.h"

struct bt {
	struct game *g;
	int co, ewell, early, friendly;
};

/* Grant from x attacks the force at y; `friendly` holds Bragg, Polk and
 * Hardee (2 + 2 + 1 stars, no three-star: limit six); every other
 * neighbour of y a Union general. True once the battle is a Union Minor
 * Victory, not a rout. */
static bool setup(struct bt *t, int x, int y, int friendly, int csp)
{
	t->g = bx_game(2);
	if (!t->g)
		return false;
	struct lw_state *s = &t->g->s;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 2);
	t->ewell = fx_place(s, "ewell", y, 2);
	t->early = fx_place(s, "early", y, 2);
	t->co = fx_place(s, "beauregard", y, 2); /* placed last: commands (11.0.1) */
	fx_place(s, "bragg", friendly, 2);
	fx_place(s, "polk", friendly, 2);
	fx_place(s, "hardee", friendly, 1);
	t->friendly = friendly;
	return bx_ringed_minor_victory(t->g, grant, x, y, friendly, csp);
}

static struct bt search(void)
{
	struct bt t = {0};
	size_t i = 0;
	int x, y, f;
	while (tk_open_ring(&i, &x, &y, &f))
		for (int csp = 0; csp <= 5; csp++) {
			if (setup(&t, x, y, f, csp))
				return t;
			free(t.g);
			t.g = NULL;
		}
	return t;
}

/* The prompt: the Confederate names one of the two subordinates; `chosen`
 * loses the star, `other` and the CO keep theirs. */
static void choose(int chosen_is_early)
{
	struct bt t = search();
	if (!CHECKF(t.g != NULL, "a Minor Victory over the three-general force"))
		return;
	struct lw_state *s = &t.g->s;
	int chosen = chosen_is_early ? t.early : t.ewell;
	int other = chosen_is_early ? t.ewell : t.early;
	if (!CHECK_EQ_INT(s->step, LW_ST_DEMOTE)) {
		free(t.g);
		return;
	}
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	CHECK_EQ_INT(s->land.demote_why, LW_DW_OVERSTACK);
	json_t *o = bx_offers(t.g, LW_CONFEDERATE, "demote");
	CHECK_EQ_INT(bx_units_offered(o), 2); /* the subordinates, not the CO */
	CHECK(bx_has_unit(t.g, o, t.ewell, LW_NO_HEX));
	CHECK(bx_has_unit(t.g, o, t.early, LW_NO_HEX));
	CHECK(!bx_has_unit(t.g, o, t.co, LW_NO_HEX));
	json_decref(o);
	/* "before the CO loses stars": the CO is refused while subordinates
	 * remain; the enemy does not choose */
	CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "demote", t.co, LW_NO_HEX) != 0);
	CHECK(bx_act_unit(t.g, LW_UNION, "demote", chosen, LW_NO_HEX) != 0);
	CHECK_EQ_INT(s->step, LW_ST_DEMOTE);
	CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "demote", chosen, LW_NO_HEX) == 0);
	CHECK_EQ_INT(s->unit[chosen].stars, 1);
	CHECK_EQ_INT(s->unit[chosen].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[other].stars, 2);
	CHECK_EQ_INT(s->unit[t.co].stars, 2);
	/* the one-star he made now fits the friendly hex alone (5 + 1): the
	 * force is asked where to retreat, and nobody was disgraced */
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	CHECK_EQ_INT(s->unit[t.co].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[other].where, LW_W_MAP);
	free(t.g);
}

int main(void)
{
	free(bx_game(2)); /* loads the data */
	choose(1);        /* Early loses the star, Ewell keeps his */
	choose(0);        /* and the other way round */
	return tap_done();
}
