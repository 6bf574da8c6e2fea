/* 7.1-7.5 Stacking and Control, on the set-up state moved by hand.
 * 7.1: "Each side may have a maximum of ten units per Area. Leader and
 * marker units do not count against stacking limits."
 * 7.3: "An Area is Contested if it contains units of both sides.
 * Contesting an Area does not alter Control of that Area."
 * 7.4: "An Area is Vacant if it contains no enemy units, regardless of the
 * presence of friendly units or who currently Controls it."
 * 7.5: "An Area is Free if it is Vacant and under friendly Control." */
#include "boal_query.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	bt_setup(&s, false);
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;

	/* area 40: nine Union units and two leaders: not full */
	CHECK_EQ_INT(boal_units_in(&s, d, U, 40), 9);
	CHECK(!boal_fully_stacked(&s, d, U, 40));
	/* a tenth unit fills it; leaders never count */
	s.unit[bt_unit("8penn_cav")].area = 40;
	CHECK(boal_fully_stacked(&s, d, U, 40));
	s.leader[bt_leader("mcclellan")].area = 40;
	CHECK_EQ_INT(boal_units_in(&s, d, U, 40), 10);
	/* full for the Union, not for the Confederate */
	CHECK(!boal_fully_stacked(&s, d, C, 40));

	/* Seven Pines (39): Union units, Union control */
	CHECK(boal_free(&s, d, U, 39));
	CHECK(boal_vacant(&s, d, U, 39));
	CHECK(!boal_vacant(&s, d, C, 39));
	CHECK(!boal_free(&s, d, C, 39));
	/* a Confederate unit enters: Contested, control unchanged (7.3) */
	s.unit[bt_unit("huger_inf")].area = 39;
	CHECK(boal_contested(&s, d, 39));
	CHECK_EQ_INT(s.control[39], U);
	CHECK(!boal_vacant(&s, d, U, 39) && !boal_vacant(&s, d, C, 39));
	CHECK(!boal_free(&s, d, U, 39));

	/* a Union area with no units: Vacant for both, Free for the Union only */
	CHECK_EQ_INT(s.control[11], U);
	CHECK(boal_vacant(&s, d, U, 11) && boal_vacant(&s, d, C, 11));
	CHECK(boal_free(&s, d, U, 11) && !boal_free(&s, d, C, 11));
	/* a leader alone does not contest an area */
	s.leader[bt_leader("stuart")].area = 11;
	CHECK(!boal_contested(&s, d, 11) && boal_free(&s, d, U, 11));

	/* Fresh units: exhaustion is counted apart */
	CHECK_EQ_INT(boal_fresh_units_in(&s, d, U, 38), 5);
	s.unit[bt_unit("couch_inf")].exhausted = true;
	CHECK_EQ_INT(boal_fresh_units_in(&s, d, U, 38), 4);
	CHECK_EQ_INT(boal_units_in(&s, d, U, 38), 5);
	/* eliminated units are nowhere */
	s.unit[bt_unit("couch_art")].area = BOAL_NOWHERE;
	CHECK_EQ_INT(boal_units_in(&s, d, U, 38), 4);
	return tap_done();
}
