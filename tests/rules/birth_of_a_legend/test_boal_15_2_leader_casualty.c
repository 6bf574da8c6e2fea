/* 15.2 Leader Casualties: "If the original (unmodified) Attack and Defender
 * DRs in an Assault are equal, and the player has a Leader marker present in
 * the Assaulted Area, he must make a DR. Add a +1 DRM to the DR if the
 * Leader added their Command Rating to the Assault. ... If the modified DR
 * is less than 7 there is no effect. If the modified DR is greater than 7
 * the leader is a casualty. ... If the modified DR equals 7 the Leader is
 * killed." (README decision 9: implemented as printed.) */
#include "boal_rules.h"
#include "boal_testkit.h"

int main(void)
{
	CHECK(boal_leader_check_due(7, 7));
	CHECK(boal_leader_check_due(2, 2));
	CHECK(!boal_leader_check_due(7, 8));
	for (int dr = 2; dr <= 12; dr++) {
		enum boal_casualty want = dr < 7   ? BOAL_LEADER_UNHURT
		                          : dr > 7 ? BOAL_LEADER_WOUNDED
		                                   : BOAL_LEADER_KILLED;
		CHECKF(boal_leader_casualty(dr, false) == want, "DR %d", dr);
	}
	/* +1 for a leader who added his rating: 6 becomes 7 (killed), 7 becomes 8 */
	CHECK_EQ_INT(boal_leader_casualty(5, true), BOAL_LEADER_UNHURT);
	CHECK_EQ_INT(boal_leader_casualty(6, true), BOAL_LEADER_KILLED);
	CHECK_EQ_INT(boal_leader_casualty(7, true), BOAL_LEADER_WOUNDED);
	CHECK_EQ_INT(boal_leader_casualty(12, true), BOAL_LEADER_WOUNDED);
	return tap_done();
}
