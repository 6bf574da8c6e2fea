/* test_core_handoff_locks.c — the loop, the syncer and the fan-out workers
 * wake each other with their mutexes released (issue 17, session 28).
 *
 * A thread woken by a condition's signal or the loop's eventfd first takes
 * the mutex its waker shares with it. Woken while the waker still holds
 * it (on this VM the woken thread often runs before the waker's call
 * returns), it finds the mutex held and sleeps on it again, and the
 * waker's unlock must wake it a second time: two futex calls and two
 * switches where one wake-up will do. A perf count of the loop's futex
 * calls at 1,000 actions/s (dwarf stacks, base28's code) found 0.34 an
 * act from syncer_request's unlock after its signal and 0.26 from the
 * loop blocking in the syncer's take_done behind the syncer's report,
 * sent under its lock.
 *
 * uv_mutex_lock/unlock, uv_cond_signal, uv_cond_broadcast (session 29)
 * and tg_wake_send are wrapped at
 * link time (-Wl,--wrap) and each thread counts the mutexes it holds: an
 * action at a time is played through the loop as it runs (the syncer and
 * two workers on), and no signal and no wake-up may be sent with a mutex
 * held. A condition's wait keeps its mutex counted as held (it holds it on
 * return), which is what is wanted. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"
#include "core/wake.h"
#include "core_testkit.h"

static _Thread_local int held; /* the uv_mutexes this thread holds */
static atomic_bool counting;
static atomic_uint signals, signals_held, wakes, wakes_held;

void __real_uv_mutex_lock(uv_mutex_t *m);
void __wrap_uv_mutex_lock(uv_mutex_t *m);
void __real_uv_mutex_unlock(uv_mutex_t *m);
void __wrap_uv_mutex_unlock(uv_mutex_t *m);
void __real_uv_cond_signal(uv_cond_t *c);
void __wrap_uv_cond_signal(uv_cond_t *c);
void __real_uv_cond_broadcast(uv_cond_t *c);
void __wrap_uv_cond_broadcast(uv_cond_t *c);
void __real_tg_wake_send(struct tg_wake *w);
void __wrap_tg_wake_send(struct tg_wake *w);

void __wrap_uv_mutex_lock(uv_mutex_t *m)
{
	__real_uv_mutex_lock(m);
	held++;
}

void __wrap_uv_mutex_unlock(uv_mutex_t *m)
{
	held--;
	__real_uv_mutex_unlock(m);
}

void __wrap_uv_cond_signal(uv_cond_t *c)
{
	if (atomic_load(&counting)) {
		atomic_fetch_add(&signals, 1);
		if (held)
			atomic_fetch_add(&signals_held, 1);
	}
	__real_uv_cond_signal(c);
}

/* A broadcast is a signal of every waiter: counted as one (session 29:
 * the workers broadcast the done condition under the pool's mutex, every
 * job, for the loop that waits in fanout_join). */
void __wrap_uv_cond_broadcast(uv_cond_t *c)
{
	if (atomic_load(&counting)) {
		atomic_fetch_add(&signals, 1);
		if (held)
			atomic_fetch_add(&signals_held, 1);
	}
	__real_uv_cond_broadcast(c);
}

void __wrap_tg_wake_send(struct tg_wake *w)
{
	if (atomic_load(&counting)) {
		atomic_fetch_add(&wakes, 1);
		if (held)
			atomic_fetch_add(&wakes_held, 1);
	}
	__real_tg_wake_send(w);
}

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static void on_timeout(uv_timer_t *t)
{
	*(bool *)t->data = true;
}

/* Runs the loop until a has a new ok and a new patch and b a new patch,
 * or 10 s. */
static bool wait_lines(struct client *a, struct client *b)
{
	uv_timer_t t;
	bool expired = false;
	uv_timer_init(&fc_loop, &t);
	t.data = &expired;
	uv_timer_start(&t, on_timeout, 10000, 0);
	bool done = false;
	while (!done && !expired) {
		uv_run(&fc_loop, UV_RUN_ONCE);
		done = count_new(a, "ok") >= 1 && count_new(a, "patch") >= 1 &&
		       count_new(b, "patch") >= 1;
	}
	uv_close((uv_handle_t *)&t, NULL);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	return done;
}

#define ACTS 12

int main(void)
{
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_handoff_locks"))
		return tap_done();
	rig.cfg.workers = 2;
	if (!fc_rig_serve(&rig, games))
		return tap_done();
	CHECKF(fc_srv->syncer != NULL, "the server has a syncer");
	struct client a, b;
	login(&a, "grant", "unconditional", true);
	login(&b, "lee", "traveller1", true);
	int64_t mid = new_match(&a, &b);

	atomic_store(&counting, true);
	int got = 0;
	for (int i = 0; i < ACTS; i++) {
		mark_seen(&a);
		mark_seen(&b);
		json_t *r =
		    rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mid, "seq",
		       (json_int_t)a.seq, "action", "type", "note", "text", "steady");
		tg_engine_message(a.s, r);
		json_decref(r);
		tg_engine_turn_async(fc_srv); /* the turn's end as the loop ends it */
		got += wait_lines(&a, &b);
	}
	atomic_store(&counting, false);
	printf("# %d acts: %u signals (%u with a mutex held), %u wake-ups of the loop (%u with "
	       "a mutex held)\n",
	       ACTS, atomic_load(&signals), atomic_load(&signals_held), atomic_load(&wakes),
	       atomic_load(&wakes_held));
	CHECKF(got == ACTS, "every act's ok and patches came (%d of %d)", got, ACTS);
	CHECKF(atomic_load(&signals) >= ACTS && atomic_load(&wakes) >= ACTS,
	       "the syncer and the workers were signalled and the loop woken (%u, %u)",
	       atomic_load(&signals), atomic_load(&wakes));
	CHECKF(atomic_load(&signals_held) == 0,
	       "no condition signalled with a mutex held (%u of %u)", atomic_load(&signals_held),
	       atomic_load(&signals));
	CHECKF(atomic_load(&wakes_held) == 0,
	       "no wake-up of the loop sent with a mutex held (%u of %u)", atomic_load(&wakes_held),
	       atomic_load(&wakes));
	client_close(&a);
	client_close(&b);
	fc_rig_close(&rig);
	return tap_done();
}
