/* 16.9.5.2: "Both sides have one additional IT added to their force for
 * every round of the besieging side's card play. It is not necessary to
 * activate the besieging force for this to happen."
 *
 * Issue 22 reading: the card play in which a siege begins gives no IT.
 * Readings: (a) the IT start with the besieger's next card play; (b) the
 * card play that began the siege is already a "round" of it. Decision (docs/decisions.md "16.9.5.2:
 * the card play in which a siege begins"): (a), the engine as it was: that card play's battle has
 * just put its own IT on both forces (16.6), and the siege is entered as the battle's result
 * (16.9.5), not played as a round of its own; from the next card play of the besieger every round
 * adds one IT to each side. */
#include "lw_amphib_fixture.h"

static int side_it(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], t = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		t += s->unit[u[i]].it;
	return t;
}

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	int us, co, sub;
	if (!am_nashville_siege(s, &us, &co, &sub))
		return tap_done();
	int hex = am_hex("nashville");
	/* the card play in which the siege began is over (the besiege answer
	 * ended it, lw_siege_card_end passing over it): the defender carries
	 * only the IT of offering the siege (16.9.5), the besiegers none */
	CHECK_EQ_INT(s->amphib.sieges[0].stage, LW_SG_ON);
	CHECK(s->amphib.sieges[0].pressed != LW_SIEGE_BEGUN);
	CHECK_EQ_INT(side_it(s, hex, LW_CONFEDERATE), 1);
	CHECK_EQ_INT(side_it(s, hex, LW_UNION), 0);
	/* the defender's card plays add nothing */
	lw_siege_card_end(s, LW_CONFEDERATE);
	CHECK_EQ_INT(side_it(s, hex, LW_CONFEDERATE), 1);
	CHECK_EQ_INT(side_it(s, hex, LW_UNION), 0);
	/* the besieger's next card play: one IT to each side */
	lw_siege_card_end(s, LW_UNION);
	CHECK_EQ_INT(side_it(s, hex, LW_CONFEDERATE), 2);
	CHECK_EQ_INT(side_it(s, hex, LW_UNION), 1);
	free(s);
	return tap_done();
}
