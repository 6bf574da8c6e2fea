/* 8.1.2.1: "An ironclad ... may move up to four river hexes" to a friendly
 * river port; 8.1.2.2: along Kentucky's border rivers it may choose to
 * violate neutrality. The Naval Phase's offer asks the river route from an
 * asset's port to every port: lw_naval_river_reach searches once from the
 * port (issue 17: a search for each destination was most of the offer).
 * Its answers must be exactly those of the one-destination searches
 * (lw_naval_river_route: the distance and whether only the Kentucky
 * hexside 0806/0905 reaches; lw_naval_river_route_ky_border), for every
 * pair of ports, with the cities' owners (20.1: a Union city blocks the
 * river) as the game starts and drawn at random. */
#include "lw_naval_fixture.h"

static long pairs, routes, ky_routes, border_routes, differ;

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
	/* the pairs must show each kind of answer */
	CHECKF(routes > 50 && ky_routes > 0 && border_routes > 0 && routes < pairs,
	       "%ld routes of %ld pairs, %ld by the Kentucky hexside, %ld along a border river",
	       routes, pairs, ky_routes, border_routes);
	printf("# %ld pairs (%ld routes, %ld by 0806/0905, %ld along a border river)\n", pairs,
	       routes, ky_routes, border_routes);
	lincolns_war_module.free(g);
	return tap_done();
}
