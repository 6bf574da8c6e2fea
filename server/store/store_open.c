/* store_open.c — opening and closing the SQLite database, and transactions.
 * The database file is private (0600) whatever the umask: it holds password
 * and session hashes, match secrets and snapshots of hidden state. */
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/log.h"
#include "util/thread_name.h"

#ifndef TG_DEFAULT_SCHEMA_DIR
#error "TG_DEFAULT_SCHEMA_DIR must name the schema/ folder (server/CMakeLists.txt sets it)"
#endif

/* How long a statement waits for a lock held by another connection (a backup
 * or an operator's sqlite3 shell) before failing with "storage". */
#define STORE_BUSY_TIMEOUT_MS 5000

static int exec(struct tg_store *s, const char *sql, struct tg_error *err)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return store_fail_db(s, err, sql);
	return 0;
}

/* Runs a prepared statement that returns no rows and binds nothing (BEGIN,
 * COMMIT). */
static int step_done(struct tg_store *s, enum store_stmt id, const char *what, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, id);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, what);
	store_stmt_rebound(st);
	return rc;
}

/* WAL with synchronous=FULL: a commit is on disk when COMMIT returns. */
static int configure(struct tg_store *s, struct tg_error *err)
{
	sqlite3_extended_result_codes(s->db, 1);
	if (sqlite3_busy_timeout(s->db, STORE_BUSY_TIMEOUT_MS) != SQLITE_OK)
		return store_fail_db(s, err, "busy_timeout");
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode=WAL", -1, &st, NULL) != SQLITE_OK)
		return store_fail_db(s, err, "journal_mode");
	int rc = sqlite3_step(st);
	const char *mode = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
	/* An in-memory database (tests) reports "memory": there is no disk to sync. */
	bool ok = mode && (strcmp(mode, "wal") == 0 || strcmp(mode, "memory") == 0);
	if (!ok)
		tg_fail(err, TG_STORE_E_STORAGE, "cannot switch the database to WAL mode (got %s)",
		        mode ? mode : sqlite3_errmsg(s->db));
	sqlite3_finalize(st);
	if (!ok)
		return -1;
	return exec(s, "PRAGMA synchronous=FULL", err) || exec(s, "PRAGMA foreign_keys=ON", err)
	           ? -1
	           : 0;
}

/* Creates the database file 0600 if it is missing, and takes group and other
 * bits off it and its side files if present. SQLite gives the -wal, -shm and
 * -journal files it creates later the database file's mode (unix VFS,
 * findCreateFileMode), so a private database keeps them private. In-memory
 * and URI names are left alone. */
static int make_private(const char *path, struct tg_error *err)
{
	if (!path[0] || strcmp(path, ":memory:") == 0 || strncmp(path, "file:", 5) == 0)
		return 0;
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return tg_fail(err, TG_STORE_E_STORAGE, "cannot open database %s: %s", path,
		               strerror(errno));
	struct stat st;
	int rc = fstat(fd, &st) == 0 && (st.st_mode & 077) ? fchmod(fd, st.st_mode & 0700) : 0;
	close(fd);
	if (rc < 0)
		return tg_fail(err, TG_STORE_E_STORAGE, "cannot make %s private (0600): %s", path,
		               strerror(errno));
	static const char *const side[] = {"-wal", "-shm", "-journal"};
	for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
		char p[4096];
		if (snprintf(p, sizeof p, "%s%s", path, side[i]) >= (int)sizeof p)
			continue;
		if (stat(p, &st) == 0 && (st.st_mode & 077) && chmod(p, st.st_mode & 0700) < 0)
			return tg_fail(err, TG_STORE_E_STORAGE, "cannot make %s private (0600): %s",
			               p, strerror(errno));
	}
	return 0;
}

struct tg_store *tg_store_open(const char *path, const char *schema_dir, struct tg_error *err)
{
	return tg_store_open_ex(path, schema_dir, 0, err);
}

/* SQLite's memory statistics off (issue 17). With them on, SQLite takes a
 * process-wide mutex around each of its allocations and frees to count the
 * bytes (sqlite3Malloc, sqlite3_free): about 17 lock pairs an action on the
 * daemon's loop, half of SQLite's mutex calls there (callgrind_loop.py,
 * session 27). Nothing reads them (sqlite3_memory_used, sqlite3_status64,
 * a heap limit). The setting is taken only before SQLite initializes: the
 * daemon's first SQLite call is its store's open (test_store_memstatus);
 * in a process that used SQLite before (a test that made a database
 * first) SQLite refuses it and counts as before. */
static pthread_once_t sqlite_config_once = PTHREAD_ONCE_INIT;

static void sqlite_config(void)
{
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

struct tg_store *tg_store_open_ex(const char *path, const char *schema_dir, unsigned flags,
                                  struct tg_error *err)
{
	pthread_once(&sqlite_config_once, sqlite_config);
	if (make_private(path, err) != 0)
		return NULL;
	struct tg_store *s = calloc(1, sizeof *s);
	if (!s) {
		tg_fail(err, TG_STORE_E_STORAGE, "out of memory opening %s", path);
		return NULL;
	}
	s->wal_fd = -1;
	/* SQLite's own (os_unix.c): the first lock of the file takes a write
	 * lock on its shared range and keeps it; every later lock of this
	 * process's connections, and the WAL index they share, are kept in
	 * memory (its unixInodeInfo and a heap -shm node). */
	s->vfs = (flags & TG_STORE_EXCLUSIVE) ? "unix-excl" : NULL;
	pthread_mutex_init(&s->stats_mu, NULL);
	/* No mutex on the connection (SQLite's multi-thread mode, issue 17):
	 * a store is used by one thread at a time (the daemon's loop; the
	 * functions store.h says any thread may call touch no connection), and
	 * the connection's mutex was taken and released by every bind, step,
	 * reset and column read: about 13 lock pairs an action on the loop,
	 * 1 K instructions (callgrind_loop.py, session 27). */
	int rc = sqlite3_open_v2(
	    path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, s->vfs);
	if (rc != SQLITE_OK) {
		tg_fail(err, TG_STORE_E_STORAGE, "cannot open database %s: %s", path,
		        s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
		tg_store_close(s);
		return NULL;
	}
	if (configure(s, err) ||
	    store_migrate(s->db, schema_dir ? schema_dir : TG_DEFAULT_SCHEMA_DIR, err) ||
	    store_stmts_prepare(s, err)) {
		tg_store_close(s);
		return NULL;
	}
	return s;
}

static void checkpointer_stop(struct tg_store *s);

void tg_store_close(struct tg_store *s)
{
	if (!s)
		return;
	checkpointer_stop(s);
	if (s->in_transaction)
		tg_store_rollback(s);
	store_stmts_finalize(s);
	sqlite3_close(s->db);
	if (s->wal_fd >= 0)
		close(s->wal_fd);
	pthread_mutex_destroy(&s->stats_mu);
	free(s->action_text.p);
	free(s);
}

int tg_store_begin(struct tg_store *s, struct tg_error *err)
{
	if (s->in_transaction)
		return tg_fail(err, TG_STORE_E_STORAGE, "a transaction is already open");
	/* IMMEDIATE takes the write lock now, so no statement inside can fail
	 * later for want of it. Prepared once (store_stmts.c): the daemon opens
	 * a transaction every loop turn that writes, and parsing the text each
	 * time was about 1 % of its CPU under play (issue 17). */
	if (step_done(s, ST_BEGIN_IMMEDIATE, "BEGIN IMMEDIATE", err))
		return -1;
	s->in_transaction = true;
	return 0;
}

int tg_store_commit(struct tg_store *s, struct tg_error *err)
{
	if (!s->in_transaction)
		return tg_fail(err, TG_STORE_E_STORAGE, "commit without a transaction");
	/* An I/O error or a full disk inside the transaction can make SQLite roll
	 * it back by itself: then nothing of it was written, and saying so is
	 * what keeps the caller from acknowledging lost writes. */
	if (sqlite3_get_autocommit(s->db)) {
		s->in_transaction = false;
		store_touched_forget(s);
		return tg_fail(err, TG_STORE_E_STORAGE,
		               "the transaction was rolled back by an earlier error");
	}
	if (step_done(s, ST_COMMIT, "COMMIT", err)) {
		tg_store_rollback(s);
		return -1;
	}
	s->in_transaction = false;
	return 0;
}

void tg_store_rollback(struct tg_store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	s->in_transaction = false;
	store_touched_forget(s); /* the writes' times may have gone back */
}

bool tg_store_in_transaction(const struct tg_store *s)
{
	return s->in_transaction;
}

/* SQLite's default: a PASSIVE checkpoint once the WAL holds this many pages
 * (sqlite3_wal_autocheckpoint, which our hook replaces). */
#define STORE_AUTOCHECKPOINT_PAGES 1000

static const uint64_t ckpt_bound_ns[TG_STORE_CKPT_BUCKETS - 1] = {
    50000,   100000,   250000,   500000,   1000000,  2000000,   3000000,   5000000,
    7500000, 10000000, 15000000, 25000000, 50000000, 100000000, 250000000,
};
const struct tg_hist_bounds tg_store_ckpt_bounds = {TG_STORE_CKPT_BUCKETS, ckpt_bound_ns};

static const uint64_t fsync_bound_ns[TG_STORE_FSYNC_BUCKETS - 1] = {
    50000,   100000,  150000,  200000,  300000,  400000,   500000,   750000,
    1000000, 1500000, 2000000, 3000000, 5000000, 10000000, 25000000,
};
const struct tg_hist_bounds tg_store_fsync_bounds = {TG_STORE_FSYNC_BUCKETS, fsync_bound_ns};

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A busy or failed checkpoint's log line: the first, then one a minute at
 * most (a failing disk fails every pass; the bound's checkpoint on the
 * committing thread is tried at every commit past it). Under stats_mu;
 * true if the line is due, with *unlogged the ones not logged since the
 * last. */
#define STORE_CKPT_LOG_GAP_NS (60 * 1000000000ull)
static bool log_due(struct store_log_gate *g, uint64_t now, uint64_t *unlogged)
{
	if (g->logged && now - g->last_ns < STORE_CKPT_LOG_GAP_NS) {
		g->unlogged++;
		return false;
	}
	*unlogged = g->unlogged;
	g->unlogged = 0;
	g->last_ns = now;
	g->logged = true;
	return true;
}

static const char *const ckpt_thread_name[TG_STORE_CKPT_N] = {"committing thread", "checkpointer"};

/* One PASSIVE checkpoint of db (the store's connection, or the
 * checkpointer's), timed into the store's figures. A failure, or finding
 * another connection's checkpoint running (SQLITE_BUSY: it did nothing),
 * is counted and logged (log_due): the WAL then grows until a later one
 * succeeds. */
static int store_checkpoint(struct tg_store *s, sqlite3 *db, enum tg_store_ckpt_thread where)
{
	int nlog = 0, nckpt = 0;
	pthread_mutex_lock(&s->stats_mu);
	uint64_t restarts = s->wal_restarts; /* the WAL this pass copies from */
	pthread_mutex_unlock(&s->stats_mu);
	atomic_fetch_add(&s->ckpt_started, 1);
	atomic_fetch_add(&s->ckpt_running, 1);
	uint64_t start = now_ns();
	int rc = sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_PASSIVE, &nlog, &nckpt);
	uint64_t end = now_ns(), unlogged = 0, frames;
	atomic_fetch_sub(&s->ckpt_running, 1);
	bool log = false;
	pthread_mutex_lock(&s->stats_mu);
	if (rc == SQLITE_OK) {
		tg_hist_add(&s->stats.ckpt[where], &tg_store_ckpt_bounds, end - start);
		/* nckpt counts the WAL's frames backfilled so far: this pass's
		 * are those past the last pass's in the same WAL. A WAL started
		 * again after restarts was read (its first frames fewer than the
		 * last pass left) counts from its start. */
		uint64_t done = nckpt > 0 ? (uint64_t)nckpt : 0;
		bool same = restarts == s->ckpt_last_restarts && done >= s->ckpt_last_backfill;
		s->stats.ckpt_frames += same ? done - s->ckpt_last_backfill : done;
		s->ckpt_last_restarts = restarts;
		s->ckpt_last_backfill = done;
	} else if (rc == SQLITE_BUSY) {
		s->stats.ckpt_busy++;
		log = log_due(&s->ckpt_busy_log, end, &unlogged);
	} else {
		s->stats.ckpt_failed++;
		log = log_due(&s->ckpt_failed_log, end, &unlogged);
	}
	frames = s->stats.wal_frames; /* at the last commit: a busy one reads none */
	pthread_mutex_unlock(&s->stats_mu);
	if (log && rc == SQLITE_BUSY)
		TG_WARN(0, 0,
		        "the WAL's checkpoint found another connection's running and did nothing "
		        "(on the %s, %llu frames in the WAL; %llu more such since the last line)",
		        ckpt_thread_name[where], (unsigned long long)frames,
		        (unsigned long long)unlogged);
	else if (log)
		TG_ERROR(0, 0,
		         "the WAL's checkpoint failed (%llu frames in it, on the %s; %llu more "
		         "failures since the last line): %s",
		         (unsigned long long)frames, ckpt_thread_name[where],
		         (unsigned long long)unlogged, sqlite3_errmsg(db));
	return rc;
}

void tg_store_wal_stats(struct tg_store *s, struct tg_store_wal_stats *out)
{
	pthread_mutex_lock(&s->stats_mu);
	*out = s->stats;
	pthread_mutex_unlock(&s->stats_mu);
}

/* ---- the checkpointer ---------------------------------------------------- */

struct store_ckpt {
	struct tg_store *s;
	sqlite3 *db; /* its own connection: only this thread uses it */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cond;
	/* A checkpoint asked for (by the WAL hook) and not yet started. */
	bool want;
	bool stop, hold;
	/* The committing thread's own (checkpointer_ask): the WAL's frames at
	 * its last commit, and the frames at which it asks for the next pass. */
	uint64_t frames, next_ask;
	/* The WAL's pages at which it asks for a cycle's first pass
	 * (tg_store_checkpointer_first). */
	_Atomic uint64_t first;
};

static void *checkpointer_main(void *arg)
{
	struct store_ckpt *c = arg;
	tg_thread_name("tg-ckpt");
	pthread_mutex_lock(&c->mu);
	for (;;) {
		while (!c->stop && (c->hold || !c->want))
			pthread_cond_wait(&c->cond, &c->mu);
		if (c->stop)
			break;
		c->want = false;
		pthread_mutex_unlock(&c->mu);
		/* While it runs, the commits go on: the one that finds the WAL
		 * TG_STORE_WAL_ASK_PAGES past the last request asks again, and
		 * the next checkpoint copies what they added, until one copies
		 * all (the WAL starts again at the next commit) or the bound is
		 * reached. */
		store_checkpoint(c->s, c->db, TG_STORE_CKPT_THREAD);
		pthread_mutex_lock(&c->mu);
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

/* From the WAL hook (the committing thread): a mutex and, if the thread
 * sleeps, a signal; no more while a request waits. */
static void checkpointer_wake(struct store_ckpt *c)
{
	bool asked = false;
	pthread_mutex_lock(&c->mu);
	if (!c->want) {
		c->want = asked = true;
		pthread_cond_signal(&c->cond);
	}
	pthread_mutex_unlock(&c->mu);
	if (asked) {
		pthread_mutex_lock(&c->s->stats_mu);
		c->s->stats.ckpt_asked++;
		pthread_mutex_unlock(&c->s->stats_mu);
	}
}

/* From the WAL hook, at every commit below the bound (the committing
 * thread alone reads and writes frames and next_ask): a pass at the first
 * pages (tg_store_checkpointer_first), then one per TG_STORE_WAL_ASK_PAGES
 * more, and past half the bound one at every commit, until the WAL starts
 * again. */
static void checkpointer_ask(struct store_ckpt *c, uint64_t frames)
{
	if (frames < c->frames)
		c->next_ask = 0; /* the WAL started again */
	c->frames = frames;
	/* Past half the bound a request per 1,000 pages made below it does not
	 * hold the next one back: every commit asks (as it did in
	 * test_store_ckpt only when the pages fell so that none was pending). */
	if (frames < atomic_load_explicit(&c->first, memory_order_relaxed) ||
	    (frames < c->next_ask && frames < TG_STORE_WAL_MAX_PAGES / 2))
		return;
	/* Past half the bound, at every commit again: a pass of 1,000 pages
	 * always has a commit land during it, so the WAL would not start
	 * again before the bound, where the loop checkpoints itself; the
	 * passes then copy the few pages the last one left, until one finds
	 * no commit in between. */
	c->next_ask =
	    frames >= TG_STORE_WAL_MAX_PAGES / 2 ? frames : frames + TG_STORE_WAL_ASK_PAGES;
	checkpointer_wake(c);
}

int tg_store_checkpointer_start(struct tg_store *s, struct tg_error *err)
{
	if (s->ckpt)
		return 0;
	if (s->wal_fd < 0)
		return tg_fail(err, TG_STORE_E_STORAGE,
		               "the checkpointer needs deferred syncs (tg_store_defer_sync)");
	const char *path = sqlite3_db_filename(s->db, "main");
	struct store_ckpt *c = calloc(1, sizeof *c);
	if (!c)
		return tg_fail(err, TG_STORE_E_STORAGE, "out of memory");
	c->s = s;
	atomic_init(&c->first, STORE_AUTOCHECKPOINT_PAGES);
	/* The store's VFS: with "unix-excl" it shares the store's lock of the
	 * file and its WAL index in memory (one process's connections). */
	/* Used by the checkpointer's thread alone, opened and closed by the
	 * store's while that thread is not running: no mutex either. */
	int rc = sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, s->vfs);
	/* A first read opens the connection's WAL (the file is in WAL mode):
	 * SQLite 3.40's checkpoint on a connection that has not read yet does
	 * nothing. Its synchronous is SQLite's default, FULL: in WAL mode a
	 * checkpoint syncs the WAL before it copies and the database after,
	 * as with the store's NORMAL. */
	if (rc == SQLITE_OK)
		rc = sqlite3_busy_timeout(c->db, STORE_BUSY_TIMEOUT_MS);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(c->db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
	if (rc != SQLITE_OK) {
		tg_fail(err, TG_STORE_E_STORAGE, "the checkpointer cannot open %s: %s", path,
		        c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(rc));
		sqlite3_close(c->db);
		free(c);
		return -1;
	}
	pthread_mutex_init(&c->mu, NULL);
	pthread_cond_init(&c->cond, NULL);
	if (pthread_create(&c->thread, NULL, checkpointer_main, c) != 0) {
		pthread_cond_destroy(&c->cond);
		pthread_mutex_destroy(&c->mu);
		sqlite3_close(c->db);
		free(c);
		return tg_fail(err, TG_STORE_E_STORAGE, "cannot start the checkpointer's thread");
	}
	s->ckpt = c;
	return 0;
}

void tg_store_checkpointer_first(struct tg_store *s, unsigned pages)
{
	struct store_ckpt *c = s->ckpt;
	if (!c)
		return;
	if (pages < STORE_AUTOCHECKPOINT_PAGES)
		pages = STORE_AUTOCHECKPOINT_PAGES;
	if (pages > TG_STORE_WAL_CKPT_FIRST_MAX)
		pages = TG_STORE_WAL_CKPT_FIRST_MAX;
	atomic_store_explicit(&c->first, pages, memory_order_relaxed);
}

void tg_store_checkpointer_hold(struct tg_store *s, bool hold)
{
	struct store_ckpt *c = s->ckpt;
	if (!c)
		return;
	pthread_mutex_lock(&c->mu);
	c->hold = hold;
	pthread_cond_signal(&c->cond);
	pthread_mutex_unlock(&c->mu);
}

/* Before the store's connection closes: the checkpointer's is closed
 * first, so that the store's stays the last one (SQLite checkpoints the
 * WAL and removes it at the last close). */
static void checkpointer_stop(struct tg_store *s)
{
	struct store_ckpt *c = s->ckpt;
	if (!c)
		return;
	pthread_mutex_lock(&c->mu);
	c->stop = true;
	pthread_cond_signal(&c->cond);
	pthread_mutex_unlock(&c->mu);
	pthread_join(c->thread, NULL);
	sqlite3_close(c->db);
	pthread_cond_destroy(&c->cond);
	pthread_mutex_destroy(&c->mu);
	free(c);
	s->ckpt = NULL;
}

/* Called by SQLite after each commit has written its frames to the WAL (and
 * released the write lock), on the committing thread. A commit of
 * tg_store_commit waits for the caller's tg_store_sync (the daemon's
 * syncer). A write outside begin/commit is its own transaction, and its
 * caller (an account's change, a session, an operator's tool, an outbox
 * row's outcome) answers as soon as it returns: so it is made durable here,
 * before it returns. Those writes are rare next to the turns' commits; the
 * fdatasync covers every earlier commit too. A failed sync fails the write
 * (the commit is in the WAL, but the caller must not say it was kept). */
static int wal_hook(void *arg, sqlite3 *db, const char *name, int frames)
{
	struct tg_store *s = arg;
	atomic_fetch_add(&s->commits, 1);
	pthread_mutex_lock(&s->stats_mu);
	s->stats.commits++;
	if ((uint64_t)frames < s->stats.wal_frames)
		s->wal_restarts++;
	s->stats.wal_frames = (uint64_t)frames;
	if (s->stats.wal_frames_max < (uint64_t)frames)
		s->stats.wal_frames_max = (uint64_t)frames;
	pthread_mutex_unlock(&s->stats_mu);
	int rc = SQLITE_OK;
	if (!s->in_transaction) {
		struct tg_error err = {0};
		if (tg_store_sync(s, &err) != 0)
			rc = SQLITE_IOERR_FSYNC;
	}
	(void)name; /* "main": the store attaches nothing */
	/* Off this thread; on it only past the bound (the checkpointer behind
	 * or failing: tg_store_checkpointer_start). */
	if (s->ckpt && frames < TG_STORE_WAL_MAX_PAGES)
		checkpointer_ask(s->ckpt, (uint64_t)frames);
	else if (frames >= STORE_AUTOCHECKPOINT_PAGES)
		store_checkpoint(s, db, TG_STORE_CKPT_COMMIT);
	return rc;
}

int tg_store_defer_sync(struct tg_store *s, struct tg_error *err)
{
	if (s->wal_fd >= 0)
		return 0;
	if (s->in_transaction)
		return tg_fail(err, TG_STORE_E_STORAGE, "cannot defer syncs inside a transaction");
	const char *db = sqlite3_db_filename(s->db, "main");
	char wal[4096];
	if (!db || !db[0] || snprintf(wal, sizeof wal, "%s-wal", db) >= (int)sizeof wal)
		return tg_fail(err, TG_STORE_E_STORAGE, "an in-memory database has no log to sync");
	/* Opened, not created: SQLite made it when the database opened in WAL
	 * mode, and removes it only when its last connection (ours) closes.
	 * Nothing of SQLite's locks lies on it (WAL mode locks the -shm file),
	 * so our descriptor's close cannot drop one. */
	int fd = open(wal, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return tg_fail(err, TG_STORE_E_STORAGE, "cannot open %s: %s", wal, strerror(errno));
	if (exec(s, "PRAGMA synchronous=NORMAL", err) != 0) {
		close(fd);
		return -1;
	}
	s->wal_fd = fd;
	/* Replaces SQLite's own hook, the automatic checkpoint: wal_hook does
	 * it as SQLite did (PASSIVE, at the same threshold), or asks the
	 * checkpointer's thread (tg_store_checkpointer_start). */
	sqlite3_wal_hook(s->db, wal_hook, s);
	return 0;
}

bool tg_store_sync_deferred(const struct tg_store *s)
{
	return s->wal_fd >= 0;
}

int tg_store_sync(struct tg_store *s, struct tg_error *err)
{
	if (s->wal_fd < 0)
		return 0; /* each commit synced itself */
	/* The data and the file's size (the WAL grows), not its times. The
	 * inode is the file's whoever's descriptor: this covers the frames
	 * SQLite's own descriptor wrote. */
	if (atomic_load(&s->sync_failed))
		return tg_fail(err, TG_STORE_E_STORAGE,
		               "an earlier sync of the database's log failed");
	uint64_t upto = atomic_load(&s->commits); /* each of them wrote before now */
	uint64_t passes = atomic_load(&s->ckpt_started);
	bool beside = atomic_load(&s->ckpt_running) > 0;
	uint64_t start = now_ns();
	if (fdatasync(s->wal_fd) != 0) {
		atomic_store(&s->sync_failed, true);
		return tg_fail(err, TG_STORE_E_STORAGE, "cannot sync the database's log: %s",
		               strerror(errno));
	}
	uint64_t end = now_ns();
	beside =
	    beside || atomic_load(&s->ckpt_running) > 0 || atomic_load(&s->ckpt_started) != passes;
	uint64_t was = atomic_load(&s->synced);
	while (was < upto && !atomic_compare_exchange_weak(&s->synced, &was, upto))
		;
	uint64_t newly = was < upto ? upto - was : 0;
	pthread_mutex_lock(&s->stats_mu);
	s->stats.fsyncs[newly < TG_STORE_FSYNC_COMMITS ? newly : TG_STORE_FSYNC_COMMITS - 1]++;
	tg_hist_add(&s->stats.fsync[beside ? TG_STORE_FSYNC_BESIDE_CKPT : TG_STORE_FSYNC_ALONE],
	            &tg_store_fsync_bounds, end - start);
	pthread_mutex_unlock(&s->stats_mu);
	return 0;
}

uint64_t tg_store_unsynced(const struct tg_store *s)
{
	if (s->wal_fd < 0)
		return 0;
	return atomic_load(&s->commits) - atomic_load(&s->synced);
}
