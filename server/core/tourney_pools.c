/* tourney_pools.c — pools then knockout (issue 20: "groups played round
 * robin, the best of each going on to a final stage").
 *
 * Choices (server/tourney/README.md, "Pools"):
 * - At the start the players, ranked by their Glicko-2 rating in the game
 *   (1500 for a newcomer; equal ratings by registration), are dealt into the
 *   pools in a snake (1 2 3 3 2 1 ...), so the pools are as even as the
 *   ratings allow.
 * - The pool stage: each pool a single round robin (the circle method, in
 *   registration order), all pools in the same rounds; it lasts as many
 *   rounds as the largest pool needs.
 * - Each pool's standings are a round robin's (points, direct encounter,
 *   Sonneborn-Berger, wins); the first `advance` players still in go on.
 * - The knockout is a single elimination (tourney_elim.c) seeded by pool
 *   place, then pool number: the pool winners are seeds 1..P, the runners-up
 *   P+1..2P, so a winner meets a runner-up of another pool first.
 * - The ranking: the knockout's players first, by rounds won in it; then the
 *   others by their place in their pool. Equal keys share a rank. */
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"
#include "tourney/roundrobin.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

static json_int_t pool_of(const json_t *p)
{
	const json_t *v = json_object_get(p, "pool");
	return json_is_integer(v) ? json_integer_value(v) : 0;
}

/* The indices of pool k's players, in registration order; returns how many. */
static int members(const json_t *t, json_int_t k, int *out)
{
	int n = 0;
	size_t i;
	json_t *p;
	json_array_foreach(json_object_get(t, "players"), i, p) if (pool_of(p) == k) out[n++] =
	    (int)i;
	return n;
}

int tourney_pools_stage_rounds(const json_t *t)
{
	int n = (int)json_array_size(json_object_get(t, "players")), most = 0;
	int *m = calloc((size_t)n + 1, sizeof *m);
	for (json_int_t k = 1; m && k <= num(t, "pools"); k++) {
		int r = tg_rr_rounds(members(t, k, m), false);
		if (r > most)
			most = r;
	}
	free(m);
	return most;
}

struct rated {
	int64_t user_id;
	double rating;
	json_int_t seq;
};

static int by_rating(const void *a, const void *b)
{
	const struct rated *x = a, *y = b;
	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

int tourney_pools_assign(struct tg_server *srv, const json_t *t, struct tg_error *err)
{
	const json_t *players = json_object_get(t, "players");
	size_t n = json_array_size(players), k = 0, i;
	int pools = (int)num(t, "pools");
	struct rated *r = calloc(n ? n : 1, sizeof *r);
	if (!r || pools < 1) {
		free(r);
		return tg_fail(err, "internal", "out of memory dealing the pools");
	}
	json_t *p;
	int rc = 0;
	json_array_foreach(players, i, p)
	{
		if (json_is_true(json_object_get(p, "withdrawn")))
			continue;
		struct tg_store_rating sr;
		if ((rc = tg_store_rating_get(srv->store, num(p, "user_id"), str(t, "game"), &sr,
		                              err)) != 0)
			break;
		r[k++] = (struct rated){num(p, "user_id"), sr.games >= 0 ? sr.rating : 1500,
		                        num(p, "seq")};
	}
	if (rc == 0)
		qsort(r, k, sizeof *r, by_rating);
	for (size_t j = 0; rc == 0 && j < k; j++) {
		int lap = (int)(j / (size_t)pools), pos = (int)(j % (size_t)pools);
		int pool = lap % 2 == 0 ? pos + 1 : pools - pos;
		rc =
		    tg_store_tourney_player_pool(srv->store, num(t, "id"), r[j].user_id, pool, err);
	}
	free(r);
	return rc;
}

int tourney_pools_pairs(const json_t *t, int round, struct tg_pair *out)
{
	int n = (int)json_array_size(json_object_get(t, "players")), npairs = 0;
	int *m = calloc((size_t)n + 1, sizeof *m);
	struct tg_pair *pp = calloc((size_t)n + 1, sizeof *pp);
	if (!m || !pp) {
		free(m);
		free(pp);
		return -1;
	}
	for (json_int_t k = 1; k <= num(t, "pools"); k++) {
		int size = members(t, k, m);
		if (size < 2 || round - 1 >= tg_rr_rounds(size, false))
			continue;
		int np = tg_rr_round(size, false, round - 1, pp);
		for (int j = 0; j < np; j++)
			out[npairs++] =
			    (struct tg_pair){m[pp[j].side0], pp[j].side1 < 0 ? -1 : m[pp[j].side1]};
	}
	free(m);
	free(pp);
	return npairs;
}

json_t *tourney_pool_standings(const json_t *t, json_int_t k)
{
	/* Pool k as a round robin of its own: its players, and the games of the
	 * pool stage between them. */
	int stage = tourney_pools_stage_rounds(t);
	json_t *sub = json_pack("{s:s,s:[],s:[]}", "format", "round_robin", "players", "games");
	json_t *pl = json_object_get(sub, "players"), *gl = json_object_get(sub, "games");
	size_t i;
	json_t *p, *g;
	json_array_foreach(json_object_get(t, "players"), i, p) if (pool_of(p) == k)
	    json_array_append(pl, p);
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (num(g, "round") > stage)
			continue;
		const json_t *p0 = tourney_player_of(t, num(g, "side0"));
		if (p0 && pool_of(p0) == k)
			json_array_append(gl, g);
	}
	json_t *st = tourney_standings_json(sub);
	json_decref(sub);
	return st;
}

/* Pool place of each player (by index), 0 for none. */
static int *pool_places(const json_t *t)
{
	const json_t *players = json_object_get(t, "players");
	int *place = calloc(json_array_size(players) + 1, sizeof *place);
	for (json_int_t k = 1; place && k <= num(t, "pools"); k++) {
		json_t *st = tourney_pool_standings(t, k);
		size_t i;
		json_t *row;
		json_array_foreach(st, i, row)
		{
			size_t j;
			json_t *p;
			json_array_foreach(players, j,
			                   p) if (strcmp(str(p, "name"), str(row, "user")) == 0)
			    place[j] = (int)i + 1;
		}
		json_decref(st);
	}
	return place;
}

struct qualifier {
	int64_t user_id;
	int place;
	json_int_t pool;
};

static int by_place(const void *a, const void *b)
{
	const struct qualifier *x = a, *y = b;
	if (x->place != y->place)
		return x->place - y->place;
	return (x->pool > y->pool) - (x->pool < y->pool);
}

int tourney_pools_qualify(struct tg_server *srv, const json_t *t, struct tg_error *err)
{
	const json_t *players = json_object_get(t, "players");
	size_t n = json_array_size(players), i;
	int *place = pool_places(t);
	struct qualifier *q = calloc(n + 1, sizeof *q);
	if (!place || !q) {
		free(place);
		free(q);
		return tg_fail(err, "internal", "out of memory qualifying");
	}
	/* The first `advance` of each pool still in: a withdrawn player's place
	 * goes to the next. */
	int nq = 0;
	for (json_int_t k = 1; k <= num(t, "pools"); k++) {
		int taken = 0;
		for (int want = 1; want <= (int)n && taken < num(t, "advance"); want++) {
			json_t *p;
			json_array_foreach(players, i, p)
			{
				if (pool_of(p) != k || place[i] != want ||
				    json_is_true(json_object_get(p, "withdrawn")))
					continue;
				q[nq++] = (struct qualifier){num(p, "user_id"), taken + 1, k};
				taken++;
				break;
			}
		}
	}
	qsort(q, (size_t)nq, sizeof *q, by_place);
	int rc = 0;
	for (int j = 0; rc == 0 && j < nq; j++)
		rc = tg_store_tourney_player_seed(srv->store, num(t, "id"), q[j].user_id, j + 1,
		                                  err);
	free(place);
	free(q);
	return rc;
}

struct overall {
	int player, won, place;
	bool qualified;
	json_int_t seed;
};

static int by_overall(const void *a, const void *b)
{
	const struct overall *x = a, *y = b;
	if (x->qualified != y->qualified)
		return x->qualified ? -1 : 1;
	if (x->won != y->won)
		return y->won - x->won;
	if (x->place != y->place)
		return x->place - y->place;
	return (x->seed > y->seed) - (x->seed < y->seed);
}

static bool same_key(const struct overall *x, const struct overall *y)
{
	return x->qualified == y->qualified && x->won == y->won && x->place == y->place;
}

json_t *tourney_pools_standings(const json_t *t)
{
	const json_t *players = json_object_get(t, "players");
	size_t n = json_array_size(players), i;
	int stage = tourney_pools_stage_rounds(t);
	int *place = pool_places(t);
	struct overall *o = calloc(n + 1, sizeof *o);
	json_t *list = place && o ? json_array() : NULL;
	for (i = 0; list && i < n; i++) {
		const json_t *p = json_array_get(players, i), *s = json_object_get(p, "seed");
		o[i] = (struct overall){(int)i, 0, place[i], json_is_integer(s),
		                        json_is_integer(s) ? json_integer_value(s) : 0};
	}
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (!list || num(g, "round") <= stage)
			continue;
		json_int_t w = tourney_elim_winner(t, g);
		for (size_t j = 0; w && j < n; j++)
			if (num(json_array_get(players, j), "user_id") == w)
				o[j].won++;
	}
	if (list)
		qsort(o, n, sizeof *o, by_overall);
	int rank = 0;
	for (i = 0; list && i < n; i++) {
		if (i == 0 || !same_key(&o[i], &o[i - 1]))
			rank = (int)i + 1;
		const json_t *p = json_array_get(players, (size_t)o[i].player);
		json_array_append_new(
		    list, json_pack("{s:i,s:s,s:I,s:{s:i,s:i},s:b}", "rank", rank, "user",
		                    str(p, "name"), "pool", pool_of(p), "tiebreaks", "rounds_won",
		                    o[i].won, "pool_place", o[i].place, "withdrawn",
		                    json_is_true(json_object_get(p, "withdrawn"))));
	}
	/* Points: as in any format (win 1, draw 1/2, bye 1), over every game. */
	for (i = 0; list && i < json_array_size(list); i++) {
		json_t *row = json_array_get(list, i);
		double pts = 0;
		size_t gi;
		json_array_foreach(json_object_get(t, "games"), gi, g)
		{
			const char *r = str(g, "result");
			const json_t *p0 = tourney_player_of(t, num(g, "side0"));
			const json_t *b = json_object_get(g, "side1");
			const json_t *p1 =
			    json_is_integer(b) ? tourney_player_of(t, json_integer_value(b)) : NULL;
			if (!r)
				continue;
			double s0 = !strcmp(r, "1-0") || !strcmp(r, "+-") || !strcmp(r, "bye") ? 1
			            : !strcmp(r, "1/2-1/2")                                    ? 0.5
			                                                                       : 0;
			if (p0 && !strcmp(str(p0, "name"), str(row, "user")))
				pts += s0;
			else if (p1 && !strcmp(str(p1, "name"), str(row, "user")))
				pts += 1 - s0;
		}
		json_object_set_new(row, "points", json_real(pts));
	}
	free(place);
	free(o);
	return list;
}
