/* lw_resource_events.h — 16.3 the events of Resource cards in a battle.
 *
 * Once both players have committed (16.3), the face-down Resource cards are
 * turned over and spent (16.7: discarded and replaced; an erratic card must
 * roll 3-6, 10.6.5). Their events then take effect in the order 16.3 gives,
 * "the defender ... BEFORE the attacker", each against the roles as the
 * previous event left them, before the units are revealed and the
 * strengths compared:
 *
 *   Surprise Attack! (Union 29, CS 54; 2.1, 16.1.1): its player becomes the
 *     attacker. Played by the defender, the roles reverse: his force attacks
 *     the hex of the force that declared the battle, where the battle (the
 *     Battle! marker) now is. Automatic: playing the card is the decision.
 *   To Steal a March (CS 31; 16.1.1): played by the defending Confederate,
 *     his force may march one hex before the blow lands and the battle is
 *     fought there. A prompt to the Confederate (LW_ST_STEAL_MARCH):
 *     {"type":"steal_march","to":HEX} or {"type":"steal_march_hold"}.
 *   Reluctant to Follow Orders (Union 20, CS 55; 10.7.4 "played as a
 *     Resource card in combat"): the token goes on the CO of the enemy force
 *     in the battle.
 *   Sharpshooter (16.8): noted here, resolved with the casualty checks.
 *
 * docs/decisions.md "16.3 Resource card events" lists what the reconstructed card texts
 * leave open and how it was decided.
 */
#ifndef LW_RESOURCE_EVENTS_H
#define LW_RESOURCE_EVENTS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_base.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct game_outcome;
struct tg_error;

/* Called by the battle flow when both have committed. Spends both cards and
 * applies their events; returns true when a prompt now waits (the flow
 * resumes with lw_battle_resolve() once it is answered). */
bool lw_resev_reveal(struct lw_state *s, struct game_outcome *out);
/* The strength side's spent Resource card adds, in the role it now has. */
int lw_resev_strength(const struct lw_state *s, int side, bool attacking, bool across_river);
/* At the end of the battle: when Surprise Attack! reversed the roles, the
 * battle's attacker becomes again the side whose force was activated and
 * `movers` receives that force's units still on the map (their count);
 * returns -1 when nothing changed. Clears the block. */
int lw_resev_battle_end(struct lw_state *s, int movers[LW_RESEV_UNITS]);
/* The LW_ST_STEAL_MARCH prompt. */
void lw_resev_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* Its action types (steal_march, steal_march_hold), one table; lw_resev_act
 * checks that the march is the defender's to steal, then dispatches. */
extern const struct lw_actions lw_resev_actions;
int lw_resev_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err);
/* Public: what the events did to this battle (the cards are face up). */
void lw_resev_view(const struct lw_state *s, json_t *battle);

json_t *lw_resev_save(const struct lw_resev *r);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_resev_save_text(struct tg_jw *w, const struct lw_resev *r);
/* 0, or -1 if the object is not a valid block. */
int lw_resev_load(struct lw_resev *r, const json_t *saved);

/* Seam defined in lw_battle_results.c: the rest of the reveal (16.3 units,
 * 16.4-16.8) once the events are applied. */
void lw_battle_resolve(struct lw_state *s, struct game_outcome *out);

#endif
