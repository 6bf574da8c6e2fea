/* 10.6 Casualty Points: "Each Fresh unit Exhausted: 1 CP; Each Fresh unit
 * Eliminated: 3 CP; Each Exhausted unit that retreats (Section 10.7): 1 CP;
 * A Fresh unit may be Exhausted and then retreated for a total of 2 CP.
 * Note: Only Exhausted units may retreat. Each Exhausted unit Eliminated:
 * 2 CP". README decision 13: Heroic Defense is offered only when the CP do
 * not force the area empty. */
#include "boal_rules.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	CHECK_EQ_INT(boal_loss_cp(d, true, BOAL_LOSS_EXHAUST), 1);
	CHECK_EQ_INT(boal_loss_cp(d, true, BOAL_LOSS_ELIMINATE), 3);
	CHECK_EQ_INT(boal_loss_cp(d, false, BOAL_LOSS_RETREAT), 1);
	CHECK_EQ_INT(boal_loss_cp(d, true, BOAL_LOSS_EXHAUST_RETREAT), 2);
	CHECK_EQ_INT(boal_loss_cp(d, false, BOAL_LOSS_ELIMINATE), 2);
	/* not open: an Exhausted unit cannot be exhausted again, a Fresh one
	 * cannot retreat without first being exhausted */
	CHECK_EQ_INT(boal_loss_cp(d, false, BOAL_LOSS_EXHAUST), -1);
	CHECK_EQ_INT(boal_loss_cp(d, true, BOAL_LOSS_RETREAT), -1);
	CHECK_EQ_INT(boal_loss_cp(d, false, BOAL_LOSS_EXHAUST_RETREAT), -1);

	/* capacity: 2 Fresh + 1 Exhausted absorb 3 + 3 + 2 = 8 in all */
	CHECK_EQ_INT(boal_cp_capacity(d, 2, 1), 8);
	/* and 6 while one stays (a Fresh one exhausted: 8 - 3 + 1; or the
	 * Exhausted one untouched: 8 - 2) */
	CHECK_EQ_INT(boal_cp_capacity_staying(d, 2, 1), 6);
	CHECK_EQ_INT(boal_cp_capacity_staying(d, 1, 0), 1); /* a lone Fresh unit: exhausted */
	CHECK_EQ_INT(boal_cp_capacity_staying(d, 0, 1), 0); /* a lone Exhausted unit: no CP */
	CHECK_EQ_INT(boal_cp_capacity_staying(d, 0, 0), 0);
	CHECK_EQ_INT(boal_cp_capacity_staying(d, 0, 3), 4);
	return tap_done();
}
