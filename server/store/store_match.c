/* store_match.c — matches, their seats, and the lobby lists. */
#include "store_internal.h"

#include <stdint.h>
#include <string.h>

int store_match_exists(struct tg_store *s, int64_t match_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_EXISTS);
	sqlite3_bind_int64(st, 1, match_id);
	int rc = sqlite3_step(st);
	int found = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : store_fail_db(s, err, "match");
	store_stmt_done(st);
	return found;
}

int tg_store_match_create(struct tg_store *s, const json_t *m, int64_t *match_id,
                          struct tg_error *err)
{
	const char *game, *scenario, *visibility, *secret, *commitment;
	json_t *options = NULL, *invite = NULL, *tc = NULL;
	int spectators = 0;
	json_int_t creator, created, rules;
	json_error_t jerr;
	if (json_unpack_ex((json_t *)m, &jerr, 0,
	                   "{s:s, s:s, s?o, s:s, s?o, s?b, s:I, s:s, s:s, s:I, s?o, s:I}", "game",
	                   &game, "scenario", &scenario, "options", &options, "visibility",
	                   &visibility, "invite_code", &invite, "spectators", &spectators,
	                   "creator", &creator, "secret", &secret, "commitment", &commitment,
	                   "created", &created, "time_control", &tc, "rules_version", &rules))
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "match: %s", jerr.text);
	if (rules < 1 || rules > INT32_MAX)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT,
		               "match: rules_version must be 1 or more");
	if (options && !json_is_object(options))
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "match: options must be an object");
	if (invite && !json_is_string(invite) && !json_is_null(invite))
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "match: invite_code must be a string");
	if (tc && !json_is_object(tc) && !json_is_null(tc))
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT,
		               "match: time_control must be an object");
	json_t *no_options = options ? NULL : json_object();

	sqlite3_stmt *st = store_stmt(s, ST_MATCH_INSERT);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, scenario, -1, SQLITE_TRANSIENT);
	int rc = store_bind_json(st, 3, options ? options : no_options);
	json_decref(no_options);
	sqlite3_bind_text(st, 4, visibility, -1, SQLITE_TRANSIENT);
	if (invite && json_is_string(invite))
		sqlite3_bind_text(st, 5, json_string_value(invite), -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 6, spectators ? 1 : 0);
	sqlite3_bind_int64(st, 7, creator);
	sqlite3_bind_text(st, 8, secret, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 9, commitment, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 10, created);
	if (rc == SQLITE_OK && tc && json_is_object(tc))
		rc = store_bind_json(st, 11, tc);
	sqlite3_bind_int64(st, 12, rules);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = tg_fail(err, "no_such_user", "no user with id %lld", (long long)creator);
	else if (rc == SQLITE_CONSTRAINT_UNIQUE)
		result = tg_fail(err, "invite_taken", "invite code already in use");
	else if (rc == SQLITE_CONSTRAINT_CHECK)
		result = tg_fail(err, TG_STORE_E_BAD_ARGUMENT,
		                 "match: visibility must be \"public\" or \"private\"");
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "creating a match");
	else if (match_id)
		*match_id = sqlite3_last_insert_rowid(s->db);
	store_stmt_done(st);
	return result;
}

static json_t *seats_of(struct tg_store *s, int64_t match_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_SEATS);
	sqlite3_bind_int64(st, 1, match_id);
	json_t *seats = json_array();
	int rc;
	while (seats && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *seat =
		    json_pack("{s:o, s:I, s:o, s:o, s:I}", "role", store_column_string(st, 0),
		              "user_id", (json_int_t)sqlite3_column_int64(st, 1), "user_name",
		              store_column_string(st, 2), "entropy", store_column_string(st, 3),
		              "joined", (json_int_t)sqlite3_column_int64(st, 4));
		if (json_array_append_new(seats, seat)) {
			json_decref(seats);
			seats = NULL;
			tg_fail(err, TG_STORE_E_STORAGE, "stored seat is unreadable");
		}
	}
	if (seats && rc != SQLITE_DONE) {
		json_decref(seats);
		seats = NULL;
		store_fail_db(s, err, "reading seats");
	}
	store_stmt_done(st);
	return seats;
}

/* The current row of a statement selecting MATCH_COLUMNS, as a match object
 * without its seats. */
static json_t *match_row(sqlite3_stmt *st, struct tg_error *err)
{
	json_t *options = store_column_json(st, 3, "match options", err);
	json_t *result = options ? store_column_json(st, 12, "match result", err) : NULL;
	json_t *tc = result ? store_column_json(st, 16, "match time control", err) : NULL;
	json_t *clock = tc ? store_column_json(st, 17, "match clock", err) : NULL;
	if (!clock) {
		json_decref(options);
		json_decref(result);
		json_decref(tc);
		return NULL;
	}
	json_t *m = json_pack(
	    "{s:I, s:o, s:o, s:o, s:o, s:o, s:b, s:I, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:I, s:o, "
	    "s:o, s:b, s:I, s:I}",
	    "id", (json_int_t)sqlite3_column_int64(st, 0), "game", store_column_string(st, 1),
	    "scenario", store_column_string(st, 2), "options", options, "visibility",
	    store_column_string(st, 4), "invite_code", store_column_string(st, 5), "spectators",
	    sqlite3_column_int(st, 6), "creator", (json_int_t)sqlite3_column_int64(st, 7), "status",
	    store_column_string(st, 8), "secret", store_column_string(st, 9), "commitment",
	    store_column_string(st, 10), "seed", store_column_string(st, 11), "result", result,
	    "created", (json_int_t)sqlite3_column_int64(st, 13), "updated",
	    (json_int_t)sqlite3_column_int64(st, 14), "seq",
	    (json_int_t)sqlite3_column_int64(st, 15), "time_control", tc, "clock", clock, "rated",
	    sqlite3_column_int(st, 18), "rules_version", (json_int_t)sqlite3_column_int64(st, 19),
	    "rules_since", (json_int_t)sqlite3_column_int64(st, 20));
	if (!m)
		tg_fail(err, TG_STORE_E_STORAGE, "stored match is unreadable");
	return m;
}

static int add_seats(struct tg_store *s, json_t *m, struct tg_error *err)
{
	json_t *seats = seats_of(s, json_integer_value(json_object_get(m, "id")), err);
	return seats ? json_object_set_new(m, "seats", seats) : -1;
}

json_t *tg_store_match_get(struct tg_store *s, int64_t match_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_GET);
	sqlite3_bind_int64(st, 1, match_id);
	int rc = sqlite3_step(st);
	json_t *m = NULL;
	if (rc == SQLITE_ROW)
		m = match_row(st, err);
	else if (rc == SQLITE_DONE)
		tg_fail(err, "no_such_match", "no match with id %lld", (long long)match_id);
	else
		store_fail_db(s, err, "reading a match");
	store_stmt_done(st);
	if (m && add_seats(s, m, err)) {
		json_decref(m);
		m = NULL;
	}
	return m;
}

/* Runs a bound list statement: every row as a match with its seats. */
static json_t *match_list(struct tg_store *s, sqlite3_stmt *st, struct tg_error *err)
{
	json_t *list = json_array();
	int rc = SQLITE_DONE;
	while (list && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *m = match_row(st, err);
		if (!m || add_seats(s, m, err) || json_array_append_new(list, m)) {
			json_decref(list);
			list = NULL;
		}
	}
	if (list && rc != SQLITE_DONE) {
		json_decref(list);
		list = NULL;
		store_fail_db(s, err, "listing matches");
	}
	store_stmt_done(st);
	return list;
}

json_t *tg_store_match_list_open(struct tg_store *s, int limit, struct tg_error *err)
{
	int n = store_list_limit(limit, err);
	if (n < 0)
		return NULL;
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_LIST_OPEN);
	sqlite3_bind_int(st, 1, n);
	return match_list(s, st, err);
}

json_t *tg_store_match_list_live(struct tg_store *s, int limit, struct tg_error *err)
{
	int n = store_list_limit(limit, err);
	if (n < 0)
		return NULL;
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_LIST_LIVE);
	sqlite3_bind_int(st, 1, n);
	return match_list(s, st, err);
}

json_t *tg_store_match_list_finished(struct tg_store *s, int limit, struct tg_error *err)
{
	int n = store_list_limit(limit, err);
	if (n < 0)
		return NULL;
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_LIST_FINISHED);
	sqlite3_bind_int(st, 1, n);
	return match_list(s, st, err);
}

json_t *tg_store_match_list_user(struct tg_store *s, int64_t user_id, int limit,
                                 struct tg_error *err)
{
	int n = store_list_limit(limit, err);
	if (n < 0)
		return NULL;
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_LIST_USER);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int(st, 2, n);
	return match_list(s, st, err);
}

json_t *tg_store_match_list_active(struct tg_store *s, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_LIST_ACTIVE);
	json_t *ids = json_array();
	int rc = SQLITE_DONE;
	while (ids && (rc = sqlite3_step(st)) == SQLITE_ROW)
		json_array_append_new(ids, json_integer(sqlite3_column_int64(st, 0)));
	if (ids && rc != SQLITE_DONE) {
		json_decref(ids);
		ids = NULL;
		store_fail_db(s, err, "listing active matches");
	}
	store_stmt_done(st);
	return ids;
}

int64_t tg_store_match_by_invite(struct tg_store *s, const char *code, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_BY_INVITE);
	sqlite3_bind_text(st, 1, code, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st);
	int64_t id = -1;
	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	else if (rc == SQLITE_DONE)
		tg_fail(err, "no_such_match", "no match with that invite code");
	else
		store_fail_db(s, err, "finding an invite code");
	store_stmt_done(st);
	return id;
}

int tg_store_match_set_status(struct tg_store *s, int64_t match_id, const char *status,
                              const char *seed_hex, const json_t *result, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_SET_STATUS);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_text(st, 2, status, -1, SQLITE_TRANSIENT);
	if (seed_hex)
		sqlite3_bind_text(st, 3, seed_hex, -1, SQLITE_TRANSIENT);
	int rc = store_bind_json(st, 4, result);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	int ret = 0;
	if (rc == SQLITE_CONSTRAINT_CHECK || rc == SQLITE_CONSTRAINT_NOTNULL)
		ret = tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "no match status \"%s\"",
		              status ? status : "(null)");
	else if (rc != SQLITE_DONE)
		ret = store_fail_db(s, err, "setting a match status");
	else if (sqlite3_changes(s->db) == 0)
		ret = tg_fail(err, "no_such_match", "no match with id %lld", (long long)match_id);
	store_stmt_done(st);
	return ret;
}

int tg_store_match_set_rules(struct tg_store *s, int64_t match_id, unsigned version, int64_t since,
                             struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_SET_RULES);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, version);
	sqlite3_bind_int64(st, 3, since);
	int rc = sqlite3_step(st), ret = 0;
	if (rc == SQLITE_CONSTRAINT_CHECK)
		ret = tg_fail(err, TG_STORE_E_BAD_ARGUMENT,
		              "rules_version must be 1 or more, rules_since 0 or more");
	else if (rc != SQLITE_DONE)
		ret = store_fail_db(s, err, "storing a match's rules version");
	else if (sqlite3_changes(s->db) == 0)
		ret = tg_fail(err, "no_such_match", "no match with id %lld", (long long)match_id);
	store_stmt_done(st);
	return ret;
}

json_t *tg_store_match_rules_counts(struct tg_store *s, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_RULES_COUNTS);
	json_t *out = json_array();
	int rc = SQLITE_DONE;
	while (out && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (json_array_append_new(
		        out, json_pack("{s:o,s:I,s:I}", "game", store_column_string(st, 0),
		                       "rules_version", (json_int_t)sqlite3_column_int64(st, 1),
		                       "count", (json_int_t)sqlite3_column_int64(st, 2))) != 0) {
			json_decref(out);
			out = NULL;
		}
	}
	if (!out)
		tg_fail(err, TG_STORE_E_STORAGE, "out of memory counting rules versions");
	else if (rc != SQLITE_DONE) {
		json_decref(out);
		out = NULL;
		store_fail_db(s, err, "counting rules versions");
	}
	store_stmt_done(st);
	return out;
}

json_t *tg_store_match_rules_ids(struct tg_store *s, const char *game, unsigned version, int limit,
                                 struct tg_error *err)
{
	int n = store_list_limit(limit, err);
	if (n < 0)
		return NULL;
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_RULES_IDS);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, version);
	sqlite3_bind_int(st, 3, n);
	json_t *out = json_array();
	int rc = SQLITE_DONE;
	while (out && (rc = sqlite3_step(st)) == SQLITE_ROW)
		if (json_array_append_new(out, json_integer(sqlite3_column_int64(st, 0))) != 0) {
			json_decref(out);
			out = NULL;
		}
	if (!out)
		tg_fail(err, TG_STORE_E_STORAGE, "out of memory listing matches by rules version");
	else if (rc != SQLITE_DONE) {
		json_decref(out);
		out = NULL;
		store_fail_db(s, err, "listing matches by rules version");
	}
	store_stmt_done(st);
	return out;
}

int tg_store_match_set_clock(struct tg_store *s, int64_t match_id, const json_t *clock,
                             struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_SET_CLOCK);
	sqlite3_bind_int64(st, 1, match_id);
	int rc = store_bind_json(st, 2, clock);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	int ret = 0;
	if (rc != SQLITE_DONE)
		ret = store_fail_db(s, err, "storing a match clock");
	else if (sqlite3_changes(s->db) == 0)
		ret = tg_fail(err, "no_such_match", "no match with id %lld", (long long)match_id);
	store_stmt_done(st);
	return ret;
}

/* A foreign key failed on a row naming a match and a user: say which. */
static int missing_match_or_user(struct tg_store *s, int64_t match_id, int64_t user_id,
                                 struct tg_error *err)
{
	int exists = store_match_exists(s, match_id, err);
	if (exists < 0)
		return -1;
	if (!exists)
		return tg_fail(err, "no_such_match", "no match with id %lld", (long long)match_id);
	return tg_fail(err, "no_such_user", "no user with id %lld", (long long)user_id);
}

int tg_store_seat_add(struct tg_store *s, int64_t match_id, const char *role, int64_t user_id,
                      const char *entropy_hex, int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SEAT_INSERT);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_text(st, 2, role, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 3, user_id);
	if (entropy_hex)
		sqlite3_bind_text(st, 4, entropy_hex, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 5, now);
	int rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_PRIMARYKEY)
		result = tg_fail(err, "seat_taken", "the role \"%s\" is taken", role);
	else if (rc == SQLITE_CONSTRAINT_UNIQUE)
		result =
		    tg_fail(err, "already_seated", "that user already holds a seat in match %lld",
		            (long long)match_id);
	else if (rc != SQLITE_DONE && rc != SQLITE_CONSTRAINT_FOREIGNKEY)
		result = store_fail_db(s, err, "adding a seat");
	store_stmt_done(st);
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = missing_match_or_user(s, match_id, user_id, err);
	return result;
}

int tg_store_seat_remove(struct tg_store *s, int64_t match_id, int64_t user_id,
                         struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SEAT_DELETE);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, user_id);
	int rc = sqlite3_step(st);
	int result = 0;
	bool removed = rc == SQLITE_DONE && sqlite3_changes(s->db) > 0;
	if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "removing a seat");
	store_stmt_done(st);
	if (result == 0 && !removed) {
		int exists = store_match_exists(s, match_id, err);
		result = exists < 0 ? -1
		         : exists
		             ? tg_fail(err, "not_a_participant",
		                       "that user holds no seat in match %lld", (long long)match_id)
		             : tg_fail(err, "no_such_match", "no match with id %lld",
		                       (long long)match_id);
	}
	return result;
}
