/* tourney_ops.c — the tournament requests (PROTOCOL.md, "Tournaments"):
 * create, list, get, register, withdraw, start, standings. The rounds
 * themselves are tourney_round.c's; the objects sent, tourney_view.c's. */
#include <ctype.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock/timecontrol.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "tourney/roundrobin.h"
#include "util/log.h"

#define TG_TOURNEY_NAME_MAX 80
#define TG_TOURNEY_DEFAULT_PLAYERS 64

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

/* Whether the user may create (and so direct) a tournament: the setting
 * tourney_directors lists names, or is empty for everyone. */
static bool may_direct(const struct tg_server *srv, const char *name)
{
	return !srv->cfg.tourney_directors[0] || srv_name_listed(srv->cfg.tourney_directors, name);
}

json_t *tourney_req(struct tg_session *s, const json_t *req)
{
	json_t *id = json_object_get(req, "tourney");
	if (!json_is_integer(id) || json_integer_value(id) < 1) {
		srv_error(s, req, "malformed_request", "\"tourney\" must be a tournament id.");
		return NULL;
	}
	struct tg_error err = {0};
	json_t *t = tg_store_tourney_get(s->srv->store, json_integer_value(id), &err);
	if (!t) {
		if (strcmp(err.code, "no_such_tourney") == 0)
			srv_error(s, req, "no_such_tourney", "No tournament has the id %lld.",
			          (long long)json_integer_value(id));
		else
			srv_error_err(s, req, &err);
	}
	return t;
}

const json_t *tourney_player_of(const json_t *t, int64_t user_id)
{
	size_t i;
	json_t *p;
	json_array_foreach(json_object_get(t, "players"), i,
	                   p) if (num(p, "user_id") == user_id) return p;
	return NULL;
}

bool tourney_is_director(struct tg_session *s, const json_t *req, const json_t *t)
{
	if (num(t, "director") == s->user_id)
		return true;
	srv_error(s, req, "not_a_director", "Only %s directs tournament %lld.",
	          str(t, "director_name"), (long long)num(t, "id"));
	return false;
}

bool tourney_has_status(struct tg_session *s, const json_t *req, const json_t *t,
                        const char *status)
{
	if (strcmp(str(t, "status"), status) == 0)
		return true;
	const char *code = strcmp(str(t, "status"), "registration") == 0 ? "tourney_not_started"
	                   : strcmp(str(t, "status"), "finished") == 0   ? "tourney_finished"
	                                                                 : "registration_closed";
	srv_error(s, req, code, "Tournament %lld is %s.", (long long)num(t, "id"),
	          strcmp(str(t, "status"), "registration") == 0 ? "not started yet"
	          : strcmp(str(t, "status"), "finished") == 0
	              ? "over"
	              : "under way: registration is closed");
	return false;
}

void op_tourney_create(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const char *name = str(req, "name"), *game = str(req, "game"),
	           *scenario = str(req, "scenario"), *format = str(req, "format");
	const json_t *options = json_object_get(req, "options"),
	             *rounds = json_object_get(req, "rounds"),
	             *maxp = json_object_get(req, "max_players"),
	             *invite_only = json_object_get(req, "invite_only"),
	             *start_at = json_object_get(req, "start_at"),
	             *pools = json_object_get(req, "pools"),
	             *advance = json_object_get(req, "advance"),
	             *rated = json_object_get(req, "rated");
	bool swiss = format && strcmp(format, "swiss") == 0;
	if (!name || !name[0] || strlen(name) > TG_TOURNEY_NAME_MAX || !game || !scenario ||
	    !format ||
	    (!swiss && strcmp(format, "round_robin") != 0 &&
	     strcmp(format, "double_round_robin") != 0 &&
	     strcmp(format, "single_elimination") != 0 && strcmp(format, "pools") != 0) ||
	    (options && !json_is_object(options)) ||
	    (invite_only && !json_is_boolean(invite_only)) || (rated && !json_is_boolean(rated)) ||
	    (maxp && !json_is_integer(maxp)) || (rounds && !json_is_integer(rounds)) ||
	    (start_at && !json_is_integer(start_at)) ||
	    (strcmp(format, "pools") == 0) != (pools != NULL) ||
	    (advance && (!pools || !json_is_integer(advance))) ||
	    (pools && (!json_is_integer(pools) || json_integer_value(pools) < 2 ||
	               json_integer_value(pools) > TG_TOURNEY_MAX_POOLS)) ||
	    (advance && (json_integer_value(advance) < 1 ||
	                 json_integer_value(advance) > TG_TOURNEY_MAX_ADVANCE)) ||
	    (swiss && !rounds)) {
		srv_error(
		    s, req, "malformed_request",
		    "tourney_create needs \"name\" (1 to %d bytes), \"game\", \"scenario\" and "
		    "\"format\" (\"round_robin\", \"double_round_robin\", "
		    "\"single_elimination\", \"pools\" or \"swiss\" with \"rounds\"); \"options\" "
		    "an object, "
		    "\"max_players\" a number, "
		    "\"invite_only\" and \"rated\" booleans, \"start_at\" a time in seconds; "
		    "\"pools\" (2 to %d, with \"advance\" 1 to %d) for \"pools\" only.",
		    TG_TOURNEY_NAME_MAX, TG_TOURNEY_MAX_POOLS, TG_TOURNEY_MAX_ADVANCE);
		return;
	}
	json_int_t nmax = maxp ? json_integer_value(maxp) : TG_TOURNEY_DEFAULT_PLAYERS;
	json_int_t npools = pools ? json_integer_value(pools) : 0;
	if (npools && nmax < 2 * npools) {
		srv_error(s, req, "malformed_request",
		          "%lld pools need \"max_players\" of at least %lld (two a pool).",
		          (long long)npools, (long long)(2 * npools));
		return;
	}
	json_int_t nrounds = swiss ? json_integer_value(rounds) : 0;
	if (nmax < 2 || nmax > TG_TOURNEY_MAX_PLAYERS || nrounds < 0 ||
	    nrounds > TG_TOURNEY_MAX_ROUNDS || (swiss && nrounds < 1)) {
		srv_error(s, req, "malformed_request",
		          "\"max_players\" is 2 to %d; a Swiss has 1 to %d \"rounds\".",
		          TG_TOURNEY_MAX_PLAYERS, TG_TOURNEY_MAX_ROUNDS);
		return;
	}
	if (start_at && json_integer_value(start_at) <= srv_now()) {
		srv_error(s, req, "malformed_request",
		          "\"start_at\" (%lld) is not in the future (the server's time is %lld).",
		          (long long)json_integer_value(start_at), (long long)srv_now());
		return;
	}
	if (!may_direct(srv, s->user_name)) {
		srv_error(s, req, "not_a_director",
		          "This server lets only its directors create "
		          "tournaments.");
		return;
	}
	const struct game_module *mod = tg_game_find(srv->games, game);
	if (!mod) {
		srv_error(s, req, "no_such_game", "This server offers no game \"%s\".", game);
		return;
	}
	int nroles = 0;
	while (mod->roles[nroles])
		nroles++;
	if (nroles != 2) {
		srv_error(s, req, "malformed_request", "Tournaments are for two-sided games.");
		return;
	}
	/* Every match of the event gets this control (none if absent). */
	struct tg_time_control tc;
	char tc_err[160];
	if (tg_tc_parse(json_object_get(req, "time_control"), &tc, tc_err, sizeof tc_err) != 0) {
		tc_err[0] = (char)toupper((unsigned char)tc_err[0]);
		srv_error(s, req, "bad_time_control", "%s.", tc_err);
		return;
	}
	/* Setting up once with a throw-away seed validates scenario and options. */
	struct tg_error err = {0};
	uint8_t zero[TG_SEED_BYTES] = {0};
	json_t *opts = options ? json_deep_copy(options) : json_object();
	struct game *probe = mod->setup(zero, scenario, opts, &err);
	if (!probe) {
		json_decref(opts);
		srv_error_err(s, req, &err);
		return;
	}
	mod->free(probe);
	char invite[TG_INVITE_LEN + 1];
	bool by_invite = invite_only && json_is_true(invite_only);
	if (by_invite && tg_invite_code(invite) != 0) {
		json_decref(opts);
		srv_error(s, req, "internal", "The random generator failed.");
		return;
	}
	json_t *t = json_pack("{s:s,s:s,s:s,s:o,s:s,s:I,s:I,s:o,s:b,s:I,s:I}", "name", name, "game",
	                      game, "scenario", scenario, "options", opts, "format", format,
	                      "rounds", nrounds, "max_players", nmax, "invite_code",
	                      by_invite ? json_string(invite) : json_null(), "rated",
	                      rated ? json_is_true(rated) : 1, "director", (json_int_t)s->user_id,
	                      "created", (json_int_t)srv_now());
	json_t *tc_json = tg_tc_json(&tc);
	if (t && tc_json)
		json_object_set_new(t, "time_control", tc_json);
	else
		json_decref(tc_json);
	if (t && start_at)
		json_object_set(t, "start_at", (json_t *)start_at);
	if (t && npools) {
		json_object_set_new(t, "pools", json_integer(npools));
		json_object_set_new(t, "advance",
		                    json_integer(advance ? json_integer_value(advance) : 2));
	}
	int64_t id = 0;
	char line[160];
	snprintf(line, sizeof line, "created by %s", s->user_name);
	if (!t || srv_tx(srv, &err) != 0 ||
	    tg_store_tourney_create(srv->store, t, &id, &err) != 0 ||
	    tg_store_tourney_log_add(srv->store, id, s->user_id, line, srv_now(), &err) != 0) {
		json_decref(t);
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	json_decref(t);
	if (start_at)
		tourney_sched_note(srv, json_integer_value(start_at));
	TG_INFO(s->id, 0, "tournament %lld (%s) created by user %lld", (long long)id, format,
	        (long long)s->user_id);
	json_t *ok = json_pack("{s:I}", "tourney", (json_int_t)id);
	if (by_invite)
		json_object_set_new(ok, "invite", json_string(invite));
	srv_ok(s, req, ok);
}

void op_tourney_list(struct tg_session *s, const json_t *req)
{
	struct tg_error err = {0};
	json_t *rows = tg_store_tourney_list(s->srv->store, TG_LIST_LIMIT, &err);
	if (!rows) {
		srv_error_err(s, req, &err);
		return;
	}
	json_t *out = json_array();
	size_t i;
	json_t *row;
	json_array_foreach(rows, i, row)
	    json_array_append_new(out, tourney_info(row, s->user_id, false));
	json_decref(rows);
	srv_ok(s, req, json_pack("{s:o}", "tournaments", out));
}

static size_t dump_size(const json_t *j)
{
	return json_dumpb(j, NULL, 0, JSON_COMPACT);
}

/* A reply over max_outbuf closes the connection as one that does not read,
 * and a large event's log and games can reach it (256 players, 50 rounds):
 * like tourney_export's pages, a tourney_get reply stays within half of
 * max_outbuf. The log keeps its newest entries and the games their latest
 * rounds; the reply says what it left out ("log_omitted",
 * "games_from_round") and tourney_export has it all. -1 if even that does
 * not fit. */
static int fit_reply(json_t *info, size_t budget)
{
	size_t size = dump_size(info);
	json_t *log = json_object_get(info, "log");
	size_t omitted = 0;
	while (size > budget && json_array_size(log) > 0) {
		size -= dump_size(json_array_get(log, 0)) + 1;
		json_array_remove(log, 0);
		omitted++;
	}
	if (omitted)
		json_object_set_new(info, "log_omitted", json_integer((json_int_t)omitted));
	json_t *games = json_object_get(info, "games");
	json_int_t from = 0;
	while (size > budget && json_array_size(games) > 0) {
		/* Games come by round: drop the earliest round whole. */
		from = json_integer_value(json_object_get(json_array_get(games, 0), "round")) + 1;
		while (json_array_size(games) > 0 &&
		       json_integer_value(json_object_get(json_array_get(games, 0), "round")) <
		           from) {
			size -= dump_size(json_array_get(games, 0)) + 1;
			json_array_remove(games, 0);
		}
	}
	if (from)
		json_object_set_new(info, "games_from_round", json_integer(from));
	return dump_size(info) <= budget ? 0 : -1;
}

void op_tourney_get(struct tg_session *s, const json_t *req)
{
	json_t *t = tourney_req(s, req);
	if (!t)
		return;
	struct tg_error err = {0};
	json_t *log = tg_store_tourney_log_list(s->srv->store,
	                                        json_integer_value(json_object_get(t, "id")), &err);
	if (!log) {
		srv_error_err(s, req, &err);
		json_decref(t);
		return;
	}
	json_t *info = tourney_info(t, s->user_id, true);
	json_object_set_new(info, "log", log);
	if (fit_reply(info, s->srv->cfg.max_outbuf / 2) != 0) {
		json_decref(info);
		srv_error(s, req, "export_too_large",
		          "Tournament %lld is too large for one reply even without its log and "
		          "earlier rounds (half of max_outbuf); an operator may raise max_outbuf.",
		          (long long)num(t, "id"));
	} else {
		srv_ok(s, req, json_pack("{s:o}", "tournament", info));
	}
	json_decref(t);
}

void op_tourney_standings(struct tg_session *s, const json_t *req)
{
	json_t *t = tourney_req(s, req);
	if (!t)
		return;
	json_t *st = tourney_standings_json(t);
	if (!st)
		srv_error(s, req, "internal", "Out of memory computing the standings.");
	else
		srv_ok(s, req,
		       json_pack("{s:I,s:s,s:I,s:I,s:o}", "tourney", num(t, "id"), "tourney_status",
		                 str(t, "status"), "round", num(t, "round"), "rounds",
		                 num(t, "rounds"), "standings", st));
	json_decref(t);
}

void op_tourney_register(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	json_t *t = tourney_req(s, req);
	if (!t)
		return;
	const char *code = str(t, "invite_code"), *invite = str(req, "invite");
	struct tg_error err = {0};
	if (!tourney_has_status(s, req, t, "registration"))
		goto done;
	if (code && !(invite && strlen(invite) == strlen(code) &&
	              CRYPTO_memcmp(invite, code, strlen(code)) == 0)) {
		srv_error(s, req, "invite_required",
		          "Tournament %lld is by invitation: give its invite code.",
		          (long long)num(t, "id"));
		goto done;
	}
	if (tourney_player_of(t, s->user_id)) {
		srv_error(s, req, "already_registered", "You are registered for tournament %lld.",
		          (long long)num(t, "id"));
		goto done;
	}
	if (num(t, "nplayers") >= num(t, "max_players")) {
		srv_error(s, req, "tourney_full", "Tournament %lld has its %lld players.",
		          (long long)num(t, "id"), (long long)num(t, "max_players"));
		goto done;
	}
	char line[160];
	snprintf(line, sizeof line, "%s registered", s->user_name);
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_tourney_player_add(srv->store, num(t, "id"), s->user_id, srv_now(), &err) !=
	        0 ||
	    tg_store_tourney_log_add(srv->store, num(t, "id"), s->user_id, line, srv_now(), &err) !=
	        0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		goto done;
	}
	srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
done:
	json_decref(t);
}

void op_tourney_withdraw(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	json_t *t = tourney_req(s, req);
	if (!t)
		return;
	struct tg_error err = {0};
	const json_t *p = tourney_player_of(t, s->user_id);
	const char *status = str(t, "status");
	if (!p || json_is_true(json_object_get(p, "withdrawn"))) {
		srv_error(s, req, "not_registered", "You are not playing in tournament %lld.",
		          (long long)num(t, "id"));
		goto done;
	}
	if (strcmp(status, "finished") == 0) {
		tourney_has_status(s, req, t, "active");
		goto done;
	}
	char line[160];
	snprintf(line, sizeof line, "%s left before the start", s->user_name);
	int rc = srv_tx(srv, &err);
	if (rc == 0 && strcmp(status, "registration") == 0)
		rc = tg_store_tourney_player_remove(srv->store, num(t, "id"), s->user_id, &err) ||
		     tg_store_tourney_log_add(srv->store, num(t, "id"), s->user_id, line, srv_now(),
		                              &err);
	else if (rc == 0)
		rc = tourney_withdraw_player(srv, t, s->user_id, s->user_name, &err);
	if (rc != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		goto done;
	}
	srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
done:
	json_decref(t);
}

int tourney_min_players(const json_t *t)
{
	return num(t, "pools") > 0 ? 2 * (int)num(t, "pools") : 2;
}

int tourney_begin(struct tg_server *srv, const json_t *t0, int64_t by_user, const char *by_name,
                  struct tg_error *err)
{
	json_t *t = json_deep_copy(t0);
	if (!t)
		return tg_fail(err, "internal", "out of memory");
	int n = (int)num(t, "nplayers");
	const char *format = str(t, "format");
	bool elim = strcmp(format, "single_elimination") == 0;
	if (strcmp(format, "pools") == 0) {
		/* The pools are dealt first: the rounds follow from their sizes. */
		json_t *dealt = NULL;
		if (tourney_pools_assign(srv, t, err) != 0 ||
		    !(dealt = tg_store_tourney_get(srv->store, num(t, "id"), err))) {
			json_decref(t);
			return -1;
		}
		json_decref(t);
		t = dealt;
		int qualifiers = 0;
		size_t i;
		json_t *p;
		for (json_int_t k = 1; k <= num(t, "pools"); k++) {
			int size = 0;
			json_array_foreach(json_object_get(t, "players"), i, p) size +=
			    json_integer_value(json_object_get(p, "pool")) == k;
			qualifiers += size < num(t, "advance") ? size : (int)num(t, "advance");
		}
		json_object_set_new(
		    t, "rounds",
		    json_integer(tourney_pools_stage_rounds(t) + tourney_elim_rounds(qualifiers)));
	} else if (elim)
		json_object_set_new(t, "rounds", json_integer(tourney_elim_rounds(n)));
	else if (strcmp(format, "swiss") != 0)
		json_object_set_new(
		    t, "rounds",
		    json_integer(tg_rr_rounds(n, strcmp(format, "double_round_robin") == 0)));
	char line[160];
	snprintf(line, sizeof line, "started by %s with %d players", by_name, n);
	int rc = tg_store_tourney_log_add(srv->store, num(t, "id"), by_user, line, srv_now(), err);
	if (rc == 0 && elim)
		rc = tourney_elim_seed(srv, t, err);
	if (rc == 0)
		rc = tourney_round_start(srv, t, 1, err);
	json_decref(t);
	return rc;
}

void op_tourney_start(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	json_t *t = tourney_req(s, req);
	if (!t)
		return;
	struct tg_error err = {0};
	if (!tourney_is_director(s, req, t) || !tourney_has_status(s, req, t, "registration"))
		goto done;
	if (num(t, "nplayers") < tourney_min_players(t)) {
		srv_error(s, req, "too_few_players", "Tournament %lld needs %d players to start.",
		          (long long)num(t, "id"), tourney_min_players(t));
		goto done;
	}
	if (srv_tx(srv, &err) != 0 || tourney_begin(srv, t, s->user_id, s->user_name, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		goto done;
	}
	TG_INFO(s->id, 0, "tournament %lld started", (long long)num(t, "id"));
	srv_ok(s, req, json_pack("{s:I}", "tourney", num(t, "id")));
done:
	json_decref(t);
}
