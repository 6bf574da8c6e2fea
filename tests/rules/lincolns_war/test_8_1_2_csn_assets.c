/* 8.1.2: CSN Assets. Ironclads (and the False Information counter) in a
 * river port move up to four river hexes (8.1.2.1); an ocean-only port's
 * Assets and the Hunley never move; New Orleans is both a river and an
 * ocean port. The Tennessee hexside 0806/0905 is inside Kentucky (8.1.2.2).
 * Captures: a river port's ironclad escapes within four river hexes, an
 * ocean port's to a friendly ocean port within four hexes (the closest;
 * the Confederate picks among ties, see test_8_1_2_1_ironclad_escape_choice),
 * else lost; an
 * amphibious capture loses them; the Hunley is lost with its port; an
 * attacked port's False Information goes back to the pool; after Foote an
 * Asset that would retreat is destroyed. 20.1: a Confederate Asset opens a
 * contested river section to Confederate supply. */
#include "lw_naval_fixture.h"
#include "lw_supply.h"

static int move(struct game *g, int slot, const char *to)
{
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"asset_move\",\"asset\":%d,\"hex\":%d}", slot,
	         nv_hex(to));
	return tk_act(g, "confederate", a);
}

int main(void)
{
	struct game *g = nv_game(812);
	struct lw_state *s = &g->s;
	int ic = nv_slot(LW_AK_IRONCLAD), hun = nv_slot(LW_AK_HUNLEY);
	int fi = nv_slot(LW_AK_FALSE_INFO);
	bool ky;

	/* river routes: four river hexes at most */
	CHECK_EQ_INT(lw_naval_river_route(s, nv_hex("fort_donelson"), nv_hex("nashville"), &ky), 1);
	CHECK(!ky);
	CHECK_EQ_INT(lw_naval_river_route(s, nv_hex("memphis"), nv_hex("vicksburg"), &ky), 3);
	CHECK(lw_naval_river_route(s, nv_hex("memphis"), nv_hex("new_orleans"), &ky) < 0);
	/* 8.1.2.2: Fort Donelson to St. Louis only along the Tennessee hexside
	 * 0806/0905, inside Kentucky */
	CHECK_EQ_INT(lw_naval_river_route(s, nv_hex("fort_donelson"), nv_hex("st_louis"), &ky), 4);
	CHECK(ky);
	/* ... while Fort Donelson to Cairo runs along the border rivers */
	CHECK(lw_naval_river_route(s, nv_hex("fort_donelson"), nv_hex("cairo"), &ky) >= 0);
	CHECK(!ky);

	/* 20.1: Memphis (CS) - Helena (Union) is a contested section of the
	 * Mississippi: the Confederates trace across it only with an Asset in
	 * their city of the section; the Union always */
	int helena = nv_city("helena");
	s->city[helena].owner = LW_UNION;
	CHECK(!lw_supply_river_ok(s, LW_CONFEDERATE, "Mississippi", 508, 609));
	CHECK(lw_supply_river_ok(s, LW_UNION, "Mississippi", 508, 609));
	nv_asset(s, ic, nv_hex("memphis"));
	CHECK(lw_supply_river_ok(s, LW_CONFEDERATE, "Mississippi", 508, 609));
	s->navy.asset[ic].where = LW_NW_POOL;
	s->city[helena].owner = LW_CONFEDERATE;

	nv_naval_phase(s, LW_CONFEDERATE);
	nv_asset(s, ic, nv_hex("memphis"));
	nv_asset(s, hun, nv_hex("charleston"));
	nv_asset(s, ic + 1, nv_hex("charleston"));
	nv_asset(s, ic + 2, nv_hex("new_orleans"));
	CHECK(nv_offered(g, "confederate", "asset_move"));
	CHECKF(move(g, ic, "vicksburg") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[ic].hex, nv_hex("vicksburg"));
	/* once a phase */
	CHECK(move(g, ic, "port_gibson") != 0);
	/* more than four river hexes */
	s->navy.asset[ic].moved = 0;
	CHECK(move(g, ic, "fort_smith") != 0);
	CHECK(strstr(tk_err.message, "8.1.2.1") != NULL);
	/* the Hunley never moves; an ocean-only port's ironclad stays (Charleston) */
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"asset_move\",\"asset\":%d,\"hex\":%d}", hun,
	         nv_hex("savannah"));
	CHECK(tk_act(g, "confederate", a) != 0);
	CHECK(move(g, ic + 1, "savannah") != 0);
	/* New Orleans is also a river port: up the Mississippi to Baton Rouge */
	CHECKF(move(g, ic + 2, "baton_rouge") == 0, "%s", tk_err.message);

	/* 8.1.2.2: along the Tennessee inside Kentucky, neutrality is violated
	 * (St. Louis made a friendly port for the test; Union-held Cairo blocks
	 * the Ohio route, 20.1) */
	int st = nv_city("st_louis");
	s->city[st].owner = LW_CONFEDERATE;
	for (int u = 0; u < s->n_units; u++) /* no Union force there (8.1.2.1) */
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex == nv_hex("st_louis"))
			s->unit[u].where = LW_W_DISGRACED;
	nv_asset(s, ic + 3, nv_hex("fort_donelson"));
	nv_asset(s, ic + 4, nv_hex("fort_donelson"));
	int us_pc = s->side[LW_UNION].pc;
	CHECKF(move(g, ic + 3, "nashville") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->kentucky.violator, LW_NOSIDE);
	CHECK(nv_offered(g, "confederate", "\"asset\":4"));
	CHECKF(move(g, ic + 4, "st_louis") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->kentucky.violator, LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us_pc + lw_D()->tables.kentucky_violation_pc);
	CHECK(nv_log(s, "8.1.2.2") != NULL);
	s->city[st].owner = LW_UNION;

	/* captures: the Memphis-like river port -> a river port within 4 */
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		s->navy.asset[i].where = LW_NW_POOL;
	nv_asset(s, ic, nv_hex("memphis"));
	lw_capture_city(s, LW_UNION, nv_city("memphis"), false);
	/* two ports tie (Helena, Little Rock): the Confederate chooses
	 * (test_8_1_2_1_ironclad_escape_choice) */
	CHECK_EQ_INT(s->navy.asset[ic].where, LW_NW_ESCAPE);
	{
		char a[96];
		snprintf(a, sizeof a, "{\"type\":\"naval_escape\",\"asset\":%d,\"hex\":%d}", ic,
		         nv_hex("helena"));
		CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);
	}
	CHECK_EQ_INT(s->navy.asset[ic].where, LW_NW_PORT);
	int to = s->navy.asset[ic].hex;
	CHECK(to != nv_hex("memphis"));
	CHECK(lw_D()->cities[lw_city_at(to)].river_port);
	CHECK(lw_naval_river_route(s, nv_hex("memphis"), to, &ky) >= 0 &&
	      lw_naval_river_route(s, nv_hex("memphis"), to, &ky) <= 4);
	/* an ocean port captured by land: the nearest friendly ocean port within
	 * four hexes (Charleston -> Savannah); the Hunley is lost */
	nv_asset(s, ic + 1, nv_hex("charleston"));
	nv_asset(s, hun, nv_hex("charleston"));
	lw_capture_city(s, LW_UNION, nv_city("charleston"), false);
	CHECK_EQ_INT(s->navy.asset[ic + 1].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.asset[ic + 1].hex, nv_hex("savannah"));
	CHECK_EQ_INT(s->navy.asset[hun].where, LW_NW_GONE);
	/* by amphibious invasion: scuttled */
	nv_asset(s, ic + 2, nv_hex("wilmington"));
	s->city[nv_city("wilmington")].owner = LW_UNION;
	lw_naval_port_captured(s, nv_city("wilmington"), true);
	CHECK_EQ_INT(s->navy.asset[ic + 2].where, LW_NW_GONE);
	/* nowhere to go: lost (Galveston has no friendly ocean port within 4) */
	nv_asset(s, ic + 3, nv_hex("galveston"));
	lw_capture_city(s, LW_UNION, nv_city("galveston"), false);
	CHECK_EQ_INT(s->navy.asset[ic + 3].where, LW_NW_GONE);

	/* an attack on a port turns its Assets face up; False Information goes
	 * back to the pool before the battle (8.1.2.1, 8.1.2.4) */
	nv_asset(s, fi, nv_hex("mobile"));
	nv_asset(s, ic + 4, nv_hex("mobile"));
	int base = lw_city_defense(s, nv_city("mobile"));
	lw_naval_port_attacked(s, nv_hex("mobile"));
	CHECK_EQ_INT(s->navy.asset[fi].where, LW_NW_POOL);
	CHECK_EQ_INT(s->navy.asset[ic + 4].revealed, 1);
	/* the revealed ironclad adds one to the port's defense */
	CHECK_EQ_INT(lw_city_defense(s, nv_city("mobile")), base + 1);
	json_t *v = lincolns_war_module.view(g, "union");
	char *txt = json_dumps(json_object_get(json_object_get(v, "board"), "navy"), JSON_COMPACT);
	CHECK(strstr(txt, "\"kind\":\"ironclad\"") != NULL);
	free(txt);
	json_decref(v);

	/* Foote: from then on an Asset that would retreat is destroyed */
	s->navy.foote = 1;
	nv_asset(s, ic, nv_hex("vicksburg"));
	lw_capture_city(s, LW_UNION, nv_city("vicksburg"), false);
	CHECK_EQ_INT(s->navy.asset[ic].where, LW_NW_GONE);
	CHECK(nv_log(s, "Foote") != NULL);
	lincolns_war_module.free(g);
	return tap_done();
}
