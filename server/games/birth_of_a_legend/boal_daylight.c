/* boal_daylight.c — 6.3 the Daylight Phase's sequence: who has the first
 * Impulse, the alternation, 6.3.1 the Sunset DR and the marker, 15.1.3 the
 * weather change, 12.1.1 the Advantage's shift at the end of an Impulse
 * (boal_phases.h). What an Impulse does is the procedures' (8-12,
 * boal_impulse.h). */
#include "boal_phases.h"

static void impulse_begin(struct boal_state *s)
{
	s->step = BOAL_STEP_IMPULSE;
	boal_impulse_begin(s, s->active);
	/* 15.1.3: "the Weather changes (from Clear to Rain or vice versa)
	 * during the next Union Impulse": from its start (README decision 41) */
	if (s->active == BOAL_UNION && s->weather_change) {
		s->weather_change = false;
		s->rain = !s->rain;
		boal_log(s, "15.1.3: the weather changes: %s", s->rain ? "Rain" : "Clear");
	}
}

void boal_daylight_begin(struct boal_state *s, const struct boal_data *d)
{
	s->phase = BOAL_DAYLIGHT;
	s->impulse = (int8_t)d->impulse_first;
	s->day_ends = false;
	s->weather_change = false;
	/* 6.3: "The Confederate player has the first Impulse during game Turn
	 * 1. Thereafter the Confederate player goes first so long as Lee is
	 * Active, otherwise the Union player goes first." */
	s->first_side =
	    (int8_t)(s->turn == d->first_turn || s->army_active[BOAL_CONFEDERATE] ? BOAL_CONFEDERATE
	                                                                          : BOAL_UNION);
	s->active = s->first_side;
	boal_log(s, "6.3: Daylight; the %s has the first Impulse", boal_side_name(s->active));
	impulse_begin(s);
}

static void daylight_end(struct boal_state *s, const struct boal_data *d)
{
	s->active = BOAL_NOBODY;
	boal_impulse_clear(s);
	boal_log(s, "6.3.1: the Daylight Phase of %s ends", d->turn_label[s->turn]);
	/* 14.1, 14.2: "at the end of the Daylight Phase of any Game Turn" */
	if (boal_automatic_victory(s, d))
		return;
	boal_night_begin(s, d);
}

void boal_impulse_done(struct boal_state *s, const struct boal_data *d)
{
	int side = s->active;
	/* 12.1.1: "until the end of the current Phase or Impulse, at which time
	 * it becomes the property of the player who did not use it" */
	boal_advantage_settle(s);
	if (side == BOAL_CONFEDERATE) {
		/* 6.3.1: "if the Confederate player does not make a DR during his
		 * Impulse, he makes a Sunset DR at the end of his Impulse"; 8.1.3:
		 * "if it is possible to end the Daylight Phase" (README 44: a DR
		 * can equal or undercut the impulse number from impulse 2 on). The
		 * impulse kept its first Confederate DR (boal_roll_dr). */
		int8_t *sunset = &s->imp.sunset_dr;
		if (*sunset == 0 && s->impulse >= 2)
			(void)boal_roll_dr(s, BOAL_CONFEDERATE);
		if (*sunset != 0) {
			enum boal_sunset r = boal_sunset(*sunset, s->impulse, s->advanced);
			boal_log(s, "6.3.1: Sunset DR %d against Impulse %d: %s", *sunset,
			         s->impulse,
			         r == BOAL_SUNSET_DAY_ENDS  ? "the day ends"
			         : r == BOAL_SUNSET_WEATHER ? "the weather will change (15.1.3)"
			                                    : "the marker advances");
			if (r == BOAL_SUNSET_DAY_ENDS) {
				daylight_end(s, d);
				return;
			}
			if (r == BOAL_SUNSET_WEATHER)
				s->weather_change = true;
		}
	}
	/* 6.3.1: "the Advantage marker advances to the next space on the
	 * Impulses Track. If the Advantage marker moves off the Impulses Track,
	 * the Daylight Phase ends. The Union player never makes a Sunset DR but
	 * does advance the marker when his move is completed." */
	if (boal_marker_leaves_track(d, s->impulse)) {
		daylight_end(s, d);
		return;
	}
	s->impulse++;
	boal_impulse_clear(s);
	/* 6.3: "Players alternate Impulses" */
	s->active = (int8_t)!side;
	impulse_begin(s);
}
