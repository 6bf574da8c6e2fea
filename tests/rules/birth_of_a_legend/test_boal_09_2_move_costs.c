/* 9.2 Movement Factor Costs: "Enter a Vacant Area = 1 MF; Enter a Vacant
 * Area adjacent to a Fresh enemy Artillery unit = 2 MF; Enter an Area
 * containing only Exhausted enemy units = 3 MF; Enter an Area containing a
 * Fresh enemy unit = 4 MF; Cross any Area boundary without moving along a
 * road (Cavalry and Horse Artillery exempt) = All MF" (use only the one
 * that applies); 10.3: "expend 1 MF if only Exhausted defenders were in that
 * Area, or they expend 2 MF if there was at least one Fresh defender".
 * 9.2.1 Minimum Move: "If a unit has not expended MF in the Impulse, and
 * lacks sufficient MF to enter an adjacent Area ... it may enter that Area
 * by expending all its MF." README decision 23: "All MF" is the whole
 * allowance, so only a unit that has spent nothing crosses off-road. */
#include "boal_rules.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_entry e = {.road = true};
	CHECK_EQ_INT(boal_entry_cost(d, &e), 1);
	e.by_fresh_enemy_artillery = true;
	CHECK_EQ_INT(boal_entry_cost(d, &e), 2);
	e.enemy_exhausted = 2;
	CHECK_EQ_INT(boal_entry_cost(d, &e), 3); /* only the one that applies */
	e.enemy_fresh = 1;
	CHECK_EQ_INT(boal_entry_cost(d, &e), 4);
	e = (struct boal_entry){.road = false};
	CHECK_EQ_INT(boal_entry_cost(d, &e), BOAL_MF_ALL);
	e.mounted = true; /* cavalry and horse artillery are exempt */
	CHECK_EQ_INT(boal_entry_cost(d, &e), 1);
	e.enemy_fresh = 1;
	CHECK_EQ_INT(boal_entry_cost(d, &e), 4);
	e.mounted = false;
	CHECK_EQ_INT(boal_entry_cost(d, &e), BOAL_MF_ALL);

	CHECK_EQ_INT(boal_contested_exit_cost(d, false), 1);
	CHECK_EQ_INT(boal_contested_exit_cost(d, true), 2);

	/* an infantry division (5 MF): road, road, road, then Fresh enemy (4) no */
	int left = 5;
	left = boal_pay(5, left, 1);
	CHECK_EQ_INT(left, 4);
	left = boal_pay(5, left, 1);
	left = boal_pay(5, left, 1);
	CHECK_EQ_INT(left, 2);
	CHECK_EQ_INT(boal_pay(5, left, 4), -1);
	CHECK_EQ_INT(boal_pay(5, left, 2), 0);
	/* straight into a Fresh enemy: 5 - 4 = 1 left */
	CHECK_EQ_INT(boal_pay(5, 5, 4), 1);
	/* 9.2.1: a 3 MF unit (4 MF in Rain, 15.1.2: -1) unspent still enters */
	CHECK_EQ_INT(boal_pay(3, 3, 4), 0);
	CHECK_EQ_INT(boal_pay(3, 2, 4), -1);
	/* All MF: only unspent */
	CHECK_EQ_INT(boal_pay(5, 5, BOAL_MF_ALL), 0);
	CHECK_EQ_INT(boal_pay(5, 4, BOAL_MF_ALL), -1);
	/* nothing left, nothing more */
	CHECK_EQ_INT(boal_pay(5, 0, 1), -1);
	/* leaders: 7 MF (9.1.2) */
	CHECK_EQ_INT(boal_pay(d->leader_mf, d->leader_mf, 4), 3);
	return tap_done();
}
