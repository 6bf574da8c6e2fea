/* store_tourney.c — tournaments, their players, the games of their rounds
 * and the director's log (schema/003_tournaments.sql). */
#include "store_internal.h"

#include <string.h>

static json_t *int_or_null(sqlite3_stmt *st, int col)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL
	           ? json_null()
	           : json_integer(sqlite3_column_int64(st, col));
}

int tg_store_tourney_create(struct tg_store *s, const json_t *t, int64_t *tourney_id,
                            struct tg_error *err)
{
	const char *name, *game, *scenario, *format;
	json_t *options = NULL, *invite = NULL, *tc = NULL, *start_at = NULL;
	json_int_t pools = 0, advance = 0;
	int rated = 1;
	json_int_t rounds, max_players, director, created;
	json_error_t jerr;
	if (json_unpack_ex(
	        (json_t *)t, &jerr, 0,
	        "{s:s, s:s, s:s, s:o, s:s, s:I, s:I, s?o, s?b, s:I, s:I, s?o, s?o, s?I, s?I}",
	        "name", &name, "game", &game, "scenario", &scenario, "options", &options, "format",
	        &format, "rounds", &rounds, "max_players", &max_players, "invite_code", &invite,
	        "rated", &rated, "director", &director, "created", &created, "time_control", &tc,
	        "start_at", &start_at, "pools", &pools, "advance", &advance))
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "tournament: %s", jerr.text);
	if (!json_is_object(options) ||
	    (invite && !json_is_string(invite) && !json_is_null(invite)) ||
	    (tc && !json_is_object(tc) && !json_is_null(tc)) ||
	    (start_at && !json_is_integer(start_at) && !json_is_null(start_at)))
		return tg_fail(
		    err, TG_STORE_E_BAD_ARGUMENT,
		    "tournament: options and time_control objects, invite_code a string");
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_INSERT);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, scenario, -1, SQLITE_TRANSIENT);
	int rc = store_bind_json(st, 4, options);
	sqlite3_bind_text(st, 5, format, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 6, rounds);
	sqlite3_bind_int64(st, 7, max_players);
	if (invite && json_is_string(invite))
		sqlite3_bind_text(st, 8, json_string_value(invite), -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 9, rated ? 1 : 0);
	sqlite3_bind_int64(st, 10, director);
	sqlite3_bind_int64(st, 11, created);
	if (rc == SQLITE_OK && tc && json_is_object(tc))
		rc = store_bind_json(st, 12, tc);
	if (start_at && json_is_integer(start_at))
		sqlite3_bind_int64(st, 13, json_integer_value(start_at));
	sqlite3_bind_int64(st, 14, pools);
	sqlite3_bind_int64(st, 15, advance);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = tg_fail(err, "no_such_user", "no user with id %lld", (long long)director);
	else if (rc == SQLITE_CONSTRAINT_UNIQUE)
		result = tg_fail(err, "invite_taken", "invite code already in use");
	else if (rc == SQLITE_CONSTRAINT_CHECK)
		result = tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "tournament: a value out of range");
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "creating a tournament");
	else if (tourney_id)
		*tourney_id = sqlite3_last_insert_rowid(s->db);
	store_stmt_done(st);
	return result;
}

/* One row of TOURNEY_COLUMNS (store_stmts.c). */
static json_t *tourney_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	(void)arg;
	json_t *options = store_column_json(st, 4, "tournament options", err);
	json_t *tc = options ? store_column_json(st, 18, "tournament time control", err) : NULL;
	if (!tc) {
		json_decref(options);
		return NULL;
	}
	json_t *t = json_pack(
	    "{s:I, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:o, s:b, s:I, s:o, s:o, s:I, s:I, s:I, s:I, "
	    "s:b, s:o, s:o, s:I, s:I}",
	    "id", (json_int_t)sqlite3_column_int64(st, 0), "name", store_column_string(st, 1),
	    "game", store_column_string(st, 2), "scenario", store_column_string(st, 3), "options",
	    options, "format", store_column_string(st, 5), "rounds",
	    (json_int_t)sqlite3_column_int64(st, 6), "max_players",
	    (json_int_t)sqlite3_column_int64(st, 7), "invite_code", store_column_string(st, 8),
	    "rated", sqlite3_column_int(st, 9), "director",
	    (json_int_t)sqlite3_column_int64(st, 10), "director_name", store_column_string(st, 11),
	    "status", store_column_string(st, 12), "round",
	    (json_int_t)sqlite3_column_int64(st, 13), "created",
	    (json_int_t)sqlite3_column_int64(st, 14), "updated",
	    (json_int_t)sqlite3_column_int64(st, 15), "nplayers",
	    (json_int_t)sqlite3_column_int64(st, 16), "paused", sqlite3_column_int(st, 17),
	    "time_control", tc, "start_at", int_or_null(st, 19), "pools",
	    (json_int_t)sqlite3_column_int64(st, 20), "advance",
	    (json_int_t)sqlite3_column_int64(st, 21));
	if (!t)
		tg_fail(err, TG_STORE_E_STORAGE, "stored tournament is unreadable");
	return t;
}

static json_t *player_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	(void)arg;
	json_t *p = json_pack(
	    "{s:I, s:o, s:I, s:b, s:I, s:o, s:o}", "user_id",
	    (json_int_t)sqlite3_column_int64(st, 0), "name", store_column_string(st, 1), "seq",
	    (json_int_t)sqlite3_column_int64(st, 2), "withdrawn", sqlite3_column_int(st, 3),
	    "registered", (json_int_t)sqlite3_column_int64(st, 4), "seed", int_or_null(st, 5),
	    "pool", int_or_null(st, 6));
	if (!p)
		tg_fail(err, TG_STORE_E_STORAGE, "stored player is unreadable");
	return p;
}

static json_t *game_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	(void)arg;
	json_t *g = json_pack("{s:I, s:I, s:I, s:o, s:o, s:o}", "round",
	                      (json_int_t)sqlite3_column_int64(st, 0), "board",
	                      (json_int_t)sqlite3_column_int64(st, 1), "side0",
	                      (json_int_t)sqlite3_column_int64(st, 2), "side1", int_or_null(st, 3),
	                      "match", int_or_null(st, 4), "result", store_column_string(st, 5));
	if (!g)
		tg_fail(err, TG_STORE_E_STORAGE, "stored tournament game is unreadable");
	return g;
}

json_t *tg_store_tourney_get(struct tg_store *s, int64_t tourney_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_GET);
	sqlite3_bind_int64(st, 1, tourney_id);
	int rc = sqlite3_step(st);
	json_t *t = NULL;
	if (rc == SQLITE_ROW)
		t = tourney_row(st, NULL, err);
	else if (rc == SQLITE_DONE)
		tg_fail(err, "no_such_tourney", "no tournament %lld", (long long)tourney_id);
	else
		store_fail_db(s, err, "reading a tournament");
	store_stmt_done(st);
	if (!t)
		return NULL;
	st = store_stmt(s, ST_TOURNEY_PLAYERS);
	sqlite3_bind_int64(st, 1, tourney_id);
	json_t *players = store_rows(s, st, player_row, NULL, "reading tournament players", err);
	st = store_stmt(s, ST_TOURNEY_GAMES);
	sqlite3_bind_int64(st, 1, tourney_id);
	json_t *games =
	    players ? store_rows(s, st, game_row, NULL, "reading tournament games", err) : NULL;
	if (!players || !games) {
		json_decref(players);
		json_decref(t);
		return NULL;
	}
	json_object_set_new(t, "players", players);
	json_object_set_new(t, "games", games);
	return t;
}

json_t *tg_store_tourney_list(struct tg_store *s, int limit, struct tg_error *err)
{
	if ((limit = store_list_limit(limit, err)) < 0)
		return NULL;
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_LIST);
	sqlite3_bind_int(st, 1, limit);
	return store_rows(s, st, tourney_row, NULL, "listing tournaments", err);
}

/* Steps a write that changes one row; code_none when it changed none. */
static int one_change(struct tg_store *s, sqlite3_stmt *st, const char *code_none, const char *what,
                      struct tg_error *err)
{
	int rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_PRIMARYKEY || rc == SQLITE_CONSTRAINT_UNIQUE)
		result = tg_fail(err, "already_registered", "%s: already there", what);
	else if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = tg_fail(err, "no_such_tourney", "%s: no such tournament or user", what);
	else if (rc == SQLITE_CONSTRAINT_CHECK)
		result = tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "%s: a value out of range", what);
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, what);
	else if (code_none && sqlite3_changes(s->db) == 0)
		result = tg_fail(err, code_none, "%s: no such row", what);
	store_stmt_done(st);
	return result;
}

int tg_store_tourney_player_add(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                                int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_PLAYER_INSERT);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_int64(st, 3, now);
	return one_change(s, st, NULL, "registering a player", err);
}

int tg_store_tourney_player_remove(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                                   struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_PLAYER_DELETE);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int64(st, 2, user_id);
	return one_change(s, st, "not_registered", "removing a player", err);
}

int tg_store_tourney_player_withdraw(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                                     struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_PLAYER_WITHDRAW);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int64(st, 2, user_id);
	return one_change(s, st, "not_registered", "withdrawing a player", err);
}

int tg_store_tourney_set_state(struct tg_store *s, int64_t tourney_id, const char *status,
                               int round, int rounds, int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_SET_STATE);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_text(st, 2, status, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 3, round);
	sqlite3_bind_int(st, 4, rounds);
	sqlite3_bind_int64(st, 5, now);
	return one_change(s, st, "no_such_tourney", "changing a tournament's state", err);
}

int tg_store_tourney_game_add(struct tg_store *s, int64_t tourney_id, int round, int board,
                              int64_t side0, int64_t side1, int64_t match_id, const char *result,
                              struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_GAME_INSERT);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int(st, 2, round);
	sqlite3_bind_int(st, 3, board);
	sqlite3_bind_int64(st, 4, side0);
	if (side1 > 0)
		sqlite3_bind_int64(st, 5, side1);
	if (match_id > 0)
		sqlite3_bind_int64(st, 6, match_id);
	if (result)
		sqlite3_bind_text(st, 7, result, -1, SQLITE_TRANSIENT);
	return one_change(s, st, NULL, "adding a tournament game", err);
}

int tg_store_tourney_game_result(struct tg_store *s, int64_t tourney_id, int round, int board,
                                 const char *result, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_GAME_RESULT);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int(st, 2, round);
	sqlite3_bind_int(st, 3, board);
	if (result)
		sqlite3_bind_text(st, 4, result, -1, SQLITE_TRANSIENT);
	return one_change(s, st, "no_such_game", "recording a tournament result", err);
}

json_t *tg_store_tourney_game_by_match(struct tg_store *s, int64_t match_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_GAME_BY_MATCH);
	sqlite3_bind_int64(st, 1, match_id);
	int rc = sqlite3_step(st);
	json_t *g = NULL;
	if (rc == SQLITE_ROW) {
		g = json_pack("{s:I, s:I, s:I, s:I, s:o, s:o}", "tourney",
		              (json_int_t)sqlite3_column_int64(st, 0), "round",
		              (json_int_t)sqlite3_column_int64(st, 1), "board",
		              (json_int_t)sqlite3_column_int64(st, 2), "side0",
		              (json_int_t)sqlite3_column_int64(st, 3), "side1", int_or_null(st, 4),
		              "result", store_column_string(st, 5));
		if (!g)
			tg_fail(err, TG_STORE_E_STORAGE, "stored tournament game is unreadable");
	} else if (rc == SQLITE_DONE) {
		tg_fail(err, "no_such_game", "match %lld is in no tournament", (long long)match_id);
	} else {
		store_fail_db(s, err, "finding a match's tournament");
	}
	store_stmt_done(st);
	return g;
}

int tg_store_tourney_log_add(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                             const char *text, int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_LOG_INSERT);
	sqlite3_bind_int64(st, 1, tourney_id);
	if (user_id > 0)
		sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_text(st, 3, text, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 4, now);
	return one_change(s, st, NULL, "writing the tournament log", err);
}

static json_t *log_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	(void)arg;
	json_t *l =
	    json_pack("{s:I, s:o, s:o, s:I}", "id", (json_int_t)sqlite3_column_int64(st, 0), "user",
	              store_column_string(st, 1), "text", store_column_string(st, 2), "time",
	              (json_int_t)sqlite3_column_int64(st, 3));
	if (!l)
		tg_fail(err, TG_STORE_E_STORAGE, "stored log line is unreadable");
	return l;
}

json_t *tg_store_tourney_log_list(struct tg_store *s, int64_t tourney_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_LOG_LIST);
	sqlite3_bind_int64(st, 1, tourney_id);
	return store_rows(s, st, log_row, NULL, "reading the tournament log", err);
}

int tg_store_tourney_set_paused(struct tg_store *s, int64_t tourney_id, bool paused,
                                struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_SET_PAUSED);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int(st, 2, paused ? 1 : 0);
	return one_change(s, st, "no_such_tourney", "pausing a tournament", err);
}

int tg_store_tourney_round_delete(struct tg_store *s, int64_t tourney_id, int round,
                                  struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_ROUND_DELETE);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int(st, 2, round);
	return one_change(s, st, NULL, "deleting a round's games", err);
}

int tg_store_tourney_player_seed(struct tg_store *s, int64_t tourney_id, int64_t user_id, int seed,
                                 struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_PLAYER_SEED);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_int(st, 3, seed);
	return one_change(s, st, "not_registered", "seeding a player", err);
}

int tg_store_tourney_player_pool(struct tg_store *s, int64_t tourney_id, int64_t user_id, int pool,
                                 struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_PLAYER_POOL);
	sqlite3_bind_int64(st, 1, tourney_id);
	sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_int(st, 3, pool);
	return one_change(s, st, "not_registered", "putting a player in a pool", err);
}

static json_t *id_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	(void)arg;
	(void)err;
	return json_integer(sqlite3_column_int64(st, 0));
}

json_t *tg_store_tourney_due(struct tg_store *s, int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_DUE);
	sqlite3_bind_int64(st, 1, now);
	return store_rows(s, st, id_row, NULL, "finding the tournaments due to start", err);
}

int tg_store_tourney_next_start(struct tg_store *s, int64_t *start_at, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_NEXT_START);
	int rc = sqlite3_step(st), result = 0;
	*start_at = 0;
	if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		*start_at = sqlite3_column_int64(st, 0);
	else if (rc != SQLITE_ROW)
		result = store_fail_db(s, err, "finding the next tournament start");
	store_stmt_done(st);
	return result;
}

int tg_store_tourney_set_start_at(struct tg_store *s, int64_t tourney_id, int64_t start_at,
                                  struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_TOURNEY_SET_START_AT);
	sqlite3_bind_int64(st, 1, tourney_id);
	if (start_at > 0)
		sqlite3_bind_int64(st, 2, start_at);
	return one_change(s, st, "no_such_tourney", "setting a tournament's start", err);
}
