/* 16.10.1.1 example: "Lyon with a minor army sends Sigel to capture adjacent
 * Springfield MO. Note that Sigel, as CO of his own force, gets one IT for
 * doing this, not Lyon." Springfield is Confederate and empty: Sigel attacks
 * it as an empty city (16.1.2), with two CSP to beat its defense. */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	int spring = lw_city_at(305);
	CHECK(spring >= 0);
	int from = fx_plain_neighbour(305);
	CHECK(from != LW_NO_HEX);
	int lyon = fx_place(s, "lyon", from, 1);
	int sigel = fx_place(s, "sigel", from, 1);
	s->unit[sigel].cmd = 0; /* Lyon commands */
	s->side[LW_UNION].csp = 2;
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	int pc_us = s->side[LW_UNION].pc, pc_cs = s->side[LW_CONFEDERATE].pc;

	lw_march_begin(s, lyon, false);
	CHECK_EQ_INT(s->play.movers_n, 2);
	ACT_OK(s, LW_UNION, "{\"type\":\"detach\",\"unit\":\"lyon\"}");
	ACT_OK(s, LW_UNION, "{\"type\":\"attack\",\"target\":305}");
	CHECK(s->battle.active);
	CHECK(s->battle.empty_city);
	CHECK_EQ_INT(s->step, LW_ST_COMMIT);
	/* 16.1.2: no CSP for an empty city */
	ACT_FAILS(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":1}");
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	ACT_OK(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":2}");
	/* 1 + 2 against 1: a minor victory causing 2 IT, more than 1: it falls */
	CHECK_EQ_INT(s->battle.strength[LW_UNION], 3);
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], 1);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 0);
	CHECK_EQ_INT(s->step, LW_ST_ADVANCE);
	ACT_OK(s, LW_UNION, "{\"type\":\"advance\",\"units\":\"all\"}");
	CHECK_EQ_INT(s->unit[sigel].hex, 305);
	CHECK_EQ_INT(s->unit[lyon].hex, from);
	CHECK_EQ_INT(lw_city_controller(s, spring), LW_UNION);
	CHECK_EQ_INT(s->city[spring].garrison, 1);
	/* Sigel, not Lyon, carries the one IT */
	CHECK_EQ_INT(s->unit[sigel].it, 1);
	CHECK_EQ_INT(s->unit[lyon].it, 0);
	int supply = lw_D()->cities[spring].supply;
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc_us + supply);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc_cs - supply);
	CHECK(!s->battle.active);
	free(s);
	return tap_done();
}
