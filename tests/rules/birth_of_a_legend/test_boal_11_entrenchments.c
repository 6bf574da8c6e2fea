/* 11.0-11.3 Entrenchments.
 * 11.0: "The number of entrenchments each player may have in play is
 * limited to the counters supplied with the game" (8 a side, reconstructed).
 * 11.1: "The Area must contain at least one friendly Infantry unit ... If
 * the Area does not contain a friendly Entrench marker place an Entrench +1
 * marker. If the Area already contains a friendly +1 Entrench marker, flip
 * the marker to its Entrench +2 side."
 * 11.2: "If a friendly unit enters an Area containing an enemy entrenchment
 * marker and there are no enemy units in the Area to assault, that
 * entrenchment marker is removed and a friendly Entrench +1 marker may be
 * placed in the Area at the discretion of the moving player."
 * 11.3: "players may remove any friendly Entrench marker from the map". */
#include "boal_mechanics.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	bt_setup(&s, false);
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	struct tg_error err = {{0}, {0}};

	/* Laurel Hill Church (43): N. Carolina infantry, no marker: +1, then +2 */
	CHECK_EQ_INT(boal_entrench(&s, d, C, 43, &err), 0);
	CHECK(s.entrench_side[43] == C && s.entrench_level[43] == 1);
	CHECK_EQ_INT(boal_entrench(&s, d, C, 43, &err), 0);
	CHECK_EQ_INT(s.entrench_level[43], 2);
	CHECK_EQ_INT(boal_entrench(&s, d, C, 43, &err), -1);
	CHECK(strstr(err.message, "11.1") != NULL);
	/* Haws Shop (1): Stuart's cavalry and guns only, no infantry */
	CHECK_EQ_INT(boal_entrench(&s, d, C, 1, &err), -1);
	CHECK(strstr(err.message, "Infantry") != NULL);
	CHECK_EQ_INT(s.entrench_side[1], BOAL_NOBODY);
	/* Union: Ellerson's Mill +1 -> +2 */
	CHECK_EQ_INT(boal_entrench(&s, d, U, 6, &err), 0);
	CHECK_EQ_INT(s.entrench_level[6], 2);
	/* the counter limit: the Union has 4 markers in play, may place 4 more */
	CHECK_EQ_INT(boal_entrench_markers_used(&s, U), 4);
	static const int more[] = {7, 33, 17, 13};
	s.unit[bt_unit("peck_inf")].area = 13;
	for (int i = 0; i < 4; i++)
		CHECKF(boal_entrench(&s, d, U, more[i], &err) == 0, "area %d: %s", more[i],
		       err.message);
	CHECK_EQ_INT(boal_entrench_markers_used(&s, U), 8);
	s.unit[bt_unit("couch_inf")].area = 14;
	CHECK_EQ_INT(boal_entrench(&s, d, U, 14, &err), -1);
	CHECK(strstr(err.message, "11.0") != NULL);
	/* but flipping a +1 needs no new counter */
	CHECK_EQ_INT(boal_entrench(&s, d, U, 7, &err), 0);

	/* 11.3: removal */
	CHECK_EQ_INT(boal_entrench_remove(&s, U, 13, &err), 0);
	CHECK_EQ_INT(s.entrench_side[13], BOAL_NOBODY);
	CHECK_EQ_INT(boal_entrench_remove(&s, U, 13, &err), -1);
	CHECK_EQ_INT(boal_entrench_remove(&s, C, 40, &err), -1); /* not his */

	/* 11.2: Magruder's Old Tavern (41, +2) left empty; a Union unit enters */
	bt_setup(&s, false);
	for (int u = 0; u < s.n_units; u++)
		if (s.unit[u].area == 41)
			s.unit[u].area = 44;
	CHECK_EQ_INT(boal_capture_entrenchment(&s, d, U, 41, true, &err),
	             -1); /* nobody there yet */
	s.unit[bt_unit("slocum_inf")].area = 41;
	CHECK_EQ_INT(boal_capture_entrenchment(&s, d, U, 41, true, &err), 0);
	CHECK(s.entrench_side[41] == U && s.entrench_level[41] == 1); /* a +1 whatever it was */
	/* without placing: the marker is only removed */
	bt_setup(&s, false);
	s.unit[bt_unit("richmond_garrison")].area = BOAL_NOWHERE;
	s.unit[bt_unit("kearny_inf")].area = 44;
	CHECK_EQ_INT(boal_capture_entrenchment(&s, d, U, 44, false, &err), 0);
	CHECK_EQ_INT(s.entrench_side[44], BOAL_NOBODY);
	/* enemy units still there: no capture */
	bt_setup(&s, false);
	s.unit[bt_unit("kearny_inf")].area = 44;
	CHECK_EQ_INT(boal_capture_entrenchment(&s, d, U, 44, true, &err), -1);
	CHECK_EQ_INT(s.entrench_side[44], C);
	return tap_done();
}
