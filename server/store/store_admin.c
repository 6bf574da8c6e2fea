/* store_admin.c — what operators read and write (issue 24): the user list,
 * bans, the audit log, and one-time password reset codes. */
#include "store_internal.h"

#include <string.h>

/* A row as an object, its columns named by keys (arg: NULL-ended; "i:"
 * integer, "s:" text or null). */
static json_t *keyed_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	const char *const *keys = arg;
	json_t *row = json_object();
	for (int i = 0; row && keys[i]; i++) {
		json_t *v = keys[i][0] == 'i' ? json_integer(sqlite3_column_int64(st, i))
		            : sqlite3_column_type(st, i) == SQLITE_NULL
		                ? json_null()
		                : store_column_string(st, i);
		if (!v || json_object_set_new(row, keys[i] + 2, v) != 0) {
			json_decref(row);
			row = NULL;
		}
	}
	if (!row)
		tg_fail(err, TG_STORE_E_STORAGE, "out of memory reading a row");
	return row;
}

static int run(struct tg_store *s, sqlite3_stmt *st, const char *what, struct tg_error *err)
{
	int result = sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, what);
	store_stmt_done(st);
	return result;
}

json_t *tg_store_users_search(struct tg_store *s, const char *prefix, int limit,
                              struct tg_error *err)
{
	/* LIKE with the prefix's own % and _ escaped; LIKE ignores ASCII case. */
	char pattern[2 * 64 + 2];
	size_t at = 0;
	for (const char *p = prefix; *p && at + 3 < sizeof pattern; p++) {
		if (*p == '%' || *p == '_' || *p == '\\')
			pattern[at++] = '\\';
		pattern[at++] = *p;
	}
	pattern[at++] = '%';
	pattern[at] = '\0';
	sqlite3_stmt *st = store_stmt(s, ST_USERS_SEARCH);
	sqlite3_bind_text(st, 1, pattern, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, limit);
	static const char *const keys[] = {"i:id", "s:name", "i:created", "s:banned", NULL};
	return store_rows(s, st, keyed_row, keys, "listing users", err);
}

int tg_store_user_set_banned(struct tg_store *s, int64_t user_id, const char *reason,
                             struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_USER_SET_BANNED);
	sqlite3_bind_int64(st, 1, user_id);
	if (reason)
		sqlite3_bind_text(st, 2, reason, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, 2);
	return run(s, st, "banning a user", err);
}

int tg_store_user_sessions_end_all(struct tg_store *s, int64_t user_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_USER_SESSIONS_END_ALL);
	sqlite3_bind_int64(st, 1, user_id);
	return run(s, st, "ending a user's sessions", err);
}

int tg_store_audit_add(struct tg_store *s, int64_t now, int64_t operator_id, const char *action,
                       const char *target, const char *reason, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_AUDIT_ADD);
	sqlite3_bind_int64(st, 1, now);
	sqlite3_bind_int64(st, 2, operator_id);
	sqlite3_bind_text(st, 3, action, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, target, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 5, reason, -1, SQLITE_TRANSIENT);
	return run(s, st, "writing the audit log", err);
}

json_t *tg_store_audit_list(struct tg_store *s, int limit, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_AUDIT_LIST);
	sqlite3_bind_int(st, 1, limit);
	static const char *const keys[] = {"i:id",     "i:time",   "s:operator", "s:action",
	                                   "s:target", "s:reason", NULL};
	return store_rows(s, st, keyed_row, keys, "reading the audit log", err);
}

int tg_store_reset_add(struct tg_store *s, const uint8_t code_hash[32], int64_t user_id,
                       int64_t now, int64_t expires, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_RESET_ADD);
	sqlite3_bind_blob(st, 1, code_hash, 32, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_int64(st, 3, now);
	sqlite3_bind_int64(st, 4, expires);
	return run(s, st, "storing a reset code", err);
}

int tg_store_reset_take(struct tg_store *s, const uint8_t code_hash[32], int64_t user_id,
                        int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_RESET_TAKE);
	sqlite3_bind_blob(st, 1, code_hash, 32, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_int64(st, 3, now);
	int result = 0;
	if (sqlite3_step(st) != SQLITE_DONE)
		result = store_fail_db(s, err, "redeeming a reset code");
	else if (sqlite3_changes(s->db) == 0)
		result =
		    tg_fail(err, "bad_reset_code", "That reset code is unknown, used or expired.");
	store_stmt_done(st);
	return result;
}

/* Rows of (key, count) from st into out's members; NULL with err. */
static json_t *counts_by_key(struct tg_store *s, sqlite3_stmt *st, json_t *out, const char *what,
                             struct tg_error *err)
{
	int rc = SQLITE_DONE;
	while (out && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *key = (const char *)sqlite3_column_text(st, 0);
		if (key)
			json_object_set_new(out, key, json_integer(sqlite3_column_int64(st, 1)));
	}
	if (!out)
		tg_fail(err, TG_STORE_E_STORAGE, "out of memory %s", what);
	else if (rc != SQLITE_DONE) {
		json_decref(out);
		out = NULL;
		store_fail_db(s, err, what);
	}
	store_stmt_done(st);
	return out;
}

json_t *tg_store_match_counts(struct tg_store *s, struct tg_error *err)
{
	return counts_by_key(
	    s, store_stmt(s, ST_MATCH_COUNTS),
	    json_pack("{s:i,s:i,s:i,s:i}", "open", 0, "active", 0, "finished", 0, "aborted", 0),
	    "counting matches", err);
}

json_t *tg_store_outbox_counts(struct tg_store *s, struct tg_error *err)
{
	return counts_by_key(s, store_stmt(s, ST_OUTBOX_COUNTS),
	                     json_pack("{s:i,s:i}", "pending", 0, "parked", 0),
	                     "counting the outbox", err);
}

int tg_store_user_erase(struct tg_store *s, int64_t user_id, const char *placeholder,
                        struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_USER_ERASE);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, placeholder, -1, SQLITE_TRANSIENT);
	if (run(s, st, "erasing an account", err) != 0 ||
	    tg_store_user_sessions_end_all(s, user_id, err) != 0)
		return -1;
	st = store_stmt(s, ST_USER_RESETS_DELETE);
	sqlite3_bind_int64(st, 1, user_id);
	return run(s, st, "erasing an account's reset codes", err);
}

int tg_store_block(struct tg_store *s, int64_t user_id, int64_t blocked_id, int64_t now,
                   struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_BLOCK_ADD);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, blocked_id);
	sqlite3_bind_int64(st, 3, now);
	return run(s, st, "blocking a user", err);
}

int tg_store_unblock(struct tg_store *s, int64_t user_id, int64_t blocked_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_BLOCK_DELETE);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, blocked_id);
	int result = 0;
	if (sqlite3_step(st) != SQLITE_DONE)
		result = store_fail_db(s, err, "unblocking a user");
	else if (sqlite3_changes(s->db) == 0)
		result = tg_fail(err, "not_blocked", "You have not blocked that user.");
	store_stmt_done(st);
	return result;
}

int tg_store_blocked(struct tg_store *s, int64_t user_id, int64_t blocked_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_BLOCKED);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, blocked_id);
	int rc = sqlite3_step(st);
	int result = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
	if (result < 0)
		store_fail_db(s, err, "reading blocks");
	store_stmt_done(st);
	return result;
}

json_t *tg_store_blocks_of(struct tg_store *s, int64_t user_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_BLOCKS_OF);
	sqlite3_bind_int64(st, 1, user_id);
	static const char *const keys[] = {"s:user", "i:since", NULL};
	return store_rows(s, st, keyed_row, keys, "listing blocks", err);
}
