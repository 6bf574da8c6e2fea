/* test_store_migrate_271.c — schema/271_actions_text.sql: a database made
 * by the migrations before it, whose actions table checked every action's
 * text with json_valid(), opens with 271 applied: every action is kept as
 * it was, the text is no longer checked (neither on a new connection nor
 * on the store's own, the one that ran the migration), and the table's
 * other rules stay (seq >= 1, barrier and undone 0 or 1, the match's
 * foreign key, the primary key).
 *
 * The check is done where the text is built instead: random trees
 * (json_random.h) appended as actions through the store, whose writer is
 * tg_json_compact_append, are all JSON to SQLite's own json_valid(). */
#include "json_random.h"
#include "migrate_testkit.h"
#include "store/store_internal.h"

/* json_valid() on the store's connection, counted: the store's INSERT of an
 * action must no longer call it. */
static long valid_calls;

static void counted_json_valid(sqlite3_context *c, int n, sqlite3_value **v)
{
	(void)n;
	(void)v;
	valid_calls++;
	sqlite3_result_int(c, 1);
}

int main(void)
{
	if (!migrate_dirs("271"))
		return 1;

	/* A database as the builds before 271 left it: match 5 with two
	 * actions; an action that is not JSON refused. */
	apply_old(271);
	CHECK_EQ_INT(old_match("active", ", rules_version", ", 1"), SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 1, 'north', '{\"t\":\"pass\"}', 3),"
	                  " (5, 2, 'south', '{\"t\":\"move\",\"to\":[1,2]}', 4);"),
	             SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 3, 'north', '{\"t\":', 5)"),
	             SQLITE_CONSTRAINT);
	long long version = query_int("PRAGMA schema_version");

	/* The next open applies 271; the store's own connection, which ran
	 * it, no longer checks the text. */
	copy_schema(0);
	struct tg_error err = {0};
	struct tg_store *s = tg_store_open(db_path, schema, &err);
	CHECKF(s != NULL, "%s", err.message);
	if (!s)
		return tap_done();
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 271"), 1);
	CHECK(query_int("PRAGMA schema_version") > version);
	CHECK_EQ_INT(sqlite3_create_function(s->db, "json_valid", 1,
	                                     SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
	                                     counted_json_valid, NULL, NULL),
	             SQLITE_OK);
	json_t *a = json_pack("{s:s}", "t", "pass");
	CHECK_EQ_INT(tg_store_action_append(s, 5, 3, "north", a, false, 6, &err), 0);
	json_decref(a);
	CHECK_EQ_INT(valid_calls, 0);

	/* Where the text is built: random trees appended through the store
	 * are JSON to SQLite (its own json_valid, on another connection). */
	json_random_seed(271);
	CHECK_EQ_INT(tg_store_begin(s, &err), 0);
	long appended = 0;
	for (int i = 0; i < 300; i++) {
		json_t *act = json_pack("{s:s,s:o}", "t", "tree", "v", json_random_value(0));
		appended += tg_store_action_append(s, 5, 4 + i, "south", act, false, 7, &err) == 0;
		json_decref(act);
	}
	CHECK_EQ_INT(tg_store_commit(s, &err), 0);
	CHECK_EQ_INT(appended, 300);
	CHECK_EQ_INT(valid_calls, 0);
	tg_store_close(s);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM actions WHERE match_id = 5 AND seq >= 4 "
	                       "AND json_valid(action)"),
	             300);

	/* The old actions kept, byte for byte; the table whole. */
	CHECK_EQ_INT(query_int("SELECT count(*) FROM actions WHERE match_id = 5 AND seq = 2 AND "
	                       "action = '{\"t\":\"move\",\"to\":[1,2]}' AND role = 'south' "
	                       "AND time = 4"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM pragma_integrity_check WHERE "
	                       "integrity_check = 'ok'"),
	             1);
	CHECK_EQ_INT(
	    query_int("SELECT count(*) FROM sqlite_master WHERE name = 'tg_schema_version_bump'"),
	    0);

	/* The text is not checked on a new connection; the rest of the
	 * table's rules are. */
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 400, 'north', '{\"t\":', 8)"),
	             SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 0, 'north', '{}', 8)"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, barrier, time) "
	                  "VALUES (5, 401, 'north', '{}', 2, 8)"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, undone, time) "
	                  "VALUES (5, 401, 'north', '{}', 2, 8)"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (99, 1, 'north', '{}', 8)"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 2, 'north', '{}', 8)"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 401, 'north', NULL, 8)"),
	             SQLITE_CONSTRAINT);
	/* Reopening applies nothing again. */
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM actions"), 304);

	migrate_cleanup();
	return tap_done();
}
