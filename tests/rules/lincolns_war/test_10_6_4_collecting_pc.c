/* 10.6.1 / 10.6.4 Collecting PC: a card played for its PC adds its value to
 * the Status Track; a card used for one purpose (activating a CO) converts
 * its unused PC to the track when the player ends the card. The card is
 * discarded and the play passes to the opponent. */
#include "lw_testkit.h"

/* The highest-valued activation card of side's deck. */
static int best_card(const struct lw_state *s, int side)
{
	int best = 0, v = 0;
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k && k->kind == LW_KIND_ACTIVATION && !k->erratic && k->pc > v &&
		    lw_hand_find(s, side, n) < 0) {
			best = n;
			v = k->pc;
		}
	}
	return best;
}

int main(void)
{
	struct game *g = tk_new("campaign", 64);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_UNION);
	tk_clear_hand(s, LW_UNION);
	tk_clear_hand(s, LW_CONFEDERATE);
	int c1 = best_card(s, LW_UNION);
	tk_give(s, LW_UNION, c1);
	int c2 = best_card(s, LW_UNION);
	tk_give(s, LW_UNION, c2);
	tk_give_any(s, LW_CONFEDERATE);
	tk_give_any(s, LW_CONFEDERATE);
	int v1 = lw_card(LW_UNION, c1)->pc, v2 = lw_card(LW_UNION, c2)->pc;
	CHECK(v1 >= 3 && v2 >= 3);
	s->side[LW_UNION].pc = 10;

	/* 10.6.1 / 10.6.4: all of the card's PC to the track */
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}", c1);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	CHECK_EQ_INT(s->play.pc_left, v1);
	CHECK(tk_offers(g, "union", "Bank the"));
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 10 + v1);
	struct lw_cards *c = &s->side[LW_UNION].cards;
	CHECK(c->discard_n > 0 && c->discard[c->discard_n - 1] == c1);
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE); /* the card play is over */

	/* the opponent plays; then the Union activates a CO for part of a card
	 * and banks the rest */
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}",
	         s->side[LW_CONFEDERATE].cards.hand[0]);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	int grant = tk_unit(g, "grant");
	tk_place(g, grant, tk_empty_hex(g, "IL", 0));
	s->unit[grant].stars = 2;
	s->unit[grant].it = 0;
	int cost = lw_activation_cost(s, grant);
	CHECK(cost >= 1 && cost < v2);
	int pc0 = s->side[LW_UNION].pc;
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}", c2);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.pc_left, v2 - cost);
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc0 + v2 - cost);
	lincolns_war_module.free(g);
	return tap_done();
}
