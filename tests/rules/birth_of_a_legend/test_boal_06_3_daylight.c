/* 6.3 Daylight Phase sequencing on the state (boal_daylight.c).
 * 6.3: "Players alternate Impulses ... The Confederate player has the
 * first Impulse during game Turn 1. Thereafter the Confederate player goes
 * first so long as Lee is Active, otherwise the Union player goes first."
 * 6.3.1: "The first Confederate DR made for any purpose during a
 * Confederate Impulse also serves as the Sunset DR (if the Confederate
 * player does not make a DR during his Impulse, he makes a Sunset DR at the
 * end of his Impulse). If the Sunset DR is less than or equal to the
 * Impulse number, the Daylight Phase ends once the Confederate player has
 * finished his Impulse. If the Sunset DR is greater than the Impulse
 * number, the Advantage marker advances ... If the Advantage marker moves
 * off the Impulses Track, the Daylight Phase ends. The Union player never
 * makes a Sunset DR but does advance the marker when his move is
 * completed." 8.1.3: "the Confederate player must still make a Sunset DR if
 * it is possible to end the Daylight Phase". 15.1.3: "If the Confederate
 * Sunset DR equals the current Impulse number the Daylight Phase does not
 * end; instead the Weather changes ... during the next Union Impulse".
 * 12.1.1: the Advantage shifts at the end of the Impulse. The Impulse's
 * own steps are boal_impulse.h's (test_boal_08_1_impulse); here each is
 * ended at once, as its end hands the Daylight Phase back. */
#include "boal_impulse.h"
#include "boal_phases.h"
#include "boal_testkit.h"

static void daylight(struct boal_state *s, const struct boal_data *d, int turn, bool lee,
                     bool advanced)
{
	bt_setup(s, advanced);
	s->turn = (int8_t)turn;
	s->army_active[BOAL_CONFEDERATE] = lee;
	boal_daylight_begin(s, d);
}

int main(void)
{
	const struct boal_data *d = bt_data();
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE, T1 = d->first_turn;
	struct boal_state s;
	struct tg_error err = {{0}, {0}};

	/* 6.3: who goes first */
	daylight(&s, d, T1, false, false);
	CHECK_EQ_INT(s.active, C); /* turn 1, whatever Lee's status */
	CHECK_EQ_INT(s.impulse, 0);
	CHECK_EQ_INT(s.phase, BOAL_DAYLIGHT);
	CHECK_EQ_INT(s.step, BOAL_STEP_IMPULSE);
	daylight(&s, d, T1 + 1, false, false);
	CHECK_EQ_INT(s.active, U);
	daylight(&s, d, T1 + 1, true, false);
	CHECK_EQ_INT(s.active, C);

	/* 6.3.1: the binding, in draw order. The generator's next draws are
	 * known from a copy of it. */
	daylight(&s, d, T1 + 2, true, false);
	s.impulse = 5;
	struct tg_rng ahead = s.rng;
	int u1 = tg_rng_die(&ahead, 6) + tg_rng_die(&ahead, 6);
	int c1 = tg_rng_die(&ahead, 6) + tg_rng_die(&ahead, 6);
	int c2 = tg_rng_die(&ahead, 6) + tg_rng_die(&ahead, 6);
	CHECK_EQ_INT(boal_roll_dr(&s, U), u1); /* a Union DR is never the Sunset DR */
	CHECK_EQ_INT(s.imp.sunset_dr, 0);
	CHECK_EQ_INT(boal_roll_dr(&s, C), c1); /* the first Confederate DR is */
	CHECK_EQ_INT(s.imp.sunset_dr, c1);
	CHECK_EQ_INT(boal_roll_dr(&s, C), c2); /* a second one is not */
	CHECK_EQ_INT(s.imp.sunset_dr, c1);
	/* a dr (one die) is never a Sunset DR */
	daylight(&s, d, T1 + 2, true, false);
	(void)boal_roll_die(&s);
	CHECK_EQ_INT(s.imp.sunset_dr, 0);
	/* in a Union Impulse a Confederate DR (as defender) is no Sunset DR */
	daylight(&s, d, T1 + 2, false, false);
	CHECK_EQ_INT(s.active, U);
	(void)boal_roll_dr(&s, C);
	CHECK_EQ_INT(s.imp.sunset_dr, 0);

	/* impulses 0 and 1: no DR can end the day, none is made (8.1.3); the
	 * marker advances and the Union's Impulse follows */
	daylight(&s, d, T1, true, false);
	uint64_t used = s.rng.consumed;
	boal_impulse_done(&s, d);
	CHECK_EQ_INT((int)(s.rng.consumed - used), 0);
	CHECK_EQ_INT(s.impulse, 1);
	CHECK_EQ_INT(s.active, U);
	/* the Union advances the marker and never rolls */
	used = s.rng.consumed;
	boal_impulse_done(&s, d);
	CHECK_EQ_INT((int)(s.rng.consumed - used), 0);
	CHECK_EQ_INT(s.impulse, 2);
	CHECK_EQ_INT(s.active, C);
	/* impulse 2 with no DR made: the Sunset DR is made at the end */
	ahead = s.rng;
	int sdr = tg_rng_die(&ahead, 6) + tg_rng_die(&ahead, 6);
	boal_impulse_done(&s, d);
	CHECK_EQ_INT(s.phase, sdr <= 2 ? BOAL_NIGHT : BOAL_DAYLIGHT);
	if (sdr > 2)
		CHECK_EQ_INT(s.impulse, 3);

	/* a Sunset DR at or under the impulse ends the day once the Confederate
	 * Impulse is over; 6.4 returns the marker to "0" */
	daylight(&s, d, T1 + 1, true, false);
	s.impulse = 6;
	s.imp.sunset_dr = 6;
	boal_impulse_done(&s, d);
	CHECK_EQ_INT(s.phase, BOAL_NIGHT);
	CHECK_EQ_INT(s.impulse, 0);
	CHECK_EQ_INT(s.active, BOAL_NOBODY);
	/* greater: the marker advances */
	daylight(&s, d, T1 + 1, true, false);
	s.impulse = 6;
	s.imp.sunset_dr = 7;
	boal_impulse_done(&s, d);
	CHECK_EQ_INT(s.phase, BOAL_DAYLIGHT);
	CHECK_EQ_INT(s.impulse, 7);
	CHECK_EQ_INT(s.imp.sunset_dr, 0); /* the next Confederate Impulse rolls anew */
	/* off the track (its last space, 12, README decision 6) after a Union
	 * Impulse */
	daylight(&s, d, T1 + 1, false, false);
	s.impulse = (int8_t)d->impulse_last;
	boal_impulse_done(&s, d);
	CHECK_EQ_INT(s.phase, BOAL_NIGHT);

	/* 15.1.3 (Advanced): equal changes the weather in the next Union
	 * Impulse; the Basic game ends the day on equal */
	daylight(&s, d, T1 + 1, true, true);
	s.rain = false;
	s.impulse = 7;
	s.imp.sunset_dr = 7;
	boal_impulse_done(&s, d);
	CHECK_EQ_INT(s.phase, BOAL_DAYLIGHT);
	CHECK_EQ_INT(s.active, U);
	CHECK(s.rain);
	CHECK(!s.weather_change);
	daylight(&s, d, T1 + 1, true, false);
	s.impulse = 7;
	s.imp.sunset_dr = 7;
	boal_impulse_done(&s, d);
	CHECK_EQ_INT(s.phase, BOAL_NIGHT);

	/* 12.1.1: spent in an Impulse, the Advantage passes at its end */
	daylight(&s, d, T1 + 1, true, false);
	CHECK_EQ_INT(s.advantage, C);
	CHECK_EQ_INT(boal_advantage_spend(&s, C, &err), 0);
	CHECK_EQ_INT(s.advantage, BOAL_NOBODY);
	boal_impulse_done(&s, d);
	CHECK_EQ_INT(s.advantage, U);

	return tap_done();
}
