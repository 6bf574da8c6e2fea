/* 13.2 Night Phase steps and 13.3 Replacement Points on the state.
 * 13.2: "Artillery Refit. Exhausted Artillery units flip to their Fresh
 * sides. This is automatic and does not require the use of Replacement
 * points. Replace Losses. Exhausted Infantry and Cavalry may flip to their
 * Fresh sides. A Replacement Point must be used to flip an Exhausted
 * Infantry or Cavalry unit".
 * 13.3.1: eligibility by a path of friendly-Controlled Areas.
 * 13.3.2: "All unused Replacement Points are added to that player's
 * Reserves". 13.3: none on July 2nd. */
#include "boal_mechanics.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	bt_setup(&s, false);
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	struct tg_error err = {{0}, {0}};

	/* refit: every Exhausted artillery of the side, horse artillery too */
	int couch_art = bt_unit("couch_art"), horse = bt_unit("stuart_horse_art");
	int jones_art = bt_unit("jones_art"), couch = bt_unit("couch_inf");
	s.unit[couch_art].exhausted = s.unit[horse].exhausted = s.unit[jones_art].exhausted = true;
	s.unit[couch].exhausted = true;
	CHECK_EQ_INT(boal_artillery_refit(&s, d, C), 2);
	CHECK(!s.unit[horse].exhausted && !s.unit[jones_art].exhausted);
	CHECK(s.unit[couch_art].exhausted); /* the Union's own Night Phase */
	CHECK_EQ_INT(boal_artillery_refit(&s, d, U), 1);
	CHECK(!s.unit[couch_art].exhausted);
	CHECK(s.unit[couch].exhausted); /* infantry needs a Replacement Point */

	/* replacements: none on the track yet */
	CHECK_EQ_INT(boal_replace(&s, d, couch, &err), -1);
	CHECK(strstr(err.message, "13.2") != NULL);
	boal_receive_replacements(&s, d, U, false); /* train at White House: 2 */
	CHECK_EQ_INT(s.reserve[U], 2);
	CHECK_EQ_INT(boal_replace(&s, d, couch, &err), 0);
	CHECK(!s.unit[couch].exhausted);
	CHECK_EQ_INT(s.reserve[U], 1);
	/* not Exhausted, or artillery: refused, nothing spent */
	CHECK_EQ_INT(boal_replace(&s, d, couch, &err), -1);
	s.unit[couch_art].exhausted = true;
	CHECK_EQ_INT(boal_replace(&s, d, couch_art, &err), -1);
	CHECK(strstr(err.message, "Artillery") != NULL);
	CHECK_EQ_INT(s.reserve[U], 1);
	/* 13.3.1: cut off from the train (White's Tavern 38 ringed by the
	 * Confederates: 33, 34, 39, 40, 42) */
	static const int ring[] = {33, 34, 39, 40, 42};
	for (int i = 0; i < 5; i++)
		s.control[ring[i]] = (uint8_t)C;
	s.unit[couch].exhausted = true;
	CHECK_EQ_INT(boal_replace(&s, d, couch, &err), -1);
	CHECK(strstr(err.message, "13.3.1") != NULL);
	CHECK_EQ_INT(s.reserve[U], 1);

	/* the Confederate: 1 a night, +1 for the Advantage; reserves add up */
	boal_receive_replacements(&s, d, C, false);
	boal_receive_replacements(&s, d, C, true);
	CHECK_EQ_INT(s.reserve[C], 3);
	/* the train in transit: the Union receives 1 */
	s.train_area = BOAL_NOWHERE;
	boal_receive_replacements(&s, d, U, false);
	CHECK_EQ_INT(s.reserve[U], 2);
	/* July 2nd: nothing, Advantage or not */
	s.turn = (int8_t)(d->n_turns - 1);
	boal_receive_replacements(&s, d, C, true);
	CHECK_EQ_INT(s.reserve[C], 3);
	/* the Record Track's end */
	s.turn = (int8_t)d->first_turn;
	s.reserve[C] = (int16_t)d->record_max;
	boal_receive_replacements(&s, d, C, false);
	CHECK_EQ_INT(s.reserve[C], d->record_max);
	return tap_done();
}
