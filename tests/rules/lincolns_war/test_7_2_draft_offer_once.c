/* 7.1.2 promotes a one-star general to 2 stars for 2 PC; 7.2 "draft
 * promotions" promote a one-star general to 2 stars for free, one a draft
 * left (turns.json). Both are offered for the same generals (check_promote
 * asks the same of both but the PC and the draft left), so where both are
 * offered the Administration offers one entry, the action's type its
 * first param and the generals its second, listed once (issue 17: the two
 * lists, about 0.9 KB each, were repeated at every turn's start); where
 * only one is offered, its own entry as before. */
#include "lw_testkit.h"

/* The entries of the role's view whose action is of type t, and the
 * params named "general" whose choices hold the general gen. */
static int entries_of(struct game *g, const char *role, const char *t, const char *gen, int *lists)
{
	json_t *v = lincolns_war_module.view(g, role);
	int n = 0;
	*lists = 0;
	size_t i, j, c;
	json_t *e, *p, *x;
	json_array_foreach(json_object_get(v, "actions"), i, e)
	{
		n +=
		    strcmp(json_string_value(json_object_get(json_object_get(e, "action"), "type")),
		           t) == 0;
		json_array_foreach(json_object_get(e, "params"), j, p)
		{
			if (strcmp(json_string_value(json_object_get(p, "name")), "general") != 0)
				continue;
			json_array_foreach(json_object_get(p, "choices"), c, x) *lists +=
			    strcmp(json_string_value(json_object_get(x, "value")), gen) == 0;
		}
	}
	json_decref(v);
	return n;
}

int main(void)
{
	struct game *g = tk_new("campaign", 30);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	/* Summer 1862: two Union draft promotions (turns.json) */
	tk_begin_turn_pc(s, 2, 20, 5);
	lw_begin_admin(s);
	s->phasing = LW_UNION;
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	CHECK_EQ_INT(s->side[LW_UNION].draft_left, 2);
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].flags &= (uint8_t)~LW_UF_PROMOTED;
	int butler = tk_unit(g, "butler");
	if (s->unit[butler].where != LW_W_MAP)
		tk_place(g, butler, tk_empty_hex(g, "MD", 0));
	s->unit[butler].stars = 1;

	/* both offered: one entry, Butler listed once */
	int lists;
	CHECK_EQ_INT(entries_of(g, "union", "draft", "butler", &lists), 0);
	CHECK_EQ_INT(lists, 1);
	CHECK(tk_offers_action(g, "union", "{\"type\":\"draft\",\"general\":\"butler\"}"));
	CHECK(tk_offers_action(g, "union", "{\"type\":\"promote\",\"general\":\"butler\"}"));
	CHECK(tk_offers(g, "union", "Promote a general to 2 stars: 2 PC or draft (7.1.2, 7.2)"));
	/* the actions are the same: a draft is free, one draft fewer left */
	int pc = s->side[LW_UNION].pc;
	CHECKF(tk_act(g, "union", "{\"type\":\"draft\",\"general\":\"butler\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[butler].stars, 2);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc);
	CHECK_EQ_INT(s->side[LW_UNION].draft_left, 1);

	/* under 2 PC: the draft's own entry */
	s->unit[butler].stars = 1;
	s->unit[butler].flags &= (uint8_t)~LW_UF_PROMOTED;
	s->side[LW_UNION].pc = 1;
	CHECK_EQ_INT(entries_of(g, "union", "draft", "butler", &lists), 1);
	CHECK_EQ_INT(lists, 1);
	CHECK(tk_offers(g, "union", "Draft promotion to 2 stars (7.2, 1 left)"));
	CHECK(!tk_offers_action(g, "union", "{\"type\":\"promote\",\"general\":\"butler\"}"));

	/* no draft left: the purchase's own entry */
	s->side[LW_UNION].pc = 20;
	s->side[LW_UNION].draft_left = 0;
	CHECK_EQ_INT(entries_of(g, "union", "draft", "butler", &lists), 0);
	CHECK_EQ_INT(lists, 1);
	CHECK(tk_offers(g, "union", "Promote a general to 2 stars for 2 PC (7.1.2)"));
	CHECK(!tk_offers_action(g, "union", "{\"type\":\"draft\",\"general\":\"butler\"}"));
	lincolns_war_module.free(g);
	return tap_done();
}
