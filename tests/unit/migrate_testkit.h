/* migrate_testkit.h — what a test of one schema migration needs: a temp
 * folder with a schema/ copy and a database path (dir, schema, db_path),
 * the build's migrations copied or applied below a number as migrate.c
 * applies them, the store opened on the result, SQL run on the file
 * directly (exec, query_int), an old database's first user and match, and
 * the clean-up. Included by one test file each (its statics
 * are that file's); static inline, so that a test need not use them all. */
#ifndef TG_TEST_MIGRATE_TESTKIT_H
#define TG_TEST_MIGRATE_TESTKIT_H

#include "store/store.h"
#include "tap.h"

#include <ctype.h>
#include <dirent.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64], schema[128], db_path[128];
static char copied[64][64];
static int ncopied;

/* Copies the build's migrations numbered below `below` (all if 0). */
static inline void copy_schema(int below)
{
	DIR *d = opendir(TG_SOURCE_DIR "/schema");
	CHECK(d != NULL);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 8 || len >= sizeof copied[0] || !isdigit((unsigned char)e->d_name[0]) ||
		    strcmp(e->d_name + len - 4, ".sql") != 0 || ncopied == 64)
			continue;
		if (below && atoi(e->d_name) >= below)
			continue;
		char src[600], dst[600];
		snprintf(src, sizeof src, "%s/%s", TG_SOURCE_DIR "/schema", e->d_name);
		snprintf(dst, sizeof dst, "%s/%s", schema, e->d_name);
		FILE *in = fopen(src, "r"), *out = fopen(dst, "w");
		CHECK(in && out);
		static char text[1 << 16];
		size_t n = in ? fread(text, 1, sizeof text, in) : 0;
		if (out)
			fwrite(text, 1, n, out);
		if (in)
			fclose(in);
		if (out)
			fclose(out);
		snprintf(copied[ncopied++], sizeof copied[0], "%.63s", e->d_name);
	}
	if (d)
		closedir(d);
}

static inline int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The migrations numbered below `below`, applied as migrate.c applies them
 * (the store itself cannot open such a database: its statements need the
 * current schema). */
static inline void apply_old(int below)
{
	static char names[64][64];
	int n = 0;
	DIR *d = opendir(TG_SOURCE_DIR "/schema");
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL && n < 64) {
		size_t len = strlen(e->d_name);
		if (len >= 8 && len < 64 && isdigit((unsigned char)e->d_name[0]) &&
		    strcmp(e->d_name + len - 4, ".sql") == 0 && atoi(e->d_name) < below)
			snprintf(names[n++], sizeof names[0], "%.63s", e->d_name);
	}
	if (d)
		closedir(d);
	qsort(names, (size_t)n, sizeof names[0], by_name);
	sqlite3 *db;
	CHECK(sqlite3_open(db_path, &db) == SQLITE_OK);
	CHECK(sqlite3_exec(db,
	                   "PRAGMA foreign_keys=ON; CREATE TABLE schema_migrations (version "
	                   "INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL) "
	                   "STRICT",
	                   NULL, NULL, NULL) == SQLITE_OK);
	for (int i = 0; i < n; i++) {
		char p[600];
		snprintf(p, sizeof p, "%s/%.63s", TG_SOURCE_DIR "/schema", names[i]);
		FILE *in = fopen(p, "r");
		static char text[1 << 16];
		size_t len = in ? fread(text, 1, sizeof text - 1, in) : 0;
		if (in)
			fclose(in);
		text[len] = '\0';
		char *record = sqlite3_mprintf("INSERT INTO schema_migrations VALUES (%d, %Q, 0)",
		                               atoi(names[i]), names[i]);
		int rc = sqlite3_exec(db, "BEGIN IMMEDIATE; PRAGMA defer_foreign_keys=ON", NULL,
		                      NULL, NULL);
		if (rc == SQLITE_OK)
			rc = sqlite3_exec(db, text, NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			rc = sqlite3_exec(db, record, NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
		CHECKF(rc == SQLITE_OK, "%s: %s", names[i], sqlite3_errmsg(db));
		sqlite3_free(record);
	}
	sqlite3_close(db);
}

/* Whether the store opens db_path with the migrations of schema_dir (NULL:
 * the build's own), closing it again; err says why not. */
static inline bool opens_in(const char *schema_dir, struct tg_error *err)
{
	memset(err, 0, sizeof *err);
	struct tg_store *s = tg_store_open(db_path, schema_dir, err);
	tg_store_close(s);
	return s != NULL;
}

/* The same with the test's schema/ copy, a failure checked and said. */
static inline bool opens(void)
{
	struct tg_error err;
	bool ok = opens_in(schema, &err);
	CHECKF(ok, "%s", err.message);
	return ok;
}

/* Runs sql on the file with foreign keys on; returns SQLite's code. */
static inline int exec(const char *sql)
{
	sqlite3 *db;
	int rc = sqlite3_open(db_path, &db);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "PRAGMA foreign_keys=ON", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc;
}

static inline long long query_int(const char *sql)
{
	sqlite3 *db;
	long long v = -1;
	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
		sqlite3_stmt *st;
		if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
			if (sqlite3_step(st) == SQLITE_ROW)
				v = sqlite3_column_int64(st, 0);
			sqlite3_finalize(st);
		}
	}
	sqlite3_close(db);
	return v;
}

/* dir, schema/ and db_path under a new /tmp/tg_migrate<tag>_XXXXXX; false
 * (and said) when the folder cannot be made. */
static inline bool migrate_dirs(const char *tag)
{
	snprintf(dir, sizeof dir, "/tmp/tg_migrate%.8s_XXXXXX", tag);
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return false;
	}
	snprintf(schema, sizeof schema, "%s/schema", dir);
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);
	mkdir(schema, 0700);
	return true;
}

/* The old database's first rows, as the migration tests write them: user
 * 1, meade, and his match 5 of the fixture duel (created at 1, updated at
 * 2) in `status`, with more columns (cols, then their vals: ", rules_version"
 * and ", 1") where the old schema has them. SQLite's code. */
static inline int old_match(const char *status, const char *cols, const char *vals)
{
	char *sql = sqlite3_mprintf(
	    "INSERT INTO users (id, name, pw_hash, created) VALUES (1, 'meade', 'h', 0);"
	    "INSERT INTO matches (id, game, scenario, visibility, creator, status, secret,"
	    " commitment, seed, created, updated%s) VALUES (5, 'fixture-duel', 'standard',"
	    " 'public', 1, %Q, 'aa', 'bb', 'cc', 1, 2%s);",
	    cols, status, vals);
	int rc = sql ? exec(sql) : SQLITE_NOMEM;
	sqlite3_free(sql);
	return rc;
}

/* Removes the database (and its WAL), the schema/ copy and the folder. */
static inline void migrate_cleanup(void)
{
	const char *suffix[] = {"", "-wal", "-shm"};
	for (int i = 0; i < 3; i++) {
		char p[200];
		snprintf(p, sizeof p, "%s/telegraph.db%s", dir, suffix[i]);
		unlink(p);
	}
	for (int i = 0; i < ncopied; i++) {
		char p[600];
		snprintf(p, sizeof p, "%.127s/%.63s", schema, copied[i]);
		unlink(p);
	}
	rmdir(schema);
	rmdir(dir);
}

#endif
