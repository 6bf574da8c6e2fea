/* 6.3.1 Sunset DR: "If the Sunset DR is less than or equal to the Impulse
 * number, the Daylight Phase ends once the Confederate player has finished
 * his Impulse. If the Sunset DR is greater than the Impulse number, the
 * Advantage marker advances to the next space on the Impulses Track. If the
 * Advantage marker moves off the Impulses Track, the Daylight Phase ends."
 * 15.1.3: "If the Confederate Sunset DR equals the current Impulse number
 * the Daylight Phase does not end; instead the Weather changes".
 * README decision 6: the first impulse is impulse 0, the track ends at 12. */
#include "boal_rules.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	/* a DR is 2..12: impulses 0 and 1 never end the day */
	for (int dr = 2; dr <= 12; dr++) {
		CHECK_EQ_INT(boal_sunset(dr, 0, false), BOAL_SUNSET_GO_ON);
		CHECK_EQ_INT(boal_sunset(dr, 1, false), BOAL_SUNSET_GO_ON);
		CHECK_EQ_INT(boal_sunset(dr, 12, false), BOAL_SUNSET_DAY_ENDS);
	}
	/* impulse 6: 2..6 end it, 7..12 go on */
	for (int dr = 2; dr <= 12; dr++)
		CHECKF(boal_sunset(dr, 6, false) ==
		           (dr <= 6 ? BOAL_SUNSET_DAY_ENDS : BOAL_SUNSET_GO_ON),
		       "DR %d", dr);
	/* Advanced: equal changes the weather, less still ends, greater goes on */
	CHECK_EQ_INT(boal_sunset(6, 6, true), BOAL_SUNSET_WEATHER);
	CHECK_EQ_INT(boal_sunset(5, 6, true), BOAL_SUNSET_DAY_ENDS);
	CHECK_EQ_INT(boal_sunset(7, 6, true), BOAL_SUNSET_GO_ON);
	CHECK_EQ_INT(boal_sunset(2, 2, true), BOAL_SUNSET_WEATHER);
	/* the track: spaces 0..12 */
	for (int i = 0; i < 12; i++)
		CHECK(!boal_marker_leaves_track(d, i));
	CHECK(boal_marker_leaves_track(d, 12));
	return tap_done();
}
