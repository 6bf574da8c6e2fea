/* tourney_elim.c — a single elimination in the daemon (issue 20): the
 * seeding at the start, each round's pairings from the bracket
 * (server/tourney/elimination.c) and the winners of the round before, who
 * goes through from a game, and the final ranking.
 *
 * Choices (server/tourney/README.md, "Single elimination"):
 * - Seeds: the Glicko-2 rating in the game at the start (1500 for a
 *   newcomer), best first; equal ratings by registration. Seeds are stored,
 *   so that ratings changed by the event's own games change nothing.
 * - A bracket of the next power of two: the top seeds get the byes.
 * - A drawn game (where the game can end drawn, or entered so by the
 *   director) sends the better seed through: a replay would hold the whole
 *   bracket for a correspondence game of unknown length. A game lost on time
 *   is a loss like any other, so it needs no tiebreak.
 * - Sides: whoever has had side 0 more often in the event gets side 1; if
 *   equal, whoever played side 0 last gets side 1; if still equal, the
 *   better seed gets side 0.
 * - Ranking: by rounds won (a bye counts as one); players out in the same
 *   round share a rank. */
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"
#include "tourney/elimination.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

int tourney_elim_rounds(int n)
{
	int rounds = 0;
	for (int size = tg_elim_size(n); size > 1; size /= 2)
		rounds++;
	return rounds;
}

struct seeding {
	int64_t user_id;
	double rating;
	json_int_t seq;
};

static int by_seed(const void *a, const void *b)
{
	const struct seeding *x = a, *y = b;
	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

int tourney_elim_seed(struct tg_server *srv, const json_t *t, struct tg_error *err)
{
	const json_t *players = json_object_get(t, "players");
	size_t n = json_array_size(players);
	struct seeding *s = calloc(n ? n : 1, sizeof *s);
	if (!s)
		return tg_fail(err, "internal", "out of memory seeding");
	size_t k = 0, i;
	json_t *p;
	int rc = 0;
	json_array_foreach(players, i, p)
	{
		if (json_is_true(json_object_get(p, "withdrawn")))
			continue;
		struct tg_store_rating r;
		if (tg_store_rating_get(srv->store, num(p, "user_id"), str(t, "game"), &r, err) !=
		    0) {
			rc = -1;
			break;
		}
		s[k++] = (struct seeding){num(p, "user_id"), r.games >= 0 ? r.rating : 1500,
		                          num(p, "seq")};
	}
	if (rc == 0)
		qsort(s, k, sizeof *s, by_seed);
	for (size_t j = 0; rc == 0 && j < k; j++)
		rc = tg_store_tourney_player_seed(srv->store, num(t, "id"), s[j].user_id,
		                                  (int)j + 1, err);
	free(s);
	return rc;
}

/* Index in players of the user with this id, or of this seed; -1. */
static int index_of(const json_t *players, const char *key, json_int_t value)
{
	size_t i;
	json_t *p;
	json_array_foreach(players, i, p) if (json_is_integer(json_object_get(p, key)) &&
	                                      num(p, key) == value) return (int)i;
	return -1;
}

static json_int_t seed_of(const json_t *players, json_int_t user_id)
{
	int k = index_of(players, "user_id", user_id);
	const json_t *s =
	    k < 0 ? NULL : json_object_get(json_array_get(players, (size_t)k), "seed");
	return json_is_integer(s) ? json_integer_value(s) : 1 << 30;
}

json_int_t tourney_elim_winner(const json_t *t, const json_t *g)
{
	const char *r = str(g, "result");
	json_int_t a = num(g, "side0");
	const json_t *b = json_object_get(g, "side1");
	if (!r)
		return 0;
	if (!json_is_integer(b) || strcmp(r, "bye") == 0 || strcmp(r, "1-0") == 0 ||
	    strcmp(r, "+-") == 0)
		return a;
	if (strcmp(r, "0-1") == 0 || strcmp(r, "-+") == 0)
		return json_integer_value(b);
	/* A draw: the better seed goes through. */
	const json_t *players = json_object_get(t, "players");
	return seed_of(players, a) <= seed_of(players, json_integer_value(b))
	           ? a
	           : json_integer_value(b);
}

/* The game of round `round` on `board`, or NULL. */
static const json_t *game_at(const json_t *t, int round, int board)
{
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i,
	                   g) if (num(g, "round") == round && num(g, "board") == board) return g;
	return NULL;
}

/* Side 0 of user u so far, and whether u played side 0 last (-1 none). */
static void sides_of(const json_t *t, json_int_t u, int *had0, int *had1, int *last)
{
	*had0 = *had1 = 0;
	*last = -1;
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (json_is_null(json_object_get(g, "match")))
			continue; /* a bye or a forfeit without a match: no side played */
		if (num(g, "side0") == u)
			(*had0)++, *last = 0;
		else if (num(g, "side1") == u)
			(*had1)++, *last = 1;
	}
}

/* Orders a pairing of player indices x (the better seed) and y by the
 * side rule above. */
static struct tg_pair sides(const json_t *t, int x, int y)
{
	const json_t *players = json_object_get(t, "players");
	json_int_t ux = num(json_array_get(players, (size_t)x), "user_id"),
	           uy = num(json_array_get(players, (size_t)y), "user_id");
	int x0, x1, xl, y0, y1, yl;
	sides_of(t, ux, &x0, &x1, &xl);
	sides_of(t, uy, &y0, &y1, &yl);
	int xs = x0 - x1, ys = y0 - y1; /* side 0 surplus */
	bool x_gets_1 = xs != ys ? xs > ys : xl != yl ? xl == 0 : false;
	return x_gets_1 ? (struct tg_pair){y, x} : (struct tg_pair){x, y};
}

int tourney_elim_pairs(const json_t *t, int round, int offset, struct tg_pair *out, int *boards)
{
	const json_t *players = json_object_get(t, "players");
	int nseeded = 0;
	size_t i;
	json_t *p;
	json_array_foreach(players, i, p) nseeded += json_is_integer(json_object_get(p, "seed"));
	int size = tg_elim_size(nseeded), npairs = 0;
	int *slots = calloc((size_t)size, sizeof *slots);
	if (!slots || tg_elim_bracket(nseeded, slots) < 0) {
		free(slots);
		return -1;
	}
	int nboards = size >> (round - offset);
	for (int b = 1; b <= nboards; b++) {
		int x, y; /* player indices, x the better seed; -1: nobody */
		if (round - offset == 1) {
			x = index_of(players, "seed", slots[2 * b - 2] + 1);
			y = index_of(players, "seed", slots[2 * b - 1] + 1);
		} else {
			const json_t *g0 = game_at(t, round - 1, 2 * b - 1),
			             *g1 = game_at(t, round - 1, 2 * b);
			json_int_t w0 = g0 ? tourney_elim_winner(t, g0) : 0,
			           w1 = g1 ? tourney_elim_winner(t, g1) : 0;
			x = w0 ? index_of(players, "user_id", w0) : -1;
			y = w1 ? index_of(players, "user_id", w1) : -1;
		}
		if (x < 0 && y < 0)
			continue; /* both places empty: nobody goes through */
		if (x < 0 || (y >= 0 && num(json_array_get(players, (size_t)y), "seed") <
		                            num(json_array_get(players, (size_t)x), "seed"))) {
			int swap = x;
			x = y;
			y = swap;
		}
		out[npairs] = y < 0 ? (struct tg_pair){x, -1} : sides(t, x, y);
		boards[npairs++] = b;
	}
	free(slots);
	return npairs;
}

/* A result as side0's points (bye 1); -1 while played. */
static double points0(const char *r)
{
	if (!r)
		return -1;
	if (strcmp(r, "1-0") == 0 || strcmp(r, "+-") == 0 || strcmp(r, "bye") == 0)
		return 1;
	if (strcmp(r, "1/2-1/2") == 0)
		return 0.5;
	return 0;
}

struct elim_standing {
	int player;
	double points;
	int won;
	json_int_t seed;
};

static int by_rounds_won(const void *a, const void *b)
{
	const struct elim_standing *x = a, *y = b;
	if (x->won != y->won)
		return y->won - x->won;
	return (x->seed > y->seed) - (x->seed < y->seed);
}

json_t *tourney_elim_standings(const json_t *t)
{
	const json_t *players = json_object_get(t, "players");
	size_t n = json_array_size(players), i;
	struct elim_standing *st = calloc(n ? n : 1, sizeof *st);
	json_t *list = st ? json_array() : NULL;
	for (i = 0; list && i < n; i++) {
		const json_t *s = json_object_get(json_array_get(players, i), "seed");
		st[i] = (struct elim_standing){
		    (int)i, 0, 0, json_is_integer(s) ? json_integer_value(s) : 1 << 30};
	}
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		double p = points0(str(g, "result"));
		if (!list || p < 0)
			continue;
		int a = index_of(players, "user_id", num(g, "side0"));
		const json_t *b1 = json_object_get(g, "side1");
		int b =
		    json_is_integer(b1) ? index_of(players, "user_id", json_integer_value(b1)) : -1;
		json_int_t w = tourney_elim_winner(t, g);
		if (a >= 0) {
			st[a].points += p;
			st[a].won += w == num(g, "side0");
		}
		if (b >= 0) {
			st[b].points += 1 - p;
			st[b].won += w == json_integer_value(b1);
		}
	}
	if (list)
		qsort(st, n, sizeof *st, by_rounds_won);
	for (i = 0; list && i < n; i++) {
		int rank = i > 0 && st[i].won == st[i - 1].won
		               ? (int)json_integer_value(
		                     json_object_get(json_array_get(list, i - 1), "rank"))
		               : (int)i + 1;
		const json_t *p = json_array_get(players, (size_t)st[i].player);
		json_array_append_new(list,
		                      json_pack("{s:i,s:s,s:f,s:{s:i},s:b}", "rank", rank, "user",
		                                str(p, "name"), "points", st[i].points, "tiebreaks",
		                                "rounds_won", st[i].won, "withdrawn",
		                                json_is_true(json_object_get(p, "withdrawn"))));
	}
	free(st);
	return list;
}
