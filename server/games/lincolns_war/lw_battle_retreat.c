/* lw_battle_retreat.c — 16.9 the retreat of a beaten or withdrawing force:
 * the 16.9.1 hexes, a force divided (16.9.1) or broken up (16.6.4), by water
 * (16.9.4), 12.3.3 across a river, 16.9.6 no path; and 16.6.4 a routed
 * attacker left overstacked. The battle's procedure is lw_battle_flow.c. */
#include "lw_battle_internal.h"

/* ---- retreat (16.9) ------------------------------------------------------------- */

/* The hexes the units may retreat into from `from` (16.9.1); with
 * `stacking` false, also those only the stacking limit closes (16.9.6). */
static int retreat_hexes(const struct lw_state *s, int side, int from, const int *units, int n,
                         int out[6], bool stacking)
{
	const struct lw_data *d = lw_D();
	struct lw_retreat_cand c[6];
	int nc = 0;
	int16_t grp[LW_MAX_MOVERS];
	for (int i = 0; i < n && i < LW_MAX_MOVERS; i++)
		grp[i] = (int16_t)units[i];
	bool major = lw_group_is_major(s, grp, n < LW_MAX_MOVERS ? n : LW_MAX_MOVERS);
	int here = lw_supply_city_distance(s, side, from);
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
		if (ok && stacking &&
		    lw_stack_check_hex(s, h, side, units, n, LW_NONE, 0, NULL) != 0)
			ok = false;
		k->legal = ok;
		k->toward_home = side == LW_UNION
		                     ? (dir == TG_HEX_N || dir == TG_HEX_NE || dir == TG_HEX_NW)
		                     : (dir == TG_HEX_S || dir == TG_HEX_SE || dir == TG_HEX_SW);
		k->friendly_city = city >= 0 && lw_city_controller(s, city) == side;
		k->defensible = (hx && hx->terrain == LW_TERRAIN_MOUNTAIN) || (f & LW_HS_RIVER);
		k->closer_to_supply = lw_supply_city_distance(s, side, h) < here;
		k->violates = lw_is_kentucky(h) && s->kentucky.violator == LW_NOSIDE; /* 16.9.1 */
	}
	return lw_retreat_choices(!lw_hex_in_territory(from, side), c, nc, out);
}

int retreat_options(const struct lw_state *s, int side, int from, const int *units, int n,
                    int out[6])
{
	return retreat_hexes(s, side, from, units, n, out, true);
}

/* 16.9.4: the retreating group of the losing defender must go by water to
 * the nearest friendly port; when several are equally near its owner
 * chooses among them in this prompt (lw_amphib.c). The ports, or 0. */
int water_options(const struct lw_state *s, int opts[6])
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
int retreat_set(const struct lw_state *s, int set[LW_MAX_UNITS], int opts[6], int *nopts)
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
bool divide_open(const struct lw_state *s)
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
int divide_options(const struct lw_state *s, int u, int out[6])
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
void retreat_next(struct lw_state *s, struct game_outcome *out)
{
	struct lw_land *l = &s->land;
	for (;;) {
		/* drop units no longer on the map (killed, disgraced) */
		for (int i = 0; i < l->group_n;) {
			const struct lw_unit *x = &s->unit[l->group[i]];
			if (x->where != LW_W_MAP || x->hex != l->from_hex)
				drop_from_group(s, l->group[i]);
			else
				i++;
		}
		if (l->group_n == 0)
			break;
		int set[LW_MAX_UNITS], opts[6], no;
		int n = retreat_set(s, set, opts, &no);
		if (no > 0 || divide_possible(s)) {
			s->step = LW_ST_RETREAT;
			s->awaiting_side = l->group_side;
			s->battle.retreat_side = l->group_side;
			return;
		}
		/* 16.9.6: "If a force is required to retreat in a way that violates
		 * stacking restrictions, subordinates must lose stars to satisfy
		 * stacking restrictions before the CO loses stars": a path closed
		 * only by stacking costs stars, one at a time, the owner naming the
		 * subordinate (the CO once he is alone), until a hex takes a
		 * general (issue 22; a one-star losing his star is disgraced) */
		int all[LW_MAX_UNITS], cand[LW_MAX_UNITS], so[6], m = 0, nc = 0;
		for (int i = 0; i < l->group_n; i++)
			all[m++] = l->group[i];
		if (retreat_hexes(s, l->group_side, l->from_hex, all, m, so, false) > 0) {
			int co = lw_set_co(s, all, m);
			for (int i = 0; i < m; i++)
				if (all[i] != co)
					cand[nc++] = all[i];
			if (nc == 0)
				cand[nc++] = co;
			lw_log(s,
			       "The %s force can only retreat over the stacking limit: a general "
			       "loses a star (16.9.6).",
			       lw_side_title(l->group_side));
			if (demote_begin(s, l->group_side, LW_DW_OVERSTACK, cand, nc))
				return;
			continue; /* a general disgraced is dropped at the top */
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

void start_retreat(struct lw_state *s, int side, int stage)
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
	if (host != LW_NONE && n > 0 && s->unit[host].side == s->unit[set[0]].side)
		lw_co_keeps_command(s, host); /* 11.0.1: he was there first */
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
	return lw_supply_city_distance(s, side, to) < lw_supply_city_distance(s, side, from);
}

/* 16.6.4: may the routed defender break up now? */
bool rout_split_open(const struct lw_state *s)
{
	const struct lw_land *l = &s->land;
	int opts[6];
	return s->battle.rout && l->stage == LW_BS_RETREAT && l->group_side != s->battle.winner &&
	       l->group_n > 1 && water_options(s, opts) == 0; /* 16.9.4: all by water */
}

/* The hexes general u alone may break away to (16.6.4 within 16.9.1). */
int split_options(const struct lw_state *s, int u, int out[6])
{
	const struct lw_land *l = &s->land;
	int opts[6], k = 0;
	int no = retreat_options(s, l->group_side, l->from_hex, &u, 1, opts);
	for (int i = 0; i < no; i++)
		if (split_hex_ok(s, l->group_side, l->from_hex, opts[i]))
			out[k++] = opts[i];
	return k;
}

static int oretreat_act(struct lw_state *s, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);

int act_retreat(struct lw_state *s, const json_t *a, struct game_outcome *out, struct tg_error *err)
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
int oretreat_units(const struct lw_state *s, int out[LW_MAX_UNITS])
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
bool oretreat_next(struct lw_state *s)
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
