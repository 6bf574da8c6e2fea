/* 11.0.3 Involuntary replacement: when a CO's rank falls below that of one
 * or more of his subordinates (a demotion: combat, supply, events), he is
 * no longer CO; a most senior subordinate commands, at no PC cost. (Who
 * among several equals is the owner's choice: test_11_0_3_new_co_choice
 * where present; here the checks hold whoever picks.) */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(s != NULL) || !CHECK(fx_plain_pair("OH", &x, &y)))
		return tap_done();
	int sherman = fx_place(s, "sherman", x, 2);
	int thomas = fx_place(s, "thomas", x, 1);
	int grant = fx_place(s, "grant", x, 2);
	s->unit[sherman].cmd = 0; /* Grant held the hex first: he commands */
	CHECK_EQ_INT(lw_force_co(s, x), grant);
	int pc = s->side[LW_UNION].pc;
	lw_demote(s, grant); /* 2 -> 1 star: Sherman now outranks him */
	CHECK_EQ_INT(s->unit[grant].stars, 1);
	int co = lw_force_co(s, x);
	CHECK(co != grant);
	CHECK_EQ_INT(co, sherman); /* the one most senior subordinate */
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc);
	/* a demotion that leaves him the senior keeps him in command */
	lw_promote(s, thomas);
	lw_promote(s, thomas); /* Thomas 3 stars takes command (11.0.2 a) */
	CHECK_EQ_INT(lw_force_co(s, x), thomas);
	lw_demote(s, thomas); /* 3 -> 2: level with Sherman, not below him */
	co = lw_force_co(s, x);
	CHECK_EQ_INT(s->unit[co].stars, 2);
	CHECK(co == thomas || co == sherman);
	free(s);
	return tap_done();
}
