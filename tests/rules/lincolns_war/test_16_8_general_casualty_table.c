/* 16.8 General Casualty Table. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

int main(void)
{
	CHECK_EQ_INT(lw_gct_lookup(1, 1), LW_GCT_MISS);
	CHECK_EQ_INT(lw_gct_lookup(1, 8), LW_GCT_WOUND);
	CHECK_EQ_INT(lw_gct_lookup(1, 9), LW_GCT_KILL);
	CHECK_EQ_INT(lw_gct_lookup(2, 2), LW_GCT_ONE_STAR);
	CHECK_EQ_INT(lw_gct_lookup(2, 5), LW_GCT_WOUND);
	CHECK_EQ_INT(lw_gct_lookup(2, 10), LW_GCT_KILL);
	CHECK_EQ_INT(lw_gct_lookup(3, 3), LW_GCT_TWO_STAR);
	CHECK_EQ_INT(lw_gct_lookup(3, 6), LW_GCT_ONE_STAR);
	CHECK_EQ_INT(lw_gct_lookup(3, 10), LW_GCT_WOUND);
	CHECK_EQ_INT(lw_gct_lookup(3, 11), LW_GCT_KILL);
	/* modifiers: a CO rolling 2 gets 1, a miss; a sharpshooter's 11 is 13 -> 12 */
	CHECK_EQ_INT(lw_gct_lookup(3, 2 + lw_gct_modifier(true, false)), LW_GCT_MISS);
	CHECK_EQ_INT(lw_gct_lookup(3, 11 + lw_gct_modifier(false, true)), LW_GCT_KILL);
	CHECK_EQ_INT(lw_gct_modifier(true, true), 1);
	/* 16.8.1: -1 per wound, 16.4: indecisive uses the roll */
	CHECK_EQ_INT(lw_general_combat_value(3, false, 0, 1), 2);
	CHECK_EQ_INT(lw_general_combat_value(3, true, 1, 0), 1);
	CHECK_EQ_INT(lw_general_combat_value(1, false, 0, 3), 0);
	/* reconstructed indecisive table: +2 for a three-star TCO */
	CHECK_EQ_INT(lw_indecisive_value(1, 0), 0);
	CHECK_EQ_INT(lw_indecisive_value(6, 0), 3);
	CHECK_EQ_INT(lw_indecisive_value(6, 2), 4);
	return tap_done();
}
