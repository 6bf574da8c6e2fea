/* 14.4 "the Union player may not move inland out of a captured ocean port
 * except New Orleans and ... one other captured ocean port ... which he can
 * designate as a Port City Staging Area": by rail (9.1) neither. A Union
 * general in captured Savannah may not rail inland (to 1411 on the Macon
 * line); once Savannah is the PCSA he may; and railing into the captured
 * port from inland stays open (14.4 restricts leaving it only). */
#include "lincolns_war/lw_amphib.h"
#include "lincolns_war/lw_rail.h"
#include "lw_land_fixture.h"

enum { SAVANNAH = 1511, H1411 = 1411 };

int main(void)
{
	struct lw_state *s = fx_new(6);
	if (!CHECK(s != NULL))
		return tap_done();
	int sav = lw_city_at(SAVANNAH);
	CHECK(sav >= 0 && lw_D()->cities[sav].ocean_port);
	s->city[sav].owner = LW_UNION; /* captured */
	CHECK(lw_pcsa_captured_port(s, sav));
	s->phase = LW_PH_RAIL;
	s->phasing = LW_UNION;
	int sherman = fx_place(s, "sherman", SAVANNAH, 2);
	CHECK(lw_rail_connected(s, LW_UNION, SAVANNAH, H1411));

	struct tg_error err = {0};
	CHECK_EQ_INT(lw_rail_check(s, sherman, H1411, true, &err), -1);
	CHECKF(strstr(err.message, "14.4") != NULL, "refused for 14.4: '%s'", err.message);

	/* Savannah the Port City Staging Area: he may leave it by rail */
	s->amphib.pcsa.hex = SAVANNAH;
	err = (struct tg_error){0};
	CHECKF(lw_rail_check(s, sherman, H1411, true, &err) == 0, "from the PCSA: '%s'",
	       err.message);

	/* into the captured port from inland: allowed */
	s->amphib.pcsa.hex = LW_NO_HEX;
	s->unit[sherman].hex = H1411;
	err = (struct tg_error){0};
	CHECKF(lw_rail_check(s, sherman, SAVANNAH, true, &err) == 0, "into Savannah: '%s'",
	       err.message);
	free(s);
	return tap_done();
}
