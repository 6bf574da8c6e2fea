/* 16.5 / 16.6.1 - 16.6.3: totals and the results table. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

static struct lw_combat_out fight(int att, int def, int att_it, int def_it, int terrain)
{
	struct lw_combat_in in = {0};
	in.att = (struct lw_combat_side){.factors = att, .it = att_it, .co_stars = 2, .stars = 4};
	in.def = (struct lw_combat_side){
	    .factors = def, .it = def_it, .terrain = terrain, .co_stars = 3, .stars = 5};
	struct lw_combat_out out;
	lw_combat_resolve(&in, &out);
	return out;
}

int main(void)
{
	/* 16.6.1 Stand-off: 0-1 difference; nothing but casualty checks. */
	struct lw_combat_out o = fight(6, 5, 0, 0, 0);
	CHECK_EQ_INT(o.result, LW_CRT_STANDOFF);
	CHECK_EQ_INT(o.winner, LW_NOBODY);
	CHECK_EQ_INT(o.it_gain[0] + o.it_gain[1], 0);
	CHECK(o.casualty_check[0] && o.casualty_check[1]);
	CHECK(!o.loser_retreats);

	/* 16.5: IT subtract, terrain adds to the defender: 8 - 1 vs 3 + 2 = 7 vs 5. */
	o = fight(8, 3, 1, 0, 2);
	CHECK_EQ_INT(o.att_total, 7);
	CHECK_EQ_INT(o.def_total, 5);
	/* 16.6.2 Minor victory: loser 2 IT and retreats, attacking winner 1 IT,
	 * PC = loser CO stars. */
	CHECK_EQ_INT(o.result, LW_CRT_MINOR);
	CHECK_EQ_INT(o.winner, LW_ATTACKER);
	CHECK_EQ_INT(o.it_gain[LW_DEFENDER], 2);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 1);
	CHECK_EQ_INT(o.pc_to_winner, 3);
	CHECK(o.loser_retreats);
	CHECK(!o.disaster_check);
	CHECK(!o.attacker_advance_all);

	/* Minor victory of the defender: the attacker stays, neither takes IT
	 * (16.6.2 "The loser, if defending, ... gains two IT";
	 * test_16_6_2_minor_defeat_attacker_it). */
	o = fight(3, 6, 0, 0, 0);
	CHECK_EQ_INT(o.winner, LW_DEFENDER);
	CHECK_EQ_INT(o.it_gain[LW_DEFENDER], 0);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 0);
	CHECK(!o.loser_retreats);
	CHECK_EQ_INT(o.pc_to_winner, 2);

	/* Boundaries of the table. */
	CHECK_EQ_INT(lw_crt_lookup(1), LW_CRT_STANDOFF);
	CHECK_EQ_INT(lw_crt_lookup(2), LW_CRT_MINOR);
	CHECK_EQ_INT(lw_crt_lookup(-4), LW_CRT_MINOR);
	CHECK_EQ_INT(lw_crt_lookup(5), LW_CRT_MAJOR);
	return tap_done();
}
