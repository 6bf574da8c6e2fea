/* loop_turn.h — when the event loop's poll returned, for its turns' busy
 * time (core/latency.c, telegraph_loop_turn_busy_seconds; issue 17).
 *
 * libuv's UV_METRICS_IDLE_TIME, which gave it before, makes every poll
 * that will sleep poll twice: epoll_wait with no timeout first, then the
 * one that sleeps; the daemon's loop made 0.25-1.8 such empty calls an
 * action. Instead the callbacks a poll's return runs first mark the time
 * (net's reads and accepts, core/wake.h's wake-ups): the first mark after
 * the last take is kept. latency.c takes it before each poll (its prepare
 * handle) and marks after the callbacks too (its check handle), so that a
 * turn no marked callback began (a timer's, /metrics', the mail's) is timed
 * from there. Per thread: each loop thread its own mark. */
#ifndef TG_UTIL_LOOP_TURN_H
#define TG_UTIL_LOOP_TURN_H

#include <stdint.h>

/* The time now (CLOCK_MONOTONIC ns, uv_hrtime's clock), if no mark since
 * the last take. */
void tg_loop_turn_mark(void);
/* The mark (0 if none), cleared. */
uint64_t tg_loop_turn_take(void);

#endif
