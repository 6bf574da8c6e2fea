/* pair.h — one pairing of a round, shared by every format: indices into the
 * caller's player array; side0 plays the game's first role (e.g. Union),
 * side1 the second. A bye has side1 == -1. */
#ifndef TG_TOURNEY_PAIR_H
#define TG_TOURNEY_PAIR_H

struct tg_pair {
	int side0, side1;
};

#endif
