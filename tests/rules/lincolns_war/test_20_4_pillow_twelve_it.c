/* 20.4 example: lone one-star Pillow carrying twelve IT is disgraced (five
 * removed) and, alone, loses the other seven; in an army the twelve IT cost
 * two stars of demotions and leave two. */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int pillow = fx_place(s, "pillow", 608, 1);
	s->unit[pillow].it = 12;
	{
		int r_ = lw_supply_it_demotions(s, 608, LW_CONFEDERATE);
		CHECK_EQ_INT(r_, 1);
	}
	CHECK_EQ_INT(s->unit[pillow].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->unit[pillow].it, 0);
	CHECK_EQ_INT(lw_force_it(s, 608), 0);

	/* In an army: two demotions, two IT left (removed if in supply). */
	pillow = fx_place(s, "pillow", 608, 1);
	int price = fx_place(s, "price", 608, 2);
	int mcc = fx_place(s, "mcculloch", 608, 2);
	s->unit[price].it = 12;
	{
		int r_ = lw_supply_it_demotions(s, 608, LW_CONFEDERATE);
		CHECK_EQ_INT(r_, 2);
	}
	CHECK_EQ_INT(lw_force_it(s, 608), 2);
	int stars = 0;
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, 608, LW_CONFEDERATE, u);
	for (int i = 0; i < n; i++)
		stars += s->unit[u[i]].stars;
	CHECK_EQ_INT(stars, 5 - 2); /* two stars of demotions */
	(void)mcc;
	free(s);
	return tap_done();
}
