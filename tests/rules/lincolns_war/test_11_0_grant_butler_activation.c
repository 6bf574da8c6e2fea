/* 11.0 worked examples: Butler (activation 3) needs a card of three PC or
 * more; Grant (activation 1) activated with a "2" card leaves one PC to
 * bank. */
#include "lw_testkit.h"

/* An activation card of exactly `pc` PC that is not erratic. */
static int card_of(int side, int pc)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k->kind == LW_KIND_ACTIVATION && k->pc == pc && !k->erratic)
			return n;
	}
	return -1;
}

int main(void)
{
	struct game *g = tk_new("campaign", 3);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_UNION);
	int two = card_of(LW_UNION, 2), three = card_of(LW_UNION, 3);
	CHECK(two > 0 && three > 0);
	tk_clear_hand(s, LW_UNION);
	tk_give(s, LW_UNION, two);
	tk_give_any(s, LW_CONFEDERATE);
	int grant = tk_unit(g, "grant"), butler = tk_unit(g, "butler");
	int gh = tk_empty_hex(g, "KY", 0);
	tk_place(g, grant, gh);
	s->unit[grant].stars = 1;
	int bh = tk_empty_hex(g, "MD", 0);
	tk_place(g, butler, bh);
	s->unit[butler].stars = 1;
	CHECK_EQ_INT(lw_activation_cost(s, grant), 1);
	CHECK_EQ_INT(lw_activation_cost(s, butler), 3);

	char buf[200];
	/* Butler with a 2 card: refused, citing 10.6.2 */
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"butler\"}",
	         two);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(strstr(tk_err.message, "10.6.2") != NULL);
	CHECK(!tk_offers(g, "union", "Activate Benjamin F. Butler") &&
	      !tk_offers(g, "union", "Activate B.F. Butler"));
	/* Grant with the 2 card: one PC left to bank */
	int pc0 = s->side[LW_UNION].pc;
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}", two);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.pc_left, 1);
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc0 + 1);

	/* Butler with a 3 card */
	tk_goto_ops(g, 1, LW_UNION);
	tk_give(s, LW_UNION, three);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"butler\"}",
	         three);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.pc_left, 0);
	lincolns_war_module.free(g);
	return tap_done();
}
