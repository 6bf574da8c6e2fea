/* lw_naval_river.c — 8.1.2.1/8.1.2.2 ironclad river routes: up to four
 * river hexes, from one hex to a neighbour along a river both touch (as
 * supply runs along rivers in 20.1), never through a Union-held city (20.1:
 * enemy cities block river routes). The Tennessee hexside 0806/0905 lies
 * inside Kentucky: a step that follows it violates neutrality (8.1.2.2);
 * every other Kentucky river is a border river, sailed along the opposite
 * bank unless the Confederate chooses to violate neutrality there
 * (lw_naval_river_route_ky_border). */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_naval.h"

#define KY_A 806
#define KY_B 905

static bool touches(const struct lw_data *d, int hex, const char *r)
{
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, hex, nb[i]);
		if (hs && hs->river && strcmp(hs->river, r) == 0)
			return true;
	}
	return false;
}

/* 1: a -> b along a river without the Kentucky hexside; 2: only along it; 0: no. */
static int step(const struct lw_data *d, int a, int b)
{
	const struct lw_hexside *ky = lw_data_hexside(d, KY_A, KY_B);
	unsigned f = lw_data_hexside_flags(d, a, b);
	if (f & LW_HS_IMPASSABLE)
		return 0;
	int nb[6], best = 0;
	int n = tg_hex_neighbours(&d->grid, a, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, a, nb[i]);
		if (!hs || !hs->river || !touches(d, b, hs->river))
			continue;
		bool inside = ky && ky->river && strcmp(hs->river, ky->river) == 0 &&
		              (a == KY_A || a == KY_B || b == KY_A || b == KY_B);
		if (!inside)
			return 1;
		best = 2;
	}
	return best;
}

/* Does hex touch river r by a hexside with Kentucky on one side only? */
static bool ky_border_side(const struct lw_data *d, int hex, const char *r)
{
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, hex, nb[i]);
		if (hs && hs->river && strcmp(hs->river, r) == 0 &&
		    lw_is_kentucky(hex) != lw_is_kentucky(nb[i]))
			return true;
	}
	return false;
}

/* 8.1.2.2: the step a -> b follows a river that forms Kentucky's border
 * there (a hexside of that river with Kentucky on one side, at a or b). */
static bool ky_border_step(const struct lw_data *d, int a, int b)
{
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, a, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, a, nb[i]);
		if (hs && hs->river && touches(d, b, hs->river) &&
		    (ky_border_side(d, a, hs->river) || ky_border_side(d, b, hs->river)))
			return true;
	}
	return false;
}

/* The river steps of the map (step() and ky_border_step() of each hex to
 * each neighbour), by the hex's data slot (lw_data hex_slot), made once
 * (pthread_once: the fan-out workers search too): the neighbours a search
 * may take, land data hexes a step of either kind reaches, in
 * tg_hex_neighbours' order (the searches' queues keep their order). The
 * searches asked step() for each neighbour of each hex they took, and
 * ky_border_step() too for the border routes, each a walk of the
 * hexsides with a strcmp of the rivers' names (issue 17: the border
 * search 0.46 M instructions, the Naval Phase's offer 0.38 M a search). */
struct river_steps {
	uint8_t n;
	uint8_t kind[6];   /* step(): 1, or 2 only along the Kentucky hexside */
	uint8_t border[6]; /* ky_border_step() */
	int16_t nb[6];
};

static void river_steps_of(const struct lw_data *d, int hex, struct river_steps *r)
{
	r->n = 0;
	const struct lw_hex *self = lw_data_hex(d, hex);
	if (self && !self->river)
		return; /* step() follows a river hexside of its own */
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int j = 0; j < n; j++) {
		const struct lw_hex *h = lw_data_hex(d, nb[j]);
		if (!h || h->terrain == LW_TERRAIN_OCEAN)
			continue;
		int k = step(d, hex, nb[j]);
		if (k == 0)
			continue;
		r->kind[r->n] = (uint8_t)k;
		r->border[r->n] = ky_border_step(d, hex, nb[j]);
		r->nb[r->n++] = (int16_t)nb[j];
	}
}

static struct river_steps *river_table; /* by hex slot - 1; NULL if not made */
static pthread_once_t river_table_once = PTHREAD_ONCE_INIT;

static void river_table_build(void);

static void river_table_ready(void)
{
	pthread_once(&river_table_once, river_table_build);
}

static void river_table_build(void)
{
	const struct lw_data *d = lw_D();
	struct river_steps *t = calloc(d->n_hexes ? d->n_hexes : 1, sizeof *t);
	if (!t)
		return; /* each search works its steps out (river_steps_at) */
	for (size_t i = 0; i < d->n_hexes; i++)
		river_steps_of(d, d->hexes[i].id, &t[i]);
	river_table = t;
}

/* hex's steps: the table's, or worked out into own (a hex off the data,
 * or no table); a search calls river_table_ready() first */
static const struct river_steps *river_steps_at(const struct lw_data *d, int hex,
                                                struct river_steps *own)
{
	if (river_table && hex >= 0 && hex < LW_HEX_IDS && d->hex_slot[hex])
		return &river_table[d->hex_slot[hex] - 1];
	river_steps_of(d, hex, own);
	return own;
}

/* The search from `from` (up to four river hexes, 8.1.2.1), its queue
 * kept in q and dist (RIVER_QUEUE entries): it stops when it takes `to`
 * off the queue and returns its distance, or runs whole (to: RIVER_ALL)
 * and returns -1, as it does when `to` is not reached. The queue holds
 * every hex reached, each once, in the order taken, whether the search
 * stopped early or not: a search run whole answers for every `to` what a
 * search for it would (lw_naval_river_reach). */
#define RIVER_QUEUE 256
#define RIVER_ALL INT_MIN

static int bfs_queue(const struct lw_state *s, int from, int to, bool allow_ky, int16_t *q,
                     int8_t *dist, int *nq_out)
{
	const struct lw_data *d = lw_D();
	int max = d->tables.naval.ironclad_river_hexes;
	int nq = 0, found = -1;
	river_table_ready();
	q[nq] = (int16_t)from;
	dist[nq++] = 0;
	for (int i = 0; i < nq; i++) {
		if (q[i] == to) {
			found = dist[i];
			break;
		}
		if (dist[i] >= max)
			continue;
		int c = lw_city_at(q[i]);
		if (i > 0 && c >= 0 && lw_city_controller(s, c) == LW_UNION)
			continue; /* 20.1: an enemy city blocks the river */
		struct river_steps own;
		const struct river_steps *r = river_steps_at(d, q[i], &own);
		for (int j = 0; j < r->n && nq < RIVER_QUEUE; j++) {
			if (r->kind[j] == 2 && !allow_ky)
				continue;
			bool seen = false;
			for (int m = 0; m < nq && !seen; m++)
				seen = q[m] == r->nb[j];
			if (seen)
				continue;
			q[nq] = r->nb[j];
			dist[nq++] = (int8_t)(dist[i] + 1);
		}
	}
	*nq_out = nq;
	return found;
}

static int bfs(const struct lw_state *s, int from, int to, bool allow_ky)
{
	int16_t q[RIVER_QUEUE];
	int8_t dist[RIVER_QUEUE];
	int nq;
	return bfs_queue(s, from, to, allow_ky, q, dist, &nq);
}

int lw_naval_river_route(const struct lw_state *s, int from, int to, bool *kentucky)
{
	*kentucky = false;
	int d = bfs(s, from, to, false);
	if (d >= 0)
		return d;
	d = bfs(s, from, to, true);
	if (d >= 0)
		*kentucky = true;
	return d;
}

/* The search of bfs() over (hex, has followed a border river), its queue
 * kept as bfs_queue's (BORDER_QUEUE entries): true when it takes (to,
 * followed) off the queue; to RIVER_ALL: run whole. */
#define BORDER_QUEUE 512

static bool border_queue(const struct lw_state *s, int from, int to, int16_t *q, uint8_t *flag,
                         int *nq_out)
{
	const struct lw_data *d = lw_D();
	int max = d->tables.naval.ironclad_river_hexes;
	int nq = 0;
	int8_t dist[BORDER_QUEUE];
	bool found = false;
	river_table_ready();
	q[nq] = (int16_t)from;
	flag[nq] = 0;
	dist[nq++] = 0;
	for (int i = 0; i < nq; i++) {
		if (q[i] == to && flag[i]) {
			found = true;
			break;
		}
		if (dist[i] >= max)
			continue;
		int c = lw_city_at(q[i]);
		if (i > 0 && c >= 0 && lw_city_controller(s, c) == LW_UNION)
			continue; /* 20.1: an enemy city blocks the river */
		struct river_steps own;
		const struct river_steps *r = river_steps_at(d, q[i], &own);
		for (int j = 0; j < r->n && nq < BORDER_QUEUE; j++) {
			if (r->kind[j] != 1)
				continue;
			uint8_t f = (uint8_t)(flag[i] | r->border[j]);
			bool seen = false;
			for (int m = 0; m < nq && !seen; m++)
				seen = q[m] == r->nb[j] && flag[m] == f;
			if (seen)
				continue;
			q[nq] = r->nb[j];
			flag[nq] = f;
			dist[nq++] = (int8_t)(dist[i] + 1);
		}
	}
	*nq_out = nq;
	return found;
}

bool lw_naval_river_route_ky_border(const struct lw_state *s, int from, int to)
{
	int16_t q[BORDER_QUEUE];
	uint8_t flag[BORDER_QUEUE];
	int nq;
	return border_queue(s, from, to, q, flag, &nq);
}

/* ---- every route from one hex at once ------------------------------------------ */

void lw_naval_river_reach(const struct lw_state *s, int from, struct lw_river_reach *r)
{
	r->s = s;
	r->from = from;
	r->border_n = -1; /* searched when first asked */
	for (int ky = 0; ky < 2; ky++)
		(void)bfs_queue(s, from, RIVER_ALL, ky, r->hex[ky], r->dist[ky], &r->n[ky]);
}

static int queue_dist(const int16_t *q, const int8_t *dist, int n, int to)
{
	for (int i = 0; i < n; i++)
		if (q[i] == to)
			return dist[i];
	return -1;
}

int lw_naval_river_reach_route(const struct lw_river_reach *r, int to, bool *kentucky)
{
	*kentucky = false;
	int d = queue_dist(r->hex[0], r->dist[0], r->n[0], to);
	if (d >= 0)
		return d;
	d = queue_dist(r->hex[1], r->dist[1], r->n[1], to);
	if (d >= 0)
		*kentucky = true;
	return d;
}

bool lw_naval_river_reach_ky_border(struct lw_river_reach *r, int to)
{
	if (r->border_n < 0)
		(void)border_queue(r->s, r->from, RIVER_ALL, r->border_hex, r->border_flag,
		                   &r->border_n);
	for (int i = 0; i < r->border_n; i++)
		if (r->border_hex[i] == to && r->border_flag[i])
			return true;
	return false;
}
