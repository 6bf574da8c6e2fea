/* lw_advance.h — 16.10.1 the attacker's advance with some of his generals.
 *
 * "When the attacker wins a Minor Victory, he advances as many involved
 * generals as he wishes into the hex abandoned by the defender, up to his
 * entire attacking force" (also after a withdrawal, 16.2). The battle flow
 * offers the whole force, its CO alone and no advance; these helpers add
 * every other group of the attacking generals (`advance` with `units` an
 * array of general ids). The battle flow moves them (do_advance). */
#ifndef LW_ADVANCE_H
#define LW_ADVANCE_H

#include <jansson.h>

#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct tg_error;

/* The choice entry: every group of `units` (the attacking generals, `co`
 * their CO) other than all of them and the CO alone that leaves a legal stack
 * in both hexes. Nothing when there is none. */
void lw_advance_some_offer(const struct lw_state *s, const int *units, int n, int co,
                           struct tg_offers *list);
/* Reads `units` (an array of ids, each one of `units`, no repeats, not all
 * of them): the generals to advance in go (their number in *ng), checked
 * for stacking. 0, or -1 with err. */
int lw_advance_some_check(const struct lw_state *s, const json_t *a, const int *units, int n,
                          int *go, int *ng, struct tg_error *err);
/* 16.10.1 "Any generals who advance must take any IT incurred during the
 * battle": the new IT of the attacking force go on the advancing group, the
 * rest stays (18.1.1: IT are the force's; they sit on each group's first
 * general). */
void lw_advance_some_it(struct lw_state *s, const int *units, int n, const int *go, int ng);

#endif
