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

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

struct lw_state;
struct lw_card;
struct game_outcome;
struct tg_error;

/* LW_OPT_KICKSTARTERS 0x01 is in lw_state.h (it came first). */
#define LW_OPT_SPRING_DECKS 0x02 /* 23.4 / 10.1: year cards join the decks in Spring */
#define LW_OPT_IRREGULARS 0x04   /* 23.2: CS card 69, Irregulars (lw_irregulars.c) */
#define LW_OPT_PECULIAR 0x08     /* cards 70-71 of both decks, Peculiar Generals */
#define LW_OPT_TRAP 0x10         /* Union card 73, Laying a Trap */

/* ---- 23.2 Irregulars (lw_irregulars.c) ----------------------------------
 * Stated by the rulebook: Irregulars are a CS optional card (1.2, CS 69);
 * they never take blockade IT (8.2.2); dispersing one reshuffles the deck
 * (10.3.1, "23.2.5"). RECONSTRUCTED (the Playbook is not in the text): the
 * card played for its event (0 PC) places an Irregulars counter in a city
 * of a Confederate state, Kentucky or Missouri holding no Union force and no
 * other Irregulars, at most LW_IRR_MAX on the map; each Supply Phase each
 * counter raids (one die, 5-6: the Union loses 1 PC, the idiom of the
 * commerce raiders, 8.3.2); a Union force in its hex after any action
 * disperses it (partisans melt away rather than give battle). A counter is
 * not a Force for anything else: no stacking, combat, supply, control or
 * IT. Its position is public (a counter on the map). */
#define LW_IRR_MAX 2      /* RECONSTRUCTED counter mix */
#define LW_IRR_RAID_MIN 5 /* RECONSTRUCTED: 5-6 on one die */
#define LW_IRR_RAID_PC 1  /* RECONSTRUCTED: PC the Union loses per raid */

struct lw_optional_state {
	int16_t irr_hex[LW_IRR_MAX]; /* hex of each Irregulars counter, LW_NO_HEX in the pool */
	uint8_t irr_dispersed;       /* counters dispersed so far (public, for the log/view) */
	uint8_t spare[3];
};

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
void lw_irr_offer(const struct lw_state *s, json_t *list, int card);
void lw_irr_place(struct lw_state *s, int hex);
/* 23.2.5: after every accepted action, a Union force in an Irregulars hex
 * disperses it and the Confederate deck is reshuffled (10.3.1). */
void lw_irr_settle(struct lw_state *s, struct game_outcome *out);
/* 23.2 (reconstructed): the Supply Phase raids. */
void lw_irr_supply_phase(struct lw_state *s);
json_t *lw_optional_view(const struct lw_state *s);
json_t *lw_optional_save(const struct lw_optional_state *o);
int lw_optional_load(struct lw_optional_state *o, const json_t *saved);

#endif
