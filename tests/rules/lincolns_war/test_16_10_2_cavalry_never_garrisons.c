/* 16.10.2: "Cavalry CO never place garrison tokens. If a cavalry CO
 * captures an enemy city, it is only controlled for as long as the cavalry
 * occupies the city." 13.1.3: "Cavalry COs never place Garrison Tokens".
 * 2.4.2: a neutral city falls to the first force that enters it.
 *
 * Issue 16 item 3: a lone cavalry general entering a neutral city took it
 * as infantry would (the PC, a garrison token, the city his for good).
 * Decision (docs/decisions.md "16.10.2 / 13.1.3 with 2.4.2: lone cavalry entering a neutral city"):
 * a neutral city entered by lone cavalry is held as 13.1.3 holds an enemy one: no garrison token,
 * held while he stays, and neutral again (its PC given back, 13.1.3's reversion) once he leaves,
 * unless his side's infantry has come in and placed its garrison. A force
 * with infantry in it captures as before. */
#include "lw_land_fixture.h"

enum { JEFFERSON_CITY = 404, HANNIBAL = 502 };

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

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int jc = lw_city_at(JEFFERSON_CITY), han = lw_city_at(HANNIBAL);
	if (!CHECK(jc >= 0 && han >= 0))
		return tap_done();
	CHECK_EQ_INT(s->city[jc].owner, LW_NOSIDE);
	int v = lw_D()->cities[jc].supply;
	int pc = s->side[LW_CONFEDERATE].pc;

	/* Forrest alone rides into Jefferson City */
	int forrest = fx_place(s, "forrest", JEFFERSON_CITY, 1);
	lw_border_enter(s, LW_CONFEDERATE, JEFFERSON_CITY);
	CHECK_EQ_INT(s->city[jc].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->city[jc].garrison, 0); /* no garrison token */
	CHECK(lw_cav_city_held(s, jc));
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc + v);
	/* a neutral city defends at full value for its holder (16.10.2) */
	CHECK_EQ_INT(lw_city_defense(s, jc), lw_D()->cities[jc].defense);
	lw_cav_city_settle(s);
	CHECK_EQ_INT(s->city[jc].owner, LW_CONFEDERATE); /* he is still there */

	/* he rides on: the city is neutral again, its PC given back */
	s->unit[forrest].hex = (int16_t)next_door(JEFFERSON_CITY);
	lw_cav_city_settle(s);
	CHECK_EQ_INT(s->city[jc].owner, LW_NOSIDE);
	CHECK_EQ_INT(s->city[jc].garrison, 0);
	CHECK(!lw_cav_city_held(s, jc));
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc);

	/* again, and Price's infantry follows him in: the garrison is placed
	 * and the city stays Confederate when both leave */
	s->unit[forrest].hex = JEFFERSON_CITY;
	lw_border_enter(s, LW_CONFEDERATE, JEFFERSON_CITY);
	int price = fx_place(s, "price", JEFFERSON_CITY, 1);
	lw_border_enter(s, LW_CONFEDERATE, JEFFERSON_CITY);
	lw_cav_city_settle(s);
	CHECK(!lw_cav_city_held(s, jc));
	CHECK_EQ_INT(s->city[jc].garrison, 1);
	s->unit[forrest].hex = (int16_t)next_door(JEFFERSON_CITY);
	s->unit[price].hex = (int16_t)next_door(JEFFERSON_CITY);
	lw_cav_city_settle(s);
	CHECK_EQ_INT(s->city[jc].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc + v);

	/* cavalry and infantry entering together capture as infantry would */
	s->unit[forrest].hex = HANNIBAL;
	s->unit[price].hex = HANNIBAL;
	lw_border_enter(s, LW_CONFEDERATE, HANNIBAL);
	CHECK_EQ_INT(s->city[han].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->city[han].garrison, 1);
	CHECK(!lw_cav_city_held(s, han));
	free(s);
	return tap_done();
}
