/* 20.6 Placing and removing tokens: OOS tokens are ONLY placed in the
 * Supply Phase (a force marching out of supply during operations gets none
 * until then); a general detached from an out-of-supply force keeps an OOS
 * token; in the Supply Phase a force in supply loses all its IT (20.4)
 * while an out-of-supply force with fewer than five keeps them. (OOS
 * removal as soon as supply is regained: test_12_10_back_in_supply.) */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	int x = LW_NO_HEX, y = LW_NO_HEX, ox = LW_NO_HEX, oy = LW_NO_HEX;
	if (!CHECK(s != NULL) || !CHECK(fx_plain_pair("GA", &x, &y)) ||
	    !CHECK(fx_plain_pair("OH", &ox, &oy)))
		return tap_done();
	/* deep in Georgia the Union force is out of supply (the Supply Phase
	 * below marks it), in Ohio in supply */
	CHECK(lw_supply_traced(s, ox, LW_UNION, NULL));
	int grant = fx_place(s, "grant", x, 2);
	int sherman = fx_place(s, "sherman", x, 1);
	s->unit[grant].it = 3;
	lw_march_begin(s, grant, false);
	char a[64];
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", y);
	ACT_OK(s, LW_UNION, a);
	if (s->step == LW_ST_MOVE)
		ACT_OK(s, LW_UNION, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->unit[grant].hex, y);
	CHECK(!(s->unit[grant].flags & LW_UF_OOS)); /* not during operations */
	CHECK(!(s->unit[sherman].flags & LW_UF_OOS));

	/* a force in Ohio with three IT, in supply */
	int thomas = fx_place(s, "thomas", ox, 1);
	s->unit[thomas].it = 3;
	/* forage cards with haystacks for the force in Georgia */
	fx_stack_deck(s, LW_UNION, LW_SYM_FORAGE, 10, 0);
	s->phase = LW_PH_SUPPLY;
	lw_supply_phase(s);
	CHECK(s->unit[grant].flags & LW_UF_OOS);
	CHECK(s->unit[sherman].flags & LW_UF_OOS);
	CHECK(!(s->unit[thomas].flags & LW_UF_OOS));
	CHECK_EQ_INT(lw_force_it(s, ox), 0); /* in supply: all IT off */
	int it = lw_force_it(s, y);
	CHECKF(it >= 3 && it < 5, "out of supply the three IT stay (%d)", it);

	/* next turn, Grant marches on and leaves Sherman behind (12.8): the
	 * detached general keeps his OOS token */
	s->phase = LW_PH_OPS;
	s->step = LW_ST_CARD;
	s->play.side = LW_UNION;
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	lw_march_begin(s, grant, false);
	snprintf(a, sizeof a, "{\"type\":\"detach\",\"unit\":\"sherman\"}");
	ACT_OK(s, LW_UNION, a);
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", x);
	ACT_OK(s, LW_UNION, a);
	CHECK_EQ_INT(s->unit[sherman].hex, y);
	CHECK(s->unit[sherman].flags & LW_UF_OOS);
	free(s);
	return tap_done();
}
