/* 13.3 Replacement Points: "The Confederate player receives 1 Replacement
 * Point each Night Phase. The Union player receives 2 Replacement Points
 * each Night Phase if the Union Supply Train is in either White House
 * Landing or Harrison's Landing. Otherwise he receives 1 ... A player may
 * receive one extra Replacement Point during his Night Phase by spending
 * the Advantage ... Exception: Neither player receives replacements during
 * the July 2nd Night Phase regardless of who has the Advantage". */
#include "boal_rules.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	CHECK_EQ_INT(boal_replacement_points(d, C, false, false, false), 1);
	CHECK_EQ_INT(boal_replacement_points(d, C, true, false, false), 1);
	CHECK_EQ_INT(boal_replacement_points(d, C, false, true, false), 2);
	CHECK_EQ_INT(boal_replacement_points(d, U, true, false, false), 2);
	CHECK_EQ_INT(boal_replacement_points(d, U, false, false, false), 1); /* in transit */
	CHECK_EQ_INT(boal_replacement_points(d, U, true, true, false), 3);
	CHECK_EQ_INT(boal_replacement_points(d, U, false, true, false), 2);
	/* July 2nd: nothing, Advantage or not */
	CHECK_EQ_INT(boal_replacement_points(d, U, true, true, true), 0);
	CHECK_EQ_INT(boal_replacement_points(d, C, false, true, true), 0);
	return tap_done();
}
