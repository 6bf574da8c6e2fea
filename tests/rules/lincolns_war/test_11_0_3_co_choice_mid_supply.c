/* 11.0.3 in the middle of the Supply Phase: a 20.4 demotion ("for every five
 * IT ... one general belonging to that Force is demoted") drops the CO below
 * two subordinates of equal rank; his owner chooses the new CO then
 * (11.0.3). The phase's later steps read who commands: a force out of
 * supply forages and "place[s] one IT" plus one per general without forage
 * (20.5) on the force, i.e. on its CO. So the phase holds for the choice
 * (the supply checks wait), and the forage IT go on the CO chosen, not on
 * the default (the most recent), who took them when the question came after
 * the phase had run on. */
#include "lw_supply_fixture.h"

static void run(bool pick_default)
{
	struct game *g = sx_game();
	struct lw_state *s = &g->s;
	int halleck = tk_unit(g, "halleck");
	int hex = sx_supply_hex(g, "GA", LW_UNION, halleck, false, false);
	if (!CHECK(hex != LW_NO_HEX)) {
		lincolns_war_module.free(g);
		return;
	}
	int sedgwick = tk_put(g, "sedgwick", hex, 2, 0);
	int hancock = tk_put(g, "hancock", hex, 2, 0);
	tk_put(g, "halleck", hex, 2, 5); /* the last: he commands */
	CHECK_EQ_INT(lw_force_co(s, hex), halleck);
	sx_no_forage(s, LW_UNION);
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"halleck\"}",
	         hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[halleck].stars, 1);
	CHECK_EQ_INT(lw_force_co(s, hex), hancock); /* the default: the most recent */

	/* the phase holds: no supply check yet (no OOS, no forage IT) */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECK(!(s->unit[hancock].flags & LW_UF_OOS));
	CHECK_EQ_INT(lw_force_it(s, hex), 0);
	CHECK_EQ_INT(tk_awaiting(g), 1); /* the Union only */
	CHECK(tk_offers(g, "union", "Sedgwick"));
	CHECK(tk_offers(g, "union", "takes command"));
	int pick = pick_default ? hancock : sedgwick, other = pick == hancock ? sedgwick : hancock;
	char id[48];
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", hex,
	         lw_unit_id(s, pick, id, sizeof id));
	CHECK(tk_act(g, "confederate", buf) != 0); /* the owner's choice */
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, hex), pick);

	/* the phase went on under him: out of supply, 1 IT + 3 generals
	 * without forage, all on the CO chosen (20.5) */
	CHECK(s->unit[pick].flags & LW_UF_OOS);
	CHECK_EQ_INT(s->unit[pick].it, 4);
	CHECK_EQ_INT(s->unit[other].it, 0);
	CHECK_EQ_INT(s->unit[halleck].it, 0);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	lincolns_war_module.free(g);
}

int main(void)
{
	run(false); /* the one the old order could not give the IT to */
	run(true);
	return tap_done();
}
