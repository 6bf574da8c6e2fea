/* 10.7.3.1: "Each Turn a player may draw one fewer card than his maximum,
 * look at them, and then decide to take the Campaign Card of his choice
 * from the pool as his final card draw ... Neither player may use a
 * campaign card in Summer 1861. The Confederate player may not use a
 * campaign card in Summer 1864." Through the draw:
 *  - Summer 1861: both draw their whole hand at once, no choice offered;
 *  - Summer 1864: the Confederate draws his whole hand, is offered no
 *    campaign card and cannot take one; the Union draws one fewer and
 *    chooses;
 *  - a campaign card a Confederate would still hold in Summer 1864 cannot
 *    be played (the refusal cites the rule); the Union's can. */
#include "lw_testkit.h"

static struct game *draw_turn(int seed, int turn)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	s->turn = (uint8_t)turn;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		tk_clear_hand(s, side);
		s->side[side].committee = 0;
		s->side[side].pc = 12;
	}
	lw_begin_draw(s, NULL);
	tk_advance_to(g, LW_PH_DRAW); /* a rail phase may come first (9.0) */
	return g;
}

int main(void)
{
	/* Summer 1861: no choice at all, the card play begins */
	struct game *g = draw_turn(131, 0);
	struct lw_state *s = &g->s;
	CHECKF(!lw_D()->turns[0].spring && lw_D()->turns[0].year == 1861, "turn 0 is %s",
	       lw_D()->turns[0].name);
	CHECK(s->phase != LW_PH_DRAW);
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		CHECK_EQ_INT(s->side[side].cards.hand_n, lw_hand_size_for_turn(s, side));
		CHECK_EQ_INT(s->side[side].campaign_card, 0);
	}
	lincolns_war_module.free(g);

	/* Summer 1864 */
	int su64 = -1;
	for (int t = 0; t < 7; t++)
		if (lw_D()->turns[t].year == 1864 && !lw_D()->turns[t].spring)
			su64 = t;
	if (!CHECK(su64 > 0))
		return tap_done();
	g = draw_turn(132, su64);
	s = &g->s;
	CHECK_EQ_INT(s->phase, LW_PH_DRAW);
	int cs_hand = lw_hand_size_for_turn(s, LW_CONFEDERATE);
	int us_hand = lw_hand_size_for_turn(s, LW_UNION);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.hand_n, cs_hand);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].draw_stage, 2);
	CHECK(!tk_offers(g, "confederate", "Take Special Campaign card"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"take_campaign\",\"card\":60}") != 0);
	CHECK(lw_hand_find(s, LW_CONFEDERATE, 60) < 0);
	/* the Union: one fewer, then his choice */
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, us_hand - 1);
	CHECK(tk_offers(g, "union", "Take Special Campaign card"));
	CHECKF(tk_act(g, "union", "{\"type\":\"take_campaign\",\"card\":58}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, us_hand);
	CHECK_EQ_INT(s->side[LW_UNION].campaign_card, 58);
	CHECK(s->phase != LW_PH_DRAW);

	/* a Confederate campaign card in hand in Summer 1864 is not played */
	tk_goto_ops(g, su64, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, 60);
	CHECK(!tk_offers(g, "confederate", "Play campaign card 60"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"play\",\"card\":60,\"use\":\"campaign\"}") !=
	      0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "Summer 1864"), "%s",
	       tk_err.message);
	/* the Union's is */
	tk_goto_ops(g, su64, LW_UNION);
	CHECK(tk_offers(g, "union", "Play campaign card 58"));
	CHECKF(tk_act(g, "union", "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}") == 0,
	       "%s", tk_err.message);
	lincolns_war_module.free(g);
	return tap_done();
}
