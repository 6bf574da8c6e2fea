/* 10.7.1 Resources: a card with the green ribbon is a combat resource;
 * about 20% of each deck; a player uses no more than one resource card in a
 * combat (one face-down Resource card, 16.3), and only a card that is one.
 * The resource's strength counts (its attack value when attacking). */
#include "lw_land_fixture.h"

/* A plain strength resource of side's deck: no condition, not erratic. */
static int plain_resource(int side, int *value)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (!k || !k->resource || k->erratic || !k->effect ||
		    strcmp(k->effect_kind, "resource") != 0 || json_object_get(k->effect, "when") ||
		    strcmp(k->effect_id, "sharpshooter") == 0)
			continue;
		json_int_t v = json_integer_value(json_object_get(k->effect, "attack"));
		if (v > 0) {
			*value = (int)v;
			return n;
		}
	}
	return 0;
}

static int strength_with(int card, bool second_commit_refused[1])
{
	struct lw_state *s = fx_new(2);
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!s || !fx_plain_pair("TN", &x, &y)) {
		free(s);
		return -99;
	}
	int grant = fx_place(s, "grant", x, 2);
	fx_place(s, "hardee", y, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	struct lw_cards *c = &s->side[LW_UNION].cards;
	/* the card in hand, along with a non-resource card */
	c->hand_n = 0;
	int other = 0;
	for (int n = 1; n <= 57 && !other; n++) {
		const struct lw_card *k = lw_card(LW_UNION, n);
		if (k && !k->resource && k->kind == LW_KIND_ACTIVATION && n != card)
			other = n;
	}
	for (int i = 0; i < c->draw_n; i++)
		if (c->draw[i] == card || c->draw[i] == other) {
			c->hand[c->hand_n++] = c->draw[i];
			memmove(&c->draw[i], &c->draw[i + 1], (size_t)(c->draw_n - i - 1));
			c->draw_n--;
			i--;
		}
	lw_march_begin(s, grant, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	ACT_OK(s, LW_UNION, a);
	if (s->step == LW_ST_WITHDRAW)
		ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	/* a card without the green ribbon is no resource */
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":%d,\"csp\":0}", other);
	ACT_FAILS(s, LW_UNION, a);
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":%d,\"csp\":0}", card);
	ACT_OK(s, LW_UNION, a);
	/* one resource card only: no second commitment */
	second_commit_refused[0] =
	    fx_act(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}") != 0;
	int hand = c->hand_n;
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	int v = s->battle.strength[LW_UNION];
	if (card != LW_CARD_ZERO_RESOURCE) {
		CHECK(lw_hand_find(s, LW_UNION, card) < 0); /* spent */
		CHECK_EQ_INT(c->hand_n, hand);              /* and replaced (16.7) */
	}
	free(s);
	return v;
}

int main(void)
{
	free(fx_new(2)); /* loads the data */
	/* "approximately 20% of the cards in both decks" (1.2 gives the green
	 * ribbons of cards 1-57: 22 Union, 18 Confederate, of 81 each) */
	int res = 0, all = 0;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		for (int n = 1; n <= LW_DECK_CARDS; n++) {
			const struct lw_card *k = lw_card(side, n);
			if (!k)
				continue;
			all++;
			res += k->resource;
		}
	CHECKF(res * 100 >= all * 15 && res * 100 <= all * 30,
	       "%d resource cards of %d in both decks, about 20%%", res, all);
	int value = 0, card = plain_resource(LW_UNION, &value);
	if (!CHECKF(card != 0, "a Union resource card with a plain attack value"))
		return tap_done();
	bool refused[1] = {false};
	int with = strength_with(card, refused);
	CHECK(refused[0]);
	int without = strength_with(LW_CARD_ZERO_RESOURCE, refused);
	CHECK_EQ_INT(with - without, value);
	return tap_done();
}
