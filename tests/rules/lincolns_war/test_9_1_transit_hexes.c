/* 9.1 / 2.3 transit hexes: "The Union can always rail around obstacles by
 * using transit hexes on the northern map edge which connect various
 * Northern cities"; they "can be used to bypass cut rails during the Union
 * Rail Phase". The five transit hexes (New York, Points NE, Cleveland,
 * Michigan, Chicago) are linked for the Union whatever stands on the rails
 * between them (an enemy force, an RIT); a transit hex itself that is cut
 * (an enemy force, an RIT in it) is not passed; the Confederates have no
 * such link. */
#include "lw_rail_fixture.h"

enum { NEW_YORK = 2201, CLEVELAND = 1401, MICHIGAN = 1101, CHICAGO = 901 };
/* ordinary hexes of the northern line between them (reconstructed map:
 * New York 2201 - 2101 - ... - 1501 - Cleveland 1401 - 1301 - 1201 -
 * Michigan 1101 - 1002 - Chicago 901) */
enum { H1801 = 1801, H1201 = 1201, H1002 = 1002 };

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	int n_transit = 0;
	for (size_t c = 0; c < d->n_cities; c++)
		n_transit += d->cities[c].transit;
	CHECK_EQ_INT(n_transit, 5);
	s->phase = LW_PH_RAIL;
	s->phasing = LW_UNION;

	/* the line is open: New York to Chicago */
	int pope = fx_place(s, "pope", NEW_YORK, 1);
	CHECK(lw_rail_connected(s, LW_UNION, NEW_YORK, CHICAGO));

	/* a Confederate force on the line between them, and RIT further on:
	 * the Union still rails from New York to Chicago */
	int stuart = fx_place(s, "stuart", H1801, 1);
	lw_rit_set(s, H1201, true);
	lw_rit_set(s, H1002, true);
	CHECK(lw_rail_interrupted(s, LW_UNION, H1801));
	CHECK(lw_rail_connected(s, LW_UNION, NEW_YORK, CHICAGO));
	CHECK(lw_rail_connected(s, LW_UNION, NEW_YORK, CLEVELAND));
	/* Michigan, between the two RIT, is reached too */
	CHECK(lw_rail_connected(s, LW_UNION, NEW_YORK, MICHIGAN));
	CHECK(lw_rail_connected(s, LW_UNION, CHICAGO, NEW_YORK));
	{
		int r_ = rx_rail(s, LW_UNION,
		                 "{\"type\":\"rail\",\"unit\":\"pope\",\"to\":901,\"force\":true}");
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(s->unit[pope].hex, CHICAGO);

	/* a transit hex that is itself cut is not passed: an RIT at Cleveland
	 * closes Cleveland, not the others */
	lw_rit_set(s, CLEVELAND, true);
	CHECK(!lw_rail_connected(s, LW_UNION, CHICAGO, CLEVELAND));
	CHECK(lw_rail_connected(s, LW_UNION, CHICAGO, NEW_YORK));
	lw_rit_set(s, CLEVELAND, false);

	/* the Confederates have no link: give them Cleveland and Michigan
	 * (artificially) and cut the rails between them */
	s->unit[stuart].hex = MICHIGAN;
	s->city[lw_city_at(CLEVELAND)].owner = LW_CONFEDERATE;
	s->city[lw_city_at(MICHIGAN)].owner = LW_CONFEDERATE;
	lw_rit_set(s, H1002, false);
	CHECK(!lw_rail_connected(s, LW_CONFEDERATE, MICHIGAN, CLEVELAND));
	free(s);
	return tap_done();
}
