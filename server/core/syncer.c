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
 * Two threads (wal_syncs_in_flight = 2, session 28): a turn committed
 * while an fsync runs gets its own fsync at once on the other thread,
 * instead of after the first ends (it waited for the rest of that one and
 * then the whole of its own: two of the disk's tails). fdatasync makes
 * durable what was written before it was called, whatever runs beside
 * it. The fsyncs are reported in the order they started: a later one that
 * returns first waits for the earlier one's outcome, since a writeback
 * error is reported once per open file, possibly to the earlier call
 * alone. Still two commits at most wait for fsyncs (syncer_may_commit),
 * as with one thread.
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
/* The fsyncs at once (cfg.wal_syncs_in_flight), and the ones started and
 * not yet reported that the syncer keeps, in the order they started. */
#define SYNCER_THREADS_MAX 2
#define SYNCER_FLIGHT 16

/* One fsync started and not yet reported. */
struct sync_flight {
	uint64_t seq; /* the order it started in */
	uint64_t gen; /* every commit up to it was written before it started */
	bool stalled; /* tests: started while stalled, waiting before its fsync */
	bool done;    /* its fsync returned */
	bool failed;  /* ... with an error (message) */
	uint64_t start, end;
	char message[TG_ERR_MSG_MAX];
};

struct tg_syncer {
	uv_mutex_t mu;
	uv_cond_t wake;    /* an idle thread: any of them can start the next fsync */
	uv_cond_t unstall; /* tests: a stalled sync */
	uv_thread_t thread[SYNCER_THREADS_MAX];
	int nthreads;
	struct tg_wake *loop_wake; /* (core/wake.h) it closes after the syncer is freed */
	struct tg_store *store;
	uint64_t want;    /* the newest generation asked for */
	uint64_t started; /* the newest generation an fsync has started for */
	uint64_t synced;  /* the newest generation made durable (and reported) */
	/* The fsyncs started and not yet reported, oldest first: an fsync
	 * that ends is reported only once every one started before it has
	 * ended (an error of the earlier one's writes may be reported to the
	 * earlier call alone: fdatasync reports a writeback error once per
	 * open file). running: those whose fsync has not returned. */
	struct sync_flight flight[SYNCER_FLIGHT];
	size_t nflight;
	int running;
	uint64_t seq;
	/* The loop holds a turn back that it commits at its next look (two
	 * commits already wait for fsyncs: syncer_may_commit). With one
	 * thread the next fsync waits for it, so that one covers both. */
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
	/* Tests: while held, no thread starts a sync; a sync started while
	 * stalled waits before its fsync (until syncer_stall(false) or
	 * syncer_release_newest): an fsync in flight for as long as the test
	 * looks. */
	bool hold, stall;
};

static struct sync_flight *flight_of(struct tg_syncer *y, uint64_t seq)
{
	for (size_t i = 0; i < y->nflight; i++)
		if (y->flight[i].seq == seq)
			return &y->flight[i];
	return NULL;
}

/* Reports the fsyncs that ended, oldest first, up to the first still
 * running: each that made a newer generation durable becomes a stamp for
 * the loop; the first that failed stops all (the loop stops the process). */
static void report_done(struct tg_syncer *y)
{
	size_t k = 0;
	for (; k < y->nflight && y->flight[k].done; k++) {
		struct sync_flight *f = &y->flight[k];
		if (y->failed)
			continue;
		if (f->failed) {
			y->failed = true;
			snprintf(y->message, sizeof y->message, "%s", f->message);
		} else if (f->gen > y->synced) {
			y->synced = f->gen;
			if (y->ndone == SYNCER_STAMPS) {
				memmove(y->done, y->done + 1,
				        (SYNCER_STAMPS - 1) * sizeof y->done[0]);
				y->ndone--;
			}
			y->done[y->ndone++] = (struct tg_sync_stamp){f->gen, f->start, f->end};
		}
	}
	if (k) {
		memmove(y->flight, y->flight + k, (y->nflight - k) * sizeof y->flight[0]);
		y->nflight -= k;
	}
}

/* A thread may start an fsync: a generation not yet covered by one that
 * started, a thread free, room to keep it, nothing held back (one thread:
 * the loop's held turn, see deferred). */
static bool may_start(const struct tg_syncer *y)
{
	return !y->hold && !y->failed && y->want > y->started && y->running < y->nthreads &&
	       y->nflight < SYNCER_FLIGHT && !(y->deferred && y->nthreads == 1);
}

static void syncer_main(void *arg)
{
	struct tg_syncer *y = arg;
	tg_thread_name("tg-syncer");
	uv_mutex_lock(&y->mu);
	for (;;) {
		while (!y->stop && !may_start(y))
			uv_cond_wait(&y->wake, &y->mu);
		if (y->stop)
			break;
		/* every commit of it returned before now */
		struct sync_flight *f = &y->flight[y->nflight++];
		*f = (struct sync_flight){.seq = ++y->seq, .gen = y->want, .stalled = y->stall};
		uint64_t seq = f->seq;
		y->started = f->gen;
		y->running++;
		while (!y->stop && (f = flight_of(y, seq)) && f->stalled)
			uv_cond_wait(&y->unstall, &y->mu);
		uv_mutex_unlock(&y->mu);
		struct tg_error err = {0};
		uint64_t start = uv_hrtime();
		int rc = tg_store_sync(y->store, &err);
		uint64_t end = uv_hrtime();
		uv_mutex_lock(&y->mu);
		y->running--;
		f = flight_of(y, seq);
		f->done = true;
		f->start = start;
		f->end = end;
		if (rc != 0) {
			f->failed = true;
			snprintf(f->message, sizeof f->message, "%s", err.message);
		}
		report_done(y);
		/* No other thread to wake: one fsync covers the newest generation
		 * asked, and this thread looks for it next. The loop's wake-up
		 * with the mutex released: sent under it, the woken loop (on this
		 * VM often running before the write returns) found it held in
		 * take_done and slept on it again, a futex call each side (issue
		 * 17, session 28; unit/test_core_handoff_locks). */
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
	uv_cond_init(&y->unstall);
	y->store = srv->store;
	y->loop_wake = wake;
	int want = srv->cfg.wal_syncs_in_flight;
	y->nthreads = want < 1 ? 1 : want > SYNCER_THREADS_MAX ? SYNCER_THREADS_MAX : want;
	int started = 0;
	for (; started < y->nthreads; started++)
		if (uv_thread_create(&y->thread[started], syncer_main, y) != 0)
			break;
	if (started < y->nthreads) {
		uv_mutex_lock(&y->mu);
		y->stop = true;
		uv_cond_broadcast(&y->wake);
		uv_mutex_unlock(&y->mu);
		for (int i = 0; i < started; i++)
			uv_thread_join(&y->thread[i]);
		tg_wake_free(wake);
		uv_cond_destroy(&y->unstall);
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
	bool signal = wake && may_start(y); /* one fsync covers it: one thread */
	uv_mutex_unlock(&y->mu);
	/* After the unlock: signalled under the lock, the syncer woke, found the
	 * mutex held and slept on it, and the unlock had to wake it again (0.34
	 * futex calls an act more on the loop at 1,000/s; session 28). It sees
	 * want under the lock, so a signal after it is not lost. */
	if (signal)
		uv_cond_signal(&y->wake);
}

bool syncer_may_commit(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return true;
	uv_mutex_lock(&y->mu);
	/* Two commits at most wait for fsyncs: with one thread, the one in
	 * flight and one behind it (its fsync starts as soon as that one
	 * ends, without the loop's hand-off); with two, both in flight (the
	 * second's fsync started at once). Not more (a COMMIT a turn, while
	 * a long fsync lets many turns run, cost the loop more than it saved;
	 * session 17). None in flight: the next starts when a thread wakes,
	 * or the tests hold them. */
	bool may;
	if (y->running == 0)
		may = !y->hold;
	else
		may = y->running + (y->want > y->started ? 1 : 0) < 2;
	if (!may && y->running > 0)
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
	if (!stall)
		for (size_t i = 0; i < y->nflight; i++)
			y->flight[i].stalled = false;
	uv_cond_broadcast(&y->unstall);
	uv_mutex_unlock(&y->mu);
}

void syncer_release_newest(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return;
	uv_mutex_lock(&y->mu);
	for (size_t i = y->nflight; i-- > 0;)
		if (y->flight[i].stalled) {
			y->flight[i].stalled = false;
			break;
		}
	uv_cond_broadcast(&y->unstall);
	uv_mutex_unlock(&y->mu);
}

int syncer_in_flight(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return 0;
	uv_mutex_lock(&y->mu);
	int running = y->running;
	uv_mutex_unlock(&y->mu);
	return running;
}

bool syncer_busy(struct tg_server *srv)
{
	return syncer_in_flight(srv) > 0;
}

void syncer_stop(struct tg_server *srv)
{
	struct tg_syncer *y = srv->syncer;
	if (!y)
		return;
	uv_mutex_lock(&y->mu);
	y->stop = true;
	uv_cond_broadcast(&y->wake);
	uv_cond_broadcast(&y->unstall);
	uv_mutex_unlock(&y->mu);
	for (int i = 0; i < y->nthreads; i++)
		uv_thread_join(&y->thread[i]);
	tg_wake_free(y->loop_wake);
	uv_cond_destroy(&y->unstall);
	uv_cond_destroy(&y->wake);
	uv_mutex_destroy(&y->mu);
	free(y);
	srv->syncer = NULL;
}
