/* 15.4 (Advanced): a match saved while a bridge's holder is asked whether
 * to blow it (15.4.1), after a repair attempt this impulse (15.4.3) and with
 * the Union Engineers on a bridge (15.4.4), loads to the same state: the
 * impulse's bridge fields are in the save (boal_save.c), and the loaded
 * match goes on exactly as the original. */
#include "boal_impulse_testkit.h"
#include "boal_module.h"

int main(void)
{
	struct boal_state s, t;
	const int U = BOAL_UNION;
	const struct boal_data *d = bt_data();
	int nb = boal_data_bridge(d, 6, 41), gv = boal_data_bridge(d, 7, 40);
	bt_setup(&s, true);
	s.bridge[gv] = BOAL_NOBODY;
	s.imp.engineers = (uint8_t)(gv + 1);
	s.bridge[nb] = BOAL_NOBODY;
	s.imp.repaired[U] = (int8_t)(s.turn + 1); /* the Union repaired one this Turn */
	s.bridge[nb] = (int8_t)U;
	boal_impulse_begin(&s, U);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"activate\",\"area\":6}"), 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"activate_unit\",\"unit\":\"mccall_inf\"}"), 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"end\"}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "demolish");
	CHECK(s.imp.held0[U] && s.imp.demo_bridge == nb + 1);

	json_t *j = boal_save_json(&s);
	CHECK(j != NULL);
	struct tg_error err = {{0}, {0}};
	memset(&t, 0, sizeof t);
	CHECK_EQ_INT(boal_load_json(&t, j, &err), 0);
	json_decref(j);
	CHECK_EQ_STR(bt_pending(&t), "demolish");
	CHECK(t.imp.held0[U] && !t.imp.held0[!U]);
	CHECK_EQ_INT(t.imp.demo_bridge, nb + 1);
	CHECK_EQ_INT(t.imp.repaired[U], s.turn + 1);
	CHECK_EQ_INT(t.imp.engineers, gv + 1);
	CHECK(memcmp(&t, &s, sizeof s) == 0);
	/* both go on alike */
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"demolish\"}"), 0);
	CHECK_EQ_INT(bt_act(&t, U, "{\"type\":\"demolish\"}"), 0);
	CHECK_EQ_INT(s.bridge[nb], t.bridge[nb]);
	CHECK(memcmp(&t, &s, sizeof s) == 0);
	return tap_done();
}
