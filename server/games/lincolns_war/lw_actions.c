/* lw_actions.c — the table of Lincoln's War's pending decisions: who is
 * awaited, the prompt, the legal actions and the dispatch of an action to
 * the procedure or phase that owns it, all four by one walk of one table
 * (kit/pending.h).
 *
 * The table is in priority order: the questions a procedure raised and
 * left in the state (a new General in Chief, a naval escape, a new CO or a
 * displacement, a political choice, a siege's return) come before the step
 * of the sequence of play, in the order the rules ask them. They used to be
 * a cascade written four times, whose guards had drifted apart.
 *
 * Legal actions are mostly complete: every choice is already in "action",
 * and "params" stays empty, so a thin client (or the random bot) picks one
 * entry and sends it back. Where one choice has many values (a rail move's
 * destination) the entry names it once in "params" with its choices
 * (tg_offer_choice, kit/offer.h), so that a person is not shown hundreds of lines. Each
 * phase file offers exactly what its handler accepts; the handler validates
 * everything again.
 *
 * Below the table, the driver of what comes next (kit/continuation.h): a
 * procedure that must wait for an answer records its stage and returns,
 * and lw_continue runs the recorded stage once the answer came, here, at
 * the top, so that no procedure asks whether a decision is awaited. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "kit/continuation.h"
#include "kit/pending.h"
#include "lw_consolidation.h"
#include "lw_engine.h"
#include "lw_supply.h"

/* The kit speaks game.h's roles (index 0, 1); the rules speak sides. */
#define SIDE(role) ((role) + 1)
#define ST(p) ((const struct lw_state *)(p))
#define MUT(p) ((struct lw_state *)(p))

/* A prompt: text itself when it fits in n bytes (kit/pending.h: buf "or a
 * constant"; every text here is a constant), else snprintf's cut copy in
 * buf (issue 17: the copy by snprintf was most of lw_prompt's cost, asked
 * for each role's prompt stamp after every action). */
static const char *say(char *buf, size_t n, const char *text)
{
	if (text && strnlen(text, n) < n)
		return text;
	snprintf(buf, n, "%s", text);
	return buf;
}

/* ---- the questions a procedure raised (interrupts) ----------------------- */

/* A Supply Phase stage that waited for this answer (the Union's
 * retaliation, a siege's return, a demotion chosen) goes on at once, before
 * anything else of the action (below the table). */
static void go_on_after_answer(struct lw_state *s, struct game_outcome *out);

/* 11.1.2.2 comes first: a side that lost its GiC names the successor */
static bool gic_choice_holds(const void *p)
{
	return ST(p)->phase != LW_PH_OVER && lw_gic_choice_side(ST(p)) != LW_NOSIDE;
}
static unsigned gic_choice_who(const void *p)
{
	return LW_SIDE_BIT(lw_gic_choice_side(ST(p)));
}
static void gic_choice_offer(const void *p, int role, struct tg_offers *list)
{
	lw_gic_choice_offer(ST(p), SIDE(role), list);
}
static int gic_choice_act(void *p, int role, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	return lw_gic_choice_act(MUT(p), SIDE(role), a, out, err);
}
static const char *gic_choice_prompt(const void *p, int role, char *buf, size_t n)
{
	return say(buf, n,
	           ST(p)->side[SIDE(role)].gic_pending
	               ? "Choose your new General in Chief (11.1.2.2)"
	               : "Your capital is enemy controlled: choose where your new General in "
	                 "Chief goes (11.1.2.3)");
}

/* 8.1.2.1, 8.3.4: a raider, ironclad or fleet leaving a captured port */
static bool naval_escape_holds(const void *p)
{
	return ST(p)->phase != LW_PH_OVER && lw_naval_escape_side(ST(p)) != LW_NOSIDE;
}
static unsigned naval_escape_who(const void *p)
{
	return LW_SIDE_BIT(lw_naval_escape_side(ST(p)));
}
static void naval_escape_offer(const void *p, int role, struct tg_offers *list)
{
	lw_naval_escape_offer(ST(p), SIDE(role), list);
}
static int naval_escape_act(void *p, int role, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	return lw_naval_escape_act(MUT(p), SIDE(role), a, out, err);
}
static const char *naval_escape_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)role;
	return say(buf, n, lw_naval_escape_prompt(ST(p)));
}

/* 11.0.3, 12.4, 20.4: a new CO, a displacement, a demotion */
static bool command_choice_holds(const void *p)
{
	return ST(p)->phase != LW_PH_OVER && lw_command_choice_side(ST(p)) != LW_NOSIDE;
}
static unsigned command_choice_who(const void *p)
{
	return LW_SIDE_BIT(lw_command_choice_side(ST(p)));
}
static void command_choice_offer(const void *p, int role, struct tg_offers *list)
{
	lw_command_choice_offer(ST(p), SIDE(role), list);
}
static int command_choice_act(void *p, int role, const json_t *a, struct game_outcome *out,
                              struct tg_error *err)
{
	int r = lw_command_choice_act(MUT(p), SIDE(role), a, out, err);
	if (r == 0)
		go_on_after_answer(MUT(p), out);
	return r;
}
static const char *command_choice_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)role;
	return lw_command_prompt(ST(p), buf, n);
}

/* 19.0, 7.1.9.3: the EP's promotion, the BI, a retaliation */
static bool political_choice_holds(const void *p)
{
	return ST(p)->phase != LW_PH_OVER && lw_political_choice_side(ST(p)) != LW_NOSIDE;
}
static unsigned political_choice_who(const void *p)
{
	return LW_SIDE_BIT(lw_political_choice_side(ST(p)));
}
static void political_choice_offer(const void *p, int role, struct tg_offers *list)
{
	lw_political_choice_offer(ST(p), SIDE(role), list);
}
static int political_choice_act(void *p, int role, const json_t *a, struct game_outcome *out,
                                struct tg_error *err)
{
	int r = lw_political_choice_act(MUT(p), SIDE(role), a, out, err);
	if (r == 0)
		go_on_after_answer(MUT(p), out);
	return r;
}
static const char *political_choice_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)role;
	return say(buf, n, lw_political_prompt(ST(p)));
}

/* 16.9.5.4.3: where the besiegers of a siege that held go */
static bool siege_return_holds(const void *p)
{
	return ST(p)->phase != LW_PH_OVER && lw_siege_choice_side(ST(p)) != LW_NOSIDE;
}
static unsigned siege_return_who(const void *p)
{
	return LW_SIDE_BIT(lw_siege_choice_side(ST(p)));
}
static void siege_return_offer(const void *p, int role, struct tg_offers *list)
{
	lw_siege_return_offer(ST(p), SIDE(role), list);
}
static int siege_return_act(void *p, int role, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	int r = lw_siege_return_act(MUT(p), SIDE(role), a, out, err);
	if (r == 0)
		go_on_after_answer(MUT(p), out);
	return r;
}
static const char *siege_return_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)role;
	return say(buf, n, lw_siege_return_prompt(ST(p)));
}

/* ---- the steps of the sequence of play (3.0) --------------------------- */

static unsigned phasing_who(const void *p)
{
	return LW_SIDE_BIT(ST(p)->phasing);
}

/* 5.0 the first GiC */
static bool gic_holds(const void *p)
{
	return ST(p)->phase == LW_PH_GIC;
}
static void gic_offer(const void *p, int role, struct tg_offers *list)
{
	lw_gic_offer(ST(p), SIDE(role), list);
}
static int gic_act(void *p, int role, const json_t *a, struct game_outcome *out,
                   struct tg_error *err)
{
	return lw_gic_act(MUT(p), SIDE(role), a, out, err);
}
static const char *gic_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)p, (void)role;
	return say(buf, n, "Choose your first General in Chief (5.0)");
}

/* 6.0 initiative */
static bool initiative_holds(const void *p)
{
	return ST(p)->phase == LW_PH_INITIATIVE;
}
static void initiative_offer(const void *p, int role, struct tg_offers *list)
{
	lw_initiative_offer(ST(p), SIDE(role), list);
}
static int initiative_act(void *p, int role, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	return lw_initiative_act(MUT(p), SIDE(role), a, out, err);
}
static const char *initiative_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)p, (void)role;
	return say(buf, n,
	           "You lead by 10 or more PC: go first or make your opponent go first (6.0)");
}

/* 7.0 administration */
static bool admin_holds(const void *p)
{
	return ST(p)->phase == LW_PH_ADMIN;
}
static void admin_offer(const void *p, int role, struct tg_offers *list)
{
	lw_admin_offer(ST(p), SIDE(role), list);
}
static int admin_act(void *p, int role, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	return lw_admin_act(MUT(p), SIDE(role), a, out, err);
}
static const char *admin_prompt(const void *p, int role, char *buf, size_t n)
{
	if (ST(p)->side[SIDE(role)].arrive_place)
		return say(buf, n, "Choose where your arriving reinforcement goes (7.3, 2.1)");
	return say(buf, n, "Administration: purchases and draft promotions, then end (7.0)");
}

/* 8.0 the Naval Phase */
static bool naval_holds(const void *p)
{
	return ST(p)->phase == LW_PH_NAVAL;
}
static unsigned naval_who(const void *p)
{
	return lw_naval_awaiting(ST(p));
}
static void naval_offer(const void *p, int role, struct tg_offers *list)
{
	lw_naval_offer(ST(p), SIDE(role), list);
}
static int naval_act(void *p, int role, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	return lw_naval_phase_act(MUT(p), SIDE(role), a, out, err);
}
static const char *naval_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)role;
	return say(buf, n, lw_naval_prompt(ST(p))); /* 8.1 moves, 8.2.2 blockade IT */
}

/* 9.0 the Rail Phase (lw_rail_phase.c) */
static bool rail_holds(const void *p)
{
	return ST(p)->phase == LW_PH_RAIL;
}
static void rail_offer(const void *p, int role, struct tg_offers *list)
{
	lw_rail_offer(ST(p), SIDE(role), list);
}
static int rail_act(void *p, int role, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	int r = lw_rail_act(MUT(p), SIDE(role), a, out, err);
	if (r == 0) {
		lw_continue(MUT(p), out); /* a phase the action ended goes on first */
		lw_supply_reopen(MUT(p)); /* 12.10, 20.6: railed back into supply */
	}
	return r;
}
static const char *rail_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)p, (void)role;
	return say(buf, n, "Rail Phase: rail generals, absorb TCO stars, then end (9.0)");
}

/* 10.3 the card draw: a side is awaited while it has a choice left */
static bool draw_holds(const void *p)
{
	return ST(p)->phase == LW_PH_DRAW;
}
static unsigned draw_who(const void *p)
{
	unsigned m = 0;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		if (lw_draw_awaits(ST(p), side)) /* draw_offer's list is not empty */
			m |= LW_SIDE_BIT(side);
	return m;
}
static void draw_offer(const void *p, int role, struct tg_offers *list)
{
	lw_draw_offer(ST(p), SIDE(role), list);
}
static int draw_act(void *p, int role, const json_t *a, struct game_outcome *out,
                    struct tg_error *err)
{
	return lw_draw_act(MUT(p), SIDE(role), a, out, err);
}
static const char *draw_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)p, (void)role;
	return say(buf, n, "Draw your cards: choose the committee or a campaign card (10.3)");
}

/* 10.0 the operations: card play, marches, battles */

/* What follows every accepted action of the operations phase. */
static void ops_settle(struct lw_state *s)
{
	lw_amphib_settle(s);    /* 14.1.3/14.2.2 assaults, 16.9.5.4 sieges, 14.4.1 */
	lw_cav_city_settle(s);  /* 13.1.3 cities held by cavalry */
	lw_political_settle(s); /* 19.1 EP, 19.2 BI after a battle */
	if (s->phase == LW_PH_OPS)
		lw_supply_reopen(s); /* 20.6: OOS tokens off once supply opens */
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

static bool ops_holds(const void *p)
{
	return ST(p)->phase == LW_PH_OPS;
}
static unsigned ops_who(const void *p)
{
	return lw_ops_awaiting(ST(p));
}
static void ops_offer(const void *p, int role, struct tg_offers *list)
{
	lw_ops_offer(ST(p), SIDE(role), list);
}
static int ops_act(void *p, int role, const json_t *a, struct game_outcome *out,
                   struct tg_error *err)
{
	int r = lw_ops_act(MUT(p), SIDE(role), a, out, err);
	if (r == 0) {
		lw_continue(MUT(p), out); /* the Supply Phase the operations' end began */
		ops_settle(MUT(p));
	}
	return r;
}
static const char *ops_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)role;
	const struct lw_state *s = ST(p);
	if (s->step == LW_ST_MOVE && lw_consolidation_prompt(s))
		return say(buf, n, lw_consolidation_prompt(s)); /* 11.1.3.2 */
	return say(buf, n,
	           s->step < sizeof step_prompt / sizeof *step_prompt && step_prompt[s->step]
	               ? step_prompt[s->step]
	               : "Choose an action");
}

#define DECISION(name, rule, who)                                                                  \
	{                                                                                          \
#name, rule, name##_holds, who, name##_offer, name##_act, name##_prompt            \
	}

/* ---- the action types of each kind, declared once ----------------------- */

/* Each kind's table of action types now (struct lw_actions: type, rule,
 * handler), in lw_pending's order. */
typedef const struct lw_actions *types_fn(const struct lw_state *s, int side);

static const struct lw_actions *gic_choice_types(const struct lw_state *s, int side)
{
	return lw_gic_choice_actions(s, side);
}
static const struct lw_actions *naval_escape_types(const struct lw_state *s, int side)
{
	(void)s, (void)side;
	return &lw_naval_escape_actions;
}
static const struct lw_actions *command_choice_types(const struct lw_state *s, int side)
{
	(void)side;
	return lw_command_actions(s);
}
static const struct lw_actions *political_choice_types(const struct lw_state *s, int side)
{
	(void)side;
	return lw_political_actions(s);
}
static const struct lw_actions *siege_return_types(const struct lw_state *s, int side)
{
	(void)s, (void)side;
	return &lw_siege_return_actions;
}
static const struct lw_actions *gic_types(const struct lw_state *s, int side)
{
	(void)s, (void)side;
	return &lw_gic_actions;
}
static const struct lw_actions *initiative_types(const struct lw_state *s, int side)
{
	(void)s, (void)side;
	return &lw_initiative_actions;
}
static const struct lw_actions *admin_types(const struct lw_state *s, int side)
{
	return lw_admin_actions(s, side);
}
static const struct lw_actions *naval_types(const struct lw_state *s, int side)
{
	(void)side;
	return lw_naval_actions(s);
}
static const struct lw_actions *rail_types(const struct lw_state *s, int side)
{
	(void)s, (void)side;
	return &lw_rail_actions;
}
static const struct lw_actions *draw_types(const struct lw_state *s, int side)
{
	(void)s, (void)side;
	return &lw_draw_actions;
}
static const struct lw_actions *ops_types(const struct lw_state *s, int side)
{
	(void)side;
	return lw_ops_actions(s);
}

static types_fn *const kind_types[] = {
    gic_choice_types,   naval_escape_types, command_choice_types, political_choice_types,
    siege_return_types, gic_types,          initiative_types,     admin_types,
    naval_types,        rail_types,         draw_types,           ops_types,
};

static const struct lw_actions *const all_tables[] = {
    &lw_gic_choose_actions,
    &lw_gic_place_actions,
    &lw_naval_escape_actions,
    &lw_command_co_actions,
    &lw_command_displace_actions,
    &lw_command_siege_star_actions,
    &lw_command_supply_demote_actions,
    &lw_political_retaliation_actions,
    &lw_political_promotion_actions,
    &lw_political_bi_offer_actions,
    &lw_political_bi_swap_actions,
    &lw_siege_return_actions,
    &lw_gic_actions,
    &lw_initiative_actions,
    &lw_admin_main_actions,
    &lw_admin_asset_actions,
    &lw_admin_arrival_actions,
    &lw_naval_home_actions,
    &lw_naval_it_actions,
    &lw_naval_move_actions,
    &lw_rail_actions,
    &lw_draw_actions,
    &lw_ops_card_actions,
    &lw_ops_spend_actions,
    &lw_ops_peace_actions,
    &lw_ops_move_actions,
    &lw_battle_withdraw_actions,
    &lw_battle_commit_actions,
    &lw_resev_actions,
    &lw_battle_casualty_actions,
    &lw_battle_retreat_actions,
    &lw_battle_oretreat_actions,
    &lw_battle_advance_actions,
    &lw_battle_dadvance_actions,
    &lw_battle_demote_actions,
    &lw_siege_offer_actions,
    &lw_siege_excess_actions,
    &lw_siege_answer_actions,
    &lw_harass_actions,
    &lw_amphib_hunley_actions,
    &lw_cav_rit_ask_actions,
};

static const struct tg_pending lw_pending[] = {
    /* questions a procedure raised, in the order the rules ask them */
    DECISION(gic_choice, "11.1.2.2, 11.1.2.3", gic_choice_who),
    DECISION(naval_escape, "8.1.2.1, 8.3.4", naval_escape_who),
    DECISION(command_choice, "11.0.3, 12.4, 20.4", command_choice_who),
    DECISION(political_choice, "19.0, 7.1.9.3", political_choice_who),
    DECISION(siege_return, "16.9.5.4.3", siege_return_who),
    /* the step of the sequence of play (3.0) */
    DECISION(gic, "5.0", phasing_who),
    DECISION(initiative, "6.0", phasing_who),
    DECISION(admin, "7.0", phasing_who),
    DECISION(naval, "8.0", naval_who),
    DECISION(rail, "9.0", phasing_who),
    DECISION(draw, "10.3", draw_who),
    DECISION(ops, "10.0", ops_who),
};
#define LW_PENDING_N (sizeof lw_pending / sizeof *lw_pending)
_Static_assert(sizeof kind_types / sizeof *kind_types == LW_PENDING_N,
               "one table of action types a kind of decision");

/* ---- what comes next once no decision waits (kit/continuation.h) -------- */

/* The Supply Phase (3.6) records where it stands in command.supply_stage
 * (saved): the plot's questions (20.3), the demotions the owners choose
 * (20.4, 20.5), the sieges one after the other (16.9.5.4.3). Each stage
 * goes on from here once it is ready. */
static int supply_next(const void *p)
{
	return ST(p)->phase == LW_PH_SUPPLY ? ST(p)->command.supply_stage : LW_SS_NONE;
}
static void after_plot_run(void *p, struct game_outcome *out)
{
	if (out)
		out->barrier = true; /* forage draws and river rolls follow */
	lw_supply_after_plot(MUT(p));
}
static void sieges_run(void *p, struct game_outcome *out)
{
	if (out)
		out->barrier = true; /* 23.2 rolls and the next turn follow */
	lw_supply_phase_done(MUT(p));
}
/* supply, forage and the demotions over: the sieges follow at once, whatever
 * else is asked (as when lw_supply.c called lw_supply_phase_done itself) */
static bool supplied_ready(const void *p)
{
	(void)p;
	return true;
}
static void supplied_run(void *p, struct game_outcome *out)
{
	(void)out; /* the demotion that ended the stage set the barrier */
	lw_supply_phase_done(MUT(p));
}
static bool demotions_ready(const void *p)
{
	return lw_supply_demotions_ready(ST(p));
}
static void demotions_run(void *p, struct game_outcome *out)
{
	lw_supply_demotions_go_on(MUT(p), out);
}

/* The stages that wait for every question (nothing awaited), and those
 * that wait only for their own (the 20.4 / 20.5 demotions). Where each
 * goes on keeps the order of the phase as it was written before the
 * driver: a stage goes on right after the answer to the Union's
 * retaliation, a siege's return or a demotion (go_on_after_answer), and
 * after a General in Chief's or a CO's question once the stale choices are
 * dropped (lw_apply's settle loop); a Supply Phase that an operations
 * action or a battle's end began runs before the operations settle. */
static const struct tg_step supply_steps[] = {
    [LW_SS_PLOT] = {"supply_after_plot", "3.6, 20.3", NULL, after_plot_run},
    [LW_SS_SIEGE] = {"supply_sieges", "3.6, 16.9.5.4.3", NULL, sieges_run},
    [LW_SS_IT] = {"supply_demotions", "20.4", demotions_ready, demotions_run},
    [LW_SS_FORAGE] = {"forage_demotions", "20.5", demotions_ready, demotions_run},
    [LW_SS_SUPPLIED] = {"supply_done", "3.6", supplied_ready, supplied_run},
};
static const struct tg_procedure supply_phase = {"supply", supply_next, supply_steps,
                                                 sizeof supply_steps / sizeof *supply_steps};
/* the same without the demotions' own stages */
static const struct tg_step after_answer_steps[] = {
    [LW_SS_PLOT] = {"supply_after_plot", "3.6, 20.3", NULL, after_plot_run},
    [LW_SS_SIEGE] = {"supply_sieges", "3.6, 16.9.5.4.3", NULL, sieges_run},
    [LW_SS_SUPPLIED] = {"supply_done", "3.6", supplied_ready, supplied_run},
};
static const struct tg_procedure supply_after_answer = {"supply", supply_next, after_answer_steps,
                                                        sizeof after_answer_steps /
                                                            sizeof *after_answer_steps};

/* bounded: a step makes progress (one stage, one siege of LW_MAX_SIEGES)
 * or records a question; debug builds assert it */
enum { CONTINUE_MAX = 4 * LW_MAX_SIEGES + 16 };

static void drive(const struct tg_procedure *p, struct lw_state *s, struct game_outcome *out)
{
	int r = tg_continue(p, lw_pending, LW_PENDING_N, s, out, CONTINUE_MAX);
	assert(r >= 0 && "a Supply Phase stage recorded itself without progress");
	(void)r;
}

void lw_continue(struct lw_state *s, struct game_outcome *out)
{
	drive(&supply_phase, s, out);
}

static void go_on_after_answer(struct lw_state *s, struct game_outcome *out)
{
	drive(&supply_after_answer, s, out);
}

/* A battle held for an 11.0.3 / 12.4 question (16.8, 16.8.3, 16.6) records
 * the step it goes on with (land.hold); it runs once no such question
 * waits, whatever else is asked. */
static int battle_next(const void *p)
{
	return lw_battle_held(ST(p));
}
static bool battle_ready(const void *p)
{
	return lw_battle_hold_ready(ST(p));
}
static void casualty_run(void *p, struct game_outcome *out)
{
	lw_battle_resume_casualty(MUT(p), out);
}
static void results_run(void *p, struct game_outcome *out)
{
	lw_battle_resume_results(MUT(p), out);
}
static void reversal_run(void *p, struct game_outcome *out)
{
	lw_battle_resume_reversal(MUT(p), out);
}
static const struct tg_step battle_steps[] = {
    [LW_BH_CASUALTY] = {"battle_casualty", "16.8", battle_ready, casualty_run},
    [LW_BH_RESULTS] = {"battle_results", "16.8.3, 16.6, 16.6.5", battle_ready, results_run},
    [LW_BH_REVERSAL] = {"battle_reversal", "16.8.3", battle_ready, reversal_run},
};
static const struct tg_procedure battle_held = {"battle", battle_next, battle_steps,
                                                sizeof battle_steps / sizeof *battle_steps};

/* The held battle's recorded step, once: true when it ran (one step a pass
 * of lw_apply's settle loop, as before the driver). */
bool lw_continue_battle(struct lw_state *s, struct game_outcome *out)
{
	lw_battle_hold_settle(s);
	return tg_continue(&battle_held, lw_pending, LW_PENDING_N, s, out, 1) != 0;
}

static bool is_side(int side)
{
	return side == LW_UNION || side == LW_CONFEDERATE;
}

unsigned lw_awaiting(const struct lw_state *s)
{
	return tg_pending_awaiting(lw_pending, LW_PENDING_N, s);
}

json_t *lw_legal_actions(const struct lw_state *s, int side)
{
	if (!is_side(side))
		return json_array();
	return tg_pending_legal(lw_pending, LW_PENDING_N, s, side - 1);
}

int lw_legal_actions_text(const struct lw_state *s, int side, struct tg_text *t)
{
	if (!is_side(side)) {
		tg_text_put(t, "[]", 2);
		return t->oom ? -1 : 0;
	}
	return tg_pending_legal_text(lw_pending, LW_PENDING_N, s, side - 1, t);
}

const char *lw_pending_name(const struct lw_state *s)
{
	const struct tg_pending *k = tg_pending_now(lw_pending, LW_PENDING_N, s);
	return k ? k->name : NULL;
}

const struct lw_actions *lw_actions_now(const struct lw_state *s, int side)
{
	const struct tg_pending *k = tg_pending_now(lw_pending, LW_PENDING_N, s);
	if (!k || !is_side(side))
		return NULL;
	return kind_types[k - lw_pending](s, side);
}

const struct lw_actions *const *lw_action_tables(size_t *n)
{
	*n = sizeof all_tables / sizeof *all_tables;
	return all_tables;
}

const char *lw_prompt(const struct lw_state *s, int side, char *buf, size_t n)
{
	if (!is_side(side))
		return NULL;
	return tg_pending_prompt(lw_pending, LW_PENDING_N, s, side - 1, buf, n);
}

int lw_apply(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
             struct tg_error *err)
{
	/* the type read once: the dispatch below asks it at each level */
	struct lw_a_type saved;
	bool typed = lw_a_type_begin(a, &saved) != NULL;
	int r;
	if (!typed)
		r = tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	else if (s->phase == LW_PH_OVER)
		r = tg_fail(err, TG_E_ILLEGAL, "the game is over");
	else if (!is_side(side))
		r = tg_fail(err, TG_E_NOT_YOUR_TURN, "only the Union and the Confederate act");
	else
		r = tg_pending_act(lw_pending, LW_PENDING_N, s, side - 1, a, out, err);
	lw_a_type_end(&saved);
	if (r != 0)
		return r;
	/* bounded: each pass resumes a held battle, which holds again only for a
	 * new question (a question waits for an action of its owner). Reaching
	 * the bound would mean a battle resumed at every pass, which that
	 * reasoning rules out: debug builds (the sanitizer playouts) assert it */
	enum { SETTLE_PASSES = 8 };
	int pass = 0;
	for (; pass < SETTLE_PASSES; pass++) {
		lw_gic_place_settle(s); /* 11.1.2.3 with nothing left to choose */
		lw_command_settle(s);   /* stale CO choices */
		lw_continue(s, out);    /* a Supply Phase held for them goes on */
		/* 11.0.3 / 12.4: a battle held for the question just answered */
		if (!lw_continue_battle(s, out))
			break;
		lw_continue(s, out); /* the Supply Phase the battle's end began */
		if (s->phase == LW_PH_OPS)
			ops_settle(s);
	}
	assert(pass < SETTLE_PASSES && "a held battle resumed at every pass");
	(void)pass;
	return r;
}
