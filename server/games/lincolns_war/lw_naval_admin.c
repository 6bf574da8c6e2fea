/* lw_naval_admin.c — the naval purchases of the Administration phase:
 * 7.1.7 (CS: one Raider and one randomly drawn Asset a turn, one PC each,
 * as the turn track allows) and 7.1.8 (Union: Fleets at two PC, as many as
 * the turn track allows, placed in Washington, Baltimore, Philadelphia or
 * New York).
 *
 * The drawn Asset is seen by the Confederate only ("asset_drawn" in his
 * view); until he places it, placing it is his only administration action.
 * So that any asset drawn can be placed, an Asset may be bought only while
 * a friendly ocean port has room (the Hunley goes only to an ocean port,
 * 8.1.2.3; docs/naval.md "Asset purchase"). */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_naval.h"

static const char *const union_ports[] = {"washington", "baltimore", "philadelphia", "new_york"};

static int max_assets(void)
{
	return lw_D()->tables.naval.max_assets_per_port;
}

/* Port hexes where a CS naval piece may be placed. */
static bool asset_port_ok(const struct lw_state *s, int hex, enum lw_asset_kind k)
{
	int c = lw_city_at(hex);
	return c >= 0 && lw_naval_cs_port(s, c, k == LW_AK_HUNLEY) &&
	       lw_naval_assets_at(s, hex) < max_assets();
}

static bool any_ocean_room(const struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities; c++)
		if (asset_port_ok(s, d->cities[c].hex, LW_AK_HUNLEY))
			return true;
	return false;
}

static int drawn_asset(const struct lw_state *s)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (s->navy.asset[i].where == LW_NW_DRAWN)
			return i;
	return -1;
}

bool lw_naval_admin_pending(const struct lw_state *s)
{
	return drawn_asset(s) >= 0;
}

static int free_raider(const struct lw_state *s)
{
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		if (s->navy.raider[i].where == LW_NW_POOL)
			return i;
	return -1;
}

static int free_fleet(const struct lw_state *s)
{
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		if (s->navy.fleet[i].where == LW_NW_POOL)
			return i;
	return -1;
}

static bool column_free(const struct lw_state *s, int col)
{
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		if (s->navy.raider[i].where == LW_NW_RAID && s->navy.raider[i].col == col)
			return false;
	return true;
}

static int check_raider(const struct lw_state *s, struct tg_error *err)
{
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	if (s->navy.raiders_bought >= t->raiders)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.7: one Raider a turn (%s allows %d)",
		               t->name, t->raiders);
	if (free_raider(s) < 0)
		return tg_fail(err, TG_E_ILLEGAL, "8.1.2: all six Raiders are in play or sunk");
	if (s->side[LW_CONFEDERATE].pc < lw_D()->tables.costs.raider)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.7: a Raider costs %d PC",
		               lw_D()->tables.costs.raider);
	return 0;
}

static int check_asset(const struct lw_state *s, struct tg_error *err)
{
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	bool pool = false;
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		pool |= s->navy.asset[i].where == LW_NW_POOL;
	if (s->navy.assets_bought >= t->assets)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.7: one Asset a turn (%s allows %d)", t->name,
		               t->assets);
	if (!pool)
		return tg_fail(err, TG_E_ILLEGAL, "8.1.2: no Asset token is left to draw");
	if (s->side[LW_CONFEDERATE].pc < lw_D()->tables.costs.asset)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.7: an Asset costs %d PC",
		               lw_D()->tables.costs.asset);
	if (!any_ocean_room(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "7.1.7: no friendly ocean port has room for an Asset (8.1.2)");
	return 0;
}

static int check_fleet(const struct lw_state *s, int hex, struct tg_error *err)
{
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	if (s->navy.fleets_bought >= t->fleets)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.8: %s allows %d Fleets", t->name, t->fleets);
	if (free_fleet(s) < 0)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.8: no Fleet counter is left");
	if (s->side[LW_UNION].pc < lw_D()->tables.costs.fleet)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.8: a Fleet costs %d PC",
		               lw_D()->tables.costs.fleet);
	bool ok = false;
	for (size_t i = 0; i < sizeof union_ports / sizeof *union_ports; i++) {
		const struct lw_city *c = lw_data_city(lw_D(), union_ports[i]);
		ok |= c && c->hex == hex && lw_city_controller(s, lw_city_at(hex)) == LW_UNION;
	}
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "7.1.8: place Fleets in Washington, Baltimore, Philadelphia or New "
		               "York");
	return 0;
}

void lw_naval_admin_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_data *d = lw_D();
	char h[64];
	if (side == LW_CONFEDERATE) {
		int a = drawn_asset(s);
		if (a >= 0) {
			enum lw_asset_kind k = lw_naval_asset_kind(a);
			for (size_t c = 0; c < d->n_cities; c++)
				if (asset_port_ok(s, d->cities[c].hex, k))
					tg_offer(list,
					         tg_act(list, "{s:s,s:i}", "type", "place_asset",
					                "hex", d->cities[c].hex),
					         "Place the %s you drew face down in %s (7.1.7)",
					         k == LW_AK_IRONCLAD ? "ironclad"
					         : k == LW_AK_HUNLEY ? "Hunley"
					                             : "False Information counter",
					         lw_hex_label(d->cities[c].hex, h, sizeof h));
			return;
		}
		if (check_raider(s, NULL) == 0) {
			/* one entry a kind of place, the place its param (issue 17: an
			 * entry a place repeated the purchase's words) */
			struct tg_offer_list l;
			tg_offer_list_open(list, &l);
			/* each RAID hex by its number, each port by its city's name (the
			 * param's label says which: issue 17, the words a turn's start
			 * sends) */
			for (int col = 0; col < LW_NAVY_COLUMNS; col++)
				if (column_free(s, col)) {
					snprintf(h, sizeof h, "%d", col + 1);
					tg_offer_list_choice_int(&l, col, h);
				}
			tg_offer_list_some(
			    list, tg_act(list, "{s:s,s:s}", "type", "buy_raider", "to", "raid"),
			    "column", "RAID hex", &l,
			    "Buy a Raider for %d PC into a RAID hex (7.1.7)",
			    d->tables.costs.raider);
			tg_offer_list_open(list, &l);
			for (size_t c = 0; c < d->n_cities; c++)
				if (lw_naval_cs_port(s, (int)c, true))
					tg_offer_list_choice_int(&l, d->cities[c].hex,
					                         d->cities[c].name);
			tg_offer_list_some(
			    list, tg_act(list, "{s:s,s:s}", "type", "buy_raider", "to", "port"),
			    "hex", "Port", &l, "Buy a Raider for %d PC into a port (7.1.7)",
			    d->tables.costs.raider);
		}
		if (check_asset(s, NULL) == 0)
			tg_offer(list, tg_act(list, "{s:s}", "type", "buy_asset"),
			         "Buy a CSN Asset for %d PC, drawn at random (7.1.7)",
			         d->tables.costs.asset);
		return;
	}
	/* one entry, the port its param (issue 17: an entry a port repeated the
	 * purchase's words; the action is as before, {type, hex}) */
	struct tg_offer_list l;
	tg_offer_list_open(list, &l);
	for (size_t i = 0; i < sizeof union_ports / sizeof *union_ports; i++) {
		const struct lw_city *c = lw_data_city(d, union_ports[i]);
		if (c && check_fleet(s, c->hex, NULL) == 0)
			tg_offer_list_choice_int(&l, c->hex, c->name);
	}
	tg_offer_list_some(list, tg_act(list, "{s:s}", "type", "buy_fleet"), "hex", "Port", &l,
	                   "Buy a Fleet for %d PC (7.1.8)", d->tables.costs.fleet);
}

/* ---- the purchases, one handler a type (the tables are lw_admin.c's) ------------ */

int lw_naval_place_asset_act(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err)
{
	(void)out;
	char h[64];
	int i = drawn_asset(s), hex;
	if (side != LW_CONFEDERATE || i < 0)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.7: no drawn Asset waits for a port");
	if (!lw_a_int(a, "hex", &hex))
		return tg_fail(err, TG_E_MALFORMED, "place_asset needs an integer \"hex\"");
	if (!asset_port_ok(s, hex, lw_naval_asset_kind(i)))
		return tg_fail(err, TG_E_ILLEGAL,
		               lw_naval_asset_kind(i) == LW_AK_HUNLEY
		                   ? "8.1.2.3: the Hunley goes to a friendly ocean port with room "
		                     "(two Assets a port)"
		                   : "8.1.2: a friendly port with room (two Assets a port)");
	s->navy.asset[i].where = LW_NW_PORT;
	s->navy.asset[i].hex = (int16_t)hex;
	lw_log(s, "The Confederate player places a CSN Asset face down in %s (7.1.7).",
	       lw_hex_label(hex, h, sizeof h));
	return 0;
}

int lw_naval_buy_asset_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)a;
	const struct lw_data *d = lw_D();
	struct lw_player *p = &s->side[side];
	if (side != LW_CONFEDERATE)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.7: only the Confederates buy Assets");
	if (check_asset(s, err) != 0)
		return -1;
	int pool[LW_NAVY_ASSETS], n = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (s->navy.asset[i].where == LW_NW_POOL)
			pool[n++] = i;
	int i = pool[tg_rng_below(&s->rng, (uint32_t)n)]; /* 8.1.2: drawn at random */
	if (out)
		out->barrier = true;
	p->pc = (int16_t)(p->pc - d->tables.costs.asset);
	s->navy.assets_bought++;
	memset(&s->navy.asset[i], 0, sizeof s->navy.asset[i]);
	s->navy.asset[i].where = LW_NW_DRAWN;
	lw_log(s, "The Confederate player buys a CSN Asset and draws it (7.1.7).");
	return 0;
}

int lw_naval_buy_raider_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)out;
	const struct lw_data *d = lw_D();
	struct lw_player *p = &s->side[side];
	char h[64];
	if (side != LW_CONFEDERATE)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.7: only the Confederates buy Raiders");
	if (check_raider(s, err) != 0)
		return -1;
	const char *to = lw_a_str(a, "to");
	int r = free_raider(s), v;
	struct lw_navy_piece *x = &s->navy.raider[r];
	if (to && strcmp(to, "raid") == 0 && lw_a_int(a, "column", &v)) {
		if (v < 0 || v >= LW_NAVY_COLUMNS || !column_free(s, v))
			return tg_fail(err, TG_E_ILLEGAL,
			               "8.3.1: one Raider a RAID hex; choose an empty one");
		x->where = LW_NW_RAID;
		x->col = (int8_t)v;
		x->hex = 0;
		lw_log(s, "The Confederate player buys a Raider for RAID hex %d (7.1.7).", v + 1);
	} else if (to && strcmp(to, "port") == 0 && lw_a_int(a, "hex", &v)) {
		if (!lw_naval_cs_port(s, lw_city_at(v), true))
			return tg_fail(err, TG_E_ILLEGAL,
			               "7.1.7: a Raider goes to a friendly ocean port");
		x->where = LW_NW_PORT;
		x->hex = (int16_t)v;
		x->col = 0;
		lw_log(s, "The Confederate player buys a Raider in %s (7.1.7).",
		       lw_hex_label(v, h, sizeof h));
	} else {
		return tg_fail(err, TG_E_MALFORMED,
		               "buy_raider needs \"to\": \"raid\" with \"column\", or \"port\" "
		               "with \"hex\"");
	}
	x->moved = 0;
	p->pc = (int16_t)(p->pc - d->tables.costs.raider);
	s->navy.raiders_bought++;
	return 0;
}

int lw_naval_buy_fleet_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)out;
	const struct lw_data *d = lw_D();
	struct lw_player *p = &s->side[side];
	char h[64];
	int hex;
	if (side != LW_UNION)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.8: only the Union buys Fleets");
	if (!lw_a_int(a, "hex", &hex))
		return tg_fail(err, TG_E_MALFORMED, "buy_fleet needs an integer \"hex\"");
	if (check_fleet(s, hex, err) != 0)
		return -1;
	struct lw_navy_piece *x = &s->navy.fleet[free_fleet(s)];
	memset(x, 0, sizeof *x);
	x->where = LW_NW_PORT;
	x->hex = (int16_t)hex;
	p->pc = (int16_t)(p->pc - d->tables.costs.fleet);
	s->navy.fleets_bought++;
	lw_log(s, "The Union buys a Fleet in %s (7.1.8).", lw_hex_label(hex, h, sizeof h));
	return 0;
}

void lw_naval_new_turn(struct lw_state *s)
{
	s->navy.raiders_bought = s->navy.assets_bought = s->navy.fleets_bought = 0;
}
