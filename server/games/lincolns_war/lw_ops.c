/* lw_ops.c — 10.0 the Operations phase: the card draw (10.3, 10.7.3.1,
 * 10.7.9), card play (10.6, 10.7), passing and temporary peace talks (10.4),
 * retained cards (10.5), seditious characters (10.7.7). The movement and
 * battle steps an activation leads to are lw_march.c and lw_battle_flow.c.
 *
 * The action types of the card play's steps (CARD, SPEND, PEACE, MOVE) are
 * declared once, in one table per step (type, rule section, handler; at the
 * end of the file): lw_ops_act finds the row and calls its handler, which
 * answers 0 or -1 with err like every handler of the module. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_campaign.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_it.h"
#include "lw_theater.h"

static const char *card_name(int side, int n)
{
	const struct lw_card *k = lw_card(side, n);
	return k && k->name ? k->name : "?";
}

static bool is_last_turn(const struct lw_state *s)
{
	return s->turn == s->last_turn;
}

static int year(const struct lw_state *s)
{
	return lw_D()->turns[s->turn].year;
}

/* ---- 10.3 the draw ------------------------------------------------------------ */

/* 10.7.3.1: "The Confederate player may not use a campaign card in Summer
 * 1864." */
static bool cs_summer_1864(const struct lw_state *s, int side)
{
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	return side == LW_CONFEDERATE && t->year == 1864 && !t->spring;
}

/* 10.7.3.1: no special campaign in Summer 1861 (10.2: nor in a scenario's
 * first turn), none for the CS in Summer 1864. */
static bool campaign_card_allowed(const struct lw_state *s, int side)
{
	if (s->turn == 0 || s->turn == s->first_turn)
		return false;
	return !cs_summer_1864(s, side);
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

static void begin_card_play(struct lw_state *s, struct game_outcome *out);

static void finish_draw_if_done(struct lw_state *s, struct game_outcome *out)
{
	(void)out;
	if (s->side[LW_UNION].draw_stage == 2 && s->side[LW_CONFEDERATE].draw_stage == 2)
		begin_card_play(s, out);
}

void lw_draw_offer(const struct lw_state *s, int side, json_t *list)
{
	const struct lw_player *p = &s->side[side];
	if (s->phase != LW_PH_DRAW || p->draw_stage == 2)
		return;
	if (p->draw_stage == 0) {
		lw_offer(list, json_pack("{s:s,s:b}", "type", "committee", "take", 1),
		         "Take the US Committee on the Conduct of the War card as one of your "
		         "draws (10.7.9)");
		lw_offer(list, json_pack("{s:s,s:b}", "type", "committee", "take", 0),
		         "Leave the Committee card in your pool (10.7.9)");
		return;
	}
	lw_offer(list, json_pack("{s:s}", "type", "draw_last"),
	         "Draw your last card from the deck");
	for (int c = LW_CARD_CAMPAIGN_FIRST; c <= LW_CARD_CAMPAIGN_LAST; c++)
		if (lw_out_has(s, side, c))
			lw_offer(list, json_pack("{s:s,s:i}", "type", "take_campaign", "card", c),
			         "Take Special Campaign card %d %s as your last card (10.7.3.1)", c,
			         card_name(side, c));
}

/* 10.7.9: take the Committee card as one of the draws, or leave it. */
static int act_committee(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	struct lw_player *p = &s->side[side];
	json_t *take = json_object_get(a, "take");
	if (p->draw_stage != 0 || !json_is_boolean(take))
		return tg_fail(err, TG_E_ILLEGAL, "10.7.9: the Committee card is chosen before any draw");
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
	       card_name(side, c));
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

/* ---- card play: the round structure (10.4) ------------------------------------ */

static bool has_cards(const struct lw_state *s, int side);
static void end_ops(struct lw_state *s, struct game_outcome *out);

static void begin_card_play(struct lw_state *s, struct game_outcome *out)
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
			if (has_cards(s, y) && !is_last_turn(s)) {
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
static void finish_card(struct lw_state *s, struct game_outcome *out)
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
		finish_card(s, out);
		return;
	}
	s->step = LW_ST_SPEND;
}

/* ---- what a card may do ----------------------------------------------------------- */

/* 10.7.9: the Union promotes a US CO that beat a Confederate force this
 * turn; the Confederate demotes a two- or three-star Union CO that lost a
 * battle this turn to a CS one-star CO (lw_command.h keeps those defeats). */
static int check_committee(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	int target_side = LW_UNION; /* both uses aim at a Union CO */
	if (u == LW_NONE || s->unit[u].side != target_side || s->unit[u].where != LW_W_MAP ||
	    lw_force_co(s, s->unit[u].hex) != u)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.9: choose a Union CO on the map");
	const struct lw_unit *x = &s->unit[u];
	if (side == LW_UNION) {
		if (!(x->flags & LW_UF_WON_BATTLE))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "10.7.9: he must have won a battle against a Confederate force "
			    "this turn");
		if (x->gen < 0 || x->stars >= lw_D()->generals[x->gen].max_stars)
			return tg_fail(err, TG_E_ILLEGAL, "10.7.9: he cannot be promoted further");
		if (x->flags & LW_UF_OOS)
			return tg_fail(err, TG_E_ILLEGAL,
			               "20.5: out-of-supply generals may not be promoted except "
			               "by absorbing TCO stars");
		if (lw_stack_check_hex(s, x->hex, side, NULL, 0, u, x->stars + 1, err) != 0)
			return -1;
		return 0;
	}
	if (!(x->flags & LW_UF_LOST_BATTLE) || x->stars < 2 || !lw_command_lost_to_one_star(s, u))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.9: a two- or three-star Union CO that lost a battle this "
		               "turn to a Confederate one-star CO");
	return 0;
}

static void offer_committee(const struct lw_state *s, int side, json_t *list)
{
	char name[64], id[64];
	for (int u = 0; u < s->n_units; u++)
		if (check_committee(s, side, u, NULL) == 0)
			lw_offer(list,
			         json_pack("{s:s,s:s}", "type", "committee_event", "general",
			                   lw_unit_id(s, u, id, sizeof id)),
			         "Play the Committee card: %s %s (10.7.9)",
			         side == LW_UNION ? "promote" : "demote",
			         lw_unit_name(s, u, name, sizeof name));
}

/* 10.7.3: campaigns need 10 PC, not in the first turn (10.2), once a turn. */
static int check_campaign(const struct lw_state *s, int side, struct tg_error *err)
{
	if (s->turn == 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.2: no campaigns in Summer 1861");
	if (s->side[side].campaign_used)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: one campaign per turn");
	if (s->side[side].pc < 10)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: a campaign needs 10 PC on your track");
	return 0;
}

/* Units of side that may be activated now: COs of forces, and cavalry
 * subordinates (11.2.2). */
static int check_base(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "11.0: choose one of your generals on the map");
	if (lw_siege_blocks_activation(s, u))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.5.2: besieged and besieging forces do not move (the "
		               "besiegers are activated with siege_press)");
	const struct lw_unit *x = &s->unit[u];
	int co = lw_force_co(s, x->hex);
	bool cav_sub = co != u && x->cavalry;
	if (co != u && !cav_sub)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.2.1: infantry subordinates move only with their CO");
	if (x->flags & LW_UF_ACTIVATED)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.2: this force was activated by this card");
	if (x->cavalry && lw_cav_forayed(s, u)) /* 13.2.4 (lw_cavalry.c) */
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.4: this cavalry forayed in this card play; forays are for "
		               "cavalry not activated in it");
	return 0;
}

static int check_campaign_force(const struct lw_state *s, int side, int u, struct tg_error *err);

/* The end of both activation checks: on a campaign card u must be one of
 * the designated forces (10.7.3.1; besiegers included, 16.9.5.2) and where
 * it may go is lw_campaign.c's; otherwise the card must pay for him. */
static int check_designated_or_cost(const struct lw_state *s, int side, int u, int pc,
                                    bool campaign, bool besiegers, struct tg_error *err)
{
	if (campaign) {
		const struct lw_groups *g = &s->groups;
		if (g->camp_n == 0)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "10.7.3.1: both campaign forces are designated before either "
			    "%s (campaign_forces)",
			    besiegers ? "is activated" : "moves");
		if (lw_theater_pending(s))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "10.7.3.2: the theater of each campaign force is named before "
			    "either moves (campaign_theater)");
		if (u != g->camp_co[0] && (g->camp_n < 2 || u != g->camp_co[1]))
			return tg_fail(
			    err, TG_E_ILLEGAL, "%s",
			    besiegers ? "10.7.3.1 / 16.9.5.2: on a campaign card the besiegers are "
			                "activated only as one of the designated campaign forces"
			              : "10.7.3.1: only the designated campaign forces are "
			                "activated");
		return check_campaign_force(s, side, u, err); /* where: lw_campaign.c */
	}
	int cost = lw_activation_cost(s, u);
	if (cost > pc)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.6.2: activating costs %d PC, the card has %d left", cost, pc);
	return 0;
}

/* 16.9.5.2 (lw_siege.c): activating the besiegers' CO u is the card's
 * activation at his cost. "If the attacker chooses to activate the besieging
 * force he may not activate another force on the same card play unless he is
 * playing a campaign card": on a campaign card the besieging force is one of
 * the two designated forces (10.7.3.1 campaign_forces; docs/amphibious_sieges.md "Activating the
 * besiegers on a campaign card"). */
int lw_check_activate_force(const struct lw_state *s, int side, int u, int pc, bool campaign,
                            struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].where != LW_W_MAP ||
	    lw_force_co(s, s->unit[u].hex) != u)
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5.2: the besieging force's CO");
	if (s->unit[u].flags & LW_UF_ACTIVATED)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.2: this force was activated by this card");
	return check_designated_or_cost(s, side, u, pc, campaign, true, err);
}

/* Is u the CO of a force of side besieging a city (16.9.5.2)? */
static bool besieging_co(const struct lw_state *s, int side, int u)
{
	if (u < 0 || u >= s->n_units)
		return false;
	const struct lw_unit *x = &s->unit[u];
	return x->side == side && x->where == LW_W_MAP && lw_siege_besieging(s, x->hex, side) &&
	       lw_force_co(s, x->hex) == u;
}

/* 10.7.3: may u's force be a campaign force? "Both activated forces must
 * also be free of IT" (at the designation and at the activation). */
static int check_campaign_force(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	const struct lw_unit *x = u >= 0 && u < s->n_units ? &s->unit[u] : NULL;
	/* 16.9.5.2: the besieging force may be one of a campaign's forces (its
	 * activation is siege_press); it carries the siege's IT by 16.9.5.2
	 * itself, so the 10.7.3 "free of IT" is not asked of it (docs/amphibious_sieges.md
	 * "Activating the besiegers on a campaign card") */
	if (besieging_co(s, side, u)) {
		if (x->flags & LW_UF_ACTIVATED)
			return tg_fail(err, TG_E_ILLEGAL,
			               "10.6.2: this force was activated by this card");
		return 0;
	}
	if (check_base(s, side, u, err) != 0)
		return -1;
	bool cav_sub = lw_force_co(s, x->hex) != u && x->cavalry;
	int it = cav_sub ? x->it : lw_force_it(s, x->hex);
	if (it > 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: campaign forces must be free of IT");
	return 0;
}

static int card_region(const struct lw_state *s, int side)
{
	const struct lw_card *k = lw_card(side, s->play.card);
	return k ? (int)k->campaign_region : LW_REGION_NONE;
}

/* The regions (bits) u's force could end its movement in, as far as the
 * designation needs to know: the card's region (10.7.3.1), or up to two
 * theaters (10.7.3.2). The force may stand outside them (the text judges
 * where the movement ends). */
static unsigned campaign_reach(const struct lw_state *s, int side, int u)
{
	if (besieging_co(s, side, u)) {
		/* 16.9.5.2: the besiegers do not move ("may not disengage"): their
		 * activation ends where they stand, in the besieged city */
		const struct lw_hex *h = lw_data_hex(lw_D(), s->unit[u].hex);
		return LW_CAMP_BIT(h ? (int)h->region : LW_REGION_NONE);
	}
	if (s->play.campaign == 1)
		return lw_campaign_reach_force(s, side, u, LW_CAMP_BIT(card_region(s, side)), 1);
	return lw_campaign_reach_force(s, side, u, LW_CAMP_THEATERS, 2) & LW_CAMP_THEATERS;
}

static int check_reach(const struct lw_state *s, int side, unsigned m, struct tg_error *err)
{
	if (s->play.campaign == 1 && !(m & LW_CAMP_BIT(card_region(s, side))))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.1: both forces must end their movement in the region named "
		               "on the card: this force could not get there on this activation");
	if (s->play.campaign == 2 && !(m & LW_CAMP_THEATERS))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: a Dual-Theater force must end its movement in one of the "
		               "theaters (the five campaign regions): this force could not");
	return 0;
}

static int single_region(unsigned m)
{
	int r = LW_REGION_NONE, n = 0;
	for (int k = 1; k < LW_REGION_COUNT; k++)
		if (m & LW_CAMP_BIT(k)) {
			r = k;
			n++;
		}
	return n == 1 ? r : LW_REGION_NONE;
}

/* 10.7.3.1: "both forces must be designated before any movement or battle
 * takes place"; u2 may be LW_NONE (a campaign of one force); m1, m2 their
 * campaign_reach(). */
static int check_designation(const struct lw_state *s, int side, int u1, unsigned m1, int u2,
                             unsigned m2, struct tg_error *err)
{
	if (!s->play.campaign || s->groups.camp_n)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: no campaign awaits its forces");
	if (check_campaign_force(s, side, u1, err) != 0 || check_reach(s, side, m1, err) != 0)
		return -1;
	if (u2 == LW_NONE)
		return 0;
	if (check_campaign_force(s, side, u2, err) != 0 || check_reach(s, side, m2, err) != 0)
		return -1;
	if (s->unit[u1].hex == s->unit[u2].hex)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3: a campaign activates two separate forces (two hexes)");
	if (s->play.campaign == 2 && single_region(m1) != LW_REGION_NONE && m1 == m2)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: the two forces must end their movement in two separate "
		               "theaters: both could only end theirs in the same one");
	return 0;
}

static int check_activate(const struct lw_state *s, int side, int u, int pc, bool campaign,
                          struct tg_error *err)
{
	if (check_base(s, side, u, err) != 0)
		return -1;
	return check_designated_or_cost(s, side, u, pc, campaign, false, err);
}

static int check_remove_it(const struct lw_state *s, int side, int hex, struct tg_error *err)
{
	if (!lw_it_pc_removal_allowed(year(s)))
		return tg_fail(err, TG_E_ILLEGAL, "10.2: IT may not be removed with PC in 1861");
	if (s->play.pc_left < 1)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.3: no PC left on this card");
	if (lw_siege_blocks_it_removal(s, hex))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.5.2: no IT removed under siege (besiegers: 2 PC each)");
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, us);
	if (n == 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.3: no force of yours there");
	int removable = 0;
	for (int i = 0; i < n; i++) {
		/* 11.0: "the excess may be used to ... remove IT from another Force" */
		if (s->unit[us[i]].flags & LW_UF_ACTIVATED)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "11.0: the PC left after an activation remove IT from another "
			    "force, not the one activated");
		if (s->unit[us[i]].flags & LW_UF_OOS)
			return tg_fail(err, TG_E_ILLEGAL, "10.6.3: only forces in supply");
		removable += s->unit[us[i]].it - s->unit[us[i]].it_new;
	}
	if (removable <= 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.6.3: only IT that were there before this card was played");
	return 0;
}

/* ---- offers ----------------------------------------------------------------------- */

static void offer_activations(const struct lw_state *s, int side, json_t *list, int card, int pc)
{
	char name[64], id[64], hex[64];
	for (int u = 0; u < s->n_units; u++) {
		if (check_activate(s, side, u, pc, false, NULL) != 0)
			continue;
		lw_unit_name(s, u, name, sizeof name);
		lw_unit_id(s, u, id, sizeof id);
		lw_hex_label(s->unit[u].hex, hex, sizeof hex);
		int cost = lw_activation_cost(s, u);
		if (card)
			lw_offer(list,
			         json_pack("{s:s,s:i,s:s,s:s}", "type", "play", "card", card, "use",
			                   "activate", "general", id),
			         "Activate %s at %s (cost %d) with card %d %s [%d PC]", name, hex,
			         cost, card, card_name(side, card), pc);
		else
			lw_offer(list, json_pack("{s:s,s:s}", "type", "activate", "general", id),
			         "Activate %s at %s (cost %d of %d PC left)", name, hex, cost, pc);
	}
}

static bool may_pass(const struct lw_state *s, int side)
{
	return !is_last_turn(s) &&
	       s->side[side].cards.hand_n + s->side[side].committee_hand <= 1; /* 10.4 */
}

/* 10.7.7: "If at any time you hold three or more Seditious cards": in his
 * card-play step, and in a battle's commitment step before he commits (his
 * Resource card is chosen from the hand the redraw changes). */
static bool may_redraw(const struct lw_state *s, int side)
{
	if (lw_count_seditious(s, side) < 3 || s->side[side].seditious_redraws >= 2)
		return false;
	if (s->step == LW_ST_COMMIT)
		return s->battle.active && !s->battle.committed[side];
	return s->step == LW_ST_CARD;
}

static void offer_redraw(const struct lw_state *s, int side, json_t *list)
{
	if (may_redraw(s, side))
		lw_offer(
		    list, json_pack("{s:s}", "type", "seditious_redraw"),
		    "Reveal your seditious cards, keep the worst %d and redraw the rest (10.7.7)",
		    s->side[side].seditious_redraws + 1);
}

static void offer_card_step(const struct lw_state *s, int side, json_t *list)
{
	const struct lw_player *p = &s->side[side];
	for (int i = 0; i < p->cards.hand_n; i++) {
		int c = p->cards.hand[i];
		const struct lw_card *k = lw_card(side, c);
		const char *nm = card_name(side, c);
		switch (k->kind) {
		case LW_KIND_PECULIAR: /* optional 70-71: played as activation cards */
		case LW_KIND_ACTIVATION:
			lw_offer(
			    list,
			    json_pack("{s:s,s:i,s:s}", "type", "play", "card", c, "use", "pc"),
			    "Play card %d %s [%d PC] to spend its PC (activate, remove IT, bank)",
			    c, nm, k->pc);
			offer_activations(s, side, list, c, k->pc);
			if (k->erratic)
				lw_offer(list,
				         json_pack("{s:s,s:i,s:s}", "type", "play", "card", c,
				                   "use", "press"),
				         "Press card %d %s: roll one die on its Erratic table "
				         "instead of %d "
				         "PC (10.6.5)",
				         c, nm, k->pc);
			lw_event_offer(s, side, list, c);
			if (k->pc == 6 && check_campaign(s, side, NULL) == 0)
				lw_offer(list,
				         json_pack("{s:s,s:i,s:s}", "type", "play", "card", c,
				                   "use", "dual_campaign"),
				         "Play card %d %s [6 PC] for a Dual-Theater Secret "
				         "Campaign (10.7.3.2)",
				         c, nm);
			break;
		case LW_KIND_SEDITIOUS:
			lw_offer(list,
			         json_pack("{s:s,s:i,s:s}", "type", "play", "card", c, "use",
			                   "seditious"),
			         "Play seditious card %d %s: lose %d PC (10.7.7)", c, nm, -k->pc);
			if (p->pc >= 10 || (p->pc == 0 && p->csp == 0))
				lw_offer(list,
				         json_pack("{s:s,s:i,s:s}", "type", "play", "card", c,
				                   "use", "discard"),
				         "Discard seditious card %d %s without loss (10.7.7)", c,
				         nm);
			break;
		case LW_KIND_CAMPAIGN:
			if (check_campaign(s, side, NULL) == 0 && !cs_summer_1864(s, side))
				lw_offer(
				    list,
				    json_pack("{s:s,s:i,s:s}", "type", "play", "card", c, "use",
				              "campaign"),
				    "Play campaign card %d %s: activate two forces free (10.7.3.1)",
				    c, nm);
			lw_offer(
			    list,
			    json_pack("{s:s,s:i,s:s}", "type", "play", "card", c, "use", "discard"),
			    "Discard campaign card %d %s (counts as a card play)", c, nm);
			break;
		default:
			lw_event_offer(s, side, list, c); /* 23.2: Irregulars */
			lw_offer(
			    list,
			    json_pack("{s:s,s:i,s:s}", "type", "play", "card", c, "use", "discard"),
			    "Discard card %d %s (counts as a card play)", c, nm);
			break;
		}
	}
	if (p->committee_hand) {
		lw_offer(list, json_pack("{s:s}", "type", "committee_discard"),
		         "Discard the Committee card (counts as a card play, 10.7.9)");
		offer_committee(s, side, list);
	}
	offer_redraw(s, side, list);
	if (may_pass(s, side))
		lw_offer(list, json_pack("{s:s}", "type", "pass"), "Pass%s (10.4)",
		         p->cards.hand_n ? ", keeping your last card" : "");
}

/* 10.7.3.1: one entry per possible first force; the second is a parameter
 * (or "none"). Each force's reach is searched once. */
static void offer_designation(const struct lw_state *s, int side, json_t *list)
{
	char name[64], hex[64], id[48];
	unsigned *m = calloc((size_t)s->n_units, sizeof *m);
	bool *ok = calloc((size_t)s->n_units, sizeof *ok);
	if (!m || !ok) {
		free(m);
		free(ok);
		return;
	}
	for (int u = 0; u < s->n_units; u++)
		if (check_campaign_force(s, side, u, NULL) == 0) {
			m[u] = campaign_reach(s, side, u);
			ok[u] = check_reach(s, side, m[u], NULL) == 0;
		}
	for (int u = 0; u < s->n_units; u++) {
		if (!ok[u] || check_designation(s, side, u, m[u], LW_NONE, 0, NULL) != 0)
			continue;
		json_t *ch = json_array();
		json_array_append_new(
		    ch, json_pack("{s:s,s:s}", "value", "none", "label", "no second force"));
		for (int v = u + 1; v < s->n_units; v++)
			if (ok[v] && check_designation(s, side, u, m[u], v, m[v], NULL) == 0)
				json_array_append_new(
				    ch, json_pack("{s:s,s:s++}", "value",
				                  lw_unit_id(s, v, id, sizeof id), "label",
				                  lw_unit_name(s, v, name, sizeof name), " at ",
				                  lw_hex_label(s->unit[v].hex, hex, sizeof hex)));
		lw_offer_choice(list,
		                json_pack("{s:s,s:s}", "type", "campaign_forces", "first",
		                          lw_unit_id(s, u, id, sizeof id)),
		                "second", "Second campaign force", ch,
		                "Campaign: designate %s at %s and a second force before either "
		                "moves (10.7.3.1)",
		                lw_unit_name(s, u, name, sizeof name),
		                lw_hex_label(s->unit[u].hex, hex, sizeof hex));
	}
	free(m);
	free(ok);
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
	if (check_campaign_force(s, side, u1, err) != 0 ||
	    (u2 != LW_NONE && check_campaign_force(s, side, u2, err) != 0))
		return -1;
	unsigned m1 = campaign_reach(s, side, u1);
	unsigned m2 = u2 == LW_NONE ? 0 : campaign_reach(s, side, u2);
	if (check_designation(s, side, u1, m1, u2, m2, err) != 0)
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
		    (int8_t)(s->play.campaign == 1 ? card_region(s, side) : LW_REGION_NONE);
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

static void offer_spend(const struct lw_state *s, int side, json_t *list)
{
	char hex[64];
	if (s->play.activations_left > 0 && s->play.campaign && s->groups.camp_n == 0) {
		offer_designation(s, side, list);
	} else if (lw_theater_pending(s)) {
		lw_theater_offer(s, side, list); /* 10.7.3.2 (lw_theater.c) */
	} else if (s->play.activations_left > 0) {
		if (s->play.campaign) {
			char name[64], id[64];
			for (int u = 0; u < s->n_units; u++)
				if (check_activate(s, side, u, 0, true, NULL) == 0)
					lw_offer(list,
					         json_pack("{s:s,s:s}", "type", "activate",
					                   "general",
					                   lw_unit_id(s, u, id, sizeof id)),
					         "Campaign: activate %s at %s (free, 10.7.3)",
					         lw_unit_name(s, u, name, sizeof name),
					         lw_hex_label(s->unit[u].hex, hex, sizeof hex));
		} else {
			offer_activations(s, side, list, 0, s->play.pc_left);
		}
	}
	int done[LW_MAX_UNITS];
	int nd = 0;
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->side != side || x->where != LW_W_MAP)
			continue;
		bool seen = false;
		for (int i = 0; i < nd; i++)
			seen |= done[i] == x->hex;
		if (seen)
			continue;
		done[nd++] = x->hex;
		if (check_remove_it(s, side, x->hex, NULL) == 0)
			lw_offer(list, json_pack("{s:s,s:i}", "type", "remove_it", "hex", x->hex),
			         "Remove one IT from your force at %s for 1 PC (10.6.3)",
			         lw_hex_label(x->hex, hex, sizeof hex));
	}
	lw_siege_spend_offer(s, side, list); /* 16.9.5.2 (lw_siege.c) */
	lw_pcsa_offer(s, side, list);        /* 14.4.1 (lw_pcsa.c) */
	lw_cav_foray_offer(s, side, list);   /* 13.2.4 (lw_cavalry.c) */
	if (s->play.pc_left > 0)
		lw_offer(list, json_pack("{s:s}", "type", "done"),
		         "Bank the %d PC left and end the card (10.6.4)", s->play.pc_left);
	else
		lw_offer(list, json_pack("{s:s}", "type", "done"), "End the card play");
}

static void offer_peace(const struct lw_state *s, int side, json_t *list)
{
	(void)s;
	(void)side;
	lw_offer(list, json_pack("{s:s}", "type", "peace_pc"),
	         "Take 3 PC and keep your last card (10.4)");
	lw_offer(list, json_pack("{s:s}", "type", "peace_play"),
	         "Play your last card instead (10.4)");
}

unsigned lw_ops_awaiting(const struct lw_state *s)
{
	switch (s->step) {
	case LW_ST_CARD:
	case LW_ST_SPEND:
	case LW_ST_PEACE:
		return LW_SIDE_BIT(s->phasing);
	case LW_ST_MOVE:
		return LW_SIDE_BIT(s->play.side);
	case LW_ST_SIEGE_OFFER:
	case LW_ST_SIEGE_ANSWER:
	case LW_ST_HUNLEY:  /* 8.1.2.3 */
	case LW_ST_RIT_ASK: /* 13.2.3 */
		return LW_SIDE_BIT(s->awaiting_side);
	case LW_ST_HARASS:
		return lw_harass_awaiting(s); /* 13.2.5 (lw_harass.c) */
	default:
		return lw_battle_awaiting(s);
	}
}

void lw_ops_offer(const struct lw_state *s, int side, json_t *list)
{
	switch (s->step) {
	case LW_ST_CARD:
		offer_card_step(s, side, list);
		break;
	case LW_ST_SPEND:
		offer_spend(s, side, list);
		break;
	case LW_ST_PEACE:
		offer_peace(s, side, list);
		break;
	case LW_ST_MOVE:
		/* 11.1.3.2 (lw_consolidation.c), 12.0 march, 14.0 amphibious */
		lw_consolidation_move_offer(s, side, list);
		break;
	case LW_ST_SIEGE_OFFER:
	case LW_ST_SIEGE_ANSWER:
		lw_siege_offer(s, side, list);
		break;
	case LW_ST_HARASS:
		lw_harass_offer(s, side, list); /* 13.2.5 */
		break;
	case LW_ST_HUNLEY:
		lw_amphib_hunley_offer(s, side, list); /* 8.1.2.3 (lw_amphib.c) */
		break;
	case LW_ST_RIT_ASK:
		lw_cav_rit_ask_offer(s, side, list); /* 13.2.3 (lw_cavalry.c) */
		break;
	default:
		lw_battle_offer(s, side, list);
		lw_amphib_battle_filter(s, list); /* 14.2.2: an assault occupies the port */
		if (s->step == LW_ST_COMMIT)
			offer_redraw(s, side, list); /* 10.7.7 "at any time" */
		break;
	}
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

static int do_activate(struct lw_state *s, int side, int u, struct tg_error *err)
{
	bool campaign = s->play.campaign != 0;
	if (s->play.activations_left == 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.6.2: one force per card unless conducting a campaign");
	if (check_activate(s, side, u, s->play.pc_left, campaign, err) != 0)
		return -1;
	if (!campaign)
		s->play.pc_left = (int8_t)(s->play.pc_left - lw_activation_cost(s, u));
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
			int u = lw_unit_by_id(s, lw_a_str(a, "general"));
			if (check_activate(s, side, u, k->pc, false, err) != 0)
				return -1;
			start_play(s, side, idx, k->pc);
			lw_log(s, "The %s player plays card %d %s [%d PC].", lw_side_title(side), c,
			       k->name, k->pc);
			return do_activate(s, side, u, err);
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
		if (check_campaign(s, side, err) != 0)
			return -1;
		if (!dual && cs_summer_1864(s, side))
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
	finish_card(s, out);
}

/* ---- the actions of the Operations phase's steps, declared once ---------------- */

/* Every handler below answers as game.h does: 0 done, -1 refused with err. */

static int act_pass(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	(void)a;
	if (!may_pass(s, side))
		return tg_fail(err, TG_E_ILLEGAL,
		               is_last_turn(s) ? "10.4: no player may pass on the last turn"
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
	if (!may_redraw(s, side))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.7: redraw only while holding three or more seditious");
	seditious_redraw(s, side, out);
	return 0;
}

/* 10.7.7 "at any time": before he commits face down (16.3) */
static int act_redraw_in_battle(struct lw_state *s, int side, struct game_outcome *out,
                                struct tg_error *err)
{
	if (!may_redraw(s, side))
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
	if (committee_held(s, side, err) != 0 || check_committee(s, side, u, err) != 0)
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
	if (check_remove_it(s, side, hex, err) != 0)
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
	finish_card(s, out);
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

enum {
	/* LW_ST_SPEND: the action spends the card's PC; the card play ends
	 * when neither PC nor activations are left (10.6) */
	OPS_SPENDS = 1u << 0,
	/* LW_ST_MOVE: the consolidation (11.1.3.2) may refuse it first */
	OPS_GATED = 1u << 1,
};

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
    {"river_move", "14.1.1", lw_amphib_act, OPS_GATED},
    {"river_assault", "14.1.3", lw_amphib_act, OPS_GATED},
    {"ocean_move", "14.2.1", lw_amphib_act, OPS_GATED},
    {"ocean_assault", "14.2.2", lw_amphib_act, OPS_GATED},
    {"move", "12.0", lw_march_act, OPS_GATED},
    {"attack", "16.0", lw_march_act, OPS_GATED},
    {"stop", "12.0", lw_march_act, OPS_GATED},
    {"detach", "12.8", lw_march_act, OPS_GATED},
    {"next_group", "12.8", lw_march_act, OPS_GATED},
    {"pickup", "12.5", lw_march_act, OPS_GATED},
    {"revive", "18.2", lw_march_act, OPS_GATED},
    {"raid", "13.2.2", lw_march_act, OPS_GATED},
    {"rit", "13.2.3", lw_march_act, OPS_GATED},
};

static int refuse_card(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "10.6: play a card (\"play\") or pass");
}

static int refuse_spend(const struct lw_state *s, int side, const char *type,
                        struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "10.6: activate, remove_it or done");
}

static int refuse_peace(const struct lw_state *s, int side, const char *type,
                        struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "10.4: peace_pc or peace_play");
}

/* The march refuses the MOVE step's other types (lw_march_act). */
static int refuse_move(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side;
	return tg_fail(err, TG_E_MALFORMED, "12.0: unknown action \"%s\" while moving", type);
}

const struct lw_actions lw_ops_card_actions = LW_ACTIONS("ops.card", card_rows, refuse_card);
const struct lw_actions lw_ops_spend_actions = LW_ACTIONS("ops.spend", spend_rows, refuse_spend);
const struct lw_actions lw_ops_peace_actions = LW_ACTIONS("ops.peace", peace_rows, refuse_peace);
const struct lw_actions lw_ops_move_actions = LW_ACTIONS("ops.move", move_rows, refuse_move);

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
	default:
		return NULL;
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
		finish_card(s, out);
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
		    lw_consolidation_gate(s, side, type, err) != 0)
			return -1;
		return x ? x->act(s, side, a, out, err) : lw_march_act(s, side, a, out, err);
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
		if (s->step == LW_ST_COMMIT && strcmp(type, "seditious_redraw") == 0)
			return act_redraw_in_battle(s, side, out, err);
		if (lw_amphib_battle_check(s, a, err) != 0)
			return -1; /* 14.2.2 */
		return lw_battle_act(s, side, a, out, err);
	}
}
