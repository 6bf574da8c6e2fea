/* boal_mechanics.h — state changes that ask no one (STYLE.md 8,
 * "mechanics/"): 7.2 control, 10.6 / 15.5 a unit's losses, 11.1-11.3
 * entrenchments, 13.2-13.3.2 the Night Phase's steps. The choices (which
 * unit, which area) are the caller's: a procedure or a player's action
 * passes them in, and an illegal one is refused with the rule it breaks and
 * the state unchanged. */
#ifndef BOAL_MECHANICS_H
#define BOAL_MECHANICS_H

#include "boal_query.h"

/* A unit's factors on the map (15.5: the reduced counter's). */
int boal_unit_attack(const struct boal_state *s, const struct boal_data *d, int u);
int boal_unit_defense(const struct boal_state *s, const struct boal_data *d, int u);
int boal_unit_move(const struct boal_state *s, const struct boal_data *d, int u);

/* 7.2: "Control changes only when a side has a unit in a Vacant Area
 * previously Controlled by the enemy." Returns true when it changed. */
bool boal_update_control(struct boal_state *s, const struct boal_data *d, int a);

/* 10.6, 13.1: a Fresh unit becomes Exhausted (-1 if it is not Fresh). */
int boal_exhaust(struct boal_state *s, int u);
/* 10.6: a unit is eliminated; 15.5 (Advanced): A.P. Hill, D.H. Hill and
 * Anderson are replaced at once by their reduced counter, Exhausted
 * (README decision 25), in the same area. */
void boal_eliminate(struct boal_state *s, const struct boal_data *d, int u);

/* 11.0: markers of side on the map, against the counters supplied. */
int boal_entrench_markers_used(const struct boal_state *s, int side);
/* 11.1: side entrenches area a (Night Phase). */
int boal_entrench(struct boal_state *s, const struct boal_data *d, int side, int a,
                  struct tg_error *err);
/* 11.2: side's units are in a, no enemy unit is: the enemy marker there is
 * removed, and replaced by a friendly +1 when `place` (and none is there). */
int boal_capture_entrenchment(struct boal_state *s, const struct boal_data *d, int side, int a,
                              bool place, struct tg_error *err);
/* 11.3: side removes its marker from a (End Phase). */
int boal_entrench_remove(struct boal_state *s, int side, int a, struct tg_error *err);

/* 13.2 "Artillery Refit": every Exhausted Artillery (and Horse Artillery,
 * 4.2.2) unit of side flips to Fresh. Returns how many did. */
int boal_artillery_refit(struct boal_state *s, const struct boal_data *d, int side);
/* 13.3: the night's Replacement Points go onto side's Record Track
 * (13.3.2, at most its last space). */
void boal_receive_replacements(struct boal_state *s, const struct boal_data *d, int side,
                               bool spend_advantage);
/* 13.2 "Replace Losses": one Replacement Point flips an Exhausted Infantry
 * or Cavalry unit that traces its path (13.3.1). */
int boal_replace(struct boal_state *s, const struct boal_data *d, int u, struct tg_error *err);

/* 6.2: "Inactive Subordinate Leader units are flipped to their Active
 * Sides" (those on the map; 15.2's casualties return by their own rule). */
void boal_dawn_flip_leaders(struct boal_state *s, const struct boal_data *d);
/* 6.2.1: side's Army Leader from his dr; "During the first Game Turn Lee
 * is automatically Active and McClellan is automatically Inactive." */
void boal_army_leader_dawn(struct boal_state *s, const struct boal_data *d, int side, int dr);
/* 6.2.2: the Union relocates the Supply Train from White House Landing: it
 * goes on the Game Turn Track, `train_transit_days` turns ahead. On the
 * first turn only by giving up the Advantage (by_advantage; README 7). */
int boal_relocate_train(struct boal_state *s, const struct boal_data *d, bool by_advantage,
                        struct tg_error *err);
/* 6.2.2: at the Dawn of its turn the train is placed at Harrison's Landing.
 * Returns true when it arrived now. */
bool boal_train_arrives(struct boal_state *s);

/* 12.1: side spends the Advantage, which it must hold. 12.1.1: "After the
 * Advantage is used it belongs to neither player until the end of the
 * current Phase or Impulse". */
int boal_advantage_spend(struct boal_state *s, int side, struct tg_error *err);
/* 12.1.1: at the end of the Phase or Impulse "it becomes the property of
 * the player who did not use it" (nothing happens if it was not used). */
void boal_advantage_settle(struct boal_state *s);

#endif
