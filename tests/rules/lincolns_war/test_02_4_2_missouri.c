/* 2.4.2 Missouri: Springfield and Neosho start Confederate and St. Louis and
 * Kansas City Union, without garrison counters; Jefferson City and Hannibal
 * are neutral: the first force to enter takes them without combat, places
 * its garrison marker and adds the city's supply value to its PC; a neutral
 * city's garrison costs no defense; taken later by the enemy, the loser
 * pays the supply value and the victor gains it, again without the
 * garrison penalty. */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	static const char *const cs[] = {"springfield_mo", "neosho"}, *const us[] = {"st_louis",
	                                                                             "kansas_city"};
	for (int i = 0; i < 2; i++) {
		int c = fx_city(cs[i]), u = fx_city(us[i]);
		if (CHECKF(c >= 0 && u >= 0, "%s and %s in the data", cs[i], us[i])) {
			CHECK_EQ_INT(lw_city_controller(s, c), LW_CONFEDERATE);
			CHECK_EQ_INT(lw_city_controller(s, u), LW_UNION);
			CHECK(!s->city[c].garrison && !s->city[u].garrison);
		}
	}
	int jc = fx_city("jefferson_city");
	if (!CHECK(jc >= 0) || !CHECK_EQ_INT(lw_city_controller(s, jc), LW_NOSIDE))
		return tap_done();
	int hex = d->cities[jc].hex, from = LW_NO_HEX;
	int nb[6], n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int k = 0; k < n && from == LW_NO_HEX; k++) {
		const struct lw_hex *h = lw_data_hex(d, nb[k]);
		if (h && h->terrain == LW_TERRAIN_CLEAR && h->city < 0 &&
		    !(lw_data_hexside_flags(d, nb[k], hex) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			from = nb[k];
	}
	if (!CHECK(from != LW_NO_HEX))
		return tap_done();
	int defense = lw_city_defense(s, jc), supply = d->cities[jc].supply;
	int us_pc = s->side[LW_UNION].pc, cs_pc = s->side[LW_CONFEDERATE].pc;
	int lyon = fx_place(s, "lyon", from, 1);
	lw_march_begin(s, lyon, false);
	char a[64];
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", hex);
	ACT_OK(s, LW_UNION, a); /* entered, no battle */
	CHECK(!s->battle.active);
	CHECK_EQ_INT(lw_city_controller(s, jc), LW_UNION);
	CHECK_EQ_INT(s->city[jc].garrison, 1);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us_pc + supply);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs_pc); /* nobody loses a neutral city */
	CHECK_EQ_INT(lw_city_defense(s, jc), defense);   /* no garrison penalty */
	/* captured later by the Confederates */
	s->unit[lyon].where = LW_W_PENDING;
	s->unit[lyon].hex = LW_NO_HEX;
	us_pc = s->side[LW_UNION].pc;
	lw_capture_city(s, LW_CONFEDERATE, jc, false);
	CHECK_EQ_INT(lw_city_controller(s, jc), LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us_pc - supply);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs_pc + supply);
	CHECK_EQ_INT(s->city[jc].garrison, 1);
	CHECK_EQ_INT(lw_city_defense(s, jc), defense);
	/* a Union city taken by the enemy does suffer the penalty (16.10.2) */
	int stl = fx_city("st_louis");
	int stl_def = lw_city_defense(s, stl);
	lw_capture_city(s, LW_CONFEDERATE, stl, false);
	CHECK_EQ_INT(lw_city_defense(s, stl), stl_def > 0 ? stl_def - 1 : 0);
	free(s);
	return tap_done();
}
