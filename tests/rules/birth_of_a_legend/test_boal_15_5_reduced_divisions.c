/* 15.5 Reduced Divisions: "If any of the following Confederate Divisions
 * are eliminated they are replaced, immediately, with an asterisked unit
 * with the same name and reduced Attack and Defense Values: A. P. Hill,
 * D. H. Hill, and Anderson. The replacement is made in the Area where
 * combat was resolved and the reduced counter is available to absorb
 * additional casualties if necessary." Basic game: no reduced counters
 * (5.2.2 notes). README decision 25: the reduced counter enters Exhausted. */
#include "boal_mechanics.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	int aph = bt_unit("aphill_inf"), dhh = bt_unit("dhhill_inf"), jones = bt_unit("jones_inf");

	bt_setup(&s, true);
	CHECK_EQ_INT(boal_unit_attack(&s, d, aph), 6);
	CHECK_EQ_INT(boal_unit_defense(&s, d, aph), 7);
	boal_eliminate(&s, d, aph);
	CHECK_EQ_INT(s.unit[aph].area, 45); /* stays where it fought */
	CHECK(s.unit[aph].reduced && s.unit[aph].exhausted);
	CHECK_EQ_INT(boal_unit_attack(&s, d, aph), 4);
	CHECK_EQ_INT(boal_unit_defense(&s, d, aph), 4);
	CHECK_EQ_INT(boal_unit_move(&s, d, aph), 5);
	/* eliminated again: gone */
	boal_eliminate(&s, d, aph);
	CHECK_EQ_INT(s.unit[aph].area, BOAL_NOWHERE);
	/* D.H. Hill 5-6-5 -> 3-4-5 */
	boal_eliminate(&s, d, dhh);
	CHECK_EQ_INT(boal_unit_attack(&s, d, dhh), 3);
	CHECK_EQ_INT(boal_unit_defense(&s, d, dhh), 4);
	/* any other division is simply eliminated */
	boal_eliminate(&s, d, jones);
	CHECK_EQ_INT(s.unit[jones].area, BOAL_NOWHERE);

	/* the Basic game has no reduced counters */
	bt_setup(&s, false);
	boal_eliminate(&s, d, aph);
	CHECK_EQ_INT(s.unit[aph].area, BOAL_NOWHERE);
	CHECK(!s.unit[aph].reduced);

	/* 10.6: exhausting a Fresh unit, not an Exhausted one */
	bt_setup(&s, false);
	CHECK_EQ_INT(boal_exhaust(&s, jones), 0);
	CHECK_EQ_INT(boal_exhaust(&s, jones), -1);
	return tap_done();
}
