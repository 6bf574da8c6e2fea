/* loop_turn.c — see loop_turn.h. */
#include "util/loop_turn.h"

#include <time.h>

static _Thread_local uint64_t woke_ns;

void tg_loop_turn_mark(void)
{
	if (woke_ns)
		return;
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	woke_ns = (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

uint64_t tg_loop_turn_take(void)
{
	uint64_t t = woke_ns;
	woke_ns = 0;
	return t;
}
