/* 16.6.3 Major Victory and 16.8.3 disasters / victory reversal. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

int main(void)
{
	/* Attack 12 vs defense 5 + 2 (mountain): difference 5, a major victory. */
	struct lw_combat_in in = {0};
	in.att = (struct lw_combat_side){.factors = 12, .co_stars = 3, .stars = 9};
	in.def =
	    (struct lw_combat_side){.factors = 7, .terrain = 2, .it = 2, .co_stars = 2, .stars = 3};
	struct lw_combat_out o;
	lw_combat_resolve(&in, &o);
	CHECK_EQ_INT(o.att_total, 12);
	CHECK_EQ_INT(o.def_total, 7);
	CHECK_EQ_INT(o.result, LW_CRT_MAJOR);
	CHECK_EQ_INT(o.winner, LW_ATTACKER);
	/* loser IT = difference, winner half rounded up */
	CHECK_EQ_INT(o.it_gain[LW_DEFENDER], 5);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 3);
	CHECK(!o.rout); /* 2 + 5 = 7 IT is not more than 7 defense factors */
	CHECK(o.disaster_check);
	CHECK(o.attacker_advance_all);
	CHECK(o.loser_retreats);
	CHECK_EQ_INT(o.pc_to_winner, 2);
	CHECK(!o.auto_promote);

	/* 16.8.3: only the victor's skull: nothing; only the loser's: extra IT and
	 * demotion; both: reversal. */
	CHECK_EQ_INT(lw_disaster_effect(&o, true, false), LW_DISASTER_NONE);
	CHECK_EQ_INT(lw_disaster_effect(&o, false, true), LW_DISASTER_LOSER);
	CHECK_EQ_INT(lw_disaster_effect(&o, true, true), LW_DISASTER_REVERSAL);
	CHECK_EQ_INT(lw_disaster_effect(&o, false, false), LW_DISASTER_NONE);

	/* Disasters are ignored after a minor victory. */
	in.att.factors = 10;
	lw_combat_resolve(&in, &o);
	CHECK_EQ_INT(o.result, LW_CRT_MINOR);
	CHECK_EQ_INT(lw_disaster_effect(&o, true, true), LW_DISASTER_NONE);
	return tap_done();
}
