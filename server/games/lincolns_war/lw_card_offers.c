/* lw_card_offers.c — what the card play offers: the CARD step's plays,
 * passes and redraws (10.4, 10.6, 10.7), the SPEND step's activations, IT
 * removals and campaign designations (10.6.2-10.6.4, 10.7.3), the peace
 * talks (10.4); and who the Operations phase awaits (lw_ops_awaiting) and
 * what it offers in every step (lw_ops_offer). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_campaign.h"
#include "lw_card_play.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_it.h"
#include "lw_theater.h"

/* ---- offers ----------------------------------------------------------------------- */

static void offer_committee(const struct lw_state *s, int side, struct tg_offers *list)
{
	char name[64], id[64];
	for (int u = 0; u < s->n_units; u++)
		if (lw_play_check_committee(s, side, u, NULL) == 0)
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "committee_event", "general",
			                lw_unit_id(s, u, id, sizeof id)),
			         "Play the Committee card: %s %s (10.7.9)",
			         side == LW_UNION ? "promote" : "demote",
			         lw_unit_name(s, u, name, sizeof name));
}

/* 10.6.2: the SPEND step's activations, one entry per general. */
static void offer_activations(const struct lw_state *s, int side, struct tg_offers *list, int pc)
{
	char name[64], id[64], hex[64];
	for (int u = 0; u < s->n_units; u++) {
		int cost;
		if (lw_play_check_activate_cost(s, side, u, pc, &cost, NULL) != 0)
			continue;
		lw_unit_name(s, u, name, sizeof name);
		lw_unit_id(s, u, id, sizeof id);
		lw_hex_label(s->unit[u].hex, hex, sizeof hex);
		tg_offer(list, tg_act(list, "{s:s,s:s}", "type", "activate", "general", id),
		         "Activate %s at %s (cost %d of %d PC left)", name, hex, cost, pc);
	}
}

static bool activates(const struct lw_card *k)
{
	return k->kind == LW_KIND_ACTIVATION || k->kind == LW_KIND_PECULIAR; /* optional 70-71 */
}

/* 10.6.2: "activate a general with this card": lw_play_check_activate() is
 * the base checks and "the cost is at most the card's PC", so a card may
 * activate every general whose activation cost its PC pays. The offer is
 * one entry: the cards that pay some general's cost (in the hand's order)
 * and the generals some card pays (in unit order), both params, the
 * general "by" the card (PROTOCOL.md: each card's choices_by the shorter
 * of "only" the generals its PC pays and "all but" the others; an equal
 * count, "all but"); one such card is named in the action, the general the
 * only param. Issue 17: entries by the cards' PC repeated every general a
 * PC pays, about half of a CARD step's offers; then one entry per cost
 * repeated the card list in each (about 0.5 KB of the CARD step's new
 * offers). The entry stands where the hand's first activation card's
 * entry stood. */
static void offer_card_activations(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_player *p = &s->side[side];
	char label[256];
	int unit[LW_MAX_UNITS], cost[LW_MAX_UNITS], n = 0, least = INT_MAX;
	for (int u = 0; u < s->n_units; u++)
		if (lw_play_check_activate_cost(s, side, u, INT_MAX, &cost[n], NULL) == 0) {
			least = cost[n] < least ? cost[n] : least;
			unit[n++] = u;
		}
	int card[LW_HAND_MAX], pc[LW_HAND_MAX], nc = 0, most = INT_MIN;
	for (int h = 0; h < p->cards.hand_n && nc < LW_HAND_MAX; h++) {
		const struct lw_card *k = lw_card(side, p->cards.hand[h]);
		if (!activates(k) || k->pc < least)
			continue;
		card[nc] = p->cards.hand[h];
		pc[nc++] = k->pc;
		most = k->pc > most ? k->pc : most;
	}
	if (nc == 0)
		return;
	/* the generals some card pays; a card pays at least the cheapest */
	int g[LW_MAX_UNITS], ng = 0;
	struct tg_offer_list gens;
	tg_offer_list_open(list, &gens);
	for (int i = 0; i < n; i++)
		if (cost[i] <= most) {
			g[ng++] = i;
			lw_unit_choice_add(&gens, s, unit[i]);
		}
	/* the labels by tg_label, not snprintf (issue 17: 0.65 M of 110 M in
	 * bench_views 300's fan-out) */
	char entry[256];
	if (nc == 1) {
		tg_label(entry, "Activate a general with card %d %s [%d PC] (10.6.2)", card[0],
		         lw_play_card_name(side, card[0]), pc[0]);
		tg_offer_begin(list,
		               tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", card[0], "use",
		                      "activate"),
		               entry);
		tg_offer_param(list, "general", "General to activate", NULL, &gens, NULL);
		tg_offer_end(list);
		return;
	}
	struct tg_offer_list cards, by;
	tg_offer_list_open(list, &cards);
	tg_offer_list_open(list, &by);
	int idx[LW_MAX_UNITS];
	for (int c = 0; c < nc; c++) {
		tg_offer_list_choice_int(&cards, card[c],
		                         tg_label(label, "%d %s [%d PC]", card[c],
		                                  lw_play_card_name(side, card[c]), pc[c]));
		int paid = 0;
		for (int j = 0; j < ng; j++)
			paid += cost[g[j]] <= pc[c];
		bool only = 2 * paid < ng;
		size_t ni = 0;
		for (int j = 0; j < ng; j++)
			if ((cost[g[j]] <= pc[c]) == only)
				idx[ni++] = j;
		tg_offer_list_by(&by, only, idx, ni);
	}
	tg_offer_begin(list, tg_act(list, "{s:s,s:s}", "type", "play", "use", "activate"),
	               "Activate a general with a card whose PC pays his cost (10.6.2)");
	tg_offer_param(list, "card", "Card to play", NULL, &cards, NULL);
	tg_offer_param(list, "general", "General to activate", "card", &gens, &by);
	tg_offer_end(list);
}

bool lw_play_may_pass(const struct lw_state *s, int side)
{
	return !lw_play_last_turn(s) &&
	       s->side[side].cards.hand_n + s->side[side].committee_hand <= 1; /* 10.4 */
}

/* 10.7.7: "If at any time you hold three or more Seditious cards": in his
 * card-play step, and in a battle's commitment step before he commits (his
 * Resource card is chosen from the hand the redraw changes). */
bool lw_play_may_redraw(const struct lw_state *s, int side)
{
	if (lw_count_seditious(s, side) < 3 || s->side[side].seditious_redraws >= 2)
		return false;
	if (s->step == LW_ST_COMMIT)
		return s->battle.active && !s->battle.committed[side];
	return s->step == LW_ST_CARD;
}

static void offer_redraw(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (lw_play_may_redraw(s, side))
		tg_offer(
		    list, tg_act(list, "{s:s}", "type", "seditious_redraw"),
		    "Reveal your seditious cards, keep the worst %d and redraw the rest (10.7.7)",
		    s->side[side].seditious_redraws + 1);
}

static void offer_card_step(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_player *p = &s->side[side];
	bool activations = false;
	for (int i = 0; i < p->cards.hand_n; i++) {
		int c = p->cards.hand[i];
		const struct lw_card *k = lw_card(side, c);
		const char *nm = lw_play_card_name(side, c);
		switch (k->kind) {
		case LW_KIND_PECULIAR: /* optional 70-71: played as activation cards */
		case LW_KIND_ACTIVATION:
			/* "for its PC", not "to spend its PC (activate, remove IT,
			 * bank)": the SPEND step offers those (issue 17: 43 bytes
			 * of each card's label in every CARD step's new offers) */
			tg_offer(
			    list,
			    tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c, "use", "pc"),
			    "Play card %d %s [%d PC] for its PC (10.6)", c, nm, k->pc);
			if (!activations)
				offer_card_activations(s, side, list);
			activations = true;
			if (k->erratic)
				tg_offer(list,
				         tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c,
				                "use", "press"),
				         "Press card %d %s: roll one die on its Erratic table "
				         "instead of %d "
				         "PC (10.6.5)",
				         c, nm, k->pc);
			lw_event_offer(s, side, list, c);
			if (k->pc == 6 && lw_play_check_campaign(s, side, NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c,
				                "use", "dual_campaign"),
				         "Play card %d %s [6 PC] for a Dual-Theater Secret "
				         "Campaign (10.7.3.2)",
				         c, nm);
			break;
		case LW_KIND_SEDITIOUS:
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c, "use",
			                "seditious"),
			         "Play seditious card %d %s: lose %d PC (10.7.7)", c, nm, -k->pc);
			if (p->pc >= 10 || (p->pc == 0 && p->csp == 0))
				tg_offer(list,
				         tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c,
				                "use", "discard"),
				         "Discard seditious card %d %s without loss (10.7.7)", c,
				         nm);
			break;
		case LW_KIND_CAMPAIGN:
			if (lw_play_check_campaign(s, side, NULL) == 0 &&
			    !lw_play_cs_summer_1864(s, side))
				tg_offer(
				    list,
				    tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c, "use",
				           "campaign"),
				    "Play campaign card %d %s: activate two forces free (10.7.3.1)",
				    c, nm);
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c, "use",
			                "discard"),
			         "Discard campaign card %d %s (counts as a card play)", c, nm);
			break;
		default:
			lw_event_offer(s, side, list, c); /* 23.2: Irregulars */
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:s}", "type", "play", "card", c, "use",
			                "discard"),
			         "Discard card %d %s (counts as a card play)", c, nm);
			break;
		}
	}
	if (p->committee_hand) {
		tg_offer(list, tg_act(list, "{s:s}", "type", "committee_discard"),
		         "Discard the Committee card (counts as a card play, 10.7.9)");
		offer_committee(s, side, list);
	}
	offer_redraw(s, side, list);
	if (lw_play_may_pass(s, side))
		tg_offer(list, tg_act(list, "{s:s}", "type", "pass"), "Pass%s (10.4)",
		         p->cards.hand_n ? ", keeping your last card" : "");
}

/* 10.7.3.1: one entry, the first force and the second its params, the
 * second "by" the first (PROTOCOL.md, kit/param_by.h): "second" lists "none"
 * and every force that is some first force's second, each once, and each
 * first force's entry of choices_by the shorter of "only" his seconds and
 * "all but" the others (an equal count: "all but"). Each force's reach is
 * searched once. Issue 17: one entry per first force, each listing every
 * later force again (a triangle), was the largest patch of the Campaign
 * (17 KB of a 40 KB view when the card is played). */
static void offer_designation(const struct lw_state *s, int side, struct tg_offers *list)
{
	int n = s->n_units;
	unsigned *m = calloc((size_t)n, sizeof *m);
	bool *ok = calloc((size_t)n, sizeof *ok), *first = calloc((size_t)n, sizeof *first);
	bool *pair = calloc((size_t)n * (size_t)n, sizeof *pair),
	     *second = calloc((size_t)n, sizeof *second);
	int *at = calloc((size_t)n, sizeof *at), *idx = calloc((size_t)n + 1, sizeof *idx);
	if (!m || !ok || !first || !pair || !second || !at || !idx)
		goto out;
	for (int u = 0; u < n; u++)
		if (lw_play_check_campaign_force(s, side, u, NULL) == 0) {
			m[u] = lw_play_campaign_reach(s, side, u);
			ok[u] = lw_play_check_reach(s, side, m[u], NULL) == 0;
		}
	int nf = 0;
	for (int u = 0; u < n; u++) {
		if (!ok[u] || lw_play_check_designation(s, side, u, m[u], LW_NONE, 0, NULL) != 0)
			continue;
		first[u] = true;
		nf++;
		for (int v = u + 1; v < n; v++)
			if (ok[v] &&
			    lw_play_check_designation(s, side, u, m[u], v, m[v], NULL) == 0)
				pair[(size_t)u * (size_t)n + (size_t)v] = second[v] = true;
	}
	if (nf == 0)
		goto out;
	struct tg_offer_list firsts, seconds, by;
	tg_offer_list_open(list, &firsts);
	tg_offer_list_open(list, &seconds);
	tg_offer_list_open(list, &by);
	tg_offer_list_choice(&seconds, "none", "no second force");
	int ns = 1;
	for (int v = 0; v < n; v++)
		if (second[v]) {
			lw_unit_choice_add(&seconds, s, v);
			at[v] = ns++;
		}
	for (int u = 0; u < n; u++) {
		if (!first[u])
			continue;
		lw_unit_choice_add(&firsts, s, u);
		int his = 1; /* "none" */
		for (int v = 0; v < n; v++)
			his += pair[(size_t)u * (size_t)n + (size_t)v];
		bool only = 2 * his < ns;
		size_t ni = 0;
		if (only)
			idx[ni++] = 0;
		for (int v = 0; v < n; v++)
			if (second[v] && pair[(size_t)u * (size_t)n + (size_t)v] == only)
				idx[ni++] = at[v];
		tg_offer_list_by(&by, only, idx, ni);
	}
	tg_offer_begin(list, tg_act(list, "{s:s}", "type", "campaign_forces"),
	               "Campaign: designate a force and a second force before either moves "
	               "(10.7.3.1)");
	tg_offer_param(list, "first", "First campaign force", NULL, &firsts, NULL);
	tg_offer_param(list, "second", "Second campaign force", "first", &seconds, &by);
	tg_offer_end(list);
out:
	free(m);
	free(ok);
	free(first);
	free(pair);
	free(second);
	free(at);
	free(idx);
}

static void offer_spend(const struct lw_state *s, int side, struct tg_offers *list)
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
				if (lw_play_check_activate(s, side, u, 0, true, NULL) == 0)
					tg_offer(list,
					         tg_act(list, "{s:s,s:s}", "type", "activate",
					                "general", lw_unit_id(s, u, id, sizeof id)),
					         "Campaign: activate %s at %s (free, 10.7.3)",
					         lw_unit_name(s, u, name, sizeof name),
					         lw_hex_label(s->unit[u].hex, hex, sizeof hex));
		} else {
			offer_activations(s, side, list, s->play.pc_left);
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
		if (lw_play_check_remove_it(s, side, x->hex, NULL) == 0)
			tg_offer(list,
			         tg_act(list, "{s:s,s:i}", "type", "remove_it", "hex", x->hex),
			         "Remove one IT from your force at %s for 1 PC (10.6.3)",
			         lw_hex_label(x->hex, hex, sizeof hex));
	}
	lw_siege_spend_offer(s, side, list); /* 16.9.5.2 (lw_siege.c) */
	lw_pcsa_offer(s, side, list);        /* 14.4.1 (lw_pcsa.c) */
	lw_cav_foray_offer(s, side, list);   /* 13.2.4 (lw_cavalry.c) */
	if (s->play.pc_left > 0)
		tg_offer(list, tg_act(list, "{s:s}", "type", "done"),
		         "Bank the %d PC left and end the card (10.6.4)", s->play.pc_left);
	else
		tg_offer(list, tg_act(list, "{s:s}", "type", "done"), "End the card play");
}

static void offer_peace(const struct lw_state *s, int side, struct tg_offers *list)
{
	(void)s;
	(void)side;
	tg_offer(list, tg_act(list, "{s:s}", "type", "peace_pc"),
	         "Take 3 PC and keep your last card (10.4)");
	tg_offer(list, tg_act(list, "{s:s}", "type", "peace_play"),
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

void lw_ops_offer(const struct lw_state *s, int side, struct tg_offers *list)
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
	default: {
		struct tg_offers_keep was; /* 14.2.2: an assault occupies the port */
		lw_amphib_battle_filter(s, list, &was);
		lw_battle_offer(s, side, list);
		tg_offers_unfilter(list, &was);
		if (s->step == LW_ST_COMMIT)
			offer_redraw(s, side, list); /* 10.7.7 "at any time" */
		break;
	}
	}
}
