/* bench_disk_commit — the disk's own limit for durable writes, measured the
 * way telegraphd writes: SQLite in WAL mode, synchronous=FULL, one row per
 * action. Prints two figures (rows/s):
 *   single   one row per fsync'd transaction (what one-at-a-time acks cost)
 *   batched  rows per second when B rows share one fsync'd transaction
 *            (what group commit can reach)
 * Usage: bench_disk_commit DIR [seconds] [batch]
 * This is a benchmark program, not a server part: it talks to SQLite directly
 * on purpose, to measure the floor under the store. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void must(int rc, sqlite3 *db, const char *what)
{
	if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
		fprintf(stderr, "bench_disk_commit: %s: %s\n", what, sqlite3_errmsg(db));
		exit(1);
	}
}

/* Inserts rows for `seconds`, `batch` rows per transaction; returns rows/s. */
static double run(sqlite3 *db, double seconds, int batch, long long *seq)
{
	sqlite3_stmt *ins;
	must(sqlite3_prepare_v2(
	         db,
	         "INSERT INTO actions(match_id, seq, role, action, time) VALUES (1, ?, 'union', "
	         "'{\"type\":\"move\",\"force\":\"grant\",\"to\":\"1903\"}', 0)",
	         -1, &ins, NULL),
	     db, "prepare");
	long long rows = 0;
	double t0 = now_s(), t;
	do {
		must(sqlite3_exec(db, "BEGIN", NULL, NULL, NULL), db, "begin");
		for (int i = 0; i < batch; i++) {
			sqlite3_bind_int64(ins, 1, ++*seq);
			must(sqlite3_step(ins), db, "insert");
			sqlite3_reset(ins);
		}
		must(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), db, "commit");
		rows += batch;
		t = now_s();
	} while (t - t0 < seconds);
	sqlite3_finalize(ins);
	return (double)rows / (t - t0);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench_disk_commit DIR [seconds] [batch]\n");
		return 2;
	}
	double seconds = argc > 2 ? atof(argv[2]) : 3.0;
	int batch = argc > 3 ? atoi(argv[3]) : 256;
	char path[4096];
	snprintf(path, sizeof path, "%s/bench_disk_commit.db", argv[1]);
	remove(path);
	sqlite3 *db;
	if (sqlite3_open(path, &db) != SQLITE_OK) {
		fprintf(stderr, "bench_disk_commit: cannot open %s\n", path);
		return 1;
	}
	must(sqlite3_exec(
	         db,
	         "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
	         "CREATE TABLE actions(match_id INTEGER, seq INTEGER, role TEXT, action TEXT,"
	         " time INTEGER, PRIMARY KEY(match_id, seq));",
	         NULL, NULL, NULL),
	     db, "setup");
	long long seq = 0;
	double single = run(db, seconds, 1, &seq);
	double batched = run(db, seconds, batch, &seq);
	printf("disk_commit_single_rows_per_s %.0f\n", single);
	printf("disk_commit_batched_rows_per_s %.0f batch=%d\n", batched, batch);
	sqlite3_close(db);
	char wal[4200];
	snprintf(wal, sizeof wal, "%s-wal", path);
	remove(wal);
	snprintf(wal, sizeof wal, "%s-shm", path);
	remove(wal);
	remove(path);
	return 0;
}
