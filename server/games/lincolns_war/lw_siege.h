/* lw_siege.h — 16.9.5 sieges: a defeated defender in a city of supply 2+
 * may offer siege instead of retreating; the victor besieges or refuses.
 *
 * Who decides (each a prompt to that player, s->awaiting_side):
 *   LW_ST_SIEGE_OFFER, the losing defender: {"type":"offer_siege"} (one more
 *     IT, 16.9.5) or {"type":"decline_siege"} (the retreat of 16.9 follows).
 *     A routed Major Army left overstacked by the loss of its three-star CO
 *     stays "only with the maximum amount of units ... Any excess must
 *     retreat" (16.6.4): after offer_siege its owner names the generals of
 *     the excess one by one, {"type":"siege_excess","general":ID} (stage
 *     LW_SG_EXCESS; the fewest generals, his choice among equals), then they
 *     retreat through the 16.9 retreat prompts of the battle (LW_ST_RETREAT,
 *     breaking up allowed, 16.6.4), and only then is the victor asked.
 *   LW_ST_SIEGE_ANSWER, the victor: {"type":"besiege"} or
 *     {"type":"refuse_siege"} (16.9.5.1: 1/2/3 PC to the defender; not
 *     offered after an amphibious assault, whose force "must occupy" the
 *     port, 14.1.3 / 14.2.2).
 * While a siege lasts (the besieger's card plays, one entry per siege):
 *   LW_ST_SPEND: {"type":"siege_press","city":HEX} activates the besieging
 *     force (its CO's activation cost, or a campaign activation; two IT
 *     instead of one this round, 16.9.5.2), {"type":"siege_remove_it",
 *     "city":HEX} removes one besieger IT for two PC. On a campaign card the
 *     besieging force may be one of the two designated forces (10.7.3.1,
 *     "unless he is playing a campaign card"): siege_press is then its
 *     activation.
 * After the Supply Phase (16.9.5.4.3), a siege that held: the besiegers go
 *   back to the hex they came from; if they cannot, their owner chooses
 *   among the adjacent hexes closer to a friendly supply city:
 *   {"type":"siege_return","to":HEX} (the whole force), or when no hex
 *   takes them all, one general at a time {"type":"siege_return",
 *   "general":ID,"to":HEX} (lw_siege_choice_side; the siege stays on, its
 *   `returning` flag set, until the last besieger is out).
 *
 * Representation: besieging moves the victorious force "on top of the
 * defending units" (16.9.5.2): both sides share the city hex. The siege
 * hex's force for the hex-level helpers of lw_engine.h (lw_hex_owner_force,
 * lw_force_co, lw_force_it...) is the besiegers' (they are on top: an enemy
 * attack on the hex fights them, 16.9.5.4.2; their side may join them,
 * 16.9.5.3); the besieged are reached by side (lw_units_at,
 * lw_force_co_side). Several sieges may run at once, one per city.
 */
#ifndef LW_SIEGE_H
#define LW_SIEGE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct game_outcome;
struct tg_error;

/* ---- pure rules ------------------------------------------------------------ */

/* 16.9.5.1: PC the victor loses (and the defender gains) when he refuses. */
int lw_siege_refuse_pc(int level);
/* 16.9.5.4.1: total defense capability = the generals' defense values
 * (indecisive 0) + the better of the city and the terrain bonus. */
int lw_siege_capability(const int *defense_values, int n, int city_defense, int terrain_bonus);
/* The defender is defeated when his IT reach twice his capability. */
bool lw_siege_defeated(int it, int capability);

/* ---- over the state ------------------------------------------------------------ */

/* The siege on at city hex (index into s->amphib.sieges), or -1. */
int lw_siege_at(const struct lw_state *s, int hex);
/* The side on top at hex: the besieger of a siege on there, else LW_NOSIDE. */
int lw_siege_top_side(const struct lw_state *s, int hex);
/* Is the force of `side` at hex besieged / besieging there? */
bool lw_siege_besieged(const struct lw_state *s, int hex, int side);
bool lw_siege_besieging(const struct lw_state *s, int hex, int side);
/* May the losing defender at city_hex offer siege now (16.9.5, 16.6.4)? */
bool lw_siege_may_offer(const struct lw_state *s);
/* Called by the battle flow instead of the retreat when lw_siege_may_offer(). */
void lw_siege_begin_offer(struct lw_state *s);
/* The siege steps (LW_ST_SIEGE_OFFER / _ANSWER): their offers; the table
 * of action types of the step and stage now (offer_siege / decline_siege,
 * siege_excess, besiege / refuse_siege), or NULL when no siege decision
 * is pending; lw_siege_act dispatches by it. */
void lw_siege_offer(const struct lw_state *s, int side, struct tg_offers *list);
const struct lw_actions *lw_siege_actions(const struct lw_state *s);
extern const struct lw_actions lw_siege_offer_actions, lw_siege_excess_actions,
    lw_siege_answer_actions;
int lw_siege_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err);
/* LW_ST_SPEND extras of the besieger (16.9.5.2): their offers, and the
 * handlers of "siege_press" and "siege_remove_it" (0 done, -1 refused with
 * err), which lw_card_play.c's table of the card play's actions names. */
void lw_siege_spend_offer(const struct lw_state *s, int side, struct tg_offers *list);
int lw_siege_press_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err);
int lw_siege_remove_it_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err);
/* check_activate / check_remove_it: is this unit / hex held by a siege? */
bool lw_siege_blocks_activation(const struct lw_state *s, int u);
bool lw_siege_blocks_it_removal(const struct lw_state *s, int hex);
/* 16.9.5.3: the besieged side may never reinforce its besieged force. */
bool lw_siege_blocks_entry(const struct lw_state *s, int side, int hex);
/* 16.9.5.3: the besieging side may enter the siege hex (not an attack);
 * the movers stop there (they are besiegers: they may not disengage). */
bool lw_siege_reinforces(const struct lw_state *s, int side, int hex);
/* 16.9.5.2: the end of a card play of `side` (IT for both, defeat check). */
void lw_siege_card_end(struct lw_state *s, int side);
/* After any accepted action: a siege whose besieged or besiegers are gone
 * ends (16.9.5.4.2 broken by attack). */
void lw_siege_settle(struct lw_state *s);
/* 16.9.5.4.3 around the Supply Phase: before it, one IT per besieged
 * general, out of supply (lw_supply_phase neither traces nor forages for
 * them: lw_siege_besieged), and the defeat check; after it, the besiegers
 * of a city that held go back, their CO is disgraced, the defender gains
 * his stars. */
void lw_siege_before_supply(struct lw_state *s);
/* The sieges that held, one after the other (3.6: after supply and forage),
 * in the Supply Phase's stage LW_SS_SIEGE. Resolves the next siege and
 * returns true: its end may have raised a question (11.0.3 the successor
 * of the disgraced CO, 11.1.2.2, 12.4) that the next siege and the rest of
 * the phase wait for, or the besiegers' owner chooses where they go
 * (16.9.5.4.3). The stage records it; the driver (lw_continue) calls
 * lw_supply_phase_done again once nothing is awaited, for the next siege.
 * False, stage LW_SS_NONE, when none is left. */
bool lw_siege_after_supply(struct lw_state *s);
/* The side choosing a return hex now, or LW_NOSIDE; its offers, its table
 * of action types ("siege_return"), the handler that dispatches by it and
 * the prompt (asked by lw_actions.c before the phase). */
int lw_siege_choice_side(const struct lw_state *s);
void lw_siege_return_offer(const struct lw_state *s, int side, struct tg_offers *list);
extern const struct lw_actions lw_siege_return_actions;
int lw_siege_return_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);
const char *lw_siege_return_prompt(const struct lw_state *s);
/* 16.6.4: the excess of a routed force staying for a siege has retreated
 * (called by the battle flow's retreat when it is done): the victor is
 * asked. */
void lw_siege_excess_retreated(struct lw_state *s);
/* 16.9.5.4.2 / 16.8.3: the battle is a relief force's attack on the
 * besiegers, won by the relief force (its Disaster symbols are ignored). */
bool lw_siege_broken_by_attack(const struct lw_state *s);
/* 16.9.5.4.2: the relief force's advance into the city among `units`
 * (the maximum that stacks with the formerly besieged; a three-star CO
 * first). Fills go[], returns how many. */
int lw_siege_relief_advance(const struct lw_state *s, const int *units, int n, int co, int *go);
/* 16.9.5.4.1: apply the defeat of each besieged force whose IT reach it. */
bool lw_siege_check_defeat(struct lw_state *s);

/* Battle flow seams defined in lw_battle_flow.c: the losing defender
 * retreats (16.9), or the battle ends where everyone stands. */
void lw_battle_loser_retreats(struct lw_state *s, struct game_outcome *out);
void lw_battle_close(struct lw_state *s, struct game_outcome *out, const int *movers, int n);
/* 16.6.4: the excess (the generals in s->land.group) of the routed
 * defender retreats from the battle hex by the 16.9 prompts; when it is
 * done the flow calls lw_siege_excess_retreated. */
void lw_battle_excess_retreats(struct lw_state *s, struct game_outcome *out);
/* Seam defined in lw_card_checks.c: may `side` activate u with pc PC left (campaign:
 * a campaign card's activation), the siege aside (10.6.2, 10.7.3)? */
int lw_check_activate_force(const struct lw_state *s, int side, int u, int pc, bool campaign,
                            struct tg_error *err);

#endif
