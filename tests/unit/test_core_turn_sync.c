/* The commit's fsync off the loop (server/core/syncer.c, issue 17): the
 * loop's turn end commits without waiting for the disk, and the turn's
 * replies leave only when the syncer reports the commit durable; a reply
 * sent meanwhile outside any transaction (a ping) waits behind them, in
 * order. Driven in-process over a file database: the syncer is held so
 * that "not yet durable" lasts as long as the test looks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_client.h"
#include "fixture_game.h"
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

static void sent(struct client *c, json_t *msg, int id)
{
	json_object_set_new(msg, "id", json_integer(id));
	tg_engine_message(c->s, msg);
	json_decref(msg);
}

int main(void)
{
	if (!fc_rig_open(&rig, "tg_turn_sync") || !fc_rig_serve(&rig, games))
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

	/* tg_engine_turn (the synchronous turn end) syncs itself even while the
	 * syncer is held: its replies leave with it. */
	tg_engine_hold_sync(fc_srv, true);
	before = json_array_size(a.got);
	r = req(&a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	               "standard"));
	CHECK(r && strcmp(op_of(r), "ok") == 0);
	CHECK_EQ_INT(json_array_size(a.got), before + 1);
	tg_engine_hold_sync(fc_srv, false);
out:
	client_close(&a);
	fc_rig_close(&rig);
	return tap_done();
}
