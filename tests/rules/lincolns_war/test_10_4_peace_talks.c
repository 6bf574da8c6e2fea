/* 10.4 / 10.5: a player may pass holding one card; if the opponent passes
 * too the phase ends and the cards are retained; if the opponent plays his
 * last card instead, the passer takes 3 PC (or plays his own). No passing
 * on the last turn. */
#include "lw_testkit.h"

static int pc_card(int side, int nth)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k->kind == LW_KIND_ACTIVATION && k->pc >= 1 && !k->erratic && nth-- == 0)
			return n;
	}
	return -1;
}

int main(void)
{
	struct game *g = tk_new("campaign", 40);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_UNION);
	tk_clear_hand(s, LW_UNION);
	tk_clear_hand(s, LW_CONFEDERATE);
	int u1 = pc_card(LW_UNION, 0), u2 = pc_card(LW_UNION, 1);
	int c1 = pc_card(LW_CONFEDERATE, 0);
	tk_give(s, LW_UNION, u1);
	tk_give(s, LW_UNION, u2);
	tk_give(s, LW_CONFEDERATE, c1);
	/* two cards: no pass */
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	CHECK(strstr(tk_err.message, "10.4") != NULL);
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}", u1);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"pass\"}") == 0, "%s", tk_err.message);
	/* the Union spurns peace: plays his last card; the Confederate may take 3 PC */
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}", u2);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_PEACE);
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE);
	int cs = s->side[LW_CONFEDERATE].pc;
	CHECKF(tk_act(g, "confederate", "{\"type\":\"peace_pc\"}") == 0, "%s", tk_err.message);
	CHECK(s->side[LW_CONFEDERATE].pc >= cs + 3 - 2 || s->phase == LW_PH_OVER);
	CHECK(s->phase != LW_PH_OPS || s->turn == 2);
	/* 10.5: the Confederate retained his card into the next turn */
	CHECK(lw_hand_find(s, LW_CONFEDERATE, c1) >= 0 || s->phase == LW_PH_OVER);

	/* both pass: the phase ends */
	tk_goto_ops(g, 2, LW_UNION);
	tk_clear_hand(s, LW_UNION);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_UNION, u1);
	tk_give(s, LW_CONFEDERATE, c1);
	CHECKF(tk_act(g, "union", "{\"type\":\"pass\"}") == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"pass\"}") == 0, "%s", tk_err.message);
	CHECK(s->phase != LW_PH_OPS || s->turn == 3);

	/* the last turn: no passing */
	tk_goto_ops(g, s->last_turn, LW_UNION);
	tk_clear_hand(s, LW_UNION);
	tk_give(s, LW_UNION, u1);
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	CHECK(strstr(tk_err.message, "last turn") != NULL);
	lincolns_war_module.free(g);
	return tap_done();
}
