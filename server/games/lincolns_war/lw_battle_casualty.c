/* lw_battle_casualty.c — 16.8 General Casualty: the cards drawn, who picks
 * the general, the table's roll and its redirect, Sharpshooter; and the
 * demotions the owner chooses (16.8.3, 11.1.3.3, 12.3.3). The battle's
 * procedure is lw_battle_flow.c. */
#include <string.h>

#include "lw_battle_internal.h"

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

int casualty_candidates(const struct lw_state *s, int side, int out[LW_MAX_UNITS])
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

/* 11.0.3 / 12.4: a step of the battle left a question for an owner (who
 * commands after a loss of rank, who is displaced and where). The rules put
 * that choice at that moment, and the next steps read who commands (the
 * casualty modifier, the IT and the defeat of the loser's CO, 16.6.5
 * promotion, the reversal's demotion) and who stands where: the battle
 * records `at` and returns; the driver runs that step after the answer
 * (lw_continue_battle, lw_actions.c). True if held. */
bool hold_for_command(struct lw_state *s, int at)
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
int redirect_candidates(const struct lw_state *s, int side, int want, int out[LW_MAX_UNITS])
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

void next_casualty(struct lw_state *s, struct game_outcome *out)
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

int act_casualty(struct lw_state *s, const json_t *a, struct game_outcome *out,
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
	                                   [LW_DW_RIVER] = "12.3.3: retreat across a river",
	                                   [LW_DW_OVERSTACK] = "16.9.6: a retreat over the "
	                                                       "stacking limit"};
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
bool demote_begin(struct lw_state *s, int side, int why, const int *cand, int n)
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

int act_demote(struct lw_state *s, const json_t *a, struct game_outcome *out, struct tg_error *err)
{
	struct lw_land *l = &s->land;
	int u = lw_unit_by_id(s, lw_a_str(a, "unit"));
	if (u == LW_NONE || !demote_candidate(s, u))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    l->demote_why == LW_DW_RIVER
		        ? "12.3.3: demote a subordinate of the Major Army that retreated "
		          "across the river"
		    : l->demote_why == LW_DW_OVERSTACK
		        ? "16.9.6: a subordinate of the retreating force loses a star before "
		          "the CO"
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

void offer_demote(const struct lw_state *s, struct tg_offers *list)
{
	const struct lw_land *l = &s->land;
	char name[64], id[48];
	for (int i = 0; i < l->cand_n; i++) {
		int u = l->cand[i];
		if (!demote_candidate(s, u))
			continue;
		lw_unit_name(s, u, name, sizeof name);
		if (l->demote_why == LW_DW_REVERSAL && s->side[l->demote_side].gic != u)
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "demote", "unit",
			                lw_unit_id(s, u, id, sizeof id)),
			         "Foist the blame on %s: he loses a star (11.1.3.3)", name);
		else
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "demote", "unit",
			                lw_unit_id(s, u, id, sizeof id)),
			         "%s loses a star%s (%s)", name,
			         s->unit[u].stars <= 1 ? " and is disgraced" : "",
			         l->demote_why == LW_DW_RIVER       ? "12.3.3"
			         : l->demote_why == LW_DW_OVERSTACK ? "16.9.6"
			                                            : "16.8.3");
	}
}

/* 16.8: each side the results table names draws a card for its General
 * Casualty Check (and, after a Major Victory, its Disaster symbol). */
void draw_casualty_cards(struct lw_state *s, bool att, bool def, bool disasters)
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
