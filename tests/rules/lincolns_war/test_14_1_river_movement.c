/* 14.1 River movement and river assault; 14.1.3 resolving river assaults;
 * 14.3 special water rules (New Orleans both kinds of port, the ports the
 * errata declare ocean-only). */
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!s)
		return 1;
	int cairo = am_hex("cairo"), memphis = am_hex("memphis"), vicks = am_hex("vicksburg");

	/* 14.3: New Orleans is both; the four errata ports are ocean ports only */
	CHECK(lw_amphib_river_port(am_city("new_orleans")));
	CHECK(lw_amphib_ocean_port(am_city("new_orleans")));
	const char *ocean_only[] = {"charleston", "savannah", "apalachicola", "mobile"};
	for (int i = 0; i < 4; i++) {
		CHECKF(!lw_amphib_river_port(am_city(ocean_only[i])), "%s is no river port",
		       ocean_only[i]);
		CHECKF(lw_amphib_ocean_port(am_city(ocean_only[i])), "%s is an ocean port",
		       ocean_only[i]);
	}
	CHECK_EQ_INT(lw_amphib_river_stars(LW_UNION), 2);
	CHECK_EQ_INT(lw_amphib_river_stars(LW_CONFEDERATE), 1);

	/* 14.1.1/14.1.2 from Cairo: the first enemy port down the Mississippi is
	 * Memphis; Vicksburg lies beyond it */
	int g = am_general(s, LW_UNION, cairo, 2, LW_NONE);
	int land[512], ports[64], np = 0;
	int nl = lw_amphib_river_reach(s, LW_UNION, cairo, land, 512, ports, &np, 64);
	CHECK(am_has(ports, np, memphis));
	CHECK(!am_has(ports, np, vicks));
	CHECK(!am_has(land, nl, memphis)); /* never into an enemy port's hexsides */
	CHECK(!am_has(land, nl, vicks));
	CHECK(am_has(land, nl, 707)); /* up to Memphis, landing on either bank */

	/* 14.1.1 (2): enemy forces on both banks stop the boats */
	int c1 = am_general(s, LW_CONFEDERATE, 706, 1, LW_NONE);
	int c2 = am_general(s, LW_CONFEDERATE, 806, 1, c1);
	int c3 = am_general(s, LW_CONFEDERATE, 705, 1, c2);
	nl = lw_amphib_river_reach(s, LW_UNION, cairo, land, 512, ports, &np, 64);
	CHECK(!am_has(land, nl, 707));
	CHECK(!am_has(land, nl, 706)); /* never into a hex with an enemy */
	s->unit[c1].where = s->unit[c2].where = s->unit[c3].where = LW_W_PENDING;

	/* river move: lands and ends the move; once per turn */
	am_activate(s, LW_UNION, &g, 1);
	AM_OK(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}");
	CHECK_EQ_INT(s->unit[g].hex, 707);
	CHECK(s->step != LW_ST_MOVE || s->play.movers_n == 0);
	s->unit[g].hex = (int16_t)cairo;
	am_activate(s, LW_UNION, &g, 1);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}", "14.1.1");
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_assault\",\"target\":608}", "14.1.1");

	/* the next turn: three stars are too many for the Union */
	s->turn = 3;
	int h = am_general(s, LW_UNION, cairo, 1, g);
	int both[2] = {g, h};
	am_activate(s, LW_UNION, both, 2);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}", "14.1.1");
	s->unit[h].where = LW_W_PENDING;

	/* 14.1.2: a river assault needs 10 PC */
	am_activate(s, LW_UNION, &g, 1);
	s->side[LW_UNION].pc = 9;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_assault\",\"target\":608}", "14.1.2");
	s->side[LW_UNION].pc = 12;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_assault\",\"target\":611}", "14.1.2");
	AM_OK(s, LW_UNION, "{\"type\":\"river_assault\",\"target\":608}");
	CHECK(s->battle.active);
	CHECK_EQ_INT(s->battle.def_hex, memphis);
	CHECK_EQ_INT(s->amphib.assault, LW_AM_RIVER_ASSAULT);
	CHECK_EQ_INT(s->amphib.river_turn[LW_UNION], 4);

	/* 14.1.3: the assault failed (Memphis still Confederate once the
	 * battle is over): back in Cairo with one more IT, no star lost */
	s->battle.active = 0;
	int it = s->unit[g].it, stars = s->unit[g].stars;
	lw_amphib_settle(s);
	CHECK_EQ_INT(s->unit[g].it, it + 1);
	CHECK_EQ_INT(s->unit[g].stars, stars);
	CHECK_EQ_INT(s->unit[g].hex, cairo);
	CHECK_EQ_INT(s->amphib.assault, LW_AM_NONE);

	/* the Confederates: one star by river, never an assault */
	s->turn = 4;
	int rebel = am_general(s, LW_CONFEDERATE, memphis, 2, LW_NONE);
	am_activate(s, LW_CONFEDERATE, &rebel, 1);
	AM_REFUSED(s, LW_CONFEDERATE, "{\"type\":\"river_move\",\"to\":707}", "14.1.1");
	s->unit[rebel].stars = 1;
	s->side[LW_CONFEDERATE].pc = 20;
	AM_REFUSED(s, LW_CONFEDERATE, "{\"type\":\"river_assault\",\"target\":805}", "14.1");
	AM_REFUSED(s, LW_CONFEDERATE, "{\"type\":\"ocean_move\",\"to\":1611}", "14.1-14.2");

	/* the offers name the rule and are accepted as offered */
	s->unit[g].hex = (int16_t)cairo;
	s->turn = 5;
	am_activate(s, LW_UNION, &g, 1);
	json_t *list = json_array();
	lw_amphib_offer(s, LW_UNION, TG_OFFERS_TREE(list));
	bool assault = false;
	for (size_t i = 0; i < json_array_size(list); i++) {
		const char *l =
		    json_string_value(json_object_get(json_array_get(list, i), "label"));
		assault |= l && strstr(l, "River assault on Memphis") != NULL;
	}
	CHECK(assault);
	json_decref(list);

	/* 14.1.2/14.1.3: Fredericksburg (defense 1) right across the river from
	 * Washington is the first enemy port; assaulted from the river, it
	 * defends with its city value, not the +2 of an attack across a river */
	{
		struct lw_state *w = fx_new(4);
		int wash = am_hex("washington"), fred = am_hex("fredericksburg");
		int us = am_general(w, LW_UNION, wash, 2, LW_NONE);
		int cs = am_general(w, LW_CONFEDERATE, fred, 1, LW_NONE);
		w->side[LW_UNION].pc = 15;
		am_activate(w, LW_UNION, &us, 1);
		w->play.pc_left = 0;
		char js[80];
		snprintf(js, sizeof js, "{\"type\":\"river_assault\",\"target\":%d}", fred);
		AM_OK(w, LW_UNION, js);
		for (int n = 0; n < 4 && w->battle.active && w->step != LW_ST_COMMIT; n++)
			AM_OK(w, LW_CONFEDERATE, "{\"type\":\"stand\"}");
		AM_OK(w, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
		AM_OK(w, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
		CHECK(am_log_has(w, "terrain 1,"));
		CHECK(!am_log_has(w, "terrain 2,"));
		(void)cs;
		free(w);
	}

	/* 10.7.3.1: of the two forces of a campaign, only one goes by water */
	s->turn = 6;
	am_activate(s, LW_UNION, &g, 1);
	s->play.campaign = 1;
	s->play.activations_left = 1;
	AM_OK(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}");
	int other = am_general(s, LW_UNION, am_hex("new_york"), 1, g);
	am_activate(s, LW_UNION, &other, 1);
	s->play.campaign = 1;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":2005}", "10.7.3.1");
	free(s);
	return tap_done();
}
