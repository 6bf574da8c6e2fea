/* test_store_tx_sql.c — a turn's transaction parses no SQL (issue 17).
 *
 * Every loop turn that accepted an action opens one transaction and commits
 * it (the group commit). tg_store_begin and tg_store_commit ran their text
 * through sqlite3_exec, which parses it again each time: in the daemon's
 * profile under play, parsing "BEGIN IMMEDIATE" and "COMMIT" was about 1.2 %
 * of its CPU. They now step statements prepared when the store opens, as
 * every other statement of the store does.
 *
 * sqlite3_exec is wrapped at link time (-Wl,--wrap), which redirects the
 * calls of the statically linked store: a run of begin, action, commit
 * (and an empty begin, commit) must make none. Nor may it clear a
 * statement's bindings (sqlite3_clear_bindings, wrapped too): every
 * parameter of those statements is bound before each step, and the clear
 * cost about 0.2 K instructions a statement (issue 17, session 26). The writes must still be
 * transactions: a rollback drops what was appended since the begin, and
 * a commit keeps it across a reopen. */
#include <jansson.h>
#include <sqlite3.h>

#include "store_testkit.h"

int __real_sqlite3_exec(sqlite3 *db, const char *sql, int (*cb)(void *, int, char **, char **),
                        void *arg, char **errmsg);
int __wrap_sqlite3_exec(sqlite3 *db, const char *sql, int (*cb)(void *, int, char **, char **),
                        void *arg, char **errmsg);

static struct sql_shim execs, clears;

int __real_sqlite3_clear_bindings(sqlite3_stmt *st);
int __wrap_sqlite3_clear_bindings(sqlite3_stmt *st);

int __wrap_sqlite3_clear_bindings(sqlite3_stmt *st)
{
	shim_note(&clears, sqlite3_sql(st));
	return __real_sqlite3_clear_bindings(st);
}

int __wrap_sqlite3_exec(sqlite3 *db, const char *sql, int (*cb)(void *, int, char **, char **),
                        void *arg, char **errmsg)
{
	shim_note(&execs, sql);
	return __real_sqlite3_exec(db, sql, cb, arg, errmsg);
}

#define TURNS 20

static size_t logged(struct tg_store *s, int64_t match)
{
	json_t *list = tg_store_action_list(s, match, 0, &err);
	size_t n = json_array_size(list);
	json_decref(list);
	return n;
}

int main(void)
{
	if (!store_dir("tx-sql"))
		return 1;
	struct tg_store *s = open_store();
	if (!s)
		return tap_done();
	int64_t user = 0, match = 0;
	CHECK_OK(tg_store_user_create(s, "writer", "h", 1, &user, &err));
	match = fixture_match(s, user);
	json_t *a = json_pack("{s:s}", "type", "pass");

	execs.calls = 0;
	clears.calls = 0;
	for (int seq = 1; seq <= TURNS; seq++) {
		CHECK_OK(tg_store_begin(s, &err));
		CHECK_OK(tg_store_action_append(s, match, seq, "alpha", a, false, seq, &err));
		CHECK_OK(tg_store_commit(s, &err));
	}
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(tg_store_commit(s, &err));
	CHECKF(execs.calls == 0, "%d turns made %d sqlite3_exec calls (the last: %s)", TURNS + 1,
	       execs.calls, execs.last);
	CHECKF(clears.calls == 0, "%d turns cleared bindings %d times (the last: %s)", TURNS + 1,
	       clears.calls, clears.last);

	/* Still transactions: a rolled back append is gone, a committed one
	 * stays, and the store takes a new transaction after either. */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(tg_store_action_append(s, match, TURNS + 1, "alpha", a, false, 1, &err));
	tg_store_rollback(s);
	CHECK_EQ_INT(logged(s, match), TURNS);
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(tg_store_action_append(s, match, TURNS + 1, "alpha", a, false, 1, &err));
	CHECK_OK(tg_store_commit(s, &err));
	/* A second begin inside a transaction is refused, as before. */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK(tg_store_begin(s, &err) != 0);
	CHECK_OK(tg_store_commit(s, &err));
	tg_store_close(s);

	s = open_store();
	if (s) {
		CHECK_EQ_INT(logged(s, match), TURNS + 1);
		tg_store_close(s);
	}
	json_decref(a);
	remove_store();
	return tap_done();
}
