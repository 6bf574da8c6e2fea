/* 20.0 supply lines: a force's own friendly city counts, enemy forces block
 * the way out, the stars of the force must be matched, and a Raided city's
 * supply is 0 (20.0, 20.7.2). */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	int wash = lw_city_at(1903);
	if (!CHECK(wash >= 0 && d->cities[wash].supply >= 4))
		return tap_done();
	int grant = fx_place(s, "grant", 1903, 3);
	fx_place(s, "thomas", 1903, 1);
	CHECK(lw_supply_traced(s, 1903, LW_UNION, NULL)); /* 4 stars, Washington's 4 */

	/* surround Washington's land neighbours with Confederate generals */
	static const char *const cs[] = {"lee",   "longstreet", "jackson", "beauregard",
	                                 "ewell", "dh_hill",    "early"};
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, 1903, nb), k = 0;
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (h && h->terrain != LW_TERRAIN_OCEAN && k < 7)
			fx_place(s, cs[k++], nb[i], 1);
	}
	CHECK(k > 0);
	CHECK(lw_supply_traced(s, 1903, LW_UNION, NULL)); /* the city alone feeds 4 stars */
	int sherman = fx_place(s, "sherman", 1903, 3);
	/* 20.2: Washington is an ocean port and the sea links it to the Union's
	 * other ocean ports; with those lost, only its own 4 remain */
	static const char *const ports[] = {"baltimore", "philadelphia", "new_york"};
	for (int i = 0; i < 3; i++)
		s->city[lw_data_city(d, ports[i]) - d->cities].owner = LW_CONFEDERATE;
	CHECK(!lw_supply_traced(s, 1903, LW_UNION, NULL)); /* 7 stars: not enough */
	for (int i = 0; i < 3; i++)
		s->city[lw_data_city(d, ports[i]) - d->cities].owner = LW_UNION;
	CHECK(lw_supply_traced(s, 1903, LW_UNION, NULL)); /* 20.2: by sea */

	/* the siege lifted, the rails and rivers bring more */
	for (int i = 0; i < k; i++) {
		int u = lw_unit_by_id(s, cs[i]);
		s->unit[u].where = LW_W_PENDING;
		s->unit[u].hex = LW_NO_HEX;
	}
	CHECK(lw_supply_traced(s, 1903, LW_UNION, NULL));

	/* 20.7.2: a Raided city is traced through but gives nothing */
	s->unit[sherman].where = LW_W_PENDING;
	k = 0;
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (h && h->terrain != LW_TERRAIN_OCEAN && k < 7)
			fx_place(s, cs[k++], nb[i], 1);
	}
	s->city[wash].raided = 1;
	CHECK(!lw_supply_traced(s, 1903, LW_UNION, NULL));
	s->city[wash].raided = 0;
	CHECK(lw_supply_traced(s, 1903, LW_UNION, NULL));
	(void)grant;
	free(s);
	return tap_done();
}
