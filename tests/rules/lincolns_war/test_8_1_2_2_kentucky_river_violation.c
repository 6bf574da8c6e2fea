/* 8.1.2.2 "An ironclad moving along any of Kentucky's border rivers can be
 * said to be traveling along the opposite bank and do not violate Kentucky
 * neutrality, however the player may also choose to have it violate
 * neutrality if desired." With 2.4.3's consequences: the opponent gains
 * five PC at once, and at the end of the card resolution (here the Naval
 * Phase) the Kentucky cities left unoccupied become his, with their supply
 * value in PC.
 *
 * Through act(): Fort Donelson to Nashville runs along the Cumberland on
 * Kentucky's border. The plain move is offered and violates nothing; the
 * same move made a violation is offered as its own action and has the
 * consequences; a move far from Kentucky (Memphis to Vicksburg) has no such
 * choice and refuses it; once Kentucky is violated the choice is gone. */
#include "lw_naval_fixture.h"

static char buf[160];

static const char *move(int slot, const char *to, bool violate)
{
	snprintf(buf, sizeof buf, "{\"type\":\"asset_move\",\"asset\":%d,\"hex\":%d%s}", slot,
	         nv_hex(to), violate ? ",\"violate_kentucky\":true" : "");
	return buf;
}

static int ky_supply_total(void)
{
	const struct lw_data *d = lw_D();
	int v = 0;
	for (size_t c = 0; c < d->n_cities; c++)
		if (lw_is_kentucky(d->cities[c].hex) && d->cities[c].supply > 0)
			v += d->cities[c].supply;
	return v;
}

static struct game *setup(int seed, int ic)
{
	struct game *g = nv_game(seed);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->kentucky.violator, LW_NOSIDE);
	nv_naval_phase(s, LW_CONFEDERATE);
	nv_asset(s, ic, nv_hex("fort_donelson"));
	nv_asset(s, ic + 1, nv_hex("memphis"));
	return g;
}

int main(void)
{
	lincolns_war_module.free(tk_new("campaign", 900)); /* loads the data */
	int ic = nv_slot(LW_AK_IRONCLAD);
	const int pc5 = 5; /* 2.4.3: "immediately granted five PC" */

	/* the offers: the plain move and the chosen violation for the border
	 * river; only the plain move on the Mississippi far from Kentucky */
	struct game *g = setup(901, ic);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(lw_D()->tables.kentucky_violation_pc, pc5);
	/* the destination is the entry's param "hex" (issue 17) */
	CHECK(tk_offers_action(g, "confederate", move(ic, "nashville", false)));
	CHECK(tk_offers_action(g, "confederate", move(ic, "nashville", true)));
	CHECK(tk_offers(g, "confederate", "violate its neutrality"));
	CHECK(!tk_offers_action(g, "confederate", move(ic + 1, "vicksburg", true)));
	CHECK(tk_offers_action(g, "confederate", move(ic + 1, "vicksburg", false)));
	/* refused away from Kentucky's border */
	CHECK(tk_act(g, "confederate", move(ic + 1, "vicksburg", true)) != 0);
	CHECK(strstr(tk_err.message, "8.1.2.2") != NULL);

	/* the plain move: the opposite bank, nothing happens */
	int us = s->side[LW_UNION].pc, cs = s->side[LW_CONFEDERATE].pc;
	CHECKF(tk_act(g, "confederate", move(ic, "nashville", false)) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[ic].hex, nv_hex("nashville"));
	CHECK_EQ_INT(s->kentucky.violator, LW_NOSIDE);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs);
	tk_advance_to(g, LW_PH_RAIL);
	CHECK_EQ_INT(s->phase, LW_PH_RAIL);
	for (int c = 0; c < s->n_cities; c++)
		if (lw_is_kentucky(lw_D()->cities[c].hex))
			CHECK_EQ_INT(s->city[c].owner, LW_NOSIDE);
	lincolns_war_module.free(g);

	/* the chosen violation: +5 PC to the Union at once; at the end of the
	 * phase the unoccupied Kentucky cities go to the Union with their
	 * supply value in PC */
	g = setup(902, ic);
	s = &g->s;
	us = s->side[LW_UNION].pc;
	CHECKF(tk_act(g, "confederate", move(ic, "nashville", true)) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[ic].hex, nv_hex("nashville"));
	CHECK_EQ_INT(s->kentucky.violator, LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us + pc5);
	/* no second choice once Kentucky is violated */
	CHECK(!tk_offers(g, "confederate", "violate its neutrality"));
	tk_advance_to(g, LW_PH_RAIL);
	CHECK_EQ_INT(s->phase, LW_PH_RAIL);
	int n_ky = 0;
	for (int c = 0; c < s->n_cities; c++)
		if (lw_is_kentucky(lw_D()->cities[c].hex)) {
			CHECK_EQ_INT(s->city[c].owner, LW_UNION);
			n_ky++;
		}
	CHECK(n_ky > 0);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us + pc5 + ky_supply_total());
	lincolns_war_module.free(g);
	return tap_done();
}
