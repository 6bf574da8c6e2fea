/* lw_political.c — the Assassination Plot (7.1.9): purchase in the
 * Administration Phase, resolution first in the Supply Phase (3.6, 20.3;
 * lw_end_operations calls lw_political_supply_phase), the CO's
 * replacement (7.1.9.2) with CSP substituted for missing PC, and the Union's
 * last-turn retaliation (7.1.9.3). 19.0 lives in lw_political_19.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"

#define PLOT_COST 3 /* 7.1.9: three PC, for either side */

int lw_plot_union_holds(const struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	int n = 0;
	for (size_t c = 0; c < d->n_cities && c < LW_MAX_CITIES; c++)
		if (d->cities[c].control == LW_CTRL_CONFEDERATE &&
		    lw_city_controller(s, (int)c) == LW_UNION)
			n++;
	return n;
}

int lw_plot_check_buy(const struct lw_state *s, int side, struct tg_error *err)
{
	const struct lw_politics *p = &s->pol;
	if (s->phase != LW_PH_ADMIN)
		return tg_fail(err, TG_E_ILLEGAL,
		               "7.1.9: the plot is bought in the Administration Phase");
	if (lw_plot_buyer(p) != side)
		return tg_fail(err, TG_E_ILLEGAL,
		               side == LW_UNION
		                   ? "7.1.9: the Union may buy the plot only after a Confederate "
		                     "plot has succeeded, and only once"
		                   : "7.1.9: the Assassination Plot card is no longer the "
		                     "Confederate player's to buy");
	if (p->plot_bought)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.9: the card is already bought this turn");
	if (side == LW_CONFEDERATE && lw_plot_union_holds(s) < 5)
		return tg_fail(err, TG_E_ILLEGAL,
		               "7.1.9: the Union must hold five Confederate cities (it holds %d)",
		               lw_plot_union_holds(s));
	if (s->side[side].pc < PLOT_COST)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.9: the plot costs three PC");
	return 0;
}

void lw_political_admin_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (lw_plot_check_buy(s, side, NULL) != 0)
		return;
	tg_offer(list, tg_act(list, "{s:s}", "type", "buy_assassination_plot"),
	         side == LW_CONFEDERATE
	             ? "Buy the Assassination Plot card for 3 PC: a try on Lincoln and the "
	               "Washington CO in the Supply Phase (7.1.9; the Union is not told)"
	             : "Buy the Assassination Plot card for 3 PC: a try on Davis and the "
	               "Richmond CO in the Supply Phase (7.1.9)");
}

int lw_political_admin_act(struct lw_state *s, int side, const json_t *a, struct tg_error *err)
{
	(void)a;
	if (lw_plot_check_buy(s, side, err) != 0)
		return -1;
	lw_lose_pc(s, side, PLOT_COST);
	s->pol.plot_bought = (int8_t)side;
	/* the Confederate purchase is secret (issue 4): no log line names it */
	if (side == LW_UNION)
		lw_log(s, "The Union buys the Assassination Plot card for 3 PC (7.1.9).");
	return 0;
}

static void finish(struct lw_state *s, int winner, const char *why)
{
	snprintf(s->result, sizeof s->result, "%s victory: %s", lw_side_title(winner), why);
	s->winner = (int8_t)winner;
	s->phase = LW_PH_OVER;
	lw_log(s, "%s", s->result);
}

/* 7.1.9.1: the victim's successor discards a card at random. 2.2 "Random
 * Card Draw": any card held in the hand, including the 0 Resource card,
 * may be drawn; the 0 card drawn returns to the hand (nothing is lost). */
static void discard_random(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	int i = (int)tg_rng_below(&s->rng, (uint32_t)c->hand_n + 1u);
	if (i == c->hand_n) {
		lw_log(s,
		       "The random discard draws the %s 0 Resource card: it returns to the "
		       "hand (2.2).",
		       lw_side_title(side));
		return;
	}
	int card = c->hand[i];
	lw_hand_remove(s, side, i);
	lw_discard(s, side, card);
}

bool lw_plot_resolve(struct lw_state *s, int side)
{
	int victim = LW_OTHER(side);
	int hex = lw_capital_hex(victim);
	/* 7.1.9: "the CO of a US force in Washington" ("a Confederate force in
	 * Richmond"): the victim's own force there, whoever is on top. In a
	 * siege of the capital (16.9.5.2) the besiegers stand on top of the
	 * besieged; the plot aims at the victim's force, besieged or besieging,
	 * never at the plotter's own. */
	int co = hex != LW_NO_HEX ? lw_force_co_side(s, hex, victim) : LW_NONE;
	int d_pres = tg_rng_die(&s->rng, 6);
	bool pres = d_pres == 6;
	char name[64] = "";
	int d_co = 0;
	if (co != LW_NONE) {
		d_co = tg_rng_die(&s->rng, 6);
		lw_unit_name(s, co, name, sizeof name);
	}
	bool co_dead = d_co == 6;
	lw_log(s, "Assassination Plot (7.1.9.1): the %s player tries for %s (die %d: %s)%s%s%s%s.",
	       lw_side_title(side), victim == LW_UNION ? "Lincoln" : "Davis", d_pres,
	       pres ? "killed" : "missed", co != LW_NONE ? " and for " : "", name,
	       co == LW_NONE ? " (no force in the capital)" : "",
	       co == LW_NONE ? ""
	       : co_dead     ? " (killed)"
	                     : " (missed)");
	if (pres) {
		s->side[victim].president_killed = 1; /* one card fewer a turn (lw_cards.c) */
		s->pol.president_vp[side] = 1;
		discard_random(s, victim);
	}
	if (co_dead) {
		s->pol.co_vp[side] = 1;
		bool gic = s->side[victim].gic == co;
		struct lw_player *p = &s->side[victim];
		if (gic && p->pc + p->csp < 4) {
			/* 7.1.9.2: he pays what he has, and the opponent wins */
			p->pc = 0;
			p->csp = 0;
			finish(s, side,
			       "the General in Chief was assassinated and his side could not pay "
			       "four PC and CSP for a successor (7.1.9.2)");
			return true;
		}
		/* 7.1.9.2: a TCO of equal stars (three for the GiC) takes his place;
		 * a general of equal rank in the hex takes command (lw_kill); the
		 * GiC's successor follows 11.1.2 (lw_gic_lost, CSP for missing PC) */
		lw_kill(s, co);
	}
	return pres || co_dead;
}

bool lw_political_supply_phase(struct lw_state *s)
{
	struct lw_politics *p = &s->pol;
	int side = p->plot_bought;
	if (side != LW_UNION && side != LW_CONFEDERATE)
		return false;
	p->plot_bought = 0;
	lw_log(s, "The %s player plays the Assassination Plot card (20.3).", lw_side_title(side));
	bool ok = lw_plot_resolve(s, side);
	if (s->phase == LW_PH_OVER)
		return true;
	if (side == LW_UNION) {
		p->plot_stage = 2;
		return false;
	}
	if (!ok) {
		/* 7.1.9: "If the Confederate plot fails completely, the matter ends
		 * there and the card is removed from play." */
		p->plot_stage = 2;
		lw_log(s,
		       "The plot fails: the Assassination Plot card is removed from play (7.1.9).");
		return false;
	}
	p->plot_stage = 1;
	if (s->turn >= s->last_turn && s->side[LW_UNION].pc >= PLOT_COST) {
		p->retaliation = 1; /* 7.1.9.3 */
		return true;
	}
	return false;
}

/* ---- 7.1.9.3: the Union's answer on the last turn ---------------------------------- */

void lw_political_retaliation_offer(const struct lw_state *s, struct tg_offers *list)
{
	(void)s;
	tg_offer(list, tg_act(list, "{s:s}", "type", "retaliate"),
	         "Pay 3 PC and try at once for Davis and the Richmond CO (7.1.9.3)");
	tg_offer(list, tg_act(list, "{s:s}", "type", "no_retaliation"),
	         "Do not retaliate (7.1.9.3)");
}

static int retaliation(struct lw_state *s, bool go, struct game_outcome *out, struct tg_error *err)
{
	if (go && s->side[LW_UNION].pc < PLOT_COST)
		return tg_fail(err, TG_E_ILLEGAL, "7.1.9.3: retaliation costs three PC");
	s->pol.retaliation = 0;
	if (out)
		out->barrier = true;
	if (go) {
		lw_lose_pc(s, LW_UNION, PLOT_COST);
		s->pol.plot_stage = 2;
		lw_log(s, "The Union retaliates with the Assassination Plot card (7.1.9.3).");
		lw_plot_resolve(s, LW_UNION);
		if (s->phase == LW_PH_OVER)
			return 0;
	} else {
		lw_log(s, "The Union does not retaliate (7.1.9.3).");
	}
	/* 3.6: the rest of the Supply Phase (20.4 on) is what stage LW_SS_PLOT
	 * records: the driver (lw_continue) runs it once nothing is awaited,
	 * after the question the Union's plot asked if it did (a new CS GiC or
	 * CO) */
	return 0;
}

static int act_retaliate(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)side, (void)a;
	return retaliation(s, true, out, err);
}

static int act_no_retaliation(struct lw_state *s, int side, const json_t *a,
                              struct game_outcome *out, struct tg_error *err)
{
	(void)side, (void)a;
	return retaliation(s, false, out, err);
}

static int refuse_retaliation(const struct lw_state *s, int side, const char *type,
                              struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "7.1.9.3: retaliate (3 PC) or not: \"retaliate\" or \"no_retaliation\"");
}

/* 7.1.9.3: after a Confederate plot's success, the Union may retaliate. */
static const struct lw_action retaliation_rows[] = {
    {"retaliate", "7.1.9.3", act_retaliate, 0},
    {"no_retaliation", "7.1.9.3", act_no_retaliation, 0},
};
const struct lw_actions lw_political_retaliation_actions =
    LW_ACTIONS("political_choice.retaliation", retaliation_rows, refuse_retaliation);
