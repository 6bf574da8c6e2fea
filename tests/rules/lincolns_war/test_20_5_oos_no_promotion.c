/* 20.5: "Promotion: Out-of-supply generals may not be promoted except by
 * absorbing TCO stars." The promotions outside the Administration Phase
 * obey it too: the Union's Committee card (10.7.9) and the Confederate's
 * free promotion of the Emancipation Proclamation (19.1 step 3) are
 * refused, citing the rule, for a general with an Out-of-Supply marker and
 * allowed once he is back in supply. */
#include "lw_testkit.h"

static void committee(void)
{
	struct game *g = tk_new("campaign", 5);
	tk_choose_gics(g);
	tk_goto_ops(g, 2, LW_UNION);
	struct lw_state *s = &g->s;
	int hex = tk_empty_hex(g, "TN", 0);
	int grant = tk_unit(g, "grant");
	tk_place(g, grant, hex);
	s->unit[grant].stars = 1;
	s->unit[grant].flags = LW_UF_WON_BATTLE | LW_UF_OOS;
	s->side[LW_UNION].committee_hand = 1;
	tk_give_any(s, LW_UNION);
	tk_give_any(s, LW_CONFEDERATE);
	CHECK(!tk_offers(g, "union", "Committee card: promote"));
	CHECK(tk_act(g, "union", "{\"type\":\"committee_event\",\"general\":\"grant\"}") != 0);
	CHECKF(strstr(tk_err.message, "20.5") != NULL, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].stars, 1);
	s->unit[grant].flags &= (uint8_t)~LW_UF_OOS;
	CHECK(tk_offers(g, "union", "Committee card: promote"));
	CHECKF(tk_act(g, "union", "{\"type\":\"committee_event\",\"general\":\"grant\"}") == 0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].stars, 2);
	lincolns_war_module.free(g);
}

static void emancipation(void)
{
	struct game *g = tk_new("campaign", 6);
	tk_choose_gics(g);
	tk_goto_ops(g, 2, LW_UNION);
	struct lw_state *s = &g->s;
	/* every Confederate general out of supply but Jackson's force */
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP)
			s->unit[u].flags |= LW_UF_OOS;
	int jackson = tk_unit(g, "jackson");
	tk_place(g, jackson, tk_empty_hex(g, "TN", 0));
	s->unit[jackson].stars = 1;
	s->unit[jackson].flags = LW_UF_OOS;
	int polk = tk_unit(g, "polk");
	tk_place(g, polk, tk_empty_hex(g, "AL", 0));
	s->unit[polk].stars = 1;
	s->unit[polk].flags = 0;
	lw_political_declare_ep(s);
	CHECK_EQ_INT(s->pol.ep_promotion, 1);
	CHECK(tk_act(g, "confederate", "{\"type\":\"ep_promotion\",\"general\":\"jackson\"}") != 0);
	CHECKF(strstr(tk_err.message, "20.5") != NULL, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[jackson].stars, 1);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"ep_promotion\",\"general\":\"polk\"}") == 0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[polk].stars, 2);
	CHECK_EQ_INT(s->pol.ep_promotion, 0);

	/* nobody in supply: no promotion to give, no prompt */
	struct game *h = tk_new("campaign", 7);
	tk_choose_gics(h);
	tk_goto_ops(h, 2, LW_UNION);
	for (int u = 0; u < h->s.n_units; u++)
		if (h->s.unit[u].side == LW_CONFEDERATE && h->s.unit[u].where == LW_W_MAP)
			h->s.unit[u].flags |= LW_UF_OOS;
	lw_political_declare_ep(&h->s);
	CHECK_EQ_INT(h->s.pol.ep, 1);
	CHECK_EQ_INT(h->s.pol.ep_promotion, 0);
	lincolns_war_module.free(h);
	lincolns_war_module.free(g);
}

int main(void)
{
	committee();
	emancipation();
	return tap_done();
}
