/* lw_campaign.c — 10.7.3 where a campaign force ends its movement (see
 * lw_campaign.h). */
#include "lw_campaign.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lw_amphib.h"
#include "lw_consolidation.h"
#include "lw_march.h"

#define REACH_LAND_MAX 512 /* river landing hexes looked at */
#define REACH_PORTS_MAX 64

static int region_of(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h ? (int)h->region : LW_REGION_NONE;
}

static unsigned bit_of(int hex)
{
	return LW_CAMP_BIT(region_of(hex));
}

static int popcount(unsigned m)
{
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

static const char *region_name(int r)
{
	static const char *const names[LW_REGION_COUNT] = {
	    "no campaign region",
	    "the Eastern Theater (VA)",
	    "Up North (IL, IN, OH, PA, MD)",
	    "Kentucky/Tennessee",
	    "Down South (NC, SC, GA, FL, AL, MS)",
	    "the Trans-Mississippi (IA, MO, KS, AR, Indian Territory, LA, TX)"};
	return r >= 0 && r < LW_REGION_COUNT ? names[r] : "?";
}

/* ---- what is allowed --------------------------------------------------------------- */

static unsigned allowed_for(const struct lw_state *s, int i)
{
	const struct lw_groups *g = &s->groups;
	if (!s->play.campaign || i < 0 || i >= g->camp_n)
		return 0;
	if (g->camp_region[i] > LW_REGION_NONE)
		return LW_CAMP_BIT(g->camp_region[i]);
	/* 10.7.3.2: the player names each theater before either force moves
	 * (lw_theater.c); until then any theater but the other force's */
	unsigned m = LW_CAMP_THEATERS;
	int o = 1 - i;
	if (o < g->camp_n)
		m &= ~LW_CAMP_BIT(g->camp_region[o]);
	return m;
}

unsigned lw_campaign_allowed(const struct lw_state *s)
{
	return allowed_for(s, s->groups.camp_now);
}

/* The last region of the allowed set al (0 if none): the only one when
 * one is allowed. */
static int last_region(unsigned al)
{
	int r = 0;
	for (int k = 1; k < LW_REGION_COUNT; k++)
		if (al & LW_CAMP_BIT(k))
			r = k;
	return r;
}

/* A sentence naming what is allowed, for the refusals. */
static int fail_end(const struct lw_state *s, struct tg_error *err, const char *why)
{
	unsigned al = lw_campaign_allowed(s);
	if (s->play.campaign == 1) {
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.1: both campaign forces must end their movement in the "
		               "region named on the card, %s: %s",
		               region_name(last_region(al)), why);
	}
	if (popcount(al) == 1) {
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: the two forces must end their movement in two separate "
		               "theaters, this one in %s: %s",
		               region_name(last_region(al)), why);
	}
	return tg_fail(err, TG_E_ILLEGAL,
	               "10.7.3.2: the two forces must end their movement in two separate "
	               "theaters (one of the five regions, not the other force's): %s",
	               why);
}

/* ---- the search ------------------------------------------------------------------------- */

/* "A way in is still open" is searched over the engine's own transitions of
 * the rest of the activation, on copies of the state: a step (lw_move_check,
 * lw_march_step_apply, lw_border_enter), a general left behind
 * (lw_march_detach_check / _apply), a pickup (12.5), a water move or assault
 * from where a group stands before it has moved (lw_amphib_check,
 * lw_amphib_note_use), the end of a group's move (stop; an attack, a raid
 * or a revive end it in the same hex), the next group of the generals left
 * behind (lw_march_group_setup) and the end of the activation. In the
 * copies no campaign refusal applies (camp_now is -1: no recursion). The
 * question is whether some sequence of those actions ends every general of
 * the force still to move (the movers and the generals waiting to move) in
 * the region (in one theater, 10.7.3.2). Nodes are memoised on a canonical
 * key of the force's positions and points; the search is finite (the
 * allowances), and capped at REACH_NODES expanded nodes per question and
 * REACH_ACTION per action asked about: what the cap leaves unproven counts
 * as a way (R_UNKNOWN: nothing is refused on
 * an unproven claim). */

#define REACH_NODES 2000 /* nodes expanded per question, at most */
#define REACH_ACTION 400 /* ... and per action asked about (one cannot starve the others) */
#define REACH_MEMO 8192  /* memo slots (a power of two, above REACH_NODES) */
#define REACH_RIVER 4    /* river searches kept per question */
#define REACH_GENS (LW_GROUP_FORCE + LW_MAX_MOVERS)

#define REACH_HEX_IDS 10048 /* hex ids are col * 100 + row (hexgrid.h): under 10000 */

enum { R_NO = 0, R_YES = 1, R_UNKNOWN = 2 };
enum { RK_STOP, RK_STEP, RK_DETACH, RK_END, RK_PICKUP, RK_GROUP, RK_WATER };

struct river_seen {
	int from, nl, np;
	int *land;
	int ports[REACH_PORTS_MAX];
};

struct rctx {
	int idx;        /* the campaign force moving (allowed_for) */
	unsigned fixed; /* the regions, when given (a designation), else 0 */
	int16_t gen[REACH_GENS];
	int n_gen;         /* the generals to bring in */
	long nodes, limit; /* expanded; where the cap stops the search */
	bool capped;
	struct river_seen river[REACH_RIVER];
	int n_river;
	/* the copies of the state along the path searched (one per depth) */
	struct lw_state *pool;
	int depth;
	/* hexes no group of the side may step into during the question
	 * (blocked_init): the same in every node */
	uint64_t blocked[REACH_HEX_IDS / 64];
	/* each unit's class (classes_init): itself, or the first general of
	 * the force no rule of the search tells apart from it */
	int16_t cls[LW_MAX_UNITS];
	/* hexes where a unit of the side not of c->gen stood when the question
	 * was asked (crowded_init): their room is not bounded (room_ok) */
	uint64_t crowded[REACH_HEX_IDS / 64];
};

struct memo_slot {
	uint64_t h1, h2;
	uint32_t stamp;
	uint8_t res;
};

static _Thread_local struct memo_slot memo[REACH_MEMO];
static _Thread_local uint32_t memo_stamp;

static void memo_new(void)
{
	if (++memo_stamp == 0) {
		memset(memo, 0, sizeof memo);
		memo_stamp = 1;
	}
}

static bool memo_get(uint64_t h1, uint64_t h2, int *res)
{
	for (unsigned i = 0; i < 16; i++) {
		const struct memo_slot *m = &memo[(h1 + i) & (REACH_MEMO - 1)];
		if (m->stamp != memo_stamp)
			return false;
		if (m->h1 == h1 && m->h2 == h2) {
			*res = m->res;
			return true;
		}
	}
	return false;
}

static void memo_put(uint64_t h1, uint64_t h2, int res)
{
	for (unsigned i = 0; i < 16; i++) {
		struct memo_slot *m = &memo[(h1 + i) & (REACH_MEMO - 1)];
		if (m->stamp != memo_stamp || (m->h1 == h1 && m->h2 == h2)) {
			*m = (struct memo_slot){h1, h2, memo_stamp, (uint8_t)res};
			return;
		}
	}
}

struct hash2 {
	uint64_t a, b;
};

static void hash_bytes(struct hash2 *h, const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++) {
		h->a = (h->a ^ c[i]) * 0x100000001b3ull; /* FNV-1a */
		h->b = (h->b + c[i] + 1) * 0x9e3779b97f4a7c15ull;
		h->b ^= h->b >> 29;
	}
}

static bool is_mover_of(const struct lw_state *w, int u)
{
	for (int i = 0; i < w->play.movers_n; i++)
		if (w->play.movers[i] == u)
			return true;
	return false;
}

/* The canonical key of a node: everything the rest of the activation can
 * change and later checks read (the force's generals, their group's points
 * and limits, the water moves used, 2.4's Kentucky and neutral cities, the
 * PC, the theater taken); the rest of the state is the same in every node
 * of one question (12.3.1's list of parts, play.mis_*, too: only the end of
 * the activation, past the search, adds to it, and play.mis_crossed, which
 * a step sets, is read only there). Orders that do not matter (movers, the
 * 12.5 list) are sorted, and generals of the force no rule tells apart are
 * named by their class (classes_init): a node and the node with two of them
 * swapped have one key (the same answer). */
static struct hash2 key_of(const struct rctx *c, const struct lw_state *w)
{
	const struct lw_play *p = &w->play;
	const struct lw_groups *g = &w->groups;
	enum { T = 8 };
	int16_t k[32 + LW_MAX_MOVERS + T * LW_GROUP_FORCE];
	int n = 0;
	int16_t mv[LW_MAX_MOVERS];
	int nm = p->movers_n;
	for (int i = 0; i < nm; i++)
		mv[i] = c->cls[p->movers[i]];
	for (int i = 1; i < nm; i++)
		for (int j = i; j > 0 && mv[j - 1] > mv[j]; j--) {
			int16_t t = mv[j];
			mv[j] = mv[j - 1];
			mv[j - 1] = t;
		}
	k[n++] = (int16_t)nm;
	for (int i = 0; i < nm; i++)
		k[n++] = mv[i];
	k[n++] = p->moved;
	k[n++] = p->max_move;
	k[n++] = p->major;
	k[n++] = p->crossed_river;
	k[n++] = p->attacked;
	k[n++] = w->land.mountain;
	k[n++] = w->land.stopped;
	k[n++] = p->cons_hex;
	/* one tuple a general of the groups, sorted */
	int16_t t[LW_GROUP_FORCE][T];
	int nt = g->n < LW_GROUP_FORCE ? g->n : LW_GROUP_FORCE;
	for (int i = 0; i < nt; i++) {
		const struct lw_unit *x = &w->unit[g->unit[i]];
		int16_t e[T] = {c->cls[g->unit[i]], x->where == LW_W_MAP ? x->hex : -1, g->wait[i],
		                is_mover_of(w, g->unit[i])};
		if (g->wait[i]) {
			e[4] = g->hex[i];
			e[5] = g->moved[i];
			e[6] = g->max_move[i];
			e[7] = g->limits[i];
		}
		int j = i;
		for (; j > 0 && memcmp(t[j - 1], e, sizeof e) > 0; j--) /* (a fixed order) */
			memcpy(t[j], t[j - 1], sizeof e);
		memcpy(t[j], e, sizeof e);
	}
	k[n++] = g->n;
	for (int q = 0; q < nt; q++)
		for (int f = 0; f < T; f++)
			k[n++] = t[q][f];
	k[n++] = g->camp_region[0];
	k[n++] = g->camp_region[1];
	k[n++] = (int16_t)w->amphib.campaign_mark;
	for (int i = 0; i < LW_SIDE_SLOTS; i++) {
		k[n++] = w->amphib.river_turn[i];
		k[n++] = (int16_t)w->side[i].pc;
	}
	k[n++] = w->amphib.ocean_turn;
	k[n++] = w->kentucky.violator;
	struct hash2 h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
	hash_bytes(&h, k, (size_t)n * sizeof k[0]);
	for (int c = 0; c < w->n_cities && c < LW_MAX_CITIES; c++)
		hash_bytes(&h, &w->city[c].owner, 1);
	return h;
}

static unsigned allowed_in(const struct rctx *c, const struct lw_state *w)
{
	return c->fixed ? c->fixed : allowed_for(w, c->idx);
}

/* 10.7.3.2: the theater is not taken yet (the first group to end its move
 * in one takes it). */
static bool theater_open(const struct rctx *c, const struct lw_state *w)
{
	const struct lw_groups *g = &w->groups;
	return !c->fixed && w->play.campaign == 2 && c->idx >= 0 && c->idx < g->camp_n &&
	       g->camp_region[c->idx] <= LW_REGION_NONE;
}

static bool is_blocked(const struct rctx *c, int hex)
{
	return hex < 0 || hex >= REACH_HEX_IDS || (c->blocked[hex / 64] >> (hex % 64) & 1u);
}

/* Is hex one of the bits blocked (an id off them: no)? */
static bool is_blocked_in(const struct rctx *c, int hex)
{
	return hex >= 0 && hex < REACH_HEX_IDS && (c->blocked[hex / 64] >> (hex % 64) & 1u);
}

static void block(struct rctx *c, int hex)
{
	if (hex >= 0 && hex < REACH_HEX_IDS)
		c->blocked[hex / 64] |= 1ull << (hex % 64);
}

static bool is_crowded(const struct rctx *c, int hex)
{
	return hex < 0 || hex >= REACH_HEX_IDS || (c->crowded[hex / 64] >> (hex % 64) & 1u);
}

/* The hexes lw_move_check refuses to every group of the side for the whole
 * question, whatever the group and whatever it did before: held by the
 * enemy, an enemy city that is not bracketed (16.1, 16.1.2; neither when
 * it is a siege of the side's own, 16.9.5.3 joins_siege), a hex where the
 * side is besieged (16.9.5.3 "never reinforced"), and for the Confederates
 * the cities of 2.3. No action the search plays (a step, a general left
 * behind, a pickup, a water move, the end of a move or of the activation,
 * the next group) moves an enemy unit, begins or ends a siege or takes an
 * enemy city (lw_border_enter takes only neutral ones, 2.4): the set is
 * the same in every node. */
static void blocked_init(struct rctx *c, const struct lw_state *w)
{
	int side = w->play.side;
	memset(c->blocked, 0, sizeof c->blocked);
	/* a hex blocked already is not judged again (the units of a stack,
	 * each a siege look-up: issue 17, session 29) */
	for (int i = 0; i < w->n_units; i++) {
		const struct lw_unit *x = &w->unit[i];
		if (x->where != LW_W_MAP || is_blocked_in(c, x->hex))
			continue;
		if (x->side == LW_OTHER(side) ? !lw_siege_reinforces(w, side, x->hex)
		                              : lw_siege_blocks_entry(w, side, x->hex))
			block(c, x->hex);
	}
	for (int k = 0; k < w->n_cities && k < LW_MAX_CITIES; k++) {
		const struct lw_city *city = &lw_D()->cities[k];
		if (is_blocked_in(c, city->hex))
			continue;
		if ((side == LW_CONFEDERATE && city->no_confederate_entry) ||
		    (lw_city_controller(w, k) == LW_OTHER(side) && !city->bracketed &&
		     !lw_siege_reinforces(w, side, city->hex)))
			block(c, city->hex);
	}
}

static bool in_gen(const struct rctx *c, int u);

/* The hexes where a unit of the side stands that is not one of the
 * generals to bring in (c->gen, gathered first): room_ok does not bound
 * their room (such a unit may stay, raising 12.4's limit with its three
 * stars, or be picked up and leave, 12.5). */
static void crowded_init(struct rctx *c, const struct lw_state *w)
{
	memset(c->crowded, 0, sizeof c->crowded);
	for (int i = 0; i < w->n_units; i++) {
		const struct lw_unit *x = &w->unit[i];
		if (x->where == LW_W_MAP && x->side == w->play.side && !in_gen(c, i) &&
		    x->hex >= 0 && x->hex < REACH_HEX_IDS)
			c->crowded[x->hex / 64] |= 1ull << (x->hex % 64);
	}
}

/* 14.3: u moved by water this turn (a later water move reads it). */
static bool sailed(const struct lw_state *w, int u)
{
	const struct lw_amphib *am = &w->amphib;
	for (int i = 0; i < am->river_n && i < LW_AMPHIB_UNITS; i++)
		if (am->river_units[i] == u)
			return true;
	for (int i = 0; i < am->ocean_n && i < LW_AMPHIB_UNITS; i++)
		if (am->ocean_units[i] == u)
			return true;
	return false;
}

static bool in_gen(const struct rctx *c, int u)
{
	for (int i = 0; i < c->n_gen; i++)
		if (c->gen[i] == u)
			return true;
	return false;
}

/* Generals the search cannot tell apart: the checks and transitions it
 * plays read of a general his side, stars, cavalry, IT, wounds and flags
 * (12.1 - 12.5, 12.8, 13.1.1 stacking, 14.x stars, 18.2 IT carried), the
 * part of a Major Army dispersed across the Mississippi he belongs to
 * (12.3.1: parts may not enter each other's hex nor be taken along
 * together, lw_march_entry_check; play.mis_* is the card play's, the same
 * in every node of a question, so it is not in key_of),
 * whether he is the activated CO or a GiC (12.5 / 12.9 stops, 11.1.3.2),
 * and the 14.3 lists of who went by water; his name and seniority (`cmd`,
 * which only picks the CO among equals, whose stars and cavalry are all a
 * check reads) they do not. Two generals of the side equal in all of
 * those, neither the CO nor a GiC nor on a 14.3 list, both of c->gen (the
 * goal names them alike) or both not of it and in one hex (a general not
 * of the force is not in the key until a pickup, 12.5, takes all of that
 * hex at once), are swapped by a bijection of the search's states that
 * maps every action to an action with the swapped result and keeps the
 * goal: a node and its swap have the same answer, and key_of names both by
 * their class, the first of them. */
static void classes_init(struct rctx *c, const struct lw_state *w)
{
	int side = w->play.side;
	for (int u = 0; u < LW_MAX_UNITS; u++)
		c->cls[u] = (int16_t)u;
	/* The generals that may share a class, in unit order, each judged
	 * once (issue 17: each pair judged both again, the 14.3 lists walked
	 * for each, about 12 K instructions a question), with whether he is
	 * of c->gen. */
	int16_t cand[LW_MAX_UNITS];
	bool ga[LW_MAX_UNITS];
	int n = 0;
	for (int a = 0; a < w->n_units && a < LW_MAX_UNITS; a++) {
		const struct lw_unit *x = &w->unit[a];
		if (x->where != LW_W_MAP || x->side != side || a == w->play.co ||
		    a == w->side[LW_UNION].gic || a == w->side[LW_CONFEDERATE].gic || sailed(w, a))
			continue;
		cand[n] = (int16_t)a;
		ga[n++] = in_gen(c, a);
	}
	/* Each general's class is the first candidate alike in everything the
	 * pairs compared (an equivalence: whether of c->gen, the hex when not,
	 * the fields below and the 12.3.1 part), so the first of each is found
	 * in a table of the firsts rather than by every pair (issue 17, session
	 * 29: the pairs were 0.19 M of bench_views 300's fan-out). */
	enum { SLOTS = 512 };       /* a power of two above 2 * LW_MAX_UNITS */
	int16_t first[SLOTS] = {0}; /* a first's index in cand + 1 */
	int part[LW_MAX_UNITS];
	for (int i = 0; i < n; i++) {
		int a = cand[i];
		const struct lw_unit *x = &w->unit[a];
		part[i] = lw_march_mis_part(w, a);
		uint64_t h = (uint64_t)ga[i] * 0x9e3779b97f4a7c15ull;
		h = (h ^ (uint64_t)(ga[i] ? 0 : (uint16_t)x->hex)) * 0x100000001b3ull;
		h = (h ^ ((uint64_t)x->stars | (uint64_t)x->cavalry << 8 |
		          (uint64_t)x->wounds << 16 | (uint64_t)x->flags << 24 |
		          (uint64_t)(uint16_t)x->it << 32 | (uint64_t)(uint16_t)x->it_new << 48)) *
		    0x9e3779b97f4a7c15ull;
		h = (h ^ (uint64_t)(uint32_t)part[i]) * 0x100000001b3ull;
		for (unsigned k = (unsigned)(h >> 40) & (SLOTS - 1);; k = (k + 1) & (SLOTS - 1)) {
			if (!first[k]) {
				first[k] = (int16_t)(i + 1);
				break;
			}
			int j = first[k] - 1, b = cand[j];
			const struct lw_unit *y = &w->unit[b];
			if (ga[j] == ga[i] && (ga[i] || y->hex == x->hex) && x->stars == y->stars &&
			    x->cavalry == y->cavalry && x->it == y->it && x->it_new == y->it_new &&
			    x->wounds == y->wounds && x->flags == y->flags && part[j] == part[i]) {
				c->cls[a] = (int16_t)b;
				break;
			}
		}
	}
}

/* Could a group step into b across a hexside of these flags, as far as the
 * question's fixed facts tell (lw_move_check refuses every other step: 15.0
 * no ocean, 2.1 no impassable hexside, blocked_init's hexes)? The walks
 * below read a hex's neighbours and their hexsides' flags in one read of
 * the data (lw_data_neighbours_flags: tg_hex_neighbours' hexes in its
 * order, lw_data_hexside_flags' flags), not the grid's arithmetic and a
 * hexside look-up per step (issue 17, session 29). */
static bool passable(const struct rctx *c, int b, unsigned flags)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), b);
	return h && h->terrain != LW_TERRAIN_OCEAN && !is_blocked(c, b) &&
	       !(flags & LW_HS_IMPASSABLE);
}

/* The hexes a walk has seen: a bit a hex id (the walks kept a list and
 * scanned it for every neighbour, about half of a walk's cost, issue 17);
 * an id off the bits (none is a data hex) is looked for in the list. */
struct walk_seen {
	uint64_t bits[REACH_HEX_IDS / 64];
};

/* Was hex seen (in seen[0..n) or its bit)? If not, its bit is set. */
static bool walk_seen_add(struct walk_seen *ws, const int *seen, int n, int hex)
{
	if (hex < 0 || hex >= REACH_HEX_IDS) {
		for (int q = 0; q < n; q++)
			if (seen[q] == hex)
				return true;
		return false;
	}
	uint64_t bit = 1ull << (hex % 64), *word = &ws->bits[hex / 64];
	if (*word & bit)
		return true;
	*word |= bit;
	return false;
}

/* Is some hex of `mask` within `dist` steps of hex by land (passable)?
 *
 * An admissible bound (it never cuts a branch that could get in): every
 * step of a group the search plays passes lw_move_check, so it goes into
 * an adjacent land hex across no impassable hexside and into no hex of
 * blocked_init (which no action of the question unblocks); and each step
 * spends one of the group's hexes (12.1 - 12.3: one a hex, whatever the
 * terrain; lw_move_step_record). So a general who ends in the region by
 * land has a path of at most `dist` passable steps to a hex of it, and the
 * breadth-first search below, which follows every passable step up to
 * `dist` (more hexes than it can hold: it answers yes), finds it. What it
 * ignores (stacking, 12.5, 12.3.1's parts kept apart, a Major Army's
 * mountains and rivers, a CO who stops the group) only lets more through. */
static bool near(const struct rctx *c, int hex, int dist, unsigned mask)
{
	if (bit_of(hex) & mask)
		return true;
	int seen[128], n = 0, lo = 0;
	struct walk_seen ws = {{0}};
	seen[n++] = hex; /* before its mark: GCC MinSizeRel took the empty
	                  * list for an uninitialised read */
	walk_seen_add(&ws, seen, 0, hex);
	for (int k = 0; k < dist; k++) {
		int hi = n;
		for (int i = lo; i < hi; i++) {
			int nb[6];
			unsigned fl[6];
			int m = lw_data_neighbours_flags(lw_D(), seen[i], nb, fl);
			for (int j = 0; j < m; j++) {
				if (!passable(c, nb[j], fl[j]))
					continue;
				if (bit_of(nb[j]) & mask)
					return true;
				if (walk_seen_add(&ws, seen, n, nb[j]))
					continue;
				if (n == (int)(sizeof seen / sizeof seen[0]))
					return true; /* too far to tell: a bound must not cut */
				seen[n++] = nb[j];
			}
		}
		lo = hi;
	}
	return false;
}

static const struct river_seen *river_of(struct rctx *c, const struct lw_state *w, int from);
static bool is_mover_of(const struct lw_state *w, int u);

/* ---- 12.4 / 12.5: room in the region for the groups ---------------------------------- */

#define ROOM_HEXES 64  /* the hexes room_ok tells apart (beyond: a group is not counted) */
#define ROOM_GROUPS 10 /* the groups counted together (2^10 subsets; beyond: not counted) */
#define ROOM_SEEN 128  /* hexes a group's walk looks at (beyond: not counted) */
#define ROOM_FREE 1000 /* the room of a crowded hex: not bounded */

struct room_group {
	int hex;        /* where it stands */
	int left;       /* hexes it may still move (its generals' largest) */
	bool fresh;     /* it may still go by water (it has not moved) */
	int stars, cav; /* its generals of c->gen: infantry stars, cavalry generals */
	uint64_t cand;  /* the hexes (room_ix) it could end its movement in */
};

struct room {
	int hex[ROOM_HEXES];
	int n;
	int closed[LW_GROUP_FORCE]; /* hexes closed for good (room_closed) */
	int n_closed;
};

/* The index of hex among the hexes told apart, or -1 when they are full. */
static int room_ix(struct room *r, int hex)
{
	for (int i = 0; i < r->n; i++)
		if (r->hex[i] == hex)
			return i;
	if (r->n == ROOM_HEXES)
		return -1;
	r->hex[r->n] = hex;
	return r->n++;
}

static bool room_closed(const struct room *r, int hex)
{
	for (int i = 0; i < r->n_closed; i++)
		if (r->closed[i] == hex)
			return true;
	return false;
}

/* hex as a hex group gr could end in; false when it cannot be told apart
 * (gr is then not counted). */
static bool room_add(struct room *r, struct room_group *gr, int hex)
{
	int i = room_ix(r, hex);
	if (i < 0)
		return false;
	gr->cand |= 1ull << i;
	return true;
}

/* The hexes of the region gr may end its movement in (into gr->cand): its
 * own hex, the hexes within gr->left passable steps not closed for good,
 * and the landings of a water move; false when they cannot all be told
 * apart, or a water assault is open to it (gr is then not counted). */
static bool room_cands(struct rctx *c, const struct lw_state *w, struct room *r,
                       struct room_group *gr, unsigned al)
{
	if ((bit_of(gr->hex) & al) && !room_add(r, gr, gr->hex))
		return false;
	int seen[ROOM_SEEN], n = 0, lo = 0;
	struct walk_seen ws = {{0}};
	seen[n++] = gr->hex; /* before its mark, as near()'s */
	walk_seen_add(&ws, seen, 0, gr->hex);
	for (int k = 0; k < gr->left; k++) {
		int hi = n;
		for (int i = lo; i < hi; i++) {
			int nb[6];
			unsigned fl[6];
			int m = lw_data_neighbours_flags(lw_D(), seen[i], nb, fl);
			for (int j = 0; j < m; j++) {
				if (!passable(c, nb[j], fl[j]) || room_closed(r, nb[j]))
					continue;
				if (walk_seen_add(&ws, seen, n, nb[j]))
					continue;
				if (n == ROOM_SEEN)
					return false;
				seen[n++] = nb[j];
				if ((bit_of(nb[j]) & al) && !room_add(r, gr, nb[j]))
					return false;
			}
		}
		lo = hi;
	}
	int side = w->play.side;
	if (!gr->fresh || !lw_amphib_water_open(w, side))
		return true;
	const struct lw_hex *h = lw_data_hex(lw_D(), gr->hex);
	if (h && h->river) {
		const struct river_seen *rv = river_of(c, w, gr->hex);
		if (!rv)
			return false;
		for (int i = 0; i < rv->np; i++)
			if (bit_of(rv->ports[i]) & al)
				return false; /* an assault: no 12.5 check, taken as won */
		for (int i = 0; i < rv->nl; i++)
			if ((bit_of(rv->land[i]) & al) && !room_closed(r, rv->land[i]) &&
			    !room_add(r, gr, rv->land[i]))
				return false;
	}
	if (side != LW_UNION)
		return true;
	for (int k = 0; k < w->n_cities; k++) {
		int hex = lw_D()->cities[k].hex;
		if (!lw_amphib_ocean_port(k) || !(bit_of(hex) & al))
			continue;
		if (lw_city_controller(w, k) == LW_OTHER(side))
			return false; /* an assault */
		if (!room_closed(r, hex) && !room_add(r, gr, hex))
			return false;
	}
	return true;
}

/* The infantry stars a hex can hold at the end (12.4) for a group standing
 * at own: not bounded where a unit not of c->gen stood, nor in the group's
 * own hex (it may stand there as it stands now, 11.1.3.2's overstack
 * included). */
static int room_of(const struct rctx *c, int hex, int own)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	if (hex == own || is_crowded(c, hex))
		return ROOM_FREE;
	return h && h->terrain == LW_TERRAIN_MOUNTAIN ? 6 : 12;
}

/* The fewest hexes of gr->cand that can hold its generals of c->gen (12.4:
 * twelve infantry stars a hex at most, six in a mountain hex; 13.1.1: one
 * cavalry general a hex, but in the group's own hex, where they may stay
 * as they stand), or -1 when all of them cannot. */
static int room_need(const struct rctx *c, const struct room *r, const struct room_group *gr)
{
	int n12 = 0, n6 = 0, free = 0;
	bool own = false;
	for (int i = 0; i < r->n; i++) {
		if (!(gr->cand >> i & 1u))
			continue;
		int room = room_of(c, r->hex[i], gr->hex);
		own |= r->hex[i] == gr->hex;
		free += room == ROOM_FREE;
		n12 += room == 12;
		n6 += room == 6;
	}
	int k;
	if (!gr->cand)
		return -1;
	if (free > 0 || gr->stars == 0)
		k = 1;
	else if (gr->stars <= 12 * n12)
		k = (gr->stars + 11) / 12;
	else if (gr->stars - 12 * n12 <= 6 * n6)
		k = n12 + (gr->stars - 12 * n12 + 5) / 6;
	else
		return -1;
	if (!own && gr->cav > k)
		k = gr->cav;
	return k <= free + n12 + n6 ? k : -1;
}

/* A bound for 12.4's room and 12.5's closed hexes: is there room in the
 * region for every group of the force?
 *
 * Admissible (it refuses only what no sequence of the search's actions
 * brings in). The generals of c->gen fall into groups: the movers, the
 * generals waiting at one hex (lw_march_group_setup moves them on
 * together), the generals whose move is over; a group only ever splits
 * (12.8: a general left behind; a pickup takes only generals not of the
 * force, 12.5). Each group's generals end in hexes of the region that are
 * its own: its own hex if it is in the region (groups standing in one
 * hex of the region are counted as one), or a hex it enters by a step or
 * a landing, both refused while a general of the force who is not moving
 * stands there (lw_march_entry_check, 12.5 "may not ... re-enter the
 * same force"); so once a group is last to enter a hex, no general of
 * another group ends there. A hex holding a general of the force who will
 * not move again (his move over, or not where he was left) is closed for
 * good: nobody enters it nor passes through. A hex a group can enter lies
 * within what is left of its allowance by passable steps (near()) or is
 * a landing of a water move from where it stands, before it has moved
 * (the search's own lists: river_of, the ocean ports). Its generals fit
 * there only as 12.4 and 13.1.1 allow (room_need: twelve infantry stars
 * a hex, six in a mountain hex, one cavalry general; a hex where a unit
 * not of the force stands is not bounded). So the groups need pairwise
 * disjoint sets of hexes, each of at least room_need hexes of its own
 * candidates, and for every set of groups the hexes all of them could end
 * in must number at least their needs (Hall's condition). A group open to
 * a water assault (14.1.2 / 14.2.2: no 12.5 check, taken as won), whose
 * hexes cannot all be told apart, or beyond ROOM_GROUPS, is left out of
 * the count: that only lets more through. */
static bool room_ok(struct rctx *c, const struct lw_state *w, unsigned al)
{
	const struct lw_play *p = &w->play;
	const struct lw_groups *g = &w->groups;
	struct room r = {.n = 0};
	for (int i = 0; i < g->n; i++) {
		int u = g->unit[i];
		const struct lw_unit *x = &w->unit[u];
		if (x->where != LW_W_MAP || x->side != p->side || is_mover_of(w, u) ||
		    (g->wait[i] && g->hex[i] == x->hex) || r.n_closed == LW_GROUP_FORCE)
			continue;
		r.closed[r.n_closed++] = x->hex;
	}
	struct room_group gr[ROOM_GROUPS];
	int key[ROOM_GROUPS], ng = 0;
	bool moving = !p->attacked && !w->land.stopped;
	for (int i = 0; i < c->n_gen; i++) {
		int u = c->gen[i];
		const struct lw_unit *x = &w->unit[u];
		int hex = x->hex, left = 0, k;
		bool fresh = false;
		if (x->where != LW_W_MAP)
			return false;
		if (lw_groups_find(g, u) < 0)
			return true; /* not listed: 12.5 would not close his hex */
		if (is_mover_of(w, u)) {
			k = -1; /* the movers */
			if (moving) {
				left = p->max_move - p->moved;
				fresh = p->moved == 0;
			}
		} else {
			int gi = lw_groups_find(g, u);
			k = 4 * hex + 1; /* done here */
			if (gi >= 0 && g->wait[gi] && g->hex[gi] == hex) {
				k = 4 * hex + 2; /* waiting here */
				left = g->max_move[gi] - g->moved[gi];
				fresh = g->moved[gi] == 0;
			}
		}
		if (bit_of(hex) & al)
			k = 4 * hex + 3; /* in the region: may all stay */
		int j = 0;
		while (j < ng && key[j] != k)
			j++;
		if (j == ng) {
			if (ng == ROOM_GROUPS)
				continue; /* not counted */
			key[ng] = k;
			gr[ng++] = (struct room_group){.hex = hex};
		}
		if (left > gr[j].left)
			gr[j].left = left;
		gr[j].fresh |= fresh;
		if (x->cavalry)
			gr[j].cav++;
		else
			gr[j].stars += x->stars;
	}
	int need[ROOM_GROUPS], n = 0;
	uint64_t cand[ROOM_GROUPS];
	for (int j = 0; j < ng; j++) {
		if (!room_cands(c, w, &r, &gr[j], al))
			continue; /* not counted */
		int k = room_need(c, &r, &gr[j]);
		if (k < 0)
			return false;
		need[n] = k;
		cand[n++] = gr[j].cand;
	}
	/* Hall's condition over every set of the counted groups */
	uint64_t uni[1 << ROOM_GROUPS];
	int sum[1 << ROOM_GROUPS];
	uni[0] = 0;
	sum[0] = 0;
	for (unsigned m = 1; m < 1u << n; m++) {
		int j = __builtin_ctz(m);
		unsigned rest = m & (m - 1);
		uni[m] = uni[rest] | cand[j];
		sum[m] = sum[rest] + need[j];
		if (sum[m] > __builtin_popcountll(uni[m]))
			return false;
	}
	return true;
}

/* A bound: could every general still get in (in it, or within what is left
 * of his group's allowance, or by water before his group has moved)? */
static bool could_get_in(struct rctx *c, const struct lw_state *w)
{
	const struct lw_play *p = &w->play;
	const struct lw_groups *g = &w->groups;
	unsigned al = allowed_in(c, w);
	if (!al)
		return false;
	bool water = lw_amphib_water_open(w, p->side);
	for (int i = 0; i < c->n_gen; i++) {
		int u = c->gen[i];
		const struct lw_unit *x = &w->unit[u];
		if (x->where != LW_W_MAP)
			return false;
		if (bit_of(x->hex) & al)
			continue;
		int left = 0;
		bool fresh = false;
		if (is_mover_of(w, u)) {
			if (!p->attacked && !w->land.stopped) {
				left = p->max_move - p->moved;
				fresh = p->moved == 0;
			}
		} else {
			int gi = lw_groups_find(g, u);
			if (gi >= 0 && g->wait[gi] && g->hex[gi] == x->hex) {
				left = g->max_move[gi] - g->moved[gi];
				fresh = g->moved[gi] == 0;
			}
		}
		if ((fresh && water) || (left > 0 && near(c, x->hex, left, al)))
			continue;
		return false;
	}
	return room_ok(c, w, al);
}

/* Would every general be in (in one theater) if all ended their move now
 * (the movers stop, the activation ends)? */
static bool all_in(const struct rctx *c, const struct lw_state *w)
{
	/* 12.4: movers passing through a hex over the stacking limits may not
	 * end their move there: not in yet */
	if (lw_march_overstacked(w))
		return false;
	unsigned al = allowed_in(c, w);
	bool open = theater_open(c, w);
	int hex = lw_march_hex(w);
	if (open && hex != LW_NO_HEX && !w->play.attacked && (bit_of(hex) & al)) {
		al = bit_of(hex);
		open = false;
	}
	for (int k = 1; k < LW_REGION_COUNT; k++) {
		unsigned m = open ? LW_CAMP_BIT(k) & al : al;
		if (!m)
			continue;
		bool ok = true;
		for (int i = 0; i < c->n_gen && ok; i++) {
			const struct lw_unit *x = &w->unit[c->gen[i]];
			ok = x->where == LW_W_MAP && (bit_of(x->hex) & m);
		}
		if (ok)
			return true;
		if (!open)
			return false;
	}
	return false;
}

/* The movers' move ends where they stand (lw_march_finish: 10.7.3.2 the
 * theater taken, the group done). */
static void finish_group(const struct rctx *c, struct lw_state *w)
{
	int hex = lw_march_hex(w);
	if (hex != LW_NO_HEX && !w->play.attacked && theater_open(c, w) &&
	    (allowed_in(c, w) & bit_of(hex)))
		w->groups.camp_region[c->idx] = (int8_t)region_of(hex);
	w->land.stopped = 1;
	w->play.movers_n = 0;
	lw_consolidation_close(w);
}

/* A water move (or an assault, taken as won: 14.1.3 the port occupied) ends
 * the movers' move at hex (land_movers). */
static void sail(const struct rctx *c, struct lw_state *w, int hex, bool river)
{
	struct lw_play *p = &w->play;
	lw_amphib_note_use(w, river);
	for (int i = 0; i < p->movers_n; i++)
		w->unit[p->movers[i]].hex = (int16_t)hex;
	lw_border_enter(w, p->side, hex);
	p->moved = 1;
	finish_group(c, w);
}

static const struct river_seen *river_of(struct rctx *c, const struct lw_state *w, int from)
{
	for (int i = 0; i < c->n_river; i++)
		if (c->river[i].from == from)
			return &c->river[i];
	struct river_seen *r;
	if (c->n_river < REACH_RIVER) {
		r = &c->river[c->n_river];
		r->land = malloc(REACH_LAND_MAX * sizeof *r->land);
		if (!r->land)
			return NULL;
		c->n_river++;
	} else {
		r = &c->river[0]; /* reused */
	}
	r->from = from;
	r->np = 0;
	r->nl = lw_amphib_river_reach(w, w->play.side, from, r->land, REACH_LAND_MAX, r->ports,
	                              &r->np, REACH_PORTS_MAX);
	return r;
}

static void rctx_free(struct rctx *c)
{
	free(c->pool);
	c->pool = NULL;
	for (int i = 0; i < c->n_river; i++)
		free(c->river[i].land);
	c->n_river = 0;
}

/* visit: kind, arg (a hex, a unit) and the state after the action (NULL
 * for RK_END: the activation ends as w stands); returns true to stop. */
typedef bool (*visit_fn)(struct rctx *c, const struct lw_state *w, int kind, int arg,
                         struct lw_state *after, void *u);

#define REACH_DEPTH 64 /* copies kept along a path; deeper ones are allocated */

/* The copy of a node: all of it but the public log's lines, over half of
 * the state (issue 17). No action the search plays reads them (lw_log
 * only writes a line, clearing it first; the view and the save read
 * them, never the rules), so a copy's lines are whatever its slot held. */
static void copy_but_log(struct lw_state *x, const struct lw_state *w)
{
	const size_t a = offsetof(struct lw_state, log), b = a + sizeof w->log;
	memcpy(x, w, a);
	memcpy((char *)x + b, (const char *)w + b, sizeof *x - b);
}

static struct lw_state *copy_of(struct rctx *c, const struct lw_state *w)
{
	struct lw_state *x;
	if (!c->pool && !(c->pool = malloc(REACH_DEPTH * sizeof *c->pool)))
		return NULL;
	if (c->depth < REACH_DEPTH)
		x = &c->pool[c->depth];
	else if (!(x = malloc(sizeof *x)))
		return NULL;
	c->depth++;
	copy_but_log(x, w);
	return x;
}

static void drop(struct rctx *c, struct lw_state *x)
{
	if (--c->depth >= REACH_DEPTH)
		free(x);
}

/* Calls fn on x and drops it; true to stop. */
static bool visit(struct rctx *c, const struct lw_state *w, visit_fn fn, int kind, int arg,
                  struct lw_state *x, void *u)
{
	bool stop = fn(c, w, kind, arg, x, u);
	drop(c, x);
	return stop;
}

static bool water_children(struct rctx *c, const struct lw_state *w, visit_fn fn, void *u)
{
	int side = w->play.side, from = lw_march_hex(w);
	unsigned al = allowed_in(c, w);
	struct lw_state *x;
	const struct lw_hex *h = lw_data_hex(lw_D(), from);
	if (h && h->river) {
		const struct river_seen *r = river_of(c, w, from);
		for (int i = 0; r && i < r->nl + r->np; i++) {
			bool port = i >= r->nl;
			int hex = port ? r->ports[i - r->nl] : r->land[i];
			int kind = port ? LW_AM_RIVER_ASSAULT : LW_AM_RIVER_MOVE;
			if (!(bit_of(hex) & al) ||
			    lw_amphib_check_reached(w, side, kind, hex, NULL) != 0)
				continue;
			if (!(x = copy_of(c, w)))
				return true;
			sail(c, x, hex, true);
			if (visit(c, w, fn, RK_WATER, hex, x, u))
				return true;
		}
	}
	if (side != LW_UNION)
		return false;
	for (int k = 0; k < w->n_cities; k++) {
		if (!lw_amphib_ocean_port(k))
			continue;
		int hex = lw_D()->cities[k].hex;
		if (!(bit_of(hex) & al) ||
		    (lw_amphib_check(w, side, LW_AM_OCEAN_MOVE, hex, NULL) != 0 &&
		     lw_amphib_check(w, side, LW_AM_OCEAN_ASSAULT, hex, NULL) != 0))
			continue;
		if (!(x = copy_of(c, w)))
			return true;
		sail(c, x, hex, false);
		if (visit(c, w, fn, RK_WATER, hex, x, u))
			return true;
	}
	return false;
}

/* The legal actions of the activation from w, each with the state after it. */
static void expand(struct rctx *c, const struct lw_state *w, visit_fn fn, void *u)
{
	const struct lw_play *p = &w->play;
	const struct lw_groups *g = &w->groups;
	struct lw_state *x;
	if (p->movers_n == 0) {
		/* 12.8: the activation ends, or the generals left at a hex move */
		if (fn(c, w, RK_END, 0, NULL, u))
			return;
		for (int i = 0; i < g->n; i++) {
			bool seen = !g->wait[i];
			for (int k = 0; k < i && !seen; k++)
				seen = g->wait[k] && g->hex[k] == g->hex[i];
			if (seen || !(x = copy_of(c, w)))
				continue;
			if (lw_march_group_setup(x, g->hex[i]) == 0) {
				drop(c, x);
				continue;
			}
			if (visit(c, w, fn, RK_GROUP, g->hex[i], x, u))
				return;
		}
		return;
	}
	/* stop (an attack, a raid or a revive end the move in the same hex);
	 * never in a hex over the stacking limits the group passes through
	 * (12.4: a move that ended there would be displaced, not brought in) */
	if (!lw_march_overstacked(w)) {
		if (!(x = copy_of(c, w)))
			return;
		finish_group(c, x);
		if (visit(c, w, fn, RK_STOP, 0, x, u))
			return;
	}
	int from = lw_march_hex(w), nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, from, nb);
	/* the steps into the region first, then the others: a way in is found
	 * sooner (the answer is the same, the search being exhaustive below
	 * the cap; the order is fixed, so is the answer at the cap) */
	unsigned al = allowed_in(c, w);
	for (int i = 0; i < 2 * n; i++) {
		int to = nb[i % n];
		if ((i < n) != ((bit_of(to) & al) != 0))
			continue;
		if (lw_move_check(w, to, NULL) != 0 || !(x = copy_of(c, w)))
			continue;
		lw_consolidation_close(x);
		bool stops = lw_march_step_apply(x, to);
		lw_border_enter(x, p->side, to);
		if (stops)
			finish_group(c, x);
		if (visit(c, w, fn, RK_STEP, to, x, u))
			return;
	}
	if (p->moved == 0 && !p->attacked && lw_amphib_water_open(w, p->side) &&
	    water_children(c, w, fn, u))
		return;
	if (lw_march_pickup_possible(w) && (x = copy_of(c, w))) {
		lw_march_pickup_apply(x);
		if (visit(c, w, fn, RK_PICKUP, 0, x, u))
			return;
	}
	for (int i = 0; i < p->movers_n; i++) {
		int m = p->movers[i];
		if (lw_march_detach_check(w, m, NULL) != 0 || !(x = copy_of(c, w)))
			continue;
		lw_march_detach_apply(x, m, 0);
		if (visit(c, w, fn, RK_DETACH, m, x, u))
			return;
	}
}

static int search(struct rctx *c, const struct lw_state *w);

static bool search_visit(struct rctx *c, const struct lw_state *w, int kind, int arg,
                         struct lw_state *after, void *u)
{
	(void)kind;
	(void)arg;
	int *res = u;
	int r = after ? search(c, after) : all_in(c, w) ? R_YES : R_NO;
	if (r == R_YES) {
		*res = R_YES;
		return true;
	}
	if (r == R_UNKNOWN)
		*res = R_UNKNOWN;
	return false;
}

/* R_YES when some sequence of legal actions from w ends every general of
 * c->gen in the region, R_NO when none does, R_UNKNOWN when the cap cut the
 * search before it knew. */
static int search(struct rctx *c, const struct lw_state *w)
{
	if (!could_get_in(c, w))
		return R_NO;
	if (all_in(c, w))
		return R_YES;
	struct hash2 h = key_of(c, w);
	int res;
	if (memo_get(h.a, h.b, &res))
		return res;
	if (c->nodes >= c->limit) {
		c->capped = true;
		return R_UNKNOWN;
	}
	c->nodes++;
	res = R_NO;
	expand(c, w, search_visit, &res);
	if (res != R_UNKNOWN)
		memo_put(h.a, h.b, res);
	return res;
}

/* A working copy of s in which no campaign region is enforced (the search
 * judges the regions itself). */
static struct lw_state *scratch(const struct lw_state *s)
{
	struct lw_state *w = malloc(sizeof *w);
	if (w) {
		copy_but_log(w, s); /* no question reads the log's lines */
		w->groups.camp_now = -1;
	}
	return w;
}

/* ---- one question per state: what each action of the moment leaves ---------------------- */

#define ROOT_CHILDREN (8 + LW_MAX_MOVERS)

struct root {
	bool way; /* some action keeps a way open for every general */
	int n;
	struct {
		uint8_t kind, res;
		int16_t arg;
	} ch[ROOT_CHILDREN];
	long nodes;
	bool capped;
};

static bool root_visit(struct rctx *c, const struct lw_state *w, int kind, int arg,
                       struct lw_state *after, void *u)
{
	struct root *r = u;
	bool asked = kind == RK_STOP || kind == RK_STEP || kind == RK_DETACH || kind == RK_END;
	if (!asked && r->way)
		return false; /* only the existence of a way matters for these */
	c->limit = c->nodes + REACH_ACTION < REACH_NODES ? c->nodes + REACH_ACTION : REACH_NODES;
	int res = after ? search(c, after) : all_in(c, w) ? R_YES : R_NO;
	r->way |= res == R_YES;
	if (asked && r->n < ROOT_CHILDREN) {
		r->ch[r->n].kind = (uint8_t)kind;
		r->ch[r->n].arg = (int16_t)arg;
		r->ch[r->n].res = (uint8_t)res;
		r->n++;
	}
	return false;
}

static void gather_force(struct rctx *c, const struct lw_state *w)
{
	const struct lw_play *p = &w->play;
	const struct lw_groups *g = &w->groups;
	c->n_gen = 0;
	for (int i = 0; i < p->movers_n; i++)
		c->gen[c->n_gen++] = p->movers[i];
	for (int i = 0; i < g->n && c->n_gen < REACH_GENS; i++) {
		const struct lw_unit *x = &w->unit[g->unit[i]];
		if (g->wait[i] && x->where == LW_W_MAP && x->side == p->side &&
		    x->hex == g->hex[i] && !is_mover_of(w, g->unit[i]))
			c->gen[c->n_gen++] = g->unit[i];
	}
}

/* What each action of the moving force's player leaves (stop, each step,
 * each general left behind, the end of the activation), for the state s,
 * into r (pure: no cache). */
static void root_compute(const struct lw_state *s, struct root *r)
{
	memset(r, 0, sizeof *r);
	struct lw_state *w = scratch(s);
	if (!w)
		return; /* no memory: no way known, nothing refused */
	struct rctx c = {.idx = s->groups.camp_now};
	gather_force(&c, w);
	blocked_init(&c, w);
	crowded_init(&c, w);
	classes_init(&c, w);
	memo_new();
	if (c.n_gen > 0 && could_get_in(&c, w))
		expand(&c, w, root_visit, r);
	r->nodes = c.nodes;
	r->capped = c.capped;
	rctx_free(&c);
	free(w);
}

/* ---- the answers kept, by the state's bytes ----------------------------------------------
 *
 * The offers ask root_of for every step, the stop and each general who may
 * be left behind, and the action taken asks it once more; in the daemon a
 * fan-out worker builds the offer and the loop checks the action, so each
 * question was searched twice, and each ask hashed the whole state (18 KB,
 * about 30 K instructions) to find its answer (issue 17, session 27). The
 * answer is a pure function of the bytes of the state the search reads:
 * all of it but the public log's lines, which no action it plays reads
 * (copy_but_log). So it is kept with those bytes and found by comparing
 * them (a sure key: equal bytes, the same question; an undo, a replay or a
 * test that writes the state asks afresh whatever it wrote): one kept per
 * thread, for the offer's repeated asks, and KEPT_SHARED kept for all
 * threads under a lock, so the loop finds what a worker searched. */

#define KEY_A offsetof(struct lw_state, log)
#define KEY_B (KEY_A + sizeof(((struct lw_state *)0)->log))
#define KEY_BYTES (sizeof(struct lw_state) - (KEY_B - KEY_A))
#define KEPT_SHARED 16 /* a few questions of different matches in flight */

struct kept {
	bool valid;
	struct root r;
	unsigned char key[KEY_BYTES];
};

static _Thread_local struct kept kept_mine;
static _Thread_local long root_computed; /* lw_campaign_reach_computed */
static struct kept kept_shared[KEPT_SHARED];
static unsigned kept_next;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/* Are s's bytes (all but the log's lines) those of key? */
static bool key_is(const unsigned char *key, const struct lw_state *s)
{
	const unsigned char *b = (const unsigned char *)s;
	return memcmp(key, b, KEY_A) == 0 && memcmp(key + KEY_A, b + KEY_B, KEY_BYTES - KEY_A) == 0;
}

static void key_set(unsigned char *key, const struct lw_state *s)
{
	const unsigned char *b = (const unsigned char *)s;
	memcpy(key, b, KEY_A);
	memcpy(key + KEY_A, b + KEY_B, KEY_BYTES - KEY_A);
}

static bool kept_is(const struct kept *k, const struct lw_state *s)
{
	return k->valid && key_is(k->key, s);
}

static void kept_set(struct kept *k, const struct lw_state *s, const struct root *r)
{
	key_set(k->key, s);
	if (&k->r != r)
		k->r = *r;
	k->valid = true;
}

/* root_compute's answer for s, kept (the offers ask many times). */
static const struct root *root_of(const struct lw_state *s)
{
	struct kept *m = &kept_mine;
	if (kept_is(m, s))
		return &m->r;
	m->valid = false;
	bool found = false;
	pthread_mutex_lock(&kept_lock);
	for (int i = 0; i < KEPT_SHARED && !found; i++)
		if (kept_is(&kept_shared[i], s)) {
			m->r = kept_shared[i].r;
			found = true;
		}
	pthread_mutex_unlock(&kept_lock);
	if (!found) {
		root_compute(s, &m->r);
		root_computed++;
		pthread_mutex_lock(&kept_lock);
		kept_set(&kept_shared[kept_next++ % KEPT_SHARED], s, &m->r);
		pthread_mutex_unlock(&kept_lock);
	}
	kept_set(m, s, &m->r);
	return &m->r;
}

long lw_campaign_reach_computed(void)
{
	return root_computed;
}

bool lw_campaign_reach_probe(const struct lw_state *s, struct lw_reach_stats *st)
{
	*st = (struct lw_reach_stats){0};
	if (!lw_campaign_allowed(s))
		return false;
	struct rctx c = {.idx = s->groups.camp_now};
	gather_force(&c, s);
	if (c.n_gen == 0)
		return false;
	struct root r;
	root_compute(s, &r);
	st->nodes = r.nodes;
	st->capped = r.capped;
	st->way = r.way;
	st->asked = r.n;
	for (int i = 0; i < r.n; i++)
		st->unproven += r.ch[i].res == R_UNKNOWN;
	return true;
}

/* Is the action refused: a way is open for every general and this action
 * closes it (proven: R_NO)? */
static bool closes_way(const struct lw_state *s, int kind, int arg)
{
	const struct root *r = root_of(s);
	if (!r->way)
		return false; /* last resort: nothing brings them all in any more */
	for (int i = 0; i < r->n; i++)
		if (r->ch[i].kind == kind && r->ch[i].arg == arg)
			return r->ch[i].res == R_NO;
	return false;
}

/* blocked_init's hexes for one state and side, kept by a caller that asks
 * of several forces of it (the designation's offer: issue 17, session 29).
 * They are the same for every force: blocked_init reads the side, where
 * the units stand, the sieges and the cities, none of which
 * lw_march_begin changes. */
struct blocked_kept {
	bool valid;
	uint64_t bits[REACH_HEX_IDS / 64];
};

/* The regions of `want` (up to `need` of them) in which every general of
 * the force of w still to move can end his movement (w is consumed); bk
 * (NULL: none) the blocked hexes of w's state and side, kept. */
static unsigned regions_reached(struct lw_state *w, unsigned want, int need,
                                struct lw_reach_stats *st, struct blocked_kept *bk)
{
	struct rctx c = {.idx = -1};
	gather_force(&c, w);
	if (bk && bk->valid) {
		memcpy(c.blocked, bk->bits, sizeof c.blocked);
	} else {
		blocked_init(&c, w);
		if (bk) {
			memcpy(bk->bits, c.blocked, sizeof bk->bits);
			bk->valid = true;
		}
	}
	crowded_init(&c, w);
	classes_init(&c, w);
	unsigned mask = 0;
	long nodes = 0;
	bool capped = false;
	int asked = 0, unproven = 0;
	for (int k = 1; k < LW_REGION_COUNT && popcount(mask & want) < need; k++) {
		if (!(want & LW_CAMP_BIT(k)))
			continue;
		c.fixed = LW_CAMP_BIT(k);
		c.nodes = 0;
		c.limit = REACH_NODES;
		c.capped = false;
		memo_new();
		int res = search(&c, w);
		if (res != R_NO)
			mask |= c.fixed; /* an unproven way (the cap) counts */
		nodes += c.nodes;
		capped |= c.capped;
		asked++;
		unproven += res == R_UNKNOWN;
	}
	if (st)
		*st = (struct lw_reach_stats){nodes, capped, mask != 0, asked, unproven};
	rctx_free(&c);
	free(w);
	return mask;
}

static unsigned reach_force(const struct lw_state *s, int side, int u, unsigned want, int need,
                            struct lw_reach_stats *st, struct blocked_kept *bk)
{
	struct lw_state *w = scratch(s);
	if (!w)
		return 0;
	const struct lw_unit *x = &w->unit[u];
	bool cav_alone = x->cavalry && lw_force_co(w, x->hex) != u;
	w->play.side = (int8_t)side;
	lw_march_begin(w, u, cav_alone);
	return regions_reached(w, want, need, st, bk);
}

unsigned lw_campaign_reach_force_stats(const struct lw_state *s, int side, int u, unsigned want,
                                       int need, struct lw_reach_stats *st)
{
	return reach_force(s, side, u, want, need, st, NULL);
}

unsigned lw_campaign_reach_force(const struct lw_state *s, int side, int u, unsigned want, int need)
{
	return lw_campaign_reach_force_stats(s, side, u, want, need, NULL);
}

/* ---- the designation's answers kept, by the state's bytes ---------------------------------
 *
 * The designation (lw_card_checks.c lw_play_campaign_reach) asks
 * lw_campaign_reach_force of every force that may be designated when the
 * offer is built (a fan-out worker in the daemon) and again of the one or
 * two forces the action names (the loop): the same questions of the same
 * state (issue 17, session 29: 38 asks, 1.64 M instructions of
 * bench_views 300's fan-out, each asked again by the act). The answer is a
 * pure function of the state's bytes but the log's lines (scratch's copy,
 * lw_march_begin and the search read no line; copy_but_log), the side,
 * the force, want and need: kept as root_of keeps its own, with the same
 * sure key (equal bytes, the same question; a state written in any byte
 * the key holds is asked afresh), one state's answers for every force per
 * thread and FORCE_SHARED states' for all threads under a lock, so the
 * loop finds what a worker searched. */

#define FORCE_SHARED 8

struct kept_force {
	bool valid;
	int8_t side, need;
	unsigned want;
	uint64_t known[(LW_MAX_UNITS + 63) / 64]; /* the forces answered */
	uint8_t mask[LW_MAX_UNITS];               /* their answers (region bits) */
	struct blocked_kept blocked;              /* this thread's searches' (not shared) */
	unsigned char key[KEY_BYTES];
};

static _Thread_local struct kept_force force_mine;
static _Thread_local long force_computed; /* lw_campaign_force_computed */
static struct kept_force force_shared[FORCE_SHARED];
static unsigned force_next;

static bool force_is(const struct kept_force *k, const struct lw_state *s, int side, unsigned want,
                     int need)
{
	return k->valid && k->side == side && k->want == want && k->need == need &&
	       key_is(k->key, s);
}

static bool force_known(const struct kept_force *k, int u)
{
	return k->known[u / 64] >> (u % 64) & 1u;
}

/* Adds from's answers to to's (the same question). */
static void force_merge(struct kept_force *to, const struct kept_force *from)
{
	for (int i = 0; i < (LW_MAX_UNITS + 63) / 64; i++) {
		uint64_t add = from->known[i] & ~to->known[i];
		to->known[i] |= add;
		for (; add; add &= add - 1) {
			int u = i * 64 + __builtin_ctzll(add);
			to->mask[u] = from->mask[u];
		}
	}
}

unsigned lw_campaign_reach_force_kept(const struct lw_state *s, int side, int u, unsigned want,
                                      int need)
{
	if (u < 0 || u >= LW_MAX_UNITS || (want & ~0xFFu) != 0)
		return lw_campaign_reach_force(s, side, u, want, need);
	struct kept_force *m = &force_mine;
	bool same = force_is(m, s, side, want, need);
	if (same && force_known(m, u))
		return m->mask[u];
	if (!same) {
		m->valid = false;
		m->blocked.valid = false;
		memset(m->known, 0, sizeof m->known);
	}
	/* what another thread (or this one, before) searched of this state */
	pthread_mutex_lock(&kept_lock);
	for (int i = 0; i < FORCE_SHARED; i++)
		if (force_is(&force_shared[i], s, side, want, need)) {
			force_merge(m, &force_shared[i]);
			break;
		}
	pthread_mutex_unlock(&kept_lock);
	if (!same) {
		m->side = (int8_t)side;
		m->want = want;
		m->need = (int8_t)need;
		key_set(m->key, s);
		m->valid = true;
	}
	if (force_known(m, u))
		return m->mask[u];
	unsigned r = reach_force(s, side, u, want, need, NULL, &m->blocked);
	force_computed++;
	m->mask[u] = (uint8_t)r;
	m->known[u / 64] |= 1ull << (u % 64);
	pthread_mutex_lock(&kept_lock);
	struct kept_force *k = NULL;
	for (int i = 0; i < FORCE_SHARED && !k; i++)
		if (force_is(&force_shared[i], s, side, want, need))
			k = &force_shared[i];
	if (k) {
		k->mask[u] = (uint8_t)r;
		k->known[u / 64] |= 1ull << (u % 64);
	} else {
		*(k = &force_shared[force_next++ % FORCE_SHARED]) = *m;
	}
	pthread_mutex_unlock(&kept_lock);
	return r;
}

long lw_campaign_force_computed(void)
{
	return force_computed;
}

unsigned lw_campaign_reach_now(const struct lw_state *s, unsigned want)
{
	struct lw_state *w = scratch(s);
	if (!w)
		return 0;
	return regions_reached(w, want, popcount(want), NULL, NULL);
}

/* ---- the checks -------------------------------------------------------------------------- */

int lw_campaign_step_check(const struct lw_state *s, int to, struct tg_error *err)
{
	if (!lw_campaign_allowed(s) || !closes_way(s, RK_STEP, to))
		return 0;
	return fail_end(s, err,
	                (lw_campaign_allowed(s) & bit_of(to))
	                    ? "after that step the generals of the force could no longer all "
	                      "end their movement inside it (it takes the room or the force one "
	                      "of them needs, 12.4 / 12.5), while another way brings them all in"
	                    : "from there the force could not end its movement inside it");
}

int lw_campaign_stop_check(const struct lw_state *s, struct tg_error *err)
{
	if (!lw_campaign_allowed(s) || s->play.movers_n == 0 || !closes_way(s, RK_STOP, 0))
		return 0;
	return fail_end(s, err,
	                (lw_campaign_allowed(s) & bit_of(lw_march_hex(s)))
	                    ? "ending this group's move here would leave a general of the force "
	                      "outside it while another way brings them all in (moving, "
	                      "stopping, attacking or raiding ends its movement)"
	                    : "this force, outside it, can still get there (moving, stopping, "
	                      "attacking or raiding ends its movement)");
}

int lw_campaign_end_check(const struct lw_state *s, int hex, struct tg_error *err)
{
	unsigned al = lw_campaign_allowed(s);
	if (!al || (al & bit_of(hex)))
		return 0;
	return fail_end(s, err, "a landing or an amphibious assault ends the movement there");
}

int lw_campaign_detach_check(const struct lw_state *s, int u, struct tg_error *err)
{
	if (!lw_campaign_allowed(s) || s->play.movers_n < 2 || !closes_way(s, RK_DETACH, u))
		return 0;
	return fail_end(s, err,
	                "with this general left behind here the force could no longer all end "
	                "its movement inside it (he could not move into it afterwards, or the "
	                "others could not)");
}

int lw_campaign_leave_check(const struct lw_state *s, struct tg_error *err)
{
	if (!lw_campaign_allowed(s) || s->play.movers_n || !closes_way(s, RK_END, 0))
		return 0;
	return fail_end(s, err,
	                "the generals left outside it can still move into it "
	                "(next_group)");
}
