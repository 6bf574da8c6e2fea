/* 20.6 "Any general(s) detached from an out-of-supply force receive an
 * Out-of-Supply token. OOS tokens are automatically removed from forces as
 * soon as a line of supply is opened up." The token marks the force: a
 * general who joins a force that is still cut off is under it, and leaves
 * with one (the engine kept the token per general, so he left in supply
 * and activated without the 20.5 extra PC). A force without a token gets
 * none outside the Supply Phase. */
#include "lincolns_war/lw_march.h"
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

/* An action of the Operations Phase: Grant, elsewhere, activates and stops. */
static void an_action(struct lw_state *s, int grant)
{
	s->phase = LW_PH_OPS;
	s->play.side = LW_UNION;
	s->phasing = LW_UNION;
	lw_march_begin(s, grant, false);
	CHECK_EQ_INT(fx_apply(s, LW_UNION, "{\"type\":\"stop\"}"), 0);
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int x = LW_NO_HEX, y = LW_NO_HEX, gx = LW_NO_HEX, gy = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TX", &x, &y)) || !CHECK(fx_plain_pair("OH", &gx, &gy)))
		return tap_done();
	int grant = fx_place(s, "grant", gx, 1);
	/* Thomas deep in Texas, out of supply, marked so in the Supply Phase */
	int thomas = fx_place(s, "thomas", x, 2);
	if (!CHECK(!lw_supply_traced(s, x, LW_UNION, NULL)))
		return tap_done();
	s->unit[thomas].flags |= LW_UF_OOS;
	/* a one-star general (in supply when he set out) joins him there */
	int mcp = fx_place(s, "mcpherson", x, 1);
	CHECK(!(s->unit[mcp].flags & LW_UF_OOS));
	int before = lw_activation_cost(s, mcp);
	an_action(s, grant);
	CHECK(s->unit[thomas].flags & LW_UF_OOS);
	CHECK(s->unit[mcp].flags & LW_UF_OOS); /* under the force's token */
	/* detached, he carries it: 20.5, one more PC to activate */
	s->unit[mcp].hex = (int16_t)y;
	CHECK(s->unit[mcp].flags & LW_UF_OOS);
	CHECK_EQ_INT(lw_activation_cost(s, mcp), before + 1);

	/* a force without a token gets none outside the Supply Phase */
	int sherman = fx_place(s, "sherman", gy, 1);
	s->unit[mcp].where = LW_W_PENDING;
	s->unit[thomas].where = LW_W_PENDING;
	s->unit[sherman].hex = (int16_t)x;
	an_action(s, grant);
	CHECK(!(s->unit[sherman].flags & LW_UF_OOS));
	free(s);
	return tap_done();
}
