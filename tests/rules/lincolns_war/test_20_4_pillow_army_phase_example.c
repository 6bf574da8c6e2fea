/* 20.4 worked example, its second half, through the Supply Phase: "Had he
 * been part of an Army *in supply* carrying the twelve IT then two stars
 * worth of demotions (owner's choice) would have to take place, leaving the
 * Army with the two left over IT which would then be removed automatically.
 * Had the Army in the above example been *out of supply* then the two stars
 * worth of demotions would still take place but the remaining two IT would
 * remain on the Army." (The lone Pillow of the first half:
 * test_20_4_pillow_twelve_it.)
 *
 * A Confederate army of two-star Price, two-star McCulloch and one-star
 * Pillow (in Tennessee, in supply; in Pennsylvania, out of supply) carries
 * twelve IT at the start of the Supply Phase. The owner is
 * asked twice (he demotes Price, then McCulloch): two stars off. In supply
 * the two IT left are removed; out of supply they stay (and 20.5 adds one
 * for being out of supply and one per general without forage). */
#include "lw_supply_fixture.h"

/* Plays the phase's IT stage for the army at hex; returns the stars lost. */
static int twelve_it(bool in_supply, int *it_left)
{
	struct game *g = sx_game();
	struct lw_state *s = &g->s;
	int hex = sx_supply_hex(g, in_supply ? "TN" : "PA", LW_CONFEDERATE, tk_unit(g, "price"),
	                        in_supply, false);
	if (!CHECKF(hex != LW_NO_HEX, "a hex %s supply", in_supply ? "in" : "out of")) {
		lincolns_war_module.free(g);
		return -1;
	}
	int ids[3] = {tk_put(g, "price", hex, 2, 12), tk_put(g, "mcculloch", hex, 2, 0),
	              tk_put(g, "pillow", hex, 1, 0)};
	CHECK_EQ_INT(lw_force_it(s, hex), 12);
	sx_no_forage(s, LW_CONFEDERATE);
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	static const char *const demote[2] = {"price", "mcculloch"};
	int asked = 0;
	char buf[160];
	for (int k = 0; k < 6; k++) {
		if (s->command.supply_stage == LW_SS_IT &&
		    tk_offers(g, "confederate", "loses a star") && asked < 2) {
			snprintf(buf, sizeof buf,
			         "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"%s\"}", hex,
			         demote[asked]);
			CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
			asked++;
		} else if (tk_offers(g, "confederate", "takes command")) {
			snprintf(buf, sizeof buf,
			         "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"price\"}", hex);
			CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
		} else {
			break;
		}
	}
	CHECK_EQ_INT(asked, 2); /* two stars worth of demotions, owner's choice */
	CHECK(
	    !(s->command.supply_stage == LW_SS_IT && tk_offers(g, "confederate", "loses a star")));
	int stars = 0;
	for (int i = 0; i < 3; i++)
		if (s->unit[ids[i]].where == LW_W_MAP)
			stars += s->unit[ids[i]].stars;
	*it_left = lw_force_it(s, hex);
	lincolns_war_module.free(g);
	return 5 - stars;
}

int main(void)
{
	int it = -1;
	CHECK_EQ_INT(twelve_it(true, &it), 2);
	CHECK_EQ_INT(it, 0); /* in supply: the two left over removed */
	it = -1;
	CHECK_EQ_INT(twelve_it(false, &it), 2);
	/* out of supply: the two remain; 20.5 adds one for being out of supply
	 * and one for each of the three generals without forage */
	CHECK_EQ_INT(it, 2 + 1 + 3);
	return tap_done();
}
