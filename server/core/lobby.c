/* lobby.c — the games offered, creating, listing, joining and leaving
 * matches, and the match object every participant sees. */
#include <ctype.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/timecontrol.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "util/log.h"

json_t *lobby_games_json(const struct game_module *const *games)
{
	json_t *list = json_array();
	for (; list && games && *games; games++) {
		const struct game_module *g = *games;
		json_t *roles = json_array(), *titles = json_object(), *scen = json_array();
		for (int i = 0; g->roles[i]; i++) {
			json_array_append_new(roles, json_string(g->roles[i]));
			json_object_set_new(titles, g->roles[i],
			                    json_string(tg_game_role_title(g, i)));
		}
		for (const struct game_scenario *sc = g->scenarios; sc->id; sc++)
			json_array_append_new(
			    scen, json_pack("{s:s,s:s,s:s}", "id", sc->id, "title",
			                    sc->title ? sc->title : sc->id, "description",
			                    sc->description ? sc->description : ""));
		json_t *opts = g->options ? g->options() : NULL;
		json_array_append_new(list, json_pack("{s:s,s:s,s:o,s:o,s:o,s:o}", "id", g->id,
		                                      "title", g->title, "roles", roles,
		                                      "role_titles", titles, "scenarios", scen,
		                                      "options", opts ? opts : json_object()));
	}
	return list;
}

json_t *lobby_time_controls_json(void)
{
	json_t *list = json_array();
	for (const struct tg_time_control *p = tg_tc_presets; list && p->kind != TG_TC_NONE; p++)
		json_array_append_new(list, tg_tc_json(p));
	return list;
}

void op_games(struct tg_session *s, const json_t *req)
{
	srv_ok(s, req, json_pack("{s:O}", "games", s->srv->games_json));
}

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* The seat row of role, or NULL. */
static const json_t *seat_row(const json_t *row, const char *role)
{
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(row, "seats"), i,
	                   seat) if (strcmp(str(seat, "role"), role) == 0) return seat;
	return NULL;
}

bool lobby_row_visible(const json_t *row, int64_t user_id, const char *invite)
{
	const char *vis = str(row, "visibility");
	if (!vis || strcmp(vis, "private") != 0)
		return true;
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(row, "seats"), i, seat)
	{
		if (user_id > 0 && json_integer_value(json_object_get(seat, "user_id")) == user_id)
			return true;
	}
	/* Compared in constant time: the code is the match's only key. */
	const char *code = str(row, "invite_code");
	return invite && code && strlen(invite) == strlen(code) &&
	       CRYPTO_memcmp(invite, code, strlen(code)) == 0;
}

json_t *lobby_match_info(struct tg_server *srv, const json_t *row, int64_t user_id)
{
	int64_t id = json_integer_value(json_object_get(row, "id"));
	const struct game_module *mod = tg_game_find(srv->games, str(row, "game"));
	/* what it reads (st, seq, the clock) is the loop's even while a
	 * worker brings the views up to date: no need to wait (fanout.c), but
	 * for a summary line the last act left unmade (match_summary waits) */
	struct tg_match *live = match_peek(srv, id);
	const char *status = str(row, "status");
	bool finished = status && strcmp(status, "finished") == 0;
	json_t *seats = json_array(), *awaiting = json_array();
	const char *your_role = NULL;
	for (int r = 0; mod && mod->roles[r]; r++) {
		const json_t *seat = seat_row(row, mod->roles[r]);
		char text[TG_SEAT_TEXT_MAX];
		json_array_append_new(
		    seats,
		    json_pack(
		        "{s:s,s:s,s:o,s:o}", "role", mod->roles[r], "text",
		        tg_game_seat_text(mod, live ? live->g : NULL, r, text, sizeof text), "user",
		        seat ? json_deep_copy(json_object_get(seat, "user_name")) : json_null(),
		        "rating",
		        seat ? ratings_seat_rating(
		                   srv, json_integer_value(json_object_get(seat, "user_id")),
		                   str(row, "game"))
		             : json_null()));
		if (seat && json_integer_value(json_object_get(seat, "user_id")) == user_id &&
		    user_id > 0)
			your_role = mod->roles[r];
		if (live && live->g && strcmp(status, "active") == 0 &&
		    (live->st.awaiting & (1u << r)))
			json_array_append_new(awaiting, json_string(mod->roles[r]));
	}
	bool your_turn = false;
	size_t i;
	json_t *a;
	json_array_foreach(awaiting, i,
	                   a) if (your_role && strcmp(json_string_value(a), your_role) == 0)
	    your_turn = true;
	/* held by its rules version: nothing moves until the operator settles it */
	bool held = match_rules_row_held(mod, row);
	const char *summary;
	struct game_status scratch; /* the live match's line, made here */
	if (held)
		summary = "Held: this server's rules for the game changed; waiting for its "
		          "operator";
	else if (strcmp(status, "open") == 0)
		summary = "Waiting for players";
	else if (strcmp(status, "aborted") == 0)
		summary = "Abandoned before it started";
	else if (finished && str(json_object_get(row, "result"), "summary"))
		summary = str(json_object_get(row, "result"), "summary");
	else
		summary = live && live->g ? match_summary(srv, live, &scratch) : "";
	json_t *info = json_pack(
	    "{s:s,s:I,s:s,s:s,s:O,s:s,s:s,s:b,s:o,s:o,s:s,s:I,s:I,s:s}", "op", "match", "match",
	    (json_int_t)id, "game", str(row, "game"), "scenario", str(row, "scenario"), "options",
	    json_object_get(row, "options"), "status", status, "visibility", str(row, "visibility"),
	    "spectators", json_is_true(json_object_get(row, "spectators")), "seats", seats,
	    "awaiting", awaiting, "summary", summary, "seq",
	    (json_int_t)(live ? live->seq : json_integer_value(json_object_get(row, "seq"))),
	    "created", (json_int_t)json_integer_value(json_object_get(row, "created")),
	    "commitment", str(row, "commitment"));
	if (your_role) {
		json_object_set_new(info, "your_role", json_string(your_role));
		json_object_set_new(info, "your_turn", json_boolean(your_turn));
		if (str(row, "invite_code"))
			json_object_set_new(info, "invite", json_string(str(row, "invite_code")));
	}
	json_object_set_new(info, "rules_held", json_boolean(held));
	json_object_set_new(info, "rated",
	                    json_boolean(json_is_true(json_object_get(row, "rated"))));
	json_t *tc = json_object_get(row, "time_control");
	json_object_set_new(info, "time_control", tc ? json_deep_copy(tc) : json_null());
	json_object_set_new(info, "clock", live ? clock_view(live) : json_null());
	/* The time of the latest action: the row's "updated" follows seats and
	 * actions, and no seat changes once play has begun. */
	int64_t seq = json_integer_value(json_object_get(info, "seq"));
	json_object_set_new(info, "last_move",
	                    seq > 0
	                        ? json_integer(json_integer_value(json_object_get(row, "updated")))
	                        : json_null());
	json_t *result = json_object_get(row, "result");
	json_object_set_new(info, "result",
	                    finished && result ? json_deep_copy(result) : json_null());
	/* The secret and the seed are revealed only once the match is over. */
	json_object_set_new(info, "secret",
	                    finished ? json_string(str(row, "secret")) : json_null());
	json_object_set_new(info, "seed",
	                    finished && str(row, "seed") ? json_string(str(row, "seed"))
	                                                 : json_null());
	return info;
}

/* Open + active matches of a user. */
static int count_live(struct tg_server *srv, int64_t user_id, struct tg_error *err)
{
	json_t *list = tg_store_match_list_user(srv->store, user_id, 100000, err);
	if (!list)
		return -1;
	int n = 0;
	size_t i;
	json_t *row;
	json_array_foreach(list, i, row)
	{
		const char *st = str(row, "status");
		if (strcmp(st, "open") == 0 || strcmp(st, "active") == 0)
			n++;
	}
	json_decref(list);
	return n;
}

/* The request's entropy (validated), or fresh server bytes. */
static int take_entropy(struct tg_session *s, const json_t *req, char out[2 * 64 + 1],
                        bool *from_server)
{
	json_t *e = json_object_get(req, "entropy");
	if (e && !json_is_null(e)) {
		if (!tg_seed_entropy_valid(json_string_value(e))) {
			srv_error(s, req, "malformed_request",
			          "\"entropy\" is 2 to 128 hex digits (an even count).");
			return -1;
		}
		snprintf(out, 129, "%s", json_string_value(e));
		*from_server = false;
		return 0;
	}
	uint8_t b[32];
	if (tg_random_bytes(b, sizeof b) != 0) {
		srv_error(s, req, "internal", "The random generator failed.");
		return -1;
	}
	tg_hex_encode(b, sizeof b, out);
	*from_server = true;
	return 0;
}

/* Picks the role for side ("random" or absent: a free one at random). */
static int pick_side(struct tg_session *s, const json_t *req, const struct game_module *mod,
                     const json_t *row)
{
	const char *side = str(req, "side");
	if (json_object_get(req, "side") && !side) {
		srv_error(s, req, "malformed_request", "\"side\" is a role name or \"random\".");
		return -1;
	}
	if (side && strcmp(side, "random") != 0) {
		int r = tg_game_role_index(mod, side);
		if (r < 0) {
			srv_error(s, req, "malformed_request", "%s has no side \"%s\".", mod->title,
			          side);
			return -1;
		}
		if (row && seat_row(row, side)) {
			srv_error(s, req, "seat_taken", "The %s side is taken.", side);
			return -1;
		}
		return r;
	}
	int free_roles[TG_ROLE_MAX], n = 0;
	for (int r = 0; mod->roles[r] && n < TG_ROLE_MAX; r++)
		if (!row || !seat_row(row, mod->roles[r]))
			free_roles[n++] = r;
	if (n == 0) {
		srv_error(s, req, "match_full", "Every seat of this match is taken.");
		return -1;
	}
	int pick = tg_random_below((uint32_t)n);
	if (pick < 0) {
		srv_error(s, req, "internal", "The random generator failed.");
		return -1;
	}
	return free_roles[pick];
}

static bool under_match_limit(struct tg_session *s, const json_t *req)
{
	struct tg_error err = {0};
	int n = count_live(s->srv, s->user_id, &err);
	if (n < 0) {
		srv_error_err(s, req, &err);
		return false;
	}
	if ((unsigned)n >= s->srv->cfg.max_matches_per_user) {
		srv_error(
		    s, req, "too_many_matches",
		    "You are in %d open or active matches, the most allowed; finish some first.",
		    n);
		return false;
	}
	return true;
}

/* Matches made per user and hour, aborted ones too: leaving a match at once
 * frees its place under max_matches_per_user, but its rows stay. */
static bool under_creation_budget(struct tg_session *s, const json_t *req)
{
	char key[TG_RATELIMIT_KEY];
	snprintf(key, sizeof key, "user:%lld", (long long)s->user_id);
	int64_t now = srv_now();
	int64_t wait = tg_ratelimit_wait(&s->srv->create_user, key, now);
	if (wait > 0) {
		char msg[160];
		snprintf(
		    msg, sizeof msg,
		    "You made %u matches in the last hour, the most allowed; try again in %lld "
		    "seconds.",
		    s->srv->cfg.matches_created_per_user, (long long)wait);
		srv_rate_limited(s, req, wait, msg);
		return false;
	}
	tg_ratelimit_fail(&s->srv->create_user, key, now);
	return true;
}

void op_create(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const char *game = str(req, "game"), *scenario = str(req, "scenario");
	const json_t *options = json_object_get(req, "options");
	if (!game || !scenario || (options && !json_is_object(options) && !json_is_null(options))) {
		srv_error(
		    s, req, "malformed_request",
		    "create needs \"game\" and \"scenario\" strings (and \"options\" an object).");
		return;
	}
	const struct game_module *mod = tg_game_find(srv->games, game);
	if (!mod) {
		srv_error(s, req, "no_such_game", "This server offers no game \"%s\".", game);
		return;
	}
	const char *vis = str(req, "visibility");
	json_t *spect = json_object_get(req, "spectators"), *rated = json_object_get(req, "rated");
	if ((json_object_get(req, "visibility") &&
	     (!vis || (strcmp(vis, "public") != 0 && strcmp(vis, "private") != 0))) ||
	    (spect && !json_is_boolean(spect)) || (rated && !json_is_boolean(rated))) {
		srv_error(s, req, "malformed_request",
		          "\"visibility\" is \"public\" or \"private\"; \"spectators\" and "
		          "\"rated\" booleans.");
		return;
	}
	bool private = vis && strcmp(vis, "private") == 0;
	struct tg_time_control tc;
	char tc_err[160];
	if (tg_tc_parse(json_object_get(req, "time_control"), &tc, tc_err, sizeof tc_err) != 0) {
		tc_err[0] = (char)toupper((unsigned char)tc_err[0]);
		srv_error(s, req, "bad_time_control", "%s.", tc_err);
		return;
	}
	/* Setting up once with a throw-away seed validates scenario and options.
	 * This is the first of a match's two set-ups and cannot be its real one:
	 * the match's seed is derived when the last seat is taken, from the
	 * creator's secret and every player's entropy (match.c, commit-reveal),
	 * so the game is set up again then. game.h has no cheaper check of a
	 * scenario and options than set-up itself (BENCHMARKS, session 13: about
	 * 8 M instructions for Lincoln's War, one action's views). */
	struct tg_error err = {0};
	uint8_t zero[TG_SEED_BYTES] = {0};
	json_t *opts = options && json_is_object(options) ? json_deep_copy(options) : json_object();
	struct game *probe = mod->setup(zero, scenario, opts, &err);
	if (!probe) {
		json_decref(opts);
		srv_error_err(s, req, &err);
		return;
	}
	mod->free(probe);
	int role = pick_side(s, req, mod, NULL);
	char entropy[129];
	bool server_entropy;
	if (role < 0 || take_entropy(s, req, entropy, &server_entropy) != 0 ||
	    !under_match_limit(s, req) || !under_creation_budget(s, req)) {
		json_decref(opts);
		return;
	}
	char secret[65], commitment[65], invite[TG_INVITE_LEN + 1];
	if (tg_seed_new_secret(secret, commitment) != 0 ||
	    (private && tg_invite_code(invite) != 0)) {
		json_decref(opts);
		srv_error(s, req, "internal", "The random generator failed.");
		return;
	}
	json_t *m =
	    json_pack("{s:s,s:s,s:o,s:s,s:o,s:b,s:I,s:s,s:s,s:I,s:I}", "game", game, "scenario",
	              scenario, "options", opts, "visibility", private ? "private" : "public",
	              "invite_code", private ? json_string(invite) : json_null(), "spectators",
	              spect ? json_is_true(spect) : 1, "creator", (json_int_t)s->user_id, "secret",
	              secret, "commitment", commitment, "created", (json_int_t)srv_now(),
	              "rules_version", (json_int_t)mod->rules_version);
	json_t *tc_json = tg_tc_json(&tc);
	if (tc_json)
		json_object_set_new(m, "time_control", tc_json);
	int64_t id = 0;
	struct tg_match *live = NULL;
	if (srv_tx(srv, &err) != 0 || tg_store_match_create(srv->store, m, &id, &err) != 0 ||
	    (json_is_false(rated) && tg_store_match_set_rated(srv->store, id, false, &err) != 0) ||
	    tg_store_seat_add(srv->store, id, mod->roles[role], s->user_id, entropy, srv_now(),
	                      &err) != 0 ||
	    !(live = match_get(srv, id, &err))) {
		json_decref(m);
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	json_decref(m);
	match_touch(srv, live);
	/* The seat is taken either way; the reply says whether this connection
	 * follows the match (it may already follow TG_SESSION_SUBS_MAX). */
	bool following = views_subscribe(s, live, role) == 0;
	TG_INFO(s->id, id, "created by user %lld as %s", (long long)s->user_id, mod->roles[role]);
	json_t *ok = json_pack("{s:I,s:s,s:s,s:s,s:b}", "match", (json_int_t)id, "role",
	                       mod->roles[role], "commitment", commitment, "entropy_source",
	                       server_entropy ? "server" : "player", "following", following);
	if (private)
		json_object_set_new(ok, "invite", json_string(invite));
	srv_ok(s, req, ok);
}

void op_list(struct tg_session *s, const json_t *req)
{
	/* open: to join; mine: where I sit; live and finished: to watch and to
	 * export, so that a spectator finds them (issue 15) */
	static const char *const kinds[] = {"open", "mine", "live", "finished", NULL};
	const char *which = str(req, "which");
	int k = 0;
	while (which && kinds[k] && strcmp(which, kinds[k]) != 0)
		k++;
	if (!which || !kinds[k]) {
		srv_error(s, req, "malformed_request",
		          "\"which\" is \"open\", \"mine\", \"live\" or \"finished\".");
		return;
	}
	struct tg_error err = {0};
	struct tg_store *st = s->srv->store;
	json_t *rows = k == 0   ? tg_store_match_list_open(st, TG_LIST_LIMIT, &err)
	               : k == 1 ? tg_store_match_list_user(st, s->user_id, TG_LIST_LIMIT, &err)
	               : k == 2 ? tg_store_match_list_live(st, TG_LIST_LIMIT, &err)
	                        : tg_store_match_list_finished(st, TG_LIST_LIMIT, &err);
	if (!rows) {
		srv_error_err(s, req, &err);
		return;
	}
	json_t *out = json_array();
	size_t i;
	json_t *row;
	json_array_foreach(rows, i, row)
	    json_array_append_new(out, lobby_match_info(s->srv, row, s->user_id));
	json_decref(rows);
	srv_ok(s, req, json_pack("{s:s,s:o}", "which", which, "matches", out));
}

void op_join(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_error err = {0};
	int64_t id;
	const char *invite = str(req, "invite");
	if (invite) {
		id = tg_store_match_by_invite(srv->store, invite, &err);
		if (id < 0) {
			srv_error(s, req,
			          strcmp(err.code, "storage") == 0 ? "storage" : "no_such_match",
			          "No match has the invite code \"%s\".", invite);
			return;
		}
		/* With an id too, the code must be that match's. */
		json_t *mid = json_object_get(req, "match");
		if (mid && (!json_is_integer(mid) || json_integer_value(mid) != id)) {
			srv_error(s, req, "no_such_match", "No match has the invite code \"%s\".",
			          invite);
			return;
		}
	} else if ((id = req_match_id(s, req)) < 0) {
		return;
	}
	/* no_such_match for a private match the user may not reach (no seat, no
	 * code), as for an id no match has. */
	struct tg_match *m = req_match_by_id(s, req, id);
	if (m)
		lobby_seat(s, req, m, false);
}

void lobby_seat(struct tg_session *s, const json_t *req, struct tg_match *m, bool invited)
{
	struct tg_server *srv = s->srv;
	struct tg_error err = {0};
	int64_t id = m->id;
	if (strcmp(match_status(m), "open") != 0) {
		/* A match leaves "open" when its last seat is filled (it starts):
		 * then every seat is taken. Only an aborted one has seats free. */
		bool full = json_array_size(json_object_get(m->row, "seats")) >= (size_t)m->nroles;
		if (full)
			srv_error(s, req, "match_full", "Every seat of match %lld is taken.",
			          (long long)id);
		else
			srv_error(s, req, "match_not_active",
			          "Match %lld is %s: it takes no new players.", (long long)id,
			          match_status(m));
		return;
	}
	if (match_seat_of(m, s->user_id) >= 0) {
		srv_error(s, req, "already_seated", "You already sit in match %lld.",
		          (long long)id);
		return;
	}
	size_t si;
	json_t *seat;
	json_array_foreach(json_object_get(m->row, "seats"), si, seat)
	{
		if (blocks_either(srv, s->user_id,
		                  json_integer_value(json_object_get(seat, "user_id")))) {
			srv_error(s, req, "blocked", "You cannot join match %lld.", (long long)id);
			return;
		}
	}
	int role = pick_side(s, req, m->mod, m->row);
	char entropy[129];
	bool server_entropy;
	if (role < 0 || take_entropy(s, req, entropy, &server_entropy) != 0 ||
	    !under_match_limit(s, req))
		return;
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_seat_add(srv->store, id, m->mod->roles[role], s->user_id, entropy, srv_now(),
	                      &err) != 0 ||
	    (invited && tg_store_invite_answer(srv->store, id, s->user_id, "accepted", srv_now(),
	                                       &err) != 0)) {
		if (strcmp(err.code, "seat_taken") != 0)
			srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	match_touch(srv, m);
	if (match_refresh(m, srv, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	bool following = views_subscribe(s, m, role) == 0; /* as in op_create */
	TG_INFO(s->id, id, "user %lld joined as %s", (long long)s->user_id, m->mod->roles[role]);
	srv_ok(s, req,
	       json_pack("{s:I,s:s,s:s,s:s,s:b}", "match", (json_int_t)id, "game", m->mod->id,
	                 "role", m->mod->roles[role], "entropy_source",
	                 server_entropy ? "server" : "player", "following", following));
	if (match_start_if_full(srv, m, &err) != 0) {
		srv_tx_fail(srv);
		TG_ERROR(s->id, id, "could not start: %s", err.message);
		return;
	}
	if (strcmp(match_status(m), "open") == 0)
		views_push_match(srv, m); /* match_start_if_full pushed it when it started */
}

void op_leave(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_match *m = req_match(s, req);
	if (!m)
		return;
	if (match_seat_of(m, s->user_id) < 0) {
		srv_error(s, req, "not_a_participant", "You do not sit in match %lld.",
		          (long long)m->id);
		return;
	}
	if (strcmp(match_status(m), "open") != 0) {
		srv_error(s, req, "match_not_active",
		          "Match %lld has started: resign instead of leaving.", (long long)m->id);
		return;
	}
	struct tg_error err = {0};
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_seat_remove(srv->store, m->id, s->user_id, &err) != 0 ||
	    match_refresh(m, srv, &err) != 0 ||
	    (json_array_size(json_object_get(m->row, "seats")) == 0 &&
	     (tg_store_match_set_status(srv->store, m->id, "aborted", NULL, NULL, &err) != 0 ||
	      match_refresh(m, srv, &err) != 0))) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	match_touch(srv, m);
	TG_INFO(s->id, m->id, "user %lld left", (long long)s->user_id);
	srv_ok(s, req, json_pack("{s:I}", "match", (json_int_t)m->id));
	views_unsubscribe(s, m);
	views_push_match(srv, m);
}
