/* 11.0.3 in the middle of a battle: "When a CO's rank falls below that of
 * one or more of his subordinates, it is up to the player as President to
 * choose a new CO from among the most senior subordinate generals in the
 * hex". The choice belongs to that moment: the battle's later steps read
 * who commands. Here a loser-only disaster (16.8.3) demotes the beaten
 * defender's CO below his two subordinates of equal rank; then the results
 * place the loser's IT on "the force" (on its CO) and mark the CO who lost
 * the battle (7.1.4, 11.1.2.1, 10.7.9). The battle must hold for the
 * choice, and the one chosen (not the default, the most recent) must take
 * that IT and that defeat. Asked after the results had run on (the old
 * order), the default would have taken them. */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

static bool lost(const struct lw_state *s, int u)
{
	return (s->unit[u].flags & LW_UF_LOST_BATTLE) != 0;
}

/* pick_default: answer with the default CO (true) or the other (false). */
static void disaster_then_choice(bool pick_default)
{
	int x, y;
	struct game *g = bx_game_pair(2, "TN", &x, &y);
	if (!g)
		return;
	struct lw_state *s = &g->s;
	fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	int pillow = fx_place(s, "pillow", y, 2);
	int floyd = fx_place(s, "floyd", y, 2);
	int johnston = fx_place(s, "je_johnston", y, 2); /* the last: he commands */
	CHECK_EQ_INT(lw_force_co(s, y), johnston);
	/* 8 + 2 CSP against 1 + 1 + 3: a Major Victory by 5, no rout (5 IT) */
	s->side[LW_UNION].csp = 2;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, LW_SYM_DISASTER, 6, 10);
	bx_attack(g, lw_unit_by_id(s, "grant"), y);
	bx_commit(g, 2, 0);
	if (!CHECKF(s->battle.result == LW_CRT_MAJOR && !s->battle.rout &&
	                s->battle.winner == LW_UNION,
	            "a Union Major Victory without rout (%d to %d)", s->battle.strength[LW_UNION],
	            s->battle.strength[LW_CONFEDERATE])) {
		free(g);
		return;
	}
	bx_pass_casualties(g);
	if (!CHECK_EQ_INT(s->step, LW_ST_DEMOTE)) {
		free(g);
		return;
	}
	/* 16.8.3: the Confederate demotes his CO; Pillow and Floyd outrank him */
	CHECK(bx_act_unit(g, LW_CONFEDERATE, "demote", johnston, LW_NO_HEX) == 0);
	CHECK_EQ_INT(s->unit[johnston].stars, 1);
	int dflt = lw_force_co(s, y);
	CHECK_EQ_INT(dflt, floyd); /* the most recent of the two, until he answers */
	int pick = pick_default ? floyd : pillow, other = pick == floyd ? pillow : floyd;

	/* the battle holds: the results (IT, the defeat, the retreat) wait */
	CHECK(s->battle.active);
	CHECK_EQ_INT(s->land.hold, LW_BH_RESULTS);
	CHECK_EQ_INT(lw_force_it(s, y), 0);
	CHECK(!lost(s, pillow) && !lost(s, floyd) && !lost(s, johnston));
	CHECK_EQ_INT(lw_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE)); /* nobody else */
	json_t *o = bx_offers(g, LW_CONFEDERATE, "choose_co");
	CHECK_EQ_INT(json_array_size(o), 2);
	json_decref(o);
	char id[48], a[160];
	snprintf(a, sizeof a, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", y,
	         lw_unit_id(s, pick, id, sizeof id));
	BX_FAILS(g, LW_UNION, a); /* the owner's choice */
	BX_OK(g, LW_CONFEDERATE, a);
	CHECK_EQ_INT(lw_force_co(s, y), pick);
	CHECK_EQ_INT(s->land.hold, LW_BH_NONE);

	/* the results went on under the CO chosen: his the IT, his the defeat */
	CHECKF(s->unit[pick].it > 0, "the loser's IT on the new CO (%d)", s->unit[pick].it);
	CHECK_EQ_INT(s->unit[other].it, 0);
	CHECK_EQ_INT(s->unit[johnston].it, 0);
	CHECK(lost(s, pick));
	CHECK(!lost(s, other));
	CHECK(!lost(s, johnston));
	/* then the loser retreats (16.9) */
	CHECK(s->step == LW_ST_RETREAT || !s->battle.active);
	free(g);
}

int main(void)
{
	disaster_then_choice(false); /* the one the old order could not give them to */
	disaster_then_choice(true);
	return tap_done();
}
