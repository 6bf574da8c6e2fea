/* 10.6.6: at zero PC a player may not attack; 10.2: no attack on the enemy
 * capital in the first turn; 2.3: Confederates may not attack Chicago, New
 * York or Fort Monroe. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 120);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	int richmond = lw_capital_hex(LW_CONFEDERATE), washington = lw_capital_hex(LW_UNION);
	CHECK_EQ_INT(washington, 1903);
	s->turn = 0;
	CHECK(lw_may_attack_hex(s, LW_UNION, richmond, &tk_err) != 0);
	CHECK(strstr(tk_err.message, "10.2") != NULL);
	s->turn = 1;
	CHECK(lw_may_attack_hex(s, LW_UNION, richmond, &tk_err) == 0);
	s->side[LW_UNION].pc = 0;
	CHECK(lw_may_attack_hex(s, LW_UNION, richmond, &tk_err) != 0);
	CHECK(strstr(tk_err.message, "10.6.6") != NULL);
	const struct lw_city *fm = lw_data_city(lw_D(), "fort_monroe");
	if (fm) {
		CHECK(lw_may_attack_hex(s, LW_CONFEDERATE, fm->hex, &tk_err) != 0);
		CHECK(strstr(tk_err.message, "2.") != NULL);
	}
	/* 10.6.6: PC never falls below zero; the CSP cover the rest
	 * (test_10_6_6_pc_loss_from_csp) */
	s->side[LW_UNION].pc = 2;
	s->side[LW_UNION].csp = 5;
	lw_lose_pc(s, LW_UNION, 4);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 3);
	lincolns_war_module.free(g);
	return tap_done();
}
