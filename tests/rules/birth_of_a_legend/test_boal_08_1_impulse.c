/* 8.1 Types of Impulses, 8.1.1 Assault activation, 8.1.3 Pass, 8.1.4 "Lee
 * Commands!", 12.1 Rally and Combined Assault, 9.6 deactivation, 12.1.1
 * the Advantage shift at the impulse's end, 6.2.2 the turn-1 train
 * (README decision 7), driven through the pending table.
 * 8.1.1: "The Attacker selects any single Area of his choice as the Active
 * Area. One Leader marker in the Active Area may then make a dr. If the die
 * roll is equal to or greater than that Leader's Initiative Rating, any and
 * all units sharing the same Command ID may move/attack. ... An Area that
 * does not contain a Leader marker, or does not use a Leader marker ... may
 * still activate any ONE unit in the Active Area. Independent units may be
 * this single unit, or they may activate IN ADDITION TO this single unit" */
#include "boal_impulse_testkit.h"

static bool active(const struct boal_state *s, const char *id)
{
	return (s->imp.uflag[bt_unit(id)] & BOAL_IU_ACTIVE) != 0;
}

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	const struct boal_data *d = bt_data();

	/* 8.1.3 Pass: the impulse is over; nothing spent */
	bt_setup(&s, false);
	boal_impulse_begin(&s, C);
	CHECK_EQ_STR(bt_pending(&s), "impulse_choice");
	CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << C);
	CHECK(bt_act(&s, U, "{\"type\":\"pass\"}") != 0); /* not the Union's impulse */
	CHECK_EQ_STR(bt_err.code, TG_E_NOT_YOUR_TURN);
	CHECK(bt_offers(&s, C, "pass", NULL, 0) == 1);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"pass\"}"), 0);
	CHECK(boal_impulse_over(&s));
	CHECK_EQ_INT(s.advantage, C);
	CHECK_EQ_STR(bt_pending(&s), "none");

	/* one leader's dr: A.P. Hill (Initiative 2) with Lee Active (+1)
	 * activates on any dr; his command and the Independents, no other */
	bt_setup(&s, false);
	s.army_active[C] = true;
	bt_put(&s, "johnson_inf", 45); /* an Independent unit */
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "assault_move");
	CHECK(active(&s, "aphill_inf") && active(&s, "aphill_art") && active(&s, "johnson_inf"));
	CHECK(!active(&s, "anderson_inf") && !active(&s, "dhhill_inf"));
	CHECK_EQ_INT(s.imp.mf[bt_unit("aphill_inf")], 5);
	/* 9.6: "A Leader that Activates an Area becomes Inactive whether or not
	 * he moves" */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));
	CHECK(s.leader[bt_leader("aphill")].inactive);
	CHECK(!s.leader[bt_leader("longstreet")].inactive);
	/* an Inactive leader cannot roll; an Army Leader never activates */
	boal_impulse_begin(&s, C);
	CHECK(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}") != 0);
	CHECK(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"lee\"}") != 0);
	CHECK(bt_act(&s, C, "{\"type\":\"activate\",\"area\":3}") != 0); /* no unit there */

	/* no leader: the ONE unit, the Independents in addition */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "impulse_single");
	CHECK(active(&s, "johnson_inf") && !active(&s, "anderson_inf"));
	CHECK(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"winder_inf\"}") != 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"anderson_inf\"}"), 0);
	CHECK(active(&s, "anderson_inf") && !active(&s, "anderson_art") &&
	      !active(&s, "dhhill_inf"));
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(!s.leader[bt_leader("longstreet")].inactive); /* he activated nobody */

	/* 12.1 Rally: spend the Advantage, all Subordinates of the area Active;
	 * then only an activation of that area; 12.1.1 it goes to the Union
	 * at the impulse's end */
	CHECK(s.leader[bt_leader("aphill")].inactive);
	boal_impulse_begin(&s, C);
	CHECK(bt_offers(&s, C, "rally", NULL, 45) == 1);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"rally\",\"area\":45}"), 0);
	CHECK(!s.leader[bt_leader("aphill")].inactive);
	CHECK_EQ_INT(s.advantage, BOAL_NOBODY);
	CHECK(bt_act(&s, C, "{\"type\":\"pass\"}") != 0);
	CHECK(bt_act(&s, C, "{\"type\":\"activate\",\"area\":2}") != 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK_EQ_INT(s.advantage, U);
	/* no Advantage, no Rally */
	boal_impulse_begin(&s, C);
	CHECK(bt_act(&s, C, "{\"type\":\"rally\",\"area\":45}") != 0);

	/* 12.1 Combined Assault: the Active Army Leader present activates two
	 * Active Subordinates; he becomes Inactive at the end "regardless" */
	bt_setup(&s, false);
	s.army_active[C] = true;
	boal_impulse_begin(&s, C);
	const char *combined =
	    "{\"type\":\"activate\",\"area\":45,\"leaders\":[\"aphill\",\"longstreet\"]}";
	CHECK_EQ_INT(bt_act(&s, C, combined), 0);
	CHECK(active(&s, "aphill_inf") && active(&s, "anderson_inf") && !active(&s, "dhhill_inf"));
	CHECK_EQ_INT(s.advantage, BOAL_NOBODY);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(s.leader[bt_leader("aphill")].inactive && s.leader[bt_leader("longstreet")].inactive);
	CHECK(!s.army_active[C]);
	CHECK_EQ_INT(s.advantage, U);
	/* without the Advantage, or with Lee absent or Inactive: refused */
	bt_setup(&s, false);
	s.army_active[C] = true;
	s.advantage = U;
	boal_impulse_begin(&s, C);
	CHECK(bt_act(&s, C, combined) != 0);
	/* 8.1.4 "Lee Commands!": no Advantage needed, once per turn */
	const char *lee = "{\"type\":\"activate\",\"area\":45,\"leaders\":[\"aphill\",\"dhhill\"],"
	                  "\"lee_commands\":true}";
	CHECK_EQ_INT(bt_act(&s, C, lee), 0);
	CHECK_EQ_INT(s.advantage, U);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(!s.army_active[C]); /* 9.6: "Lee becomes inactive" */
	s.army_active[C] = true;  /* (a Rally of Lee is not allowed; the test forces it) */
	boal_impulse_begin(&s, C);
	CHECK(bt_act(&s, C, lee) != 0);
	s.turn++;
	s.leader[bt_leader("aphill")].inactive = s.leader[bt_leader("dhhill")].inactive = false;
	CHECK_EQ_INT(bt_act(&s, C, lee), 0); /* a new turn */
	/* the Union has no "Lee Commands!" */
	bt_setup(&s, false);
	s.army_active[U] = true;
	s.advantage = BOAL_NOBODY;
	boal_impulse_begin(&s, U);
	CHECK(bt_act(&s, U,
	             "{\"type\":\"activate\",\"area\":40,\"leaders\":[\"sumner\","
	             "\"franklin\"],\"lee_commands\":true}") != 0);

	/* 6.2.2, README decision 7: the Union gives up the Advantage on turn 1
	 * to relocate the train, in lieu of an activation */
	bt_setup(&s, false);
	boal_impulse_begin(&s, U);
	CHECK(bt_offers(&s, U, "relocate_train", NULL, 0) == 0);
	CHECK(bt_act(&s, U, "{\"type\":\"relocate_train\"}") != 0); /* the CSA holds it */
	s.advantage = U;
	CHECK(bt_offers(&s, U, "relocate_train", NULL, 0) == 1);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"relocate_train\"}"), 0);
	CHECK(s.train_moved && s.train_area == BOAL_NOWHERE);
	CHECK_EQ_INT(s.advantage, C);
	CHECK(boal_impulse_over(&s));
	(void)d;
	return tap_done();
}
