/* 5.0 "In hexes where two or more generals of equal rank are stacked,
 * players may choose which general is to command the force (place the CO on
 * top)." Before choosing his GiC each player may put any of his infantry
 * generals that has the rank of his stack's CO on top, for free
 * ("setup_co"): Lyon and Sigel (one star each, 0703) for the Union,
 * Beauregard and Longstreet (1804) for the Confederate. Not a cavalry
 * general, not a junior one, not the other player's, not once the GiC is
 * chosen (later changes are 7.1.5's, for one PC). */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 55);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->phase, LW_PH_GIC);
	int lyon = tk_unit(g, "lyon"), sigel = tk_unit(g, "sigel");
	int hex = s->unit[lyon].hex;
	CHECK_EQ_INT(s->unit[sigel].hex, hex);
	CHECK_EQ_INT(s->unit[lyon].stars, s->unit[sigel].stars);
	int co = lw_force_co(s, hex), other = co == lyon ? sigel : lyon;
	const char *other_id = other == lyon ? "lyon" : "sigel";
	char act[96];
	snprintf(act, sizeof act, "{\"type\":\"setup_co\",\"general\":\"%s\"}", other_id);

	/* offered to the Union, not to the Confederate; free */
	CHECK(tk_offers(g, "union", "5.0, free"));
	CHECK(tk_act(g, "confederate", act) != 0);
	int pc = s->side[LW_UNION].pc;
	CHECKF(tk_act(g, "union", act) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, hex), other);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc);
	CHECK_EQ_INT(s->phase, LW_PH_GIC); /* still his GiC to choose */
	/* he changes his mind: the first one back on top */
	snprintf(act, sizeof act, "{\"type\":\"setup_co\",\"general\":\"%s\"}",
	         co == lyon ? "lyon" : "sigel");
	CHECKF(tk_act(g, "union", act) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, hex), co);
	/* the CO himself, a cavalry general: refused citing 5.0 */
	CHECK(tk_act(g, "union", act) != 0);
	CHECK(strstr(tk_err.message, "5.0") != NULL);
	CHECK(tk_act(g, "union", "{\"type\":\"setup_co\",\"general\":\"stoneman\"}") != 0);
	CHECK(strstr(tk_err.message, "5.0") != NULL);

	/* the Union's GiC, then the Confederate's choice of CO */
	CHECKF(tk_act(g, "union", "{\"type\":\"gic\",\"general\":\"mcclellan\"}") == 0, "%s",
	       tk_err.message);
	int beau = tk_unit(g, "beauregard"), long_ = tk_unit(g, "longstreet");
	CHECK_EQ_INT(s->unit[beau].hex, s->unit[long_].hex);
	int cs_hex = s->unit[beau].hex;
	int cs_other = lw_force_co(s, cs_hex) == beau ? long_ : beau;
	snprintf(act, sizeof act, "{\"type\":\"setup_co\",\"general\":\"%s\"}",
	         cs_other == beau ? "beauregard" : "longstreet");
	CHECK(tk_act(g, "union", act) != 0); /* not the Union's */
	CHECK(tk_offers(g, "confederate", "5.0, free"));
	CHECKF(tk_act(g, "confederate", act) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, cs_hex), cs_other);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"gic\",\"general\":\"je_johnston\"}") == 0,
	       "%s", tk_err.message);
	CHECK(s->phase != LW_PH_GIC);
	CHECK_EQ_INT(lw_force_co(s, cs_hex), cs_other); /* the choice holds */
	/* from now on it costs a PC (7.1.5) */
	CHECK(tk_act(g, "confederate", act) != 0);
	lincolns_war_module.free(g);
	return tap_done();
}
