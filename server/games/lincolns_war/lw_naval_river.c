/* lw_naval_river.c — 8.1.2.1/8.1.2.2 ironclad river routes: up to four
 * river hexes, from one hex to a neighbour along a river both touch (as
 * supply runs along rivers in 20.1), never through a Union-held city (20.1:
 * enemy cities block river routes). The Tennessee hexside 0806/0905 lies
 * inside Kentucky: a step that follows it violates neutrality (8.1.2.2);
 * every other Kentucky river is a border river, sailed along the opposite
 * bank unless the Confederate chooses to violate neutrality there
 * (lw_naval_river_route_ky_border). */
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

static int bfs(const struct lw_state *s, int from, int to, bool allow_ky)
{
	const struct lw_data *d = lw_D();
	int max = d->tables.naval.ironclad_river_hexes;
	int q[256], dist[256], nq = 0;
	q[nq] = from;
	dist[nq++] = 0;
	for (int i = 0; i < nq; i++) {
		if (q[i] == to)
			return dist[i];
		if (dist[i] >= max)
			continue;
		int c = lw_city_at(q[i]);
		if (i > 0 && c >= 0 && lw_city_controller(s, c) == LW_UNION)
			continue; /* 20.1: an enemy city blocks the river */
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, q[i], nb);
		for (int j = 0; j < n && nq < 256; j++) {
			const struct lw_hex *h = lw_data_hex(d, nb[j]);
			if (!h || h->terrain == LW_TERRAIN_OCEAN)
				continue;
			int k = step(d, q[i], nb[j]);
			if (k == 0 || (k == 2 && !allow_ky))
				continue;
			bool seen = false;
			for (int m = 0; m < nq && !seen; m++)
				seen = q[m] == nb[j];
			if (seen)
				continue;
			q[nq] = nb[j];
			dist[nq++] = dist[i] + 1;
		}
	}
	return -1;
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

bool lw_naval_river_route_ky_border(const struct lw_state *s, int from, int to)
{
	/* the search of bfs() over (hex, has followed a border river) */
	const struct lw_data *d = lw_D();
	int max = d->tables.naval.ironclad_river_hexes;
	int q[512], dist[512], nq = 0;
	uint8_t flag[512];
	q[nq] = from;
	flag[nq] = 0;
	dist[nq++] = 0;
	for (int i = 0; i < nq; i++) {
		if (q[i] == to && flag[i])
			return true;
		if (dist[i] >= max)
			continue;
		int c = lw_city_at(q[i]);
		if (i > 0 && c >= 0 && lw_city_controller(s, c) == LW_UNION)
			continue; /* 20.1: an enemy city blocks the river */
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, q[i], nb);
		for (int j = 0; j < n && nq < 512; j++) {
			const struct lw_hex *h = lw_data_hex(d, nb[j]);
			if (!h || h->terrain == LW_TERRAIN_OCEAN || step(d, q[i], nb[j]) != 1)
				continue;
			uint8_t f = (uint8_t)(flag[i] | ky_border_step(d, q[i], nb[j]));
			bool seen = false;
			for (int m = 0; m < nq && !seen; m++)
				seen = q[m] == nb[j] && flag[m] == f;
			if (seen)
				continue;
			q[nq] = nb[j];
			flag[nq] = f;
			dist[nq++] = dist[i] + 1;
		}
	}
	return false;
}
