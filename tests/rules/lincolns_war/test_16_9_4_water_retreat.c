/* 16.9.4 Retreating from ports: a beaten Union force in a captured
 * Confederate port with no land supply route retreats by water to the
 * nearest friendly port; the port is surrendered (its supply value in PC
 * changes hands), the CO loses a star and the victor gains his stars in PC.
 * A Union force in its own port (Fort Monroe) retreats normally. */
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(4); /* also loads the map */
	if (!s)
		return 1;
	CHECK_EQ_INT(lw_amphib_nearest(1611, (int[]){2201, 2005, 1902}, 3), 2005);
	CHECK_EQ_INT(lw_amphib_nearest(1611, NULL, 0), -1);
	int chas = am_city("charleston"), hc = am_hex("charleston");
	s->city[chas].owner = LW_UNION;
	s->city[chas].garrison = 1;
	int g = am_general(s, LW_UNION, hc, 2, LW_NONE);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 10;
	int supply = lw_D()->cities[chas].supply;

	am_lost_at(s, hc);
	CHECK(lw_amphib_water_retreat(s));
	int to = s->unit[g].hex;
	int tc = lw_city_at(to);
	CHECKF(tc >= 0 && lw_amphib_ocean_port(tc) && lw_city_controller(s, tc) == LW_UNION,
	       "went to a Union ocean port (hex %d)", to);
	/* the nearest such port */
	for (int c = 0; c < s->n_cities; c++)
		if (c != chas && lw_amphib_ocean_port(c) && lw_city_controller(s, c) == LW_UNION)
			CHECKF(tg_hex_distance(&lw_D()->grid, hc, lw_D()->cities[c].hex) >=
			           tg_hex_distance(&lw_D()->grid, hc, to),
			       "%s is nearer", lw_D()->cities[c].name);
	CHECK_EQ_INT(s->unit[g].stars, 1);
	CHECK_EQ_INT(lw_city_controller(s, chas), LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 10 - supply);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 10 + supply + 2);
	CHECK(am_log_has(s, "retreats by water"));

	/* Fort Monroe is a Union port, not a captured one: no water retreat */
	int monroe = am_hex("fort_monroe");
	s->unit[g].hex = (int16_t)monroe;
	am_lost_at(s, monroe);
	CHECK(!lw_amphib_water_retreat(s));
	CHECK_EQ_INT(s->unit[g].hex, monroe);

	/* the Confederates never retreat by water */
	int r = am_general(s, LW_CONFEDERATE, am_hex("savannah"), 1, LW_NONE);
	am_lost_at(s, am_hex("savannah"));
	s->battle.attacker = LW_UNION;
	CHECK(!lw_amphib_water_retreat(s));
	CHECK_EQ_INT(s->unit[r].hex, am_hex("savannah"));
	free(s);
	return tap_done();
}
