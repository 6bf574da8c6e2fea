/* test_store_migrate.c — tg_store_open's migrations: applied once each, in
 * order, a failing one aborts the open (naming its file) and leaves nothing,
 * and a database newer than the build's schema folder is refused. The test
 * looks into the database file with SQLite directly, as an operator would. */
#include "migrate_testkit.h"

static void write_file(const char *name, const char *text)
{
	char p[256];
	snprintf(p, sizeof p, "%s/%s", schema, name);
	FILE *f = fopen(p, "w");
	CHECKF(f != NULL, "cannot write %s", p);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void remove_file(const char *folder, const char *name)
{
	char p[512];
	snprintf(p, sizeof p, "%.250s/%.250s", folder, name);
	unlink(p);
}

static long long table_exists(const char *name)
{
	char sql[200];
	snprintf(sql, sizeof sql, "SELECT count(*) FROM sqlite_master WHERE name = '%s'", name);
	return query_int(sql);
}

int main(void)
{
	if (!migrate_dirs(""))
		return 1;
	struct tg_error err;

	/* No migration files at all: refused, the folder named. */
	CHECK(!opens_in(schema, &err));
	CHECK_EQ_STR(err.code, "storage");
	CHECKF(strstr(err.message, schema) != NULL, "%s", err.message);

	/* The first open applies the migrations once; files not named NNN_*.sql
	 * are ignored. */
	/* The build's own migrations: the store's statements need the current
	 * schema. The test's own are numbered from 901, after any real one. */
	copy_schema(0);
	int n = ncopied;
	CHECK(n >= 1);
	/* the latest real migration's number */
	long long last = 0;
	for (int i = 0; i < n; i++)
		if (atoll(copied[i]) > last)
			last = atoll(copied[i]);
	write_file("README.md", "not SQL");
	write_file("notes.sql", "this is not SQL either");
	CHECKF(opens_in(schema, &err), "%s", err.message);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations"), n);
	CHECK_EQ_INT(query_int("SELECT max(version) FROM schema_migrations"), last);
	CHECK_EQ_INT(table_exists("match_seats"), 1);
	CHECK_EQ_INT(query_int("SELECT journal_mode = 'wal' FROM pragma_journal_mode"), 1);
	/* Reopening applies nothing again (it would fail: the tables exist). */
	CHECKF(opens_in(schema, &err), "%s", err.message);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations"), n);

	/* A new migration is applied on the next open, after the older ones. */
	write_file("901_extra.sql", "CREATE TABLE extra (x INTEGER);");
	CHECKF(opens_in(schema, &err), "%s", err.message);
	CHECK_EQ_INT(query_int("SELECT max(version) FROM schema_migrations"), 901);
	CHECK_EQ_INT(table_exists("extra"), 1);

	/* A failing migration aborts the open, names its file, and leaves none
	 * of its statements behind. */
	write_file("902_broken.sql",
	           "CREATE TABLE t3 (y INTEGER); INSERT INTO nowhere VALUES (1);");
	CHECK(!opens_in(schema, &err));
	CHECK_EQ_STR(err.code, "storage");
	CHECKF(strstr(err.message, "902_broken.sql") != NULL, "%s", err.message);
	CHECK_EQ_INT(table_exists("t3"), 0);
	CHECK_EQ_INT(query_int("SELECT max(version) FROM schema_migrations"), 901);
	remove_file(schema, "902_broken.sql");
	CHECKF(opens_in(schema, &err), "%s", err.message);

	/* Foreign keys hold at the end of a migration, not at each statement:
	 * a row may come before the row it refers to, but not stay orphaned. */
	write_file("902_deferred.sql",
	           "INSERT INTO sessions (token_hash, user_id, created, expires) VALUES "
	           "(zeroblob(32), 4242, 0, 1);"
	           "INSERT INTO users (id, name, pw_hash, created) VALUES (4242, 'x', 'h', 0);");
	CHECKF(opens_in(schema, &err), "%s", err.message);
	CHECK_EQ_INT(query_int("SELECT user_id FROM sessions"), 4242);
	write_file("903_orphan.sql", "INSERT INTO sessions (token_hash, user_id, created, expires) "
	                             "VALUES (randomblob(32), 99, 0, 1);");
	CHECK(!opens_in(schema, &err));
	CHECKF(strstr(err.message, "903_orphan.sql") != NULL, "%s", err.message);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sessions"), 1);
	remove_file(schema, "903_orphan.sql");

	/* Two files with one number: refused. */
	write_file("901_other.sql", "CREATE TABLE other (x INTEGER);");
	CHECK(!opens_in(schema, &err));
	CHECKF(strstr(err.message, "901_other.sql") != NULL, "%s", err.message);
	remove_file(schema, "901_other.sql");

	/* An older build (whose schema folder lacks 901) refuses this database. */
	CHECK(!opens_in(TG_SOURCE_DIR "/schema", &err));
	CHECKF(strstr(err.message, "901_extra.sql") != NULL, "%s", err.message);
	remove_file(schema, "902_deferred.sql");

	/* A schema folder that does not exist: refused, named. */
	CHECK(!opens_in("/nonexistent/schema", &err));
	CHECKF(strstr(err.message, "/nonexistent/schema") != NULL, "%s", err.message);

	/* NULL: the build's own schema folder, here on a fresh database. */
	const char *suffix[] = {"", "-wal", "-shm"};
	for (int i = 0; i < 3; i++) {
		char p[160];
		snprintf(p, sizeof p, "telegraph.db%s", suffix[i]);
		remove_file(dir, p);
	}
	CHECKF(opens_in(NULL, &err), "%s", err.message);
	CHECK_EQ_INT(table_exists("actions"), 1);

	for (int i = 0; i < 3; i++) {
		char p[160];
		snprintf(p, sizeof p, "telegraph.db%s", suffix[i]);
		remove_file(dir, p);
	}
	for (int i = 0; i < n; i++)
		remove_file(schema, copied[i]);
	remove_file(schema, "901_extra.sql");
	remove_file(schema, "README.md");
	remove_file(schema, "notes.sql");
	rmdir(schema);
	rmdir(dir);
	return tap_done();
}
