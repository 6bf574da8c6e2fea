/* test_store_migrate_284.c — schema/284_snapshots_rowid.sql: the snapshots
 * table, a WITHOUT ROWID table since 001 (its rows kept in the primary
 * key's B-tree, states and all), becomes a rowid table whose primary key is
 * an index of (match_id, seq) alone.
 *
 * Why (issue 17): a Lincoln's War state is about 12 KB, so each row of the
 * key's B-tree overflowed onto three pages, and SQLite compares a key with
 * such a row only after reading the whole row (btree.c,
 * sqlite3BtreeIndexMoveto: "The record flows over onto one or more
 * overflow pages ... accessPayload()"). Every snapshot written on the
 * daemon's loop read the overflow chains of the rows its search met: the
 * pread64 calls of the loop at play were other snapshots' pages (strace,
 * session 29).
 *
 * Checked here: an old database's snapshots are kept byte for byte and the
 * table's rules stay (seq 0 or more, the match's foreign key, one snapshot
 * a seq; the store's write of a seq again replaces it); and a snapshot
 * written through the store in a turn's transaction, among 300 stored
 * states of 12 KB, fetches only the pages of its own path, not the stored
 * rows' overflow pages (the page cache's hits and misses, which count
 * every page the B-trees read). */
#include "migrate_testkit.h"
#include "store/store_internal.h"

#include <jansson.h>

/* Pages a put of one 12 KB state fetched, in a transaction that wrote
 * before it (the daemon's turn: its actions first, so the page cache holds
 * dirty pages and every read goes through it). */
static int put_pages(struct tg_store *s, int64_t match_id, int64_t seq, const char *state)
{
	struct tg_error err = {0};
	CHECK_EQ_INT(tg_store_begin(s, &err), 0);
	json_t *act = json_pack("{s:s}", "type", "pass");
	CHECK_EQ_INT(tg_store_action_append(s, match_id, seq, "union", act, false, 10, &err), 0);
	json_decref(act);
	int hit = 0, miss = 0, hi;
	sqlite3_db_status(s->db, SQLITE_DBSTATUS_CACHE_HIT, &hi, &hi, 1);
	sqlite3_db_status(s->db, SQLITE_DBSTATUS_CACHE_MISS, &hi, &hi, 1);
	CHECKF(tg_store_snapshot_put_text(s, match_id, seq, state, strlen(state), &err) == 0, "%s",
	       err.message);
	sqlite3_db_status(s->db, SQLITE_DBSTATUS_CACHE_HIT, &hit, &hi, 0);
	sqlite3_db_status(s->db, SQLITE_DBSTATUS_CACHE_MISS, &miss, &hi, 0);
	CHECK_EQ_INT(tg_store_commit(s, &err), 0);
	return hit + miss;
}

int main(void)
{
	if (!migrate_dirs("284"))
		return 1;

	/* A database as the builds before 284 left it: match 5 with two
	 * snapshots. */
	apply_old(284);
	CHECK_EQ_INT(old_match("active", ", rules_version", ", 1"), SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES"
	                  " (5, 0, '{\"turn\":1}'), (5, 7, '{\"turn\":2,\"u\":[1,2]}');"),
	             SQLITE_OK);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM pragma_table_list WHERE name = 'snapshots' "
	                       "AND wr = 1"),
	             1);

	/* The next open applies 284: the snapshots kept, byte for byte. */
	copy_schema(0);
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 284"), 1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM pragma_table_list WHERE name = 'snapshots' "
	                       "AND wr = 0 AND strict = 1"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM snapshots"), 2);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM snapshots WHERE match_id = 5 AND seq = 7 AND "
	                       "state = '{\"turn\":2,\"u\":[1,2]}'"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE name = 'snapshots_old'"),
	             0);
	/* The table's rules stay. */
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES (5, -1, '{}')"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES (99, 1, '{}')"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES (5, 7, '{}')"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES (5, 8, 'x')"),
	             SQLITE_OK);

	/* The store on it: a seq written again replaces its state, and the
	 * latest is the highest seq. */
	struct tg_error err = {0};
	struct tg_store *s = tg_store_open(db_path, schema, &err);
	CHECKF(s != NULL, "%s", err.message);
	if (!s) {
		migrate_cleanup();
		return tap_done();
	}
	CHECK_EQ_INT(tg_store_snapshot_put_text(s, 5, 7, "{\"turn\":3}", 10, &err), 0);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM snapshots WHERE match_id = 5 AND seq = 7 AND "
	                       "state = '{\"turn\":3}'"),
	             1);
	CHECK_EQ_INT(exec("DELETE FROM snapshots WHERE seq = 8"), SQLITE_OK);
	json_t *latest = tg_store_snapshot_latest(s, 5, &err);
	CHECK(latest && json_integer_value(json_object_get(latest, "seq")) == 7 &&
	      json_integer_value(json_object_get(json_object_get(latest, "state"), "turn")) == 3);
	json_decref(latest);

	/* 300 states of 12 KB over 30 matches, as a bench's database holds
	 * after a few minutes of play. */
	static char state[12001];
	memset(state, 'x', sizeof state - 1);
	state[0] = '"';
	state[sizeof state - 2] = '"';
	CHECK_EQ_INT(tg_store_begin(s, &err), 0);
	for (int m = 6; m < 36; m++) {
		char *sql = sqlite3_mprintf(
		    "INSERT INTO matches (id, game, scenario, visibility, creator, status, secret,"
		    " commitment, seed, created, updated, rules_version) VALUES (%d, "
		    "'fixture-duel',"
		    " 'standard', 'public', 1, 'active', 'aa', 'bb', 'cc', 1, 2, 1)",
		    m);
		CHECK_EQ_INT(sqlite3_exec(s->db, sql, NULL, NULL, NULL), SQLITE_OK);
		sqlite3_free(sql);
		for (int k = 0; k < 10; k++)
			CHECK_EQ_INT(
			    tg_store_snapshot_put_text(s, m, 40 * k, state, strlen(state), &err),
			    0);
	}
	CHECK_EQ_INT(tg_store_commit(s, &err), 0);

	/* A new snapshot of a match in the middle: its search meets stored
	 * rows at every level. In the key's B-tree of 001-271 each row met was
	 * read whole, three overflow pages each (28 pages fetched here before
	 * 284); now the index's path and the table's right edge (4 in this
	 * test's first run: pages cached from the action's write of the same
	 * transaction count as hits too). */
	int pages = put_pages(s, 20, 401, state);
	CHECKF(pages <= 10, "a snapshot's write fetched %d pages", pages);
	int again = put_pages(s, 21, 401, state);
	CHECKF(again <= 10, "a snapshot's write fetched %d pages", again);
	printf("# a snapshot's write fetched %d and %d pages\n", pages, again);

	tg_store_close(s);
	migrate_cleanup();
	return tap_done();
}
