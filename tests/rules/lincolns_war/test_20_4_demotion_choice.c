/* 20.4 / 20.5: "For every five IT a Force has at the beginning of the Supply
 * Phase, one general belonging to that Force is demoted ... (owner's
 * choice)". The Supply Phase stops and asks the owner of a force of several
 * generals which one loses the star; a lone general is demoted without a
 * question; 20.5 asks again after foraging and the rest of the IT stays. */
#include "lw_supply_fixture.h"

int main(void)
{
	/* ---- 20.4: the owner picks; his CO, never the automatic choice ---- */
	struct game *g = sx_game();
	struct lw_state *s = &g->s;
	int hooker = tk_unit(g, "hooker");
	int hex = sx_supply_hex(g, "PA", LW_UNION, hooker, true, false);
	if (!CHECK(hex != LW_NO_HEX))
		return tap_done();
	int co = tk_put(g, "hooker", hex, 2, 6);
	int a = tk_put(g, "sedgwick", hex, 1, 0);
	int b = tk_put(g, "hancock", hex, 1, 1);
	CHECK_EQ_INT(lw_force_co(s, hex), co);
	/* a lone Confederate with five IT elsewhere: no question for him */
	int lone_hex = sx_supply_hex(g, "GA", LW_CONFEDERATE, tk_unit(g, "pillow"), true, false);
	int pillow = tk_put(g, "pillow", lone_hex, 1, 5);
	int turn = s->turn;

	lw_end_operations(s, NULL);

	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->phase, LW_PH_SUPPLY);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECK_EQ_INT(tk_awaiting(g), 1); /* the Union only */
	CHECK(tk_offers(g, "union", "loses a star for the IT"));
	CHECK(!tk_offers(g, "confederate", "loses a star"));
	char buf[160];
	/* every general of the force is offered */
	const char *ids[] = {"hooker", "sedgwick", "hancock"};
	for (int i = 0; i < 3; i++) {
		json_t *v = lincolns_war_module.view(g, "union");
		json_t *acts = json_object_get(v, "actions");
		bool found = false;
		for (size_t k = 0; k < json_array_size(acts); k++) {
			json_t *x = json_object_get(json_array_get(acts, k), "action");
			const char *gen = json_string_value(json_object_get(x, "general"));
			found |= gen && strcmp(gen, ids[i]) == 0;
		}
		CHECKF(found, "%s offered", ids[i]);
		json_decref(v);
	}
	/* refused: another action, a general outside the force, the wrong hex */
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	CHECK(strstr(tk_err.message, "20.4") != NULL);
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"pillow\"}",
	         hex);
	CHECK(tk_act(g, "union", buf) != 0);
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"hooker\"}",
	         lone_hex);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(tk_act(g, "confederate", buf) != 0);
	CHECK_EQ_INT(s->unit[co].stars, 2);
	/* the owner demotes his CO (the old automatic choice took a one-star) */
	snprintf(buf, sizeof buf, "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"hooker\"}",
	         hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[co].stars, 1);
	CHECK_EQ_INT(s->unit[a].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[b].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[a].stars, 1);
	/* Hooker fell to the rank of his subordinates: his owner names the new
	 * CO (11.0.3) before the phase goes on (its supply checks and forage
	 * read the CO) */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECK_EQ_INT(s->turn, turn);
	CHECK(tk_offers(g, "union", "takes command"));
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"hancock\"}",
	         hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, hex), b);
	/* the phase went on: the lone Pillow disgraced without a question,
	 * the force in supply lost its last IT, the next turn began */
	CHECK_EQ_INT(s->unit[pillow].where, LW_W_DISGRACED);
	CHECK_EQ_INT(lw_force_it(s, hex), 0);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	CHECK_EQ_INT(s->turn, turn + 1);
	lincolns_war_module.free(g);

	/* ---- 20.5: after foraging, asked again; the rest of the IT stays ---- */
	g = sx_game();
	s = &g->s;
	int halleck = tk_unit(g, "halleck");
	hex = sx_supply_hex(g, "GA", LW_UNION, halleck, false, false);
	if (!CHECK(hex != LW_NO_HEX))
		return tap_done();
	co = tk_put(g, "halleck", hex, 2, 3);
	a = tk_put(g, "sedgwick", hex, 1, 0);
	sx_no_forage(s, LW_UNION);
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	/* 3 IT + 1 out of supply + 2 generals without forage = 6 */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_FORAGE);
	CHECK_EQ_INT(lw_force_it(s, hex), 6);
	CHECK(tk_offers(g, "union", "(20.5)"));
	snprintf(buf, sizeof buf,
	         "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"sedgwick\"}", hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[a].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->unit[co].stars, 2);
	CHECK_EQ_INT(lw_force_it(s, hex), 1); /* 20.5: "any remaining IT stays" */
	CHECK(s->unit[co].flags & LW_UF_OOS);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	lincolns_war_module.free(g);
	return tap_done();
}
