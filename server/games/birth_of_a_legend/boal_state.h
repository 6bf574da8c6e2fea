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
#define BOAL_LOG_MAX 12 /* public events the view shows, newest last */
#define BOAL_LOG_LEN 112

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

/* ---- the Daylight impulse's block (boal_impulse.h, layer 5) ----
 * The step machine of one impulse: a procedure that must wait records its
 * question here (`step`, and the fields it reads) and returns; the answer's
 * act goes on from there. Everything per impulse is cleared by
 * boal_impulse_begin(); `lee_commanded` and `army_moved` are per turn
 * (they hold the turn index + 1 of their use, so no reset is needed). */
enum boal_istep {
	BOAL_IS_IDLE = 0,  /* no impulse running */
	BOAL_IS_CHOOSE,    /* 8.1: the Attacker chooses Assault, Regroup or Pass */
	BOAL_IS_SINGLE,    /* 8.1.1: no leader activated: the ONE unit (or none) */
	BOAL_IS_MOVE,      /* 9.1: activated units move and assault one at a time */
	BOAL_IS_REGROUP,   /* 8.1.2: the regrouping area's units and leaders move out */
	BOAL_IS_SCREEN,    /* 9.4: the Defender may screen with his cavalry */
	BOAL_IS_FORWARD,   /* 10.4: the Defender picks the Forward Unit */
	BOAL_IS_HEROIC,    /* 12.1: the Defender may declare a Heroic Defense */
	BOAL_IS_CP,        /* 10.6: the Defender allocates the Casualty Points */
	BOAL_IS_VOLUNTARY, /* 10.7.3: the Defender's voluntary retreats */
	BOAL_IS_RETREAT,   /* 10.7.1-2: the owner picks one unit's area among ties */
	BOAL_IS_DEMOLISH,  /* 15.4.1: the bridge's holder may try to blow it (impulse's end) */
	BOAL_IS_FALL_BACK, /* 10.4.4: after an Optional Assault's Repulse the Attacker may retreat
	                    */
	BOAL_IS_LEADER_CASUALTY, /* 15.2: the player with several leaders there picks who rolls */
	BOAL_IS_ENTRENCH,        /* 11.2: the capturing player may place his Entrench +1 */
	BOAL_IS_PLACE_LEADER,    /* 9.6: the owner places a leader whose area's units are gone */
	BOAL_IS_LEADER_RETREAT,  /* 10.7.3: some units retreated: the owner's leaders stay or go */
	BOAL_IS_OVER             /* the impulse is over: the Daylight phase goes on */
};
enum boal_ikind { BOAL_IK_NONE, BOAL_IK_ASSAULT, BOAL_IK_REGROUP, BOAL_IK_PASS, BOAL_IK_TRAIN };
/* per unit flags of the impulse */
#define BOAL_IU_ACTIVE 0x01u  /* activated (8.1.1, 9.1.1): may move and assault */
#define BOAL_IU_MOVED 0x02u   /* has spent MF (9.2.1) */
#define BOAL_IU_STOPPED 0x04u /* entered an enemy-occupied area (9.2) or its impulse is over */
#define BOAL_IU_FORCED 0x08u  /* 15.3 Forced March */
#define BOAL_IU_ASSAULT 0x10u /* in the assault being resolved */
#define BOAL_IU_OFFROAD 0x20u /* entered its area off a road (10.5) */
#define BOAL_IU_RETREAT 0x40u /* queued to retreat (10.7.1: one unit at a time) */
#define BOAL_IU_MANDATORY                                                                          \
	0x80u /* entered an enemy-occupied area not Contested at the start (10.1) */
struct boal_impulse {
	uint8_t step;          /* enum boal_istep */
	uint8_t kind;          /* enum boal_ikind */
	int8_t side;           /* the Attacker (8.0) */
	uint8_t area;          /* the Active Area (8.1.1) or the first regroup area */
	uint8_t area2;         /* a Combined Regroup's second area (12.1), 0: none */
	int8_t leader[2];      /* the activating Subordinate Leader(s), -1: none */
	int8_t army_leader;    /* 12.1 Combined Assault / 8.1.4: the Army Leader, -1 */
	bool rallied;          /* 12.1 Rally used this impulse */
	bool rout;             /* 10.5: a Rout keeps the activating leaders Active */
	bool assaulted_active; /* 10.3: the Contested Active Area's assault is resolved */
	uint8_t exit_cost;     /* 10.3: 1 or 2 MF for every unit leaving it afterwards */
	int8_t sunset_dr; /* 6.3.1: the first Confederate DR of a Confederate impulse, 0: none */
	uint8_t uflag[BOAL_UNITS_MAX];
	int8_t mf[BOAL_UNITS_MAX];         /* MF left */
	int8_t mf_full[BOAL_UNITS_MAX];    /* the allowance this impulse (15.1.2, 15.3) */
	uint8_t from[BOAL_UNITS_MAX];      /* area it entered its area from, 0: none */
	uint8_t via[BOAL_UNITS_MAX];       /* boundary type (tg_boundary) of that entry */
	int8_t lmf[BOAL_LEADERS_MAX];      /* leaders' MF left, -1: may not move */
	bool contested0[BOAL_AREAS + 1];   /* Contested at the start of the impulse (10.1) */
	bool assaulted[BOAL_AREAS + 1];    /* 9.1: "assaulted only once per Impulse" */
	bool pointed[BOAL_AREAS + 1];      /* 9.3: a Point Unit has entered it */
	uint8_t crossed[BOAL_BRIDGES_MAX]; /* 9.5.2: units over each bridge this impulse */
	/* the assault being resolved (10.4) */
	uint8_t a_area;
	bool a_mandatory;
	int8_t a_point, a_forward; /* units, -1 */
	int8_t a_at, a_dt, a_cp;   /* totals; CP left to absorb (10.6) */
	uint8_t a_result;          /* enum boal_result */
	bool a_first_cp;           /* 10.6: the Forward Unit has taken the first CP */
	uint8_t a_lc;              /* 15.2: sides (bit per side) whose leader check is still due */
	/* a screening (9.4) or a retreat (10.7) waiting for its owner */
	uint8_t screen_area;
	uint8_t ent_area;   /* 11.2: the area whose enemy marker was captured, asked now or next */
	uint32_t place_due; /* 9.6: leaders (bit per leader, off the map meanwhile) to be placed */
	uint32_t l_asked;   /* 10.7.3: leaders already asked in this assault (bit per leader) */
	uint32_t place_retreat; /* 10.7: leaders of place_due whose units retreated into several
	                           Areas: placed into one of r_dest[their side] (README 52) */
	uint64_t r_dest[2]; /* 10.7, 10.7.3: areas (bit a) each side's units retreated into, this
	                       assault's (or, outside one, this retreat's: 9.4) */
	int8_t screen_mover;
	int8_t r_unit;  /* the unit retreating now, -1 */
	uint8_t r_from; /* the area it leaves */
	int8_t r_side;  /* whose retreat it is */
	uint8_t r_back; /* after the queue: 0 the CP step, 1 the Defender's 10.7.3, 2 voluntary,
	                   3 the screening's end */
	uint8_t r_last; /* where the last unit of the queue went (its leaders follow) */
	/* 15.4 bridges (Advanced) */
	bool held0[2];       /* 15.4.1: each side had a unit in the Active Area at the start */
	bool repair_tried;   /* 15.4.3: one attempt, at the start of an Assault Impulse */
	uint16_t demo_asked; /* 15.4.1: bridges whose holder has been asked (bit per bridge) */
	uint8_t demo_bridge; /* the bridge asked now, index + 1 (0: none) */
	int8_t repaired[2];  /* 15.4.3: turn index + 1 of the side's repair this turn */
	uint8_t engineers;   /* 15.4.4: the bridge the Union Engineers are on, index + 1 */
	/* per turn */
	int8_t lee_commanded; /* 8.1.4: turn index + 1 of its use */
	int8_t army_moved[2]; /* 9.1.2a: turn index + 1 of the Army Leader's move */
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
	struct boal_impulse imp; /* the Daylight impulse (boal_impulse.h) */

	/* ---- the sequence of play (layer 6, boal_phases.h) and the module's
	 * bookkeeping (layer 7); the impulse's own fields are its block's ---- */
	uint8_t step;        /* enum boal_step: the decision the phase waits for */
	int8_t active;       /* 6.3: whose Impulse it is (Daylight), else BOAL_NOBODY */
	int8_t first_side;   /* 6.3: who had this Daylight's first Impulse */
	bool day_ends;       /* 6.3.1: Daylight ends once this Confederate Impulse is done */
	bool weather_change; /* 15.1.3: the weather changes during the next Union Impulse */
	int8_t army_dr[2];   /* 6.2.1: the Dawn's drs (0: automatic, turn 1) */
	int8_t weather_dr;   /* 15.1: the Dawn's dr (0: Basic game) */
	int8_t night_side;   /* 13.2: whose Night or End Phase step it is */
	uint64_t night_dug; /* 11.1: areas (bit a) side entrenched this Night: the Entrench step has
	                       begun */
	bool night_adv_used; /* 12.1: the extra Replacement Point taken this Night */
	int8_t winner;       /* BOAL_NOBODY while the game goes on */
	uint8_t result;      /* enum boal_outcome */
	/* 16.1 side determination: both bids held unseen until both are in */
	bool bidding;     /* the match option */
	uint8_t bid_side; /* the side both players want */
	bool bid_made[2]; /* by seat (game.h role index) */
	int16_t bid[2];   /* by seat: hidden from the other seat until revealed */
	bool bid_revealed;
	int8_t bid_dr[2]; /* 16.1.1: the tie-break drs, 0: none */
	bool swapped;     /* 16.1.1: seat 0 plays the Confederate side, seat 1 the Union */
	uint32_t actions; /* accepted actions (a bound, as Lincoln's War's) */
	uint8_t log_next; /* the ring's next slot */
	char log[BOAL_LOG_MAX][BOAL_LOG_LEN];
};

/* 5.0 Prepare for Play. 0, or -1 with err when the data does not fit. */
int boal_setup_state(struct boal_state *s, const struct boal_data *d,
                     const uint8_t seed[TG_SEED_BYTES], bool advanced, struct tg_error *err);

#endif
