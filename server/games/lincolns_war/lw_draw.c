/* lw_draw.c — 10.3 the card draw: the Committee card taken or left (10.7.9),
 * the last card drawn or a campaign card taken (10.7.3.1), then the card
 * play begins (lw_card_play.c). Its action types are one table at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_campaign.h"
#include "lw_card_play.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_it.h"
#include "lw_theater.h"

/* ---- 10.3 the draw ------------------------------------------------------------ */

/* 10.7.3.1: no special campaign in Summer 1861 (10.2: nor in a scenario's
 * first turn), none for the CS in Summer 1864. */
static bool campaign_card_allowed(const struct lw_state *s, int side)
{
	if (s->turn == 0 || s->turn == s->first_turn)
		return false;
	return !lw_play_cs_summer_1864(s, side);
}

static bool has_campaign_in_pool(const struct lw_state *s, int side)
{
	for (int c = LW_CARD_CAMPAIGN_FIRST; c <= LW_CARD_CAMPAIGN_LAST; c++)
		if (lw_out_has(s, side, c))
			return true;
	return false;
}

static void draw_n(struct lw_state *s, int side, int n)
{
	for (int i = 0; i < n; i++)
		if (!lw_draw_to_hand(s, side))
			break;
}

static int cards_wanted(const struct lw_state *s, int side)
{
	int want = lw_hand_size_for_turn(s, side) - s->side[side].cards.hand_n -
	           (s->side[side].committee_hand ? 1 : 0);
	return want < 0 ? 0 : want;
}

/* Moves a side through the draw until it faces a choice. */
static void draw_advance(struct lw_state *s, int side)
{
	struct lw_player *p = &s->side[side];
	if (p->draw_stage == 0) {
		if (p->committee)
			return; /* 10.7.9: choose before picking any card */
		p->draw_stage = 1;
	}
	if (p->draw_stage == 1) {
		int want = cards_wanted(s, side);
		if (want > 0 && campaign_card_allowed(s, side) && has_campaign_in_pool(s, side)) {
			/* 10.7.3.1: draw one fewer, look, then choose */
			if (!p->draw_partial) {
				draw_n(s, side, want - 1);
				p->draw_partial = 1;
			}
			return;
		}
		draw_n(s, side, want);
		p->draw_stage = 2;
	}
}

static void finish_draw_if_done(struct lw_state *s, struct game_outcome *out);

void lw_begin_draw(struct lw_state *s, struct game_outcome *out)
{
	if (lw_rail_pending(s)) { /* 3.4: the Rail Phase comes first (lw_rail_phase.c) */
		lw_rail_begin(s, out);
		return;
	}
	s->phase = LW_PH_DRAW;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		s->side[side].draw_stage = 0;
		s->side[side].draw_partial = 0;
		draw_advance(s, side);
	}
	if (out)
		out->barrier = true; /* cards were drawn */
	finish_draw_if_done(s, out);
}

static void finish_draw_if_done(struct lw_state *s, struct game_outcome *out)
{
	(void)out;
	if (s->side[LW_UNION].draw_stage == 2 && s->side[LW_CONFEDERATE].draw_stage == 2)
		lw_play_begin(s, out);
}

/* The offer below gives two choices at stage 0 and at least draw_last at
 * stage 1: a side has a choice left until its stage is 2. The awaited
 * sides are asked this (lw_actions.c draw_who) rather than the offer
 * built and thrown away (issue 17: 56 K instructions a call, at every
 * action of the draw). */
bool lw_draw_awaits(const struct lw_state *s, int side)
{
	return s->phase == LW_PH_DRAW && s->side[side].draw_stage != 2;
}

void lw_draw_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_player *p = &s->side[side];
	if (!lw_draw_awaits(s, side))
		return;
	if (p->draw_stage == 0) {
		tg_offer(list, tg_act(list, "{s:s,s:b}", "type", "committee", "take", 1),
		         "Take the US Committee on the Conduct of the War card as one of your "
		         "draws (10.7.9)");
		tg_offer(list, tg_act(list, "{s:s,s:b}", "type", "committee", "take", 0),
		         "Leave the Committee card in your pool (10.7.9)");
		return;
	}
	tg_offer(list, tg_act(list, "{s:s}", "type", "draw_last"),
	         "Draw your last card from the deck");
	for (int c = LW_CARD_CAMPAIGN_FIRST; c <= LW_CARD_CAMPAIGN_LAST; c++)
		if (lw_out_has(s, side, c))
			tg_offer(list,
			         tg_act(list, "{s:s,s:i}", "type", "take_campaign", "card", c),
			         "Take Special Campaign card %d %s as your last card (10.7.3.1)", c,
			         lw_play_card_name(side, c));
}

/* 10.7.9: take the Committee card as one of the draws, or leave it. */
static int act_committee(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	struct lw_player *p = &s->side[side];
	json_t *take = json_object_get(a, "take");
	if (p->draw_stage != 0 || !json_is_boolean(take))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.9: the Committee card is chosen before any draw");
	if (json_is_true(take)) {
		p->committee = 0;
		p->committee_hand = 1;
		lw_log(s, "The %s player takes the Committee card (10.7.9).", lw_side_title(side));
	}
	p->draw_stage = 1;
	draw_advance(s, side);
	out->barrier = true;
	finish_draw_if_done(s, out);
	return 0;
}

static int committee_decided(const struct lw_state *s, int side, struct tg_error *err)
{
	if (s->side[side].draw_stage != 1)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.9: first decide on the Committee card");
	return 0;
}

/* The last card is drawn: the side's draw is over. */
static int drawn(struct lw_state *s, int side, struct game_outcome *out)
{
	s->side[side].draw_stage = 2;
	out->barrier = true;
	finish_draw_if_done(s, out);
	return 0;
}

static int act_draw_last(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)a;
	if (committee_decided(s, side, err) != 0)
		return -1;
	draw_n(s, side, 1);
	return drawn(s, side, out);
}

/* 10.7.3.1: a campaign card from the pool as the last card. */
static int act_take_campaign(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err)
{
	struct lw_player *p = &s->side[side];
	int c;
	if (committee_decided(s, side, err) != 0)
		return -1;
	if (!lw_a_int(a, "card", &c))
		return tg_fail(err, TG_E_MALFORMED, "take_campaign needs a \"card\" number");
	if (c < LW_CARD_CAMPAIGN_FIRST || c > LW_CARD_CAMPAIGN_LAST || !lw_out_has(s, side, c))
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3.1: card %d is not in your campaign pool",
		               c);
	lw_out_take(s, side, c);
	struct lw_cards *k = &p->cards;
	k->hand[k->hand_n++] = (uint8_t)c;
	p->campaign_card = (uint8_t)c; /* public (10.7.3.1) */
	lw_log(s, "The %s player takes campaign card %d %s (10.7.3.1).", lw_side_title(side), c,
	       lw_play_card_name(side, c));
	return drawn(s, side, out);
}

static int refuse_draw(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)type;
	if (committee_decided(s, side, err) != 0)
		return -1;
	return tg_fail(err, TG_E_ILLEGAL, "10.3: draw_last or take_campaign");
}

/* 10.3: the choices of the draw (the rest of it is automatic). */
static const struct lw_action draw_rows[] = {
    {"committee", "10.7.9", act_committee, 0},
    {"draw_last", "10.3", act_draw_last, 0},
    {"take_campaign", "10.7.3.1", act_take_campaign, 0},
};
const struct lw_actions lw_draw_actions = LW_ACTIONS("draw", draw_rows, refuse_draw);

int lw_draw_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                struct tg_error *err)
{
	if (s->side[side].draw_stage == 2)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "10.3: you have drawn your cards");
	return lw_action_dispatch(&lw_draw_actions, s, side, a, out, err);
}
