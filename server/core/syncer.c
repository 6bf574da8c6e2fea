/* syncer.c — the turn's fsync off the loop thread (issue 17).
 *
 * With a syncer the store commits without waiting for the disk
 * (tg_store_defer_sync): the loop's COMMIT writes the WAL's frames and
 * returns, and every line of that turn (the acks, the pushes, any reply
 * queued after it) waits in server.c's held batches, tagged with the turn's
 * commit generation. This thread fdatasyncs the WAL for the newest
 * generation asked and reports it through a tg_wake; the loop then sends
 * every batch whose generation is durable. Meanwhile the loop reads, acts
 * and commits the next turns: one fsync covers all the turns committed
 * before it started.
 *
 * So an ack still leaves only after its action is on disk; what moves is
 * that the loop no longer waits for the disk. An fsync that fails leaves the
 * page cache in an unknown state (a retry can report success for pages it
 * dropped): the daemon stops at once without sending what waited for it, and
 * the restart reads what the disk kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/server_internal.h"
#include "core/wake.h"
#include "util/log.h"
#include "util/thread_name.h"

#define SYNCER_STAMPS 16

struct tg_syncer {
	uv_mutex_t mu;
	uv_cond_t wake;
	uv_thread_t thread;
	struct tg_wake *loop_wake; /* (core/wake.h) it closes after the syncer is freed */
	struct tg_store *store;
	uint64_t want;   /* the newest generation asked for */
	uint64_t synced; /* the newest generation made durable */
	/* An fsync in flight, for the generations up to syncing. */
	bool busy;
	uint64_t syncing;
	/* The loop holds a turn back that it commits at its next look (a
	 * commit already waits behind the fsync in flight: syncer_may_commit):
	 * the next fsync waits for it, so that one covers both. */
	bool deferred;
	/* The fsyncs done since the loop last looked, oldest first (latency.h's
	 * commit parts). The loop takes them at each wake-up, so few wait; if
	 * it falls this far behind the oldest is dropped, and its commits'
	 * parts are read from the next one (a later start: their sync_wait
	 * longer, the sum the same). */
	struct tg_sync_stamp done[SYNCER_STAMPS];
	size_t ndone;
	bool failed;
	char message[TG_ERR_MSG_MAX];
	bool stop;
	/* Tests: while held, the thread does not start a sync; while stalled,
	 * a sync it has started (its generation taken) waits before its
	 * fsync: an fsync in flight for as long as the test looks. */
	bool hold, stall;
};

static void syncer_main(void *arg)
{
	struct tg_syncer *y = arg;
	tg_thread_name("tg-syncer");
	uv_mutex_lock(&y->mu);
	for (;;) {
		while (!y->stop && (y->hold || y->deferred || y->want <= y->synced || y->failed))
			uv_cond_wait(&y->wake, &y->mu);
		if (y->stop)
			break;
		uint64_t gen = y->want; /* every commit of it returned before now */
		y->busy = true;
		y->syncing = gen;
		while (y->stall && !y->stop)
			uv_cond_wait(&y->wake, &y->mu);
		uv_mutex_unlock(&y->mu);
		struct tg_error err = {0};
		uint64_t start = uv_hrtime();
		int rc = tg_store_sync(y->store, &err);
		uint64_t end = uv_hrtime();
		uv_mutex_lock(&y->mu);
		y->busy = false;
		if (rc != 0) {
			y->failed = true;
			snprintf(y->message, sizeof y->message, "%s", err.message);
		} else if (gen > y->synced) {
			y->synced = gen;
			if (y->ndone == SYNCER_STAMPS) {
				memmove(y->done, y->done + 1,
				        (SYNCER_STAMPS - 1) * sizeof y->done[0]);
				y->ndone--;
			}
			y->done[y->ndone++] = (struct tg_sync_stamp){gen, start, end};
		}
		/* The loop's wake-up with the mutex released: sent under it, the
		 * woken loop (on this VM often running before the write returns)
		 * found it held in take_done and slept on it again, a futex call
		 * each side (issue 17, session 28; unit/test_core_handoff_locks). */
		uv_mutex_unlock(&y->mu);
		tg_wake_send(y->loop_wake);
		uv_mutex_lock(&y->mu);
	}
	uv_mutex_unlock(&y->mu);
}

_Noreturn void srv_sync_failed(const char *message)
{
	TG_ERROR(0, 0,
	         "%s: what waited for it is not sent; stopping (a restart reads what "
	         "the disk kept)",
	         message);
	_exit(EXIT_FAILURE);
}

/* Takes the fsyncs done since the last look (the loop thread). */
static size_t take_done(struct tg_server *srv, struct tg_sync_stamp *done)
{
	struct tg_syncer *y = srv->syncer;
	uv_mutex_lock(&y->mu);
	size_t n = y->ndone;
	memcpy(done, y->done, n * sizeof done[0]);
	y->ndone = 0;
	bool failed = y->failed;
	char message[TG_ERR_MSG_MAX];
	snprintf(message, sizeof message, "%s", y->message);
	uv_mutex_unlock(&y->mu);
	if (failed)
		srv_sync_failed(message);
	return n;
}

static void on_synced(void *data)
{
	struct tg_server *srv = data;
	if (!srv->syncer)
		return;
	struct tg_sync_stamp done[SYNCER_STAMPS];
	size_t n = take_done(srv, done);
	srv_durable(srv, done, n);
}

void syncer_poll(struct tg_server *srv)
{
	if (!srv->syncer)
		return;
	struct tg_sync_stamp done[SYNCER_STAMPS];
	size_t n = take_done(srv, done);
	if (n)
		srv_release_durable(srv, done, n);
}

int syncer_start(struct tg_server *srv)
{
	struct tg_error err = {0};
	if (!srv->loop || tg_store_defer_sync(srv->store, &err) != 0) {
		TG_INFO(0, 0, "each commit syncs on the loop: %s", err.message);
		return 0;
	}
	struct tg_syncer *y = calloc(1, sizeof *y);
	struct tg_wake *wake = y ? tg_wake_new(srv->loop, on_synced, srv) : NULL;
	if (!wake || uv_mutex_init(&y->mu) != 0) {
		tg_wake_free(wake);
		free(y);
		return -1;
	}
	uv_cond_init(&y->wake);
	y->store = srv->store;
	y->loop_wake = wake;
	if (uv_thread_create(&y->thread, syncer_main, y) != 0) {
		tg_wake_free(wake);
		uv_cond_destroy(&y->wake);
		uv_mutex_destroy(&y->mu);
		free(y);
		return -1;
	}
	srv->syncer = y;
	/* The WAL's checkpoints off the loop too (store.h): on it, one stalled
	 * every match's turn for 7-50 ms about once a second at 1,000
	 * actions/s. Without it the loop checkpoints, as before. */
	if (srv->cfg.wal_checkpointer && tg_store_checkpointer_start(srv->store, &err) != 0)
		TG_WARN(0, 0, "the WAL's checkpoints stay on the loop: %s", err.message);
	else
		tg_store_checkpointer_first(srv->store, srv->cfg.wal_checkpoint_pages);
	return 0;
}

void syncer_request(struct tg_server *srv, uint64_t gen)
{
	struct tg_syncer *y = srv->syncer;
	uv_mutex_lock(&y->mu);
	/* Whatever the loop held back is committed now (or its commit failed:
	 * nothing more to wait for). */
	bool wake = gen > y->want || y->deferred;
	if (gen > y->want)
		y->want = gen;
	y->deferred = false;
	uv_mutex_unlock(&y->mu);
	/* After the unlock: signalled under the lock, the syncer woke, found the
	 * mutex held and slept on it, and the unlock had to wake it again (0.34
	 * futex calls an act more on the loop at 1,000/s; session 28). It sees
	 * want under the lock, so a signal after it is not lost. */
	if (wake)
		uv_cond_signal(&y->wake);
}

bool syncer_may_commit(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return true;
	uv_mutex_lock(&y->mu);
	/* In flight: one commit may wait behind it (the next fsync starts as
	 * soon as this one ends, without the loop's hand-off), not more (a
	 * COMMIT a turn, while a long fsync lets many turns run, cost the loop
	 * more than it saved; session 17). Not in flight: the next starts
	 * when the thread wakes, or the tests hold it. */
	bool may = y->busy ? y->want <= y->syncing : !y->hold;
	if (!may && y->busy)
		y->deferred = true;
	uv_mutex_unlock(&y->mu);
	return may;
}

uint64_t syncer_synced(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return 0;
	uv_mutex_lock(&y->mu);
	uint64_t synced = y->synced;
	uv_mutex_unlock(&y->mu);
	return synced;
}

void syncer_hold(struct tg_server *srv, bool hold)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return;
	uv_mutex_lock(&y->mu);
	y->hold = hold;
	uv_cond_signal(&y->wake);
	uv_mutex_unlock(&y->mu);
}

void syncer_stall(struct tg_server *srv, bool stall)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return;
	uv_mutex_lock(&y->mu);
	y->stall = stall;
	uv_cond_broadcast(&y->wake);
	uv_mutex_unlock(&y->mu);
}

bool syncer_busy(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return false;
	uv_mutex_lock(&y->mu);
	bool busy = y->busy;
	uv_mutex_unlock(&y->mu);
	return busy;
}

void syncer_stop(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return;
	uv_mutex_lock(&y->mu);
	y->stop = true;
	uv_cond_signal(&y->wake);
	uv_mutex_unlock(&y->mu);
	uv_thread_join(&y->thread);
	tg_wake_free(y->loop_wake);
	uv_cond_destroy(&y->wake);
	uv_mutex_destroy(&y->mu);
	free(y);
	srv->syncer = NULL;
}
