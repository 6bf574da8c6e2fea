/* 16.9.5.2 "The besieging force may remove as many IT as it can afford at
 * the cost of TWO PC per IT" read with 11.0: "If the PC Value ... of the
 * card is higher than what it took to activate the CO, the excess may be
 * used to add PC to the PC track or remove IT from another Force." The
 * siege rule sets the besiegers' price, it makes no exception to 11.0:
 * after pressing the siege (activating the besiegers, siege_press) the PC
 * left on the card remove no IT from them, neither offered nor accepted;
 * on a card play that does not activate them they remove IT at two PC
 * each, and after activating another force too. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(3); /* Spring 1863: IT removal with PC */
	if (!s)
		return 1;
	int nashville = am_hex("nashville");
	int camp = fx_plain_neighbour(nashville);
	CHECKF(camp != LW_NO_HEX, "a plain hex next to Nashville");
	int usco = am_general(s, LW_UNION, camp, 2, LW_NONE);
	int csco = am_general(s, LW_CONFEDERATE, nashville, 2, LW_NONE);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	am_besiege(s, nashville, camp, &usco, 1);
	CHECK(lw_siege_besieging(s, nashville, LW_UNION));
	CHECK_EQ_INT(s->unit[csco].hex, nashville);
	s->unit[usco].it = 3;
	s->unit[usco].it_new = 0;

	/* pressed: the excess of the card removes no IT from the besiegers */
	am_spend(s, LW_UNION, 6);
	int cost = lw_activation_cost(s, usco);
	CHECKF(6 - cost >= 2, "two PC left after the activation (cost %d)", cost);
	AM_OK(s, LW_UNION, "{\"type\":\"siege_press\"}");
	CHECK_EQ_INT(s->play.pc_left, 6 - cost);
	CHECK(!am_offered(s, LW_UNION, "siege_remove_it"));
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_remove_it\"}", "11.0");
	CHECK_EQ_INT(s->unit[usco].it, 3);
	CHECK_EQ_INT(s->play.pc_left, 6 - cost);
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	int it = s->unit[usco].it; /* 3 + the two IT of the pressed round */
	CHECK_EQ_INT(it, 5);

	/* not pressed: two PC an IT, as many as the card affords */
	am_spend(s, LW_UNION, 5);
	CHECK(am_offered(s, LW_UNION, "siege_remove_it"));
	AM_OK(s, LW_UNION, "{\"type\":\"siege_remove_it\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"siege_remove_it\"}");
	CHECK_EQ_INT(s->play.pc_left, 1);
	CHECK_EQ_INT(s->unit[usco].it, it - 2);
	CHECK(!am_offered(s, LW_UNION, "siege_remove_it")); /* one PC left */
	free(s);
	return tap_done();
}
