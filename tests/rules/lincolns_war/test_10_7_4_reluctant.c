/* 10.7.4 Reluctant to Follow Orders (Union 20 George Meade; CS 55 with the
 * errata): the token on an enemy CO adds two to his activation and forbids
 * detaching subordinates for the rest of the turn. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 44);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_UNION);
	tk_clear_hand(s, LW_UNION);
	int card = 20;
	const struct lw_card *k = lw_card(LW_UNION, card);
	if (!CHECK(k && strcmp(k->effect_id, "reluctant_to_follow_orders") == 0))
		return tap_done();
	tk_give(s, LW_UNION, card);
	tk_give_any(s, LW_UNION);
	tk_give_any(s, LW_CONFEDERATE);
	int hex = tk_empty_hex(g, "TN", 0);
	int hardee = tk_unit(g, "hardee"), polk = tk_unit(g, "polk");
	tk_place(g, hardee, hex);
	tk_place(g, polk, hex);
	s->unit[hardee].stars = 2;
	s->unit[polk].stars = 1;
	s->unit[hardee].it = s->unit[polk].it = 0;
	s->unit[hardee].flags = s->unit[polk].flags = 0;
	CHECK_EQ_INT(lw_force_co(s, hex), hardee);
	int base = lw_activation_cost(s, hardee);
	/* the token as the Resource places it in a battle on the enemy CO
	 * (test_10_7_4_reluctant_in_battle); not an event outside combat
	 * (test_10_7_4_resource_only) */
	s->unit[hardee].flags |= LW_UF_RELUCTANT;
	CHECK(s->unit[hardee].flags & LW_UF_RELUCTANT);
	CHECK_EQ_INT(lw_activation_cost(s, hardee), base + 2);
	s->phasing = LW_CONFEDERATE;
	/* the Confederates activate him: he may not leave Polk behind */
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE);
	s->side[LW_CONFEDERATE].pc = 12;
	lw_march_begin(s, hardee, false);
	s->play.side = LW_CONFEDERATE;
	CHECK(tk_act(g, "confederate", "{\"type\":\"detach\",\"unit\":\"polk\"}") != 0);
	CHECK(strstr(tk_err.message, "10.7.4") != NULL);
	CHECK_EQ_INT(s->unit[polk].hex, hex);
	lincolns_war_module.free(g);
	return tap_done();
}
