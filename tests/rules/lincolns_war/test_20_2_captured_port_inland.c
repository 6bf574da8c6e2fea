/* 20.2 "The Union may trace supply to friendly and captured ocean ports
 * across any number of ocean hexes back to Union ocean ports." A Union
 * force inland of captured New Orleans (14.4.1: the port Union forces may
 * draw on inland) traces to the port and on by sea to the Union's own
 * ocean ports: six stars next to New Orleans (supply 3) are in supply.
 * (The engine gave an inland force only the captured port's own value.)
 * And the Union's ocean ports are one sea supply, counted once however
 * many of them a line reaches; a Raided one adds nothing (20.0). */
#include "lw_naval_fixture.h"
#include "lw_supply.h"

static void clear_hex(struct lw_state *s, int hex)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex == hex)
			s->unit[u].where = LW_W_DISGRACED;
}

/* Union generals with `stars` stars in all at hex; returns the stars put. */
static int union_force(struct game *g, int hex, int stars)
{
	struct lw_state *s = &g->s;
	int put = 0;
	for (int u = 0; u < s->n_units && put < stars; u++) {
		struct lw_unit *x = &s->unit[u];
		if (x->side != LW_UNION || x->gen < 0 || x->cavalry || x->where == LW_W_MAP)
			continue;
		int want = stars - put;
		int st = want >= 3 && lw_D()->generals[x->gen].max_stars >= 3 ? 3
		         : want >= 2                                          ? 2
		                                                              : 1;
		tk_place(g, u, hex);
		x->stars = (uint8_t)st;
		put += st;
	}
	return put;
}

int main(void)
{
	struct game *g = nv_game(2022);
	struct lw_state *s = &g->s;
	const struct lw_data *d = lw_D();
	int no = nv_city("new_orleans");
	int noh = nv_hex("new_orleans");
	CHECK_EQ_INT(d->cities[no].supply, 3);
	CHECK(lw_naval_sea_supply(s) >= 6);
	clear_hex(s, noh);
	s->city[no].owner = LW_UNION; /* captured, held by a garrison */
	s->city[no].garrison = 1;
	/* the Union's inland cities out of the count (the Mississippi leads up
	 * to Cairo and St. Louis): only New Orleans and the sea are left */
	for (size_t c = 0; c < d->n_cities; c++)
		if (!d->cities[c].ocean_port && s->city[c].owner == LW_UNION)
			s->city[c].owner = LW_CONFEDERATE;
	/* a land hex next to New Orleans, no city, nobody in it */
	int nb[6], hex = -1;
	int n = tg_hex_neighbours(&d->grid, noh, nb);
	for (int i = 0; i < n && hex < 0; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (h && h->terrain != LW_TERRAIN_OCEAN && lw_city_at(nb[i]) < 0 &&
		    !(lw_data_hexside_flags(d, noh, nb[i]) & LW_HS_IMPASSABLE)) {
			int u[LW_MAX_UNITS];
			if (lw_units_at(s, nb[i], LW_CONFEDERATE, u) == 0)
				hex = nb[i];
		}
	}
	CHECKF(hex > 0, "a free land hex next to New Orleans");
	clear_hex(s, hex);
	CHECK_EQ_INT(union_force(g, hex, 6), 6);
	/* more stars than New Orleans' own 3: supplied by sea through it */
	CHECK(lw_supply_traced(s, hex, LW_UNION, NULL));
	/* control: with no Union ocean port left there is only New Orleans' 3 */
	const char *own[] = {"washington", "baltimore", "philadelphia", "new_york", "fort_monroe"};
	for (int i = 0; i < 5; i++)
		s->city[nv_city(own[i])].owner = LW_CONFEDERATE;
	CHECK_EQ_INT(lw_naval_sea_supply(s), 0);
	CHECK(!lw_supply_traced(s, hex, LW_UNION, NULL));
	lincolns_war_module.free(g);

	/* counted once: a force in Baltimore reaching Washington, Philadelphia
	 * and Baltimore itself has the sea supply once, not once a port.
	 * Find a force size between the two. */
	g = nv_game(2023);
	s = &g->s;
	int sea = lw_naval_sea_supply(s);
	int bal = nv_hex("baltimore");
	clear_hex(s, bal);
	/* the other Union cities (not ocean ports) out of the count */
	for (size_t c = 0; c < d->n_cities; c++)
		if (!d->cities[c].ocean_port && s->city[c].owner == LW_UNION)
			s->city[c].owner = LW_CONFEDERATE;
	int put = union_force(g, bal, sea + 1);
	CHECKF(put == sea + 1, "put %d stars, want %d", put, sea + 1);
	CHECK(!lw_supply_traced(s, bal, LW_UNION, NULL));
	/* 20.0: a Raided port's value is 0, in the sea supply too */
	s->city[nv_city("philadelphia")].raided = 1;
	CHECK_EQ_INT(lw_naval_sea_supply(s), sea - d->cities[nv_city("philadelphia")].supply);
	lincolns_war_module.free(g);
	return tap_done();
}
