/* 5.0 set-up: 20 PC / 15 PC, CSP 0 / 3, the Union then the Confederate
 * choose their first GiC among the scenario's candidates; the chosen
 * general becomes three stars with the GiC token (11.1.1). */
#include "lw_testkit.h"

int main(void)
{
	const char *scn[] = {"campaign", "introductory", "tournament"};
	for (int i = 0; i < 3; i++) {
		struct game *g = tk_new(scn[i], 10 + i);
		struct lw_state *s = &g->s;
		CHECK_EQ_INT(s->side[LW_UNION].pc, 20);
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 15);
		CHECK_EQ_INT(s->side[LW_UNION].csp, 0);
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].csp, 3);
		CHECK_EQ_INT(s->phase, LW_PH_GIC);
		CHECK_EQ_INT(s->initiative, LW_UNION); /* 6.0: the Union in 1861 */
		/* the Confederate may not choose first */
		CHECK(tk_act(g, "confederate", "{\"type\":\"gic\",\"general\":\"as_johnston\"}") !=
		      0);
		CHECK_EQ_STR(tk_err.code, TG_E_NOT_YOUR_TURN);
		/* nor may the Union choose a general off the list */
		CHECK(tk_act(g, "union", "{\"type\":\"gic\",\"general\":\"grant\"}") != 0);
		CHECK(strstr(tk_err.message, "5.0") != NULL);
		CHECKF(tk_act(g, "union", "{\"type\":\"gic\",\"general\":\"mcclellan\"}") == 0,
		       "%s", tk_err.message);
		int mc = tk_unit(g, "mcclellan");
		CHECK_EQ_INT(s->unit[mc].stars, 3);
		CHECK_EQ_INT(s->side[LW_UNION].gic, mc);
		CHECKF(tk_act(g, "confederate", "{\"type\":\"gic\",\"general\":\"je_johnston\"}") ==
		           0,
		       "%s", tk_err.message);
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].gic, tk_unit(g, "je_johnston"));
		/* 5.0 counter errata: McDowell in Washington, Fremont in Kansas City */
		CHECK_EQ_INT(s->unit[tk_unit(g, "mcdowell")].hex, 1903);
		CHECK_EQ_INT(s->unit[tk_unit(g, "fremont")].hex, 103);
		/* no 10-PC lead: straight to administration, Union first */
		CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
		CHECK_EQ_INT(s->phasing, LW_UNION);
		/* the 0 card, CSP cards, campaign cards are not in the deck */
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
			for (int k = 0; k < s->side[side].cards.draw_n; k++) {
				const struct lw_card *c =
				    lw_card(side, s->side[side].cards.draw[k]);
				CHECK(c->kind == LW_KIND_ACTIVATION ||
				      c->kind == LW_KIND_SEDITIOUS);
				CHECK(!c->optional);
			}
		lincolns_war_module.free(g);
	}
	return tap_done();
}
