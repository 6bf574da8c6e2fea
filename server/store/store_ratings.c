/* store_ratings.c — Glicko-2 ratings per user and game, and whether a match
 * is rated (schema/005_ratings.sql). */
#include "store_internal.h"

int tg_store_match_set_rated(struct tg_store *s, int64_t match_id, bool rated, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_MATCH_SET_RATED);
	sqlite3_bind_int64(st, 1, match_id);
	sqlite3_bind_int(st, 2, rated ? 1 : 0);
	int rc = sqlite3_step(st), result = 0;
	if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "marking a match rated");
	else if (sqlite3_changes(s->db) == 0)
		result = tg_fail(err, "no_such_match", "no match %lld", (long long)match_id);
	store_stmt_done(st);
	return result;
}

int tg_store_rating_get(struct tg_store *s, int64_t user_id, const char *game,
                        struct tg_store_rating *out, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_RATING_GET);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, game, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st), result = 0;
	if (rc == SQLITE_ROW) {
		out->rating = sqlite3_column_double(st, 0);
		out->deviation = sqlite3_column_double(st, 1);
		out->volatility = sqlite3_column_double(st, 2);
		out->games = sqlite3_column_int64(st, 3);
	} else if (rc == SQLITE_DONE) {
		out->games = -1;
	} else {
		result = store_fail_db(s, err, "reading a rating");
	}
	store_stmt_done(st);
	return result;
}

int tg_store_rating_put(struct tg_store *s, int64_t user_id, const char *game,
                        const struct tg_store_rating *r, int64_t now, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_RATING_PUT);
	sqlite3_bind_int64(st, 1, user_id);
	sqlite3_bind_text(st, 2, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_double(st, 3, r->rating);
	sqlite3_bind_double(st, 4, r->deviation);
	sqlite3_bind_double(st, 5, r->volatility);
	sqlite3_bind_int64(st, 6, r->games);
	sqlite3_bind_int64(st, 7, now);
	int rc = sqlite3_step(st), result = 0;
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
		result = tg_fail(err, "no_such_user", "no user %lld", (long long)user_id);
	else if (rc != SQLITE_DONE)
		result = store_fail_db(s, err, "writing a rating");
	store_stmt_done(st);
	return result;
}

/* A row of (name or game, rating, deviation, volatility, games); arg: the
 * first column's key. */
static json_t *rating_row(sqlite3_stmt *st, const void *arg, struct tg_error *err)
{
	json_t *r = json_pack(
	    "{s:o, s:f, s:f, s:f, s:I}", (const char *)arg, store_column_string(st, 0), "rating",
	    sqlite3_column_double(st, 1), "deviation", sqlite3_column_double(st, 2), "volatility",
	    sqlite3_column_double(st, 3), "games", (json_int_t)sqlite3_column_int64(st, 4));
	if (!r)
		tg_fail(err, TG_STORE_E_STORAGE, "a stored rating is unreadable");
	return r;
}

json_t *tg_store_leaderboard(struct tg_store *s, const char *game, int limit, struct tg_error *err)
{
	if ((limit = store_list_limit(limit, err)) < 0)
		return NULL;
	sqlite3_stmt *st = store_stmt(s, ST_RATING_LEADERBOARD);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, limit);
	return store_rows(s, st, rating_row, "user", "reading a leaderboard", err);
}

json_t *tg_store_ratings_of_user(struct tg_store *s, int64_t user_id, struct tg_error *err)
{
	sqlite3_stmt *st = store_stmt(s, ST_RATING_OF_USER);
	sqlite3_bind_int64(st, 1, user_id);
	return store_rows(s, st, rating_row, "game", "reading a user's ratings", err);
}
