/* test_store_ckpt.c — how often the WAL hook asks the checkpointer for a
 * pass (tg_store_checkpointer_start; issue 17's round trip).
 *
 * A PASSIVE checkpoint copies the WAL's frames while the committing thread
 * goes on writing; the WAL starts again from its beginning only after a
 * pass that copied all of it with no commit in between. At 1,000 actions/s
 * that rarely happens, and when every commit past the threshold asked for
 * another pass the checkpointer ran 10-20 passes a second, each with its
 * fsyncs of the WAL and the database beside the syncer's (session 22's
 * stage runs: the daemon's fsync p99 2.6 ms against 0.57 for fdatasync
 * alone). Here a reader of the test's own holds its snapshot, so that no
 * pass can copy the WAL whole or start it again, as under a stream of
 * commits; after each commit the test waits for the pass it asked for, so
 * that the count is the hook's, not the thread's timing. Bound: one request
 * at most per 1,000 pages appended past the threshold (SQLite's own
 * automatic checkpoint asks once per 1,000), plus the first; past half the
 * bound, one at every commit again. Then the reader lets go, and the WAL
 * starts again by the checkpointer's passes alone, never reaching its
 * bound (TG_STORE_WAL_MAX_PAGES). */
#include "store_testkit.h"

#include <sqlite3.h>

#define NOW 1900000000LL
#define THRESHOLD 1000 /* the WAL's pages at which the hook first asks */

static struct tg_store_wal_stats stats(struct tg_store *s)
{
	struct tg_store_wal_stats ws;
	tg_store_wal_stats(s, &ws);
	return ws;
}

static uint64_t passes(const struct tg_store_wal_stats *ws)
{
	/* The thread's, done or not: the hook's own (thread "commit") are not
	 * asked for. */
	return ws->ckpt[TG_STORE_CKPT_THREAD].count + ws->ckpt_busy + ws->ckpt_failed;
}

/* The syncs made (each commit's, as the daemon's syncer makes them) and
 * the WAL's frames appended over the test. */
static uint64_t syncs, appended_all, last_frames;

/* One commit of a user (a few pages), and a sync now and then, then up to
 * 2 s for the checkpointer to have run every pass asked for. */
static bool commit_one(struct tg_store *s, int i)
{
	char name[32];
	int64_t uid = 0;
	snprintf(name, sizeof name, "u%d", i);
	if (tg_store_begin(s, &err) != 0 ||
	    tg_store_user_create(s, name, "h", NOW, &uid, &err) != 0 ||
	    tg_store_commit(s, &err) != 0) {
		CHECKF(0, "commit %d: %s", i, err.message);
		return false;
	}
	/* Every 64th synced, as the syncer syncs (one fdatasync a commit made
	 * the test ten times as long). */
	if (i % 64 == 0) {
		if (tg_store_sync(s, &err) != 0) {
			CHECKF(0, "sync %d: %s", i, err.message);
			return false;
		}
		syncs++;
	}
	struct tg_store_wal_stats ws = stats(s);
	appended_all += ws.wal_frames >= last_frames ? ws.wal_frames - last_frames : ws.wal_frames;
	last_frames = ws.wal_frames;
	for (int k = 0; k < 2000 && passes(&ws) < ws.ckpt_asked; k++) {
		usleep(1000);
		ws = stats(s);
	}
	if (passes(&ws) < ws.ckpt_asked) {
		CHECKF(0, "the checkpointer ran %llu of %llu passes asked for in 2 s",
		       (unsigned long long)passes(&ws), (unsigned long long)ws.ckpt_asked);
		return false;
	}
	return true;
}

int main(void)
{
	if (!store_dir("test-ckpt"))
		return 1;
	struct tg_store *s = open_store();
	if (!s)
		return tap_done();
	CHECK_OK(tg_store_defer_sync(s, &err));
	CHECK_OK(tg_store_checkpointer_start(s, &err));

	/* A reader's snapshot, held: no pass can copy past it. */
	sqlite3 *reader = NULL;
	CHECK(sqlite3_open_v2(db_path, &reader, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK);
	CHECK(sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM users;", NULL, NULL, NULL) ==
	      SQLITE_OK);

	/* 2,500 pages past the threshold (below half the bound), the WAL never
	 * started again. */
	int i = 0;
	uint64_t prev = 0, appended = 0;
	struct tg_store_wal_stats ws = stats(s);
	while (appended < 2500 && i < 20000) {
		if (!commit_one(s, i++))
			break;
		ws = stats(s);
		if (ws.wal_frames < prev) {
			CHECKF(0, "the WAL held by the reader started again (%llu -> %llu frames)",
			       (unsigned long long)prev, (unsigned long long)ws.wal_frames);
			break;
		}
		if (ws.wal_frames > THRESHOLD)
			appended += ws.wal_frames - (prev > THRESHOLD ? prev : THRESHOLD);
		prev = ws.wal_frames;
	}
	uint64_t bound = appended / 1000 + 1;
	CHECKF(ws.ckpt_asked >= 1 && ws.ckpt_asked <= bound,
	       "%llu passes asked for in %d commits, %llu pages past the threshold (at most %llu)",
	       (unsigned long long)ws.ckpt_asked, i, (unsigned long long)appended,
	       (unsigned long long)bound);
	CHECK_EQ_INT(ws.ckpt[TG_STORE_CKPT_COMMIT].count, 0);
	CHECK_EQ_INT(ws.ckpt_failed, 0);

	/* Past half the bound, every commit asks again: the passes then copy
	 * the few pages the last one left, until one finds no commit in
	 * between and the WAL starts again before the loop must checkpoint at
	 * the bound (a stream of 1,000 actions/s on a loaded box reached it
	 * once in two runs with a request per 1,000 pages only). */
	while (ws.wal_frames < TG_STORE_WAL_MAX_PAGES / 2 && i < 40000) {
		if (!commit_one(s, i++))
			break;
		ws = stats(s);
	}
	uint64_t asked0 = ws.ckpt_asked;
	for (int n = 0; n < 100; n++)
		if (!commit_one(s, i++))
			break;
	ws = stats(s);
	CHECKF(ws.ckpt_asked == asked0 + 100 && ws.wal_frames < TG_STORE_WAL_MAX_PAGES,
	       "past half the bound (%llu frames), 100 commits asked %llu times",
	       (unsigned long long)ws.wal_frames, (unsigned long long)(ws.ckpt_asked - asked0));
	prev = ws.wal_frames;

	/* Let go: a later pass copies the WAL whole, and the next commit starts
	 * it again; the bound's checkpoints on the committing thread are not
	 * needed. */
	CHECK(sqlite3_exec(reader, "COMMIT", NULL, NULL, NULL) == SQLITE_OK);
	sqlite3_close(reader);
	bool restarted = false;
	uint64_t first_wal = 0;
	for (int n = 0; n < 20000 && !restarted; n++) {
		if (!commit_one(s, i++))
			break;
		ws = stats(s);
		restarted = ws.wal_frames < prev;
		first_wal = prev;
		prev = ws.wal_frames;
	}
	CHECKF(restarted && ws.wal_frames_max < TG_STORE_WAL_MAX_PAGES,
	       "the WAL starts again (%llu frames; the most %llu)",
	       (unsigned long long)ws.wal_frames, (unsigned long long)ws.wal_frames_max);
	CHECK_EQ_INT(ws.ckpt[TG_STORE_CKPT_COMMIT].count, 0);
	CHECK_EQ_INT(ws.ckpt_failed, 0);

	/* The cycle's first pass at half the bound (tg_store_checkpointer_first,
	 * the daemon's default since session 24): in the WAL started again no
	 * request below it, then the commit that reaches it asks, and its pass
	 * (no commit lands during it: commit_one waits) copies the WAL whole. */
	tg_store_checkpointer_first(s, TG_STORE_WAL_CKPT_FIRST_MAX);
	uint64_t asked1 = ws.ckpt_asked, low = ws.wal_frames;
	while (ws.wal_frames < TG_STORE_WAL_CKPT_FIRST_MAX && ws.wal_frames >= low && i < 80000) {
		low = ws.wal_frames;
		if (!commit_one(s, i++))
			break;
		ws = stats(s);
		if (ws.wal_frames < TG_STORE_WAL_CKPT_FIRST_MAX && ws.ckpt_asked != asked1)
			break;
	}
	CHECKF(ws.ckpt_asked == asked1 + 1 && ws.wal_frames >= TG_STORE_WAL_CKPT_FIRST_MAX,
	       "the first pass at %d pages: asked %llu times, at %llu frames (%llu before)",
	       TG_STORE_WAL_CKPT_FIRST_MAX, (unsigned long long)(ws.ckpt_asked - asked1),
	       (unsigned long long)ws.wal_frames, (unsigned long long)low);
	if (!commit_one(s, i++))
		return tap_done();
	ws = stats(s);
	CHECKF(ws.wal_frames < low, "the WAL starts again after that pass (%llu frames)",
	       (unsigned long long)ws.wal_frames);

	/* The passes' frames copied (/metrics): every frame of the first WAL
	 * (it started again only after a pass had copied it whole), no more
	 * than were appended in all. */
	CHECKF(ws.ckpt_frames >= first_wal && ws.ckpt_frames <= appended_all,
	       "the passes copied %llu frames: the first WAL had %llu, %llu appended in all",
	       (unsigned long long)ws.ckpt_frames, (unsigned long long)first_wal,
	       (unsigned long long)appended_all);
	/* Each sync timed once, beside a pass or alone. */
	CHECKF(ws.fsync[TG_STORE_FSYNC_ALONE].count + ws.fsync[TG_STORE_FSYNC_BESIDE_CKPT].count ==
	           syncs,
	       "%llu syncs timed alone and %llu beside a pass, of %llu",
	       (unsigned long long)ws.fsync[TG_STORE_FSYNC_ALONE].count,
	       (unsigned long long)ws.fsync[TG_STORE_FSYNC_BESIDE_CKPT].count,
	       (unsigned long long)syncs);

	tg_store_close(s);
	remove_store();
	return tap_done();
}
