/* lw_card_play.c — 10.4-10.7 the card play: the round structure (who plays
 * next, 10.4; a card spent, 10.6.4), and the handlers of the CARD, SPEND,
 * PEACE and MOVE steps' action types, declared once in one table a step at
 * the end of the file (type, rule section, handler; every handler answers 0
 * or -1 with err). The movement and battle steps an activation leads to are
 * lw_march.c and lw_battle_flow.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_campaign.h"
#include "lw_card_play.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_it.h"
#include "lw_theater.h"

/* ---- card play: the round structure (10.4) ------------------------------------ */

static bool has_cards(const struct lw_state *s, int side);
static void end_ops(struct lw_state *s, struct game_outcome *out);

void lw_play_begin(struct lw_state *s, struct game_outcome *out)
{
	s->phase = LW_PH_OPS;
	s->step = LW_ST_CARD;
	s->phasing = s->first;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		s->side[side].passed = 0;
	memset(&s->play, 0, sizeof s->play);
	s->play.co = LW_NONE;
	lw_log(s, "Operations: the %s player plays first.", lw_side_title(s->first));
	if (!has_cards(s, s->phasing))
		s->phasing = (int8_t)LW_OTHER(s->phasing);
	if (!has_cards(s, s->phasing))
		end_ops(s, out);
}

/* Whether side may still act in card play (the Committee card counts). */
static bool has_cards(const struct lw_state *s, int side)
{
	return s->side[side].cards.hand_n > 0 || s->side[side].committee_hand;
}

static void end_ops(struct lw_state *s, struct game_outcome *out)
{
	memset(&s->play, 0, sizeof s->play);
	s->play.co = LW_NONE;
	lw_end_operations(s, out);
}

/* After side `x` finished a card play (not a pass): who plays next (10.4). */
static void next_player(struct lw_state *s, int x, struct game_outcome *out)
{
	int y = LW_OTHER(x);
	s->step = LW_ST_CARD;
	s->ops_round++;
	if (s->side[y].passed) {
		if (!has_cards(s, x)) {
			/* x played his last card: peace talks spurned (10.4) */
			if (has_cards(s, y) && !lw_play_last_turn(s)) {
				s->step = LW_ST_PEACE;
				s->phasing = (int8_t)y;
				return;
			}
			end_ops(s, out);
			return;
		}
		s->phasing = (int8_t)x; /* may play all but one without penalty */
		return;
	}
	if (has_cards(s, y)) {
		s->phasing = (int8_t)y;
		return;
	}
	if (has_cards(s, x)) {
		s->phasing = (int8_t)x;
		return;
	}
	end_ops(s, out);
}

/* The card in play is spent: discard it and pass the turn on. */
void lw_play_finish_card(struct lw_state *s, struct game_outcome *out)
{
	int side = s->play.side;
	if (s->play.card && s->play.card != LW_CARD_ZERO_RESOURCE)
		lw_discard(s, side, s->play.card);
	if (s->play.pc_left > 0) {
		lw_gain_pc(s, side, s->play.pc_left); /* 10.6.4 */
		lw_log(s, "The %s player banks %d PC (10.6.4).", lw_side_title(side),
		       s->play.pc_left);
	}
	for (int i = 0; i < s->n_units; i++) {
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
		s->unit[i].it_new = 0;
	}
	lw_border_card_end(s);
	lw_siege_card_end(s, side); /* 16.9.5.2: IT every besieger card play */
	memset(&s->play, 0, sizeof s->play);
	s->play.co = LW_NONE;
	if (s->phase == LW_PH_OVER)
		return;
	next_player(s, side, out);
}

void lw_card_continue(struct lw_state *s, struct game_outcome *out)
{
	s->play.movers_n = 0;
	s->play.co = LW_NONE;
	if (s->play.activations_left == 0 && s->play.pc_left <= 0) {
		lw_play_finish_card(s, out);
		return;
	}
	s->step = LW_ST_SPEND;
}

static int act_designate(struct lw_state *s, int side, const json_t *a, struct tg_error *err)
{
	const char *first = lw_a_str(a, "first"), *second = lw_a_str(a, "second");
	if (!first || !second)
		return tg_fail(err, TG_E_MALFORMED,
		               "campaign_forces needs \"first\" and \"second\" (a general or "
		               "\"none\")");
	int u1 = lw_unit_by_id(s, first);
	int u2 = strcmp(second, "none") == 0 ? LW_NONE : lw_unit_by_id(s, second);
	if (u2 == LW_NONE && strcmp(second, "none") != 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: no general \"%s\"", second);
	if (!s->play.campaign || s->groups.camp_n)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: no campaign awaits its forces");
	if (lw_play_check_campaign_force(s, side, u1, err) != 0 ||
	    (u2 != LW_NONE && lw_play_check_campaign_force(s, side, u2, err) != 0))
		return -1;
	unsigned m1 = lw_play_campaign_reach(s, side, u1);
	unsigned m2 = u2 == LW_NONE ? 0 : lw_play_campaign_reach(s, side, u2);
	if (lw_play_check_designation(s, side, u1, m1, u2, m2, err) != 0)
		return -1;
	struct lw_groups *g = &s->groups;
	int us[2] = {u1, u2};
	/* The bound is a local, not g->camp_n: the int8_t store below may alias
	 * g->camp_n (a char type aliases anything), so a loop reading the
	 * count back from the struct cannot be proven to stop at 2 (GCC's
	 * -Wstringop-overflow in Release builds). */
	int n = u2 == LW_NONE ? 1 : 2;
	g->camp_n = (uint8_t)n;
	for (int i = 0; i < n; i++) {
		g->camp_co[i] = (int16_t)us[i];
		/* 10.7.3.1: the card's region; 10.7.3.2: the theater the player
		 * names next (campaign_theater, lw_theater.c) */
		g->camp_region[i] =
		    (int8_t)(s->play.campaign == 1 ? lw_play_card_region(s, side) : LW_REGION_NONE);
	}
	s->play.activations_left = g->camp_n;
	char n1[64], n2[64];
	if (u2 == LW_NONE)
		lw_log(s, "The %s player designates one campaign force: %s (10.7.3.1).",
		       lw_side_title(side), lw_public_name(s, u1, n1, sizeof n1));
	else
		lw_log(s, "The %s player designates the campaign forces: %s and %s (10.7.3.1).",
		       lw_side_title(side), lw_public_name(s, u1, n1, sizeof n1),
		       lw_public_name(s, u2, n2, sizeof n2));
	return 0;
}

/* ---- handlers ---------------------------------------------------------------------- */

static void start_play(struct lw_state *s, int side, int hand_idx, int pc)
{
	int c = s->side[side].cards.hand[hand_idx];
	lw_hand_remove(s, side, hand_idx);
	memset(&s->play, 0, sizeof s->play);
	lw_groups_reset(&s->groups);
	s->play.side = (int8_t)side;
	s->play.card = (uint8_t)c;
	s->play.pc_left = (int8_t)pc;
	s->play.activations_left = 1;
	s->play.co = LW_NONE;
	s->step = LW_ST_SPEND;
}

/* u's activation once it is checked (do_activate; act_play's check
 * before the card was played); cost: what it takes off the card's PC (0
 * on a campaign card) */
static void activate_checked(struct lw_state *s, int side, int u, int cost)
{
	bool campaign = s->play.campaign != 0;
	s->play.pc_left = (int8_t)(s->play.pc_left - cost);
	s->play.activations_left--;
	if (campaign) { /* 10.7.3: which designated campaign force moves */
		s->groups.camp_now = (int8_t)(u == s->groups.camp_co[0] ? 0 : 1);
	}
	const struct lw_unit *x = &s->unit[u];
	bool cav_alone = x->cavalry && lw_force_co(s, x->hex) != u;
	char name[64], hex[64];
	/* 12.7: a general activated from under his CO is named when he moves
	 * out of the stack (docs/decisions.md "The public log says no more than the views") */
	lw_log(s, "The %s player activates %s at %s.", lw_side_title(side),
	       lw_unit_seen(s, u) ? lw_unit_name(s, u, name, sizeof name) : "a general",
	       lw_hex_label(x->hex, hex, sizeof hex));
	s->step = LW_ST_MOVE;
	lw_march_begin(s, u, cav_alone);
}

static int do_activate(struct lw_state *s, int side, int u, struct tg_error *err)
{
	bool campaign = s->play.campaign != 0;
	if (s->play.activations_left == 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.6.2: one force per card unless conducting a campaign");
	int cost = 0; /* off a campaign: lw_activation_cost, read with the check's units */
	if (campaign ? lw_play_check_activate(s, side, u, s->play.pc_left, true, err) != 0
	             : lw_play_check_activate_cost(s, side, u, s->play.pc_left, &cost, err) != 0)
		return -1;
	activate_checked(s, side, u, cost);
	return 0;
}

static int act_play(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	int c;
	const char *use = lw_a_str(a, "use");
	if (!lw_a_int(a, "card", &c) || !use)
		return tg_fail(err, TG_E_MALFORMED, "play needs \"card\" and \"use\"");
	int idx = lw_hand_find(s, side, c);
	if (idx < 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.6: card %d is not in your hand", c);
	const struct lw_card *k = lw_card(side, c);
	struct lw_player *p = &s->side[side];
	if (strcmp(use, "pc") == 0 || strcmp(use, "activate") == 0) {
		if ((k->kind != LW_KIND_ACTIVATION && k->kind != LW_KIND_PECULIAR) || k->pc <= 0)
			return tg_fail(err, TG_E_ILLEGAL, "10.6: card %d has no PC to spend", c);
		if (strcmp(use, "activate") == 0) {
			int u = lw_unit_by_id(s, lw_a_str(a, "general")), cost;
			/* checked once, before the card is played: start_play changes
			 * nothing the check reads (the units, the sieges, the forays
			 * of this ops round), and do_activate would ask it again with
			 * the same PC off a campaign (issue 17, session 29) */
			if (lw_play_check_activate_cost(s, side, u, k->pc, &cost, err) != 0)
				return -1;
			start_play(s, side, idx, k->pc);
			lw_log(s, "The %s player plays card %d %s [%d PC].", lw_side_title(side), c,
			       k->name, k->pc);
			activate_checked(s, side, u, cost);
			return 0;
		}
		start_play(s, side, idx, k->pc);
		lw_log(s, "The %s player plays card %d %s [%d PC].", lw_side_title(side), c,
		       k->name, k->pc);
		return 0;
	}
	if (strcmp(use, "press") == 0 || (strcmp(use, "event") == 0 && k->erratic)) {
		if (!k->erratic)
			return tg_fail(err, TG_E_ILLEGAL,
			               "10.6.5: card %d is not an Erratic Personality", c);
		if (strcmp(use, "event") == 0 && lw_event_check(s, side, k, a, err) != 0)
			return -1;
		int die = tg_rng_die(&s->rng, 6);
		out->barrier = true;
		int pc = k->erratic_pc[die - 1];
		lw_log(s, "The %s player presses card %d %s: die %d gives %d PC (10.6.5).",
		       lw_side_title(side), c, k->name, die, pc);
		if (strcmp(use, "event") == 0) {
			/* 10.6.5: the event needs a 3-6 */
			start_play(s, side, idx, 0);
			if (die >= 3 && lw_event_apply(s, side, k, a, out, err) != 0)
				return -1;
			s->play.activations_left = 0;
			lw_card_continue(s, out);
			return 0;
		}
		start_play(s, side, idx, pc);
		if (pc <= 0) {
			s->play.activations_left = 0;
			lw_card_continue(s, out);
		}
		return 0;
	}
	if (strcmp(use, "event") == 0) {
		if (lw_event_check(s, side, k, a, err) != 0)
			return -1;
		start_play(s, side, idx, 0);
		lw_log(s, "The %s player plays card %d %s for its event.", lw_side_title(side), c,
		       k->name);
		if (lw_event_apply(s, side, k, a, out, err) != 0)
			return -1;
		s->play.activations_left = 0;
		lw_card_continue(s, out);
		return 0;
	}
	if (strcmp(use, "seditious") == 0 || strcmp(use, "discard") == 0) {
		bool sed = k->kind == LW_KIND_SEDITIOUS;
		if (use[0] == 's' && !sed)
			return tg_fail(err, TG_E_ILLEGAL, "10.7.7: card %d is not seditious", c);
		if (use[0] == 'd' && sed && !(p->pc >= 10 || (p->pc == 0 && p->csp == 0)))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "10.7.7: a seditious card is discarded freely only with 10+ PC");
		if (use[0] == 'd' && (k->kind == LW_KIND_ACTIVATION || k->kind == LW_KIND_PECULIAR))
			return tg_fail(err, TG_E_ILLEGAL, "10.6: play card %d for its PC instead",
			               c);
		start_play(s, side, idx, 0);
		s->play.activations_left = 0;
		if (use[0] == 's') {
			lw_lose_pc(s, side, -k->pc); /* 10.7.7, 10.6.6 */
			lw_log(s, "Seditious %s: the %s player loses %d PC (10.7.7).", k->name,
			       lw_side_title(side), -k->pc);
		} else {
			lw_log(s, "The %s player discards card %d %s.", lw_side_title(side), c,
			       k->name);
		}
		lw_card_continue(s, out);
		return 0;
	}
	if (strcmp(use, "campaign") == 0 || strcmp(use, "dual_campaign") == 0) {
		bool dual = use[0] == 'd';
		if (dual ? (k->kind != LW_KIND_ACTIVATION || k->pc != 6)
		         : k->kind != LW_KIND_CAMPAIGN)
			return tg_fail(err, TG_E_ILLEGAL, "%s: card %d cannot start this campaign",
			               dual ? "10.7.3.2" : "10.7.3.1", c);
		if (lw_play_check_campaign(s, side, err) != 0)
			return -1;
		if (!dual && lw_play_cs_summer_1864(s, side))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "10.7.3.1: the Confederate player may not use a campaign card "
			    "in Summer 1864");
		start_play(s, side, idx, 0);
		s->play.campaign = (uint8_t)(dual ? 2 : 1);
		s->play.activations_left = 2;
		p->campaign_used = 1;
		if (dual)
			p->campaign_turn_card = (uint8_t)c;
		lw_log(s, "The %s player plays card %d %s for a %s campaign (10.7.3).",
		       lw_side_title(side), c, k->name, dual ? "Dual-Theater" : "Special");
		return 0;
	}
	return tg_fail(err, TG_E_MALFORMED,
	               "\"use\" is pc, activate, press, event, seditious, discard, campaign or "
	               "dual_campaign");
}

/* 10.7.7: keep the worst (most negative) k seditious cards, draw for the rest. */
static void seditious_redraw(struct lw_state *s, int side, struct game_outcome *out)
{
	struct lw_player *p = &s->side[side];
	int keep = p->seditious_redraws + 1;
	p->seditious_redraws++;
	int sed[LW_HAND_MAX], n = 0;
	for (int i = 0; i < p->cards.hand_n; i++)
		if (lw_card(side, p->cards.hand[i])->kind == LW_KIND_SEDITIOUS)
			sed[n++] = p->cards.hand[i];
	/* sort by value, most negative first */
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (lw_card(side, sed[j])->pc < lw_card(side, sed[i])->pc ||
			    (lw_card(side, sed[j])->pc == lw_card(side, sed[i])->pc &&
			     sed[j] < sed[i])) {
				int t = sed[i];
				sed[i] = sed[j];
				sed[j] = t;
			}
	char list[128] = "";
	for (int i = 0; i < n; i++) {
		char b[8];
		snprintf(b, sizeof b, "%s%d", i ? ", " : "", sed[i]);
		strncat(list, b, sizeof list - strlen(list) - 1);
	}
	lw_log(s, "The %s player reveals seditious cards %s and redraws (10.7.7).",
	       lw_side_title(side), list);
	for (int i = keep; i < n; i++) {
		lw_hand_remove(s, side, lw_hand_find(s, side, sed[i]));
		lw_discard(s, side, sed[i]);
	}
	for (int i = keep; i < n; i++)
		lw_draw_to_hand(s, side);
	out->barrier = true;
}

/* 10.7.9: the Committee card, played for its event or discarded, is the
 * side's card play of this round: spent for the turn, its play done. */
static void committee_spent(struct lw_state *s, int side, struct game_outcome *out)
{
	s->side[side].committee_hand = 0;
	s->side[side].committee_spent = 1;
	memset(&s->play, 0, sizeof s->play);
	s->play.side = (int8_t)side;
	s->play.co = LW_NONE;
	lw_play_finish_card(s, out);
}

/* ---- the actions of the Operations phase's steps, declared once ---------------- */

/* Every handler below answers as game.h does: 0 done, -1 refused with err. */

static int act_pass(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	(void)a;
	if (!lw_play_may_pass(s, side))
		return tg_fail(err, TG_E_ILLEGAL,
		               lw_play_last_turn(s)
		                   ? "10.4: no player may pass on the last turn"
		                   : "10.4: you may pass only with one card or fewer");
	s->side[side].passed = 1;
	lw_log(s, "The %s player passes (10.4).", lw_side_title(side));
	int y = LW_OTHER(side);
	if (s->side[y].passed || !has_cards(s, y)) {
		end_ops(s, out);
		return 0;
	}
	s->phasing = (int8_t)y;
	return 0;
}

static int act_redraw(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)a;
	if (!lw_play_may_redraw(s, side))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.7: redraw only while holding three or more seditious");
	seditious_redraw(s, side, out);
	return 0;
}

/* 10.7.7 "at any time": before he commits face down (16.3) */
int lw_ops_redraw_in_battle(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)a;
	if (!lw_play_may_redraw(s, side))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.7: redraw only while holding three or more "
		               "seditious cards, before committing your cards");
	seditious_redraw(s, side, out);
	return 0;
}

static int committee_held(const struct lw_state *s, int side, struct tg_error *err)
{
	if (!s->side[side].committee_hand)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.9: you do not hold the Committee card");
	return 0;
}

static int act_committee_event(struct lw_state *s, int side, const json_t *a,
                               struct game_outcome *out, struct tg_error *err)
{
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	if (committee_held(s, side, err) != 0 || lw_play_check_committee(s, side, u, err) != 0)
		return -1;
	char name[64];
	lw_unit_name(s, u, name, sizeof name);
	if (side == LW_UNION)
		lw_promote(s, u);
	else
		lw_demote(s, u);
	lw_log(s, "Committee on the Conduct of the War: %s is %s (10.7.9).", name,
	       side == LW_UNION ? "promoted" : "demoted");
	committee_spent(s, side, out);
	return 0;
}

static int act_committee_discard(struct lw_state *s, int side, const json_t *a,
                                 struct game_outcome *out, struct tg_error *err)
{
	(void)a;
	if (committee_held(s, side, err) != 0)
		return -1;
	lw_log(s, "The %s player discards the Committee card.", lw_side_title(side));
	committee_spent(s, side, out);
	return 0;
}

static int act_activate(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)out;
	return do_activate(s, side, lw_unit_by_id(s, lw_a_str(a, "general")), err);
}

static int act_campaign_forces(struct lw_state *s, int side, const json_t *a,
                               struct game_outcome *out, struct tg_error *err)
{
	(void)out;
	return act_designate(s, side, a, err);
}

static int act_campaign_theater(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err)
{
	(void)out;
	return lw_theater_act(s, side, a, err);
}

static int act_remove_it(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)out;
	int hex;
	if (!lw_a_int(a, "hex", &hex))
		return tg_fail(err, TG_E_MALFORMED, "remove_it needs a \"hex\"");
	if (lw_play_check_remove_it(s, side, hex, err) != 0)
		return -1;
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, us);
	for (int i = 0; i < n; i++)
		if (s->unit[us[i]].it > s->unit[us[i]].it_new) {
			s->unit[us[i]].it--;
			break;
		}
	s->play.pc_left--;
	char h[64];
	lw_log(s, "The %s player removes one IT at %s (10.6.3).", lw_side_title(side),
	       lw_hex_label(hex, h, sizeof h));
	return 0;
}

static int act_done(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	(void)side;
	(void)a;
	(void)err;
	lw_play_finish_card(s, out);
	return 0;
}

static int act_peace_pc(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)a;
	(void)err;
	lw_gain_pc(s, side, 3);
	lw_log(s, "Peace talks spurned: the %s player takes 3 PC (10.4).", lw_side_title(side));
	end_ops(s, out);
	return 0;
}

static int act_peace_play(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)a;
	(void)out;
	(void)err;
	s->side[side].passed = 0;
	s->step = LW_ST_CARD;
	return 0;
}

/* 10.6: the phasing player plays a card, passes (10.4) or redraws (10.7.7). */
static const struct lw_action card_rows[] = {
    {"play", "10.6", act_play, 0},
    {"pass", "10.4", act_pass, 0},
    {"seditious_redraw", "10.7.7", act_redraw, 0},
    {"committee_event", "10.7.9", act_committee_event, 0},
    {"committee_discard", "10.7.9", act_committee_discard, 0},
};

/* 10.6: the card's PC and activations are spent. */
static const struct lw_action spend_rows[] = {
    {"activate", "10.6.2", act_activate, 0},
    {"campaign_forces", "10.7.3", act_campaign_forces, 0},
    {"campaign_theater", "10.7.3.2", act_campaign_theater, 0},
    {"remove_it", "10.6.3", act_remove_it, OPS_SPENDS},
    {"done", "10.6.4", act_done, 0},
    {"foray", "13.2.4", lw_cav_foray_act, 0},
    {"siege_press", "16.9.5.2", lw_siege_press_act, OPS_SPENDS},
    {"siege_remove_it", "16.9.5.2", lw_siege_remove_it_act, OPS_SPENDS},
    {"pcsa_place", "14.4.1", lw_pcsa_place_act, OPS_SPENDS},
    {"pcsa_remove", "14.4.1", lw_pcsa_remove_act, OPS_SPENDS},
};

/* 10.4: temporary peace talks. */
static const struct lw_action peace_rows[] = {
    {"peace_pc", "10.4", act_peace_pc, 0},
    {"peace_play", "10.4", act_peace_play, 0},
};

/* 12.0: the activated force moves; a type not named here is the march's
 * to refuse. */
static const struct lw_action move_rows[] = {
    {"consolidate", "11.1.3.2", lw_consolidation_join_act, 0},
    {"consolidate_done", "11.1.3.2", lw_consolidation_done_act, 0},
    {"consolidate_return", "11.1.3.2", lw_consolidation_return_act, 0},
    {"river_move", "14.1.1", lw_amphib_river_move_act, OPS_GATED},
    {"river_assault", "14.1.3", lw_amphib_river_assault_act, OPS_GATED},
    {"ocean_move", "14.2.1", lw_amphib_ocean_move_act, OPS_GATED},
    {"ocean_assault", "14.2.2", lw_amphib_ocean_assault_act, OPS_GATED},
    {"move", "12.0", lw_march_move_act, OPS_GATED | LW_MARCH_ROW | LW_MARCH_OUT},
    {"attack", "16.0", lw_march_attack_act, OPS_GATED | LW_MARCH_ROW},
    {"stop", "12.0", lw_march_stop_act, OPS_GATED | LW_MARCH_ROW | LW_MARCH_JOINED | LW_MARCH_STOP},
    {"detach", "12.8", lw_march_detach_act, OPS_GATED | LW_MARCH_ROW | LW_MARCH_OUT},
    {"next_group", "12.8", lw_march_next_group_act, OPS_GATED | LW_MARCH_ROW},
    {"pickup", "12.5", lw_march_pickup_act, OPS_GATED | LW_MARCH_ROW},
    {"revive", "18.2", lw_march_revive_act, OPS_GATED | LW_MARCH_ROW | LW_MARCH_JOINED},
    {"raid", "13.2.2", lw_cav_raid_act, OPS_GATED | LW_MARCH_ROW},
    {"rit", "13.2.3", lw_cav_rit_act, OPS_GATED | LW_MARCH_ROW},
};

static int refuse_card(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "10.6: play a card (\"play\") or pass");
}

static int refuse_spend(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "10.6: activate, remove_it or done");
}

static int refuse_peace(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "10.4: peace_pc or peace_play");
}

/* A type the MOVE step's table does not hold (lw_march_act refuses it so
 * too, after its gate). */
static int refuse_move(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side;
	return tg_fail(err, TG_E_MALFORMED, "12.0: unknown action \"%s\" while moving", type);
}

const struct lw_actions lw_ops_card_actions = LW_ACTIONS("ops.card", card_rows, refuse_card);
const struct lw_actions lw_ops_spend_actions = LW_ACTIONS("ops.spend", spend_rows, refuse_spend);
const struct lw_actions lw_ops_peace_actions = LW_ACTIONS("ops.peace", peace_rows, refuse_peace);
const struct lw_actions lw_ops_move_actions = LW_ACTIONS("ops.move", move_rows, refuse_move);
