/* 11.0 worked examples: Butler (activation 3) needs a card of three PC or
 * more; Grant (activation 1) activated with a "2" card leaves one PC to
 * bank. */
#include "lw_activation_fixture.h"

int main(void)
{
	int two, grant, gh;
	struct game *g = ax_grant_game(3, "KY", &two, &grant, &gh);
	struct lw_state *s = &g->s;
	int three = ax_card_of(LW_UNION, 3);
	CHECK(two > 0 && three > 0);
	int butler = tk_unit(g, "butler");
	int bh = tk_empty_hex(g, "MD", 0);
	tk_place(g, butler, bh);
	s->unit[butler].stars = 1;
	CHECK_EQ_INT(lw_activation_cost(s, butler), 3);

	/* Butler with a 2 card: refused, citing 10.6.2 */
	CHECK(ax_activate(g, two, "butler") != 0);
	CHECK(strstr(tk_err.message, "10.6.2") != NULL);
	char want[160];
	snprintf(want, sizeof want,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}", two,
	         "butler");
	CHECK(!tk_offers_action(g, "union", want));
	/* ... while Grant is offered with it (the same card's choices) */
	snprintf(want, sizeof want,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}", two,
	         "grant");
	CHECK(tk_offers_action(g, "union", want));
	/* Grant with the 2 card: one PC left to bank */
	int pc0 = s->side[LW_UNION].pc;
	ax_grant_with_two(g, two);
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc0 + 1);

	/* Butler with a 3 card */
	tk_goto_ops(g, 1, LW_UNION);
	tk_give(s, LW_UNION, three);
	CHECKF(ax_activate(g, three, "butler") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.pc_left, 0);
	lincolns_war_module.free(g);
	return tap_done();
}
