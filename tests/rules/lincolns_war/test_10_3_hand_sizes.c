/* 10.3 / 10.5 / 10.7.9: the card draw fills each hand to the turn track's
 * size (Summer '61 6, Spring '62 7, Summer '62 8, Spring '63 8, Summer '63 8,
 * Spring '64 7, Summer '64 6); the 0 Resource card is not in it (it "does
 * not count towards hand size"); a retained card counts against the draw
 * (10.5's example: a card held at the end of Spring 1862 means seven drawn
 * for Summer 1862); the Committee card taken is drawn "in place of a normal
 * card draw" (10.7.9). Through act(): the Committee choice and, from the
 * second turn, the last-card choice of 10.7.3.1. */
#include "lw_testkit.h"

static const int sizes[7] = {6, 7, 8, 8, 8, 7, 6};

/* Puts the game at the draw of `turn` with `held` cards kept in each hand
 * and `committee` (Union pool) set; answers every draw prompt with
 * draw_last (or takes / leaves the Committee card). */
static void draw_turn(struct game *g, int turn, int held, bool committee, bool take)
{
	struct lw_state *s = &g->s;
	s->turn = (uint8_t)turn;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		tk_clear_hand(s, side);
		for (int i = 0; i < held; i++)
			tk_give_any(s, side);
		s->side[side].committee = 0;
		s->side[side].committee_hand = 0;
	}
	s->side[LW_UNION].committee = committee ? 1 : 0;
	s->rail.done_turn = (uint8_t)(s->turn + 1); /* 3.4: the Rail Phase is over */
	struct game_outcome out = {0};
	lw_begin_draw(s, &out);
	for (int guard = 0; guard < 6 && s->phase == LW_PH_DRAW; guard++)
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			const char *role = lw_side_name(side);
			if (s->side[side].draw_stage == 0)
				CHECKF(tk_act(g, role,
				              take
				                  ? "{\"type\":\"committee\",\"take\":true}"
				                  : "{\"type\":\"committee\",\"take\":false}") == 0,
				       "%s", tk_err.message);
			else if (s->side[side].draw_stage == 1)
				CHECKF(tk_act(g, role, "{\"type\":\"draw_last\"}") == 0, "%s",
				       tk_err.message);
		}
}

int main(void)
{
	struct game *g = tk_new("campaign", 33);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_advance_to(g, LW_PH_OPS);
	for (int t = 0; t < 7; t++) {
		CHECK_EQ_INT(lw_D()->turns[t].hand_size, sizes[t]);
		draw_turn(g, t, 0, false, false);
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			CHECKF(s->side[side].cards.hand_n == sizes[t], "turn %d side %d: %d cards",
			       t, side, s->side[side].cards.hand_n);
			CHECK(lw_hand_find(s, side, LW_CARD_ZERO_RESOURCE) < 0);
		}
		CHECK_EQ_INT(s->phase, LW_PH_OPS);
	}
	/* 10.5: one card held from Spring 1862 into Summer 1862: seven drawn */
	draw_turn(g, 2, 1, false, false);
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		CHECK_EQ_INT(s->side[side].cards.hand_n, 8);
	/* 10.7.9: the Committee card taken replaces one draw (Summer 1862) */
	draw_turn(g, 2, 0, true, true);
	CHECK_EQ_INT(s->side[LW_UNION].committee_hand, 1);
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, 7);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.hand_n, 8);
	/* left in the pool, a full draw */
	draw_turn(g, 2, 0, true, false);
	CHECK_EQ_INT(s->side[LW_UNION].committee_hand, 0);
	CHECK_EQ_INT(s->side[LW_UNION].committee, 1);
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, 8);
	lincolns_war_module.free(g);
	return tap_done();
}
