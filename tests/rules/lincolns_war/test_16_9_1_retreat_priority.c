/* 16.9.1 retreat priority and 16.9.6 inability to retreat. */
#include <stddef.h>

#include "lincolns_war/lw_combat.h"
#include "tap.h"

int main(void)
{
	int out[6];
	/* At home: a friendly city first, then a defensible hex. */
	struct lw_retreat_cand c[] = {
	    {.hex = 101, .legal = true},
	    {.hex = 102, .legal = true, .defensible = true},
	    {.hex = 103, .legal = true, .friendly_city = true},
	    {.hex = 104, .legal = false, .friendly_city = true},
	    {.hex = 105, .legal = true, .closer_to_supply = true},
	};
	CHECK_EQ_INT(lw_retreat_choices(false, c, 5, out), 1);
	CHECK_EQ_INT(out[0], 103);
	c[2].legal = false;
	CHECK_EQ_INT(lw_retreat_choices(false, c, 5, out), 1);
	CHECK_EQ_INT(out[0], 102);
	c[1].legal = false;
	CHECK_EQ_INT(lw_retreat_choices(false, c, 5, out), 1);
	CHECK_EQ_INT(out[0], 105); /* toward the closest supply city */
	c[4].legal = false;
	CHECK_EQ_INT(lw_retreat_choices(false, c, 5, out), 1);
	CHECK_EQ_INT(out[0], 101);

	/* Outside its territory a force goes home first, even past a friendly
	 * city elsewhere; among the home hexes the usual priority. */
	struct lw_retreat_cand d[] = {
	    {.hex = 201, .legal = true, .friendly_city = true},
	    {.hex = 202, .legal = true, .toward_home = true},
	    {.hex = 203, .legal = true, .toward_home = true, .defensible = true},
	    {.hex = 204, .legal = false, .toward_home = true, .friendly_city = true},
	};
	CHECK_EQ_INT(lw_retreat_choices(true, d, 4, out), 1);
	CHECK_EQ_INT(out[0], 203);
	/* no home hex available: the ordinary priority */
	d[1].legal = d[2].legal = false;
	CHECK_EQ_INT(lw_retreat_choices(true, d, 4, out), 1);
	CHECK_EQ_INT(out[0], 201);
	/* two equal choices: the player picks */
	d[1].legal = d[2].legal = true;
	d[2].defensible = false;
	CHECK_EQ_INT(lw_retreat_choices(true, d, 4, out), 2);

	/* 16.9.6: nowhere to go */
	for (int i = 0; i < 4; i++)
		d[i].legal = false;
	CHECK_EQ_INT(lw_retreat_choices(true, d, 4, out), 0);
	return tap_done();
}
