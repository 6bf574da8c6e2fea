/* 16.9.6: "If a force is required to retreat and has no legal retreat path,
 * all generals in that force are removed from the map and placed in the
 * DISGRACED GENERALS box. If a force is required to retreat in a way that
 * violates stacking restrictions, subordinates must lose stars to satisfy
 * stacking restrictions before the CO loses stars."
 *
 * Issue 22, defect 1: a lone two-star Confederate general loses a Minor
 * Victory; every neighbouring hex holds the Union except one, which holds
 * a friendly five-star Minor Army (limit six, 12.4). He has a retreat path,
 * only an overstacking one: he loses a star and retreats into it. The
 * engine disgraced him. Through act() and view(). */
#include "lw_land_fixture.h"
#include "lw_testkit.h"

struct bt {
	struct game *g;
	int loser, sub, friendly;
};

/* Grant from x attacks the loser (2 stars) at y; `friendly` holds Bragg, Polk and Hardee (2 + 2 + 1
 * stars, no three-star: limit six); every other neighbour of y a Union
 * general. True once the battle is a Union Minor Victory, not a rout. */
static bool setup(struct bt *t, int x, int y, int friendly, int csp, bool with_sub)
{
	t->g = bx_game(2);
	if (!t->g)
		return false;
	struct lw_state *s = &t->g->s;
	int grant = fx_place(s, "grant", x, 3);
	t->loser = fx_place(s, "beauregard", y, 2);
	/* Wheeler, cavalry, cannot go alone where Forrest already rides (13.1.2) */
	t->sub = with_sub ? fx_place(s, "wheeler", y, 1) : LW_NONE;
	if (with_sub)
		fx_place(s, "forrest", friendly, 1);
	fx_place(s, "bragg", friendly, 2);
	fx_place(s, "polk", friendly, 2);
	fx_place(s, "hardee", friendly, 1);
	t->friendly = friendly;
	return bx_ringed_minor_victory(t->g, grant, x, y, friendly, csp);
}

static struct bt search(bool with_sub)
{
	struct bt t = {0};
	size_t i = 0;
	int x, y, f;
	while (tk_open_ring(&i, &x, &y, &f))
		for (int csp = 0; csp <= 5; csp++) {
			if (setup(&t, x, y, f, csp, with_sub))
				return t;
			free(t.g);
			t.g = NULL;
		}
	return t;
}

/* The retreat offer into the friendly hex, if the loser is asked */
static void retreat_in(struct bt *t)
{
	struct lw_state *s = &t->g->s;
	if (s->step == LW_ST_RETREAT) {
		json_t *o = bx_offers(t->g, LW_CONFEDERATE, "retreat");
		bool offered = false;
		size_t i;
		json_t *oa;
		json_array_foreach(o, i, oa)
		{
			offered |= json_integer_value(json_object_get(oa, "to")) == t->friendly;
		}
		json_decref(o);
		CHECK(offered);
		char a[64];
		snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", t->friendly);
		BX_OK(t->g, LW_CONFEDERATE, a);
	}
}

int main(void)
{
	free(bx_game(2)); /* loads the data */

	/* the lone general: he loses a star and retreats into the army */
	struct bt t = search(false);
	if (!CHECK(t.g != NULL))
		return tap_done();
	struct lw_state *s = &t.g->s;
	CHECK_EQ_INT(s->unit[t.loser].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[t.loser].stars, 1);
	retreat_in(&t);
	CHECK_EQ_INT(s->unit[t.loser].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[t.loser].hex, t.friendly);
	CHECK_EQ_INT(lw_stack_check_hex(s, t.friendly, LW_CONFEDERATE, NULL, 0, LW_NONE, 0, NULL),
	             0);
	free(t.g);

	/* with a subordinate: "subordinates must lose stars ... before the CO
	 * loses stars". Wheeler may not go alone (Forrest holds the army's one
	 * cavalry place) nor Beauregard (seven stars). Wheeler, the only
	 * subordinate (so nobody is asked), loses his star first and is
	 * disgraced; then the CO, alone, loses one and goes in */
	t = search(true);
	if (!CHECK(t.g != NULL))
		return tap_done();
	s = &t.g->s;
	CHECK(s->unit[t.sub].where != LW_W_MAP); /* a one-star losing his star */
	CHECK_EQ_INT(s->unit[t.loser].stars, 1);
	retreat_in(&t);
	CHECK_EQ_INT(s->unit[t.loser].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[t.loser].hex, t.friendly);
	free(t.g);
	return tap_done();
}
