/* lw_engine.h — the engine's internal seams: what lw_module.c calls and
 * what the engine files offer each other. Not part of the game.h contract. */
#ifndef LW_ENGINE_H
#define LW_ENGINE_H

#include <jansson.h>
#include <stdbool.h>

#include "game.h"
#include "lw_amphib.h"
#include "lw_base.h"
#include "lw_cavalry.h"
#include "lw_command.h"
#include "lw_naval.h"
#include "lw_optional.h"
#include "lw_political.h"
#include "lw_rail.h"
#include "lw_resource_events.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */
struct tg_text;   /* protocol/json_compact.h */

/* The opaque struct game of game.h: one state. */
struct game {
	struct lw_state s;
};

/* Scenario indices (order of the module's scenario table). */
enum { LW_SCN_CAMPAIGN = 0, LW_SCN_INTRODUCTORY = 1, LW_SCN_TOURNAMENT = 2, LW_SCN_COUNT = 3 };

/* The save format's version (lw_save.c), also stamped by the set-up. A save
 * of another version is refused (bad_save); the daemon then rebuilds the
 * match from its seed and action log (server/core/README.md).
 * 2: the land block's demotion and resume fields (16.6.4, 16.8.3).
 * 3: the resource_events block (16.3, lw_resource_events.h).
 * 4: the sieges on (lw_amphib.sieges, 16.9.5).
 * 5: the "command" block (lw_command.h: 11.0.3, 12.4, 20.4, 10.7.9).
 * 6: a side's gic_place flag (11.1.2.3, lw_gic_place.c).
 * 7: a siege's `returning` flag and stage LW_SG_EXCESS (16.9.5.4.3, 16.6.4).
 * 8: the cavalry block's raid battle (cav.raid_battle, cav.raider: 13.2.2).
 * 9: 11.1.3.2 consolidation: play.cons_hex, play.consolidated 2 (choosing),
 *    groups.from (where each general drawn in came from).
 * 10: a side's arrive_place flag (7.3 / 2.1: the owner places an arrival).
 * 11: the land block's `hold` (a battle waiting for an 11.0.3 / 12.4 answer).
 * 12: the command block's supply_stage LW_SS_PLOT (3.6, 20.3: the Supply
 *     Phase waits for the Assassination Plot's questions before 20.4).
 * 13: the command block's siege_star question (sst_hex, sst_side: 12.4,
 *    16.9.6).
 * 14: political bi_offer, bi_wash (19.2 declared by the Confederate's
 *     answer); cav.raid_battle 3 (LW_CAV_PURSUIT, the 16.2.1 pursuit's
 *     cavalry battle).
 * 15: the command block's supply_stage LW_SS_SIEGE (3.6, 16.9.5.4.3: the
 *     Supply Phase waits, after a siege held out, for the question its
 *     disgraced CO raised before the next siege and the end of the turn).
 * 16: the command block's siege_star questions as a queue (sst_n, sst_hex[],
 *     sst_side[]: 12.4, 16.9.6, one entry per force held in a siege).
 * 17: groups.camp_region of a Dual-Theater force is the theater its owner
 *     named (10.7.3.2 campaign_theater; none = not named yet, where it
 *     used to mean "taken where the force ends").
 * 18: step LW_ST_RIT_ASK and the cavalry block's ask, ask_unit, ask_hex
 *     (13.2.3: higher-ranking enemy cavalry allows or denies an RIT).
 * 19: the card play's list of the parts of a Major Army dispersed to cross
 *     the Mississippi (play.mis_crossed, mis_n, mis_unit[], mis_part[]:
 *     12.3.1 "may not rejoin on the same card phase"). */
#define LW_SAVE_VERSION 19

/* lw_setup.c (5.0): a fresh state, ready for the first decision. */
int lw_setup_state(struct lw_state *s, const uint8_t seed[32], int scenario, unsigned options,
                   struct tg_error *err);

/* lw_actions.c: apply one action of `side` (validated fully first; the
 * caller applies to a copy, so a failure may leave `s` half-changed). */
int lw_apply(struct lw_state *s, int side, const json_t *action, struct game_outcome *out,
             struct tg_error *err);
/* LW_SIDE_BIT(side) set: that side is awaited now. */
unsigned lw_awaiting(const struct lw_state *s);
/* The driver of what comes next (kit/continuation.h): the Supply Phase's
 * recorded stage (command.supply_stage) runs on while it is ready, after
 * every accepted action; procedures that must wait record the stage and
 * return. Tests that call a procedure directly call this after it. */
void lw_continue(struct lw_state *s, struct game_outcome *out);
/* The same driver for a battle held for an 11.0.3 / 12.4 question
 * (land.hold): its recorded step, once, if the question is answered; true
 * when it ran (lw_apply then runs lw_continue again and settles). */
bool lw_continue_battle(struct lw_state *s, struct game_outcome *out);
/* The legal actions of `side` now: [{label, action, params:[]}]; empty if not awaited. */
json_t *lw_legal_actions(const struct lw_state *s, int side);
/* The same list written as compact JSON at the end of t (kit/offer.h): the
 * bytes lw_legal_actions' array serializes to, with no tree (issue 17).
 * 0, or -1 when out of memory. */
int lw_legal_actions_text(const struct lw_state *s, int side, struct tg_text *t);
/* The kind of the pending decision now, as lw_actions.c's table names it
 * ("ops", "command_choice", ...), or NULL when nothing is pending. */
const char *lw_pending_name(const struct lw_state *s);
/* The action types `side` may answer the pending decision with now: its
 * kind's table (of the step or question now), or NULL when nothing is
 * pending (or no siege decision in a siege step). */
const struct lw_actions *lw_actions_now(const struct lw_state *s, int side);
/* Every table lw_actions_now can answer, *n of them (for tests). */
const struct lw_actions *const *lw_action_tables(size_t *n);
/* One sentence telling `side` what the game waits for, or NULL. */
const char *lw_prompt(const struct lw_state *s, int side, char *buf, size_t n);

/* lw_view.c */
json_t *lw_view_json(const struct lw_state *s, int side /* LW_NOSIDE: observer */);
/* The same view in sections (game.h): their pointers, one section, the stamps. */
extern const char *const lw_view_sections[];
json_t *lw_view_section(const struct lw_state *s, int side, unsigned i);
void lw_view_stamps(const struct lw_state *s, int side, uint64_t *stamps);
/* The same in an update of several roles (kit/view_sections.h): epoch is
 * tg_view_update_epoch's number for s's game (0: none), under which what
 * every viewer's stamps read is hashed once for all of them. */
void lw_view_stamps_in(const struct lw_state *s, int side, uint64_t epoch, uint64_t *stamps);
/* The forces, cities and log element by element (game.h view_items): false
 * for another section. */
bool lw_view_items(const struct lw_state *s, int side, unsigned i, struct tg_view_items *it);
/* The same in an update of several roles (epoch as lw_view_stamps_in's):
 * what every viewer's elements read is worked out once for all of them. */
bool lw_view_items_in(const struct lw_state *s, int side, uint64_t epoch, unsigned i,
                      struct tg_view_items *it);
/* The offers written as text (game.h view_section_text): false for
 * another section. */
bool lw_view_section_text(const struct lw_state *s, int side, unsigned i, struct tg_text *t);

/* lw_save.c */
json_t *lw_save_json(const struct lw_state *s);
/* The same save as compact JSON text at the end of t (game.h save_text):
 * the bytes protocol/json_compact.h writes for lw_save_json's tree. 0, or
 * -1 when it could not (t->oom: out of memory). */
int lw_save_text(const struct lw_state *s, struct tg_text *t);
int lw_load_json(struct lw_state *s, const json_t *saved, struct tg_error *err);

/* ---- forces (lw_activation.c) -------------------------------------------- */

/* Units of `side` on the map at hex (side LW_NOSIDE: any side); returns count. */
int lw_units_at(const struct lw_state *s, int hex, int side, int out[LW_MAX_UNITS]);
/* Between lw_units_hold(s) and lw_units_release, on this thread, the caller
 * moves no unit of s (no unit's `where` or `hex`, nor n_units, changes;
 * its other fields may): the helpers below then answer about s from an
 * index of its units by hex built once, not by a scan of every unit each
 * (issue 17: lw_act's loops over forces; the view update window does the
 * same for the views and offers, lw_activation.c). Holds do not nest: false
 * when one is open already (its state's index serves; a scan, another's).
 * Give lw_units_release what lw_units_hold gave. Debug builds check at the
 * release that no unit moved. */
bool lw_units_hold(const struct lw_state *s);
void lw_units_release(bool took);
/* The side with a force at hex, or LW_NOSIDE. */
int lw_hex_owner_force(const struct lw_state *s, int hex);
/* The CO of the force at hex (11.0.1), or LW_NONE. In a siege hex the
 * hex-level helpers here describe the besiegers (lw_siege.h). */
int lw_force_co(const struct lw_state *s, int hex);
/* The CO of the force of `side` at hex, or LW_NONE. */
int lw_force_co_side(const struct lw_state *s, int hex, int side);
/* The CO the generals set[0..n) would have as a force of their own (11.0.1:
 * the same rule as lw_force_co_side, in any order), or LW_NONE. */
int lw_set_co(const struct lw_state *s, const int *set, int n);
int lw_force_it(const struct lw_state *s, int hex);
int lw_force_infantry_stars(const struct lw_state *s, int hex);
/* 13.1.1 "Cavalry stars never count in calculating an Army size": the
 * infantry stars of units u[0..n); a force of cavalry alone is no Army and
 * counts its own stars (16.6.5, 19.1). */
int lw_army_size(const struct lw_state *s, const int *u, int n);
bool lw_force_has_cavalry(const struct lw_state *s, int hex);
/* The activation cost of unit u as the CO of his force (10.6.2, 18.1, 16.8.1, 20.5). */
int lw_activation_cost(const struct lw_state *s, int u);
/* The same for u in the force of his side at his hex whose CO is co and
 * whose IT sum force_it, when the caller has them (the view's forces walk,
 * which would otherwise scan every unit for every unit it shows). */
int lw_activation_cost_in(const struct lw_state *s, int u, int co, int force_it);
/* Printed combat values for u's current rank; <0 indecisive (TCO: always). */
int lw_unit_attack(const struct lw_state *s, int u);
int lw_unit_defense(const struct lw_state *s, int u);
/* "U.S. Grant" or "TCO (2 stars)". */
const char *lw_unit_name(const struct lw_state *s, int u, char *buf, size_t n);
/* The name the public log may use: his own if the enemy can see him (CO,
 * revealed), else "a Union general at <hex>" (12.7). */
const char *lw_public_name(const struct lw_state *s, int u, char *buf, size_t n);
bool lw_unit_seen(const struct lw_state *s, int u);
/* The unit index of a data general id, or LW_NONE. */
int lw_unit_by_id(const struct lw_state *s, const char *id);
/* Stable id of a unit for actions and views: the general id, or "tco-<n>". */
const char *lw_unit_id(const struct lw_state *s, int u, char *buf, size_t n);
/* A general as one choice of an offer's param, appended to l: {"value":
 * his id, "label": "NAME at HEX"} (the activation, the designation and the
 * events' target lists; issue 17: each was a json_pack tree, serialized
 * and freed in every update of the mover's offers). */
struct tg_offer_list;
void lw_unit_choice_add(struct tg_offer_list *l, const struct lw_state *s, int u);
/* City index at hex (lw_data cities), or -1. */
int lw_city_at(int hex);
/* Who controls the city at index c now (2.1, 2.4). */
int lw_city_controller(const struct lw_state *s, int c);
/* Is the hex in the `side`'s own territory (16.3.1, 16.9.1): its state's
 * cities started under that side (KY and MO count for nobody). */
bool lw_hex_in_territory(int hex, int side);
/* Hexes from hex to the nearest city `side` controls that has a supply
 * value: "closer to supply" for a retreat (16.9.1, 16.9.5.4.3); 1 << 20
 * when there is none. */
int lw_supply_city_distance(const struct lw_state *s, int side, int hex);

int lw_stack_check_hex(const struct lw_state *s, int hex, int side, const int *add, int n_add,
                       int promote_u, int promote_to, struct tg_error *err);
void lw_unit_leave_it(struct lw_state *s, int u, int carry);
/* 11.0.1 / 11.2.1: generals joining `host`'s hex under him (equal or lower
 * rank) leave him in command: the CO in place is marked as commanding
 * latest, so that an equal-ranked newcomer never takes his place on the
 * tie-break (none: LW_NONE, or a cavalry host). */
void lw_co_keeps_command(struct lw_state *s, int host);
void lw_unit_place(struct lw_state *s, int u, int hex);
int lw_nearest_friendly_city(const struct lw_state *s, int side, int from, const int *add,
                             int n_add);
/* ---- 12.4 displacement (lw_displace.c) ------------------------------------ */

#define LW_DISPLACE_MAX 16 /* hexes a displaced general may be offered */
/* 12.4: displace units until the side's stack at hex is legal again (the
 * owner is asked afterwards, lw_command.c); a besieged or besieging force
 * sheds stars instead (16.9.5.2, 16.9.6). */
void lw_fix_overstack(struct lw_state *s, int hex, int side);
/* 16.9.5.2: is side's force at hex held there by a siege? */
bool lw_displace_held(const struct lw_state *s, int hex, int side);
/* 12.4 / 11.1.2.3: where general g may be displaced from hex: the adjacent
 * spaces that can take him, else the nearest friendly cities (ties all
 * offered); `away` is a general standing elsewhere now but counted back in
 * hex (LW_NONE). None for a force held by a siege. Returns how many. */
int lw_displace_dests(const struct lw_state *s, int hex, int g, int away, int out[LW_DISPLACE_MAX]);
/* One general `pick` of side leaves hex by that procedure (the first of
 * lw_displace_dests, else disgraced); his new hex or LW_NO_HEX. */
int lw_displace_unit(struct lw_state *s, int hex, int side, int pick);
/* Where lw_displace_unit would send him now (LW_NO_HEX: nowhere). */
int lw_displace_target(const struct lw_state *s, int hex, int side, int pick);
/* Move u to `to` as a displacement (IT stay with the force, public log). */
void lw_displace_move(struct lw_state *s, int u, int to);

/* ---- 11.1.2.3 where a new GiC goes (lw_gic_place.c) ------------------------ */

#define LW_GIC_PLACE_LOSS 1      /* after 11.1.2.2 (death, demotion, disgrace) */
#define LW_GIC_PLACE_VOLUNTARY 2 /* after 11.1.2.1 / 7.1.4 */
/* The new GiC u of side goes to the capital (stars displaced there), or,
 * the capital enemy controlled, the owner is asked (gic_place); a GiC
 * held in a siege stays (16.9.5.2). */
void lw_gic_relocate(struct lw_state *s, int side, int u, int how);
/* The side asked where its new GiC goes, or LW_NOSIDE. */
int lw_gic_place_side(const struct lw_state *s);
void lw_gic_place_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* its action type (gic_place), a row of the GiC choice's tables */
extern const struct lw_actions lw_gic_place_actions;
/* After every accepted action: a question with nothing left to choose goes. */
void lw_gic_place_settle(struct lw_state *s);
/* 11.1.2.2: a side that lost its GiC chooses the successor before any
 * other action: the side (or LW_NOSIDE), its offers and its action. */
int lw_gic_choice_side(const struct lw_state *s);
void lw_gic_choice_offer(const struct lw_state *s, int side, struct tg_offers *list);
int lw_gic_choice_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err);
/* Its action types: choose_gic (11.1.2.2), then gic_place (11.1.2.3). */
const struct lw_actions *lw_gic_choice_actions(const struct lw_state *s, int side);
extern const struct lw_actions lw_gic_choose_actions;
/* The side's capital hex (Washington / Richmond). */
int lw_capital_hex(int side);
/* Promote/demote by one star, keeping command right (11.0.3, 11.2.1); a
 * one-star demoted is disgraced (20.4). */
void lw_promote(struct lw_state *s, int u);
void lw_demote(struct lw_state *s, int u);
/* Kill (16.8.2: TCO replaces him) or disgrace a unit (17.4: TCO removed). */
void lw_kill(struct lw_state *s, int u);
void lw_disgrace(struct lw_state *s, int u);
/* lw_disgrace without restacking the hex he left: for a caller whose rule
 * lets the owner break the force up himself (16.6.4). */
void lw_disgrace_only(struct lw_state *s, int u);
/* The GiC of `side` was lost: 11.1.2.2 (opponent +4, pay 4, appoint). */
void lw_gic_lost(struct lw_state *s, int side);

/* ---- PC (lw_cards.c) --------------------------------------------------------- */

/* Lose PC, never below zero; what the PC cannot cover comes off the CSP
 * (10.6.6, for every loss: cities, events, penalties). Prices are checked
 * affordable in PC first (7.1.6.1: a payment is no loss). */
void lw_lose_pc(struct lw_state *s, int side, int n);
void lw_gain_pc(struct lw_state *s, int side, int n);
/* 10.3.1: the deck and its discards shuffled together into the deck. */
void lw_reshuffle(struct lw_state *s, int side);
/* Draw one card for `side` (reshuffling the discards when the deck runs out,
 * 10.3.1); 0 when no card is left anywhere. */
int lw_draw_card(struct lw_state *s, int side);
void lw_discard(struct lw_state *s, int side, int card);
/* Index of card in side's hand, or -1. */
int lw_hand_find(const struct lw_state *s, int side, int card);
void lw_hand_remove(struct lw_state *s, int side, int idx);
const struct lw_card *lw_card(int side, int number);
int lw_hand_size_for_turn(const struct lw_state *s, int side);
bool lw_draw_to_hand(struct lw_state *s, int side);
bool lw_out_take(struct lw_state *s, int side, int card);
bool lw_out_has(const struct lw_state *s, int side, int card);
int lw_count_seditious(const struct lw_state *s, int side);

/* ---- actions (lw_actions.c) ------------------------------------------------- */

typedef int (*lw_handler)(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err);

/* Phase handlers: each validates then applies the actions of its phase. */
int lw_gic_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
               struct tg_error *err);
/* The phases' action types, each declared once (type, rule, handler):
 * 5.0 and 6.0 (lw_initiative.c), 7.0 (lw_admin.c: the table of the side
 * now, and the three it chooses from). */
extern const struct lw_actions lw_gic_actions, lw_initiative_actions;
const struct lw_actions *lw_admin_actions(const struct lw_state *s, int side);
extern const struct lw_actions lw_admin_main_actions, lw_admin_asset_actions,
    lw_admin_arrival_actions;
void lw_gic_offer(const struct lw_state *s, int side, struct tg_offers *list);
int lw_initiative_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err);
void lw_initiative_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* 6.0 at the start of each turn: may stop to ask the leader (then returns). */
void lw_begin_turn(struct lw_state *s);

int lw_admin_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err);
void lw_admin_offer(const struct lw_state *s, int side, struct tg_offers *list);
void lw_begin_admin(struct lw_state *s);

int lw_draw_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                struct tg_error *err);
/* 10.3's choices: committee, draw_last, take_campaign. */
extern const struct lw_actions lw_draw_actions;
void lw_draw_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* Has side a choice of the draw left (lw_draw_offer's list not empty)? */
bool lw_draw_awaits(const struct lw_state *s, int side);
void lw_begin_draw(struct lw_state *s, struct game_outcome *out);

/* The Operations phase's answer: the handler its step's table of action
 * types names (lw_ops.c), 0 done or -1 refused with err. */
int lw_ops_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
               struct tg_error *err);
/* The action types of the Operations phase's step now (lw_ops.c); the tables of
 * the card play's steps CARD, SPEND, PEACE and MOVE. */
const struct lw_actions *lw_ops_actions(const struct lw_state *s);
extern const struct lw_actions lw_ops_card_actions, lw_ops_spend_actions, lw_ops_peace_actions,
    lw_ops_move_actions;
void lw_ops_offer(const struct lw_state *s, int side, struct tg_offers *list);
unsigned lw_ops_awaiting(const struct lw_state *s);

/* lw_march.c: the MOVE step (12.0). Its march types are rows of the MOVE
 * step's table (lw_card_play.c) flagged LW_MARCH_ROW; lw_march_act
 * dispatches those by the table, after lw_march_gate, and refuses the
 * rest. */
enum {
	LW_MARCH_ROW = 1u << 4,    /* a march type: lw_march_gate holds it first */
	LW_MARCH_JOINED = 1u << 5, /* 12.5: allowed once the force joined a CO */
	LW_MARCH_OUT = 1u << 6,    /* 12.4, 11.1.3.2: may leave a hex over the limits */
	LW_MARCH_STOP = 1u << 7,   /* 12.4: ends the move there, once checked */
};
int lw_march_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err);
/* 12.0, 12.5, 12.4: refuses what the march's state does not allow a row
 * with these flags (0: a type no row declares). */
int lw_march_gate(const struct lw_state *s, int side, unsigned flags, struct tg_error *err);
/* The march's handlers, one a type (0 done, -1 refused with err). */
int lw_march_move_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err);
int lw_march_attack_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);
int lw_march_stop_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err);
int lw_march_detach_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);
int lw_march_next_group_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err);
int lw_march_pickup_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);
int lw_march_revive_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);
void lw_march_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* Start moving the force of CO u (or the lone cavalry u, 11.2.2). */
void lw_march_begin(struct lw_state *s, int u, bool cavalry_alone);
/* The card play after the current force: back to spending, or the next player. */
void lw_card_continue(struct lw_state *s, struct game_outcome *out);

/* lw_battle_flow.c: the battle steps (16.0), their action types one table
 * a step (the step now's, or NULL between steps), and the dispatch. */
enum {
	/* 16.10.1: the victor stays out of the battle hex ("decline"), which an
	 * assault that must occupy the port may not (14.1.3, 14.2.2) */
	LW_BATTLE_STAYS_OUT = 1u << 8,
};
const struct lw_actions *lw_battle_actions(const struct lw_state *s);
extern const struct lw_actions lw_battle_withdraw_actions, lw_battle_commit_actions,
    lw_battle_casualty_actions, lw_battle_retreat_actions, lw_battle_oretreat_actions,
    lw_battle_advance_actions, lw_battle_dadvance_actions, lw_battle_demote_actions;
int lw_battle_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                  struct tg_error *err);
/* 10.7.7 "at any time": a seditious redraw in a battle's commitment step,
 * before the side commits (lw_card_play.c; a row of the commit table). */
int lw_ops_redraw_in_battle(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err);
void lw_battle_offer(const struct lw_state *s, int side, struct tg_offers *list);
unsigned lw_battle_awaiting(const struct lw_state *s);
/* A battle held for an 11.0.3 / 12.4 question records where it goes on
 * (land.hold, enum lw_battle_hold): the step recorded while the battle is
 * on (else LW_BH_NONE); a hold whose battle is over dropped; whether no
 * such question waits any more; and the three steps, which the driver
 * (lw_continue's sibling in lw_actions.c, kit/continuation.h) runs after
 * an accepted action once the question is answered. */
int lw_battle_held(const struct lw_state *s);
void lw_battle_hold_settle(struct lw_state *s);
bool lw_battle_hold_ready(const struct lw_state *s);
void lw_battle_resume_casualty(struct lw_state *s, struct game_outcome *out);
void lw_battle_resume_results(struct lw_state *s, struct game_outcome *out);
void lw_battle_resume_reversal(struct lw_state *s, struct game_outcome *out);
/* Declare an attack by the movers on hex target (checked by the caller). */
void lw_battle_declare(struct lw_state *s, int target, struct game_outcome *out);
/* A new battle in s->battle (s->land reset, the march's mountain mark kept):
 * `attacker`'s n units at att_hex against def_hex, nothing committed yet. */
void lw_battle_open(struct lw_state *s, int attacker, int att_hex, int def_hex,
                    const int16_t *units, int n);
/* 16.2.1: the pursuit's cavalry battle is over (lw_cav_battle_end): the
 * withdrawal goes on, the defender retreats, the pursuer's force advances. */
void lw_battle_pursuit_over(struct lw_state *s, struct game_outcome *out);

/* lw_time.c: end of the operations phase through the end of the turn. The
 * Supply Phase starts with the Assassination Plot (3.6, 20.3) and records
 * stage LW_SS_PLOT: what comes next is lw_supply_after_plot, which the
 * driver (lw_continue) runs once no question of the plot waits. */
void lw_end_operations(struct lw_state *s, struct game_outcome *out);
/* The Supply Phase after the plot (stage LW_SS_PLOT, run by lw_continue
 * once nothing is awaited): 16.9.5.4.3 siege IT, 20.4-20.7
 * (lw_supply_phase), then lw_supply_phase_done. */
void lw_supply_after_plot(struct lw_state *s);
/* The Supply Phase's end through the next turn (21.0). */
void lw_end_turn_after_supply(struct lw_state *s);
/* The Supply Phase's procedures are over (after lw_supply_phase here, or
 * stage LW_SS_SUPPLIED that lw_supply.c records after the owners' demotion
 * choices, run by lw_continue at once): the sieges (3.6, 16.9.5.4.3), then
 * lw_supply_phase_rest. Stage LW_SS_SIEGE records that a siege ended or a
 * return waits; lw_continue calls this again once nothing is awaited (a
 * return chosen, the question a siege's end raised answered), for the next
 * sieges and the rest of the phase. */
void lw_supply_phase_done(struct lw_state *s);
/* The Supply Phase after the sieges' ends (16.9.5.4.3): 23.2, then
 * lw_end_turn_after_supply. */
void lw_supply_phase_rest(struct lw_state *s);
/* 21.1 political collapse check; true when the game ended. */
bool lw_check_collapse(struct lw_state *s);
/* 21.3: the victory points each side would score now. */
void lw_victory_points(const struct lw_state *s, int vp[LW_SIDE_SLOTS]);

/* lw_events.c (10.7.2) */
bool lw_event_playable(const struct lw_card *k);
/* Offers every way (target) of playing card's event. */
void lw_event_offer(const struct lw_state *s, int side, struct tg_offers *list, int card);
int lw_event_check(const struct lw_state *s, int side, const struct lw_card *k, const json_t *a,
                   struct tg_error *err);
int lw_event_apply(struct lw_state *s, int side, const struct lw_card *k, const json_t *a,
                   struct game_outcome *out, struct tg_error *err);

/* lw_borders.c (2.4) */
/* A force of `side` entered/attacked/retreated into hex: Kentucky neutrality. */
void lw_border_enter(struct lw_state *s, int side, int hex);
/* 2.4.3: side is the first to move a force into Kentucky (or along its one
 * inner river hexside, 14.1 with 8.1.2.2): the violation, once. */
void lw_kentucky_violate(struct lw_state *s, int side);
/* End of a card's resolution: settle Kentucky cities (2.4.3). */
void lw_border_card_end(struct lw_state *s);
/* Capture of city c by side (PC transfer, garrison, 2.4, 16.10.2). */
void lw_capture_city(struct lw_state *s, int side, int c, bool by_cavalry);
/* The city's defense now (2.3 capitals from the turn track, 16.10.2 garrison -1). */
int lw_city_defense(const struct lw_state *s, int c);
/* The same for every city, defense[c] for c < s->n_cities (the navy's
 * pieces walked once: lw_naval_defense_mods). */
void lw_city_defenses(const struct lw_state *s, int32_t defense[LW_MAX_CITIES]);
/* May `side` attack the city/force at hex at all (2.3, 10.2)? err cites the rule. */
int lw_may_attack_hex(const struct lw_state *s, int side, int hex, struct tg_error *err);
bool lw_is_kentucky(int hex);

#endif
