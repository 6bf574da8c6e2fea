/* 11.0.3 in the middle of the Supply Phase: a 20.4 demotion ("for every five
 * IT ... one general belonging to that Force is demoted") drops the CO below
 * two subordinates of equal rank; his owner chooses the new CO then
 * (11.0.3). The phase's later steps read who commands: a force out of
 * supply forages and "place[s] one IT" plus one per general without forage
 * (20.5) on the force, i.e. on its CO. So the phase holds for the choice
 * (the supply checks wait), and the forage IT go on the CO chosen, not on
 * the default (the most recent), who took them when the question came after
 * the phase had run on. */
#include "lincolns_war/lw_supply.h"
#include "lw_testkit.h"

/* An empty clear hex of `state` where side's general u does not trace
 * supply (nor an enemy next to it). */
static int oos_hex(struct game *g, const char *state, int side, int u)
{
	const struct lw_data *d = lw_D();
	struct lw_state *s = &g->s;
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, state) != 0 || h->terrain != LW_TERRAIN_CLEAR ||
		    h->city >= 0 || lw_hex_owner_force(s, h->id) != LW_NOSIDE)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb), enemy = 0;
		for (int k = 0; k < n; k++)
			enemy += lw_hex_owner_force(s, nb[k]) == LW_OTHER(side);
		if (enemy)
			continue;
		tk_place(g, u, h->id);
		bool ok = lw_supply_traced(s, h->id, side, NULL);
		s->unit[u].where = LW_W_PENDING;
		if (!ok)
			return h->id;
	}
	return LW_NO_HEX;
}

/* Every draw of side gives a card without a haystack. */
static void no_forage(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	int k = 0;
	for (int i = 0; i < c->draw_n; i++) {
		const struct lw_card *x = lw_card(side, c->draw[i]);
		if (x && !(x->symbols & LW_SYM_FORAGE))
			c->draw[k++] = c->draw[i];
	}
	c->draw_n = (uint8_t)k;
}

static void run(bool pick_default)
{
	struct game *g = tk_new("campaign", 11);
	tk_choose_gics(g);
	tk_goto_ops(g, 1, LW_UNION);
	struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].it = 0; /* nobody else carries IT */
	int halleck = tk_unit(g, "halleck");
	int hex = oos_hex(g, "GA", LW_UNION, halleck);
	if (!CHECK(hex != LW_NO_HEX)) {
		lincolns_war_module.free(g);
		return;
	}
	int sedgwick = tk_put(g, "sedgwick", hex, 2, 0);
	int hancock = tk_put(g, "hancock", hex, 2, 0);
	tk_put(g, "halleck", hex, 2, 5); /* the last: he commands */
	CHECK_EQ_INT(lw_force_co(s, hex), halleck);
	no_forage(s, LW_UNION);
	lw_end_operations(s, NULL);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"halleck\"}",
	         hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[halleck].stars, 1);
	CHECK_EQ_INT(lw_force_co(s, hex), hancock); /* the default: the most recent */

	/* the phase holds: no supply check yet (no OOS, no forage IT) */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECK(!(s->unit[hancock].flags & LW_UF_OOS));
	CHECK_EQ_INT(lw_force_it(s, hex), 0);
	CHECK_EQ_INT(tk_awaiting(g), 1); /* the Union only */
	CHECK(tk_offers(g, "union", "Sedgwick"));
	CHECK(tk_offers(g, "union", "takes command"));
	int pick = pick_default ? hancock : sedgwick, other = pick == hancock ? sedgwick : hancock;
	char id[48];
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", hex,
	         lw_unit_id(s, pick, id, sizeof id));
	CHECK(tk_act(g, "confederate", buf) != 0); /* the owner's choice */
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, hex), pick);

	/* the phase went on under him: out of supply, 1 IT + 3 generals
	 * without forage, all on the CO chosen (20.5) */
	CHECK(s->unit[pick].flags & LW_UF_OOS);
	CHECK_EQ_INT(s->unit[pick].it, 4);
	CHECK_EQ_INT(s->unit[other].it, 0);
	CHECK_EQ_INT(s->unit[halleck].it, 0);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	lincolns_war_module.free(g);
}

int main(void)
{
	run(false); /* the one the old order could not give the IT to */
	run(true);
	return tap_done();
}
