/* 18.1.1 Placing IT within a force: IT are placed on the entire force, not
 * on one general. Whichever general the state books them on, they count
 * against the force's CO for activation (18.1), against the force's battle
 * strength, and stay with the force when a general leaves it or dies. */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1);
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(s != NULL) || !CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 2);
	int sherman = fx_place(s, "sherman", x, 1);
	int thomas = fx_place(s, "thomas", x, 1);
	fx_place(s, "hardee", y, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	int base = lw_activation_cost(s, grant);
	/* three IT booked on a subordinate: they are the force's */
	s->unit[sherman].it = 3;
	CHECK_EQ_INT(lw_force_it(s, x), 3);
	CHECK_EQ_INT(lw_activation_cost(s, grant), base + 1); /* 3 IT > 2 stars */
	/* a general leaving the force leaves the IT with it */
	lw_unit_leave_it(s, sherman, 0);
	s->unit[sherman].where = LW_W_PENDING;
	s->unit[sherman].hex = LW_NO_HEX;
	CHECK_EQ_INT(s->unit[sherman].it, 0);
	CHECK_EQ_INT(lw_force_it(s, x), 3);
	/* a general killed: his TCO keeps what was booked on him */
	s->unit[thomas].it += 2;
	s->unit[grant].it -= 2;
	lw_kill(s, thomas);
	CHECK_EQ_INT(lw_force_it(s, x), 3);
	/* in battle the force's IT come off its strength, whoever carries them */
	int tco = fx_tco_at(s, x);
	if (!CHECK(tco != LW_NONE))
		return tap_done();
	char tname[64];
	lw_unit_name(s, tco, tname, sizeof tname);
	uint32_t from = s->log_total;
	int ga = lw_unit_attack(s, grant);
	if (CHECK(ff_fight(s, grant, y, 0, 0))) {
		int v = ff_rolled(s, from, tname);
		CHECK(v >= 0);
		CHECK_EQ_INT(s->battle.strength[LW_UNION], ga + v - 3);
	}
	free(s);
	return tap_done();
}
