/* 16.6.4 Rout and 16.6.5 auto-promotion. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

int main(void)
{
	/* A defender with 3 defense factors and 1 IT loses a major victory by 6:
	 * 1 + 6 = 7 IT > 3 factors, a rout. The victor takes half the difference
	 * (3) but not more than the routed strength 3 - 1 = 2. */
	struct lw_combat_in in = {0};
	in.att = (struct lw_combat_side){.factors = 9, .co_stars = 1, .stars = 2};
	in.def = (struct lw_combat_side){
	    .factors = 3, .it = 1, .terrain = 1, .co_stars = 2, .stars = 4, .has_gic = false};
	struct lw_combat_out o;
	lw_combat_resolve(&in, &o);
	CHECK_EQ_INT(o.difference, 6);
	CHECK(o.rout);
	CHECK(o.rout_reset_loser);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 2);
	CHECK_EQ_INT(o.it_gain[LW_DEFENDER], 0);
	CHECK(!o.disaster_check); /* ignore disaster symbols in a rout */
	CHECK(o.attacker_advance_all);
	/* 16.6.5: the attacker (2 stars) beat a force with 4: promotion. */
	CHECK(o.auto_promote);

	/* Minor victory can rout too: 2 factors, 1 IT, loses 4 to 1: 1 + 2 > 2. */
	in.att.factors = 4;
	in.def = (struct lw_combat_side){.factors = 2, .it = 1, .co_stars = 1, .stars = 1};
	lw_combat_resolve(&in, &o);
	CHECK_EQ_INT(o.result, LW_CRT_MINOR);
	CHECK(o.rout);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 1); /* min(2, 2 - 1) */
	CHECK(!o.auto_promote);

	/* Beating the enemy GiC promotes, attacking or defending. */
	in.att = (struct lw_combat_side){.factors = 2, .co_stars = 3, .stars = 3, .has_gic = true};
	in.def = (struct lw_combat_side){.factors = 6, .co_stars = 2, .stars = 2};
	lw_combat_resolve(&in, &o);
	CHECK_EQ_INT(o.winner, LW_DEFENDER);
	CHECK(o.auto_promote);
	CHECK(!o.loser_retreats); /* a losing attacker stays where it attacked from */
	return tap_done();
}
