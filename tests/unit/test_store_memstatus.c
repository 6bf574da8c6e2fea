/* test_store_memstatus.c — the store turns SQLite's memory statistics off
 * (issue 17): with them on, each of SQLite's allocations and frees took a
 * process-wide mutex to count its bytes, about 17 lock pairs an action on
 * the daemon's loop (callgrind_loop.py, session 27). Nothing reads them.
 *
 * In a process whose first SQLite call is a store's open (the daemon's),
 * SQLite counts no memory after the store has opened, written a match and
 * its actions and read them back; the store still works. */
#include <jansson.h>
#include <sqlite3.h>

#include "store_testkit.h"

int main(void)
{
	if (!store_dir("memstatus"))
		return 1;
	struct tg_store *s = open_store();
	if (!s)
		return tap_done();
	int64_t user = 0;
	CHECK_OK(tg_store_user_create(s, "counter", "h", 1, &user, &err));
	int64_t m = fixture_match(s, user);
	json_t *a = json_pack("{s:s}", "type", "pass");
	CHECK_OK(tg_store_begin(s, &err));
	for (int i = 1; i <= 20; i++)
		CHECK_OK(tg_store_action_append(s, m, i, "alpha", a, false, 100 + i, &err));
	CHECK_OK(tg_store_commit(s, &err));
	json_decref(a);
	json_t *log = tg_store_action_list(s, m, 0, &err);
	CHECKF(log != NULL && json_array_size(log) == 20, "%s", err.message);
	json_decref(log);

	sqlite3_int64 cur = -1, high = -1;
	CHECK_EQ_INT(sqlite3_status64(SQLITE_STATUS_MALLOC_COUNT, &cur, &high, 0), SQLITE_OK);
	CHECKF(cur == 0 && high == 0, "SQLite counted %lld allocations (at most %lld)",
	       (long long)cur, (long long)high);
	CHECKF(sqlite3_memory_used() == 0, "SQLite counted %lld bytes in use",
	       (long long)sqlite3_memory_used());

	tg_store_close(s);
	remove_store();
	return tap_done();
}
