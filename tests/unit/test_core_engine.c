/* The protocol engine end to end without sockets: fake connections feed
 * requests through engine.h and capture every line the server sends, over a
 * real store in a temporary folder. Two players register, create and join a
 * fixture-duel match, play it with undo, hidden commits, chat and a
 * spectator, reconnect with `since`, survive a server restart, and export a
 * record that verifies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/record.h"
#include "fake_client.h"
#include "fixture_game.h"
#include "tap.h"

static struct fc_rig rig;
/* The fixture game alone: this test does not depend on the real games. */
static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static const char *code_of(const json_t *m)
{
	return json_string_value(json_object_get(m, "code"));
}

/* Functions, not macros: the reply expression (a request) is evaluated once. */
static void expect_ok(const json_t *r, int line)
{
	tap_check(r && strcmp(op_of(r), "ok") == 0, __FILE__, line, "ok", "got %s %s %s",
	          r ? op_of(r) : "nothing", r && code_of(r) ? code_of(r) : "",
	          r ? json_string_value(json_object_get(r, "message")) : "");
}

static void expect_err(const json_t *r, const char *code, int line)
{
	tap_check(r && strcmp(op_of(r), "error") == 0 && strcmp(code_of(r), code) == 0, __FILE__,
	          line, code, "want %s, got %s %s", code, r ? op_of(r) : "nothing",
	          r && code_of(r) ? code_of(r) : "");
}

#define EXPECT_OK(reply) expect_ok((reply), __LINE__)
#define EXPECT_ERR(reply, code) expect_err((reply), (code), __LINE__)

static void start_server(void)
{
	fc_rig_serve(&rig, games);
}

/* The view a fresh open would give equals what the client built from patches. */
static void check_fresh_equals(struct client *c, int64_t match)
{
	/* Opening again without since sends a full view. */
	json_t *before = json_deep_copy(c->view);
	int64_t seq = c->seq;
	json_t *r = req(c, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)match));
	EXPECT_OK(r);
	CHECK(c->seq == seq);
	CHECKF(json_equal(before, c->view), "patched view equals a fresh one at seq %lld",
	       (long long)seq);
	json_decref(before);
}

/* The server stopped and started again on the same store (the match loaded
 * from its snapshot and log): a back by his session token, b logged in as
 * lee, and a opens match mid, at seq. */
static void reload_and_reopen(struct client *a, struct client *b, const char *token, int64_t mid,
                              int64_t seq)
{
	client_close(a);
	client_close(b);
	tg_server_free(fc_srv);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	start_server();
	client_open(a);
	client_open(b);
	req(a, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	req(b, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(a, rq("{s:s,s:s}", "op", "resume", "token", token)));
	EXPECT_OK(
	    req(b, rq("{s:s,s:s,s:s}", "op", "login", "name", "lee", "password", "traveller1")));
	EXPECT_OK(req(a, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)mid)));
	CHECK(a->seq == seq);
}

static const char *awaited_role(struct client *c)
{
	return json_string_value(json_array_get(json_object_get(c->view, "awaiting"), 0));
}

int main(void)
{
	struct tg_error err = {0};
	if (!fc_rig_open(&rig, "tg_engine"))
		return tap_done();
	rig.cfg.login_attempts = 3;
	rig.cfg.snapshot_every = 4;
	start_server();

	struct client a, b, c;
	client_open(&a);
	client_open(&b);
	client_open(&c);

	/* ---- hello and accounts ---- */
	EXPECT_ERR(req(&a, rq("{s:s}", "op", "games")), "hello_required");
	EXPECT_ERR(req(&a, rq("{s:s,s:i}", "op", "hello", "protocol", 2)), "bad_protocol");
	json_t *r = req(&a, rq("{s:s,s:i,s:s}", "op", "hello", "protocol", 1, "client", "test"));
	CHECK(r && strcmp(op_of(r), "welcome") == 0);
	CHECK_EQ_STR(json_string_value(
	                 json_object_get(json_array_get(json_object_get(r, "games"), 0), "id")),
	             "fixture-duel");
	req(&b, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	req(&c, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_ERR(req(&a, rq("{s:s}", "op", "frobnicate")), "unknown_op");
	r = req(&a, rq("{s:s}", "op", "ping"));
	CHECK(r && strcmp(op_of(r), "pong") == 0);
	EXPECT_ERR(req(&a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	                      "standard")),
	           "not_logged_in");
	EXPECT_ERR(
	    req(&a, rq("{s:s,s:s,s:s}", "op", "register", "name", "g", "password", "longenough")),
	    "bad_name");
	EXPECT_ERR(
	    req(&a, rq("{s:s,s:s,s:s}", "op", "register", "name", "grant", "password", "short")),
	    "weak_password");
	r = req(&a, rq("{s:s,s:s,s:s}", "op", "register", "name", "grant", "password",
	               "unconditional"));
	EXPECT_OK(r);
	char token[80] = "";
	snprintf(token, sizeof token, "%s", json_string_value(json_object_get(r, "token")));
	CHECK_EQ_INT(strlen(token), 64);
	EXPECT_ERR(req(&b, rq("{s:s,s:s,s:s}", "op", "register", "name", "GRANT", "password",
	                      "something")),
	           "name_taken");
	EXPECT_OK(req(
	    &b, rq("{s:s,s:s,s:s}", "op", "register", "name", "lee", "password", "traveller1")));
	EXPECT_OK(req(&c, rq("{s:s,s:s,s:s}", "op", "register", "name", "watcher", "password",
	                     "binoculars")));

	/* Wrong passwords: bad_credentials, then rate_limited with retry_after
	 * (from another address, for an account of its own). */
	struct client d;
	client_open_from(&d, "10.0.0.4");
	req(&d, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(&d, rq("{s:s,s:s,s:s}", "op", "register", "name", "victim", "password",
	                     "letmein-123")));
	EXPECT_OK(req(&d, rq("{s:s}", "op", "logout")));
	EXPECT_ERR(req(&d, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)1)), "not_logged_in");
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(req(&d, rq("{s:s,s:s,s:s}", "op", "login", "name", "victim", "password",
		                      "wrong-one")),
		           "bad_credentials");
	r = req(&d,
	        rq("{s:s,s:s,s:s}", "op", "login", "name", "victim", "password", "letmein-123"));
	EXPECT_ERR(r, "rate_limited");
	CHECK(r && json_integer_value(json_object_get(r, "retry_after")) > 0);
	EXPECT_ERR(req(&d, rq("{s:s,s:s}", "op", "resume", "token", "00")), "bad_token");
	r = req(&d, rq("{s:s,s:s}", "op", "resume", "token", token));
	EXPECT_OK(r);
	CHECK_EQ_STR(json_string_value(json_object_get(json_object_get(r, "user"), "name")),
	             "grant");
	EXPECT_OK(req(&d, rq("{s:s}", "op", "logout")));
	EXPECT_ERR(req(&d, rq("{s:s,s:s}", "op", "resume", "token", token)), "bad_token");
	client_close(&d);
	/* a's token was d's: log a in again. */
	r = req(&a,
	        rq("{s:s,s:s,s:s}", "op", "login", "name", "grant", "password", "unconditional"));
	EXPECT_OK(r);
	snprintf(token, sizeof token, "%s", json_string_value(json_object_get(r, "token")));

	/* ---- lobby ---- */
	EXPECT_ERR(req(&a, rq("{s:s,s:s,s:s}", "op", "create", "game", "chess", "scenario", "x")),
	           "no_such_game");
	EXPECT_ERR(req(&a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	                      "epic")),
	           "bad_scenario");
	EXPECT_ERR(req(&a, rq("{s:s,s:s,s:s,s:{s:i}}", "op", "create", "game", "fixture-duel",
	                      "scenario", "standard", "options", "target", 99)),
	           "bad_options");
	EXPECT_ERR(req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
	                      "scenario", "standard", "side", "gamma")),
	           "malformed_request");
	r = req(&a, rq("{s:s,s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	               "standard", "side", "alpha", "entropy", "a1b2c3"));
	EXPECT_OK(r);
	int64_t mid = json_integer_value(json_object_get(r, "match"));
	char commitment[80];
	snprintf(commitment, sizeof commitment, "%s",
	         json_string_value(json_object_get(r, "commitment")));
	CHECK_EQ_INT(strlen(commitment), 64);
	CHECK_EQ_STR(json_string_value(json_object_get(r, "entropy_source")), "player");

	r = req(&b, rq("{s:s,s:s}", "op", "list", "which", "open"));
	EXPECT_OK(r);
	json_t *first = json_array_get(json_object_get(r, "matches"), 0);
	CHECK_EQ_INT(json_integer_value(json_object_get(first, "match")), mid);
	CHECK(json_is_null(json_object_get(first, "secret")));
	EXPECT_ERR(req(&b, rq("{s:s,s:I,s:i,s:{}}", "op", "act", "match", (json_int_t)mid, "seq", 0,
	                      "action")),
	           "not_a_participant");
	EXPECT_ERR(req(&a, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mid)),
	           "already_seated");
	EXPECT_ERR(
	    req(&b, rq("{s:s,s:I,s:s}", "op", "join", "match", (json_int_t)mid, "side", "alpha")),
	    "seat_taken");
	EXPECT_ERR(req(&c, rq("{s:s,s:I}", "op", "export", "match", (json_int_t)mid)),
	           "not_finished");
	mark_seen(&a);
	r = req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mid)); /* no entropy */
	EXPECT_OK(r);
	CHECK_EQ_STR(json_string_value(json_object_get(r, "role")), "beta");
	CHECK_EQ_STR(json_string_value(json_object_get(r, "entropy_source")), "server");
	CHECKF(count_new(&a, "match") >= 1, "the creator hears the match start");
	CHECK(a.view && b.view && a.seq == 0 && b.seq == 0);
	CHECK_EQ_STR(awaited_role(&a), "alpha");

	/* A spectator watches; private chat never reaches him. */
	r = req(&c, rq("{s:s,s:I}", "op", "watch", "match", (json_int_t)mid));
	EXPECT_OK(r);
	CHECK(c.view &&
	      strcmp(json_string_value(json_object_get(c.view, "role")), "observer") == 0);
	mark_seen(&c);
	mark_seen(&b);
	EXPECT_OK(req(
	    &a, rq("{s:s,s:I,s:s}", "op", "chat", "match", (json_int_t)mid, "text", "Good luck")));
	CHECK_EQ_INT(count_new(&b, "chat"), 1);
	CHECK_EQ_INT(count_new(&c, "chat"), 0);
	EXPECT_ERR(
	    req(&c, rq("{s:s,s:I,s:s}", "op", "chat", "match", (json_int_t)mid, "text", "hi")),
	    "not_a_participant");
	char big[1100];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	EXPECT_ERR(
	    req(&a, rq("{s:s,s:I,s:s}", "op", "chat", "match", (json_int_t)mid, "text", big)),
	    "chat_too_long");

	/* ---- play: a note, taken back; errors change nothing ---- */
	EXPECT_ERR(req(&b, rq("{s:s,s:I,s:i,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid,
	                      "seq", 0, "action", "type", "commit", "value", 1)),
	           "not_your_turn");
	EXPECT_ERR(req(&a, rq("{s:s,s:I,s:i,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid,
	                      "seq", 0, "action", "type", "commit", "value", 9)),
	           "illegal_action");
	EXPECT_ERR(req(&a, rq("{s:s,s:I,s:i,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid,
	                      "seq", 5, "action", "type", "commit", "value", 1)),
	           "stale_seq");
	EXPECT_ERR(req(&a, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)mid, "seq", 0)),
	           "nothing_to_undo");
	r = req(&a, rq("{s:s,s:I,s:i,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mid, "seq", 0,
	               "action", "type", "note", "text", "hmm"));
	EXPECT_OK(r);
	CHECK_EQ_INT(json_integer_value(json_object_get(r, "seq")), 1);
	CHECK(a.seq == 1 && b.seq == 1 && c.seq == 1);
	r = req(&a, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)mid, "seq", 1));
	EXPECT_OK(r);
	CHECK_EQ_INT(json_integer_value(json_object_get(r, "undone")), 1);
	CHECK(a.seq == 2 && b.seq == 2 && c.seq == 2);
	check_fresh_equals(&a, mid);

	/* alpha commits 3: beta and the observer must not learn the value. */
	r = req(&a, rq("{s:s,s:I,s:i,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid, "seq", 2,
	               "action", "type", "commit", "value", 3));
	EXPECT_OK(r);
	CHECK_EQ_INT(
	    json_integer_value(json_object_get(json_object_get(a.view, "board"), "your_commit")),
	    3);
	CHECK(json_object_get(json_object_get(b.view, "board"), "your_commit") == NULL);
	CHECK(json_object_get(json_object_get(c.view, "board"), "your_commit") == NULL);
	/* Handing over the turn is a barrier. */
	EXPECT_ERR(req(&a, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)mid, "seq", 3)),
	           "undo_barrier");
	EXPECT_ERR(req(&b, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)mid, "seq", 3)),
	           "undo_barrier");

	/* b goes away; a reconnecting b catches up with since. */
	int64_t b_seq = b.seq;
	json_t *b_view = json_deep_copy(b.view);
	client_close(&b);
	client_open(&b);
	req(&b, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	r = req(&b, rq("{s:s,s:s,s:s}", "op", "login", "name", "lee", "password", "traveller1"));
	EXPECT_OK(r);
	b.view = b_view;
	b.seq = b_seq;
	r = req(&b, rq("{s:s,s:I,s:I}", "op", "open", "match", (json_int_t)mid, "since",
	               (json_int_t)b_seq));
	EXPECT_OK(r);
	CHECK(b.seq == 3);
	CHECKF(count_new(&b, "view") == 0, "since: patches, not a full view");
	CHECK_EQ_INT(count_new(&b, "chat"), 1); /* the chat he had: since_chat 0 */

	/* beta commits: the reveal and the die, a barrier. */
	r = req(&b, rq("{s:s,s:I,s:i,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid, "seq", 3,
	               "action", "type", "commit", "value", 1));
	EXPECT_OK(r);
	EXPECT_ERR(req(&b, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)mid, "seq", 4)),
	           "undo_barrier");
	check_fresh_equals(&b, mid);

	/* ---- restart: the match loads from snapshot + log and play goes on ---- */
	json_t *a_view = json_deep_copy(a.view);
	int64_t a_seq = a.seq;
	/* The latest snapshot is one the game refuses (as after an upgrade that
	 * changed the save format): the match is rebuilt from seed + log and a
	 * readable snapshot replaces it. */
	json_t *old_format = json_pack("{s:i}", "version", 0);
	CHECK(tg_store_snapshot_put(rig.store, mid, a_seq, old_format, &err) == 0);
	json_decref(old_format);
	client_close(&c);
	reload_and_reopen(&a, &b, token, mid, a_seq);
	CHECKF(json_equal(a.view, a_view), "the reloaded match shows the same view");
	json_decref(a_view);
	json_t *snap = tg_store_snapshot_latest(rig.store, mid, &err);
	CHECKF(snap && json_integer_value(json_object_get(snap, "seq")) == a_seq &&
	           json_object_get(json_object_get(snap, "state"), "rng") != NULL,
	       "the refused snapshot was replaced by one in the current format");
	json_decref(snap);
	/* Again with a snapshot whose text is not JSON (the store no longer
	 * checks it, 260): read as bad_snapshot, the match is rebuilt the
	 * same way and a readable snapshot replaces it. */
	CHECK(tg_store_snapshot_put_text(rig.store, mid, a_seq, "{\"rng\":", 7, &err) == 0);
	a_view = json_deep_copy(a.view);
	reload_and_reopen(&a, &b, token, mid, a_seq);
	CHECKF(json_equal(a.view, a_view),
	       "rebuilt past a snapshot that is not JSON: the same view");
	json_decref(a_view);
	snap = tg_store_snapshot_latest(rig.store, mid, &err);
	CHECKF(snap && json_integer_value(json_object_get(snap, "seq")) == a_seq &&
	           json_object_get(json_object_get(snap, "state"), "rng") != NULL,
	       "the snapshot that is not JSON was replaced by a readable one (%s)", err.code);
	json_decref(snap);
	req(&b, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)mid));
	r = req(&b, rq("{s:s,s:s}", "op", "list", "which", "mine"));
	EXPECT_OK(r);

	/* ---- play to the end ---- */
	for (int n = 0; n < 40; n++) {
		if (json_is_true(json_object_get(a.view, "finished")))
			break;
		struct client *who = strcmp(awaited_role(&a), "alpha") == 0 ? &a : &b;
		r = req(who, rq("{s:s,s:I,s:I,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid,
		                "seq", (json_int_t)who->seq, "action", "type", "commit", "value",
		                1 + n % 3));
		EXPECT_OK(r);
	}
	CHECK(json_is_true(json_object_get(a.view, "finished")));
	CHECK(a.seq == b.seq);
	check_fresh_equals(&a, mid);
	EXPECT_ERR(req(&a, rq("{s:s,s:I,s:I,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid,
	                      "seq", (json_int_t)a.seq, "action", "type", "commit", "value", 1)),
	           "match_finished");

	/* The match object now reveals the secret, which matches the commitment. */
	r = req(&a, rq("{s:s,s:s}", "op", "list", "which", "mine"));
	json_t *info = json_array_get(json_object_get(r, "matches"), 0);
	CHECK_EQ_STR(json_string_value(json_object_get(info, "status")), "finished");
	CHECK(json_is_string(json_object_get(info, "secret")));

	r = req(&a, rq("{s:s,s:I}", "op", "export", "match", (json_int_t)mid));
	EXPECT_OK(r);
	json_t *rec = json_object_get(r, "record");
	CHECK(strcmp(json_string_value(json_object_get(rec, "commitment")) ?: "", commitment) == 0);
	json_t *report = NULL;
	CHECKF(tg_record_verify(rec, games, &report, &err) == 0, "exported record verifies: %s %s",
	       err.code, err.message);
	CHECK_EQ_INT(json_integer_value(json_object_get(report, "undone")), 1);
	json_decref(report);

	/* ---- a second match: leave before start, resign ---- */
	r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	               "sprint", "visibility", "private"));
	EXPECT_OK(r);
	int64_t m2 = json_integer_value(json_object_get(r, "match"));
	char invite[32];
	snprintf(invite, sizeof invite, "%s", json_string_value(json_object_get(r, "invite")));
	CHECK_EQ_INT(strlen(invite), 10);
	r = req(&b, rq("{s:s,s:s}", "op", "list", "which", "open"));
	bool listed = false;
	size_t i;
	json_t *row;
	json_array_foreach(json_object_get(r, "matches"), i, row) listed =
	    listed || json_integer_value(json_object_get(row, "match")) == m2;
	CHECKF(!listed, "private matches are not listed");
	EXPECT_ERR(req(&b, rq("{s:s,s:s}", "op", "join", "invite", "NOSUCHCODE")), "no_such_match");
	EXPECT_OK(req(&b, rq("{s:s,s:s}", "op", "join", "invite", invite)));
	EXPECT_ERR(req(&b, rq("{s:s,s:I}", "op", "leave", "match", (json_int_t)m2)),
	           "match_not_active");
	r = req(&b, rq("{s:s,s:I}", "op", "resign", "match", (json_int_t)m2));
	EXPECT_OK(r);
	CHECK(json_is_true(json_object_get(b.view, "finished")));
	r = req(&a, rq("{s:s,s:I}", "op", "export", "match", (json_int_t)m2));
	EXPECT_OK(r);
	CHECKF(tg_record_verify(json_object_get(r, "record"), games, NULL, &err) == 0,
	       "resigned record verifies: %s %s", err.code, err.message);

	r = req(&a,
	        rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "sprint"));
	int64_t m3 = json_integer_value(json_object_get(r, "match"));
	EXPECT_OK(req(&a, rq("{s:s,s:I}", "op", "leave", "match", (json_int_t)m3)));
	EXPECT_ERR(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)m3)),
	           "match_not_active");

	/* ---- limits and odd requests ---- */
	r = req(&a, rq("{s:s,s:s,s:s,s:b}", "op", "create", "game", "fixture-duel", "scenario",
	               "sprint", "spectators", 0));
	EXPECT_OK(r);
	int64_t m4 = json_integer_value(json_object_get(r, "match"));
	EXPECT_ERR(req(&b, rq("{s:s,s:I}", "op", "watch", "match", (json_int_t)m4)),
	           "spectators_not_allowed");
	EXPECT_ERR(req(&b, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)m4)),
	           "not_a_participant");
	EXPECT_ERR(req(&b, rq("{s:s,s:I}", "op", "watch", "match", (json_int_t)999)),
	           "no_such_match");
	EXPECT_ERR(req(&b, rq("{s:s,s:s}", "op", "watch", "match", "one")), "malformed_request");
	EXPECT_ERR(req(&b, rq("{s:s,s:s}", "op", "list", "which", "all")), "malformed_request");
	EXPECT_ERR(req(&b, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
	                      "scenario", "sprint", "entropy", "xyz")),
	           "malformed_request");
	json_t *odd = rq("{s:s,s:[]}", "op", "ping", "id");
	mark_seen(&b);
	tg_engine_message(b.s, odd);
	json_decref(odd);
	tg_engine_turn(fc_srv);
	CHECK_EQ_INT(count_new(&b, "error"), 1);

	/* A turn whose transaction fails: the actor hears "storage", nobody gets
	 * a patch, and the match is as before; the same action then succeeds. */
	{
		r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
		               "scenario", "sprint", "side", "alpha"));
		int64_t mf = json_integer_value(json_object_get(r, "match"));
		EXPECT_OK(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mf)));
		json_t *before = json_deep_copy(a.view);
		mark_seen(&a);
		mark_seen(&b);
		json_t *act =
		    rq("{s:s,s:I,s:i,s:{s:s,s:i},s:i}", "op", "act", "match", (json_int_t)mf, "seq",
		       0, "action", "type", "commit", "value", 2, "id", 9999);
		tg_engine_fail_next_turn(fc_srv);
		tg_engine_message(a.s, act);
		tg_engine_turn(fc_srv);
		json_t *reply = NULL;
		for (size_t i = a.seen; i < json_array_size(a.got); i++)
			if (json_integer_value(json_object_get(json_array_get(a.got, i), "id")) ==
			    9999)
				reply = json_array_get(a.got, i);
		CHECKF(reply && code_of(reply) && strcmp(code_of(reply), "storage") == 0,
		       "the failed turn's ok became a storage error");
		CHECK_EQ_INT(count_new(&a, "view"), 1); /* the reloaded match, afresh */
		CHECK_EQ_INT(count_new(&a, "patch") + count_new(&b, "patch"), 0);
		CHECK(a.seq == 0);
		CHECKF(json_equal(a.view, before), "the match reloaded as it was");
		json_decref(before);
		json_object_del(act, "id");
		r = req(&a, act);
		EXPECT_OK(r);
		CHECK_EQ_INT(json_integer_value(json_object_get(r, "seq")), 1);
		CHECK(b.seq == 1);
		EXPECT_OK(req(&a, rq("{s:s,s:I}", "op", "resign", "match", (json_int_t)mf)));

		/* A registration in a failed turn leaves the connection logged out. */
		struct client f;
		client_open(&f);
		req(&f, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
		json_t *reg = rq("{s:s,s:s,s:s,s:i}", "op", "register", "name", "ghost", "password",
		                 "boo-boo-boo", "id", 4242);
		tg_engine_fail_next_turn(fc_srv);
		tg_engine_message(f.s, reg);
		json_decref(reg);
		uv_run(&fc_loop, UV_RUN_DEFAULT); /* the hash; its turn writes the user */
		tg_engine_turn(fc_srv);
		json_t *last = json_array_get(f.got, json_array_size(f.got) - 1);
		CHECK(code_of(last) && strcmp(code_of(last), "storage") == 0);
		EXPECT_ERR(req(&f, rq("{s:s,s:s}", "op", "list", "which", "mine")),
		           "not_logged_in");
		EXPECT_OK(req(&f, rq("{s:s,s:s,s:s}", "op", "register", "name", "ghost", "password",
		                     "boo-boo-boo")));
		client_close(&f);
	}

	/* The same while the action's fan-out is in a worker's hands (issue 17:
	 * the daemon's commit does not wait for the workers; the rig runs the
	 * default, a worker per core): the job's patch belongs to the action
	 * rolled back and must never be sent. */
	{
		r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
		               "scenario", "sprint", "side", "alpha"));
		int64_t mw = json_integer_value(json_object_get(r, "match"));
		EXPECT_OK(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mw)));
		json_t *before = json_deep_copy(a.view);
		mark_seen(&a);
		mark_seen(&b);
		json_t *act =
		    rq("{s:s,s:I,s:i,s:{s:s,s:i},s:i}", "op", "act", "match", (json_int_t)mw, "seq",
		       0, "action", "type", "commit", "value", 3, "id", 9998);
		tg_engine_fail_next_turn(fc_srv);
		tg_engine_message(a.s, act);
		tg_engine_commit(fc_srv);
		uv_run(&fc_loop, UV_RUN_NOWAIT); /* a worker's job done by now */
		tg_engine_turn(fc_srv);
		json_t *reply = NULL;
		for (size_t i = a.seen; i < json_array_size(a.got); i++)
			if (json_integer_value(json_object_get(json_array_get(a.got, i), "id")) ==
			    9998)
				reply = json_array_get(a.got, i);
		CHECKF(reply && code_of(reply) && strcmp(code_of(reply), "storage") == 0,
		       "the failed turn's ok became a storage error");
		CHECK_EQ_INT(count_new(&a, "patch") + count_new(&b, "patch"), 0);
		CHECK_EQ_INT(count_new(&a, "view"), 1);
		CHECK(a.seq == 0 && b.seq == 0);
		CHECKF(json_equal(a.view, before), "the match reloaded as it was");
		json_decref(before);
		json_object_del(act, "id");
		r = req(&a, act);
		EXPECT_OK(r);
		CHECK(a.seq == 1 && b.seq == 1);
		EXPECT_OK(req(&a, rq("{s:s,s:I}", "op", "resign", "match", (json_int_t)mw)));
	}

	/* Pipelined: requests after a login wait for it, and replies keep order. */
	{
		struct client g;
		client_open(&g);
		req(&g, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
		json_t *m1 = rq("{s:s,s:s,s:s,s:i}", "op", "login", "name", "lee", "password",
		                "traveller1", "id", 501);
		json_t *m2 = rq("{s:s,s:s,s:i}", "op", "list", "which", "mine", "id", 502);
		tg_engine_message(g.s, m1);
		tg_engine_message(g.s, m2);
		json_decref(m1);
		json_decref(m2);
		uv_run(&fc_loop, UV_RUN_DEFAULT);
		tg_engine_turn(fc_srv);
		size_t n = json_array_size(g.got);
		CHECK(n >= 3);
		json_t *r1 = json_array_get(g.got, n - 2), *r2 = json_array_get(g.got, n - 1);
		CHECK(json_integer_value(json_object_get(r1, "id")) == 501 &&
		      strcmp(op_of(r1), "ok") == 0);
		CHECK(json_integer_value(json_object_get(r2, "id")) == 502 &&
		      strcmp(op_of(r2), "ok") == 0);
		client_close(&g);
	}

	/* A connection that closes while its password is being hashed: the
	 * thread-pool job finishes without touching it (ASan watches). */
	struct client e;
	client_open(&e);
	req(&e, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	json_t *login = rq("{s:s,s:s,s:s}", "op", "login", "name", "lee", "password", "traveller1");
	tg_engine_message(e.s, login);
	json_decref(login);
	client_close(&e);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	tg_engine_turn(fc_srv);

	/* A match with kept patches for 3 seqs: an older since gets a full view. */
	client_close(&a);
	client_close(&b);
	tg_server_free(fc_srv);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	rig.cfg.patch_history = 3;
	rig.cfg.max_matches_per_user = 2;
	start_server();
	client_open(&a);
	client_open(&b);
	req(&a, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	req(&b, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(&a, rq("{s:s,s:s}", "op", "resume", "token", token)));
	EXPECT_OK(
	    req(&b, rq("{s:s,s:s,s:s}", "op", "login", "name", "lee", "password", "traveller1")));
	/* a has m4 open: one more is allowed, then the limit. */
	r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	               "standard", "side", "alpha"));
	EXPECT_OK(r);
	int64_t m5 = json_integer_value(json_object_get(r, "match"));
	EXPECT_ERR(req(&a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	                      "sprint")),
	           "too_many_matches");
	EXPECT_OK(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)m5)));
	json_t *at3 = NULL, *at3_keep = NULL;
	for (int n = 0; n < 5; n++) {
		if (n == 3)
			at3 = json_deep_copy(a.view);
		if (n == 3)
			at3_keep = json_deep_copy(a.view);
		struct client *who = strcmp(awaited_role(&a), "alpha") == 0 ? &a : &b;
		EXPECT_OK(req(who, rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match",
		                      (json_int_t)m5, "seq", (json_int_t)who->seq, "action", "type",
		                      "note", "text", "n")));
	}
	CHECK(a.seq == 5);
	mark_seen(&a);
	EXPECT_OK(req(&a, rq("{s:s,s:I,s:i}", "op", "open", "match", (json_int_t)m5, "since", 1)));
	CHECK_EQ_INT(count_new(&a, "view"), 1);
	CHECK_EQ_INT(count_new(&a, "patch"), 0);
	/* Back at seq 3 (as if a had been away): since 3 brings patches 4 and 5. */
	json_t *now = json_deep_copy(a.view);
	json_decref(a.view);
	a.view = at3;
	a.seq = 3;
	mark_seen(&a);
	EXPECT_OK(req(&a, rq("{s:s,s:I,s:i}", "op", "open", "match", (json_int_t)m5, "since", 3)));
	CHECK_EQ_INT(count_new(&a, "view"), 0);
	CHECK_EQ_INT(count_new(&a, "patch"), 2);
	CHECK(a.seq == 5 && json_equal(a.view, now));
	json_decref(now);

	/* Two undos take back notes 5 and 4 (rebuilt from the state kept after
	 * the last barrier): the view is the one at seq 3 again, and stays so
	 * after a restart (which rebuilds from the store). */
	EXPECT_OK(req(&a, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)m5, "seq", 5)));
	r = req(&a, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)m5, "seq", 6));
	EXPECT_OK(r);
	CHECK_EQ_INT(json_integer_value(json_object_get(r, "undone")), 4);
	CHECK(a.seq == 7 && json_equal(a.view, at3_keep));
	client_close(&a);
	client_close(&b);
	tg_server_free(fc_srv);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	start_server();
	client_open(&a);
	client_open(&b);
	req(&a, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(&a, rq("{s:s,s:s}", "op", "resume", "token", token)));
	EXPECT_OK(req(&a, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)m5)));
	CHECK(a.seq == 7 && json_equal(a.view, at3_keep));
	/* After the restart there is no base in memory: undo falls back to the
	 * store (a snapshot before the target, or setup) and agrees. */
	EXPECT_OK(req(&a, rq("{s:s,s:I,s:i}", "op", "undo", "match", (json_int_t)m5, "seq", 7)));
	json_t *after_restart_undo = json_deep_copy(a.view);
	client_close(&a);
	client_close(&b);
	tg_server_free(fc_srv);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	start_server();
	client_open(&a);
	client_open(&b);
	req(&a, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(&a, rq("{s:s,s:s}", "op", "resume", "token", token)));
	EXPECT_OK(req(&a, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)m5)));
	CHECK(a.seq == 8 && json_equal(a.view, after_restart_undo));
	json_decref(after_restart_undo);
	json_decref(at3_keep);
	client_close(&a);
	client_close(&b);
	tg_server_free(fc_srv);
	uv_run(&fc_loop, UV_RUN_DEFAULT);

	/* One connection follows at most 256 matches: past that, create still
	 * seats the player, and its reply says the connection does not follow. */
	rig.cfg.max_matches_per_user = 300;
	rig.cfg.matches_created_per_user = 300;
	start_server();
	client_open(&a);
	req(&a, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	EXPECT_OK(req(&a, rq("{s:s,s:s}", "op", "resume", "token", token)));
	int followed = 0, unfollowed = 0;
	for (int n = 0; n < 258; n++) {
		r = req(&a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
		               "sprint"));
		EXPECT_OK(r);
		if (json_is_true(json_object_get(r, "following")))
			followed++;
		else if (json_is_false(json_object_get(r, "following")))
			unfollowed++;
	}
	/* m4 and m5 of before the restart are not followed on this connection. */
	CHECK_EQ_INT(followed, 256);
	CHECK_EQ_INT(unfollowed, 2);
	client_close(&a);
	fc_rig_close(&rig);
	return tap_done();
}
