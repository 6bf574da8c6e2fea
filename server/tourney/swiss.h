/* swiss.h — pairing one round of a Swiss tournament for a two-sided game.
 *
 * The method: one maximum-weight, maximum-cardinality matching over every
 * pair of players (matching.h), plus a "bye" vertex when the count is odd.
 * Each possible pairing carries a penalty; the matching minimises the sum.
 * The penalties are scaled so that the criteria are strictly lexicographic,
 * highest first (tourney/README.md states them for players and directors):
 *
 *   C1  no rematch, while one can be avoided;
 *   C2  the bye goes to the lowest-ranked player who has not had one
 *       (never twice to anyone while anyone else can take it);
 *   C3  side balance: fewest players given the side they have had more
 *       often (so that over the event, wherever possible, a player's sides
 *       differ by at most one);
 *   C4  score groups: the sum over pairs of the squared score difference
 *       (in half points, counted up to 15 half points) is least, so players
 *       meet their own score group and as few, as short floats as possible;
 *   C5  fewest players given the side they played in their latest game;
 *   C6  inside a score group, top half against bottom half (Dutch system):
 *       ranks as close as possible to half the group apart (counted to 3).
 *
 * Side balance ranks above score groups because in a wargame the two sides
 * differ far more than White and Black do: a player who drew the harder side
 * twice more than the easier one has had a different tournament. A float
 * between neighbouring score groups costs less.
 *
 * Sides are then allocated pair by pair (tg_swiss_sides): whoever has had
 * side 0 more often gets side 1; if equal, whoever played side 0 last gets
 * side 1; if still equal, the higher-ranked player gets the side he did not
 * play last, or side 0 if neither has played.
 *
 * Ranking: score, then rating, then the caller's order (its index). */
#ifndef TG_TOURNEY_SWISS_H
#define TG_TOURNEY_SWISS_H

#include "tourney/pair.h"

#include <stdbool.h>

/* Bounded so that the lexicographic penalties fit exactly in 64 bits. */
#define TG_SWISS_MAX_PLAYERS 1024

struct tg_swiss_player {
	int id;        /* the caller's id; opponents[] holds these */
	double score;  /* points so far: win 1, draw 0.5, bye 1 */
	double rating; /* ranks players of equal score */
	int sides[2];  /* games played as side 0 and as side 1 */
	int last_side; /* side of the latest game, -1 if none */
	bool had_bye;
	const int *opponents; /* ids met so far (repeats allowed) */
	int nopponents;
};

/* Pairs every player given (the caller leaves out the withdrawn). Fills out
 * with (n + 1) / 2 pairs, the bye (if any) last. Returns the number of pairs,
 * or -1 if n is out of range or memory runs out. */
int tg_swiss_pair_round(const struct tg_swiss_player *players, int n, struct tg_pair *out);

/* The side allocation for two players a and b of ranks rank_a < rank_b (a is
 * higher ranked): returns 0 if a takes side 0, 1 if a takes side 1. */
int tg_swiss_sides(const struct tg_swiss_player *a, const struct tg_swiss_player *b);

/* The rank order used above: fills order[0..n-1] with player indices, best
 * first. 0, or -1 if memory runs out. */
int tg_swiss_rank(const struct tg_swiss_player *players, int n, int *order);

#endif
