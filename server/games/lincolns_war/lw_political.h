/* lw_political.h — the political specials of Lincoln's War: the
 * Assassination Plot (7.1.9, resolved in the Supply Phase, 20.3), the
 * Emancipation Proclamation and British Intervention (19.0).
 *
 * The block is embedded at the end of struct lw_state and saved with
 * lw_political_save(). Hidden information: the Assassination Plot card
 * bought by the Confederate player (plot_bought == LW_CONFEDERATE) is shown
 * to him only, until it is played in the Supply Phase (7.1.9). */
#ifndef LW_POLITICAL_H
#define LW_POLITICAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_base.h"
#include "lw_data.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct game_outcome;
struct tg_error;

static inline int lw_plot_buyer(const struct lw_politics *p)
{
	return p->plot_stage == 0 ? LW_CONFEDERATE : p->plot_stage == 1 ? LW_UNION : LW_NOSIDE;
}

/* 7.1.9: may `side` buy the Assassination Plot card now? err cites the rule. */
int lw_plot_check_buy(const struct lw_state *s, int side, struct tg_error *err);
/* The Union holds this many cities that began Confederate (7.1.9: five). */
int lw_plot_union_holds(const struct lw_state *s);
/* Administration offers and the purchase ({"type":"buy_assassination_plot"}). */
void lw_political_admin_offer(const struct lw_state *s, int side, struct tg_offers *list);
int lw_political_admin_act(struct lw_state *s, int side, const json_t *a, struct tg_error *err);
/* 7.1.9.1: roll for the enemy President and the CO in the enemy capital;
 * true when the plot succeeded. May end the game (7.1.9.2, PC + CSP < 4). */
bool lw_plot_resolve(struct lw_state *s, int side);
/* 20.3: resolve a bought card, the Supply Phase's first step (3.6). true
 * when the flow must stop here: the game ended, or the Union is asked
 * whether to retaliate (7.1.9.3). */
bool lw_political_supply_phase(struct lw_state *s);

/* 19.0 notes from the battle sequence (lw_battle_results.c). */
void lw_political_note_battle(struct lw_state *s, int att, int att_co_stars, int att_stars, int def,
                              int def_co_stars, int def_stars);
void lw_political_note_withdrawal(struct lw_state *s, int side, int hex);
/* After each accepted Operations action: once no battle is running, judge
 * the notes (19.1 EP, 19.2 BI) and Washington in Confederate hands (19.2). */
void lw_political_settle(struct lw_state *s);
/* Declarations (also used by tests). */
void lw_political_declare_ep(struct lw_state *s);
void lw_political_declare_bi(struct lw_state *s);
/* 19.2: a trigger is met: ask the Confederate whether to declare BI. */
void lw_political_offer_bi(struct lw_state *s);
/* 19.2: +3 PC to the Confederate at the start of each turn after BI. */
void lw_political_begin_turn(struct lw_state *s);

/* The side that must answer a political prompt now, or LW_NOSIDE. */
int lw_political_choice_side(const struct lw_state *s);
void lw_political_choice_offer(const struct lw_state *s, int side, struct tg_offers *list);
int lw_political_choice_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err);
const char *lw_political_prompt(const struct lw_state *s);
/* 7.1.9.3 (lw_political.c), reached through the choice functions above. */
void lw_political_retaliation_offer(const struct lw_state *s, struct tg_offers *list);
/* The political questions' action types, one table a question: 7.1.9.3
 * the retaliation (lw_political.c), 19.1 the EP's promotion, 19.2 the BI's
 * declaration and exchange (lw_political_19.c); the table of the one now. */
const struct lw_actions *lw_political_actions(const struct lw_state *s);
extern const struct lw_actions lw_political_retaliation_actions, lw_political_promotion_actions,
    lw_political_bi_offer_actions, lw_political_bi_swap_actions;

/* 21.3 rows: no EP (CS), no BI (US), assassinations (both). kind is lw_data.h's
 * lw_vp_kind; returns the VP `side` scores for that row worth `vp`. */
int lw_political_vp(const struct lw_state *s, int kind, int side, int vp);

json_t *lw_political_view(const struct lw_state *s, int viewer);
/* The section's stamp (lw_view.c lw_view_stamps): h hashed with every value
 * lw_political_view shows viewer, and only those; holds is
 * lw_plot_union_holds(s) (asked once for every viewer of an update). */
uint64_t lw_political_stamp(const struct lw_state *s, int viewer, int holds, uint64_t h);
json_t *lw_political_save(const struct lw_politics *p);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_political_save_text(struct tg_jw *w, const struct lw_politics *p);
int lw_political_load(struct lw_politics *p, const json_t *saved);

#endif
