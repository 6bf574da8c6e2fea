/* lw_battle_advance.c — 16.10 the advance after combat: the attacker's
 * (16.10.1, the whole force after a Major Victory or rout; the offer of a
 * group is lw_advance.c) and the defender's into the attacker's empty hex.
 * The battle's procedure is lw_battle_flow.c. */
#include <string.h>

#include "lw_battle_internal.h"

/* ---- advance (16.10) -------------------------------------------------------------- */

static void do_advance(struct lw_state *s, const int *units, int n, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	int side = b->attacker, to = b->def_hex;
	int host = lw_force_co(s, to);
	if (host != LW_NONE && s->unit[host].side == side)
		lw_co_keeps_command(s, host); /* 11.0.1: he was there first */
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

void end_or_defender_advance(struct lw_state *s, struct game_outcome *out)
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
	if (host != LW_NONE && s->unit[host].side == D)
		lw_co_keeps_command(s, host); /* 11.0.1: he was there first */
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

/* 16.10.1: the defender stays in his hex. */
int act_dadvance_stay(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)side, (void)a, (void)err;
	lw_log(s, "The %s force stays in its hex (16.10.1).", lw_side_title(def_side(s)));
	battle_end(s, out, NULL, 0);
	return 0;
}

/* 16.10.1: the defender advances into the hex the attacker left. */
int act_dadvance(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err)
{
	(void)side;
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

void offer_dadvance(const struct lw_state *s, struct tg_offers *list)
{
	char hl[64], name[64], id[48];
	int to = s->battle.att_hex, u[LW_MAX_UNITS];
	lw_hex_label(to, hl, sizeof hl);
	if (dadvance_all_ok(s))
		tg_offer(list, tg_act(list, "{s:s,s:s}", "type", "advance", "units", "all"),
		         "Advance the whole force into %s (16.10.1)", hl);
	int n = dadvance_units(s, u);
	for (int i = 0; i < n; i++)
		tg_offer(list,
		         tg_act(list, "{s:s,s:s}", "type", "advance", "unit",
		                lw_unit_id(s, u[i], id, sizeof id)),
		         "Advance %s into %s (16.10.1)", lw_unit_name(s, u[i], name, sizeof name),
		         hl);
	tg_offer(list, tg_act(list, "{s:s}", "type", "stay"), "Stay in your hex (16.10.1)");
}

static bool must_advance_all(const struct lw_state *s)
{
	/* 16.6.3, 16.6.4, and the attacker of a reversal (16.8.3) */
	return s->battle.result == LW_CRT_MAJOR || s->battle.rout ||
	       s->land.disaster == LW_DISASTER_REVERSAL;
}

void advance_or_end(struct lw_state *s, struct game_outcome *out)
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

bool advance_hex_retaken(const struct lw_state *s)
{
	int tmp[LW_MAX_UNITS];
	return lw_units_at(s, s->battle.def_hex, def_side(s), tmp) > 0;
}

/* 16.10.1: the victor does not advance (one IT), or cannot. */
int act_advance_decline(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)side, (void)a;
	struct lw_battle *b = &s->battle;
	int u[LW_MAX_UNITS];
	int n = group_units(s, b->attacker, u);
	if (lw_amphib_must_occupy(s, err) != 0)
		return -1; /* 14.1.3 / 14.2.2 */
	/* 16.10.1 advances "into the hex abandoned by the defender": one whose
	 * new GiC was placed there meanwhile (11.1.2.3: the city nearest a
	 * captured capital may be that hex) is no longer abandoned. Nobody
	 * advances, and staying is no choice, so it costs no IT. */
	if (advance_hex_retaken(s)) {
		lw_log(s, "The %s force cannot advance: %04d is held again (16.10.1).",
		       lw_side_title(b->attacker), b->def_hex);
		battle_end(s, out, u, n);
		return 0;
	}
	/* 16.2 / 16.6.2 / 16.10.1: one IT for staying put */
	add_it(s, b->attacker, 1);
	lw_log(s, "The %s force does not advance (16.10.1: +1 IT).", lw_side_title(b->attacker));
	battle_end(s, out, u, n);
	return 0;
}

int act_advance(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                struct tg_error *err)
{
	(void)side;
	struct lw_battle *b = &s->battle;
	int u[LW_MAX_UNITS];
	int n = group_units(s, b->attacker, u);
	if (advance_hex_retaken(s)) /* 16.10.1, 11.1.2.3: see act_advance_decline */
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.10.1: %04d is held again (a new General in Chief went there, "
		               "11.1.2.3): nobody may advance into it",
		               b->def_hex);
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
