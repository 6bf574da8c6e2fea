/* 20.1 river sections: friendly uncontested sections may be used, unfriendly
 * uncontested never; a contested section by the Union only (the
 * Confederates would need a CSN Asset, part 2). */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	const char *R = "Mississippi";
	const struct lw_city *memphis = lw_data_city(d, "memphis");
	if (!CHECK(memphis && fx_touches_river(d, memphis->hex, R)))
		return tap_done();
	/* a river hex next to Memphis that is no city */
	int nb[6], h = LW_NO_HEX;
	int n = tg_hex_neighbours(&d->grid, memphis->hex, nb);
	for (int i = 0; i < n && h == LW_NO_HEX; i++)
		if (lw_city_at(nb[i]) < 0 && fx_touches_river(d, nb[i], R))
			h = nb[i];
	if (!CHECK(h != LW_NO_HEX))
		return tap_done();
	/* every river city on the Mississippi Confederate: unfriendly to the Union */
	for (int c = 0; c < s->n_cities; c++)
		if (fx_touches_river(d, d->cities[c].hex, R))
			s->city[c].owner = LW_CONFEDERATE;
	CHECK(!lw_supply_river_ok(s, LW_UNION, R, memphis->hex, h));
	CHECK(lw_supply_river_ok(s, LW_CONFEDERATE, R, memphis->hex, h));
	/* Memphis Union: the section is contested */
	int m = lw_city_at(memphis->hex);
	s->city[m].owner = LW_UNION;
	CHECK(lw_supply_river_ok(s, LW_UNION, R, memphis->hex, h));
	CHECK(!lw_supply_river_ok(s, LW_CONFEDERATE, R, memphis->hex, h));
	/* all Union: friendly to the Union, closed to the Confederates */
	for (int c = 0; c < s->n_cities; c++)
		if (fx_touches_river(d, d->cities[c].hex, R))
			s->city[c].owner = LW_UNION;
	CHECK(lw_supply_river_ok(s, LW_UNION, R, memphis->hex, h));
	CHECK(!lw_supply_river_ok(s, LW_CONFEDERATE, R, memphis->hex, h));
	free(s);
	return tap_done();
}
