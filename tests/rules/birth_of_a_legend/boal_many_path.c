/* boal_many_path DB MATCH — the actions that lead a live Birth of a Legend
 * match to an Optional or Contested Assault (10.2, 10.3) offered to the
 * Confederates with a "many" param (the other assaulting units), for the
 * tests of the clients' many-param chooser (integration/cli_boal_many,
 * web/boal_many).
 *
 * Random play through the daemon met such an offer about once in 12
 * matches, and the two tests played up to 150 matches (155 s and 259 s in
 * the CI of session 16, and one seed of six found none in 40). Here the
 * match's own seed, scenario and options are read from the daemon's
 * database (read-only; the seed is stored when the match starts), and the
 * module (game.h) plays that match in-process from its start, again and
 * again, by the random player of test_boal_module_playouts (half the time
 * an assault, a move into a Contested area or an answer that keeps units
 * there), until the Confederates alone are awaited and offered such an
 * assault; of the first few paths found the shortest is printed, one line
 * an action: ["role", action]. The test then plays these actions through
 * the real daemon, whose view must offer the assault at the end (the game
 * replays the same from its seed and actions: PROTOCOL.md "Verifiable
 * randomness"). Exit 1 when no path is found. */
#include <jansson.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boal_favour.h"
#include "boal_module.h"
#include "boal_state.h"
#include "kit/rng.h"
#include "offer_fill.h"

#define BM (&birth_of_a_legend_module)
#define TRIES 2000 /* games played from the match's start at most */
#define FOUND 5    /* paths found, of which the shortest is kept */
#define MAX_ACTIONS 5000

/* test_boal_module_playouts' favour(): an assault; the end of an
 * assault's answers; a loss taken without retreat; a unit's move into an
 * area Contested at the impulse's start (where an Optional Assault is made
 * from) */
static bool favour(const void *ctx, const json_t *offer)
{
	const struct boal_state *s = ctx;
	return s->step == BOAL_STEP_IMPULSE &&
	       boal_favour_assaults(s, json_object_get(offer, "action"));
}

/* whether legal holds an assault with a "many" param of some choice */
static bool many_assault(const json_t *legal)
{
	size_t i, k;
	const json_t *e, *p;
	json_array_foreach(legal, i, e)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		if (!t || strcmp(t, "assault") != 0)
			continue;
		json_array_foreach(json_object_get(e, "params"), k,
		                   p) if (json_is_true(json_object_get(p, "many")) &&
		                          json_array_size(json_object_get(p, "choices")) >=
		                              1) return true;
	}
	return false;
}

/* one game from the match's start: the actions up to the offer (a new
 * array), or NULL if the game ended (or stuck) first */
static json_t *try_path(const uint8_t seed[TG_SEED_BYTES], const char *scenario,
                        const json_t *options, int conf, struct tg_rng *r)
{
	struct tg_error err = {{0}, {0}};
	struct game *g = BM->setup(seed, scenario, options, &err);
	if (!g) {
		fprintf(stderr, "boal_many_path: setup: %s\n", err.message);
		exit(2);
	}
	json_t *path = json_array();
	for (int n = 0; n < MAX_ACTIONS; n++) {
		struct game_status st;
		BM->status(g, &st);
		if (st.finished)
			break;
		int seat = st.awaiting == 3u ? (int)tg_rng_below(r, 2) : st.awaiting == 2u ? 1 : 0;
		json_t *legal = boal_legal(&g->s, seat);
		size_t nl = json_array_size(legal);
		if (st.awaiting == 1u << conf && seat == conf && many_assault(legal)) {
			json_decref(legal);
			BM->free(g);
			return path;
		}
		if (!nl) {
			json_decref(legal);
			break;
		}
		/* four times in five among the favoured offers */
		json_t *a = tg_offer_fill(tg_offer_pick(legal, r, favour, &g->s, 4, 5), r, NULL);
		json_decref(legal);
		const char *role = BM->roles[seat];
		if (!a || BM->act(g, role, a, NULL, &err) != 0) {
			fprintf(stderr, "boal_many_path: an offered action refused: %s\n",
			        err.message);
			exit(2);
		}
		json_array_append_new(path, json_pack("[s,o]", role, a));
	}
	json_decref(path);
	BM->free(g);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: boal_many_path DB MATCH\n");
		return 2;
	}
	char uri[4200];
	snprintf(uri, sizeof uri, "file:%s?mode=ro", argv[1]);
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "SELECT seed, scenario, options FROM matches WHERE id = ?1", -1,
	                       &st, NULL) != SQLITE_OK) {
		fprintf(stderr, "boal_many_path: %s\n", sqlite3_errmsg(db));
		return 2;
	}
	sqlite3_bind_int64(st, 1, atoll(argv[2]));
	if (sqlite3_step(st) != SQLITE_ROW || sqlite3_column_type(st, 0) != SQLITE_TEXT) {
		fprintf(stderr, "boal_many_path: match %s not found or not started\n", argv[2]);
		return 2;
	}
	const char *hex = (const char *)sqlite3_column_text(st, 0);
	uint8_t seed[TG_SEED_BYTES] = {0};
	for (int i = 0; i < TG_SEED_BYTES; i++) {
		unsigned b;
		if (sscanf(hex + 2 * i, "%2x", &b) != 1) {
			fprintf(stderr, "boal_many_path: a bad seed %s\n", hex);
			return 2;
		}
		seed[i] = (uint8_t)b;
	}
	char *scenario = strdup((const char *)sqlite3_column_text(st, 1));
	json_t *options = json_loads((const char *)sqlite3_column_text(st, 2), 0, NULL);
	sqlite3_finalize(st);
	sqlite3_close(db);

	int conf = 0;
	while (BM->roles[conf] && strcmp(BM->roles[conf], "confederate") != 0)
		conf++;
	struct tg_rng r;
	uint8_t bseed[TG_SEED_BYTES] = {10, 2, 10, 3};
	tg_rng_init(&r, bseed);
	json_t *best = NULL;
	int found = 0, tries = 0;
	for (; tries < TRIES && found < FOUND; tries++) {
		json_t *p = try_path(seed, scenario, options, conf, &r);
		if (!p)
			continue;
		found++;
		if (!best || json_array_size(p) < json_array_size(best)) {
			json_decref(best);
			best = p;
		} else {
			json_decref(p);
		}
	}
	free(scenario);
	json_decref(options);
	if (!best) {
		fprintf(stderr, "boal_many_path: no offer in %d games from the match's start\n",
		        tries);
		return 1;
	}
	fprintf(stderr, "boal_many_path: %d paths in %d games, the shortest %zu actions\n", found,
	        tries, json_array_size(best));
	size_t i;
	json_t *e;
	json_array_foreach(best, i, e)
	{
		char *t = json_dumps(e, JSON_COMPACT);
		puts(t);
		free(t);
	}
	json_decref(best);
	return 0;
}
