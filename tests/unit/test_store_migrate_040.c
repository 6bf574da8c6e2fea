/* test_store_migrate_040.c — schema/040_tourney_formats.sql rebuilds the
 * four tournament tables (a CHECK cannot be altered in SQLite): a database
 * made by the migrations before it, holding a tournament with players,
 * games and a log, opens with 040 applied and keeps every row, admits the
 * new formats and columns, and its foreign keys still refer to the rebuilt
 * tables. The test writes and reads the file with SQLite directly. */
#include "migrate_testkit.h"

int main(void)
{
	if (!migrate_dirs("040"))
		return 1;

	/* A database as the builds before 040 left it, with one event. */
	apply_old(40);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 40"), 0);
	CHECK_EQ_INT(
	    exec("INSERT INTO users (id, name, pw_hash, created) VALUES (1, 'meade', 'h', 0),"
	         " (2, 'grant', 'h', 0), (3, 'lee', 'h', 0);"
	         "INSERT INTO tournaments (id, name, game, scenario, format, rounds, max_players,"
	         " director, status, round, created, updated, paused, time_control) VALUES"
	         " (7, 'Old Swiss', 'fixture-duel', 'standard', 'swiss', 3, 8, 1, 'active', 1, 5,"
	         " 6, 1, '{\"kind\":\"per_move\",\"per_move\":60}');"
	         "INSERT INTO tourney_players (tourney_id, user_id, seq, withdrawn, registered)"
	         " VALUES (7, 2, 1, 0, 10), (7, 3, 2, 1, 11);"
	         "INSERT INTO tourney_games (tourney_id, round, board, side0, side1, result)"
	         " VALUES (7, 1, 1, 2, 3, '+-');"
	         "INSERT INTO tourney_log (id, tourney_id, user_id, text, time)"
	         " VALUES (3, 7, NULL, 'round 1 paired', 12);"),
	    SQLITE_OK);
	/* The old CHECK refuses the new format: the reason for the rebuild. */
	CHECK(exec("UPDATE tournaments SET format = 'single_elimination'") != SQLITE_OK);

	/* The next open applies 040 and keeps every row. */
	copy_schema(0);
	CHECK(opens());
	CHECK_EQ_INT(query_int("SELECT count(*) FROM schema_migrations WHERE version = 40"), 1);
	CHECK_EQ_INT(
	    query_int("SELECT count(*) FROM tournaments WHERE id = 7 AND name = 'Old Swiss'"
	              " AND format = 'swiss' AND rounds = 3 AND max_players = 8 AND"
	              " director = 1 AND status = 'active' AND round = 1 AND created = 5"
	              " AND updated = 6 AND paused = 1 AND rated = 1 AND start_at IS NULL"
	              " AND time_control ->> 'per_move' = 60"),
	    1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM tourney_players WHERE tourney_id = 7 AND"
	                       " seed IS NULL AND ((user_id = 2 AND seq = 1 AND withdrawn = 0 AND"
	                       " registered = 10) OR (user_id = 3 AND seq = 2 AND withdrawn = 1))"),
	             2);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM tourney_games WHERE tourney_id = 7 AND"
	                       " round = 1 AND board = 1 AND side0 = 2 AND side1 = 3 AND"
	                       " result = '+-' AND match_id IS NULL"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM tourney_log WHERE id = 3 AND tourney_id = 7"
	                       " AND text = 'round 1 paired'"),
	             1);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE name LIKE '%_old'"), 0);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN"
	                       " ('tournaments_status', 'tourney_players_user',"
	                       " 'tourney_log_tourney', 'tournaments_start_at')"),
	             4);
	CHECK_EQ_INT(query_int("SELECT count(*) FROM pragma_foreign_key_check"), 0);

	/* The new formats and columns are admitted; an unknown format is not. */
	CHECK_EQ_INT(exec("UPDATE tournaments SET format = 'single_elimination', start_at = 99;"
	                  "UPDATE tourney_players SET seed = user_id - 1"),
	             SQLITE_OK);
	CHECK_EQ_INT(exec("UPDATE tournaments SET format = 'pools'"), SQLITE_OK);
	CHECK(exec("UPDATE tournaments SET format = 'knockout'") != SQLITE_OK);
	CHECK(exec("UPDATE tourney_players SET seed = 0") != SQLITE_OK);
	/* The children refer to the rebuilt tournaments, not to a dropped table. */
	CHECK(exec("INSERT INTO tourney_players (tourney_id, user_id, seq, registered)"
	           " VALUES (8, 1, 1, 0)") != SQLITE_OK);
	CHECK(exec("INSERT INTO tourney_log (tourney_id, text, time) VALUES (8, 'x', 0)") !=
	      SQLITE_OK);
	CHECK_EQ_INT(exec("INSERT INTO tourney_log (tourney_id, text, time) VALUES (7, 'x', 0)"),
	             SQLITE_OK);
	CHECK(exec("DELETE FROM tournaments WHERE id = 7") != SQLITE_OK);
	/* Reopening applies nothing again. */
	CHECK(opens());

	migrate_cleanup();
	return tap_done();
}
