/* lw_amphib.c — 14.0 amphibious movement and assaults over the state.
 * The pure limits, the river network search (14.1.1), the checks and the
 * MOVE-step actions. Save/load and the view of the block: lw_amphib_save.c. */
#include "lw_amphib.h"
#include "lw_campaign.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_march.h"
#include "lw_supply.h"

/* The naval rules' Hunley (lw_naval.c, 8.1.2.3). Weak, so that this file
 * links while the naval rules are absent (the hooks are then NULL). */
bool lw_naval_hunley_at(const struct lw_state *s, int hex) __attribute__((weak));
void lw_naval_hunley_remove(struct lw_state *s, int hex) __attribute__((weak));
struct lw_amphib_naval_hooks lw_amphib_naval = {lw_naval_hunley_at, lw_naval_hunley_remove};

/* ---- pure rules --------------------------------------------------------------- */

int lw_amphib_river_stars(int side)
{
	return side == LW_UNION ? 2 : side == LW_CONFEDERATE ? 1 : 0; /* 14.1.1 */
}

bool lw_amphib_hunley_cancels(int die)
{
	return die >= 3; /* 8.1.2.3: 3-6 cancels, 1-2 nothing */
}

/* 14.3: the errata ports are ocean-only whatever the printed anchor */
static bool river_port_of(int c)
{
	static const char *const ocean_only[] = {"charleston", "savannah", "apalachicola",
	                                         "mobile"};
	const struct lw_city *k = &lw_D()->cities[c];
	for (size_t i = 0; i < sizeof ocean_only / sizeof *ocean_only; i++)
		if (strcmp(k->id, ocean_only[i]) == 0)
			return false;
	return k->river_port;
}

static void river_net_ready(void);
static struct river_ports {
	bool river[LW_MAX_CITIES];   /* river_port_of, by city */
	int16_t city[LW_MAX_CITIES]; /* the ports (river or ocean) lw_city_at names at their hex */
	int n;
} ports_of_map;

bool lw_amphib_river_port(int c)
{
	river_net_ready();
	return c >= 0 && c < LW_MAX_CITIES ? ports_of_map.river[c] : river_port_of(c);
}

bool lw_amphib_ocean_port(int c)
{
	return lw_D()->cities[c].ocean_port;
}

/* ---- the movers ----------------------------------------------------------------- */

static int movers_stars(const struct lw_state *s)
{
	int n = 0;
	for (int i = 0; i < s->play.movers_n; i++)
		n += s->unit[s->play.movers[i]].stars;
	return n;
}

static int movers_co(const struct lw_state *s)
{
	int best = LW_NONE;
	for (int i = 0; i < s->play.movers_n; i++) {
		int u = s->play.movers[i];
		const struct lw_unit *x = &s->unit[u];
		if (best == LW_NONE || (s->unit[best].cavalry && !x->cavalry) ||
		    (s->unit[best].cavalry == x->cavalry &&
		     (x->stars > s->unit[best].stars ||
		      (x->stars == s->unit[best].stars && x->cmd > s->unit[best].cmd))))
			best = u;
	}
	if (best != LW_NONE && s->side[s->play.side].gic != LW_NONE)
		for (int i = 0; i < s->play.movers_n; i++)
			if (s->play.movers[i] == s->side[s->play.side].gic)
				best = s->play.movers[i];
	return best;
}

static bool in_list(const int16_t *l, int n, int u)
{
	for (int i = 0; i < n; i++)
		if (l[i] == u)
			return true;
	return false;
}

/* The hexes where side's enemy has a unit on the map: lw_units_at of the
 * other side for every hex at once; and the "Enemy Controlled Port[s]"
 * (14.1.1: a river or ocean port the other side controls). The river
 * network's searches ask them of both banks of each river hexside; they
 * were a walk over every unit, and a city's look-up with
 * lw_amphib_river_port's names compared, each time (issue 17). */
struct enemy_hexes {
	uint64_t bit[(LW_HEX_IDS + 63) / 64];
	uint64_t port[(LW_HEX_IDS + 63) / 64];
};

static void enemy_hexes_init(const struct lw_state *s, int side, struct enemy_hexes *e)
{
	memset(e, 0, sizeof *e);
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->where == LW_W_MAP && u->side == LW_OTHER(side) && u->hex >= 0 &&
		    u->hex < LW_HEX_IDS)
			e->bit[u->hex / 64] |= 1ull << (u->hex % 64);
	}
	/* the ports the other side controls (the city lw_city_at names at each hex) */
	river_net_ready();
	for (int i = 0; i < ports_of_map.n; i++) {
		int c = ports_of_map.city[i], hex = lw_D()->cities[c].hex;
		if (hex >= 0 && hex < LW_HEX_IDS && lw_city_controller(s, c) == LW_OTHER(side))
			e->port[hex / 64] |= 1ull << (hex % 64);
	}
}

static bool enemy_at(const struct enemy_hexes *e, int hex)
{
	return hex >= 0 && hex < LW_HEX_IDS && (e->bit[hex / 64] >> (hex % 64) & 1u);
}

/* an "Enemy Controlled Port" (14.1.1) for e's side */
static bool enemy_port_at(const struct enemy_hexes *e, int hex)
{
	return hex >= 0 && hex < LW_HEX_IDS && (e->port[hex / 64] >> (hex % 64) & 1u);
}

/* ---- 14.1.1 the river network ------------------------------------------------------ */

#define RIVER_MAX 512

/* Two river hexsides share a vertex when their hexes are three, mutually
 * adjacent (the vertex where the three meet). */
static bool sides_touch(int a, int b, int c, int d)
{
	const struct tg_hexgrid *g = &lw_D()->grid;
	int x, y;
	if (a == c) {
		x = b;
		y = d;
	} else if (a == d) {
		x = b;
		y = c;
	} else if (b == c) {
		x = a;
		y = d;
	} else if (b == d) {
		x = a;
		y = c;
	} else {
		return false;
	}
	return x != y && tg_hex_adjacent(g, x, y);
}

/* The map's river hexsides (the first RIVER_MAX, in data order) and which
 * of them touch which (sides_touch), from the map data once per process:
 * the searches below followed each reached hexside by testing every river
 * hexside against it (issue 17: river_reach was 4.4 M instructions of
 * bench_views 300's fan-out, 98 searches). A hexside touches at most four
 * others, two at each end (the hexes next to both of its own are two);
 * RIVER_ADJ leaves room for a map that repeats a hexside. Each row lists
 * its neighbours in data order, the order the pairwise scan met them. */
#define RIVER_ADJ 8
static struct {
	int n;
	int idx[RIVER_MAX];                /* index in lw_D()->hexsides */
	int16_t adj[RIVER_MAX][RIVER_ADJ]; /* river numbers; -1 after the last */
} river_net;
static pthread_once_t river_net_once = PTHREAD_ONCE_INIT;

static void river_net_build(void)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities && c < LW_MAX_CITIES; c++) {
		int hex = d->cities[c].hex;
		ports_of_map.river[c] = river_port_of((int)c);
		if ((ports_of_map.river[c] || d->cities[c].ocean_port) && lw_city_at(hex) == (int)c)
			ports_of_map.city[ports_of_map.n++] = (int16_t)c;
	}
	int n = 0;
	for (size_t i = 0; i < d->n_hexsides && n < RIVER_MAX; i++)
		if (d->hexsides[i].flags & LW_HS_RIVER)
			river_net.idx[n++] = (int)i;
	river_net.n = n;
	for (int k = 0; k < n; k++) {
		const struct lw_hexside *h = &d->hexsides[river_net.idx[k]];
		int m = 0;
		for (int j = 0; j < n; j++) {
			const struct lw_hexside *o = &d->hexsides[river_net.idx[j]];
			if (!sides_touch(h->a, h->b, o->a, o->b))
				continue;
			if (m == RIVER_ADJ)
				abort(); /* not a hex map: a hexside has two ends */
			river_net.adj[k][m++] = (int16_t)j;
		}
		if (m < RIVER_ADJ)
			river_net.adj[k][m] = -1;
	}
}

/* Set once (the fan-out workers read it), after lw_D() is. */
static void river_net_ready(void)
{
	pthread_once(&river_net_once, river_net_build);
}

/* 2.4.3 / 8.1.2.2: the Tennessee hexside 0806/0905 is "the one river hex
 * within [Kentucky's] borders"; every other Kentucky river is a border
 * river, sailed along the opposite bank. */
static bool kentucky_inner(const struct lw_hexside *h)
{
	return (h->a == 806 && h->b == 905) || (h->a == 905 && h->b == 806);
}

/* 14.1.1: the river hexsides (idx[]: their indexes in lw_D()->hexsides, at
 * most RIVER_MAX) and which are blocked to `side`'s boats: a hexside of an
 * "Enemy Controlled Port" (on either side), or "the enemy [has] Forces on
 * both sides"; boats move "up to, but not into" it. Shared by river_reach
 * and return_port (14.1.3). The number of river hexsides. */
static int river_sides(const struct enemy_hexes *e, int idx[RIVER_MAX], bool blocked[RIVER_MAX])
{
	const struct lw_data *d = lw_D();
	river_net_ready();
	int n = river_net.n;
	for (int k = 0; k < n; k++) {
		const struct lw_hexside *h = &d->hexsides[river_net.idx[k]];
		idx[k] = river_net.idx[k];
		blocked[k] = enemy_port_at(e, h->a) || enemy_port_at(e, h->b) ||
		             (enemy_at(e, h->a) && enemy_at(e, h->b));
	}
	return n;
}

/* lw_amphib_river_reach, without the Kentucky inner hexside if avoid_ky. */
static int river_reach(const struct lw_state *s, int side, int from, int land[], int max_land,
                       int ports[], int *n_ports, int max_ports, bool avoid_ky)
{
	const struct lw_data *d = lw_D();
	int idx[RIVER_MAX];
	bool blocked[RIVER_MAX];
	struct enemy_hexes foes;
	enemy_hexes_init(s, side, &foes);
	int n = river_sides(&foes, idx, blocked);
	uint8_t state[RIVER_MAX]; /* 0 unseen, 1 reached, 2 blocked, 3 avoided */
	int queue[RIVER_MAX], qh = 0, qt = 0;
	memset(state, 0, sizeof state);
	int np = 0, nl = 0;
	for (int k = 0; k < n; k++) {
		const struct lw_hexside *h = &d->hexsides[idx[k]];
		if (avoid_ky && kentucky_inner(h))
			state[k] = 3;
		else if (blocked[k]) {
			state[k] = 2;
			/* 14.1.2: an enemy port right across the start hex's river */
			int other = h->a == from ? h->b : h->b == from ? h->a : LW_NO_HEX;
			if (other != LW_NO_HEX && enemy_port_at(&foes, other) && np < max_ports)
				ports[np++] = other;
		} else if (h->a == from || h->b == from) {
			state[k] = 1;
			queue[qt++] = k;
		}
	}
	while (qh < qt) {
		int k = queue[qh++];
		const int16_t *adj = river_net.adj[k];
		for (int a = 0; a < RIVER_ADJ && adj[a] >= 0; a++) {
			int j = adj[a];
			if (state[j] == 1 || state[j] == 3)
				continue;
			const struct lw_hexside *o = &d->hexsides[idx[j]];
			if (state[j] == 2) {
				/* 14.1.2: the first enemy port met on this path */
				int pts[2] = {o->a, o->b};
				for (int e = 0; e < 2; e++)
					if (enemy_port_at(&foes, pts[e]) && pts[e] != from) {
						bool dup = false;
						for (int q = 0; q < np; q++)
							dup |= ports[q] == pts[e];
						if (!dup && np < max_ports)
							ports[np++] = pts[e];
					}
				continue;
			}
			state[j] = 1;
			queue[qt++] = j;
		}
	}
	/* landing hexes: either bank of every reached hexside, free of enemies */
	for (int k = 0; k < n; k++) {
		if (state[k] != 1)
			continue;
		const struct lw_hexside *h = &d->hexsides[idx[k]];
		int pts[2] = {h->a, h->b};
		for (int e = 0; e < 2; e++) {
			int x = pts[e];
			if (x == from || enemy_at(&foes, x))
				continue;
			const struct lw_hex *hx = lw_data_hex(d, x);
			if (!hx || hx->terrain == LW_TERRAIN_OCEAN)
				continue;
			bool dup = false;
			for (int q = 0; q < nl; q++)
				dup |= land[q] == x;
			if (!dup && nl < max_land)
				land[nl++] = x;
		}
	}
	if (n_ports)
		*n_ports = np;
	return nl;
}

int lw_amphib_river_reach(const struct lw_state *s, int side, int from, int land[], int max_land,
                          int ports[], int *n_ports, int max_ports)
{
	return river_reach(s, side, from, land, max_land, ports, n_ports, max_ports, false);
}

/* 14.1.3 "the Union forces retreat back to the nearest friendly port in the
 * direction they came from": along the shortest river path from the port
 * the assault sailed from (`from`) to the target, the friendly river port
 * nearest the target; `from` when none lies nearer (or the path is gone). */
static int return_port(const struct lw_state *s, int side, int from, int target)
{
	const struct lw_data *d = lw_D();
	int idx[RIVER_MAX];
	bool blocked[RIVER_MAX];
	struct enemy_hexes foes;
	enemy_hexes_init(s, side, &foes);
	int n = river_sides(&foes, idx, blocked);
	uint8_t state[RIVER_MAX]; /* 0 unseen, 1 reached, 2 blocked (as river_reach) */
	int16_t parent[RIVER_MAX];
	int queue[RIVER_MAX], qh = 0, qt = 0, goal = -1;
	for (int k = 0; k < n; k++) {
		const struct lw_hexside *h = &d->hexsides[idx[k]];
		parent[k] = -1;
		state[k] = 0;
		if (blocked[k])
			state[k] = 2;
		else if (h->a == from || h->b == from)
			state[queue[qt++] = k] = 1;
	}
	while (qh < qt && goal < 0) {
		int k = queue[qh++];
		const int16_t *adj = river_net.adj[k];
		for (int a = 0; a < RIVER_ADJ && adj[a] >= 0 && goal < 0; a++) {
			int j = adj[a];
			const struct lw_hexside *o = &d->hexsides[idx[j]];
			if (state[j] == 1)
				continue;
			if (state[j] == 2) {
				if (o->a == target || o->b == target)
					goal = k; /* the boats stopped here, before the target */
				continue;
			}
			state[j] = 1;
			parent[j] = (int16_t)k;
			queue[qt++] = j;
		}
	}
	for (int k = goal; k >= 0; k = parent[k]) {
		const struct lw_hexside *h = &d->hexsides[idx[k]];
		int pts[2] = {h->a, h->b};
		for (int e = 0; e < 2; e++) {
			int c = lw_city_at(pts[e]);
			if (pts[e] != target && c >= 0 && lw_amphib_river_port(c) &&
			    lw_city_controller(s, c) == side)
				return pts[e];
		}
	}
	return from;
}

/* 14.1.3: the failed river assault's force (the generals who went by river
 * this turn, still in the port they sailed from) goes back to the port
 * return_port names, when it can stack there. */
static void return_by_river(struct lw_state *s)
{
	const struct lw_amphib *am = &s->amphib;
	int from = am->assault_from, side = LW_UNION;
	int to = return_port(s, side, from, am->assault_target);
	if (to == from)
		return;
	int u[LW_MAX_UNITS], n = 0;
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP && s->unit[i].hex == from &&
		    s->unit[i].side == side && in_list(am->river_units, am->river_n, i))
			u[n++] = i;
	if (n == 0 || lw_stack_check_hex(s, to, side, u, n, LW_NONE, 0, NULL) != 0)
		return; /* 12.4: it cannot stack there: it stays where it sailed from */
	for (int i = 0; i < n; i++)
		s->unit[u[i]].hex = (int16_t)to;
	char hl[64], name[64];
	lw_log(s,
	       "%s's force goes back by river to %s, the nearest friendly port on its way "
	       "(14.1.3).",
	       lw_unit_name(s, lw_set_co(s, u, n), name, sizeof name),
	       lw_hex_label(to, hl, sizeof hl));
	lw_border_enter(s, side, to);
	lw_unstack(s, from, side);
	lw_unstack(s, to, side);
}

/* 2.4.3 "the first to move, attack or retreat a force into any hex in
 * Kentucky": boats that follow the Tennessee between 0806 and 0905 move
 * inside Kentucky, as an ironclad there does (8.1.2.2). A river move or
 * assault from `from` to `to` (outside Kentucky: a landing in it violates
 * by itself, lw_border_enter) violates neutrality when no river path
 * reaches `to` without that hexside (decided: the boats take a way round
 * when there is one, so the player is not charged for a violation he
 * could avoid). */
static bool river_through_kentucky(const struct lw_state *s, int side, int from, int to)
{
	if (s->kentucky.violator != LW_NOSIDE || lw_is_kentucky(to))
		return false;
	int land[RIVER_MAX], ports[64], np = 0;
	int nl = river_reach(s, side, from, land, RIVER_MAX, ports, &np, 64, true);
	for (int i = 0; i < nl; i++)
		if (land[i] == to)
			return false;
	for (int i = 0; i < np; i++)
		if (ports[i] == to)
			return false;
	return true;
}

/* ---- checks ------------------------------------------------------------------------- */

static int turn_mark(const struct lw_state *s)
{
	return s->turn + 1;
}

static int campaign_mark(const struct lw_state *s)
{
	return (s->turn + 1) * 256 + s->ops_round + 1;
}

/* May the movers stand in `hex` (stacking, 2.3 closed cities, enemy cities)? */
static int landing_check(const struct lw_state *s, int side, int hex, struct tg_error *err)
{
	if (lw_siege_blocks_entry(s, side, hex))
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5.3: a besieged force is never reinforced");
	int c = lw_city_at(hex);
	if (c >= 0) {
		const struct lw_city *k = &lw_D()->cities[c];
		if (side == LW_CONFEDERATE && k->no_confederate_entry)
			return tg_fail(err, TG_E_ILLEGAL, "2.3: Confederates may not enter %s",
			               k->name);
		if (lw_city_controller(s, c) == LW_OTHER(side))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "14.1.1: landing in an enemy city is an assault, not a move");
	}
	if (lw_march_entry_check(s, hex, err) != 0) /* 12.5 re-entry */
		return -1;
	if (lw_campaign_end_check(s, hex, err) != 0) /* 10.7.3: the movement ends here */
		return -1;
	int add[LW_MAX_MOVERS];
	for (int i = 0; i < s->play.movers_n; i++)
		add[i] = s->play.movers[i];
	if (lw_stack_check_hex(s, hex, side, add, s->play.movers_n, LW_NONE, 0, err) != 0)
		return -1;
	return 0;
}

static bool friendly_port(const struct lw_state *s, int side, int hex, bool ocean)
{
	int c = lw_city_at(hex);
	if (c < 0 || lw_city_controller(s, c) != side)
		return false;
	return ocean ? lw_amphib_ocean_port(c) : lw_amphib_river_port(c);
}

/* reached: the caller already knows hex is in the river reach (offers). */
static int check(const struct lw_state *s, int side, int kind, int hex, bool reached,
                 struct tg_error *err)
{
	const struct lw_amphib *am = &s->amphib;
	const struct lw_play *p = &s->play;
	if (s->step != LW_ST_MOVE || p->side != side || p->movers_n == 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.0: amphibious operations need an activated force");
	if (p->moved > 0 || p->attacked)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.0: the force must start its move on the water (it has moved)");
	/* 10.6.6: "When a player has zero PC ... He may not conduct amphibious
	 * operations" (movement as well as assaults) */
	if (s->side[side].pc <= 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.6.6: with zero PC a side may not conduct amphibious operations");
	for (int i = 0; i < p->movers_n; i++) /* lw_rail.c */
		if (lw_rail_used_by(s, p->movers[i]))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "9.1: no general may use both rail and naval transport in a turn");
	if (p->campaign && am->campaign_mark == campaign_mark(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.1: only one campaign force may move or assault by water");
	int from = lw_march_hex(s), stars = movers_stars(s);
	/* 12.4: "You may NEVER do anything that would create an overstacked
	 * condition"; 14.1.1: "They may be dispersed from a larger activated
	 * force ... as long as the above requirements are met". The generals
	 * left behind (12.8) must stack legally, as when a force steps out by
	 * land (lw_move_check): not seven stars that no three-star commands,
	 * nor a cavalry general over the CO left (13.1.1). Rules version 2
	 * sailed and displaced one of them, a move the rules do not give. */
	int add[LW_MAX_MOVERS];
	for (int i = 0; i < p->movers_n; i++)
		add[i] = p->movers[i];
	if (lw_stack_check_without(s, from, side, add, p->movers_n, NULL) != 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.4 / 13.1.1: the generals left behind would not stack legally "
		               "(a cavalry general outranking their CO, or too many stars)");
	bool river = kind == LW_AM_RIVER_MOVE || kind == LW_AM_RIVER_ASSAULT;
	bool assault = kind == LW_AM_RIVER_ASSAULT || kind == LW_AM_OCEAN_ASSAULT;
	if (side != LW_UNION && kind != LW_AM_RIVER_MOVE)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.1-14.2: the Confederates may only move by river");
	if (assault && s->side[LW_UNION].pc < LW_AMPHIB_ASSAULT_PC)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.1.2/14.2.2: an assault needs 10 PC (you have %d)",
		               s->side[LW_UNION].pc);
	if (river) {
		if (am->river_turn[side] == turn_mark(s))
			return tg_fail(err, TG_E_ILLEGAL,
			               "14.1.1: river movement or assault once per turn");
		if (stars > lw_amphib_river_stars(side))
			return tg_fail(err, TG_E_ILLEGAL,
			               "14.1.1: at most %d star(s) by river (the force has %d)",
			               lw_amphib_river_stars(side), stars);
		const struct lw_hex *h = lw_data_hex(lw_D(), from);
		if (!h || !h->river)
			return tg_fail(err, TG_E_ILLEGAL,
			               "14.1.1: start in a hex with a river hexside");
		for (int i = 0; i < p->movers_n; i++)
			if (am->ocean_turn == turn_mark(s) &&
			    in_list(am->ocean_units, am->ocean_n, p->movers[i]))
				return tg_fail(
				    err, TG_E_ILLEGAL,
				    "14.3: no sea and river movement by one force in a turn");
		if (kind == LW_AM_RIVER_ASSAULT && !friendly_port(s, side, from, false))
			return tg_fail(err, TG_E_ILLEGAL,
			               "14.1.2: a river assault starts in a friendly river port");
		int land[RIVER_MAX], ports[64], np = 0, nl = 0;
		if (!reached)
			nl = lw_amphib_river_reach(s, side, from, land, RIVER_MAX, ports, &np, 64);
		bool found = reached;
		for (int i = 0; i < nl && kind == LW_AM_RIVER_MOVE; i++)
			found |= land[i] == hex;
		for (int i = 0; i < np && kind == LW_AM_RIVER_ASSAULT; i++)
			found |= ports[i] == hex;
		int tc = lw_city_at(hex);
		if (kind == LW_AM_RIVER_ASSAULT && (tc < 0 || !lw_amphib_river_port(tc)))
			found = false; /* 14.3: the ocean-only ports are no river targets */
		if (!found)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    kind == LW_AM_RIVER_MOVE
			        ? "14.1.1: not reachable by river (enemy ports and enemy "
			          "forces on both banks stop the boats)"
			        : "14.1.2: not the first enemy river port on a river path");
		if (kind == LW_AM_RIVER_MOVE)
			return landing_check(s, side, hex, err);
		if (lw_campaign_end_check(s, hex, err) != 0) /* 10.7.3 */
			return -1;
		return lw_may_attack_hex(s, side, hex, err);
	}
	/* 14.2 ocean */
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	if (am->ocean_turn == turn_mark(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.2.1: ocean movement or assault once per turn");
	if (t->amphib_stars <= 0)
		return tg_fail(err, TG_E_ILLEGAL, "14.2.1: no movement by sea before Spring 1862");
	if (stars > t->amphib_stars)
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.2.1: at most %d star(s) by sea this turn (the force has %d)",
		               t->amphib_stars, stars);
	for (int i = 0; i < p->movers_n; i++)
		if (am->river_turn[side] == turn_mark(s) &&
		    in_list(am->river_units, am->river_n, p->movers[i]))
			return tg_fail(err, TG_E_ILLEGAL,
			               "14.3: no sea and river movement by one force in a turn");
	if (!friendly_port(s, side, from, true))
		return tg_fail(err, TG_E_ILLEGAL, "14.2.1: start in a friendly ocean port");
	if (hex == from)
		return tg_fail(err, TG_E_ILLEGAL, "14.2.1: sail to another port");
	int c = lw_city_at(hex);
	if (c < 0 || !lw_amphib_ocean_port(c))
		return tg_fail(err, TG_E_ILLEGAL, "14.2: the destination must be an ocean port");
	if (kind == LW_AM_OCEAN_MOVE) {
		if (!friendly_port(s, side, hex, true))
			return tg_fail(err, TG_E_ILLEGAL,
			               "14.2.1: land only in an ocean port you control");
		return landing_check(s, side, hex, err);
	}
	if (lw_city_controller(s, c) != LW_OTHER(side))
		return tg_fail(err, TG_E_ILLEGAL, "14.2.2: assault an enemy ocean port");
	if (lw_campaign_end_check(s, hex, err) != 0) /* 10.7.3 */
		return -1;
	return lw_may_attack_hex(s, side, hex, err);
}

/* ---- offers and actions ---------------------------------------------------------------- */

static const char *const kind_type[] = {
    [LW_AM_RIVER_MOVE] = "river_move",
    [LW_AM_RIVER_ASSAULT] = "river_assault",
    [LW_AM_OCEAN_MOVE] = "ocean_move",
    [LW_AM_OCEAN_ASSAULT] = "ocean_assault",
};

static const char *const kind_label[] = {
    [LW_AM_RIVER_MOVE] = "Move by river to %s (14.1.1)",
    [LW_AM_RIVER_ASSAULT] = "River assault on %s (14.1.2)",
    [LW_AM_OCEAN_MOVE] = "Move by sea to %s (14.2.1)",
    [LW_AM_OCEAN_ASSAULT] = "Ocean assault on %s (14.2.2)",
};

int lw_amphib_check(const struct lw_state *s, int side, int kind, int hex, struct tg_error *err)
{
	return check(s, side, kind, hex, false, err);
}

int lw_amphib_check_reached(const struct lw_state *s, int side, int kind, int hex,
                            struct tg_error *err)
{
	return check(s, side, kind, hex, true, err);
}

static void offer_one(const struct lw_state *s, int side, struct tg_offers *list, int kind, int hex)
{
	/* river hexes come from one reach search done by the caller */
	bool reached = kind == LW_AM_RIVER_MOVE || kind == LW_AM_RIVER_ASSAULT;
	if (check(s, side, kind, hex, reached, NULL) != 0)
		return;
	char hl[64];
	lw_hex_label(hex, hl, sizeof hl);
	const char *key = kind == LW_AM_RIVER_MOVE || kind == LW_AM_OCEAN_MOVE ? "to" : "target";
	tg_offer(list, tg_act(list, "{s:s,s:i}", "type", kind_type[kind], key, hex),
	         kind_label[kind], hl);
}

void lw_amphib_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_play *p = &s->play;
	if (s->step != LW_ST_MOVE || p->side != side || p->movers_n == 0 || p->moved || p->attacked)
		return;
	int from = lw_march_hex(s);
	int land[RIVER_MAX], ports[64], np = 0;
	int nl = lw_amphib_river_reach(s, side, from, land, RIVER_MAX, ports, &np, 64);
	/* 14.1.1: the river moves as one entry, the destination its param
	 * (issue 17, the patches' p99: an entry per hex, "Move by river to
	 * 0207 (14.1.1)" 29 times, was 2.8 KB of the move step's offers); a
	 * hex without a city is its number alone, as the rail's destinations */
	struct tg_offer_list to;
	tg_offer_list_open(list, &to);
	char hl[64];
	for (int i = 0; i < nl; i++)
		if (check(s, side, LW_AM_RIVER_MOVE, land[i], true, NULL) == 0)
			tg_offer_list_choice_int(&to, land[i],
			                         lw_data_city_at(lw_D(), land[i])
			                             ? lw_hex_label(land[i], hl, sizeof hl)
			                             : NULL);
	if (to.n) {
		tg_offer_begin(list, tg_act(list, "{s:s}", "type", "river_move"),
		               "Move by river (14.1.1)");
		tg_offer_param(list, "to", "Destination", NULL, &to, NULL);
		tg_offer_end(list);
	} else {
		tg_offer_list_free(&to);
	}
	for (int i = 0; i < np; i++)
		offer_one(s, side, list, LW_AM_RIVER_ASSAULT, ports[i]);
	if (side != LW_UNION)
		return;
	for (int c = 0; c < s->n_cities; c++)
		if (lw_amphib_ocean_port(c)) {
			int hex = lw_D()->cities[c].hex;
			offer_one(s, side, list, LW_AM_OCEAN_MOVE, hex);
			offer_one(s, side, list, LW_AM_OCEAN_ASSAULT, hex);
		}
}

static void remember(struct lw_state *s, bool river);
static void launch(struct lw_state *s, struct game_outcome *out);
static bool hunley_question(const struct lw_state *s, int hex);

bool lw_amphib_water_open(const struct lw_state *s, int side)
{
	const struct lw_amphib *am = &s->amphib;
	if (s->side[side].pc <= 0)
		return false; /* 10.6.6 */
	if (s->play.campaign && am->campaign_mark == campaign_mark(s))
		return false; /* 10.7.3.1 */
	if (am->river_turn[side] != turn_mark(s))
		return true; /* 14.1.1 */
	return side == LW_UNION && am->ocean_turn != turn_mark(s) &&
	       lw_D()->turns[s->turn].amphib_stars > 0; /* 14.2.1 */
}

void lw_amphib_note_use(struct lw_state *s, bool river)
{
	remember(s, river);
}

static void remember(struct lw_state *s, bool river)
{
	struct lw_amphib *am = &s->amphib;
	int side = s->play.side;
	if (s->play.campaign)
		am->campaign_mark = (uint16_t)campaign_mark(s);
	if (river) {
		if (am->river_turn[side] != turn_mark(s))
			am->river_n = 0;
		am->river_turn[side] = (uint8_t)turn_mark(s);
	} else {
		am->ocean_turn = (uint8_t)turn_mark(s);
		am->ocean_n = 0;
	}
	for (int i = 0; i < s->play.movers_n; i++) {
		if (river && am->river_n < LW_AMPHIB_UNITS)
			am->river_units[am->river_n++] = s->play.movers[i];
		if (!river && am->ocean_n < LW_AMPHIB_UNITS)
			am->ocean_units[am->ocean_n++] = s->play.movers[i];
	}
}

static void land_movers(struct lw_state *s, int to, struct game_outcome *out, bool river)
{
	struct lw_play *p = &s->play;
	int side = p->side, co = movers_co(s);
	int host = lw_force_co(s, to);
	int from = p->movers_n ? s->unit[p->movers[0]].hex : LW_NO_HEX;
	bool seen = co != LW_NONE && lw_unit_seen(s, co);
	if (host != LW_NONE && s->unit[host].side == side)
		lw_co_keeps_command(s, host); /* 11.0.1 */
	for (int i = 0; i < p->movers_n; i++) {
		struct lw_unit *u = &s->unit[p->movers[i]];
		u->hex = (int16_t)to;
		if (host != LW_NONE && !s->unit[host].cavalry && s->unit[host].stars >= u->stars &&
		    s->side[side].gic != p->movers[i])
			u->cmd = 0; /* 11.2.1: under the CO already there */
	}
	char name[96], hl[64];
	/* 12.7: named if seen where he starts or lands, as lw_march.c's move
	 * (docs/decisions.md "The public log says no more than the views") */
	if (seen || lw_unit_seen(s, co))
		lw_unit_name(s, co, name, sizeof name);
	else
		snprintf(name, sizeof name, "A %s force from %s", lw_side_title(side),
		         lw_hex_label(from, hl, sizeof hl));
	lw_log(s, "%s moves by %s to %s (%s).", name, river ? "river" : "sea",
	       lw_hex_label(to, hl, sizeof hl), river ? "14.1.1" : "14.2.1");
	lw_border_enter(s, side, to);
	lw_march_richmond_bonus(s, side, to); /* 10.7.8.2: "in any way" */
	/* 12.4, 13.1.1: check() found both stacks legal (the generals left
	 * behind, the force joined); the procedure only guards them. */
	if (from != LW_NO_HEX)
		lw_unstack(s, from, side);
	lw_unstack(s, to, side);
	p->moved = 1;
	lw_march_finish(s, out); /* 14.2.1: no moving on after landing */
}

static int water_move(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err, int kind)
{
	const char *type = kind_type[kind];
	bool move = kind == LW_AM_RIVER_MOVE || kind == LW_AM_OCEAN_MOVE;
	bool river = kind == LW_AM_RIVER_MOVE || kind == LW_AM_RIVER_ASSAULT;
	int hex;
	if (!lw_a_int(a, move ? "to" : "target", &hex))
		return tg_fail(err, TG_E_MALFORMED, "%s needs an integer \"%s\" hex", type,
		               move ? "to" : "target");
	if (lw_amphib_check(s, side, kind, hex, err) != 0)
		return -1;
	if (river && river_through_kentucky(s, side, lw_march_hex(s), hex))
		lw_kentucky_violate(s, side); /* 2.4.3, before the landing or the battle */
	remember(s, river);
	if (move) {
		land_movers(s, hex, out, river);
		return 0;
	}
	struct lw_amphib *am = &s->amphib;
	am->assault = (uint8_t)kind;
	am->assault_from = (int16_t)lw_march_hex(s);
	am->assault_target = (int16_t)hex;
	am->assault_co = (int16_t)movers_co(s);
	if (hunley_question(s, hex)) {
		/* 8.1.2.3 "The Hunley may roll": the Confederate's choice */
		s->step = LW_ST_HUNLEY;
		s->awaiting_side = LW_CONFEDERATE;
		if (out)
			out->barrier = true;
		return 0;
	}
	launch(s, out);
	return 0;
}

int lw_amphib_river_move_act(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err)
{
	return water_move(s, side, a, out, err, LW_AM_RIVER_MOVE);
}

int lw_amphib_river_assault_act(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err)
{
	return water_move(s, side, a, out, err, LW_AM_RIVER_ASSAULT);
}

int lw_amphib_ocean_move_act(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err)
{
	return water_move(s, side, a, out, err, LW_AM_OCEAN_MOVE);
}

int lw_amphib_ocean_assault_act(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err)
{
	return water_move(s, side, a, out, err, LW_AM_OCEAN_ASSAULT);
}

/* The assault of am->assault goes in (14.1.3, 14.2.2). */
static void launch(struct lw_state *s, struct game_outcome *out)
{
	const struct lw_amphib *am = &s->amphib;
	char hl[64];
	lw_hex_label(am->assault_target, hl, sizeof hl);
	bool river = am->assault == LW_AM_RIVER_ASSAULT;
	lw_log(s, "The Union launches a%s assault on %s (%s).", river ? " river" : "n ocean", hl,
	       river ? "14.1.3" : "14.2.2");
	lw_battle_declare(s, am->assault_target, out);
}

/* 8.1.2.3: "The Hunley may roll to cancel a Union amphibious attack against
 * its port once per game." Any amphibious assault (a river assault on New
 * Orleans too: the Hunley's ocean port is also a river port), and a choice
 * ("may": he may keep it for a later attack). Asked whenever the port holds
 * a face-down Asset, so that the question tells the Union nothing the
 * Asset's back does not (docs/amphibious_sieges.md "Hunley (8.1.2.3)"). */
static bool hunley_question(const struct lw_state *s, int hex)
{
	if (lw_amphib_naval.hunley_at && lw_amphib_naval.hunley_at(s, hex))
		return true;
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		const struct lw_navy_piece *x = &s->navy.asset[i];
		if (x->where == LW_NW_PORT && x->hex == hex && !x->revealed)
			return true;
	}
	return false;
}

void lw_amphib_hunley_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_amphib *am = &s->amphib;
	if (s->step != LW_ST_HUNLEY || side != LW_CONFEDERATE)
		return;
	char hl[64];
	lw_hex_label(am->assault_target, hl, sizeof hl);
	if (lw_amphib_naval.hunley_at && lw_amphib_naval.hunley_at(s, am->assault_target))
		tg_offer(list, tg_act(list, "{s:s}", "type", "hunley_roll"),
		         "Roll for the Hunley in %s: 3-6 cancels the assault; either way it is "
		         "then removed from the game (8.1.2.3)",
		         hl);
	tg_offer(list, tg_act(list, "{s:s}", "type", "hunley_hold"),
	         "Let the assault on %s go in (8.1.2.3: no Hunley roll)", hl);
}

static int refuse_hunley(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "8.1.2.3: \"hunley_roll\" (only with the Hunley in the port) or "
	               "\"hunley_hold\"");
}

static int hunley_answer(struct lw_state *s, bool roll, struct game_outcome *out,
                         struct tg_error *err)
{
	struct lw_amphib *am = &s->amphib;
	int hex = am->assault_target;
	bool here = lw_amphib_naval.hunley_at && lw_amphib_naval.hunley_at(s, hex);
	if (roll && !here)
		return refuse_hunley(s, LW_CONFEDERATE, "hunley_roll", err);
	s->step = LW_ST_MOVE; /* the assaulting force's move goes on */
	s->awaiting_side = LW_NOSIDE;
	if (out)
		out->barrier = true;
	if (roll) {
		char hl[64];
		lw_hex_label(hex, hl, sizeof hl);
		int die = tg_rng_die(&s->rng, 6);
		if (lw_amphib_naval.hunley_remove)
			lw_amphib_naval.hunley_remove(s, hex);
		if (lw_amphib_hunley_cancels(die)) {
			lw_log(s,
			       "The Hunley rolls %d: the amphibious assault on %s is cancelled "
			       "(8.1.2.3).",
			       die, hl);
			am->assault = LW_AM_NONE;
			s->play.attacked = 1;
			lw_march_finish(s, out);
			return 0;
		}
		lw_log(s, "The Hunley rolls %d and is spent; the assault on %s goes in (8.1.2.3).",
		       die, hl);
	}
	launch(s, out);
	return 0;
}

static int act_hunley_roll(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)side, (void)a;
	return hunley_answer(s, true, out, err);
}

static int act_hunley_hold(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)side, (void)a;
	return hunley_answer(s, false, out, err);
}

/* 8.1.2.3: the Confederate rolls for the Hunley or lets the assault go in. */
static const struct lw_action hunley_rows[] = {
    {"hunley_roll", "8.1.2.3", act_hunley_roll, 0},
    {"hunley_hold", "8.1.2.3", act_hunley_hold, 0},
};
const struct lw_actions lw_amphib_hunley_actions =
    LW_ACTIONS("ops.hunley", hunley_rows, refuse_hunley);

int lw_amphib_hunley_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	if (s->step != LW_ST_HUNLEY)
		return tg_fail(err, TG_E_ILLEGAL, "8.1.2.3: no Hunley question is pending");
	if (side != LW_CONFEDERATE)
		return tg_fail(err, TG_E_NOT_YOUR_TURN,
		               "8.1.2.3: the Confederate decides whether the Hunley rolls");
	return lw_action_dispatch(&lw_amphib_hunley_actions, s, side, a, out, err);
}

static bool occupying(const struct lw_state *s)
{
	return s->amphib.assault != LW_AM_NONE && s->battle.active && s->step == LW_ST_ADVANCE;
}

/* The entries the assault's battle keeps: none that stays out. */
static bool stays_in(const char *type, const void *ctx)
{
	const struct lw_action *x = lw_action_find(lw_battle_actions(ctx), type);
	return !(x && (x->flags & LW_BATTLE_STAYS_OUT));
}

void lw_amphib_battle_filter(const struct lw_state *s, struct tg_offers *list,
                             struct tg_offers_keep *was)
{
	if (occupying(s))
		tg_offers_filter(list, stays_in, s, was);
	else
		*was = (struct tg_offers_keep){list->keep, list->keep_ctx};
}

int lw_amphib_must_occupy(const struct lw_state *s, struct tg_error *err)
{
	if (occupying(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.1.3/14.2.2: a successful assault occupies the port");
	return 0;
}

/* 14.1.3 / 14.2.2: the consequences once the assault's battle is over. */
static void settle_assault(struct lw_state *s)
{
	struct lw_amphib *am = &s->amphib;
	if (am->assault == LW_AM_NONE || s->battle.active || s->step == LW_ST_HUNLEY)
		return; /* (the Hunley's question comes before the battle) */
	int kind = am->assault, co = am->assault_co;
	am->assault = LW_AM_NONE;
	int c = lw_city_at(am->assault_target);
	/* won: the port taken, or besieged by the assault force (16.9.5.2) */
	bool won = c >= 0 && (lw_city_controller(s, c) == LW_UNION ||
	                      lw_siege_besieging(s, am->assault_target, LW_UNION));
	if (won) {
		/* 8.1.2.3: the Hunley cannot escape a port that falls */
		if (lw_amphib_naval.hunley_at && lw_amphib_naval.hunley_remove &&
		    lw_amphib_naval.hunley_at(s, am->assault_target))
			lw_amphib_naval.hunley_remove(s, am->assault_target);
		return;
	}
	bool co_here = co >= 0 && co < s->n_units && s->unit[co].where == LW_W_MAP;
	if (kind == LW_AM_RIVER_ASSAULT && !co_here) {
		/* 14.1.3: "the retreating amphibious force takes one additional
		 * IT": the force's, also when its CO fell in the battle (its
		 * new CO carries it) */
		co = lw_force_co_side(s, am->assault_from, LW_UNION);
		co_here = co != LW_NONE;
	}
	if (!co_here)
		return; /* 14.2.2: the CO who led it is gone: nobody to demote */
	char name[64];
	lw_unit_name(s, co, name, sizeof name);
	if (kind == LW_AM_RIVER_ASSAULT) {
		s->unit[co].it++;
		s->unit[co].it_new++;
		lw_log(s, "The failed river assault costs %s one more IT (14.1.3).", name);
		return_by_river(s);
	} else {
		lw_log(s, "The failed ocean assault: %s is demoted (14.2.2).", name);
		lw_demote(s, co);
		lw_unstack_all(s);
	}
}

void lw_amphib_settle(struct lw_state *s)
{
	settle_assault(s);
	lw_siege_settle(s);
	lw_pcsa_settle(s);
}

/* ---- 16.9.4 retreating from ports by water ------------------------------------------------ */

int lw_amphib_nearest(int from, const int *cands, int n)
{
	int best = -1, bd = 0;
	for (int i = 0; i < n; i++) {
		int dd = tg_hex_distance(&lw_D()->grid, from, cands[i]);
		if (best < 0 || dd < bd) {
			best = cands[i];
			bd = dd;
		}
	}
	return best;
}

/* A land route to supply that does not count the port itself: the trace of
 * 20.0 with the port's city counting for nobody. */
static bool land_route(const struct lw_state *s, int hex, int side, int c)
{
	static _Thread_local struct lw_state copy;
	copy = *s;
	copy.city[c].owner = LW_NOSIDE;
	return lw_supply_traced(&copy, hex, side, NULL);
}

int lw_amphib_nearest_all(int from, const int *cands, int n, int *out, int max)
{
	int best = lw_amphib_nearest(from, cands, n), k = 0;
	if (best < 0)
		return 0;
	int bd = tg_hex_distance(&lw_D()->grid, from, best);
	for (int i = 0; i < n && k < max; i++)
		if (tg_hex_distance(&lw_D()->grid, from, cands[i]) == bd)
			out[k++] = cands[i];
	return k;
}

int lw_amphib_water_ports(const struct lw_state *s, const int *u, int n, int *out, int max)
{
	const struct lw_battle *b = &s->battle;
	int D = LW_OTHER(b->attacker), hex = b->def_hex;
	int c = lw_city_at(hex);
	if (D != LW_UNION || c < 0 || n == 0)
		return 0;
	const struct lw_city *k = &lw_D()->cities[c];
	bool ocean = lw_amphib_ocean_port(c), river = lw_amphib_river_port(c);
	if (k->control != LW_CTRL_CONFEDERATE || lw_city_controller(s, c) != LW_UNION ||
	    !(ocean || river) || land_route(s, hex, D, c))
		return 0;
	/* 16.9.4 "by water": a river port is reached along the rivers, as a
	 * river move would go (14.1.1: enemy ports, and enemy forces on both
	 * banks, stop the boats); the sea joins every ocean port */
	int land[RIVER_MAX], nl = 0;
	if (river)
		nl = lw_amphib_river_reach(s, D, hex, land, RIVER_MAX, NULL, NULL, 0);
	int cands[LW_MAX_CITIES], nc = 0;
	for (int o = 0; o < s->n_cities; o++) {
		if (o == c || lw_city_controller(s, o) != LW_UNION)
			continue;
		bool by_river = false;
		for (int i = 0; i < nl && !by_river && lw_amphib_river_port(o); i++)
			by_river = land[i] == lw_D()->cities[o].hex;
		if ((ocean && lw_amphib_ocean_port(o)) || by_river) {
			if (lw_stack_check_hex(s, lw_D()->cities[o].hex, D, u, n, LW_NONE, 0,
			                       NULL) == 0)
				cands[nc++] = lw_D()->cities[o].hex;
		}
	}
	/* 16.9.4 "the nearest friendly port": the text does not say who picks
	 * among equally near ones; the retreating player does, as he picks his
	 * retreat hex in 16.9.1 (the battle's retreat prompt offers them) */
	return lw_amphib_nearest_all(hex, cands, nc, out, max);
}

/* 16.9.4 for the retreating generals u[0..n) of the losing defender at the
 * battle hex: the whole force, or the excess a routed Major Army offering
 * siege sends away (16.6.4). The port is surrendered only when nobody of
 * the force is left in it: the rest held in the siege keeps it, its fate
 * being the siege's (16.9.5.4; docs/amphibious_sieges.md "16.9.4"). */
void lw_amphib_water_retreat_to(struct lw_state *s, const int *u, int n, int to)
{
	const struct lw_battle *b = &s->battle;
	int D = LW_OTHER(b->attacker), hex = b->def_hex;
	int c = lw_city_at(hex);
	int co = lw_set_co(s, u, n); /* the CO of the retreating force */
	int stars = co != LW_NONE ? s->unit[co].stars : 0;
	char hl[64], tl[64], name[64];
	lw_hex_label(hex, hl, sizeof hl);
	lw_hex_label(to, tl, sizeof tl);
	for (int i = 0; i < n; i++)
		lw_unit_place(s, u[i], to);
	int rest[LW_MAX_UNITS];
	bool whole = lw_units_at(s, hex, D, rest) == 0;
	lw_log(s,
	       "The Union %s in %s has no land supply route and retreats by water to %s "
	       "(16.9.4).",
	       whole ? "force" : "excess", hl, tl);
	if (whole && c >= 0 && lw_city_controller(s, c) != b->attacker) {
		lw_capture_city(s, b->attacker, c,
		                false); /* surrendered: supply in PC changes hands */
		/* 16.10.1.1: "the CO of the force capturing the city suffers 1
		 * IT": the city is empty now, so lw_capture_city found nobody
		 * there; the victorious force, still in its hex until it
		 * advances, is the one the port surrendered to (issue 22) */
		int vco = lw_force_co_side(s, b->att_hex, b->attacker);
		if (vco != LW_NONE) {
			s->unit[vco].it++;
			s->unit[vco].it_new++;
		}
	} else
		lw_log(s,
		       "The rest of the force stays in %s: the port is not surrendered (16.9.4, "
		       "16.9.5).",
		       hl);
	if (co != LW_NONE) {
		lw_log(s, "%s loses a star; the %s player gains %d PC (16.9.4).",
		       lw_unit_name(s, co, name, sizeof name), lw_side_title(b->attacker), stars);
		lw_gain_pc(s, b->attacker, stars);
		lw_demote(s, co);
		lw_unstack_all(s);
	}
}

bool lw_amphib_water_retreat_some(struct lw_state *s, const int *u, int n)
{
	int ports[LW_MAX_CITIES];
	int np = lw_amphib_water_ports(s, u, n, ports, LW_MAX_CITIES);
	if (np != 1)
		return false; /* none: the 16.9 retreat (or 16.9.6); several: the
		                 owner picks one in the retreat prompt (lw_battle_retreat.c) */
	lw_amphib_water_retreat_to(s, u, n, ports[0]);
	return true;
}

bool lw_amphib_water_retreat(struct lw_state *s)
{
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, s->battle.def_hex, LW_OTHER(s->battle.attacker), u);
	return lw_amphib_water_retreat_some(s, u, n);
}
