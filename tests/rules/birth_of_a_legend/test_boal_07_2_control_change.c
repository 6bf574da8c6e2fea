/* 7.2 Control: "Control changes only when a side has a unit in a Vacant
 * Area previously Controlled by the enemy. Control can be gained during
 * movement without stopping". 7.3: "Contesting an Area does not alter
 * Control of that Area." */
#include "boal_mechanics.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	bt_setup(&s, false);
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	/* Stuart's cavalry rides into Bethesda Church (8, Union, empty) */
	int stuart = bt_unit("stuart_cav");
	CHECK_EQ_INT(s.control[8], U);
	s.unit[stuart].area = 8;
	CHECK(boal_update_control(&s, d, 8));
	CHECK_EQ_INT(s.control[8], C);
	CHECK(!boal_update_control(&s, d, 8)); /* no change twice */
	/* it rides on: the area stays Confederate (control without a unit) */
	s.unit[stuart].area = 9; /* Bowles, where Blake's cavalry is: Contested */
	CHECK(!boal_update_control(&s, d, 8));
	CHECK_EQ_INT(s.control[8], C);
	CHECK(!boal_update_control(&s, d, 9)); /* 7.3 */
	CHECK_EQ_INT(s.control[9], U);
	/* Blake's cavalry leaves: now Vacant of Union units, Confederate-held */
	s.unit[bt_unit("blake_cav")].area = 10;
	CHECK(boal_update_control(&s, d, 9));
	CHECK_EQ_INT(s.control[9], C);
	/* a leader alone never takes an area */
	s.leader[bt_leader("stuart")].area = 11;
	CHECK(!boal_update_control(&s, d, 11));
	CHECK_EQ_INT(s.control[11], U);
	/* an empty area keeps its control */
	s.unit[stuart].area = 12;
	s.unit[stuart].area = BOAL_NOWHERE;
	CHECK(!boal_update_control(&s, d, 12));
	CHECK_EQ_INT(s.control[12], U);
	return tap_done();
}
