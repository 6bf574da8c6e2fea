/* ratings.c — Glicko-2 ratings per user and game (issue 20): a rated
 * two-player match updates both players' ratings when it ends, as a
 * one-game rating period (server/tourney/glicko2.h); the ratings and
 * leaderboard requests; a player's rating for the match object. */
#include <math.h>
#include <string.h>

#include "core/server_internal.h"
#include "tourney/glicko2.h"
#include "util/log.h"

#define TG_LEADERBOARD_LIMIT 100

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* The stored rating, or a newcomer's. */
static int rating_of(struct tg_server *srv, int64_t user_id, const char *game,
                     struct tg_store_rating *r, struct tg_error *err)
{
	if (tg_store_rating_get(srv->store, user_id, game, r, err) != 0)
		return -1;
	if (r->games < 0) {
		struct tg_glicko g = tg_glicko_initial();
		*r = (struct tg_store_rating){g.rating, g.deviation, g.volatility, 0};
	}
	return 0;
}

int ratings_match_finished(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	const json_t *row = m->row, *result = json_object_get(row, "result");
	if (!json_is_true(json_object_get(row, "rated")) || m->nroles != 2 ||
	    json_object_get(result, "forfeited"))
		return 0; /* unrated, not a duel, or decided without play (a withdrawal) */
	int64_t uid[2] = {0, 0};
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(row, "seats"), i, seat)
	{
		for (int r = 0; r < 2; r++)
			if (strcmp(str(seat, "role"), m->mod->roles[r]) == 0)
				uid[r] = json_integer_value(json_object_get(seat, "user_id"));
	}
	if (!uid[0] || !uid[1])
		return 0;
	const char *winner = str(result, "winner");
	double score0 = !winner ? 0.5 : strcmp(winner, m->mod->roles[0]) == 0 ? 1 : 0;
	const char *game = str(row, "game");
	struct tg_store_rating before[2], after[2];
	for (int r = 0; r < 2; r++)
		if (rating_of(srv, uid[r], game, &before[r], err) != 0)
			return -1;
	for (int r = 0; r < 2; r++) {
		const struct tg_store_rating *o = &before[1 - r];
		struct tg_glicko_game g = {{o->rating, o->deviation, o->volatility},
		                           r == 0 ? score0 : 1 - score0};
		struct tg_glicko now = tg_glicko_update(
		    (struct tg_glicko){before[r].rating, before[r].deviation, before[r].volatility},
		    &g, 1, TG_GLICKO_DEFAULT_TAU);
		after[r] = (struct tg_store_rating){now.rating, now.deviation, now.volatility,
		                                    before[r].games + 1};
	}
	for (int r = 0; r < 2; r++)
		if (tg_store_rating_put(srv->store, uid[r], game, &after[r], srv_now(), err) != 0)
			return -1;
	TG_INFO(0, m->id, "rated: %.1f -> %.1f, %.1f -> %.1f", before[0].rating, after[0].rating,
	        before[1].rating, after[1].rating);
	return 0;
}

json_t *ratings_seat_rating(struct tg_server *srv, int64_t user_id, const char *game)
{
	struct tg_store_rating r;
	struct tg_error err = {0};
	if (user_id <= 0 || tg_store_rating_get(srv->store, user_id, game, &r, &err) != 0 ||
	    r.games < 0)
		return json_null();
	return json_integer((json_int_t)lround(r.rating));
}

void op_ratings(struct tg_session *s, const json_t *req)
{
	const char *name = str(req, "user");
	if (json_object_get(req, "user") && !name) {
		srv_error(s, req, "malformed_request", "\"user\" is a user name.");
		return;
	}
	struct tg_error err = {0};
	int64_t uid = s->user_id;
	json_t *user = NULL;
	if (name) {
		if (!(user = tg_store_user_by_name(s->srv->store, name, &err))) {
			if (strcmp(err.code, "no_such_user") == 0)
				srv_error(s, req, "no_such_user", "No user is called \"%s\".",
				          name);
			else
				srv_error_err(s, req, &err);
			return;
		}
		uid = json_integer_value(json_object_get(user, "id"));
	}
	json_t *list = tg_store_ratings_of_user(s->srv->store, uid, &err);
	if (!list) {
		json_decref(user);
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req,
	       json_pack("{s:s,s:o}", "player", user ? str(user, "name") : s->user_name, "ratings",
	                 list));
	json_decref(user);
}

void op_leaderboard(struct tg_session *s, const json_t *req)
{
	const char *game = str(req, "game");
	if (!game) {
		srv_error(s, req, "malformed_request", "leaderboard needs \"game\".");
		return;
	}
	if (!tg_game_find(s->srv->games, game)) {
		srv_error(s, req, "no_such_game", "This server offers no game \"%s\".", game);
		return;
	}
	struct tg_error err = {0};
	json_t *list = tg_store_leaderboard(s->srv->store, game, TG_LEADERBOARD_LIMIT, &err);
	if (!list) {
		srv_error_err(s, req, &err);
		return;
	}
	/* Equal ratings share a rank. */
	size_t i;
	json_t *e;
	json_array_foreach(list, i, e)
	{
		double r = json_real_value(json_object_get(e, "rating"));
		json_t *prev = i ? json_array_get(list, i - 1) : NULL;
		json_int_t rank = prev && json_real_value(json_object_get(prev, "rating")) == r
		                      ? json_integer_value(json_object_get(prev, "rank"))
		                      : (json_int_t)i + 1;
		json_object_set_new(e, "rank", json_integer(rank));
	}
	srv_ok(s, req, json_pack("{s:s,s:o}", "game", game, "leaderboard", list));
}
