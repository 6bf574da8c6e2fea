/* tourney_direct.c — the director's tools (PROTOCOL.md, "tourney_direct"):
 * add or remove a player, enter or correct a result with a reason, pause
 * and resume, pair the current round again while none of its games has
 * begun. Every use is written to the tournament's log. */
#include <stdio.h>
#include <string.h>

#include "core/server_internal.h"
#include "util/log.h"

#define TG_REASON_MAX 200

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

/* The log line of the director's action; -1 after failing the turn. */
static int dlog(struct tg_session *s, const json_t *t, const char *text, struct tg_error *err)
{
	return tg_store_tourney_log_add(s->srv->store, num(t, "id"), s->user_id, text, srv_now(),
	                                err);
}

/* The user named by the request's "user", or NULL after replying. */
static json_t *req_user(struct tg_session *s, const json_t *req)
{
	const char *name = str(req, "user");
	if (!name) {
		srv_error(s, req, "malformed_request", "This action needs \"user\", a user name.");
		return NULL;
	}
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_name(s->srv->store, name, &err);
	if (!u) {
		if (strcmp(err.code, "no_such_user") == 0)
			srv_error(s, req, "no_such_user", "No user is called \"%s\".", name);
		else
			srv_error_err(s, req, &err);
	}
	return u;
}

/* The request's reason (required for results), "" if absent and optional;
 * NULL after replying. */
static const char *req_reason(struct tg_session *s, const json_t *req, bool required)
{
	const char *r = str(req, "reason");
	if ((json_object_get(req, "reason") && !r) || (required && (!r || !r[0])) ||
	    (r && strlen(r) > TG_REASON_MAX)) {
		srv_error(s, req, "malformed_request", "\"reason\" is a text of up to %d bytes%s.",
		          TG_REASON_MAX, required ? ", required to enter or correct a result" : "");
		return NULL;
	}
	return r ? r : "";
}

static void add_player(struct tg_session *s, const json_t *req, const json_t *t,
                       struct tg_error *err, int *rc)
{
	const char *reason = req_reason(s, req, false);
	json_t *u = reason ? req_user(s, req) : NULL;
	if (!u)
		return;
	const char *status = str(t, "status");
	int64_t uid = num(u, "id");
	char line[400];
	if (strcmp(status, "finished") == 0 ||
	    (strcmp(status, "active") == 0 && strcmp(str(t, "format"), "swiss") != 0))
		tourney_has_status(s, req, t,
		                   strcmp(status, "finished") == 0 ? "active" : "registration");
	else if (tourney_player_of(t, uid))
		srv_error(s, req, "already_registered", "%s plays in tournament %lld already.",
		          str(u, "name"), (long long)num(t, "id"));
	else if (num(t, "nplayers") >= num(t, "max_players"))
		srv_error(s, req, "tourney_full", "Tournament %lld has its %lld players.",
		          (long long)num(t, "id"), (long long)num(t, "max_players"));
	else {
		snprintf(line, sizeof line, "%s added by the director%s%s", str(u, "name"),
		         reason[0] ? ": " : "", reason);
		*rc =
		    tg_store_tourney_player_add(s->srv->store, num(t, "id"), uid, srv_now(), err) ||
		    dlog(s, t, line, err);
		if (*rc == 0)
			srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
	}
	json_decref(u);
}

static void remove_player(struct tg_session *s, const json_t *req, const json_t *t,
                          struct tg_error *err, int *rc)
{
	const char *reason = req_reason(s, req, false);
	json_t *u = reason ? req_user(s, req) : NULL;
	if (!u)
		return;
	const json_t *p = tourney_player_of(t, num(u, "id"));
	const char *status = str(t, "status");
	char line[400];
	snprintf(line, sizeof line, "%s removed by the director%s%s", str(u, "name"),
	         reason[0] ? ": " : "", reason);
	if (!p || json_is_true(json_object_get(p, "withdrawn")))
		srv_error(s, req, "not_registered", "%s is not playing in tournament %lld.",
		          str(u, "name"), (long long)num(t, "id"));
	else if (strcmp(status, "finished") == 0)
		tourney_has_status(s, req, t, "active");
	else {
		*rc = dlog(s, t, line, err);
		if (*rc == 0 && strcmp(status, "registration") == 0)
			*rc = tg_store_tourney_player_remove(s->srv->store, num(t, "id"),
			                                     num(u, "id"), err);
		else if (*rc == 0)
			*rc = tourney_withdraw_player(s->srv, t, num(u, "id"), str(u, "name"), err);
		if (*rc == 0)
			srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
	}
	json_decref(u);
}

/* The game of t the request names by "match", or by "round" and "board". */
static const json_t *req_game(struct tg_session *s, const json_t *req, const json_t *t)
{
	const json_t *m = json_object_get(req, "match"), *r = json_object_get(req, "round"),
	             *b = json_object_get(req, "board");
	if (!json_is_integer(m) && !(json_is_integer(r) && json_is_integer(b))) {
		srv_error(s, req, "malformed_request",
		          "Name the game by \"match\", or by \"round\" and \"board\".");
		return NULL;
	}
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (json_is_integer(m) ? json_integer_value(json_object_get(g, "match")) ==
		                                 json_integer_value(m) &&
		                             json_is_integer(json_object_get(g, "match"))
		                       : num(g, "round") == json_integer_value(r) &&
		                             num(g, "board") == json_integer_value(b))
			return g;
	}
	srv_error(s, req, "not_in_tourney", "Tournament %lld has no such game.",
	          (long long)num(t, "id"));
	return NULL;
}

static const char *name_of(const json_t *t, const json_t *user_id)
{
	const json_t *p = tourney_player_of(t, json_integer_value(user_id));
	return p ? str(p, "name") : "?";
}

static void set_result(struct tg_session *s, const json_t *req, const json_t *t,
                       struct tg_error *err, int *rc)
{
	struct tg_server *srv = s->srv;
	const char *reason = req_reason(s, req, true), *result = str(req, "result");
	const json_t *g = reason ? req_game(s, req, t) : NULL;
	if (!g)
		return;
	static const char *const ok[] = {"1-0", "0-1", "1/2-1/2", "+-", "-+"};
	bool valid = false;
	for (size_t i = 0; result && i < sizeof ok / sizeof *ok; i++)
		valid |= strcmp(result, ok[i]) == 0;
	if (!valid || json_is_null(json_object_get(g, "side1"))) {
		srv_error(s, req, "malformed_request",
		          "\"result\" is \"1-0\", \"0-1\", \"1/2-1/2\", \"+-\" or \"-+\" (side0 "
		          "first), for a game with two players.");
		return;
	}
	if (strcmp(str(t, "format"), "single_elimination") == 0 &&
	    num(g, "round") < num(t, "round")) {
		srv_error(s, req, "round_closed",
		          "In a single elimination the results of round %lld stand: its winners "
		          "play on in round %lld.",
		          (long long)num(g, "round"), (long long)num(t, "round"));
		return;
	}
	const char *old = str(g, "result");
	char line[512];
	snprintf(line, sizeof line, "round %lld board %lld (%s - %s): %s -> %s by the director: %s",
	         (long long)num(g, "round"), (long long)num(g, "board"),
	         name_of(t, json_object_get(g, "side0")), name_of(t, json_object_get(g, "side1")),
	         old ? old : "unplayed", result, reason);
	*rc = dlog(s, t, line, err) ||
	      tg_store_tourney_game_result(srv->store, num(t, "id"), (int)num(g, "round"),
	                                   (int)num(g, "board"), result, err);
	json_t *mid = json_object_get(g, "match");
	struct tg_match *m = NULL;
	if (*rc == 0 && json_is_integer(mid) && !(m = match_get(srv, json_integer_value(mid), err)))
		*rc = -1;
	if (*rc == 0 && m && strcmp(match_status(m), "active") == 0) {
		/* The game is being played: the entered result ends it. */
		bool forfeit = result[0] == '+' || result[0] == '-';
		bool draw = strcmp(result, "1/2-1/2") == 0;
		int winner = draw ? -1 : (result[0] == '1' || result[0] == '+') ? 0 : 1;
		char summary[300];
		snprintf(summary, sizeof summary, "Result entered by the tournament director: %s",
		         reason);
		json_t *res =
		    json_pack("{s:o,s:s}", "winner",
		              winner < 0 ? json_null() : json_string(m->mod->roles[winner]),
		              "summary", summary);
		if (forfeit)
			json_object_set_new(res, "forfeited",
			                    json_string(m->mod->roles[1 - winner]));
		*rc = match_finish(srv, m, res, err);
		if (*rc == 0) {
			views_push_match(srv, m);
			views_reset(srv, m);
		}
	} else if (*rc == 0) {
		*rc = tourney_next_round_if_done(srv, num(t, "id"), err);
	}
	if (*rc == 0)
		srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
}

static void pause_resume(struct tg_session *s, const json_t *req, const json_t *t, bool pause,
                         struct tg_error *err, int *rc)
{
	const char *reason = req_reason(s, req, false);
	if (!reason || !tourney_has_status(s, req, t, "active"))
		return;
	char line[300];
	snprintf(line, sizeof line, "%s by the director%s%s", pause ? "paused" : "resumed",
	         reason[0] ? ": " : "", reason);
	*rc = dlog(s, t, line, err) ||
	      tg_store_tourney_set_paused(s->srv->store, num(t, "id"), pause, err) ||
	      (!pause && tourney_next_round_if_done(s->srv, num(t, "id"), err));
	if (*rc == 0)
		srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
}

/* Pairs the current round again, while none of its matches has begun: its
 * matches are aborted and the round is paired from the players now in. */
static void repair(struct tg_session *s, const json_t *req, const json_t *t, struct tg_error *err,
                   int *rc)
{
	struct tg_server *srv = s->srv;
	const char *reason = req_reason(s, req, false);
	if (!reason || !tourney_has_status(s, req, t, "active"))
		return;
	int round = (int)num(t, "round");
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (num(g, "round") != round || !json_is_integer(json_object_get(g, "match")))
			continue;
		struct tg_match *m = match_get(srv, num(g, "match"), err);
		if (!m) {
			*rc = -1;
			return;
		}
		if (!json_is_null(json_object_get(g, "result")) || m->seq > 0 ||
		    strcmp(match_status(m), "active") != 0) {
			srv_error(s, req, "round_started",
			          "A game of round %d has begun (match %lld): the round stands.",
			          round, (long long)m->id);
			return;
		}
	}
	char line[300];
	snprintf(line, sizeof line, "round %d paired again by the director%s%s", round,
	         reason[0] ? ": " : "", reason);
	*rc = dlog(s, t, line, err);
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (*rc != 0 || num(g, "round") != round ||
		    !json_is_integer(json_object_get(g, "match")))
			continue;
		struct tg_match *m = match_get(srv, num(g, "match"), err);
		*rc = !m ||
		      tg_store_match_set_status(srv->store, m->id, "aborted", NULL, NULL, err) ||
		      match_refresh(m, srv, err);
		if (*rc == 0) {
			match_touch(srv, m);
			views_push_match(srv, m);
		}
	}
	if (*rc == 0)
		*rc = tg_store_tourney_round_delete(srv->store, num(t, "id"), round, err);
	json_t *fresh = *rc == 0 ? tg_store_tourney_get(srv->store, num(t, "id"), err) : NULL;
	if (*rc == 0 && !fresh)
		*rc = -1;
	if (*rc == 0)
		*rc = tourney_round_start(srv, fresh, round, err);
	json_decref(fresh);
	if (*rc == 0)
		srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
}

void op_tourney_direct(struct tg_session *s, const json_t *req)
{
	json_t *t = tourney_req(s, req);
	if (!t)
		return;
	const char *action = str(req, "action");
	struct tg_error err = {0};
	int rc = 0;
	if (!tourney_is_director(s, req, t)) {
		json_decref(t);
		return;
	}
	if (srv_tx(s->srv, &err) != 0) {
		srv_error_err(s, req, &err);
		json_decref(t);
		return;
	}
	if (action && strcmp(action, "add_player") == 0)
		add_player(s, req, t, &err, &rc);
	else if (action && strcmp(action, "remove_player") == 0)
		remove_player(s, req, t, &err, &rc);
	else if (action && strcmp(action, "set_result") == 0)
		set_result(s, req, t, &err, &rc);
	else if (action && (strcmp(action, "pause") == 0 || strcmp(action, "resume") == 0))
		pause_resume(s, req, t, strcmp(action, "pause") == 0, &err, &rc);
	else if (action && strcmp(action, "repair") == 0)
		repair(s, req, t, &err, &rc);
	else
		srv_error(s, req, "malformed_request",
		          "\"action\" is add_player, remove_player, set_result, pause, resume or "
		          "repair.");
	if (rc != 0) {
		srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
	} else if (action) {
		TG_INFO(s->id, 0, "tournament %lld: director's %s", (long long)num(t, "id"),
		        action);
	}
	json_decref(t);
}
