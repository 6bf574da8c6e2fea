/* store_mail.c — the reply tokens of moves by email (issue 19, schema 050).
 * Only a token's SHA-256 is stored; these statements run once per email or
 * reply, so each is prepared when used. */
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sqlite3_stmt *prep(struct tg_store *s, const char *sql, struct tg_error *err)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		store_fail_db(s, err, "preparing a reply-token statement");
		return NULL;
	}
	return st;
}

int tg_store_mail_token_add(struct tg_store *s, const uint8_t hash[32], const json_t *row,
                            int64_t now, struct tg_error *err)
{
	const char *role = json_string_value(json_object_get(row, "role"));
	const json_t *tail = json_object_get(row, "log_tail");
	char *tail_text = json_is_array(tail) ? json_dumps(tail, JSON_COMPACT) : strdup("[]");
	if (!role || !tail_text) {
		free(tail_text);
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "reply token: bad row");
	}
	sqlite3_stmt *st = prep(s,
	                        "INSERT INTO mail_reply_tokens (hash, user_id, match_id, role, "
	                        "seq, created, expires, log_tail) "
	                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
	                        err);
	if (!st) {
		free(tail_text);
		return -1;
	}
	sqlite3_bind_blob(st, 1, hash, 32, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, json_integer_value(json_object_get(row, "user_id")));
	sqlite3_bind_int64(st, 3, json_integer_value(json_object_get(row, "match_id")));
	sqlite3_bind_text(st, 4, role, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, json_integer_value(json_object_get(row, "seq")));
	sqlite3_bind_int64(st, 6, now);
	sqlite3_bind_int64(st, 7, json_integer_value(json_object_get(row, "expires")));
	sqlite3_bind_text(st, 8, tail_text, -1, SQLITE_STATIC);
	int ret =
	    sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, "storing a reply token");
	sqlite3_finalize(st);
	free(tail_text);
	return ret;
}

json_t *tg_store_mail_token_get(struct tg_store *s, const uint8_t hash[32], struct tg_error *err)
{
	sqlite3_stmt *st = prep(s,
	                        "SELECT user_id, match_id, role, seq, created, expires, used "
	                        "FROM mail_reply_tokens WHERE hash = ?1",
	                        err);
	if (!st)
		return NULL;
	sqlite3_bind_blob(st, 1, hash, 32, SQLITE_STATIC);
	json_t *out;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		out = json_pack("{s:I,s:I,s:s,s:I,s:I,s:I,s:o}", "user_id",
		                (json_int_t)sqlite3_column_int64(st, 0), "match_id",
		                (json_int_t)sqlite3_column_int64(st, 1), "role",
		                (const char *)sqlite3_column_text(st, 2), "seq",
		                (json_int_t)sqlite3_column_int64(st, 3), "created",
		                (json_int_t)sqlite3_column_int64(st, 4), "expires",
		                (json_int_t)sqlite3_column_int64(st, 5), "used",
		                sqlite3_column_type(st, 6) == SQLITE_NULL
		                    ? json_null()
		                    : json_integer(sqlite3_column_int64(st, 6)));
		if (!out)
			tg_fail(err, TG_STORE_E_STORAGE, "out of memory");
	} else if (rc == SQLITE_DONE) {
		out = json_null();
	} else {
		store_fail_db(s, err, "reading a reply token");
		out = NULL;
	}
	sqlite3_finalize(st);
	return out;
}

int tg_store_mail_token_use(struct tg_store *s, const uint8_t hash[32], int64_t now,
                            struct tg_error *err)
{
	sqlite3_stmt *st =
	    prep(s, "UPDATE mail_reply_tokens SET used = ?2 WHERE hash = ?1 AND used IS NULL", err);
	if (!st)
		return -1;
	sqlite3_bind_blob(st, 1, hash, 32, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now);
	int ret = sqlite3_step(st) == SQLITE_DONE
	              ? (sqlite3_changes(s->db) > 0 ? 1 : 0)
	              : store_fail_db(s, err, "consuming a reply token");
	sqlite3_finalize(st);
	return ret;
}

json_t *tg_store_mail_log_tail(struct tg_store *s, int64_t match_id, const char *role,
                               struct tg_error *err)
{
	sqlite3_stmt *st = prep(s,
	                        "SELECT log_tail FROM mail_reply_tokens WHERE match_id = ?1 AND "
	                        "role = ?2 ORDER BY created DESC, rowid DESC LIMIT 1",
	                        err);
	if (!st)
		return NULL;
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_text(st, 2, role, -1, SQLITE_STATIC);
	json_t *out = NULL;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		out = json_loads((const char *)sqlite3_column_text(st, 0), 0, NULL);
		if (!json_is_array(out)) {
			json_decref(out);
			out = json_array();
		}
	} else if (rc == SQLITE_DONE) {
		out = json_array();
	} else {
		store_fail_db(s, err, "reading a reply token's log");
	}
	sqlite3_finalize(st);
	return out;
}

json_t *tg_store_mail_token_last(struct tg_store *s, int64_t match_id, const char *role,
                                 struct tg_error *err)
{
	sqlite3_stmt *st = prep(s,
	                        "SELECT user_id, seq, expires, used FROM mail_reply_tokens "
	                        "WHERE match_id = ?1 AND role = ?2 "
	                        "ORDER BY created DESC, rowid DESC LIMIT 1",
	                        err);
	if (!st)
		return NULL;
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_text(st, 2, role, -1, SQLITE_STATIC);
	json_t *out;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		out = json_pack("{s:I,s:I,s:I,s:o}", "user_id",
		                (json_int_t)sqlite3_column_int64(st, 0), "seq",
		                (json_int_t)sqlite3_column_int64(st, 1), "expires",
		                (json_int_t)sqlite3_column_int64(st, 2), "used",
		                sqlite3_column_type(st, 3) == SQLITE_NULL
		                    ? json_null()
		                    : json_integer(sqlite3_column_int64(st, 3)));
		if (!out)
			tg_fail(err, TG_STORE_E_STORAGE, "out of memory");
	} else if (rc == SQLITE_DONE) {
		out = json_null();
	} else {
		store_fail_db(s, err, "reading a seat's reply token");
		out = NULL;
	}
	sqlite3_finalize(st);
	return out;
}
