/* test_store_exclusive.c — tg_store_open_ex's exclusive store (the
 * daemon's store_exclusive; issue 17): the database is this process's
 * alone while the store is open, its WAL index is in memory (no -shm file,
 * so no fcntl lock on it a transaction), and the checkpointer's connection
 * still checkpoints beside the store's.
 *
 * Each property against the default store as control: another process
 * (a child, its own connection) reads the default store's database while
 * it is open and is refused the exclusive one's; the default store keeps a
 * -shm file, the exclusive one none; both stores' checkpointers copy the
 * WAL. test_store_crash kills an exclusive writer too. */
#include <jansson.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store_testkit.h"

/* The other process: this program again (exec'd, not only forked: a
 * forked child would share the parent's SQLite state, its record of the
 * file's locks among it), reading path. */
static int reader_main(const char *path)
{
	sqlite3 *db = NULL;
	int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "SELECT count(*) FROM users", NULL, NULL, NULL);
	sqlite3_close(db);
	return rc == SQLITE_OK ? 1 : (rc & 0xff) == SQLITE_BUSY ? 0 : 2;
}

/* 1 if another process reads the database, 0 if it is refused as locked,
 * -1 if the child failed otherwise. */
static int other_process_reads(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		execl("/proc/self/exe", "test_store_exclusive", "--read", db_path, (char *)NULL);
		_exit(4);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 3;
	return code == 1 ? 1 : code == 0 ? 0 : -1;
}

static bool shm_exists(void)
{
	char shm[160];
	snprintf(shm, sizeof shm, "%s-shm", db_path);
	struct stat st;
	return stat(shm, &st) == 0;
}

/* Appends actions of about 3 KB in turns of four, deferred syncs and the
 * checkpointer on, until its first pass has copied frames (at most 2,000
 * turns); true if it did. */
static bool checkpoints(struct tg_store *s, int64_t match)
{
	if (tg_store_defer_sync(s, &err) != 0 || tg_store_checkpointer_start(s, &err) != 0) {
		CHECKF(false, "%s", err.message);
		return false;
	}
	char pad[3000];
	memset(pad, 'x', sizeof pad - 1);
	pad[sizeof pad - 1] = 0;
	json_t *a = json_pack("{s:s, s:s}", "type", "pass", "pad", pad);
	int64_t seq = 0;
	bool copied = false;
	for (int turn = 0; turn < 2000 && !copied; turn++) {
		CHECK_OK(tg_store_begin(s, &err));
		for (int i = 0; i < 4; i++)
			CHECK_OK(
			    tg_store_action_append(s, match, ++seq, "alpha", a, false, 1, &err));
		CHECK_OK(tg_store_commit(s, &err));
		CHECK_OK(tg_store_sync(s, &err));
		struct tg_store_wal_stats ws;
		tg_store_wal_stats(s, &ws);
		copied = ws.ckpt[TG_STORE_CKPT_THREAD].count > 0 && ws.ckpt_frames > 0;
		if (!copied && ws.wal_frames >= 1000) {
			struct timespec ms = {0, 1000000};
			nanosleep(&ms, NULL); /* the checkpointer's turn */
		}
	}
	json_decref(a);
	return copied;
}

static void one_store(bool exclusive)
{
	if (!store_dir(exclusive ? "excl" : "shared"))
		return;
	struct tg_store *s = tg_store_open_ex(db_path, TG_SOURCE_DIR "/schema",
	                                      exclusive ? TG_STORE_EXCLUSIVE : 0, &err);
	CHECKF(s != NULL, "open: %s", err.message);
	if (!s)
		return;
	int64_t user = 0, match = 0;
	CHECK_OK(tg_store_user_create(s, "writer", "h", 1, &user, &err));
	match = fixture_match(s, user);

	int reads = other_process_reads();
	CHECKF(reads == (exclusive ? 0 : 1), "%s store: another process's read gave %d",
	       exclusive ? "an exclusive" : "a shared", reads);
	CHECKF(shm_exists() == !exclusive, "%s store: -shm file %s",
	       exclusive ? "an exclusive" : "a shared", shm_exists() ? "present" : "absent");
	CHECKF(checkpoints(s, match), "%s store: the checkpointer copied nothing",
	       exclusive ? "an exclusive" : "a shared");
	CHECKF(shm_exists() == !exclusive, "-shm after the checkpoints: %s",
	       shm_exists() ? "present" : "absent");
	tg_store_close(s);

	/* Closed, the database is anyone's again, its log whole. */
	CHECK_EQ_INT(other_process_reads(), 1);
	s = tg_store_open_ex(db_path, TG_SOURCE_DIR "/schema", exclusive ? TG_STORE_EXCLUSIVE : 0,
	                     &err);
	CHECKF(s != NULL, "reopen: %s", err.message);
	if (s) {
		json_t *row = tg_store_match_get(s, match, &err);
		CHECKF(json_integer_value(json_object_get(row, "seq")) >= 4, "reopened: seq %lld",
		       (long long)json_integer_value(json_object_get(row, "seq")));
		json_decref(row);
		tg_store_close(s);
	}
	remove_store();
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--read") == 0)
		return reader_main(argv[2]);
	one_store(false);
	one_store(true);
	return tap_done();
}
