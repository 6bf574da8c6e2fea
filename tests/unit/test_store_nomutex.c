/* test_store_nomutex.c — the store's connections are opened without a
 * mutex (SQLite's multi-thread mode, issue 17): a store is used by one
 * thread at a time, and the connection's mutex was taken and released by
 * every bind, step, reset and column read (about 13 lock pairs an action
 * on the daemon's loop, session 27's callgrind_loop.py).
 *
 * sqlite3_open_v2 is wrapped at link time (-Wl,--wrap) and records each
 * open's flags: the store's own connection and the checkpointer's both ask
 * for SQLITE_OPEN_NOMUTEX, and SQLite gives the store's connection no
 * mutex; the store still writes, checkpoints and reads back. */
#include <jansson.h>
#include <sqlite3.h>

#include "store_testkit.h"

int __real_sqlite3_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs);
int __wrap_sqlite3_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs);

static int opens, opens_nomutex, opens_full;
static sqlite3 *first;

int __wrap_sqlite3_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs)
{
	opens++;
	opens_nomutex += (flags & SQLITE_OPEN_NOMUTEX) != 0;
	opens_full += (flags & SQLITE_OPEN_FULLMUTEX) != 0;
	int rc = __real_sqlite3_open_v2(path, db, flags, vfs);
	if (opens == 1)
		first = *db;
	return rc;
}

int main(void)
{
	if (!store_dir("nomutex"))
		return 1;
	struct tg_store *s = open_store();
	if (!s)
		return tap_done();
	CHECK_EQ_INT(opens, 1);
	CHECK(first != NULL && sqlite3_db_mutex(first) == NULL);

	/* The checkpointer's connection, as the daemon starts it. */
	CHECK_OK(tg_store_defer_sync(s, &err));
	CHECK_OK(tg_store_checkpointer_start(s, &err));
	CHECK_EQ_INT(opens, 2);
	CHECKF(opens_nomutex == 2 && opens_full == 0,
	       "%d of %d opens without a mutex, %d with the full mutex", opens_nomutex, opens,
	       opens_full);

	int64_t user = 0;
	CHECK_OK(tg_store_user_create(s, "single", "h", 1, &user, &err));
	int64_t m = fixture_match(s, user);
	json_t *a = json_pack("{s:s}", "type", "pass");
	for (int turn = 0; turn < 50; turn++) {
		CHECK_OK(tg_store_begin(s, &err));
		for (int i = 1; i <= 4; i++)
			CHECK_OK(tg_store_action_append(s, m, turn * 4 + i, "alpha", a, false, 100,
			                                &err));
		CHECK_OK(tg_store_commit(s, &err));
		CHECK_OK(tg_store_sync(s, &err));
	}
	json_decref(a);
	json_t *log = tg_store_action_list(s, m, 0, &err);
	CHECKF(log != NULL && json_array_size(log) == 200, "%s", err.message);
	json_decref(log);

	tg_store_close(s);
	remove_store();
	return tap_done();
}
