/* lw_forage.h — 20.4 IT demotions and 20.5 / 20.7 forage: the arithmetic,
 * independent of the game state and of how cards are drawn. */
#ifndef LW_FORAGE_H
#define LW_FORAGE_H

#include <stdbool.h>

/* 20.5 / 20.7 / 20.7.1: forage cards a general draws: two for a CO with
 * subordinates, a lone GiC, or a cavalry general; one otherwise. */
int lw_forage_draws(bool co_with_subordinates, bool lone_gic, bool cavalry);

/* 20.5: the net IT a force out of supply gains in the Supply Phase, with
 * `generals` generals in the hex who found `found` forage symbols in all
 * (a two-card general's second symbol may go to another general, 20.7):
 * one IT for being out of supply, one per general left without forage, and
 * the first IT taken back if more forage was found than there are generals. */
int lw_forage_it(int generals, int found);

#endif
