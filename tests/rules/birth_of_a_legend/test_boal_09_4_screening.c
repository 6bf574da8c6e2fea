/* 9.4 Cavalry Screening: "Whenever enemy units enter an Area occupied
 * solely by at least one friendly Cavalry unit, any and all friendly
 * Cavalry units (including the Stuart (Horse) Artillery unit) may retreat
 * ... The Screening Cavalry must adhere to normal retreat priorities
 * (Section 10.7). Cavalry units that retreat in this fashion do not become
 * Exhausted ... No Assault takes place ... If the enemy units have any MF
 * remaining after the Screening Cavalry have retreated, those enemy units
 * may continue moving." 10.7.2 with ties: the owner chooses. */
#include "boal_impulse_testkit.h"

static void scene(struct boal_state *s)
{
	bt_setup(s, false);
	bt_clear(s);
	bt_put(s, "emory_cav", 3); /* Union, Mechanicsville, Union-controlled */
	bt_put(s, "anderson_inf", 4);
	s->control[4] = BOAL_CONFEDERATE;
	boal_impulse_begin(s, BOAL_CONFEDERATE);
	bt_act(s, 1, "{\"type\":\"activate\",\"area\":4}");
	bt_act(s, 1, "{\"type\":\"activate_unit\",\"unit\":\"anderson_inf\"}");
}

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	int emory = bt_unit("emory_cav"), anderson = bt_unit("anderson_inf");

	scene(&s);
	/* 4 -> 3 by the road, a Fresh enemy: 4 MF of 5 */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_inf\",\"to\":3}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "screen");
	CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << U);
	CHECK(bt_act(&s, C, "{\"type\":\"end\"}") != 0); /* the Union decides now */
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"screen\"}"), 0);
	/* two Free areas of priority 1 (Hundley's Corner 5, Ellerson's Mill 6):
	 * the Union chooses */
	CHECK_EQ_STR(bt_pending(&s), "retreat");
	CHECK(bt_offers(&s, U, "retreat_to", NULL, 5) == 1 &&
	      bt_offers(&s, U, "retreat_to", NULL, 6) == 1);
	CHECK(bt_offers(&s, U, "retreat_to", NULL, 45) == 0); /* enemy-controlled */
	CHECK(bt_act(&s, U, "{\"type\":\"retreat_to\",\"area\":45}") != 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"retreat_to\",\"area\":5}"), 0);
	CHECK_EQ_INT(s.unit[emory].area, 5);
	CHECK(!s.unit[emory].exhausted);
	/* no assault; the Confederate goes on with his last MF */
	CHECK_EQ_STR(bt_pending(&s), "assault_move");
	CHECK_EQ_INT(s.control[3], C);
	CHECK(!(s.imp.uflag[anderson] & BOAL_IU_STOPPED));
	CHECK_EQ_INT(s.imp.mf[anderson], 1);
	CHECK(!s.unit[anderson].exhausted);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);

	/* standing: the assault is owed (10.1) */
	scene(&s);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_inf\",\"to\":3}"), 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"stand\"}"), 0);
	CHECK_EQ_INT(s.unit[emory].area, 3);
	CHECK(bt_act(&s, C, "{\"type\":\"end\"}") != 0);
	CHECK(bt_offers(&s, C, "assault", NULL, 3) == 1);

	/* not solely cavalry: no screening */
	scene(&s);
	bt_put(&s, "whitehouse_inf", 3);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_inf\",\"to\":3}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "assault_move");

	/* nowhere to go: eliminated (10.7.4) */
	scene(&s);
	s.control[5] = s.control[6] = (uint8_t)C;
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_inf\",\"to\":3}"), 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"screen\"}"), 0);
	CHECK_EQ_INT(s.unit[emory].area, BOAL_NOWHERE);
	CHECK_EQ_STR(bt_pending(&s), "assault_move");
	return tap_done();
}
