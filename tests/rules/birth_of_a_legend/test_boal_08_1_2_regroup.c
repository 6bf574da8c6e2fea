/* 8.1.2 Regroup Impulse: "The Attacker may activate all of the units and
 * Leader markers in a single Area and move them to any adjacent,
 * uncontested and friendly-controlled Area or Areas. Leader markers who
 * Regroup do not become Inactive." 12.1 Combined Regroup: "If the Army
 * Leader is Inactive, either player may spend the Advantage to activate
 * any two Areas for Regroup Movement." README decision 29: one move each,
 * 7.1 and 9.5.2 hold. Meadow's Bridge Road (45) borders Atlee's Station
 * (4, over Meadow Bridge), Mechanicsville (3, Union), Old Tavern (41) and
 * Richmond (44). */
#include "boal_impulse_testkit.h"

static int mv(struct boal_state *s, const char *id, int to)
{
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"unit\":\"%s\",\"to\":%d}", id, to);
	return bt_act(s, BOAL_CONFEDERATE, buf);
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;

	bt_setup(&s, false);
	bt_put(&s, "johnson_inf", 45);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"regroup\",\"area\":45}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "regroup");
	CHECK(mv(&s, "aphill_inf", 3) != 0); /* Union-controlled */
	CHECK(mv(&s, "aphill_inf", 2) != 0); /* not adjacent */
	const char *five[] = {"aphill_inf", "aphill_art", "anderson_inf", "anderson_art",
	                      "dhhill_inf"};
	for (int i = 0; i < 5; i++)
		CHECK_EQ_INT(mv(&s, five[i], 4), 0);
	CHECK(mv(&s, "dhhill_art", 4) != 0); /* 9.5.2: the sixth over Meadow Bridge */
	CHECK_EQ_INT(mv(&s, "dhhill_art", 44), 0);
	CHECK(mv(&s, "dhhill_art", 45) != 0); /* once */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"leader\":\"aphill\",\"to\":4}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));
	CHECK(!s.leader[bt_leader("aphill")].inactive);
	CHECK_EQ_INT(s.unit[bt_unit("johnson_inf")].area, 45); /* may stay */

	/* a Contested destination is closed */
	bt_setup(&s, false);
	bt_put(&s, "emory_cav", 41);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"regroup\",\"area\":45}"), 0);
	CHECK(mv(&s, "aphill_inf", 41) != 0);

	/* 12.1 Combined Regroup: Army Leader Inactive and the Advantage */
	bt_setup(&s, false);
	s.army_active[C] = true;
	boal_impulse_begin(&s, C);
	CHECK(bt_act(&s, C, "{\"type\":\"regroup\",\"area\":45,\"area2\":41}") != 0);
	s.army_active[C] = false;
	s.advantage = BOAL_UNION;
	CHECK(bt_act(&s, C, "{\"type\":\"regroup\",\"area\":45,\"area2\":41}") != 0);
	s.advantage = C;
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"regroup\",\"area\":45,\"area2\":41}"), 0);
	CHECK_EQ_INT(mv(&s, "jones_inf", 44), 0);
	CHECK_EQ_INT(mv(&s, "aphill_inf", 44), 0);
	CHECK(mv(&s, "huger_inf", 41) != 0); /* 42 is not a Regroup area */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK_EQ_INT(s.advantage, BOAL_UNION); /* 12.1.1 */
	return tap_done();
}
