/* test_store_sync.c — deferred syncs (tg_store_defer_sync, issue 17's
 * syncer): a commit of begin/commit waits for tg_store_sync, but
 * - a write outside begin/commit (an account's change, a session, the
 *   outbox's prune: their callers answer as soon as it returns) is durable
 *   when it returns;
 * - a backup, when whole, holds no commit that is not durable (a power cut
 *   must not leave the copy with actions the live database lost);
 * - SQLite's automatic checkpoint, which the store's WAL hook replaces,
 *   still keeps the WAL from growing without end;
 * - the WAL's figures (tg_store_wal_stats) count the checkpoints, time
 *   them, and count the fsyncs by the commits each made durable;
 * - with the checkpointer (tg_store_checkpointer_start) the checkpoints
 *   run on its thread, not in the committing one, and the WAL is bounded
 *   all the same when it falls behind (here: held). */
#include "store/store.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NOW 1900000000LL

static char dir[64], db_path[128], backup_path[128];
static struct tg_error err;

#define CHECK_OK(expr) CHECKF((expr) == 0, "%s: %s: %s", #expr, err.code, err.message)

static int add_user(struct tg_store *s, const char *name)
{
	int64_t uid = 0;
	return tg_store_user_create(s, name, "h", NOW, &uid, &err);
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/tg-test-sync-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);
	snprintf(backup_path, sizeof backup_path, "%s/copy.db", dir);
	struct tg_store *s = tg_store_open(db_path, TG_SOURCE_DIR "/schema", &err);
	CHECKF(s != NULL, "open: %s: %s", err.code, err.message);
	if (!s)
		return tap_done();
	CHECK_EQ_INT(tg_store_unsynced(s), 0);
	CHECK_OK(tg_store_defer_sync(s, &err));
	CHECK(tg_store_sync_deferred(s));

	/* A transaction's commit waits for the caller's sync. */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(add_user(s, "grant"));
	CHECK_OK(tg_store_commit(s, &err));
	CHECK_EQ_INT(tg_store_unsynced(s), 1);
	CHECK_OK(tg_store_sync(s, &err));
	CHECK_EQ_INT(tg_store_unsynced(s), 0);

	/* Each fsync is counted by the commits it made durable: one, then two
	 * (the daemon's pipelined commits), then none (nothing new). */
	struct tg_store_wal_stats ws;
	tg_store_wal_stats(s, &ws);
	CHECKF(ws.fsyncs[1] == 1 && ws.fsyncs[0] == 0 && ws.fsyncs[2] == 0,
	       "one fsync of one commit (%llu / %llu / %llu)", (unsigned long long)ws.fsyncs[0],
	       (unsigned long long)ws.fsyncs[1], (unsigned long long)ws.fsyncs[2]);
	for (int i = 0; i < 2; i++) {
		char who[16];
		snprintf(who, sizeof who, "pair%d", i);
		CHECK_OK(tg_store_begin(s, &err));
		CHECK_OK(add_user(s, who));
		CHECK_OK(tg_store_commit(s, &err));
	}
	CHECK_OK(tg_store_sync(s, &err));
	CHECK_OK(tg_store_sync(s, &err));
	tg_store_wal_stats(s, &ws);
	CHECKF(ws.fsyncs[0] == 1 && ws.fsyncs[1] == 1 && ws.fsyncs[2] == 1,
	       "then one of two commits and one of none (%llu / %llu / %llu)",
	       (unsigned long long)ws.fsyncs[0], (unsigned long long)ws.fsyncs[1],
	       (unsigned long long)ws.fsyncs[2]);
	CHECK_EQ_INT(ws.commits, 3);

	/* A write of its own is durable on return (and so is every commit
	 * before it). */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(add_user(s, "sherman"));
	CHECK_OK(tg_store_commit(s, &err));
	CHECK_OK(add_user(s, "lee"));
	CHECKF(tg_store_unsynced(s) == 0,
	       "a write outside a transaction is durable on return "
	       "(%llu commits not)",
	       (unsigned long long)tg_store_unsynced(s));

	/* A whole backup holds nothing that is not durable. */
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(add_user(s, "meade"));
	CHECK_OK(tg_store_commit(s, &err));
	CHECK_EQ_INT(tg_store_unsynced(s), 1);
	struct tg_store_backup *bk = tg_store_backup_begin(s, backup_path, &err);
	CHECKF(bk != NULL, "backup: %s", err.message);
	int rc = 0;
	for (int i = 0; bk && i < 100000 && (rc = tg_store_backup_step(bk, 5, &err)) == 0; i++)
		;
	CHECKF(rc == 1, "the backup is whole (%d: %s)", rc, err.message);
	CHECKF(tg_store_unsynced(s) == 0, "every commit in the whole backup is durable (%llu not)",
	       (unsigned long long)tg_store_unsynced(s));
	tg_store_backup_free(bk);
	struct tg_store *copy = tg_store_open(backup_path, TG_SOURCE_DIR "/schema", &err);
	CHECKF(copy != NULL, "the copy opens: %s", err.message);
	if (copy) {
		json_t *u = tg_store_user_by_name(copy, "meade", &err);
		CHECKF(u != NULL, "the copy has the last commit");
		json_decref(u);
		tg_store_close(copy);
	}

	/* The automatic checkpoint still runs: 3,000 commits of a page or more
	 * each leave a WAL far below 3,000 frames. */
	char name[32];
	for (int i = 0; i < 3000; i++) {
		snprintf(name, sizeof name, "p%d", i);
		if (tg_store_begin(s, &err) != 0 || add_user(s, name) != 0 ||
		    tg_store_commit(s, &err) != 0) {
			CHECKF(0, "commit %d: %s", i, err.message);
			break;
		}
	}
	char wal[160];
	snprintf(wal, sizeof wal, "%s-wal", db_path);
	struct stat st;
	CHECK(stat(wal, &st) == 0);
	CHECKF(st.st_size < 2000 * 4120, "the WAL is checkpointed (%lld bytes)",
	       (long long)st.st_size);
	/* ... by the hook, on this thread, each checkpoint counted and timed. */
	tg_store_wal_stats(s, &ws);
	uint64_t in_buckets = 0;
	for (int b = 0; b < TG_STORE_CKPT_BUCKETS; b++)
		in_buckets += ws.ckpt[TG_STORE_CKPT_COMMIT].bucket[b];
	CHECKF(ws.ckpt[TG_STORE_CKPT_COMMIT].count >= 1 &&
	           in_buckets == ws.ckpt[TG_STORE_CKPT_COMMIT].count &&
	           ws.ckpt[TG_STORE_CKPT_COMMIT].sum_ns > 0,
	       "the checkpoints are counted and timed (%llu, %llu in buckets, %llu ns)",
	       (unsigned long long)ws.ckpt[TG_STORE_CKPT_COMMIT].count,
	       (unsigned long long)in_buckets,
	       (unsigned long long)ws.ckpt[TG_STORE_CKPT_COMMIT].sum_ns);
	CHECKF(ws.wal_frames_max >= 1000 && ws.wal_frames_max < 2000,
	       "the WAL's most frames seen: %llu", (unsigned long long)ws.wal_frames_max);
	CHECK_EQ_INT(ws.ckpt_failed, 0);

	/* The checkpointer, held: past TG_STORE_WAL_MAX_PAGES the hook
	 * checkpoints on this thread, so the WAL stays bounded. */
	CHECK_OK(tg_store_checkpointer_start(s, &err));
	tg_store_checkpointer_hold(s, true);
	struct tg_store_wal_stats w0;
	tg_store_wal_stats(s, &w0);
	int n = 0;
	for (; n < 20000; n++) {
		snprintf(name, sizeof name, "q%d", n);
		if (tg_store_begin(s, &err) != 0 || add_user(s, name) != 0 ||
		    tg_store_commit(s, &err) != 0) {
			CHECKF(0, "commit %d: %s", n, err.message);
			break;
		}
		tg_store_wal_stats(s, &ws);
		if (ws.ckpt[TG_STORE_CKPT_COMMIT].count > w0.ckpt[TG_STORE_CKPT_COMMIT].count + 1)
			break;
	}
	CHECKF(ws.ckpt[TG_STORE_CKPT_COMMIT].count == w0.ckpt[TG_STORE_CKPT_COMMIT].count + 2,
	       "the bound's checkpoints on this thread: %llu -> %llu in %d commits",
	       (unsigned long long)w0.ckpt[TG_STORE_CKPT_COMMIT].count,
	       (unsigned long long)ws.ckpt[TG_STORE_CKPT_COMMIT].count, n);
	CHECKF(ws.wal_frames_max >= TG_STORE_WAL_MAX_PAGES &&
	           ws.wal_frames_max < TG_STORE_WAL_MAX_PAGES + 10,
	       "the WAL's most frames: %llu (bound %d)", (unsigned long long)ws.wal_frames_max,
	       TG_STORE_WAL_MAX_PAGES);
	CHECK(stat(wal, &st) == 0);
	CHECKF(st.st_size <= 32 + (TG_STORE_WAL_MAX_PAGES + 10) * (4096 + 24),
	       "the WAL file is bounded (%lld bytes)", (long long)st.st_size);
	CHECK_EQ_INT(ws.ckpt[TG_STORE_CKPT_THREAD].count, 0);

	/* Let go: the WAL past the threshold again, the checkpoint is the
	 * thread's, and the next commit starts the WAL from its beginning. */
	for (n = 0; n < 20000; n++) {
		snprintf(name, sizeof name, "r%d", n);
		if (tg_store_begin(s, &err) != 0 || add_user(s, name) != 0 ||
		    tg_store_commit(s, &err) != 0) {
			CHECKF(0, "commit %d: %s", n, err.message);
			break;
		}
		tg_store_wal_stats(s, &ws);
		if (n > 0 && ws.wal_frames >= 1000)
			break;
	}
	tg_store_wal_stats(s, &w0);
	CHECKF(w0.wal_frames >= 1000 && w0.wal_frames < TG_STORE_WAL_MAX_PAGES,
	       "the WAL at the threshold: %llu frames", (unsigned long long)w0.wal_frames);
	tg_store_checkpointer_hold(s, false);
	for (int i = 0; i < 1000 && ws.ckpt[TG_STORE_CKPT_THREAD].count == 0; i++) {
		usleep(10000);
		tg_store_wal_stats(s, &ws);
	}
	CHECKF(ws.ckpt[TG_STORE_CKPT_THREAD].count == 1 &&
	           ws.ckpt[TG_STORE_CKPT_COMMIT].count == w0.ckpt[TG_STORE_CKPT_COMMIT].count,
	       "one checkpoint, the checkpointer's (%llu; on this thread %llu -> %llu)",
	       (unsigned long long)ws.ckpt[TG_STORE_CKPT_THREAD].count,
	       (unsigned long long)w0.ckpt[TG_STORE_CKPT_COMMIT].count,
	       (unsigned long long)ws.ckpt[TG_STORE_CKPT_COMMIT].count);
	CHECK_OK(tg_store_begin(s, &err));
	CHECK_OK(add_user(s, "last"));
	CHECK_OK(tg_store_commit(s, &err));
	tg_store_wal_stats(s, &ws);
	CHECKF(ws.wal_frames < 20, "the WAL starts again after it: %llu frames",
	       (unsigned long long)ws.wal_frames);
	CHECK_EQ_INT(ws.ckpt_failed, 0);
	CHECK_OK(tg_store_sync(s, &err));
	CHECK_EQ_INT(tg_store_unsynced(s), 0);

	tg_store_close(s);
	/* Everything committed is there (the checkpointer closed first). */
	s = tg_store_open(db_path, TG_SOURCE_DIR "/schema", &err);
	CHECKF(s != NULL, "reopen: %s", err.message);
	if (s) {
		json_t *u = tg_store_user_by_name(s, "last", &err);
		CHECKF(u != NULL, "the last commit is kept");
		json_decref(u);
		tg_store_close(s);
	}
	char path[192];
	static const char *const files[] = {"telegraph.db", "telegraph.db-wal", "telegraph.db-shm",
	                                    "copy.db",      "copy.db-wal",      "copy.db-shm"};
	for (int i = 0; i < 6; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		unlink(path);
	}
	rmdir(dir);
	return tap_done();
}
