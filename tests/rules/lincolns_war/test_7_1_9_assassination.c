/* test_7_1_9_assassination.c — 7.1.9 the Assassination Plot: the purchase
 * (five Confederate cities, 3 PC, once a turn, secret from the Union), the
 * Supply Phase roll (20.3; 7.1.9.1: President and capital CO, a 6 each, one card
 * fewer and a random discard), the CO's replacement (7.1.9.2: TCO, a GiC's
 * successor paid with CSP when PC run out, automatic defeat below four),
 * the card passing to the Union after a success, the Union's own plot, the
 * last-turn retaliation (7.1.9.3) and the 21.3 VP rows. */
#include "lw_testkit.h"

/* Re-key the generator until the next dice are `pres` and `co` (0: any). */
static void rig(struct lw_state *s, int pres, int co)
{
	for (int k = 0; k < 100000; k++) {
		uint8_t key[32] = {(uint8_t)k, (uint8_t)(k >> 8), 0x19, 0x73};
		struct tg_rng r;
		tg_rng_init(&r, key);
		struct tg_rng t = r;
		int a = tg_rng_die(&t, 6), b = tg_rng_die(&t, 6);
		if ((pres == 0 || (pres == 6) == (a == 6)) && (co == 0 || (co == 6) == (b == 6))) {
			s->rng = r;
			return;
		}
	}
	fprintf(stderr, "no key gives those dice\n");
	exit(1);
}

/* As rig, and the random discard after them (2.2: from `hand` cards and
 * the 0 card) takes a real card, not the 0 card. */
static void rig_discard(struct lw_state *s, int pres, int co, int hand)
{
	for (int k = 0; k < 100000; k++) {
		uint8_t key[32] = {(uint8_t)k, (uint8_t)(k >> 8), 0x19, 0x74};
		struct tg_rng r;
		tg_rng_init(&r, key);
		struct tg_rng t = r;
		int a = tg_rng_die(&t, 6), b = tg_rng_die(&t, 6);
		int i = (int)tg_rng_below(&t, (uint32_t)hand + 1u);
		if ((pres == 6) == (a == 6) && (co == 6) == (b == 6) && i < hand) {
			s->rng = r;
			return;
		}
	}
	fprintf(stderr, "no key gives those dice\n");
	exit(1);
}

/* The Union takes `n` cities that began Confederate (no force on them). */
static void give_union_cities(struct lw_state *s, int n)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities && n > 0; c++)
		if (d->cities[c].control == LW_CTRL_CONFEDERATE &&
		    lw_hex_owner_force(s, d->cities[c].hex) == LW_NOSIDE &&
		    d->cities[c].hex != lw_capital_hex(LW_CONFEDERATE)) {
			s->city[c].owner = LW_UNION;
			n--;
		}
}

static struct game *admin_game(int seed)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_CONFEDERATE;
	s->side[LW_CONFEDERATE].pc = 15;
	s->side[LW_UNION].pc = 20;
	return g;
}

static bool view_has(struct game *g, const char *role, const char *text)
{
	json_t *v = lincolns_war_module.view(g, role);
	char *t = json_dumps(v, JSON_COMPACT);
	bool has = strstr(t, text) != NULL;
	free(t);
	json_decref(v);
	return has;
}

static void test_purchase(void)
{
	struct game *g = admin_game(1);
	struct lw_state *s = &g->s;
	/* the Union holds fewer than five Confederate cities */
	CHECK(!tk_offers(g, "confederate", "Assassination Plot"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_assassination_plot\"}") != 0);
	CHECK(strstr(tk_err.message, "7.1.9") != NULL);
	give_union_cities(s, 5);
	CHECK(lw_plot_union_holds(s) >= 5);
	CHECK(tk_offers(g, "confederate", "Assassination Plot"));
	uint32_t logs = s->log_total;
	CHECKF(tk_act(g, "confederate", "{\"type\":\"buy_assassination_plot\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 12);
	CHECK_EQ_INT(s->pol.plot_bought, LW_CONFEDERATE);
	CHECK_EQ_INT(s->log_total, logs); /* no public line tells the Union */
	CHECK(view_has(g, "confederate", "\"plot_bought\":\"confederate\""));
	CHECK(!view_has(g, "union", "\"plot_bought\":\"confederate\""));
	CHECK(!view_has(g, "observer", "\"plot_bought\":\"confederate\""));
	/* once a turn; the Union may not buy it before a success */
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_assassination_plot\"}") != 0);
	s->phasing = LW_UNION;
	CHECK(tk_act(g, "union", "{\"type\":\"buy_assassination_plot\"}") != 0);
	/* 3 PC needed */
	s->pol.plot_bought = 0;
	s->phasing = LW_CONFEDERATE;
	s->side[LW_CONFEDERATE].pc = 2;
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_assassination_plot\"}") != 0);
	lincolns_war_module.free(g);
}

static void test_failure_and_success(void)
{
	struct game *g = admin_game(2);
	struct lw_state *s = &g->s;
	int wash = lw_capital_hex(LW_UNION);
	/* a plain CO in Washington (not the GiC) */
	int gic = s->side[LW_UNION].gic;
	int co = lw_force_co(s, wash);
	if (co == LW_NONE || co == gic) {
		co = tk_unit(g, "mcclellan") == gic ? tk_unit(g, "mcdowell")
		                                    : tk_unit(g, "mcclellan");
		if (s->unit[gic].hex == wash)
			tk_place(g, gic, tk_empty_hex(g, "PA", 0));
		tk_place(g, co, wash);
	}
	co = lw_force_co(s, wash);
	CHECK(co != LW_NONE && co != gic);
	int stars = s->unit[co].stars;

	/* a miss: "If the Confederate plot fails completely, the matter ends
	 * there and the card is removed from play" (7.1.9): nobody may buy it */
	s->pol.plot_bought = LW_CONFEDERATE;
	rig(s, 1, 1);
	CHECK(!lw_political_supply_phase(s));
	CHECK_EQ_INT(s->pol.plot_bought, 0);
	CHECK_EQ_INT(lw_plot_buyer(&s->pol), LW_NOSIDE);
	CHECK_EQ_INT(s->side[LW_UNION].president_killed, 0);
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_CONFEDERATE;
	give_union_cities(s, 5);
	CHECK(!tk_offers(g, "confederate", "Assassination Plot"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_assassination_plot\"}") != 0);
	CHECK(strstr(tk_err.message, "7.1.9") != NULL);
	s->phasing = LW_UNION;
	CHECK(!tk_offers(g, "union", "Assassination Plot"));
	s->phase = LW_PH_SUPPLY;
	int vp[LW_SIDE_SLOTS];
	lw_victory_points(s, vp);
	int cs_before = vp[LW_CONFEDERATE];

	/* (the card back in its box, to test the other outcomes) */
	s->pol.plot_stage = 0;

	/* Lincoln dies: a random discard, one card fewer, 3 VP; the CO lives */
	s->pol.plot_bought = LW_CONFEDERATE;
	tk_clear_hand(s, LW_UNION);
	tk_give_any(s, LW_UNION);
	tk_give_any(s, LW_UNION);
	int hand = lw_hand_size_for_turn(s, LW_UNION);
	rig_discard(s, 6, 1, 2);
	CHECK(!lw_political_supply_phase(s));
	CHECK_EQ_INT(s->side[LW_UNION].president_killed, 1);
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, 1);
	CHECK_EQ_INT(lw_hand_size_for_turn(s, LW_UNION), hand - 1);
	CHECK_EQ_INT(s->unit[co].where, LW_W_MAP);
	CHECK_EQ_INT(lw_plot_buyer(&s->pol), LW_UNION); /* 7.1.9: now the Union's */
	lw_victory_points(s, vp);
	CHECK_EQ_INT(vp[LW_CONFEDERATE], cs_before + 3);

	/* the Union's plot: no five-city condition, then the card is gone */
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_UNION;
	CHECK(tk_offers(g, "union", "Davis"));
	CHECK(!tk_offers(g, "confederate", "Assassination Plot"));
	CHECKF(tk_act(g, "union", "{\"type\":\"buy_assassination_plot\"}") == 0, "%s",
	       tk_err.message);
	CHECK(view_has(g, "confederate", "\"plot_bought\":\"union\"")); /* not secret */
	int rich = lw_capital_hex(LW_CONFEDERATE);
	int csco = lw_force_co(s, rich);
	rig(s, 1, 6);
	CHECK(!lw_political_supply_phase(s));
	CHECK_EQ_INT(lw_plot_buyer(&s->pol), LW_NOSIDE);
	if (csco != LW_NONE) {
		CHECK(s->unit[csco].where != LW_W_MAP);
		CHECK_EQ_INT(s->pol.co_vp[LW_UNION], 1);
	}
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].president_killed, 0);

	/* the CS plot kills the Washington CO: a TCO of equal stars replaces him */
	s->pol.plot_stage = 0;
	s->pol.plot_bought = LW_CONFEDERATE;
	rig(s, 1, 6);
	CHECK(!lw_political_supply_phase(s));
	CHECK_EQ_INT(s->unit[co].where, LW_W_DECEASED);
	int at[LW_MAX_UNITS], tcos = 0;
	int na = lw_units_at(s, wash, LW_UNION, at);
	for (int i = 0; i < na; i++)
		tcos += s->unit[at[i]].gen < 0 && s->unit[at[i]].stars == stars;
	CHECK_EQ_INT(tcos, 1);
	CHECK_EQ_INT(s->pol.co_vp[LW_CONFEDERATE], 1);
	lw_victory_points(s, vp);
	CHECK_EQ_INT(vp[LW_CONFEDERATE], cs_before + 3 + 1);
	lincolns_war_module.free(g);
}

/* 7.1.9.2: the GiC killed: a successor costs four PC, CSP make up the rest;
 * with fewer than four PC and CSP together the opponent wins at once. */
static void test_gic(void)
{
	for (int poor = 0; poor <= 1; poor++) {
		struct game *g = admin_game(3 + poor);
		struct lw_state *s = &g->s;
		int wash = lw_capital_hex(LW_UNION);
		int gic = s->side[LW_UNION].gic;
		int others[LW_MAX_UNITS];
		int n = lw_units_at(s, wash, LW_UNION, others);
		for (int i = 0; i < n; i++)
			tk_place(g, others[i], tk_empty_hex(g, "PA", 0));
		tk_place(g, gic, wash);
		CHECK_EQ_INT(lw_force_co(s, wash), gic);
		/* a two-star successor candidate: the 11.1.2.2 price is four */
		int heir = tk_unit(g, "mcclellan") == gic ? tk_unit(g, "halleck")
		                                          : tk_unit(g, "mcclellan");
		tk_place(g, heir, tk_empty_hex(g, "OH", 0));
		s->unit[heir].stars = 2;
		s->side[LW_UNION].pc = 1;
		s->side[LW_UNION].csp = poor ? 2 : 5;
		s->pol.plot_bought = LW_CONFEDERATE;
		rig(s, 1, 6);
		bool stop = lw_political_supply_phase(s);
		if (poor) {
			CHECK(stop);
			CHECK_EQ_INT(s->phase, LW_PH_OVER);
			CHECK_EQ_INT(s->winner, LW_CONFEDERATE);
			CHECK_EQ_INT(s->side[LW_UNION].pc + s->side[LW_UNION].csp, 0);
		} else {
			CHECK(!stop);
			CHECK(s->phase != LW_PH_OVER);
			CHECK_EQ_INT(s->unit[gic].where, LW_W_DECEASED);
			CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
			CHECK_EQ_INT(s->side[LW_UNION].csp, 2); /* 1 PC + 3 CSP paid */
			int t = lw_force_co(s, wash);
			CHECK(t != LW_NONE && s->unit[t].stars == 3); /* three-star TCO */
		}
		lincolns_war_module.free(g);
	}
}

/* 7.1.9.3: a success on the last turn lets the Union retaliate at once.
 * The plot is the Supply Phase's first step (3.6, 20.3): the rest of the
 * phase (here a lone Union general's 20.4 demotion for five IT) waits for
 * the Union's answer, then runs, and the game ends (21.3). */
static void test_last_turn(void)
{
	for (int mode = 0; mode < 3; mode++) {
		struct game *g = admin_game(10 + mode);
		struct lw_state *s = &g->s;
		s->turn = s->last_turn;
		s->side[LW_UNION].pc = mode == 2 ? 2 : 10;
		s->side[LW_UNION].eastern_done = 1; /* no 10.7.8.1 penalty */
		for (int u = 0; u < s->n_units; u++)
			s->unit[u].it = 0;
		int lone = tk_unit(g, "sykes");
		tk_place(g, lone, tk_empty_hex(g, "PA", 0));
		s->unit[lone].stars = 1;
		s->unit[lone].it = 5;
		s->pol.plot_bought = LW_CONFEDERATE;
		rig(s, 6, 1);
		uint32_t from = s->log_total;
		lw_end_operations(s, NULL);
		lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
		if (mode == 2) {      /* cannot pay: no retaliation, the phase runs on */
			CHECK_EQ_INT(s->pol.retaliation, 0);
			CHECK_EQ_INT(s->phase, LW_PH_OVER);
			CHECK_EQ_INT(s->unit[lone].where, LW_W_DISGRACED);
			lincolns_war_module.free(g);
			continue;
		}
		CHECK_EQ_INT(s->phase, LW_PH_SUPPLY);
		CHECK_EQ_INT(s->pol.retaliation, 1);
		CHECK_EQ_INT(s->command.supply_stage, LW_SS_PLOT);
		CHECK_EQ_INT(s->unit[lone].where, LW_W_MAP); /* 20.4 waits */
		struct game_status st;
		lincolns_war_module.status(g, &st);
		CHECK_EQ_INT(st.awaiting, LW_SIDE_BIT(LW_UNION));
		CHECK(tk_offers(g, "union", "7.1.9.3"));
		CHECK(tk_act(g, "confederate", "{\"type\":\"retaliate\"}") != 0);
		rig(s, 6, 1);
		CHECKF(tk_act(g, "union",
		              mode == 0 ? "{\"type\":\"retaliate\"}"
		                        : "{\"type\":\"no_retaliation\"}") == 0,
		       "%s", tk_err.message);
		CHECK_EQ_INT(s->phase, LW_PH_OVER); /* the game then ends (21.3) */
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].president_killed, mode == 0 ? 1 : 0);
		CHECK_EQ_INT(s->side[LW_UNION].pc, mode == 0 ? 7 : 10);
		CHECK_EQ_INT(s->unit[lone].where, LW_W_DISGRACED);
		/* the public log: the plot, the answer, then 20.4 */
		long answer = -1, demoted = -1, plot = -1;
		for (uint32_t k = from; k < s->log_total && k - from < LW_LOG_LINES; k++) {
			const char *l = s->log[k % LW_LOG_LINES];
			if (plot < 0 && strstr(l, "Assassination Plot (7.1.9.1)"))
				plot = (long)k;
			if (answer < 0 && strstr(l, "retaliate"))
				answer = (long)k;
			if (demoted < 0 && strstr(l, "demoted for its IT"))
				demoted = (long)k;
		}
		CHECKF(plot >= 0 && answer > plot && demoted > answer,
		       "plot %ld, answer %ld, 20.4 %ld", plot, answer, demoted);
		lincolns_war_module.free(g);
	}
}

/* 7.1.9: the plot aims at "the CO of a US force in Washington" ("of a
 * Confederate force in Richmond"). In a siege of the capital (16.9.5.2) the
 * besiegers stand on top of the besieged: the target is still the victim's
 * own force there, besieged or besieging, never the plotter's. */
static void test_capital_besieged(void)
{
	for (int mode = 0; mode < 3; mode++) {
		struct game *g = admin_game(30 + mode);
		struct lw_state *s = &g->s;
		/* mode 0: CS plot, Union besieged in Washington by the CS;
		 * mode 1: Union plot, CS besieged in Richmond by the Union;
		 * mode 2: CS plot, Washington CS-held, a Union force besieging it */
		int plotter = mode == 1 ? LW_UNION : LW_CONFEDERATE, victim = LW_OTHER(plotter);
		int cap = lw_capital_hex(victim);
		int others[LW_MAX_UNITS];
		for (int sd = LW_UNION; sd <= LW_CONFEDERATE; sd++) {
			int n = lw_units_at(s, cap, sd, others);
			for (int i = 0; i < n; i++)
				tk_place(g, others[i],
				         tk_empty_hex(g, sd == LW_UNION ? "PA" : "GA", 0));
		}
		const char *id = victim == LW_UNION ? "mcdowell" : "beauregard";
		if (tk_unit(g, id) == s->side[victim].gic)
			id = victim == LW_UNION ? "patterson" : "magruder";
		int target = tk_put(g, id, cap, 2, 0);
		int enemy = tk_put(g, victim == LW_UNION ? "jackson" : "sherman", cap, 2, 0);
		CHECK(s->side[victim].gic != target);
		int besieger = mode == 2 ? victim : plotter;
		if (mode == 2)
			s->city[lw_city_at(cap)].owner = (int8_t)plotter;
		s->amphib.sieges[0] = (struct lw_siege){.stage = LW_SG_ON,
		                                        .besieger = (int8_t)besieger,
		                                        .city_hex = (int16_t)cap,
		                                        .camp_hex = (int16_t)cap};
		CHECK_EQ_INT(lw_siege_top_side(s, cap), besieger);
		s->pol.plot_bought = (int8_t)plotter;
		rig(s, 1, 6);
		lw_political_supply_phase(s);
		CHECKF(s->unit[target].where == LW_W_DECEASED, "mode %d: the %s CO in the capital",
		       mode, lw_side_title(victim));
		CHECKF(s->unit[enemy].where == LW_W_MAP && s->unit[enemy].hex == cap,
		       "mode %d: the plotter's own general is no target", mode);
		CHECK_EQ_INT(s->pol.co_vp[plotter], 1);
		lincolns_war_module.free(g);
	}
}

/* Save and load keep the block; a hidden purchase survives the round trip. */
static void test_save(void)
{
	struct game *g = admin_game(20);
	g->s.pol.plot_bought = LW_CONFEDERATE;
	g->s.pol.president_vp[LW_CONFEDERATE] = 1;
	g->s.pol.plot_stage = 1;
	json_t *j = lincolns_war_module.save(g);
	struct game *h = lincolns_war_module.load(j, &tk_err);
	CHECK(h != NULL);
	if (h)
		CHECK(memcmp(&g->s.pol, &h->s.pol, sizeof g->s.pol) == 0);
	json_object_set_new(j, "political", json_pack("[i]", 7));
	CHECK(lincolns_war_module.load(j, &tk_err) == NULL);
	json_decref(j);
	lincolns_war_module.free(g);
	if (h)
		lincolns_war_module.free(h);
}

int main(void)
{
	test_purchase();
	test_failure_and_success();
	test_gic();
	test_last_turn();
	test_capital_besieged();
	test_save();
	return tap_done();
}
