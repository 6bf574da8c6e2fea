/* test_store_wal_join.c — the WAL written a commit at a time
 * (TG_STORE_WAL_JOIN, store_vfs.c; issue 17, session 28).
 *
 * Below the joining VFS sits a counting VFS of this test's, registered as
 * SQLite's default before the first join (the join wraps the default): it
 * sees every write that reaches the unix VFS. Checked:
 * - a fuzz of the joining VFS's WAL file against a plain file: random
 *   frames (headers of 24 bytes, pages, commit frames), writes anywhere,
 *   reads, truncates, sizes, syncs, the log's header rewritten (the log
 *   starting again), headers rewritten in place; every read through it
 *   returns the plain file's bytes, and after each call other than a
 *   write, each commit frame's page and each write into what the file
 *   already held, the file on disk is the plain file byte for byte; a
 *   commit's frames appended after such a point reach the disk as one
 *   write;
 * - the store's commits (deferred syncs, as the daemon's) write the WAL
 *   once each, no frame header alone, and a copy of the database and its
 *   WAL taken after each commit while the store is open is recovered by a
 *   fresh connection with every row committed;
 * - a transaction that spills pages to the WAL before its commit and then
 *   changes them again (SQLite rewrites those frames in place, and their
 *   headers after the commit frame, walRewriteChecksums) leaves a WAL
 *   whose copy, taken before the connection writes again, recovers every
 *   row;
 * - the same with SQLite's "unix-excl" under the join (store_exclusive). */
#include "store/store_internal.h"
#include "tap.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NOW 1900000000LL
#define COMMITS 40

static char dir[64], db_path[128], copy_path[160];
static struct tg_error err;

#define CHECK_OK(expr) CHECKF((expr) == 0, "%s: %s: %s", #expr, err.code, err.message)

/* the counting VFS: a wrapper of the unix one that counts the WAL's writes */
static sqlite3_vfs *real_vfs;
static sqlite3_vfs counting_vfs;
static sqlite3_io_methods counting_methods;
static const sqlite3_io_methods *real_methods;
static long wal_writes, wal_headers_alone;

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

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}
static int below(int n)
{
	return (int)(next_rand() % (uint64_t)n);
}

/* the plain file's bytes, as a plain file would hold them */
#define MIRROR_MAX (1024 * 1024)
static unsigned char *mirror;
static long mirror_len, model_end;

static void mirror_write(const unsigned char *p, int n, long off)
{
	if (off > mirror_len)
		memset(mirror + mirror_len, 0, (size_t)(off - mirror_len));
	memcpy(mirror + off, p, (size_t)n);
	if (off + n > mirror_len)
		mirror_len = off + n;
	/* what the join takes as written before: never held again */
	if (off < 32)
		model_end = off + n;
	else if (off + n > model_end)
		model_end = off + n;
}

/* the file on disk (another descriptor) is the plain file's bytes */
static int disk_is_mirror(const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	struct stat st;
	int same = fstat(fd, &st) == 0 && st.st_size == mirror_len;
	unsigned char buf[65536];
	for (long at = 0; same && at < mirror_len;) {
		ssize_t n = pread(fd, buf, sizeof buf, at);
		same = n > 0 && memcmp(buf, mirror + at, (size_t)n) == 0;
		at += n > 0 ? n : 0;
	}
	close(fd);
	return same;
}

static void fill(unsigned char *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (unsigned char)next_rand();
}

#define PAGE 4096
#define FRAME (24 + PAGE)

/* The joining VFS's WAL file against the plain file, call by call. */
static void fuzz(const char *vfs_name)
{
	sqlite3_vfs *vfs = sqlite3_vfs_find(vfs_name);
	CHECK(vfs != NULL);
	if (!vfs)
		return;
	char base[160], path[176];
	snprintf(base, sizeof base, "%s/fuzz.db", dir);
	snprintf(path, sizeof path, "%s-wal", base);
	int fd = open(base, O_RDWR | O_CREAT, 0600); /* the unix VFS reads its mode */
	close(fd);
	unlink(path);
	mirror = calloc(1, MIRROR_MAX);
	mirror_len = model_end = 0;
	sqlite3_file *f = calloc(1, (size_t)vfs->szOsFile);
	/* SQLite's file names end with two NULs (URI parameters follow) */
	char name[sizeof path + 2] = {0};
	memcpy(name, path, strlen(path));
	int out = 0;
	int rc = vfs->xOpen(vfs, name, f,
	                    SQLITE_OPEN_WAL | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &out);
	CHECKF(rc == SQLITE_OK && f->pMethods, "the fuzz's WAL opens (%d)", rc);
	if (rc != SQLITE_OK || !f->pMethods) {
		free(f);
		free(mirror);
		return;
	}
	const sqlite3_io_methods *m = f->pMethods;
	unsigned char *buf = malloc(2 * FRAME + 1);
	long frames_end = 32; /* where the next frame goes */
	int bad_reads = 0, bad_points = 0, points = 0, commits_one_write = 0, commits = 0;
	int ops = 0;
	bool flushed = true; /* the last call left nothing held */
	for (ops = 0; ops < 2000 && !bad_reads && !bad_points; ops++) {
		int kind = below(100);
		bool point = false; /* the file must be the plain one now */
		if (kind < 45) {
			/* a commit, or a spill (no commit frame), of 1-6 frames */
			/* now and then longer than the join holds (120 KiB): 30
			 * frames end with a header that fits and its page that does
			 * not */
			int nframes = below(20) ? 1 + below(6) : below(2) ? 30 : 20 + below(30);
			bool commit = below(5) != 0;
			/* one write if nothing was held before it and nothing was
			 * written at or past its place since the log's start */
			bool single =
			    flushed && model_end <= frames_end && nframes * FRAME <= 120 * 1024;
			long before = wal_writes;
			for (int i = 0; i < nframes && !bad_points; i++) {
				unsigned char h[24];
				fill(h, 24);
				memset(h + 4, 0, 4);
				if (commit && i == nframes - 1)
					h[7] = 1 + (unsigned char)below(200);
				fill(buf, PAGE);
				rc = m->xWrite(f, h, 24, frames_end);
				mirror_write(h, 24, frames_end);
				int rc2 = m->xWrite(f, buf, PAGE, frames_end + 24);
				mirror_write(buf, PAGE, frames_end + 24);
				if (rc != SQLITE_OK || rc2 != SQLITE_OK)
					bad_points++;
				frames_end += FRAME;
			}
			point = commit;
			if (commit && single) {
				commits++;
				commits_one_write += wal_writes - before == 1;
			}
		} else if (kind < 55) {
			/* a read anywhere, also past the end */
			long off = below((int)mirror_len + 2 * FRAME + 1);
			int n = 1 + below(2 * FRAME);
			memset(buf, 0xAA, (size_t)n);
			rc = m->xRead(f, buf, n, off);
			unsigned char *want = calloc(1, (size_t)n);
			if (off < mirror_len)
				memcpy(want, mirror + off,
				       (size_t)(off + n <= mirror_len ? n : mirror_len - off));
			bool short_read = off + n > mirror_len;
			if ((short_read ? rc != SQLITE_IOERR_SHORT_READ : rc != SQLITE_OK) ||
			    memcmp(buf, want, (size_t)n) != 0)
				bad_reads++;
			free(want);
			point = true;
		} else if (kind < 65) {
			/* a page or a header rewritten in place, or bytes anywhere */
			long off = below((int)mirror_len + FRAME + 1);
			int n = below(3) == 0 ? 24 : 1 + below(FRAME);
			if (below(2) && frames_end > 32 + FRAME) {
				off = 32 + (long)below((int)((frames_end - 32) / FRAME)) * FRAME;
				n = below(2) ? 24 : PAGE;
				off += n == PAGE ? 24 : 0;
			}
			fill(buf, n);
			if (n == 24)
				memset(buf + 4, 0, 4 - (size_t)below(2));
			/* into what the file holds (a frame rewritten in place, the
			 * last of walRewriteChecksums' headers): never held */
			point = off < model_end || off < 32;
			rc = m->xWrite(f, buf, n, off);
			mirror_write(buf, n, off);
			if (rc != SQLITE_OK)
				bad_points++;
		} else if (kind < 70) {
			/* the log starts again: its header at 0, frames from 32 */
			fill(buf, 32);
			rc = m->xWrite(f, buf, 32, 0);
			mirror_write(buf, 32, 0);
			frames_end = 32;
			point = true;
			if (rc != SQLITE_OK)
				bad_points++;
		} else if (kind < 77) {
			long size = below((int)mirror_len + 1);
			if (below(3) == 0)
				size = 0;
			rc = m->xTruncate(f, size);
			if (size < mirror_len)
				mirror_len = size;
			if (size < model_end)
				model_end = size;
			if (frames_end > size)
				frames_end = size < 32 ? 32 : 32 + ((size - 32) / FRAME) * FRAME;
			if (rc != SQLITE_OK)
				bad_points++;
			point = true;
		} else if (kind < 85) {
			sqlite3_int64 size = -1;
			rc = m->xFileSize(f, &size);
			if (rc != SQLITE_OK || size != mirror_len)
				bad_reads++;
			point = true;
		} else if (kind < 92) {
			rc = m->xSync(f, SQLITE_SYNC_NORMAL);
			if (rc != SQLITE_OK)
				bad_points++;
			point = true;
		} else {
			sqlite3_int64 hint = mirror_len;
			(void)m->xFileControl(f, SQLITE_FCNTL_SIZE_HINT, &hint);
			point = true;
		}
		if (point) {
			points++;
			if (!disk_is_mirror(path))
				bad_points++;
		}
		flushed = point;
		if (mirror_len > MIRROR_MAX / 2) {
			m->xTruncate(f, 0);
			mirror_len = model_end = 0;
			frames_end = 32;
			flushed = true;
		}
	}
	CHECKF(bad_reads == 0, "%s: every read and size is the plain file's (op %d)", vfs_name,
	       ops);
	CHECKF(bad_points == 0 && points > 500,
	       "%s: after each call but a write, each commit's page and each write into the file, "
	       "the file is the plain one byte for byte (op %d, %d points)",
	       vfs_name, ops, points);
	CHECKF(commits > 50 && commits_one_write == commits,
	       "%s: a commit's frames after a call that wrote all are one write (%d of %d)",
	       vfs_name, commits_one_write, commits);
	printf("# %s: %d calls, %d checked byte for byte, %d commits of one write\n", vfs_name, ops,
	       points, commits);
	rc = m->xClose(f);
	CHECKF(rc == SQLITE_OK && disk_is_mirror(path), "%s: closed, the file is the plain one",
	       vfs_name);
	free(buf);
	free(f);
	free(mirror);
	unlink(path);
	unlink(base);
}

static int count_rows(const char *path, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *q = NULL;
	int n = -1;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &q, NULL) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
		n = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	sqlite3_close(db);
	return n;
}

static int copy_db(const char *from, const char *to)
{
	char w[200], cw[200];
	snprintf(w, sizeof w, "%s-wal", from);
	snprintf(cw, sizeof cw, "%s-wal", to);
	unlink(to);
	unlink(cw);
	char shm[200];
	snprintf(shm, sizeof shm, "%s-shm", to);
	unlink(shm);
	struct stat st;
	if (stat(w, &st) != 0)
		return copy_file(from, to);
	return copy_file(from, to) || copy_file(w, cw);
}

/* The store's commits through the join: one write each, copies recover. */
static void store_commits(unsigned flags, const char *name)
{
	snprintf(db_path, sizeof db_path, "%s/%s.db", dir, name);
	snprintf(copy_path, sizeof copy_path, "%s/%s-copy.db", dir, name);
	struct tg_store *s =
	    tg_store_open_ex(db_path, TG_SOURCE_DIR "/schema", flags | TG_STORE_WAL_JOIN, &err);
	CHECKF(s != NULL, "%s: open: %s: %s", name, err.code, err.message);
	if (!s)
		return;
	CHECK_OK(tg_store_defer_sync(s, &err));
	int one_write = 0, kept = 0;
	long alone = wal_headers_alone;
	for (int i = 0; i < COMMITS; i++) {
		char who[48];
		int64_t uid = 0;
		long before = wal_writes;
		CHECK_OK(tg_store_begin(s, &err));
		for (int k = 0; k <= i % 3; k++) {
			snprintf(who, sizeof who, "player%03d-%d-with-a-longer-name", i, k);
			CHECK_OK(tg_store_user_create(s, who, "a password hash's text", NOW, &uid,
			                              &err));
		}
		CHECK_OK(tg_store_commit(s, &err));
		one_write += wal_writes - before == 1;
		/* a copy now, the store still open and nothing synced: the frames
		 * are in the file (the page cache), as the syncer's fdatasync
		 * needs them */
		if (i % 4 == 3 || i == COMMITS - 1) {
			int want = 0;
			for (int j = 0; j <= i; j++)
				want += j % 3 + 1;
			CHECK(copy_db(db_path, copy_path) == 0);
			int n = count_rows(copy_path,
			                   "SELECT count(*) FROM users WHERE name LIKE 'player%'");
			kept += n == want;
			CHECKF(n == want,
			       "%s: the copy after commit %d holds every user (%d of %d)", name, i,
			       n, want);
		}
	}
	/* the first commit follows the log's header and its sync (a new log) */
	/* (the counting VFS is under SQLite's default only, not unix-excl) */
	if (!(flags & TG_STORE_EXCLUSIVE))
		CHECKF(one_write >= COMMITS - 1, "%s: one WAL write a commit (%d of %d commits)",
		       name, one_write, COMMITS);
	CHECKF(wal_headers_alone == alone, "%s: no frame header written alone (%ld)", name,
	       wal_headers_alone - alone);
	if (flags & TG_STORE_EXCLUSIVE)
		printf("# %s: %d commits, %d copies recovered whole\n", name, COMMITS, kept);
	else
		printf("# %s: %d commits, %d of one WAL write, %d copies recovered whole\n", name,
		       COMMITS, one_write, kept);
	CHECK_OK(tg_store_sync(s, &err));
	tg_store_close(s);
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/tg-test-waljoin-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	counting_register();
	const char *join = store_vfs_join(NULL);
	CHECK(join != NULL);
	fuzz(join);
	store_commits(0, "plain");
	store_commits(TG_STORE_EXCLUSIVE, "exclusive");

	/* the spilled transaction, through the join on a file of its own */
	char spill_path[160], spill_copy[160];
	snprintf(spill_path, sizeof spill_path, "%s/spill.db", dir);
	snprintf(spill_copy, sizeof spill_copy, "%s/spill-copy.db", dir);
	sqlite3 *sp = NULL;
	CHECK(sqlite3_open_v2(spill_path, &sp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, join) ==
	      SQLITE_OK);
	char *msg = NULL;
	CHECKF(
	    sqlite3_exec(sp,
	                 "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=2;"
	                 "CREATE TABLE t(id INTEGER PRIMARY KEY, v BLOB);"
	                 "BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n "
	                 "WHERE i < 400) INSERT INTO t SELECT i, zeroblob(500) FROM n;"
	                 "UPDATE t SET v = randomblob(500) WHERE id % 3 = 0;"
	                 "UPDATE t SET v = zeroblob(400) WHERE id % 7 = 0; COMMIT;",
	                 NULL, NULL, &msg) == SQLITE_OK,
	    "the spilled transaction commits: %s", msg ? msg : sqlite3_errmsg(sp));
	sqlite3_free(msg);
	CHECK(copy_db(spill_path, spill_copy) == 0);
	sqlite3_close(sp);
	int n = count_rows(spill_copy, "SELECT count(*) FROM t WHERE length(v) = (CASE WHEN id % 7 "
	                               "= 0 THEN 400 ELSE 500 END)");
	CHECKF(n == 400, "the spilled transaction's copy holds every row (%d of 400)", n);

	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return tap_done();
}
