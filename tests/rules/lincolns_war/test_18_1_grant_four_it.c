/* 18.1 example: two-star Grant (activation 1) with four IT costs 2 PC. */
#include <stddef.h>

#include "lincolns_war/lw_it.h"
#include "tap.h"

int main(void)
{
	CHECK_EQ_INT(1 + lw_it_activation_extra(4, 2), 2);
	CHECK_EQ_INT(lw_it_activation_extra(2, 2), 0); /* not more than his rank */
	CHECK_EQ_INT(lw_it_activation_extra(3, 2), 1);
	CHECK_EQ_INT(lw_it_activation_extra(9, 2), 1); /* only one more, however many */
	return tap_done();
}
