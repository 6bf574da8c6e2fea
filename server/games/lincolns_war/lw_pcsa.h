/* lw_pcsa.h — 14.4 captured Confederate ports and the Port City Staging
 * Area (PCSA), 20.2 ocean port supply.
 *
 * Union actions during LW_ST_SPEND of his card play (the Operations phase,
 * 14.4.1; none costs an activation):
 *   {"type":"pcsa_place","hex":H}    place the marker (free the first time and
 *                                    after a recapture; 5 PC when relocating)
 *   {"type":"pcsa_remove"}           remove it (not on the turn it was placed)
 */
#ifndef LW_PCSA_H
#define LW_PCSA_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct game_outcome;
struct tg_error;

void lw_pcsa_init(struct lw_pcsa *p);
/* Is the city (index) a captured Confederate ocean port (14.4)? */
bool lw_pcsa_captured_port(const struct lw_state *s, int c);
/* 0 if the Union may place the PCSA on city hex now, else -1 (err cites 14.4). */
int lw_pcsa_place_check(const struct lw_state *s, int hex, int *cost, struct tg_error *err);
int lw_pcsa_remove_check(const struct lw_state *s, struct tg_error *err);
void lw_pcsa_place(struct lw_state *s, int hex, int cost);
void lw_pcsa_remove(struct lw_state *s);
/* 14.4: may Union forces move inland out of hex (New Orleans, the PCSA, any
 * hex that is not a captured Confederate ocean port)? */
bool lw_pcsa_inland_ok(const struct lw_state *s, int side, int hex);
/* 14.4.1 / 20.2.1: does city c give the Union supply inland? A captured
 * Confederate ocean port does only as New Orleans or the PCSA. */
bool lw_pcsa_supplies(const struct lw_state *s, int side, int c);
/* 14.4.1 (1): a Confederate recapture of the PCSA port removes the marker. */
void lw_pcsa_settle(struct lw_state *s);
void lw_pcsa_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* The LW_ST_SPEND handlers of "pcsa_place" and "pcsa_remove" (0 done, -1
 * refused with err), named by lw_card_play.c's table of the card play's actions. */
int lw_pcsa_place_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err);
int lw_pcsa_remove_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err);

#endif
