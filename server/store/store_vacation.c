/* store_vacation.c — players' vacations (issue 19, schema 020). */
#include "store_internal.h"

int tg_store_vacation_add(struct tg_store *s, int64_t user_id, int64_t start, int64_t until,
                          int days, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_VACATION_INSERT);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, start);
	sqlite3_bind_int64(st, 3, until);
	sqlite3_bind_int(st, 4, days);
	int rc = sqlite3_step(st), ret = 0;
	if (rc == SQLITE_CONSTRAINT_CHECK)
		ret =
		    tg_fail(err, TG_STORE_E_BAD_ARGUMENT, "vacation: until after start, days >= 1");
	else if (rc != SQLITE_DONE)
		ret = store_fail_db(s, err, "adding a vacation");
	store_stmt_done(st);
	return ret;
}

json_t *tg_store_vacation_current(struct tg_store *s, int64_t user_id, int64_t now,
                                  struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_VACATION_CURRENT);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, now);
	int rc = sqlite3_step(st);
	json_t *v = NULL;
	if (rc == SQLITE_ROW)
		v = json_pack("{s:I,s:I,s:I,s:I}", "id", (json_int_t)sqlite3_column_int64(st, 0),
		              "start", (json_int_t)sqlite3_column_int64(st, 1), "until",
		              (json_int_t)sqlite3_column_int64(st, 2), "days",
		              (json_int_t)sqlite3_column_int64(st, 3));
	else if (rc == SQLITE_DONE)
		tg_fail(err, "no_vacation", "user %lld is not on vacation", (long long)user_id);
	else
		store_fail_db(s, err, "reading a vacation");
	store_stmt_done(st);
	return v;
}

int tg_store_vacation_end(struct tg_store *s, int64_t id, int64_t now, int days,
                          struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_VACATION_END);
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, now);
	sqlite3_bind_int(st, 3, days);
	int rc = sqlite3_step(st), ret = 0;
	if (rc != SQLITE_DONE)
		ret = store_fail_db(s, err, "ending a vacation");
	else if (sqlite3_changes(s->db) == 0)
		ret = tg_fail(err, "no_vacation", "no vacation %lld", (long long)id);
	store_stmt_done(st);
	return ret;
}

int tg_store_vacation_days_used(struct tg_store *s, int64_t user_id, int64_t from, int64_t to,
                                struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_VACATION_DAYS);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_int64(st, 2, from);
	sqlite3_bind_int64(st, 3, to);
	int rc = sqlite3_step(st), days = -1;
	if (rc == SQLITE_ROW)
		days = sqlite3_column_int(st, 0);
	else
		store_fail_db(s, err, "counting vacation days");
	store_stmt_done(st);
	return days;
}
