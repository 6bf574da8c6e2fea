/* lw_optional.h — the optional rules the rulebook refers to (23.x), each a
 * match option, off by default (lw_module.c options()).
 *
 * Done: 10.7.1.1 Kickstarter cards 74-75 (option "kickstarters", dealt by
 * lw_setup.c) and 23.4 / 10.1 inserting the year cards in the Spring turns
 * of 1862, 1863 and 1864 (option "spring_decks", here). The Playbook's
 * 23.x text is not in the rulebook: what 10.1 and 1.2 say is followed, the
 * rest is reconstructed and labelled so (README "Part 2: political
 * specials and optional rules"). */
#ifndef LW_OPTIONAL_H
#define LW_OPTIONAL_H

struct lw_state;

#define LW_OPT_SPRING_DECKS 0x02 /* 23.4 / 10.1: year cards join the decks in Spring */

/* 23.4 (reconstructed): the year printed on a card ('62, '63, '64), or 0.
 * The printed years are not in the text; a card carries the year in which
 * the general it names arrives (data/generals.json), when that is after
 * 1861 — the card's personality enters the war with him. */
int lw_card_year(int side, int number);
/* Set-up: with the option, the year cards wait out of the deck (1.2: "ignore
 * these designations unless using optional rule 23.4"). */
void lw_optional_setup(struct lw_state *s);
/* Start of a turn: in a Spring turn the cards of its year are shuffled into
 * the remaining deck, without the discards (10.1, 10.3.1). */
void lw_optional_begin_turn(struct lw_state *s);

#endif
