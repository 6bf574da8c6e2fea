/* A WAL checkpoint that fails (server/store/store_open.c's
 * store_checkpoint, on the checkpointer's thread since 7551b08): it is
 * counted (telegraph_wal_checkpoints_failed_total) and logged ("the WAL's
 * checkpoint failed"), the WAL grows until a later one succeeds, and the
 * daemon keeps committing meanwhile: every request's reply is ok and its
 * rows are there. Until this test, no run had made a checkpoint fail.
 *
 * The failure is injected below SQLite: a VFS that wraps the default one
 * (registered as the default, so the store's connection and the
 * checkpointer's both use it) and, while armed, refuses every write to the
 * main database file (SQLITE_IOERR_WRITE). In WAL mode only a checkpoint
 * writes there; a commit writes the WAL. The WAL is brought past the
 * checkpoint's threshold (1,000 pages) by the test's own connection (its
 * own automatic checkpoint off), so the daemon's next commit asks for a
 * checkpoint; and by TG_STORE_WAL_ASK_PAGES more before each later one
 * (the hook asks again only then). Driven in-process (fake_client.h) over
 * a file database. */
#include <fcntl.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/server_internal.h"
#include "fake_client.h"
#include "fixture_game.h"
#include "store/store.h"
#include "tap.h"

static struct fc_rig rig;
static const struct game_module *const games[] = {&fixture_duel_module, NULL};

/* ---- the failing VFS ------------------------------------------------------ */

static sqlite3_vfs *real_vfs;
static sqlite3_vfs shim_vfs;
static atomic_bool fail_db_writes;
static atomic_uint db_writes_refused;

/* A main database file: the real one after our header. Other files (the
 * WAL, the journal) are the real VFS's own, opened in place. */
struct shim_file {
	sqlite3_file base;
	sqlite3_file *real;
};

#define REAL(f) (((struct shim_file *)(f))->real)

static int shim_close(sqlite3_file *f)
{
	return REAL(f)->pMethods->xClose(REAL(f));
}
static int shim_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
	return REAL(f)->pMethods->xRead(REAL(f), buf, n, off);
}
static int shim_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
	if (atomic_load(&fail_db_writes)) {
		atomic_fetch_add(&db_writes_refused, 1);
		return SQLITE_IOERR_WRITE;
	}
	return REAL(f)->pMethods->xWrite(REAL(f), buf, n, off);
}
static int shim_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	return REAL(f)->pMethods->xTruncate(REAL(f), size);
}
static int shim_sync(sqlite3_file *f, int flags)
{
	return REAL(f)->pMethods->xSync(REAL(f), flags);
}
static int shim_size(sqlite3_file *f, sqlite3_int64 *size)
{
	return REAL(f)->pMethods->xFileSize(REAL(f), size);
}
static int shim_lock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xLock(REAL(f), l);
}
static int shim_unlock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xUnlock(REAL(f), l);
}
static int shim_reserved(sqlite3_file *f, int *out)
{
	return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}
static int shim_fcntl(sqlite3_file *f, int op, void *arg)
{
	return REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}
static int shim_sector(sqlite3_file *f)
{
	return REAL(f)->pMethods->xSectorSize(REAL(f));
}
static int shim_device(sqlite3_file *f)
{
	return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}
static int shim_shm_map(sqlite3_file *f, int pg, int sz, int extend, void volatile **pp)
{
	return REAL(f)->pMethods->xShmMap(REAL(f), pg, sz, extend, pp);
}
/* While armed, the checkpoint's lock (SQLite's WAL_CKPT_LOCK, the -shm
 * file's lock 1) is refused as if another connection's checkpoint held it:
 * a PASSIVE checkpoint then returns SQLITE_BUSY and does nothing. */
static atomic_bool busy_ckpt_lock;
static int shim_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
	if (atomic_load(&busy_ckpt_lock) && off == 1 && n == 1 && (flags & SQLITE_SHM_LOCK) &&
	    (flags & SQLITE_SHM_EXCLUSIVE))
		return SQLITE_BUSY;
	return REAL(f)->pMethods->xShmLock(REAL(f), off, n, flags);
}
static void shim_shm_barrier(sqlite3_file *f)
{
	REAL(f)->pMethods->xShmBarrier(REAL(f));
}
static int shim_shm_unmap(sqlite3_file *f, int del)
{
	return REAL(f)->pMethods->xShmUnmap(REAL(f), del);
}
/* No memory-mapped reads: every page of the main file goes through xRead
 * and xWrite. */
static int shim_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **pp)
{
	(void)f, (void)off, (void)n;
	*pp = NULL;
	return SQLITE_OK;
}
static int shim_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
	(void)f, (void)off, (void)p;
	return SQLITE_OK;
}

static const sqlite3_io_methods shim_methods = {
    .iVersion = 3,
    .xClose = shim_close,
    .xRead = shim_read,
    .xWrite = shim_write,
    .xTruncate = shim_truncate,
    .xSync = shim_sync,
    .xFileSize = shim_size,
    .xLock = shim_lock,
    .xUnlock = shim_unlock,
    .xCheckReservedLock = shim_reserved,
    .xFileControl = shim_fcntl,
    .xSectorSize = shim_sector,
    .xDeviceCharacteristics = shim_device,
    .xShmMap = shim_shm_map,
    .xShmLock = shim_shm_lock,
    .xShmBarrier = shim_shm_barrier,
    .xShmUnmap = shim_shm_unmap,
    .xFetch = shim_fetch,
    .xUnfetch = shim_unfetch,
};

static int shim_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
	(void)vfs;
	if (!(flags & SQLITE_OPEN_MAIN_DB))
		return real_vfs->xOpen(real_vfs, name, f, flags, out);
	struct shim_file *s = (struct shim_file *)f;
	s->real = (sqlite3_file *)(s + 1);
	s->base.pMethods = NULL;
	int rc = real_vfs->xOpen(real_vfs, name, s->real, flags, out);
	if (rc == SQLITE_OK && s->real->pMethods)
		s->base.pMethods = &shim_methods;
	return rc;
}

static void shim_install(void)
{
	real_vfs = sqlite3_vfs_find(NULL);
	shim_vfs = *real_vfs;
	shim_vfs.zName = "tg-test-failing-db-writes";
	shim_vfs.pNext = NULL;
	/* room for either: a real file of its own, or ours before one */
	shim_vfs.szOsFile = (int)sizeof(struct shim_file) + real_vfs->szOsFile;
	shim_vfs.xOpen = shim_open;
	sqlite3_vfs_register(&shim_vfs, 1);
}

/* ---- the test ------------------------------------------------------------- */

static int64_t create_match(struct client *a)
{
	json_t *r = req(
	    a, rq("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario", "standard"));
	return r && strcmp(op_of(r), "ok") == 0 ? json_integer_value(json_object_get(r, "match"))
	                                        : -1;
}

static struct tg_store_wal_stats wal_stats(void)
{
	struct tg_store_wal_stats ws;
	tg_store_wal_stats(rig.store, &ws);
	return ws;
}

/* Requests (each a commit, whose WAL hook asks for a checkpoint), one at a
 * time, each followed by up to 2 s for the checkpointer to have done
 * cond(), until it has or n were made; false if a reply was not ok. */
static bool commit_until(struct client *a, bool (*cond)(void), int n, int *made)
{
	for (int i = 0; i < n && !cond(); i++) {
		if (create_match(a) <= 0)
			return false;
		(*made)++;
		for (int k = 0; k < 200 && !cond(); k++)
			usleep(10000);
	}
	return true;
}

static uint64_t failed0, thread0;
static bool failed_once(void)
{
	return wal_stats().ckpt_failed > failed0;
}
static bool failed_again(void)
{
	return wal_stats().ckpt_failed > failed0 + 1;
}
static bool done_once(void)
{
	return wal_stats().ckpt[TG_STORE_CKPT_THREAD].count > thread0;
}
static uint64_t busy0;
static bool busy_once(void)
{
	return wal_stats().ckpt_busy > busy0;
}

/* stderr into a file while the checkpoints fail, and back. */
static int saved_stderr = -1;
static bool log_to(const char *path)
{
	fflush(stderr);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	saved_stderr = dup(2);
	bool ok = saved_stderr >= 0 && fd >= 0 && dup2(fd, 2) == 2;
	if (fd >= 0)
		close(fd);
	return ok;
}
static void log_back(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
}

static int count_in(const char *text, const char *what)
{
	int n = 0;
	for (const char *p = text; p && (p = strstr(p, what)) != NULL; p += strlen(what))
		n++;
	return n;
}

/* The WAL grown by `pages` pages (a row each) of a table of the test's own
 * (its name `table`), written on a connection of its own with its automatic
 * checkpoint off: past the threshold, and then past the next request's
 * (the hook asks again only TG_STORE_WAL_ASK_PAGES later). */
static bool fill_wal(const char *db, const char *table, int pages)
{
	sqlite3 *c = NULL;
	char sql[512];
	snprintf(sql, sizeof sql,
	         "PRAGMA wal_autocheckpoint=0;"
	         "CREATE TABLE %s(b BLOB);"
	         "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
	         "WHERE i < %d) INSERT INTO %s SELECT zeroblob(3000) FROM n;",
	         table, pages, table);
	bool ok = sqlite3_open_v2(db, &c, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
	          sqlite3_busy_timeout(c, 5000) == SQLITE_OK &&
	          sqlite3_exec(c, sql, NULL, NULL, NULL) == SQLITE_OK;
	if (!ok)
		fprintf(stderr, "# filling the WAL: %s\n", c ? sqlite3_errmsg(c) : "no connection");
	sqlite3_close(c);
	return ok;
}

/* The matches in the database, read on a connection of the test's own. */
static int matches_in(const char *db)
{
	sqlite3 *c = NULL;
	sqlite3_stmt *st = NULL;
	int n = -1;
	if (sqlite3_open_v2(db, &c, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(c, "SELECT count(*) FROM matches", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(c);
	return n;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	char *buf = calloc(1, 1 << 16);
	if (buf)
		(void)!fread(buf, 1, (1 << 16) - 1, f);
	fclose(f);
	return buf;
}

int main(void)
{
	shim_install();
	if (!fc_rig_open(&rig, "test_core_ckpt_fail"))
		return tap_done();
	rig.cfg.max_matches_per_user = 100000; /* each request below makes one */
	/* The WAL's fills below are sized for SQLite's threshold: the first
	 * pass asked at 1,000 pages (the daemon's default is 4,000). */
	rig.cfg.wal_checkpoint_pages = 1000;
	CHECK(fc_rig_serve(&rig, games));
	CHECKF(rig.cfg.wal_checkpointer == 1, "the checkpointer is on by default");
	struct client a;
	client_open(&a);
	req(&a, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	CHECK(strcmp(op_of(req(&a, rq("{s:s,s:s,s:s}", "op", "register", "name", "grant",
	                              "password", "traveller1"))),
	             "ok") == 0);
	char db[128], logf[128];
	snprintf(db, sizeof db, "%s/t.db", rig.dir);
	snprintf(logf, sizeof logf, "%s/stderr.log", rig.dir);
	CHECK(fill_wal(db, "ckpt_fill", 1200));

	/* Armed: the next commit's WAL hook asks the checkpointer, whose
	 * checkpoint cannot write the database. The log goes to a file while
	 * it fails. */
	struct tg_store_wal_stats w0 = wal_stats();
	failed0 = w0.ckpt_failed;
	thread0 = w0.ckpt[TG_STORE_CKPT_THREAD].count;
	CHECK(log_to(logf));
	atomic_store(&fail_db_writes, true);
	int made = 0;
	bool ok = commit_until(&a, failed_once, 10, &made);
	CHECK(fill_wal(db, "ckpt_fill2", TG_STORE_WAL_ASK_PAGES + 100));
	ok = ok && commit_until(&a, failed_again, 10, &made);
	atomic_store(&fail_db_writes, false);
	log_back();
	struct tg_store_wal_stats w1 = wal_stats();
	CHECKF(ok, "every request answered ok while the checkpoints failed (%d made)", made);
	CHECKF(w1.ckpt_failed >= failed0 + 2 && atomic_load(&db_writes_refused) > 0,
	       "two checkpoints failed and were counted (%llu, %u writes refused, %d requests)",
	       (unsigned long long)(w1.ckpt_failed - failed0), atomic_load(&db_writes_refused),
	       made);
	CHECKF(w1.ckpt[TG_STORE_CKPT_THREAD].count == thread0,
	       "none of them counted as done (%llu)",
	       (unsigned long long)(w1.ckpt[TG_STORE_CKPT_THREAD].count - thread0));
	CHECKF(w1.wal_frames >= 1000, "the WAL kept its pages (%llu)",
	       (unsigned long long)w1.wal_frames);
	char *log = slurp(logf);
	CHECKF(log && strstr(log, "ERROR") && strstr(log, "the WAL's checkpoint failed ("),
	       "the failure was logged: %s", log ? log : "(no log)");
	/* The first failure only: a line a minute at most. */
	CHECKF(count_in(log, "the WAL's checkpoint failed (") == 1,
	       "one line for %llu failures in a minute: %s",
	       (unsigned long long)(w1.ckpt_failed - failed0), log ? log : "(no log)");
	free(log);

	/* What the operators scrape says so. */
	char *text = status_prometheus(fc_srv);
	char want[96];
	snprintf(want, sizeof want, "\ntelegraph_wal_checkpoints_failed_total %llu\n",
	         (unsigned long long)w1.ckpt_failed);
	CHECKF(text && strstr(text, want), "the metrics say%s", want);
	free(text);

	/* Every request of the failing stretch was committed: its match is in
	 * the database. */
	CHECKF(matches_in(db) == made,
	       "the %d matches made while the checkpoints failed are kept (%d)", made,
	       matches_in(db));

	/* Disarmed: the next checkpoint succeeds and the daemon goes on. */
	CHECK(fill_wal(db, "ckpt_fill3", TG_STORE_WAL_ASK_PAGES + 100));
	int after = 0;
	CHECK(commit_until(&a, done_once, 10, &after));
	struct tg_store_wal_stats w2 = wal_stats();
	CHECKF(w2.ckpt[TG_STORE_CKPT_THREAD].count > thread0,
	       "a later checkpoint succeeds (%d more requests)", after);

	/* Busy: another connection's checkpoint runs (the shim refuses its
	 * lock), so the checkpointer's pass does nothing: counted, logged, and
	 * the daemon goes on. */
	busy0 = w2.ckpt_busy;
	CHECK(fill_wal(db, "ckpt_fill4", TG_STORE_WAL_ASK_PAGES + 100));
	CHECK(log_to(logf));
	atomic_store(&busy_ckpt_lock, true);
	int busy_made = 0;
	ok = commit_until(&a, busy_once, 10, &busy_made);
	atomic_store(&busy_ckpt_lock, false);
	log_back();
	struct tg_store_wal_stats w3 = wal_stats();
	CHECKF(ok && w3.ckpt_busy > busy0,
	       "a busy checkpoint was counted (%llu; %d requests, each ok: %d)",
	       (unsigned long long)(w3.ckpt_busy - busy0), busy_made, ok);
	log = slurp(logf);
	CHECKF(log && strstr(log, "WARN") &&
	           strstr(log, "the WAL's checkpoint found another connection's running and did "
	                       "nothing (on the checkpointer, "),
	       "the busy checkpoint was logged: %s", log ? log : "(no log)");
	free(log);
	text = status_prometheus(fc_srv);
	snprintf(want, sizeof want, "\ntelegraph_wal_checkpoints_busy_total %llu\n",
	         (unsigned long long)w3.ckpt_busy);
	CHECKF(text && strstr(text, want), "the metrics say%s", want);
	free(text);

	/* The bound: past TG_STORE_WAL_MAX_PAGES the committing thread (the
	 * loop) checkpoints itself, whatever the checkpointer does. Failing,
	 * it is counted and the daemon goes on; then it succeeds and the WAL
	 * starts again. */
	CHECK(fill_wal(db, "ckpt_fill5", TG_STORE_WAL_MAX_PAGES + 100));
	CHECK(log_to(logf));
	atomic_store(&fail_db_writes, true);
	bool bound_ok = create_match(&a) > 0;
	atomic_store(&fail_db_writes, false);
	log_back();
	struct tg_store_wal_stats w4 = wal_stats();
	CHECKF(bound_ok && w4.wal_frames >= TG_STORE_WAL_MAX_PAGES &&
	           w4.ckpt_failed == w3.ckpt_failed + 1 &&
	           w4.ckpt[TG_STORE_CKPT_COMMIT].count == w3.ckpt[TG_STORE_CKPT_COMMIT].count,
	       "past the bound (%llu frames) the loop's checkpoint failed, counted (%llu), and "
	       "the request was answered ok (%d)",
	       (unsigned long long)w4.wal_frames,
	       (unsigned long long)(w4.ckpt_failed - w3.ckpt_failed), bound_ok);
	bound_ok = create_match(&a) > 0;
	struct tg_store_wal_stats w5 = wal_stats();
	CHECKF(bound_ok &&
	           w5.ckpt[TG_STORE_CKPT_COMMIT].count == w4.ckpt[TG_STORE_CKPT_COMMIT].count + 1 &&
	           w5.ckpt_failed == w4.ckpt_failed,
	       "then the loop's checkpoint succeeds (%llu on the loop)",
	       (unsigned long long)(w5.ckpt[TG_STORE_CKPT_COMMIT].count -
	                            w4.ckpt[TG_STORE_CKPT_COMMIT].count));
	bound_ok = create_match(&a) > 0;
	struct tg_store_wal_stats w6 = wal_stats();
	CHECKF(bound_ok && w6.wal_frames < 100, "and the WAL starts again (%llu frames)",
	       (unsigned long long)w6.wal_frames);
	CHECKF(w6.ckpt[TG_STORE_CKPT_THREAD].count == w3.ckpt[TG_STORE_CKPT_THREAD].count,
	       "the checkpointer was not asked past the bound");
	CHECKF(matches_in(db) == made + after + busy_made + 3, "every match made is kept (%d)",
	       matches_in(db));

	client_close(&a);
	fc_rig_close(&rig);
	return tap_done();
}
