/* boal_dice.c — 3.6: a dr (one die) drawn from the match's generator. A DR
 * (two dice) is the impulse's boal_roll_dr (boal_impulse.h), which binds
 * the first Confederate DR of a Confederate Impulse to the Sunset DR
 * (6.3.1). */
#include "boal_phases.h"

int boal_roll_die(struct boal_state *s)
{
	return tg_rng_die(&s->rng, 6);
}
