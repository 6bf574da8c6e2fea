/* 8.2: blockade effects. 8.2.1: a blockaded port defends at one less.
 * 8.2.2: beyond seven blockaded supply points, each further point puts one
 * IT on a Confederate force, one a force at most, out-of-supply forces
 * first; the excess is lost. A port held by a Union force or garrison
 * counts as blockaded; New Orleans counts with its supply of 3. In play the
 * Confederate picks the forces (blockade_it), one IT a force. */
#include "lw_naval_fixture.h"

/* One IT more on each CS force? Returns the forces that got one. */
static int cs_force_it(const struct lw_state *s, int *hexes, int max)
{
	int n = 0;
	for (int u = 0; u < s->n_units && n < max; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP &&
		    lw_force_co(s, s->unit[u].hex) == u && lw_force_it(s, s->unit[u].hex) > 0)
			hexes[n++] = s->unit[u].hex;
	return n;
}

int main(void)
{
	struct game *g = nv_game(82);
	struct lw_state *s = &g->s;
	int chs = nv_city("charleston");
	/* 8.2.1 */
	int d0 = lw_city_defense(s, chs);
	CHECK_EQ_INT(d0, 4);
	nv_blockade(s, "charleston", 0);
	CHECK_EQ_INT(lw_city_defense(s, chs), 3);
	/* New Orleans' "X" defense stays at zero */
	int nola = nv_city("new_orleans");
	nv_blockade(s, "new_orleans", 1);
	CHECK_EQ_INT(lw_city_defense(s, nola), 0);
	CHECK(lw_naval_effectively_blockaded(s, nola)); /* both river and ocean port */

	/* 8.2.2: Charleston 3 + New Orleans 3 = 6: below seven, nothing */
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].it = 0;
	CHECK_EQ_INT(lw_naval_blockaded_supply(s), 6);
	int none = nv_play_blockade_it(g);
	CHECK_EQ_INT(none, 0);
	/* + Savannah needs two fleets: one is not enough */
	nv_fleet(s, 2, LW_NW_BLOCKADE, lw_D()->cities[nv_city("savannah")].blockade_hexes[0]);
	CHECK_EQ_INT(lw_naval_blockaded_supply(s), 6);
	nv_blockade(s, "savannah", 2);
	CHECK_EQ_INT(lw_naval_blockaded_supply(s), 8);
	/* + Wilmington (2) = 10: three IT, out-of-supply forces first */
	nv_blockade(s, "wilmington", 4);
	CHECK_EQ_INT(lw_naval_blockaded_supply(s), 10);
	/* the force in the highest hex would come last in hex order */
	int last = 0;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP &&
		    s->unit[u].hex > last)
			last = s->unit[u].hex;
	int oos_hex = last;
	int co = lw_force_co(s, oos_hex);
	s->unit[co].flags |= LW_UF_OOS;
	int three = nv_play_blockade_it(g);
	CHECK_EQ_INT(three, 3);
	CHECK_EQ_INT(lw_force_it(s, oos_hex), 1); /* the OOS force first */
	int hexes[64];
	CHECK_EQ_INT(cs_force_it(s, hexes, 64), 3); /* one IT a force */
	CHECK(nv_log(s, "8.2.2") != NULL);
	/* the excess beyond the forces is lost, never more than one per force */
	int forces = 0;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP &&
		    lw_force_co(s, s->unit[u].hex) == u)
			forces++;
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].it = 0;
	const char *all[] = {"norfolk",      "mobile",   "pensacola",   "galveston",
	                     "jacksonville", "new_bern", "apalachicola"};
	int f = 6;
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		f = nv_blockade(s, all[i], f);
	int excess = lw_naval_blockaded_supply(s) - 7;
	int placed = nv_play_blockade_it(g);
	CHECK_EQ_INT(placed, excess < forces ? excess : forces);
	CHECK_EQ_INT(cs_force_it(s, hexes, 64), placed);
	/* a port held by a Union garrison counts as blockaded (8.2) */
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		s->navy.fleet[i].where = LW_NW_POOL;
	CHECK_EQ_INT(lw_naval_blockaded_supply(s), 0);
	s->city[chs].owner = LW_UNION;
	s->city[chs].garrison = 1;
	CHECK(lw_naval_blockaded_for_effects(s, chs));
	CHECK_EQ_INT(lw_naval_blockaded_supply(s), 3);
	/* a Union siege of a Confederate port: the besieger is the force on
	 * its hex (lw_hex_owner_force), so it counts as blockaded, though a
	 * Confederate unit is the first there (8.2); the sum, which walks the
	 * units once and the sieges only while one is on, agrees */
	int mob = nv_city("mobile"), mhex = lw_D()->cities[mob].hex, cs = -1;
	for (int u = 0; u < s->n_units && cs < 0; u++)
		if (s->unit[u].where == LW_W_MAP && s->unit[u].side == LW_CONFEDERATE)
			cs = u;
	if (CHECK(cs >= 0)) {
		s->city[mob].owner = LW_CONFEDERATE;
		s->city[mob].garrison = 0;
		s->unit[cs].hex = (int16_t)mhex; /* the first unit there */
		CHECK(!lw_naval_blockaded_for_effects(s, mob));
		CHECK_EQ_INT(lw_naval_blockaded_supply(s), 3);
		s->amphib.sieges[0] = (struct lw_siege){
		    .stage = LW_SG_ON, .besieger = LW_UNION, .city_hex = (int16_t)mhex};
		CHECK(lw_naval_blockaded_for_effects(s, mob));
		CHECK_EQ_INT(lw_naval_blockaded_supply(s), 3 + lw_D()->cities[mob].supply);
	}
	lincolns_war_module.free(g);

	/* In play the Confederate chooses the forces, one IT each, OOS first */
	g = nv_game(821);
	s = &g->s;
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].it = 0;
	f = 0;
	f = nv_blockade(s, "charleston", f);
	f = nv_blockade(s, "new_orleans", f);
	f = nv_blockade(s, "savannah", f);   /* 8 points: one IT */
	f = nv_blockade(s, "wilmington", f); /* 10 points: three IT */
	int oos = 0, n_forces = 0;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP &&
		    lw_force_co(s, s->unit[u].hex) == u) {
			n_forces++;
			if (!oos) {
				oos = s->unit[u].hex;
				s->unit[u].flags |= LW_UF_OOS;
			}
		}
	CHECK(n_forces > 3);
	nv_naval_phase(s, LW_UNION);
	s->navy.mover = LW_UNION;
	CHECKF(tk_act(g, "union", "{\"type\":\"end_naval\"}") == 0, "%s", tk_err.message);
	if (s->navy.stage < LW_NS_IT)
		CHECKF(tk_act(g, "confederate", "{\"type\":\"end_naval\"}") == 0, "%s",
		       tk_err.message);
	/* the single out-of-supply force took the first IT without a choice */
	CHECK_EQ_INT(lw_force_it(s, oos), 1);
	CHECK_EQ_INT(s->phase, LW_PH_NAVAL);
	CHECK_EQ_INT(s->navy.stage, LW_NS_IT);
	CHECK_EQ_INT(s->navy.it_left, 2);
	CHECK(nv_offered(g, "confederate", "blockade_it"));
	char a[80];
	snprintf(a, sizeof a, "{\"type\":\"blockade_it\",\"hex\":%d}", oos);
	CHECK(tk_act(g, "confederate", a) != 0); /* one a force */
	CHECK(strstr(tk_err.message, "8.2.2") != NULL);
	int chosen = 0;
	for (int u = 0; u < s->n_units && s->phase == LW_PH_NAVAL; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP &&
		    lw_force_co(s, s->unit[u].hex) == u && s->unit[u].hex != oos) {
			snprintf(a, sizeof a, "{\"type\":\"blockade_it\",\"hex\":%d}",
			         s->unit[u].hex);
			CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);
			CHECK_EQ_INT(lw_force_it(s, s->unit[u].hex), 1);
			chosen++;
		}
	CHECK_EQ_INT(chosen, 2);
	CHECK(s->phase != LW_PH_NAVAL); /* the phase went on to raids and the hunt */
	lincolns_war_module.free(g);
	return tap_done();
}
