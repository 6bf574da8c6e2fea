/* lw_ops.c — 10.0 the Operations phase's answer: the table of action types
 * of the step now (the card play's four are lw_card_play.c's), and
 * lw_ops_act, which finds the row and calls its handler. The draw is
 * lw_draw.c, the offers lw_card_offers.c, what a card may do
 * lw_card_checks.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_campaign.h"
#include "lw_card_play.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_it.h"
#include "lw_theater.h"

const struct lw_actions *lw_ops_actions(const struct lw_state *s)
{
	switch (s->step) {
	case LW_ST_CARD:
		return &lw_ops_card_actions;
	case LW_ST_SPEND:
		return &lw_ops_spend_actions;
	case LW_ST_PEACE:
		return &lw_ops_peace_actions;
	case LW_ST_MOVE:
		return &lw_ops_move_actions;
	case LW_ST_HARASS:
		return &lw_harass_actions; /* 13.2.5 (lw_harass.c) */
	case LW_ST_HUNLEY:
		return &lw_amphib_hunley_actions; /* 8.1.2.3 (lw_amphib.c) */
	case LW_ST_RIT_ASK:
		return &lw_cav_rit_ask_actions; /* 13.2.3 (lw_cavalry.c) */
	case LW_ST_SIEGE_OFFER:
	case LW_ST_SIEGE_ANSWER:
		return lw_siege_actions(s); /* 16.9.5 (lw_siege.c) */
	default:
		return lw_battle_actions(s); /* 16.0 (lw_battle_flow.c) */
	}
}

/* 10.6: a spending action that leaves neither PC nor activations ends the
 * card play. */
static int spend(struct lw_state *s, int side, const struct lw_action *x, const json_t *a,
                 struct game_outcome *out, struct tg_error *err)
{
	int r = x->act(s, side, a, out, err);
	if (r == 0 && (x->flags & OPS_SPENDS) && s->play.pc_left <= 0 &&
	    s->play.activations_left == 0)
		lw_play_finish_card(s, out);
	return r;
}

int lw_ops_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
               struct tg_error *err)
{
	const char *type = lw_a_str(a, "type");
	const struct lw_actions *table = lw_ops_actions(s);
	const struct lw_action *x = lw_action_find(table, type);
	switch (s->step) {
	case LW_ST_CARD:
	case LW_ST_PEACE:
		return lw_action_dispatch(table, s, side, a, out, err);
	case LW_ST_SPEND:
		if (side != s->play.side)
			return tg_fail(err, TG_E_NOT_YOUR_TURN, "not your card play");
		if (!x)
			return table->refuse(s, side, type, err);
		return spend(s, side, x, a, out, err);
	case LW_ST_MOVE:
		if ((!x || (x->flags & OPS_GATED)) &&
		    lw_consolidation_gate(s, side, x ? x->flags : 0, err) != 0)
			return -1;
		if (!x || (x->flags & LW_MARCH_ROW))
			return lw_march_act(s, side, a, out, err); /* 12.0: gated, then its row */
		return x->act(s, side, a, out, err);
	case LW_ST_SIEGE_OFFER:
	case LW_ST_SIEGE_ANSWER:
		return lw_siege_act(s, side, a, out, err);
	case LW_ST_HARASS:
		return lw_harass_act(s, side, a, out, err); /* 13.2.5 */
	case LW_ST_HUNLEY:
		return lw_amphib_hunley_act(s, side, a, out, err); /* 8.1.2.3 */
	case LW_ST_RIT_ASK:
		return lw_cav_rit_ask_act(s, side, a, out, err); /* 13.2.3 */
	default:
		return lw_battle_act(s, side, a, out, err);
	}
}
