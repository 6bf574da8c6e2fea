/* lw_consolidation.c — 11.1.3.2 Consolidation Move (see lw_consolidation.h).
 *
 * "A GiC may start his activation by moving any or all generals in adjacent
 * hexes into his own hex ... this special action counts as only one movement
 * point ... More than twelve stars (six in a mountain hex) may overstack
 * temporarily in a hex during GiC consolidation, as long as stacking
 * restrictions are met by the end of the GiC's move." */
#include "lw_consolidation.h"

#include <stdio.h>
#include <string.h>

#include "lw_amphib.h"
#include "lw_campaign.h"
#include "lw_it.h"
#include "lw_march.h"
#include "lw_move.h"
#include "lw_siege.h"

/* ---- where things stand ------------------------------------------------------ */

static bool gic_is_mover(const struct lw_state *s, int gic)
{
	for (int i = 0; i < s->play.movers_n; i++)
		if (s->play.movers[i] == gic)
			return true;
	return false;
}

bool lw_consolidation_choosing(const struct lw_state *s)
{
	return s->phase == LW_PH_OPS && s->step == LW_ST_MOVE && s->play.consolidated == 2 &&
	       s->play.movers_n > 0 && s->side[s->play.side].gic != LW_NONE;
}

bool lw_consolidation_open(const struct lw_state *s)
{
	const struct lw_play *p = &s->play;
	return p->cons_hex != 0 && p->movers_n > 0 && lw_march_hex(s) == p->cons_hex;
}

bool lw_consolidation_overstacked(const struct lw_state *s)
{
	return lw_consolidation_open(s) && lw_stack_check_hex(s, s->play.cons_hex, s->play.side,
	                                                      NULL, 0, LW_NONE, 0, NULL) != 0;
}

void lw_consolidation_close(struct lw_state *s)
{
	s->play.cons_hex = 0;
}

/* Could the GiC start (or go on with) a consolidation move now? */
static bool may_consolidate(const struct lw_state *s)
{
	const struct lw_play *p = &s->play;
	if (s->phase != LW_PH_OPS || s->step != LW_ST_MOVE || p->movers_n == 0)
		return false;
	int side = p->side, gic = s->side[side].gic;
	if (gic == LW_NONE || p->co != gic || s->unit[gic].where != LW_W_MAP ||
	    !gic_is_mover(s, gic) || lw_siege_at(s, s->unit[gic].hex) >= 0)
		return false;
	if (p->consolidated == 2)
		return true;
	/* 10.7.3: a campaign force standing outside the region where it must
	 * end its movement may not spend a movement point on a consolidation
	 * (it could no longer get there) */
	unsigned al = lw_campaign_allowed(s);
	const struct lw_hex *h = lw_data_hex(lw_D(), s->unit[gic].hex);
	if (al && (!h || !(al & LW_CAMP_BIT((int)h->region))))
		return false;
	/* "start his activation": nothing moved, attacked or left behind yet */
	return p->consolidated == 0 && p->moved == 0 && !p->attacked && !s->land.stopped &&
	       lw_groups_waiting(&s->groups) == 0 && s->unit[gic].hex == p->start_hex;
}

/* 11.1.3.2 / 13.1.1: may u stand in the side's stack at hex, the star limit
 * aside (the temporary overstack)? One cavalry general at most, who may not
 * outrank the CO, as always. */
static int joins_temporarily(const struct lw_state *s, int hex, int side, int u,
                             struct tg_error *err)
{
	int cav = 0, cav_stars = 0, top = 0;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *x = &s->unit[i];
		if (i != u && (x->where != LW_W_MAP || x->hex != hex || x->side != side))
			continue;
		if (x->cavalry) {
			cav++;
			cav_stars = x->stars;
		} else if (x->stars > top) {
			top = x->stars;
		}
	}
	if (cav > 1)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.1.1: no more than one cavalry general per hex");
	if (top > 0 && cav_stars > top)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.1.1: a cavalry general may not outrank the CO of his force");
	return 0;
}

/* 12.4 / 13.1.1: is the side's stack at hex legal without unit u? */
static bool legal_without(const struct lw_state *s, int hex, int side, int u)
{
	return lw_stack_check_without(s, hex, side, &u, 1, NULL) == 0;
}

/* 0 if general u may be drawn into the GiC's hex now, else -1 citing the rule. */
static int join_check(const struct lw_state *s, int u, struct tg_error *err)
{
	const struct lw_play *p = &s->play;
	const struct lw_data *d = lw_D();
	if (!may_consolidate(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: only an activated General in Chief may make a "
		               "consolidation move, as he starts his activation (before moving, "
		               "attacking or leaving generals behind)");
	int side = p->side, gic = s->side[side].gic, hex = s->unit[gic].hex;
	if (u == LW_NONE || u < 0 || u >= s->n_units)
		return tg_fail(err, TG_E_MALFORMED,
		               "11.1.3.2: \"general\" must name a general to draw in");
	const struct lw_unit *x = &s->unit[u];
	if (x->where != LW_W_MAP || x->side != side || !tg_hex_adjacent(&d->grid, hex, x->hex) ||
	    (lw_data_hexside_flags(d, hex, x->hex) & LW_HS_IMPASSABLE))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: the GiC draws in only his own generals from the hexes "
		               "adjacent to his (not across an impassable hexside)");
	if (x->flags & LW_UF_ACTIVATED)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2 / 10.6.2: this general already moved on this card");
	if (lw_siege_at(s, x->hex) >= 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2 / 16.9.5: a general in a siege may not be drawn away");
	int one = u;
	if (lw_march_mis_rejoins(s, hex, &one, 1))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2 / 12.3.1: a Major Army dispersed to cross the Mississippi "
		               "may not rejoin on the same card phase: this general's part may not "
		               "be drawn into the hex of another part");
	if (p->movers_n >= LW_MAX_MOVERS ||
	    (lw_groups_find(&s->groups, u) < 0 && s->groups.n >= LW_GROUP_FORCE))
		return tg_fail(err, TG_E_ILLEGAL, "11.1.3.2: no more generals can join this force");
	if (!legal_without(s, x->hex, side, u))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "11.1.3.2 / 13.1.1: the generals left behind would not stack legally "
		    "(a cavalry general outranking their CO)");
	struct tg_error e = {0};
	if (joins_temporarily(s, hex, side, u, &e) != 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: only the star limit may be exceeded during the "
		               "consolidation (%s)",
		               e.message);
	return 0;
}

/* The adjacent generals the GiC may draw in now. */
static int candidates(const struct lw_state *s, int out[LW_MAX_UNITS])
{
	if (!may_consolidate(s))
		return 0;
	const struct lw_data *d = lw_D();
	int side = s->play.side, hex = s->unit[s->side[side].gic].hex, nb[6], n = 0;
	int nn = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < nn; i++) {
		int us[LW_MAX_UNITS];
		int k = lw_units_at(s, nb[i], side, us);
		for (int j = 0; j < k; j++)
			if (join_check(s, us[j], NULL) == 0)
				out[n++] = us[j];
	}
	return n;
}

/* The generals drawn in who stand in the GiC's hex: their IT, and the IT of
 * the others there (the GiC's own force). */
static void it_split(const struct lw_state *s, int *drawn_it, int *own_it)
{
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, s->play.cons_hex, s->play.side, us);
	*drawn_it = *own_it = 0;
	for (int i = 0; i < n; i++) {
		int gi = lw_groups_find(&s->groups, us[i]);
		if (gi >= 0 && s->groups.from[gi])
			*drawn_it += s->unit[us[i]].it;
		else
			*own_it += s->unit[us[i]].it;
	}
}

/* 18.2: "A GiC conducting consolidation could draw an IT-encumbered force
 * into his hex and, if unencumbered himself, eliminate up to three IT". */
static int it_removable(const struct lw_state *s)
{
	int drawn, own;
	it_split(s, &drawn, &own);
	int gic = s->side[s->play.side].gic;
	return lw_it_join_removal_max(own, s->unit[gic].stars, true, drawn);
}

/* Where a general drawn in may go if sent back: the hex he came from if he
 * may stand there (one hex, 1), else the hexes the 12.4 procedure offers
 * (the owner chooses among them, lw_displace_dests); 0: nowhere. */
static int return_hexes(const struct lw_state *s, int u, int from, int out[LW_DISPLACE_MAX])
{
	int side = s->unit[u].side, occ = lw_hex_owner_force(s, from);
	if ((occ == LW_NOSIDE || occ == side) && lw_siege_at(s, from) < 0 &&
	    lw_stack_check_hex(s, from, side, &u, 1, LW_NONE, 0, NULL) == 0) {
		out[0] = from;
		return 1;
	}
	return lw_displace_dests(s, s->play.cons_hex, u, LW_NONE, out);
}

/* Index in the groups list of a general drawn in who stands in the GiC's
 * hex, or -1. */
static int drawn_in(const struct lw_state *s, int u)
{
	int gi = lw_groups_find(&s->groups, u);
	if (gi < 0 || !s->groups.from[gi] || u < 0 || u >= s->n_units)
		return -1;
	const struct lw_unit *x = &s->unit[u];
	return x->where == LW_W_MAP && x->hex == s->play.cons_hex ? gi : -1;
}

/* 11.1.3.2: "as long as stacking restrictions are met by the end of the
 * GiC's move": sending back the group's last mover (the others left behind,
 * 12.8) ends its move, so he may go only if the hex is then within the
 * limits. The generals drawn in and left behind may still be sent back, and
 * sending them all back restores the GiC's starting stack, so a way to end
 * legally remains. */
static bool return_ends_over(const struct lw_state *s, int u)
{
	const struct lw_play *p = &s->play;
	return p->movers_n == 1 && p->movers[0] == u &&
	       lw_stack_check_without(s, p->cons_hex, p->side, &u, 1, NULL) != 0;
}

/* ---- offering ------------------------------------------------------------------ */

static void offer_joins(const struct lw_state *s, struct tg_offers *list)
{
	int c[LW_MAX_UNITS];
	int n = candidates(s, c);
	if (n == 0)
		return; /* (and there may be no GiC at all) */
	char id[48], name[64], hl[64], gl[64];
	lw_unit_name(s, s->side[s->play.side].gic, gl, sizeof gl);
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[c[i]];
		tg_offer(
		    list,
		    tg_act(list, "{s:s,s:s}", "type", "consolidate", "general",
		           lw_unit_id(s, c[i], id, sizeof id)),
		    "Consolidation move: %s draws %s (%d star%s%s, %d IT) from %s into his hex "
		    "(11.1.3.2)",
		    gl, lw_unit_name(s, c[i], name, sizeof name), x->stars,
		    x->stars == 1 ? "" : "s", x->cavalry ? ", cavalry" : "", x->it,
		    lw_hex_label(x->hex, hl, sizeof hl));
	}
}

static void offer_done(const struct lw_state *s, struct tg_offers *list)
{
	int max = it_removable(s);
	if (max == 0) {
		tg_offer(list, tg_act(list, "{s:s}", "type", "consolidate_done"),
		         "End the consolidation move: no more generals drawn in (11.1.3.2)");
		return;
	}
	json_t *choices = json_array();
	for (int k = max; k >= 0; k--) {
		char l[64];
		snprintf(l, sizeof l, "remove %d IT", k);
		json_array_append_new(choices, json_pack("{s:i,s:s}", "value", k, "label", l));
	}
	tg_offer_choice(list, tg_act(list, "{s:s}", "type", "consolidate_done"), "remove_it",
	                "IT removed (18.2)", choices,
	                "End the consolidation move and remove up to %d IT of the forces drawn "
	                "in (11.1.3.2, 18.2)",
	                max);
}

static void offer_returns(const struct lw_state *s, struct tg_offers *list)
{
	const struct lw_groups *g = &s->groups;
	char id[48], name[64], hl[64];
	for (int i = 0; i < g->n; i++) {
		int u = g->unit[i];
		if (drawn_in(s, u) != i || return_ends_over(s, u))
			continue;
		int to[LW_DISPLACE_MAX];
		int n = return_hexes(s, u, g->from[i], to);
		json_t *a = json_pack("{s:s,s:s}", "type", "consolidate_return", "general",
		                      lw_unit_id(s, u, id, sizeof id));
		lw_unit_name(s, u, name, sizeof name);
		if (n > 0 && to[0] == g->from[i]) {
			tg_offer(list, a,
			         "Send %s back to %s: the stacking limit must be met by the end of "
			         "the GiC's move (11.1.3.2)",
			         name, lw_hex_label(to[0], hl, sizeof hl));
		} else if (n > 0) {
			/* 12.4 / 11.1.2.3: the owner chooses where he is displaced */
			json_t *choices = json_array();
			for (int k = 0; k < n; k++)
				json_array_append_new(
				    choices, json_pack("{s:i,s:s}", "value", to[k], "label",
				                       lw_hex_label(to[k], hl, sizeof hl)));
			tg_offer_choice(list, a, "to", "where he is displaced (12.4)", choices,
			                "Displace %s (he cannot go back where he came from): the "
			                "stacking limit must be met by the end of the GiC's move "
			                "(11.1.3.2, 12.4)",
			                name);
		} else
			tg_offer(
			    list, a,
			    "Disgrace %s, who has nowhere to go: the stacking limit must be met "
			    "by the end of the GiC's move (11.1.3.2, 12.4)",
			    name);
	}
}

/* The march's entries that may resolve the overstack: a step out of the hex
 * (lw_move_check: a legal stack entered, a legal one left behind) and
 * leaving generals behind for it, the rows of the MOVE step's table
 * flagged LW_MARCH_OUT. */
static bool march_out(const char *type, const void *ctx)
{
	(void)ctx;
	const struct lw_action *x = lw_action_find(&lw_ops_move_actions, type);
	return x && (x->flags & LW_MARCH_OUT);
}

static void offer_march_filtered(const struct lw_state *s, int side, struct tg_offers *list)
{
	struct tg_offers_keep was;
	tg_offers_filter(list, march_out, NULL, &was);
	lw_march_offer(s, side, list);
	tg_offers_unfilter(list, &was);
}

void lw_consolidation_move_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (side == s->play.side && lw_consolidation_choosing(s)) {
		offer_joins(s, list);
		offer_done(s, list);
		return;
	}
	if (side == s->play.side && lw_consolidation_overstacked(s)) {
		offer_returns(s, list);
		offer_march_filtered(s, side, list);
		return;
	}
	if (side == s->play.side && s->play.consolidated == 0)
		offer_joins(s, list);
	lw_march_offer(s, side, list);
	lw_amphib_offer(s, side, list); /* 14.0 (lw_amphib.c) */
}

const char *lw_consolidation_prompt(const struct lw_state *s)
{
	if (lw_consolidation_choosing(s))
		return "Consolidation move: draw more adjacent generals into the General in "
		       "Chief's hex, or end it (11.1.3.2)";
	if (lw_consolidation_overstacked(s))
		return "The General in Chief's hex is over the stacking limit: send generals "
		       "drawn in back, or move on leaving some behind, before his move ends "
		       "(11.1.3.2)";
	return NULL;
}

/* ---- acting ---------------------------------------------------------------------- */

static int act_join(struct lw_state *s, const json_t *a, struct tg_error *err)
{
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	if (join_check(s, u, err) != 0)
		return -1;
	struct lw_play *p = &s->play;
	int side = p->side, gic = s->side[side].gic, hex = s->unit[gic].hex;
	if (p->consolidated == 0) {
		/* "counts as only one movement point", however many hexes */
		p->consolidated = 2;
		p->moved = 1;
		p->cons_hex = (int16_t)hex;
		char gl[64];
		lw_log(s, "General in Chief %s starts a consolidation move (11.1.3.2).",
		       lw_unit_name(s, gic, gl, sizeof gl));
	}
	char name[64], hl[64];
	lw_public_name(s, u, name, sizeof name); /* a hidden subordinate stays so (12.7) */
	int from = s->unit[u].hex;
	/* 18.2: a general leaving a force leaves its IT with it (the last one
	 * of the force brings it all) */
	lw_unit_leave_it(s, u, 0);
	struct lw_unit *x = &s->unit[u];
	x->hex = (int16_t)hex;
	x->cmd = 0; /* the GiC commands (11.1.3.1) */
	x->flags |= LW_UF_ACTIVATED;
	p->movers[p->movers_n++] = (int16_t)u;
	lw_groups_add(&s->groups, u); /* 12.5: of this force from now on */
	int gi = lw_groups_find(&s->groups, u);
	if (gi >= 0)
		s->groups.from[gi] = (int16_t)from;
	lw_log(s, "%s is drawn from %s into the General in Chief's hex (11.1.3.2).", name,
	       lw_hex_label(from, hl, sizeof hl));
	return 0;
}

static int act_done(struct lw_state *s, const json_t *a, struct tg_error *err)
{
	if (!lw_consolidation_choosing(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: no consolidation move is being made (draw a general in "
		               "first)");
	int max = it_removable(s), k = 0;
	bool said = json_object_get(a, "remove_it") != NULL;
	if ((said || max > 0) && !lw_a_int(a, "remove_it", &k))
		return tg_fail(err, TG_E_MALFORMED,
		               "18.2: say how many IT (0 to %d) the GiC removes (\"remove_it\")",
		               max);
	if (k < 0 || k > max)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2 / 18.2: the GiC may remove up to three IT of the forces "
		               "drawn in, and only if his own force carries none: here 0 to %d",
		               max);
	struct lw_play *p = &s->play;
	const struct lw_groups *g = &s->groups;
	for (int i = 0, left = k; i < g->n && left > 0; i++) {
		if (drawn_in(s, g->unit[i]) != i)
			continue;
		struct lw_unit *x = &s->unit[g->unit[i]];
		int t = x->it < left ? x->it : left;
		x->it = (int16_t)(x->it - t);
		if (x->it_new > x->it)
			x->it_new = (uint8_t)x->it;
		left -= t;
	}
	p->consolidated = 1;
	/* "If after the Consolidation Move, the GiC finds himself in command of
	 * a Major Army, he may move one additional hex ... or attack": with the
	 * one movement point spent, the 12.2/12.3 limits give exactly that. */
	p->major = lw_group_is_major(s, p->movers, p->movers_n) ? 1 : 0;
	p->max_move = p->major ? 2 : 3;
	int drawn = 0;
	for (int i = 0; i < g->n; i++)
		drawn += drawn_in(s, g->unit[i]) == i;
	char name[64];
	lw_log(s,
	       "General in Chief %s ends his consolidation move with %d general%s drawn in, "
	       "in command of a %s%s (11.1.3.2).",
	       lw_unit_name(s, s->side[p->side].gic, name, sizeof name), drawn,
	       drawn == 1 ? "" : "s", p->major ? "Major Army" : "Minor Army",
	       k ? ", and removes IT (18.2)" : "");
	return 0;
}

static int act_return(struct lw_state *s, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	if (!lw_consolidation_overstacked(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: generals drawn in are sent back only while the GiC's hex "
		               "is over the stacking limit");
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	int gi = u == LW_NONE ? -1 : drawn_in(s, u);
	if (gi < 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: \"general\" must name a general drawn in by the "
		               "consolidation who stands in the GiC's hex");
	if (return_ends_over(s, u))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: stacking restrictions must be met by the end of the "
		               "GiC's move: with him sent back the others' move would end, the "
		               "hex still over the limit (send back generals drawn in and left "
		               "behind, or move on)");
	struct lw_play *p = &s->play;
	struct lw_groups *g = &s->groups;
	int hex = p->cons_hex, from = g->from[gi], dests[LW_DISPLACE_MAX], to = LW_NO_HEX;
	int n = return_hexes(s, u, from, dests);
	if (n > 0 && dests[0] == from) {
		to = from;
	} else if (n > 0) {
		bool ok = false;
		if (lw_a_int(a, "to", &to))
			for (int k = 0; k < n; k++)
				ok |= dests[k] == to;
		if (!ok)
			return tg_fail(err, TG_E_ILLEGAL,
			               "11.1.3.2 / 12.4: he cannot go back where he came from; "
			               "\"to\" must name a hex the displacement procedure allows");
	}
	char name[64], hl[64];
	lw_public_name(s, u, name, sizeof name);
	/* 18.2: he leaves the IT with the force, as a general left behind does */
	lw_unit_leave_it(s, u, 0);
	for (int i = 0; i < p->movers_n; i++)
		if (p->movers[i] == u) {
			for (int k = i; k + 1 < p->movers_n; k++)
				p->movers[k] = p->movers[k + 1];
			p->movers_n--;
			p->movers[p->movers_n] = 0;
			break;
		}
	g->from[gi] = 0;
	g->wait[gi] = 0; /* left behind earlier: he does not move on */
	if (to == LW_NO_HEX) {
		lw_log(s,
		       "%s has nowhere to go from the overstacked %s and is disgraced (11.1.3.2, "
		       "12.4).",
		       name, lw_hex_label(hex, hl, sizeof hl));
		lw_disgrace_only(s, u); /* the GiC's hex is restacked by the owner */
	} else {
		lw_unit_place(s, u, to);
		lw_log(s,
		       "%s goes %s to %s: stacking must be met by the end of the GiC's move "
		       "(11.1.3.2).",
		       name, to == from ? "back" : "(displaced, 12.4)",
		       lw_hex_label(to, hl, sizeof hl));
	}
	if (p->movers_n == 0)
		lw_march_finish(s, out); /* nobody of the group is left in the hex */
	return 0;
}

/* The three actions are the phasing side's (11.1.3.2: the GiC's move). */
static int not_yours(const struct lw_state *s, int side, struct tg_error *err)
{
	if (side != s->play.side)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "11.1.3.2: not your activation");
	return 0;
}

int lw_consolidation_join_act(struct lw_state *s, int side, const json_t *a,
                              struct game_outcome *out, struct tg_error *err)
{
	(void)out;
	if (not_yours(s, side, err) != 0)
		return -1;
	return act_join(s, a, err);
}

int lw_consolidation_done_act(struct lw_state *s, int side, const json_t *a,
                              struct game_outcome *out, struct tg_error *err)
{
	(void)out;
	if (not_yours(s, side, err) != 0)
		return -1;
	return act_done(s, a, err);
}

int lw_consolidation_return_act(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err)
{
	if (not_yours(s, side, err) != 0)
		return -1;
	return act_return(s, a, out, err);
}

int lw_consolidation_gate(const struct lw_state *s, int side, unsigned flags, struct tg_error *err)
{
	if (side != s->play.side)
		return 0;
	if (lw_consolidation_choosing(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: finish the consolidation move first (draw in more "
		               "generals, or \"consolidate_done\")");
	if (lw_consolidation_overstacked(s) && !(flags & LW_MARCH_OUT)) {
		char hl[64];
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1.3.2: %s is over the stacking limit, which must be met by the "
		               "end of the GiC's move: send generals drawn in back "
		               "(\"consolidate_return\"), or move on leaving some behind",
		               lw_hex_label(s->play.cons_hex, hl, sizeof hl));
	}
	return 0;
}
