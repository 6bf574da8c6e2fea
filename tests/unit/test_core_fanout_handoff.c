/* test_core_fanout_handoff.c — a fan-out job done before its action's
 * commit is durable wakes nobody; the loop takes it when the fsync's
 * report comes, with the ok (issue 17, session 27).
 *
 * After an action the loop hands the match's fan-out to a worker
 * (fanout.c) and the commit's fsync to the syncer (syncer.c); the ok
 * leaves when the syncer reports, the patch when the worker is done and
 * the commit durable. Each woke the loop: at 1,000 actions/s that was two
 * wake-ups an action (two polls, two eventfd reads, the worker's eventfd
 * write) where the job was nearly always done before the fsync, whose
 * report alone could take both. Now a worker wakes the loop only for a
 * job whose commit is durable already.
 *
 * tg_wake_send is wrapped at link time (-Wl,--wrap) and counted off the
 * loop's thread, and views_fanout_compute is wrapped to count the jobs
 * and, when asked, to wait before computing.
 *  1. The syncer held: the job is done, and no worker has sent a wake-up;
 *     the loop sends nothing; once the syncer is let go, the actor gets
 *     his ok and then his patch, the opponent his patch.
 *  2. The job held until the commit is durable and its ok out: the
 *     worker then wakes the loop, and the patches come (none is lost).
 *  3. Pipelined commits: a job done while its commit's fsync runs and a
 *     newer commit (another match's action) waits for the next fsync:
 *     when its own commit is durable its patches leave with its ok, not
 *     behind the newer commit (held until that one's fsync, they left a
 *     write apart from the ok and an fsync late).
 *  4. The loop joins a queued job (an act on a match whose job waits
 *     behind others; uv_cond_wait is wrapped to see the loop wait): the
 *     job goes to the queue's head, so the loop waits
 *     for it alone, not for every job queued before it (session 29: at
 *     400 matches saturated a turn queues 70-110 jobs, and the loop,
 *     joining for a stale act of the other role, slept while the workers
 *     went through them in order). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"
#include "core/wake.h"
#include "core_testkit.h"

static pthread_t loop_thread;
static atomic_uint off_loop_wakes, computed;
static atomic_bool gate; /* while set, a job waits before it computes */
/* Case 4: the jobs of these matches wait before they compute while set;
 * the matches' ids in the order their jobs computed. */
static _Atomic int64_t hold1, hold2;
static _Atomic int64_t order[16];
static atomic_uint norder, nheld;
static atomic_bool loop_waits; /* the loop has waited on a condition (fanout_join) */

void __real_tg_wake_send(struct tg_wake *w);
void __wrap_tg_wake_send(struct tg_wake *w);

void __wrap_tg_wake_send(struct tg_wake *w)
{
	if (!pthread_equal(pthread_self(), loop_thread))
		atomic_fetch_add(&off_loop_wakes, 1);
	__real_tg_wake_send(w);
}

void __real_uv_cond_wait(uv_cond_t *c, uv_mutex_t *mu);
void __wrap_uv_cond_wait(uv_cond_t *c, uv_mutex_t *mu);

void __wrap_uv_cond_wait(uv_cond_t *c, uv_mutex_t *mu)
{
	if (pthread_equal(pthread_self(), loop_thread))
		atomic_store(&loop_waits, true);
	__real_uv_cond_wait(c, mu);
}

void __real_views_fanout_compute(struct tg_match *m, struct views_batch *b);
void __wrap_views_fanout_compute(struct tg_match *m, struct views_batch *b);

void __wrap_views_fanout_compute(struct tg_match *m, struct views_batch *b)
{
	for (int i = 0; i < 10000 && atomic_load(&gate); i++)
		uv_sleep(1);
	if (m->id == atomic_load(&hold1) || m->id == atomic_load(&hold2)) {
		atomic_fetch_add(&nheld, 1);
		for (int i = 0;
		     i < 10000 && (m->id == atomic_load(&hold1) || m->id == atomic_load(&hold2));
		     i++)
			uv_sleep(1);
	}
	unsigned k = atomic_fetch_add(&norder, 1);
	if (k < sizeof order / sizeof order[0])
		atomic_store(&order[k], m->id);
	__real_views_fanout_compute(m, b);
	atomic_fetch_add(&computed, 1);
}

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static void on_timeout(uv_timer_t *t)
{
	*(bool *)t->data = true;
}

/* Runs the loop until a has n new oks and patches each and b n new
 * patches, or 10 s. */
static bool wait_lines(struct client *a, struct client *b, int n)
{
	uv_timer_t t;
	bool expired = false;
	uv_timer_init(&fc_loop, &t);
	t.data = &expired;
	uv_timer_start(&t, on_timeout, 10000, 0);
	size_t sa = a->seen, sb = b->seen;
	bool done = false;
	while (!done && !expired) {
		uv_run(&fc_loop, UV_RUN_ONCE);
		done = count_new(a, "ok") >= n && count_new(a, "patch") >= n &&
		       count_new(b, "patch") >= n;
	}
	a->seen = sa;
	b->seen = sb;
	uv_close((uv_handle_t *)&t, NULL);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	return done;
}

/* Runs the loop until c (and d, if given) has a new line of op, or 10 s. */
static void run_until_new(struct client *c, struct client *d, const char *op)
{
	uv_timer_t t;
	bool expired = false;
	uv_timer_init(&fc_loop, &t);
	t.data = &expired;
	uv_timer_start(&t, on_timeout, 10000, 0);
	while ((count_new(c, op) < 1 || (d && count_new(d, op) < 1)) && !expired)
		uv_run(&fc_loop, UV_RUN_ONCE);
	uv_close((uv_handle_t *)&t, NULL);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
}

/* Every commit so far durable and the syncer idle. A case that holds or
 * stalls the syncer must not find an earlier commit's fsync still running:
 * on a slow disk it ended inside the case, whose counts then read one
 * wake-up or one durable commit too many (ci27's failure). The loop's
 * durable_gen, not the syncer's count: a turn that waits syncs on the
 * loop. */
static bool syncer_settled(void)
{
	for (int i = 0; i < 10000; i++) {
		uv_run(&fc_loop, UV_RUN_NOWAIT);
		if (!syncer_busy(fc_srv) && fc_srv->durable_gen >= fc_srv->commit_gen)
			return true;
		uv_sleep(1);
	}
	return false;
}

static void act(struct client *a, int64_t mid, int64_t seq)
{
	json_t *r = rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mid, "seq",
	               (json_int_t)seq, "action", "type", "note", "text", "steady");
	tg_engine_message(a->s, r);
	json_decref(r);
	tg_engine_turn_async(fc_srv);
}

/* Case 4's: lets the first held job go once the loop waits in
 * fanout_join (up to 10 s). */
static void *release_first(void *arg)
{
	(void)arg;
	for (int i = 0; i < 10000 && !atomic_load(&loop_waits); i++)
		uv_sleep(1);
	atomic_store(&hold1, 0);
	return NULL;
}

/* The index of the first line with this op from a's seen mark, or -1. */
static long first_new(struct client *c, const char *op)
{
	for (size_t i = c->seen; i < json_array_size(c->got); i++)
		if (strcmp(op_of(json_array_get(c->got, i)), op) == 0)
			return (long)i;
	return -1;
}

int main(void)
{
	loop_thread = pthread_self();
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_fanout_handoff"))
		return tap_done();
	rig.cfg.workers = 2;
	/* Case 3 holds a commit behind the fsync in flight (the syncer's one
	 * thread): with two (the default, session 28) its own fsync may start
	 * at once, before the hold, and the case's second commit would be
	 * durable with the first. The overlapped fsyncs are
	 * unit/test_core_turn_sync's (overlapped). */
	rig.cfg.wal_syncs_in_flight = 1;
	if (!fc_rig_serve(&rig, games))
		return tap_done();
	struct client a, b;
	login(&a, "grant", "unconditional", true);
	login(&b, "lee", "traveller1", true);
	int64_t mid = new_match(&a, &b);

	/* 1. Done before the fsync. */
	mark_seen(&a);
	mark_seen(&b);
	unsigned c0 = atomic_load(&computed);
	CHECKF(syncer_settled(), "the match's set-up is durable before the case");
	tg_engine_hold_sync(fc_srv, true);
	atomic_store(&off_loop_wakes, 0);
	act(&a, mid, a.seq);
	for (int i = 0; i < 10000 && fanout_done_waiting(fc_srv) == 0; i++)
		uv_sleep(1);
	CHECKF(atomic_load(&computed) == c0 + 1 && fanout_done_waiting(fc_srv) == 1,
	       "the job is done while its commit waits for the fsync");
	uv_sleep(20); /* a worker's wake-up would be sent by now */
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	CHECKF(atomic_load(&off_loop_wakes) == 0,
	       "no worker woke the loop for a job not yet durable (%u wake-ups)",
	       atomic_load(&off_loop_wakes));
	CHECK_EQ_INT(count_new(&a, "ok") + count_new(&a, "patch") + count_new(&b, "patch"), 0);
	tg_engine_hold_sync(fc_srv, false);
	CHECKF(wait_lines(&a, &b, 1), "the ok and both patches come once the fsync is done");
	long ok = first_new(&a, "ok"), patch = first_new(&a, "patch");
	CHECKF(ok >= 0 && ok < patch, "the actor gets his ok, then his patch (%ld, %ld)", ok,
	       patch);
	CHECKF(atomic_load(&off_loop_wakes) == 1, "the syncer's wake-up alone (%u off the loop)",
	       atomic_load(&off_loop_wakes));
	CHECK_EQ_INT(fanout_done_waiting(fc_srv), 0);

	/* 2. Done after the fsync: the worker wakes the loop. */
	mark_seen(&a);
	mark_seen(&b);
	atomic_store(&gate, true);
	act(&a, mid, a.seq);
	uint64_t gen = fc_srv->commit_gen;
	for (int i = 0; i < 10000 && syncer_synced(fc_srv) < gen; i++)
		uv_sleep(1);
	run_until_new(&a, NULL, "ok");
	CHECKF(count_new(&a, "ok") == 1 && count_new(&a, "patch") == 0,
	       "the ok leaves when durable, the patch is not done");
	mark_seen(&a);
	atomic_store(&off_loop_wakes, 0);
	atomic_store(&gate, false);
	run_until_new(&a, &b, "patch");
	CHECKF(count_new(&a, "patch") == 1 && count_new(&b, "patch") == 1,
	       "a job done after its commit is durable still sends its patches");
	CHECKF(atomic_load(&off_loop_wakes) == 1, "the worker woke the loop (%u wake-ups)",
	       atomic_load(&off_loop_wakes));
	CHECK(a.seq == b.seq && b.seq == 2);

	/* 3. A newer commit waits while the job's own is made durable. */
	struct client a2, b2;
	login(&a2, "grant", "unconditional", false);
	login(&b2, "lee", "traveller1", false);
	int64_t mid2 = new_match(&a2, &b2);
	mark_seen(&a);
	mark_seen(&b);
	mark_seen(&a2);
	mark_seen(&b2);
	CHECKF(syncer_settled(), "the second match's set-up is durable before the case");
	syncer_stall(fc_srv, true);
	act(&a, mid, a.seq); /* its fsync started and stalled */
	for (int i = 0; i < 10000 && (!syncer_busy(fc_srv) || fanout_done_waiting(fc_srv) == 0);
	     i++)
		uv_sleep(1);
	CHECKF(syncer_busy(fc_srv) && fanout_done_waiting(fc_srv) == 1,
	       "the job is done while its commit's fsync runs");
	act(&a2, mid2, a2.seq); /* committed behind the fsync in flight */
	uint64_t g1 = fc_srv->commit_gen - 1;
	CHECKF(fc_srv->durable_gen < g1, "both commits wait for their fsyncs");
	syncer_hold(fc_srv, true); /* the second fsync does not start */
	syncer_stall(fc_srv, false);
	run_until_new(&a, NULL, "ok");
	CHECKF(count_new(&a, "ok") == 1 && count_new(&a2, "ok") == 0,
	       "the first commit is durable, the second not");
	CHECKF(count_new(&a, "patch") == 1 && count_new(&b, "patch") == 1,
	       "its patches left with its ok (%d and %d)", count_new(&a, "patch"),
	       count_new(&b, "patch"));
	syncer_hold(fc_srv, false);
	CHECKF(wait_lines(&a2, &b2, 1), "the second act's ok and patches once its fsync is done");
	CHECK(a.seq == 3 && b.seq == 3 && a2.seq == 1 && b2.seq == 1);

	/* 4. A join of a queued job: four matches' acts in one turn; the two
	 * workers take the first two jobs and are held there; the loop joins
	 * the fourth (its other player acts at a stale seq); the first is let
	 * go once the loop waits, and its worker takes the fourth next, not
	 * the third queued before it. */
	struct client c[2][2],
	    *p[4][2] = {{&a, &b}, {&a2, &b2}, {&c[0][0], &c[0][1]}, {&c[1][0], &c[1][1]}};
	int64_t mids[4] = {mid, mid2, 0, 0};
	for (int i = 2; i < 4; i++) {
		login(p[i][0], "grant", "unconditional", false);
		login(p[i][1], "lee", "traveller1", false);
		mids[i] = new_match(p[i][0], p[i][1]);
	}
	CHECKF(syncer_settled(), "the matches' set-ups are durable before the case");
	for (int i = 0; i < 4; i++) {
		mark_seen(p[i][0]);
		mark_seen(p[i][1]);
	}
	atomic_store(&hold1, mids[0]);
	atomic_store(&hold2, mids[1]);
	atomic_store(&nheld, 0);
	atomic_store(&norder, 0);
	for (int i = 0; i < 4; i++) {
		json_t *r =
		    rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mids[i],
		       "seq", (json_int_t)p[i][0]->seq, "action", "type", "note", "text", "steady");
		tg_engine_message(p[i][0]->s, r);
		json_decref(r);
	}
	tg_engine_turn_async(fc_srv); /* one turn: four jobs queued, one worker kicked */
	for (int i = 0; i < 10000 && atomic_load(&nheld) < 2; i++)
		uv_sleep(1);
	CHECKF(atomic_load(&nheld) == 2 && atomic_load(&norder) == 0,
	       "both workers hold the first two jobs, two are queued");
	atomic_store(&loop_waits, false);
	pthread_t rel;
	CHECK(pthread_create(&rel, NULL, release_first, NULL) == 0);
	/* the fourth match's other player, at the seq before the act: the
	 * loop joins its job (match_find) and then refuses the act as stale */
	json_t *r = rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mids[3],
	               "seq", (json_int_t)p[3][1]->seq, "action", "type", "note", "text", "late");
	tg_engine_message(p[3][1]->s, r);
	json_decref(r);
	pthread_join(rel, NULL);
	printf("# the jobs computed, in order: %lld %lld %lld\n", (long long)atomic_load(&order[0]),
	       (long long)atomic_load(&order[1]), (long long)atomic_load(&order[2]));
	CHECKF(atomic_load(&norder) >= 2 && atomic_load(&order[0]) == mids[0] &&
	           atomic_load(&order[1]) == mids[3],
	       "the joined job computed next after the first let go (%lld), not the one queued "
	       "before it (%lld)",
	       (long long)atomic_load(&order[1]), (long long)mids[2]);
	atomic_store(&hold2, 0);
	for (int i = 0; i < 4; i++)
		CHECKF(wait_lines(p[i][0], p[i][1], 1), "match %d's ok and patches", i);
	CHECKF(count_new(p[3][1], "error") == 1, "the late act is refused (stale)");
	for (int i = 2; i < 4; i++) {
		client_close(p[i][0]);
		client_close(p[i][1]);
	}
	client_close(&a2);
	client_close(&b2);

	client_close(&a);
	client_close(&b);
	fc_rig_close(&rig);
	return tap_done();
}
