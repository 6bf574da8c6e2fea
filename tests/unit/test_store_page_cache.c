/* test_store_page_cache.c — the store's page cache holds the pages a
 * saturated daemon's turns write (issue 17, session 30).
 *
 * The action log is keyed by (match_id, seq), so an action is appended at
 * the end of its match's rows: each match in play has a leaf page of its
 * own that every one of its actions writes. At 400 matches saturated the
 * loop's turns touched more such pages than SQLite's default cache of
 * 2,000 KiB holds, and each turn read back from the file what the turn
 * before had written (0.8 pread64 calls an action on the loop thread,
 * syscall_account.py, session 30). The store's connection now keeps a
 * cache of TG_STORE_CACHE_KIB.
 *
 * Checked here, with 1,200 matches whose last leaves together are about
 * 5 MB: once every match has acted, a further round of one action a match,
 * in turns of 400 actions as the daemon commits them, finds every page it
 * reads in the cache (SQLite's cache misses count every page read from the
 * file). With the default cache every action of that round missed. */
#include "store/store_internal.h"
#include "tap.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MATCHES 1200
#define TURN 400

static struct tg_error err;

/* One action for every match, in turns of TURN actions. */
static int round_of_actions(struct tg_store *s, int64_t seq, const json_t *act)
{
	for (int m = 1; m <= MATCHES; m++) {
		if ((m - 1) % TURN == 0 && tg_store_begin(s, &err) != 0)
			return -1;
		if (tg_store_action_append(s, m, seq, "union", act, false, 10 + seq, &err) != 0)
			return -1;
		if ((m % TURN == 0 || m == MATCHES) && tg_store_commit(s, &err) != 0)
			return -1;
	}
	return 0;
}

int main(void)
{
	char dir[64], db_path[128];
	snprintf(dir, sizeof dir, "/tmp/tg-test-cache-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	snprintf(db_path, sizeof db_path, "%s/telegraph.db", dir);
	struct tg_store *s = tg_store_open(db_path, TG_SOURCE_DIR "/schema", &err);
	CHECKF(s != NULL, "open: %s", err.message);
	if (!s)
		return tap_done();

	/* The connection's cache, in KiB (a negative cache_size). */
	sqlite3_stmt *st = NULL;
	CHECK_EQ_INT(sqlite3_prepare_v2(s->db, "PRAGMA cache_size", -1, &st, NULL), SQLITE_OK);
	CHECK_EQ_INT(sqlite3_step(st), SQLITE_ROW);
	CHECK_EQ_INT(sqlite3_column_int(st, 0), -TG_STORE_CACHE_KIB);
	sqlite3_finalize(st);

	int64_t uid = 0;
	CHECKF(tg_store_user_create(s, "grant", "h", 1900000000LL, &uid, &err) == 0, "%s",
	       err.message);
	int made = 0;
	CHECK_EQ_INT(sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL), SQLITE_OK);
	for (int m = 1; m <= MATCHES; m++) {
		char *sql = sqlite3_mprintf(
		    "INSERT INTO matches (id, game, scenario, visibility, creator, status, secret,"
		    " commitment, seed, created, updated, rules_version) VALUES (%d, "
		    "'fixture-duel',"
		    " 'standard', 'public', %lld, 'active', 'aa', 'bb', 'cc', 1, 2, 1)",
		    m, (long long)uid);
		made += sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK;
		sqlite3_free(sql);
	}
	CHECK_EQ_INT(sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
	CHECK_EQ_INT(made, MATCHES);

	/* An action of about 800 bytes: four to a leaf, so after four rounds
	 * each match has a last leaf of its own (about 1,200 pages, 4.7 MiB,
	 * more than the default cache and less than the store's). */
	char text[801];
	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	json_t *act = json_pack("{s:s, s:s}", "type", "march", "note", text);
	int64_t seq = 1;
	int failed = 0;
	for (; seq <= 6 && !failed; seq++) {
		failed = round_of_actions(s, seq, act) != 0;
		CHECKF(!failed, "round %lld: %s", (long long)seq, err.message);
	}

	int miss = 0, hi = 0;
	sqlite3_db_status(s->db, SQLITE_DBSTATUS_CACHE_MISS, &miss, &hi, 1);
	CHECKF(round_of_actions(s, seq, act) == 0, "the measured round: %s", err.message);
	sqlite3_db_status(s->db, SQLITE_DBSTATUS_CACHE_MISS, &miss, &hi, 0);
	CHECKF(miss == 0, "a round of %d actions read %d pages from the file", MATCHES, miss);
	printf("# a round of %d actions read %d pages from the file\n", MATCHES, miss);
	json_decref(act);

	tg_store_close(s);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	CHECK_EQ_INT(system(cmd), 0);
	return tap_done();
}
