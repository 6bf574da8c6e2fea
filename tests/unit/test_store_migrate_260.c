/* test_store_migrate_260.c — schema/260_snapshots_text.sql: a database made
 * by the migrations before it, whose snapshots table checked every state
 * with json_valid(), opens with 260 applied: every snapshot is kept as it
 * was, a state is no longer checked (text that is not JSON is stored), and
 * the table's other rules stay (a seq below 0, a match that does not exist,
 * a second snapshot at one seq are refused). */
#include "migrate_testkit.h"

int main(void)
{
	if (!migrate_dirs("260"))
		return 1;

	/* A database as the builds before 260 left it: match 5 with two
	 * snapshots; a state that is not JSON refused. */
	apply_old(260);
	CHECK_EQ_INT(old_match("active", ", rules_version", ", 1"), SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES"
	                  " (5, 0, '{\"turn\":1}'), (5, 7, '{\"turn\":2,\"u\":[1,2]}');"),
	             SQLITE_OK);
	CHECK_EQ_INT(
	    exec("INSERT INTO snapshots (match_id, seq, state) VALUES (5, 8, '{\"turn\":')"),
	    SQLITE_CONSTRAINT);

	/* The next open applies 260: the snapshots kept, byte for byte. */
	copy_schema(0);
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 260"), 1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM snapshots"), 2);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM snapshots WHERE match_id = 5 AND seq = 7 AND "
	                       "state = '{\"turn\":2,\"u\":[1,2]}'"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE name = 'snapshots_old'"),
	             0);
	/* The state is not checked; the rest of the table's rules are. */
	CHECK_EQ_INT(
	    exec("INSERT INTO snapshots (match_id, seq, state) VALUES (5, 8, '{\"turn\":')"),
	    SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES (5, -1, '{}')"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES (99, 1, '{}')"),
	             SQLITE_CONSTRAINT);
	CHECK_EQ_INT(exec("INSERT INTO snapshots (match_id, seq, state) VALUES (5, 7, '{}')"),
	             SQLITE_CONSTRAINT);
	/* Reopening applies nothing again. */
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM snapshots"), 3);

	migrate_cleanup();
	return tap_done();
}
