/* roundrobin.h — round-robin schedules by the circle method (Berger tables).
 *
 * With n players (a bye stands in as the n+1-th when n is odd) a single round
 * robin has n-1 rounds (n rounds when n is odd) in which everyone meets
 * everyone once; over the event each player's sides differ by at most one.
 * A double round robin plays the same cycle twice with the sides swapped, so
 * each pairing is played once with each side. */
#ifndef TG_TOURNEY_ROUNDROBIN_H
#define TG_TOURNEY_ROUNDROBIN_H

#include "tourney/pair.h"

#include <stdbool.h>

/* Number of rounds for n players (0 if n < 2). */
int tg_rr_rounds(int n, bool double_rr);

/* Fills out with round `round`'s pairings (0-based), byes last; returns the
 * number of pairs, or -1 if round or n is out of range. */
int tg_rr_round(int n, bool double_rr, int round, struct tg_pair *out);

#endif
