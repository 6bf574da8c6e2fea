/* lw_forage.c — 20.5 forage (see lw_forage.h). */
#include "lw_forage.h"

int lw_forage_draws(bool co_with_subordinates, bool lone_gic, bool cavalry)
{
	/* 20.7: "a lone infantry general does not act like a CO; however a lone
	 * GiC is considered a CO"; 20.7.1 cavalry draw two. */
	return co_with_subordinates || lone_gic || cavalry ? 2 : 1;
}

int lw_forage_it(int generals, int found)
{
	int it = 1; /* 20.5: "place one IT ... and an Out-of-Supply token" */
	if (found < generals)
		it += generals - found; /* each general without forage adds one */
	else if (found > generals)
		it -= 1; /* "the IT placed at the beginning of the Supply Phase may be removed" */
	return it;
}
