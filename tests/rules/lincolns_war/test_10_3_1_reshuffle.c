/* 10.3.1: "When a player draws the last card from his deck, he must
 * immediately shuffle his deck (including discards) before drawing new
 * cards": the discards become the new deck, shuffled, the moment the last
 * card is drawn, and the next draw comes from them. */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	/* put every card of the deck but one on the discard pile */
	int last = c->draw[0];
	uint8_t before[LW_DECK_CARDS];
	int n = 0;
	for (int i = 1; i < c->draw_n; i++)
		before[n++] = c->draw[i];
	for (int i = 0; i < c->discard_n; i++)
		before[n++] = c->discard[i];
	memcpy(c->discard, before, (size_t)n);
	c->discard_n = (uint8_t)n;
	memset(c->draw, 0, sizeof c->draw);
	c->draw[0] = (uint8_t)last;
	c->draw_n = 1;
	if (!CHECK(n >= 10))
		return tap_done();
	int hand = c->hand_n, other_draw = s->side[LW_UNION].cards.draw_n;

	/* the last card is drawn: the discards are shuffled into a new deck at once */
	int drawn = lw_draw_card(s, LW_CONFEDERATE);
	CHECK_EQ_INT(drawn, last);
	CHECK_EQ_INT(c->draw_n, n);
	CHECK_EQ_INT(c->discard_n, 0);
	int seen[LW_DECK_CARDS + 1] = {0}, same_place = 0;
	for (int i = 0; i < c->draw_n; i++) {
		seen[c->draw[i]]++;
		same_place += c->draw[i] == before[i];
	}
	int all = 1;
	for (int i = 0; i < n; i++)
		all &= seen[before[i]] == 1;
	CHECKF(all, "the new deck holds exactly the former discards");
	CHECKF(same_place < n, "the new deck is shuffled, not the discard pile in order");
	CHECK_EQ_INT(c->hand_n, hand);
	CHECK_EQ_INT(s->side[LW_UNION].cards.draw_n, other_draw); /* only his own deck */
	/* the next draw into the hand takes the top of the new deck */
	int top = c->draw[c->draw_n - 1];
	CHECK(lw_draw_to_hand(s, LW_CONFEDERATE));
	CHECK_EQ_INT(c->hand[c->hand_n - 1], top);
	CHECK_EQ_INT(c->draw_n, n - 1);
	free(s);
	return tap_done();
}
