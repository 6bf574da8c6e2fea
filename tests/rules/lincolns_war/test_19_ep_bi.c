/* test_19_ep_bi.c — 19.0: the Emancipation Proclamation (19.1) and British
 * Intervention (19.2): the turn track's PC leads (10..4 and 7..10), the
 * triggering defeats (two/three-star CS CO with six stars; three-star Union
 * CO with a Major Defeat, a Rout or a retreat before battle; early BI North
 * of the border or with Washington taken), every effect (2 PC and a free
 * promotion, Hincks next turn, the reshuffle, no BI after the EP; 5 PC, the
 * card exchange, +3 PC a turn) and the 21.3 rows each one removes.
 * 19.2 "can be declared by the Confederate player": a trigger asks him
 * (bi_declare / bi_decline); declining leaves no BI and the next trigger
 * asks again (test_19_2_british_intervention_prompt); the exchange shows
 * the Union no card. */
#include "lw_testkit.h"

static struct game *ops_game(int seed, int turn)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	tk_goto_ops(g, turn, LW_UNION);
	return g;
}

/* A finished battle: `loser` lost with a CO of co_stars and stars in all. */
static void lost_battle(struct lw_state *s, int loser, int co_stars, int stars, int result,
                        int rout, int loser_hex)
{
	int w = LW_OTHER(loser);
	s->battle.att_hex = (int16_t)loser_hex;
	s->battle.def_hex = (int16_t)loser_hex;
	lw_political_note_battle(s, w, 3, 9, loser, co_stars, stars);
	s->battle.active = 0;
	s->battle.winner = (int8_t)w;
	s->battle.result = (uint8_t)result;
	s->battle.rout = (uint8_t)rout;
	lw_political_settle(s);
}

/* 19.2: the Confederate is asked; he answers `type` through act(). */
static void answer_bi(struct game *g, const char *type)
{
	CHECK_EQ_INT(g->s.pol.bi_offer, 1);
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_CONFEDERATE));
	char a[64];
	snprintf(a, sizeof a, "{\"type\":\"%s\"}", type);
	CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(g->s.pol.bi_offer, 0);
}

static void set_pc(struct lw_state *s, int us, int cs)
{
	s->side[LW_UNION].pc = (int16_t)us;
	s->side[LW_CONFEDERATE].pc = (int16_t)cs;
}

static void test_track(void)
{
	static const int ep[7] = {10, 9, 8, 7, 6, 5, 4};
	static const int bi[7] = {-1, -1, -1, 7, 8, 9, 10};
	struct game *g = ops_game(1, 0); /* loads the data */
	for (int t = 0; t < 7; t++) {
		CHECK_EQ_INT(lw_D()->turns[t].ep_union_lead, ep[t]);
		CHECK_EQ_INT(lw_D()->turns[t].bi_cs_lead, bi[t]);
	}
	lincolns_war_module.free(g);
}

/* An empty hex of `state` in a fresh game. */
static int empty_hex(const char *state)
{
	struct game *g = ops_game(1, 0);
	int hex = tk_empty_hex(g, state, 0);
	lincolns_war_module.free(g);
	return hex;
}

static void test_ep(void)
{
	int hex = empty_hex("TN");
	for (int t = 0; t < 7; t++) {
		int need = lw_D()->turns[t].ep_union_lead;
		for (int lead = need - 1; lead <= need; lead++) {
			struct game *g = ops_game(2 + t, t);
			struct lw_state *s = &g->s;
			set_pc(s, 15 + lead, 15);
			/* too small a CO, too small a force, a stand-off: nothing */
			lost_battle(s, LW_CONFEDERATE, 1, 8, 1, 0, hex);
			lost_battle(s, LW_CONFEDERATE, 2, 5, 1, 0, hex);
			CHECK_EQ_INT(s->pol.ep, 0);
			lost_battle(s, LW_CONFEDERATE, 2, 6, 1, 0, hex);
			CHECKF(s->pol.ep == (lead >= need), "turn %d lead %d", t, lead);
			lincolns_war_module.free(g);
		}
	}
}

static void test_ep_effects(void)
{
	struct game *g = ops_game(20, 2);
	struct lw_state *s = &g->s;
	int h = tk_unit(g, "hincks");
	CHECK_EQ_INT(s->unit[h].where, LW_W_REMOVED); /* 5.0: set aside */
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_cards *c = &s->side[side].cards;
		for (int i = 0; i < 3 && c->draw_n > 0; i++)
			c->discard[c->discard_n++] = c->draw[--c->draw_n];
	}
	int deck[3] = {0};
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		deck[side] = s->side[side].cards.draw_n + s->side[side].cards.discard_n;
	int vp0[LW_SIDE_SLOTS], vp1[LW_SIDE_SLOTS];
	set_pc(s, 30, 10);
	/* a successful withdrawal before battle triggers it too */
	int hex = tk_empty_hex(g, "TN", 0);
	int lee = tk_unit(g, "lee"), jj = tk_unit(g, "jackson");
	tk_place(g, lee, hex);
	tk_place(g, jj, hex);
	s->unit[lee].stars = 3;
	s->unit[jj].stars = 3;
	lw_political_note_withdrawal(s, LW_CONFEDERATE, hex);
	s->battle.active = 0;
	lw_political_settle(s);
	CHECK_EQ_INT(s->pol.ep, 1);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 12);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 30); /* no PC for the Union */
	CHECK_EQ_INT(s->unit[h].where, LW_W_PENDING);
	CHECK_EQ_INT(s->unit[h].arrive_turn, 3);
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		CHECK_EQ_INT(s->side[side].cards.discard_n, 0);
		CHECK_EQ_INT(s->side[side].cards.draw_n, deck[side]);
	}
	lw_victory_points(s, vp1);
	s->pol.ep = 0;
	lw_victory_points(s, vp0);
	s->pol.ep = 1;
	CHECK_EQ_INT(vp1[LW_CONFEDERATE], vp0[LW_CONFEDERATE] - 3); /* the "No EP" row */
	/* the free promotion is asked of the Confederate before anything else */
	struct game_status st;
	lincolns_war_module.status(g, &st);
	CHECK_EQ_INT(st.awaiting, LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK(tk_offers(g, "confederate", "19.1"));
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	CHECK(tk_act(g, "confederate", "{\"type\":\"ep_promotion\",\"general\":\"lee\"}") != 0);
	s->unit[jj].stars = 1;
	CHECKF(tk_act(g, "confederate", "{\"type\":\"ep_promotion\",\"general\":\"jackson\"}") == 0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[jj].stars, 2);
	CHECK_EQ_INT(s->pol.ep_promotion, 0);
	/* 19.1 step 2: British Intervention is no longer possible */
	s->turn = 4;
	set_pc(s, 0, 30);
	lost_battle(s, LW_UNION, 3, 9, 2, 1, hex);
	CHECK_EQ_INT(s->pol.bi, 0);
	CHECK_EQ_INT(s->pol.bi_offer, 0); /* not even offered */
	lincolns_war_module.free(g);
}

static void test_bi(void)
{
	int south = empty_hex("TN");
	int north = empty_hex("PA");
	/* before Spring 1863: only a major defeat / withdrawal North, or Washington */
	struct game *g = ops_game(31, 2);
	struct lw_state *s = &g->s;
	set_pc(s, 10, 40);
	lost_battle(s, LW_UNION, 3, 9, 2, 0, south);
	lost_battle(s, LW_UNION, 3, 9, 1, 0, north); /* a minor defeat: not early */
	lost_battle(s, LW_UNION, 2, 9, 2, 0, north); /* two-star CO */
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	CHECK_EQ_INT(s->pol.bi, 0);
	set_pc(s, 40, 10); /* no lead needed */
	lost_battle(s, LW_UNION, 3, 9, 2, 0, north);
	CHECK_EQ_INT(s->pol.bi_offer, 1);
	answer_bi(g, "bi_declare");
	CHECK_EQ_INT(s->pol.bi, 1);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 15);
	lincolns_war_module.free(g);

	/* Washington in Confederate hands */
	g = ops_game(32, 1);
	s = &g->s;
	int w = lw_city_at(lw_capital_hex(LW_UNION));
	int at[LW_MAX_UNITS];
	int n = lw_units_at(s, lw_capital_hex(LW_UNION), LW_UNION, at);
	for (int i = 0; i < n; i++)
		tk_place(g, at[i], north);
	s->city[w].owner = LW_CONFEDERATE;
	lw_political_settle(s);
	answer_bi(g, "bi_declare");
	CHECK_EQ_INT(s->pol.bi, 1);
	lincolns_war_module.free(g);

	/* from Spring 1863: Major Defeat, Rout or withdrawal with the lead */
	for (int t = 3; t < 7; t++) {
		int need = lw_D()->turns[t].bi_cs_lead;
		g = ops_game(40 + t, t);
		s = &g->s;
		set_pc(s, 10, 10 + need - 1);
		lost_battle(s, LW_UNION, 3, 9, 2, 0, south);
		CHECK_EQ_INT(s->pol.bi_offer, 0);
		set_pc(s, 10, 10 + need);
		lost_battle(s, LW_UNION, 3, 9, 1, 0, south); /* a minor defeat: no */
		CHECK_EQ_INT(s->pol.bi_offer, 0);
		lost_battle(s, LW_UNION, 3, 9, 1, 1, south); /* a rout */
		CHECKF(s->pol.bi_offer == 1, "turn %d", t);
		answer_bi(g, "bi_declare");
		CHECKF(s->pol.bi == 1, "turn %d", t);
		lincolns_war_module.free(g);
	}
}

static void test_bi_effects(void)
{
	struct game *g = ops_game(50, 4);
	struct lw_state *s = &g->s;
	struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give_any(s, LW_CONFEDERATE);
	int give = c->hand[0];
	int take = c->draw[0];
	tk_remove_everywhere(s, LW_CONFEDERATE, take);
	c->discard[c->discard_n++] = (uint8_t)take;
	int vp0[LW_SIDE_SLOTS], vp1[LW_SIDE_SLOTS];
	set_pc(s, 10, 20);
	lw_political_declare_bi(s);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 25);
	lw_victory_points(s, vp1);
	s->pol.bi = 0;
	lw_victory_points(s, vp0);
	s->pol.bi = 1;
	CHECK_EQ_INT(vp1[LW_UNION], vp0[LW_UNION] - 3); /* no "Prevent BI" */
	struct game_status st;
	lincolns_war_module.status(g, &st);
	CHECK_EQ_INT(st.awaiting, LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK(tk_offers(g, "confederate", "Keep your hand"));
	char a[128];
	snprintf(a, sizeof a, "{\"type\":\"bi_swap\",\"give\":%d,\"take\":%d}", take, give);
	CHECK(tk_act(g, "confederate", a) != 0); /* the wrong way round */
	snprintf(a, sizeof a, "{\"type\":\"bi_swap\",\"give\":%d,\"take\":%d}", give, take);
	CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);
	CHECK(lw_hand_find(s, LW_CONFEDERATE, take) >= 0);
	CHECK(lw_hand_find(s, LW_CONFEDERATE, give) < 0);
	CHECK_EQ_INT(c->discard[c->discard_n - 1], give);
	CHECK_EQ_INT(s->pol.bi_swap, 0);
	/* +3 PC at the beginning of every later turn */
	int pc = s->side[LW_CONFEDERATE].pc;
	lw_political_begin_turn(s);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc + 3);
	/* an EP after BI is still possible (19.1 does not forbid it) */
	set_pc(s, 40, 10);
	lost_battle(s, LW_CONFEDERATE, 3, 6, 1, 0, tk_empty_hex(g, "TN", 0));
	CHECK_EQ_INT(s->pol.ep, 1);
	lincolns_war_module.free(g);
}

/* 19.2 "British Intervention can be declared by the Confederate player":
 * the trigger asks him; declining leaves no BI, no PC and no exchange, and
 * the next trigger (a new defeat, a new capture of Washington) asks again. */
static void test_19_2_british_intervention_prompt(void)
{
	int south = empty_hex("TN");
	int north = empty_hex("PA");
	struct game *g = ops_game(60, 4);
	struct lw_state *s = &g->s;
	tk_give_any(s, LW_CONFEDERATE);
	struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	if (c->discard_n == 0 && c->draw_n > 0)
		c->discard[c->discard_n++] = c->draw[--c->draw_n];
	int need = lw_D()->turns[4].bi_cs_lead;
	unsigned play = tk_awaiting(g);
	set_pc(s, 10, 10 + need);
	lost_battle(s, LW_UNION, 3, 9, 2, 0, south);
	CHECK_EQ_INT(s->pol.bi, 0); /* nothing is declared for him */
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 10 + need);
	CHECK(tk_offers(g, "confederate", "Declare British Intervention (19.2): +5 PC now"));
	CHECK(tk_offers(g, "confederate", "Do not declare"));
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0); /* the Confederate decides */
	CHECK(tk_act(g, "confederate", "{\"type\":\"bi_keep\"}") != 0);
	answer_bi(g, "bi_decline");
	CHECK_EQ_INT(s->pol.bi, 0);
	CHECK_EQ_INT(s->pol.bi_swap, 0);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 10 + need);
	int vp[LW_SIDE_SLOTS], vp_bi[LW_SIDE_SLOTS];
	lw_victory_points(s, vp);
	/* the play goes on: the Union plays his card again */
	CHECK_EQ_INT(tk_awaiting(g), play);
	/* no new trigger, nothing asked */
	s->battle.active = 0;
	lw_political_settle(s);
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	/* a new Major Defeat asks again; this time he declares */
	lost_battle(s, LW_UNION, 3, 9, 2, 0, north);
	answer_bi(g, "bi_declare");
	CHECK_EQ_INT(s->pol.bi, 1);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 10 + need + 5);
	lw_victory_points(s, vp_bi);
	CHECK_EQ_INT(vp_bi[LW_UNION], vp[LW_UNION] - 3);
	/* then the exchange (19.2 RESULTS) is asked, his choice */
	CHECK_EQ_INT(s->pol.bi_swap, 1);
	CHECK(tk_offers(g, "confederate", "Keep your hand (19.2)"));
	CHECKF(tk_act(g, "confederate", "{\"type\":\"bi_keep\"}") == 0, "%s", tk_err.message);
	/* BI once declared is not offered again */
	lost_battle(s, LW_UNION, 3, 9, 2, 0, north);
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	lincolns_war_module.free(g);

	/* Washington: each capture is a trigger; a refusal holds while the city
	 * stays Confederate */
	g = ops_game(61, 1);
	s = &g->s;
	int w = lw_city_at(lw_capital_hex(LW_UNION));
	int at[LW_MAX_UNITS];
	int n = lw_units_at(s, lw_capital_hex(LW_UNION), LW_UNION, at);
	for (int i = 0; i < n; i++)
		tk_place(g, at[i], north);
	s->city[w].owner = LW_CONFEDERATE;
	lw_political_settle(s);
	answer_bi(g, "bi_decline");
	lw_political_settle(s);
	CHECK_EQ_INT(s->pol.bi_offer, 0); /* still the same capture */
	s->city[w].owner = LW_UNION;
	lw_political_settle(s);
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	s->city[w].owner = LW_CONFEDERATE; /* taken again */
	lw_political_settle(s);
	answer_bi(g, "bi_declare");
	CHECK_EQ_INT(s->pol.bi, 1);
	/* the pending question survives save/load */
	lincolns_war_module.free(g);
	g = ops_game(62, 4);
	s = &g->s;
	set_pc(s, 10, 40);
	lost_battle(s, LW_UNION, 3, 9, 2, 0, south);
	json_t *j = lincolns_war_module.save(g);
	struct game *h = lincolns_war_module.load(j, &tk_err);
	json_decref(j);
	if (CHECKF(h != NULL, "%s", tk_err.message)) {
		CHECK_EQ_INT(h->s.pol.bi_offer, 1);
		CHECK(memcmp(&h->s.pol, &s->pol, sizeof s->pol) == 0);
		lincolns_war_module.free(h);
	}
	lincolns_war_module.free(g);
}

/* 19.2 RESULTS "replace any one card in his hand with a new card chosen
 * from his discard pile": his hand and discards are hidden (lw_view.c), so
 * two different exchanges leave the Union's view byte for byte the same. */
static void test_bi_swap_hidden(void)
{
	char *seen[2] = {NULL, NULL};
	for (int k = 0; k < 2; k++) {
		struct game *g = ops_game(70, 4);
		struct lw_state *s = &g->s;
		struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
		tk_clear_hand(s, LW_CONFEDERATE);
		tk_give_any(s, LW_CONFEDERATE);
		tk_give_any(s, LW_CONFEDERATE);
		c->discard_n = 0;
		for (int i = 0; i < 2; i++)
			c->discard[c->discard_n++] = c->draw[--c->draw_n];
		set_pc(s, 10, 40);
		lost_battle(s, LW_UNION, 3, 9, 2, 0, empty_hex("TN"));
		answer_bi(g, "bi_declare");
		char a[128];
		snprintf(a, sizeof a, "{\"type\":\"bi_swap\",\"give\":%d,\"take\":%d}", c->hand[k],
		         c->discard[k]);
		CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);
		json_t *v = lincolns_war_module.view(g, "union");
		seen[k] = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
		json_decref(v);
		lincolns_war_module.free(g);
	}
	CHECK(seen[0] && seen[1] && strcmp(seen[0], seen[1]) == 0);
	free(seen[0]);
	free(seen[1]);
}

int main(void)
{
	test_track();
	test_ep();
	test_ep_effects();
	test_bi();
	test_bi_effects();
	test_19_2_british_intervention_prompt();
	test_bi_swap_hidden();
	return tap_done();
}
