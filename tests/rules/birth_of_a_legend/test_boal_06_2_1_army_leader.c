/* 6.2.1 Army Leader Activation Die Roll: "On a dr of 3-6 Lee is Active this
 * turn. On a dr of 5-6 McClellan is Active this turn. Once the Union Supply
 * Train relocates out of White House Landing the Union player suffers a -1
 * die roll modifier (drm) while making this dr. ... An Active Army Leader
 * marker adds a +1 drm to any activation attempts by Subordinate Leader
 * markers throughout the Turn."
 * 8.1.1: "If the die roll is equal to or greater than that Leader's
 * Initiative Rating, any and all units sharing the same Command ID may
 * move/attack."  15.1.2: "Subordinate Leaders suffer a -1 drm attempting to
 * Activate" in Rain.  15.2: "An Army Leader who is killed no longer adds a
 * +1 drm to activation attempts by Subordinate Leaders." */
#include "boal_rules.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	for (int dr = 1; dr <= 6; dr++) {
		CHECKF(boal_army_leader_active(d, BOAL_CONFEDERATE, dr, false) == (dr >= 3),
		       "Lee %d", dr);
		/* the train's drm is the Union's only */
		CHECKF(boal_army_leader_active(d, BOAL_CONFEDERATE, dr, true) == (dr >= 3),
		       "Lee %d", dr);
		CHECKF(boal_army_leader_active(d, BOAL_UNION, dr, false) == (dr >= 5),
		       "McClellan %d", dr);
		CHECKF(boal_army_leader_active(d, BOAL_UNION, dr, true) == (dr >= 6),
		       "McClellan %d, train moved", dr);
	}
	/* Initiative 4: a 4 activates alone; a 3 with the Army Leader's +1 */
	CHECK(boal_subordinate_activates(4, 4, false, false, false));
	CHECK(!boal_subordinate_activates(3, 4, false, false, false));
	CHECK(boal_subordinate_activates(3, 4, true, false, false));
	/* a killed Army Leader adds nothing; Rain takes one away */
	CHECK(!boal_subordinate_activates(3, 4, true, true, false));
	CHECK(!boal_subordinate_activates(4, 4, false, false, true));
	CHECK(boal_subordinate_activates(4, 4, true, false, true));
	/* the data's leaders: A.P. Hill (2) activates on a 1 with Lee Active */
	int aph = bt_leader("aphill");
	CHECK(boal_subordinate_activates(1, d->leader[aph].initiative, true, false, false));
	return tap_done();
}
