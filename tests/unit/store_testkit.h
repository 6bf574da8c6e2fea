/* store_testkit.h — what a unit test of the store on a file of its own
 * needs: a new temp folder and its database path (store_dir: dir,
 * db_path), the error each call fills (err) and its check (CHECK_OK), the
 * store opened on the build's migrations (open_store), a fixture match of
 * a user's (fixture_match), the database with
 * its -wal and -shm and the folder removed (remove_store), and the count a
 * link-time shim of an SQLite call keeps (struct sql_shim, shim_note: the
 * calls and the last SQL text, for a test that proves a path parses no
 * SQL). test_store_ckpt, test_store_outbox_prune, test_store_tx_sql and
 * test_store_outbox_sql had copied them (and test_store_tx_sql,
 * test_store_action_touch and test_store_exclusive the fixture match). Included by one test file
 * each (its statics are that file's); static inline, so that a test need not use them all. */
#ifndef TG_TEST_STORE_TESTKIT_H
#define TG_TEST_STORE_TESTKIT_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "store/store.h"
#include "tap.h"

static char dir[64], db_path[128];
static struct tg_error err;

#define CHECK_OK(expr) CHECKF((expr) == 0, "%s: %s: %s", #expr, err.code, err.message)

/* A new folder /tmp/tg-<tag>-XXXXXX and db_path, its telegraph.db; false
 * if the folder could not be made. */
static inline bool store_dir(const char *tag)
{
	snprintf(dir, sizeof dir, "/tmp/tg-%.32s-XXXXXX", tag);
	if (!mkdtemp(dir))
		return false;
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);
	return true;
}

/* The store on db_path, every migration of the build's schema/ applied;
 * NULL, and a failed check, if it does not open. */
static inline struct tg_store *open_store(void)
{
	struct tg_store *s = tg_store_open(db_path, TG_SOURCE_DIR "/schema", &err);
	CHECKF(s != NULL, "open: %s: %s", err.code, err.message);
	return s;
}

/* A new public match of the fixture game's short scenario created by
 * creator (its id; 0, and a failed check, if not). */
static inline int64_t fixture_match(struct tg_store *s, int64_t creator)
{
	int64_t match = 0;
	json_t *m =
	    json_pack("{s:s, s:s, s:s, s:I, s:s, s:s, s:I, s:i}", "game", "fixture", "scenario",
	              "short", "visibility", "public", "creator", (json_int_t)creator, "secret",
	              "aa", "commitment", "bb", "created", (json_int_t)1, "rules_version", 1);
	CHECK_OK(tg_store_match_create(s, m, &match, &err));
	json_decref(m);
	return match;
}

/* The database, its WAL and shared memory, then the folder (the store
 * closed first). */
static inline void remove_store(void)
{
	static const char *const ext[] = {"", "-wal", "-shm"};
	char path[160];
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s%s", db_path, ext[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* What a wrapped SQLite call (-Wl,--wrap=NAME in tests/unit/CMakeLists)
 * counts: each call, and the text of the last, for the failure's message. */
struct sql_shim {
	int calls;
	char last[80];
};

static inline void shim_note(struct sql_shim *shim, const char *sql)
{
	shim->calls++;
	snprintf(shim->last, sizeof shim->last, "%s", sql ? sql : "");
}

#endif
