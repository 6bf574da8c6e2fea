/* 11.2.1 "When a subordinate is promoted so that he outranks the current CO,
 * he automatically assumes command without paying PC to appoint him CO";
 * 11.0.3 a CO loses command only when his rank "falls below that of one or
 * more of his subordinates".
 *
 * In a siege hex (16.9.5.2) the besieged general's "current CO" is his own,
 * not the besiegers' CO on top of the hex: B, promoted above his CO A,
 * assumes command even though the besiegers' CO has as many stars, and
 * when B is demoted back to A's rank he has not fallen below anyone, so he
 * keeps command with no question, as outside a siege. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	/* A commands the besieged force, B (who may reach three stars) under him */
	int usco, a, b;
	if (!am_nashville_siege(s, &usco, &a, &b))
		return tap_done();
	int nashville = am_hex("nashville");
	CHECK_EQ_INT(lw_force_co_side(s, nashville, LW_CONFEDERATE), a);
	CHECK_EQ_INT(lw_force_co(s, nashville), usco);
	/* the outside-a-siege behaviour this test holds the siege hex to */
	lw_promote(s, b);
	if (!CHECK_EQ_INT(s->unit[b].stars, 3))
		return tap_done();
	CHECK_EQ_INT(lw_force_co_side(s, nashville, LW_CONFEDERATE), b); /* 11.2.1 */
	lw_demote(s, b); /* back to A's rank: not below anyone */
	CHECK_EQ_INT(s->unit[b].stars, 2);
	CHECKF(lw_force_co_side(s, nashville, LW_CONFEDERATE) == b,
	       "11.0.3: B did not fall below A, he keeps command (CO %d, A %d, B %d)",
	       lw_force_co_side(s, nashville, LW_CONFEDERATE), a, b);
	CHECK_EQ_INT(s->command.co_n, 0); /* no question */
	free(s);
	return tap_done();
}
