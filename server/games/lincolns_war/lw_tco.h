/* lw_tco.h — 17.0 Temporary Commanding Officers.
 *
 * A TCO replaces a killed general (lw_kill in lw_activation.c); it activates
 * at 3 (17.2, lw_activation_cost), fights as an indecisive general with +1
 * (two stars) or +2 (three stars) on the roll (17.1, lw_battle_results.c), is
 * hit by a casualty only when no regular general is in the force (17.4,
 * lw_battle_casualty.c) and is removed, not disgraced (17.4, lw_disgrace).
 * Here: absorbing TCO stars (17.5, called in the Rail Phase, 9.2). The IT
 * a TCO may carry out of a force (17.0: "equal to its star rating") is
 * 18.2's rule for any detached general (lw_it_detach_max); the owner of a
 * general left behind names how many (lw_march.c act_detach).
 */
#ifndef LW_TCO_H
#define LW_TCO_H

#include "lw_engine.h"

/* 17.1: the modifier on the Indecisive General roll of a TCO of `stars`. */
int lw_tco_roll_modifier(int stars);

/* 17.5: may regular general `gen` absorb one star of TCO `tco` now? */
int lw_tco_absorb_check(const struct lw_state *s, int tco, int gen, struct tg_error *err);
/* 17.5: pay one PC, move one star from the TCO to the general (a TCO left
 * without stars leaves play). 0, or -1 with err and nothing changed. */
int lw_tco_absorb(struct lw_state *s, int tco, int gen, struct tg_error *err);

#endif
