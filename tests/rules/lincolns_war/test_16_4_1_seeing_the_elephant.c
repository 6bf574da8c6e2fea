/* 16.4.1 Seeing the Elephant: in Summer 1861 only, every CO is an
 * indecisive general and rolls for his value (16.4); the generals under
 * him fight with their printed values. From the next turn the same battle
 * uses the printed values. */
#include "lw_land_fixture.h"

static void battle(int turn)
{
	struct lw_state *s = fx_new(turn);
	if (!CHECK(s != NULL))
		return;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y))) {
		free(s);
		return;
	}
	int grant = fx_place(s, "grant", x, 2);
	int sherman = fx_place(s, "sherman", x, 1);
	int hardee = fx_place(s, "hardee", y, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	int g_att = lw_unit_attack(s, grant), s_att = lw_unit_attack(s, sherman);
	int h_def = lw_unit_defense(s, hardee);
	CHECKF(g_att >= 0 && s_att >= 0 && h_def >= 0, "all three are decisive generals");
	char gname[64], sname[64], hname[64];
	lw_unit_name(s, grant, gname, sizeof gname);
	lw_unit_name(s, sherman, sname, sizeof sname);
	lw_unit_name(s, hardee, hname, sizeof hname);
	uint32_t from = s->log_total;
	if (!CHECK(ff_fight(s, grant, y, 0, 0))) {
		free(s);
		return;
	}
	int g_roll = ff_rolled(s, from, gname), h_roll = ff_rolled(s, from, hname);
	CHECKF(ff_rolled(s, from, sname) < 0, "turn %d: the subordinate fights normally", turn);
	if (turn == 0) {
		CHECKF(g_roll >= 0, "Summer 1861: the attacking CO rolls");
		CHECKF(h_roll >= 0, "Summer 1861: the defending CO rolls");
		CHECK(ff_logged(s, from, gname, "(16.4.1)"));
		CHECK_EQ_INT(s->battle.strength[LW_UNION], g_roll + s_att);
		CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], h_roll);
	} else {
		CHECKF(g_roll < 0 && h_roll < 0, "turn %d: printed values, no roll", turn);
		CHECK(!ff_logged(s, from, "(16.4.1)", NULL));
		CHECK_EQ_INT(s->battle.strength[LW_UNION], g_att + s_att);
		CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], h_def);
	}
	free(s);
}

int main(void)
{
	battle(0); /* Summer 1861 */
	battle(1); /* Spring 1862 */
	return tap_done();
}
