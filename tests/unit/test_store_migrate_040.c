/* test_store_migrate_040.c — schema/040_tourney_formats.sql rebuilds the
 * four tournament tables (a CHECK cannot be altered in SQLite): a database
 * made by the migrations before it, holding a tournament with players,
 * games and a log, opens with 040 applied and keeps every row, admits the
 * new formats and columns, and its foreign keys still refer to the rebuilt
 * tables. The test writes and reads the file with SQLite directly. */
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
	snprintf(dir, sizeof dir, "/tmp/tg_migrate040_XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(schema, sizeof schema, "%s/schema", dir);
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);
	mkdir(schema, 0700);

	/* A database as the builds before 040 left it, with one event. */
	apply_old(40);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 40"), 0);
	CHECK_EQ_INT(
	    exec("INSERT INTO users (id, name, pw_hash, created) VALUES (1, 'meade', 'h', 0),"
	         " (2, 'grant', 'h', 0), (3, 'lee', 'h', 0);"
	         "INSERT INTO tournaments (id, name, game, scenario, format, rounds, max_players,"
	         " director, status, round, created, updated, paused, time_control) VALUES"
	         " (7, 'Old Swiss', 'fixture-duel', 'standard', 'swiss', 3, 8, 1, 'active', 1, 5,"
	         " 6, 1, '{\"kind\":\"per_move\",\"per_move\":60}');"
	         "INSERT INTO tourney_players (tourney_id, user_id, seq, withdrawn, registered)"
	         " VALUES (7, 2, 1, 0, 10), (7, 3, 2, 1, 11);"
	         "INSERT INTO tourney_games (tourney_id, round, board, side0, side1, result)"
	         " VALUES (7, 1, 1, 2, 3, '+-');"
	         "INSERT INTO tourney_log (id, tourney_id, user_id, text, time)"
	         " VALUES (3, 7, NULL, 'round 1 paired', 12);"),
	    SQLITE_OK);
	/* The old CHECK refuses the new format: the reason for the rebuild. */
	CHECK(exec("UPDATE tournaments SET format = 'single_elimination'") != SQLITE_OK);

	/* The next open applies 040 and keeps every row. */
	copy_schema(0);
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 40"), 1);
	CHECK_EQ_INT(
	    query_int("SELECT count(*) FROM tournaments WHERE id = 7 AND name = 'Old Swiss'"
	              " AND format = 'swiss' AND rounds = 3 AND max_players = 8 AND"
	              " director = 1 AND status = 'active' AND round = 1 AND created = 5"
	              " AND updated = 6 AND paused = 1 AND rated = 1 AND start_at IS NULL"
	              " AND time_control ->> 'per_move' = 60"),
	    1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM tourney_players WHERE tourney_id = 7 AND"
	                       " seed IS NULL AND ((user_id = 2 AND seq = 1 AND withdrawn = 0 AND"
	                       " registered = 10) OR (user_id = 3 AND seq = 2 AND withdrawn = 1))"),
	             2);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM tourney_games WHERE tourney_id = 7 AND"
	                       " round = 1 AND board = 1 AND side0 = 2 AND side1 = 3 AND"
	                       " result = '+-' AND match_id IS NULL"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM tourney_log WHERE id = 3 AND tourney_id = 7"
	                       " AND text = 'round 1 paired'"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE name LIKE '%_old'"), 0);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN"
	                       " ('tournaments_status', 'tourney_players_user',"
	                       " 'tourney_log_tourney', 'tournaments_start_at')"),
	             4);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM pragma_foreign_key_check"), 0);

	/* The new formats and columns are admitted; an unknown format is not. */
	CHECK_EQ_INT(exec("UPDATE tournaments SET format = 'single_elimination', start_at = 99;"
	                  "UPDATE tourney_players SET seed = user_id - 1"),
	             SQLITE_OK);
	CHECK_EQ_INT(exec("UPDATE tournaments SET format = 'pools'"), SQLITE_OK);
	CHECK(exec("UPDATE tournaments SET format = 'knockout'") != SQLITE_OK);
	CHECK(exec("UPDATE tourney_players SET seed = 0") != SQLITE_OK);
	/* The children refer to the rebuilt tournaments, not to a dropped table. */
	CHECK(exec("INSERT INTO tourney_players (tourney_id, user_id, seq, registered)"
	           " VALUES (8, 1, 1, 0)") != SQLITE_OK);
	CHECK(exec("INSERT INTO tourney_log (tourney_id, text, time) VALUES (8, 'x', 0)") !=
	      SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO tourney_log (tourney_id, text, time) VALUES (7, 'x', 0)"),
	             SQLITE_OK);
	CHECK(exec("DELETE FROM tournaments WHERE id = 7") != SQLITE_OK);
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
