/* lw_rail_phase.c — 3.4 / 9.0 the Rail Phase as a phase of the turn: the
 * player going first this turn rails (9.1) and absorbs TCO stars (9.2),
 * then the other; then all RIT leave the map (9.3) and the card draw
 * begins. The text does not say who rails first: we follow the turn's
 * order (6.0), as the Administration Phase does. */
#include <stdlib.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_rail.h"
#include "lw_tco.h"

bool lw_rail_pending(const struct lw_state *s)
{
	return s->rail.done_turn != s->turn + 1;
}

void lw_rail_begin(struct lw_state *s, struct game_outcome *out)
{
	memset(&s->rail, 0, sizeof s->rail);
	/* 13.2.2.1: the Raided markers of the last turn came off after its
	 * Supply Phase; nothing raids in between, so they go here. */
	lw_raided_clear(s);
	s->phase = LW_PH_RAIL;
	s->phasing = s->first;
	(void)out;
}

static void rail_end(struct lw_state *s, struct game_outcome *out)
{
	s->rail.done_turn = (uint8_t)(s->turn + 1);
	lw_rit_clear(s); /* 9.3 */
	lw_log(s, "Rail Phase over: every Rail Interdiction Token is removed (9.3).");
	lw_begin_draw(s, out);
}

/* What the offer reads once for every general and destination: the rail
 * net (9.1's obstacles, lw_rail_net_build), the side's own units summed per
 * hex for 12.4's stacking check at each destination. */
struct rail_offer {
	struct lw_rail_net net;
	struct lw_rail_walks walks; /* the net's walks, shared between start hexes */
	const int16_t *to;          /* the hexes a walk reached, by id */
	int n_to;
	int16_t slot[LW_RAIL_HEX_IDS]; /* 0: no unit of the side there; else 1 + index in sum */
	struct lw_stack_sum sum[LW_MAX_UNITS];
	int hex[LW_MAX_UNITS];
	int n;
	int16_t *at;       /* offer_mode's: a destination's index in its list */
	uint64_t *scratch; /* offer_mode's: a mode's destinations */
	/* the walk's rail hexes (split_dests) that none of the side's units
	 * holds, by terrain (0: not mountain, 1: mountain), a bit per index in
	 * lw_D()->hexes, with one such hex's id (-1: none); and those some
	 * unit of the side holds, by id (one of the n stacks each) */
	uint64_t *empty[2];
	int empty_hex[2];
	int16_t held[LW_MAX_UNITS];
	int n_held;
};

static void own_stacks(const struct lw_state *s, int side, struct rail_offer *o)
{
	o->n = 0;
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->where != LW_W_MAP || x->side != side || x->hex < 0 ||
		    x->hex >= LW_RAIL_HEX_IDS)
			continue;
		if (!o->slot[x->hex]) {
			o->hex[o->n] = x->hex;
			o->sum[o->n] = (struct lw_stack_sum){0};
			o->slot[x->hex] = (int16_t)++o->n;
		}
		lw_stack_sum_add(&o->sum[o->slot[x->hex] - 1], x->stars, x->cavalry);
	}
}

static const struct lw_stack_sum *stack_at(const struct rail_offer *o, int hex)
{
	static const struct lw_stack_sum none = {0};
	return o->slot[hex] ? &o->sum[o->slot[hex] - 1] : &none;
}

/* A destination's choice: its hex number, and a label only for a city (its
 * name: the number is the value); a hex without a name has none, the label
 * would only repeat the number (PROTOCOL.md: a client shows a choice without
 * a label by its value). Issue 17: the Rail Phase's offers are most of the
 * largest patches, and three of five destinations have no name; the
 * number's " (HHHH)" after each city's name was a tenth of the offer, which
 * the phase's opening patch carries whole. */
static void dest_choice(struct tg_offer_list *l, size_t i)
{
	int to = lw_D()->hexes[i].id;
	const struct lw_city *c = lw_data_city_at(lw_D(), to);
	tg_offer_list_choice_int(l, to, c ? c->name : NULL);
}

/* One general and mode that may rail: his destinations, a bit per index in
 * lw_D()->hexes. */
struct rail_mover_dests {
	int u;
	uint64_t *bits;
};

/* The walk's hexes o->to split for general_dests, once per walk read (a
 * start hex's generals share it): the rail hexes none of the side's units
 * holds, by terrain, and those some unit holds. */
static void split_dests(struct rail_offer *o, size_t words)
{
	const struct lw_data *d = lw_D();
	memset(o->empty[0], 0, words * sizeof *o->empty[0]);
	memset(o->empty[1], 0, words * sizeof *o->empty[1]);
	o->empty_hex[0] = o->empty_hex[1] = -1;
	o->n_held = 0;
	for (int k = 0; k < o->n_to; k++) {
		int to = o->to[k];
		size_t i = (size_t)d->hex_slot[to] - 1;
		if (!d->hexes[i].rail)
			continue;
		if (o->slot[to]) {
			o->held[o->n_held++] = (int16_t)to;
			continue;
		}
		int e = d->hexes[i].terrain == LW_TERRAIN_MOUNTAIN;
		o->empty[e][i / 64] |= UINT64_C(1) << (i % 64);
		if (o->empty_hex[e] < 0)
			o->empty_hex[e] = to;
	}
}

/* 9.1: the destinations of mv (a mode lw_rail_mover_check passed) among
 * the walk's hexes (split_dests), 12.4 checked at each, into bits; false
 * when he has none. */
static bool general_dests(const struct lw_state *s, const struct lw_rail_mover *mv,
                          const struct rail_offer *o, size_t words, uint64_t *bits)
{
	const struct lw_data *d = lw_D();
	bool any = false;
	/* lw_rail_mover_may_end at another rail hex none of the side's units
	 * holds (his own hex is held: by him): his force's stacking alone, so
	 * its answer depends only on the terrain (mountain or not); asked
	 * once for each, and each such hex of the walk taken at once by its
	 * bits (issue 17: it was asked for each of his destinations, 33,154
	 * times in bench_views 300, then each hex of the walk was read for
	 * each general) */
	for (int e = 0; e < 2; e++) {
		int to = o->empty_hex[e];
		if (to < 0 || !lw_rail_mover_may_end(s, mv, to, stack_at(o, to)))
			continue;
		for (size_t w = 0; w < words; w++)
			bits[w] |= o->empty[e][w];
		any = true;
	}
	for (int k = 0; k < o->n_held; k++) {
		int to = o->held[k];
		if (!lw_rail_mover_may_end(s, mv, to, stack_at(o, to)))
			continue;
		size_t i = (size_t)d->hex_slot[to] - 1;
		bits[i / 64] |= UINT64_C(1) << (i % 64);
		any = true;
	}
	return any;
}

/* The thread's kept buffers fit a map of RAIL_HEXES_KEPT hexes (the
 * Lincoln's War map has 450) and every general: 37 KB a thread, and
 * offer_mode's list of indexes (2 KB) on the stack. */
#define RAIL_HEXES_KEPT 512
#define RAIL_BITS_KEPT ((2 * LW_MAX_UNITS + 3) * (RAIL_HEXES_KEPT / 64))

/* 9.1's offer in one mode: one entry, every (general, destination) pair
 * that may rail in it offered exactly once. Param "unit" lists the
 * generals (each with his cost in stars); param "to" lists every
 * destination one of them may reach (in the data's order), and says, for
 * each general, which of them are his (PROTOCOL.md "by"/"choices_by",
 * kit/param_by.h): the shorter of "only these" and "all but these".
 * Issue 17: each general misses a few destinations of his mode's list
 * (his own hex, those 12.4 closes to him, those beyond his reach), so the
 * pairs are a product with holes; as a cover of products (session 19)
 * each destination list was repeated for a cluster of generals and the
 * Rail Phase's offers were two thirds of the patches at or above a
 * quarter of the view. */
static void offer_mode(const struct lw_state *s, bool force, const struct rail_mover_dests *m,
                       int n, size_t words, struct rail_offer *o, struct tg_offers *out)
{
	if (n == 0)
		return;
	uint64_t *all = o->scratch;
	memset(all, 0, words * sizeof *all);
	for (int k = 0; k < n; k++)
		for (size_t w = 0; w < words; w++)
			all[w] |= m[k].bits[w];
	/* the union's index of each destination, by index in lw_D()->hexes */
	int16_t *at = o->at;
	struct tg_offer_list dests, units, by;
	tg_offer_list_open(out, &dests);
	tg_offer_list_open(out, &units);
	tg_offer_list_open(out, &by);
	int nd = 0;
	for (size_t w = 0; w < words; w++)
		for (uint64_t b = all[w]; b; b &= b - 1) {
			size_t i = w * 64 + (size_t)__builtin_ctzll(b);
			at[i] = (int16_t)nd++;
			dest_choice(&dests, i);
		}
	/* on the stack for the map's 450 hexes (issue 17: a malloc of 1 KB
	 * or more first consolidates glibc's fast bins) */
	int idx_here[RAIL_HEXES_KEPT];
	int *idx = nd <= RAIL_HEXES_KEPT ? idx_here : malloc((size_t)nd * sizeof *idx);
	if (!idx)
		by.failed = true;
	char name[64], id[48], label[256];
	for (int k = 0; k < n; k++) {
		int u = m[k].u, cost = lw_rail_cost(s, u, force);
		/* tg_label, not snprintf (issue 17: 0.58 M in bench_views 300's
		 * fan-out); a name of at most 63 bytes is never cut at 255 */
		tg_label(label, "%s (%d star%s)", lw_unit_name(s, u, name, sizeof name), cost,
		         cost == 1 ? "" : "s");
		tg_offer_list_choice(&units, lw_unit_id(s, u, id, sizeof id), label);
		/* his list: "only" his destinations or "except" the others,
		 * whichever is shorter (an equal count: "except") */
		unsigned his = 0;
		for (size_t w = 0; w < words; w++)
			his += (unsigned)__builtin_popcountll(m[k].bits[w]);
		bool only = 2 * his < (unsigned)nd;
		size_t ni = 0;
		for (size_t w = 0; idx && w < words; w++)
			for (uint64_t b = only ? m[k].bits[w] : all[w] & ~m[k].bits[w]; b;
			     b &= b - 1)
				idx[ni++] = at[w * 64 + (size_t)__builtin_ctzll(b)];
		tg_offer_list_by(&by, only, idx, ni);
	}
	if (idx != idx_here)
		free(idx);
	tg_offer_begin(out, tg_act(out, "{s:s,s:b}", "type", "rail", "force", force),
	               force ? "Rail a general and his force (9.1)" : "Rail a general alone (9.1)");
	tg_offer_param(out, "unit", "General (the stars railed)", NULL, &units, NULL);
	tg_offer_param(out, "to", "Destination", "unit", &dests, &by);
	tg_offer_end(out);
}

/* A general of the side on a rail hex: one who may be offered a rail. */
static bool on_rail(const struct lw_state *s, int side, int u)
{
	const struct lw_unit *x = &s->unit[u];
	const struct lw_hex *h = lw_data_hex(lw_D(), x->hex);
	return x->side == side && x->where == LW_W_MAP && h && h->rail;
}

/* The rail network is walked once per start hex, not once per general,
 * and only from a hex where some general passes 9.1's checks on him
 * (lw_rail_mover_check, asked once per general and mode); start hexes on
 * one stretch of open rail share one walk (lw_rail_walks); a walk lists the
 * hexes it reached, and each general's destinations are read from that
 * list into a bit set, not from every hex of the map. Then each mode's
 * (general, destination) pairs are offered as one entry (offer_mode):
 * with his force, then alone. */
static void offer_rails(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_data *d = lw_D();
	static _Thread_local struct rail_offer o;
	static _Thread_local int16_t at_kept[RAIL_HEXES_KEPT];
	static _Thread_local uint64_t bits_kept[RAIL_BITS_KEPT];
	static _Thread_local struct rail_mover_dests m_kept[2 * LW_MAX_UNITS];
	bool seen[LW_MAX_UNITS] = {0}, built = false;
	struct lw_rail_mover mv[2];
	/* the side's generals on a rail hex, in unit order: each start hex's
	 * generals are found among them, not among every unit (issue 17: the
	 * scan of every later unit per start hex, 520 in bench_views 300) */
	int on[LW_MAX_UNITS], movers = 0;
	for (int u = 0; u < s->n_units && u < LW_MAX_UNITS; u++)
		if (on_rail(s, side, u))
			on[movers++] = u;
	size_t words = (d->n_hexes + 63) / 64;
	/* per mode, the generals who may rail so, each with his bits */
	struct rail_mover_dests *m[2] = {NULL, NULL};
	int n[2] = {0, 0};
	uint64_t *bits = NULL;
	for (int a = 0; a < movers; a++) {
		int u = on[a];
		if (seen[u])
			continue;
		int from = s->unit[u].hex;
		bool walked = false;
		for (int b = a; b < movers; b++) {
			int v = on[b];
			if (seen[v] || s->unit[v].hex != from)
				continue;
			seen[v] = true;
			bool ok[2];
			for (int f = 0; f < 2; f++)
				ok[f] = lw_rail_mover_check(s, v, f == 0, &mv[f]) == 0;
			if (!ok[0] && !ok[1])
				continue;
			if (!built) {
				/* kept by the thread, not allocated (issue 17: calloc
				 * was 2.96 M instructions in bench_views 300's fan-out,
				 * 56 offers of three, malloc 2.60 M without the zeroing:
				 * each large request first consolidates glibc's fast
				 * bins), nor zeroed: offer_mode writes each `at` it
				 * reads and zeroes its scratch, a general's row is
				 * zeroed just before it is filled, m's entries are
				 * written before they are read. A map or a side larger
				 * than the kept buffers allocates as before. */
				size_t nbits = (size_t)(2 * movers + 3) * words;
				o.at = d->n_hexes <= RAIL_HEXES_KEPT
				           ? at_kept
				           : malloc(d->n_hexes * sizeof *o.at);
				bits = nbits <= RAIL_BITS_KEPT ? bits_kept
				                               : malloc(nbits * sizeof *bits);
				m[0] = m_kept;
				if (!o.at || !bits || !m[0])
					goto out;
				m[1] = m[0] + movers;
				o.scratch = bits + (size_t)(2 * movers) * words;
				o.empty[0] = o.scratch + words;
				o.empty[1] = o.empty[0] + words;
				lw_rail_net_build(s, side, &o.net);
				lw_rail_walks_begin(&o.walks, &o.net);
				own_stacks(s, side, &o);
				built = true;
			}
			if (!walked) {
				o.n_to = lw_rail_walks_from(&o.walks, from, &o.to);
				split_dests(&o, words);
				walked = true;
			}
			for (int f = 0; f < 2; f++) {
				uint64_t *b = bits + (size_t)(f * movers + n[f]) * words;
				if (!ok[f])
					continue;
				memset(b, 0, words * sizeof *b);
				if (general_dests(s, &mv[f], &o, words, b))
					m[f][n[f]++] = (struct rail_mover_dests){.u = v, .bits = b};
			}
		}
	}
	if (built) {
		/* the lists in unit order (the walks went by start hex) */
		for (int f = 0; f < 2; f++)
			for (int k = 1; k < n[f]; k++)
				for (int j = k; j > 0 && m[f][j - 1].u > m[f][j].u; j--) {
					struct rail_mover_dests t = m[f][j];
					m[f][j] = m[f][j - 1];
					m[f][j - 1] = t;
				}
		for (int f = 0; f < 2; f++)
			offer_mode(s, f == 0, m[f], n[f], words, &o, list);
	}
out:
	if (built) {
		for (int k = 0; k < o.n; k++)
			o.slot[o.hex[k]] = 0;
	}
	if (o.at != at_kept)
		free(o.at);
	o.at = NULL;
	if (bits != bits_kept)
		free(bits);
	o.scratch = NULL;
}

static void offer_absorbs(const struct lw_state *s, int side, struct tg_offers *list)
{
	char tn[64], gn[64], tid[48], gid[48];
	for (int t = 0; t < s->n_units; t++) {
		if (s->unit[t].side != side || s->unit[t].gen >= 0 || s->unit[t].where != LW_W_MAP)
			continue;
		for (int g = 0; g < s->n_units; g++)
			if (lw_tco_absorb_check(s, t, g, NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:s,s:s}", "type", "absorb_tco", "tco",
				                lw_unit_id(s, t, tid, sizeof tid), "general",
				                lw_unit_id(s, g, gid, sizeof gid)),
				         "%s absorbs one star of %s for 1 PC (9.2)",
				         lw_unit_name(s, g, gn, sizeof gn),
				         lw_unit_name(s, t, tn, sizeof tn));
	}
}

void lw_rail_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (s->phase != LW_PH_RAIL || side != s->phasing)
		return;
	if (s->rail.stage[side] == 0)
		offer_rails(s, side, list);
	offer_absorbs(s, side, list);
	tg_offer(list, tg_act(list, "{s:s}", "type", "end_rail"), "End your Rail Phase (9.0)");
}

/* ---- the actions of the phase, declared once ------------------------------------ */

static int act_rail(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	(void)out;
	int u = lw_unit_by_id(s, lw_a_str(a, "unit")), to;
	const json_t *f = json_object_get(a, "force");
	if (!lw_a_int(a, "to", &to) || !json_is_boolean(f))
		return tg_fail(err, TG_E_MALFORMED,
		               "rail needs \"unit\", an integer \"to\" and a boolean \"force\"");
	if (u == LW_NONE || s->unit[u].side != side)
		return tg_fail(err, TG_E_ILLEGAL, "9.1: \"unit\" must be one of your generals");
	/* no unit moves until lw_rail_move has read who travels: the check's
	 * force, travellers and stacks read one index of the units by hex
	 * (lw_units_hold), each a scan of every unit before (issue 17) */
	bool held = lw_units_hold(s);
	if (lw_rail_check(s, u, to, json_is_true(f), err) != 0) {
		lw_units_release(held);
		return -1;
	}
	lw_rail_move(s, u, to, json_is_true(f), held);
	lw_cav_city_settle(s); /* 13.1.3: cavalry railed out of a city it held */
	return 0;
}

static int act_absorb_tco(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)out;
	int t = lw_unit_by_id(s, lw_a_str(a, "tco"));
	int g = lw_unit_by_id(s, lw_a_str(a, "general"));
	if (t == LW_NONE || g == LW_NONE || s->unit[t].side != side)
		return tg_fail(err, TG_E_MALFORMED, "9.2: \"tco\" and \"general\" must be yours");
	if (lw_tco_absorb(s, t, g, err) != 0)
		return -1;
	s->rail.stage[side] = 1; /* 9.2 comes "once rail movement is completed" */
	char hl[64];
	/* unnamed: the general may be a hidden subordinate (12.7) */
	lw_log(s, "A %s general at %s absorbs a TCO star for 1 PC (9.2).", lw_side_title(side),
	       lw_hex_label(s->unit[g].hex, hl, sizeof hl));
	return 0;
}

static int act_end_rail(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)a, (void)err;
	s->rail.stage[side] = 2;
	lw_log(s, "The %s player ends his Rail Phase.", lw_side_title(side));
	if (s->rail.stage[LW_OTHER(side)] != 2) {
		s->phasing = (int8_t)LW_OTHER(side);
		return 0;
	}
	rail_end(s, out);
	return 0;
}

static int refuse(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "9.0: rail, absorb_tco or end_rail");
}

/* 9.0: each side rails its generals, absorbs TCO stars, then ends. */
static const struct lw_action rows[] = {
    {"rail", "9.1", act_rail, 0},
    {"absorb_tco", "9.2", act_absorb_tco, 0},
    {"end_rail", "9.0", act_end_rail, 0},
};
const struct lw_actions lw_rail_actions = LW_ACTIONS("rail", rows, refuse);

int lw_rail_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                struct tg_error *err)
{
	if (side != s->phasing)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "9.0: the other player is railing");
	return lw_action_dispatch(&lw_rail_actions, s, side, a, out, err);
}

json_t *lw_rail_view(const struct lw_state *s, int side)
{
	if (side != LW_UNION && side != LW_CONFEDERATE)
		return NULL;
	/* the stars railed include hidden subordinates: only the owner sees it */
	return json_pack("{s:i,s:i}", "capacity", lw_rail_capacity(s, side), "used",
	                 s->rail.used[side]);
}
