/* tourney_round.c — a tournament's rounds: pairing one (server/tourney/),
 * creating and starting its matches, recording results as matches end,
 * forfeits of withdrawn players, and the next round once every game of the
 * current one has a result. Everything runs in the loop turn's transaction:
 * a round is paired completely or not at all. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seed.h"
#include "core/server_internal.h"
#include "tourney/roundrobin.h"
#include "tourney/swiss.h"
#include "util/log.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

static bool withdrawn(const json_t *p)
{
	return json_is_true(json_object_get(p, "withdrawn"));
}

static int log_line(struct tg_server *srv, const json_t *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The tournament log, written by the server itself. */
static int log_line(struct tg_server *srv, const json_t *t, const char *fmt, ...)
{
	char text[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	struct tg_error err = {0};
	TG_INFO(0, 0, "tournament %lld: %s", (long long)num(t, "id"), text);
	if (tg_store_tourney_log_add(srv->store, num(t, "id"), 0, text, srv_now(), &err) != 0) {
		srv_tx_fail(srv);
		return -1;
	}
	return 0;
}

/* Creates and starts the match of one pairing: side0 plays the game's
 * first role. Returns its id, or -1 with err.
 *
 * Every match gets the tournament's time control; a timeout ends the
 * match through match_finish like any other result, so it counts as a loss
 * for the side out of time. */
static int64_t create_match(struct tg_server *srv, const json_t *t, int64_t side0, int64_t side1,
                            struct tg_error *err)
{
	const struct game_module *mod = tg_game_find(srv->games, str(t, "game"));
	if (!mod)
		return tg_fail(err, "no_such_game", "this server no longer offers %s",
		               str(t, "game"));
	char secret[65], commitment[65], e0[65], e1[65];
	uint8_t b[64];
	if (tg_seed_new_secret(secret, commitment) != 0 || tg_random_bytes(b, sizeof b) != 0)
		return tg_fail(err, "internal", "the random generator failed");
	tg_hex_encode(b, 32, e0);
	tg_hex_encode(b + 32, 32, e1);
	json_t *m =
	    json_pack("{s:s,s:s,s:O,s:s,s:n,s:b,s:I,s:s,s:s,s:I,s:I}", "game", str(t, "game"),
	              "scenario", str(t, "scenario"), "options", json_object_get(t, "options"),
	              "visibility", "public", "invite_code", "spectators", 1, "creator",
	              num(t, "director"), "secret", secret, "commitment", commitment, "created",
	              (json_int_t)srv_now(), "rules_version", (json_int_t)mod->rules_version);
	json_t *tc = json_object_get(t, "time_control");
	if (m && json_is_object(tc))
		json_object_set_new(m, "time_control", json_deep_copy(tc));
	int64_t id = -1;
	struct tg_match *live = NULL;
	if (!m || tg_store_match_create(srv->store, m, &id, err) != 0 ||
	    (!json_is_true(json_object_get(t, "rated")) &&
	     tg_store_match_set_rated(srv->store, id, false, err) != 0) ||
	    tg_store_seat_add(srv->store, id, mod->roles[0], side0, e0, srv_now(), err) != 0 ||
	    tg_store_seat_add(srv->store, id, mod->roles[1], side1, e1, srv_now(), err) != 0 ||
	    !(live = match_get(srv, id, err))) {
		json_decref(m);
		return -1;
	}
	json_decref(m);
	match_touch(srv, live);
	if (match_start_if_full(srv, live, err) != 0)
		return -1;
	return id;
}

/* A player's record so far, for the Swiss pairing. */
struct record {
	struct tg_swiss_player sp;
	int *opp;
};

/* Pairs a Swiss round among the players still in: out gets indices into
 * t's players. Players of equal score rank by their Glicko-2 rating in the
 * game (a newcomer's 1500), then by registration. Returns the number of
 * pairs or -1. */
static int pair_swiss(struct tg_server *srv, const json_t *t, struct tg_pair *out,
                      struct tg_error *err)
{
	const json_t *players = json_object_get(t, "players"), *games = json_object_get(t, "games");
	int n = (int)json_array_size(players), nact = 0, npairs = -1;
	struct record *rec = calloc((size_t)n, sizeof *rec);
	struct tg_swiss_player *act = calloc((size_t)n, sizeof *act);
	int *act_index = calloc((size_t)n, sizeof *act_index);
	struct tg_pair *pairs = calloc((size_t)n + 1, sizeof *pairs);
	bool ok = rec && act && act_index && pairs;
	for (int i = 0; ok && i < n; i++) {
		struct tg_store_rating r;
		if (tg_store_rating_get(srv->store,
		                        num(json_array_get(players, (size_t)i), "user_id"),
		                        str(t, "game"), &r, err) != 0)
			ok = false;
		rec[i].sp = (struct tg_swiss_player){
		    .id = i, .rating = ok && r.games >= 0 ? r.rating : 1500, .last_side = -1};
		if (!(rec[i].opp = calloc(json_array_size(games) + 1, sizeof(int))))
			ok = false;
		rec[i].sp.opponents = rec[i].opp;
	}
	size_t gi;
	json_t *g;
	json_array_foreach(games, gi, g)
	{
		if (!ok)
			break;
		int a = -1, b = -1;
		for (int i = 0; i < n; i++) {
			json_int_t uid = num(json_array_get(players, (size_t)i), "user_id");
			if (uid == num(g, "side0"))
				a = i;
			if (json_is_integer(json_object_get(g, "side1")) && uid == num(g, "side1"))
				b = i;
		}
		const char *r = str(g, "result");
		if (a < 0 || !r)
			continue;
		if (b < 0) { /* a bye */
			rec[a].sp.had_bye = true;
			rec[a].sp.score += 1;
			continue;
		}
		double sa = strcmp(r, "1-0") == 0 || strcmp(r, "+-") == 0 ? 1
		            : strcmp(r, "1/2-1/2") == 0                   ? 0.5
		                                                          : 0;
		rec[a].sp.score += sa;
		rec[b].sp.score += 1 - sa;
		/* A game forfeited without a match was never played: no side, but
		 * no rematch either. */
		if (!json_is_null(json_object_get(g, "match"))) {
			rec[a].sp.sides[0]++, rec[a].sp.last_side = 0;
			rec[b].sp.sides[1]++, rec[b].sp.last_side = 1;
		}
		rec[a].opp[rec[a].sp.nopponents++] = b;
		rec[b].opp[rec[b].sp.nopponents++] = a;
	}
	for (int i = 0; ok && i < n; i++)
		if (!withdrawn(json_array_get(players, (size_t)i))) {
			act_index[nact] = i;
			act[nact++] = rec[i].sp;
		}
	if (ok && nact >= 2) {
		npairs = tg_swiss_pair_round(act, nact, pairs);
		for (int k = 0; k < npairs; k++) {
			out[k].side0 = act_index[pairs[k].side0];
			out[k].side1 = pairs[k].side1 < 0 ? -1 : act_index[pairs[k].side1];
		}
	} else if (ok) {
		npairs = 0;
	}
	if (npairs < 0)
		tg_fail(err, "internal", "out of memory pairing a round");
	for (int i = 0; rec && i < n; i++)
		free(rec[i].opp);
	free(rec);
	free(act);
	free(act_index);
	free(pairs);
	return npairs;
}

/* The game rows of one round are written; returns how many games of it are
 * still to be played, or -1. */
static int create_round_of(struct tg_server *srv, const json_t *t, int round, bool pools, int stage,
                           struct tg_error *err)
{
	const json_t *players = json_object_get(t, "players");
	int n = (int)json_array_size(players), npairs;
	const char *format = str(t, "format");
	struct tg_pair *pairs = calloc((size_t)n + 1, sizeof *pairs);
	/* A bracket's games keep their places (board k of a round meets the
	 * winners of boards 2k-1 and 2k before it); other formats number the
	 * games in order. */
	int *boards = calloc((size_t)n + 1, sizeof *boards);
	bool elim = strcmp(format, "single_elimination") == 0 || (pools && round > stage);
	if (!pairs || !boards) {
		free(pairs);
		free(boards);
		return tg_fail(err, "internal", "out of memory");
	}
	if (strcmp(format, "swiss") == 0)
		npairs = pair_swiss(srv, t, pairs, err);
	else if (elim)
		npairs = tourney_elim_pairs(t, round, stage, pairs, boards);
	else if (pools)
		npairs = tourney_pools_pairs(t, round, pairs);
	else
		npairs =
		    tg_rr_round(n, strcmp(format, "double_round_robin") == 0, round - 1, pairs);
	if (npairs < 0) {
		free(pairs);
		free(boards);
		return err->code[0] ? -1
		                    : tg_fail(err, "internal", "no schedule for round %d", round);
	}
	int board = 0, playing = 0;
	bool failed = false;
	for (int k = 0; k < npairs && !failed; k++) {
		const json_t *p0 = json_array_get(players, (size_t)pairs[k].side0);
		const json_t *p1 =
		    pairs[k].side1 < 0 ? NULL : json_array_get(players, (size_t)pairs[k].side1);
		int64_t u0 = num(p0, "user_id"), u1 = p1 ? num(p1, "user_id") : 0;
		const char *result = NULL;
		int64_t match = 0;
		if (!p1 && withdrawn(p0))
			continue; /* a withdrawn player's bye: nothing to record */
		if (p1 && withdrawn(p0) && withdrawn(p1))
			continue; /* nobody scores a game neither will play */
		if (!p1)
			result = "bye";
		else if (withdrawn(p0))
			result = "-+";
		else if (withdrawn(p1))
			result = "+-";
		else if ((match = create_match(srv, t, u0, u1, err)) < 0)
			failed = true;
		board = elim ? boards[k] : board + 1;
		if (!failed && tg_store_tourney_game_add(srv->store, num(t, "id"), round, board, u0,
		                                         u1, match, result, err) != 0)
			failed = true;
		if (!result)
			playing++;
	}
	free(pairs);
	free(boards);
	return failed ? -1 : playing;
}

/* The game rows of one round (a pools event seeds its knockout first). */
static int create_round(struct tg_server *srv, const json_t *t0, int round, struct tg_error *err)
{
	const char *format = str(t0, "format");
	bool pools = strcmp(format, "pools") == 0;
	int stage = pools ? tourney_pools_stage_rounds(t0) : 0;
	json_t *t = json_incref((json_t *)t0);
	if (pools && round == stage + 1) {
		/* The pool stage is over: the knockout's seeds, then its bracket. */
		json_decref(t);
		if (tourney_pools_qualify(srv, t0, err) != 0 ||
		    !(t = tg_store_tourney_get(srv->store, num(t0, "id"), err)))
			return -1;
	}
	int rc = create_round_of(srv, t, round, pools, stage, err);
	json_decref(t);
	return rc;
}

int tourney_round_start(struct tg_server *srv, const json_t *t0, int round, struct tg_error *err)
{
	int64_t id = json_integer_value(json_object_get(t0, "id"));
	json_t *t = json_incref((json_t *)t0);
	for (;;) {
		int rounds = (int)num(t, "rounds");
		int active = 0;
		size_t i;
		json_t *p;
		json_array_foreach(json_object_get(t, "players"), i, p) active += !withdrawn(p);
		if (round > rounds || active < 2) {
			/* The event is over: its last round is played, or fewer than two
			 * players are left to pair. */
			int rc = tg_store_tourney_set_state(srv->store, id, "finished", round - 1,
			                                    rounds, srv_now(), err);
			if (rc == 0)
				rc = log_line(srv, t, "finished after round %d", round - 1);
			if (rc == 0)
				rc = tourney_push(srv, id, "finished", err);
			json_decref(t);
			return rc;
		}
		if (tg_store_tourney_set_state(srv->store, id, "active", round, rounds, srv_now(),
		                               err) != 0) {
			json_decref(t);
			return -1;
		}
		json_decref(t);
		if (!(t = tg_store_tourney_get(srv->store, id, err)))
			return -1;
		int playing = create_round(srv, t, round, err);
		if (playing < 0 || log_line(srv, t, "round %d paired", round) != 0) {
			json_decref(t);
			return -1;
		}
		/* The players are told offline too (the games as stored), those of
		 * a round decided at once as well (a bye, a withdrawn opponent). */
		json_decref(t);
		if (!(t = tg_store_tourney_get(srv->store, id, err)))
			return -1;
		if (tourney_notify_round(srv, t, round, err) != 0) {
			json_decref(t);
			return -1;
		}
		if (playing > 0) {
			json_decref(t);
			return tourney_push(srv, id, "round", err);
		}
		/* Every game of the round was decided at once: the next. */
		round++;
	}
}

int tourney_next_round_if_done(struct tg_server *srv, int64_t tourney_id, struct tg_error *err)
{
	json_t *t = tg_store_tourney_get(srv->store, tourney_id, err);
	if (!t)
		return -1;
	int round = (int)num(t, "round");
	bool done =
	    strcmp(str(t, "status"), "active") == 0 && !json_is_true(json_object_get(t, "paused"));
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i,
	                   g) if (num(g, "round") == round &&
	                          json_is_null(json_object_get(g, "result"))) done = false;
	int rc = tourney_push(srv, tourney_id, "standings", err);
	if (rc == 0 && done)
		rc = tourney_round_start(srv, t, round + 1, err);
	json_decref(t);
	return rc;
}

/* The tournament game match m is (the store's row), or NULL: *rc 0 when m
 * is no tournament's, -1 (err set) when the store failed. */
static json_t *game_of_match(struct tg_server *srv, const struct tg_match *m, int *rc,
                             struct tg_error *err)
{
	struct tg_error none = {0};
	json_t *g = tg_store_tourney_game_by_match(srv->store, m->id, &none);
	if (!g && strcmp(none.code, "no_such_game") != 0) {
		*err = none;
		*rc = -1;
	}
	return g;
}

int tourney_match_finished(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	int rc = 0;
	json_t *g = game_of_match(srv, m, &rc, err);
	if (!g)
		return rc;
	if (json_is_null(json_object_get(g, "result"))) {
		/* The winner's role gives the result: side0 plays the first role. */
		const char *winner = str(json_object_get(m->row, "result"), "winner");
		const char *result = !winner                                 ? "1/2-1/2"
		                     : strcmp(winner, m->mod->roles[0]) == 0 ? "1-0"
		                                                             : "0-1";
		rc = tg_store_tourney_game_result(srv->store, num(g, "tourney"),
		                                  (int)num(g, "round"), (int)num(g, "board"),
		                                  result, err);
	}
	if (rc == 0)
		rc = tourney_next_round_if_done(srv, num(g, "tourney"), err);
	json_decref(g);
	return rc;
}

int tourney_match_aborted(struct tg_server *srv, struct tg_match *m, int64_t by_user,
                          const char *by_name, const char *reason, struct tg_error *err)
{
	int rc = 0;
	json_t *g = game_of_match(srv, m, &rc, err);
	if (!g)
		return rc;
	if (json_is_null(json_object_get(g, "result"))) {
		/* The round cannot go on without this game's result, and only the
		 * director knows what it should be: he is told, and enters it
		 * (tourney_direct set_result). */
		char line[512];
		snprintf(line, sizeof line,
		         "round %lld board %lld (match %lld) aborted by the operator %s: %s; the "
		         "director enters its result",
		         (long long)num(g, "round"), (long long)num(g, "board"), (long long)m->id,
		         by_name, reason);
		TG_INFO(0, m->id, "tournament %lld: %s", (long long)num(g, "tourney"), line);
		rc = tg_store_tourney_log_add(srv->store, num(g, "tourney"), by_user, line,
		                              srv_now(), err);
		if (rc == 0)
			rc = tourney_push(srv, num(g, "tourney"), "game_aborted", err);
	}
	json_decref(g);
	return rc;
}

int tourney_withdraw_player(struct tg_server *srv, const json_t *t, int64_t user_id,
                            const char *user_name, struct tg_error *err)
{
	int64_t id = num(t, "id");
	if (tg_store_tourney_player_withdraw(srv->store, id, user_id, err) != 0 ||
	    log_line(srv, t, "%s withdrew", user_name) != 0)
		return -1;
	int round = (int)num(t, "round");
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		bool is0 = num(g, "side0") == user_id, is1 = num(g, "side1") == user_id;
		if (num(g, "round") != round || !(is0 || is1) ||
		    !json_is_null(json_object_get(g, "result")))
			continue;
		/* His game of this round is forfeited; the result is set first,
		 * so that ending the match does not score it as played. */
		if (tg_store_tourney_game_result(srv->store, id, round, (int)num(g, "board"),
		                                 is0 ? "-+" : "+-", err) != 0)
			return -1;
		json_t *mid = json_object_get(g, "match");
		struct tg_match *m =
		    json_is_integer(mid) ? match_get(srv, json_integer_value(mid), err) : NULL;
		if (json_is_integer(mid) && !m)
			return -1;
		if (m && strcmp(match_status(m), "active") == 0) {
			char summary[160];
			snprintf(summary, sizeof summary, "%s withdrew from the tournament",
			         user_name);
			int role = is0 ? 0 : 1;
			json_t *result =
			    json_pack("{s:s,s:s,s:s}", "winner", m->mod->roles[1 - role], "summary",
			              summary, "forfeited", m->mod->roles[role]);
			if (match_finish(srv, m, result, err) != 0)
				return -1;
			views_push_match(srv, m);
			views_reset(srv, m);
			return 0; /* match_finish paired the next round if this was the last */
		}
	}
	return tourney_next_round_if_done(srv, id, err);
}
