/* 9.1.2 Leader Marker Movement, 9.1.2a, 9.1.2b and 9.3's rule on leaders,
 * through the impulse's pending table.
 * 9.1.2: "All Leader markers have 7 Movement Factors (MF)."
 * 9.1.2a: "An Army Leader may always move once per turn during an Impulse
 * in which a Subordinate Leader activates an Area, even if he himself was
 * not in the Active Area."
 * 9.1.2b: "Fall Back! An Exhausted Leader may also activate in an Area if
 * any friendly unit in the same Area also activates to move."
 * 9.3: "Only Point units may enter an Uncontested, Enemy-Controlled Area
 * (whether Vacant or not). ... Leader markers may not enter a Contested
 * Area across a boundary requiring a Mandatory Assault (Section 10.1)
 * unless accompanied by a Point Unit".
 * Map (data): Richmond 44 - 45 - 41 open roads; 45 -Mechanicsville Bridge
 * (road)- 3 (Union, vacant) -minor, road- 6 (McCall, Union). */
#include "boal_aphill_45_testkit.h"

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;
	const int lee = bt_leader("lee"), aphill = bt_leader("aphill");

	/* 9.1.2a: Lee, outside the Active Area, moves in an Impulse A.P. Hill
	 * activates; with 7 MF he goes on within it (44 -> 41 -> 44 -> 45) */
	ba_board(&s);
	ba_aphill_rolls(&s, true, 0);
	CHECK(bt_offers(&s, C, "move", "lee", 41) == 1);
	CHECK_EQ_INT(ba_leader_to(&s, "lee", 41), 0);
	CHECK_EQ_INT(s.leader[lee].area, 41);
	CHECK_EQ_INT(ba_leader_to(&s, "lee", 44), 0);
	CHECK_EQ_INT(ba_leader_to(&s, "lee", 45), 0);
	CHECK_EQ_INT(s.leader[lee].area, 45);
	CHECK_EQ_INT(s.imp.lmf[lee], 7 - 3);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));
	/* "once per turn": not in a later Impulse of the same turn, though a
	 * Subordinate Leader activates again */
	s.leader[aphill].inactive = false;
	ba_aphill_rolls(&s, true, 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "lee", 0), 0);
	CHECK(ba_leader_to(&s, "lee", 44) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	CHECK_EQ_INT(s.leader[lee].area, 45);
	/* the next turn he may again */
	bt_act(&s, C, "{\"type\":\"end\"}");
	s.turn++;
	s.leader[aphill].inactive = false;
	ba_aphill_rolls(&s, true, 0);
	CHECK_EQ_INT(ba_leader_to(&s, "lee", 44), 0);

	/* 9.1.2a needs a Subordinate Leader's activation: with the ONE unit of
	 * 8.1.1 Lee stays */
	ba_board(&s);
	s.leader[aphill].area = 41;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "lee", 0), 0);
	CHECK(ba_leader_to(&s, "lee", 41) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	/* nor does a Subordinate Leader outside the Active Area move */
	CHECK(ba_leader_to(&s, "aphill", 44) != 0);

	/* 9.1.2b Fall Back!: an Inactive A.P. Hill in the Active Area may move
	 * once a friendly unit of his Area moves, not before */
	ba_board(&s);
	s.leader[aphill].inactive = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 0), 0);
	CHECK(ba_leader_to(&s, "aphill", 41) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	CHECK_EQ_INT(ba_unit_to(&s, "aphill_inf", 3), 0);
	CHECK(bt_offers(&s, C, "move", "aphill", 3) == 1);
	CHECK_EQ_INT(ba_leader_to(&s, "aphill", 3), 0);
	CHECK_EQ_INT(s.leader[aphill].area, 3);
	CHECK(s.leader[aphill].inactive); /* moving does not make him Active */

	/* 9.3: A.P. Hill may not enter Union-Controlled, uncontested 3 before a
	 * Point Unit has entered it, nor McCall's 6 (a Mandatory Assault's
	 * boundary, 10.1) before one has; after one, he follows */
	ba_board(&s);
	ba_aphill_rolls(&s, true, 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 3), 0);
	CHECK(ba_leader_to(&s, "aphill", 3) != 0);
	CHECK(strstr(bt_err.message, "9.3") != NULL);
	CHECK_EQ_INT(ba_unit_to(&s, "2va_cav", 3), 0); /* the Point Unit of 3 */
	CHECK_EQ_INT(ba_leader_to(&s, "aphill", 3), 0);
	CHECK(ba_leader_to(&s, "aphill", 6) != 0);
	CHECK(strstr(bt_err.message, "9.3") != NULL);
	CHECK_EQ_INT(ba_unit_to(&s, "2va_cav", 6), 0); /* the Point Unit of 6 */
	CHECK(s.imp.pointed[6]);
	CHECK_EQ_INT(ba_leader_to(&s, "aphill", 6), 0);
	CHECK_EQ_INT(s.leader[aphill].area, 6);
	return tap_done();
}
