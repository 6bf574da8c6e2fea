/* 11.2: "If a friendly unit enters an Area containing an enemy
 * entrenchment marker and there are no enemy units in the Area to assault,
 * that entrenchment marker is removed and a friendly Entrench +1 marker may
 * be placed in the Area at the discretion of the moving player." and
 * "if there are no defending units left in the assaulted Area after combat
 * resolution, and there are no friendly Entrench markers already in the
 * Area, an enemy Entrench +1 or Entrench +2 marker may be replaced by a
 * friendly Entrench +1 marker." The enemy marker goes in either case; the
 * moving (assaulting) player is asked whether his +1 is placed (README
 * decision 31), only while one of his counters is free (11.0). */
#include "boal_impulse_testkit.h"

static const int U = BOAL_UNION, C = BOAL_CONFEDERATE;

/* A.P. Hill's division alone enters Ellerson's Mill (6), where a Union
 * Entrench +2 marker stands and no Union unit */
static void march_in(struct boal_state *s)
{
	bt_setup(s, false);
	bt_clear(s);
	bt_put(s, "aphill_inf", 3);
	s->control[3] = (uint8_t)C;
	s->control[6] = (uint8_t)U;
	s->entrench_side[6] = (int8_t)U;
	s->entrench_level[6] = 2;
	boal_impulse_begin(s, C);
	CHECK_EQ_INT(bt_act(s, C, "{\"type\":\"activate\",\"area\":3}"), 0);
	CHECK_EQ_INT(bt_act(s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(bt_act(s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}"), 0);
}

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	char buf[160];

	/* entering: the Union marker is gone and the Confederate is asked */
	march_in(&s);
	CHECK_EQ_INT(s.entrench_side[6], BOAL_NOBODY);
	CHECK_EQ_STR(bt_pending(&s), "entrench_capture");
	CHECK_EQ_INT(bt_offers(&s, C, "place_entrenchment", NULL, 0), 1);
	CHECK_EQ_INT(bt_offers(&s, C, "no_entrenchment", NULL, 0), 1);
	CHECK_EQ_INT(bt_offers(&s, U, "place_entrenchment", NULL, 0), 0);
	CHECK(strstr(tg_pending_prompt(bt_table, BT_N, &s, C, buf, sizeof buf), "(11.2)"));
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":3}"), -1);
	CHECK_EQ_STR(bt_err.message,
	             "11.2: the answer is \"place_entrenchment\" or \"no_entrenchment\"");
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"place_entrenchment\"}"), 0);
	CHECK_EQ_INT(s.entrench_side[6], C);
	CHECK_EQ_INT(s.entrench_level[6], 1);
	CHECK_EQ_STR(bt_pending(&s), "assault_move"); /* the impulse goes on */

	/* declined: the area stays without a marker */
	march_in(&s);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"no_entrenchment\"}"), 0);
	CHECK_EQ_INT(s.entrench_side[6], BOAL_NOBODY);
	CHECK_EQ_INT(s.entrench_level[6], 0);
	CHECK_EQ_STR(bt_pending(&s), "assault_move");

	/* every Confederate counter in play: the marker goes, nothing asked */
	bt_setup(&s, false);
	int spare = d->entrench_markers[C] - boal_entrench_markers_used(&s, C);
	bt_clear(&s);
	for (int a = 10; a <= BOAL_AREAS && spare > 0; a++)
		if (s.entrench_side[a] == BOAL_NOBODY && a != 3 && a != 6) {
			s.entrench_side[a] = (int8_t)C;
			s.entrench_level[a] = 1;
			spare--;
		}
	CHECK_EQ_INT(boal_entrench_markers_used(&s, C), d->entrench_markers[C]);
	bt_put(&s, "aphill_inf", 3);
	s.control[3] = (uint8_t)C;
	s.control[6] = (uint8_t)U;
	s.entrench_side[6] = (int8_t)U;
	s.entrench_level[6] = 1;
	boal_impulse_begin(&s, C);
	bt_act(&s, C, "{\"type\":\"activate\",\"area\":3}");
	bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}");
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}"), 0);
	CHECK_EQ_INT(s.entrench_side[6], BOAL_NOBODY);
	CHECK_EQ_STR(bt_pending(&s), "assault_move");

	/* the assault: A.P. Hill's division takes Ellerson's Mill from an
	 * Exhausted McCall behind an Entrench +1; the Union takes the CP by
	 * eliminating him, and the Confederate is asked (either answer) */
	int asked = 0;
	for (int k = 0; k < 4000 && asked < 4; k++) {
		bt_setup(&s, false);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, (uint8_t)(k >> 8), 112, 11};
		tg_rng_init(&s.rng, key);
		bt_clear(&s);
		bt_put(&s, "aphill_inf", 3);
		bt_put(&s, "mccall_inf", 6);
		s.unit[bt_unit("mccall_inf")].exhausted = true;
		s.control[3] = (uint8_t)C;
		s.control[6] = (uint8_t)U;
		s.entrench_side[6] = (int8_t)U;
		s.entrench_level[6] = 1;
		s.advantage = (int8_t)C; /* no Heroic Defense */
		boal_impulse_begin(&s, C);
		bt_act(&s, C, "{\"type\":\"activate\",\"area\":3}");
		bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}");
		bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}");
		CHECK_EQ_INT(
		    bt_act(&s, C, "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\"}"), 0);
		if (strcmp(bt_pending(&s), "casualty"))
			continue;
		CHECK_EQ_INT(
		    bt_act(&s, U,
		           "{\"type\":\"cp\",\"unit\":\"mccall_inf\",\"loss\":\"eliminate\"}"),
		    0);
		if (s.unit[bt_unit("mccall_inf")].area != BOAL_NOWHERE)
			continue;
		CHECK_EQ_INT(s.entrench_side[6], BOAL_NOBODY);
		CHECK_EQ_STR(bt_pending(&s), "entrench_capture");
		CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << C);
		bool place = asked % 2 == 0;
		CHECK_EQ_INT(bt_act(&s, C,
		                    place ? "{\"type\":\"place_entrenchment\"}"
		                          : "{\"type\":\"no_entrenchment\"}"),
		             0);
		CHECK_EQ_INT(s.entrench_side[6], place ? C : BOAL_NOBODY);
		CHECK_EQ_INT(s.control[6], C);
		CHECK_EQ_STR(bt_pending(&s), "assault_move");
		asked++;
	}
	CHECK_EQ_INT(asked, 4);
	return tap_done();
}
