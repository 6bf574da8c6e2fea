/* 11.2.2 worked example: Wheeler, cavalry in Polk's force, is activated
 * alone with a 1 card, where Polk's whole force needs a 3. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 4);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	int one = -1;
	for (int n = 1; n <= 57 && one < 0; n++)
		if (lw_card(LW_CONFEDERATE, n)->kind == LW_KIND_ACTIVATION &&
		    lw_card(LW_CONFEDERATE, n)->pc == 1 && !lw_card(LW_CONFEDERATE, n)->erratic)
			one = n;
	CHECK(one > 0);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, one);
	int polk = tk_unit(g, "polk"), wheeler = tk_unit(g, "wheeler");
	int hex = tk_empty_hex(g, "TN", 0);
	tk_place(g, polk, hex);
	tk_place(g, wheeler, hex);
	s->unit[polk].stars = 2;
	s->unit[wheeler].stars = 1;
	CHECK_EQ_INT(lw_force_co(s, hex), polk);
	CHECK_EQ_INT(lw_activation_cost(s, polk), 3);
	CHECK_EQ_INT(lw_activation_cost(s, wheeler), 1);
	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"polk\"}", one);
	CHECK(tk_act(g, "confederate", buf) != 0);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"wheeler\"}",
	         one);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	/* only Wheeler moves */
	CHECK_EQ_INT(s->play.movers_n, 1);
	CHECK_EQ_INT(s->play.movers[0], wheeler);
	lincolns_war_module.free(g);
	return tap_done();
}
