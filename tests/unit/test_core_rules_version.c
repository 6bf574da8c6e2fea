/* Loading a stored match whose rules version is not its module's (game.h,
 * "Rules versions"; server/core/match_rules.c). A match played under
 * fixture-duel version 1 is opened by a server whose fixture-duel is
 * version 2, with another reading of rule 1 (a commit of v scores 4 - v):
 * replayed, the log would give another score, silently. So:
 * - with an action after its last saved state, the match is refused with
 *   rules_changed, saying both versions, and nothing is changed;
 * - with its saved state after its last action, it resumes from that state
 *   (the view its players saw), records version 2 from that action on, and
 *   play goes on under the new rules; a saved state the module refuses
 *   after that is not rebuilt from the seed;
 * - a version 2 that lists 1 in rules_compatible replays it as before;
 * - a finished match of version 1 is shown from its final saved state, but
 *   not stepped through (replay), and its record still says version 1;
 * - a match created under 1 but started under 2 records 2;
 * - a graceful stop, and the idle eviction, save every active match after
 *   its last action, so
 *   that the operator's way out works: the refused match, loaded by a
 *   release that replays it and stopped gracefully, resumes under the new
 *   version (docs/OPERATIONS.md, "Rules versions");
 * - the operators' status lists the matches waiting (rules_held);
 * - an undo back across the saved state a match resumed from is refused
 *   with rules_changed (not "storage") when it would replay an action of
 *   the older rules, and the match stays as it was;
 * - a match whose version is not replayed and whose saved state's text does
 *   not parse waits with rules_changed too (not "internal"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/server_internal.h"
#include "fake_client.h"
#include "fixture_game.h"
#include "tap.h"

static struct fc_rig rig;
static const struct game_module *const games_v1[] = {&fixture_duel_module, NULL};
static struct game_module fx_v2, fx_v2_compat, fx_v3, fx_v4;
static const struct game_module *const games_v2[] = {&fx_v2, NULL};
static const struct game_module *const games_v3[] = {&fx_v3, NULL};
static const struct game_module *const games_v4[] = {&fx_v4, NULL};
static const struct game_module *const games_v2_compat[] = {&fx_v2_compat, NULL};
static const unsigned replays_v1[] = {1, 0};

/* Version 2's rule 1: a commit of v counts as 4 - v. */
static int act_v2(struct game *g, const char *role, const json_t *action, struct game_outcome *out,
                  struct tg_error *err)
{
	json_t *a = json_deep_copy(action);
	json_t *v = json_object_get(a, "value");
	if (json_is_integer(v))
		json_object_set_new(a, "value", json_integer(4 - json_integer_value(v)));
	int rc = fixture_duel_module.act(g, role, a, out, err);
	json_decref(a);
	return rc;
}

static const char *code_of(const json_t *m)
{
	return json_string_value(json_object_get(m, "code"));
}

static void expect_ok(const json_t *r, int line)
{
	tap_check(r && strcmp(op_of(r), "ok") == 0, __FILE__, line, "ok", "got %s %s %s",
	          r ? op_of(r) : "nothing", r && code_of(r) ? code_of(r) : "",
	          r ? json_string_value(json_object_get(r, "message")) : "");
}
#define EXPECT_OK(reply) expect_ok((reply), __LINE__)

static struct client grant, lee;

/* The server's clock: the wall clock moved on by `ahead` seconds. */
static int64_t ahead;
static int64_t test_now(void)
{
	return (int64_t)time(NULL) + ahead;
}

static void stopped(void *flag)
{
	*(bool *)flag = true;
}

static void restart(const struct game_module *const *games)
{
	client_close(&grant);
	client_close(&lee);
	tg_server_free(fc_srv);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	fc_rig_serve(&rig, games);
	client_open(&grant);
	client_open(&lee);
	req(&grant, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	req(&lee, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(
	    &grant, rq("{s:s,s:s,s:s}", "op", "login", "name", "grant", "password", "pw-grant-1")));
	EXPECT_OK(
	    req(&lee, rq("{s:s,s:s,s:s}", "op", "login", "name", "lee", "password", "pw-lee-123")));
}

/* status's rules_held is {"count": n, "matches": [id]} (id 0: none). */
static bool held_is(json_int_t n, int64_t id)
{
	struct tg_error err = {0};
	json_t *st = status_json(fc_srv, &err);
	json_t *held = json_object_get(st, "rules_held");
	json_t *ids = json_object_get(held, "matches");
	bool ok = json_integer_value(json_object_get(held, "count")) == n &&
	          json_array_size(ids) == (id ? 1u : 0u) &&
	          (!id || json_integer_value(json_array_get(ids, 0)) == id);
	char *text = ok || !st ? NULL : json_dumps(held, JSON_COMPACT);
	CHECKF(ok, "rules_held %s", text ? text : err.message);
	free(text);
	json_decref(st);
	return ok;
}

static int64_t new_match(bool start)
{
	json_t *r = req(&grant, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
	                           "scenario", "standard", "side", "alpha"));
	EXPECT_OK(r);
	int64_t id = json_integer_value(json_object_get(r, "match"));
	if (start)
		EXPECT_OK(req(&lee, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)id)));
	return id;
}

static void act(struct client *c, int64_t id, int64_t seq, json_t *action)
{
	EXPECT_OK(req(c, rq("{s:s,s:I,s:I,s:o}", "op", "act", "match", (json_int_t)id, "seq",
	                    (json_int_t)seq, "action", action)));
}

static json_int_t row_int(int64_t id, const char *key)
{
	struct tg_error err = {0};
	json_t *row = tg_store_match_get(rig.store, id, &err);
	json_int_t v = row ? json_integer_value(json_object_get(row, key)) : -1;
	json_decref(row);
	return v;
}

static json_int_t snapshot_seq(int64_t id)
{
	struct tg_error err = {0};
	json_t *snap = tg_store_snapshot_latest(rig.store, id, &err);
	json_int_t v = snap ? json_integer_value(json_object_get(snap, "seq")) : -1;
	json_decref(snap);
	return v;
}

/* The view grant gets when he opens the match (a copy), or NULL with the
 * error reply in *error (a copy) when it is refused. */
static json_t *open_view(int64_t id, json_t **error)
{
	json_t *r = req(&grant, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)id));
	*error = NULL;
	if (r && strcmp(op_of(r), "ok") == 0)
		return json_deep_copy(grant.view);
	*error = json_deep_copy(r);
	return NULL;
}

int main(void)
{
	fx_v2 = fixture_duel_module;
	fx_v2.rules_version = 2;
	fx_v2.act = act_v2;
	fx_v2_compat = fixture_duel_module;
	fx_v2_compat.rules_version = 2;
	fx_v2_compat.rules_compatible = replays_v1;
	fx_v3 = fx_v2;
	fx_v3.rules_version = 3;
	fx_v4 = fx_v2;
	fx_v4.rules_version = 4;
	CHECK(tg_game_rules_replay(&fx_v2_compat, 1) && tg_game_rules_replay(&fx_v2_compat, 2) &&
	      !tg_game_rules_replay(&fx_v2, 1) && !tg_game_rules_replay(&fx_v2_compat, 3));

	tg_server_set_time_source(test_now);
	if (!fc_rig_open(&rig, "tg_rules_version"))
		return tap_done();
	rig.cfg.snapshot_every = 1000; /* snapshots at round changes only */
	fc_rig_serve(&rig, games_v1);
	client_open(&grant);
	client_open(&lee);
	req(&grant, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	req(&lee, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(&grant, rq("{s:s,s:s,s:s}", "op", "register", "name", "grant", "password",
	                         "pw-grant-1")));
	EXPECT_OK(req(
	    &lee, rq("{s:s,s:s,s:s}", "op", "register", "name", "lee", "password", "pw-lee-123")));

	/* Played under version 1: "tail" has a note after its round's saved
	 * state; "head" ends on its round's end, saved. */
	int64_t tail = new_match(true), head = new_match(true), later = new_match(false);
	int64_t done = new_match(true);
	act(&grant, done, 0, json_pack("{s:s,s:i}", "type", "commit", "value", 1));
	act(&lee, done, 1, json_pack("{s:s,s:i}", "type", "commit", "value", 3));
	EXPECT_OK(req(&lee, rq("{s:s,s:I}", "op", "resign", "match", (json_int_t)done)));
	CHECK_EQ_INT(snapshot_seq(done), 2);
	CHECK_EQ_INT(row_int(tail, "rules_version"), 1);
	CHECK_EQ_INT(row_int(tail, "rules_since"), 0);
	for (int i = 0; i < 2; i++) {
		int64_t id = i ? head : tail;
		act(&grant, id, 0, json_pack("{s:s,s:i}", "type", "commit", "value", 1));
		act(&lee, id, 1, json_pack("{s:s,s:i}", "type", "commit", "value", 3));
	}
	act(&lee, tail, 2, json_pack("{s:s,s:s}", "type", "note", "text", "after the save"));
	CHECK_EQ_INT(snapshot_seq(tail), 2);
	CHECK_EQ_INT(row_int(tail, "seq"), 3);
	CHECK_EQ_INT(snapshot_seq(head), 2);
	json_t *error = NULL;
	json_t *done_v1 = open_view(done, &error);
	CHECK(done_v1 != NULL);
	EXPECT_OK(
	    req(&grant, rq("{s:s,s:I,s:i}", "op", "replay", "match", (json_int_t)done, "seq", 1)));
	CHECK(held_is(0, 0));
	json_t *tail_v1 = open_view(tail, &error);
	json_t *head_v1 = open_view(head, &error);
	CHECK(tail_v1 && head_v1);

	/* ---- version 2, which does not replay version 1 ---- */
	restart(games_v2);
	json_t *v = open_view(tail, &error);
	CHECKF(!v, "a version 1 log with an action after its saved state is not replayed");
	CHECK_EQ_STR(code_of(error), "rules_changed");
	const char *msg = json_string_value(json_object_get(error, "message"));
	CHECKF(msg && strstr(msg, "rules version 1") && strstr(msg, "version 2") &&
	           strstr(msg, "1 action after its last saved state (action 2)") &&
	           strstr(msg, "operator"),
	       "the refusal says why: %s", msg ? msg : "(none)");
	json_decref(error);
	json_decref(v);
	CHECK_EQ_INT(row_int(tail, "rules_version"), 1);
	CHECK_EQ_INT(row_int(tail, "rules_since"), 0);
	CHECK(held_is(1, tail)); /* head resumed at start-up; done is finished */

	v = open_view(head, &error);
	CHECKF(v && json_equal(v, head_v1),
	       "a match saved after its last action resumes from that state: %s",
	       error ? json_string_value(json_object_get(error, "message")) : "");
	json_decref(v);
	json_decref(error);
	CHECK_EQ_INT(row_int(head, "rules_version"), 2);
	CHECK_EQ_INT(row_int(head, "rules_since"), 2);
	/* Round 2 under version 2: beta leads. */
	act(&lee, head, 2, json_pack("{s:s,s:i}", "type", "commit", "value", 1));
	act(&grant, head, 3, json_pack("{s:s,s:i}", "type", "commit", "value", 1));
	CHECK_EQ_INT(snapshot_seq(head), 4);
	json_t *head_v2 = open_view(head, &error);
	CHECK(head_v2 != NULL);

	/* Finished under 1: shown, not stepped through, exported as 1's. */
	v = open_view(done, &error);
	CHECKF(v && json_equal(v, done_v1), "a finished match is shown from its final state");
	json_decref(v);
	json_decref(error);
	json_t *r =
	    req(&grant, rq("{s:s,s:I,s:i}", "op", "replay", "match", (json_int_t)done, "seq", 1));
	CHECK_EQ_STR(r ? code_of(r) : NULL, "rules_changed");
	r = req(&grant, rq("{s:s,s:I}", "op", "export", "match", (json_int_t)done));
	EXPECT_OK(r);
	CHECK_EQ_INT(
	    json_integer_value(json_object_get(json_object_get(r, "record"), "rules_version")), 1);
	CHECK_EQ_INT(row_int(done, "rules_version"), 1);
	json_decref(done_v1);

	/* Created under 1, started under 2: played under 2 from its setup. */
	EXPECT_OK(req(&lee, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)later)));
	CHECK_EQ_INT(row_int(later, "rules_version"), 2);
	CHECK_EQ_INT(row_int(later, "rules_since"), 0);

	/* ---- version 2 that lists 1 as replaying the same ---- */
	restart(games_v2_compat);
	v = open_view(tail, &error);
	CHECKF(v && json_equal(v, tail_v1), "a compatible version replays the log as before");
	json_decref(v);
	json_decref(error);
	CHECK_EQ_INT(row_int(tail, "rules_version"), 1);
	v = open_view(head, &error);
	CHECKF(v && json_equal(v, head_v2), "the resumed match loads from its saved state");
	json_decref(v);
	json_decref(error);

	/* Its saved state refused (an upgrade of the save format): the match is
	 * not rebuilt from its seed, whose first actions were version 1's. */
	struct tg_error err = {0};
	json_t *bad = json_pack("{s:i}", "version", 0);
	CHECK(tg_store_snapshot_put(rig.store, head, 4, bad, &err) == 0);
	json_decref(bad);
	restart(games_v2_compat);
	v = open_view(head, &error);
	CHECK(!v);
	CHECK_EQ_STR(code_of(error), "rules_changed");
	msg = json_string_value(json_object_get(error, "message"));
	CHECKF(msg && strstr(msg, "saved state at action 2"), "%s", msg ? msg : "(none)");
	CHECK(held_is(0, 0)); /* its version is replayed; only its saved state is gone */
	json_decref(v);
	json_decref(error);

	/* ---- the operator's way out: a release that replays "tail" (this
	 * one) stopped gracefully saves it after its last action, as it does
	 * every active match ---- */
	int64_t late = new_match(true), noted = new_match(true);
	act(&grant, late, 0, json_pack("{s:s,s:i}", "type", "commit", "value", 2));
	act(&grant, noted, 0, json_pack("{s:s,s:i}", "type", "commit", "value", 1));
	act(&lee, noted, 1, json_pack("{s:s,s:i}", "type", "commit", "value", 3));
	act(&lee, noted, 2, json_pack("{s:s,s:s}", "type", "note", "text", "version 2's"));
	act(&lee, noted, 3, json_pack("{s:s,s:s}", "type", "note", "text", "undo me"));
	CHECK_EQ_INT(snapshot_seq(late), -1); /* none yet: no round ended */
	CHECK_EQ_INT(snapshot_seq(tail), 2);
	json_t *late_v2 = open_view(late, &error);
	CHECK(late_v2 != NULL);
	bool down = false;
	tg_server_shutdown(fc_srv, stopped, &down);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	CHECK(down);
	CHECK_EQ_INT(snapshot_seq(late), 1);
	CHECK_EQ_INT(snapshot_seq(tail), 3);
	restart(games_v3);
	v = open_view(tail, &error);
	CHECKF(v && json_equal(v, tail_v1), "the refused match resumes after the graceful stop");
	json_decref(v);
	json_decref(error);
	CHECK_EQ_INT(row_int(tail, "rules_version"), 3);
	CHECK_EQ_INT(row_int(tail, "rules_since"), 3);
	v = open_view(late, &error);
	CHECK(v && json_equal(v, late_v2));
	json_decref(v);
	json_decref(error);
	CHECK_EQ_INT(row_int(late, "rules_since"), 1);
	json_decref(late_v2);
	CHECK_EQ_INT(row_int(noted, "rules_since"), 4);
	json_t *noted_v3 = open_view(noted, &error);
	/* Its latest snapshot before the undone note is at action 2: the note
	 * at 3, version 2's, would be replayed under version 3. */
	json_t *r2 =
	    req(&lee, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)noted, "seq", 4));
	CHECK_EQ_STR(r2 ? code_of(r2) : NULL, "rules_changed");
	v = open_view(noted, &error);
	CHECKF(v && noted_v3 && json_equal(v, noted_v3), "the refused undo changed nothing");
	CHECK_EQ_INT(row_int(noted, "seq"), 4);
	CHECK_EQ_INT(snapshot_seq(noted), 4);
	json_decref(v);
	json_decref(noted_v3);

	/* The idle eviction saves an active match after its last action before
	 * it leaves memory. */
	int64_t idle = new_match(true);
	act(&grant, idle, 0, json_pack("{s:s,s:i}", "type", "commit", "value", 3));
	CHECK_EQ_INT(snapshot_seq(idle), -1);
	client_close(&grant); /* nobody follows it any more */
	client_close(&lee);
	ahead += 2 * (int64_t)rig.cfg.evict_after_s + 60;
	tg_engine_sweep(fc_srv);
	uv_run(&fc_loop, UV_RUN_NOWAIT);
	struct tg_engine_match_memory mem;
	CHECKF(tg_engine_match_memory(fc_srv, idle, &mem) != 0, "the idle match was evicted");
	CHECK_EQ_INT(snapshot_seq(idle), 1);

	/* A saved state whose text does not parse (the store no longer checks
	 * it, 260) of a match whose version is not replayed: it cannot be
	 * rebuilt from the seed either, so it waits for the operator with
	 * rules_changed, as a saved state the game refuses does, not
	 * "internal" (bad_snapshot). */
	client_open(&grant); /* closed for the eviction; restart closes them */
	client_open(&lee);
	restart(games_v3);
	int64_t garbled = new_match(true);
	act(&grant, garbled, 0, json_pack("{s:s,s:i}", "type", "commit", "value", 1));
	act(&lee, garbled, 1, json_pack("{s:s,s:i}", "type", "commit", "value", 3));
	CHECK_EQ_INT(snapshot_seq(garbled), 2);
	static const char cut[] = "{\"version\": 1, \"sc";
	CHECK(tg_store_snapshot_put_text(rig.store, garbled, 2, cut, sizeof cut - 1, &err) == 0);
	restart(games_v4);
	v = open_view(garbled, &error);
	CHECK(!v);
	CHECK_EQ_STR(error ? code_of(error) : NULL, "rules_changed");
	msg = error ? json_string_value(json_object_get(error, "message")) : NULL;
	CHECKF(msg && strstr(msg, "version 3") && strstr(msg, "does not load") &&
	           strstr(msg, "operator"),
	       "the refusal says why: %s", msg ? msg : "(none)");
	json_decref(v);
	json_decref(error);

	json_decref(tail_v1);
	json_decref(head_v1);
	json_decref(head_v2);
	fc_rig_close(&rig);
	return tap_done();
}
