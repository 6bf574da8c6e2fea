/* store_vfs.c — the store's SQLite VFS: the default one (unix), except
 * that a WAL frame is written in one system call, not two (issue 17,
 * session 25).
 *
 * SQLite writes each frame of a commit as two writes, its 24-byte header
 * and then its page, one right after the other (wal.c, walWriteOneFrame):
 * the loop's commits made 1.02 pwrite64 calls an acknowledged action so,
 * its most frequent system call. Here a WAL file's write of exactly a
 * frame header is held back, and the write that follows it at the next
 * byte (the page, always, in SQLite 3.40's wal.c) goes down with the
 * header in front as one write at the header's offset: the same bytes at
 * the same offsets, one pwrite. A header is held only when the file's
 * last call was a write (a frame appended after the one before): the
 * headers SQLite rewrites in place when a commit rewrote a page it had
 * already spilled (walRewriteChecksums) each follow a read of their frame
 * and come with no page, and the last of them must be in the file before
 * the commit is published. Anything else that reaches the file while
 * a header is held (another write, a read, a sync, a truncate, a size, a
 * lock, the close) first writes the header alone, so no caller sees the
 * file without it; a header's write is never held past the call that
 * follows it. The error of a held header's write is the next call's.
 *
 * Only what a file does differs; the VFS's other calls are the unix VFS's.
 * Its name is "tg-store"; the store's connections (the writer's and the
 * checkpointer's) open through it; the default VFS is left as it was. */
#include "store_internal.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_HEADER 24 /* WAL_FRAME_HDRSIZE */
#define WAL_HEADER 32   /* WAL_HDRSIZE: the file's own header, never held */

struct vfile {
	sqlite3_file base;
	sqlite3_file *real; /* right after this struct */
	bool wal;
	bool wrote_last; /* the file's last call was a write */
	int held;        /* bytes of header held: 0 or FRAME_HEADER */
	sqlite3_int64 held_at;
	unsigned char header[FRAME_HEADER];
	unsigned char *joined; /* header + page, one write's bytes */
	size_t joined_cap;
};

static sqlite3_vfs *real_vfs;
static sqlite3_vfs store_vfs;
static sqlite3_io_methods vfile_methods;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool registered;

#define REAL(f) (((struct vfile *)(f))->real)
#define M(f) (REAL(f)->pMethods)

/* Writes a held header alone (something other than its page came next). */
static int flush(sqlite3_file *f)
{
	struct vfile *v = (struct vfile *)f;
	v->wrote_last = false;
	if (!v->held)
		return SQLITE_OK;
	v->held = 0;
	return M(f)->xWrite(v->real, v->header, FRAME_HEADER, v->held_at);
}

static int v_write(sqlite3_file *f, const void *p, int n, sqlite3_int64 off)
{
	struct vfile *v = (struct vfile *)f;
	bool after_write = v->wrote_last;
	v->wrote_last = true;
	if (v->held) {
		if (off == v->held_at + FRAME_HEADER && n > 0) {
			size_t need = (size_t)FRAME_HEADER + (size_t)n;
			if (need > v->joined_cap) {
				unsigned char *b = realloc(v->joined, need);
				if (b) {
					v->joined = b;
					v->joined_cap = need;
				}
			}
			if (need <= v->joined_cap) {
				memcpy(v->joined, v->header, FRAME_HEADER);
				memcpy(v->joined + FRAME_HEADER, p, (size_t)n);
				v->held = 0;
				return M(f)->xWrite(v->real, v->joined, (int)need, v->held_at);
			}
		}
		int rc = flush(f);
		v->wrote_last = true;
		if (rc != SQLITE_OK)
			return rc;
	}
	if (v->wal && n == FRAME_HEADER && off >= WAL_HEADER && after_write) {
		memcpy(v->header, p, FRAME_HEADER);
		v->held = FRAME_HEADER;
		v->held_at = off;
		return SQLITE_OK;
	}
	return M(f)->xWrite(v->real, p, n, off);
}

static int v_close(sqlite3_file *f)
{
	struct vfile *v = (struct vfile *)f;
	int rc = flush(f);
	int rc2 = M(f)->xClose(v->real);
	free(v->joined);
	v->joined = NULL;
	v->joined_cap = 0;
	return rc != SQLITE_OK ? rc : rc2;
}

static int v_read(sqlite3_file *f, void *p, int n, sqlite3_int64 off)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xRead(REAL(f), p, n, off);
}

static int v_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xTruncate(REAL(f), size);
}

static int v_sync(sqlite3_file *f, int flags)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xSync(REAL(f), flags);
}

static int v_size(sqlite3_file *f, sqlite3_int64 *size)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xFileSize(REAL(f), size);
}

static int v_lock(sqlite3_file *f, int level)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xLock(REAL(f), level);
}

static int v_unlock(sqlite3_file *f, int level)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xUnlock(REAL(f), level);
}

static int v_reserved(sqlite3_file *f, int *out)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xCheckReservedLock(REAL(f), out);
}

static int v_fcntl(sqlite3_file *f, int op, void *arg)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xFileControl(REAL(f), op, arg);
}

static int v_sector(sqlite3_file *f)
{
	return M(f)->xSectorSize(REAL(f));
}

static int v_dev(sqlite3_file *f)
{
	return M(f)->xDeviceCharacteristics(REAL(f));
}

static int v_shm_map(sqlite3_file *f, int pg, int sz, int extend, void volatile **pp)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xShmMap(REAL(f), pg, sz, extend, pp);
}

static int v_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xShmLock(REAL(f), off, n, flags);
}

/* No error to return: a failed header's write here is lost to the caller,
 * so none is held when SQLite publishes its frames. SQLite's barrier is
 * called on the database's file, never the WAL's, and a header is never
 * held past its page's write: flush finds nothing to write here. */
static void v_shm_barrier(sqlite3_file *f)
{
	(void)flush(f);
	M(f)->xShmBarrier(REAL(f));
}

static int v_shm_unmap(sqlite3_file *f, int del)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xShmUnmap(REAL(f), del);
}

static int v_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **pp)
{
	int rc = flush(f);
	return rc != SQLITE_OK ? rc : M(f)->xFetch(REAL(f), off, n, pp);
}

static int v_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
	return M(f)->xUnfetch(REAL(f), off, p);
}

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
	(void)vfs;
	struct vfile *v = (struct vfile *)f;
	memset(v, 0, sizeof *v);
	v->real = (sqlite3_file *)(v + 1);
	v->wal = (flags & SQLITE_OPEN_WAL) != 0;
	int rc = real_vfs->xOpen(real_vfs, name, v->real, flags, out);
	/* a failed open may still set pMethods: SQLite then calls xClose */
	v->base.pMethods = v->real->pMethods ? &vfile_methods : NULL;
	return rc;
}

static int v_delete(sqlite3_vfs *vfs, const char *name, int sync)
{
	(void)vfs;
	return real_vfs->xDelete(real_vfs, name, sync);
}

static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
	(void)vfs;
	return real_vfs->xAccess(real_vfs, name, flags, out);
}

static int v_fullpath(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
	(void)vfs;
	return real_vfs->xFullPathname(real_vfs, name, n, out);
}

static void *v_dlopen(sqlite3_vfs *vfs, const char *name)
{
	(void)vfs;
	return real_vfs->xDlOpen(real_vfs, name);
}

static void v_dlerror(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	real_vfs->xDlError(real_vfs, n, out);
}

static void (*v_dlsym(sqlite3_vfs *vfs, void *h, const char *sym))(void)
{
	(void)vfs;
	return real_vfs->xDlSym(real_vfs, h, sym);
}

static void v_dlclose(sqlite3_vfs *vfs, void *h)
{
	(void)vfs;
	real_vfs->xDlClose(real_vfs, h);
}

static int v_random(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xRandomness(real_vfs, n, out);
}

static int v_sleep(sqlite3_vfs *vfs, int us)
{
	(void)vfs;
	return real_vfs->xSleep(real_vfs, us);
}

static int v_time(sqlite3_vfs *vfs, double *out)
{
	(void)vfs;
	return real_vfs->xCurrentTime(real_vfs, out);
}

static int v_last_error(sqlite3_vfs *vfs, int n, char *out)
{
	(void)vfs;
	return real_vfs->xGetLastError(real_vfs, n, out);
}

static int v_time64(sqlite3_vfs *vfs, sqlite3_int64 *out)
{
	(void)vfs;
	return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

static void register_once(void)
{
	real_vfs = sqlite3_vfs_find(NULL);
	/* the methods this file needs: shared memory and xFetch (version 3),
	 * and the time in milliseconds (version 2) */
	if (!real_vfs || real_vfs->iVersion < 2 || !real_vfs->xCurrentTimeInt64)
		return;
	vfile_methods = (sqlite3_io_methods){
	    .iVersion = 3,
	    .xClose = v_close,
	    .xRead = v_read,
	    .xWrite = v_write,
	    .xTruncate = v_truncate,
	    .xSync = v_sync,
	    .xFileSize = v_size,
	    .xLock = v_lock,
	    .xUnlock = v_unlock,
	    .xCheckReservedLock = v_reserved,
	    .xFileControl = v_fcntl,
	    .xSectorSize = v_sector,
	    .xDeviceCharacteristics = v_dev,
	    .xShmMap = v_shm_map,
	    .xShmLock = v_shm_lock,
	    .xShmBarrier = v_shm_barrier,
	    .xShmUnmap = v_shm_unmap,
	    .xFetch = v_fetch,
	    .xUnfetch = v_unfetch,
	};
	store_vfs = (sqlite3_vfs){
	    .iVersion = 2,
	    .szOsFile = (int)sizeof(struct vfile) + real_vfs->szOsFile,
	    .mxPathname = real_vfs->mxPathname,
	    .zName = "tg-store",
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
	registered = sqlite3_vfs_register(&store_vfs, 0) == SQLITE_OK;
}

const char *store_vfs_name(void)
{
	pthread_once(&once, register_once);
	return registered ? store_vfs.zName : NULL;
}
