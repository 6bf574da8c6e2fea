/* 10.7.2 events, 10.6.5 erratic personalities, 10.7.3 campaigns:
 * a CSP-gain event, an IT-removal event on a chosen force, pressing an
 * erratic card (the die decides the PC), and the campaign preconditions:
 * not in Summer 1861 (10.2), 10 PC (10.7.3), forces free of IT. */
#include "lw_testkit.h"

static int event_card(int side, const char *id)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k->effect_id && strcmp(k->effect_id, id) == 0 && !k->erratic)
			return n;
	}
	return -1;
}

int main(void)
{
	struct game *g = tk_new("campaign", 100);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give_any(s, LW_UNION);
	tk_give_any(s, LW_UNION);

	/* CSP gain, capped at 10 (7.1.6) */
	int csp_card = event_card(LW_CONFEDERATE, "csp_gain");
	CHECK(csp_card > 0);
	tk_give(s, LW_CONFEDERATE, csp_card);
	tk_give_any(s, LW_CONFEDERATE);
	s->side[LW_CONFEDERATE].csp = 9;
	char buf[200];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"event\"}", csp_card);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].csp, 10);

	/* IT removal on a chosen force */
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	int it_card = event_card(LW_CONFEDERATE, "remove_it");
	CHECK(it_card > 0);
	tk_give(s, LW_CONFEDERATE, it_card);
	int count = (int)json_integer_value(
	    json_object_get(lw_card(LW_CONFEDERATE, it_card)->effect, "count"));
	int lee = tk_unit(g, "lee");
	int hex = tk_empty_hex(g, "VA", 0);
	tk_place(g, lee, hex);
	s->unit[lee].it = 5;
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"event\",\"hex\":%d}",
	         it_card, hex + 1 == hex ? 0 : tk_empty_hex(g, "VA", hex));
	CHECK(tk_act(g, "confederate", buf) != 0); /* no force there */
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"event\",\"hex\":%d}",
	         it_card, hex);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_it(s, hex), 5 - count);

	/* 10.6.5 pressing an erratic card: the die gives the PC */
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	int erratic = -1;
	for (int n = 1; n <= 57 && erratic < 0; n++)
		if (lw_card(LW_CONFEDERATE, n)->erratic)
			erratic = n;
	CHECK(erratic > 0);
	tk_give(s, LW_CONFEDERATE, erratic);
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"press\"}", erratic);
	int pc0 = s->side[LW_CONFEDERATE].pc;
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	if (s->step == LW_ST_SPEND)
		CHECKF(tk_act(g, "confederate", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	int gained = s->side[LW_CONFEDERATE].pc - pc0;
	bool possible = false;
	for (int d = 0; d < 6; d++)
		possible |= lw_card(LW_CONFEDERATE, erratic)->erratic_pc[d] == gained;
	CHECKF(possible, "gained %d PC", gained);

	/* 10.2 / 10.7.3: campaigns */
	tk_goto_ops(g, 0, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, 58);
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}");
	CHECK(tk_act(g, "confederate", buf) != 0);
	CHECK(strstr(tk_err.message, "10.2") != NULL);
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	s->side[LW_CONFEDERATE].pc = 9;
	CHECK(tk_act(g, "confederate", buf) != 0);
	CHECK(strstr(tk_err.message, "10 PC") != NULL);
	s->side[LW_CONFEDERATE].pc = 12;
	s->side[LW_CONFEDERATE].campaign_used = 0;
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.activations_left, 2);
	/* Lee carries IT: not a campaign force */
	CHECK(tk_act(g, "confederate",
	             "{\"type\":\"campaign_forces\",\"first\":\"lee\",\"second\":\"none\"}") != 0);
	CHECK(strstr(tk_err.message, "IT") != NULL);
	lincolns_war_module.free(g);
	return tap_done();
}
