/* store_invite.c — invitations to private matches (issues 19 and 24, schema
 * 055). Few statements, off the hot path of a move: prepared when used. */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>

/* sql prepared with the integers args[0..n) bound as ?1..?n; NULL on
 * failure (reported in err). The caller finalizes it. */
static sqlite3_stmt *prep(struct tg_store *s, const char *sql, const int64_t *args, int n,
                          struct tg_error *err)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		store_fail_db(s, err, "preparing an invitation statement");
		return NULL;
	}
	for (int i = 0; i < n; i++)
		sqlite3_bind_int64(st, i + 1, args[i]);
	return st;
}

int tg_store_invite_add(struct tg_store *s, int64_t match_id, int64_t user_id, int64_t host_id,
                        int64_t now, struct tg_error *err)
{
	int64_t a[] = {match_id, user_id, host_id, now};
	sqlite3_stmt *st = prep(s,
	                        "INSERT INTO invitations (match_id, user_id, host_id, created) "
	                        "VALUES (?1, ?2, ?3, ?4)",
	                        a, 4, err);
	if (!st)
		return -1;
	int rc = sqlite3_step(st), result = 0;
	if (rc == SQLITE_CONSTRAINT || (rc & 0xff) == SQLITE_CONSTRAINT)
		result = tg_fail(err, "already_invited", "already invited");
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "inviting a user");
	sqlite3_finalize(st);
	return result;
}

int tg_store_invite_state(struct tg_store *s, int64_t match_id, int64_t user_id, char *out,
                          size_t n, struct tg_error *err)
{
	int64_t a[] = {match_id, user_id};
	sqlite3_stmt *st = prep(
	    s, "SELECT state FROM invitations WHERE match_id = ?1 AND user_id = ?2", a, 2, err);
	if (!st)
		return -1;
	int rc = sqlite3_step(st), result = 0;
	if (rc == SQLITE_ROW)
		snprintf(out, n, "%s", (const char *)sqlite3_column_text(st, 0));
	else if (rc == SQLITE_DONE)
		result = tg_fail(err, "no_such_invitation", "no invitation");
	else
		result = store_fail_db(s, err, "reading an invitation");
	sqlite3_finalize(st);
	return result;
}

int tg_store_invite_answer(struct tg_store *s, int64_t match_id, int64_t user_id, const char *state,
                           int64_t now, struct tg_error *err)
{
	int64_t a[] = {match_id, user_id, now};
	sqlite3_stmt *st = prep(s,
	                        "UPDATE invitations SET state = ?4, answered = ?3 "
	                        "WHERE match_id = ?1 AND user_id = ?2 AND state = 'pending'",
	                        a, 3, err);
	if (!st)
		return -1;
	sqlite3_bind_text(st, 4, state, -1, SQLITE_TRANSIENT);
	int result = 0;
	if (sqlite3_step(st) != SQLITE_DONE)
		result = store_fail_db(s, err, "answering an invitation");
	else if (sqlite3_changes(s->db) == 0)
		result = tg_fail(err, "no_such_invitation", "no pending invitation");
	sqlite3_finalize(st);
	return result;
}

int tg_store_invite_count(struct tg_store *s, int64_t match_id, struct tg_error *err)
{
	int64_t a[] = {match_id};
	sqlite3_stmt *st =
	    prep(s, "SELECT count(*) FROM invitations WHERE match_id = ?1 AND state = 'pending'", a,
	         1, err);
	if (!st)
		return -1;
	int result = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0)
	                                            : store_fail_db(s, err, "counting invitations");
	sqlite3_finalize(st);
	return result;
}

/* Rows of st: match_id (integer), a name, and for `by` a state, then since. */
static json_t *list(struct tg_store *s, sqlite3_stmt *st, const char *name_key, bool with_state,
                    struct tg_error *err)
{
	json_t *out = json_array();
	int rc;
	while (out && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *row = json_pack(
		    "{s:I,s:o,s:I}", "match_id", (json_int_t)sqlite3_column_int64(st, 0), name_key,
		    store_column_string(st, 1), "since", (json_int_t)sqlite3_column_int64(st, 3));
		if (row && with_state)
			json_object_set_new(row, "state", store_column_string(st, 2));
		if (!row || json_array_append_new(out, row) != 0) {
			json_decref(out);
			out = NULL;
			tg_fail(err, TG_STORE_E_STORAGE, "out of memory listing invitations");
		}
	}
	if (out && rc != SQLITE_DONE) {
		json_decref(out);
		out = NULL;
		store_fail_db(s, err, "listing invitations");
	}
	sqlite3_finalize(st);
	return out;
}

json_t *tg_store_invites_to(struct tg_store *s, int64_t user_id, int limit, struct tg_error *err)
{
	if ((limit = store_list_limit(limit, err)) < 0)
		return NULL;
	int64_t a[] = {user_id, limit};
	sqlite3_stmt *st =
	    prep(s,
	         "SELECT i.match_id, u.name, i.state, i.created FROM invitations i "
	         "JOIN users u ON u.id = i.host_id JOIN matches m ON m.id = i.match_id "
	         "WHERE i.user_id = ?1 AND i.state = 'pending' AND m.status = 'open' "
	         "AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.user_id = ?1 "
	         "AND b.blocked_id = i.host_id) ORDER BY i.created DESC, i.match_id DESC LIMIT ?2",
	         a, 2, err);
	return st ? list(s, st, "host", false, err) : NULL;
}

json_t *tg_store_invites_by(struct tg_store *s, int64_t host_id, int limit, struct tg_error *err)
{
	if ((limit = store_list_limit(limit, err)) < 0)
		return NULL;
	int64_t a[] = {host_id, limit};
	sqlite3_stmt *st = prep(s,
	                        "SELECT i.match_id, u.name, i.state, i.created FROM invitations i "
	                        "JOIN users u ON u.id = i.user_id JOIN matches m ON m.id = "
	                        "i.match_id WHERE i.host_id = ?1 AND m.status = 'open' "
	                        "ORDER BY i.created DESC, i.match_id DESC LIMIT ?2",
	                        a, 2, err);
	return st ? list(s, st, "user", true, err) : NULL;
}
