/* 10.7.7: a seditious card costs its negative value in PC (CSP beyond zero
 * PC, 10.6.6; 10.7.7 speaks of "neither PC nor CSP"); with 10+ PC it may
 * be discarded freely; three seditious in
 * hand may be revealed and all but the worst redrawn. 10.7.6: the PC come
 * off the player's own track and the play counts as his card play. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 50);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_UNION);
	tk_clear_hand(s, LW_UNION);
	for (int c = LW_CARD_SEDITIOUS_FIRST; c < LW_CARD_SEDITIOUS_FIRST + 3; c++)
		tk_give(s, LW_UNION, c);
	int sed = LW_CARD_SEDITIOUS_FIRST;
	int loss = -lw_card(LW_UNION, sed)->pc;
	CHECK(loss > 0);
	/* free discard with 10+ PC */
	s->side[LW_UNION].pc = 12;
	CHECK(tk_offers(g, "union", "without loss"));
	/* the redraw */
	CHECK(tk_offers(g, "union", "redraw"));
	CHECKF(tk_act(g, "union", "{\"type\":\"seditious_redraw\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, 3);
	CHECK(lw_count_seditious(s, LW_UNION) >= 1);
	/* playing one with 5 PC and 4 CSP: -loss, the excess off the CSP */
	tk_clear_hand(s, LW_UNION);
	tk_give(s, LW_UNION, sed);
	tk_give_any(s, LW_CONFEDERATE);
	s->side[LW_UNION].pc = 1;
	s->side[LW_UNION].csp = 4;
	CHECK(!tk_offers(g, "union", "without loss"));
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"discard\"}", sed);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(strstr(tk_err.message, "10.7.7") != NULL);
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"seditious\"}", sed);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 4 - (loss - 1 > 4 ? 4 : loss - 1));
	/* 10.7.6: the seditious card is discarded and its play counts as the
	 * player's card play for the round: the opponent plays next */
	struct lw_cards *uc = &s->side[LW_UNION].cards;
	CHECK(uc->discard_n > 0 && uc->discard[uc->discard_n - 1] == sed);
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE);
	lincolns_war_module.free(g);
	return tap_done();
}
