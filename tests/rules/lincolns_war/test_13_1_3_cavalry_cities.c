/* 13.1.3 controlling enemy cities with cavalry: a city taken by lone
 * cavalry is held only while it stays (no garrison token; it defends as if
 * garrisoned), reverts to its former controller when vacated (the
 * capture's PC given back, docs/decisions.md "13.1.3: the PC of the capture on reversion", issue
 * 22), and is kept for good once the holder's infantry comes in and places its garrison. */
#include "lw_land_fixture.h"

enum { COLUMBUS_OH = 1302, NEXT_DOOR = 1303 };

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int c = lw_city_at(COLUMBUS_OH);
	if (!CHECK(c >= 0))
		return tap_done();
	int before = lw_city_defense(s, c);
	int morgan = fx_place(s, "morgan", COLUMBUS_OH, 1);
	int pu = s->side[LW_UNION].pc, pc = s->side[LW_CONFEDERATE].pc;
	lw_capture_city(s, LW_CONFEDERATE, c, true);
	CHECK_EQ_INT(s->city[c].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->city[c].garrison, 0); /* cavalry never places a garrison */
	CHECK(lw_cav_city_held(s, c));
	CHECK_EQ_INT(lw_city_defense(s, c), before > 0 ? before - 1 : 0);
	/* while the cavalry stays, nothing changes */
	lw_cav_city_settle(s);
	CHECK_EQ_INT(s->city[c].owner, LW_CONFEDERATE);
	/* it leaves: the city reverts to the Union, and the PC with it */
	s->unit[morgan].hex = NEXT_DOOR;
	lw_cav_city_settle(s);
	CHECK_EQ_INT(s->city[c].owner, LW_UNION);
	CHECK(!lw_cav_city_held(s, c));
	CHECK_EQ_INT(s->side[LW_UNION].pc, pu);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc);
	CHECK_EQ_INT(lw_city_defense(s, c), before);

	/* again, and this time infantry follows: garrison placed, kept */
	s->unit[morgan].hex = COLUMBUS_OH;
	lw_capture_city(s, LW_CONFEDERATE, c, true);
	int polk = fx_place(s, "polk", COLUMBUS_OH, 1);
	lw_cav_city_settle(s);
	CHECK(!lw_cav_city_held(s, c));
	CHECK_EQ_INT(s->city[c].garrison, 1);
	s->unit[morgan].hex = NEXT_DOOR;
	s->unit[polk].hex = NEXT_DOOR;
	lw_cav_city_settle(s);
	CHECK_EQ_INT(s->city[c].owner, LW_CONFEDERATE);

	/* a capture by infantry is never "held by cavalry" */
	lw_capture_city(s, LW_UNION, c, false);
	CHECK(!lw_cav_city_held(s, c));
	free(s);
	return tap_done();
}
