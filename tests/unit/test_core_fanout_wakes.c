/* test_core_fanout_wakes.c — the loop wakes the fan-out workers once a
 * turn, not once a job (issue 17).
 *
 * Each action hands its match's fan-out to a worker (fanout.c). The loop
 * signalled the workers' condition for every job it queued; when a worker
 * slept, each signal was a futex call on the loop and a wake-up, and a
 * turn that accepted actions of several matches made one per match. The
 * jobs' lines wait for the turn's commit anyway, so the loop now queues
 * them silently and wakes one worker when the turn commits (a worker that
 * leaves jobs queued wakes the next one).
 *
 * uv_cond_signal is wrapped at link time (-Wl,--wrap) and counted on the
 * loop's thread. One turn takes an action in each of MATCHES matches: the
 * loop signals at most once, and every follower still gets his patch, in
 * order (fake_client checks that patches apply).
 *
 * And the wake comes after the turn's COMMIT (session 23): at the top of
 * the turn's commit, the worker's wake-up sat between the turn's check and
 * its COMMIT, on the ok's path (act_path_probes.sh: the signal 0.07 ms at
 * the median at 100 actions/s on a loaded box, the loop switched out in a
 * third of those windows). tg_store_commit is wrapped too: a turn ended as
 * the loop ends it (srv_turn_commit_async) has signalled nobody when its
 * COMMIT starts. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core_testkit.h"
#include "store/store.h"

void __real_uv_cond_signal(uv_cond_t *cond);
void __wrap_uv_cond_signal(uv_cond_t *cond);

static pthread_t loop_thread;
static unsigned long loop_signals, signals_at_commit;
static bool commit_seen;

void __wrap_uv_cond_signal(uv_cond_t *cond)
{
	if (pthread_equal(pthread_self(), loop_thread))
		loop_signals++;
	__real_uv_cond_signal(cond);
}

int __real_tg_store_commit(struct tg_store *s, struct tg_error *err);
int __wrap_tg_store_commit(struct tg_store *s, struct tg_error *err);

int __wrap_tg_store_commit(struct tg_store *s, struct tg_error *err)
{
	if (pthread_equal(pthread_self(), loop_thread)) {
		signals_at_commit = loop_signals;
		commit_seen = true;
	}
	return __real_tg_store_commit(s, err);
}

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

#define MATCHES 10

int main(void)
{
	loop_thread = pthread_self();
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_fanout_wakes"))
		return tap_done();
	rig.cfg.workers = 2;
	if (!fc_rig_serve(&rig, games))
		return tap_done();

	/* A connection of each player per match (a client keeps one view). */
	struct client a[MATCHES], b[MATCHES];
	int64_t mid[MATCHES];
	for (int i = 0; i < MATCHES; i++) {
		login(&a[i], "grant", "unconditional", i == 0);
		login(&b[i], "lee", "traveller1", i == 0);
		mid[i] = new_match(&a[i], &b[i]);
	}

	/* Two turns, each with a note in every match. */
	for (int turn = 0; turn < 2; turn++) {
		for (int i = 0; i < MATCHES; i++) {
			mark_seen(&a[i]);
			mark_seen(&b[i]);
		}
		loop_signals = 0;
		for (int i = 0; i < MATCHES; i++) {
			json_t *act = rq("{s:s,s:I,s:i,s:{s:s,s:s}}", "op", "act", "match",
			                 (json_int_t)mid[i], "seq", turn, "action", "type", "note",
			                 "text", "steady");
			tg_engine_message(a[i].s, act);
			json_decref(act);
		}
		tg_engine_turn(fc_srv);
		printf("# turn %d: %d actions, %lu signals of a condition on the loop\n", turn,
		       MATCHES, loop_signals);
		CHECKF(loop_signals <= 1, "one wake-up a turn, not one a job (%lu for %d jobs)",
		       loop_signals, MATCHES);
		for (int i = 0; i < MATCHES; i++) {
			CHECK_EQ_INT(count_new(&a[i], "ok"), 1);
			CHECK_EQ_INT(count_new(&a[i], "patch"), 1);
			CHECK_EQ_INT(count_new(&b[i], "patch"), 1);
		}
	}
	/* A turn ended as the loop ends it: the COMMIT, the syncer asked,
	 * then the workers woken. */
	for (int i = 0; i < MATCHES; i++) {
		mark_seen(&a[i]);
		mark_seen(&b[i]);
	}
	loop_signals = 0;
	commit_seen = false;
	for (int i = 0; i < MATCHES; i++) {
		json_t *act =
		    rq("{s:s,s:I,s:i,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mid[i], "seq",
		       2, "action", "type", "note", "text", "steady");
		tg_engine_message(a[i].s, act);
		json_decref(act);
	}
	tg_engine_turn_async(fc_srv);
	printf("# the loop's turn end: %lu signals before its COMMIT, %lu in all\n",
	       signals_at_commit, loop_signals);
	CHECK(commit_seen);
	CHECKF(signals_at_commit == 0, "no worker woken before the turn's COMMIT (%lu signals)",
	       signals_at_commit);
	tg_engine_turn(fc_srv); /* the jobs joined, the commit synced: the lines out */
	for (int i = 0; i < MATCHES; i++) {
		CHECK_EQ_INT(count_new(&a[i], "ok"), 1);
		CHECK_EQ_INT(count_new(&a[i], "patch"), 1);
		CHECK_EQ_INT(count_new(&b[i], "patch"), 1);
	}
	for (int i = 0; i < MATCHES; i++) {
		CHECK(b[i].seq == 3);
		client_close(&a[i]);
		client_close(&b[i]);
	}
	fc_rig_close(&rig);
	return tap_done();
}
