/* elimination.h — single elimination seeded by rating: the standard bracket
 * in which seeds 1 and 2 can meet only in the final, 1-4 only in the
 * semi-finals, and so on (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight). When the
 * count is not a power of two the top seeds get the first-round byes. */
#ifndef TG_TOURNEY_ELIMINATION_H
#define TG_TOURNEY_ELIMINATION_H

/* The bracket's size: the least power of two >= n (1 for n <= 1). */
int tg_elim_size(int n);

/* Fills slots[0..size-1] with 0-based seeds (0 = the best) in bracket order;
 * a seed >= n is a bye. Slots 2k and 2k+1 meet in the first round; winners
 * of adjacent matches meet next. Returns size, or -1 if n is out of range. */
int tg_elim_bracket(int n, int *slots);

#endif
