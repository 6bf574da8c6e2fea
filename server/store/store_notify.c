/* store_notify.c — notification settings and the durable outbox (issue 19,
 * schema 030). These statements are few and not on the hot path of a move,
 * so each is prepared when used (kept out of store_stmts.c's shared table),
 * but the outbox's due query, which the sender runs about once a second
 * (ST_OUTBOX_DUE). */
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const setting_cols[] = {"email",
                                           "email_verified",
                                           "events",
                                           "webhook_url",
                                           "webhook_format",
                                           "webhook_secret",
                                           "email_parked",
                                           "webhook_parked",
                                           "verify_hash",
                                           "verify_expires",
                                           "verify_tries",
                                           "digest_hours",
                                           NULL};

static bool is_setting_col(const char *k)
{
	for (int i = 0; setting_cols[i]; i++)
		if (strcmp(setting_cols[i], k) == 0)
			return true;
	return false;
}

static sqlite3_stmt *prep(struct tg_store *s, const char *sql, struct tg_error *err)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		store_fail_db(s, err, "preparing a notification statement");
		return NULL;
	}
	return st;
}

static int bind_value(sqlite3_stmt *st, int idx, const json_t *v)
{
	if (!v || json_is_null(v))
		return sqlite3_bind_null(st, idx);
	if (json_is_integer(v))
		return sqlite3_bind_int64(st, idx, json_integer_value(v));
	if (json_is_boolean(v))
		return sqlite3_bind_int(st, idx, json_is_true(v));
	if (json_is_string(v))
		return sqlite3_bind_text(st, idx, json_string_value(v), (int)json_string_length(v),
		                         SQLITE_TRANSIENT);
	return SQLITE_MISMATCH;
}

static json_t *column_value(sqlite3_stmt *st, int col)
{
	switch (sqlite3_column_type(st, col)) {
	case SQLITE_INTEGER:
		return json_integer(sqlite3_column_int64(st, col));
	case SQLITE_TEXT:
		return json_stringn((const char *)sqlite3_column_text(st, col),
		                    (size_t)sqlite3_column_bytes(st, col));
	case SQLITE_BLOB: {
		const unsigned char *b = sqlite3_column_blob(st, col);
		int n = sqlite3_column_bytes(st, col);
		char *hex = malloc((size_t)n * 2 + 1);
		if (!hex)
			return NULL;
		for (int i = 0; i < n; i++)
			snprintf(hex + 2 * i, 3, "%02x", b[i]);
		json_t *j = json_stringn(hex, (size_t)n * 2);
		free(hex);
		return j;
	}
	default:
		return json_null();
	}
}

/* Every row of st as an object named by its columns; NULL on failure. */
static json_t *rows_of(struct tg_store *s, sqlite3_stmt *st, const char *what, struct tg_error *err)
{
	json_t *rows = json_array();
	int rc;
	while (rows && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *row = json_object();
		for (int c = 0; row && c < sqlite3_column_count(st); c++)
			json_object_set_new(row, sqlite3_column_name(st, c), column_value(st, c));
		json_array_append_new(rows, row);
	}
	if (!rows || rc != SQLITE_DONE) {
		store_fail_db(s, err, what);
		json_decref(rows);
		rows = NULL;
	}
	return rows;
}

json_t *tg_store_notify_settings(struct tg_store *s, int64_t user_id, struct tg_error *err)
{
	sqlite3_stmt *st = prep(
	    s,
	    "SELECT email, email_verified, events, webhook_url, webhook_format, "
	    "webhook_secret, email_parked, webhook_parked, verify_hash, "
	    "verify_expires, verify_tries, digest_hours FROM notify_settings WHERE user_id = ?1",
	    err);
	if (!st)
		return NULL;
	sqlite3_bind_int64(st, 1, user_id);
	json_t *rows = rows_of(s, st, "reading notification settings", err);
	sqlite3_finalize(st);
	if (!rows)
		return NULL;
	json_t *row = json_array_get(rows, 0);
	if (row) {
		json_incref(row);
	} else {
		row = json_pack("{s:n,s:i,s:i,s:n,s:s,s:n,s:n,s:n,s:n,s:n,s:i,s:i}", "email",
		                "email_verified", 0, "events", 127, "webhook_url", "webhook_format",
		                "json", "webhook_secret", "email_parked", "webhook_parked",
		                "verify_hash", "verify_expires", "verify_tries", 0, "digest_hours",
		                0);
	}
	json_decref(rows);
	return row;
}

/* A hex string as a 32-byte blob; -1 if it is not one. */
static int hex32(const char *hex, uint8_t out[32])
{
	if (!hex || strlen(hex) != 64)
		return -1;
	for (int i = 0; i < 32; i++) {
		unsigned v;
		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (uint8_t)v;
	}
	return 0;
}

int tg_store_notify_settings_set(struct tg_store *s, int64_t user_id, const json_t *set,
                                 struct tg_error *err)
{
	sqlite3_stmt *ins = prep(
	    s, "INSERT OR IGNORE INTO notify_settings (user_id, events) VALUES (?1, 127)", err);
	if (!ins)
		return -1;
	sqlite3_bind_int64(ins, 1, user_id);
	int irc = sqlite3_step(ins);
	sqlite3_finalize(ins);
	if (irc != SQLITE_DONE)
		return store_fail_db(s, err, "making notification settings");
	char sql[1024];
	size_t n =
	    (size_t)snprintf(sql, sizeof sql, "%s", "UPDATE notify_settings SET user_id = ?1");
	const char *k;
	const json_t *v;
	json_object_foreach((json_t *)set, k, v)
	{
		if (!is_setting_col(k))
			return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "no setting %s", k);
		n += (size_t)snprintf(sql + n, sizeof sql - n, ", %s = ?", k);
		if (n >= sizeof sql)
			return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "too many settings");
	}
	n += (size_t)snprintf(sql + n, sizeof sql - n, " WHERE user_id = ?1");
	if (n >= sizeof sql)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "too many settings");
	sqlite3_stmt *st = prep(s, sql, err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user_id);
	int idx = 2, rc = SQLITE_OK;
	json_object_foreach((json_t *)set, k, v)
	{
		uint8_t blob[32];
		if (strcmp(k, "verify_hash") == 0 && json_is_string(v)) {
			if (hex32(json_string_value(v), blob) != 0) {
				sqlite3_finalize(st);
				return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "verify_hash: 64 hex");
			}
			rc = sqlite3_bind_blob(st, idx++, blob, 32, SQLITE_TRANSIENT);
		} else {
			rc = bind_value(st, idx++, v);
		}
		if (rc != SQLITE_OK)
			break;
	}
	int ret = 0;
	if (rc != SQLITE_OK || sqlite3_step(st) != SQLITE_DONE)
		ret = store_fail_db(s, err, "writing notification settings");
	sqlite3_finalize(st);
	return ret;
}

int tg_store_outbox_add(struct tg_store *s, const json_t *row, int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = prep(s,
	                        "INSERT OR IGNORE INTO notify_outbox (idem_key, user_id, channel, "
	                        "address, event, subject, body, grp, created, next_at, reply_to) "
	                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, max(?9, "
	                        "coalesce(?10, ?9)), ?11)",
	                        err);
	if (!st)
		return -1;
	static const char *const cols[] = {"idem_key", "user_id", "channel", "address", "event",
	                                   "subject",  "body",    "grp",     NULL};
	int rc = SQLITE_OK;
	for (int i = 0; cols[i] && rc == SQLITE_OK; i++)
		rc = bind_value(st, i + 1, json_object_get(row, cols[i]));
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, 9, now);
	if (rc == SQLITE_OK)
		rc = bind_value(st, 10, json_object_get(row, "next_at"));
	if (rc == SQLITE_OK)
		rc = bind_value(st, 11, json_object_get(row, "reply_to"));
	int ret;
	if (rc != SQLITE_OK)
		ret = tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "outbox row: bad member");
	else if ((rc = sqlite3_step(st)) == SQLITE_DONE)
		ret = sqlite3_changes(s->db) > 0 ? 1 : 0;
	else if ((rc & 0xff) == SQLITE_CONSTRAINT)
		ret = tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "outbox row refused: %s",
		              sqlite3_errmsg(s->db));
	else
		ret = store_fail_db(s, err, "queueing a notification");
	sqlite3_finalize(st);
	return ret;
}

json_t *tg_store_outbox_due(struct tg_store *s, int64_t now, int64_t after_id, int limit,
                            struct tg_error *err)
{
	/* Kept prepared (store_stmts.c): the sender asks about once a second
	 * and after every send, and preparing it cost about 131 K instructions
	 * a call on the loop (issue 17). */
	sqlite3_stmt *st = store_stmt(s, ST_OUTBOX_DUE);
	sqlite3_bind_int64(st, 1, now);
	sqlite3_bind_int64(st, 2, after_id);
	sqlite3_bind_int(st, 3, limit);
	json_t *rows = rows_of(s, st, "reading the outbox", err);
	store_stmt_done(st);
	return rows;
}

int tg_store_outbox_done(struct tg_store *s, int64_t id, const char *state, int64_t now,
                         int64_t next_at, const char *error, struct tg_error *err)
{
	sqlite3_stmt *st =
	    prep(s,
	         "UPDATE notify_outbox SET state = ?2, attempts = attempts + 1, next_at = ?4, "
	         "last_error = ?5, sent = CASE WHEN ?2 = 'sent' THEN ?3 ELSE sent END, "
	         "reply_to = CASE WHEN ?2 = 'pending' THEN reply_to ELSE NULL END "
	         "WHERE id = ?1 AND state = 'pending'",
	         err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, state, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, now);
	sqlite3_bind_int64(st, 4, next_at);
	if (error)
		sqlite3_bind_text(st, 5, error, -1, SQLITE_TRANSIENT);
	int ret =
	    sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, "updating the outbox");
	sqlite3_finalize(st);
	return ret;
}

int tg_store_outbox_drop(struct tg_store *s, int64_t user_id, const char *channel,
                         struct tg_error *err)
{
	sqlite3_stmt *st = prep(s,
	                        "UPDATE notify_outbox SET state = 'dropped' WHERE user_id = ?1 AND "
	                        "channel = ?2 AND state = 'pending'",
	                        err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, channel, -1, SQLITE_STATIC);
	int ret =
	    sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, "dropping notifications");
	sqlite3_finalize(st);
	return ret;
}

int tg_store_notify_key(struct tg_store *s, uint8_t key[32], struct tg_error *err)
{
	sqlite3_stmt *st = prep(s, "SELECT secret FROM notify_key WHERE k = 1", err);
	if (!st)
		return -1;
	int ret = -1;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_bytes(st, 0) == 32) {
		memcpy(key, sqlite3_column_blob(st, 0), 32);
		ret = 0;
	} else {
		store_fail_db(s, err, "reading the notification key");
	}
	sqlite3_finalize(st);
	return ret;
}

int tg_store_notify_forget(struct tg_store *s, int64_t user_id, struct tg_error *err)
{
	static const char *const sql[] = {"DELETE FROM notify_outbox WHERE user_id = ?1",
	                                  "DELETE FROM notify_settings WHERE user_id = ?1",
	                                  "DELETE FROM mail_reply_tokens WHERE user_id = ?1", NULL};
	for (int i = 0; sql[i]; i++) {
		sqlite3_stmt *st = prep(s, sql[i], err);
		if (!st)
			return -1;
		sqlite3_bind_int64(st, 1, user_id);
		int rc = sqlite3_step(st);
		int ret =
		    rc == SQLITE_DONE ? 0 : store_fail_db(s, err, "erasing notification data");
		sqlite3_finalize(st);
		if (ret)
			return -1;
	}
	return 0;
}

json_t *tg_store_outbox_gathering(struct tg_store *s, int64_t user_id, const char *channel,
                                  const char *grp, int64_t now, struct tg_error *err)
{
	/* Not yet due and never tried: no send has it in flight. */
	sqlite3_stmt *st =
	    prep(s,
	         "SELECT id, subject, body, next_at FROM notify_outbox WHERE user_id = ?1 "
	         "AND grp = ?2 AND channel = ?3 AND state = 'pending' AND "
	         "attempts = 0 AND next_at > ?4 ORDER BY id DESC LIMIT 1",
	         err);
	if (!st)
		return NULL;
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, grp, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, channel, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 4, now);
	json_t *rows = rows_of(s, st, "reading the outbox", err);
	sqlite3_finalize(st);
	if (!rows)
		return NULL;
	json_t *row = json_array_get(rows, 0);
	row = row ? json_incref(row) : json_null();
	json_decref(rows);
	return row;
}

int64_t tg_store_outbox_group_last(struct tg_store *s, int64_t user_id, const char *channel,
                                   const char *grp, struct tg_error *err)
{
	sqlite3_stmt *st =
	    prep(s,
	         "SELECT coalesce(max(CASE WHEN state = 'sent' THEN sent ELSE next_at END), 0) "
	         "FROM notify_outbox WHERE user_id = ?1 AND grp = ?2 AND channel = ?3 AND "
	         "state IN ('pending', 'sent')",
	         err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, grp, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, channel, -1, SQLITE_TRANSIENT);
	int64_t last = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0)
	                                              : store_fail_db(s, err, "reading the outbox");
	sqlite3_finalize(st);
	return last;
}

int64_t tg_store_outbox_recent(struct tg_store *s, int64_t user_id, const char *event,
                               int64_t since, struct tg_error *err)
{
	sqlite3_stmt *st = prep(s,
	                        "SELECT count(*) FROM notify_outbox WHERE user_id = ?1 AND "
	                        "created >= ?2 AND event = ?3",
	                        err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, since);
	sqlite3_bind_text(st, 3, event, -1, SQLITE_TRANSIENT);
	int64_t n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0)
	                                           : store_fail_db(s, err, "counting the outbox");
	sqlite3_finalize(st);
	return n;
}

int tg_store_outbox_rewrite(struct tg_store *s, int64_t id, const char *subject, const char *body,
                            struct tg_error *err)
{
	sqlite3_stmt *st = prep(s,
	                        "UPDATE notify_outbox SET subject = ?2, body = ?3 WHERE id = ?1 "
	                        "AND state = 'pending' AND attempts = 0",
	                        err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, subject, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, body, -1, SQLITE_TRANSIENT);
	int ret =
	    sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, "updating the outbox");
	sqlite3_finalize(st);
	return ret;
}

int64_t tg_store_outbox_prune(struct tg_store *s, int64_t before, int limit, struct tg_error *err)
{
	/* state <> 'pending' as the partial index (076) says, so that it serves. */
	sqlite3_stmt *st = prep(s,
	                        "DELETE FROM notify_outbox WHERE id IN (SELECT id FROM "
	                        "notify_outbox WHERE state <> 'pending' AND created < ?1 AND "
	                        "coalesce(sent, 0) < ?1 ORDER BY created LIMIT ?2)",
	                        err);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, before);
	sqlite3_bind_int(st, 2, limit);
	int64_t n = sqlite3_step(st) == SQLITE_DONE ? sqlite3_changes(s->db)
	                                            : store_fail_db(s, err, "pruning the outbox");
	sqlite3_finalize(st);
	return n;
}
