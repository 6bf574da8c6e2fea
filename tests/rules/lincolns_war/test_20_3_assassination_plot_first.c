/* test_20_3_assassination_plot_first.c — 3.6 SUPPLY PHASE: "Play
 * Assassination Plot Card (If Previously Purchased During Current
 * Administration Phase)" comes first, before "Determine supply & Draw
 * forage", the sieges and the IT; 20.3 (resolve the plot) comes before 20.4
 * (IT, demotions, supply status). So the plot rolls for the CO who commands
 * in the capital when the phase begins, and his successor carries his
 * force's IT into 20.4; a question the plot raises (7.1.9.2 / 11.0.3: who
 * commands now; 11.1.2.2: a new GiC) is answered before the phase goes on,
 * and the 20.4 demotion prompt still comes after it. */
#include "lw_supply_fixture.h"

/* Re-key the generator until the next two dice are `pres` and `co` (a 6
 * or not a 6: 7.1.9.1 kills on a 6). */
static void rig(struct lw_state *s, int pres, int co)
{
	for (int k = 0; k < 100000; k++) {
		uint8_t key[32] = {(uint8_t)k, (uint8_t)(k >> 8), 0x20, 0x03};
		struct tg_rng r;
		tg_rng_init(&r, key);
		struct tg_rng t = r;
		int a = tg_rng_die(&t, 6), b = tg_rng_die(&t, 6);
		if ((pres == 6) == (a == 6) && (co == 6) == (b == 6)) {
			s->rng = r;
			return;
		}
	}
	fprintf(stderr, "no key gives those dice\n");
	exit(1);
}

/* The index in the public log (from line `from` on) of the first line
 * containing `text`, or -1. */
static long find_log(const struct lw_state *s, uint32_t from, const char *text)
{
	for (uint32_t k = from; k < s->log_total; k++)
		if (strstr(s->log[k % LW_LOG_LINES], text))
			return (long)k;
	return -1;
}

/* A Campaign game at the end of turn 1's operations: nobody carries IT,
 * Washington empty of Union generals (each moved alone to a hex of PA),
 * the Eastern Theater penalty off (10.7.8.1). */
static struct game *fresh(int seed)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	tk_goto_ops(g, 1, LW_UNION);
	struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].it = 0;
	s->side[LW_UNION].eastern_done = 1;
	s->side[LW_CONFEDERATE].eastern_done = 1;
	int wash = lw_capital_hex(LW_UNION), at[LW_MAX_UNITS];
	int n = lw_units_at(s, wash, LW_UNION, at);
	for (int i = 0; i < n; i++)
		tk_place(g, at[i], tk_empty_hex(g, "PA", 0));
	return g;
}

/* The order effect: a lone one-star CO in Washington carrying five IT.
 * The plot comes first and kills him (7.1.9.1); the one-star TCO who
 * replaces him (7.1.9.2) carries the five IT and is the one 20.4 demotes.
 * In the old order 20.4 disgraced him first and the plot then found no
 * force in the capital (no die for the CO, no VP). */
static void test_plot_before_demotion(void)
{
	struct game *g = fresh(31);
	struct lw_state *s = &g->s;
	int wash = lw_capital_hex(LW_UNION);
	int sedg = tk_put(g, "sedgwick", wash, 1, 5);
	CHECK(s->side[LW_UNION].gic != sedg);
	CHECK_EQ_INT(lw_force_co(s, wash), sedg);
	s->pol.plot_bought = LW_CONFEDERATE;
	rig(s, 1, 6); /* Lincoln missed, the CO killed */
	int turn = s->turn;
	uint32_t from = s->log_total;
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK(s->log_total - from <= LW_LOG_LINES);
	CHECK_EQ_INT(s->unit[sedg].where, LW_W_DECEASED); /* not LW_W_DISGRACED */
	CHECK_EQ_INT(s->pol.co_vp[LW_CONFEDERATE], 1);    /* 21.3: the CO's VP */
	CHECK_EQ_INT(lw_plot_buyer(&s->pol), LW_UNION);   /* a success: the Union's */
	int at[LW_MAX_UNITS];
	/* the TCO took the five IT (7.1.9.2) and was demoted for them (20.4) */
	CHECK_EQ_INT(lw_units_at(s, wash, LW_UNION, at), 0);
	long played = find_log(s, from, "plays the Assassination Plot card (20.3)");
	long rolled = find_log(s, from, "Assassination Plot (7.1.9.1)");
	long demoted = find_log(s, from, "demoted for its IT (20.4)");
	CHECKF(played >= 0 && rolled > played, "played %ld, rolled %ld", played, rolled);
	CHECKF(demoted > rolled, "the plot (%ld) before the 20.4 demotion (%ld)", rolled, demoted);
	CHECK(find_log(s, from, "no force in the capital") < 0);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	CHECK_EQ_INT(s->turn, turn + 1); /* the phase ran to its end */
	lincolns_war_module.free(g);
}

/* The plot kills the CO of a force of three two-stars in Washington: the
 * owner chooses who commands now (7.1.9.2 "he may make that general the
 * new CO", 11.0.3). The Supply Phase waits for him (no supply, no 20.4
 * demotion meanwhile), then goes on to 20.4, where a Confederate force of
 * two generals with five IT asks its owner (supply_demote), and to the end
 * of the turn. */
static void test_plot_question_then_demotion(void)
{
	struct game *g = fresh(32);
	struct lw_state *s = &g->s;
	int wash = lw_capital_hex(LW_UNION);
	tk_put(g, "hooker", wash, 2, 0);
	tk_put(g, "sedgwick", wash, 2, 0);
	tk_put(g, "hancock", wash, 2, 0);
	int victim = lw_force_co(s, wash);
	CHECK(victim != LW_NONE && s->side[LW_UNION].gic != victim);
	/* a Confederate force of two in supply, five IT */
	int hex = sx_supply_hex(g, "GA", LW_CONFEDERATE, tk_unit(g, "pillow"), true, false);
	if (!CHECK(hex != LW_NO_HEX))
		return;
	int pillow = tk_put(g, "pillow", hex, 1, 5);
	int floyd = tk_put(g, "floyd", hex, 1, 0);
	CHECK(s->side[LW_CONFEDERATE].gic != pillow && s->side[LW_CONFEDERATE].gic != floyd);
	s->pol.plot_bought = LW_CONFEDERATE;
	rig(s, 1, 6);
	int turn = s->turn;
	uint32_t from = s->log_total;
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */

	/* the plot is resolved, the phase waits for the Union's answer */
	CHECK_EQ_INT(s->unit[victim].where, LW_W_DECEASED);
	CHECK_EQ_INT(s->phase, LW_PH_SUPPLY);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_PLOT);
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_UNION));
	CHECK(tk_offers(g, "union", "takes command of the force"));
	CHECK(!tk_offers(g, "confederate", "loses a star"));
	CHECK_EQ_INT(lw_force_it(s, hex), 5); /* 20.4 not reached yet */
	CHECK(find_log(s, from, "demoted for its IT") < 0);
	int hex_c = 0, side_c = 0;
	CHECK(!lw_supply_choice_force(s, &hex_c, &side_c));
	/* the Confederate may not act meanwhile */
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"pillow\"}",
	         hex);
	CHECK(tk_act(g, "confederate", buf) != 0);

	/* the Union names the new CO: one of the two two-stars left */
	int at[LW_MAX_UNITS], pick = LW_NONE;
	int n = lw_units_at(s, wash, LW_UNION, at);
	for (int i = 0; i < n && pick == LW_NONE; i++)
		if (s->unit[at[i]].gen >= 0 && at[i] != lw_force_co(s, wash))
			pick = at[i];
	if (!CHECK(pick != LW_NONE))
		return;
	char id[48];
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", wash,
	         lw_unit_id(s, pick, id, sizeof id));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, wash), pick);

	/* 20.4 now: the Confederate's demotion prompt */
	CHECK_EQ_INT(s->phase, LW_PH_SUPPLY);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK(tk_offers(g, "confederate", "loses a star for the IT"));
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"floyd\"}",
	         hex);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[floyd].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->unit[pillow].where, LW_W_MAP);
	CHECK_EQ_INT(s->turn, turn + 1);
	CHECK(s->log_total - from <= LW_LOG_LINES);
	long rolled = find_log(s, from, "Assassination Plot (7.1.9.1)");
	long chosen = find_log(s, from, "takes command of the Union force");
	long demoted = find_log(s, from, "demoted for its IT (20.4)");
	CHECKF(rolled >= 0 && chosen > rolled && demoted > chosen,
	       "plot %ld, new CO %ld, demotion %ld", rolled, chosen, demoted);
	lincolns_war_module.free(g);
}

/* The plot kills the Union GiC, CO in Washington, and two two-stars could
 * succeed him (7.1.9.2: "Follow the procedures outlined in section
 * 11.1.2"): the Union chooses his new GiC before the Supply Phase goes on;
 * a lone Union general with five IT elsewhere is disgraced by 20.4 only
 * after that answer. */
static void test_plot_gic_then_supply(void)
{
	struct game *g = fresh(33);
	struct lw_state *s = &g->s;
	int wash = lw_capital_hex(LW_UNION);
	int gic = s->side[LW_UNION].gic;
	tk_place(g, gic, wash);
	CHECK_EQ_INT(lw_force_co(s, wash), gic);
	const char *heirs[] = {"mcclellan", "halleck", "mcdowell"};
	int h[2], nh = 0;
	for (int i = 0; i < 3 && nh < 2; i++)
		if (tk_unit(g, heirs[i]) != gic)
			h[nh++] = tk_put(g, heirs[i], tk_empty_hex(g, "PA", 0), 2, 0);
	int lone = tk_put(g, "sykes", tk_empty_hex(g, "PA", 0), 1, 5);
	s->side[LW_UNION].pc = 20;
	s->pol.plot_bought = LW_CONFEDERATE;
	rig(s, 1, 6);
	int turn = s->turn;
	uint32_t from = s->log_total;
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->unit[gic].where, LW_W_DECEASED);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_PLOT);
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_UNION));
	CHECK(tk_offers(g, "union", "the new General in Chief"));
	CHECK_EQ_INT(s->unit[lone].where, LW_W_MAP); /* 20.4 not reached yet */
	CHECK_EQ_INT(s->unit[lone].it, 5);
	char buf[160], id[48];
	snprintf(buf, sizeof buf, "{\"type\":\"choose_gic\",\"general\":\"%s\"}",
	         lw_unit_id(s, h[1], id, sizeof id));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].gic, h[1]);
	/* then the phase ran on: 20.4 disgraced the lone general, the turn ended */
	CHECK(s->phase != LW_PH_SUPPLY);
	CHECK_EQ_INT(s->unit[lone].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->turn, turn + 1);
	long chosen = find_log(s, from, "is the new Union General in Chief");
	long demoted = find_log(s, from, "demoted for its IT (20.4)");
	CHECKF(chosen >= 0 && demoted > chosen, "new GiC %ld, demotion %ld", chosen, demoted);
	lincolns_war_module.free(g);
}

int main(void)
{
	test_plot_before_demotion();
	test_plot_question_then_demotion();
	test_plot_gic_then_supply();
	return tap_done();
}
