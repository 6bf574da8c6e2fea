/* 16.8: "If a Sharpshooter Card Event is played, the owner of the card
 * chooses which general will be targeted and adds two to the die roll."
 * Played as the Resource card of a battle, the attacker picks the enemy
 * general; the ordinary casualty checks still follow. */
#include "lw_land_fixture.h"

static int sharpshooter_card(int side)
{
	for (int n = 1; n <= LW_DECK_CARDS; n++) {
		const struct lw_card *c = lw_card(side, n);
		if (c && c->resource && c->effect_id && strcmp(c->effect_id, "sharpshooter") == 0)
			return n;
	}
	return 0;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int card = sharpshooter_card(LW_UNION);
	if (!CHECK(card > 0))
		return tap_done();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 2);
	int jo = fx_place(s, "je_johnston", y, 2);
	int ha = fx_place(s, "hardee", y, 1);
	struct lw_cards *h = &s->side[LW_UNION].cards;
	h->hand[h->hand_n++] = (uint8_t)card;
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);

	lw_march_begin(s, grant, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	ACT_OK(s, LW_UNION, a);
	if (s->step == LW_ST_WITHDRAW)
		ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":%d,\"csp\":0}", card);
	ACT_OK(s, LW_UNION, a);
	/* the card is spent and replaced (16.7) */
	CHECK(lw_hand_find(s, LW_UNION, card) < 0);
	/* the Union, owner of the card, picks among the Confederate generals */
	CHECK_EQ_INT(s->step, LW_ST_CASUALTY);
	CHECK_EQ_INT(lw_battle_awaiting(s), LW_SIDE_BIT(LW_UNION));
	CHECK_EQ_INT(s->battle.casualty_victim_side, LW_CONFEDERATE);
	ACT_FAILS(s, LW_UNION, "{\"type\":\"casualty\",\"unit\":\"grant\"}");
	ACT_OK(s, LW_UNION, "{\"type\":\"casualty\",\"unit\":\"hardee\"}");
	CHECK(!s->land.sharp[LW_UNION]);
	bool logged = false;
	for (uint32_t i = 0; i < LW_LOG_LINES && i < s->log_total; i++)
		logged |= strstr(s->log[i], "sharpshooters") != NULL;
	CHECK(logged);
	(void)jo;
	(void)ha;
	free(s);
	return tap_done();
}
