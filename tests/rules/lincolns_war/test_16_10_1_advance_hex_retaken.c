/* 16.10.1: the attacker advances "into the hex abandoned by the defender".
 * Between the offer and the answer the hex may be held again: a GiC lost in
 * the battle is replaced at once (11.1.2.2), and 11.1.2.3 places the new
 * one in the city nearest a captured capital, which may be the battle hex
 * (found by the playouts, seed 667: the Union advanced into Manassas onto
 * the new Confederate GiC). Then nobody may advance, and the battle ends
 * without the IT a declined advance costs.
 *
 * Through act() and view(): the advance offered, a Confederate general put
 * into the abandoned hex; only "decline" is offered, every advance refused,
 * declining ends the battle with no IT added and no hex holding both
 * sides. */
#include "lw_land_fixture.h"

int main(void)
{
	struct game *g = bx_game(1);
	if (!CHECK(g != NULL))
		return tap_done();
	struct lw_state *s = &g->s;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 2);
	int sherman = fx_place(s, "sherman", x, 1);
	int thomas = fx_place(s, "thomas", x, 1);
	fx_place(s, "stuart", y, 1); /* lone cavalry: withdraws at once (16.2) */
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	s->unit[grant].it = 3; /* two from before this card, one new (harassed, say) */
	s->unit[grant].it_new = 1;
	lw_march_begin(s, grant, false);
	char a[160];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	BX_OK(g, LW_UNION, a);
	if (!CHECK_EQ_INT(s->step, LW_ST_WITHDRAW))
		return tap_done();
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"withdraw\"}");
	if (s->step == LW_ST_RETREAT) {
		json_t *r = bx_offers(g, LW_CONFEDERATE, "retreat");
		char *txt = json_dumps(json_array_get(r, 0), JSON_COMPACT);
		BX_OK(g, LW_CONFEDERATE, txt);
		free(txt);
		json_decref(r);
	}
	if (!CHECK_EQ_INT(s->step, LW_ST_ADVANCE))
		return tap_done();

	/* a new Confederate GiC placed into the abandoned hex (11.1.2.3) */
	json_t *before = bx_offers(g, LW_UNION, "advance");
	CHECK(json_array_size(before) > 0);
	json_decref(before);
	int pemberton = fx_place(s, "pemberton", y, 3);
	json_t *adv = bx_offers(g, LW_UNION, "advance");
	CHECK_EQ_INT((int)json_array_size(adv), 0);
	json_decref(adv);
	json_t *dec = bx_offers(g, LW_UNION, "decline");
	CHECK_EQ_INT((int)json_array_size(dec), 1);
	json_decref(dec);
	BX_FAILS(g, LW_UNION, "{\"type\":\"advance\",\"units\":\"all\"}");
	BX_FAILS(g, LW_UNION, "{\"type\":\"advance\",\"units\":\"co\"}");
	BX_FAILS(g, LW_UNION, "{\"type\":\"advance\",\"units\":[\"sherman\"]}");
	CHECK_EQ_INT(s->step, LW_ST_ADVANCE);
	int it = s->unit[grant].it + s->unit[sherman].it + s->unit[thomas].it;
	BX_OK(g, LW_UNION, "{\"type\":\"decline\"}");
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->unit[grant].it + s->unit[sherman].it + s->unit[thomas].it, it);
	CHECK_EQ_INT(s->unit[grant].hex, x);
	CHECK_EQ_INT(s->unit[sherman].hex, x);
	CHECK_EQ_INT(s->unit[pemberton].hex, y);
	free(g);
	return tap_done();
}
