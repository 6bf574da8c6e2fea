/* 9.1.2b: "Fall Back! An Exhausted Leader may also activate in an Area if
 * any friendly unit in the same Area also activates to move." The Leader
 * who falls back is an Exhausted (Inactive, 4.4.1) one; an Active Leader
 * who did not activate the Area stays, by 8.1.1: "If the die roll is equal
 * to or greater than that Leader's Initiative Rating, any and all units
 * sharing the same Command ID may move/attack. Other Leader markers, and
 * units with a different Command ID, may not move/attack." and "If the die
 * roll is less than that Leader marker's Initiative Rating ... The Leader
 * marker is unaffected and may attempt to activate in a later Impulse."
 * (README decision 53: the two readings of "Exhausted Leader" and the
 * choice.)
 *
 * A.P. Hill's division, his artillery and Stuart's 2nd Virginia in 45 with
 * A.P. Hill (and Longstreet); Lee in Richmond (44); McCall in 6. */
#include "boal_aphill_45_testkit.h"

/* the kit's board with Longstreet beside A.P. Hill in 45 */
static void board(struct boal_state *s, bool longstreet_inactive)
{
	ba_board(s);
	s->leader[bt_leader("longstreet")].area = 45;
	s->leader[bt_leader("longstreet")].inactive = longstreet_inactive;
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;
	const int aphill = bt_leader("aphill"), longstreet = bt_leader("longstreet");

	/* an Active A.P. Hill who did not activate the Area (the ONE unit of
	 * 8.1.1 was chosen without his dr) does not fall back when his
	 * infantry moves out */
	board(&s, false);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(ba_unit_to(&s, "aphill_inf", 41), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 0), 0);
	CHECK(ba_leader_to(&s, "aphill", 41) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	CHECK_EQ_INT(s.leader[aphill].area, 45);

	/* nor one whose activation dr failed (8.1.1: "unaffected"): the ONE
	 * unit moves, he stays */
	board(&s, false);
	s.army_active[C] = false;
	ba_aphill_rolls(&s, false, 'b');
	CHECK(!s.leader[aphill].inactive);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(ba_unit_to(&s, "aphill_inf", 41), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 0), 0);
	CHECK(ba_leader_to(&s, "aphill", 41) != 0);
	CHECK_EQ_INT(s.leader[aphill].area, 45);

	/* A.P. Hill activates; an Active Longstreet beside him, who did not,
	 * stays ("Other Leader markers ... may not move"), an Inactive one
	 * falls back once a unit of the Area moved */
	for (int inactive = 0; inactive < 2; inactive++) {
		board(&s, inactive);
		ba_aphill_rolls(&s, true, 'b');
		CHECK_EQ_INT(bt_offers(&s, C, "move", "longstreet", 0), 0);
		CHECK_EQ_INT(ba_unit_to(&s, "aphill_inf", 41), 0);
		CHECK_EQ_INT(bt_offers(&s, C, "move", "longstreet", 41), inactive);
		CHECK_EQ_INT(ba_leader_to(&s, "longstreet", 41), inactive ? 0 : -1);
		CHECK_EQ_INT(s.leader[longstreet].area, inactive ? 41 : 45);
		CHECK_EQ_INT(s.leader[longstreet].inactive, inactive);
	}
	return tap_done();
}
