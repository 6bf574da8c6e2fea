/* 20.6 "OOS tokens are automatically removed from forces as soon as a line
 * of supply is opened up." Not only the force that moves (12.10): after any
 * action of the Operations Phase every force whose line of supply is open
 * loses its Out-of-Supply token, and one that still cannot trace supply
 * keeps it (tokens are only placed in the Supply Phase). */
#include "lincolns_war/lw_march.h"
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	/* Sherman in a Union city (in supply), marked out of supply */
	int near = LW_NO_HEX;
	for (size_t c = 0; c < d->n_cities && near == LW_NO_HEX; c++)
		if (lw_city_controller(s, (int)c) == LW_UNION && d->cities[c].supply >= 2 &&
		    !d->cities[c].capital)
			near = d->cities[c].hex;
	int sherman = fx_place(s, "sherman", near, 1);
	CHECK(lw_supply_traced(s, near, LW_UNION, NULL));
	s->unit[sherman].flags |= LW_UF_OOS;
	/* Thomas deep in Texas, out of supply indeed */
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TX", &x, &y)))
		return tap_done();
	int thomas = fx_place(s, "thomas", x, 1);
	CHECK(!lw_supply_traced(s, x, LW_UNION, NULL));
	s->unit[thomas].flags |= LW_UF_OOS;
	/* Grant, elsewhere, is activated and stops: an action of the phase */
	int gx = LW_NO_HEX, gy = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("OH", &gx, &gy)))
		return tap_done();
	int grant = fx_place(s, "grant", gx, 1);
	s->phase = LW_PH_OPS;
	s->play.side = LW_UNION;
	s->phasing = LW_UNION;
	lw_march_begin(s, grant, false);
	CHECK_EQ_INT(fx_apply(s, LW_UNION, "{\"type\":\"stop\"}"), 0);
	CHECK(!(s->unit[sherman].flags & LW_UF_OOS)); /* the line is open */
	CHECK(s->unit[thomas].flags & LW_UF_OOS);     /* still cut off */
	free(s);
	return tap_done();
}
