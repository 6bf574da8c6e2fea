/* 16.1.1 Bids, a simultaneous secret choice (game.h): "Each player writes
 * down a secret bid. The bids are revealed simultaneously and the player
 * with the larger bid plays the preferred side. The other player puts
 * Replacement Points on the Record Track equal to his opponent's bid. If
 * both bids are the same, determine sides with both players making a dr.
 * The player with the high die roll receives the preferred side, while the
 * player with the low die roll plays the other side with the tied bid being
 * marked as Replacement Points marked on the Record Track of the loser."
 *
 * The hidden-information test is differential, on the bytes each view
 * serializes to: two matches that differ only in the bid the union seat
 * wrote give the confederate seat and the observer the same bytes, while
 * the union seat sees its own bid. */
#include "boal_module_testkit.h"

static struct game *bid_game(int union_bid)
{
	struct game *g = bm_new(5, "{\"bidding\":true}");
	bm_do(g, "union", json_pack("{s:s,s:i}", "type", "bid", "rp", union_bid));
	return g;
}

static int same_view(const struct game *a, const struct game *b, const char *role)
{
	char *x = bm_view_text(a, role), *y = bm_view_text(b, role);
	int same = strcmp(x, y) == 0;
	free(x);
	free(y);
	return same;
}

int main(void)
{
	/* before any bid both seats are awaited at once, and no game has begun */
	struct game *g = bm_new(5, "{\"bidding\":true}");
	struct game_status st;
	BM->status(g, &st);
	CHECK_EQ_INT((int)st.awaiting, 3);
	CHECK_EQ_INT(g->s.phase, BOAL_DAWN);
	CHECK_EQ_INT(g->s.step, BOAL_STEP_BID);
	BM->free(g);

	/* hidden: a written bid is in no view but its writer's */
	struct game *a = bid_game(3), *b = bid_game(11);
	CHECK(same_view(a, b, "confederate"));
	CHECK(same_view(a, b, "observer"));
	CHECK(!same_view(a, b, "union"));
	char *cv = bm_view_text(a, "confederate");
	CHECK(strstr(cv, "\"yours\"") == NULL);
	CHECK(strstr(cv, "\"bids\"") == NULL);
	free(cv);
	char *uv = bm_view_text(a, "union");
	CHECK(strstr(uv, "\"yours\":3") != NULL);
	free(uv);
	/* the writer is no longer awaited, the other seat is */
	BM->status(a, &st);
	CHECK_EQ_INT((int)st.awaiting, 2);
	struct tg_error err = {{0}, {0}};
	json_t *again = json_pack("{s:s,s:i}", "type", "bid", "rp", 1);
	CHECK(BM->act(a, "union", again, NULL, &err) == -1);
	CHECK_EQ_STR(err.code, TG_E_NOT_YOUR_TURN);
	json_decref(again);
	/* a bid beyond the Record Track is refused with the rule */
	json_t *big = json_pack("{s:s,s:i}", "type", "bid", "rp", 100);
	CHECK(BM->act(a, "confederate", big, NULL, &err) == -1);
	CHECK(strstr(err.message, "16.1.1") != NULL);
	json_decref(big);

	/* revealed together: the larger bid (confederate seat, 5 > 3) plays the
	 * preferred side (the Confederate: no exchange); the Union receives 5 */
	struct game_outcome out = {0};
	json_t *five = json_pack("{s:s,s:i}", "type", "bid", "rp", 5);
	CHECK_EQ_INT(BM->act(a, "confederate", five, &out, &err), 0);
	json_decref(five);
	CHECK(out.barrier);
	CHECK(a->s.bid_revealed && !a->s.swapped);
	CHECK_EQ_INT(a->s.reserve[BOAL_UNION], 5);
	CHECK_EQ_INT(a->s.reserve[BOAL_CONFEDERATE], 0);
	char *ov = bm_view_text(a, "observer");
	CHECK(strstr(ov, "\"bids\":{\"union\":3,\"confederate\":5}") != NULL);
	free(ov);
	CHECK(a->s.step != BOAL_STEP_BID); /* the game has begun */

	/* the union seat outbids (11 > 2): it plays the Confederate side, the
	 * confederate seat the Union with 11 Replacement Points */
	bm_do(b, "confederate", json_pack("{s:s,s:i}", "type", "bid", "rp", 2));
	CHECK(b->s.swapped);
	CHECK_EQ_INT(boal_seat_side(&b->s, 0), BOAL_CONFEDERATE);
	CHECK_EQ_INT(b->s.reserve[BOAL_UNION], 11);
	char *tv = bm_view_text(b, "union");
	CHECK(strstr(tv, "\"sides\":{\"union\":\"confederate\",\"confederate\":\"union\"}") !=
	      NULL);
	free(tv);
	/* and the seat playing the Confederate answers the Confederate's
	 * questions: on turn 1 none at Dawn; the first Impulse is the
	 * Confederate's (6.3), so the union seat is the one the Impulse waits on */
	CHECK_EQ_INT(b->s.active, BOAL_CONFEDERATE);
	CHECK_EQ_INT(boal_side_seat(&b->s, b->s.active), 0);
	BM->free(a);
	BM->free(b);

	/* a tie: the drs decide, the loser receives the tied bid; for the Union
	 * side as the preferred one */
	int ties = 0;
	for (uint8_t seed = 1; seed < 40; seed++) {
		struct game *t = bm_new(seed, "{\"bidding\":true,\"bid_for_union\":true}");
		bm_do(t, "union", json_pack("{s:s,s:i}", "type", "bid", "rp", 6));
		bm_do(t, "confederate", json_pack("{s:s,s:i}", "type", "bid", "rp", 6));
		int d0 = t->s.bid_dr[0], d1 = t->s.bid_dr[1];
		CHECK(d0 >= 1 && d0 <= 6 && d1 >= 1 && d1 <= 6 && d0 != d1);
		int winner_seat = d0 > d1 ? 0 : 1;
		CHECK_EQ_INT(boal_seat_side(&t->s, winner_seat), BOAL_UNION);
		CHECK_EQ_INT(t->s.reserve[BOAL_CONFEDERATE], 6);
		CHECK_EQ_INT(t->s.reserve[BOAL_UNION], 0);
		ties += t->s.swapped; /* the confederate seat won the Union side */
		BM->free(t);
	}
	CHECK(ties > 0 && ties < 39); /* both outcomes happen */
	return tap_done();
}
