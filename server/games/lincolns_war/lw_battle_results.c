/* lw_battle_results.c — 16.3-16.6 the reveal and the results: CSP, combat
 * factors, totals, the results table (lw_combat.c) and then, after the
 * casualty checks, disasters and victory reversal (16.8.3), IT, PC, rout
 * (16.6.4), auto-promotion (16.6.5), and on to the retreat or advance. The
 * battle's procedure is lw_battle_flow.c. */
#include "lw_battle_internal.h"

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

void reversal_finish(struct lw_state *s, struct game_outcome *out)
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

void after_casualties(struct lw_state *s, struct game_outcome *out)
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
bool cs_csp_barred(const struct lw_state *s, int side)
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
	*stars = lw_army_size(s, u, n); /* 13.1.1: for 16.6.5 and 19.1 */
	*gic = false;
	for (int i = 0; i < n; i++)
		*gic |= s->side[side].gic == u[i];
}

void reveal(struct lw_state *s, struct game_outcome *out)
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
	if (lw_cav_battle_on(s)) { /* 13.2.2: a cavalry-only battle never routs
		                      (docs/rail_cavalry.md "The cavalry battle of a raid") */
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
