/* 2.4.2 "The loser will still lose PC equal to the supply value of the
 * city", read with 10.6.6: "A player who is reduced to zero PC and then is
 * required to lose more PC, must first lose an equal amount of CSP if he
 * possesses them, or as much as he has". A side that loses a city it holds
 * pays the supply value in PC; with fewer PC than that, its PC go to zero
 * and the rest comes off its banked CSP (10.6.6 is the rule 7.1.6.1 asks
 * for). The victor gains the full value. */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	int jc = fx_city("jefferson_city");
	if (!CHECK(jc >= 0))
		return tap_done();
	int supply = lw_D()->cities[jc].supply;
	if (!CHECKF(supply >= 1, "Jefferson City has a supply value (%d)", supply))
		return tap_done();
	lw_capture_city(s, LW_UNION, jc, false); /* the Union took the neutral city */
	CHECK_EQ_INT(lw_city_controller(s, jc), LW_UNION);
	/* the Union is short of PC, with CSP banked */
	s->side[LW_UNION].pc = (int16_t)(supply - 1);
	s->side[LW_UNION].csp = 5;
	int cs_pc = s->side[LW_CONFEDERATE].pc;
	lw_capture_city(s, LW_CONFEDERATE, jc, false);
	CHECK_EQ_INT(lw_city_controller(s, jc), LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);      /* 10.6.6: never below zero */
	CHECK_EQ_INT(s->side[LW_UNION].csp, 5 - 1); /* 10.6.6: the one PC short */
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs_pc + supply);
	/* with PC enough, exactly the supply value */
	s->side[LW_CONFEDERATE].pc = 10;
	s->side[LW_CONFEDERATE].csp = 3;
	lw_capture_city(s, LW_UNION, jc, false);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 10 - supply);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].csp, 3);
	free(s);
	return tap_done();
}
