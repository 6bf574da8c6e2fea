/* test_store_action_touch.c — an action's append moves its match's
 * "updated" with an UPDATE only when the store does not already know the
 * row holds that time or later (issue 17).
 *
 * tg_store_action_append ran "UPDATE matches SET updated = ?2 WHERE id = ?1
 * AND updated < ?2" after every INSERT (265_actions_touch.sql): at several
 * actions a second in one match it changed nothing, and its step was about
 * 3.2 K of the loop's instructions an action. The store now remembers the
 * time it last wrote or found for a match and skips the statement for an
 * action no later; a rollback forgets what it remembered, since the row
 * goes back with it.
 *
 * sqlite3_step is wrapped at link time (-Wl,--wrap) and counts the steps of
 * that UPDATE. The value stays what the UPDATE gave: the latest time of the
 * log, never back, after a rolled back transaction and between matches
 * whose remembered times share a slot. */
#include <jansson.h>
#include <sqlite3.h>
#include <string.h>

#include "store_testkit.h"

int __real_sqlite3_step(sqlite3_stmt *st);
int __wrap_sqlite3_step(sqlite3_stmt *st);

static struct sql_shim touches;

int __wrap_sqlite3_step(sqlite3_stmt *st)
{
	const char *sql = sqlite3_sql(st);
	if (sql && strncmp(sql, "UPDATE matches SET updated", 26) == 0)
		shim_note(&touches, sql);
	return __real_sqlite3_step(st);
}

static int64_t updated_of(struct tg_store *s, int64_t match)
{
	json_t *row = tg_store_match_get(s, match, &err);
	CHECKF(row != NULL, "%s", err.message);
	int64_t t = row ? json_integer_value(json_object_get(row, "updated")) : -1;
	json_decref(row);
	return t;
}

#define ACTS 20

int main(void)
{
	if (!store_dir("touch"))
		return 1;
	struct tg_store *s = open_store();
	if (!s)
		return tap_done();
	int64_t user = 0;
	CHECK_OK(tg_store_user_create(s, "writer", "h", 1, &user, &err));
	int64_t m1 = fixture_match(s, user), m2 = fixture_match(s, user);
	json_t *a = json_pack("{s:s}", "type", "pass");
	int64_t seq1 = 0, seq2 = 0;

	/* Many actions in one second, one turn each: one UPDATE, the first. */
	touches.calls = 0;
	for (int i = 0; i < ACTS; i++) {
		CHECK_OK(tg_store_begin(s, &err));
		CHECK_OK(tg_store_action_append(s, m1, ++seq1, "alpha", a, false, 100, &err));
		CHECK_OK(tg_store_commit(s, &err));
	}
	CHECKF(touches.calls == 1, "%d appends at one time stepped the UPDATE %d times", ACTS,
	       touches.calls);
	CHECK_EQ_INT(updated_of(s, m1), 100);

	/* A later time moves the row, an earlier one does not, and neither
	 * does one no later than the latest (an UPDATE each time it could
	 * move it, at most). */
	touches.calls = 0;
	CHECK_OK(tg_store_action_append(s, m1, ++seq1, "alpha", a, false, 101, &err));
	CHECK_OK(tg_store_action_append(s, m1, ++seq1, "alpha", a, false, 90, &err));
	CHECK_OK(tg_store_action_append(s, m1, ++seq1, "alpha", a, false, 101, &err));
	CHECK_EQ_INT(updated_of(s, m1), 101);
	CHECKF(touches.calls == 1, "stepped %d times", touches.calls);

	/* Interleaved matches are remembered apart. */
	touches.calls = 0;
	for (int i = 0; i < ACTS; i++) {
		CHECK_OK(tg_store_action_append(s, m1, ++seq1, "alpha", a, false, 102, &err));
		CHECK_OK(tg_store_action_append(s, m2, ++seq2, "alpha", a, false, 102, &err));
	}
	CHECKF(touches.calls == 2, "two matches' %d appends stepped the UPDATE %d times", 2 * ACTS,
	       touches.calls);
	CHECK_EQ_INT(updated_of(s, m1), 102);
	CHECK_EQ_INT(updated_of(s, m2), 102);

	/* A rolled back transaction takes the row's time back with it: the
	 * same time appended again must write it. */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(tg_store_action_append(s, m1, seq1 + 1, "alpha", a, false, 200, &err));
	tg_store_rollback(s);
	CHECK_EQ_INT(updated_of(s, m1), 102);
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(tg_store_action_append(s, m1, ++seq1, "alpha", a, false, 200, &err));
	CHECK_OK(tg_store_commit(s, &err));
	CHECK_EQ_INT(updated_of(s, m1), 200);

	/* Many matches, more than the slots the store keeps: each row still
	 * follows its own log. */
	enum { MANY = 1100 };
	static int64_t many[MANY];
	CHECK_OK(tg_store_begin(s, &err));
	for (int i = 0; i < MANY; i++)
		many[i] = fixture_match(s, user);
	for (int i = 0; i < MANY; i++)
		CHECK_OK(
		    tg_store_action_append(s, many[i], 1, "alpha", a, false, 400 + i % 7, &err));
	for (int i = MANY - 1; i >= 0; i--)
		CHECK_OK(
		    tg_store_action_append(s, many[i], 2, "alpha", a, false, 400 + i % 5, &err));
	CHECK_OK(tg_store_commit(s, &err));
	int wrong = 0;
	for (int i = 0; i < MANY; i++) {
		int64_t want = 400 + (i % 7 > i % 5 ? i % 7 : i % 5);
		wrong += updated_of(s, many[i]) != want;
	}
	CHECKF(wrong == 0, "%d of %d matches' updated not their log's latest", wrong, MANY);

	tg_store_close(s);
	json_decref(a);
	remove_store();
	return tap_done();
}
