/* 13.1.3: "If a lone Cavalry unit enters an enemy city, that city is
 * considered captured only for as long as the unit remains in the city. If
 * vacated, control of the city reverts back to its original owner unless an
 * infantry unit can be moved in and a Garrison Token placed."
 * 16.10.2: "Garrison tokens are removed from cities retaken by friendly
 * forces"; 8.2 counts a port held by a Union garrison as blockaded.
 *
 * Decision (docs/decisions.md "13.1.3 / 16.10.2 / 8.2: what a city held by cavalry reverts to",
 * issue 22): "its original owner" is the side that held the city before the raid, and the reversion
 * gives back everything the capture changed: the owner, his garrison token (so the -1 defense of
 * 16.10.2 and the 8.2 blockade count), and the supply value in PC (the
 * raider gives back what the capture paid him, the holder regains what he
 * lost). Before the fix Union-held Nashville came back to the Union with
 * no garrison (defense 2) and Wilmington left the 8.2 count; the PC stayed
 * with the raider. */
#include "lw_land_fixture.h"

enum { NASHVILLE = 1007, WILMINGTON = 1809 };

/* any land hex next door: the cavalry only has to leave */
static int next_door(int hex)
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
		if (h && h->terrain != LW_TERRAIN_OCEAN && lw_city_at(nb[i]) < 0)
			return nb[i];
	}
	return LW_NO_HEX;
}

static void raid_and_leave(struct lw_state *s, int hex, const char *what)
{
	int c = lw_city_at(hex);
	int nb = next_door(hex);
	int forrest = fx_place(s, "forrest", hex, 1);
	if (!CHECK(c >= 0 && nb >= 0 && forrest != LW_NONE))
		return;
	int v = lw_D()->cities[c].supply;
	int pu = s->side[LW_UNION].pc, pc = s->side[LW_CONFEDERATE].pc;
	lw_capture_city(s, LW_CONFEDERATE, c, true);
	printf("# %s taken by Forrest\n", what);
	CHECK_EQ_INT(s->city[c].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->city[c].garrison, 0); /* retaken by its own side */
	CHECK_EQ_INT(s->side[LW_UNION].pc, pu - v);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc + v);
	s->unit[forrest].hex = (int16_t)nb;
	lw_cav_city_settle(s);
	printf("# Forrest left %s\n", what);
	CHECK_EQ_INT(s->city[c].owner, LW_UNION);
	CHECK(!lw_cav_city_held(s, c));
	CHECK_EQ_INT(s->city[c].garrison, 1); /* the Union's garrison is back */
	CHECK_EQ_INT(s->side[LW_UNION].pc, pu);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc);
	s->unit[forrest].where = LW_W_PENDING;
	s->unit[forrest].hex = LW_NO_HEX;
}

int main(void)
{
	struct lw_state *s = fx_new(4);
	if (!CHECK(s != NULL))
		return tap_done();
	int nash = lw_city_at(NASHVILLE), wil = lw_city_at(WILMINGTON);
	if (!CHECK(nash >= 0 && wil >= 0))
		return tap_done();

	/* Nashville, a Confederate city the Union holds with its garrison */
	s->city[nash].owner = LW_UNION;
	s->city[nash].garrison = 1;
	int occupied = lw_city_defense(s, nash);
	CHECK_EQ_INT(occupied, 1); /* 16.10.2: 2 - 1 */
	raid_and_leave(s, NASHVILLE, "Nashville");
	CHECK_EQ_INT(lw_city_defense(s, nash), occupied);

	/* Wilmington: a port held by a Union garrison counts as blockaded (8.2)
	 * before the raid and again after it */
	s->city[wil].owner = LW_UNION;
	s->city[wil].garrison = 1;
	CHECK(lw_naval_blockaded_for_effects(s, wil));
	raid_and_leave(s, WILMINGTON, "Wilmington");
	CHECK(lw_naval_blockaded_for_effects(s, wil));

	/* the Union's own city (Columbus OH) taken and left: no garrison, as
	 * before the raid */
	int col = lw_city_at(1302);
	if (CHECK(col >= 0)) {
		CHECK_EQ_INT(s->city[col].owner, LW_UNION);
		CHECK_EQ_INT(s->city[col].garrison, 0);
		int forrest = fx_place(s, "forrest", 1302, 1);
		lw_capture_city(s, LW_CONFEDERATE, col, true);
		s->unit[forrest].hex = (int16_t)next_door(1302);
		lw_cav_city_settle(s);
		CHECK_EQ_INT(s->city[col].owner, LW_UNION);
		CHECK_EQ_INT(s->city[col].garrison, 0);
	}
	free(s);
	return tap_done();
}
