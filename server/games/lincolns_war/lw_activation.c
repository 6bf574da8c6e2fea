/* lw_activation.c — 11.0 activation and the force helpers everything uses:
 * who is the CO (11.0.1, 11.1.3.1), a force's IT and stars, activation cost. */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kit/offer.h"
#include "kit/view_sections.h"
#include "lw_engine.h"
#include "lw_it.h"
#include "lw_march.h"
#include "lw_move.h"

/* The units on the map by hex, while a state does not change (issue 17:
 * the views and offers asked lw_units_at and the force helpers below per
 * hex and per unit, each a scan of every unit; they were a tenth of the
 * fan-out's instructions). Built for the state of the thread's view update
 * window (kit/view_sections.h: tg_view_update_begin, in which the caller
 * does not change the state), once a window, the first time one of them
 * is asked about that state; any other state, or the same one outside the
 * window, is scanned as before; so too the state of lw_units_hold, until
 * lw_units_release (lw_engine.h). Each hex's list is in unit order (the
 * scan's order: 11.0.1's "first met in unit order" tie). */
static _Thread_local struct {
	uint64_t epoch; /* the window it was built for (0: none), its state's */
	/* The build's number in the high 16 bits, the hex's first unit + 1 in
	 * the low 16: an entry of another build is no unit, so a build clears
	 * nothing (issue 17: the clearing and the list of hexes to clear were
	 * a third of index_build's instructions, 3,080 builds in bench_rules
	 * 6 6's lw_act) */
	uint32_t head[LW_HEX_IDS];
	uint32_t build;              /* this build's number << 16 (0: none yet) */
	uint16_t next[LW_MAX_UNITS]; /* the next unit + 1 at the same hex */
#ifndef NDEBUG
	int16_t used[LW_MAX_UNITS]; /* the hexes listed: index_whole reads them */
	int n_used;
#endif
} ix;

/* struct game is its state (lw_engine.h): the window names the game */
_Static_assert(offsetof(struct game, s) == 0, "struct game begins with its state");
_Static_assert(LW_MAX_UNITS < 0x10000, "a unit + 1 fits the head's low 16 bits");

/* The first unit + 1 at hex in the index (0: none); hex in [0, LW_HEX_IDS) */
static inline int first_at(int hex)
{
	uint32_t h = ix.head[hex];
	return (h & 0xffff0000u) == ix.build ? (int)(h & 0xffffu) : 0;
}

/* Unit i of s put at the head of its hex's list, if it is on the map */
static inline void index_put(const struct lw_state *s, int i, uint32_t b)
{
	const struct lw_unit *u = &s->unit[i];
	if (u->where != LW_W_MAP || u->hex < 0 || u->hex >= LW_HEX_IDS)
		return;
	uint32_t h = ix.head[u->hex];
	bool listed = (h & 0xffff0000u) == b;
#ifndef NDEBUG
	if (!listed)
		ix.used[ix.n_used++] = u->hex;
#endif
	ix.next[i] = listed ? (uint16_t)h : 0;
	ix.head[u->hex] = b | (uint32_t)(i + 1);
}

static void index_build(const struct lw_state *s, uint64_t epoch)
{
	ix.epoch = 0; /* not whole until made */
	ix.build += 0x10000u;
	if (!ix.build) { /* the numbers wrapped: every entry is another's */
		memset(ix.head, 0, sizeof ix.head);
		ix.build = 0x10000u;
	}
	const uint32_t b = ix.build;
#ifndef NDEBUG
	ix.n_used = 0;
#endif
	int n = s->n_units < LW_MAX_UNITS ? s->n_units : LW_MAX_UNITS;
	/* from the last unit back, so that each list ends in unit order; eight
	 * at a time, written out (two in three units stand off the map: the
	 * pools, the dead, the reinforcements; each is a compare and a branch,
	 * the loop's count and test once for the eight) */
	int i = n - 1;
	for (; i >= 7; i -= 8) {
		index_put(s, i, b);
		index_put(s, i - 1, b);
		index_put(s, i - 2, b);
		index_put(s, i - 3, b);
		index_put(s, i - 4, b);
		index_put(s, i - 5, b);
		index_put(s, i - 6, b);
		index_put(s, i - 7, b);
	}
	for (; i >= 0; i--)
		index_put(s, i, b);
	ix.epoch = epoch;
}

/* The state of lw_units_hold, or NULL */
static _Thread_local const struct lw_state *held;

bool lw_units_hold(const struct lw_state *s)
{
	if (held)
		return false;
	held = s;
	index_build(s, 0); /* no window's: the next window builds its own */
	return true;
}

#ifndef NDEBUG
/* Does the index still list every unit on the map of s at its hex? */
static bool index_whole(const struct lw_state *s)
{
	int listed = 0, on_map = 0;
	for (int k = 0; k < ix.n_used; k++)
		for (int i = first_at(ix.used[k]); i; i = ix.next[i - 1], listed++)
			if (s->unit[i - 1].where != LW_W_MAP || s->unit[i - 1].hex != ix.used[k])
				return false;
	for (int i = 0; i < s->n_units && i < LW_MAX_UNITS; i++)
		on_map += s->unit[i].where == LW_W_MAP && s->unit[i].hex >= 0 &&
		          s->unit[i].hex < LW_HEX_IDS;
	return listed == on_map;
}
#endif

void lw_units_release(bool took)
{
	if (!took)
		return;
	assert(index_whole(held) && "a unit moved while lw_units_hold held its state");
	held = NULL;
}

/* Is the index of s to be used for hex? */
static bool indexed(const struct lw_state *s, int hex)
{
	if (hex < 0 || hex >= LW_HEX_IDS)
		return false;
	if (held) /* only the held state's, while held */
		return held == s;
	uint64_t e = tg_view_update_epoch((const struct game *)s);
	if (!e)
		return false;
	if (ix.epoch != e) /* a window's number is new, and its state's only */
		index_build(s, e);
	return true;
}

/* The first unit of [u, end) on the map at hex, or NULL. The hex first:
 * most units stand elsewhere, and this scan is most of lw_act's look-ups
 * outside an index (issue 17); four units at a time are passed over by
 * their hexes alone, then each of a four with one there is asked in unit
 * order. lw_units_at and lw_hex_owner_force scan with it. */
static const struct lw_unit *on_hex(const struct lw_unit *u, const struct lw_unit *end, int hex_id)
{
	if (hex_id < INT16_MIN || hex_id > INT16_MAX)
		return NULL; /* no unit's int16_t hex */
	/* compared as the field's own type: one compare with memory a unit */
	const int16_t hex = (int16_t)hex_id;
	if (end - u >= 8) {
		/* the last start of a whole eight, counted once (not end - u
		 * at each step) */
		const struct lw_unit *last8 = end - 8;
		for (; u <= last8; u += 8) {
			if (u[0].hex != hex && u[1].hex != hex && u[2].hex != hex &&
			    u[3].hex != hex && u[4].hex != hex && u[5].hex != hex &&
			    u[6].hex != hex && u[7].hex != hex)
				continue;
			for (int k = 0; k < 8; k++)
				if (u[k].hex == hex && u[k].where == LW_W_MAP)
					return u + k;
		}
	}
	for (; u < end; u++)
		if (u->hex == hex && u->where == LW_W_MAP)
			return u;
	return NULL;
}

int lw_units_at(const struct lw_state *s, int hex, int side, int out[LW_MAX_UNITS])
{
	int n = 0;
	if (indexed(s, hex)) {
		for (int i = first_at(hex); i; i = ix.next[i - 1])
			if (side == LW_NOSIDE || s->unit[i - 1].side == side)
				out[n++] = i - 1;
		return n;
	}
	const struct lw_unit *end = s->unit + s->n_units;
	for (const struct lw_unit *u = on_hex(s->unit, end, hex); u; u = on_hex(u + 1, end, hex))
		if (side == LW_NOSIDE || u->side == side)
			out[n++] = (int)(u - s->unit);
	return n;
}

int lw_hex_owner_force(const struct lw_state *s, int hex)
{
	int top = lw_siege_top_side(s, hex);
	if (top != LW_NOSIDE)
		return top;
	if (indexed(s, hex)) {
		int i = first_at(hex);
		return i ? s->unit[i - 1].side : LW_NOSIDE;
	}
	/* the first unit on the map at hex, in unit order (issue 17: the
	 * arrival's hexes are mostly empty, a scan of every unit each) */
	const struct lw_unit *u = on_hex(s->unit, s->unit + s->n_units, hex);
	return u ? u->side : LW_NOSIDE;
}

/* 11.0.1: the GiC commands any stack he is in (11.1.3.1); otherwise the
 * infantry general with most stars, ties to the highest cmd; cavalry only
 * commands when no infantry is present; last, the lower unit index (the
 * first met in unit order). Does i outrank best? */
static bool commands_over(const struct lw_state *s, int i, int best)
{
	if (best == LW_NONE)
		return true;
	const struct lw_unit *u = &s->unit[i], *b = &s->unit[best];
	if (b->cavalry != u->cavalry)
		return b->cavalry;
	if (u->stars != b->stars)
		return u->stars > b->stars;
	return u->cmd != b->cmd ? u->cmd > b->cmd : i < best;
}

int lw_set_co(const struct lw_state *s, const int *set, int n)
{
	int best = LW_NONE;
	for (int k = 0; k < n; k++) {
		int i = set[k];
		if (s->side[s->unit[i].side].gic == i)
			return i;
		if (commands_over(s, i, best))
			best = i;
	}
	return best;
}

int lw_force_co_side(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS];
	return lw_set_co(s, u, lw_units_at(s, hex, side, u));
}

int lw_force_co(const struct lw_state *s, int hex)
{
	return lw_force_co_side(s, hex, lw_siege_top_side(s, hex));
}

/* In a siege hex both sides stand; the hex-level helpers describe the
 * besiegers, on top (16.9.5.2, lw_siege.h). */
int lw_force_it(const struct lw_state *s, int hex)
{
	int u[LW_MAX_UNITS], n = lw_units_at(s, hex, lw_siege_top_side(s, hex), u), it = 0;
	for (int k = 0; k < n; k++)
		it += s->unit[u[k]].it;
	return it;
}

int lw_force_infantry_stars(const struct lw_state *s, int hex)
{
	int u[LW_MAX_UNITS], n = lw_units_at(s, hex, lw_siege_top_side(s, hex), u), st = 0;
	for (int k = 0; k < n; k++)
		if (!s->unit[u[k]].cavalry)
			st += s->unit[u[k]].stars;
	return st;
}

int lw_army_size(const struct lw_state *s, const int *u, int n)
{
	int inf = 0, all = 0;
	bool any_inf = false;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[u[i]];
		all += x->stars;
		if (!x->cavalry) {
			inf += x->stars;
			any_inf = true;
		}
	}
	return any_inf ? inf : all;
}

bool lw_force_has_cavalry(const struct lw_state *s, int hex)
{
	int u[LW_MAX_UNITS], n = lw_units_at(s, hex, lw_siege_top_side(s, hex), u);
	for (int k = 0; k < n; k++)
		if (s->unit[u[k]].cavalry)
			return true;
	return false;
}

static const struct lw_rank *rank_of(const struct lw_state *s, int u)
{
	const struct lw_unit *x = &s->unit[u];
	if (x->gen < 0)
		return NULL;
	const struct lw_general *g = &lw_D()->generals[x->gen];
	int st = x->stars < 1 ? 1 : x->stars > 3 ? 3 : x->stars;
	while (st > 1 && g->rank[st - 1].stars == 0)
		st--;
	return &g->rank[st - 1];
}

/* The activation cost of u with `it` IT against his stars (18.1). */
static int cost_with_it(const struct lw_state *s, int u, int it)
{
	const struct lw_unit *x = &s->unit[u];
	const struct lw_rank *r = rank_of(s, u);
	int cost = r ? r->activation : 3; /* 17.2: a TCO costs three */
	cost += x->wounds;                /* 16.8.1 */
	if (x->flags & LW_UF_RELUCTANT)
		cost += 2; /* 10.7.4 */
	if (x->flags & LW_UF_OOS)
		cost += 1; /* 20.5 */
	return cost + lw_it_activation_extra(it, x->stars);
}

int lw_activation_cost(const struct lw_state *s, int u)
{
	const struct lw_unit *x = &s->unit[u];
	/* 18.1: the force's IT against the CO's stars (a lone cavalry: his own) */
	int it = x->it;
	int us[LW_MAX_UNITS], n = lw_units_at(s, x->hex, x->side, us);
	if (!x->cavalry || lw_set_co(s, us, n) == u) {
		it = 0; /* the force's IT (18.1.1), of his side in a siege hex */
		for (int k = 0; k < n; k++)
			it += s->unit[us[k]].it;
	}
	return cost_with_it(s, u, it);
}

int lw_activation_cost_in(const struct lw_state *s, int u, int co, int force_it)
{
	const struct lw_unit *x = &s->unit[u];
	return cost_with_it(s, u, !x->cavalry || co == u ? force_it : x->it);
}

int lw_unit_attack(const struct lw_state *s, int u)
{
	const struct lw_rank *r = rank_of(s, u);
	return r ? r->attack : LW_INDECISIVE;
}

int lw_unit_defense(const struct lw_state *s, int u)
{
	const struct lw_rank *r = rank_of(s, u);
	return r ? r->defense : LW_INDECISIVE;
}

const char *lw_unit_name(const struct lw_state *s, int u, char *buf, size_t n)
{
	const struct lw_unit *x = &s->unit[u];
	if (x->gen >= 0)
		return lw_copy_cut(buf, n, lw_D()->generals[x->gen].name);
	else
		snprintf(buf, n, "TCO %s(%d star%s)", x->cavalry ? "cavalry " : "", x->stars,
		         x->stars == 1 ? "" : "s");
	return buf;
}

const char *lw_unit_id(const struct lw_state *s, int u, char *buf, size_t n)
{
	const struct lw_unit *x = &s->unit[u];
	if (x->gen >= 0)
		return lw_copy_cut(buf, n, lw_D()->generals[x->gen].id);
	else
		snprintf(buf, n, "tco-%d", u);
	return buf;
}

void lw_unit_choice_add(struct tg_offer_list *l, const struct lw_state *s, int u)
{
	char name[64], hex[64], id[48], label[256];
	/* tg_label, not snprintf (issue 17: 0.93-1.48 M of bench_views 300's
	 * fan-out): a name and a hex label of at most 63 bytes each are never
	 * cut at 255 */
	tg_label(label, "%s at %s", lw_unit_name(s, u, name, sizeof name),
	         lw_hex_label(s->unit[u].hex, hex, sizeof hex));
	tg_offer_list_choice(l, lw_unit_id(s, u, id, sizeof id), label);
}

int lw_unit_by_id(const struct lw_state *s, const char *id)
{
	if (!id)
		return LW_NONE;
	if (strncmp(id, "tco-", 4) == 0) {
		int u = -1;
		if (sscanf(id + 4, "%d", &u) != 1 || u < 0 || u >= s->n_units ||
		    s->unit[u].gen >= 0)
			return LW_NONE;
		return u;
	}
	int gi = lw_data_general_index(lw_D(), id);
	return gi >= 0 && gi < s->n_units ? gi : LW_NONE;
}

int lw_city_at(int hex)
{
	/* the hex's own city index (lw_data_hex is inline: issue 17, a
	 * quarter of a million calls in an action's bench) */
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h ? h->city : -1;
}

int lw_city_controller(const struct lw_state *s, int c)
{
	if (c < 0 || c >= s->n_cities)
		return LW_NOSIDE;
	return s->city[c].owner;
}

int lw_supply_city_distance(const struct lw_state *s, int side, int hex)
{
	const struct lw_data *d = lw_D();
	int best = 1 << 20;
	for (size_t c = 0; c < d->n_cities; c++) {
		if (lw_city_controller(s, (int)c) != side || d->cities[c].supply <= 0)
			continue;
		int dist = tg_hex_distance(&d->grid, hex, d->cities[c].hex);
		if (dist >= 0 && dist < best)
			best = dist;
	}
	return best;
}

bool lw_hex_in_territory(int hex, int side)
{
	/* the data's, set for each hex at load (lw_data_in_territory) */
	return lw_data_in_territory(lw_D(), hex, side);
}

/* 12.4: would the units of `side` at hex, plus `add` (units moving in), with
 * unit `promote_u` at `promote_to` stars, be legally stacked? */
int lw_stack_check_hex(const struct lw_state *s, int hex, int side, const int *add, int n_add,
                       int promote_u, int promote_to, struct tg_error *err)
{
	/* the hex's units of side (lw_units_at: indexed or scanned), in unit
	 * order */
	int here[LW_MAX_UNITS], m = lw_units_at(s, hex, side, here);
	/* the units to judge in unit order: the hex's alone (most asks add
	 * none), or the added ones joined to them */
	int order[LW_MAX_UNITS], *who = here, n = m;
	if (n_add > 0) {
		/* the units added, as bits: each unit not in the hex was compared
		 * with every one of them (issue 17: the move offer asks this for
		 * every step of the movers) */
		uint64_t added[(LW_MAX_UNITS + 63) / 64] = {0};
		for (int k = 0; k < n_add; k++)
			if (add[k] >= 0 && add[k] < LW_MAX_UNITS)
				added[add[k] / 64] |= UINT64_C(1) << (add[k] % 64);
		for (int k = 0; k < m; k++)
			added[here[k] / 64] |= UINT64_C(1) << (here[k] % 64);
		int lim = s->n_units < LW_MAX_UNITS ? s->n_units : LW_MAX_UNITS;
		n = 0;
		for (int w = 0; w < (LW_MAX_UNITS + 63) / 64; w++)
			for (uint64_t b = added[w]; b; b &= b - 1) {
				int i = w * 64 + __builtin_ctzll(b);
				if (i >= lim)
					break;
				order[n++] = i;
			}
		who = order;
	}
	struct lw_stack_unit su[LW_MAX_UNITS];
	for (int k = 0; k < n; k++) {
		int i = who[k];
		su[k].stars = i == promote_u ? promote_to : s->unit[i].stars;
		su[k].cavalry = s->unit[i].cavalry;
	}
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return lw_stack_check(su, n, h && h->terrain == LW_TERRAIN_MOUNTAIN, err);
}

/* A unit leaves its force: the IT bookkeeping stays with the force (18.1.1). */
void lw_unit_leave_it(struct lw_state *s, int u, int carry)
{
	struct lw_unit *x = &s->unit[u];
	if (x->where != LW_W_MAP)
		return;
	int others[LW_MAX_UNITS];
	int n = lw_units_at(s, x->hex, x->side, others);
	int keep = x->it - carry;
	if (keep <= 0) {
		/* he needs `carry`: take it from the others */
		int need = -keep;
		for (int i = 0; i < n && need > 0; i++) {
			if (others[i] == u)
				continue;
			int t = s->unit[others[i]].it < need ? s->unit[others[i]].it : need;
			s->unit[others[i]].it = (int16_t)(s->unit[others[i]].it - t);
			x->it = (int16_t)(x->it + t);
			need -= t;
		}
		return;
	}
	for (int i = 0; i < n; i++)
		if (others[i] != u) {
			s->unit[others[i]].it = (int16_t)(s->unit[others[i]].it + keep);
			x->it = (int16_t)(x->it - keep);
			return;
		}
}

void lw_co_keeps_command(struct lw_state *s, int host)
{
	/* 11.0.1: "the general who occupied the hex into which other
	 * general(s) of equal or lesser rank have moved" commands. Joiners get
	 * cmd 0; a CO in place who himself once joined as a subordinate (his
	 * CO gone since) has cmd 0 too, so without this the unit order, not
	 * who was there first, decided between equals. */
	if (host != LW_NONE && !s->unit[host].cavalry)
		s->unit[host].cmd = ++s->cmd_seq;
}

/* Place u on hex (arrival, relocation); he becomes subordinate to an equal
 * or senior CO already there (11.2.1), else commands. */
void lw_unit_place(struct lw_state *s, int u, int hex)
{
	struct lw_unit *x = &s->unit[u];
	x->where = LW_W_MAP;
	x->hex = (int16_t)hex;
	x->cmd = ++s->cmd_seq;
	int co = lw_force_co(s, hex);
	if (co != LW_NONE && co != u && s->unit[co].stars >= x->stars && !s->unit[co].cavalry) {
		x->cmd = 0;                 /* joins below an equal-ranked CO */
		lw_co_keeps_command(s, co); /* 11.0.1 */
	}
}

/* Nearest city controlled by side, without enemy force, where units may
 * stack (7.1.1, 7.3, 11.1.2.3); LW_NO_HEX if none. */
int lw_nearest_friendly_city(const struct lw_state *s, int side, int from, const int *add,
                             int n_add)
{
	const struct lw_data *d = lw_D();
	int best = LW_NO_HEX, bestd = 1 << 30;
	/* each city of side is asked who holds it and whether it stacks: one
	 * index of the units by hex (lw_units_hold) for them all, two scans
	 * of every unit a city before (issue 17); nothing moves here */
	bool held = lw_units_hold(s);
	for (size_t i = 0; i < d->n_cities; i++) {
		int hex = d->cities[i].hex;
		if (lw_city_controller(s, (int)i) != side)
			continue;
		int occ = lw_hex_owner_force(s, hex);
		if (occ != LW_NOSIDE && occ != side)
			continue;
		if (side == LW_CONFEDERATE && d->cities[i].no_confederate_entry)
			continue;
		if (lw_stack_check_hex(s, hex, side, add, n_add, LW_NONE, 0, NULL) != 0)
			continue;
		int dist = from ? tg_hex_distance(&d->grid, from, hex) : 0;
		if (dist < 0)
			dist = 1 << 20;
		if (dist < bestd) {
			bestd = dist;
			best = hex;
		}
	}
	lw_units_release(held);
	return best;
}

int lw_capital_hex(int side)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_cities; i++)
		if (d->cities[i].capital &&
		    (d->cities[i].control == LW_CTRL_UNION) == (side == LW_UNION))
			return d->cities[i].hex;
	return LW_NO_HEX;
}

static int max_stars(const struct lw_state *s, int u)
{
	const struct lw_unit *x = &s->unit[u];
	return x->gen >= 0 ? lw_D()->generals[x->gen].max_stars : x->stars;
}

void lw_promote(struct lw_state *s, int u)
{
	struct lw_unit *x = &s->unit[u];
	if (x->stars >= max_stars(s, u))
		return;
	/* 11.2.1 "the current CO": his own side's (in a siege hex the
	 * besiegers' CO is on top, 16.9.5.2) */
	int co = x->where == LW_W_MAP ? lw_force_co_side(s, x->hex, x->side) : LW_NONE;
	x->stars++;
	x->flags |= LW_UF_PROMOTED;
	/* 11.2.1 / 7.2: outranking the CO, he takes command at no cost */
	if (co != LW_NONE && co != u && x->stars > s->unit[co].stars)
		x->cmd = ++s->cmd_seq;
}

static int free_tco_slot(const struct lw_state *s, int side)
{
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].gen < 0 && s->unit[i].side == side &&
		    s->unit[i].where == LW_W_UNUSED)
			return i;
	return LW_NONE;
}

/* 11.1.2.2: may unit i become the new GiC, from the tier's rank? A general
 * must have a three-star counter; the GiC just lost may not return. */
static bool gic_candidate(const struct lw_state *s, int side, int i, int tier, int old)
{
	const struct lw_unit *x = &s->unit[i];
	if (x->side != side || x->where != LW_W_MAP || x->gen < 0 || x->cavalry || i == old ||
	    x->stars != tier)
		return false;
	return lw_D()->generals[x->gen].max_stars >= 3;
}

/* The rank the new GiC comes from: three stars, else two, else one; 0 if
 * nobody can be appointed. */
static int gic_tier(const struct lw_state *s, int side, int old)
{
	for (int tier = 3; tier >= 1; tier--)
		for (int i = 0; i < s->n_units; i++)
			if (gic_candidate(s, side, i, tier, old))
				return tier;
	return 0;
}

/* 11.1.2.3: the new GiC goes to the capital, stars displaced there, or,
 * the capital enemy controlled, where his owner chooses (lw_gic_place.c). */
static void gic_install(struct lw_state *s, int side, int pick)
{
	s->unit[pick].stars = 3;
	s->side[side].gic = (int16_t)pick;
	s->side[side].gic_pending = 0;
	char name[64];
	lw_log(s, "%s is the new %s General in Chief (11.1.2.2).",
	       lw_unit_name(s, pick, name, sizeof name), lw_side_title(side));
	lw_gic_relocate(s, side, pick, LW_GIC_PLACE_LOSS);
	if (s->unit[pick].where == LW_W_MAP) /* his new third star where he is */
		lw_fix_overstack(s, s->unit[pick].hex, side);
}

void lw_gic_lost(struct lw_state *s, int side)
{
	int old = s->side[side].gic;
	s->side[side].gic = LW_NONE;
	s->side[side].gic_place = 0;
	lw_gain_pc(s, LW_OTHER(side), 4); /* 11.1.2.2 */
	int tier = gic_tier(s, side, old);
	int cost = tier == 1 ? 6 : 4; /* a one-star costs two PC more */
	lw_lose_pc(s, side, cost);    /* 7.1.6.1 names 11.1.2.2; 10.6.6 */
	if (tier == 0) {
		lw_log(s, "The %s side has no general fit to be General in Chief (11.1.2.2).",
		       lw_side_title(side));
		return;
	}
	int only = LW_NONE, n = 0;
	for (int i = 0; i < s->n_units; i++)
		if (gic_candidate(s, side, i, tier, old)) {
			only = i;
			n++;
		}
	lw_log(s, "The %s player loses his General in Chief and pays %d PC (11.1.2.2).",
	       lw_side_title(side), cost);
	if (n == 1) {
		gic_install(s, side, only);
		return;
	}
	/* the owner chooses: a prompt before any other action (lw_actions.c) */
	s->side[side].gic_pending = 1;
	s->side[side].gic_tier = (uint8_t)tier;
	s->side[side].gic_old = (int16_t)old;
}

/* Is side choosing its new GiC (11.1.2.2)? A choice whose candidates have
 * all gone meanwhile falls to the next rank down. */
static bool choosing_gic(const struct lw_state *s, int side)
{
	return s->side[side].gic_pending && gic_tier(s, side, s->side[side].gic_old) > 0;
}

/* The side that must choose a GiC now, or where he goes, or LW_NOSIDE. */
int lw_gic_choice_side(const struct lw_state *s)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		if (choosing_gic(s, side))
			return side;
	return lw_gic_place_side(s); /* then 11.1.2.3: where he goes */
}

void lw_gic_choice_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (!choosing_gic(s, side)) {
		lw_gic_place_offer(s, side, list);
		return;
	}
	int tier = gic_tier(s, side, s->side[side].gic_old);
	char name[64], id[64], hex[64];
	for (int i = 0; i < s->n_units; i++)
		if (gic_candidate(s, side, i, tier, s->side[side].gic_old))
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "choose_gic", "general",
			                lw_unit_id(s, i, id, sizeof id)),
			         "Make %s (at %s) the new General in Chief (11.1.2.2)",
			         lw_unit_name(s, i, name, sizeof name),
			         lw_hex_label(s->unit[i].hex, hex, sizeof hex));
}

static int act_choose_gic(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)out;
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	int tier = gic_tier(s, side, s->side[side].gic_old);
	if (u == LW_NONE || !gic_candidate(s, side, u, tier, s->side[side].gic_old))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.2.2: the new GiC must be one of your %d-star generals with a "
		               "three-star counter, not the one just lost",
		               tier);
	gic_install(s, side, u);
	return 0;
}

static int refuse_choose_gic(const struct lw_state *s, int side, const char *type,
                             struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "11.1.2.2: first choose your new General in Chief (\"choose_gic\")");
}

/* 11.1.2.2: a side that lost its GiC names the successor. */
static const struct lw_action choose_gic_rows[] = {
    {"choose_gic", "11.1.2.2", act_choose_gic, 0},
};
const struct lw_actions lw_gic_choose_actions =
    LW_ACTIONS("gic_choice.choose", choose_gic_rows, refuse_choose_gic);

/* The successor is named first; then, with the capital enemy controlled,
 * where he goes (11.1.2.3, lw_gic_place.c). */
const struct lw_actions *lw_gic_choice_actions(const struct lw_state *s, int side)
{
	return choosing_gic(s, side) ? &lw_gic_choose_actions : &lw_gic_place_actions;
}

int lw_gic_choice_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	return lw_action_dispatch(lw_gic_choice_actions(s, side), s, side, a, out, err);
}

void lw_kill(struct lw_state *s, int u)
{
	struct lw_unit *x = &s->unit[u];
	int side = x->side, hex = x->hex;
	bool gic = s->side[side].gic == u;
	int old_co = x->where == LW_W_MAP ? lw_command_co_before(s, hex, side) : LW_NONE;
	int slot = x->gen >= 0 ? free_tco_slot(s, side) : LW_NONE;
	if (slot != LW_NONE && x->where == LW_W_MAP) {
		/* 16.8.2 / 17.0: a TCO of equal stars and type takes his place */
		struct lw_unit *t = &s->unit[slot];
		t->where = LW_W_MAP;
		t->hex = x->hex;
		t->stars = gic ? 3 : x->stars;
		t->cavalry = x->cavalry;
		t->it = x->it;
		t->cmd = x->cmd;
		t->flags = x->flags & (LW_UF_OOS | LW_UF_ACTIVATED);
		int others[LW_MAX_UNITS];
		int n = lw_units_at(s, hex, side, others);
		for (int i = 0; i < n; i++)
			if (others[i] != u && others[i] != slot && s->unit[others[i]].gen >= 0 &&
			    !s->unit[others[i]].cavalry && s->unit[others[i]].stars == t->stars)
				t->cmd = 0; /* a regular general of equal rank takes command */
		x->it = 0;
	} else {
		lw_unit_leave_it(s, u, 0);
	}
	x->where = (uint8_t)(x->gen >= 0 ? LW_W_DECEASED : LW_W_REMOVED);
	x->hex = LW_NO_HEX;
	x->wounds = 0;
	x->it = 0;
	if (gic)
		lw_gic_lost(s, side);
	/* 16.8.2: "if there are more than one the owner chooses" */
	lw_command_co_after(s, hex, side, old_co);
}

void lw_disgrace(struct lw_state *s, int u)
{
	int hex = s->unit[u].where == LW_W_MAP ? s->unit[u].hex : LW_NO_HEX;
	int side = s->unit[u].side;
	int old_co = lw_command_co_before(s, hex, side);
	lw_disgrace_only(s, u);
	if (hex) {
		lw_fix_overstack(s, hex, side);
		lw_command_co_after(s, hex, side, old_co); /* 11.0.3: the owner picks */
	}
}

void lw_disgrace_only(struct lw_state *s, int u)
{
	struct lw_unit *x = &s->unit[u];
	bool gic = s->side[x->side].gic == u;
	lw_unit_leave_it(s, u, 0);
	x->where = (uint8_t)(x->gen >= 0 ? LW_W_DISGRACED : LW_W_REMOVED);
	x->hex = LW_NO_HEX;
	x->stars = 1;
	x->it = 0;
	x->wounds = 0;
	x->flags = 0;
	if (gic)
		lw_gic_lost(s, x->side);
}

void lw_demote(struct lw_state *s, int u)
{
	struct lw_unit *x = &s->unit[u];
	if (x->stars <= 1) {
		lw_disgrace(s, u);
		return;
	}
	int hex = x->where == LW_W_MAP ? x->hex : LW_NO_HEX;
	int old_co = lw_command_co_before(s, hex, x->side);
	x->stars--;
	if (s->side[x->side].gic == u)
		lw_gic_lost(s, x->side); /* 11.1.2.2: no longer three stars */
	if (x->where == LW_W_MAP)
		lw_fix_overstack(s, x->hex, x->side);
	if (hex)
		lw_command_co_after(s, hex, x->side, old_co); /* 11.0.3: the owner picks */
}

/* Whether the enemy's view shows general u (lw_view.c): off the map (the
 * boxes are public), the CO on top of his side's stack, or revealed. */
bool lw_unit_seen(const struct lw_state *s, int u)
{
	const struct lw_unit *x = &s->unit[u];
	return x->where != LW_W_MAP || lw_force_co_side(s, x->hex, x->side) == u ||
	       (x->flags & LW_UF_REVEALED);
}

/* A general's name as the public log may give it: his own when the enemy
 * can see him (lw_unit_seen), else only where he stands (12.7: a force can
 * only be examined by its owner). */
const char *lw_public_name(const struct lw_state *s, int u, char *buf, size_t n)
{
	const struct lw_unit *x = &s->unit[u];
	if (lw_unit_seen(s, u))
		return lw_unit_name(s, u, buf, n);
	char h[64];
	snprintf(buf, n, "a %s general at %s", lw_side_title(x->side),
	         lw_hex_label(x->hex, h, sizeof h));
	return buf;
}
