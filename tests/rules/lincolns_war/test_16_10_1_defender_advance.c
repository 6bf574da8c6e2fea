/* 16.10.1: "The defender remains in his original hex unless the battle
 * outcome causes the attacking force to be entirely eliminated and its hex
 * vacant. The defender then has the option to advance as many or as few
 * units into the vacated hex." A prompt to the defender: the whole force,
 * one general at a time, or stay. Through act() and view(). */
#include "lw_land_fixture.h"

/* A lone Sigel (loaded with IT, so that he is routed and disgraced)
 * attacks Hardee and Ewell; `escort` puts Lyon in his hex without taking
 * part in the attack. */
static struct game *lone_rout(int *x, int *y, int *h, int *e, bool escort)
{
	struct game *g = bx_game(2);
	if (!g || !fx_plain_pair("TN", x, y))
		return NULL;
	struct lw_state *s = &g->s;
	int sigel = fx_place(s, "sigel", *x, 1);
	s->unit[sigel].it = 3;
	if (escort)
		fx_place(s, "lyon", *x, 1);
	*h = fx_place(s, "hardee", *y, 2);
	*e = fx_place(s, "ewell", *y, 1);
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	lw_march_begin(s, sigel, false);
	/* Sigel alone attacks, Lyon (if any) stays */
	s->play.movers_n = 1;
	s->play.movers[0] = (int16_t)sigel;
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", *y);
	BX_OK(g, LW_UNION, a);
	if (s->step == LW_ST_WITHDRAW)
		BX_OK(g, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	bx_commit(g, 0, 0);
	return g;
}

int main(void)
{
	int x = LW_NO_HEX, y = LW_NO_HEX, h = LW_NONE, e = LW_NONE;
	struct game *g = lone_rout(&x, &y, &h, &e, false);
	if (!CHECK(g != NULL))
		return tap_done();
	struct lw_state *s = &g->s;
	CHECKF(s->battle.rout && s->battle.winner == LW_CONFEDERATE, "Sigel is routed");
	CHECK_EQ_INT(lw_units_at(s, x, LW_UNION, (int[LW_MAX_UNITS]){0}), 0);
	if (!CHECK_EQ_INT(s->step, LW_ST_ADVANCE))
		return tap_done();
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	json_t *o = bx_offers(g, LW_CONFEDERATE, "advance");
	CHECK(bx_has_unit(g, o, h, LW_NO_HEX));
	CHECK(bx_has_unit(g, o, e, LW_NO_HEX));
	json_decref(o);
	o = bx_offers(g, LW_CONFEDERATE, "stay");
	CHECK_EQ_INT((int)json_array_size(o), 1);
	json_decref(o);
	CHECK(bx_act(g, LW_UNION, "{\"type\":\"stay\"}") != 0);
	CHECK(bx_act(g, LW_CONFEDERATE, "{\"type\":\"decline\"}") != 0);
	/* some: Ewell goes, Hardee then stays */
	CHECK(bx_act_unit(g, LW_CONFEDERATE, "advance", e, LW_NO_HEX) == 0);
	CHECK_EQ_INT(s->unit[e].hex, x);
	CHECK_EQ_INT(s->step, LW_ST_ADVANCE);
	o = bx_offers(g, LW_CONFEDERATE, "advance");
	CHECK(bx_has_unit(g, o, h, LW_NO_HEX));
	CHECK(!bx_has_unit(g, o, e, LW_NO_HEX));
	json_decref(o);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"stay\"}");
	CHECK_EQ_INT(s->unit[h].hex, y);
	CHECK(!s->battle.active);
	free(g);

	/* all */
	g = lone_rout(&x, &y, &h, &e, false);
	if (!CHECK(g != NULL))
		return tap_done();
	s = &g->s;
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"advance\",\"units\":\"all\"}");
	CHECK_EQ_INT(s->unit[h].hex, x);
	CHECK_EQ_INT(s->unit[e].hex, x);
	CHECK(!s->battle.active);
	free(g);

	/* none: staying costs nothing */
	g = lone_rout(&x, &y, &h, &e, false);
	if (!CHECK(g != NULL))
		return tap_done();
	s = &g->s;
	int it = lw_force_it(s, y);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"stay\"}");
	CHECK_EQ_INT(s->unit[h].hex, y);
	CHECK_EQ_INT(lw_force_it(s, y), it);
	free(g);

	/* the attacker's hex is not vacant (Lyon stayed there): no advance */
	g = lone_rout(&x, &y, &h, &e, true);
	if (!CHECK(g != NULL))
		return tap_done();
	s = &g->s;
	CHECK(s->battle.rout);
	CHECK(s->step != LW_ST_ADVANCE);
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->unit[h].hex, y);
	free(g);
	return tap_done();
}
