/* test_store_wal_writes.c — a commit writes each WAL frame in one system
 * call (issue 17, session 25): SQLite writes a frame as two pwrites, its
 * 24-byte header and then its page, and the loop's commits made 1.02
 * pwrites an action so; the store's VFS (store_vfs.c) joins the two.
 *
 * Below the store sits a counting VFS of this test's, registered as the
 * default before the store opens (the store's wraps the default): it sees
 * every write that reaches the unix VFS. Checked:
 * - no write to the WAL is a lone frame header (24 bytes past the WAL's
 *   own 32-byte header), and the WAL's writes are as many as its frames;
 * - what was written is SQLite's WAL all the same: a copy of the database
 *   and its WAL taken while the store is open (no checkpoint yet) is
 *   recovered by a fresh connection, every frame's checksum checked, and
 *   holds every row committed;
 * - a transaction that spills pages to the WAL before its commit and then
 *   changes them again (SQLite rewrites those frames' headers in place,
 *   walRewriteChecksums, each header alone after a read) leaves a WAL
 *   whose copy, taken before the connection writes again, recovers every
 *   row: no rewritten header is held back. */
#include "store/store.h"
#include "tap.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NOW 1900000000LL
#define USERS 60

static char dir[64], db_path[128], copy_path[160];
static struct tg_error err;

#define CHECK_OK(expr) CHECKF((expr) == 0, "%s: %s: %s", #expr, err.code, err.message)

/* the counting VFS: a wrapper of the unix one that counts the WAL's writes */
static sqlite3_vfs *real_vfs;
static sqlite3_vfs counting_vfs;
static sqlite3_io_methods counting_methods;
static const sqlite3_io_methods *real_methods;
static long wal_writes, wal_headers_alone, wal_bytes;

struct counting_file {
	sqlite3_file base;
	sqlite3_file *real;
	int wal;
};

static int c_close(sqlite3_file *f)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xClose(c->real);
}
static int c_read(sqlite3_file *f, void *p, int n, sqlite3_int64 off)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xRead(c->real, p, n, off);
}
static int c_write(sqlite3_file *f, const void *p, int n, sqlite3_int64 off)
{
	struct counting_file *c = (struct counting_file *)f;
	if (c->wal) {
		wal_writes++;
		wal_bytes += n;
		if (n == 24 && off >= 32)
			wal_headers_alone++;
	}
	return c->real->pMethods->xWrite(c->real, p, n, off);
}
static int c_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xTruncate(c->real, size);
}
static int c_sync(sqlite3_file *f, int flags)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xSync(c->real, flags);
}
static int c_size(sqlite3_file *f, sqlite3_int64 *size)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xFileSize(c->real, size);
}
static int c_lock(sqlite3_file *f, int l)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xLock(c->real, l);
}
static int c_unlock(sqlite3_file *f, int l)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xUnlock(c->real, l);
}
static int c_reserved(sqlite3_file *f, int *out)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xCheckReservedLock(c->real, out);
}
static int c_fcntl(sqlite3_file *f, int op, void *arg)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xFileControl(c->real, op, arg);
}
static int c_sector(sqlite3_file *f)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xSectorSize(c->real);
}
static int c_dev(sqlite3_file *f)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xDeviceCharacteristics(c->real);
}
static int c_shm_map(sqlite3_file *f, int pg, int sz, int extend, void volatile **pp)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xShmMap(c->real, pg, sz, extend, pp);
}
static int c_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xShmLock(c->real, off, n, flags);
}
static void c_shm_barrier(sqlite3_file *f)
{
	struct counting_file *c = (struct counting_file *)f;
	c->real->pMethods->xShmBarrier(c->real);
}
static int c_shm_unmap(sqlite3_file *f, int del)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xShmUnmap(c->real, del);
}
static int c_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **pp)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xFetch(c->real, off, n, pp);
}
static int c_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
	struct counting_file *c = (struct counting_file *)f;
	return c->real->pMethods->xUnfetch(c->real, off, p);
}

static int c_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
	(void)vfs;
	struct counting_file *c = (struct counting_file *)f;
	c->real = (sqlite3_file *)(c + 1);
	c->wal = (flags & SQLITE_OPEN_WAL) != 0;
	int rc = real_vfs->xOpen(real_vfs, name, c->real, flags, out);
	if (c->real->pMethods) {
		real_methods = c->real->pMethods;
		c->base.pMethods = &counting_methods;
	} else {
		c->base.pMethods = NULL;
	}
	return rc;
}

static int c_delete(sqlite3_vfs *v, const char *name, int sync)
{
	(void)v;
	return real_vfs->xDelete(real_vfs, name, sync);
}
static int c_access(sqlite3_vfs *v, const char *name, int flags, int *out)
{
	(void)v;
	return real_vfs->xAccess(real_vfs, name, flags, out);
}
static int c_fullpath(sqlite3_vfs *v, const char *name, int n, char *out)
{
	(void)v;
	return real_vfs->xFullPathname(real_vfs, name, n, out);
}
static int c_random(sqlite3_vfs *v, int n, char *out)
{
	(void)v;
	return real_vfs->xRandomness(real_vfs, n, out);
}
static int c_sleep(sqlite3_vfs *v, int us)
{
	(void)v;
	return real_vfs->xSleep(real_vfs, us);
}
static int c_time(sqlite3_vfs *v, double *out)
{
	(void)v;
	return real_vfs->xCurrentTime(real_vfs, out);
}
static int c_time64(sqlite3_vfs *v, sqlite3_int64 *out)
{
	(void)v;
	return real_vfs->xCurrentTimeInt64(real_vfs, out);
}
static int c_last_error(sqlite3_vfs *v, int n, char *out)
{
	(void)v;
	return real_vfs->xGetLastError(real_vfs, n, out);
}

static void counting_register(void)
{
	real_vfs = sqlite3_vfs_find(NULL);
	counting_methods = (sqlite3_io_methods){
	    .iVersion = 3,
	    .xClose = c_close,
	    .xRead = c_read,
	    .xWrite = c_write,
	    .xTruncate = c_truncate,
	    .xSync = c_sync,
	    .xFileSize = c_size,
	    .xLock = c_lock,
	    .xUnlock = c_unlock,
	    .xCheckReservedLock = c_reserved,
	    .xFileControl = c_fcntl,
	    .xSectorSize = c_sector,
	    .xDeviceCharacteristics = c_dev,
	    .xShmMap = c_shm_map,
	    .xShmLock = c_shm_lock,
	    .xShmBarrier = c_shm_barrier,
	    .xShmUnmap = c_shm_unmap,
	    .xFetch = c_fetch,
	    .xUnfetch = c_unfetch,
	};
	counting_vfs = (sqlite3_vfs){
	    .iVersion = 2,
	    .szOsFile = (int)sizeof(struct counting_file) + real_vfs->szOsFile,
	    .mxPathname = real_vfs->mxPathname,
	    .zName = "tg-test-counting",
	    .xOpen = c_open,
	    .xDelete = c_delete,
	    .xAccess = c_access,
	    .xFullPathname = c_fullpath,
	    .xRandomness = c_random,
	    .xSleep = c_sleep,
	    .xCurrentTime = c_time,
	    .xGetLastError = c_last_error,
	    .xCurrentTimeInt64 = c_time64,
	};
	sqlite3_vfs_register(&counting_vfs, 1);
}

static int copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	char buf[65536];
	size_t n;
	int rc = in && out ? 0 : -1;
	while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		rc = -1;
	return rc;
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/tg-test-walw-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);
	snprintf(copy_path, sizeof copy_path, "%s/copy.db", dir);
	counting_register();
	struct tg_store *s = tg_store_open(db_path, TG_SOURCE_DIR "/schema", &err);
	CHECKF(s != NULL, "open: %s: %s", err.code, err.message);
	if (!s)
		return tap_done();
	CHECK_OK(tg_store_defer_sync(s, &err));

	/* the daemon's commits: many, each a few pages, synced by the caller;
	 * counted from the second (the first frame of the first follows the
	 * connection's reads, not a write: written in two) */
	for (int i = 0; i < USERS + 1; i++) {
		if (i == 1)
			wal_writes = wal_headers_alone = wal_bytes = 0;
		char who[32];
		int64_t uid = 0;
		snprintf(who, sizeof who, "player%03d-with-a-longer-name", i);
		CHECK_OK(tg_store_begin(s, &err));
		CHECK_OK(tg_store_user_create(s, who, "a password hash's text", NOW, &uid, &err));
		CHECK_OK(tg_store_commit(s, &err));
	}
	CHECK_OK(tg_store_sync(s, &err));
	long frames = wal_bytes / (24 + 4096);
	CHECKF(wal_writes > 0 && frames >= USERS,
	       "the commits wrote the WAL (%ld writes, %ld bytes)", wal_writes, wal_bytes);
	CHECKF(wal_headers_alone == 0, "no frame header written alone (%ld of %ld writes)",
	       wal_headers_alone, wal_writes);
	CHECKF(wal_writes == frames, "one write a frame (%ld writes, %ld frames)", wal_writes,
	       frames);

	/* the WAL as written is recovered by SQLite, each frame's checksum checked */
	char wal[192], copy_wal[192];
	snprintf(wal, sizeof wal, "%s-wal", db_path);
	snprintf(copy_wal, sizeof copy_wal, "%s-wal", copy_path);
	struct stat st;
	CHECKF(stat(wal, &st) == 0 && st.st_size > 32, "the WAL holds the commits");
	CHECK(copy_file(db_path, copy_path) == 0 && copy_file(wal, copy_wal) == 0);
	sqlite3 *db = NULL;
	sqlite3_stmt *q = NULL;
	int n = -1;
	if (sqlite3_open_v2(copy_path, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, "SELECT count(*) FROM users WHERE name LIKE 'player%'", -1, &q,
	                       NULL) == SQLITE_OK &&
	    sqlite3_step(q) == SQLITE_ROW)
		n = sqlite3_column_int(q, 0);
	CHECKF(n == USERS + 1, "the copy recovered from the WAL holds every user (%d)", n);
	sqlite3_finalize(q);
	sqlite3_close(db);

	/* the spilled transaction, through the store's VFS on a file of its own */
	sqlite3_vfs *store_vfs = sqlite3_vfs_find("tg-store");
	CHECK(store_vfs != NULL);
	char spill_path[160], spill_copy[160], spill_wal[192], spill_copy_wal[192];
	snprintf(spill_path, sizeof spill_path, "%s/spill.db", dir);
	snprintf(spill_copy, sizeof spill_copy, "%s/spill-copy.db", dir);
	snprintf(spill_wal, sizeof spill_wal, "%s-wal", spill_path);
	snprintf(spill_copy_wal, sizeof spill_copy_wal, "%s-wal", spill_copy);
	sqlite3 *sp = NULL;
	CHECK(sqlite3_open_v2(spill_path, &sp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
	                      "tg-store") == SQLITE_OK);
	CHECK(
	    sqlite3_exec(sp,
	                 "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=2;"
	                 "CREATE TABLE t(id INTEGER PRIMARY KEY, v BLOB);"
	                 "BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n "
	                 "WHERE i < 400) INSERT INTO t SELECT i, zeroblob(500) FROM n;"
	                 "UPDATE t SET v = randomblob(500) WHERE id % 3 = 0;"
	                 "UPDATE t SET v = zeroblob(400) WHERE id % 7 = 0; COMMIT;",
	                 NULL, NULL, NULL) == SQLITE_OK);
	CHECK(copy_file(spill_path, spill_copy) == 0 && copy_file(spill_wal, spill_copy_wal) == 0);
	sqlite3_close(sp);
	n = -1;
	q = NULL;
	db = NULL;
	if (sqlite3_open_v2(spill_copy, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db,
	                       "SELECT count(*) FROM t WHERE length(v) = (CASE WHEN id % 7 = 0 "
	                       "THEN 400 ELSE 500 END)",
	                       -1, &q, NULL) == SQLITE_OK &&
	    sqlite3_step(q) == SQLITE_ROW)
		n = sqlite3_column_int(q, 0);
	CHECKF(n == 400, "the spilled transaction's copy holds every row (%d of 400)", n);
	sqlite3_finalize(q);
	sqlite3_close(db);

	tg_store_close(s);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return tap_done();
}
