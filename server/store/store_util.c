/* store_util.c — small helpers the store's files share: SQLite errors as
 * tg_error, JSON columns in and out, bounds. */
#include "store_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "json_compact.h"

int store_fail_db(struct tg_store *s, struct tg_error *err, const char *what)
{
	return tg_fail(err, TG_STORE_E_STORAGE, "%s: %s", what, sqlite3_errmsg(s->db));
}

json_t *store_rows(struct tg_store *s, sqlite3_stmt *st, store_row_fn *row, const void *arg,
                   const char *what, struct tg_error *err)
{
	json_t *list = json_array();
	int rc = SQLITE_DONE;
	if (!list)
		tg_fail(err, TG_STORE_E_STORAGE, "%s: out of memory", what);
	while (list && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *r = row(st, arg, err);
		if (!r || json_array_append_new(list, r)) {
			json_decref(list);
			list = NULL;
			if (r) /* row() filled err when it returned NULL */
				tg_fail(err, TG_STORE_E_STORAGE, "%s: out of memory", what);
		}
	}
	if (list && rc != SQLITE_DONE) {
		json_decref(list);
		list = NULL;
		store_fail_db(s, err, what);
	}
	store_stmt_done(st);
	return list;
}

int store_bind_json(sqlite3_stmt *st, int idx, const json_t *value)
{
	if (!value || json_is_null(value))
		return sqlite3_bind_null(st, idx);
	/* The protocol's compact writer, not json_dumps (issue 17: a match's
	 * snapshot, about 12 KB of Lincoln's War state every turn and every
	 * snapshot_every actions, was serialized on the loop by jansson's
	 * callback at about a hundred instructions a byte). The text is the
	 * same value; a string outside ASCII is stored escaped (\u00e9), as
	 * the protocol sends it. */
	struct tg_text t = {0};
	if (tg_json_compact_append(&t, value) != 0) {
		free(t.p);
		return t.oom ? SQLITE_NOMEM : SQLITE_MISUSE;
	}
	if (t.n > INT_MAX) {
		free(t.p);
		return SQLITE_TOOBIG;
	}
	/* A non-negative length: SQLite then frees the text even if binding fails. */
	return sqlite3_bind_text(st, idx, t.p, (int)t.n, free);
}

int store_bind_json_kept(sqlite3_stmt *st, int idx, const json_t *value, struct tg_text *t)
{
	if (!value || json_is_null(value))
		return sqlite3_bind_null(st, idx);
	t->n = 0;
	t->oom = 0;
	if (tg_json_compact_append(t, value) != 0)
		return t->oom ? SQLITE_NOMEM : SQLITE_MISUSE;
	if (t->n > INT_MAX)
		return SQLITE_TOOBIG;
	return sqlite3_bind_text(st, idx, t->p, (int)t->n, SQLITE_STATIC);
}

json_t *store_column_json(sqlite3_stmt *st, int col, const char *what, struct tg_error *err)
{
	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return json_null();
	const char *text = (const char *)sqlite3_column_text(st, col);
	size_t len = (size_t)sqlite3_column_bytes(st, col);
	json_error_t jerr;
	json_t *v = text ? json_loadb(text, len, JSON_DECODE_ANY, &jerr) : NULL;
	if (!v)
		tg_fail(err, TG_STORE_E_STORAGE, "stored %s is not valid JSON", what);
	return v;
}

json_t *store_column_string(sqlite3_stmt *st, int col)
{
	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return json_null();
	const char *text = (const char *)sqlite3_column_text(st, col);
	return text ? json_stringn(text, (size_t)sqlite3_column_bytes(st, col)) : json_null();
}

int store_list_limit(int limit, struct tg_error *err)
{
	if (limit < 1)
		return tg_fail(err, TG_STORE_E_BAD_ARGUMENT,
		               "list limit must be at least 1, not %d", limit);
	return limit > TG_STORE_LIST_MAX ? TG_STORE_LIST_MAX : limit;
}

int store_op_begin(struct tg_store *s, struct tg_error *err)
{
	if (sqlite3_exec(s->db, "SAVEPOINT tg_op", NULL, NULL, NULL) != SQLITE_OK)
		return store_fail_db(s, err, "SAVEPOINT");
	return 0;
}

int store_op_end(struct tg_store *s, struct tg_error *err)
{
	if (sqlite3_exec(s->db, "RELEASE tg_op", NULL, NULL, NULL) != SQLITE_OK) {
		store_fail_db(s, err, "RELEASE");
		store_op_cancel(s);
		return -1;
	}
	return 0;
}

void store_op_cancel(struct tg_store *s)
{
	/* ROLLBACK TO keeps the savepoint open; RELEASE then closes it. If SQLite
	 * already rolled everything back after an I/O error, both fail harmlessly. */
	sqlite3_exec(s->db, "ROLLBACK TO tg_op", NULL, NULL, NULL);
	sqlite3_exec(s->db, "RELEASE tg_op", NULL, NULL, NULL);
	store_touched_forget(s);
}
