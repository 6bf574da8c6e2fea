/* 15.4.1-15.4.4 Bridges: "The attempt is successful on a dr > 8 and is
 * subject to Bridge Demolition Modifiers ... +3 Free, +2 Contested
 * Friend-Controlled, +1 Contested, Enemy-Controlled"; 15.4.3: "The
 * construction attempt is successful on a dr greater than or equal to 7";
 * 15.4.4: "The Union player may gain a +1 dr to his Repair dr by placing the
 * Union Engineer marker". README decision 10: the two areas' modifiers are
 * summed. The area statuses on the set-up state: New Bridge, 6-41. */
#include "boal_query.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	const enum boal_bridge_area F = BOAL_BRIDGE_AREA_FREE,
	                            CF = BOAL_BRIDGE_AREA_CONTESTED_FRIENDLY,
	                            CE = BOAL_BRIDGE_AREA_CONTESTED_ENEMY,
	                            O = BOAL_BRIDGE_AREA_OTHER;
	CHECK_EQ_INT(boal_bridge_area_mod(F), 3);
	CHECK_EQ_INT(boal_bridge_area_mod(CF), 2);
	CHECK_EQ_INT(boal_bridge_area_mod(CE), 1);
	CHECK_EQ_INT(boal_bridge_area_mod(O), 0);

	/* demolition: dr + mods > 8 */
	CHECK(!boal_demolition_succeeds(3, F, CF)); /* 3 + 5 = 8 */
	CHECK(boal_demolition_succeeds(4, F, CF));
	CHECK(boal_demolition_succeeds(6, F, O));  /* 6 + 3 = 9 */
	CHECK(!boal_demolition_succeeds(5, F, O)); /* 5 + 3 = 8 */
	CHECK(boal_demolition_succeeds(6, F, CE));
	CHECK(!boal_demolition_succeeds(6, CE, CE));
	/* repair: dr + mods (+1 Engineers) >= 7 */
	CHECK(boal_repair_succeeds(4, F, O, false));
	CHECK(!boal_repair_succeeds(3, F, O, false));
	CHECK(boal_repair_succeeds(3, F, O, true));
	CHECK(!boal_repair_succeeds(4, CE, CE, false));
	CHECK(boal_repair_succeeds(6, CE, O, false));

	/* the statuses on the state */
	struct boal_state s;
	bt_setup(&s, true);
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	CHECK_EQ_INT(boal_bridge_area_status(&s, d, U, 6), F);  /* Union units, Union control */
	CHECK_EQ_INT(boal_bridge_area_status(&s, d, U, 41), O); /* Magruder's */
	CHECK_EQ_INT(boal_bridge_area_status(&s, d, C, 41), F);
	s.unit[bt_unit("jones_inf")].area = 6; /* Jones crosses into Ellerson's Mill */
	CHECK_EQ_INT(boal_bridge_area_status(&s, d, U, 6), CF);
	CHECK_EQ_INT(boal_bridge_area_status(&s, d, C, 6), CE);
	/* +2 Contested friendly, +0 for Magruder's area: even a 6 is not > 8 */
	CHECK(!boal_demolition_succeeds(6, boal_bridge_area_status(&s, d, U, 6),
	                                boal_bridge_area_status(&s, d, U, 41)));
	return tap_done();
}
