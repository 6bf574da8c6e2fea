/* 16.2 / 16.2.1 Voluntary withdrawal. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

int main(void)
{
	struct lw_withdraw_in w = {.def_co_activation = 1, .def_co_stars = 3};
	CHECK_EQ_INT(lw_withdraw_kind(&w, NULL), LW_WITHDRAW_ROLL);
	/* modified roll: die - activation - IT, 3 or more */
	CHECK(!lw_withdraw_succeeds(&w, 3));
	CHECK(lw_withdraw_succeeds(&w, 4));
	CHECK_EQ_INT(lw_withdraw_pc(&w), 3); /* one PC per star of the CO */

	/* IT: only with fewer IT than the attacker */
	w.def_it = 1;
	w.att_it = 1;
	const char *why = NULL;
	CHECK_EQ_INT(lw_withdraw_kind(&w, &why), LW_WITHDRAW_FORBIDDEN);
	CHECK(why != NULL);
	w.att_it = 2;
	CHECK_EQ_INT(lw_withdraw_kind(&w, NULL), LW_WITHDRAW_ROLL);
	CHECK(!lw_withdraw_succeeds(&w, 4)); /* 4 - 1 - 1 = 2 */
	CHECK(lw_withdraw_succeeds(&w, 5));

	/* attacker has cavalry, defender none: forbidden */
	w = (struct lw_withdraw_in){.att_has_cav = true, .def_co_activation = 2, .def_co_stars = 2};
	CHECK_EQ_INT(lw_withdraw_kind(&w, NULL), LW_WITHDRAW_FORBIDDEN);
	/* defender with cavalry screens: the attacker gets one PC */
	w.def_has_cav = true;
	CHECK_EQ_INT(lw_withdraw_kind(&w, NULL), LW_WITHDRAW_ROLL);
	CHECK_EQ_INT(lw_withdraw_pc(&w), 1);

	/* lone cavalry, no IT, attacker without cavalry: automatic, no PC */
	w = (struct lw_withdraw_in){
	    .def_has_cav = true, .def_all_cav = true, .def_co_activation = 1, .def_co_stars = 2};
	CHECK_EQ_INT(lw_withdraw_kind(&w, NULL), LW_WITHDRAW_AUTOMATIC);
	CHECK_EQ_INT(lw_withdraw_pc(&w), 0);
	/* with IT it must roll, and still earns the attacker nothing */
	w.def_it = 1;
	w.att_it = 2;
	CHECK_EQ_INT(lw_withdraw_kind(&w, NULL), LW_WITHDRAW_ROLL);
	CHECK_EQ_INT(lw_withdraw_pc(&w), 0);
	return tap_done();
}
