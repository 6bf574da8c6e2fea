/* 10.6 worked example: the Judah P. Benjamin card (six PC) activates Lee
 * (activation 1), removes A.S. Johnston's two IT, and banks the three PC
 * left; or is played for its event: the Confederates bank three PC and the
 * Union loses three. */
#include "lw_testkit.h"

int main(void)
{
	/* the PC path */
	struct game *g = tk_new("campaign", 1);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	int card = tk_card(LW_CONFEDERATE, "Benjamin");
	CHECK_EQ_INT(lw_card(LW_CONFEDERATE, card)->pc, 6);
	tk_goto_ops(g, 1, LW_CONFEDERATE); /* Spring 1862: IT removal allowed (10.6.3) */
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, card);
	tk_give_any(s, LW_UNION);
	int lee = tk_unit(g, "lee"), asj = tk_unit(g, "as_johnston");
	int lee_hex = tk_empty_hex(g, "VA", 0);
	tk_place(g, lee, lee_hex);
	s->unit[lee].stars = 1;
	int asj_hex = tk_empty_hex(g, "TN", 0);
	tk_place(g, asj, asj_hex);
	s->unit[asj].it = 2;
	CHECK_EQ_INT(lw_activation_cost(s, lee), 1);
	int pc0 = s->side[LW_CONFEDERATE].pc;

	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"lee\"}", card);
	CHECK(tk_offers_action(g, "confederate", buf));
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	CHECK_EQ_INT(s->play.pc_left, 5);
	snprintf(buf, sizeof buf, "{\"type\":\"remove_it\",\"hex\":%d}", asj_hex);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_it(s, asj_hex), 0);
	/* no IT left to remove there: refused, citing 10.6.3 */
	CHECK(tk_act(g, "confederate", buf) != 0);
	CHECK(strstr(tk_err.message, "10.6.3") != NULL);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc0 + 3);
	CHECK(s->side[LW_CONFEDERATE].cards.discard_n > 0 &&
	      s->side[LW_CONFEDERATE].cards.discard[s->side[LW_CONFEDERATE].cards.discard_n - 1] ==
	          card);
	lincolns_war_module.free(g);

	/* the event path */
	g = tk_new("campaign", 2);
	tk_choose_gics(g);
	s = &g->s;
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, card);
	tk_give_any(s, LW_UNION);
	int cs0 = s->side[LW_CONFEDERATE].pc, us0 = s->side[LW_UNION].pc;
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"event\"}", card);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs0 + 3);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us0 - 3); /* 10.7.6: off the opponent's track */
	lincolns_war_module.free(g);
	return tap_done();
}
