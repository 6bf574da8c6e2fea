/* lw_optional.h — the optional rules the rulebook refers to (23.x), each a
 * match option, off by default (lw_module.c options()).
 *
 * Done: 10.7.1.1 Kickstarter cards 74-75 (option "kickstarters", dealt by
 * lw_setup.c) and 23.4 / 10.1 inserting the year cards in the Spring turns
 * of 1862, 1863 and 1864 (option "spring_decks", here). The Playbook's
 * 23.x text is not in the rulebook: what 10.1 and 1.2 say is followed, the
 * rest is reconstructed and labelled so (docs/political_optional.md "Decisions where the text is
 * silent"). */
#ifndef LW_OPTIONAL_H
#define LW_OPTIONAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct lw_card;
struct game_outcome;
struct tg_error;

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
/* 5.0 / 1.2: is this optional card dealt into the deck with the match's options? */
bool lw_optional_in_deck(unsigned options, int side, int number);

/* 23.2 Irregulars. */
bool lw_irr_event(const struct lw_card *k); /* CS 69's event */
int lw_irr_check(const struct lw_state *s, int hex, struct tg_error *err);
void lw_irr_offer(const struct lw_state *s, struct tg_offers *list, int card);
void lw_irr_place(struct lw_state *s, int hex);
/* 23.2.5: after every accepted action, a Union force in an Irregulars hex
 * disperses it and the Confederate deck is reshuffled (10.3.1). */
void lw_irr_settle(struct lw_state *s, struct game_outcome *out);
/* 23.2 (reconstructed): the Supply Phase raids. */
void lw_irr_supply_phase(struct lw_state *s);
json_t *lw_optional_view(const struct lw_state *s);
json_t *lw_optional_save(const struct lw_optional_state *o);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_optional_save_text(struct tg_jw *w, const struct lw_optional_state *o);
int lw_optional_load(struct lw_optional_state *o, const json_t *saved);

#endif
