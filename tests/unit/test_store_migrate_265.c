/* test_store_migrate_265.c — schema/265_actions_touch.sql: a database made
 * by the migrations before it, whose actions_touch trigger kept a match's
 * "updated" at its log's latest time, opens with 265 applied: the trigger is
 * gone (an action written past the store no longer moves the row), the time
 * the trigger wrote is kept, and an action appended by the store moves it
 * as the trigger did (max of the row's time and the action's). */
#include "migrate_testkit.h"

static int64_t updated_of(struct tg_store *s, int64_t match)
{
	struct tg_error err = {0};
	json_t *row = tg_store_match_get(s, match, &err);
	CHECKF(row != NULL, "%s", err.message);
	int64_t t = row ? json_integer_value(json_object_get(row, "updated")) : -1;
	json_decref(row);
	return t;
}

int main(void)
{
	struct tg_error err = {0};
	if (!migrate_dirs("265"))
		return 1;

	/* A database as the builds before 265 left it: a match at time 2 whose
	 * two actions (times 40 and 30) the trigger followed to 40. */
	apply_old(265);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND "
	                       "name = 'actions_touch'"),
	             1);
	CHECK_EQ_INT(old_match("active", ", rules_version", ", 1"), SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 1, 'alpha', '{\"type\":\"pass\"}', 40),"
	                  " (5, 2, 'beta', '{\"type\":\"pass\"}', 30);"),
	             SQLITE_OK);
	CHECK_EQ_INT(query_int("SELECT updated FROM matches WHERE id = 5"), 40);

	/* The next open applies 265: the trigger is dropped, the time kept. */
	copy_schema(0);
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 265"), 1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND "
	                       "name = 'actions_touch'"),
	             0);
	CHECK_EQ_INT(query_int("SELECT updated FROM matches WHERE id = 5"), 40);
	/* A row written past the store no longer touches the match. */
	CHECK_EQ_INT(exec("INSERT INTO actions (match_id, seq, role, action, time) VALUES"
	                  " (5, 3, 'alpha', '{\"type\":\"pass\"}', 70)"),
	             SQLITE_OK);
	CHECK_EQ_INT(query_int("SELECT updated FROM matches WHERE id = 5"), 40);

	/* The store's append does, never back. */
	struct tg_store *s = tg_store_open(db_path, schema, &err);
	CHECKF(s != NULL, "%s", err.message);
	if (!s)
		return tap_done();
	json_t *a = json_pack("{s:s}", "type", "pass");
	CHECKF(tg_store_action_append(s, 5, 4, "beta", a, false, 35, &err) == 0, "%s", err.message);
	CHECK_EQ_INT(updated_of(s, 5), 40);
	CHECKF(tg_store_action_append(s, 5, 5, "alpha", a, false, 90, &err) == 0, "%s",
	       err.message);
	CHECK_EQ_INT(updated_of(s, 5), 90);
	json_decref(a);
	tg_store_close(s);
	/* Reopening applies nothing again. */
	CHECK(opens());

	migrate_cleanup();
	return tap_done();
}
