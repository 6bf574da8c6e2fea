/* 12.4 worked example: "promoting a general in a hex that is already at its
 * full stacking limit is not allowed" (also 7.2: "You may not make any
 * promotions that would result in a hex being overstacked"). Six stars of
 * one-star generals without a three-star general fill a hex (12.4: six
 * stars without a three-star general): promoting one of them to two stars
 * is refused through act(), citing the rule; with one general fewer the
 * same promotion is accepted. */
#include "lw_testkit.h"

static const char *const ids[] = {"lyon", "sigel", "banks", "patterson", "rosecrans", "burnside"};

int main(void)
{
	struct game *g = tk_new("campaign", 41);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	if (!CHECK_EQ_INT(s->phase, LW_PH_ADMIN))
		return tap_done();
	s->side[LW_UNION].pc = 20;
	int hex = tk_empty_hex(g, "IL", 0);
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
		int u = tk_unit(g, ids[i]);
		CHECKF(s->side[LW_UNION].gic != u, "%s is not the GiC", ids[i]);
		tk_place(g, u, hex);
		s->unit[u].stars = 1;
		s->unit[u].flags = 0;
		s->unit[u].it = 0;
	}
	CHECK_EQ_INT(lw_stack_check_hex(s, hex, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	int pc = s->side[LW_UNION].pc, lyon = tk_unit(g, "lyon");
	CHECK(tk_act(g, "union", "{\"type\":\"promote\",\"general\":\"lyon\"}") != 0);
	CHECKF(strstr(tk_err.message, "12.4") != NULL, "refusal cites 12.4: %s", tk_err.message);
	CHECK_EQ_INT(s->unit[lyon].stars, 1);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc);
	CHECK(!tk_offers_action(g, "union", "{\"type\":\"promote\",\"general\":\"lyon\"}"));

	/* one general fewer: five stars, the promotion to six is legal */
	tk_place(g, tk_unit(g, "burnside"), tk_empty_hex(g, "IL", hex));
	CHECKF(tk_act(g, "union", "{\"type\":\"promote\",\"general\":\"lyon\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[lyon].stars, 2);
	/* full again: Sigel is not offered; Burnside, alone elsewhere, is */
	CHECK(!tk_offers_action(g, "union", "{\"type\":\"promote\",\"general\":\"sigel\"}"));
	CHECK(tk_offers_action(g, "union", "{\"type\":\"promote\",\"general\":\"burnside\"}"));
	lincolns_war_module.free(g);
	return tap_done();
}
