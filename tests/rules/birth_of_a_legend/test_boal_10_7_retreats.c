/* 10.7.2 Retreat Priorities: "If there is more than one Area to which units
 * may retreat, the units must retreat based on the following priorities:
 * 1) Free Area. Note: Units may not retreat into an enemy-controlled Area
 * even if free of enemy units. 2) Friendly-Controlled, Contested Area 3)
 * Fully-stacked Area". 10.7.1: "Units must retreat one unit at a time to
 * determine if the Area becomes fully-stacked. If it does, subsequent units
 * must continue their retreat to another Area that is not fully-stacked."
 * 10.7.4: "If for any reason a unit is unable to retreat per the retreat
 * priorities (Case 10.7.2) it is eliminated." README decision 12: a full
 * area is passed through. Ellerson's Mill (6) borders 3, 5, 7 and, over
 * New Bridge, Old Tavern (41). */
#include "boal_query.h"
#include "boal_testkit.h"

static bool has(const int *a, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (a[i] == x)
			return true;
	return false;
}

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	bt_setup(&s, false);
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	int out[TG_AREA_MAX];

	/* priority 1: the Free areas 3, 5, 7 (Union), never Magruder's 41 */
	int n = boal_retreat_options(&s, d, U, 6, out);
	CHECK_EQ_INT(n, 3);
	CHECK(has(out, n, 3) && has(out, n, 5) && has(out, n, 7) && !has(out, n, 41));
	/* an enemy-controlled area is closed even when empty: 3 and 5 go
	 * Confederate; Gaines Mill (7) is left */
	s.control[3] = s.control[5] = (uint8_t)C;
	n = boal_retreat_options(&s, d, U, 6, out);
	CHECK(n == 1 && out[0] == 7);
	/* priority 2 only when no Free area is open: 7 Contested but Union */
	s.unit[bt_unit("whiting_inf")].area = 7;
	s.control[5] = (uint8_t)U;
	n = boal_retreat_options(&s, d, U, 6, out);
	CHECK(n == 1 && out[0] == 5); /* 5 Free beats 7 Contested */
	s.control[5] = (uint8_t)C;
	n = boal_retreat_options(&s, d, U, 6, out);
	CHECK(n == 1 && out[0] == 7); /* now the Contested one */

	/* priority 3: Gaines Mill full (ten Union units): pass through it to
	 * the Free areas beyond (8, 9, 11, 40), not back to 6 */
	bt_setup(&s, false);
	s.control[3] = s.control[5] = (uint8_t)C;
	s.unit[bt_unit("hq_inf")].area = 7;
	s.unit[bt_unit("hq_cav")].area = 7;
	s.unit[bt_unit("6ny_cav")].area = 7;
	s.unit[bt_unit("3penn_cav")].area = 7;
	CHECK(boal_fully_stacked(&s, d, U, 7));
	n = boal_retreat_options(&s, d, U, 6, out);
	CHECK_EQ_INT(n, 4);
	CHECK(has(out, n, 8) && has(out, n, 9) && has(out, n, 11) && has(out, n, 40));
	CHECK(!has(out, n, 6) && !has(out, n, 7));
	/* 10.7.4: nothing open beyond either: eliminated */
	static const int beyond[] = {8, 9, 11, 40};
	for (int i = 0; i < 4; i++)
		s.control[beyond[i]] = (uint8_t)C;
	CHECK_EQ_INT(boal_retreat_options(&s, d, U, 6, out), 0);

	/* a destroyed bridge is no way out (15.4): Old Tavern's Confederates
	 * retreat from 41 but not over a blown New Bridge into a Confederate 6 */
	bt_setup(&s, true);
	s.control[6] = (uint8_t)C;
	for (int u = 0; u < s.n_units; u++)
		if (s.unit[u].area == 6)
			s.unit[u].area = 7;
	n = boal_retreat_options(&s, d, C, 41, out);
	CHECK(has(out, n, 6));
	s.bridge[boal_data_bridge(d, 6, 41)] = BOAL_NOBODY;
	n = boal_retreat_options(&s, d, C, 41, out);
	CHECK(!has(out, n, 6));
	CHECK(has(out, n, 44) && has(out, n, 45) && has(out, n, 42));
	return tap_done();
}
