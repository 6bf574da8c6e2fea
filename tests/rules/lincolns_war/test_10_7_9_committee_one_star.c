/* 10.7.9: the Confederate's Committee card forces "the demotion of either a
 * two-star or a three-star Union CO that lost a battle to a CS one-star CO
 * during the same turn". The battle remembers who beat whom: McDowell (two
 * stars) beaten by one-star Johnston qualifies, beaten by two-star Johnston
 * he does not; the memory ends with the turn. */
#include "lw_land_fixture.h"

static bool battle(int cs_stars, int turn_after)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return false;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return false;
	int mcdowell = fx_place(s, "mcdowell", x, 2);
	fx_place(s, "je_johnston", y, cs_stars);
	s->side[LW_CONFEDERATE].csp = 1;
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	lw_march_begin(s, mcdowell, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	ACT_OK(s, LW_UNION, a);
	if (s->step == LW_ST_WITHDRAW)
		ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	ACT_OK(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":1}");
	CHECK_EQ_INT(s->battle.winner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->unit[mcdowell].where, LW_W_MAP);
	CHECK(s->unit[mcdowell].flags & LW_UF_LOST_BATTLE);
	s->turn = (uint8_t)(s->turn + turn_after);
	bool q = lw_command_lost_to_one_star(s, mcdowell);
	free(s);
	return q;
}

int main(void)
{
	CHECK(battle(1, 0));  /* beaten by a one-star CO: the card may demote him */
	CHECK(!battle(2, 0)); /* by a two-star: it may not */
	CHECK(!battle(1, 1)); /* "during the same turn" only */
	return tap_done();
}
