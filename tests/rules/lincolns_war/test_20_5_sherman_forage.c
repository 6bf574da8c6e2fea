/* 20.5 example: three-star Sherman out of supply in Georgia with Halleck (2),
 * McClelland (1), Thomas (1) and cavalry Stoneman (1); 20.7.1 cavalry and
 * forage. */
#include <stddef.h>

#include "lincolns_war/lw_forage.h"
#include "tap.h"

int main(void)
{
	int draws = lw_forage_draws(true, false, false)    /* Sherman, CO */
	            + lw_forage_draws(false, false, false) /* Halleck */
	            + lw_forage_draws(false, false, false) /* McClelland */
	            + lw_forage_draws(false, false, false) /* Thomas */
	            + lw_forage_draws(false, false, true); /* Stoneman, cavalry */
	CHECK_EQ_INT(draws, 7);
	/* Six forage symbols, one more than the five generals: no IT at all. */
	CHECK_EQ_INT(lw_forage_it(5, 6), 0);
	/* Only four: two IT (one for being out of supply, one for the shortfall). */
	CHECK_EQ_INT(lw_forage_it(5, 4), 2);
	/* Exactly five: the first IT stays. */
	CHECK_EQ_INT(lw_forage_it(5, 5), 1);
	/* 20.7: a lone infantry general draws one card, a lone GiC two. */
	CHECK_EQ_INT(lw_forage_draws(false, false, false), 1);
	CHECK_EQ_INT(lw_forage_draws(false, true, false), 2);
	/* 20.7.1: a cavalry general draws two like a CO, subordinate or alone;
	 * Stoneman's second haystack counts for another general of the force
	 * (the pooled count above: seven draws for five generals). */
	CHECK_EQ_INT(lw_forage_draws(false, false, true), 2);
	CHECK_EQ_INT(lw_forage_draws(true, false, true), 2);
	return tap_done();
}
