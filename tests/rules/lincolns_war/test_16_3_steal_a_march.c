/* 16.3 / 16.1.1 To Steal a March (CS card 31): the Battle! marker "may
 * eventually be moved to reflect a changed situation resulting from the
 * play of Confederate cards 31 (To Steal a March) ...". Reconstructed (the
 * card text is not in the rulebook; docs/decisions.md "16.3 Resource card events"): played by the
 * defending Confederates, once both cards are face up their force may march into an adjacent hex it
 * could enter, free of the enemy, that the attacker can still strike from its own hex, and the
 * battle is fought there (its terrain for the defender); the Confederate player chooses (a prompt),
 * before the units are revealed; the card also adds +2. */
#include "lincolns_war/lw_terrain.h"
#include "lw_resev_fixture.h"

static const int one_one[] = {1, 1};
static const int two[] = {2};

/* The hexes the prompt offers (steal_march actions of the role's view). */
static int offered(struct rv *r, const char *role, int out[8], bool *hold)
{
	json_t *v = lincolns_war_module.view(r->g, role);
	json_t *acts = json_object_get(v, "actions");
	int n = 0;
	*hold = false;
	for (size_t i = 0; i < json_array_size(acts); i++) {
		json_t *a = json_object_get(json_array_get(acts, i), "action");
		const char *type = json_string_value(json_object_get(a, "type"));
		if (type && strcmp(type, "steal_march") == 0 && n < 8)
			out[n++] = (int)json_integer_value(json_object_get(a, "to"));
		if (type && strcmp(type, "steal_march_hold") == 0)
			*hold = true;
	}
	json_decref(v);
	return n;
}

static bool adjacent(int a, int b)
{
	return tg_hex_adjacent(&lw_D()->grid, a, b);
}

static void march(void)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 21, one_one, 2, two, 1, 0, 31)))
		return;
	struct lw_state *s = r.s;
	/* the Union commits the CSP that make it a Minor Victory in the first
	 * hex next to both forces (so that the battle waits for its advance) */
	int z0 = LW_NO_HEX, nb0[6];
	int nn0 = tg_hex_neighbours(&lw_D()->grid, r.y, nb0);
	for (int i = 0; i < nn0 && z0 == LW_NO_HEX; i++)
		if (nb0[i] != r.x && adjacent(nb0[i], r.x))
			z0 = nb0[i];
	int csp = rv_values(s, r.cs, r.ncs, false) + 2 +
	          lw_terrain_defense(s, r.x, z0, LW_CONFEDERATE, NULL) + 3 -
	          rv_values(s, r.us, r.nus, true);
	csp = csp < 0 ? 0 : csp > 5 ? 5 : csp;
	s->side[LW_UNION].csp = 5;
	char buf[96];
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":31,\"csp\":0}");
	snprintf(buf, sizeof buf, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp);
	RV_OK(&r, LW_UNION, buf);
	/* the cards are face up; the Confederate chooses where to fight */
	CHECK_EQ_INT(s->step, LW_ST_STEAL_MARCH);
	CHECK_EQ_INT(lw_ops_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK(lw_hand_find(s, LW_CONFEDERATE, 31) < 0); /* spent (16.7) */
	/* the units are not revealed yet (16.3 reveals them after the cards) */
	CHECK(!(s->unit[r.us[1]].flags & LW_UF_REVEALED));
	json_t *b = rv_battle_view(&r, "observer");
	CHECK(json_is_true(json_object_get(b, "stealing_a_march")));
	CHECK(json_object_get(b, "strength") == NULL);
	json_decref(b);
	int opts[8];
	bool hold;
	CHECK_EQ_INT(offered(&r, "union", opts, &hold), 0);
	CHECK(!hold);
	int n = offered(&r, "confederate", opts, &hold);
	CHECK(hold);
	if (!CHECK(n > 0))
		return;
	for (int i = 0; i < n; i++) {
		CHECKF(adjacent(opts[i], r.y) && adjacent(opts[i], r.x) && opts[i] != r.x,
		       "%04d is next to both forces", opts[i]);
		int tmp[LW_MAX_UNITS];
		CHECK_EQ_INT(lw_units_at(s, opts[i], LW_UNION, tmp), 0);
	}
	/* a hex the attacker could not strike, and the attacker's own hex */
	int nb[6];
	int nn = tg_hex_neighbours(&lw_D()->grid, r.y, nb);
	for (int i = 0; i < nn; i++)
		if (nb[i] != r.x && !adjacent(nb[i], r.x)) {
			snprintf(buf, sizeof buf, "{\"type\":\"steal_march\",\"to\":%d}", nb[i]);
			RV_FAILS(&r, LW_CONFEDERATE, buf);
			CHECK(strstr(tk_err.message, "16.1.1") != NULL);
			break;
		}
	snprintf(buf, sizeof buf, "{\"type\":\"steal_march\",\"to\":%d}", r.x);
	RV_FAILS(&r, LW_CONFEDERATE, buf);
	RV_FAILS(&r, LW_UNION, "{\"type\":\"steal_march_hold\"}");

	int z = opts[0];
	int def = rv_values(s, r.cs, r.ncs, false) + 2 +
	          lw_terrain_defense(s, r.x, z, LW_CONFEDERATE, NULL);
	int att = rv_values(s, r.us, r.nus, true) + csp;
	CHECK_EQ_INT(z, z0);
	snprintf(buf, sizeof buf, "{\"type\":\"steal_march\",\"to\":%d}", z);
	RV_OK(&r, LW_CONFEDERATE, buf);
	/* the battle was fought in z: the Confederates left y */
	CHECK_EQ_INT(s->battle.def_hex, z);
	CHECK_EQ_INT(s->battle.att_hex, r.x);
	int tmp[LW_MAX_UNITS];
	CHECK_EQ_INT(lw_units_at(s, r.y, LW_CONFEDERATE, tmp), 0);
	CHECK(rv_log_has(s, "marches from"));
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], def);
	CHECK_EQ_INT(s->battle.strength[LW_UNION], att);
	CHECK(s->unit[r.us[1]].flags & LW_UF_REVEALED);
	/* a Minor Victory for the Union: the Confederates retreat from z */
	CHECK_EQ_INT(s->battle.winner, LW_UNION);
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	CHECK_EQ_INT(lw_ops_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE));
	if (CHECK(s->battle.active)) {
		b = rv_battle_view(&r, "union");
		CHECK_EQ_INT(json_integer_value(json_object_get(b, "marched_from")), r.y);
		CHECK_EQ_INT(json_integer_value(json_object_get(b, "hex")), z);
		json_decref(b);
	}
	CHECK(rv_finish(&r) >= 0);
	CHECK(!s->battle.active);
	/* the Union, winner or not, fought for z: if it won it holds z */
	if (s->battle.winner == LW_UNION) {
		bool in_z = false;
		for (int i = 0; i < r.nus; i++)
			in_z |= s->unit[r.us[i]].where == LW_W_MAP && s->unit[r.us[i]].hex == z;
		CHECK(in_z);
	}
	lincolns_war_module.free(r.g);
}

static void hold(void)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 22, one_one, 2, two, 1, 0, 31)))
		return;
	struct lw_state *s = r.s;
	RV_OK(&r, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":31,\"csp\":0}");
	CHECK_EQ_INT(s->step, LW_ST_STEAL_MARCH);
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"steal_march_hold\"}");
	CHECK_EQ_INT(s->battle.def_hex, r.y);
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], rv_values(s, r.cs, r.ncs, false) + 2);
	CHECK(rv_log_has(s, "fights where it stands"));
	CHECK(rv_finish(&r) >= 0);
	lincolns_war_module.free(r.g);
}

/* With every hex next to both forces held by the enemy, there is nowhere
 * to march: no prompt, the battle is fought at once. */
static void nowhere(void)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 23, one_one, 2, two, 1, 0, 31)))
		return;
	struct lw_state *s = r.s;
	int nb[6], used[8] = {r.us[0], r.us[1], r.cs[0]}, nu = 3;
	int nn = tg_hex_neighbours(&lw_D()->grid, r.y, nb);
	for (int i = 0; i < nn; i++)
		if (nb[i] != r.x && adjacent(nb[i], r.x)) {
			int u = rv_general(s, LW_UNION, 1, used, nu);
			if (u == LW_NONE)
				break;
			used[nu++] = fx_place(s, lw_D()->generals[s->unit[u].gen].id, nb[i], 1);
		}
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":31,\"csp\":0}");
	RV_OK(&r, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK(s->step != LW_ST_STEAL_MARCH);
	CHECK(rv_log_has(s, "has no hex to march into"));
	CHECK(rv_finish(&r) >= 0);
	lincolns_war_module.free(r.g);
}

int main(void)
{
	lincolns_war_module.free(tk_new("campaign", 1)); /* loads the data */
	CHECK_EQ_INT(strcmp(lw_card(LW_CONFEDERATE, 31)->effect_id, "steal_a_march"), 0);
	march();
	hold();
	nowhere();
	return tap_done();
}
