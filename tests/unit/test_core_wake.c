/* test_core_wake.c — another thread's wake-up of the loop never makes the
 * loop wait for that thread (issue 17; core/wake.h).
 *
 * The fan-out workers and the syncer woke the loop with libuv's uv_async.
 * Its uv_async_send marks the handle busy, writes the loop's eventfd and
 * then marks it done; the loop, woken by the write, spins on the handle
 * until the sender has marked it done: 997 pauses, then sched_yield, and
 * again. When the sender is preempted between its write and the mark (on
 * the bench's VM, a woken loop often runs first), the loop spins for as
 * long: the daemon made 0.07 sched_yield calls an action on its loop.
 *
 * Here the sender is held 5 ms after each write to the eventfd (write is
 * interposed: libuv's calls and wake.c's reach this file's definition),
 * as a preempted sender would be; sched_yield is interposed and counted on
 * the loop's thread. Every wake-up must still reach the loop, and the loop
 * must not yield once.
 *
 * And the loop's wake-ups share one eventfd, as uv_async's handles do:
 * the fan-out's and the syncer's, both sent before the loop polls, cost
 * the loop one read (read is interposed too, eventfd reads counted on the
 * loop's thread), not one each. */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "core/wake.h"
#include "tap.h"

#define WAKES 20
#define HOLD_NS 5000000L

static pthread_t loop_thread, sender_thread;
static atomic_bool holding;
static atomic_long loop_yields, loop_eventfd_reads;
static atomic_int handled, sent;

static bool is_eventfd(int fd)
{
	char path[64], target[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(path, target, sizeof target - 1);
	if (n <= 0)
		return false;
	target[n] = 0;
	return strcmp(target, "anon_inode:[eventfd]") == 0;
}

ssize_t write(int fd, const void *buf, size_t len)
{
	ssize_t r = syscall(SYS_write, fd, buf, len);
	if (atomic_load(&holding) && pthread_equal(pthread_self(), sender_thread) &&
	    is_eventfd(fd)) {
		struct timespec t = {0, HOLD_NS};
		while (nanosleep(&t, &t) != 0)
			;
	}
	return r;
}

ssize_t read(int fd, void *buf, size_t len)
{
	if (pthread_equal(pthread_self(), loop_thread) && is_eventfd(fd))
		atomic_fetch_add(&loop_eventfd_reads, 1);
	return syscall(SYS_read, fd, buf, len);
}

/* net.h's cork, interposed: its depth, and the uncorks that ended one */
static int cork_depth, cork_ends;

void tg_conn_cork(void)
{
	cork_depth++;
}

void tg_conn_uncork(void)
{
	if (cork_depth > 0 && --cork_depth == 0)
		cork_ends++;
}

static int calls_uncorked; /* callbacks run outside any cork */

static void count(void *data)
{
	if (cork_depth == 0)
		calls_uncorked++;
	atomic_fetch_add((atomic_int *)data, 1);
}

int sched_yield(void)
{
	if (pthread_equal(pthread_self(), loop_thread))
		atomic_fetch_add(&loop_yields, 1);
	return (int)syscall(SYS_sched_yield);
}

static void on_wake(void *data)
{
	atomic_int *n = data;
	/* every wake sent so far is taken, as the fan-out's done list is */
	atomic_store(n, atomic_load(&sent));
}

static struct tg_wake *wake;

static void *sender(void *arg)
{
	(void)arg;
	for (int i = 1; i <= WAKES; i++) {
		while (atomic_load(&handled) < i - 1)
			usleep(100);
		atomic_store(&sent, i);
		tg_wake_send(wake);
	}
	return NULL;
}

static void on_timer(uv_timer_t *t)
{
	(void)t; /* keeps the loop polling: the wake-up holds no reference */
}

int main(void)
{
	uv_loop_t loop;
	uv_loop_init(&loop);
	loop_thread = pthread_self();
	wake = tg_wake_new(&loop, on_wake, &handled);
	if (!CHECKF(wake != NULL, "a wake-up of the loop is made"))
		return tap_done();
	uv_timer_t timer;
	uv_timer_init(&loop, &timer);
	uv_timer_start(&timer, on_timer, 1000, 1000);

	atomic_store(&holding, true);
	if (!CHECK(pthread_create(&sender_thread, NULL, sender, NULL) == 0))
		return tap_done();
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (atomic_load(&handled) < WAKES) {
		uv_run(&loop, UV_RUN_ONCE);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (t1.tv_sec - t0.tv_sec > 30)
			break;
	}
	pthread_join(sender_thread, NULL);
	atomic_store(&holding, false);
	printf("# %d wakes, each sender held %ld ms after its write: the loop yielded %ld "
	       "times\n",
	       WAKES, HOLD_NS / 1000000, atomic_load(&loop_yields));
	CHECKF(atomic_load(&handled) == WAKES, "every wake-up reached the loop (%d of %d)",
	       atomic_load(&handled), WAKES);
	CHECKF(atomic_load(&loop_yields) == 0,
	       "the loop never waits for a sender that has written (%ld sched_yield calls)",
	       atomic_load(&loop_yields));

	/* Two wake-ups sent before the loop polls: one read, both called. */
	atomic_int fanout_done = 0, synced = 0;
	struct tg_wake *w1 = tg_wake_new(&loop, count, &fanout_done),
	               *w2 = tg_wake_new(&loop, count, &synced);
	CHECK(w1 && w2);
	tg_wake_send(w1);
	tg_wake_send(w1); /* sent again before the loop took it */
	tg_wake_send(w2);
	atomic_store(&loop_eventfd_reads, 0);
	cork_ends = calls_uncorked = 0;
	uv_run(&loop, UV_RUN_ONCE);
	printf("# two wake-ups sent before a poll: %ld eventfd reads on the loop\n",
	       atomic_load(&loop_eventfd_reads));
	CHECKF(atomic_load(&fanout_done) == 1 && atomic_load(&synced) == 1,
	       "each wake-up called back once (%d, %d)", atomic_load(&fanout_done),
	       atomic_load(&synced));
	CHECKF(atomic_load(&loop_eventfd_reads) == 1, "one read of the loop's eventfd (%ld)",
	       atomic_load(&loop_eventfd_reads));
	CHECKF(calls_uncorked == 0 && cork_ends == 1 && cork_depth == 0,
	       "both callbacks ran inside one cork, ended after them (%d outside, %d corks, "
	       "depth %d)",
	       calls_uncorked, cork_ends, cork_depth);
	tg_wake_free(w1);
	tg_wake_free(w2);

	/* A wake-up freed after a send: no callback after the free. */
	atomic_store(&handled, -1);
	tg_wake_send(wake);
	tg_wake_free(wake);
	uv_timer_stop(&timer);
	uv_close((uv_handle_t *)&timer, NULL);
	uv_run(&loop, UV_RUN_DEFAULT);
	CHECKF(atomic_load(&handled) == -1, "no callback after tg_wake_free");
	CHECK(uv_loop_close(&loop) == 0);
	return tap_done();
}
