/* test_store.c — the SQLite store through store.h only: every function's
 * success and error paths, transactions, and data surviving a reopen. The
 * migration machinery itself is tested in test_store_migrate.c. */
#include "store/store.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SCHEMA TG_SOURCE_DIR "/schema"

static char dir[64], db_path[128];
static struct tg_error err;

static struct tg_store *open_store(void)
{
	memset(&err, 0, sizeof err);
	struct tg_store *s = tg_store_open(db_path, SCHEMA, &err);
	CHECKF(s != NULL, "open: %s: %s", err.code, err.message);
	return s;
}

/* Runs an expression that must fail, and checks the error code it left. */
#define CHECK_FAILS(expr, want)                                                                    \
	do {                                                                                       \
		memset(&err, 0, sizeof err);                                                       \
		CHECKF((expr) == -1, "%s should fail", #expr);                                     \
		CHECK_EQ_STR(err.code, want);                                                      \
	} while (0)
#define CHECK_NULL_WITH(expr, want)                                                                \
	do {                                                                                       \
		memset(&err, 0, sizeof err);                                                       \
		json_t *v_ = (expr);                                                               \
		CHECKF(v_ == NULL, "%s should be NULL", #expr);                                    \
		json_decref(v_);                                                                   \
		CHECK_EQ_STR(err.code, want);                                                      \
	} while (0)
#define CHECK_OK(expr) CHECKF((expr) == 0, "%s: %s: %s", #expr, err.code, err.message)

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}
static long long num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

static int64_t grant, lee, match, private_match;
static const uint8_t token[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static const uint8_t other_token[32] = {9, 9, 9};

static void test_users(struct tg_store *s)
{
	CHECK_OK(tg_store_user_create(s, "Grant", "hash-g", 100, &grant, &err));
	CHECK_OK(tg_store_user_create(s, "lee", "hash-l", 101, &lee, &err));
	CHECK(grant > 0 && lee > 0 && grant != lee);
	CHECK_FAILS(tg_store_user_create(s, "GRANT", "x", 102, NULL, &err), "name_taken");

	json_t *u = tg_store_user_by_name(s, "gRaNt", &err);
	CHECK(u != NULL);
	CHECK_EQ_INT(num(u, "id"), grant);
	CHECK_EQ_STR(str(u, "name"), "Grant");
	CHECK_EQ_STR(str(u, "pw_hash"), "hash-g");
	json_decref(u);
	u = tg_store_user_by_id(s, lee, &err);
	CHECK_EQ_STR(str(u, "name"), "lee");
	json_decref(u);
	CHECK_NULL_WITH(tg_store_user_by_name(s, "nobody", &err), "no_such_user");
	CHECK_NULL_WITH(tg_store_user_by_id(s, 9999, &err), "no_such_user");
}

static void test_sessions(struct tg_store *s)
{
	CHECK_OK(tg_store_session_create(s, token, grant, 1000, 2000, &err));
	CHECK_EQ_INT(tg_store_session_user(s, token, 1999, &err), grant);
	CHECK_FAILS(tg_store_session_user(s, token, 2000, &err), "bad_token"); /* expired */
	CHECK_FAILS(tg_store_session_user(s, other_token, 1000, &err), "bad_token");
	CHECK_FAILS(tg_store_session_create(s, other_token, 9999, 1000, 2000, &err),
	            "no_such_user");

	CHECK_OK(tg_store_session_create(s, other_token, lee, 1000, 2000, &err));
	CHECK_OK(tg_store_session_delete(s, other_token, &err));
	CHECK_FAILS(tg_store_session_user(s, other_token, 1000, &err), "bad_token");
	CHECK_FAILS(tg_store_session_delete(s, other_token, &err), "bad_token");
}

static json_t *match_spec(int64_t creator, const char *visibility, const char *invite,
                          int64_t created)
{
	return json_pack("{s:s, s:s, s:{s:i, s:s}, s:s, s:s?, s:b, s:I, s:s, s:s, s:I, s:i}",
	                 "game", "fixture", "scenario", "short", "options", "turns", 3, "variant",
	                 "x", "visibility", visibility, "invite_code", invite, "spectators", 1,
	                 "creator", (json_int_t)creator, "secret", "aa", "commitment", "bb",
	                 "created", (json_int_t)created, "rules_version", 1);
}

static void test_match_create(struct tg_store *s)
{
	json_t *m = match_spec(grant, "public", NULL, 200);
	CHECK_OK(tg_store_match_create(s, m, &match, &err));
	json_decref(m);
	m = match_spec(lee, "private", "K7Q2MZ4RXA", 201);
	CHECK_OK(tg_store_match_create(s, m, &private_match, &err));
	CHECK_FAILS(tg_store_match_create(s, m, NULL, &err), "invite_taken");
	json_decref(m);

	m = match_spec(9999, "public", NULL, 202);
	CHECK_FAILS(tg_store_match_create(s, m, NULL, &err), "no_such_user");
	json_decref(m);
	m = match_spec(grant, "secretive", NULL, 202);
	CHECK_FAILS(tg_store_match_create(s, m, NULL, &err), "bad_argument");
	json_object_del(m, "game");
	json_object_set_new(m, "visibility", json_string("public"));
	CHECK_FAILS(tg_store_match_create(s, m, NULL, &err), "bad_argument");
	json_decref(m);

	json_t *got = tg_store_match_get(s, match, &err);
	CHECK(got != NULL);
	CHECK_EQ_STR(str(got, "game"), "fixture");
	CHECK_EQ_STR(str(got, "status"), "open");
	CHECK_EQ_INT(num(got, "seq"), 0);
	CHECK(json_is_null(json_object_get(got, "seed")));
	CHECK(json_is_null(json_object_get(got, "result")));
	CHECK(json_is_null(json_object_get(got, "invite_code")));
	CHECK(json_is_true(json_object_get(got, "spectators")));
	CHECK_EQ_INT(num(got, "creator"), grant);
	CHECK_EQ_STR(str(got, "commitment"), "bb");
	CHECK_EQ_INT(json_array_size(json_object_get(got, "seats")), 0);
	json_t *want = json_pack("{s:i, s:s}", "turns", 3, "variant", "x");
	CHECK(json_equal(json_object_get(got, "options"), want));
	json_decref(want);
	json_decref(got);

	CHECK_NULL_WITH(tg_store_match_get(s, 9999, &err), "no_such_match");
	CHECK_EQ_INT(tg_store_match_by_invite(s, "K7Q2MZ4RXA", &err), private_match);
	CHECK_FAILS(tg_store_match_by_invite(s, "NOPE", &err), "no_such_match");
}

static void test_seats(struct tg_store *s)
{
	CHECK_OK(tg_store_seat_add(s, match, "alpha", grant, "0a0b", 300, &err));
	CHECK_FAILS(tg_store_seat_add(s, match, "alpha", lee, NULL, 301, &err), "seat_taken");
	CHECK_FAILS(tg_store_seat_add(s, match, "beta", grant, NULL, 301, &err), "already_seated");
	CHECK_FAILS(tg_store_seat_add(s, 9999, "beta", lee, NULL, 301, &err), "no_such_match");
	CHECK_FAILS(tg_store_seat_add(s, match, "beta", 9999, NULL, 301, &err), "no_such_user");
	CHECK_FAILS(tg_store_seat_remove(s, match, lee, &err), "not_a_participant");
	CHECK_FAILS(tg_store_seat_remove(s, 9999, lee, &err), "no_such_match");

	CHECK_OK(tg_store_seat_add(s, match, "beta", lee, NULL, 302, &err));
	CHECK_OK(tg_store_seat_remove(s, match, lee, &err));
	CHECK_OK(tg_store_seat_add(s, match, "beta", lee, "ff", 303, &err));

	json_t *got = tg_store_match_get(s, match, &err);
	json_t *seats = json_object_get(got, "seats");
	CHECK_EQ_INT(json_array_size(seats), 2);
	json_t *a = json_array_get(seats, 0), *b = json_array_get(seats, 1);
	CHECK_EQ_STR(str(a, "role"), "alpha");
	CHECK_EQ_STR(str(a, "user_name"), "Grant");
	CHECK_EQ_INT(num(a, "user_id"), grant);
	CHECK_EQ_STR(str(a, "entropy"), "0a0b");
	CHECK_EQ_INT(num(a, "joined"), 300);
	CHECK_EQ_STR(str(b, "role"), "beta");
	CHECK_EQ_STR(str(b, "user_name"), "lee");
	CHECK_EQ_INT(num(got, "updated"), 303); /* seats touch the match */
	json_decref(got);
}

static bool list_has(const json_t *list, int64_t id)
{
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		json_t *idv = json_is_object(v) ? json_object_get(v, "id") : v;
		if (json_integer_value(idv) == id)
			return true;
	}
	return false;
}

static void test_lists_and_status(struct tg_store *s)
{
	int64_t newer;
	json_t *m = match_spec(lee, "public", NULL, 500);
	CHECK_OK(tg_store_match_create(s, m, &newer, &err));
	json_decref(m);

	json_t *open = tg_store_match_list_open(s, 10, &err);
	CHECK_EQ_INT(json_array_size(open), 2); /* the private one is never listed */
	CHECK_EQ_INT(num(json_array_get(open, 0), "id"), newer); /* newest first */
	CHECK_EQ_INT(num(json_array_get(open, 1), "id"), match);
	CHECK_EQ_INT(json_array_size(json_object_get(json_array_get(open, 1), "seats")), 2);
	json_decref(open);
	open = tg_store_match_list_open(s, 1, &err);
	CHECK_EQ_INT(json_array_size(open), 1);
	json_decref(open);
	CHECK_NULL_WITH(tg_store_match_list_open(s, 0, &err), "bad_argument");

	json_t *mine = tg_store_match_list_user(s, grant, 10, &err);
	CHECK_EQ_INT(json_array_size(mine), 1);
	CHECK(list_has(mine, match));
	json_decref(mine);
	mine = tg_store_match_list_user(s, lee, 10, &err);
	CHECK(list_has(mine, match) && !list_has(mine, newer)); /* created, not seated */
	json_decref(mine);

	CHECK_OK(tg_store_match_set_status(s, match, "active", "5eed", NULL, &err));
	CHECK_FAILS(tg_store_match_set_status(s, match, "paused", NULL, NULL, &err),
	            "bad_argument");
	CHECK_FAILS(tg_store_match_set_status(s, 9999, "active", NULL, NULL, &err),
	            "no_such_match");
	json_t *active = tg_store_match_list_active(s, &err);
	CHECK(json_array_size(active) == 1 && list_has(active, match));
	json_decref(active);
	open = tg_store_match_list_open(s, 10, &err);
	CHECK(!list_has(open, match) && list_has(open, newer));
	json_decref(open);

	json_t *result = json_pack("{s:s, s:s}", "winner", "alpha", "reason", "surrender");
	CHECK_OK(tg_store_match_set_status(s, newer, "finished", NULL, result, &err));
	json_t *got = tg_store_match_get(s, newer, &err);
	CHECK_EQ_STR(str(got, "status"), "finished");
	CHECK(json_equal(json_object_get(got, "result"), result));
	json_decref(got);
	json_decref(result);
	got = tg_store_match_get(s, match, &err);
	CHECK_EQ_STR(str(got, "seed"), "5eed");
	CHECK_EQ_STR(str(got, "status"), "active");
	json_decref(got);
}

static int append(struct tg_store *s, int64_t m, int64_t seq, bool barrier)
{
	json_t *a = json_pack("{s:s, s:I}", "type", "move", "n", (json_int_t)seq);
	int r = tg_store_action_append(s, m, seq, seq % 2 ? "alpha" : "beta", a, barrier,
	                               1000 + seq, &err);
	json_decref(a);
	return r;
}

static void test_actions_and_snapshots(struct tg_store *s)
{
	CHECK_NULL_WITH(tg_store_snapshot_latest(s, match, &err), "no_snapshot");
	json_t *state0 = json_pack("{s:i}", "turn", 0);
	CHECK_OK(tg_store_snapshot_put(s, match, 0, state0, &err));

	for (int64_t seq = 1; seq <= 3; seq++)
		CHECK_OK(append(s, match, seq, seq == 1));
	CHECK_FAILS(append(s, match, 2, false), "stale_seq");
	CHECK_FAILS(append(s, 9999, 1, false), "no_such_match"); /* foreign key refused */

	json_t *state2 = json_pack("{s:i, s:[i,i]}", "turn", 2, "units", 4, 5);
	CHECK_OK(tg_store_snapshot_put(s, match, 2, state2, &err));
	CHECK_FAILS(tg_store_snapshot_put(s, 9999, 1, state2, &err), "no_such_match");
	json_t *latest = tg_store_snapshot_latest(s, match, &err);
	CHECK_EQ_INT(num(latest, "seq"), 2);
	CHECK(json_equal(json_object_get(latest, "state"), state2));
	json_decref(latest);
	/* What the store writes reads back as the same value: a string outside
	 * ASCII, escapes, a real, nesting (store_bind_json's writer). */
	json_t *odd =
	    json_pack("{s:s, s:s, s:f, s:[b,n,{s:i}]}", "name", "Chancellorsville \u00e9\u2014",
	              "esc", "a\"b\\c\n\t\x01", "real", 0.25, "list", 1, "k", -7);
	json_t *state3 = json_pack("{s:i, s:o}", "turn", 3, "odd", odd);
	CHECK_OK(tg_store_snapshot_put(s, match, 3, state3, &err));
	latest = tg_store_snapshot_latest(s, match, &err);
	CHECK_EQ_INT(num(latest, "seq"), 3);
	CHECK(json_equal(json_object_get(latest, "state"), state3));
	json_decref(latest);
	json_decref(state3);
	/* A state given as text (a module's save_text) is stored as given and
	 * reads back as its value; an empty one is refused and the latest
	 * stays. Text that is not JSON is stored as given too (260: the table
	 * no longer checks it), and the latest snapshot then says so
	 * (bad_snapshot) until the next one replaces it. */
	static const char text4[] = "{\"turn\":4,\"units\":[4,5,-6],\"name\":\"a\\u00E9\"}";
	CHECK_OK(tg_store_snapshot_put_text(s, private_match, 4, text4, sizeof text4 - 1, &err));
	latest = tg_store_snapshot_latest(s, private_match, &err);
	CHECK_EQ_INT(num(latest, "seq"), 4);
	char *back = json_dumps(json_object_get(latest, "state"), JSON_COMPACT | JSON_ENSURE_ASCII);
	CHECK_EQ_STR(back, text4);
	free(back);
	json_decref(latest);
	CHECK_FAILS(tg_store_snapshot_put_text(s, private_match, 5, text4, 0, &err),
	            "bad_argument");
	CHECK_FAILS(tg_store_snapshot_put_text(s, 9999, 5, text4, sizeof text4 - 1, &err),
	            "no_such_match");
	latest = tg_store_snapshot_latest(s, private_match, &err);
	CHECK_EQ_INT(num(latest, "seq"), 4);
	json_decref(latest);
	CHECK_OK(tg_store_snapshot_put_text(s, private_match, 5, "{\"turn\":", 8, &err));
	CHECK_NULL_WITH(tg_store_snapshot_latest(s, private_match, &err), "bad_snapshot");
	CHECK_OK(tg_store_snapshot_put_text(s, private_match, 6, text4, sizeof text4 - 1, &err));
	latest = tg_store_snapshot_latest(s, private_match, &err);
	CHECK_EQ_INT(num(latest, "seq"), 6);
	json_decref(latest);

	json_t *got = tg_store_match_get(s, match, &err);
	CHECK_EQ_INT(num(got, "seq"), 3);
	CHECK_EQ_INT(num(got, "updated"), 1003);
	json_decref(got);

	json_t *list = tg_store_action_list(s, match, 1, &err);
	CHECK_EQ_INT(json_array_size(list), 2);
	json_t *a2 = json_array_get(list, 0);
	CHECK_EQ_INT(num(a2, "seq"), 2);
	CHECK_EQ_STR(str(a2, "role"), "beta");
	CHECK_EQ_INT(num(a2, "time"), 1002);
	CHECK(json_is_false(json_object_get(a2, "barrier")));
	CHECK(json_is_false(json_object_get(a2, "undone")));
	CHECK_EQ_INT(num(json_object_get(a2, "action"), "n"), 2);
	json_decref(list);
	list = tg_store_action_list(s, match, 0, &err);
	CHECK_EQ_INT(json_array_size(list), 3);
	CHECK(json_is_true(json_object_get(json_array_get(list, 0), "barrier")));
	json_decref(list);

	/* Undo 2..3: they stay, marked; the snapshot taken after 2 goes. */
	CHECK_FAILS(tg_store_action_mark_undone(s, match, 1, 5, &err), "stale_seq");
	CHECK_FAILS(tg_store_action_mark_undone(s, match, 3, 2, &err), "bad_argument");
	CHECK_OK(tg_store_action_mark_undone(s, match, 2, 3, &err));
	CHECK_FAILS(tg_store_action_mark_undone(s, match, 3, 3, &err), "stale_seq");
	list = tg_store_action_list(s, match, 0, &err);
	CHECK_EQ_INT(json_array_size(list), 3);
	CHECK(json_is_false(json_object_get(json_array_get(list, 0), "undone")));
	CHECK(json_is_true(json_object_get(json_array_get(list, 1), "undone")));
	CHECK(json_is_true(json_object_get(json_array_get(list, 2), "undone")));
	json_decref(list);
	latest = tg_store_snapshot_latest(s, match, &err);
	CHECK_EQ_INT(num(latest, "seq"), 0);
	CHECK(json_equal(json_object_get(latest, "state"), state0));
	json_decref(latest);

	/* The log goes on after the undone actions: seq keeps counting. */
	CHECK_OK(append(s, match, 4, false));
	got = tg_store_match_get(s, match, &err);
	CHECK_EQ_INT(num(got, "seq"), 4);
	json_decref(got);
	json_decref(state0);
	json_decref(state2);
}

/* A match's "updated" follows its log's latest time (265_actions_touch.sql:
 * the store's UPDATE, no longer a trigger), never back: an action stamped
 * earlier (a clock set back) leaves it, a later one moves it, a refused one
 * (a stale seq) does not. */
static void test_updated_follows_log(struct tg_store *s)
{
	json_t *a = json_pack("{s:s}", "type", "move");
	json_t *got = tg_store_match_get(s, private_match, &err);
	int64_t before = num(got, "updated");
	json_decref(got);
	CHECK_OK(tg_store_action_append(s, private_match, 1, "alpha", a, false, before + 50, &err));
	got = tg_store_match_get(s, private_match, &err);
	CHECK_EQ_INT(num(got, "updated"), before + 50);
	json_decref(got);
	CHECK_OK(tg_store_action_append(s, private_match, 2, "beta", a, false, before + 10, &err));
	got = tg_store_match_get(s, private_match, &err);
	CHECK_EQ_INT(num(got, "updated"), before + 50);
	json_decref(got);
	CHECK_FAILS(
	    tg_store_action_append(s, private_match, 2, "beta", a, false, before + 90, &err),
	    "stale_seq");
	got = tg_store_match_get(s, private_match, &err);
	CHECK_EQ_INT(num(got, "updated"), before + 50);
	json_decref(got);
	CHECK_OK(tg_store_action_append(s, private_match, 3, "alpha", a, false, before + 60, &err));
	got = tg_store_match_get(s, private_match, &err);
	CHECK_EQ_INT(num(got, "updated"), before + 60);
	json_decref(got);
	json_decref(a);
}

/* Each action's text reads back as its own value whatever the appends
 * before it wrote: a long action (more than the writer's first 4 KB), a
 * short one after it, a refused one, then short ones again (the store
 * keeps the action's text buffer between appends, issue 17). */
static void test_action_texts(struct tg_store *s)
{
	char big[6000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	json_t *a[4] = {json_pack("{s:s, s:s}", "type", "note", "text", big),
	                json_pack("{s:s, s:i}", "type", "move", "n", 5),
	                json_pack("{s:s, s:[i,i,i]}", "type", "rail", "to", 1, 22, 333),
	                json_pack("{s:s}", "type", "pass")};
	CHECK_OK(tg_store_action_append(s, private_match, 4, "alpha", a[0], false, 2000, &err));
	CHECK_OK(tg_store_action_append(s, private_match, 5, "beta", a[1], false, 2001, &err));
	CHECK_FAILS(tg_store_action_append(s, private_match, 5, "beta", a[0], false, 2002, &err),
	            "stale_seq");
	CHECK_OK(tg_store_action_append(s, private_match, 6, "alpha", a[2], false, 2003, &err));
	CHECK_OK(tg_store_action_append(s, private_match, 7, "beta", a[3], false, 2004, &err));
	json_t *list = tg_store_action_list(s, private_match, 3, &err);
	CHECK_EQ_INT(json_array_size(list), 4);
	for (size_t i = 0; i < 4; i++)
		CHECKF(json_equal(json_object_get(json_array_get(list, i), "action"), a[i]),
		       "action %zu reads back as appended", i + 4);
	json_decref(list);
	for (size_t i = 0; i < 4; i++)
		json_decref(a[i]);
}

static int64_t chat1, chat2;

static void test_chat(struct tg_store *s)
{
	CHECK_OK(tg_store_chat_add(s, match, grant, "alpha", "Good luck", 700, &chat1, &err));
	CHECK_OK(tg_store_chat_add(s, match, lee, "beta", "Und dir \xc3\xbc", 701, &chat2, &err));
	CHECK(chat2 > chat1);
	CHECK_FAILS(tg_store_chat_add(s, 9999, lee, "beta", "x", 702, NULL, &err), "no_such_match");
	CHECK_FAILS(tg_store_chat_add(s, match, 9999, "beta", "x", 702, NULL, &err),
	            "no_such_user");

	json_t *list = tg_store_chat_list(s, match, 0, &err);
	CHECK_EQ_INT(json_array_size(list), 2);
	json_t *c = json_array_get(list, 0);
	CHECK_EQ_INT(num(c, "id"), chat1);
	CHECK_EQ_STR(str(c, "role"), "alpha");
	CHECK_EQ_STR(str(c, "user"), "Grant");
	CHECK_EQ_INT(num(c, "user_id"), grant);
	CHECK_EQ_STR(str(c, "text"), "Good luck");
	CHECK_EQ_INT(num(c, "time"), 700);
	json_decref(list);
	list = tg_store_chat_list(s, match, chat1, &err);
	CHECK_EQ_INT(json_array_size(list), 1);
	CHECK_EQ_STR(str(json_array_get(list, 0), "text"), "Und dir \xc3\xbc");
	json_decref(list);
	list = tg_store_chat_list(s, private_match, 0, &err);
	CHECK_EQ_INT(json_array_size(list), 0);
	json_decref(list);
}

static void test_transactions(struct tg_store *s)
{
	CHECK(!tg_store_in_transaction(s));
	CHECK_FAILS(tg_store_commit(s, &err), "storage");

	/* Rolled back: nothing of it is left. */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK(tg_store_in_transaction(s));
	CHECK_FAILS(tg_store_begin(s, &err), "storage");
	CHECK_OK(tg_store_user_create(s, "ghost", "h", 800, NULL, &err));
	CHECK_OK(append(s, match, 5, false));
	CHECK_OK(tg_store_chat_add(s, match, grant, "alpha", "lost", 800, NULL, &err));
	tg_store_rollback(s);
	CHECK(!tg_store_in_transaction(s));
	CHECK_NULL_WITH(tg_store_user_by_name(s, "ghost", &err), "no_such_user");
	json_t *got = tg_store_match_get(s, match, &err);
	CHECK_EQ_INT(num(got, "seq"), 4);
	json_decref(got);
	json_t *chat = tg_store_chat_list(s, match, chat2, &err);
	CHECK_EQ_INT(json_array_size(chat), 0);
	json_decref(chat);

	/* A refused write inside a transaction does not spoil the rest of it. */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_FAILS(append(s, match, 4, false), "stale_seq");
	CHECK_OK(append(s, match, 5, false));
	CHECK_OK(tg_store_user_create(s, "kept", "h", 801, NULL, &err));
	CHECK_OK(tg_store_commit(s, &err));
	CHECK(!tg_store_in_transaction(s));
}

/* After close and reopen everything committed is still there. */
static void test_reopen(void)
{
	struct tg_store *s = open_store();
	if (!s)
		return;
	json_t *u = tg_store_user_by_name(s, "KEPT", &err);
	CHECK(u != NULL);
	json_decref(u);
	CHECK_EQ_INT(tg_store_session_user(s, token, 1500, &err), grant);
	json_t *got = tg_store_match_get(s, match, &err);
	CHECK_EQ_INT(num(got, "seq"), 5);
	CHECK_EQ_STR(str(got, "status"), "active");
	CHECK_EQ_INT(json_array_size(json_object_get(got, "seats")), 2);
	json_decref(got);
	json_t *list = tg_store_action_list(s, match, 0, &err);
	CHECK_EQ_INT(json_array_size(list), 5);
	CHECK(json_is_true(json_object_get(json_array_get(list, 2), "undone")));
	json_decref(list);
	json_t *chat = tg_store_chat_list(s, match, 0, &err);
	CHECK_EQ_INT(json_array_size(chat), 2);
	json_decref(chat);
	json_t *snap = tg_store_snapshot_latest(s, match, &err);
	CHECK_EQ_INT(num(snap, "seq"), 0);
	json_decref(snap);
	tg_store_close(s);
}

/* An open transaction at close is rolled back, not half-kept. */
static void test_close_in_transaction(void)
{
	struct tg_store *s = open_store();
	if (!s)
		return;
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(tg_store_user_create(s, "halfway", "h", 900, NULL, &err));
	tg_store_close(s);
	s = open_store();
	if (!s)
		return;
	CHECK_NULL_WITH(tg_store_user_by_name(s, "halfway", &err), "no_such_user");
	tg_store_close(s);
}

static void remove_db(void)
{
	const char *suffix[] = {"", "-wal", "-shm"};
	for (int i = 0; i < 3; i++) {
		char p[160];
		snprintf(p, sizeof p, "%s%s", db_path, suffix[i]);
		unlink(p);
	}
	rmdir(dir);
}

static unsigned file_mode(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (unsigned)(st.st_mode & 0777) : 0;
}

/* Issue 14: the database holds password and session hashes and every match's
 * hidden state. It and its side files are 0600 whatever the umask, and a
 * database left readable by others is tightened at open. */
static void test_private_files(void)
{
	char path[160], side[200];
	snprintf(path, sizeof path, "%s/private.db", dir);
	mode_t old = umask(022);
	struct tg_store *s = tg_store_open(path, SCHEMA, &err);
	CHECKF(s != NULL, "open: %s", err.message);
	if (s) {
		int64_t id = 0;
		CHECK_OK(tg_store_user_create(s, "umask", "h", 1, &id, &err));
		CHECK_EQ_INT(file_mode(path), 0600);
		snprintf(side, sizeof side, "%s-wal", path);
		CHECK_EQ_INT(file_mode(side), 0600);
		snprintf(side, sizeof side, "%s-shm", path);
		CHECK_EQ_INT(file_mode(side), 0600);
		tg_store_close(s);
	}
	chmod(path, 0644);
	s = tg_store_open(path, SCHEMA, &err);
	CHECKF(s != NULL, "reopen: %s", err.message);
	CHECK_EQ_INT(file_mode(path), 0600);
	tg_store_close(s);
	umask(old);
	const char *ext[] = {"", "-wal", "-shm", "-journal"};
	for (int i = 0; i < 4; i++) {
		snprintf(side, sizeof side, "%s%s", path, ext[i]);
		unlink(side);
	}
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/tg_store_XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);

	struct tg_store *s = open_store();
	if (s) {
		test_users(s);
		test_sessions(s);
		test_match_create(s);
		test_seats(s);
		test_lists_and_status(s);
		test_actions_and_snapshots(s);
		test_updated_follows_log(s);
		test_action_texts(s);
		test_chat(s);
		test_transactions(s);
		tg_store_close(s);
		test_reopen();
		test_close_in_transaction();
		test_private_files();
	}
	remove_db();
	return tap_done();
}
