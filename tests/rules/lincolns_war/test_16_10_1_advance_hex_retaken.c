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
	struct bx_advance bt;
	if (!bx_advance_prompt(&bt))
		return tap_done();
	struct game *g = bt.g;
	struct lw_state *s = &g->s;
	int x = bt.x, y = bt.y, grant = bt.grant, sherman = bt.sherman, thomas = bt.thomas;

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
