/* boal_rules.h — Birth of a Legend's rules arithmetic: pure functions of
 * small inputs (numbers, or a struct the procedure fills), no state, so that
 * the tests call them directly with the text's numbers (STYLE.md 8,
 * "rules/"). The procedures that count the units and roll the dice are a
 * layer above. Every function cites its case. */
#ifndef BOAL_RULES_H
#define BOAL_RULES_H

#include <stdbool.h>

#include "boal_data.h"

/* ---- 6.2.1 Army Leader activation, 8.1.1 / 15.1.2 Subordinate activation ---- */

/* 6.2.1: "On a dr of 3-6 Lee is Active this turn. On a dr of 5-6 McClellan
 * is Active ... the Union player suffers a -1 drm" once the train has left
 * White House Landing. (Turn 1's automatic results are the Dawn Phase's.) */
bool boal_army_leader_active(const struct boal_data *d, int side, int dr, bool train_moved);

/* 8.1.1: "If the die roll is equal to or greater than that Leader's
 * Initiative Rating" the command activates; +1 for an Active Army Leader
 * (6.2.1) unless he was killed (15.2), -1 in Rain (15.1.2). */
bool boal_subordinate_activates(int dr, int initiative, bool army_active, bool army_killed,
                                bool rain);

/* ---- 6.3.1 Sunset DR, 15.1.3 weather change ---- */

enum boal_sunset {
	BOAL_SUNSET_GO_ON,    /* the marker advances */
	BOAL_SUNSET_DAY_ENDS, /* once the Confederate impulse is finished */
	BOAL_SUNSET_WEATHER   /* 15.1.3 (Advanced): equal, the weather changes instead */
};
enum boal_sunset boal_sunset(int dr, int impulse, bool advanced);
/* 6.3.1: "If the Advantage marker moves off the Impulses Track, the
 * Daylight Phase ends": true when advancing from `impulse` leaves it. */
bool boal_marker_leaves_track(const struct boal_data *d, int impulse);

/* ---- 9.2 Movement Factor costs, 9.2.1 minimum move, 10.3 ---- */

#define BOAL_MF_ALL 99 /* "All MF" */

struct boal_entry {
	int enemy_fresh;               /* Fresh enemy units in the area entered */
	int enemy_exhausted;           /* Exhausted enemy units there */
	bool by_fresh_enemy_artillery; /* the area is adjacent to a Fresh enemy Artillery unit */
	bool road;                     /* the boundary crossed carries a road */
	bool mounted; /* Cavalry or Horse Artillery: exempt from the off-road cost */
};
/* 9.2: the one cost that applies (README decision 23 for "All MF"). */
int boal_entry_cost(const struct boal_data *d, const struct boal_entry *e);
/* 10.3: every unit of a Contested Active Area moving after its Assault. */
int boal_contested_exit_cost(const struct boal_data *d, bool fresh_defender_before);
/* What is left of `left` (of a full allowance `mf`) after paying `cost`, or
 * -1 if it cannot be paid. 9.2.1: "If a unit has not expended MF in the
 * Impulse, and lacks sufficient MF to enter an adjacent Area ... it may
 * enter that Area by expending all its MF." */
int boal_pay(int mf, int left, int cost);

/* ---- 10.4 Assault Resolution ---- */

struct boal_attack {
	int point_attack;  /* the Point Unit's Attack Factor */
	int leader_combat; /* the Combat Ratings of the activated Subordinate Leaders */
	int fresh_infantry, fresh_other, exhausted_infantry; /* units beyond the Point Unit */
	int commands; /* Command IDs participating (at least 1) */
	bool army_leader_inactive;
	bool rain; /* 15.1.2: -1 to the Attack Factors */
};
/* 10.4.2 Attack Value (README decision 3: the lost signs are minus). */
int boal_attack_value(const struct boal_attack *a);

struct boal_defense {
	int forward_defense;               /* the Forward Unit's Defense Factor */
	int fresh_others;                  /* Fresh defending units beyond the Forward Unit */
	int tem;                           /* 3.2.3 */
	bool minor_crossed, major_crossed; /* by an attacker, in a Mandatory Assault */
	int entrenchment;                  /* 0, 1 or 2, the defender's */
	bool union_train_away; /* Union defender, train not at White House or Harrison's */
};
/* 10.4.3 Defense Value. */
int boal_defense_value(const struct boal_defense *d);

enum boal_result { BOAL_REPULSE, BOAL_STALEMATE, BOAL_SUCCESS };
/* 10.4.4 from the Attack and Defense Totals; on a Success *cp is the CP the
 * defender absorbs (10.6.1: one less in Entrenchments), else 0. */
enum boal_result boal_assault_result(int attack_total, int defense_total, bool entrenched, int *cp);

/* ---- 10.6 Casualty Points ---- */

enum boal_loss {
	BOAL_LOSS_EXHAUST,        /* Fresh -> Exhausted */
	BOAL_LOSS_ELIMINATE,      /* Fresh or Exhausted */
	BOAL_LOSS_RETREAT,        /* Exhausted only: "Only Exhausted units may retreat" */
	BOAL_LOSS_EXHAUST_RETREAT /* Fresh: exhausted and then retreated */
};
/* The CP a loss absorbs, or -1 when the loss is not open to a unit so. */
int boal_loss_cp(const struct boal_data *d, bool fresh, enum boal_loss loss);
/* The most CP `fresh` + `exhausted` defenders can absorb in all, and while
 * one of them stays in the area (README decision 13: Heroic Defense). */
int boal_cp_capacity(const struct boal_data *d, int fresh, int exhausted);
int boal_cp_capacity_staying(const struct boal_data *d, int fresh, int exhausted);

/* ---- 13.3 Replacement Points ---- */

/* 13.3: the Replacement Points side receives this Night Phase. */
int boal_replacement_points(const struct boal_data *d, int side, bool train_at_landing,
                            bool spend_advantage, bool last_turn);

/* ---- 15.2 Leader Casualties ---- */

enum boal_casualty { BOAL_LEADER_UNHURT, BOAL_LEADER_WOUNDED, BOAL_LEADER_KILLED };
/* 15.2: "If the original (unmodified) Attack and Defender DRs in an Assault
 * are equal" */
bool boal_leader_check_due(int attack_dr, int defense_dr);
/* 15.2: "Add a +1 DRM to the DR if the Leader added their Command Rating";
 * < 7 no effect, > 7 a casualty (back at Night), = 7 killed (README 9). */
enum boal_casualty boal_leader_casualty(int dr, bool added_rating);

/* ---- 15.4 Bridges ---- */

enum boal_bridge_area {
	BOAL_BRIDGE_AREA_FREE,               /* +3 */
	BOAL_BRIDGE_AREA_CONTESTED_FRIENDLY, /* +2 */
	BOAL_BRIDGE_AREA_CONTESTED_ENEMY,    /* +1 */
	BOAL_BRIDGE_AREA_OTHER               /* +0: enemy-held and Vacant of friends */
};
/* 15.4.2 / 15.4.3: one area's modifier (README decision 10: summed). */
int boal_bridge_area_mod(enum boal_bridge_area st);
/* 15.4.1: "successful on a dr > 8" with both areas' modifiers. */
bool boal_demolition_succeeds(int dr, enum boal_bridge_area a, enum boal_bridge_area b);
/* 15.4.3, 15.4.4: "successful on a dr greater than or equal to 7", +1 with
 * the Union Engineers. */
bool boal_repair_succeeds(int dr, enum boal_bridge_area a, enum boal_bridge_area b, bool engineers);

#endif
