/* 18.2 examples: detaching from an IT-encumbered force, reviving one. */
#include <stddef.h>

#include "lincolns_war/lw_it.h"
#include "tap.h"

int main(void)
{
	/* A force carrying four IT detaches a two-star general: zero to two IT. */
	CHECK_EQ_INT(lw_it_detach_max(4, 2), 2);
	/* A single-star general: zero or one. */
	CHECK_EQ_INT(lw_it_detach_max(4, 1), 1);
	CHECK_EQ_INT(lw_it_detach_max(1, 3), 1);
	/* A two-star general moves into a force with three IT: removes two. */
	CHECK_EQ_INT(lw_it_join_removal_max(0, 2, false, 3), 2);
	/* ... but not if he carries IT himself (the IT add up instead: 4 + 2). */
	CHECK_EQ_INT(lw_it_join_removal_max(4, 3, false, 2), 0);
	/* A GiC consolidating removes up to three. */
	CHECK_EQ_INT(lw_it_join_removal_max(0, 3, true, 5), 3);
	CHECK_EQ_INT(lw_it_join_removal_max(0, 1, true, 2), 2);
	/* No IT removal with PC in 1861. */
	CHECK(!lw_it_pc_removal_allowed(1861));
	CHECK(lw_it_pc_removal_allowed(1862));
	return tap_done();
}
