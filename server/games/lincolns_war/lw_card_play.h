/* lw_card_play.h — the seams between the card play's files (lw_draw.c,
 * lw_card_checks.c, lw_card_offers.c, lw_card_play.c, lw_ops.c): included
 * by those files only. lw_ops.c was one file of 1,480 lines; it is cut by
 * job, and these are the functions one of them asks of another. */
#ifndef LW_CARD_PLAY_H
#define LW_CARD_PLAY_H

#include <jansson.h>
#include <stdbool.h>

#include "lw_base.h"
#include "lw_state.h"

/* Flags of the card play's table rows (lw_card_play.c), read by lw_ops_act. */
enum {
	/* LW_ST_SPEND: the action spends the card's PC; the card play ends
	 * when neither PC nor activations are left (10.6) */
	OPS_SPENDS = 1u << 0,
	/* LW_ST_MOVE: the consolidation (11.1.3.2) may refuse it first */
	OPS_GATED = 1u << 1,
};

/* lw_card_checks.c: what a card may do (each -1 with err citing the rule) */
const char *lw_play_card_name(int side, int n);
bool lw_play_last_turn(const struct lw_state *s);
bool lw_play_cs_summer_1864(const struct lw_state *s, int side);
int lw_play_check_committee(const struct lw_state *s, int side, int u, struct tg_error *err);
int lw_play_check_campaign(const struct lw_state *s, int side, struct tg_error *err);
int lw_play_check_campaign_force(const struct lw_state *s, int side, int u, struct tg_error *err);
int lw_play_card_region(const struct lw_state *s, int side);
unsigned lw_play_campaign_reach(const struct lw_state *s, int side, int u);
int lw_play_check_reach(const struct lw_state *s, int side, unsigned m, struct tg_error *err);
int lw_play_check_designation(const struct lw_state *s, int side, int u1, unsigned m1, int u2,
                              unsigned m2, struct tg_error *err);
int lw_play_check_activate(const struct lw_state *s, int side, int u, int pc, bool campaign,
                           struct tg_error *err);
/* lw_play_check_activate off a campaign, and when u may be activated his
 * lw_activation_cost in *cost (read with the check's units, not again). */
int lw_play_check_activate_cost(const struct lw_state *s, int side, int u, int pc, int *cost,
                                struct tg_error *err);
int lw_play_check_remove_it(const struct lw_state *s, int side, int hex, struct tg_error *err);

/* lw_card_offers.c: 10.4 a pass, 10.7.7 a seditious redraw, allowed now */
bool lw_play_may_pass(const struct lw_state *s, int side);
bool lw_play_may_redraw(const struct lw_state *s, int side);

/* lw_card_play.c: the card play begins (after the draw); a card is spent
 * (10.6.4) and the turn passes on */
void lw_play_begin(struct lw_state *s, struct game_outcome *out);
void lw_play_finish_card(struct lw_state *s, struct game_outcome *out);
#endif
