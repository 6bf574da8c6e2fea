/* lw_actions.c — who is awaited, the prompt, the legal actions and the
 * dispatch of an action to the phase that owns it.
 *
 * Legal actions are mostly complete: every choice is already in "action",
 * and "params" stays empty, so a thin client (or the random bot) picks one
 * entry and sends it back. Where one choice has many values (a rail move's
 * destination) the entry names it once in "params" with its choices
 * (lw_offer_choice), so that a person is not shown hundreds of lines. Each
 * phase file offers exactly what its handler accepts; the handler validates
 * everything again. */
#include <stdio.h>
#include <string.h>

#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_supply.h"

unsigned lw_awaiting(const struct lw_state *s)
{
	if (s->phase != LW_PH_OVER && lw_gic_choice_side(s) != LW_NOSIDE)
		return LW_SIDE_BIT(lw_gic_choice_side(s)); /* 11.1.2.2 comes first */
	if (s->phase != LW_PH_OVER && lw_naval_escape_side(s) != LW_NOSIDE)
		return LW_SIDE_BIT(lw_naval_escape_side(s)); /* 8.1.2.1, 8.3.4 */
	if (lw_command_choice_side(s) != LW_NOSIDE)
		return LW_SIDE_BIT(lw_command_choice_side(s)); /* 11.0.3, 20.4 */
	if (s->phase != LW_PH_OVER && lw_political_choice_side(s) != LW_NOSIDE)
		return LW_SIDE_BIT(lw_political_choice_side(s)); /* 19.0, 7.1.9.3 */
	if (lw_siege_choice_side(s) != LW_NOSIDE)
		return LW_SIDE_BIT(lw_siege_choice_side(s)); /* 16.9.5.4.3 */
	switch (s->phase) {
	case LW_PH_GIC:
	case LW_PH_INITIATIVE:
	case LW_PH_ADMIN:
		return LW_SIDE_BIT(s->phasing);
	case LW_PH_DRAW: {
		unsigned m = 0;
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			json_t *l = json_array();
			lw_draw_offer(s, side, l);
			if (json_array_size(l))
				m |= LW_SIDE_BIT(side);
			json_decref(l);
		}
		return m;
	}
	case LW_PH_RAIL: /* 9.0 (lw_rail_phase.c) */
		return LW_SIDE_BIT(s->phasing);
	case LW_PH_OPS:
		return lw_ops_awaiting(s);
	case LW_PH_NAVAL:
		return lw_naval_awaiting(s);
	default:
		return 0;
	}
}

json_t *lw_legal_actions(const struct lw_state *s, int side)
{
	json_t *list = json_array();
	if ((side != LW_UNION && side != LW_CONFEDERATE) || !(lw_awaiting(s) & LW_SIDE_BIT(side)))
		return list;
	if (lw_gic_choice_side(s) == side) {
		lw_gic_choice_offer(s, side, list);
		return list;
	}
	if (lw_naval_escape_side(s) == side) {
		lw_naval_escape_offer(s, side, list); /* 8.1.2.1, 8.3.4 */
		return list;
	}
	if (lw_command_choice_side(s) != LW_NOSIDE) {
		lw_command_choice_offer(s, side, list); /* 11.0.3, 20.4 */
		return list;
	}
	if (lw_political_choice_side(s) == side) {
		lw_political_choice_offer(s, side, list); /* 19.0, 7.1.9.3 */
		return list;
	}
	if (lw_siege_choice_side(s) == side) {
		lw_siege_return_offer(s, side, list); /* 16.9.5.4.3 */
		return list;
	}
	switch (s->phase) {
	case LW_PH_GIC:
		lw_gic_offer(s, side, list);
		break;
	case LW_PH_INITIATIVE:
		lw_initiative_offer(s, side, list);
		break;
	case LW_PH_ADMIN:
		lw_admin_offer(s, side, list);
		break;
	case LW_PH_DRAW:
		lw_draw_offer(s, side, list);
		break;
	case LW_PH_RAIL:
		lw_rail_offer(s, side, list);
		break;
	case LW_PH_OPS:
		lw_ops_offer(s, side, list);
		break;
	case LW_PH_NAVAL:
		lw_naval_offer(s, side, list);
		break;
	default:
		break;
	}
	return list;
}

static int apply_one(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err);

/* What follows every accepted action of the operations phase. */
static void ops_settle(struct lw_state *s)
{
	lw_amphib_settle(s);    /* 14.1.3/14.2.2 assaults, 16.9.5.4 sieges, 14.4.1 */
	lw_cav_city_settle(s);  /* 13.1.3 cities held by cavalry */
	lw_political_settle(s); /* 19.1 EP, 19.2 BI after a battle */
	if (s->phase == LW_PH_OPS)
		lw_supply_reopen(s); /* 20.6: OOS tokens off once supply opens */
}

int lw_apply(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
             struct tg_error *err)
{
	int r = apply_one(s, side, a, out, err);
	if (r != 0)
		return r;
	/* bounded: each pass resumes a held battle, which holds again only for a
	 * new question (a question waits for an action of its owner) */
	for (int pass = 0; pass < 8; pass++) {
		lw_gic_place_settle(s);    /* 11.1.2.3 with nothing left to choose */
		lw_command_settle(s, out); /* stale CO choices; a Supply Phase goes on */
		/* 11.0.3 / 12.4: a battle held for the question just answered */
		if (!lw_battle_command_resume(s, out))
			break;
		if (s->phase == LW_PH_OPS)
			ops_settle(s);
	}
	return r;
}

static int apply_one(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	if (!lw_a_str(a, "type"))
		return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	if (s->phase != LW_PH_OVER && lw_gic_choice_side(s) == side)
		return lw_gic_choice_act(s, side, a, err);
	if (s->phase != LW_PH_OVER && lw_naval_escape_side(s) == side)
		return lw_naval_escape_act(s, side, a, out, err); /* 8.1.2.1, 8.3.4 */
	if (s->phase != LW_PH_OVER && lw_command_choice_side(s) == side)
		return lw_command_choice_act(s, side, a, out, err); /* 11.0.3, 20.4 */
	if (s->phase != LW_PH_OVER && lw_political_choice_side(s) == side)
		return lw_political_choice_act(s, side, a, out, err); /* 19.0, 7.1.9.3 */
	if (s->phase != LW_PH_OVER && lw_siege_choice_side(s) == side)
		return lw_siege_return_act(s, side, a, out, err); /* 16.9.5.4.3 */
	switch (s->phase) {
	case LW_PH_GIC:
		return lw_gic_act(s, side, a, out, err);
	case LW_PH_INITIATIVE:
		return lw_initiative_act(s, side, a, out, err);
	case LW_PH_ADMIN:
		return lw_admin_act(s, side, a, out, err);
	case LW_PH_DRAW:
		return lw_draw_act(s, side, a, out, err);
	case LW_PH_NAVAL:
		return lw_naval_phase_act(s, side, a, out, err);
	case LW_PH_OPS: {
		int r = lw_ops_act(s, side, a, out, err);
		if (r == 0)
			ops_settle(s);
		return r;
	}
	case LW_PH_RAIL: {
		int r = lw_rail_act(s, side, a, out, err);
		if (r == 0)
			lw_supply_reopen(s); /* 12.10, 20.6: railed back into supply */
		return r;
	}
	default:
		return tg_fail(err, TG_E_ILLEGAL, "the game is over");
	}
}

static const char *const step_prompt[] = {
    [LW_ST_CARD] = "Play a card (10.6) or pass (10.4)",
    [LW_ST_SPEND] = "Spend the card's PC: activate a force, remove IT, or bank the rest (10.6)",
    [LW_ST_MOVE] = "Move the activated force one hex, attack, or end its move (12.0, 16.1)",
    [LW_ST_WITHDRAW] = "You are attacked: withdraw before battle or stand (16.2)",
    [LW_ST_COMMIT] = "Commit a Resource card and a CSP card face down (16.3)",
    [LW_ST_CASUALTY] = "Choose the general hit by the casualty (16.8)",
    [LW_ST_RETREAT] = "Choose the hex to retreat into (16.9)",
    [LW_ST_ADVANCE] = "Advance into the battle hex or decline at the cost of one IT (16.10)",
    [LW_ST_PEACE] = "Your opponent spurned peace talks: take 3 PC or play your last card (10.4)",
    [LW_ST_SEDITIOUS] = "Redraw seditious cards (10.7.7)",
    [LW_ST_DEMOTE] = "Choose the general to demote (16.8.3, 11.1.3.3, 12.3.3)",
    [LW_ST_SIEGE_OFFER] = "You lost in a city: offer siege (one more IT) or retreat (16.9.5)",
    [LW_ST_SIEGE_ANSWER] = "The defender offers siege: besiege the city or refuse (16.9.5.1)",
    [LW_ST_STEAL_MARCH] = "To Steal a March: march one hex and fight there, or hold (16.1.1)",
    [LW_ST_HUNLEY] = "An amphibious assault on a port holding your Asset: roll for the Hunley "
                     "or let it go in (8.1.2.3)",
    [LW_ST_RIT_ASK] = "Your higher-ranking cavalry contests an enemy Rail Interdiction Token: "
                      "allow or deny it (13.2.3)",
};

const char *lw_prompt(const struct lw_state *s, int side, char *buf, size_t n)
{
	if ((side != LW_UNION && side != LW_CONFEDERATE) || !(lw_awaiting(s) & LW_SIDE_BIT(side)))
		return NULL;
	if (lw_gic_choice_side(s) == side) {
		snprintf(buf, n, "%s",
		         s->side[side].gic_pending
		             ? "Choose your new General in Chief (11.1.2.2)"
		             : "Your capital is enemy controlled: choose where your new General in "
		               "Chief goes (11.1.2.3)");
		return buf;
	}
	if (lw_naval_escape_side(s) == side) {
		snprintf(buf, n, "%s", lw_naval_escape_prompt(s));
		return buf;
	}
	if (lw_command_choice_side(s) == side)
		return lw_command_prompt(s, buf, n); /* 11.0.3, 20.4 */
	if (lw_political_choice_side(s) == side) {
		snprintf(buf, n, "%s", lw_political_prompt(s));
		return buf;
	}
	if (lw_siege_choice_side(s) == side) {
		snprintf(buf, n, "%s", lw_siege_return_prompt(s));
		return buf;
	}
	switch (s->phase) {
	case LW_PH_GIC:
		snprintf(buf, n, "Choose your first General in Chief (5.0)");
		break;
	case LW_PH_INITIATIVE:
		snprintf(
		    buf, n,
		    "You lead by 10 or more PC: go first or make your opponent go first (6.0)");
		break;
	case LW_PH_ADMIN:
		if (s->side[side].arrive_place) {
			snprintf(buf, n,
			         "Choose where your arriving reinforcement goes (7.3, 2.1)");
			break;
		}
		snprintf(buf, n, "Administration: purchases and draft promotions, then end (7.0)");
		break;
	case LW_PH_DRAW:
		snprintf(buf, n, "Draw your cards: choose the committee or a campaign card (10.3)");
		break;
	case LW_PH_NAVAL:
		snprintf(buf, n, "%s", lw_naval_prompt(s)); /* 8.1 moves, 8.2.2 blockade IT */
		break;
	case LW_PH_RAIL:
		snprintf(buf, n, "Rail Phase: rail generals, absorb TCO stars, then end (9.0)");
		break;
	case LW_PH_OPS:
		if (s->step == LW_ST_MOVE && lw_consolidation_prompt(s)) {
			snprintf(buf, n, "%s", lw_consolidation_prompt(s)); /* 11.1.3.2 */
			break;
		}
		snprintf(buf, n, "%s",
		         s->step < sizeof step_prompt / sizeof *step_prompt && step_prompt[s->step]
		             ? step_prompt[s->step]
		             : "Choose an action");
		break;
	default:
		return NULL;
	}
	return buf;
}
