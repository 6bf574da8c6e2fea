/* 9.1 rail transport: capacity from the turn track, unbroken rails
 * (enemy force, enemy city, RIT), rail up to an obstacle and stop there,
 * the Union's northern transit line around obstacles, IT counted as stars
 * (the rulebook's example), a general railed alone leaves his IT, one rail
 * move per general, stacking (13.1.1: one cavalry per hex). */
#include "lincolns_war/lw_amphib.h"
#include "lw_rail_fixture.h"

/* Hexes of the reconstructed map (docs/data_provenance.md "Map (map.json)"): the Georgia lines
 * Atlanta 1210 - 1211 - Macon 1311 - 1411 - Savannah 1511 and
 * Atlanta - 1310 - Augusta 1410 - 1510 - Charleston 1611 - Savannah.
 * An RIT at Chattanooga closes the long way round (through Virginia and
 * the Carolinas; Kentucky is neutral and closed to rail, 2.4.3). */
enum { ATLANTA = 1210, H1211 = 1211, MACON = 1311, H1310 = 1310, AUGUSTA = 1410, SAVANNAH = 1511 };
enum { CHATTANOOGA = 1208 };
enum { PITTSBURGH = 1602, COLUMBUS_OH = 1302, CINCINNATI = 1203, ST_LOUIS = 703, H1201 = 1201 };

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	struct tg_error err;

	/* capacity from the turn record chart (data/turns.json) */
	CHECK_EQ_INT(lw_rail_capacity(s, LW_UNION), 5);
	CHECK_EQ_INT(lw_rail_capacity(s, LW_CONFEDERATE), 4);
	s->turn = 0;
	CHECK_EQ_INT(lw_rail_capacity(s, LW_UNION), 4);
	CHECK_EQ_INT(lw_rail_capacity(s, LW_CONFEDERATE), 3);
	s->turn = 2;

	s->phase = LW_PH_RAIL;
	s->phasing = LW_CONFEDERATE;
	/* an open line: Atlanta to Savannah */
	lw_rit_set(s, CHATTANOOGA, true);
	int hardee = fx_place(s, "hardee", ATLANTA, 1);
	CHECK(lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, SAVANNAH));
	CHECK(lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, AUGUSTA));

	/* a) an enemy force at Macon interrupts the line; the hexes next to
	 * it may be reached but the move ends there */
	int sherman = fx_place(s, "sherman", MACON, 1);
	CHECK(lw_rail_interrupted(s, LW_CONFEDERATE, MACON));
	CHECK(lw_rail_must_stop(s, LW_CONFEDERATE, H1211));
	CHECK(lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, H1211));
	CHECK(lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, H1310));
	CHECK(!lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, MACON));
	CHECK(!lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, AUGUSTA)); /* past 1310 */
	CHECK(!lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, SAVANNAH));
	CHECK(lw_rail_check(s, hardee, SAVANNAH, true, &err) != 0);
	CHECK(strstr(err.message, "9.1") != NULL);
	/* the enemy may leave from next to the enemy */
	s->unit[sherman].where = LW_W_PENDING;

	/* b) an enemy controlled city interrupts the line */
	int macon = lw_city_at(MACON);
	s->city[macon].owner = LW_UNION;
	CHECK(lw_rail_interrupted(s, LW_CONFEDERATE, MACON));
	CHECK(!lw_rail_interrupted(s, LW_CONFEDERATE, H1211)); /* its neighbours stay open */
	CHECK(lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, SAVANNAH)); /* via Augusta */
	/* ... and with its garrison, the hexes next to it end the move */
	s->city[macon].garrison = 1;
	CHECK(!lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, SAVANNAH));
	s->city[macon].owner = LW_CONFEDERATE;
	s->city[macon].garrison = 0;

	/* c) an RIT interrupts the line, for both sides (13.2.6) */
	lw_rit_set(s, MACON, true);
	CHECK(lw_rail_interrupted(s, LW_CONFEDERATE, MACON));
	CHECK(lw_rail_interrupted(s, LW_UNION, MACON));
	CHECK(!lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, SAVANNAH));
	CHECK(lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, H1211));
	lw_rit_set(s, MACON, false);
	CHECK(lw_rail_connected(s, LW_CONFEDERATE, ATLANTA, SAVANNAH));

	/* 2.3 transit hexes: with Columbus and Cincinnati in enemy hands the
	 * Union rails from Pittsburgh to St. Louis along the northern edge
	 * (Cleveland, Michigan, Chicago, Springfield) */
	int pope = fx_place(s, "pope", PITTSBURGH, 1);
	s->city[lw_city_at(COLUMBUS_OH)].owner = LW_CONFEDERATE;
	s->city[lw_city_at(CINCINNATI)].owner = LW_CONFEDERATE;
	CHECK(lw_rail_connected(s, LW_UNION, PITTSBURGH, ST_LOUIS));
	{
		int r_ = lw_rail_check(s, pope, ST_LOUIS, true, &err);
		CHECK_EQ_INT(r_, 0);
	}
	/* ... an RIT between two transit hexes does not cut it: the Union
	 * "can always rail around obstacles" by them (test_9_1_transit_hexes) */
	lw_rit_set(s, H1201, true);
	CHECK(lw_rail_connected(s, LW_UNION, PITTSBURGH, ST_LOUIS));
	lw_rit_set(s, H1201, false);
	/* ...one on a transit hex itself does: Chicago */
	lw_rit_set(s, 901, true);
	CHECK(!lw_rail_connected(s, LW_UNION, PITTSBURGH, ST_LOUIS));
	lw_rit_set(s, 901, false);

	/* IT count as stars (9.1 example: a one-star general with one IT is
	 * two stars of capacity) */
	s->unit[hardee].it = 1;
	CHECK_EQ_INT(lw_rail_cost(s, hardee, true), 2);
	s->rail.used[LW_CONFEDERATE] = 3; /* one star left of four */
	CHECK(lw_rail_check(s, hardee, SAVANNAH, true, &err) != 0);
	CHECK(strstr(err.message, "IT count as stars") != NULL);
	/* a general alone leaves his IT with the force he leaves */
	int polk = fx_place(s, "polk", ATLANTA, 2);
	CHECK_EQ_INT(lw_rail_cost(s, hardee, false), 1);
	{
		int r_ =
		    rx_rail(s, LW_CONFEDERATE,
		            "{\"type\":\"rail\",\"unit\":\"hardee\",\"to\":1511,\"force\":false}");
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(s->unit[hardee].hex, SAVANNAH);
	CHECK_EQ_INT(s->unit[hardee].it, 0);
	CHECK_EQ_INT(lw_force_it(s, ATLANTA), 1);
	CHECK_EQ_INT(s->rail.used[LW_CONFEDERATE], 4);
	CHECK(lw_rail_used_by(s, hardee));
	CHECK(!lw_rail_used_by(s, polk));
	/* capacity spent: nothing more moves */
	CHECK(lw_rail_check(s, polk, AUGUSTA, true, &err) != 0);
	/* once per general per Rail Phase */
	s->rail.used[LW_CONFEDERATE] = 0;
	CHECK(lw_rail_check(s, hardee, ATLANTA, true, &err) != 0);
	CHECK(strstr(err.message, "once") != NULL);
	/* a subordinate may not be railed "as a force"; a lone general must be */
	CHECK(lw_rail_check(s, polk, AUGUSTA, false, &err) != 0);
	/* the whole force: CO and IT */
	{
		int r_ =
		    rx_rail(s, LW_CONFEDERATE,
		            "{\"type\":\"rail\",\"unit\":\"polk\",\"to\":1410,\"force\":true}");
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(s->unit[polk].hex, AUGUSTA);
	CHECK_EQ_INT(lw_force_it(s, AUGUSTA), 1);
	CHECK_EQ_INT(s->rail.used[LW_CONFEDERATE], 3);

	/* 13.1.1: one cavalry general per hex, also by rail */
	s->rail.used[LW_CONFEDERATE] = 0;
	fx_place(s, "wheeler", SAVANNAH, 1);
	int forrest = fx_place(s, "forrest", ATLANTA, 1);
	CHECK(lw_rail_check(s, forrest, SAVANNAH, true, &err) != 0);
	{
		int r_ = lw_rail_check(s, forrest, H1211, true, &err);
		CHECK_EQ_INT(r_, 0);
	}
	/* not the other side's general, not to where he stands */
	CHECK(rx_rail(s, LW_CONFEDERATE,
	              "{\"type\":\"rail\",\"unit\":\"pope\",\"to\":703,\"force\":true}") != 0);
	CHECK(lw_rail_check(s, forrest, ATLANTA, true, &err) != 0);

	/* 9.1 note: no general uses both rail and naval transport in a turn —
	 * Hardee railed this turn; his force may not then move by river */
	s->phase = LW_PH_OPS;
	s->play.side = LW_CONFEDERATE;
	lw_march_begin(s, hardee, false);
	CHECK(lw_amphib_check(s, LW_CONFEDERATE, LW_AM_RIVER_MOVE, SAVANNAH, &err) != 0);
	CHECK(strstr(err.message, "rail and naval") != NULL);
	lw_march_begin(s, polk, false); /* Polk railed too */
	CHECK(lw_amphib_check(s, LW_CONFEDERATE, LW_AM_RIVER_MOVE, SAVANNAH, &err) != 0);
	CHECK(strstr(err.message, "rail and naval") != NULL);
	memset(s->rail.railed, 0, sizeof s->rail.railed);
	err.message[0] = 0;
	lw_amphib_check(s, LW_CONFEDERATE, LW_AM_RIVER_MOVE, SAVANNAH, &err);
	CHECK(strstr(err.message, "rail and naval") == NULL);
	free(s);
	return tap_done();
}
