/* 16.6.2 "If the result is a two to four point difference, the battle is a
 * Minor victory. Both players make a General Casualty Check (See 16.8). The
 * loser, if defending, retreats and gains two IT. The winning force, if
 * attacking, receives one IT".
 *
 * "if defending" governs the whole clause, as "if attacking" governs the
 * winner's: only a defending loser retreats and gains two IT. An attacker
 * who loses a Minor Victory stays in the hex he attacked from (16.10.1)
 * and takes no IT from the table; the defending winner takes none either.
 * Both still draw for casualties and the winner gains the loser CO's stars
 * in PC. (16.6.3's Major Victory gives "the loser" IT whichever side it
 * is, so an attacker beaten by five or more still takes the difference.) */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

static struct lw_combat_out fight(int att, int def, int att_it)
{
	struct lw_combat_in in = {0};
	in.att = (struct lw_combat_side){.factors = att, .it = att_it, .co_stars = 2, .stars = 3};
	in.def = (struct lw_combat_side){.factors = def, .co_stars = 3, .stars = 4};
	struct lw_combat_out out;
	lw_combat_resolve(&in, &out);
	return out;
}

int main(void)
{
	/* the attacker loses by 3 (4 against 7): a Minor Victory of the
	 * defender */
	struct lw_combat_out o = fight(4, 7, 0);
	CHECK_EQ_INT(o.result, LW_CRT_MINOR);
	CHECK_EQ_INT(o.winner, LW_DEFENDER);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 0); /* not "defending": no two IT */
	CHECK_EQ_INT(o.it_table[LW_ATTACKER], 0);
	CHECK_EQ_INT(o.it_gain[LW_DEFENDER], 0); /* the winner, not attacking */
	CHECK(!o.loser_retreats);
	CHECK(!o.rout);
	CHECK(o.casualty_check[LW_ATTACKER] && o.casualty_check[LW_DEFENDER]);
	CHECK_EQ_INT(o.pc_to_winner, 2);

	/* 16.6.4 counts "any IT it carried prior to battle" with the battle's:
	 * an attacker of 2 factors carrying 1 IT that loses by 4 (1 against 5)
	 * has 1 IT, not more than 2: no rout (two IT more would have routed it) */
	o = fight(2, 5, 1);
	CHECK_EQ_INT(o.result, LW_CRT_MINOR);
	CHECK(!o.rout);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 0);

	/* the defender loses by 3: two IT and a retreat, the attacker one IT */
	o = fight(7, 4, 0);
	CHECK_EQ_INT(o.winner, LW_ATTACKER);
	CHECK_EQ_INT(o.it_gain[LW_DEFENDER], 2);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 1);
	CHECK(o.loser_retreats);

	/* 16.6.3: an attacker beaten by five takes the difference */
	o = fight(6, 11, 0);
	CHECK_EQ_INT(o.result, LW_CRT_MAJOR);
	CHECK_EQ_INT(o.winner, LW_DEFENDER);
	CHECK(!o.rout);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 5);
	return tap_done();
}
