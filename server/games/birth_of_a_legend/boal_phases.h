/* boal_phases.h — Birth of a Legend's sequence of play (layer 6): 16.1 the
 * side bid before the game, 6.2 Dawn, 6.3 Daylight's sequencing (who goes
 * first, the alternation, the 6.3.1 Sunset DR, the marker), 6.4 / 13.2
 * Night and 6.5 / 14 End. The Impulse itself (8-12) is the procedures'
 * layer (boal_impulse.h): the phase begins it with boal_impulse_begin, and
 * when it is over (boal_impulse_over) boal_impulse_done reads its Sunset DR
 * and goes on. Each phase runs its automatic steps at once and
 * stops at the first decision; the decision's action goes on from there.
 * Actions are validated here again and refused with the rule they break. */
#ifndef BOAL_PHASES_H
#define BOAL_PHASES_H

#include <jansson.h>

#include "boal_impulse.h"
#include "boal_mechanics.h"

enum boal_step {
	BOAL_STEP_BID,            /* 16.1.1: both seats write a secret bid */
	BOAL_STEP_LEADER_RETURN,  /* 15.2: the owner places a returning Leader */
	BOAL_STEP_DAWN_ADVANTAGE, /* 12.1: the holder may make his Army Leader Active */
	BOAL_STEP_DAWN_TRAIN,     /* 6.2.2: the Union may relocate the Supply Train */
	BOAL_STEP_IMPULSE,        /* 6.3: s->active's Impulse (the procedures') */
	BOAL_STEP_NIGHT,          /* 13.2: s->night_side's Night Phase */
	BOAL_STEP_END_ENTRENCH,   /* 11.3: s->night_side may remove Entrench markers */
	BOAL_STEP_OVER
};

enum boal_outcome {
	BOAL_OUTCOME_NONE,
	BOAL_OUTCOME_UNION_AUTOMATIC,       /* 14.1 */
	BOAL_OUTCOME_CONFEDERATE_AUTOMATIC, /* 14.2, first form */
	BOAL_OUTCOME_CONFEDERATE_CAPTURE,   /* 14.2, a landing captured with the train */
	BOAL_OUTCOME_CONFEDERATE_FINAL,     /* 14.3 */
	BOAL_OUTCOME_UNION_FINAL            /* 14.3: "The Union player wins by preventing" */
};

/* A public event for the log (the view's "log"), newest last. */
void boal_log(struct boal_state *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- dice (3.6) and the 6.3.1 binding ---- */

/* One die (a dr). */
int boal_roll_die(struct boal_state *s);
/* A DR is the impulse's boal_roll_dr (boal_impulse.h: 6.3.1's binding). */

/* ---- 16.1 Side Determination ---- */

/* Seat (game.h role index 0 "union", 1 "confederate") of a side, and back:
 * 16.1.1 may give the preferred side to the other seat (README 40). */
int boal_seat_side(const struct boal_state *s, int seat);
int boal_side_seat(const struct boal_state *s, int side);
/* 16.1.1: seat bids rp; when both are in, they are revealed together and
 * the game begins. */
int boal_bid(struct boal_state *s, const struct boal_data *d, int seat, int rp,
             struct tg_error *err);

/* ---- 6.2 Dawn ---- */

/* 15.1, 6.2.2's arrival, 15.2's killed Leaders, 6.2.1, 6.2: from the start
 * of the Dawn Phase to its first decision (or on into Daylight). */
void boal_dawn_begin(struct boal_state *s, const struct boal_data *d);
/* 12.1 "Change Army Leader Status": the holder spends the Advantage (use)
 * or keeps it. */
int boal_dawn_advantage(struct boal_state *s, const struct boal_data *d, int side, bool use,
                        struct tg_error *err);
/* 6.2.2: the Union announces the relocation (relocate) or does not. */
int boal_dawn_train(struct boal_state *s, const struct boal_data *d, bool relocate,
                    struct tg_error *err);
/* 15.2: the Leader due back now (or -1), and whether area a may take him. */
int boal_leader_due(const struct boal_state *s, const struct boal_data *d);
bool boal_leader_return_ok(const struct boal_state *s, const struct boal_data *d, int l, int a);
/* 15.2: Leader l returns in Area a. The phase that asked (the Dawn for a
 * killed Leader, the Night for a wounded one) does not go on from here:
 * once no Leader is due (s->step still BOAL_STEP_LEADER_RETURN) the
 * module's driver (kit/continuation.h, boal_pending.c) runs the phase's
 * next step, boal_dawn_after_returns or boal_night_after_returns. */
int boal_return_leader(struct boal_state *s, const struct boal_data *d, int l, int a,
                       struct tg_error *err);
/* 6.2.1 on: the Army Leaders' drs, the Subordinates' flip, then 12.1's
 * and 6.2.2's questions or on into Daylight. */
void boal_dawn_after_returns(struct boal_state *s, const struct boal_data *d);

/* ---- 6.3 Daylight ---- */

/* 6.3: the first Impulse's side, and the Daylight Phase begins. */
void boal_daylight_begin(struct boal_state *s, const struct boal_data *d);
/* 6.3.1 / 15.1.3 / 12.1.1: the active side's Impulse is finished: the
 * Advantage shifts, the Sunset DR is made if none was, the marker
 * advances or the day ends (then 14.1 / 14.2 and the Night). The impulse's
 * own state is cleared. */
void boal_impulse_done(struct boal_state *s, const struct boal_data *d);

/* ---- 6.4 Night, 13.2 ---- */

void boal_night_begin(struct boal_state *s, const struct boal_data *d);
/* 13.2: the Union's Night Phase begins (after 15.2's wounded Leaders). */
void boal_night_after_returns(struct boal_state *s, const struct boal_data *d);
/* The night_side's steps: 13.2 "Replace Losses", 12.1 "Increase
 * Replacements", 11.1 "Entrench", and the end of his Night Phase. */
int boal_night_replace(struct boal_state *s, const struct boal_data *d, int u,
                       struct tg_error *err);
int boal_night_advantage(struct boal_state *s, const struct boal_data *d, struct tg_error *err);
bool boal_night_advantage_open(const struct boal_state *s, const struct boal_data *d);
int boal_night_entrench(struct boal_state *s, const struct boal_data *d, int a,
                        struct tg_error *err);
/* 15.4.4: the Union may take the Engineers off their bridge in his Night. */
bool boal_night_engineers_open(const struct boal_state *s);
int boal_night_remove_engineers(struct boal_state *s, const struct boal_data *d,
                                struct tg_error *err);
void boal_night_done(struct boal_state *s, const struct boal_data *d);

/* ---- 6.5 End, 14 ---- */

/* 14.1 / 14.2 at the end of the Daylight Phase: true when the game ended. */
bool boal_automatic_victory(struct boal_state *s, const struct boal_data *d);
/* 14.2's second form, for the assault that captures a landing: true when
 * the game ended. */
bool boal_capture_victory(struct boal_state *s, const struct boal_data *d, int a);
void boal_end_begin(struct boal_state *s, const struct boal_data *d);
int boal_end_remove(struct boal_state *s, const struct boal_data *d, int a, struct tg_error *err);
void boal_end_done(struct boal_state *s, const struct boal_data *d);
/* The result as a sentence citing its rule ("" while the game goes on). */
const char *boal_outcome_text(int outcome);
/* Its headline, for a line of 160 bytes ("Union Victory (14.3)"). */
const char *boal_outcome_headline(int outcome);

#endif
