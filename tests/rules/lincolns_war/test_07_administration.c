/* 7.1.2 / 7.1.3 promotions cost 2 and 3 PC, one per general per turn;
 * 7.1.6 CSP cost one PC each, never above 10; 7.2 draft promotions are free
 * for one-star generals only; 7.1.5 CO swap costs 1 PC between equals. */
#include "lw_testkit.h"

/* The entries of the role's view whose action is of type t. */
static int entries_of(struct game *g, const char *role, const char *t)
{
	json_t *v = lincolns_war_module.view(g, role);
	int n = 0;
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(v, "actions"), i, e) n +=
	    strcmp(json_string_value(json_object_get(json_object_get(e, "action"), "type")), t) ==
	    0;
	json_decref(v);
	return n;
}

int main(void)
{
	struct game *g = tk_new("campaign", 30);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	int pc = s->side[LW_UNION].pc;
	/* issue 17: a purchase of many targets is one entry, the target its param */
	CHECK_EQ_INT(entries_of(g, "union", "buy_csp"), 1);
	CHECK_EQ_INT(entries_of(g, "union", "promote"), 1);
	CHECK(tk_offers_action(g, "union", "{\"type\":\"buy_csp\",\"amount\":4}"));
	CHECK(!tk_offers_action(g, "union", "{\"type\":\"buy_csp\",\"amount\":11}"));
	CHECK(tk_act(g, "union", "{\"type\":\"buy_csp\",\"amount\":11}") != 0);
	CHECK(strstr(tk_err.message, "7.1.6") != NULL);
	CHECKF(tk_act(g, "union", "{\"type\":\"buy_csp\",\"amount\":4}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 4);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc - 4);
	CHECK(tk_act(g, "union", "{\"type\":\"buy_csp\",\"amount\":7}") != 0);

	int grant = tk_unit(g, "grant");
	if (s->unit[grant].where != LW_W_MAP)
		tk_place(g, grant, tk_empty_hex(g, "IL", 0));
	s->unit[grant].stars = 1;
	pc = s->side[LW_UNION].pc;
	CHECK(tk_offers_action(g, "union", "{\"type\":\"promote\",\"general\":\"grant\"}"));
	CHECKF(tk_act(g, "union", "{\"type\":\"promote\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[grant].stars, 2);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc - 2);
	CHECK(!tk_offers_action(g, "union", "{\"type\":\"promote\",\"general\":\"grant\"}"));
	/* 7.1: one promotion per general per turn */
	CHECK(tk_act(g, "union", "{\"type\":\"promote\",\"general\":\"grant\"}") != 0);
	CHECK(strstr(tk_err.message, "7.1") != NULL);
	/* no draft promotions in Summer 1861 (7.2) */
	CHECK(tk_act(g, "union", "{\"type\":\"draft\",\"general\":\"butler\"}") != 0);
	CHECKF(tk_act(g, "union", "{\"type\":\"end_admin\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE);
	CHECK(tk_act(g, "union", "{\"type\":\"end_admin\"}") != 0);
	CHECK_EQ_STR(tk_err.code, TG_E_NOT_YOUR_TURN);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"end_admin\"}") == 0, "%s", tk_err.message);
	/* 3.4: the Rail Phase (9.0) comes before the draw; both end it at once */
	for (int k = 0; k < 2 && s->phase == LW_PH_RAIL; k++)
		CHECK(tk_act(g, lw_side_name(s->phasing), "{\"type\":\"end_rail\"}") == 0);
	/* 10.7.9: the Union first decides on the Committee card */
	CHECK_EQ_INT(s->phase, LW_PH_DRAW);
	CHECK(tk_offers(g, "union", "Committee"));
	CHECK(!tk_offers(g, "confederate", "Committee"));
	CHECKF(tk_act(g, "union", "{\"type\":\"committee\",\"take\":false}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->phase, LW_PH_OPS);
	/* 10.3: six cards each in Summer 1861 */
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, 6);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.hand_n, 6);

	/* 7.2: Summer 1862, two Union draft promotions for one-star generals */
	s->turn = 2;
	lw_begin_admin(s);
	s->phasing = LW_UNION;
	CHECK_EQ_INT(s->side[LW_UNION].draft_left, 2);
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].flags &= (uint8_t)~LW_UF_PROMOTED;
	CHECK(tk_act(g, "union", "{\"type\":\"draft\",\"general\":\"grant\"}") != 0); /* 2 stars */
	int butler = tk_unit(g, "butler");
	if (s->unit[butler].where != LW_W_MAP)
		tk_place(g, butler, tk_empty_hex(g, "MD", 0));
	s->unit[butler].stars = 1;
	pc = s->side[LW_UNION].pc;
	CHECKF(tk_act(g, "union", "{\"type\":\"draft\",\"general\":\"butler\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[butler].stars, 2);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc);
	CHECK_EQ_INT(s->side[LW_UNION].draft_left, 1);
	lincolns_war_module.free(g);
	return tap_done();
}
