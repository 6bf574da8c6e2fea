/* 16.10.1.1: "Whenever a city changes control, the CO of the force
 * capturing the city suffers 1 IT to simulate disorganization, no matter
 * how overwhelming the attack was." 16.9.4: "Any Union force retreating
 * from a captured Confederate port with no land-based supply route must
 * retreat by water to the nearest friendly (Union or captured Confederate)
 * port. He surrenders the port, ..."
 *
 * Issue 22, defect 2: the engine moved the beaten Union force out by water
 * and then captured the empty port, so nobody was in the city to take the
 * capture's IT, and the later advance found it already Confederate: a
 * Confederate army retaking Wilmington ended with the battle's IT only,
 * where a land capture gives the extra IT. The port is surrendered to the
 * victorious force: its CO takes the IT. */
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(4); /* also loads the map */
	if (!s)
		return 1;
	int wil = am_city("wilmington"), hw = am_hex("wilmington");
	s->city[wil].owner = LW_UNION;
	s->city[wil].garrison = 1;
	int camp = am_camp_next_to(hw);
	if (!CHECK(camp != LW_NO_HEX))
		return tap_done();
	int u = am_general(s, LW_UNION, hw, 2, LW_NONE);
	int co = am_general(s, LW_CONFEDERATE, camp, 3, LW_NONE);
	int sub = am_general(s, LW_CONFEDERATE, camp, 2, co);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 10;

	am_lost_at(s, hw);
	s->battle.att_hex = (int16_t)camp;
	CHECK(lw_amphib_water_retreat(s));
	CHECK(s->unit[u].hex != hw); /* gone by water */
	CHECK_EQ_INT(lw_city_controller(s, wil), LW_CONFEDERATE);
	/* the capturing force's CO, Lee or whoever commands it, takes the IT */
	CHECK_EQ_INT(lw_force_co_side(s, camp, LW_CONFEDERATE), co);
	CHECK_EQ_INT(s->unit[co].it, 1);
	CHECK_EQ_INT(s->unit[co].it_new, 1);
	CHECK_EQ_INT(s->unit[sub].it, 0);
	free(s);
	return tap_done();
}
