/* 16.10.2 example: a Union force with a garrison marker attacked in
 * Chattanooga may defend with the modified city value (2 - 1 = 1) or with
 * the terrain (two for mountains or two for the river). */
#include "lincolns_war/lw_terrain.h"
#include "lw_land_fixture.h"

int main(void)
{
	enum lw_terrain_kind k;
	CHECK_EQ_INT(lw_terrain_best(1, true, false, &k), 2);
	CHECK_EQ_INT(k, LW_TK_MOUNTAIN);
	CHECK_EQ_INT(lw_terrain_best(1, false, true, &k), 2);
	CHECK_EQ_INT(k, LW_TK_RIVER);
	CHECK_EQ_INT(lw_terrain_best(1, false, false, &k), 1);
	CHECK_EQ_INT(k, LW_TK_CITY);
	CHECK_EQ_INT(lw_terrain_best(3, true, true, &k), 3);
	CHECK_EQ_INT(k, LW_TK_CITY);

	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int c = lw_city_at(1208);
	CHECK(c >= 0);
	CHECK_EQ_INT(lw_D()->cities[c].defense, 2);
	s->city[c].owner = LW_UNION;
	s->city[c].garrison = 1;
	fx_place(s, "grant", 1208, 2);
	CHECK_EQ_INT(lw_city_defense(s, c), 1); /* 2 - 1 under a garrison */
	CHECK_EQ_INT(lw_terrain_defense(s, LW_NO_HEX, 1208, LW_UNION, &k), 2);
	CHECK_EQ_INT(k, LW_TK_MOUNTAIN);
	/* the Confederates, holding their own city, use its full value */
	s->city[c].owner = LW_CONFEDERATE;
	s->city[c].garrison = 0;
	CHECK_EQ_INT(lw_terrain_defense(s, LW_NO_HEX, 1208, LW_CONFEDERATE, &k), 2);
	free(s);
	return tap_done();
}
