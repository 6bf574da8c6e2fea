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

#include "lw_battle_internal.h"

/* ---- the end ---------------------------------------------------------------- */

void battle_end(struct lw_state *s, struct game_outcome *out, const int *movers, int n)
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
	/* 12.7: a group that attacks from under a friendly CO is named only
	 * by its hex until the 16.3 reveal (docs/decisions.md "The public log says no more than the
	 * views") */
	lw_log(s, "%s attacks %s (16.1).",
	       lw_public_name(s, group_co(s, b->attacker), name, sizeof name),
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

/* A battle held for an 11.0.3 / 12.4 question (hold_for_command) records
 * where it goes on in land.hold; the driver (lw_actions.c, over
 * kit/continuation.h) runs that step once the question is answered. */
int lw_battle_held(const struct lw_state *s)
{
	return s->battle.active ? s->land.hold : LW_BH_NONE;
}

void lw_battle_hold_settle(struct lw_state *s)
{
	if (!s->battle.active)
		s->land.hold = LW_BH_NONE; /* the battle it held is over */
}

bool lw_battle_hold_ready(const struct lw_state *s)
{
	return !lw_command_question_pending(s);
}

static void resume(struct lw_state *s, struct game_outcome *out)
{
	s->land.hold = LW_BH_NONE;
	set_barrier(out); /* dice and card draws follow */
}

void lw_battle_resume_casualty(struct lw_state *s, struct game_outcome *out)
{
	resume(s, out);
	next_casualty(s, out);
}

void lw_battle_resume_results(struct lw_state *s, struct game_outcome *out)
{
	resume(s, out);
	after_casualties(s, out);
}

void lw_battle_resume_reversal(struct lw_state *s, struct game_outcome *out)
{
	resume(s, out);
	reversal_finish(s, out);
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

static void offer_commit(const struct lw_state *s, int side, struct tg_offers *list)
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
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:i}", "type", "commit", "resource",
			                cards[i], "csp", v),
			         "Commit %s (card %d) and the %d-CSP card",
			         cards[i] == LW_CARD_ZERO_RESOURCE ? "the 0 Resource card"
			         : c                               ? c->name
			                                           : "a card",
			         cards[i], v);
	}
}

void lw_battle_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (!(lw_battle_awaiting(s) & LW_SIDE_BIT(side)))
		return;
	char hl[64], name[64], id[48];
	switch (s->step) {
	case LW_ST_WITHDRAW:
		tg_offer(list, tg_act(list, "{s:s}", "type", "withdraw"),
		         "Withdraw before battle (16.2)");
		tg_offer(list, tg_act(list, "{s:s}", "type", "stand"), "Stand and fight");
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
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "casualty", "unit",
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
				tg_offer(list, tg_act(list, "{s:s}", "type", "stay"),
				         "Nobody needs to step back any more (16.6.4)");
			for (int i = 0; i < n; i++) {
				int no = retreat_options(s, s->battle.attacker, s->battle.att_hex,
				                         &c[i], 1, opts);
				lw_unit_name(s, c[i], name, sizeof name);
				for (int k = 0; k < no; k++)
					tg_offer(list,
					         tg_act(list, "{s:s,s:s,s:i}", "type", "retreat",
					                "unit", lw_unit_id(s, c[i], id, sizeof id),
					                "to", opts[k]),
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
			tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "retreat", "to", opts[i]),
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
					tg_offer(
					    list,
					    tg_act(list, "{s:s,s:s,s:i}", "type", "retreat", "unit",
					           lw_unit_id(s, u, id, sizeof id), "to", opts[k]),
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
		if (advance_hex_retaken(s)) { /* 16.10.1, 11.1.2.3 */
			tg_offer(list, tg_act(list, "{s:s}", "type", "decline"),
			         "%s is held again: end the battle without advancing (16.10.1)",
			         lw_hex_label(s->battle.def_hex, hl, sizeof hl));
			break;
		}
		{
			int u[LW_MAX_UNITS];
			int n = group_units(s, s->battle.attacker, u);
			if (lw_stack_check_hex(s, s->battle.def_hex, s->battle.attacker, u, n,
			                       LW_NONE, 0, NULL) == 0)
				tg_offer(
				    list,
				    tg_act(list, "{s:s,s:s}", "type", "advance", "units", "all"),
				    "Advance the whole force into %s (16.10.1)",
				    lw_hex_label(s->battle.def_hex, hl, sizeof hl));
			int co = group_co(s, s->battle.attacker);
			if (n > 1 && co != LW_NONE &&
			    lw_stack_check_without(s, s->battle.att_hex, s->battle.attacker, &co, 1,
			                           NULL) == 0)
				tg_offer(
				    list,
				    tg_act(list, "{s:s,s:s}", "type", "advance", "units", "co"),
				    "Advance only %s into %s",
				    lw_unit_name(s, group_co(s, s->battle.attacker), name,
				                 sizeof name),
				    lw_hex_label(s->battle.def_hex, hl, sizeof hl));
			lw_advance_some_offer(s, u, n, co, list); /* 16.10.1 (lw_advance.c) */
			tg_offer(list, tg_act(list, "{s:s}", "type", "decline"),
			         "Do not advance (one IT, 16.10.1)");
		}
		break;
	default:
		break;
	}
}

/* ---- the battle's action types, one table a step -------------------------------- */

static int row_withdraw(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)side, (void)a;
	return act_withdraw(s, true, out, err);
}

static int row_stand(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	(void)side, (void)a;
	return act_withdraw(s, false, out, err);
}

static int row_casualty(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)side;
	return act_casualty(s, a, out, err);
}

static int row_retreat(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)side;
	return act_retreat(s, a, out, err);
}

/* 16.6.4: the routed attacker's force stays when it no longer overstacks. */
static int row_oretreat_stay(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err)
{
	(void)side, (void)a;
	int c[LW_MAX_UNITS];
	if (oretreat_units(s, c) > 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.6.4: the routed force is overstacked: the fewest stars must "
		               "step back");
	if (!oretreat_next(s))
		after_casualties(s, out);
	return 0;
}

static int row_demote(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)side;
	return act_demote(s, a, out, err);
}

static int refuse(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side;
	return tg_fail(err, TG_E_MALFORMED, "16.0: \"%s\" is not a decision of this battle step",
	               type);
}

static int refuse_dadvance(const struct lw_state *s, int side, const char *type,
                           struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_MALFORMED, "16.10.1: \"advance\" or \"stay\"");
}

static const struct lw_action withdraw_rows[] = {
    {"withdraw", "16.2", row_withdraw, 0},
    {"stand", "16.2", row_stand, 0},
};
/* 16.3; 10.7.7 "at any time": a redraw before the commitment */
static const struct lw_action commit_rows[] = {
    {"commit", "16.3", act_commit, 0},
    {"seditious_redraw", "10.7.7", lw_ops_redraw_in_battle, 0},
};
static const struct lw_action casualty_rows[] = {
    {"casualty", "16.8", row_casualty, 0},
};
static const struct lw_action retreat_rows[] = {
    {"retreat", "16.9", row_retreat, 0},
};
/* 16.6.4: the routed attacker's excess steps back, or the force stays */
static const struct lw_action oretreat_rows[] = {
    {"retreat", "16.6.4", row_retreat, 0},
    {"stay", "16.6.4", row_oretreat_stay, 0},
};
static const struct lw_action advance_rows[] = {
    {"advance", "16.10.1", act_advance, 0},
    {"decline", "16.10.1", act_advance_decline, LW_BATTLE_STAYS_OUT},
};
static const struct lw_action dadvance_rows[] = {
    {"advance", "16.10.1", act_dadvance, 0},
    {"stay", "16.10.1", act_dadvance_stay, 0},
};
static const struct lw_action demote_rows[] = {
    {"demote", "16.8.3", row_demote, 0},
};
const struct lw_actions lw_battle_withdraw_actions =
    LW_ACTIONS("battle.withdraw", withdraw_rows, refuse);
const struct lw_actions lw_battle_commit_actions = LW_ACTIONS("battle.commit", commit_rows, refuse);
const struct lw_actions lw_battle_casualty_actions =
    LW_ACTIONS("battle.casualty", casualty_rows, refuse);
const struct lw_actions lw_battle_retreat_actions =
    LW_ACTIONS("battle.retreat", retreat_rows, refuse);
const struct lw_actions lw_battle_oretreat_actions =
    LW_ACTIONS("battle.oretreat", oretreat_rows, refuse);
const struct lw_actions lw_battle_advance_actions =
    LW_ACTIONS("battle.advance", advance_rows, refuse);
const struct lw_actions lw_battle_dadvance_actions =
    LW_ACTIONS("battle.dadvance", dadvance_rows, refuse_dadvance);
const struct lw_actions lw_battle_demote_actions = LW_ACTIONS("battle.demote", demote_rows, refuse);

const struct lw_actions *lw_battle_actions(const struct lw_state *s)
{
	switch (s->step) {
	case LW_ST_WITHDRAW:
		return &lw_battle_withdraw_actions;
	case LW_ST_COMMIT:
		return &lw_battle_commit_actions;
	case LW_ST_STEAL_MARCH:
		return &lw_resev_actions; /* 16.1.1 (lw_resource_events.c) */
	case LW_ST_CASUALTY:
		return &lw_battle_casualty_actions;
	case LW_ST_RETREAT:
		return s->land.stage == LW_BS_ORETREAT ? &lw_battle_oretreat_actions
		                                       : &lw_battle_retreat_actions;
	case LW_ST_ADVANCE:
		return s->land.stage == LW_BS_DADVANCE ? &lw_battle_dadvance_actions
		                                       : &lw_battle_advance_actions;
	case LW_ST_DEMOTE:
		return &lw_battle_demote_actions;
	default:
		return NULL;
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
	const struct lw_actions *t = lw_battle_actions(s);
	if (!t)
		return refuse(s, side, type, err);
	if (t == &lw_resev_actions)
		return lw_resev_act(s, side, a, out, err); /* its own turn check first */
	return lw_action_dispatch(t, s, side, a, out, err);
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
