/* 5.0 Prepare for Play, on the state boal_setup_state() makes.
 * 5.1: "Place a Control marker in each Area with a blue-ringed Identifier.
 * Place the Turn marker in the "June 26" space ... Place the Advantage
 * marker in the "0" space of the Impulses Track, CSA side up ... Place all
 * four Replacement markers in the "0" space of the Record Track."
 * 5.2: "All units begin play on their Fresh (face-up) sides."
 * 15.4: the listed bridges start Union-held. */
#include "boal_query.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s, t;
	bt_setup(&s, false);
	CHECK_EQ_INT(s.version, BOAL_SAVE_VERSION);
	CHECK_EQ_STR(d->turn_label[s.turn], "June 26");
	CHECK_EQ_INT(s.phase, BOAL_DAWN);
	CHECK_EQ_INT(s.impulse, 0);
	CHECK_EQ_INT(s.advantage, BOAL_CONFEDERATE);
	CHECK_EQ_INT(s.reserve[BOAL_UNION], 0);
	CHECK_EQ_INT(s.reserve[BOAL_CONFEDERATE], 0);
	CHECK_EQ_INT(s.train_area, 17); /* 5.2.1: Supply Train marker in Area 17 */
	CHECK(!s.train_moved);
	CHECK(!s.advanced);

	CHECK_EQ_INT(s.n_units, 68);
	CHECK_EQ_INT(s.n_leaders, 18);
	for (int u = 0; u < s.n_units; u++) {
		CHECK(!s.unit[u].exhausted);
		CHECK(!s.unit[u].reduced); /* 5.2.2: the full-strength counters */
		CHECK_EQ_INT(s.unit[u].area, d->unit[u].setup);
	}
	for (int l = 0; l < s.n_leaders; l++)
		CHECK(!s.leader[l].inactive && s.leader[l].area == d->leader[l].setup);

	/* the units decide the control of their set-up areas (no area starts
	 * Contested) and the rings the rest */
	for (int a = 1; a <= BOAL_AREAS; a++) {
		CHECK(!boal_contested(&s, d, a));
		CHECK_EQ_INT(s.control[a], d->area[a].control);
		if (boal_units_in(&s, d, BOAL_UNION, a))
			CHECK_EQ_INT(s.control[a], BOAL_UNION);
		if (boal_units_in(&s, d, BOAL_CONFEDERATE, a))
			CHECK_EQ_INT(s.control[a], BOAL_CONFEDERATE);
	}
	CHECK_EQ_INT(boal_units_in(&s, d, BOAL_UNION, 40), 9); /* README decision 2 */
	CHECK_EQ_INT(boal_units_in(&s, d, BOAL_CONFEDERATE, 2), 9);

	/* 5.2.1 entrenchments: "+1 Entrenchment marker" in 6, "+2" in 40 ... */
	CHECK(s.entrench_side[6] == BOAL_UNION && s.entrench_level[6] == 1);
	CHECK(s.entrench_side[40] == BOAL_UNION && s.entrench_level[40] == 2);
	CHECK(s.entrench_side[39] == BOAL_UNION && s.entrench_level[39] == 2);
	CHECK(s.entrench_side[38] == BOAL_UNION && s.entrench_level[38] == 1);
	CHECK(s.entrench_side[44] == BOAL_CONFEDERATE && s.entrench_level[44] == 2);
	CHECK(s.entrench_side[41] == BOAL_CONFEDERATE && s.entrench_level[41] == 2);
	CHECK(s.entrench_side[42] == BOAL_CONFEDERATE && s.entrench_level[42] == 2);
	int entrenched = 0;
	for (int a = 1; a <= BOAL_AREAS; a++)
		entrenched += s.entrench_side[a] != BOAL_NOBODY;
	CHECK_EQ_INT(entrenched, 7);

	/* 15.4: the eleven listed bridges are Union-held */
	for (int b = 0; b < s.n_bridges; b++)
		CHECK_EQ_INT(s.bridge[b], d->bridge[b].initial);
	CHECK_EQ_INT(s.bridge[boal_data_bridge(d, 6, 41)], BOAL_UNION);

	/* the same seed makes the same state, bit for bit; another seed only
	 * another generator */
	bt_setup(&t, false);
	CHECK(memcmp(&s, &t, sizeof s) == 0);
	uint8_t other[TG_SEED_BYTES] = {22};
	CHECK_EQ_INT(boal_setup_state(&t, d, other, false, NULL), 0);
	CHECK(memcmp(&s.rng, &t.rng, sizeof s.rng) != 0);
	t.rng = s.rng;
	CHECK(memcmp(&s, &t, sizeof s) == 0);
	/* the Advanced game starts from the same position */
	bt_setup(&t, true);
	CHECK(t.advanced);
	t.advanced = false;
	CHECK(memcmp(&s, &t, sizeof s) == 0);
	return tap_done();
}
