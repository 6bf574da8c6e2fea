/* wake.h — another thread wakes the loop (issue 17): the fan-out workers
 * when a job is done, the syncer when an fsync is done. The callback runs
 * on the loop's thread, once for one or several wakes sent before it ran.
 *
 * An eventfd in the loop's epoll (an uv_poll), shared by the loop's
 * wake-ups, and not libuv's uv_async: libuv 1.44's uv_async_send marks
 * its handle busy, writes the loop's eventfd, then marks it done, and the
 * loop, which the write has woken, spins on the handle until it is marked
 * done (997 pauses, then sched_yield, again). On this VM the woken loop
 * often runs before the sender's write has returned: 0.03-0.07
 * sched_yield calls an action on the loop, 1.2 % of its samples in the
 * spin (BENCHMARKS.md, "The CPU per action by thread, user and kernel, and
 * by system call", session 23). Here a sender marks its wake-up, then
 * writes; the loop reads the eventfd once and calls back each wake-up it
 * finds marked, and never waits for a sender. As with uv_async, a wake-up
 * sent again before the loop took it writes nothing, and one poll that
 * finds several sent reads once; the callbacks it calls send inside one
 * cork of the net (net.h), each connection's lines of them in one write
 * (unit/test_core_wake). */
#ifndef TG_CORE_WAKE_H
#define TG_CORE_WAKE_H

#include <uv.h>

struct tg_wake;

/* A wake-up of `loop` that calls cb(data) on the loop's thread. It keeps
 * the loop alive no more than an unreferenced handle does. NULL if the
 * eventfd or the poll cannot be made. */
struct tg_wake *tg_wake_new(uv_loop_t *loop, void (*cb)(void *data), void *data);
/* Any thread: the callback runs at the loop's next poll (one write). */
void tg_wake_send(struct tg_wake *w);
/* The loop's thread: no callback runs after it (a callback may free its
 * own wake-up, not another). The loop's eventfd goes with its last
 * wake-up, when the loop has closed the poll. */
void tg_wake_free(struct tg_wake *w);

#endif
