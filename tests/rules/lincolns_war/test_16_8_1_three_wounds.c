/* 16.8.1 worked example: "If an enemy general was targeted three separate
 * times in a turn ... and gets a Wound result each time, he would have placed
 * three separate Wounded markers on top of him. The results for each Wounded
 * marker are cumulative. During the Supply Phase he may remove one of the
 * Wounded markers and continue the next turn with two."
 *
 * The wounds are counted through the engine: +1 activation and -1 attack
 * and defense per wound (16.8.1), one wound off in the Supply Phase (20.4),
 * so two are left for the next turn and still count. */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1); /* Spring 1862 */
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_city *phl = lw_data_city(lw_D(), "philadelphia");
	if (!CHECK(phl != NULL))
		return tap_done();
	/* a lone Union general in a friendly city: in supply, no demotion owed */
	int g = fx_place(s, "grant", phl->hex, 2);
	if (!CHECK(g != LW_NONE))
		return tap_done();
	int cost0 = lw_activation_cost(s, g);
	int att = lw_unit_attack(s, g), def = lw_unit_defense(s, g);
	CHECKF(att >= 3 && def >= 3, "Grant's printed values (%d/%d) leave room for three wounds",
	       att, def);

	/* three Wound results in the turn: cumulative */
	s->unit[g].wounds = 3;
	CHECK_EQ_INT(lw_activation_cost(s, g), cost0 + 3);
	CHECK_EQ_INT(lw_general_combat_value(att, false, 0, s->unit[g].wounds), att - 3);
	CHECK_EQ_INT(lw_general_combat_value(def, false, 0, s->unit[g].wounds), def - 3);

	/* the Supply Phase removes one of them: he continues with two */
	s->phase = LW_PH_SUPPLY;
	lw_supply_phase(s);
	CHECK_EQ_INT(s->unit[g].wounds, 2);
	CHECK_EQ_INT(s->unit[g].where, LW_W_MAP);
	CHECK_EQ_INT(lw_activation_cost(s, g), cost0 + 2);
	CHECK_EQ_INT(lw_general_combat_value(att, false, 0, s->unit[g].wounds), att - 2);

	/* one per Supply Phase, not all of them */
	lw_supply_phase(s);
	CHECK_EQ_INT(s->unit[g].wounds, 1);
	free(s);
	return tap_done();
}
