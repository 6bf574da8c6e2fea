/* 8.1.2.1: "An ironclad ... may move up to four river hexes" to a friendly
 * river port; 8.1.2.2: along Kentucky's border rivers it may choose to
 * violate neutrality. The Naval Phase's offer asks the river route from an
 * asset's port to every port: lw_naval_river_reach searches once from the
 * port (issue 17: a search for each destination was most of the offer).
 * Its answers must be exactly those of the one-destination searches
 * (lw_naval_river_route: the distance and whether only the Kentucky
 * hexside 0806/0905 reaches; lw_naval_river_route_ky_border), for every
 * pair of ports, with the cities' owners (20.1: a Union city blocks the
 * river) as the game starts and drawn at random. The one-destination
 * searches read each step from a table of the map's river steps (session
 * 31); they must answer as the same searches with every step worked out
 * from the map's hexsides (the reference below, the code before the
 * table). */
#include <limits.h>
#include <string.h>

#include "lw_naval_fixture.h"

/* ---- the reference: the searches as they were before the river steps'
 * table (session 31), each step worked out from the map's hexsides (8.1.2.1:
 * along a river both hexes touch; 8.1.2.2: the Tennessee hexside 0806/0905
 * inside Kentucky, the other Kentucky rivers its border) ---------------- */
#define KY_A 806
#define KY_B 905

static bool ref_touches(const struct lw_data *d, int hex, const char *r)
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
static int ref_step(const struct lw_data *d, int a, int b)
{
	const struct lw_hexside *ky = lw_data_hexside(d, KY_A, KY_B);
	unsigned f = lw_data_hexside_flags(d, a, b);
	if (f & LW_HS_IMPASSABLE)
		return 0;
	int nb[6], best = 0;
	int n = tg_hex_neighbours(&d->grid, a, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, a, nb[i]);
		if (!hs || !hs->river || !ref_touches(d, b, hs->river))
			continue;
		bool inside = ky && ky->river && strcmp(hs->river, ky->river) == 0 &&
		              (a == KY_A || a == KY_B || b == KY_A || b == KY_B);
		if (!inside)
			return 1;
		best = 2;
	}
	return best;
}

/* The search from `from` (up to four river hexes, 8.1.2.1), its queue
 * kept in q and dist (REF_QUEUE entries): it stops when it takes `to`
 * off the queue and returns its distance, or runs whole (to: REF_ALL)
 * and returns -1, as it does when `to` is not reached. The queue holds
 * every hex reached, each once, in the order taken, whether the search
 * stopped early or not: a search run whole answers for every `to` what a
 * search for it would (lw_naval_river_reach). */
#define REF_QUEUE 256
#define REF_ALL INT_MIN

static int ref_bfs_queue(const struct lw_state *s, int from, int to, bool allow_ky, int16_t *q,
                         int8_t *dist, int *nq_out)
{
	const struct lw_data *d = lw_D();
	int max = d->tables.naval.ironclad_river_hexes;
	int nq = 0, found = -1;
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
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, q[i], nb);
		for (int j = 0; j < n && nq < REF_QUEUE; j++) {
			const struct lw_hex *h = lw_data_hex(d, nb[j]);
			if (!h || h->terrain == LW_TERRAIN_OCEAN)
				continue;
			int k = ref_step(d, q[i], nb[j]);
			if (k == 0 || (k == 2 && !allow_ky))
				continue;
			bool seen = false;
			for (int m = 0; m < nq && !seen; m++)
				seen = q[m] == nb[j];
			if (seen)
				continue;
			q[nq] = (int16_t)nb[j];
			dist[nq++] = (int8_t)(dist[i] + 1);
		}
	}
	*nq_out = nq;
	return found;
}

static int ref_bfs(const struct lw_state *s, int from, int to, bool allow_ky)
{
	int16_t q[REF_QUEUE];
	int8_t dist[REF_QUEUE];
	int nq;
	return ref_bfs_queue(s, from, to, allow_ky, q, dist, &nq);
}

/* Does hex touch river r by a hexside with Kentucky on one side only? */
static bool ref_ky_border_side(const struct lw_data *d, int hex, const char *r)
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
static bool ref_ky_border_step(const struct lw_data *d, int a, int b)
{
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, a, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, a, nb[i]);
		if (hs && hs->river && ref_touches(d, b, hs->river) &&
		    (ref_ky_border_side(d, a, hs->river) || ref_ky_border_side(d, b, hs->river)))
			return true;
	}
	return false;
}

/* The search of ref_bfs() over (hex, has followed a border river), its queue
 * kept as bfs_queue's (REF_BORDER_QUEUE entries): true when it takes (to,
 * followed) off the queue; to REF_ALL: run whole. */
#define REF_BORDER_QUEUE 512

static bool ref_border_queue(const struct lw_state *s, int from, int to, int16_t *q, uint8_t *flag,
                             int *nq_out)
{
	const struct lw_data *d = lw_D();
	int max = d->tables.naval.ironclad_river_hexes;
	int nq = 0;
	int8_t dist[REF_BORDER_QUEUE];
	bool found = false;
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
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, q[i], nb);
		for (int j = 0; j < n && nq < REF_BORDER_QUEUE; j++) {
			const struct lw_hex *h = lw_data_hex(d, nb[j]);
			if (!h || h->terrain == LW_TERRAIN_OCEAN || ref_step(d, q[i], nb[j]) != 1)
				continue;
			uint8_t f = (uint8_t)(flag[i] | ref_ky_border_step(d, q[i], nb[j]));
			bool seen = false;
			for (int m = 0; m < nq && !seen; m++)
				seen = q[m] == nb[j] && flag[m] == f;
			if (seen)
				continue;
			q[nq] = (int16_t)nb[j];
			flag[nq] = f;
			dist[nq++] = (int8_t)(dist[i] + 1);
		}
	}
	*nq_out = nq;
	return found;
}

static int ref_route(const struct lw_state *s, int from, int to, bool *kentucky)
{
	*kentucky = false;
	int d = ref_bfs(s, from, to, false);
	if (d >= 0)
		return d;
	d = ref_bfs(s, from, to, true);
	if (d >= 0)
		*kentucky = true;
	return d;
}

static bool ref_route_ky_border(const struct lw_state *s, int from, int to)
{
	int16_t q[REF_BORDER_QUEUE];
	uint8_t flag[REF_BORDER_QUEUE];
	int nq;
	return ref_border_queue(s, from, to, q, flag, &nq);
}

static long pairs, routes, ky_routes, border_routes, differ, ref_differ;

static void compare_all(const struct lw_state *s, const int *ports, int n)
{
	const struct lw_data *d = lw_D();
	for (int a = 0; a < n; a++) {
		int from = d->cities[ports[a]].hex;
		struct lw_river_reach r;
		lw_naval_river_reach(s, from, &r);
		for (int b = 0; b < n; b++) {
			int to = d->cities[ports[b]].hex;
			bool ky_want, ky_got;
			int want = lw_naval_river_route(s, from, to, &ky_want);
			int got = lw_naval_river_reach_route(&r, to, &ky_got);
			bool border_want = lw_naval_river_route_ky_border(s, from, to);
			bool border_got = lw_naval_river_reach_ky_border(&r, to);
			bool ky_ref;
			int ref = ref_route(s, from, to, &ky_ref);
			bool border_ref = ref_route_ky_border(s, from, to);
			if ((ref != want || ky_ref != ky_want || border_ref != border_want) &&
			    ref_differ++ < 5)
				CHECKF(false,
				       "%d -> %d: route %d (kentucky %d, border %d), the hexsides' "
				       "reference %d (kentucky %d, border %d)",
				       from, to, want, ky_want, border_want, ref, ky_ref,
				       border_ref);
			pairs++;
			routes += want >= 0;
			ky_routes += want >= 0 && ky_want;
			border_routes += border_want;
			if ((want != got || ky_want != ky_got || border_want != border_got) &&
			    differ++ < 5)
				CHECKF(false,
				       "%d -> %d: route %d (kentucky %d, border %d), reach %d "
				       "(kentucky %d, border %d)",
				       from, to, want, ky_want, border_want, got, ky_got,
				       border_got);
		}
	}
}

int main(void)
{
	nv_rnd_seed(0x9e3779b97f4a7c15u); /* the test's own numbers */
	struct game *g = nv_game(7);
	const struct lw_data *d = lw_D();
	int ports[64], n = 0;
	for (size_t c = 0; c < d->n_cities && n < 64; c++)
		if (d->cities[c].river_port)
			ports[n++] = (int)c;
	CHECKF(n > 10, "%d river ports", n);
	struct lw_state s = g->s;
	compare_all(&s, ports, n);
	for (int draw = 0; draw < 4; draw++) {
		s = g->s;
		for (size_t c = 0; c < d->n_cities; c++)
			s.city[c].owner = (int8_t)(nv_rnd(3) == 0 ? LW_UNION : LW_CONFEDERATE);
		compare_all(&s, ports, n);
	}
	CHECKF(differ == 0, "%ld of %ld pairs: the reach answers as the route", pairs - differ,
	       pairs);
	CHECKF(ref_differ == 0, "%ld of %ld pairs: the route answers as the hexsides' reference",
	       pairs - ref_differ, pairs);
	/* the pairs must show each kind of answer */
	CHECKF(routes > 50 && ky_routes > 0 && border_routes > 0 && routes < pairs,
	       "%ld routes of %ld pairs, %ld by the Kentucky hexside, %ld along a border river",
	       routes, pairs, ky_routes, border_routes);
	printf("# %ld pairs (%ld routes, %ld by 0806/0905, %ld along a border river)\n", pairs,
	       routes, ky_routes, border_routes);
	lincolns_war_module.free(g);
	return tap_done();
}
