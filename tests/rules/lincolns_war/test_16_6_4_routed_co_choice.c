/* 16.6.4 with 11.0.3: "the routed Force's CO is sent to the Disgraced
 * Generals Box" -- a CO losing his place by combat, so "it is up to the
 * player as President to choose a new CO from among the most senior
 * subordinate generals in the hex" (11.0.3). The routed defender's owner is
 * asked at that moment: the battle holds (the retreat, 16.9.4's demotion of
 * "the CO of the retreating force" and 12.4's displacement read who
 * commands) and goes on to the retreat under the CO chosen. */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

static void routed(bool pick_default)
{
	int x, y;
	struct game *g = bx_game_pair(2, "TN", &x, &y);
	if (!g)
		return;
	struct lw_state *s = &g->s;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	int pillow = fx_place(s, "pillow", y, 2);
	int floyd = fx_place(s, "floyd", y, 2);
	int van_dorn = fx_place(s, "van_dorn", y, 2); /* the last: he commands */
	CHECK_EQ_INT(lw_force_co(s, y), van_dorn);
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(g, grant, y);
	bx_commit(g, 0, 0);
	/* 8 against 1 + 1 + 1: five IT for three factors, a rout */
	if (!CHECKF(s->battle.rout && s->battle.winner == LW_UNION, "a Confederate rout (%d to %d)",
	            s->battle.strength[LW_UNION], s->battle.strength[LW_CONFEDERATE])) {
		free(g);
		return;
	}
	bx_pass_casualties(g);
	CHECK_EQ_INT(s->unit[van_dorn].where, LW_W_DISGRACED);
	CHECK_EQ_INT(lw_force_co(s, y), floyd); /* the default: the most recent */
	/* the battle holds for the owner's choice, before the retreat */
	CHECK(s->battle.active);
	CHECK_EQ_INT(s->land.hold, LW_BH_RESULTS);
	CHECK_EQ_INT(lw_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE));
	json_t *o = bx_offers(g, LW_CONFEDERATE, "choose_co");
	CHECK_EQ_INT(json_array_size(o), 2);
	json_decref(o);
	int pick = pick_default ? floyd : pillow;
	char id[48], a[160];
	snprintf(a, sizeof a, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", y,
	         lw_unit_id(s, pick, id, sizeof id));
	BX_FAILS(g, LW_UNION, a);
	BX_OK(g, LW_CONFEDERATE, a);
	CHECK_EQ_INT(lw_force_co(s, y), pick);
	CHECK_EQ_INT(s->land.hold, LW_BH_NONE);
	/* then the routed force retreats (16.6.4, 16.9), the stars as IT */
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	CHECK_EQ_INT(s->unit[pillow].it, 2);
	CHECK_EQ_INT(s->unit[floyd].it, 2);
	free(g);
}

int main(void)
{
	routed(false);
	routed(true);
	return tap_done();
}
