/* lw_siege.h — 16.9.5 sieges: a defeated defender in a city of supply 2+
 * may offer siege instead of retreating; the victor besieges or refuses.
 *
 * Who decides (each a prompt to that player, s->awaiting_side):
 *   LW_ST_SIEGE_OFFER, the losing defender: {"type":"offer_siege"} (one more
 *     IT, 16.9.5) or {"type":"decline_siege"} (the retreat of 16.9 follows).
 *   LW_ST_SIEGE_ANSWER, the victor: {"type":"besiege"} or
 *     {"type":"refuse_siege"} (16.9.5.1: 1/2/3 PC to the defender).
 * While a siege lasts (the besieger's card plays):
 *   LW_ST_SPEND: {"type":"siege_press"} activates the besieging force
 *     (its CO's activation cost; two IT instead of one this round, 16.9.5.2),
 *     {"type":"siege_remove_it"} removes one besieger IT for two PC.
 *
 * Representation (decision, README): the besieging force stays in the hex
 * it attacked from (`camp_hex`), marked by this block as besieging the city;
 * it never shares the city hex with the enemy, so every part-1 rule that
 * assumes one side per hex stays true. It may neither move nor be
 * activated except to press the siege; friendly units may join it in its
 * hex (16.9.5.3, stacking limits apply); the besieged force may not be
 * activated nor remove IT. An enemy force attacking the camp and making it
 * retreat breaks the siege (16.9.5.4.2); the siege also ends when the
 * defender is defeated (16.9.5.4.1) or at the Supply Phase (16.9.5.4.3).
 */
#ifndef LW_SIEGE_H
#define LW_SIEGE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

enum lw_siege_stage {
	LW_SG_NONE = 0,
	LW_SG_OFFER,  /* the losing defender chooses: offer siege or retreat */
	LW_SG_ANSWER, /* the victor chooses: besiege or refuse */
	LW_SG_ON,     /* the siege lasts */
};

#define LW_SIEGE_BEGUN 2

struct lw_siege {
	uint8_t stage;    /* enum lw_siege_stage */
	int8_t besieger;  /* side of the besieging force */
	int16_t city_hex; /* the besieged city */
	int16_t camp_hex; /* the besieging force's hex (where it attacked from) */
	uint8_t level;    /* 16.9.5.1: 1 minor victory, 2 major victory, 3 rout */
	uint8_t pressed;  /* 1: the besieging force was activated in this card play;
	                     LW_SIEGE_BEGUN: the siege began in this card play */
	int16_t camp_co;  /* the besieger's CO when the siege began / last seen */
};

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

/* May the losing defender at city_hex offer siege now (16.9.5, 16.6.4)? */
bool lw_siege_may_offer(const struct lw_state *s);
/* Called by the battle flow instead of the retreat when lw_siege_may_offer(). */
void lw_siege_begin_offer(struct lw_state *s);
/* The siege steps: offers and handlers (LW_ST_SIEGE_OFFER / _ANSWER). */
void lw_siege_offer(const struct lw_state *s, int side, json_t *list);
int lw_siege_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err);
/* LW_ST_SPEND extras of the besieger; lw_siege_spend_act returns 1 when the
 * action is not a siege action. */
void lw_siege_spend_offer(const struct lw_state *s, int side, json_t *list);
int lw_siege_spend_act(struct lw_state *s, int side, const json_t *a, struct tg_error *err);
/* check_activate / check_remove_it: is this unit / hex held by a siege? */
bool lw_siege_blocks_activation(const struct lw_state *s, int u);
bool lw_siege_blocks_it_removal(const struct lw_state *s, int hex);
/* 16.9.5.3: the besieged side may never reinforce its besieged force. */
bool lw_siege_blocks_entry(const struct lw_state *s, int side, int hex);
/* 16.9.5.2: the end of a card play of `side` (IT for both, defeat check). */
void lw_siege_card_end(struct lw_state *s, int side);
/* After any accepted action: a siege whose camp or city emptied ends
 * (16.9.5.4.2 broken by attack). */
void lw_siege_settle(struct lw_state *s);
/* 16.9.5.4.3: before the Supply Phase (IT per besieged general, defeat or
 * the besieger's disgrace); lw_siege_after_supply keeps the survivors OOS. */
void lw_siege_before_supply(struct lw_state *s, int16_t *keep_it);
void lw_siege_after_supply(struct lw_state *s, const int16_t *keep_it);
/* 16.9.5.4.2 / 16.8.3: the battle is a relief force's attack on the
 * besiegers, won by the relief force (its Disaster symbols are ignored). */
bool lw_siege_broken_by_attack(const struct lw_state *s);
/* 16.9.5.4.1: apply the defeat of the besieged force if its IT reach it. */
bool lw_siege_check_defeat(struct lw_state *s);

/* Battle flow seams defined in lw_battle_flow.c: the losing defender
 * retreats (16.9), or the battle ends where everyone stands. */
void lw_battle_loser_retreats(struct lw_state *s, struct game_outcome *out);
void lw_battle_close(struct lw_state *s, struct game_outcome *out);

#endif
