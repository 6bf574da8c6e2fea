/* 16.3 example: the Union defender (7 CSP banked) plays "Superior Artillery"
 * (+3) and the three-point CSP card: six more strength points. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

int main(void)
{
	struct lw_combat_in in = {0};
	in.att = (struct lw_combat_side){.factors = 9, .co_stars = 3, .stars = 7};
	in.def = (struct lw_combat_side){.factors = 5, .co_stars = 2, .stars = 4};
	struct lw_combat_out before, after;
	lw_combat_resolve(&in, &before);
	in.def.resource = 3; /* Superior Artillery */
	in.def.csp = 3;      /* the three-point CSP card (3 <= 7 banked) */
	lw_combat_resolve(&in, &after);
	CHECK_EQ_INT(after.def_total - before.def_total, 6);
	CHECK_EQ_INT(before.result, LW_CRT_MINOR); /* 9 vs 5: the Union would lose */
	CHECK_EQ_INT(after.winner, LW_DEFENDER);   /* 9 vs 11: now it wins */
	CHECK_EQ_INT(after.result, LW_CRT_MINOR);
	return tap_done();
}
