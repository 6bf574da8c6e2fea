/* 20.1 "Players may never trace supply across or into unfriendly
 * Uncontested River Sections" and "The Confederate player may only trace
 * supply across or into a Contested River Section if he has an Asset":
 * a rail line that crosses a river crosses its section too. The engine let
 * a rail bridge carry supply over any river (only an overland crossing was
 * judged). */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

/* Every river city on `river` to `owner`. */
static void river_cities(struct lw_state *s, const char *river, int owner)
{
	const struct lw_data *d = lw_D();
	for (int c = 0; c < s->n_cities && c < (int)d->n_cities; c++)
		if (fx_touches_river(d, d->cities[c].hex, river))
			s->city[c].owner = (int8_t)owner;
}

static int city(const char *id)
{
	const struct lw_data *d = lw_D();
	const struct lw_city *c = lw_data_city(d, id);
	return c ? (int)(c - d->cities) : -1;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	/* the Baltimore & Ohio crosses the Ohio between 1603 and 1502 */
	const struct lw_hexside *bo = lw_data_hexside(d, 1603, 1502);
	if (!CHECK(bo && bo->river && strcmp(bo->river, "Ohio") == 0 && (bo->flags & LW_HS_RAIL)))
		return tap_done();
	int pitt = city("pittsburgh");
	if (!CHECK(pitt >= 0 && fx_touches_river(d, d->cities[pitt].hex, "Ohio")))
		return tap_done();

	/* a Union general in western Virginia, south of the bridge */
	fx_place(s, "grant", 1604, 1);
	/* the whole Ohio Confederate: the section at the bridge is unfriendly
	 * and uncontested for the Union; the bridge may not carry his supply */
	river_cities(s, "Ohio", LW_CONFEDERATE);
	CHECK(!lw_supply_traced(s, 1604, LW_UNION, NULL));
	/* Pittsburgh back in Union hands: the section is contested, which the
	 * Union may always trace across (the same line now feeds him) */
	s->city[pitt].owner = LW_UNION;
	CHECK(lw_supply_traced(s, 1604, LW_UNION, NULL));
	s->unit[lw_unit_by_id(s, "grant")].where = LW_W_PENDING;

	/* The Confederates: the Pacific railroad crosses the Missouri between
	 * 0503 and 0604 towards St. Louis. St. Louis Confederate, Jefferson
	 * City and Kansas City Union: the section is contested and, without an
	 * Asset, closed to him, by rail as overland */
	const struct lw_hexside *pac = lw_data_hexside(d, 503, 604);
	if (!CHECK(pac && pac->river && (pac->flags & LW_HS_RAIL)))
		return tap_done();
	river_cities(s, "Missouri", LW_UNION);
	int stl = city("st_louis");
	if (!CHECK(stl >= 0))
		return tap_done();
	s->city[stl].owner = LW_CONFEDERATE;
	fx_place(s, "price", 503, 1);
	CHECK(!lw_supply_traced(s, 503, LW_CONFEDERATE, NULL));
	/* the whole Missouri his: a friendly section, open */
	river_cities(s, "Missouri", LW_CONFEDERATE);
	CHECK(lw_supply_traced(s, 503, LW_CONFEDERATE, NULL));
	free(s);
	return tap_done();
}
