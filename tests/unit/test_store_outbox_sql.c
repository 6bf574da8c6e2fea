/* test_store_outbox_sql.c — the outbox's due query parses no SQL (issue 17).
 *
 * The sender asks tg_store_outbox_due about once a second, and after every
 * send; it prepared its SELECT each time (about 131 K instructions a call
 * in the daemon's loop, session 20), where the store's other frequent
 * statements are prepared once when the store opens (store_stmts.c).
 *
 * sqlite3_prepare_v2 and _v3 are wrapped at link time (-Wl,--wrap), which
 * redirects the calls of the statically linked store: once the store is
 * open, asking for the due rows must prepare nothing. The answers must stay
 * right when the statement is kept: due rows only, in id order, above
 * after_id, at most limit, and a row that changed state between two calls
 * read as it is now (the kept statement reset and its bindings fresh). */
#include <jansson.h>
#include <sqlite3.h>
#include <string.h>

#include "store_testkit.h"

int __real_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int n, sqlite3_stmt **st,
                              const char **tail);
int __wrap_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int n, sqlite3_stmt **st,
                              const char **tail);
int __real_sqlite3_prepare_v3(sqlite3 *db, const char *sql, int n, unsigned flags,
                              sqlite3_stmt **st, const char **tail);
int __wrap_sqlite3_prepare_v3(sqlite3 *db, const char *sql, int n, unsigned flags,
                              sqlite3_stmt **st, const char **tail);

static struct sql_shim prepares;

int __wrap_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int n, sqlite3_stmt **st,
                              const char **tail)
{
	shim_note(&prepares, sql);
	return __real_sqlite3_prepare_v2(db, sql, n, st, tail);
}

int __wrap_sqlite3_prepare_v3(sqlite3 *db, const char *sql, int n, unsigned flags,
                              sqlite3_stmt **st, const char **tail)
{
	shim_note(&prepares, sql);
	return __real_sqlite3_prepare_v3(db, sql, n, flags, st, tail);
}

#define NOW 1000000
#define CALLS 20

static int64_t id_at(const json_t *rows, size_t i)
{
	return json_integer_value(json_object_get(json_array_get(rows, i), "id"));
}

int main(void)
{
	if (!store_dir("outbox-sql"))
		return 1;
	struct tg_store *s = open_store();
	if (!s)
		return tap_done();
	int64_t uid = 0;
	CHECK_OK(tg_store_user_create(s, "grant", "h", 1, &uid, &err));
	/* Four rows: three due now (the second one a retry), one due later. */
	static const int64_t next_at[] = {NOW - 30, NOW - 20, NOW + 500, NOW - 10};
	int64_t ids[4] = {0};
	for (int i = 0; i < 4; i++) {
		char key[16];
		snprintf(key, sizeof key, "k%d", i);
		json_t *r = json_pack("{s:s,s:I,s:s,s:s,s:s,s:s,s:s,s:I}", "idem_key", key,
		                      "user_id", (json_int_t)uid, "channel", "email", "address",
		                      "grant@example.test", "event", "your_move", "subject", "s",
		                      "body", "b", "next_at", (json_int_t)next_at[i]);
		CHECK_EQ_INT(tg_store_outbox_add(s, r, NOW - 100, &err), 1);
		json_decref(r);
	}
	json_t *all = tg_store_outbox_due(s, NOW + 1000, 0, 10, &err);
	CHECK_EQ_INT(json_array_size(all), 4);
	for (size_t i = 0; i < 4; i++)
		ids[i] = id_at(all, i);
	json_decref(all);

	prepares.calls = 0;
	for (int c = 0; c < CALLS; c++) {
		json_t *due = tg_store_outbox_due(s, NOW, 0, 10, &err);
		CHECKF(due != NULL, "due: %s", err.message);
		CHECK_EQ_INT(json_array_size(due), 3);
		json_decref(due);
	}
	CHECKF(prepares.calls == 0,
	       "%d calls of tg_store_outbox_due prepared %d statements (the last: %s)", CALLS,
	       prepares.calls, prepares.last);

	/* The answers: due rows in id order, above after_id, at most limit. */
	json_t *due = tg_store_outbox_due(s, NOW, 0, 10, &err);
	CHECK_EQ_INT(json_array_size(due), 3);
	CHECK_EQ_INT(id_at(due, 0), ids[0]);
	CHECK_EQ_INT(id_at(due, 1), ids[1]);
	CHECK_EQ_INT(id_at(due, 2), ids[3]);
	CHECK(strcmp(json_string_value(json_object_get(json_array_get(due, 0), "idem_key")),
	             "k0") == 0);
	json_decref(due);
	due = tg_store_outbox_due(s, NOW, ids[0], 1, &err);
	CHECK_EQ_INT(json_array_size(due), 1);
	CHECK_EQ_INT(id_at(due, 0), ids[1]);
	json_decref(due);
	/* A row sent between two calls is no longer due; one put off is not due
	 * now and is due at its new time with its attempt counted. */
	CHECK_OK(tg_store_outbox_done(s, ids[0], "sent", NOW, NOW, NULL, &err));
	CHECK_OK(tg_store_outbox_done(s, ids[1], "pending", NOW, NOW + 60, "busy", &err));
	due = tg_store_outbox_due(s, NOW, 0, 10, &err);
	CHECK_EQ_INT(json_array_size(due), 1);
	CHECK_EQ_INT(id_at(due, 0), ids[3]);
	json_decref(due);
	due = tg_store_outbox_due(s, NOW + 60, 0, 10, &err);
	CHECK_EQ_INT(json_array_size(due), 2);
	CHECK_EQ_INT(id_at(due, 0), ids[1]);
	CHECK_EQ_INT(json_integer_value(json_object_get(json_array_get(due, 0), "attempts")), 1);
	json_decref(due);
	/* A limit below 1 reads nothing, as before. */
	due = tg_store_outbox_due(s, NOW + 60, 0, 0, &err);
	CHECK(due != NULL && json_array_size(due) == 0);
	json_decref(due);
	tg_store_close(s);
	remove_store();
	return tap_done();
}
