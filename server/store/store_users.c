/* store_users.c — accounts and session tokens (stored only as hashes). */
#include "store_internal.h"

int tg_store_user_create(struct tg_store *s, const char *name, const char *pw_hash, int64_t now,
                         int64_t *user_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_USER_INSERT);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, pw_hash, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 3, now);
	int rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_UNIQUE)
		result = tg_fail(err, "name_taken", "the name \"%s\" is taken", name);
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "creating a user");
	else if (user_id)
		*user_id = sqlite3_last_insert_rowid(s->db);
	store_stmt_done(st);
	return result;
}

static json_t *user_row(struct tg_store *s, sqlite3_stmt *st, struct tg_error *err)
{
	int rc = sqlite3_step(st);
	json_t *user = NULL;
	if (rc == SQLITE_ROW)
		user = json_pack(
		    "{s:I, s:o, s:o, s:I, s:o}", "id", (json_int_t)sqlite3_column_int64(st, 0),
		    "name", store_column_string(st, 1), "pw_hash", store_column_string(st, 2),
		    "created", (json_int_t)sqlite3_column_int64(st, 3), "banned",
		    sqlite3_column_type(st, 4) == SQLITE_NULL ? json_null()
		                                              : store_column_string(st, 4));
	if (rc == SQLITE_ROW) {
		if (!user)
			tg_fail(err, TG_STORE_E_STORAGE, "stored user is not valid UTF-8");
	} else if (rc == SQLITE_DONE)
		tg_fail(err, "no_such_user", "no such user");
	else
		store_fail_db(s, err, "reading a user");
	store_stmt_done(st);
	return user;
}

json_t *tg_store_user_by_name(struct tg_store *s, const char *name, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_USER_BY_NAME);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	return user_row(s, st, err);
}

json_t *tg_store_user_by_id(struct tg_store *s, int64_t user_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_USER_BY_ID);
	sqlite3_bind_int64(st, 1, user_id);
	return user_row(s, st, err);
}

int tg_store_session_create(struct tg_store *s, const uint8_t token_hash[32], int64_t user_id,
                            int64_t now, int64_t expires, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SESSION_INSERT);
	sqlite3_bind_blob(st, 1, token_hash, 32, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_int64(st, 3, now);
	sqlite3_bind_int64(st, 4, expires);
	int rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = tg_fail(err, "no_such_user", "no user with id %lld", (long long)user_id);
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "creating a session");
	store_stmt_done(st);
	return result;
}

int64_t tg_store_session_user(struct tg_store *s, const uint8_t token_hash[32], int64_t now,
                              struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SESSION_USER);
	sqlite3_bind_blob(st, 1, token_hash, 32, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, now);
	int rc = sqlite3_step(st);
	int64_t user_id = -1;
	if (rc == SQLITE_ROW)
		user_id = sqlite3_column_int64(st, 0);
	else if (rc == SQLITE_DONE)
		tg_fail(err, "bad_token", "unknown or expired session token");
	else
		store_fail_db(s, err, "reading a session");
	store_stmt_done(st);
	return user_id;
}

int tg_store_session_delete(struct tg_store *s, const uint8_t token_hash[32], struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SESSION_DELETE);
	sqlite3_bind_blob(st, 1, token_hash, 32, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st);
	int result = 0;
	if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "deleting a session");
	else if (sqlite3_changes(s->db) == 0)
		result = tg_fail(err, "bad_token", "unknown session token");
	store_stmt_done(st);
	return result;
}

int tg_store_session_touch(struct tg_store *s, const uint8_t token_hash[32], int64_t now,
                           const char *address, const char *client, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SESSION_TOUCH);
	sqlite3_bind_blob(st, 1, token_hash, 32, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, now);
	sqlite3_bind_text(st, 3, address ? address : "", -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, client ? client : "", -1, SQLITE_TRANSIENT);
	int result =
	    sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, "noting a sign-in");
	store_stmt_done(st);
	return result;
}

static json_t *session_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	(void)arg;
	json_t *row = json_pack("{s:o,s:I,s:I,s:o,s:o}", "id", store_column_string(st, 0),
	                        "created", (json_int_t)sqlite3_column_int64(st, 1), "last_used",
	                        (json_int_t)sqlite3_column_int64(st, 2), "address",
	                        store_column_string(st, 3), "client", store_column_string(st, 4));
	if (!row)
		tg_fail(err, TG_STORE_E_STORAGE, "out of memory listing sessions");
	return row;
}

json_t *tg_store_sessions_of(struct tg_store *s, int64_t user_id, int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SESSIONS_OF);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, now);
	return store_rows(s, st, session_row, NULL, "listing sessions", err);
}

int tg_store_session_end(struct tg_store *s, int64_t user_id, const char *id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SESSION_END);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, id, -1, SQLITE_TRANSIENT);
	int result = 0;
	if (sqlite3_step(st) != SQLITE_DONE)
		result = store_fail_db(s, err, "ending a session");
	else if (sqlite3_changes(s->db) == 0)
		result = tg_fail(err, "no_such_session", "You have no session %s.", id);
	store_stmt_done(st);
	return result;
}

int tg_store_sessions_end_others(struct tg_store *s, int64_t user_id, const uint8_t keep[32],
                                 struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SESSIONS_END_OTHERS);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_blob(st, 2, keep, 32, SQLITE_TRANSIENT);
	int result = sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, "ending sessions");
	store_stmt_done(st);
	return result;
}

int tg_store_user_set_password(struct tg_store *s, int64_t user_id, const char *pw_hash,
                               struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_USER_SET_PASSWORD);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, pw_hash, -1, SQLITE_TRANSIENT);
	int result = 0;
	if (sqlite3_step(st) != SQLITE_DONE)
		result = store_fail_db(s, err, "changing a password");
	else if (sqlite3_changes(s->db) == 0)
		result = tg_fail(err, "no_such_user", "no such user");
	store_stmt_done(st);
	return result;
}
