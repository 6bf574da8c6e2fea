/* The commit's fsync off the loop (server/core/syncer.c, issue 17): the
 * loop's turn end commits without waiting for the disk, and the turn's
 * replies leave only when the syncer reports the commit durable; a reply
 * sent meanwhile outside any transaction (a ping) waits behind them, in
 * order. Driven in-process over a file database: the syncer is held so
 * that "not yet durable" lasts as long as the test looks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"
#include "fake_client.h"
#include "fixture_game.h"
#include "store/store.h"
#include "tap.h"

static struct fc_rig rig;
static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static void on_timeout(uv_timer_t *t)
{
	*(bool *)t->data = true;
}

/* Runs the loop until c has n messages, or 10 s. */
static bool wait_for(struct client *c, size_t n)
{
	uv_timer_t t;
	bool expired = false;
	uv_timer_init(&fc_loop, &t);
	t.data = &expired;
	uv_timer_start(&t, on_timeout, 10000, 0);
	while (json_array_size(c->got) < n && !expired)
		uv_run(&fc_loop, UV_RUN_ONCE);
	uv_close((uv_handle_t *)&t, NULL);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	return json_array_size(c->got) >= n;
}

/* The message with this id that c got from index from on, or NULL. */
static json_t *reply_from(struct client *c, size_t from, json_int_t id)
{
	for (size_t i = from; i < json_array_size(c->got); i++)
		if (json_integer_value(json_object_get(json_array_get(c->got, i), "id")) == id)
			return json_array_get(c->got, i);
	return NULL;
}

/* Runs the loop until c has the reply id (from index from on) and its view
 * is at seq, or 10 s: an act's ok leaves from the loop once its commit is
 * durable, its patch from a fan-out worker, in either order. Waiting for
 * one line only let the patch come late, into the next check's count (the
 * session-24 flake: got 16, want 15, or the pipelined oks' count; one run
 * in forty with twelve copies beside four busy loops). */
static json_t *wait_act(struct client *c, size_t from, json_int_t id, int64_t seq)
{
	uv_timer_t t;
	bool expired = false;
	uv_timer_init(&fc_loop, &t);
	t.data = &expired;
	uv_timer_start(&t, on_timeout, 10000, 0);
	while ((!reply_from(c, from, id) || c->seq < seq) && !expired)
		uv_run(&fc_loop, UV_RUN_ONCE);
	uv_close((uv_handle_t *)&t, NULL);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	return c->seq >= seq ? reply_from(c, from, id) : NULL;
}

static void sent(struct client *c, json_t *msg, int id)
{
	json_object_set_new(msg, "id", json_integer(id));
	tg_engine_message(c->s, msg);
	json_decref(msg);
}

static uint64_t lat_count(enum tg_lat_stage st)
{
	return fc_srv->lat.h[st].count;
}

static uint64_t lat_sum(enum tg_lat_stage st)
{
	return fc_srv->lat.h[st].sum_ns;
}

/* An act's commit stage in its parts (latency.h): each recorded once, and
 * they add up to the stage. The syncer is held for HOLD_MS after the commit:
 * that time is the wait for the fsync, not the fsync nor the wake-up (no
 * upper bound on the fsync: under load one can take tens of ms). */
static void commit_parts(struct client *a)
{
	enum { HOLD_MS = 40 };
	static const enum tg_lat_stage parts[] = {TG_LAT_COMMIT_WRITE, TG_LAT_SYNC_WAIT,
	                                          TG_LAT_FSYNC, TG_LAT_WAKE};
	struct client b;
	client_open(&b);
	req(&b, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	CHECK(strcmp(op_of(req(&b, rq("{s:s,s:s,s:s}", "op", "register", "name", "lee", "password",
	                              "traveller1"))),
	             "ok") == 0);
	json_t *r = req(a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
	                      "scenario", "standard", "side", "alpha"));
	int64_t mid = json_integer_value(json_object_get(r, "match"));
	CHECK(mid > 0);
	CHECK(strcmp(op_of(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mid))),
	             "ok") == 0);
	uint64_t n0 = lat_count(TG_LAT_COMMIT), sum0 = lat_sum(TG_LAT_COMMIT);
	uint64_t p0[4], s0[4];
	for (int i = 0; i < 4; i++) {
		p0[i] = lat_count(parts[i]);
		s0[i] = lat_sum(parts[i]);
	}
	tg_engine_hold_sync(fc_srv, true);
	size_t before = json_array_size(a->got);
	int64_t seq = a->seq;
	sent(a,
	     rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mid, "seq",
	        (json_int_t)seq, "action", "type", "note", "text", "timed"),
	     9005);
	tg_engine_turn_async(fc_srv);
	uv_sleep(HOLD_MS);
	tg_engine_hold_sync(fc_srv, false);
	json_t *ok = wait_act(a, before, 9005, seq + 1);
	if (!CHECKF(ok && strcmp(op_of(ok), "ok") == 0,
	            "the act is acknowledged and its patch came"))
		goto out;
	CHECK_EQ_INT(lat_count(TG_LAT_COMMIT) - n0, 1);
	uint64_t sum = 0;
	for (int i = 0; i < 4; i++) {
		CHECKF(lat_count(parts[i]) - p0[i] == 1, "commit part %d recorded once", i);
		sum += lat_sum(parts[i]) - s0[i];
	}
	uint64_t whole = lat_sum(TG_LAT_COMMIT) - sum0;
	CHECKF(sum == whole, "the parts add up to the commit stage: %llu of %llu ns",
	       (unsigned long long)sum, (unsigned long long)whole);
	uint64_t wait = lat_sum(TG_LAT_SYNC_WAIT) - s0[1];
	CHECKF(wait >= (uint64_t)HOLD_MS * 1000000,
	       "the held syncer is the wait for the fsync: %llu ns", (unsigned long long)wait);
	CHECKF(lat_sum(TG_LAT_FSYNC) - s0[2] > 0, "the fsync is timed");
	CHECKF(lat_sum(TG_LAT_COMMIT_WRITE) - s0[0] > 0, "COMMIT's own time is timed");
out:
	client_close(&b);
}

/* An fsync that ends while the loop is busy (here: not running at all):
 * the turn's end looks at the syncer itself and sends what it made durable,
 * without waiting for the loop's next poll to bring the uv_async. */
static void polled_at_turn_end(struct client *a)
{
	tg_engine_hold_sync(fc_srv, true);
	size_t before = json_array_size(a->got);
	sent(a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9007);
	tg_engine_turn_async(fc_srv);
	uint64_t gen = fc_srv->commit_gen;
	CHECKF(json_array_size(a->got) == before && fc_srv->durable_gen < gen,
	       "the create's ok waits for its fsync");
	tg_engine_hold_sync(fc_srv, false);
	for (int i = 0; i < 10000 && syncer_synced(fc_srv) < gen; i++)
		uv_sleep(1);
	CHECKF(syncer_synced(fc_srv) >= gen, "the syncer made the commit durable");
	tg_engine_turn_async(fc_srv); /* the loop has not polled since */
	CHECKF(json_array_size(a->got) == before + 1,
	       "the turn's end sends the ok its fsync made durable (got %zu lines)",
	       json_array_size(a->got) - before);
	uv_run(&fc_loop, UV_RUN_NOWAIT); /* the uv_async, now with nothing to send */
	CHECK_EQ_INT(json_array_size(a->got), before + 1);
}

/* The lines c got from index from on, as TAP comments (a failed count's
 * evidence). */
static void dump_from(struct client *c, size_t from)
{
	for (size_t i = from; i < json_array_size(c->got); i++) {
		char *t = json_dumps(json_array_get(c->got, i), JSON_COMPACT);
		printf("# got[%zu] %.300s\n", i, t ? t : "?");
		free(t);
	}
}

static int64_t id_at(struct client *c, size_t i)
{
	return json_integer_value(json_object_get(json_array_get(c->got, i), "id"));
}

/* Pipelined commits: while an fsync is in flight the next turn commits (its
 * fsync can start as soon as that one ends), one such commit at most (a
 * third turn's transaction stays open and is committed after the fsync);
 * every ok leaves only when the fsync covering its commit has ended, in
 * order. */
static void pipelined(struct client *a)
{
	syncer_stall(fc_srv, true);
	size_t before = json_array_size(a->got);
	uint64_t g0 = fc_srv->commit_gen;
	sent(a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9020);
	tg_engine_turn_async(fc_srv);
	for (int i = 0; i < 10000 && !syncer_busy(fc_srv); i++)
		uv_sleep(1);
	if (!CHECKF(syncer_busy(fc_srv) && fc_srv->commit_gen == g0 + 1,
	            "the first turn committed and its fsync is in flight"))
		goto out;
	sent(a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9021);
	tg_engine_turn_async(fc_srv);
	CHECKF(fc_srv->commit_gen == g0 + 2 && !fc_srv->tx_open,
	       "a second turn commits while the first's fsync is in flight (gen %llu, tx %s)",
	       (unsigned long long)(fc_srv->commit_gen - g0), fc_srv->tx_open ? "open" : "closed");
	sent(a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9022);
	tg_engine_turn_async(fc_srv);
	CHECKF(fc_srv->commit_gen == g0 + 2 && fc_srv->tx_open,
	       "a third waits: one commit at most behind the fsync in flight");
	CHECKF(json_array_size(a->got) == before, "no ok before its fsync");
	syncer_stall(fc_srv, false);
	uv_timer_t t;
	bool expired = false;
	uv_timer_init(&fc_loop, &t);
	t.data = &expired;
	uv_timer_start(&t, on_timeout, 10000, 0);
	bool early = false;
	while (json_array_size(a->got) < before + 3 && !expired) {
		uv_run(&fc_loop, UV_RUN_ONCE);
		/* An ok has left only if its commit is durable. */
		size_t n = json_array_size(a->got) - before;
		if ((n >= 1 && fc_srv->durable_gen < g0 + 1) ||
		    (n >= 2 && fc_srv->durable_gen < g0 + 2) ||
		    (n >= 3 && fc_srv->durable_gen < g0 + 3))
			early = true;
	}
	uv_close((uv_handle_t *)&t, NULL);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	CHECKF(!early, "no ok left before the fsync covering its commit");
	if (!CHECKF(json_array_size(a->got) == before + 3, "the three oks come"))
		dump_from(a, before);
	else {
		CHECK_EQ_INT(id_at(a, before), 9020);
		CHECK_EQ_INT(id_at(a, before + 1), 9021);
		CHECK_EQ_INT(id_at(a, before + 2), 9022);
	}
	CHECK_EQ_INT(fc_srv->commit_gen, g0 + 3);
out:
	syncer_stall(fc_srv, false);
}

/* Overlapped fsyncs (session 28): a turn that commits while an fsync is in
 * flight gets its own fsync at once, on the second thread, instead of
 * after the first one ends (the act then waited for the rest of that fsync
 * and then its own: two of the disk's tails). Its ok still leaves only
 * when every fsync started before its own has ended too: the syncer
 * reports them in the order they started, so a later fsync that returns
 * first (an error of the earlier one's writes reported to the earlier
 * call only) never releases a line ahead of the earlier one's outcome. */
static void overlapped(struct client *a)
{
	syncer_stall(fc_srv, true);
	size_t before = json_array_size(a->got);
	uint64_t g0 = fc_srv->commit_gen;
	sent(a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9030);
	tg_engine_turn_async(fc_srv);
	for (int i = 0; i < 10000 && syncer_in_flight(fc_srv) < 1; i++)
		uv_sleep(1);
	if (!CHECKF(syncer_in_flight(fc_srv) == 1 && fc_srv->commit_gen == g0 + 1,
	            "the first turn committed and its fsync is in flight"))
		goto out;
	sent(a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9031);
	tg_engine_turn_async(fc_srv);
	for (int i = 0; i < 10000 && syncer_in_flight(fc_srv) < 2; i++)
		uv_sleep(1);
	if (!CHECKF(syncer_in_flight(fc_srv) == 2 && fc_srv->commit_gen == g0 + 2,
	            "the second turn's fsync started while the first's is in flight "
	            "(%d in flight)",
	            syncer_in_flight(fc_srv)))
		goto out;
	/* The second fsync ends first: nothing is reported yet. */
	syncer_release_newest(fc_srv);
	for (int i = 0; i < 10000 && syncer_in_flight(fc_srv) > 1; i++)
		uv_sleep(1);
	CHECKF(syncer_in_flight(fc_srv) == 1, "the second fsync ended, the first is stalled");
	for (int i = 0; i < 20; i++)
		uv_run(&fc_loop, UV_RUN_NOWAIT);
	tg_engine_turn_async(fc_srv);
	CHECKF(syncer_synced(fc_srv) < g0 + 1 && fc_srv->durable_gen < g0 + 1,
	       "a later fsync's end is not reported before an earlier one's (synced %llu)",
	       (unsigned long long)(syncer_synced(fc_srv) - g0));
	CHECKF(json_array_size(a->got) == before, "no ok before the first fsync ends (got %zu)",
	       json_array_size(a->got) - before);
	syncer_stall(fc_srv, false);
	if (!CHECKF(wait_for(a, before + 2), "both oks come once the first fsync ends"))
		dump_from(a, before);
	else {
		CHECK_EQ_INT(id_at(a, before), 9030);
		CHECK_EQ_INT(id_at(a, before + 1), 9031);
	}
	CHECK(fc_srv->durable_gen == g0 + 2);
out:
	syncer_stall(fc_srv, false);
	/* Every ok of the case out before the next one counts (a failed check
	 * above left some waiting). */
	wait_for(a, before + (size_t)(fc_srv->commit_gen - g0));
}

int main(void)
{
	if (!fc_rig_open(&rig, "tg_turn_sync"))
		return tap_done();
	/* Mail to a port where nothing listens: a send fails at once. */
	rig.cfg.notify_poll_ms = 20;
	snprintf(rig.cfg.smtp_url, sizeof rig.cfg.smtp_url, "smtp://127.0.0.1:9");
	snprintf(rig.cfg.smtp_from, sizeof rig.cfg.smtp_from, "t@example.test");
	snprintf(rig.cfg.smtp_tls, sizeof rig.cfg.smtp_tls, "none");
	rig.cfg.wal_syncs_in_flight = 2; /* overlapped() */
	if (!fc_rig_serve(&rig, games))
		return tap_done();
	struct client a;
	client_open(&a);
	req(&a, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	json_t *r = req(&a, rq("{s:s,s:s,s:s}", "op", "register", "name", "grant", "password",
	                       "unconditional"));
	CHECK(r && strcmp(op_of(r), "ok") == 0);

	/* A file database: the server syncs off the loop. */
	if (!CHECKF(tg_engine_hold_sync(fc_srv, true), "the server has a syncer"))
		goto out;
	size_t before = json_array_size(a.got);
	sent(&a,
	     rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9001);
	tg_engine_turn_async(fc_srv);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	CHECKF(json_array_size(a.got) == before,
	       "the create's ok waits for its commit's fsync (got %zu lines)",
	       json_array_size(a.got) - before);
	/* A reply outside any transaction waits behind it, and so does a turn
	 * that wrote nothing. */
	sent(&a, rq("{s:s}", "op", "ping"), 9002);
	tg_engine_turn_async(fc_srv);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	CHECKF(json_array_size(a.got) == before, "the ping's pong waits behind the ok");

	tg_engine_hold_sync(fc_srv, false);
	if (CHECKF(wait_for(&a, before + 2), "both replies come once the fsync is done")) {
		json_t *ok = json_array_get(a.got, before),
		       *pong = json_array_get(a.got, before + 1);
		CHECK_EQ_INT(json_integer_value(json_object_get(ok, "id")), 9001);
		CHECK_EQ_STR(op_of(ok), "ok");
		CHECK(json_integer_value(json_object_get(ok, "match")) > 0);
		CHECK_EQ_INT(json_integer_value(json_object_get(pong, "id")), 9002);
		CHECK_EQ_STR(op_of(pong), "pong");
	}

	/* Nothing held: a read's reply leaves at once, as before. */
	before = json_array_size(a.got);
	sent(&a, rq("{s:s}", "op", "ping"), 9003);
	CHECKF(json_array_size(a.got) == before + 1, "a pong with nothing held leaves at once");

	commit_parts(&a);
	polled_at_turn_end(&a);
	pipelined(&a);
	overlapped(&a);

	/* A commit that held no line of its own (a turn that wrote and answered
	 * nobody): what is sent after it still waits for its fsync. */
	tg_engine_hold_sync(fc_srv, true);
	struct tg_error terr = {0};
	CHECK(srv_tx(fc_srv, &terr) == 0 &&
	      tg_store_audit_add(rig.store, 1, 1, "test", "t", "r", &terr) == 0);
	tg_engine_turn_async(fc_srv);
	before = json_array_size(a.got);
	sent(&a, rq("{s:s}", "op", "ping"), 9004);
	CHECKF(json_array_size(a.got) == before,
	       "a pong after a commit that held nothing waits for its fsync");
	tg_engine_hold_sync(fc_srv, false);
	CHECKF(wait_for(&a, before + 1), "the pong comes once the fsync is done");

	/* tg_engine_turn (the synchronous turn end) syncs itself even while the
	 * syncer is held: its replies leave with it. */
	tg_engine_hold_sync(fc_srv, true);
	before = json_array_size(a.got);
	r = req(&a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	               "standard"));
	CHECK(r && strcmp(op_of(r), "ok") == 0);
	if (!CHECKF(json_array_size(a.got) == before + 1, "the create's ok alone (got %zu lines)",
	            json_array_size(a.got) - before))
		dump_from(&a, before);

	/* Mail reads only durable rows. Under continuous load an fsync is
	 * always in flight and the turn's transaction open (the syncer held
	 * and a write in every turn): a due row still goes within a few of
	 * the outbox's ticks (notify_poll_ms), not never. */
	sent(&a,
	     rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9010);
	tg_engine_turn_async(fc_srv);
	sent(&a,
	     rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"),
	     9011);
	tg_engine_turn_async(fc_srv);
	CHECKF(fc_srv->tx_open && fc_srv->durable_gen < fc_srv->commit_gen,
	       "a commit waits for its fsync and the next turn's transaction is open");
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_name(rig.store, "grant", &err);
	json_t *row =
	    json_pack("{s:s,s:I,s:s,s:s,s:s,s:s,s:s,s:I}", "idem_key", "starved", "user_id",
	              json_object_get(u, "id") ? json_integer_value(json_object_get(u, "id")) : 0,
	              "channel", "email", "address", "grant@example.test", "event", "your_move",
	              "subject", "s", "body", "b", "next_at", (json_int_t)1);
	CHECK_EQ_INT(tg_store_outbox_add(rig.store, row, 1, &err), 1); /* in the open turn */
	json_decref(row);
	json_decref(u);
	bool picked = false;
	uv_timer_t t;
	bool expired = false;
	uv_timer_init(&fc_loop, &t);
	t.data = &expired;
	uv_timer_start(&t, on_timeout, 3000, 0);
	while (!picked && !expired) {
		uv_run(&fc_loop, UV_RUN_ONCE);
		json_t *due = tg_store_outbox_due(rig.store, INT64_MAX / 2, 0, 10, &err);
		json_t *r0 = json_array_get(due, 0);
		picked = notify_inflight(fc_srv) > 0 ||
		         (r0 && json_integer_value(json_object_get(r0, "attempts")) > 0) ||
		         json_array_size(due) == 0;
		json_decref(due);
	}
	/* The send runs in the thread pool: it ends (its port refuses) before
	 * the server is freed, as the daemon's shutdown waits for it. */
	while (notify_inflight(fc_srv) > 0 && !expired)
		uv_run(&fc_loop, UV_RUN_ONCE);
	CHECKF(notify_inflight(fc_srv) == 0, "the send ended");
	uv_close((uv_handle_t *)&t, NULL);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	CHECKF(picked, "a due row is taken up while an fsync is always in flight");
	tg_engine_hold_sync(fc_srv, false);
out:
	client_close(&a);
	fc_rig_close(&rig);
	return tap_done();
}
