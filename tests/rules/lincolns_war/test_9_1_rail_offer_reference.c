/* 9.1: "Rail movement ... from one rail hex to another along unbroken
 * rail ... as long as stacking limits are not exceeded." The Rail Phase's
 * offer checks each general once, gathers what the rail net's walk reads of
 * the state once (lw_rail_net_build), walks it once per start hex, sums the
 * side's stacks per hex once and builds each destination's choice once
 * (issue 17); this test holds it to the plain reading, built here the slow
 * way: for every general of the phasing side, with his force and alone, in
 * unit order, every rail hex in the data's order that lw_rail_check_but_path
 * accepts and that a plain walk of the rail net from his hex reaches (the
 * walk below asks lw_rail_interrupted and lw_rail_must_stop of every hex it
 * meets, as 9.1 reads). The (general, mode, destination) triples the
 * offer's rail entries reach through their params ("unit", and "to" by
 * "unit": each general's choices of "to" those his "only"/"except" list
 * opens, PROTOCOL.md and kit/param_by.h) must be exactly these, each once,
 * with the destinations' labels (a city's name, its number being the
 * value; none for a hex without a name, whose label would only repeat its
 * number: issue 17, the Rail Phase's patches), at every Rail Phase state of bot-played
 * Campaign games; and lw_rail_reach (which act() asks) must agree with the
 * plain walk from every general's hex, and the list of the hexes a walk
 * reached (which the offer reads) hold exactly its hexes. Issue 17: the
 * offer is not one entry per general and mode (each repeating the
 * destinations most of them share, the largest patches of the Campaign):
 * one rail entry per mode, each destination listed once in it, and each
 * general's list the shorter of "only" and "except" (offer_check.h's
 * shape too). */
#include <stdlib.h>
#include <string.h>

#include "kit/param_by.h"
#include "lw_rail_fixture.h"
#include "lw_testkit.h"
#include "offer_check.h"

static int states, compared, walks_differ, lists, twice, same_list, longer, shared_starts;

/* 2.4.3 (as 20.0 reads it for rail supply): no rail into Kentucky until
 * the side controls a Kentucky city. */
static bool kentucky_open(const struct lw_state *s, int side, int hex)
{
	if (!lw_is_kentucky(hex))
		return true;
	const struct lw_data *d = lw_D();
	for (int c = 0; c < s->n_cities && c < (int)d->n_cities; c++)
		if (lw_is_kentucky(d->cities[c].hex) && lw_city_controller(s, c) == side)
			return true;
	return false;
}

/* 9.1 the plain way: from `from`, along rail hexsides into hexes neither
 * interrupted nor closed to the side (2.3: Chicago and New York to the
 * Confederates; 2.4.3), going on only from a hex not next to an obstacle
 * (the start excepted); the Union's transit hexes linked (2.3). */
static void plain_reach(const struct lw_state *s, int side, int from, uint8_t *reach)
{
	const struct lw_data *d = lw_D();
	memset(reach, 0, LW_RAIL_HEX_IDS);
	const struct lw_hex *h0 = lw_data_hex(d, from);
	if (!h0 || !h0->rail || lw_rail_interrupted(s, side, from))
		return;
	static int16_t q[LW_RAIL_HEX_IDS];
	int qh = 0, qt = 0;
	reach[from] = 1;
	q[qt++] = (int16_t)from;
	while (qh < qt) {
		int a = q[qh++];
		if (a != from && lw_rail_must_stop(s, side, a))
			continue;
		const struct lw_city *ca = lw_data_city_at(d, a);
		for (size_t c = 0; side == LW_UNION && ca && ca->transit && c < d->n_cities; c++) {
			int b = d->cities[c].hex;
			const struct lw_hex *h = lw_data_hex(d, b);
			if (d->cities[c].transit && h && h->rail && !reach[b] &&
			    !lw_rail_interrupted(s, side, b)) {
				reach[b] = 1;
				q[qt++] = (int16_t)b;
			}
		}
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, a, nb);
		for (int i = 0; i < n; i++) {
			int b = nb[i];
			const struct lw_city *c = lw_data_city_at(d, b);
			unsigned f = lw_data_hexside_flags(d, a, b);
			if (b <= 0 || b >= LW_RAIL_HEX_IDS || !lw_data_hex(d, b) || reach[b] ||
			    !(f & LW_HS_RAIL) || (f & LW_HS_IMPASSABLE) ||
			    lw_rail_interrupted(s, side, b) || !kentucky_open(s, side, b) ||
			    (c && c->no_confederate_entry && side == LW_CONFEDERATE))
				continue;
			reach[b] = 1;
			q[qt++] = (int16_t)b;
		}
	}
}

/* The offer reads a walk's list of the hexes it reached, not every hex of
 * the map (lw_rail_net_reach_list), and shares one walk's list between the
 * start hexes of one stretch of open rail (lw_rail_walks): each list holds
 * each hex of the plain walk once and nothing else. `walks` is begun once
 * per state, the starts asked in unit order as the offer asks them. */
static bool list_is(const uint8_t *reach, const int16_t *list, int n)
{
	static uint8_t in_list[LW_RAIL_HEX_IDS];
	int want = 0;
	bool ok = true;
	memset(in_list, 0, sizeof in_list);
	for (int i = 0; i < n && ok; i++) {
		ok =
		    list[i] > 0 && list[i] < LW_RAIL_HEX_IDS && reach[list[i]] && !in_list[list[i]];
		if (ok)
			in_list[list[i]] = 1;
	}
	for (int h = 0; h < LW_RAIL_HEX_IDS; h++)
		want += reach[h];
	return ok && n == want;
}

static void listed_walk(const struct lw_state *s, const struct lw_rail_net *net,
                        struct lw_rail_walks *walks, int from, const uint8_t *reach)
{
	static int16_t list[LW_RAIL_HEX_IDS];
	int n = lw_rail_net_reach_list(net, from, list);
	if (!CHECKF(list_is(reach, list, n), "turn %d: the walk's list from %04d is not its hexes",
	            s->turn, from))
		walks_differ++;
	const int16_t *shared;
	int kept = walks->n_walks;
	n = lw_rail_walks_from(walks, from, &shared);
	if (walks->n_walks == kept && shared >= walks->kept && shared < walks->kept + 4096)
		shared_starts++; /* an earlier start's walk */
	if (!CHECKF(list_is(reach, shared, n),
	            "turn %d: the shared walk's list from %04d is not its hexes", s->turn, from))
		walks_differ++;
	lists += n;
}

/* The reference: rail entries as [unit id, force, [[to, label]...]] lists. */
static json_t *reference(const struct lw_state *s, int side)
{
	const struct lw_data *d = lw_D();
	static uint8_t reach[LW_RAIL_HEX_IDS], fast[LW_RAIL_HEX_IDS];
	static struct lw_rail_net net;
	static struct lw_rail_walks walks;
	char id[48];
	json_t *out = json_array();
	lw_rail_net_build(s, side, &net);
	lw_rail_walks_begin(&walks, &net);
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		const struct lw_hex *h = lw_data_hex(d, x->hex);
		if (x->side != side || x->where != LW_W_MAP || !h || !h->rail)
			continue;
		plain_reach(s, side, x->hex, reach);
		lw_rail_reach(s, side, x->hex, fast);
		if (!CHECKF(memcmp(reach, fast, sizeof reach) == 0,
		            "turn %d: lw_rail_reach from %04d is not the plain walk", s->turn,
		            x->hex))
			walks_differ++;
		listed_walk(s, &net, &walks, x->hex, reach);
		for (int f = 0; f < 2; f++) {
			json_t *to = json_array();
			for (size_t i = 0; i < d->n_hexes; i++) {
				int t = d->hexes[i].id;
				if (d->hexes[i].rail && t < LW_RAIL_HEX_IDS && reach[t] &&
				    lw_rail_check_but_path(s, u, t, f == 0, NULL) == 0)
					json_array_append_new(
					    to, json_pack("[i,s?]", t,
					                  lw_data_city_at(d, t)
					                      ? lw_data_city_at(d, t)->name
					                      : NULL));
			}
			if (json_array_size(to))
				json_array_append_new(
				    out, json_pack("[s,b,o]", lw_unit_id(s, u, id, sizeof id),
				                   f == 0, to));
			else
				json_decref(to);
		}
	}
	return out;
}

/* The offer's rail entries expanded into [unit id, force, [[to, label]...]]
 * lists, one per general and mode, in the reference's order (unit order,
 * with his force first; destinations in the data's order, which is hex id
 * order): every choice of an entry's "unit" with each "to" choice it
 * opens is one triple. A triple reached twice is a failure (counted in
 * *twice); so is a second entry of one mode (*same_list), and a general's
 * list longer than its other form would be (*longer). */
static json_t *offered(const struct lw_state *s, int side, int *twice, int *same_list, int *longer)
{
	const struct lw_data *d = lw_D();
	static uint8_t got[LW_MAX_UNITS][2][LW_RAIL_HEX_IDS];
	static const char *label[LW_RAIL_HEX_IDS];
	memset(got, 0, sizeof got);
	json_t *l = json_array(), *out = json_array();
	json_t *lists[2] = {json_array(), json_array()};
	lw_rail_offer(s, side, TG_OFFERS_TREE(l));
	for (size_t i = 0; i < json_array_size(l); i++) {
		json_t *e = json_array_get(l, i), *a = json_object_get(e, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "rail") != 0)
			continue;
		int f = json_is_true(json_object_get(a, "force")) ? 0 : 1;
		json_t *ps = json_object_get(e, "params");
		json_t *units = NULL, *to = NULL, *pto = NULL;
		char why[300];
		const char *bad = tg_offer_bad(e, true, why, sizeof why);
		CHECKF(bad == NULL, "turn %d: %s", s->turn, bad);
		for (size_t p = 0; p < json_array_size(ps); p++) {
			const char *name =
			    json_string_value(json_object_get(json_array_get(ps, p), "name"));
			json_t *ch = json_object_get(json_array_get(ps, p), "choices");
			if (name && strcmp(name, "unit") == 0)
				units = ch;
			else if (name && strcmp(name, "to") == 0) {
				to = ch;
				pto = json_array_get(ps, p);
			}
		}
		if (!CHECKF(
		        units && to && json_array_size(ps) == 2 && !json_object_get(a, "unit") &&
		            !json_object_get(a, "to") && tg_param_by_index(ps, pto) == 0,
		        "turn %d: a rail entry without exactly the params unit and to", s->turn))
			continue;
		if (json_array_size(lists[f]))
			(*same_list)++;
		json_array_append(lists[f], to);
		for (size_t c = 0; c < json_array_size(units); c++) {
			int u = lw_unit_by_id(s, json_string_value(json_object_get(
			                             json_array_get(units, c), "value")));
			if (!CHECKF(u >= 0 && u < LW_MAX_UNITS,
			            "turn %d: a rail choice names no unit", s->turn))
				continue;
			size_t nt = json_array_size(to), open = 0;
			for (size_t t = 0; t < nt; t++)
				open += tg_param_open(pto, c, t);
			const json_t *by = json_array_get(json_object_get(pto, "choices_by"), c);
			size_t listed = json_array_size(json_object_get(by, "only")) +
			                json_array_size(json_object_get(by, "except"));
			if (listed > nt - listed)
				(*longer)++;
			CHECKF(open > 0, "turn %d: a general whose list opens no destination",
			       s->turn);
			for (size_t t = 0; t < nt; t++) {
				if (!tg_param_open(pto, c, t))
					continue;
				json_t *x = json_array_get(to, t);
				json_int_t h = json_integer_value(json_object_get(x, "value"));
				if (!CHECKF(h > 0 && h < LW_RAIL_HEX_IDS,
				            "turn %d: destination %lld", s->turn, (long long)h))
					continue;
				if (got[u][f][h]++)
					(*twice)++;
				label[h] = json_string_value(json_object_get(x, "label"));
			}
		}
	}
	char id[48];
	for (int u = 0; u < s->n_units && u < LW_MAX_UNITS; u++)
		for (int f = 0; f < 2; f++) {
			json_t *to = json_array();
			for (size_t i = 0; i < d->n_hexes; i++) {
				int h = d->hexes[i].id;
				if (h < LW_RAIL_HEX_IDS && got[u][f][h])
					json_array_append_new(to, json_pack("[i,s?]", h, label[h]));
			}
			if (json_array_size(to))
				json_array_append_new(
				    out, json_pack("[s,b,o]", lw_unit_id(s, u, id, sizeof id),
				                   f == 0, to));
			else
				json_decref(to);
		}
	json_decref(lists[0]);
	json_decref(lists[1]);
	json_decref(l);
	return out;
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (s->phase != LW_PH_RAIL)
		return;
	states++;
	json_t *want = reference(s, s->phasing),
	       *got = offered(s, s->phasing, &twice, &same_list, &longer);
	compared += (int)json_array_size(want);
	TK_CHECK_SAME_OFFER(want, got, s->turn, 300);
}

/* lw_rail_walks shares a walk between start hexes because the rail's
 * hexsides run both ways: every hex a rail hexside joins to a hex (lw_data's
 * rail_next) is a rail hex that lists it back. */
static int rail_next_one_way(void)
{
	const struct lw_data *d = lw_D();
	int bad = 0;
	for (size_t i = 0; i < d->n_hexes; i++)
		for (int k = 0; k < 6 && d->rail_next[i][k]; k++) {
			int b = d->rail_next[i][k];
			const struct lw_hex *h = lw_data_hex(d, b);
			bool back = false;
			for (int j = 0; h && j < 6 && d->rail_next[h - d->hexes][j]; j++)
				back |= d->rail_next[h - d->hexes][j] == d->hexes[i].id;
			bad += !h || !h->rail || !back;
		}
	return bad;
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 4,
	                                        .seed_tag = 0x91,
	                                        .scenario = "campaign",
	                                        .bot_mul = 13,
	                                        .bot_add = 5,
	                                        .max_actions = 1500},
	                 after, NULL);
	printf("# %d Rail Phase states, %d general x mode lists compared, %d walks differed, "
	       "%d hexes listed by the walks, %d starts given an earlier start's walk, %d "
	       "triples offered twice, %d second entries of a mode, %d general's lists longer "
	       "than their other form\n",
	       states, compared, walks_differ, lists, shared_starts, twice, same_list, longer);
	CHECK_EQ_INT(rail_next_one_way(), 0); /* the games above loaded the data */
	CHECK(twice == 0);
	CHECK(same_list == 0);
	CHECK(longer == 0);
	CHECK(states > 20);
	CHECK(compared > 100);
	CHECK(lists > 1000);
	CHECK(shared_starts > 100);
	return tap_done();
}
