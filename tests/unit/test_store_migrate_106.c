/* test_store_migrate_106.c — schema/106_rules_version.sql: a database made
 * by the migrations before it, holding a match, opens with 106 applied; the
 * old match reads rules version 1 from its setup (rules_since 0), a new one
 * records the version it is created under, and a match resumed under a newer
 * version records it and the action it applies after (game.h, "Rules
 * versions"). */
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
static void copy_schema(int below)
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

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The migrations numbered below `below`, applied as migrate.c applies them
 * (the store itself cannot open such a database: its statements need the
 * current schema). */
static void apply_old(int below)
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

static bool opens(void)
{
	struct tg_error err = {0};
	struct tg_store *s = tg_store_open(db_path, schema, &err);
	CHECKF(s != NULL, "%s", err.message);
	tg_store_close(s);
	return s != NULL;
}

/* Runs sql on the file with foreign keys on; returns SQLite's code. */
static int exec(const char *sql)
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

static long long query_int(const char *sql)
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

int main(void)
{
	struct tg_error err = {0};
	snprintf(dir, sizeof dir, "/tmp/tg_migrate106_XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(schema, sizeof schema, "%s/schema", dir);
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);
	mkdir(schema, 0700);

	/* A database as the builds before 106 left it, with a finished match. */
	apply_old(106);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 106"), 0);
	CHECK_EQ_INT(
	    exec("INSERT INTO users (id, name, pw_hash, created) VALUES (1, 'meade', 'h', 0);"
	         "INSERT INTO matches (id, game, scenario, visibility, creator, status, secret,"
	         " commitment, seed, created, updated) VALUES (5, 'fixture-duel', 'standard',"
	         " 'public', 1, 'finished', 'aa', 'bb', 'cc', 1, 2);"),
	    SQLITE_OK);

	/* The next open applies 106: the old match reads rules version 1, played
	 * under it from its setup (rules_since 0). */
	copy_schema(0);
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 106"), 1);
	struct tg_store *s = tg_store_open(db_path, schema, &err);
	CHECKF(s != NULL, "%s", err.message);
	if (!s)
		return tap_done();
	json_t *row = tg_store_match_get(s, 5, &err);
	CHECKF(row != NULL, "%s", err.message);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_version")), 1);
	CHECK(json_is_integer(json_object_get(row, "rules_since")) &&
	      json_integer_value(json_object_get(row, "rules_since")) == 0);
	json_decref(row);

	/* A new match records the version it is created under; one without a
	 * version, or with version 0, is refused. */
	json_t *spec =
	    json_pack("{s:s,s:s,s:s,s:I,s:s,s:s,s:I,s:i}", "game", "fixture-duel", "scenario",
	              "standard", "visibility", "public", "creator", (json_int_t)1, "secret", "dd",
	              "commitment", "ee", "created", (json_int_t)3, "rules_version", 3);
	int64_t id = 0;
	CHECKF(tg_store_match_create(s, spec, &id, &err) == 0, "%s", err.message);
	row = tg_store_match_get(s, id, &err);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_version")), 3);
	json_decref(row);
	json_object_set_new(spec, "rules_version", json_integer(0));
	CHECK(tg_store_match_create(s, spec, &id, &err) != 0);
	json_object_del(spec, "rules_version");
	CHECK(tg_store_match_create(s, spec, &id, &err) != 0);
	json_decref(spec);

	/* A match resumed under version 2 from its state at action 40. */
	CHECKF(tg_store_match_set_rules(s, 5, 2, 40, &err) == 0, "%s", err.message);
	row = tg_store_match_get(s, 5, &err);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_version")), 2);
	CHECK_EQ_INT(json_integer_value(json_object_get(row, "rules_since")), 40);
	json_decref(row);
	CHECK(tg_store_match_set_rules(s, 5, 0, 0, &err) != 0);
	CHECK(tg_store_match_set_rules(s, 99, 2, 0, &err) != 0 &&
	      strcmp(err.code, "no_such_match") == 0);
	tg_store_close(s);
	/* Reopening applies nothing again. */
	CHECK(opens());

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
	return tap_done();
}
