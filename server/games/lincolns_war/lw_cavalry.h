/* lw_cavalry.h — 13.0 cavalry actions over the game state: raids and the
 * Cavalry Raid Table (13.2.2), rail interdiction (13.2.3), forays (13.2.4)
 * and harassment of a moving force by the non-phasing player (13.2.5).
 * Stacking (13.1.1) is lw_move.c's lw_stack_check; supply interdiction
 * (13.2.6) is lw_supply.c's, which asks lw_rit_at() for the RIT.
 *
 * struct lw_cav is the cavalry part of the match state (lw_state.h embeds it
 * as `cav`), saved by lw_cav_save().
 *
 * Actions:
 *   MOVE step, the activated cavalry (alone or with its force):
 *     {"type":"raid","target":HEX}              13.2.2
 *     {"type":"rit","hex":HEX,"remove":false}   13.2.3 place (true: remove)
 *   SPEND step, a cavalry general not activated this card play (1 PC):
 *     {"type":"foray","unit":ID,"target":HEX,"do":"raid"|"rit"}   13.2.4
 *   RIT_ASK step, the owner of enemy cavalry outranking the placer next to
 *   the hex (the MOVE or SPEND step then goes on):
 *     {"type":"allow"} / {"type":"deny"}   13.2.3
 *   HARASS step, the non-phasing player, after each hex a force enters:
 *     {"type":"harass","from":HEX}   13.2.5.1 (one hex at a time, 13.2.5.2)
 *     {"type":"no_harass"}           let the force go on
 */
#ifndef LW_CAVALRY_H
#define LW_CAVALRY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_base.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

json_t *lw_cav_save(const struct lw_cav *c);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_cav_save_text(struct tg_jw *w, const struct lw_cav *c);
/* 0, or -1 if `saved` is not a valid cavalry block. */
int lw_cav_load(struct lw_cav *c, const json_t *saved);

struct lw_state;
struct game_outcome;
struct tg_error;

/* ---- RIT (13.2.3, 9.3) ---- */
/* 13.2.3 the allow/deny question (step LW_ST_RIT_ASK): offers, answer. */
void lw_cav_rit_ask_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* 13.2.3's answers (allow, deny), one table. */
extern const struct lw_actions lw_cav_rit_ask_actions;
int lw_cav_rit_ask_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err);
bool lw_rit_at(const struct lw_state *s, int hex);
/* 0 if cavalry u may place (remove == false) or remove an RIT at hex now. */
int lw_rit_check(const struct lw_state *s, int u, int hex, bool remove, bool foray,
                 struct tg_error *err);
/* Places or removes (checked by the caller). */
void lw_rit_set(struct lw_state *s, int hex, bool on);
/* 9.3: all RIT leave the map. */
void lw_rit_clear(struct lw_state *s);

/* ---- raids (13.2.2) ---- */
/* The modified raid die: +1 two stars, -1 out of supply, -1 per IT. */
int lw_raid_modified(const struct lw_state *s, int u, int die);
bool lw_raid_table_succeeds(int modified_die);
/* 0 if cavalry u may raid hex `target` now. */
int lw_raid_check(const struct lw_state *s, int u, int target, bool foray, struct tg_error *err);
/* Starts the raid (the 10.6.8.2 reward); a hex holding enemy cavalry
 * reveals both cavalry generals and they fight first (lw_cav_raid_battle):
 * then true is returned and the raid goes on, or not, when that battle ends
 * (lw_cav_battle_end, which also ends the activation of a raid by standard
 * activation). Otherwise the raid is rolled at once (lw_raid_roll), false. */
bool lw_raid(struct lw_state *s, int u, int target, bool foray, struct game_outcome *out);
/* 13.2.2.1: rolls the Cavalry Raid Table and applies it (PC, Raided marker). */
void lw_raid_roll(struct lw_state *s, int u, int target, bool foray);
/* 13.2.2 the cavalry battle of raider u against enemy cavalry e in the
 * raided hex (lw_cav_battle.c): a regular battle of the two cavalry
 * generals through the land rules' battle sequence (lw_battle_resolve: the
 * 16.8 casualty cards and their prompts, 16.8.3, 16.6.5), without terrain,
 * CSP, Resource card, rout, retreat or advance. */
void lw_cav_raid_battle(struct lw_state *s, int u, int e, bool foray, struct game_outcome *out);
/* True while s->battle is a raid's or a pursuit's (16.2.1) cavalry battle
 * (the battle sequence's hooks: its groups are the two cavalry generals). */
bool lw_cav_battle_on(const struct lw_state *s);
/* 16.2.1: s->battle's defender withdrew and the attacker pursues with his
 * cavalry general ca: the same cavalry battle, fought inside the battle of
 * the withdrawal; when it ends the withdrawal goes on
 * (lw_battle_pursuit_over). */
enum {
	LW_CAV_RAID = 1,    /* a raid by standard activation (13.2.1) */
	LW_CAV_FORAY = 2,   /* a raid by foray (13.2.4) */
	LW_CAV_PURSUIT = 3, /* the 16.2.1 cavalry battle of a withdrawal */
};
void lw_cav_pursuit_battle(struct lw_state *s, int ca, struct game_outcome *out);
bool lw_cav_pursuit_on(const struct lw_state *s);
/* The defender's group in a cavalry battle: his cavalry general in the
 * raided (or vacated, 16.2.1) hex (0 or 1 unit). */
int lw_cav_battle_defender(const struct lw_state *s, int out[]);
/* 11.2.2: who carries the IT the battle gives side's cavalry: the CO of
 * its force (the main force; the cavalry himself when alone), LW_NONE if
 * nobody is left. */
int lw_cav_battle_it_holder(const struct lw_state *s, int side);
/* The battle sequence is over (no retreat, no advance): the raid goes on if
 * the raider won and lives; the activation ends (standard activation) or
 * the card play goes on (foray). A pursuit's: the withdrawal goes on. */
void lw_cav_battle_end(struct lw_state *s, struct game_outcome *out);
bool lw_co_raided(const struct lw_state *s, int u);
/* End of the turn's raids (13.2.2.1: markers off after the Supply phase). */
void lw_raided_clear(struct lw_state *s);

/* ---- the MOVE step (13.2.1) and forays in the SPEND step (13.2.4) ---- */
void lw_cav_march_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* The MOVE step's cavalry actions, rows of lw_card_play.c's table (0 done,
 * -1 refused with err): 13.2.2 a raid, 13.2.3 an RIT laid or removed. */
int lw_cav_raid_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err);
int lw_cav_rit_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                   struct tg_error *err);
/* A new activation: the per-activation RIT/raid record starts afresh. */
void lw_cav_activation_begin(struct lw_state *s);
/* 13.2.4: did cavalry u foray in this card play? Forays are for cavalry
 * not activated in it: such a unit is not then activated alone in the same
 * card play (lw_card_play.c), and moving with its activated force it neither
 * raids nor interdicts again (docs/rail_cavalry.md "A foray, then an activation in the same card
 * play"). */
bool lw_cav_forayed(const struct lw_state *s, int u);
void lw_cav_foray_offer(const struct lw_state *s, int side, struct tg_offers *list);
int lw_cav_foray_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err);

/* ---- harassment (13.2.5) ---- */
/* After the movers entered `hex`: true if the non-phasing player is now
 * asked (s->step = LW_ST_HARASS); `stop` is whether the march must end
 * after it. The caller returns and the march resumes in lw_harass_act. */
bool lw_harass_begin(struct lw_state *s, int hex, bool stop);
/* The IT a harassment gives: to the moving force (>0) or to the
 * harassing force (<0), from the two sides' cavalry stars (0: none). */
int lw_harass_result(int harasser_stars, int mover_cavalry_stars);
unsigned lw_harass_awaiting(const struct lw_state *s);
void lw_harass_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* 13.2.5's answers (harass, no_harass), one table. */
extern const struct lw_actions lw_harass_actions;
int lw_harass_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                  struct tg_error *err);

/* ---- cities taken by cavalry (13.1.3, lw_cav_city.c) ---- */
/* lw_capture_city calls this: city c passed from old_owner to its new
 * owner, by lone cavalry or not. */
void lw_cav_city_captured(struct lw_state *s, int c, int old_owner, bool by_cavalry);
bool lw_cav_city_held(const struct lw_state *s, int c);
/* After each action: a cavalry-held city left by its cavalry reverts to
 * its former controller; one reached by the holder's infantry gets its
 * garrison token and is captured for good. */
void lw_cav_city_settle(struct lw_state *s);

/* What the viewer may see of the cavalry block: the RIT (public, on the
 * map) and the Raided markers (public). */
json_t *lw_cav_view(const struct lw_state *s, int side);

#endif
