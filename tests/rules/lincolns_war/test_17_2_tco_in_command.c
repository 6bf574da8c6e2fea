/* 17.2 TCO in command, 17.3 TCO as a subordinate (with 17.1's modifiers):
 * a killed general is replaced by a TCO of his stars (16.8.2); a force it
 * commands costs three to activate; in battle the TCO is an indecisive
 * general and rolls, +1 for a two-star counter, none for a one-star, whether
 * it commands or serves under a regular CO (who fights normally). */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

int main(void)
{
	/* 17.2: a two-star TCO commands */
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 2);
	int hardee = fx_place(s, "hardee", y, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	lw_kill(s, grant);
	int tco = fx_tco_at(s, x);
	if (!CHECK(tco != LW_NONE))
		return tap_done();
	CHECK_EQ_INT(s->unit[tco].stars, 2);
	CHECK_EQ_INT(s->unit[tco].cavalry, 0);
	CHECK_EQ_INT(lw_force_co(s, x), tco);
	CHECK_EQ_INT(lw_activation_cost(s, tco), 3); /* 17.2 */
	CHECK(lw_unit_attack(s, tco) < 0);           /* 17.1: indecisive */
	char name[64];
	lw_unit_name(s, tco, name, sizeof name);
	uint32_t from = s->log_total;
	int hd = lw_unit_defense(s, hardee);
	if (CHECK(ff_fight(s, tco, y, 0, 0))) {
		int die = 0, v = ff_roll(s, from, name, &die);
		CHECKF(v >= 0, "the TCO in command rolls");
		CHECK_EQ_INT(v, lw_indecisive_value(die, 1)); /* +1, two stars */
		CHECK_EQ_INT(s->battle.strength[LW_UNION], v);
		CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], hd);
	}
	free(s);

	/* 17.3: a one-star TCO under Sherman */
	s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	int sherman = fx_place(s, "sherman", x, 2);
	int thomas = fx_place(s, "thomas", x, 1);
	hardee = fx_place(s, "hardee", y, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	lw_kill(s, thomas);
	tco = fx_tco_at(s, x);
	if (!CHECK(tco != LW_NONE))
		return tap_done();
	CHECK_EQ_INT(s->unit[tco].stars, 1);
	CHECK_EQ_INT(lw_force_co(s, x), sherman);
	CHECK_EQ_INT(lw_activation_cost(s, sherman),
	             lw_D()->generals[s->unit[sherman].gen].rank[1].activation);
	lw_unit_name(s, tco, name, sizeof name);
	char sname[64];
	lw_unit_name(s, sherman, sname, sizeof sname);
	from = s->log_total;
	int sa = lw_unit_attack(s, sherman);
	if (CHECK(ff_fight(s, sherman, y, 0, 0))) {
		int die = 0, v = ff_roll(s, from, name, &die);
		CHECKF(v >= 0, "the subordinate TCO rolls");
		CHECK_EQ_INT(v, lw_indecisive_value(die, 0)); /* no modifier, one star */
		CHECKF(ff_rolled(s, from, sname) < 0, "his regular CO does not");
		CHECK_EQ_INT(s->battle.strength[LW_UNION], sa + v);
	}
	free(s);
	return tap_done();
}
