/* lw_march.c — 12.0 movement over the game state (see lw_march.h). */
#include "lw_march.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_campaign.h"
#include "lw_consolidation.h"
#include "lw_it.h"
#include "lw_supply.h"

int lw_march_hex(const struct lw_state *s)
{
	if (s->play.movers_n == 0)
		return LW_NO_HEX;
	return s->unit[s->play.movers[0]].hex;
}

bool lw_group_is_major(const struct lw_state *s, const int16_t *units, int n)
{
	int gens = 0, stars = 0;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *u = &s->unit[units[i]];
		if (!u->cavalry) {
			gens++;
			stars += u->stars;
		}
	}
	return lw_army_kind(gens, stars) == LW_ARMY_MAJOR;
}

void lw_march_track(const struct lw_state *s, struct lw_move_track *t)
{
	*t = (struct lw_move_track){0};
	t->moved = s->play.moved;
	t->major_limits = s->play.major;
	t->entered_mountain = s->land.mountain;
	t->crossed_river = s->play.crossed_river;
	t->attacked = s->play.attacked;
	t->stopped = s->land.stopped;
}

void lw_hexstep_between(const struct lw_state *s, int a, int b, bool major_now,
                        struct lw_hexstep *st)
{
	(void)s;
	const struct lw_data *d = lw_D();
	unsigned f = lw_data_hexside_flags(d, a, b);
	const struct lw_hex *h = lw_data_hex(d, b);
	*st = (struct lw_hexstep){0};
	st->major_now = major_now;
	st->into_mountain = h && h->terrain == LW_TERRAIN_MOUNTAIN;
	st->across_river = (f & LW_HS_RIVER) != 0;
	st->across_mississippi = (f & LW_HS_MISSISSIPPI) != 0;
	st->prohibited = (f & LW_HS_IMPASSABLE) != 0;
}

/* The IT of the moving group (18.1.1: they are on the whole force). */
static int movers_it(const struct lw_state *s)
{
	int it = 0;
	for (int i = 0; i < s->play.movers_n; i++)
		it += s->unit[s->play.movers[i]].it;
	return it;
}

/* t IT pass from unit a to unit b; those placed by this card (10.6.3,
 * it_new) go along when a no longer holds them. */
static void pass_it(struct lw_unit *a, struct lw_unit *b, int t)
{
	a->it = (int16_t)(a->it - t);
	b->it = (int16_t)(b->it + t);
	int excess = a->it_new - a->it;
	if (excess > 0) {
		a->it_new = (int16_t)(a->it_new - excess);
		b->it_new = (int16_t)(b->it_new + excess);
	}
}

/* 18.2: mover u leaves the group carrying exactly `carry` of its IT (no
 * more than the group has); the rest stays with the other movers. */
static void carry_it(struct lw_state *s, int u, int carry)
{
	struct lw_play *p = &s->play;
	struct lw_unit *x = &s->unit[u];
	for (int i = 0; i < p->movers_n && x->it != carry; i++) {
		struct lw_unit *o = &s->unit[p->movers[i]];
		if (p->movers[i] == u)
			continue;
		if (x->it > carry)
			pass_it(x, o, x->it - carry);
		else
			pass_it(o, x, carry - x->it < o->it ? carry - x->it : o->it);
	}
}

static int movers_co(const struct lw_state *s)
{
	/* The activated CO leads while he moves; if he was detached or lost,
	 * the highest-ranked mover (infantry first). */
	const struct lw_play *p = &s->play;
	for (int i = 0; i < p->movers_n; i++)
		if (p->movers[i] == p->co)
			return p->co;
	int best = LW_NONE;
	for (int i = 0; i < p->movers_n; i++) {
		const struct lw_unit *u = &s->unit[p->movers[i]];
		if (best == LW_NONE || (s->unit[best].cavalry && !u->cavalry) ||
		    (s->unit[best].cavalry == u->cavalry && u->stars > s->unit[best].stars))
			best = p->movers[i];
	}
	return best;
}

static bool cavalry_only(const struct lw_state *s)
{
	for (int i = 0; i < s->play.movers_n; i++)
		if (!s->unit[s->play.movers[i]].cavalry)
			return false;
	return s->play.movers_n > 0;
}

static int enemy_units_at(const struct lw_state *s, int hex, int side)
{
	int tmp[LW_MAX_UNITS];
	return lw_units_at(s, hex, LW_OTHER(side), tmp);
}

static bool is_mover(const struct lw_state *s, int u)
{
	for (int i = 0; i < s->play.movers_n; i++)
		if (s->play.movers[i] == u)
			return true;
	return false;
}

/* 12.5: "Units may not be dispersed from a force and re-enter the same
 * force on the same activation": does a general of the activated force who
 * is not moving now stand in hex? The force's generals are the few of
 * s->groups (lw_march_begin, pickups), so they are asked, not every unit
 * of the map: the same generals as those of the side in hex that the
 * groups list (the offer asks it for every hex around the movers). */
static bool dispersed_at(const struct lw_state *s, int hex)
{
	const struct lw_groups *g = &s->groups;
	for (int i = 0; i < g->n; i++) {
		int u = g->unit[i];
		if (u < 0 || u >= s->n_units)
			continue;
		const struct lw_unit *x = &s->unit[u];
		if (x->where == LW_W_MAP && x->hex == hex && x->side == s->play.side &&
		    !is_mover(s, u))
			return true;
	}
	return false;
}

/* 12.3.1 "may not rejoin on the same card phase" (play.mis_*, recorded by
 * mis_record): within the activation that dispersed the army, 12.5 above
 * keeps its parts apart; this keeps them apart for the rest of the card
 * play (a Campaign card's second force, 10.7.3, picking one up). */
_Static_assert(sizeof(struct lw_play) == 200, "struct lw_play has no hidden padding");
_Static_assert(LW_MIS_MAX <= 64, "12.3.1: the parts are a 64-bit set");

int lw_march_mis_part(const struct lw_state *s, int u)
{
	const struct lw_play *p = &s->play;
	for (int i = 0; i < p->mis_n && i < LW_MIS_MAX; i++)
		if (p->mis_unit[i] == u)
			return p->mis_part[i];
	return 0;
}

bool lw_march_mis_rejoins(const struct lw_state *s, int hex, const int *add, int n)
{
	if (s->play.mis_n == 0)
		return false;
	uint64_t mine = 0, there = 0;
	for (int i = 0; i < n; i++) {
		int k = lw_march_mis_part(s, add[i]);
		if (k > 0)
			mine |= 1ull << (k - 1);
	}
	if (!mine)
		return false;
	int us[LW_MAX_UNITS];
	int m = lw_units_at(s, hex, s->play.side, us);
	for (int j = 0; j < m; j++) {
		bool added = false;
		for (int i = 0; i < n && !added; i++)
			added = add[i] == us[j];
		int k = added ? 0 : lw_march_mis_part(s, us[j]);
		if (k > 0)
			there |= 1ull << (k - 1);
	}
	/* a part of theirs and another part of ours */
	return there && ((there & ~mine) || (mine & (mine - 1)));
}

int lw_march_entry_check(const struct lw_state *s, int hex, struct tg_error *err)
{
	if (dispersed_at(s, hex))
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.5: units may not be dispersed from a force and re-enter the "
		               "same force on the same activation");
	/* 12.3.1 / 12.1: the generals in a hex are one force, so a part that
	 * enters the hex of another (to pass through, to stop or to land)
	 * rejoins it (decision, docs/tests.md "Decided after the audit") */
	int add[LW_MAX_MOVERS];
	for (int i = 0; i < s->play.movers_n; i++)
		add[i] = s->play.movers[i];
	if (lw_march_mis_rejoins(s, hex, add, s->play.movers_n))
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.3.1: a Major Army dispersed to cross the Mississippi may not "
		               "rejoin on the same card phase: a part of it may not enter the hex "
		               "of another part before the next card play");
	return 0;
}

/* 12.4: does the step into `to` end the movers' movement there (12.5 / 12.9
 * a CO of equal or higher rank, 16.9.5.2 a siege, the last hex of the
 * allowance, 12.3.1 a Major Army's river crossing)? */
static bool step_ends_move(const struct lw_state *s, const struct lw_move_track *t,
                           const struct lw_hexstep *st, int to)
{
	struct lw_move_track after = *t;
	lw_move_step_record(&after, st);
	return lw_march_step_stops(s, to) || after.crossed_river ||
	       after.moved >= lw_move_max(&after);
}

static bool any_step_out(const struct lw_state *s);

/* 12.4: after stepping into `to`, could the movers step on out of it (a
 * hex over the limits is only passed through)? */
static bool steps_on_from(const struct lw_state *s, int to)
{
	struct lw_state *x = malloc(sizeof *x);
	if (!x)
		return false;
	memcpy(x, s, sizeof *x);
	lw_consolidation_close(x);
	lw_march_step_apply(x, to);
	bool on = any_step_out(x);
	free(x);
	return on;
}

/* What step_check_from reads of the movers and of the hex they leave, the same
 * whichever hex they step into: found once when the six hexes around them
 * are asked (the offer, any_step_out), not once a hex. */
struct step_from {
	int side, from;
	bool inland_ok; /* 14.4, lw_pcsa_inland_ok */
	struct lw_move_track t;
	bool major_now; /* the movers are a Major Army */
	int add[LW_MAX_MOVERS];
	int left; /* 13.1.1 / 12.4: those left behind stack legally: 1, 0, -1 not asked yet */
};

static void step_from_init(const struct lw_state *s, struct step_from *f)
{
	const struct lw_play *p = &s->play;
	f->side = p->side;
	f->from = lw_march_hex(s);
	f->inland_ok = f->from == LW_NO_HEX || lw_pcsa_inland_ok(s, f->side, f->from);
	lw_march_track(s, &f->t);
	f->major_now = lw_group_is_major(s, p->movers, p->movers_n);
	for (int i = 0; i < p->movers_n; i++)
		f->add[i] = p->movers[i];
	f->left = -1;
}

/* lw_move_check but for 10.7.3's judgement (the reach search, which the
 * look-ahead of 12.4 must not run again from inside itself) */
static int step_check_from(const struct lw_state *s, struct step_from *f, int to,
                           struct tg_error *err)
{
	const struct lw_play *p = &s->play;
	const struct lw_data *d = lw_D();
	int side = f->side, from = f->from;
	if (from == LW_NO_HEX)
		return tg_fail(err, TG_E_ILLEGAL, "12.0: no force is moving");
	if (lw_siege_blocks_entry(s, side, to))
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5.3: a besieged force is never reinforced");
	if (!f->inland_ok)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "14.4: no moving inland out of a captured ocean port but New Orleans "
		    "and the Port City Staging Area");
	if (!tg_hex_adjacent(&d->grid, from, to))
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.0: a force moves one hex at a time, into an "
		               "adjacent hex");
	const struct lw_hex *h = lw_data_hex(d, to);
	if (!h || h->terrain == LW_TERRAIN_OCEAN)
		return tg_fail(err, TG_E_ILLEGAL, "15.0: land forces may not enter ocean hexes");
	/* 16.9.5.3: the besiegers' side enters the siege freely (not an attack) */
	bool joins_siege = lw_siege_reinforces(s, side, to);
	if (enemy_units_at(s, to, side) > 0 && !joins_siege)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "16.1: a hex held by the enemy may not be entered; attack it instead");
	int c = lw_city_at(to);
	if (c >= 0) {
		const struct lw_city *city = &d->cities[c];
		if (side == LW_CONFEDERATE && city->no_confederate_entry)
			return tg_fail(err, TG_E_ILLEGAL, "2.3: Confederate units may not enter %s",
			               city->name);
		if (lw_city_controller(s, c) == LW_OTHER(side) && !city->bracketed && !joins_siege)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "16.1.2: %s is an enemy city: it must be attacked, not entered",
			    city->name);
	}
	if (lw_march_entry_check(s, to, err) != 0)
		return -1;
	struct lw_hexstep st;
	lw_hexstep_between(s, from, to, f->major_now, &st);
	if (lw_move_step_check(&f->t, &st, err) != 0)
		return -1;
	/* 12.4: "Stacking limits are checked and must be met after the
	 * completion of movement": a hex the movers only pass through may be
	 * over the limits, the hex where this step ends their move may not
	 * (docs/decisions.md "12.4 / 13.1.1 / 12.5: stacking is checked where a move ends") */
	if (lw_stack_check_hex(s, to, side, f->add, p->movers_n, LW_NONE, 0, err) != 0) {
		if (step_ends_move(s, &f->t, &st, to))
			return -1;
		if (!steps_on_from(s, to)) {
			char why[sizeof err->message];
			snprintf(why, sizeof why, "%s", err ? err->message : "");
			return tg_fail(err, TG_E_ILLEGAL,
			               "%s: from there the force could not move on, and its move "
			               "may not end over the stacking limits (12.4)",
			               why);
		}
	}
	/* 12.4 / 13.1.1: those left behind must still stack legally (the same
	 * for every hex stepped into: asked once) */
	if (f->left < 0)
		f->left = lw_stack_check_without(s, from, side, f->add, p->movers_n, NULL) == 0;
	if (!f->left)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.1.1 / 12.4: the generals left behind would not stack legally "
		               "(a cavalry general outranking their CO, or too many stars)");
	return 0;
}

static int move_check_from(const struct lw_state *s, struct step_from *f, int to,
                           struct tg_error *err)
{
	if (step_check_from(s, f, to, err) != 0)
		return -1;
	/* 10.7.3: a campaign force may pass outside its region if it can still
	 * end its movement inside (lw_campaign.c) */
	return lw_campaign_step_check(s, to, err);
}

int lw_move_check(const struct lw_state *s, int to, struct tg_error *err)
{
	struct step_from f;
	step_from_init(s, &f);
	return move_check_from(s, &f, to, err);
}

/* lw_march_step_stops, host being lw_force_co(s, to) */
static bool step_stops_host(const struct lw_state *s, int to, int host)
{
	/* 12.5 / 12.9 / 11.2.2: a friendly CO of equal or higher rank stops us */
	int side = s->play.side, co = movers_co(s);
	if (host != LW_NONE && !cavalry_only(s) && s->side[side].gic != co &&
	    !s->unit[host].cavalry && s->unit[host].stars >= s->unit[co].stars)
		return true;
	/* 16.9.5.2: besiegers may not disengage: the movers stay */
	return lw_siege_reinforces(s, side, to);
}

bool lw_march_step_stops(const struct lw_state *s, int to)
{
	return step_stops_host(s, to, lw_force_co(s, to));
}

bool lw_march_overstacked(const struct lw_state *s)
{
	const struct lw_play *p = &s->play;
	int hex = lw_march_hex(s);
	/* 11.1.3.2's temporary overstack has its own rule (lw_consolidation.c) */
	return p->movers_n > 0 && !s->land.stopped && hex != LW_NO_HEX &&
	       !lw_consolidation_open(s) &&
	       lw_stack_check_hex(s, hex, p->side, NULL, 0, LW_NONE, 0, NULL) != 0;
}

/* Does some step lead the movers out of their hex (10.7.3's judgement
 * aside: it decides whether the step in was open)? */
static bool any_step_out(const struct lw_state *s)
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, lw_march_hex(s), nb);
	struct step_from f;
	step_from_init(s, &f);
	for (int i = 0; i < n; i++)
		if (step_check_from(s, &f, nb[i], NULL) == 0)
			return true;
	return false;
}

int lw_march_stop_check(const struct lw_state *s, struct tg_error *err)
{
	if (!lw_march_overstacked(s) || !any_step_out(s))
		return 0;
	struct tg_error why = {0};
	int hex = lw_march_hex(s);
	lw_stack_check_hex(s, hex, s->play.side, NULL, 0, LW_NONE, 0, &why);
	char hl[64];
	return tg_fail(err, TG_E_ILLEGAL,
	               "12.4: stacking limits must be met after the completion of movement, and "
	               "%s is over them (%s): move on, or leave generals behind",
	               lw_hex_label(hex, hl, sizeof hl), why.message);
}

int lw_stack_check_without(const struct lw_state *s, int hex, int side, const int *leaving,
                           int n_leaving, struct tg_error *err)
{
	/* the side's units at hex in unit order, by lw_units_at (the offers
	 * ask this per destination: the amphibious and rail checks) */
	struct lw_stack_unit su[LW_MAX_UNITS];
	int at[LW_MAX_UNITS];
	int m = lw_units_at(s, hex, side, at), n = 0;
	for (int j = 0; j < m; j++) {
		int i = at[j];
		const struct lw_unit *u = &s->unit[i];
		if (u->side != side) /* (side LW_NOSIDE: lw_units_at gives every side) */
			continue;
		bool gone = false;
		for (int k = 0; k < n_leaving && !gone; k++)
			gone = leaving[k] == i;
		if (gone)
			continue;
		su[n].stars = u->stars;
		su[n].cavalry = u->cavalry;
		n++;
	}
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return lw_stack_check(su, n, h && h->terrain == LW_TERRAIN_MOUNTAIN, err);
}

int lw_stack_fewest_to_leave(const struct lw_state *s, int hex, int side, const int *u, int n,
                             unsigned must, bool by_stars, bool *in_best)
{
	if (n > LW_FEWEST_MAX)
		n = LW_FEWEST_MAX; /* the mask below and set[] */
	for (int i = 0; i < n; i++)
		in_best[i] = false;
	if (lw_stack_check_without(s, hex, side, NULL, 0, NULL) == 0)
		return -1;
	int best = 1 << 20;
	for (unsigned m = 1; m < (1u << n); m++) {
		if ((m & must) != must)
			continue;
		int set[LW_FEWEST_MAX], k = 0, cost = 0;
		for (int i = 0; i < n; i++)
			if (m & (1u << i)) {
				set[k++] = u[i];
				cost += by_stars ? s->unit[u[i]].stars : 1;
			}
		if (cost > best || lw_stack_check_without(s, hex, side, set, k, NULL) != 0)
			continue;
		if (cost < best) {
			best = cost;
			for (int i = 0; i < n; i++)
				in_best[i] = false;
		}
		for (int i = 0; i < n; i++)
			in_best[i] |= (m & (1u << i)) != 0;
	}
	return best < (1 << 20) ? best : 0;
}

/* 12.4: the one displacement procedure (lw_displace.c). */
void lw_unstack(struct lw_state *s, int hex, int side)
{
	lw_fix_overstack(s, hex, side);
}

int lw_attack_target_check(const struct lw_state *s, int target, struct tg_error *err)
{
	const struct lw_play *p = &s->play;
	const struct lw_data *d = lw_D();
	int side = p->side, from = lw_march_hex(s);
	if (from == LW_NO_HEX)
		return tg_fail(err, TG_E_ILLEGAL, "16.1: no force is activated");
	if (!tg_hex_adjacent(&d->grid, from, target))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.1: the attacking force must be adjacent to its target");
	if (s->side[side].pc <= 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.6: with zero PC a side may not attack");
	if (s->cav.act_rit == LW_ACT_RIT_LAID) /* lw_cavalry.c */
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "13.2.3: cavalry that laid an RIT may not fight in the same activation");
	int c = lw_city_at(target);
	bool enemy_force = enemy_units_at(s, target, side) > 0;
	bool enemy_city = c >= 0 && lw_city_controller(s, c) == LW_OTHER(side);
	if (!enemy_force && !enemy_city)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.1: only an enemy force or city can be attacked");
	if (!enemy_force && d->cities[c].bracketed)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.6: bracketed regions may not be captured by an opponent");
	if (lw_may_attack_hex(s, side, target, err) != 0)
		return -1;
	/* 10.7.3: an attacking force ends its movement where it stands */
	if (lw_campaign_stop_check(s, err) != 0)
		return -1;
	struct lw_move_track t;
	lw_march_track(s, &t);
	struct lw_hexstep st;
	lw_hexstep_between(s, from, target, lw_group_is_major(s, p->movers, p->movers_n), &st);
	return lw_attack_check(&t, &st, err);
}

/* ---- starting ---------------------------------------------------------------- */

void lw_march_begin(struct lw_state *s, int u, bool cavalry_alone)
{
	struct lw_play *p = &s->play;
	int hex = s->unit[u].hex, side = s->unit[u].side;
	p->movers_n = 0;
	if (cavalry_alone) {
		p->movers[p->movers_n++] = (int16_t)u;
	} else {
		int all[LW_MAX_UNITS];
		int n = lw_units_at(s, hex, side, all);
		p->movers[p->movers_n++] = (int16_t)u; /* the CO first */
		/* generals that already moved on this card (the other campaign
		 * force, joined here) do not move twice */
		for (int i = 0; i < n && p->movers_n < LW_MAX_MOVERS; i++)
			if (all[i] != u && !(s->unit[all[i]].flags & LW_UF_ACTIVATED))
				p->movers[p->movers_n++] = (int16_t)all[i];
	}
	/* 12.5: the force of this activation (the other campaign force is not) */
	struct lw_groups *g = &s->groups;
	lw_groups_new_force(g);
	for (int i = 0; i < p->movers_n; i++) {
		s->unit[p->movers[i]].flags |= LW_UF_ACTIVATED;
		lw_groups_add(g, p->movers[i]);
	}
	p->co = (int16_t)u;
	p->start_hex = (int16_t)hex;
	p->moved = 0;
	p->attacked = 0;
	p->crossed_river = 0;
	p->major = lw_group_is_major(s, p->movers, p->movers_n) ? 1 : 0;
	p->max_move = p->major ? 2 : 3;
	s->land.mountain = 0;
	s->land.stopped = 0;
	s->step = LW_ST_MOVE;
	lw_cav_activation_begin(s); /* 13.2.3: one RIT or raid per activation */
}

/* ---- offering -------------------------------------------------------------------- */

static bool revive_possible(const struct lw_state *s, int hex)
{
	/* 18.2: movers without IT joining a friendly force with IT */
	const struct lw_play *p = &s->play;
	/* stopped with movers still here: they joined a CO of equal or higher
	 * rank (12.5, lw_march_joined), the one stop that may still revive */
	if (p->attacked || p->moved == 0 || lw_siege_at(s, hex) >= 0)
		return false;
	if (lw_campaign_stop_check(s, NULL) != 0) /* 10.7.3: it stops here */
		return false;
	int mine = 0, all = lw_force_it(s, hex);
	for (int i = 0; i < p->movers_n; i++)
		mine += s->unit[p->movers[i]].it;
	int here[LW_MAX_UNITS];
	return mine == 0 && all > 0 && lw_units_at(s, hex, p->side, here) > p->movers_n;
}

/* 12.3.1: would the movers taking the force in hex along bring two parts
 * of a Major Army dispersed across the Mississippi together? */
static bool pickup_rejoins(const struct lw_state *s, int hex)
{
	int add[LW_MAX_MOVERS];
	for (int i = 0; i < s->play.movers_n; i++)
		add[i] = s->play.movers[i];
	return lw_march_mis_rejoins(s, hex, add, s->play.movers_n);
}

static bool pickup_possible(const struct lw_state *s, int hex)
{
	const struct lw_play *p = &s->play;
	if (s->land.stopped || p->attacked || cavalry_only(s))
		return false;
	if (lw_march_overstacked(s)) /* 12.4: the move may not end here; move on */
		return false;
	int all[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, p->side, all);
	if (n <= p->movers_n || n > LW_MAX_MOVERS || s->groups.n + n - p->movers_n > LW_GROUP_FORCE)
		return false;
	if (pickup_rejoins(s, hex)) /* 12.3.1 */
		return false;
	/* 12.5: only a moving CO who outranks the force's CO (or the GiC,
	 * 11.1.3.1) picks it up; never the generals dispersed from his own */
	int co = movers_co(s), host = LW_NONE;
	for (int i = 0; i < n; i++) {
		if (is_mover(s, all[i]))
			continue;
		if (lw_groups_find(&s->groups, all[i]) >= 0)
			return false;
		const struct lw_unit *x = &s->unit[all[i]];
		if (!x->cavalry && (host == LW_NONE || x->stars > s->unit[host].stars))
			host = all[i];
	}
	return host == LW_NONE || s->side[p->side].gic == co ||
	       s->unit[co].stars > s->unit[host].stars;
}

/* A waiting general still where he was left (not displaced or lost since). */
static bool waiting_ok(const struct lw_state *s, int i)
{
	const struct lw_groups *g = &s->groups;
	if (!g->wait[i])
		return false;
	const struct lw_unit *x = &s->unit[g->unit[i]];
	return x->where == LW_W_MAP && x->side == s->play.side && x->hex == g->hex[i];
}

static bool any_waiting(const struct lw_state *s)
{
	for (int i = 0; i < s->groups.n; i++)
		if (waiting_ok(s, i))
			return true;
	return false;
}

/* 12.0 / 12.8: once a group has finished, the generals left behind may move
 * as separate groups, one hex of them at a time (they may leave some of
 * their number behind again: "detach"). */
static void offer_groups(const struct lw_state *s, struct tg_offers *list)
{
	const struct lw_groups *g = &s->groups;
	char hl[64];
	for (int i = 0; i < g->n; i++) {
		if (!waiting_ok(s, i))
			continue;
		bool seen = false;
		int count = 0;
		for (int k = 0; k < g->n; k++)
			if (waiting_ok(s, k) && g->hex[k] == g->hex[i]) {
				seen |= k < i;
				count++;
			}
		if (seen)
			continue;
		tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "next_group", "hex", g->hex[i]),
		         "Move the %d general%s left at %s as a separate group (12.8)", count,
		         count == 1 ? "" : "s", lw_hex_label(g->hex[i], hl, sizeof hl));
	}
	if (lw_campaign_leave_check(s, NULL) == 0) /* 10.7.3 */
		tg_offer(list, tg_act(list, "{s:s}", "type", "stop"),
		         "End the activation: the generals left behind stay where they are");
}

void lw_march_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_play *p = &s->play;
	if (side != p->side || s->step != LW_ST_MOVE)
		return;
	if (p->movers_n == 0) {
		offer_groups(s, list);
		return;
	}
	const struct lw_data *d = lw_D();
	int from = lw_march_hex(s);
	char name[64], hl[64], id[48];
	lw_unit_name(s, movers_co(s), name, sizeof name);
	if (s->land.stopped) { /* 12.5 / 18.2: joined, the move is over (lw_march_joined) */
		if (revive_possible(s, from))
			tg_offer(list, tg_act(list, "{s:s}", "type", "revive"),
			         "%s removes IT from the force he joined (18.2)", name);
		tg_offer(list, tg_act(list, "{s:s}", "type", "stop"),
		         "%s joins the force without removing IT (12.5)", name);
		return;
	}
	/* 12.4: passing through a hex over the limits, the group may only move
	 * on or leave generals behind; it stops there only when no step leads
	 * out (lw_march_finish then restores the limit) */
	bool over = lw_march_overstacked(s);
	int nb[6];
	int n = from != LW_NO_HEX ? tg_hex_neighbours(&d->grid, from, nb) : 0;
	struct step_from f;
	step_from_init(s, &f);
	for (int i = 0; i < n; i++) {
		if (move_check_from(s, &f, nb[i], NULL) == 0)
			tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "move", "to", nb[i]),
			         "Move %s to %s", name, lw_hex_label(nb[i], hl, sizeof hl));
		if (!over && lw_attack_target_check(s, nb[i], NULL) == 0)
			tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "attack", "target", nb[i]),
			         "%s attacks %s", name, lw_hex_label(nb[i], hl, sizeof hl));
	}
	if (!p->attacked && p->movers_n > 1 && !(s->unit[p->co].flags & LW_UF_RELUCTANT))
		for (int i = 0; i < p->movers_n; i++) {
			int u = p->movers[i];
			if (lw_campaign_detach_check(s, u, NULL) != 0) /* 10.7.3 */
				continue;
			if (over && lw_march_detach_check(s, u, NULL) != 0) /* 12.4 */
				continue;
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "detach", "unit",
			                lw_unit_id(s, u, id, sizeof id)),
			         "Leave %s behind in %s", lw_unit_name(s, u, hl, sizeof hl),
			         lw_hex_label(from, name, sizeof name));
			/* 18.2: he may carry away up to his stars in IT */
			int max = lw_it_detach_max(movers_it(s), s->unit[u].stars);
			for (int k = 1; k <= max; k++)
				tg_offer(list,
				         tg_act(list, "{s:s,s:s,s:i}", "type", "detach", "unit",
				                lw_unit_id(s, u, id, sizeof id), "it", k),
				         "Leave %s behind in %s with %d of the force's IT (18.2)",
				         lw_unit_name(s, u, hl, sizeof hl),
				         lw_hex_label(from, name, sizeof name), k);
			lw_unit_name(s, movers_co(s), name, sizeof name);
		}
	if (over) {
		if (lw_march_stop_check(s, NULL) == 0)
			tg_offer(list, tg_act(list, "{s:s}", "type", "stop"),
			         "End %s's move: no step leads out of this hex over the stacking "
			         "limits, and generals are displaced to meet them (12.4)",
			         name);
		return;
	}
	if (from != LW_NO_HEX && pickup_possible(s, from))
		tg_offer(list, tg_act(list, "{s:s}", "type", "pickup"),
		         "%s takes the force in this hex along (12.5)", name);
	if (from != LW_NO_HEX && revive_possible(s, from))
		tg_offer(list, tg_act(list, "{s:s}", "type", "revive"),
		         "%s stops here and removes IT from the force (18.2)", name);
	lw_cav_march_offer(s, side, list);        /* 13.2.2 raids, 13.2.3 RIT (lw_cavalry.c) */
	if (lw_campaign_stop_check(s, NULL) == 0) /* 10.7.3 */
		tg_offer(list, tg_act(list, "{s:s}", "type", "stop"), "End %s's move", name);
}

/* ---- acting ----------------------------------------------------------------------- */

static bool in_virginia(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->region == LW_REGION_EASTERN;
}

/* 10.7.8.2: once per turn, a Union force moving next to Richmond: one PC. */
void lw_march_richmond_bonus(struct lw_state *s, int side, int hex)
{
	if (side != LW_UNION || s->side[side].richmond_bonus)
		return;
	int r = lw_capital_hex(LW_CONFEDERATE);
	if (r && tg_hex_adjacent(&lw_D()->grid, hex, r)) {
		s->side[side].richmond_bonus = 1;
		lw_gain_pc(s, side, 1);
		lw_log(s, "The Union moves next to Richmond: +1 PC (10.7.8.2).");
	}
}

/* 12.3.1: "It must disperse into Minor Armies to do so and may not rejoin
 * on the same card phase. It may rejoin on the next card phase if desired."
 * The activation that dispersed a Major Army across the Mississippi is
 * over and another force of this card play is still to move (10.7.3; a
 * card play has at most two activations, so the list never holds more than
 * one activated force, LW_MIS_MAX = LW_GROUP_FORCE): every general of its
 * force on the map is listed with his part, the generals of one hex one
 * part (12.5 kept the groups of the activation in separate hexes). The
 * list goes when the card play ends (lw_play is cleared). */
static void mis_record(struct lw_state *s)
{
	struct lw_play *p = &s->play;
	const struct lw_groups *g = &s->groups;
	if (!p->mis_crossed)
		return;
	p->mis_crossed = 0;
	if (p->activations_left == 0)
		return; /* nobody else moves on this card */
	int base = 0;
	for (int i = 0; i < p->mis_n; i++)
		base = p->mis_part[i] > base ? p->mis_part[i] : base;
	int16_t hexes[LW_MIS_MAX];
	int nh = 0;
	for (int i = 0; i < g->n && p->mis_n < LW_MIS_MAX; i++) {
		int u = g->unit[i];
		if (u < 0 || u >= s->n_units || lw_march_mis_part(s, u) > 0)
			continue;
		const struct lw_unit *x = &s->unit[u];
		if (x->where != LW_W_MAP || x->side != p->side)
			continue;
		int k = 0;
		while (k < nh && hexes[k] != x->hex)
			k++;
		if (k == nh)
			hexes[nh++] = x->hex;
		p->mis_unit[p->mis_n] = (int16_t)u;
		p->mis_part[p->mis_n] = (uint8_t)(base + 1 + k);
		p->mis_n++;
	}
	if (nh > 1)
		lw_log(s,
		       "The %d parts of the Major Army dispersed to cross the Mississippi may not "
		       "rejoin before the next card play (12.3.1).",
		       nh);
}

/* The activation is over: nobody waits any more (the campaign force moving
 * is done) and the card play goes on. */
static void end_activation(struct lw_state *s, struct game_outcome *out)
{
	struct lw_groups *g = &s->groups;
	mis_record(s);
	for (int i = 0; i < g->n; i++)
		g->wait[i] = 0;
	g->camp_now = -1;
	s->play.movers_n = 0;
	lw_card_continue(s, out);
}

void lw_march_joined(struct lw_state *s, struct game_outcome *out)
{
	/* 12.5: "that Force's movement ends immediately" */
	s->land.stopped = 1;
	int hex = lw_march_hex(s);
	/* 18.2: "a general or force without IT moving into an IT-encumbered
	 * force can remove a number of IT equal to the rank of the CO moving
	 * into the hex" -- whoever commands the hex entered (its example: a
	 * two-star general moved into a force with three IT). May, not must:
	 * the owner answers `revive` or `stop` first. */
	if (hex != LW_NO_HEX && revive_possible(s, hex)) {
		s->step = LW_ST_MOVE;
		return;
	}
	lw_march_finish(s, out);
}

void lw_march_finish(struct lw_state *s, struct game_outcome *out)
{
	struct lw_play *p = &s->play;
	int hex = lw_march_hex(s);
	/* 10.7.8.1: a Union force activated that ends its move in Virginia */
	if (p->side == LW_UNION && hex != LW_NO_HEX && in_virginia(hex))
		s->side[LW_UNION].eastern_done = 1;
	/* 12.10: an out-of-supply force back in supply loses its marker */
	if (hex != LW_NO_HEX)
		lw_supply_reopen_force(s, hex, p->side);
	/* 12.4: a group whose move ends in a hex over the limits (no step led
	 * out of it) meets them by the displacement procedure (lw_displace.c) */
	if (lw_march_overstacked(s))
		lw_unstack(s, hex, p->side);
	s->land.stopped = 1;
	p->movers_n = 0;
	lw_consolidation_close(s); /* 11.1.3.2: the GiC's move is over (legally stacked) */
	if (any_waiting(s)) {
		s->step = LW_ST_MOVE; /* 12.8: the next group, or the end (offer_groups) */
		return;
	}
	end_activation(s, out);
}

/* lw_march_step_apply, stop being lw_march_step_stops(s, to) and keeper
 * (read when stop) lw_force_co_side(s, to, the movers' side), both read
 * before any unit moves: act_move reads them under its hold of the units
 * (issue 17, session 29: lw_march_step_stops' lw_force_co, a scan of every
 * unit, 1,895 calls in bench_rules 6 6's lw_act) */
static void step_apply_known(struct lw_state *s, int to, bool stop, int keeper)
{
	struct lw_play *p = &s->play;
	int from = lw_march_hex(s);
	struct lw_hexstep st;
	lw_hexstep_between(s, from, to, lw_group_is_major(s, p->movers, p->movers_n), &st);
	struct lw_move_track t;
	lw_march_track(s, &t);
	lw_move_step_record(&t, &st);
	/* 12.3.1: a group dispersed from a Major Army crosses the Mississippi
	 * (as a Major Army it could not: lw_move_step_check) */
	if (st.across_mississippi && p->major && !st.major_now)
		p->mis_crossed = 1;
	p->moved = (uint8_t)t.moved;
	p->crossed_river = t.crossed_river;
	s->land.mountain = t.entered_mountain;
	/* 12.5 / 12.9 / 11.2.2, 16.9.5.2 */
	if (stop) /* 11.0.1: the CO already there keeps command */
		lw_co_keeps_command(s, keeper);
	for (int i = 0; i < p->movers_n; i++) {
		struct lw_unit *u = &s->unit[p->movers[i]];
		u->hex = (int16_t)to;
		if (stop)
			u->cmd = 0; /* 11.2.1: subordinate to the CO already there */
	}
}

bool lw_march_step_apply(struct lw_state *s, int to)
{
	/* what it reads (the units, the play's movers, the sieges) the step's
	 * track (moved, crossed_river, mountain) does not change */
	bool stop = lw_march_step_stops(s, to);
	step_apply_known(s, to, stop, stop ? lw_force_co_side(s, to, s->play.side) : LW_NONE);
	return stop;
}

static int act_move(struct lw_state *s, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	struct lw_play *p = &s->play;
	int to;
	if (!lw_a_int(a, "to", &to))
		return tg_fail(err, TG_E_MALFORMED, "a move needs an integer \"to\" hex");
	/* until the step moves them, no unit moves: the check's hexes, the
	 * host and the leader read one index of the units by hex
	 * (lw_units_hold), each a scan of every unit before (issue 17) */
	bool held = lw_units_hold(s);
	if (lw_move_check(s, to, err) != 0) {
		lw_units_release(held);
		return -1;
	}
	int side = p->side, co = movers_co(s);
	/* 11.1.3.2: the group leaves the hex of the temporary overstack, whose
	 * stacking lw_move_check found legal without it */
	lw_consolidation_close(s);
	int host = lw_force_co(s, to);
	bool stop = step_stops_host(s, to, host);
	int keeper = stop ? lw_force_co_side(s, to, side) : LW_NONE;
	int from = s->unit[co].hex;
	bool seen = lw_unit_seen(s, co);
	lw_units_release(held);
	step_apply_known(s, to, stop, keeper);
	char name[96], hl[64];
	/* 12.7: the leader is named if the enemy sees him where he starts or
	 * where he ends the step, else only his side and the hex he left
	 * (docs/decisions.md "The public log says no more than the views") */
	if (seen || lw_unit_seen(s, co))
		lw_unit_name(s, co, name, sizeof name);
	else
		snprintf(name, sizeof name, "A %s force from %s", lw_side_title(side),
		         lw_hex_label(from, hl, sizeof hl));
	lw_log(s, "%s moves to %s.", name, lw_hex_label(to, hl, sizeof hl));
	/* 2.4.2 / 2.4.3: Kentucky neutrality, neutral cities taken on entry (the
	 * capture's 16.10.1.1 IT is lw_capture_city's) */
	lw_border_enter(s, side, to);
	lw_march_richmond_bonus(s, side, to);
	/* 13.2.5: the non-phasing player may harass now (lw_harass.c resumes) */
	if (lw_harass_begin(s, to, stop))
		return 0;
	if (stop) {
		lw_log(s, "%s joins the force of %s and stops (12.5).", name,
		       lw_unit_name(s, host, hl, sizeof hl));
		lw_march_joined(s, out);
	}
	return 0;
}

int lw_march_detach_check(const struct lw_state *s, int u, struct tg_error *err)
{
	const struct lw_play *p = &s->play;
	if (u == LW_NONE || !is_mover(s, u))
		return tg_fail(err, TG_E_MALFORMED, "12.8: \"unit\" must name one of the movers");
	if (p->attacked)
		return tg_fail(err, TG_E_ILLEGAL, "16.1: the force has attacked; it moves no more");
	if (p->movers_n < 2)
		return tg_fail(err, TG_E_ILLEGAL, "12.8: someone must go on moving");
	if (s->land.stopped)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.5: the force joined a CO of equal or higher rank; its move has "
		               "ended");
	if (s->unit[p->co].flags & LW_UF_RELUCTANT)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "10.7.4: a CO Reluctant to Follow Orders may not detach subordinates");
	if (lw_march_overstacked(s)) {
		/* 12.4: in a hex over the limits the others must still be able to
		 * move on out of it */
		struct lw_state *x = malloc(sizeof *x);
		bool on = false;
		if (x) {
			memcpy(x, s, sizeof *x);
			lw_march_detach_apply(x, u, 0);
			on = any_step_out(x);
			free(x);
		}
		if (!on)
			return tg_fail(err, TG_E_ILLEGAL,
			               "12.4: with this general left behind the others could not "
			               "move on out of a hex over the stacking limits");
	}
	return 0;
}

void lw_march_detach_apply(struct lw_state *s, int u, int carry)
{
	struct lw_play *p = &s->play;
	int k = -1;
	for (int i = 0; i < p->movers_n; i++)
		if (p->movers[i] == u)
			k = i;
	if (k < 0)
		return;
	carry_it(s, u, carry);
	for (int i = k; i + 1 < p->movers_n; i++)
		p->movers[i] = p->movers[i + 1];
	p->movers_n--;
	/* 12.0 / 12.8: he may move later in this activation as a separate group,
	 * with what is left of his group's allowance (12.3.4: a Major Army's
	 * restrictions go with him). 13.2.2: "Cavalry activated out of a major
	 * army may attack or raid an adjacent hex even after moving two hexes":
	 * a cavalry general leaving a Major Army moves on as the single-general
	 * force he is (12.1: three hexes, two and then attack or raid). */
	struct lw_groups *g = &s->groups;
	lw_groups_add(g, u);
	int gi = lw_groups_find(g, u);
	bool cav_out = s->unit[u].cavalry && p->major;
	int max_move = cav_out ? 3 : p->max_move;
	if (gi >= 0 && p->moved < max_move && !s->land.stopped) {
		g->wait[gi] = 1;
		g->hex[gi] = s->unit[u].hex;
		g->moved[gi] = p->moved;
		g->max_move[gi] = (uint8_t)max_move;
		g->limits[gi] = (uint8_t)((p->major && !cav_out ? LW_GL_MAJOR : 0) |
		                          (s->land.mountain ? LW_GL_MOUNTAIN : 0) |
		                          (p->crossed_river && !cav_out ? LW_GL_RIVER : 0));
	}
}

static int act_detach(struct lw_state *s, const json_t *a, struct tg_error *err)
{
	int u = lw_unit_by_id(s, lw_a_str(a, "unit"));
	if (lw_march_detach_check(s, u, err) != 0)
		return -1;
	if (lw_campaign_detach_check(s, u, err) != 0)
		return -1;
	/* 18.2: "such subordinates may only be assigned IT equal to or less
	 * than the number of the detached stars" (17.0: a TCO, its stars): the
	 * owner says how many, none unless he names them ("it"). */
	int carry = 0;
	if (json_object_get(a, "it") && !lw_a_int(a, "it", &carry))
		return tg_fail(err, TG_E_MALFORMED, "18.2: \"it\" is a number of IT");
	int max = lw_it_detach_max(movers_it(s), s->unit[u].stars);
	if (carry < 0 || carry > max)
		return tg_fail(err, TG_E_ILLEGAL,
		               "18.2: a detached general carries from 0 to %d IT (no more than "
		               "his stars, no more than the force has)",
		               max);
	lw_march_detach_apply(s, u, carry);
	/* unnamed: a subordinate's identity is hidden (12.7); IT are on the map */
	if (carry)
		lw_log(s, "A general stays behind in %04d with %d IT (12.8, 18.2).", s->unit[u].hex,
		       carry);
	else
		lw_log(s, "A general stays behind in %04d (12.8).", s->unit[u].hex);
	return 0;
}

bool lw_march_pickup_possible(const struct lw_state *s)
{
	int hex = lw_march_hex(s);
	return hex != LW_NO_HEX && pickup_possible(s, hex);
}

void lw_march_pickup_apply(struct lw_state *s)
{
	struct lw_play *p = &s->play;
	int hex = lw_march_hex(s);
	int all[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, p->side, all);
	for (int i = 0; i < n; i++) {
		bool have = false;
		for (int k = 0; k < p->movers_n; k++)
			have |= p->movers[k] == all[i];
		if (!have && p->movers_n < LW_MAX_MOVERS) {
			p->movers[p->movers_n++] = (int16_t)all[i];
			lw_groups_add(&s->groups, all[i]); /* 12.5: now of this force */
		}
	}
	/* 12.3: picking up a Major Army's worth of stars brings its allowance */
	if (lw_group_is_major(s, p->movers, p->movers_n) && !p->major) {
		p->major = 1;
		p->max_move = 2;
	}
}

static int act_pickup(struct lw_state *s, struct tg_error *err)
{
	int here = lw_march_hex(s);
	if (here != LW_NO_HEX && pickup_rejoins(s, here))
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.3.1: a Major Army dispersed to cross the Mississippi may not "
		               "rejoin on the same card phase: its parts may not be taken along "
		               "together before the next card play");
	if (!lw_march_pickup_possible(s))
		return tg_fail(err, TG_E_ILLEGAL, "12.5: there is no force here to pick up");
	int hex = lw_march_hex(s);
	lw_march_pickup_apply(s);
	char name[64];
	/* 12.7: the mover is not on top after the pick-up where the stack's CO
	 * outranks him (11.0.1: the GiC in it): named only where seen */
	lw_log(s, "%s takes command of the force at %04d (12.5).",
	       lw_public_name(s, movers_co(s), name, sizeof name), hex);
	return 0;
}

int lw_march_group_setup(struct lw_state *s, int hex)
{
	struct lw_play *p = &s->play;
	struct lw_groups *g = &s->groups;
	int n = 0, moved = 0, max_move = 9, limits = 0;
	for (int i = 0; i < g->n; i++) {
		if (!waiting_ok(s, i) || g->hex[i] != hex || n >= LW_MAX_MOVERS)
			continue;
		p->movers[n++] = g->unit[i];
		moved = g->moved[i] > moved ? g->moved[i] : moved;
		max_move = g->max_move[i] < max_move ? g->max_move[i] : max_move;
		limits |= g->limits[i];
		g->wait[i] = 0;
	}
	if (n == 0)
		return 0;
	p->movers_n = (uint8_t)n;
	p->moved = (uint8_t)moved;
	p->max_move = (uint8_t)max_move;
	p->major = (limits & LW_GL_MAJOR) || lw_group_is_major(s, p->movers, p->movers_n);
	p->crossed_river = (limits & LW_GL_RIVER) != 0;
	p->attacked = 0;
	p->consolidated = 1; /* 11.1.3.2 starts the activation, not a later group */
	s->land.mountain = (limits & LW_GL_MOUNTAIN) != 0;
	s->land.stopped = 0;
	return n;
}

/* 12.8: the generals left at `hex` move now as one group. */
static int act_next_group(struct lw_state *s, const json_t *a, struct tg_error *err)
{
	struct lw_play *p = &s->play;
	int hex;
	if (!lw_a_int(a, "hex", &hex))
		return tg_fail(err, TG_E_MALFORMED, "next_group needs an integer \"hex\"");
	if (p->movers_n > 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.0: each group completes its movement and combat before another "
		               "moves (end this group's move first)");
	int n = lw_march_group_setup(s, hex);
	if (n == 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.8: no general of this activation waits to move at %04d", hex);
	lw_cav_activation_begin(s);
	char name[64], hl[64];
	/* 12.7: the group is still in the stack it was left in; its leader is
	 * named when it moves out (docs/decisions.md "The public log says no more than the views")
	 */
	lw_log(s, "%s and the generals left at %s move on as a separate group (12.8).",
	       lw_public_name(s, movers_co(s), name, sizeof name),
	       lw_hex_label(hex, hl, sizeof hl));
	return 0;
}

static int act_revive(struct lw_state *s, struct game_outcome *out, struct tg_error *err)
{
	struct lw_play *p = &s->play;
	int hex = lw_march_hex(s);
	if (lw_campaign_stop_check(s, err) != 0) /* 10.7.3: it stops here */
		return -1;
	if (hex == LW_NO_HEX || !revive_possible(s, hex))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "18.2: only a force without IT joining a force with IT may remove it");
	int co = movers_co(s);
	int removable = lw_it_join_removal_max(0, s->unit[co].stars, false, lw_force_it(s, hex));
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, p->side, u);
	int left = removable;
	for (int i = 0; i < n && left > 0; i++) {
		int t = s->unit[u[i]].it < left ? s->unit[u[i]].it : left;
		s->unit[u[i]].it = (int16_t)(s->unit[u[i]].it - t);
		left -= t;
	}
	char name[64];
	/* 12.7: a reviver who joined under a senior CO is hidden in the stack
	 * now (docs/decisions.md "The public log says no more than the views") */
	lw_log(s, "%s revives the force at %04d: %d IT removed (18.2).",
	       lw_public_name(s, co, name, sizeof name), hex, removable - left);
	lw_march_finish(s, out);
	return 0;
}

/* ---- the MOVE step's march actions, one handler a type -------------------------- */

/* 12.0, 12.5, 12.4: what holds every march action before its handler, by
 * the row's flags (LW_MARCH_*; 0 for a type no row declares). */
int lw_march_gate(const struct lw_state *s, int side, unsigned flags, struct tg_error *err)
{
	if (side != s->play.side || s->step != LW_ST_MOVE)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "12.0: it is not your force that moves");
	if (s->land.stopped && s->play.movers_n > 0) {
		/* 12.5 / 18.2: joined (lw_march_joined): revive, or stop there */
		if (flags & LW_MARCH_JOINED)
			return 0;
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.5: the force joined a CO of equal or higher rank and its move "
		               "ended; remove IT (18.2, \"revive\") or \"stop\"");
	}
	/* 12.4: passing through a hex over the limits: move on or leave
	 * generals behind; stop only when no step leads out (the row's flag
	 * first: a move or a detachment never needs the hex's stack, issue
	 * 17: the scan was 1.8 M of bench_rules 6 6's lw_act) */
	if (!(flags & LW_MARCH_OUT) && lw_march_overstacked(s)) {
		if (lw_march_stop_check(s, err) != 0)
			return -1;
		if (!(flags & LW_MARCH_STOP))
			return tg_fail(err, TG_E_ILLEGAL,
			               "12.4: the force stands in a hex over the stacking limits "
			               "with no step out: it may only end its move (\"stop\")");
	}
	return 0;
}

int lw_march_move_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)side;
	return act_move(s, a, out, err);
}

int lw_march_attack_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)side;
	int target;
	if (!lw_a_int(a, "target", &target))
		return tg_fail(err, TG_E_MALFORMED, "an attack needs an integer \"target\"");
	if (lw_attack_target_check(s, target, err) != 0)
		return -1;
	lw_battle_declare(s, target, out);
	return 0;
}

int lw_march_detach_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)side, (void)out;
	return act_detach(s, a, err);
}

int lw_march_pickup_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)side, (void)a, (void)out;
	return act_pickup(s, err);
}

int lw_march_revive_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)side, (void)a;
	return act_revive(s, out, err);
}

int lw_march_next_group_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)side, (void)out;
	return act_next_group(s, a, err);
}

/* The march's types of the MOVE step's table (lw_card_play.c), gated. */
int lw_march_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err)
{
	const char *type = lw_a_str(a, "type");
	if (!type)
		return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	const struct lw_action *x = lw_action_find(&lw_ops_move_actions, type);
	unsigned flags = x && (x->flags & LW_MARCH_ROW) ? x->flags : 0;
	if (lw_march_gate(s, side, flags, err) != 0)
		return -1;
	if (!flags)
		return tg_fail(err, TG_E_MALFORMED, "12.0: unknown action \"%s\" while moving",
		               type);
	return x->act(s, side, a, out, err);
}

int lw_march_stop_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)side, (void)a;
	if (s->land.stopped && s->play.movers_n > 0) { /* 12.5: joined, the move over */
		lw_march_finish(s, out);
		return 0;
	}
	/* 10.7.3: a campaign force ends its movement in its region */
	if (s->play.movers_n == 0) {
		if (lw_campaign_leave_check(s, err) != 0)
			return -1;
		end_activation(s, out); /* the generals left behind stay */
	} else {
		if (lw_campaign_stop_check(s, err) != 0)
			return -1;
		lw_march_finish(s, out);
	}
	return 0;
}

void lw_unstack_all(struct lw_state *s)
{
	/* lw_unstack leaves a force within the limits as it is (lw_fix_overstack
	 * checks first): those checks read lw_activation.c's index while no
	 * unit moves (issue 17: a scan of every unit for every unit) */
	bool held = lw_units_hold(s);
	/* the units whose force was judged within the limits since the last
	 * unstack (a force's units share its answer: issue 17, the check was
	 * asked once per unit) */
	uint64_t fine[(LW_MAX_UNITS + 63) / 64] = {0};
	for (int i = 0; i < s->n_units && i < LW_MAX_UNITS; i++) {
		const struct lw_unit *x = &s->unit[i];
		if (x->where != LW_W_MAP || (fine[i / 64] >> (i % 64) & 1))
			continue;
		if (lw_stack_check_hex(s, x->hex, x->side, NULL, 0, LW_NONE, 0, NULL) == 0) {
			int u[LW_MAX_UNITS], n = lw_units_at(s, x->hex, x->side, u);
			for (int k = 0; k < n; k++)
				fine[u[k] / 64] |= UINT64_C(1) << (u[k] % 64);
			continue;
		}
		lw_units_release(held);
		lw_unstack(s, x->hex, x->side);
		memset(fine, 0, sizeof fine); /* units moved */
		held = lw_units_hold(s);
	}
	lw_units_release(held);
}
