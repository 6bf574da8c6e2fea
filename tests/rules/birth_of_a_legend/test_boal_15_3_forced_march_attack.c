/* 15.3 Forced March: "Fresh Infantry units that Assault at the conclusion
 * of a Forced March are treated as Exhausted for purposes of calculating
 * the Attack Value of that Assault (Case 10.4.2)." 10.4.2: "+2 Each
 * additional Fresh Infantry unit ... +1 Each additional Exhausted Infantry
 * unit".
 *
 * The same assault twice, from the same generator: A.P. Hill's infantry
 * (the Point Unit) and Johnson's (Independent infantry) from Mechanicsville
 * (3) into Ellerson's Mill (6, McCall), Johnson's Forced Marched in the
 * second: its Attack Total is one less (the DR the same). */
#include "boal_impulse_testkit.h"

static int attack_total(bool forced)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	bt_hill_johnson_at_mechanicsville(&s, true);
	if (forced)
		CHECK_EQ_INT(
		    bt_act(&s, C, "{\"type\":\"forced_march\",\"units\":[\"johnson_inf\"]}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"johnson_inf\",\"to\":6}"), 0);
	CHECK_EQ_INT(bt_act(&s, C,
	                    "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\",\"units\":["
	                    "\"aphill_inf\",\"johnson_inf\"]}"),
	             0);
	CHECK_EQ_STR(bt_pending(&s), "forward");
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"forward\",\"unit\":\"mccall_inf\"}"), 0);
	return s.imp.a_at;
}

int main(void)
{
	int fresh = attack_total(false), marched = attack_total(true);
	/* +2 for the Fresh one, +1 for one "treated as Exhausted" */
	CHECK_EQ_INT(fresh - marched, 1);
	return tap_done();
}
