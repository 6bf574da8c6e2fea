/* boal_setup.c — 5.0 Prepare for Play: 5.1 the markers, 5.2 the units. */
#include <string.h>

#include "boal_state.h"

int boal_setup_state(struct boal_state *s, const struct boal_data *d,
                     const uint8_t seed[TG_SEED_BYTES], bool advanced, struct tg_error *err)
{
	if (d->n_units > BOAL_UNITS_MAX || d->n_leaders > BOAL_LEADERS_MAX ||
	    d->n_bridges > BOAL_BRIDGES_MAX)
		return tg_fail(err, TG_E_DATA, "the data is larger than the state's bounds");
	memset(s, 0, sizeof *s);
	s->version = BOAL_SAVE_VERSION;
	tg_rng_init(&s->rng, seed);
	s->advanced = advanced;
	/* 5.1: "Place the Turn marker in the "June 26" space" */
	s->turn = (int8_t)d->first_turn;
	s->phase = BOAL_DAWN;
	/* 5.1: "Place the Advantage marker in the "0" space of the Impulses
	 * Track, CSA side up" */
	s->impulse = (int8_t)d->advantage_space;
	s->advantage = (int8_t)d->advantage;
	s->advantage_next = BOAL_NOBODY;
	/* the sequence of play starts nowhere: the module begins it (16.1 or
	 * 6.2) */
	s->active = s->first_side = s->night_side = s->winner = BOAL_NOBODY;
	/* 5.1: "Place all four Replacement markers in the "0" space" */
	s->reserve[BOAL_UNION] = (int16_t)d->rp[BOAL_UNION];
	s->reserve[BOAL_CONFEDERATE] = (int16_t)d->rp[BOAL_CONFEDERATE];
	/* 5.1: "Place a Control marker in each Area with a blue-ringed Identifier" */
	for (int a = 1; a <= BOAL_AREAS; a++) {
		s->control[a] = (uint8_t)d->area[a].control;
		s->entrench_side[a] = BOAL_NOBODY;
	}
	for (int e = 0; e < d->n_entrench; e++) {
		s->entrench_side[d->entrench[e].area] = (int8_t)d->entrench[e].side;
		s->entrench_level[d->entrench[e].area] = (uint8_t)d->entrench[e].level;
	}
	/* 5.2: "All units begin play on their Fresh (face-up) sides." */
	s->n_units = (uint8_t)d->n_units;
	for (int u = 0; u < d->n_units; u++)
		s->unit[u] = (struct boal_unit_state){.area = (uint8_t)d->unit[u].setup};
	s->n_leaders = (uint8_t)d->n_leaders;
	for (int l = 0; l < d->n_leaders; l++)
		s->leader[l] = (struct boal_leader_state){.area = (uint8_t)d->leader[l].setup,
		                                          .back_turn = -1};
	s->train_area = (uint8_t)d->train_area;
	s->train_arrives = -1;
	/* 15.4: the Union-held bridges; the others are Confederate-held */
	s->n_bridges = (uint8_t)d->n_bridges;
	for (int b = 0; b < d->n_bridges; b++)
		s->bridge[b] = (int8_t)d->bridge[b].initial;
	return 0;
}
