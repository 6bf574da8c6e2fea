/* lw_card_checks.c — what a card may do in the Operations phase (10.6,
 * 10.7): the Committee card's target (10.7.9), a campaign and its forces and
 * their reach (10.7.3), an activation and its cost (10.6.2, 11.0, 16.9.5.2),
 * IT removed with PC (10.6.3). Questions only: the offers (lw_card_offers.c)
 * and the handlers (lw_card_play.c) ask them alike. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_campaign.h"
#include "lw_card_play.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_it.h"
#include "lw_theater.h"

const char *lw_play_card_name(int side, int n)
{
	const struct lw_card *k = lw_card(side, n);
	return k && k->name ? k->name : "?";
}

bool lw_play_last_turn(const struct lw_state *s)
{
	return s->turn == s->last_turn;
}

static int year(const struct lw_state *s)
{
	return lw_D()->turns[s->turn].year;
}

/* 10.7.3.1: "The Confederate player may not use a campaign card in Summer
 * 1864." */
bool lw_play_cs_summer_1864(const struct lw_state *s, int side)
{
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	return side == LW_CONFEDERATE && t->year == 1864 && !t->spring;
}

/* ---- what a card may do ----------------------------------------------------------- */

/* 10.7.9: the Union promotes a US CO that beat a Confederate force this
 * turn; the Confederate demotes a two- or three-star Union CO that lost a
 * battle this turn to a CS one-star CO (lw_command.h keeps those defeats). */
int lw_play_check_committee(const struct lw_state *s, int side, int u, struct tg_error *err)
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

/* 10.7.3: campaigns need 10 PC, not in the first turn (10.2), once a turn. */
int lw_play_check_campaign(const struct lw_state *s, int side, struct tg_error *err)
{
	if (s->turn == 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.2: no campaigns in Summer 1861");
	if (s->side[side].campaign_used)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: one campaign per turn");
	if (s->side[side].pc < 10)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: a campaign needs 10 PC on your track");
	return 0;
}

/* u's force as check_base read it: the CO of his side's units at his hex
 * and their IT, lw_activation_cost_in's co and force_it. */
struct force_read {
	int co, it;
};

/* Units of side that may be activated now: COs of forces, and cavalry
 * subordinates (11.2.2); f (NULL: not asked) his force, when he may. */
static int check_base(const struct lw_state *s, int side, int u, struct force_read *f,
                      struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "11.0: choose one of your generals on the map");
	if (lw_siege_blocks_activation(s, u))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.5.2: besieged and besieging forces do not move (the "
		               "besiegers are activated with siege_press)");
	const struct lw_unit *x = &s->unit[u];
	/* lw_force_co(s, x->hex): no siege at his hex (above), so the CO of
	 * the units of every side there; the units read once serve his
	 * force's cost too (issue 17, session 29: lw_force_co and
	 * lw_activation_cost each scanned every unit in the loop's act) */
	int us[LW_MAX_UNITS], n = lw_units_at(s, x->hex, LW_NOSIDE, us);
	int co = lw_set_co(s, us, n);
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
	if (f) { /* lw_activation_cost's force: his side's units there, in unit order */
		int mine = 0, it = 0;
		for (int k = 0; k < n; k++)
			if (s->unit[us[k]].side == x->side) {
				it += s->unit[us[k]].it;
				us[mine++] = us[k];
			}
		f->co = mine == n || !x->cavalry ? co : lw_set_co(s, us, mine);
		f->it = it;
	}
	return 0;
}

/* The end of both activation checks: on a campaign card u must be one of
 * the designated forces (10.7.3.1; besiegers included, 16.9.5.2) and where
 * it may go is lw_campaign.c's; otherwise the card must pay for him. */
static int check_designated_or_cost(const struct lw_state *s, int side, int u, int pc,
                                    bool campaign, bool besiegers, const struct force_read *f,
                                    struct tg_error *err)
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
		return lw_play_check_campaign_force(s, side, u, err); /* where: lw_campaign.c */
	}
	int cost = f ? lw_activation_cost_in(s, u, f->co, f->it) : lw_activation_cost(s, u);
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
	return check_designated_or_cost(s, side, u, pc, campaign, true, NULL, err);
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
int lw_play_check_campaign_force(const struct lw_state *s, int side, int u, struct tg_error *err)
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
	if (check_base(s, side, u, NULL, err) != 0)
		return -1;
	bool cav_sub = lw_force_co(s, x->hex) != u && x->cavalry;
	int it = cav_sub ? x->it : lw_force_it(s, x->hex);
	if (it > 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: campaign forces must be free of IT");
	return 0;
}

int lw_play_card_region(const struct lw_state *s, int side)
{
	const struct lw_card *k = lw_card(side, s->play.card);
	return k ? (int)k->campaign_region : LW_REGION_NONE;
}

/* The regions (bits) u's force could end its movement in, as far as the
 * designation needs to know: the card's region (10.7.3.1), or up to two
 * theaters (10.7.3.2). The force may stand outside them (the text judges
 * where the movement ends). */
unsigned lw_play_campaign_reach(const struct lw_state *s, int side, int u)
{
	if (besieging_co(s, side, u)) {
		/* 16.9.5.2: the besiegers do not move ("may not disengage"): their
		 * activation ends where they stand, in the besieged city */
		const struct lw_hex *h = lw_data_hex(lw_D(), s->unit[u].hex);
		return LW_CAMP_BIT(h ? (int)h->region : LW_REGION_NONE);
	}
	/* kept: the offer asks it of every force, the action again of the
	 * forces it names (lw_campaign_reach_force_kept) */
	if (s->play.campaign == 1)
		return lw_campaign_reach_force_kept(s, side, u,
		                                    LW_CAMP_BIT(lw_play_card_region(s, side)), 1);
	return lw_campaign_reach_force_kept(s, side, u, LW_CAMP_THEATERS, 2) & LW_CAMP_THEATERS;
}

int lw_play_check_reach(const struct lw_state *s, int side, unsigned m, struct tg_error *err)
{
	if (s->play.campaign == 1 && !(m & LW_CAMP_BIT(lw_play_card_region(s, side))))
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
 * lw_play_campaign_reach(). */
int lw_play_check_designation(const struct lw_state *s, int side, int u1, unsigned m1, int u2,
                              unsigned m2, struct tg_error *err)
{
	if (!s->play.campaign || s->groups.camp_n)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: no campaign awaits its forces");
	if (lw_play_check_campaign_force(s, side, u1, err) != 0 ||
	    lw_play_check_reach(s, side, m1, err) != 0)
		return -1;
	if (u2 == LW_NONE)
		return 0;
	if (lw_play_check_campaign_force(s, side, u2, err) != 0 ||
	    lw_play_check_reach(s, side, m2, err) != 0)
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

int lw_play_check_activate(const struct lw_state *s, int side, int u, int pc, bool campaign,
                           struct tg_error *err)
{
	struct force_read f;
	if (check_base(s, side, u, &f, err) != 0)
		return -1;
	return check_designated_or_cost(s, side, u, pc, campaign, false, &f, err);
}

int lw_play_check_activate_cost(const struct lw_state *s, int side, int u, int pc, int *cost,
                                struct tg_error *err)
{
	struct force_read f;
	if (check_base(s, side, u, &f, err) != 0 ||
	    check_designated_or_cost(s, side, u, pc, false, false, &f, err) != 0)
		return -1;
	*cost = lw_activation_cost_in(s, u, f.co, f.it);
	return 0;
}

int lw_play_check_remove_it(const struct lw_state *s, int side, int hex, struct tg_error *err)
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
