/* 16.1.2 Attacks on empty cities. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

int main(void)
{
	/* St. Louis (defense 2) alone: an attack of 5 wins a minor victory,
	 * which causes 2 IT: not more than 2, the city holds. */
	struct lw_combat_in in = {.empty_city = true};
	in.att = (struct lw_combat_side){.factors = 5, .co_stars = 1, .stars = 1};
	in.def = (struct lw_combat_side){.factors = 2};
	struct lw_combat_out o;
	lw_combat_resolve(&in, &o);
	CHECK_EQ_INT(o.result, LW_CRT_MINOR);
	CHECK(!o.city_falls);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 1); /* one and only one IT */
	CHECK_EQ_INT(o.it_gain[LW_DEFENDER], 0); /* never IT on an empty city */
	CHECK(o.casualty_check[LW_ATTACKER]);
	CHECK(!o.casualty_check[LW_DEFENDER]);
	CHECK(!o.disaster_check);

	/* A major victory (7 vs 2) causes 5 IT > 2: the city falls. */
	in.att.factors = 7;
	lw_combat_resolve(&in, &o);
	CHECK(o.city_falls);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 1);
	CHECK(!o.disaster_check);

	/* A defense resource card raises the bar: 2 + 3 = 5; 11 - 5 = 6 > 5. */
	in.def.resource = 3;
	in.att.factors = 10;
	lw_combat_resolve(&in, &o);
	CHECK(!o.city_falls); /* 10 - 5 = 5 IT, not more than 5 */
	in.att.factors = 11;
	lw_combat_resolve(&in, &o);
	CHECK(o.city_falls);

	/* A city of defense 1 falls to a minor victory (2 IT > 1). */
	in.def = (struct lw_combat_side){.factors = 1};
	in.att.factors = 3;
	lw_combat_resolve(&in, &o);
	CHECK(o.city_falls);
	/* and holds against a stand-off */
	in.att.factors = 2;
	lw_combat_resolve(&in, &o);
	CHECK(!o.city_falls);
	CHECK_EQ_INT(o.it_gain[LW_ATTACKER], 1);
	return tap_done();
}
