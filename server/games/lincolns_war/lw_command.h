/* lw_command.h — the owner's command decisions outside the battle steps
 * that interrupt the automatic procedures: the new CO after a loss of rank
 * (11.0.3), the Supply Phase's IT demotions (20.4, 20.5), and the memory the
 * 10.7.9 Committee card needs.
 *
 * The block is embedded in struct lw_state as `command` and saved with
 * lw_command_save(). Its prompts come before any other action of either
 * side, after the 11.1.2.2 GiC choice (lw_actions.c). */
#ifndef LW_COMMAND_H
#define LW_COMMAND_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lw_base.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct game_outcome;
struct tg_error;

json_t *lw_command_save(const struct lw_command *c);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_command_save_text(struct tg_jw *w, const struct lw_command *c);
/* 0, or -1 when the block is malformed (NULL: nothing pending). */
int lw_command_load(struct lw_command *c, const json_t *saved, int n_units);

/* 12.4 / 16.9.6: the force of `side` held in the siege at hex is
 * overstacked with several subordinates who may lose the star: its owner
 * is asked, after the questions of the forces that were overstacked
 * before it (a queue; true when asked or already waiting, false only when
 * the queue is full, which the bound of two forces per siege rules out:
 * the caller then decides) */
bool lw_command_note_siege_star(struct lw_state *s, int hex, int side);
/* Does the force of side at hex wait, overstacked, for that answer? */
bool lw_command_siege_star_waits(const struct lw_state *s, int hex, int side);
/* The generals of that force who may lose the star now: its subordinates
 * (not the CO or the GiC); the CO only when none is left (16.9.6). */
int lw_siege_star_candidates(const struct lw_state *s, int hex, int side, int out[]);

/* ---- 11.0.3 the new CO --------------------------------------------------- */

/* Record the CO of side at hex before a change of rank or a removal. */
int lw_command_co_before(const struct lw_state *s, int hex, int side);
/* After the change: if the CO changed to a subordinate, the owner confirms
 * or picks the new CO among the most senior infantry left (a prompt). */
void lw_command_co_after(struct lw_state *s, int hex, int side, int old_co);
/* 16.8.3: the CO lost a star and "if possible a subordinate of the owning
 * player's choice takes command": any infantry subordinate of the highest
 * rank at least his new rank (never old_co). */
void lw_command_co_replace(struct lw_state *s, int hex, int side, int old_co);

/* ---- 12.4 displacement ------------------------------------------------------ */

/* u was displaced from hex to `to` by the 12.4 procedure (lw_fix_overstack,
 * lw_unstack): his owner is asked who goes (him or another general of the
 * hex) and where (lw_displace_dests), a prompt before anything else. */
void lw_command_note_displaced(struct lw_state *s, int hex, int u, int to);

/* ---- 10.7.9 ------------------------------------------------------------------ */
void lw_command_note_lost_to_one_star(struct lw_state *s, int u);
bool lw_command_lost_to_one_star(const struct lw_state *s, int u);

/* ---- the prompts (lw_actions.c) ------------------------------------------ */

/* An 11.0.3, 12.4 or 16.9.6 (siege_star) question waits for its owner. The automatic procedures
 * that raise them (a battle's steps, the Supply Phase) hold while this is
 * true and go on after the answer, so that their later steps see who
 * commands and where the general went (docs/decisions.md "Command questions in the middle of a
 * procedure"). */
bool lw_command_question_pending(const struct lw_state *s);

/* The side that must decide now, or LW_NOSIDE. */
int lw_command_choice_side(const struct lw_state *s);
void lw_command_choice_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* The question's action types, one table a question: the table of the one
 * first in line, and the four. */
const struct lw_actions *lw_command_actions(const struct lw_state *s);
extern const struct lw_actions lw_command_co_actions, lw_command_displace_actions,
    lw_command_siege_star_actions, lw_command_supply_demote_actions;
int lw_command_choice_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err);
const char *lw_command_prompt(const struct lw_state *s, char *buf, size_t n);
/* After every accepted action: drop choices that no longer have a
 * candidate (a Supply Phase held for them then goes on: lw_continue). */
void lw_command_settle(struct lw_state *s);

#endif
