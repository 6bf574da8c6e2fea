/* fuzz_record.c — the match record verifier (server/core/record.c), which
 * `telegraph verify FILE` runs on a record anyone may hand over: the point
 * of a record is that a stranger's copy can be checked, so it is untrusted.
 *
 * The input is a record (JSON) of the fixture game (tests/fixture, fast to
 * replay; the verifier knows no game but through game.h). It is verified
 * as it is, and once more "repaired": with the commitment and the seed
 * recomputed from its secret and entropies (when they are hex), so that
 * mutated records get past the hash checks into the replay of the actions,
 * the undo marks and the result.
 *
 * Properties (abort on violation): tg_record_verify answers 0 or -1; a
 * refusal has a code and a sentence; an accepted record gives a report with
 * its members typed as record.h says (game, scenario and final strings,
 * actions and undone counts >= 0), and the commitment and seed its secret
 * and entropies give; a second verification gives the same answer, code
 * and report. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/record.h"
#include "core/seed.h"
#include "fixture_game.h"

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static int verify(const json_t *rec, json_t **report, struct tg_error *err)
{
	*report = NULL;
	memset(err, 0, sizeof *err);
	int rc = tg_record_verify(rec, games, report, err);
	if (rc != 0 && rc != -1)
		abort();
	if (!memchr(err->code, '\0', sizeof err->code) ||
	    !memchr(err->message, '\0', sizeof err->message))
		abort();
	if (rc == -1 && (!err->code[0] || !err->message[0]))
		abort(); /* a refusal says what and why */
	if (rc == 0) {
		const json_t *r = *report;
		json_int_t acts = json_integer_value(json_object_get(r, "actions"));
		json_int_t undone = json_integer_value(json_object_get(r, "undone"));
		if (!json_is_object(r) || !json_is_string(json_object_get(r, "game")) ||
		    !json_is_string(json_object_get(r, "scenario")) ||
		    !json_is_integer(json_object_get(r, "actions")) ||
		    !json_is_integer(json_object_get(r, "undone")) || acts < 0 || undone < 0 ||
		    !json_is_string(json_object_get(r, "final")))
			abort();
	}
	return rc;
}

/* Returns the answer of the first verification. */
static int verify_twice(const json_t *rec)
{
	json_t *r1, *r2;
	struct tg_error e1, e2;
	int rc1 = verify(rec, &r1, &e1);
	int rc2 = verify(rec, &r2, &e2);
	if (rc1 != rc2 || strcmp(e1.code, e2.code) || strcmp(e1.message, e2.message) ||
	    (rc1 == 0 && !json_equal(r1, r2)))
		abort(); /* a record verifies the same every time */
	json_decref(r1);
	json_decref(r2);
	return rc1;
}

/* The record with its commitment and seed made to match its secret and its
 * entropies (in the game's role order), or NULL when they are not hex. */
static json_t *repaired(const json_t *rec)
{
	const char *secret = json_string_value(json_object_get(rec, "secret"));
	char commitment[65], seed_hex[65];
	if (!secret || tg_seed_commitment(secret, commitment) != 0)
		return NULL;
	const char *ent[TG_ROLE_MAX];
	size_t n = 0;
	for (; fixture_duel_module.roles[n] && n < TG_ROLE_MAX; n++) {
		ent[n] = NULL;
		size_t i;
		json_t *e;
		json_array_foreach(json_object_get(rec, "entropies"), i, e)
		{
			const char *role = json_string_value(json_object_get(e, "role"));
			if (role && !strcmp(role, fixture_duel_module.roles[n]))
				ent[n] = json_string_value(json_object_get(e, "entropy"));
		}
		if (!ent[n])
			return NULL;
	}
	uint8_t seed[32];
	if (tg_seed_derive(secret, ent, n, seed) != 0)
		return NULL;
	tg_hex_encode(seed, 32, seed_hex);
	json_t *r = json_copy((json_t *)rec);
	json_object_set_new(r, "commitment", json_string(commitment));
	json_object_set_new(r, "seed", json_string(seed_hex));
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_error_t je;
	json_t *rec = json_loadb((const char *)data, size, JSON_DECODE_ANY, &je);
	if (!rec)
		return 0;
	int rc = verify_twice(rec);
	json_t *fixed = json_is_object(rec) ? repaired(rec) : NULL;
	/* A record accepted as it is has the commitment and the seed its secret
	 * and entropies give: the hash checks are not skipped. */
	if (rc == 0 && (!fixed ||
	                !json_equal(json_object_get(fixed, "commitment"),
	                            json_object_get(rec, "commitment")) ||
	                !json_equal(json_object_get(fixed, "seed"), json_object_get(rec, "seed"))))
		abort();
	if (fixed)
		verify_twice(fixed);
	json_decref(fixed);
	json_decref(rec);
	return 0;
}
