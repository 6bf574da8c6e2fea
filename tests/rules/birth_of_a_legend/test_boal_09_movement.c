/* 9.1-9.5 Movement, with 7.2 control gained on the way and 15.3 Forced
 * March, driven through the pending table.
 * 9.2: "Enter a Vacant Area = 1 MF; Enter a Vacant Area adjacent to a Fresh
 * enemy Artillery unit = 2 MF; Enter an Area containing only Exhausted enemy
 * units = 3 MF; Enter an Area containing a Fresh enemy unit = 4 MF; Cross
 * any Area boundary without moving along a road (Cavalry and Horse
 * Artillery exempt) = All MF". 9.2.1: "If a unit has not expended MF in the
 * Impulse, and lacks sufficient MF ... it may enter that Area by expending
 * all its MF." 9.3: "Only Point units may enter an Uncontested,
 * Enemy-Controlled Area ... A unit must be Fresh ... An artillery unit may
 * not be the Point Unit". 9.5.1: "Units may not move into or through a fully
 * stacked Area". 9.5.2: "A maximum of five units may cross at a single
 * bridge during a single Impulse. Leader markers do not count".
 * Map (data): 45 -Mechanicsville Bridge (road)- 3 -minor, road- 6 (McCall,
 * Union, Fresh artillery); 3 - 5 open road; 5 - 6 minor, no road. */
#include "boal_impulse_testkit.h"

static int mf(const struct boal_state *s, const char *id)
{
	return s->imp.mf[bt_unit(id)];
}

static int mv(struct boal_state *s, int role, const char *id, int to)
{
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"unit\":\"%s\",\"to\":%d}", id, to);
	return bt_act(s, role, buf);
}

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	const struct boal_data *d = bt_data();

	/* A.P. Hill's division and five Independents from Meadow's Bridge Road */
	bt_setup(&s, false);
	s.army_active[C] = true;
	const char *indep[] = {"johnson_inf", "johnson_art", "2va_cav", "wise_inf"};
	for (int i = 0; i < 4; i++)
		bt_put(&s, indep[i], 45);
	s.unit[bt_unit("wise_inf")].exhausted = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	/* 9.3: Mechanicsville (3) is Union-controlled and uncontested: neither
	 * artillery nor an Exhausted unit goes first */
	CHECK(mv(&s, C, "aphill_art", 3) != 0);
	CHECK(mv(&s, C, "wise_inf", 3) != 0);
	CHECK(bt_offers(&s, C, "move", "aphill_art", 3) == 0);
	CHECK(bt_offers(&s, C, "move", "aphill_inf", 3) == 1);
	/* 9.2: 3 is Vacant but next to McCall's Fresh artillery in 6: 2 MF */
	CHECK_EQ_INT(mv(&s, C, "aphill_inf", 3), 0);
	CHECK_EQ_INT(mf(&s, "aphill_inf"), 5 - 2);
	/* 7.2: "Control can be gained during movement without stopping" */
	CHECK_EQ_INT(s.control[3], C);
	/* "Once a Point Unit ... has entered an Area, any type of unit may
	 * enter"; the Exhausted one too */
	CHECK_EQ_INT(mv(&s, C, "aphill_art", 3), 0);
	CHECK_EQ_INT(mv(&s, C, "wise_inf", 3), 0);
	CHECK_EQ_INT(mv(&s, C, "johnson_inf", 3), 0);
	CHECK_EQ_INT(mv(&s, C, "johnson_art", 3), 0);
	/* 9.5.2: five units have crossed Mechanicsville Bridge */
	CHECK(mv(&s, C, "2va_cav", 3) != 0);
	CHECK(strstr(bt_err.message, "9.5.2") != NULL);
	/* Leaders cross for free */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"leader\":\"aphill\",\"to\":3}"), 0);
	CHECK_EQ_INT(s.leader[bt_leader("aphill")].area, 3);
	/* 9.2: into 6 (Fresh enemy) costs 4: A.P. Hill has 3 left and has
	 * spent MF, so no minimum move */
	CHECK(mv(&s, C, "aphill_inf", 6) != 0);
	/* Johnson's infantry (5 MF, 3 left) the same; off the road into 5
	 * (Hundley's Corner, over the 3-5 road) costs 2 (6's artillery is
	 * adjacent) */
	CHECK_EQ_INT(mv(&s, C, "johnson_inf", 5), 0);
	CHECK_EQ_INT(mf(&s, "johnson_inf"), 1);
	/* 5 -> 6 has no road: "All MF", only for a unit that has spent none
	 * (README decision 23) */
	CHECK(mv(&s, C, "johnson_inf", 6) != 0);
	/* 9.2.2: different destinations; the impulse ends with no assault
	 * owed */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);

	/* 9.2.1 minimum move and the off-road cost; cavalry exempt */
	bt_setup(&s, false);
	bt_clear(&s);
	bt_put(&s, "winder_inf", 5);
	bt_put(&s, "stuart_cav", 5);
	bt_put(&s, "mccall_inf", 6);
	s.control[5] = (uint8_t)C;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":5}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"winder_inf\"}"), 0);
	/* Winder off the road into 6 (Fresh enemy): "All MF" with all 5 unspent */
	CHECK_EQ_INT(mv(&s, C, "winder_inf", 6), 0);
	CHECK_EQ_INT(mf(&s, "winder_inf"), 0);
	/* 9.2: a unit stops in an enemy-occupied area; 10.1 it owes an assault */
	CHECK(s.imp.uflag[bt_unit("winder_inf")] & BOAL_IU_STOPPED);
	CHECK(bt_act(&s, C, "{\"type\":\"end\"}") != 0);
	CHECK(strstr(bt_err.message, "10.1") != NULL);
	/* Stuart was not activated (one unit, not Independent) */
	CHECK(mv(&s, C, "stuart_cav", 3) != 0);

	/* cavalry off the road pays the normal cost; 9.2.1 for a short unit:
	 * Rain (15.1.2) leaves the reserve artillery 3 MF, and a Fresh enemy
	 * costs 4 */
	bt_setup(&s, true);
	bt_clear(&s);
	s.rain = true;
	bt_put(&s, "stuart_cav", 5);
	bt_put(&s, "mccall_inf", 6);
	bt_put(&s, "reserve_art", 3);
	bt_put(&s, "whiting_inf", 2);
	s.control[5] = s.control[3] = (uint8_t)C;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":5}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"stuart_cav\"}"), 0);
	CHECK_EQ_INT(mf(&s, "stuart_cav"), 8 - 1);
	/* 5 -> 6 off road, Fresh enemy: 4, not All MF */
	CHECK_EQ_INT(mv(&s, C, "stuart_cav", 6), 0);
	CHECK_EQ_INT(mf(&s, "stuart_cav"), 7 - 4);
	/* Pendleton's reserve artillery (the ONE unit) and the Richmond
	 * Garrison (Independent, 4 MF, 3 in Rain) into 6, CSA-controlled but
	 * held by McCall's Fresh infantry: 4 MF */
	bt_setup(&s, true);
	bt_clear(&s);
	s.rain = true;
	bt_put(&s, "reserve_art", 3);
	bt_put(&s, "richmond_garrison", 3);
	bt_put(&s, "mccall_inf", 6);
	s.control[3] = s.control[6] = (uint8_t)C;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":3}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"reserve_art\"}"), 0);
	CHECK_EQ_INT(mf(&s, "reserve_art"), 4 - 1);
	CHECK_EQ_INT(mf(&s, "richmond_garrison"), 4 - 1);
	/* 10.1 owed there: the first unit in must be able to be its Point Unit */
	CHECK(mv(&s, C, "reserve_art", 6) != 0);
	/* 9.2.1: 3 MF, none spent, 4 to pay: it enters with all of them */
	CHECK_EQ_INT(mv(&s, C, "richmond_garrison", 6), 0);
	CHECK_EQ_INT(mf(&s, "richmond_garrison"), 0);
	CHECK_EQ_INT(mv(&s, C, "reserve_art", 6), 0);
	CHECK_EQ_INT(mf(&s, "reserve_art"), 0);

	/* 9.5.1: no move into a fully stacked area (ten units) */
	bt_setup(&s, false);
	s.army_active[C] = true;
	int n = 0;
	for (int u = 0; u < s.n_units && n < 10; u++)
		if (d->unit[u].side == C && s.unit[u].area != 45) {
			s.unit[u].area = 41;
			n++;
		}
	CHECK(boal_fully_stacked(&s, d, C, 41));
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	CHECK(mv(&s, C, "aphill_inf", 41) != 0);
	CHECK(strstr(bt_err.message, "9.5.1") != NULL);

	/* 15.3 Forced March: Advanced only, Fresh units of the Active Area, +1 MF */
	bt_setup(&s, false);
	s.army_active[C] = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	CHECK(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"aphill_inf\"]}") != 0);
	bt_setup(&s, true);
	s.army_active[C] = true;
	s.unit[bt_unit("aphill_art")].exhausted = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	CHECK(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"aphill_art\"]}") != 0);
	CHECK(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"anderson_inf\"]}") != 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"aphill_inf\"]}"), 0);
	CHECK_EQ_INT(mf(&s, "aphill_inf"), 6);
	CHECK(bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"aphill_inf\"]}") != 0);
	(void)U;
	return tap_done();
}
