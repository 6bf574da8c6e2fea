/* test_core_turn_polls.c — the loop's turns are timed without a poll more
 * (issue 17; core/latency.c, util/loop_turn.h).
 *
 * telegraph_loop_turn_busy_seconds was read from libuv's
 * UV_METRICS_IDLE_TIME, which makes every poll that will sleep poll twice:
 * epoll_wait with no timeout first (so that ready events are not counted
 * as idle), then the real one. The daemon's loop made 0.25-1.8 such empty
 * epoll_waits an action (perf's syscall tracepoints on the bench's play).
 *
 * Here epoll_wait is interposed (libuv's calls reach this file's
 * definition) and the empty polls with no timeout on the loop's thread are
 * counted while the loop sleeps between a timer's ticks and another
 * thread's wake-ups (core/wake.h): none. The turns must still be timed
 * from the poll's return: each wake-up's callback spins 3 ms, so the
 * histogram's sum holds at least that much a wake-up (a turn timed from
 * the check handle, after the callbacks, would miss it), and every turn
 * that had work is counted. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "core/latency.h"
#include "core/wake.h"
#include "tap.h"

#define TICKS 20
#define WAKES 10
#define SPIN_NS 3000000ULL

static pthread_t loop_thread;
static atomic_long empty_polls, polls;

int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout)
{
	static int (*real)(int, struct epoll_event *, int, int);
	if (!real)
		real = (int (*)(int, struct epoll_event *, int, int))dlsym(RTLD_NEXT, "epoll_wait");
	int r = real(epfd, events, maxevents, timeout);
	if (pthread_equal(pthread_self(), loop_thread)) {
		atomic_fetch_add(&polls, 1);
		if (timeout == 0 && r == 0)
			atomic_fetch_add(&empty_polls, 1);
	}
	return r;
}

static atomic_int handled, sent;
static struct tg_wake *wake;

static void on_wake(void *data)
{
	(void)data;
	uint64_t t0 = uv_hrtime();
	while (uv_hrtime() - t0 < SPIN_NS)
		;
	atomic_store(&handled, atomic_load(&sent));
}

static void *sender(void *arg)
{
	(void)arg;
	for (int i = 1; i <= WAKES; i++) {
		while (atomic_load(&handled) < i - 1)
			usleep(1000);
		usleep(2000); /* the loop asleep in its poll by now */
		atomic_store(&sent, i);
		tg_wake_send(wake);
	}
	return NULL;
}

static int ticks;

/* The turns the loop made: one a prepare (before each poll). A tick may
 * share a turn with the one before it: libuv 1.44's uv_run(UV_RUN_ONCE)
 * runs due timers before its poll as well as after it, so a loop thread
 * descheduled for more than a tick's 2 ms runs the next tick before the
 * poll, in the turn the last poll began (seen at load 8-19: 29 polls and
 * 29 turns for 30 pieces of work). Each prepare but the first ends a turn
 * a poll began, so the turns to time are the prepares less one. */
static int prepares;

static void on_prepare(uv_prepare_t *p)
{
	(void)p;
	prepares++;
}

static void on_tick(uv_timer_t *t)
{
	if (++ticks == TICKS)
		uv_timer_stop(t);
}

int main(void)
{
	uv_loop_t loop;
	uv_loop_init(&loop);
	loop_thread = pthread_self();
	struct tg_latency lat = {0};
	if (!CHECK(tg_lat_start(&lat, &loop) == 0))
		return tap_done();
	uv_prepare_t prep;
	uv_prepare_init(&loop, &prep);
	uv_prepare_start(&prep, on_prepare);
	wake = tg_wake_new(&loop, on_wake, NULL);
	uv_timer_t timer;
	uv_timer_init(&loop, &timer);
	uv_timer_start(&timer, on_tick, 2, 2);
	/* the timer's ticks alone: the loop sleeps between them */
	while (ticks < TICKS)
		uv_run(&loop, UV_RUN_ONCE);
	pthread_t th;
	if (!CHECK(pthread_create(&th, NULL, sender, NULL) == 0))
		return tap_done();
	uv_timer_start(&timer, on_tick, 1000, 1000); /* keeps the loop polling */
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (atomic_load(&handled) < WAKES) {
		uv_run(&loop, UV_RUN_ONCE);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (t1.tv_sec - t0.tv_sec > 30)
			break;
	}
	pthread_join(th, NULL);
	long npolls = atomic_load(&polls), nempty = atomic_load(&empty_polls);
	/* the last wake-up's turn ends at the next poll's prepare (a poll with
	 * no timeout, asked for: not counted above) */
	uv_run(&loop, UV_RUN_NOWAIT);
	const struct tg_hist *h = &lat.h[TG_LAT_TURN];
	printf("# %ld polls, %ld of them empty with no timeout; %d prepares; %llu turns timed, "
	       "%.1f ms busy\n",
	       npolls, nempty, prepares, (unsigned long long)h->count, h->sum_ns / 1e6);
	CHECKF(atomic_load(&handled) == WAKES, "every wake-up reached the loop (%d of %d)",
	       atomic_load(&handled), WAKES);
	CHECKF(nempty == 0, "no empty poll before the loop sleeps (%ld of %ld polls)", nempty,
	       npolls);
	CHECKF(prepares - 1 >= WAKES + 1, "a turn for each wake-up and the ticks (%d turns)",
	       prepares - 1);
	CHECKF(h->count >= (unsigned long long)(prepares - 1),
	       "every turn with work is timed (%llu of at least %d)", (unsigned long long)h->count,
	       prepares - 1);
	CHECKF(h->sum_ns >= WAKES * SPIN_NS,
	       "the wake-ups' callbacks are in their turns' busy time (%.1f ms of at least %.1f)",
	       h->sum_ns / 1e6, WAKES * SPIN_NS / 1e6);

	tg_wake_free(wake);
	uv_prepare_stop(&prep);
	uv_close((uv_handle_t *)&prep, NULL);
	uv_timer_stop(&timer);
	uv_close((uv_handle_t *)&timer, NULL);
	tg_lat_stop(&lat);
	uv_run(&loop, UV_RUN_DEFAULT);
	CHECK(uv_loop_close(&loop) == 0);
	return tap_done();
}
