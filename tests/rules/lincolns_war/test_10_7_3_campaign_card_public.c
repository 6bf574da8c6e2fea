/* 10.7.3.1: from the second turn a player may draw all but one card and
 * take a Special Campaign card as his last; the choice is revealed to the
 * opponent (the view shows it), while his other cards stay hidden. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 130);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	s->turn = 1;
	tk_clear_hand(s, LW_UNION);
	tk_clear_hand(s, LW_CONFEDERATE);
	s->side[LW_UNION].committee = 0;
	lw_begin_draw(s, NULL);
	tk_advance_to(g, LW_PH_DRAW); /* a rail phase may come first (9.0) */
	CHECK_EQ_INT(s->phase, LW_PH_DRAW);
	int hand = lw_hand_size_for_turn(s, LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.hand_n, hand - 1);
	CHECK(tk_offers(g, "confederate", "Take Special Campaign card"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"take_campaign\",\"card\":57}") != 0);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"take_campaign\",\"card\":60}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.hand_n, hand);
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *cs =
	    json_object_get(json_object_get(json_object_get(v, "board"), "players"), "confederate");
	CHECK_EQ_INT(
	    json_integer_value(json_object_get(json_object_get(cs, "campaign_card"), "number")),
	    60);
	CHECK(json_object_get(cs, "hand") == NULL); /* the rest of his hand is hidden */
	json_decref(v);
	/* the Union draws his whole hand (he also had the choice) */
	CHECKF(tk_act(g, "union", "{\"type\":\"draw_last\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->phase, LW_PH_OPS);
	/* 10.5: an unplayed campaign card goes back to the pool at the end */
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK(lw_out_has(s, LW_CONFEDERATE, 60));
	lincolns_war_module.free(g);
	return tap_done();
}
