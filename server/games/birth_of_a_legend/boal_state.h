/* boal_state.h — the state of one match of Birth of a Legend: plain C,
 * fixed arrays indexed as the data's units, leaders, bridges and areas, the
 * generator inside (game.h: setup + the same actions = the same state), so
 * that a copy is a memcpy. Includes only the data. */
#ifndef BOAL_STATE_H
#define BOAL_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "boal_data.h"
#include "kit/rng.h"

#define BOAL_SAVE_VERSION 1
#define BOAL_NOWHERE 0 /* area of an eliminated unit or an off-map leader */
#define BOAL_NOBODY (-1)

enum boal_phase { BOAL_DAWN, BOAL_DAYLIGHT, BOAL_NIGHT, BOAL_END, BOAL_OVER };

struct boal_unit_state {
	uint8_t area;   /* 1..45, or BOAL_NOWHERE: eliminated */
	bool exhausted; /* 4.2: the back of the counter */
	bool reduced;   /* 15.5: the asterisked counter */
};

struct boal_leader_state {
	uint8_t area;     /* 1..45, or BOAL_NOWHERE: on the Game Turn Track (15.2) */
	bool inactive;    /* 4.4.1: Inactive = Exhausted */
	bool killed;      /* 15.2: no Combat Rating for the rest of the game */
	int8_t back_turn; /* 15.2: turn index it returns, -1: on the map */
};

struct boal_state {
	uint32_t version;
	struct tg_rng rng;
	bool advanced;         /* 15.0 */
	int8_t turn;           /* index into the data's turns */
	uint8_t phase;         /* enum boal_phase */
	int8_t impulse;        /* 3.4: the Advantage marker's space */
	int8_t advantage;      /* 12.0: holder, BOAL_NOBODY after use until 12.1.1 hands it over */
	int8_t advantage_next; /* 12.1.1: who receives it when the Phase or Impulse ends */
	bool army_active[2];   /* 6.2.1: Lee / McClellan Active this turn */
	bool rain;             /* 15.1 */
	uint8_t control[BOAL_AREAS + 1];        /* 7.2: side */
	int8_t entrench_side[BOAL_AREAS + 1];   /* 4.4.3: BOAL_NOBODY or the side */
	uint8_t entrench_level[BOAL_AREAS + 1]; /* 1 or 2 */
	int16_t reserve[2];                     /* 3.5, 13.3.2: Replacement Points */
	uint8_t train_area;              /* 4.4.7: 17, 27, or BOAL_NOWHERE in transit (6.2.2) */
	int8_t train_arrives;            /* turn index it reaches Harrison's Landing, -1 */
	bool train_moved;                /* 6.2.1, 14.3: it has left White House Landing */
	int8_t bridge[BOAL_BRIDGES_MAX]; /* 15.4: holder, or BOAL_NOBODY: destroyed */
	uint8_t n_units, n_leaders, n_bridges;
	struct boal_unit_state unit[BOAL_UNITS_MAX];
	struct boal_leader_state leader[BOAL_LEADERS_MAX];
};

/* 5.0 Prepare for Play. 0, or -1 with err when the data does not fit. */
int boal_setup_state(struct boal_state *s, const struct boal_data *d,
                     const uint8_t seed[TG_SEED_BYTES], bool advanced, struct tg_error *err);

#endif
