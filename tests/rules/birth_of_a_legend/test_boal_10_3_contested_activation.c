/* 10.3 Contested Area Activation and 10.2 Optional Assaults.
 * 10.3: "If the Active Area is Contested at the start of the Impulse, all,
 * some or none of the units starting in that Area may Assault before they
 * begin movement. If the Defender suffers a Rout (Section 10.5) the
 * Assaulting units may continue moving. If any defending units remain in
 * the Active Area after the Assault has been resolved the assaulting units
 * may not Assault again or move ... If the Attacker loses the Assault, the
 * assaulting units do not retreat ... expend 1 MF if only Exhausted
 * defenders were in that Area". 9.3: "An artillery unit may not be the
 * Point Unit in an Assault unless activating within a contested Area".
 * 10.2: "the Attacker may Assault with some, all, or none of his units that
 * entered the Area"; 10.4.4: "Assaulting units in an Optional Assault may
 * retreat unless they started the Impulse in the Assaulted Area". */
#include "boal_impulse_testkit.h"

/* Anderson's artillery (attack 2) against the Exhausted White House
 * infantry (defense 3) in Mechanicsville (TEM +2): AV 2, DV 5 */
static bool rout(int a, int d)
{
	return 2 + a - (5 + d) >= 2;
}
static bool repulse_art(int a, int d)
{
	return 2 + a < 5 + d;
}
/* Winder (attack 5) into a Contested Hundley's Corner (TEM +1) against the
 * White House infantry (3): AV 5, DV 4 */
static bool repulse_winder(int a, int d)
{
	return 5 + a < 4 + d;
}

static void contested3(struct boal_state *s, bool (*ok)(int, int))
{
	bt_setup(s, false);
	bt_clear(s);
	s->army_active[BOAL_CONFEDERATE] = true;
	bt_put(s, "anderson_art", 3);
	bt_put(s, "johnson_inf", 3); /* an Independent */
	bt_put(s, "whitehouse_inf", 3);
	s->unit[bt_unit("whitehouse_inf")].exhausted = true;
	bt_seed_for(s, 3, ok);
	boal_impulse_begin(s, BOAL_CONFEDERATE);
	bt_act(s, 1, "{\"type\":\"activate\",\"area\":3}");
	bt_act(s, 1, "{\"type\":\"activate_unit\",\"unit\":\"anderson_art\"}");
}

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	int art = bt_unit("anderson_art"), wh = bt_unit("whitehouse_inf");
	const char *a3 = "{\"type\":\"assault\",\"area\":3,\"point\":\"anderson_art\",\"units\":["
	                 "\"anderson_art\"]}";

	/* artillery as the Point Unit; a Rout: it moves on, paying 1 MF more
	 * to leave (only Exhausted defenders) */
	contested3(&s, rout);
	/* one offer for the area, the Point Unit (the artillery or Johnson) a
	 * param of it (test_boal_10_2_partial_assault) */
	CHECK_EQ_INT(bt_offers(&s, C, "assault", NULL, 3), 1);
	CHECK_EQ_INT(bt_act(&s, C, a3), 0);
	CHECK_EQ_STR(bt_pending(&s), "casualty");
	CHECK_EQ_INT(bt_act(&s, U,
	                    "{\"type\":\"cp\",\"unit\":\"whitehouse_inf\",\"loss\":"
	                    "\"eliminate\"}"),
	             0);
	CHECK(s.imp.rout);
	CHECK(s.unit[art].exhausted);
	CHECK_EQ_INT(s.imp.exit_cost, 1);
	int before = s.imp.mf[art];
	/* (not into Union-controlled 5: an Exhausted artillery is no Point Unit) */
	CHECK(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_art\",\"to\":5}") != 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_art\",\"to\":4}"), 0);
	CHECK_EQ_INT(s.imp.mf[art], before - 1 - 1); /* 1 to enter, 1 (10.3) */

	/* the assault comes before any movement */
	contested3(&s, rout);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"johnson_inf\",\"to\":4}"), 0);
	CHECK(bt_act(&s, C, a3) != 0);

	/* a Repulse: no retreat, and the assaulting units' impulse is over */
	contested3(&s, repulse_art);
	CHECK_EQ_INT(bt_act(&s, C, a3), 0);
	CHECK_EQ_INT(s.imp.a_result, BOAL_REPULSE);
	CHECK_EQ_INT(s.unit[art].area, 3);
	CHECK(s.unit[art].exhausted);
	/* 10.7.3 "even if the Attacker loses": the Defender may retreat; he stands */
	CHECK_EQ_STR(bt_pending(&s), "voluntary");
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"done\"}"), 0);
	CHECK(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"anderson_art\",\"to\":4}") != 0);
	CHECK_EQ_INT(s.unit[wh].area, 3);
	/* Johnson did not assault: he leaves into a Free area, 1 MF more
	 * ("regardless of involvement"; only Exhausted defenders) */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"johnson_inf\",\"to\":4}"), 0);
	CHECK_EQ_INT(s.imp.mf[bt_unit("johnson_inf")], 5 - 1 - 1);

	/* 10.2: an Optional Assault into Hundley's Corner, Contested at the
	 * start; repulsed, the Attacker chooses to fall back into 4 */
	bt_setup(&s, false);
	bt_clear(&s);
	s.army_active[C] = true;
	bt_put(&s, "whiting_inf", 5);
	bt_put(&s, "whitehouse_inf", 5);
	bt_put(&s, "winder_inf", 4);
	s.control[4] = (uint8_t)C;
	bt_seed_for(&s, 3, repulse_winder);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":4}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"winder_inf\"}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"winder_inf\",\"to\":5}"), 0);
	/* not Mandatory: the impulse may end without it */
	CHECK(bt_offers(&s, C, "end", NULL, 0) == 1);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"assault\",\"area\":5,\"point\":\"winder_inf\"}"),
	             0);
	CHECK_EQ_INT(s.imp.a_result, BOAL_REPULSE);
	CHECK_EQ_STR(bt_pending(&s), "fall_back");
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"fall_back\"}"), 0);
	CHECK_EQ_INT(s.unit[bt_unit("winder_inf")].area, 4);
	CHECK(s.unit[bt_unit("winder_inf")].exhausted);
	CHECK_EQ_STR(bt_pending(&s), "voluntary"); /* 10.7.3 */
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"done\"}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "assault_move");
	return tap_done();
}
