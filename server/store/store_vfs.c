/* store_vfs.c — the store's WAL written a commit at a time: one pwrite a
 * commit where SQLite makes two a frame (issue 17, session 28; the
 * daemon's store_wal_join, off by default).
 *
 * SQLite 3.40 writes each frame of a commit as two writes, its 24-byte
 * header and then its page, at consecutive offsets (wal.c,
 * walWriteOneFrame), 1.4-3.1 frames a commit at 1,000 actions/s
 * (tests/bench/wal_frames.py): the WAL's pwrite64 was about 4 calls an
 * action, 20 us of CPU each on session 27's machine, the loop's largest
 * item. Through this VFS a WAL file's writes that follow one another in
 * the file are held in memory and go down as one write when the commit's
 * last page arrives: the page after a frame header whose "database size
 * after commit" field (bytes 4-7) is not zero. Everything else on the
 * file first writes what is held, in order: any other call (a read, a
 * sync, a truncate, its size, a lock, a file control, the close), a write
 * that does not continue the held run, or one that would pass the held
 * bytes' bound (JOIN_CAP). So SQLite, and anyone reading the file after
 * one of its calls returned, sees the bytes a plain file would hold:
 *
 * - A commit's frames are all in the file before the commit's last write
 *   returns, so before SQLite publishes the commit in the WAL index (the
 *   -shm, or memory with unix-excl: calls on the database's file, not on
 *   the WAL's), before the wal hook counts it for the syncer (whose
 *   fdatasync on its own descriptor of the same inode covers them) and
 *   before a checkpointer's connection can read them.
 * - A write into what the file already holds is never held: a page
 *   rewritten in place (a page a transaction wrote to the WAL before, in a
 *   spill), and the frame headers walRewriteChecksums rewrites after the
 *   commit's frames, the last of which no further call on the WAL follows
 *   before the commit is published. "Already holds" is the furthest byte
 *   written since the file was opened or its header (offset 0, written
 *   first whenever the log starts again) was last written, or since a
 *   truncate below it.
 * - A spill's frames (a transaction larger than the page cache, not a
 *   commit) stay held until the next call or the commit's page: SQLite
 *   reads them back only through this file (a read writes them first),
 *   and publishes none of them.
 * - With synchronous=FULL (a store whose syncs are not deferred), SQLite
 *   pads a commit with copies of its last frame and syncs: each copy is a
 *   commit frame and the sync writes anything held first.
 *
 * A held write's error is the error of the call that writes it (the
 * commit's last page, at the latest). Only the writer's connection opens
 * through this VFS (the checkpointer's writes no WAL); other files (the
 * database, the -shm) are the base VFS's own, opened in place, so their
 * calls do not pass through here at all. */
#include "store_internal.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_HEADER 24 /* WAL_FRAME_HDRSIZE */
#define WAL_HEADER 32   /* WAL_HDRSIZE: the file's own header, at 0 */
/* The most bytes held: 29 frames of 4 KB pages; a longer run of writes
 * (a large transaction) goes down in pieces of at most this size. It must
 * stay under 128 KiB: the unix VFS's write takes a length of 17 bits
 * (os_unix.c, seekAndWriteFd: nBuf &= 0x1ffff), and a longer one fails
 * with SQLITE_FULL (found by test_store_wal_join's spilled transaction). */
#define JOIN_CAP (120 * 1024)

struct wfile {
	sqlite3_file base; /* pMethods = &methods */
	sqlite3_io_methods methods;
	sqlite3_file *real; /* the base VFS's file, right after this struct */
	unsigned char *buf; /* the held bytes, for offsets [at, at + len) */
	size_t len, cap;
	sqlite3_int64 at;
	sqlite3_int64 end; /* the furthest byte written or held, + 1 */
	bool commit_page;  /* the last held write was a commit frame's header */
};

struct join_vfs {
	sqlite3_vfs vfs;
	sqlite3_vfs *real;
	char base[16];
	char name[32];
};

/* SQLite's default ("unix", base NULL) and "unix-excl", or any other base
 * a test names; registered once each, never unregistered. */
#define JOIN_VFS_MAX 4
static struct join_vfs joins[JOIN_VFS_MAX];
static int joins_used;
static pthread_mutex_t joins_mu = PTHREAD_MUTEX_INITIALIZER;

#define REAL(f) (((struct wfile *)(f))->real)
#define M(f) (REAL(f)->pMethods)

/* Writes what is held, as one write. */
static int flush(struct wfile *w)
{
	if (!w->len)
		return SQLITE_OK;
	size_t n = w->len;
	w->len = 0;
	w->commit_page = false;
	return w->real->pMethods->xWrite(w->real, w->buf, (int)n, w->at);
}

static int direct(struct wfile *w, const void *p, int n, sqlite3_int64 off)
{
	if (off + n > w->end)
		w->end = off + n;
	return w->real->pMethods->xWrite(w->real, p, n, off);
}

static int w_write(sqlite3_file *f, const void *p, int n, sqlite3_int64 off)
{
	struct wfile *w = (struct wfile *)f;
	bool continues = w->len && off == w->at + (sqlite3_int64)w->len;
	/* the commit's last page: taken before a flush for the bound below
	 * forgets that the held run ended with the commit's header */
	bool ends_commit = continues && w->commit_page && n != FRAME_HEADER;
	if (!continues) {
		int rc = flush(w);
		if (rc != SQLITE_OK)
			return rc;
		if (off < WAL_HEADER) {
			/* the log's header: the log starts again (or is made) */
			w->end = off + n;
			return w->real->pMethods->xWrite(w->real, p, n, off);
		}
		if (off < w->end || n <= 0)
			return direct(w, p, n, off);
	}
	size_t need = w->len + (size_t)n;
	if (need > JOIN_CAP) {
		int rc = flush(w);
		if (rc != SQLITE_OK)
			return rc;
		need = (size_t)n;
		if (need > JOIN_CAP)
			return direct(w, p, n, off);
	}
	if (need > w->cap) {
		size_t cap = w->cap ? w->cap : 8192;
		while (cap < need)
			cap *= 2;
		unsigned char *b = realloc(w->buf, cap);
		if (!b) {
			int rc = flush(w);
			return rc != SQLITE_OK ? rc : direct(w, p, n, off);
		}
		w->buf = b;
		w->cap = cap;
	}
	if (!w->len)
		w->at = off;
	memcpy(w->buf + w->len, p, (size_t)n);
	w->len = need;
	if (off + n > w->end)
		w->end = off + n;
	if (n == FRAME_HEADER) {
		const unsigned char *h = p;
		w->commit_page = (h[4] | h[5] | h[6] | h[7]) != 0;
		return SQLITE_OK;
	}
	/* the commit's last page: its frames go down now, before SQLite
	 * publishes them */
	return ends_commit ? flush(w) : SQLITE_OK;
}

static int w_close(sqlite3_file *f)
{
	struct wfile *w = (struct wfile *)f;
	int rc = flush(w);
	int rc2 = M(f)->xClose(w->real);
	free(w->buf);
	w->buf = NULL;
	w->cap = 0;
	return rc != SQLITE_OK ? rc : rc2;
}

static int w_read(sqlite3_file *f, void *p, int n, sqlite3_int64 off)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xRead(REAL(f), p, n, off);
}

static int w_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	struct wfile *w = (struct wfile *)f;
	int rc = flush(w);
	if (rc != SQLITE_OK)
		return rc;
	if (w->end > size)
		w->end = size;
	return M(f)->xTruncate(w->real, size);
}

static int w_sync(sqlite3_file *f, int flags)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xSync(REAL(f), flags);
}

static int w_size(sqlite3_file *f, sqlite3_int64 *size)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xFileSize(REAL(f), size);
}

static int w_lock(sqlite3_file *f, int level)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xLock(REAL(f), level);
}

static int w_unlock(sqlite3_file *f, int level)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xUnlock(REAL(f), level);
}

static int w_reserved(sqlite3_file *f, int *out)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xCheckReservedLock(REAL(f), out);
}

static int w_fcntl(sqlite3_file *f, int op, void *arg)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xFileControl(REAL(f), op, arg);
}

static int w_sector(sqlite3_file *f)
{
	(void)flush((struct wfile *)f); /* nothing is held here: SQLite asks at the open */
	return M(f)->xSectorSize(REAL(f));
}

static int w_dev(sqlite3_file *f)
{
	(void)flush((struct wfile *)f); /* as w_sector */
	return M(f)->xDeviceCharacteristics(REAL(f));
}

/* SQLite maps, locks and barriers the database's file's shared memory,
 * never the WAL's: these pass on as they came, after what is held. */
static int w_shm_map(sqlite3_file *f, int pg, int sz, int extend, void volatile **pp)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xShmMap(REAL(f), pg, sz, extend, pp);
}

static int w_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xShmLock(REAL(f), off, n, flags);
}

static void w_shm_barrier(sqlite3_file *f)
{
	(void)flush((struct wfile *)f);
	M(f)->xShmBarrier(REAL(f));
}

static int w_shm_unmap(sqlite3_file *f, int del)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xShmUnmap(REAL(f), del);
}

static int w_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **pp)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xFetch(REAL(f), off, n, pp);
}

static int w_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
	int rc = flush((struct wfile *)f);
	return rc != SQLITE_OK ? rc : M(f)->xUnfetch(REAL(f), off, p);
}

static const sqlite3_io_methods wal_methods = {
    .iVersion = 3,
    .xClose = w_close,
    .xRead = w_read,
    .xWrite = w_write,
    .xTruncate = w_truncate,
    .xSync = w_sync,
    .xFileSize = w_size,
    .xLock = w_lock,
    .xUnlock = w_unlock,
    .xCheckReservedLock = w_reserved,
    .xFileControl = w_fcntl,
    .xSectorSize = w_sector,
    .xDeviceCharacteristics = w_dev,
    .xShmMap = w_shm_map,
    .xShmLock = w_shm_lock,
    .xShmBarrier = w_shm_barrier,
    .xShmUnmap = w_shm_unmap,
    .xFetch = w_fetch,
    .xUnfetch = w_unfetch,
};

#define JOIN(vfs) ((struct join_vfs *)(vfs))
#define BASE(vfs) (JOIN(vfs)->real)

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
	sqlite3_vfs *real = BASE(vfs);
	/* Not a WAL: the base's file in place; SQLite calls its methods. */
	if (!(flags & SQLITE_OPEN_WAL))
		return real->xOpen(real, name, f, flags, out);
	struct wfile *w = (struct wfile *)f;
	memset(w, 0, sizeof *w);
	w->real = (sqlite3_file *)(w + 1);
	int rc = real->xOpen(real, name, w->real, flags, out);
	/* a failed open may still set pMethods: SQLite then calls xClose */
	if (!w->real->pMethods) {
		w->base.pMethods = NULL;
		return rc;
	}
	w->methods = wal_methods;
	if (w->real->pMethods->iVersion < w->methods.iVersion)
		w->methods.iVersion = w->real->pMethods->iVersion;
	w->base.pMethods = &w->methods;
	return rc;
}

static int v_delete(sqlite3_vfs *vfs, const char *name, int sync)
{
	return BASE(vfs)->xDelete(BASE(vfs), name, sync);
}

static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
	return BASE(vfs)->xAccess(BASE(vfs), name, flags, out);
}

static int v_fullpath(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
	return BASE(vfs)->xFullPathname(BASE(vfs), name, n, out);
}

static void *v_dlopen(sqlite3_vfs *vfs, const char *name)
{
	return BASE(vfs)->xDlOpen(BASE(vfs), name);
}

static void v_dlerror(sqlite3_vfs *vfs, int n, char *out)
{
	BASE(vfs)->xDlError(BASE(vfs), n, out);
}

static void (*v_dlsym(sqlite3_vfs *vfs, void *h, const char *sym))(void)
{
	return BASE(vfs)->xDlSym(BASE(vfs), h, sym);
}

static void v_dlclose(sqlite3_vfs *vfs, void *h)
{
	BASE(vfs)->xDlClose(BASE(vfs), h);
}

static int v_random(sqlite3_vfs *vfs, int n, char *out)
{
	return BASE(vfs)->xRandomness(BASE(vfs), n, out);
}

static int v_sleep(sqlite3_vfs *vfs, int us)
{
	return BASE(vfs)->xSleep(BASE(vfs), us);
}

static int v_time(sqlite3_vfs *vfs, double *out)
{
	return BASE(vfs)->xCurrentTime(BASE(vfs), out);
}

static int v_last_error(sqlite3_vfs *vfs, int n, char *out)
{
	return BASE(vfs)->xGetLastError(BASE(vfs), n, out);
}

static int v_time64(sqlite3_vfs *vfs, sqlite3_int64 *out)
{
	return BASE(vfs)->xCurrentTimeInt64(BASE(vfs), out);
}

static struct join_vfs *find(const char *base)
{
	for (int i = 0; i < joins_used; i++)
		if (strcmp(joins[i].base, base) == 0)
			return &joins[i];
	return NULL;
}

const char *store_vfs_join(const char *base)
{
	pthread_mutex_lock(&joins_mu);
	const char *key = base ? base : "";
	struct join_vfs *j = find(key);
	if (!j && joins_used < JOIN_VFS_MAX && strlen(key) < sizeof j->base) {
		sqlite3_vfs *real = sqlite3_vfs_find(base);
		/* xCurrentTimeInt64 is version 2's; the files' methods are checked
		 * at each open */
		if (real && real->iVersion >= 2 && real->xCurrentTimeInt64) {
			j = &joins[joins_used];
			memset(j, 0, sizeof *j);
			strcpy(j->base, key);
			snprintf(j->name, sizeof j->name, "tg-join%s%s", key[0] ? "-" : "", key);
			j->real = real;
			j->vfs = (sqlite3_vfs){
			    .iVersion = 2,
			    .szOsFile = (int)sizeof(struct wfile) + real->szOsFile,
			    .mxPathname = real->mxPathname,
			    .zName = j->name,
			    .xOpen = v_open,
			    .xDelete = v_delete,
			    .xAccess = v_access,
			    .xFullPathname = v_fullpath,
			    .xDlOpen = v_dlopen,
			    .xDlError = v_dlerror,
			    .xDlSym = v_dlsym,
			    .xDlClose = v_dlclose,
			    .xRandomness = v_random,
			    .xSleep = v_sleep,
			    .xCurrentTime = v_time,
			    .xGetLastError = v_last_error,
			    .xCurrentTimeInt64 = v_time64,
			};
			if (sqlite3_vfs_register(&j->vfs, 0) == SQLITE_OK)
				joins_used++;
			else
				j = NULL;
		}
	}
	pthread_mutex_unlock(&joins_mu);
	return j ? j->name : NULL;
}
