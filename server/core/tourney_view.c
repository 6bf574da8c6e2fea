/* tourney_view.c — what a tournament looks like on the wire: the
 * tournament object and its standings, computed from the stored results by
 * server/tourney/standings.c. */
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"
#include "tourney/standings.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

/* Index of user id in t's players, or -1. */
static int player_index(const json_t *players, json_int_t user_id)
{
	size_t i;
	json_t *p;
	json_array_foreach(players, i, p) if (num(p, "user_id") == user_id) return (int)i;
	return -1;
}

/* A stored result as side0's score and whether it was forfeited; -1 for a
 * game still played (or an unknown text). */
static double side0_score(const char *result, bool *forfeit)
{
	*forfeit = false;
	if (!result)
		return -1;
	if (strcmp(result, "1-0") == 0 || strcmp(result, "bye") == 0)
		return 1;
	if (strcmp(result, "0-1") == 0)
		return 0;
	if (strcmp(result, "1/2-1/2") == 0)
		return 0.5;
	*forfeit = true;
	if (strcmp(result, "+-") == 0)
		return 1;
	if (strcmp(result, "-+") == 0)
		return 0;
	return -1;
}

/* The tiebreak order of each format (server/tourney/README.md). */
static const enum tg_tiebreak swiss_order[] = {TG_TB_BUCHHOLZ_CUT1, TG_TB_BUCHHOLZ,
                                               TG_TB_SONNEBORN_BERGER, TG_TB_DIRECT, TG_TB_WINS};
static const enum tg_tiebreak rr_order[] = {TG_TB_DIRECT, TG_TB_SONNEBORN_BERGER, TG_TB_WINS};

json_t *tourney_standings_json(const json_t *t)
{
	if (strcmp(str(t, "format"), "single_elimination") == 0)
		return tourney_elim_standings(t);
	if (strcmp(str(t, "format"), "pools") == 0)
		return tourney_pools_standings(t);
	const json_t *players = json_object_get(t, "players"), *games = json_object_get(t, "games");
	int n = (int)json_array_size(players);
	size_t ng = json_array_size(games);
	struct tg_result *res = calloc(ng ? ng : 1, sizeof *res);
	struct tg_standing *out = calloc(n ? (size_t)n : 1, sizeof *out);
	json_t *list = res && out ? json_array() : NULL;
	int nres = 0;
	size_t i;
	json_t *g;
	json_array_foreach(games, i, g)
	{
		bool forfeit;
		double sc = side0_score(str(g, "result"), &forfeit);
		int a = player_index(players, num(g, "side0"));
		json_t *b = json_object_get(g, "side1");
		if (sc < 0 || a < 0)
			continue;
		res[nres++] = (struct tg_result){
		    a, json_is_null(b) ? -1 : player_index(players, json_integer_value(b)), sc,
		    forfeit};
		if (!json_is_null(b) && res[nres - 1].b < 0)
			nres--; /* a player removed: cannot happen after the start */
	}
	bool swiss = strcmp(str(t, "format"), "swiss") == 0;
	const enum tg_tiebreak *order = swiss ? swiss_order : rr_order;
	int norder = swiss ? 5 : 3;
	if (!list || tg_standings(n, res, nres, order, norder, out) != 0) {
		json_decref(list);
		list = NULL;
	}
	for (int k = 0; list && k < n; k++) {
		const json_t *p = json_array_get(players, (size_t)out[k].player);
		json_t *tb = json_object();
		for (int j = 0; j < norder; j++)
			json_object_set_new(tb, tg_tiebreak_name(order[j]),
			                    json_real(out[k].tb[order[j]]));
		json_array_append_new(
		    list, json_pack("{s:i,s:s,s:f,s:o,s:b}", "rank", out[k].rank, "user",
		                    str(p, "name"), "points", out[k].points, "tiebreaks", tb,
		                    "withdrawn", json_is_true(json_object_get(p, "withdrawn"))));
	}
	free(res);
	free(out);
	return list;
}

static json_t *name_of(const json_t *players, const json_t *user_id)
{
	if (!json_is_integer(user_id))
		return json_null();
	int k = player_index(players, json_integer_value(user_id));
	return k < 0 ? json_null() : json_string(str(json_array_get(players, (size_t)k), "name"));
}

json_t *tourney_info(const json_t *t, int64_t user_id, bool full)
{
	bool director = user_id > 0 && num(t, "director") == user_id;
	json_t *info = json_pack(
	    "{s:I,s:s,s:s,s:s,s:O,s:s,s:I,s:I,s:I,s:b,s:b,s:s,s:s,s:I,s:I}", "tourney",
	    num(t, "id"), "name", str(t, "name"), "game", str(t, "game"), "scenario",
	    str(t, "scenario"), "options", json_object_get(t, "options"), "format",
	    str(t, "format"), "rounds", num(t, "rounds"), "round", num(t, "round"), "max_players",
	    num(t, "max_players"), "invite_only", str(t, "invite_code") != NULL, "rated",
	    json_is_true(json_object_get(t, "rated")), "director", str(t, "director_name"),
	    "status", str(t, "status"), "nplayers", num(t, "nplayers"), "created",
	    num(t, "created"));
	if (!info)
		return NULL;
	json_object_set_new(info, "paused",
	                    json_boolean(json_is_true(json_object_get(t, "paused"))));
	json_t *tc = json_object_get(t, "time_control");
	json_object_set_new(info, "time_control",
	                    json_is_object(tc) ? json_deep_copy(tc) : json_null());
	json_t *start_at = json_object_get(t, "start_at");
	json_object_set_new(info, "start_at",
	                    json_is_integer(start_at) ? json_incref(start_at) : json_null());
	if (num(t, "pools") > 0) {
		json_object_set_new(info, "pools", json_integer(num(t, "pools")));
		json_object_set_new(info, "advance", json_integer(num(t, "advance")));
	}
	if (director && str(t, "invite_code"))
		json_object_set_new(info, "invite", json_string(str(t, "invite_code")));
	if (!full)
		return info;
	const json_t *players = json_object_get(t, "players");
	json_t *pl = json_array(), *games = json_array();
	size_t i;
	json_t *p, *g;
	json_array_foreach(players, i, p)
	    json_array_append_new(pl, json_pack("{s:s,s:b}", "name", str(p, "name"), "withdrawn",
	                                        json_is_true(json_object_get(p, "withdrawn"))));
	json_array_foreach(json_object_get(t, "games"), i, g) json_array_append_new(
	    games,
	    json_pack("{s:I,s:I,s:o,s:o,s:O,s:O}", "round", num(g, "round"), "board",
	              num(g, "board"), "side0", name_of(players, json_object_get(g, "side0")),
	              "side1", name_of(players, json_object_get(g, "side1")), "match",
	              json_object_get(g, "match"), "result", json_object_get(g, "result")));
	json_t *standings = tourney_standings_json(t);
	json_object_set_new(info, "players", pl);
	json_object_set_new(info, "games", games);
	json_object_set_new(info, "standings", standings ? standings : json_array());
	if (num(t, "pools") > 0 && strcmp(str(t, "status"), "registration") != 0) {
		/* Each pool's own round robin standings. */
		json_t *ps = json_array();
		for (json_int_t k = 1; k <= num(t, "pools"); k++) {
			json_t *st = tourney_pool_standings(t, k);
			json_array_append_new(ps, json_pack("{s:I,s:o}", "pool", k, "standings",
			                                    st ? st : json_array()));
		}
		json_object_set_new(info, "pool_standings", ps);
	}
	return info;
}

/* Whether user_id takes part in t: a player (withdrawn or not) or its
 * director. */
static bool concerned(const json_t *t, int64_t user_id)
{
	return num(t, "director") == user_id ||
	       player_index(json_object_get(t, "players"), user_id) >= 0;
}

int tourney_push(struct tg_server *srv, int64_t tourney_id, const char *event, struct tg_error *err)
{
	json_t *t = tg_store_tourney_get(srv->store, tourney_id, err);
	if (!t)
		return -1;
	json_t *games = json_array(), *standings = tourney_standings_json(t);
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (num(g, "round") == num(t, "round"))
			json_array_append_new(
			    games,
			    json_pack(
			        "{s:I,s:I,s:o,s:o,s:O,s:O}", "round", num(g, "round"), "board",
			        num(g, "board"), "side0",
			        name_of(json_object_get(t, "players"), json_object_get(g, "side0")),
			        "side1",
			        name_of(json_object_get(t, "players"), json_object_get(g, "side1")),
			        "match", json_object_get(g, "match"), "result",
			        json_object_get(g, "result")));
	}
	for (struct tg_session *s = srv->live; s; s = s->live_next) {
		if (s->closed || s->user_id <= 0 || !concerned(t, s->user_id))
			continue;
		json_t *msg = tourney_info(t, s->user_id, false);
		json_object_set_new(msg, "op", json_string("tournament"));
		json_object_set_new(msg, "event", json_string(event));
		json_object_set_new(msg, "games", json_deep_copy(games));
		json_object_set_new(msg, "standings",
		                    standings ? json_deep_copy(standings) : json_array());
		srv_send(s, msg, TG_OUT_PUSH, NULL);
	}
	json_decref(games);
	json_decref(standings);
	json_decref(t);
	return 0;
}
