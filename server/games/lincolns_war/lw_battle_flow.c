/* lw_battle_flow.c — 16.0 a battle as a sequence of decisions over the state.
 *
 * The engine routes every action to lw_battle_act() while s->battle.active.
 * Who decides what, and when (16.0 "Combat Sequence"):
 *
 *   1. lw_battle_declare(): the attacker declared (16.1).
 *   2. LW_ST_WITHDRAW, the defender: {"type":"withdraw"} or {"type":"stand"}
 *      (16.2; offered only when 16.2 allows it and a retreat hex exists).
 *      A withdrawal that succeeds: with cavalry on both sides, first the
 *      16.2.1 cavalry battle (lw_cav_battle.c: steps 4-6 for the two
 *      cavalry generals, lw_battle_pursuit_over goes on from here);
 *      LW_ST_RETREAT for the defender, then the
 *      attacker occupies the hex (LW_ST_ADVANCE) or, if an enemy city is
 *      left empty, attacks it as a vacant city (16.9.3, back to step 3).
 *   3. LW_ST_COMMIT, both at once: {"type":"commit","resource":N,"csp":V},
 *      N a Resource card in hand or 72 (the 0 card), V the CSP card 0..5.
 *      The first commitment stays hidden until the second (the engine's view
 *      shows battle.res_card/csp only to their owner until both committed).
 *   4. Reveal: the Resource cards are spent and their events applied, the
 *      defender's first (lw_resource_events.c: Surprise Attack! reverses
 *      the roles; To Steal a March asks the defender, LW_ST_STEAL_MARCH,
 *      where to fight: {"type":"steal_march","to":HEX} or
 *      {"type":"steal_march_hold"}); then (automatic) indecisive rolls (16.4,
 *      16.4.1), totals (16.5), results (16.6), casualty cards (16.8).
 *   5. LW_ST_CASUALTY, once per star drawn when the force has several
 *      generals and the die names this player: {"type":"casualty","unit":ID}.
 *   6. Disasters (16.8.3), IT, PC, rout, auto-promotion (automatic). A
 *      rout is applied before the casualty cards (16.6.4: IT off, the CO
 *      disgraced, IT = stars, "Draw cards for general casualties"), so
 *      steps 5 then follow step 6's rout (land.post LW_BP_ROUT_CARDS).
 *   7. LW_ST_RETREAT, the losing defender: {"type":"retreat","to":HEX} (16.9),
 *      hex by hex choice among the 16.9.1 priority class.
 *   8. LW_ST_ADVANCE, the winning attacker after a Minor Victory (or after a
 *      withdrawal): {"type":"advance","units":"all"|"co"|[ids]} or
 *      {"type":"decline"}
 *      (16.10.1: declining costs one IT). A Major Victory or rout advances
 *      the whole force without asking.
 *   Then the march ends (lw_march_finish) and the card play continues.
 */
#include <stdio.h>
#include <string.h>

#include "lw_advance.h"
#include "lw_combat.h"
#include "lw_it.h"
#include "lw_march.h"
#include "lw_resource_events.h"
#include "lw_tco.h"
#include "lw_terrain.h"

/* ---- small helpers ------------------------------------------------------------ */

static int def_side(const struct lw_state *s)
{
	return LW_OTHER(s->battle.attacker);
}

static void set_barrier(struct game_outcome *out)
{
	if (out)
		out->barrier = true;
}

static int group_units(const struct lw_state *s, int side, int out[LW_MAX_UNITS])
{
	const struct lw_battle *b = &s->battle;
	if (side == b->attacker) {
		/* 16.2.1: only the cavalry of the attacking force pursues */
		bool cav_only = lw_cav_pursuit_on(s);
		int n = 0;
		for (int i = 0; i < b->att_n; i++) {
			const struct lw_unit *u = &s->unit[b->att_units[i]];
			if (u->where == LW_W_MAP && u->hex == b->att_hex && u->side == side &&
			    (!cav_only || u->cavalry))
				out[n++] = b->att_units[i];
		}
		return n;
	}
	if (lw_cav_battle_on(s))
		return lw_cav_battle_defender(s, out); /* 13.2.2 (lw_cav_battle.c) */
	return lw_units_at(s, b->def_hex, side, out);
}

static int group_it(const struct lw_state *s, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = group_units(s, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

static bool group_cav(const struct lw_state *s, int side, bool *all)
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u), cav = 0;
	for (int i = 0; i < n; i++)
		cav += s->unit[u[i]].cavalry ? 1 : 0;
	if (all)
		*all = n > 0 && cav == n;
	return cav > 0;
}

/* x ranks above y for command (11.0.1): infantry before cavalry, then
 * stars, then the general who commanded first (lw_unit.cmd, as
 * lw_force_co_side: an 11.0.3 choice gives the one chosen the latest). */
static bool outranks(const struct lw_unit *x, const struct lw_unit *y)
{
	if (x->cavalry != y->cavalry)
		return !x->cavalry;
	return x->stars > y->stars || (x->stars == y->stars && x->cmd > y->cmd);
}

/* The group's CO: for the defender the CO of the hex; for the attacker the
 * activated CO while he still commands the group (no loss of rank below a
 * subordinate, no 11.0.3 / 16.8.3 successor), else the top of the group by
 * the same order as the hex's CO. */
static int group_co(const struct lw_state *s, int side)
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u);
	if (n == 0)
		return LW_NONE;
	if (side != s->battle.attacker)
		return lw_cav_battle_on(s) ? u[0] : lw_force_co(s, s->battle.def_hex);
	int best = LW_NONE, pco = LW_NONE;
	for (int i = 0; i < n; i++) {
		if (s->side[side].gic == u[i])
			return u[i];
		if (u[i] == s->play.co)
			pco = u[i];
		if (best == LW_NONE || outranks(&s->unit[u[i]], &s->unit[best]))
			best = u[i];
	}
	if (pco == LW_NONE || pco == best)
		return best;
	/* the activated CO commands unless someone now ranks above him */
	const struct lw_unit *p = &s->unit[pco], *b = &s->unit[best];
	if (p->cavalry || b->cavalry)
		return pco;
	return outranks(b, p) ? best : pco;
}

static void add_it(struct lw_state *s, int side, int n)
{
	if (n <= 0)
		return;
	int co = lw_cav_battle_on(s) ? lw_cav_battle_it_holder(s, side) /* 11.2.2 */
	                             : group_co(s, side);
	if (co == LW_NONE)
		return; /* 16.1.2: never IT on an empty city */
	s->unit[co].it = (int16_t)(s->unit[co].it + n);
	s->unit[co].it_new = (int16_t)(s->unit[co].it_new + n);
}

static bool in_virginia(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->region == LW_REGION_EASTERN;
}

/* After a kill, the TCO that took the place of attacker unit u (16.8.2,
 * 17.0): the one at hex that was not there before the kill (before[], nb).
 * A TCO already there, left behind by the attack (12.8), never joins it. */
static void follow_tco(struct lw_state *s, int u, int hex, const int *before, int nb)
{
	struct lw_battle *b = &s->battle;
	int k = -1;
	for (int i = 0; i < b->att_n; i++)
		if (b->att_units[i] == u)
			k = i;
	if (k < 0)
		return;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *x = &s->unit[i];
		bool known = false;
		for (int j = 0; j < nb; j++)
			known |= before[j] == i;
		if (!known && x->gen < 0 && x->where == LW_W_MAP && x->hex == hex &&
		    x->side == b->attacker) {
			b->att_units[k] = (int16_t)i;
			return;
		}
	}
}

/* ---- the end ---------------------------------------------------------------- */

static void battle_end(struct lw_state *s, struct game_outcome *out, const int *movers, int n)
{
	struct lw_battle *b = &s->battle;
	int own[LW_RESEV_UNITS];
	int k = lw_resev_battle_end(s, own); /* Surprise Attack!: the activated force */
	if (k >= 0) {
		movers = own;
		n = k;
	}
	lw_unstack_all(s); /* deaths and demotions may have moved a new GiC (11.1.2.3) */
	b->active = 0;
	s->land.stage = LW_BS_NONE;
	s->awaiting_side = LW_NOSIDE;
	s->step = LW_ST_MOVE;
	s->play.attacked = 1;
	s->play.movers_n = 0;
	for (int i = 0; i < n && i < LW_MAX_MOVERS; i++)
		s->play.movers[s->play.movers_n++] = (int16_t)movers[i];
	if (s->play.movers_n == 0) {
		int u[LW_MAX_UNITS];
		int m = group_units(s, b->attacker, u);
		for (int i = 0; i < m && i < LW_MAX_MOVERS; i++)
			s->play.movers[s->play.movers_n++] = (int16_t)u[i];
	}
	lw_march_finish(s, out);
}

/* ---- retreat (16.9) ------------------------------------------------------------- */

static int nearest_supply_distance(const struct lw_state *s, int side, int hex)
{
	const struct lw_data *d = lw_D();
	int best = 1 << 20;
	for (size_t c = 0; c < d->n_cities; c++) {
		if (lw_city_controller(s, (int)c) != side || d->cities[c].supply <= 0)
			continue;
		int dist = tg_hex_distance(&d->grid, hex, d->cities[c].hex);
		if (dist >= 0 && dist < best)
			best = dist;
	}
	return best;
}

/* The hexes the units may retreat into from `from` (16.9.1). */
static int retreat_options(const struct lw_state *s, int side, int from, const int *units, int n,
                           int out[6])
{
	const struct lw_data *d = lw_D();
	struct lw_retreat_cand c[6];
	int nc = 0;
	int16_t grp[LW_MAX_MOVERS];
	for (int i = 0; i < n && i < LW_MAX_MOVERS; i++)
		grp[i] = (int16_t)units[i];
	bool major = lw_group_is_major(s, grp, n < LW_MAX_MOVERS ? n : LW_MAX_MOVERS);
	int here = nearest_supply_distance(s, side, from);
	for (int dir = 0; dir < 6; dir++) {
		int h = tg_hex_neighbour(&d->grid, from, (enum tg_hex_dir)dir);
		if (h < 0)
			continue;
		struct lw_retreat_cand *k = &c[nc++];
		*k = (struct lw_retreat_cand){.hex = h};
		const struct lw_hex *hx = lw_data_hex(d, h);
		unsigned f = lw_data_hexside_flags(d, from, h);
		int city = lw_city_at(h);
		int tmp[LW_MAX_UNITS];
		bool ok = hx && hx->terrain != LW_TERRAIN_OCEAN && !(f & LW_HS_IMPASSABLE) &&
		          lw_units_at(s, h, LW_OTHER(side), tmp) == 0;
		if (ok && city >= 0) {
			const struct lw_city *cy = &d->cities[city];
			if (lw_city_controller(s, city) == LW_OTHER(side) && !cy->bracketed)
				ok = false;
			if (side == LW_CONFEDERATE && cy->no_confederate_entry)
				ok = false;
		}
		if (ok && major && (hx->terrain == LW_TERRAIN_MOUNTAIN || (f & LW_HS_MISSISSIPPI)))
			ok = false; /* 12.3: never, not even retreating */
		if (ok && lw_stack_check_hex(s, h, side, units, n, LW_NONE, 0, NULL) != 0)
			ok = false;
		k->legal = ok;
		k->toward_home = side == LW_UNION
		                     ? (dir == TG_HEX_N || dir == TG_HEX_NE || dir == TG_HEX_NW)
		                     : (dir == TG_HEX_S || dir == TG_HEX_SE || dir == TG_HEX_SW);
		k->friendly_city = city >= 0 && lw_city_controller(s, city) == side;
		k->defensible = (hx && hx->terrain == LW_TERRAIN_MOUNTAIN) || (f & LW_HS_RIVER);
		k->closer_to_supply = nearest_supply_distance(s, side, h) < here;
		k->violates = lw_is_kentucky(h) && s->kentucky.violator == LW_NOSIDE; /* 16.9.1 */
	}
	return lw_retreat_choices(!lw_hex_in_territory(from, side), c, nc, out);
}

static void advance_or_end(struct lw_state *s, struct game_outcome *out);
static void end_or_defender_advance(struct lw_state *s, struct game_outcome *out);

/* 16.9.4: the retreating group of the losing defender must go by water to
 * the nearest friendly port; when several are equally near its owner
 * chooses among them in this prompt (lw_amphib.c). The ports, or 0. */
static int water_options(const struct lw_state *s, int opts[6])
{
	const struct lw_land *l = &s->land;
	if (l->stage == LW_BS_ORETREAT || l->group_n == 0 || l->group_side != def_side(s) ||
	    l->from_hex != s->battle.def_hex)
		return 0;
	int set[LW_MAX_UNITS];
	for (int i = 0; i < l->group_n; i++)
		set[i] = l->group[i];
	return lw_amphib_water_ports(s, set, l->group_n, opts, 6);
}

/* The units still to retreat: the whole group if one hex can take it, else
 * the first unit alone (16.9.1: "the force must be divided"; who goes is
 * then his owner's choice, divide_open: this first unit only matters when
 * nobody can go alone and 16.9.6 disgraces him); by water the whole group
 * to one of the nearest ports (16.9.4). */
static int retreat_set(const struct lw_state *s, int set[LW_MAX_UNITS], int opts[6], int *nopts)
{
	const struct lw_land *l = &s->land;
	int n = 0;
	for (int i = 0; i < l->group_n; i++)
		set[n++] = l->group[i];
	*nopts = water_options(s, opts);
	if (*nopts > 0)
		return n;
	*nopts = retreat_options(s, l->group_side, l->from_hex, set, n, opts);
	if (*nopts == 0 && n > 1) {
		n = 1;
		*nopts = retreat_options(s, l->group_side, l->from_hex, set, 1, opts);
	}
	return n;
}

/* 16.9.1: "If retreating into a hex where the force would violate stacking
 * limits (12.3.1), or would violate Major army rules regarding crossing a
 * river or moving into mountains (12.3), the force must be divided and
 * retreat to two separate hexes." The text does not say who goes where:
 * the owner, as for any move of his (decision; the siege's return,
 * 16.9.5.4.3, divides the same way). While no hex takes the whole group he
 * names one general and a hex that takes him alone ({"type":"retreat",
 * "unit":ID,"to":HEX}); the rest goes on together as soon as one hex takes
 * it ("all generals must retreat to the same hex if at all possible"). */
static bool divide_open(const struct lw_state *s)
{
	const struct lw_land *l = &s->land;
	if (l->group_n < 2 || (l->stage != LW_BS_RETREAT && l->stage != LW_BS_WRETREAT))
		return false;
	int set[LW_MAX_UNITS], opts[6];
	if (water_options(s, opts) > 0)
		return false; /* 16.9.4: the whole force goes by water */
	for (int i = 0; i < l->group_n; i++)
		set[i] = l->group[i];
	return retreat_options(s, l->group_side, l->from_hex, set, l->group_n, opts) == 0;
}

/* The hexes general u alone may take when the force must be divided. */
static int divide_options(const struct lw_state *s, int u, int out[6])
{
	const struct lw_land *l = &s->land;
	return divide_open(s) ? retreat_options(s, l->group_side, l->from_hex, &u, 1, out) : 0;
}

/* Can any general of the group go alone while the force must be divided? */
static bool divide_possible(const struct lw_state *s)
{
	const struct lw_land *l = &s->land;
	int opts[6];
	for (int i = 0; i < l->group_n; i++)
		if (divide_options(s, l->group[i], opts) > 0)
			return true;
	return false;
}

static void drop_from_group(struct lw_state *s, int u)
{
	struct lw_land *l = &s->land;
	for (int i = 0; i < l->group_n; i++)
		if (l->group[i] == u) {
			for (int k = i; k + 1 < l->group_n; k++)
				l->group[k] = l->group[k + 1];
			l->group_n--;
			return;
		}
}

/* Prompts the next retreat, or goes on when everyone is out. */
static void retreat_next(struct lw_state *s, struct game_outcome *out)
{
	struct lw_land *l = &s->land;
	/* drop units no longer on the map (killed, disgraced) */
	for (int i = 0; i < l->group_n;) {
		const struct lw_unit *x = &s->unit[l->group[i]];
		if (x->where != LW_W_MAP || x->hex != l->from_hex)
			drop_from_group(s, l->group[i]);
		else
			i++;
	}
	while (l->group_n > 0) {
		int set[LW_MAX_UNITS], opts[6], no;
		int n = retreat_set(s, set, opts, &no);
		if (no > 0 || divide_possible(s)) {
			s->step = LW_ST_RETREAT;
			s->awaiting_side = l->group_side;
			s->battle.retreat_side = l->group_side;
			return;
		}
		/* 16.9.6: no legal retreat path: disgraced */
		char name[64];
		for (int i = 0; i < n; i++) {
			lw_log(s, "%s cannot retreat and is disgraced (16.9.6).",
			       lw_unit_name(s, set[i], name, sizeof name));
			drop_from_group(s, set[i]);
			lw_disgrace(s, set[i]);
		}
	}
	if (s->amphib.siege.stage == LW_SG_EXCESS) {
		lw_siege_excess_retreated(s); /* 16.6.4: the rest stays for the siege */
		return;
	}
	if (l->stage == LW_BS_WRETREAT) {
		/* 16.9.3: an enemy city left empty is attacked as a vacant city */
		int c = lw_city_at(s->battle.def_hex);
		if (c >= 0 && lw_city_controller(s, c) == def_side(s) &&
		    !lw_D()->cities[c].bracketed) {
			s->battle.empty_city = 1;
			s->land.stage = LW_BS_COMMIT;
			s->step = LW_ST_COMMIT;
			s->awaiting_side = LW_NOSIDE;
			return;
		}
	}
	advance_or_end(s, out);
}

static void start_retreat(struct lw_state *s, int side, int stage)
{
	struct lw_land *l = &s->land;
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, s->battle.def_hex, side, u);
	l->group_n = 0;
	/* cavalry first, then the lowest ranks, the CO last: retreating one by
	 * one never leaves an illegal stack behind */
	int co = lw_force_co(s, s->battle.def_hex);
	for (int pass = 0; pass < 5; pass++)
		for (int i = 0; i < n && l->group_n < LW_LAND_GROUP; i++) {
			const struct lw_unit *x = &s->unit[u[i]];
			int key = u[i] == co ? 4 : x->cavalry ? 0 : x->stars;
			if (key == pass)
				l->group[l->group_n++] = (int16_t)u[i];
		}
	l->group_side = (int8_t)side;
	l->from_hex = s->battle.def_hex;
	l->stage = (uint8_t)stage;
}

/* Moves the units from the retreat hex into `to` (16.9), placing them
 * under a host CO there (11.2.1). */
static void retreat_move(struct lw_state *s, const int *set, int n, int to)
{
	struct lw_land *l = &s->land;
	int host = lw_force_co(s, to);
	for (int i = 0; i < n; i++) {
		struct lw_unit *x = &s->unit[set[i]];
		x->hex = (int16_t)to;
		if (host != LW_NONE && s->unit[host].side == x->side && !s->unit[host].cavalry &&
		    s->unit[host].stars >= x->stars)
			x->cmd = 0; /* 11.2.1 */
	}
	for (int i = 0; i < n; i++)
		drop_from_group(s, set[i]);
	char hl[64];
	lw_log(s, "The %s force retreats to %s (16.9).", lw_side_title(l->group_side),
	       lw_hex_label(to, hl, sizeof hl));
	lw_border_enter(s, l->group_side, to);
}

/* 16.6.4: "each separate force retreats closer to a friendly city OR supply
 * line": a friendly city, or a hex nearer the closest friendly supply city. */
static bool split_hex_ok(const struct lw_state *s, int side, int from, int to)
{
	int c = lw_city_at(to);
	if (c >= 0 && lw_city_controller(s, c) == side)
		return true;
	return nearest_supply_distance(s, side, to) < nearest_supply_distance(s, side, from);
}

/* 16.6.4: may the routed defender break up now? */
static bool rout_split_open(const struct lw_state *s)
{
	const struct lw_land *l = &s->land;
	int opts[6];
	return s->battle.rout && l->stage == LW_BS_RETREAT && l->group_side != s->battle.winner &&
	       l->group_n > 1 && water_options(s, opts) == 0; /* 16.9.4: all by water */
}

/* The hexes general u alone may break away to (16.6.4 within 16.9.1). */
static int split_options(const struct lw_state *s, int u, int out[6])
{
	const struct lw_land *l = &s->land;
	int opts[6], k = 0;
	int no = retreat_options(s, l->group_side, l->from_hex, &u, 1, opts);
	for (int i = 0; i < no; i++)
		if (split_hex_ok(s, l->group_side, l->from_hex, opts[i]))
			out[k++] = opts[i];
	return k;
}

static bool demote_begin(struct lw_state *s, int side, int why, const int *cand, int n);
static int oretreat_act(struct lw_state *s, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);

static int act_retreat(struct lw_state *s, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	struct lw_land *l = &s->land;
	if (l->stage == LW_BS_ORETREAT)
		return oretreat_act(s, a, out, err);
	int to;
	if (!lw_a_int(a, "to", &to))
		return tg_fail(err, TG_E_MALFORMED, "a retreat needs an integer \"to\" hex");
	if (json_object_get(a, "unit")) {
		/* 16.9.1: the force must be divided (divide_open), or 16.6.4:
		 * one general of a routed force breaks away */
		int u = lw_unit_by_id(s, lw_a_str(a, "unit"));
		bool in = false;
		for (int i = 0; i < l->group_n; i++)
			in |= l->group[i] == u;
		bool divide = divide_open(s);
		if ((!divide && !rout_split_open(s)) || u == LW_NONE || !in)
			return tg_fail(err, TG_E_ILLEGAL,
			               "16.9.1: a retreating force may not disperse unless routed "
			               "(16.6.4) or no hex takes it whole; name a general of the "
			               "retreating force");
		int opts[6];
		int no = divide ? divide_options(s, u, opts) : split_options(s, u, opts);
		bool ok = false;
		for (int i = 0; i < no; i++)
			ok |= opts[i] == to;
		if (!ok)
			return tg_fail(err, TG_E_ILLEGAL,
			               divide ? "16.9.1: the general retreats alone by the 16.9.1 "
			                        "priorities; %04d is not among his hexes"
			                      : "16.6.4 / 16.9.1: a general breaking away retreats "
			                        "by the 16.9.1 priorities and closer to a friendly "
			                        "city or supply line; %04d is not such a hex",
			               to);
		char name[64];
		lw_unit_name(s, u, name, sizeof name);
		if (divide)
			lw_log(s, "No hex takes the whole force: %s retreats alone (16.9.1).",
			       name);
		else
			lw_log(s, "The routed force breaks up: %s goes alone (16.6.4).", name);
		retreat_move(s, &u, 1, to);
		retreat_next(s, out);
		return 0;
	}
	int set[LW_MAX_UNITS], opts[6], no;
	int n = retreat_set(s, set, opts, &no);
	if (n < l->group_n)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.1: no hex takes the whole force: it must be divided; name "
		               "the general (\"unit\") who retreats to a hex of his own");
	bool ok = false;
	for (int i = 0; i < no; i++)
		ok |= opts[i] == to;
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.1: retreat first toward home, then into a friendly city, then "
		               "a defensible hex, then toward supply (16.9.4: from a captured "
		               "port without a land supply route, by water to the nearest "
		               "friendly port); %04d is not among them",
		               to);
	int wopts[6];
	if (water_options(s, wopts) > 0) {
		/* 16.9.4: by water to the port its owner chose among the nearest */
		lw_amphib_water_retreat_to(s, set, n, to);
		retreat_next(s, out);
		return 0;
	}
	int16_t grp[LW_MAX_MOVERS];
	for (int i = 0; i < n && i < LW_MAX_MOVERS; i++)
		grp[i] = (int16_t)set[i];
	bool major = lw_group_is_major(s, grp, n < LW_MAX_MOVERS ? n : LW_MAX_MOVERS);
	bool river = (lw_data_hexside_flags(lw_D(), l->from_hex, to) & LW_HS_RIVER) != 0;
	int co = lw_force_co(s, l->from_hex);
	retreat_move(s, set, n, to);
	if (major && river) {
		/* 12.3.3: a subordinate of a Major Army retreating across a river is
		 * demoted or disgraced: the owner picks him */
		int cand[LW_MAX_UNITS], nc = 0;
		for (int i = 0; i < n; i++)
			if (set[i] != co && s->unit[set[i]].where == LW_W_MAP)
				cand[nc++] = set[i];
		lw_log(s, "A Major Army retreated across a river: a subordinate is demoted "
		          "(12.3.3).");
		if (demote_begin(s, l->group_side, LW_DW_RIVER, cand, nc))
			return 0;
	}
	retreat_next(s, out);
	return 0;
}

/* ---- advance (16.10) -------------------------------------------------------------- */

static void do_advance(struct lw_state *s, const int *units, int n, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	int side = b->attacker, to = b->def_hex;
	int host = lw_force_co(s, to);
	for (int i = 0; i < n; i++) {
		struct lw_unit *x = &s->unit[units[i]];
		x->hex = (int16_t)to;
		if (host != LW_NONE && s->unit[host].side == side && !s->unit[host].cavalry &&
		    s->unit[host].stars >= x->stars)
			x->cmd = 0;
	}
	char hl[64];
	lw_log(s, "The %s force advances into %s (16.10.1).", lw_side_title(side),
	       lw_hex_label(to, hl, sizeof hl));
	lw_border_enter(s, side, to);
	int c = lw_city_at(to);
	if (c >= 0 && lw_city_controller(s, c) == LW_OTHER(side) && !lw_D()->cities[c].bracketed) {
		bool cav = true;
		for (int i = 0; i < n; i++)
			cav &= s->unit[units[i]].cavalry != 0;
		/* 16.10.1.1: the capture's IT is added by lw_capture_city */
		lw_capture_city(s, side, c, cav);
	}
	if (side == LW_UNION && in_virginia(to))
		s->side[LW_UNION].eastern_done = 1; /* 10.7.8.1 */
	int r = lw_capital_hex(LW_CONFEDERATE);
	if (side == LW_UNION && !s->side[side].richmond_bonus && r &&
	    tg_hex_adjacent(&lw_D()->grid, to, r)) {
		s->side[side].richmond_bonus = 1; /* 10.7.8.2 */
		lw_gain_pc(s, side, 1);
	}
	battle_end(s, out, units, n);
}

/* ---- the defender advances into the attacker's empty hex (16.10.1) ------------ */

/* 16.10.1: "The defender remains in his original hex unless the battle
 * outcome causes the attacking force to be entirely eliminated and its hex
 * vacant." Not after an amphibious assault (its hex is water) or a siege. */
static bool defender_may_advance(const struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	int A = b->attacker, D = def_side(s), u[LW_MAX_UNITS];
	/* 16.9.5.2: besiegers defending in their siege hex may not disengage */
	if (b->empty_city || s->amphib.assault != LW_AM_NONE ||
	    s->amphib.siege.stage != LW_SG_NONE || lw_siege_at(s, b->def_hex) >= 0)
		return false;
	if (group_units(s, A, u) > 0 || lw_units_at(s, b->att_hex, A, u) > 0 ||
	    lw_units_at(s, b->def_hex, D, u) == 0)
		return false;
	const struct lw_data *d = lw_D();
	const struct lw_hex *h = lw_data_hex(d, b->att_hex);
	if (!h || h->terrain == LW_TERRAIN_OCEAN ||
	    (lw_data_hexside_flags(d, b->def_hex, b->att_hex) & LW_HS_IMPASSABLE))
		return false;
	int c = lw_city_at(b->att_hex);
	return !(c >= 0 && D == LW_CONFEDERATE && d->cities[c].no_confederate_entry);
}

/* May defender general u advance alone now (12.4 there, 13.1.1 here)? The
 * hex must still be vacant: a new GiC chosen meanwhile (11.1.2.2) may have
 * gone to it, his capital (11.1.2.3). */
static bool dadvance_unit_ok(const struct lw_state *s, int u)
{
	const struct lw_battle *b = &s->battle;
	int D = def_side(s);
	return defender_may_advance(s) && s->unit[u].where == LW_W_MAP &&
	       s->unit[u].hex == b->def_hex &&
	       lw_stack_check_hex(s, b->att_hex, D, &u, 1, LW_NONE, 0, NULL) == 0 &&
	       lw_stack_check_without(s, b->def_hex, D, &u, 1, NULL) == 0;
}

static int dadvance_units(const struct lw_state *s, int out[LW_MAX_UNITS])
{
	int u[LW_MAX_UNITS], k = 0;
	int n = lw_units_at(s, s->battle.def_hex, def_side(s), u);
	for (int i = 0; i < n; i++)
		if (dadvance_unit_ok(s, u[i]))
			out[k++] = u[i];
	return k;
}

static bool dadvance_all_ok(const struct lw_state *s)
{
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, s->battle.def_hex, def_side(s), u);
	return n > 0 && defender_may_advance(s) &&
	       lw_stack_check_hex(s, s->battle.att_hex, def_side(s), u, n, LW_NONE, 0, NULL) == 0;
}

static void end_or_defender_advance(struct lw_state *s, struct game_outcome *out)
{
	int u[LW_MAX_UNITS];
	if (lw_cav_battle_on(s)) {
		lw_cav_battle_end(s, out); /* 13.2.2: the raid goes on or stops */
		return;
	}
	if (defender_may_advance(s) && (dadvance_all_ok(s) || dadvance_units(s, u) > 0)) {
		if (s->land.stage != LW_BS_DADVANCE)
			lw_log(s,
			       "The attacking force is gone: the %s force may advance (16.10.1).",
			       lw_side_title(def_side(s)));
		s->land.stage = LW_BS_DADVANCE;
		s->step = LW_ST_ADVANCE;
		s->awaiting_side = (int8_t)def_side(s);
		return;
	}
	battle_end(s, out, NULL, 0);
}

static void dadvance_move(struct lw_state *s, const int *units, int n)
{
	struct lw_battle *b = &s->battle;
	int D = def_side(s), to = b->att_hex;
	int host = lw_force_co(s, to);
	bool cav = true;
	for (int i = 0; i < n; i++) {
		struct lw_unit *x = &s->unit[units[i]];
		x->hex = (int16_t)to;
		cav &= x->cavalry != 0;
		if (host != LW_NONE && !s->unit[host].cavalry && s->unit[host].stars >= x->stars)
			x->cmd = 0; /* 11.2.1 */
	}
	char hl[64];
	lw_log(s, "The %s force advances into %s (16.10.1).", lw_side_title(D),
	       lw_hex_label(to, hl, sizeof hl));
	lw_border_enter(s, D, to);
	int c = lw_city_at(to);
	if (c >= 0 && lw_city_controller(s, c) == b->attacker && !lw_D()->cities[c].bracketed)
		lw_capture_city(s, D, c, cav); /* 16.10.1.1 */
}

static int act_dadvance(struct lw_state *s, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	const char *type = lw_a_str(a, "type");
	if (strcmp(type, "stay") == 0) {
		lw_log(s, "The %s force stays in its hex (16.10.1).", lw_side_title(def_side(s)));
		battle_end(s, out, NULL, 0);
		return 0;
	}
	if (strcmp(type, "advance") != 0)
		return tg_fail(err, TG_E_MALFORMED, "16.10.1: \"advance\" or \"stay\"");
	const char *which = lw_a_str(a, "units");
	if (which && strcmp(which, "all") == 0) {
		int u[LW_MAX_UNITS];
		int n = lw_units_at(s, s->battle.def_hex, def_side(s), u);
		if (!dadvance_all_ok(s))
			return tg_fail(err, TG_E_ILLEGAL,
			               "16.10.1 / 12.4: the whole force cannot stack in %04d",
			               s->battle.att_hex);
		dadvance_move(s, u, n);
		battle_end(s, out, NULL, 0);
		return 0;
	}
	int u = lw_unit_by_id(s, lw_a_str(a, "unit"));
	if (u == LW_NONE || s->unit[u].side != def_side(s) || !dadvance_unit_ok(s, u))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.10.1: name a general of the defending force who can enter %04d "
		               "without overstacking it or leaving an illegal stack (12.4, 13.1.1)",
		               s->battle.att_hex);
	dadvance_move(s, &u, 1);
	end_or_defender_advance(s, out);
	return 0;
}

static void offer_dadvance(const struct lw_state *s, json_t *list)
{
	char hl[64], name[64], id[48];
	int to = s->battle.att_hex, u[LW_MAX_UNITS];
	lw_hex_label(to, hl, sizeof hl);
	if (dadvance_all_ok(s))
		lw_offer(list, json_pack("{s:s,s:s}", "type", "advance", "units", "all"),
		         "Advance the whole force into %s (16.10.1)", hl);
	int n = dadvance_units(s, u);
	for (int i = 0; i < n; i++)
		lw_offer(list,
		         json_pack("{s:s,s:s}", "type", "advance", "unit",
		                   lw_unit_id(s, u[i], id, sizeof id)),
		         "Advance %s into %s (16.10.1)", lw_unit_name(s, u[i], name, sizeof name),
		         hl);
	lw_offer(list, json_pack("{s:s}", "type", "stay"), "Stay in your hex (16.10.1)");
}

static bool must_advance_all(const struct lw_state *s)
{
	/* 16.6.3, 16.6.4, and the attacker of a reversal (16.8.3) */
	return s->battle.result == LW_CRT_MAJOR || s->battle.rout ||
	       s->land.disaster == LW_DISASTER_REVERSAL;
}

static void advance_or_end(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	int u[LW_MAX_UNITS];
	int n = group_units(s, b->attacker, u);
	int tmp[LW_MAX_UNITS];
	int left = lw_units_at(s, b->def_hex, def_side(s), tmp);
	bool attacker_won = s->land.withdrew || b->winner == b->attacker;
	if (n == 0 || left > 0 || !attacker_won) {
		end_or_defender_advance(s, out);
		return;
	}
	if (lw_siege_broken_by_attack(s)) { /* 16.9.5.4.2: the most that stack (lw_siege.c) */
		int go[LW_MAX_UNITS];
		int ng = lw_siege_relief_advance(s, u, n, group_co(s, b->attacker), go);
		if (ng > 0)
			do_advance(s, go, ng, out);
		else
			battle_end(s, out, NULL, 0);
		return;
	}
	if ((!s->land.withdrew && must_advance_all(s)) || s->land.pursuit) {
		/* 16.6.3 / 16.6.4: the entire force; if the hex cannot stack it
		 * all (a force that attacked beside its three-star), the CO and
		 * then the most stars that fit, as 16.9.5.4.2 does */
		int go[LW_MAX_UNITS], ng = 0, co = group_co(s, b->attacker);
		if (co != LW_NONE)
			go[ng++] = co;
		for (int st = 3; st >= 1; st--)
			for (int i = 0; i < n; i++)
				if (u[i] != co && s->unit[u[i]].stars == st) {
					go[ng] = u[i];
					if (lw_stack_check_hex(s, b->def_hex, b->attacker, go,
					                       ng + 1, LW_NONE, 0, NULL) == 0 &&
					    lw_stack_check_without(s, b->att_hex, b->attacker, go,
					                           ng + 1, NULL) == 0)
						ng++;
				}
		do_advance(s, go, ng, out);
		return;
	}
	s->land.stage = LW_BS_ADVANCE;
	s->step = LW_ST_ADVANCE;
	s->awaiting_side = b->attacker;
}

static int act_advance(struct lw_state *s, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	struct lw_battle *b = &s->battle;
	const char *type = lw_a_str(a, "type");
	int u[LW_MAX_UNITS];
	int n = group_units(s, b->attacker, u);
	if (strcmp(type, "decline") == 0) {
		/* 16.2 / 16.6.2 / 16.10.1: one IT for staying put */
		add_it(s, b->attacker, 1);
		lw_log(s, "The %s force does not advance (16.10.1: +1 IT).",
		       lw_side_title(b->attacker));
		battle_end(s, out, u, n);
		return 0;
	}
	if (json_is_array(json_object_get(a, "units"))) { /* 16.10.1: some of them */
		int go[LW_MAX_UNITS], ng = 0;
		if (lw_advance_some_check(s, a, u, n, go, &ng, err) != 0)
			return -1;
		lw_advance_some_it(s, u, n, go, ng);
		do_advance(s, go, ng, out);
		return 0;
	}
	const char *which = lw_a_str(a, "units");
	if (!which || (strcmp(which, "all") != 0 && strcmp(which, "co") != 0))
		return tg_fail(err, TG_E_MALFORMED,
		               "an advance needs \"units\": \"all\" or \"co\"");
	if (strcmp(which, "all") == 0) {
		if (lw_stack_check_hex(s, b->def_hex, b->attacker, u, n, LW_NONE, 0, err) != 0)
			return -1;
		do_advance(s, u, n, out);
		return 0;
	}
	int co = group_co(s, b->attacker);
	if (co == LW_NONE)
		return tg_fail(err, TG_E_ILLEGAL, "16.10.1: nobody is left to advance");
	if (n < 2 || lw_stack_check_without(s, b->att_hex, b->attacker, &co, 1, NULL) != 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.10.1 / 13.1.1: the CO cannot advance alone and leave an illegal "
		               "stack behind");
	/* the IT incurred in the battle goes with the generals who advance
	 * (16.6.2): it sits on the CO already */
	lw_unit_leave_it(s, co,
	                 s->unit[co].it_new < s->unit[co].it ? s->unit[co].it_new : s->unit[co].it);
	do_advance(s, &co, 1, out);
	return 0;
}

/* ---- casualties (16.8) --------------------------------------------------------------- */

static bool casualty_eligible(const struct lw_state *s, int side, int u, bool regular_exists)
{
	const struct lw_unit *x = &s->unit[u];
	if (x->where != LW_W_MAP)
		return false;
	/* 17.4: a TCO only if no regular general is in the force */
	if (x->gen < 0 && regular_exists)
		return false;
	/* 16.6.4: the routed CO, disgraced, is exempt */
	if (s->battle.rout && s->battle.winner != side &&
	    u == (side == s->battle.attacker ? s->land.att_co : s->land.def_co))
		return false;
	return true;
}

static int casualty_candidates(const struct lw_state *s, int side, int out[LW_MAX_UNITS])
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u), k = 0;
	bool regular = false;
	for (int i = 0; i < n; i++)
		regular |= s->unit[u[i]].gen >= 0 && casualty_eligible(s, side, u[i], false);
	for (int i = 0; i < n; i++)
		if (casualty_eligible(s, side, u[i], regular))
			out[k++] = u[i];
	return k;
}

static void after_casualties(struct lw_state *s, struct game_outcome *out);

/* 11.0.3 / 12.4: a step of the battle left a question for an owner (who
 * commands after a loss of rank, who is displaced and where). The rules put
 * that choice at that moment, and the next steps read who commands (the
 * casualty modifier, the IT and the defeat of the loser's CO, 16.6.5
 * promotion, the reversal's demotion) and who stands where: the battle
 * holds at `at` until the answer (lw_battle_command_resume). True if held. */
static bool hold_for_command(struct lw_state *s, int at)
{
	if (!lw_command_question_pending(s))
		return false;
	s->land.hold = (uint8_t)at;
	s->awaiting_side = LW_NOSIDE;
	return true;
}

/* 16.8: "If the result shows a different rank general, then pick a general
 * of the indicated rank in the same stack instead": the generals of that
 * rank in the force in battle (17.4: a TCO only when no regular general of
 * that rank is there). */
static int redirect_candidates(const struct lw_state *s, int side, int want, int out[LW_MAX_UNITS])
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u), k = 0;
	for (int pass = 0; pass < 2 && k == 0; pass++)
		for (int i = 0; i < n; i++)
			if (s->unit[u[i]].stars == want && (pass == 1 || s->unit[u[i]].gen >= 0) &&
			    casualty_eligible(s, side, u[i], false))
				out[k++] = u[i];
	return k;
}

/* 16.8: roll on the table for u. A different rank means another general of
 * that rank and a new roll: the player who picked u (`chooser`) picks him.
 * Returns true when that choice is now awaited (LW_ST_CASUALTY with
 * battle.casualty_rank set). */
static bool hit_general(struct lw_state *s, int side, int u, bool sharpshooter, int chooser,
                        struct game_outcome *out)
{
	set_barrier(out);
	char name[64];
	for (int tries = 0; tries < 3 && u != LW_NONE; tries++) {
		int hex = s->unit[u].hex;
		int co = lw_force_co(s, hex);
		int others[LW_MAX_UNITS];
		bool lone = lw_units_at(s, hex, side, others) == 1;
		bool mod = s->side[side].gic == u || co == u || lone;
		int roll = tg_rng_die(&s->rng, 6) + tg_rng_die(&s->rng, 6);
		enum lw_gct r =
		    lw_gct_lookup(s->unit[u].stars, roll + lw_gct_modifier(mod, sharpshooter));
		lw_unit_name(s, u, name, sizeof name);
		if (r == LW_GCT_MISS) {
			lw_log(s, "Casualty roll %d for %s: miss (16.8).", roll, name);
			return false;
		}
		if (r == LW_GCT_WOUND) {
			s->unit[u].wounds++;
			lw_log(s, "Casualty roll %d: %s is wounded (16.8.1).", roll, name);
			return false;
		}
		if (r == LW_GCT_KILL) {
			lw_log(s, "Casualty roll %d: %s is killed (16.8.2).", roll, name);
			int before[LW_MAX_UNITS];
			int nb = lw_units_at(s, hex, side, before);
			lw_kill(s, u);
			lw_unstack_all(s);
			if (side == s->battle.attacker)
				follow_tco(s, u, hex, before, nb);
			if (u == s->land.att_co || u == s->land.def_co) {
				/* 16.6.5: "the victorious CO is promoted ... No other
				 * units within a stack may receive the promotion":
				 * dead, he is not, and nobody is in his place */
				if (side == s->battle.winner && s->land.auto_promote) {
					s->land.auto_promote = 0;
					lw_log(s,
					       "%s died in the hour of victory: nobody is promoted "
					       "on the field in his place (16.6.5).",
					       name);
				}
				int nco = lw_force_co(s, hex);
				if (u == s->land.att_co)
					s->land.att_co = (int16_t)nco;
				else
					s->land.def_co = (int16_t)nco;
			}
			return false;
		}
		int want = r == LW_GCT_ONE_STAR ? 1 : 2, c[LW_MAX_UNITS];
		int nc = redirect_candidates(s, side, want, c);
		lw_log(s, "Casualty roll %d for %s: a %d-star general is hit instead%s (16.8).",
		       roll, name, want,
		       nc == 0   ? ", none is present: miss"
		       : nc == 1 ? ""
		                 : "; the player who picked the general picks him");
		if (nc > 1) {
			struct lw_land *l = &s->land;
			s->battle.casualty_side = (int8_t)chooser;
			s->battle.casualty_victim_side = (int8_t)side;
			s->battle.casualty_rank = (int8_t)want;
			s->step = LW_ST_CASUALTY;
			s->awaiting_side = (int8_t)chooser;
			l->stage = LW_BS_CASUALTY;
			l->cas_sharp = sharpshooter ? 1 : 0;
			return true;
		}
		u = nc == 1 ? c[0] : LW_NONE;
	}
	return false;
}

static void next_casualty(struct lw_state *s, struct game_outcome *out)
{
	struct lw_land *l = &s->land;
	int order[2] = {s->battle.attacker, def_side(s)};
	s->battle.casualty_rank = 0;
	/* a general killed: his successor is chosen before the next check,
	 * whose -1 for a CO (16.8) depends on it */
	if (hold_for_command(s, LW_BH_CASUALTY))
		return;
	/* 16.8: a Sharpshooter resource: its owner picks the enemy general, +2
	 * on the roll; the ordinary check still follows */
	for (int k = 0; k < 2; k++) {
		int owner = order[k], victim = LW_OTHER(owner);
		if (!l->sharp[owner])
			continue;
		int c[LW_MAX_UNITS];
		int n = casualty_candidates(s, victim, c);
		if (n <= 1) {
			l->sharp[owner] = 0;
			if (n == 1) {
				lw_log(s, "The %s sharpshooters take aim (16.8).",
				       lw_side_title(owner));
				if (!hit_general(s, victim, c[0], true, owner, out))
					next_casualty(s, out); /* sharp[owner] is off: the rest */
				return;
			}
			continue;
		}
		s->battle.casualty_side = (int8_t)owner;
		s->battle.casualty_victim_side = (int8_t)victim;
		s->step = LW_ST_CASUALTY;
		s->awaiting_side = (int8_t)owner;
		l->stage = LW_BS_CASUALTY;
		l->cas_sharp = 1;
		return;
	}
	for (int k = 0; k < 2; k++) {
		int side = order[k];
		if (!l->cas_todo[side])
			continue;
		int c[LW_MAX_UNITS];
		int n = casualty_candidates(s, side, c);
		if (n <= 1) {
			l->cas_todo[side] = 0;
			/* one general: nobody chose him; a redirect is his owner's */
			if (n == 1) {
				if (!hit_general(s, side, c[0], false, side, out))
					next_casualty(s, out); /* cas_todo[side] is off: the rest */
				return;
			}
			continue;
		}
		/* 16.8: even, the player who drew the star chooses; odd, his opponent */
		int die = tg_rng_die(&s->rng, 6);
		set_barrier(out);
		int chooser = die % 2 == 0 ? side : LW_OTHER(side);
		s->battle.casualty_side = (int8_t)chooser;
		s->battle.casualty_victim_side = (int8_t)side;
		s->step = LW_ST_CASUALTY;
		s->awaiting_side = (int8_t)chooser;
		l->stage = LW_BS_CASUALTY;
		l->cas_sharp = 0;
		lw_log(s,
		       "The %s player draws a casualty star; die %d: the %s player picks the "
		       "general (16.8).",
		       lw_side_title(side), die, lw_side_title(chooser));
		return;
	}
	after_casualties(s, out);
}

static int act_casualty(struct lw_state *s, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	int victim = s->battle.casualty_victim_side, rank = s->battle.casualty_rank;
	int u = lw_unit_by_id(s, lw_a_str(a, "unit"));
	int c[LW_MAX_UNITS];
	int n =
	    rank > 0 ? redirect_candidates(s, victim, rank, c) : casualty_candidates(s, victim, c);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= c[i] == u;
	if (u == LW_NONE || !ok) {
		if (rank > 0)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "16.8: the table names a %d-star general: pick one of that "
			    "rank in the force (a TCO only when no regular general of that "
			    "rank is there, 17.4)",
			    rank);
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.8 / 17.4: pick a general of the force in battle (a TCO only "
		               "when no regular general is left)");
	}
	bool sharp = s->land.cas_sharp != 0;
	if (rank > 0) {
		s->battle.casualty_rank = 0; /* the check it belongs to is already under way */
		s->land.cas_sharp = 0;
	} else if (sharp) {
		s->land.sharp[LW_OTHER(victim)] = 0;
		s->land.cas_sharp = 0;
		lw_log(s, "The %s sharpshooters take aim (16.8).", lw_side_title(LW_OTHER(victim)));
	} else {
		s->land.cas_todo[victim] = 0;
	}
	if (!hit_general(s, victim, u, sharp, s->battle.casualty_side, out))
		next_casualty(s, out);
	return 0;
}

/* ---- demotions the owner chooses (16.8.3, 11.1.3.3, 12.3.3) ---------------------------- */

static void demote_apply(struct lw_state *s, int u, int why)
{
	static const char *const rule[] = {[LW_DW_DISASTER] = "16.8.3: disaster",
	                                   [LW_DW_REVERSAL] = "16.8.3: victory reversal",
	                                   [LW_DW_RIVER] = "12.3.3: retreat across a river"};
	char name[64];
	lw_log(s, "%s loses a star (%s).", lw_unit_name(s, u, name, sizeof name), rule[why]);
	int side = s->unit[u].side;
	bool reversed_co = why == LW_DW_REVERSAL && group_co(s, side) == u && !lw_cav_battle_on(s);
	lw_demote(s, u);
	lw_unstack_all(s);
	/* 17.0: a TCO replaces a general killed, not one disgraced: nobody
	 * takes the place in the attack of a general this demotion removed */
	/* 16.8.3 victory reversal: "The attacker's CO loses one star and if
	 * possible a subordinate of the owning player's choice takes command of
	 * that force" -- also one of equal rank now (a subordinate who outranks
	 * him takes over by 11.0.3 anyway); the owner is asked (lw_command.c) */
	if (reversed_co && s->unit[u].where == LW_W_MAP)
		lw_command_co_replace(s, s->unit[u].hex, side, u);
}

/* The owner of the generals `cand` demotes one of them: at once when there
 * is one, else a prompt (LW_ST_DEMOTE); true when the prompt is awaited. */
static bool demote_begin(struct lw_state *s, int side, int why, const int *cand, int n)
{
	struct lw_land *l = &s->land;
	if (n <= 0)
		return false;
	if (n == 1) {
		demote_apply(s, cand[0], why);
		return false;
	}
	l->demote_why = (uint8_t)why;
	l->demote_side = (int8_t)side;
	l->cand_n = 0;
	for (int i = 0; i < n && i < LW_LAND_GROUP; i++)
		l->cand[l->cand_n++] = (int16_t)cand[i];
	s->step = LW_ST_DEMOTE;
	s->awaiting_side = (int8_t)side;
	return true;
}

static bool demote_candidate(const struct lw_state *s, int u)
{
	const struct lw_land *l = &s->land;
	for (int i = 0; i < l->cand_n; i++)
		if (l->cand[i] == u && s->unit[u].where == LW_W_MAP)
			return true;
	return false;
}

static void reversal_finish(struct lw_state *s, struct game_outcome *out);

static int act_demote(struct lw_state *s, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	struct lw_land *l = &s->land;
	int u = lw_unit_by_id(s, lw_a_str(a, "unit"));
	if (u == LW_NONE || !demote_candidate(s, u))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    l->demote_why == LW_DW_RIVER
		        ? "12.3.3: demote a subordinate of the Major Army that retreated "
		          "across the river"
		    : l->demote_why == LW_DW_REVERSAL
		        ? "16.8.3 / 11.1.3.3: the General in Chief takes the demotion or "
		          "foists it on a subordinate of his force"
		        : "16.8.3: demote a general of the beaten force (a one-star only "
		          "when all are one-star)");
	int why = l->demote_why;
	l->demote_why = LW_DW_NONE;
	l->demote_side = 0;
	l->cand_n = 0;
	memset(l->cand, 0, sizeof l->cand);
	demote_apply(s, u, why);
	if (why == LW_DW_DISASTER)
		after_casualties(s, out);
	else if (why == LW_DW_REVERSAL)
		reversal_finish(s, out);
	else
		retreat_next(s, out);
	return 0;
}

static void offer_demote(const struct lw_state *s, json_t *list)
{
	const struct lw_land *l = &s->land;
	char name[64], id[48];
	for (int i = 0; i < l->cand_n; i++) {
		int u = l->cand[i];
		if (!demote_candidate(s, u))
			continue;
		lw_unit_name(s, u, name, sizeof name);
		if (l->demote_why == LW_DW_REVERSAL && s->side[l->demote_side].gic != u)
			lw_offer(list,
			         json_pack("{s:s,s:s}", "type", "demote", "unit",
			                   lw_unit_id(s, u, id, sizeof id)),
			         "Foist the blame on %s: he loses a star (11.1.3.3)", name);
		else
			lw_offer(list,
			         json_pack("{s:s,s:s}", "type", "demote", "unit",
			                   lw_unit_id(s, u, id, sizeof id)),
			         "%s loses a star%s (%s)", name,
			         s->unit[u].stars <= 1 ? " and is disgraced" : "",
			         l->demote_why == LW_DW_RIVER ? "12.3.3" : "16.8.3");
	}
}

/* ---- results (16.6, 16.8.3) ------------------------------------------------------------ */

/* 16.8.3 loser-only disaster: "demotes a general (if all generals are
 * already one star, the owner chooses which one is disgraced)": the
 * generals of two or three stars, else all of them. */
static int disaster_candidates(const struct lw_state *s, int side, int out[LW_MAX_UNITS])
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u), k = 0;
	for (int pass = 0; pass < 2 && k == 0; pass++)
		for (int i = 0; i < n; i++)
			if (pass == 1 || s->unit[u[i]].stars >= 2)
				out[k++] = u[i];
	return k;
}

static void reversal(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	int victor = b->winner;
	lw_log(s, "Both sides draw a disaster: VICTORY REVERSAL (16.8.3).");
	add_it(s, b->attacker, LW_REVERSAL_IT);
	add_it(s, def_side(s), LW_REVERSAL_IT);
	b->result = 3;
	int co = group_co(s, victor);
	if (co != LW_NONE) {
		/* the victor's CO loses a star; a GiC may foist the blame on a
		 * subordinate (11.1.3.3) */
		int cand[LW_MAX_UNITS], n = 0;
		cand[n++] = co;
		if (s->side[victor].gic == co) {
			int u[LW_MAX_UNITS];
			int m = group_units(s, victor, u);
			for (int i = 0; i < m; i++)
				if (u[i] != co)
					cand[n++] = u[i];
		}
		if (demote_begin(s, victor, LW_DW_REVERSAL, cand, n))
			return;
	}
	reversal_finish(s, out);
}

static void reversal_finish(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	/* 16.8.3: the CO who lost a star, his successor chosen, then the rest */
	if (hold_for_command(s, LW_BH_REVERSAL))
		return;
	if (lw_cav_battle_on(s)) {
		lw_cav_battle_end(s, out); /* 13.2.2: nobody retreats or advances */
		return;
	}
	if (b->winner == b->attacker) {
		end_or_defender_advance(s, out); /* the attacker goes back; nobody retreats */
		return;
	}
	/* the defender, original victor, retreats; the attacker advances */
	b->winner = (int8_t)b->attacker;
	b->rout = 0;
	start_retreat(s, def_side(s), LW_BS_RETREAT);
	retreat_next(s, out);
}

/* ---- a routed attacker left overstacked (16.6.4) ------------------------------------ */

/* 16.6.4: "If a routed attacking force finds that it is overstacked after
 * losing its CO, then retreat the lowest number of stars possible one hex
 * so as to comply with stacking restrictions." The fewest stars of the
 * force that must leave its hex (lw_stack_fewest_to_leave, over the first
 * ORETREAT_SEARCH generals); in_best[i] marks the generals u[i] that belong
 * to some set of that size. -1 when the hex is legal already. */
enum { ORETREAT_SEARCH = 12 }; /* twelve stars at most stack; bounds the search */

static int oretreat_need(const struct lw_state *s, const int *u, int n, bool *in_best)
{
	const struct lw_battle *b = &s->battle;
	return lw_stack_fewest_to_leave(s, b->att_hex, b->attacker, u,
	                                n < ORETREAT_SEARCH ? n : ORETREAT_SEARCH, 0, true,
	                                in_best);
}

/* The generals that may step back now (some fewest-stars set has them and
 * a 16.9.1 hex takes them). */
static int oretreat_units(const struct lw_state *s, int out[LW_MAX_UNITS])
{
	int u[LW_MAX_UNITS], opts[6], k = 0;
	bool in_best[LW_MAX_UNITS];
	int n = group_units(s, s->battle.attacker, u);
	if (oretreat_need(s, u, n, in_best) <= 0)
		return 0;
	for (int i = 0; i < n && i < ORETREAT_SEARCH; i++)
		if (in_best[i] &&
		    retreat_options(s, s->battle.attacker, s->battle.att_hex, &u[i], 1, opts) > 0)
			out[k++] = u[i];
	return k;
}

/* Asks for the next general to step back, or settles and resumes. True
 * while the prompt is awaited. */
static bool oretreat_next(struct lw_state *s)
{
	struct lw_land *l = &s->land;
	int u[LW_MAX_UNITS];
	if (oretreat_units(s, u) > 0) {
		l->stage = LW_BS_ORETREAT;
		l->from_hex = s->battle.att_hex;
		l->group_side = s->battle.attacker;
		l->group_n = 0;
		int g[LW_MAX_UNITS];
		int n = group_units(s, s->battle.attacker, g);
		for (int i = 0; i < n && l->group_n < LW_LAND_GROUP; i++)
			l->group[l->group_n++] = (int16_t)g[i];
		s->step = LW_ST_RETREAT;
		s->awaiting_side = s->battle.attacker;
		return true;
	}
	/* legal again, or nobody can step back: the 12.4 displacement */
	if (l->stage == LW_BS_ORETREAT) {
		l->group_n = 0;
		l->stage = LW_BS_CASUALTY; /* back to applying the results */
	}
	lw_unstack(s, s->battle.att_hex, s->battle.attacker);
	return false;
}

static int oretreat_act(struct lw_state *s, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	struct lw_battle *b = &s->battle;
	int to, u = lw_unit_by_id(s, lw_a_str(a, "unit"));
	if (!lw_a_int(a, "to", &to) || u == LW_NONE)
		return tg_fail(err, TG_E_MALFORMED,
		               "this retreat needs a general \"unit\" and a hex \"to\"");
	int c[LW_MAX_UNITS], opts[6];
	int n = oretreat_units(s, c);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= c[i] == u;
	int no = ok ? retreat_options(s, b->attacker, b->att_hex, &u, 1, opts) : 0;
	bool hex_ok = false;
	for (int i = 0; i < no; i++)
		hex_ok |= opts[i] == to;
	if (!ok || !hex_ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.6.4: the routed force sends back the fewest stars that leave "
		               "a legal stack, one hex by the 16.9.1 priorities");
	retreat_move(s, &u, 1, to);
	if (!oretreat_next(s))
		after_casualties(s, out);
	return 0;
}

/* 16.6.4: IT off, CO disgraced, IT = stars left. A routed attacker left
 * overstacked sends back the fewest stars (a prompt, true while awaited);
 * a routed defender breaks up in its retreat (16.6.4), or offers siege,
 * which holds only what stacks: its owner then names the excess, which
 * retreats by the 16.9 prompts (lw_siege.c, lw_battle_excess_retreats). */
static bool rout_loser(struct lw_state *s, int L, int lco)
{
	struct lw_battle *b = &s->battle;
	int u[LW_MAX_UNITS];
	int n = group_units(s, L, u);
	for (int i = 0; i < n; i++)
		s->unit[u[i]].it = 0;
	char name[64];
	lw_log(s, "ROUT: %s is disgraced (16.6.4).", lw_unit_name(s, lco, name, sizeof name));
	int hex = L == b->attacker ? b->att_hex : b->def_hex;
	int old_co = lw_command_co_before(s, hex, L);
	lw_disgrace_only(s, lco);
	n = group_units(s, L, u);
	for (int i = 0; i < n; i++) {
		s->unit[u[i]].it = s->unit[u[i]].stars;
		s->unit[u[i]].it_new = s->unit[u[i]].stars;
	}
	/* 11.0.3: his owner names who commands what is left (the battle holds
	 * for it: the retreat, a water retreat's demotion of "the CO of the
	 * retreating force" (16.9.4) and 12.4's displacement read him) */
	lw_command_co_after(s, hex, L, old_co);
	if (L == b->attacker)
		return oretreat_next(s);
	return false;
}

static void draw_casualty_cards(struct lw_state *s, bool att, bool def, bool disasters);

static void after_casualties(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	struct lw_land *l = &s->land;
	int A = b->attacker, D = def_side(s);
	/* 11.0.3 / 12.4 questions first: IT, the defeat, 16.6.5 read the CO */
	if (hold_for_command(s, LW_BH_RESULTS))
		return;
	if (l->post == LW_BP_DISASTER) {
		l->post = LW_BP_RESULTS;
		if (b->winner != LW_NOSIDE && !b->empty_city && b->result == LW_CRT_MAJOR &&
		    !b->rout && !lw_siege_broken_by_attack(s) /* 16.8.3: no disasters */) {
			int W = b->winner, L = LW_OTHER(W);
			struct lw_combat_out co = {.disaster_check = true};
			enum lw_disaster dis =
			    lw_disaster_effect(&co, (l->sym[W] & LW_SYM_DISASTER) != 0,
			                       (l->sym[L] & LW_SYM_DISASTER) != 0);
			l->disaster = (uint8_t)dis;
			if (dis == LW_DISASTER_REVERSAL) {
				reversal(s, out);
				return;
			}
			if (dis == LW_DISASTER_LOSER) {
				l->it_gain[L]++;
				lw_log(s,
				       "Disaster for the %s: one more IT and a general demoted "
				       "(16.8.3).",
				       lw_side_title(L));
				int cand[LW_MAX_UNITS];
				int n = disaster_candidates(s, L, cand);
				if (demote_begin(s, L, LW_DW_DISASTER, cand, n))
					return; /* act_demote resumes here */
				/* one candidate, demoted at once: his successor
				 * takes the IT and the defeat (11.0.3) */
				if (hold_for_command(s, LW_BH_RESULTS))
					return;
			}
		}
	}
	if (l->post == LW_BP_RESULTS) {
		l->post = b->rout ? LW_BP_ROUT_CARDS : LW_BP_AFTER_ROUT;
		/* IT (16.6), the empty city's single IT (16.1.2) */
		if (!(b->empty_city && l->city_falls))
			add_it(s, A, l->it_gain[A]); /* a captured city gives that IT itself */
		if (!b->empty_city)
			add_it(s, D, l->it_gain[D]);
		if (b->winner == LW_NOSIDE) {
			end_or_defender_advance(s, out);
			return;
		}
		int W = b->winner, L = LW_OTHER(W);
		if (!b->empty_city) {
			int wco = group_co(s, W), lco = group_co(s, L);
			if (l->pc_award > 0) {
				lw_gain_pc(s, W, l->pc_award);
				lw_log(s, "The %s player gains %d PC for the victory (16.6).",
				       lw_side_title(W), l->pc_award);
			}
			if (lco != LW_NONE)
				s->unit[lco].flags |= LW_UF_LOST_BATTLE;
			/* 10.7.9: the Confederate use needs a defeat "to a CS one-star CO" */
			if (lco != LW_NONE && wco != LW_NONE && W == LW_CONFEDERATE &&
			    s->unit[wco].stars == 1)
				lw_command_note_lost_to_one_star(s, lco);
			if (wco != LW_NONE)
				s->unit[wco].flags |= LW_UF_WON_BATTLE;
			if (b->rout && lco != LW_NONE && rout_loser(s, L, lco))
				return; /* oretreat_act resumes here */
			/* a routed attacker's 12.4 displacement: answered before
			 * the promotion and the retreat */
			if (hold_for_command(s, LW_BH_RESULTS))
				return;
		}
	}
	if (l->post == LW_BP_ROUT_CARDS) {
		/* 16.6.4: the IT off, the CO disgraced, IT = stars; "Draw cards
		 * for general casualties. If a routed force suffers a general
		 * casualty during the card draw, the disgraced CO is exempt":
		 * the cards come after the rout (16.0: "Check For Loser Rout and
		 * Apply Results" before the casualty draw), so the -1 of 16.8
		 * goes to the routed force's new CO, or to a general left alone */
		l->post = LW_BP_AFTER_ROUT;
		draw_casualty_cards(s, true, true, false);
		next_casualty(s, out); /* back here when the checks are done */
		return;
	}
	int W = b->winner;
	if (!b->empty_city) {
		/* 16.6.5: a grateful nation; not beyond the counter or stacking */
		int wco = group_co(s, W);
		if (l->auto_promote && wco != LW_NONE && s->unit[wco].where == LW_W_MAP &&
		    !(s->unit[wco].flags & LW_UF_OOS) &&
		    lw_stack_check_hex(s, s->unit[wco].hex, W, NULL, 0, wco, s->unit[wco].stars + 1,
		                       NULL) == 0) {
			int before = s->unit[wco].stars;
			lw_promote(s, wco);
			if (s->unit[wco].stars > before) {
				char name[64];
				lw_log(s, "%s is promoted on the field (16.6.5).",
				       lw_unit_name(s, wco, name, sizeof name));
			}
		}
	}
	if (lw_cav_battle_on(s)) {
		lw_cav_battle_end(s, out); /* 13.2.2: nobody retreats or advances */
		return;
	}
	int tmp[LW_MAX_UNITS];
	if (W == A && !b->empty_city && lw_units_at(s, b->def_hex, D, tmp) > 0) {
		if (lw_siege_may_offer(s)) { /* 16.9.5: stay and offer siege? (lw_siege.c) */
			lw_siege_begin_offer(s);
			return;
		}
		lw_amphib_water_retreat(s); /* 16.9.4: from a captured port, by water */
		start_retreat(s, D, LW_BS_RETREAT);
		retreat_next(s, out);
		return;
	}
	if (W == A && b->empty_city && !l->city_falls) {
		battle_end(s, out, NULL, 0); /* 16.1.2: the city holds */
		return;
	}
	advance_or_end(s, out);
}

/* ---- reveal (16.3 - 16.6) ------------------------------------------------------------- */

/* 16.3.1: the Confederate player may not use CSP "in any combat in or into
 * Union territory whether on attack or defense": the battle hex in Union
 * territory, or the Confederates attacking from it (they stand "in" it: an
 * attack out of Union territory is barred too). "CSP can be used for
 * defense if CS units are being attacked from Union territory but they
 * themselves are not in Union territory." Kentucky and Missouri are not
 * Union territory (lw_hex_in_territory). */
static bool cs_csp_barred(const struct lw_state *s, int side)
{
	const struct lw_battle *b = &s->battle;
	if (side != LW_CONFEDERATE)
		return false;
	if (lw_hex_in_territory(b->def_hex, LW_UNION))
		return true;
	return b->attacker == LW_CONFEDERATE && lw_hex_in_territory(b->att_hex, LW_UNION);
}

static int committed_csp(struct lw_state *s, int side)
{
	struct lw_battle *b = &s->battle;
	int v = b->csp[side] < 0 ? 0 : b->csp[side];
	if (v > s->side[side].csp)
		v = s->side[side].csp; /* 16.3: only the CSP available count */
	if (cs_csp_barred(s, side))
		v = 0; /* 16.3.1 (act_commit refuses them already) */
	if (side == def_side(s) && b->empty_city)
		v = 0; /* 16.1.2 */
	s->side[side].csp = (int16_t)(s->side[side].csp - v);
	return v;
}

/* 16.4 / 17.2 / 16.8.1: one general's combat value, rolled when indecisive
 * (a TCO, or the CO seeing the elephant, 16.4.1), less his wounds. */
static int general_value(struct lw_state *s, int u, bool attacking, bool elephant)
{
	const struct lw_unit *x = &s->unit[u];
	int printed = attacking ? lw_unit_attack(s, u) : lw_unit_defense(s, u);
	bool indecisive = printed < 0 || x->gen < 0 || elephant;
	int rolled = 0;
	if (indecisive) {
		char name[64];
		int die = tg_rng_die(&s->rng, 6);
		rolled = lw_indecisive_value(die, x->gen < 0 ? lw_tco_roll_modifier(x->stars) : 0);
		lw_log(s, "%s is indecisive: die %d, value %d (16.4%s).",
		       lw_unit_name(s, u, name, sizeof name), die, rolled, elephant ? ".1" : "");
	}
	return lw_general_combat_value(printed, indecisive, rolled, x->wounds);
}

/* 16.4 / 16.4.1 / 17.2: the force's combat factors, rolling for the indecisive. */
static int force_factors(struct lw_state *s, int side, bool attacking)
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u);
	int co = group_co(s, side), sum = 0;
	for (int i = 0; i < n; i++) /* 16.4.1: Summer 1861, the CO */
		sum += general_value(s, u[i], attacking, s->turn == 0 && u[i] == co);
	return sum;
}

static void side_stars(const struct lw_state *s, int side, int *co_stars, int *stars, bool *gic)
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u), co = group_co(s, side);
	*co_stars = co != LW_NONE ? s->unit[co].stars : 0;
	*stars = 0;
	*gic = false;
	for (int i = 0; i < n; i++) {
		*stars += s->unit[u[i]].stars;
		*gic |= s->side[side].gic == u[i];
	}
}

static void reveal(struct lw_state *s, struct game_outcome *out)
{
	/* 16.3: the cards are spent and their events applied, the defender's
	 * first; To Steal a March may ask first (lw_resource_events.c) */
	if (lw_resev_reveal(s, out))
		return;
	lw_battle_resolve(s, out);
}

void lw_battle_resolve(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	struct lw_land *l = &s->land;
	int A = b->attacker, D = def_side(s);
	set_barrier(out);
	bool river = (lw_data_hexside_flags(lw_D(), b->att_hex, b->def_hex) & LW_HS_RIVER) != 0;
	struct lw_combat_in in = {.empty_city = b->empty_city != 0};
	in.att.resource = lw_resev_strength(s, A, true, river);
	in.def.resource = lw_resev_strength(s, D, false, river);
	in.att.csp = committed_csp(s, A);
	in.def.csp = committed_csp(s, D);
	/* 16.3: reveal all units */
	int u[LW_MAX_UNITS];
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		int n = group_units(s, side, u);
		for (int i = 0; i < n; i++)
			s->unit[u[i]].flags |= LW_UF_REVEALED;
	}
	in.att.factors = force_factors(s, A, true);
	in.att.it = group_it(s, A);
	side_stars(s, A, &in.att.co_stars, &in.att.stars, &in.att.has_gic);
	int c = lw_city_at(b->def_hex);
	if (b->empty_city) {
		in.def.factors = c >= 0 ? lw_city_defense(s, c) : 0;
	} else {
		in.def.factors = force_factors(s, D, false);
		in.def.it = group_it(s, D);
		/* 14.1.3/14.2.2: an amphibious assault crosses no hexside */
		in.def.terrain =
		    lw_cav_battle_on(s)
		        ? 0 /* 13.2.2 */
		        : lw_terrain_defense(
		              s, s->amphib.assault != LW_AM_NONE ? LW_NO_HEX : b->att_hex,
		              b->def_hex, D, NULL);
		side_stars(s, D, &in.def.co_stars, &in.def.stars, &in.def.has_gic);
	}
	struct lw_combat_out o;
	lw_combat_resolve(&in, &o);
	if (lw_cav_battle_on(s)) { /* 13.2.2: a cavalry-only battle never routs (README) */
		o.rout = false;
		o.it_gain[LW_ATTACKER] = o.it_table[LW_ATTACKER];
		o.it_gain[LW_DEFENDER] = o.it_table[LW_DEFENDER];
	}
	l->withdrew = 0; /* from here on, the results decide who advances */
	b->strength[A] = (int16_t)o.att_total;
	b->strength[D] = (int16_t)o.def_total;
	b->diff = (int16_t)o.difference;
	b->winner = (int8_t)(o.winner == LW_ATTACKER ? A : o.winner == LW_DEFENDER ? D : LW_NOSIDE);
	b->result = (uint8_t)o.result;
	b->rout = o.rout;
	l->it_gain[A] = (int8_t)o.it_gain[LW_ATTACKER];
	l->it_gain[D] = (int8_t)o.it_gain[LW_DEFENDER];
	l->pc_award = (int8_t)o.pc_to_winner;
	l->auto_promote = o.auto_promote;
	l->city_falls = o.city_falls;
	l->att_co = (int16_t)group_co(s, A);
	l->def_co = (int16_t)(b->empty_city ? LW_NONE : group_co(s, D));
	if (!lw_cav_pursuit_on(s)) /* a pursuit: the withdrawal is what 19.0 judges */
		lw_political_note_battle(s, A, in.att.co_stars, in.att.stars, D, in.def.co_stars,
		                         in.def.stars); /* 19.1, 19.2 (lw_political_19.c) */
	static const char *const names[] = {"Stand-Off", "Minor Victory", "Major Victory"};
	lw_log(s,
	       "Battle: %s %d (factors %d, resource %d, CSP %d, IT -%d) against %s %d (factors "
	       "%d, terrain %d, resource %d, CSP %d, IT -%d): %s%s%s%s.",
	       lw_side_title(A), o.att_total, in.att.factors, in.att.resource, in.att.csp,
	       in.att.it, b->empty_city ? "the city" : lw_side_title(D), o.def_total,
	       in.def.factors, in.def.terrain, in.def.resource, in.def.csp, in.def.it,
	       names[o.result], o.winner == LW_NOBODY ? "" : " for the ",
	       o.winner == LW_NOBODY ? "" : lw_side_title(b->winner), o.rout ? ", ROUT" : "");
	if (o.rout) {
		/* 16.6.4: the rout is applied first, then the casualty cards
		 * are drawn (after_casualties, LW_BP_ROUT_CARDS) */
		l->sym[LW_UNION] = l->sym[LW_CONFEDERATE] = 0;
		l->cas_todo[LW_UNION] = l->cas_todo[LW_CONFEDERATE] = 0;
		l->post = LW_BP_RESULTS;
		after_casualties(s, out);
		return;
	}
	draw_casualty_cards(s, o.casualty_check[LW_ATTACKER], o.casualty_check[LW_DEFENDER],
	                    o.disaster_check);
	next_casualty(s, out);
}

/* 16.8: each side the results table names draws a card for its General
 * Casualty Check (and, after a Major Victory, its Disaster symbol). */
static void draw_casualty_cards(struct lw_state *s, bool att, bool def, bool disasters)
{
	struct lw_land *l = &s->land;
	int A = s->battle.attacker;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		l->sym[side] = 0;
		l->cas_todo[side] = 0;
		if (!(side == A ? att : def))
			continue;
		int card = lw_draw_card(s, side);
		if (!card)
			continue;
		const struct lw_card *k = lw_card(side, card);
		l->sym[side] = (uint8_t)(k ? k->symbols : 0);
		lw_discard(s, side, card);
		l->cas_todo[side] = (l->sym[side] & LW_SYM_CASUALTY) ? 1 : 0;
		lw_log(s, "The %s casualty card shows %s%s (16.8).", lw_side_title(side),
		       l->cas_todo[side] ? "a star" : "no star",
		       disasters
		           ? ((l->sym[side] & LW_SYM_DISASTER) ? " and a skull" : " and no skull")
		           : "");
	}
}

/* ---- declaring, withdrawing, committing ------------------------------------------------- */

static void start_commit(struct lw_state *s)
{
	s->land.stage = LW_BS_COMMIT;
	s->step = LW_ST_COMMIT;
	s->awaiting_side = LW_NOSIDE;
}

static void withdraw_in(const struct lw_state *s, struct lw_withdraw_in *w)
{
	const struct lw_battle *b = &s->battle;
	int D = def_side(s);
	int co = lw_force_co(s, b->def_hex);
	*w = (struct lw_withdraw_in){0};
	w->def_it = group_it(s, D);
	w->att_it = group_it(s, b->attacker);
	w->def_has_cav = group_cav(s, D, &w->def_all_cav);
	w->att_has_cav = group_cav(s, b->attacker, NULL);
	if (co != LW_NONE) {
		/* the activation number without the 18.1 IT surcharge (IT count apart) */
		w->def_co_activation = lw_activation_cost(s, co) -
		                       lw_it_activation_extra(w->def_it, s->unit[co].stars);
		w->def_co_stars = s->unit[co].stars;
	}
}

static bool withdraw_offered(const struct lw_state *s)
{
	if (lw_siege_besieging(s, s->battle.def_hex, def_side(s)))
		return false; /* 16.9.5.2: the besiegers may not disengage */
	struct lw_withdraw_in w;
	withdraw_in(s, &w);
	if (lw_withdraw_kind(&w, NULL) == LW_WITHDRAW_FORBIDDEN)
		return false;
	int u[LW_MAX_UNITS], opts[6];
	int n = lw_units_at(s, s->battle.def_hex, def_side(s), u);
	if (retreat_options(s, def_side(s), s->battle.def_hex, u, n, opts) > 0)
		return true;
	return n > 1 && retreat_options(s, def_side(s), s->battle.def_hex, u, 1, opts) > 0;
}

void lw_battle_open(struct lw_state *s, int attacker, int att_hex, int def_hex,
                    const int16_t *units, int n)
{
	struct lw_battle *b = &s->battle;
	memset(b, 0, sizeof *b);
	struct lw_land keep = s->land;
	memset(&s->land, 0, sizeof s->land);
	s->land.mountain = keep.mountain;
	b->active = 1;
	b->attacker = (int8_t)attacker;
	b->att_hex = (int16_t)att_hex;
	b->def_hex = (int16_t)def_hex;
	for (int i = 0; i < n && i < LW_MAX_MOVERS; i++)
		b->att_units[b->att_n++] = units[i];
	b->csp[LW_UNION] = b->csp[LW_CONFEDERATE] = -1; /* [LW_NOSIDE] stays unused */
	b->winner = LW_NOSIDE;
}

void lw_battle_declare(struct lw_state *s, int target, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	struct lw_play *p = &s->play;
	lw_battle_open(s, p->side, lw_march_hex(s), target, p->movers, p->movers_n);
	p->attacked = 1;
	int u[LW_MAX_UNITS];
	b->empty_city = lw_units_at(s, target, def_side(s), u) == 0;
	char name[64], hl[64];
	lw_log(s, "%s attacks %s (16.1).",
	       lw_unit_name(s, group_co(s, b->attacker), name, sizeof name),
	       lw_hex_label(target, hl, sizeof hl));
	if (lw_is_kentucky(target))
		lw_border_enter(s, b->attacker, target); /* 2.4.3: attacking into Kentucky */
	lw_naval_port_attacked(s, target); /* 8.1.2.1: the port's assets turn face up */
	/* 10.7.8.2: every Union attack in Virginia earns a PC */
	if (b->attacker == LW_UNION && in_virginia(target)) {
		lw_gain_pc(s, LW_UNION, 1);
		lw_log(s, "The Union attacks in Virginia: +1 PC (10.7.8.2).");
	}
	(void)out;
	if (!b->empty_city && withdraw_offered(s)) {
		s->land.stage = LW_BS_WITHDRAW;
		s->step = LW_ST_WITHDRAW;
		s->awaiting_side = (int8_t)def_side(s);
		return;
	}
	start_commit(s);
}

/* The cavalry general of a side's group, or LW_NONE. */
static int group_cavalry(const struct lw_state *s, int side)
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u);
	for (int i = 0; i < n; i++)
		if (s->unit[u[i]].cavalry)
			return u[i];
	return LW_NONE;
}

/* The withdrawal goes on (16.2 / 16.9): by water from a port (16.9.4),
 * then the defender's retreat and the attacker's advance. */
static void withdrawal_goes_on(struct lw_state *s, struct game_outcome *out)
{
	lw_amphib_water_retreat(s); /* 16.9.4 (16.2: a withdrawal retreats per 16.9) */
	start_retreat(s, def_side(s), LW_BS_WRETREAT);
	retreat_next(s, out);
}

/* 16.2.1: withdrawing cavalry pursued by cavalry: the two cavalry generals
 * fight the cavalry battle of 13.2.2 (lw_cav_battle.c: the land battle
 * sequence from its reveal, 16.8 casualty cards and 16.8.3 disasters
 * included; no terrain, CSP or Resource card, no rout, nobody retreats or
 * advances from it); whatever its result, the withdrawal then goes on and
 * the pursuer's whole force advances (lw_battle_pursuit_over). */
static bool cavalry_pursuit(struct lw_state *s, struct game_outcome *out)
{
	int A = s->battle.attacker, D = def_side(s);
	int ca = group_cavalry(s, A), cd = group_cavalry(s, D);
	if (ca == LW_NONE || cd == LW_NONE)
		return false;
	s->land.pursuit = 1;
	lw_cav_pursuit_battle(s, ca, out);
	return true;
}

void lw_battle_pursuit_over(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	/* the withdrawal's battle again: nobody won it (16.2), no rout, no
	 * disaster; the cavalry battle's strengths stay shown */
	b->winner = LW_NOSIDE;
	b->result = LW_CRT_STANDOFF;
	b->rout = 0;
	s->land.disaster = 0;
	s->land.withdrew = 1;
	s->land.pursuit = 1;
	withdrawal_goes_on(s, out);
}

static int act_withdraw(struct lw_state *s, bool go, struct game_outcome *out, struct tg_error *err)
{
	if (!go) {
		lw_log(s, "The %s force stands (16.2).", lw_side_title(def_side(s)));
		start_commit(s);
		return 0;
	}
	struct lw_withdraw_in w;
	withdraw_in(s, &w);
	const char *why = NULL;
	enum lw_withdraw_kind k = lw_withdraw_kind(&w, &why);
	if (k == LW_WITHDRAW_FORBIDDEN)
		return tg_fail(err, TG_E_ILLEGAL, "%s", why);
	bool ok = true;
	int die = 0;
	if (k == LW_WITHDRAW_ROLL) {
		die = tg_rng_die(&s->rng, 6);
		ok = lw_withdraw_succeeds(&w, die);
		set_barrier(out);
	}
	int pc = lw_withdraw_pc(&w);
	if (pc > 0)
		lw_gain_pc(s, s->battle.attacker, pc);
	char roll[16] = "";
	if (die)
		snprintf(roll, sizeof roll, ", die %d", die);
	lw_log(s, "The %s force tries to withdraw%s: %s; the %s player gains %d PC (16.2).",
	       lw_side_title(def_side(s)), roll, ok ? "it slips away" : "it is caught",
	       lw_side_title(s->battle.attacker), pc);
	if (!ok) {
		start_commit(s);
		return 0;
	}
	s->land.withdrew = 1;
	lw_political_note_withdrawal(s, def_side(s), s->battle.def_hex); /* 19.1, 19.2 */
	if (group_cav(s, def_side(s), NULL) && group_cav(s, s->battle.attacker, NULL) &&
	    cavalry_pursuit(s, out))
		return 0; /* the withdrawal goes on when the cavalry battle is over */
	withdrawal_goes_on(s, out);
	return 0;
}

static bool csp_allowed(const struct lw_state *s, int side, int v)
{
	(void)s;
	(void)side;
	return v >= 0 && v <= 5;
}

static int act_commit(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	struct lw_battle *b = &s->battle;
	if (b->committed[side])
		return tg_fail(err, TG_E_ILLEGAL, "16.3: you have already committed your cards");
	int res, csp;
	if (!lw_a_int(a, "resource", &res) || !lw_a_int(a, "csp", &csp))
		return tg_fail(err, TG_E_MALFORMED,
		               "a commitment needs integers \"resource\" and \"csp\"");
	if (res == 0)
		res = LW_CARD_ZERO_RESOURCE;
	if (res != LW_CARD_ZERO_RESOURCE) {
		const struct lw_card *c = lw_card(side, res);
		if (lw_hand_find(s, side, res) < 0 || !c || !c->resource)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "16.3: the Resource card must be a resource card in your hand or "
			    "the 0 card");
	}
	if (!csp_allowed(s, side, csp))
		return tg_fail(err, TG_E_ILLEGAL, "16.3: the CSP cards are worth 0 to 5");
	if (side == def_side(s) && b->empty_city && csp != 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.1.2: CSP may not be spent in the defense of an empty city");
	if (csp != 0 && cs_csp_barred(s, side))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.3.1: the Confederate player may not use CSP in any combat in "
		               "or into Union territory, on attack or defense");
	b->res_card[side] = (uint8_t)res;
	b->csp[side] = (int8_t)csp;
	b->committed[side] = 1;
	lw_log(s, "The %s player commits his cards face down (16.3).", lw_side_title(side));
	if (b->committed[LW_UNION] && b->committed[LW_CONFEDERATE])
		reveal(s, out);
	return 0;
}

/* ---- the engine's seams ------------------------------------------------------------------ */

bool lw_battle_command_resume(struct lw_state *s, struct game_outcome *out)
{
	struct lw_land *l = &s->land;
	if (l->hold == LW_BH_NONE)
		return false;
	if (!s->battle.active) {
		l->hold = LW_BH_NONE;
		return false;
	}
	if (lw_command_question_pending(s))
		return false;
	int at = l->hold;
	l->hold = LW_BH_NONE;
	set_barrier(out); /* dice and card draws follow */
	if (at == LW_BH_CASUALTY)
		next_casualty(s, out);
	else if (at == LW_BH_RESULTS)
		after_casualties(s, out);
	else
		reversal_finish(s, out);
	return true;
}

unsigned lw_battle_awaiting(const struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	if (!b->active)
		return 0;
	if (s->step == LW_ST_COMMIT) {
		unsigned m = 0;
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
			if (!b->committed[side])
				m |= LW_SIDE_BIT(side);
		return m;
	}
	if (s->awaiting_side == LW_UNION || s->awaiting_side == LW_CONFEDERATE)
		return LW_SIDE_BIT(s->awaiting_side);
	return 0;
}

static void offer_commit(const struct lw_state *s, int side, json_t *list)
{
	const struct lw_battle *b = &s->battle;
	int cards[LW_HAND_MAX + 1], nc = 0;
	cards[nc++] = LW_CARD_ZERO_RESOURCE;
	const struct lw_cards *h = &s->side[side].cards;
	for (int i = 0; i < h->hand_n; i++) {
		const struct lw_card *c = lw_card(side, h->hand[i]);
		if (c && c->resource)
			cards[nc++] = h->hand[i];
	}
	int max = s->side[side].csp < 5 ? s->side[side].csp : 5;
	if ((side == def_side(s) && b->empty_city) || cs_csp_barred(s, side))
		max = 0; /* 16.1.2, 16.3.1 */
	for (int i = 0; i < nc; i++) {
		const struct lw_card *c = lw_card(side, cards[i]);
		for (int v = 0; v <= max; v++)
			lw_offer(list,
			         json_pack("{s:s,s:i,s:i}", "type", "commit", "resource", cards[i],
			                   "csp", v),
			         "Commit %s (card %d) and the %d-CSP card",
			         cards[i] == LW_CARD_ZERO_RESOURCE ? "the 0 Resource card"
			         : c                               ? c->name
			                                           : "a card",
			         cards[i], v);
	}
}

void lw_battle_offer(const struct lw_state *s, int side, json_t *list)
{
	if (!(lw_battle_awaiting(s) & LW_SIDE_BIT(side)))
		return;
	char hl[64], name[64], id[48];
	switch (s->step) {
	case LW_ST_WITHDRAW:
		lw_offer(list, json_pack("{s:s}", "type", "withdraw"),
		         "Withdraw before battle (16.2)");
		lw_offer(list, json_pack("{s:s}", "type", "stand"), "Stand and fight");
		break;
	case LW_ST_COMMIT:
		offer_commit(s, side, list);
		break;
	case LW_ST_STEAL_MARCH:
		lw_resev_offer(s, side, list); /* 16.1.1 (lw_resource_events.c) */
		break;
	case LW_ST_CASUALTY: {
		int c[LW_MAX_UNITS], rank = s->battle.casualty_rank;
		int n = rank > 0 ? redirect_candidates(s, s->battle.casualty_victim_side, rank, c)
		                 : casualty_candidates(s, s->battle.casualty_victim_side, c);
		for (int i = 0; i < n; i++)
			lw_offer(list,
			         json_pack("{s:s,s:s}", "type", "casualty", "unit",
			                   lw_unit_id(s, c[i], id, sizeof id)),
			         rank > 0
			             ? "%s is hit instead: the table names a %d-star general (16.8)"
			             : "%s takes the casualty roll (16.8)",
			         lw_unit_name(s, c[i], name, sizeof name), rank);
		break;
	}
	case LW_ST_DEMOTE:
		offer_demote(s, list);
		break;
	case LW_ST_RETREAT: {
		if (s->land.stage == LW_BS_ORETREAT) {
			/* 16.6.4: the routed attacker sends back the fewest stars */
			int c[LW_MAX_UNITS], opts[6];
			int n = oretreat_units(s, c);
			if (n == 0) /* a new GiC (11.1.2.3) made the hex legal meanwhile */
				lw_offer(list, json_pack("{s:s}", "type", "stay"),
				         "Nobody needs to step back any more (16.6.4)");
			for (int i = 0; i < n; i++) {
				int no = retreat_options(s, s->battle.attacker, s->battle.att_hex,
				                         &c[i], 1, opts);
				lw_unit_name(s, c[i], name, sizeof name);
				for (int k = 0; k < no; k++)
					lw_offer(list,
					         json_pack("{s:s,s:s,s:i}", "type", "retreat",
					                   "unit",
					                   lw_unit_id(s, c[i], id, sizeof id), "to",
					                   opts[k]),
					         "Overstacked without its CO: %s steps back to %s "
					         "(16.6.4)",
					         name, lw_hex_label(opts[k], hl, sizeof hl));
			}
			break;
		}
		int set[LW_MAX_UNITS], opts[6], no, wopts[6];
		int n = retreat_set(s, set, opts, &no);
		bool water = water_options(s, wopts) > 0;
		for (int i = 0; i < no && n == s->land.group_n; i++)
			lw_offer(list, json_pack("{s:s,s:i}", "type", "retreat", "to", opts[i]),
			         water ? "Retreat by water to %s, one of the nearest friendly "
			                 "ports (16.9.4)"
			               : "Retreat to %s (16.9)",
			         lw_hex_label(opts[i], hl, sizeof hl));
		/* 16.9.1 a force no hex takes whole, 16.6.4 a routed force broken
		 * up: the owner names each general and his hex */
		bool divide = divide_open(s);
		if (divide || rout_split_open(s)) {
			const struct lw_land *l = &s->land;
			for (int i = 0; i < l->group_n; i++) {
				int u = l->group[i];
				int m =
				    divide ? divide_options(s, u, opts) : split_options(s, u, opts);
				lw_unit_name(s, u, name, sizeof name);
				for (int k = 0; k < m; k++)
					lw_offer(
					    list,
					    json_pack("{s:s,s:s,s:i}", "type", "retreat", "unit",
					              lw_unit_id(s, u, id, sizeof id), "to",
					              opts[k]),
					    divide ? "No hex takes the whole force: %s retreats "
					             "alone to %s (16.9.1)"
					           : "Break up the routed force: %s alone retreats "
					             "to %s (16.6.4)",
					    name, lw_hex_label(opts[k], hl, sizeof hl));
			}
		}
		break;
	}
	case LW_ST_ADVANCE:
		if (s->land.stage == LW_BS_DADVANCE) {
			offer_dadvance(s, list);
			break;
		}
		{
			int u[LW_MAX_UNITS];
			int n = group_units(s, s->battle.attacker, u);
			if (lw_stack_check_hex(s, s->battle.def_hex, s->battle.attacker, u, n,
			                       LW_NONE, 0, NULL) == 0)
				lw_offer(list,
				         json_pack("{s:s,s:s}", "type", "advance", "units", "all"),
				         "Advance the whole force into %s (16.10.1)",
				         lw_hex_label(s->battle.def_hex, hl, sizeof hl));
			int co = group_co(s, s->battle.attacker);
			if (n > 1 && co != LW_NONE &&
			    lw_stack_check_without(s, s->battle.att_hex, s->battle.attacker, &co, 1,
			                           NULL) == 0)
				lw_offer(list,
				         json_pack("{s:s,s:s}", "type", "advance", "units", "co"),
				         "Advance only %s into %s",
				         lw_unit_name(s, group_co(s, s->battle.attacker), name,
				                      sizeof name),
				         lw_hex_label(s->battle.def_hex, hl, sizeof hl));
			lw_advance_some_offer(s, u, n, co, list); /* 16.10.1 (lw_advance.c) */
			lw_offer(list, json_pack("{s:s}", "type", "decline"),
			         "Do not advance (one IT, 16.10.1)");
		}
		break;
	default:
		break;
	}
}

int lw_battle_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                  struct tg_error *err)
{
	if (!(lw_battle_awaiting(s) & LW_SIDE_BIT(side)))
		return tg_fail(err, TG_E_NOT_YOUR_TURN,
		               "16.0: the battle does not wait for you now");
	const char *type = lw_a_str(a, "type");
	if (!type)
		return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	switch (s->step) {
	case LW_ST_WITHDRAW:
		if (strcmp(type, "withdraw") == 0 || strcmp(type, "stand") == 0)
			return act_withdraw(s, strcmp(type, "withdraw") == 0, out, err);
		break;
	case LW_ST_COMMIT:
		if (strcmp(type, "commit") == 0)
			return act_commit(s, side, a, out, err);
		break;
	case LW_ST_STEAL_MARCH:
		return lw_resev_act(s, side, a, out, err); /* 16.1.1 */
	case LW_ST_CASUALTY:
		if (strcmp(type, "casualty") == 0)
			return act_casualty(s, a, out, err);
		break;
	case LW_ST_RETREAT:
		if (strcmp(type, "retreat") == 0)
			return act_retreat(s, a, out, err);
		if (strcmp(type, "stay") == 0 && s->land.stage == LW_BS_ORETREAT) {
			int c[LW_MAX_UNITS];
			if (oretreat_units(s, c) > 0)
				return tg_fail(
				    err, TG_E_ILLEGAL,
				    "16.6.4: the routed force is overstacked: the fewest "
				    "stars must step back");
			if (!oretreat_next(s))
				after_casualties(s, out);
			return 0;
		}
		break;
	case LW_ST_ADVANCE:
		if (s->land.stage == LW_BS_DADVANCE)
			return act_dadvance(s, a, out, err);
		if (strcmp(type, "advance") == 0 || strcmp(type, "decline") == 0)
			return act_advance(s, a, out, err);
		break;
	case LW_ST_DEMOTE:
		if (strcmp(type, "demote") == 0)
			return act_demote(s, a, out, err);
		break;
	default:
		break;
	}
	return tg_fail(err, TG_E_MALFORMED, "16.0: \"%s\" is not a decision of this battle step",
	               type);
}

/* ---- seams for the sieges (lw_siege.h, 16.9.5) ------------------------------------ */

void lw_battle_loser_retreats(struct lw_state *s, struct game_outcome *out)
{
	start_retreat(s, def_side(s), LW_BS_RETREAT);
	retreat_next(s, out);
}

void lw_battle_close(struct lw_state *s, struct game_outcome *out, const int *movers, int n)
{
	battle_end(s, out, movers, n);
}

void lw_battle_excess_retreats(struct lw_state *s, struct game_outcome *out)
{
	struct lw_land *l = &s->land;
	/* cavalry first, then the lowest ranks, as start_retreat orders them */
	for (int i = 1; i < l->group_n; i++)
		for (int k = i; k > 0; k--) {
			const struct lw_unit *a = &s->unit[l->group[k - 1]],
			                     *b = &s->unit[l->group[k]];
			int ka = a->cavalry ? 0 : a->stars, kb = b->cavalry ? 0 : b->stars;
			if (kb >= ka)
				break;
			int16_t t = l->group[k];
			l->group[k] = l->group[k - 1];
			l->group[k - 1] = t;
		}
	l->group_side = (int8_t)def_side(s);
	l->from_hex = s->battle.def_hex;
	l->stage = LW_BS_RETREAT;
	/* 16.9.4: the excess is a force retreating from the port too; gone by
	 * water, retreat_next finds nobody left to ask */
	int ex[LW_LAND_GROUP];
	for (int i = 0; i < l->group_n; i++)
		ex[i] = l->group[i];
	lw_amphib_water_retreat_some(s, ex, l->group_n);
	retreat_next(s, out);
}
