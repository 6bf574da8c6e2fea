/* migrate.c — applies the numbered SQL migrations of schema/ (NNN_name.sql)
 * that the database has not recorded yet, in order, each in its own
 * transaction, and records each in schema_migrations. */
#include "store_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MIGRATIONS_MAX 1000
#define MIGRATION_FILE_MAX (4 * 1024 * 1024)

struct migration {
	long version;
	char name[256];
};

/* "042_add_clock.sql" -> 42; -1 for any other file name. */
static long migration_version(const char *name)
{
	size_t digits = strspn(name, "0123456789");
	size_t len = strlen(name);
	if (digits == 0 || digits > 6 || name[digits] != '_' || len < digits + 5 ||
	    strcmp(name + len - 4, ".sql") != 0 || len >= sizeof((struct migration){0}.name))
		return -1;
	return strtol(name, NULL, 10);
}

static int by_version(const void *a, const void *b)
{
	long va = ((const struct migration *)a)->version,
	     vb = ((const struct migration *)b)->version;
	return (va > vb) - (va < vb);
}

/* The migration files of dir, sorted; their count, or -1. */
static int list_migrations(const char *dir, struct migration *out, struct tg_error *err)
{
	DIR *d = opendir(dir);
	if (!d)
		return tg_fail(err, TG_STORE_E_STORAGE, "cannot read schema folder %s: %s", dir,
		               strerror(errno));
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		long v = migration_version(e->d_name);
		if (v < 0)
			continue;
		if (n == MIGRATIONS_MAX) {
			closedir(d);
			return tg_fail(err, TG_STORE_E_STORAGE, "more than %d migrations in %s",
			               MIGRATIONS_MAX, dir);
		}
		out[n].version = v;
		snprintf(out[n].name, sizeof out[n].name, "%s", e->d_name);
		n++;
	}
	closedir(d);
	qsort(out, (size_t)n, sizeof *out, by_version);
	for (int i = 1; i < n; i++)
		if (out[i].version == out[i - 1].version)
			return tg_fail(err, TG_STORE_E_STORAGE,
			               "migrations %s and %s share number %ld", out[i - 1].name,
			               out[i].name, out[i].version);
	return n;
}

static char *read_file(const char *path, struct tg_error *err)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		tg_fail(err, TG_STORE_E_STORAGE, "cannot open migration %s: %s", path,
		        strerror(errno));
		return NULL;
	}
	char *buf = malloc(MIGRATION_FILE_MAX + 1);
	size_t n = buf ? fread(buf, 1, MIGRATION_FILE_MAX + 1, f) : 0;
	bool bad = !buf || ferror(f) || n > MIGRATION_FILE_MAX;
	fclose(f);
	if (bad) {
		free(buf);
		tg_fail(err, TG_STORE_E_STORAGE, "cannot read migration %s (over %d bytes?)", path,
		        MIGRATION_FILE_MAX);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

static int applied_version(sqlite3 *db, long version, bool *applied, struct tg_error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, "SELECT 1 FROM schema_migrations WHERE version = ?1", -1, &st,
	                       NULL) != SQLITE_OK)
		return tg_fail(err, TG_STORE_E_STORAGE, "schema_migrations: %s",
		               sqlite3_errmsg(db));
	sqlite3_bind_int64(st, 1, version);
	int rc = sqlite3_step(st);
	*applied = rc == SQLITE_ROW;
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		tg_fail(err, TG_STORE_E_STORAGE, "schema_migrations: %s", sqlite3_errmsg(db));
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

/* Refuses a database that has a migration this build does not know: an
 * older daemon must not run on a newer schema. */
static int check_no_unknown(sqlite3 *db, const struct migration *m, int n, struct tg_error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, "SELECT version, name FROM schema_migrations ORDER BY version",
	                       -1, &st, NULL) != SQLITE_OK)
		return tg_fail(err, TG_STORE_E_STORAGE, "schema_migrations: %s",
		               sqlite3_errmsg(db));
	int rc, result = 0;
	while (result == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		long v = (long)sqlite3_column_int64(st, 0);
		bool known = false;
		for (int i = 0; i < n && !known; i++)
			known = m[i].version == v;
		if (!known)
			result = tg_fail(err, TG_STORE_E_STORAGE,
			                 "the database has migration %s, which this build's schema "
			                 "folder lacks (a newer build made it)",
			                 (const char *)sqlite3_column_text(st, 1));
	}
	if (result == 0 && rc != SQLITE_DONE)
		result =
		    tg_fail(err, TG_STORE_E_STORAGE, "schema_migrations: %s", sqlite3_errmsg(db));
	sqlite3_finalize(st);
	return result;
}

static int apply_one(sqlite3 *db, const char *dir, const struct migration *m, struct tg_error *err)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, m->name);
	char *sql = read_file(path, err);
	if (!sql)
		return -1;
	char *msg = NULL;
	/* Foreign keys are checked at COMMIT rather than per statement, so that a
	 * migration may rebuild a table others refer to (foreign_keys itself
	 * cannot change inside a transaction); defer_foreign_keys ends with it. */
	int rc =
	    sqlite3_exec(db, "BEGIN IMMEDIATE; PRAGMA defer_foreign_keys=ON", NULL, NULL, &msg);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
	free(sql);
	if (rc == SQLITE_OK) {
		char record[512];
		sqlite3_snprintf(sizeof record, record,
		                 "INSERT INTO schema_migrations (version, name, applied) "
		                 "VALUES (%ld, %Q, %lld)",
		                 m->version, m->name, (long long)time(NULL));
		rc = sqlite3_exec(db, record, NULL, NULL, &msg);
	}
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, &msg);
	if (rc != SQLITE_OK) {
		tg_fail(err, TG_STORE_E_STORAGE, "migration %s failed: %s", m->name,
		        msg ? msg : sqlite3_errstr(rc));
		sqlite3_free(msg);
		if (!sqlite3_get_autocommit(db))
			sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}

int store_migrate(sqlite3 *db, const char *dir, struct tg_error *err)
{
	char *msg = NULL;
	if (sqlite3_exec(db,
	                 "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY "
	                 "KEY, name TEXT NOT NULL, applied INTEGER NOT NULL) STRICT",
	                 NULL, NULL, &msg) != SQLITE_OK) {
		tg_fail(err, TG_STORE_E_STORAGE, "creating schema_migrations: %s", msg);
		sqlite3_free(msg);
		return -1;
	}
	struct migration *m = calloc(MIGRATIONS_MAX, sizeof *m);
	if (!m)
		return tg_fail(err, TG_STORE_E_STORAGE, "out of memory listing migrations");
	int n = list_migrations(dir, m, err);
	int result = n < 0 ? -1 : check_no_unknown(db, m, n, err);
	for (int i = 0; result == 0 && i < n; i++) {
		bool applied = false;
		result = applied_version(db, m[i].version, &applied, err);
		if (result == 0 && !applied)
			result = apply_one(db, dir, &m[i], err);
	}
	if (result == 0 && n == 0)
		result =
		    tg_fail(err, TG_STORE_E_STORAGE, "no migrations (NNN_name.sql) in %s", dir);
	free(m);
	return result;
}
