/* lw_move.h — 12.0 movement and stacking: the pure rules.
 *
 * A force moves one hex per action (the MOVE step, lw_march.c, checks each
 * step with these rules). What a moving force has done so far in its
 * activation is summed up in a struct lw_move_track, which lw_march_track()
 * builds from the state for the force being moved.
 */
#ifndef LW_MOVE_H
#define LW_MOVE_H

#include <stdbool.h>

#include "game.h"

/* 12.1 - 12.3: what a force is. Cavalry stars never count (13.1.1). */
enum lw_army_kind {
	LW_FORCE_SINGLE, /* one infantry general (or lone cavalry): minor-army rules */
	LW_ARMY_MINOR,   /* 2-6 infantry stars */
	LW_ARMY_MAJOR,   /* 7-12 infantry stars under a three-star CO */
};

enum lw_army_kind lw_army_kind(int infantry_generals, int infantry_stars);

/* What has happened to the moving force during this activation. */
struct lw_move_track {
	int moved;             /* hexes entered */
	bool major_limits;     /* 12.3 / 12.3.4: activated as (or dispersed from) a Major Army:
	                          one hex and attack, or two hexes and no attack */
	bool entered_mountain; /* 15.0 */
	bool crossed_river;    /* 12.3.1: a Major Army crossed; its activation is used up */
	bool attacked;         /* 16.1: the force has attacked: it moves no more */
	bool stopped;          /* 12.5 / 12.9 / 16.2 / 18.2: movement ended */
};

/* 12.1 - 12.3: hexes a force may move, and the most it may have moved and
 * still attack. */
int lw_move_max(const struct lw_move_track *t);
int lw_move_max_before_attack(const struct lw_move_track *t);

/* One step, as far as terrain and the force's kind are concerned. */
struct lw_hexstep {
	bool major_now;     /* the moving force is a Major Army at this moment */
	bool into_mountain; /* the hex entered is a mountain hex */
	bool across_river;  /* the hexside crossed is a river */
	bool across_mississippi;
	bool prohibited; /* impassable hexside (2.1: Chesapeake, New Orleans) */
};

/* 0 if the step is allowed by 12.x/15.0, else -1 with err citing the rule. */
int lw_move_step_check(const struct lw_move_track *t, const struct lw_hexstep *s,
                       struct tg_error *err);
/* Records an accepted step. */
void lw_move_step_record(struct lw_move_track *t, const struct lw_hexstep *s);

/* 16.1 / 12.3.2 / 15.0: may the force attack across this hexside now? */
int lw_attack_check(const struct lw_move_track *t, const struct lw_hexstep *s,
                    struct tg_error *err);

/* 12.4 / 13.1.1 stacking of one hex. */
struct lw_stack_unit {
	int stars;
	bool cavalry;
};

/* 0 if the units may stand together in one hex (mountain: six stars at most),
 * else -1 with err citing the rule. */
int lw_stack_check(const struct lw_stack_unit *u, int n, bool mountain, struct tg_error *err);
/* The same over a running sum of a hex's units, for a check asked of many
 * hexes (the rail offer's destinations): the units in any order, summed with
 * lw_stack_sum_add (or two sums merged) give what lw_stack_check gives
 * (which of several cavalry generals came last matters to no outcome: two
 * are refused whatever their ranks). */
struct lw_stack_sum {
	int cav, cav_stars, inf, inf_stars, top;
};
void lw_stack_sum_add(struct lw_stack_sum *t, int stars, bool cavalry);
void lw_stack_sum_merge(struct lw_stack_sum *t, const struct lw_stack_sum *more);
int lw_stack_sum_check(const struct lw_stack_sum *t, bool mountain, struct tg_error *err);

#endif
