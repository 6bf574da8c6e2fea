/* store_log.c — a match's history: the action log, snapshots and chat. */
#include "store_internal.h"

#include <limits.h>
#include <string.h>

static int no_match(int64_t match_id, struct tg_error *err)
{
	return tg_fail(err, "no_such_match", "no match with id %lld", (long long)match_id);
}

int tg_store_action_append(struct tg_store *s, int64_t match_id, int64_t seq, const char *role,
                           const json_t *action, bool barrier, int64_t now, struct tg_error *err)
{
	return tg_store_action_append_text(s, match_id, seq, role, action, NULL, 0, barrier, now,
	                                   err);
}

int tg_store_action_append_text(struct tg_store *s, int64_t match_id, int64_t seq, const char *role,
                                const json_t *action, const char *text, size_t text_len,
                                bool barrier, int64_t now, struct tg_error *err)
{
	if (!action)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "action missing");
	if (text && text_len > INT_MAX)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "action too long");
	sqlite3_stmt *st = store_stmt(s, ST_ACTION_INSERT);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, seq);
	/* read by the step below, while role is the caller's: not copied
	 * (issue 17); every parameter is bound again before the next step
	 * (store_stmt_rebound) */
	sqlite3_bind_text(st, 3, role, -1, SQLITE_STATIC);
	/* The message's own text when it is the compact dump (the loop's acts:
	 * 1.2 K instructions an act to write it again); both are read by the
	 * step below only */
	int rc = text ? sqlite3_bind_text(st, 4, text, (int)text_len, SQLITE_STATIC)
	              : store_bind_json_kept(st, 4, action, &s->action_text);
	sqlite3_bind_int(st, 5, barrier ? 1 : 0);
	sqlite3_bind_int64(st, 6, now);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_PRIMARYKEY)
		result = tg_fail(err, "stale_seq", "action %lld of match %lld is already logged",
		                 (long long)seq, (long long)match_id);
	else if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = no_match(match_id, err);
	else if (rc == SQLITE_CONSTRAINT_CHECK)
		result = tg_fail(err, TG_STORE_E_BAD_ARGUMENT,
		                 "action seq must be 1 or more, not %lld", (long long)seq);
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "appending an action");
	store_stmt_rebound(st);
	/* The match's "updated" follows its log, in the caller's transaction
	 * (it was a trigger's, 001; 265). If this write fails the action is
	 * reported as not saved, and the caller rolls the transaction back.
	 * Skipped when the row is known to hold this time or a later one
	 * (struct tg_store's touched): the UPDATE would change nothing. */
	if (result != 0)
		return result;
	/* An error may have made SQLite roll the caller's transaction back
	 * by itself (tg_store_commit says so later): what the slots hold may
	 * have gone with it. */
	if (s->in_transaction && sqlite3_get_autocommit(s->db))
		store_touched_forget(s);
	struct store_touched *slot = &s->touched[(uint64_t)match_id & (STORE_TOUCHED_SLOTS - 1)];
	if (slot->match_id == match_id && slot->updated >= now)
		return 0;
	st = store_stmt(s, ST_ACTION_TOUCH);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, now);
	if (sqlite3_step(st) != SQLITE_DONE) {
		result = store_fail_db(s, err, "touching the match");
	} else {
		/* Written, or found later: the row holds now or passes it either
		 * way (a match that does not exist failed the INSERT's foreign
		 * key above). */
		slot->match_id = match_id;
		slot->updated = now;
	}
	store_stmt_rebound(st);
	return result;
}

void store_touched_forget(struct tg_store *s)
{
	memset(s->touched, 0, sizeof s->touched);
}

/* Counts actions first..last that are not undone yet; -1 on error. */
static int64_t live_actions(struct tg_store *s, int64_t match_id, int64_t first, int64_t last,
                            struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_ACTION_COUNT_LIVE);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, first);
	sqlite3_bind_int64(st, 3, last);
	int64_t n = -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	else
		store_fail_db(s, err, "counting actions");
	store_stmt_done(st);
	return n;
}

static int run(struct tg_store *s, enum store_stmt id, int64_t match_id, int64_t a, int64_t b,
               const char *what, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, id);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, a);
	if (sqlite3_bind_parameter_count(st) >= 3)
		sqlite3_bind_int64(st, 3, b);
	int result = sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail_db(s, err, what);
	store_stmt_done(st);
	return result;
}

/* Snapshots taken after any of the undone actions include them: they are
 * dropped in the same write, so the latest snapshot is always a state the
 * log (without its undone actions) replays to. */
int tg_store_action_mark_undone(struct tg_store *s, int64_t match_id, int64_t first, int64_t last,
                                struct tg_error *err)
{
	if (first < 1 || last < first)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "bad action range %lld..%lld",
		               (long long)first, (long long)last);
	if (store_op_begin(s, err))
		return -1;
	int64_t live = live_actions(s, match_id, first, last, err);
	int result = live < 0 ? -1 : 0;
	if (result == 0 && live != last - first + 1)
		result = tg_fail(err, "stale_seq",
		                 "actions %lld..%lld of match %lld are not all logged and live",
		                 (long long)first, (long long)last, (long long)match_id);
	if (result == 0)
		result =
		    run(s, ST_ACTION_MARK_UNDONE, match_id, first, last, "marking undone", err);
	if (result == 0)
		result =
		    run(s, ST_SNAPSHOT_DROP_FROM, match_id, first, 0, "dropping snapshots", err);
	if (result == 0)
		return store_op_end(s, err);
	store_op_cancel(s);
	return -1;
}

json_t *tg_store_action_list(struct tg_store *s, int64_t match_id, int64_t after,
                             struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_ACTION_LIST);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, after);
	json_t *list = json_array();
	int rc = SQLITE_DONE;
	while (list && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *action = store_column_json(st, 2, "action", err);
		json_t *row = action ? json_pack("{s:I, s:o, s:o, s:b, s:b, s:I}", "seq",
		                                 (json_int_t)sqlite3_column_int64(st, 0), "role",
		                                 store_column_string(st, 1), "action", action,
		                                 "barrier", sqlite3_column_int(st, 3), "undone",
		                                 sqlite3_column_int(st, 4), "time",
		                                 (json_int_t)sqlite3_column_int64(st, 5))
		                     : NULL;
		if (action && !row)
			tg_fail(err, TG_STORE_E_STORAGE, "stored action is unreadable");
		if (json_array_append_new(list, row)) {
			json_decref(list);
			list = NULL;
		}
	}
	if (list && rc != SQLITE_DONE) {
		json_decref(list);
		list = NULL;
		store_fail_db(s, err, "listing actions");
	}
	store_stmt_done(st);
	return list;
}

/* Steps ST_SNAPSHOT_PUT with its state bound (rc: the bind's code). */
static int snapshot_step(struct tg_store *s, sqlite3_stmt *st, int64_t match_id, int rc,
                         struct tg_error *err)
{
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = no_match(match_id, err);
	else if (rc == SQLITE_CONSTRAINT_CHECK)
		result =
		    tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "a snapshot needs a seq of 0 or more");
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "saving a snapshot");
	store_stmt_done(st);
	return result;
}

int tg_store_snapshot_put(struct tg_store *s, int64_t match_id, int64_t seq, const json_t *state,
                          struct tg_error *err)
{
	if (!state)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "snapshot state missing");
	sqlite3_stmt *st = store_stmt(s, ST_SNAPSHOT_PUT);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, seq);
	return snapshot_step(s, st, match_id, store_bind_json(st, 3, state), err);
}

int tg_store_snapshot_put_text(struct tg_store *s, int64_t match_id, int64_t seq, const char *text,
                               size_t len, struct tg_error *err)
{
	if (!text || len == 0)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "snapshot state missing");
	if (len > INT_MAX)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "snapshot state too large");
	sqlite3_stmt *st = store_stmt(s, ST_SNAPSHOT_PUT);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, seq);
	/* Static: the text outlives the step, and the reset clears the binding. */
	return snapshot_step(s, st, match_id,
	                     sqlite3_bind_text(st, 3, text, (int)len, SQLITE_STATIC), err);
}

json_t *tg_store_snapshot_latest(struct tg_store *s, int64_t match_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_SNAPSHOT_LATEST);
	sqlite3_bind_int64(st, 1, match_id);
	int rc = sqlite3_step(st);
	json_t *snap = NULL;
	if (rc == SQLITE_ROW) {
		/* Its text is not checked when written (260): one that does not
		 * parse is said so, and the caller rebuilds the match without it. */
		json_t *state = store_column_json(st, 1, "snapshot", err);
		if (state)
			snap = json_pack("{s:I, s:o}", "seq",
			                 (json_int_t)sqlite3_column_int64(st, 0), "state", state);
		else
			tg_fail(err, "bad_snapshot",
			        "the snapshot of match %lld at action %lld is not JSON",
			        (long long)match_id, (long long)sqlite3_column_int64(st, 0));
	} else if (rc == SQLITE_DONE) {
		tg_fail(err, "no_snapshot", "match %lld has no snapshot", (long long)match_id);
	} else {
		store_fail_db(s, err, "reading a snapshot");
	}
	store_stmt_done(st);
	return snap;
}

int tg_store_chat_add(struct tg_store *s, int64_t match_id, int64_t user_id, const char *role,
                      const char *text, int64_t now, int64_t *chat_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_CHAT_INSERT);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, user_id);
	sqlite3_bind_text(st, 3, role, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, text, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 5, now);
	int rc = sqlite3_step(st);
	int result = 0;
	if (rc == SQLITE_DONE && chat_id)
		*chat_id = sqlite3_last_insert_rowid(s->db);
	else if (rc != SQLITE_DONE && rc != SQLITE_CONSTRAINT_FOREIGNKEY)
		result = store_fail_db(s, err, "adding a chat message");
	store_stmt_done(st);
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) {
		int exists = store_match_exists(s, match_id, err);
		result = exists < 0 ? -1
		         : !exists  ? no_match(match_id, err)
		                    : tg_fail(err, "no_such_user", "no user with id %lld",
		                              (long long)user_id);
	}
	return result;
}

json_t *tg_store_chat_list(struct tg_store *s, int64_t match_id, int64_t after,
                           struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_CHAT_LIST);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int64(st, 2, after);
	sqlite3_bind_int(st, 3, TG_STORE_LIST_MAX);
	json_t *list = json_array();
	int rc = SQLITE_DONE;
	while (list && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *row = json_pack(
		    "{s:I, s:o, s:I, s:o, s:o, s:I}", "id", (json_int_t)sqlite3_column_int64(st, 0),
		    "role", store_column_string(st, 1), "user_id",
		    (json_int_t)sqlite3_column_int64(st, 2), "user", store_column_string(st, 3),
		    "text", store_column_string(st, 4), "time",
		    (json_int_t)sqlite3_column_int64(st, 5));
		if (json_array_append_new(list, row)) {
			json_decref(list);
			list = NULL;
			tg_fail(err, TG_STORE_E_STORAGE, "stored chat message is unreadable");
		}
	}
	if (list && rc != SQLITE_DONE) {
		json_decref(list);
		list = NULL;
		store_fail_db(s, err, "listing chat");
	}
	store_stmt_done(st);
	return list;
}
