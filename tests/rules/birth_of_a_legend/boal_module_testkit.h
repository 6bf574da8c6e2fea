/* boal_module_testkit.h — what the module-level Birth of a Legend tests
 * share: a match made through game.h, its actions by type, and views as
 * the bytes the daemon would send. */
#ifndef BOAL_MODULE_TESTKIT_H
#define BOAL_MODULE_TESTKIT_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boal_module.h"
#include "tap.h"

#define BM (&birth_of_a_legend_module)

static inline struct game *bm_new(uint8_t seed0, const char *options_json)
{
	uint8_t seed[TG_SEED_BYTES] = {seed0, 21};
	struct tg_error err = {{0}, {0}};
	json_t *o = options_json ? json_loads(options_json, 0, NULL) : NULL;
	struct game *g = BM->setup(seed, "seven-days", o, &err);
	json_decref(o);
	if (!g) {
		fprintf(stderr, "setup: %s\n", err.message);
		exit(1);
	}
	return g;
}

static inline char *bm_view_text(const struct game *g, const char *role)
{
	json_t *v = BM->view(g, role);
	char *t = json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII);
	json_decref(v);
	return t;
}

/* The first legal action of role whose "type" is type (and, if key is not
 * NULL, whose member key is the integer or boolean val); NULL if none. */
static inline json_t *bm_find(const struct game *g, const char *role, const char *type,
                              const char *key, long val)
{
	json_t *v = BM->view(g, role);
	json_t *acts = json_object_get(v, "actions"), *e, *found = NULL;
	size_t i;
	json_array_foreach(acts, i, e)
	{
		json_t *a = json_object_get(e, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), type) != 0)
			continue;
		if (key) {
			json_t *m = json_object_get(a, key);
			long x = json_is_boolean(m) ? json_is_true(m) : (long)json_integer_value(m);
			if (!m || x != val)
				continue;
		}
		found = json_deep_copy(a);
		break;
	}
	json_decref(v);
	return found;
}

/* role sends a; the test fails loudly when it is refused */
static inline void bm_do(struct game *g, const char *role, json_t *a)
{
	struct tg_error err = {{0}, {0}};
	if (!a) {
		fprintf(stderr, "no such action offered to %s\n", role);
		exit(1);
	}
	if (BM->act(g, role, a, NULL, &err) != 0) {
		char *t = json_dumps(a, JSON_COMPACT);
		fprintf(stderr, "%s refused %s: %s\n", role, t, err.message);
		free(t);
		exit(1);
	}
	json_decref(a);
}

/* Two states are the same: every byte but the generator's cache of its
 * current keystream block (kit/rng.h: its whole state is the seed and the
 * bytes consumed), so that a field a save leaves out shows. */
static inline bool bm_same_state(const struct boal_state *a, const struct boal_state *b)
{
	size_t rng_end = offsetof(struct boal_state, rng) + sizeof a->rng;
	return a->version == b->version && memcmp(a->rng.key, b->rng.key, sizeof a->rng.key) == 0 &&
	       a->rng.consumed == b->rng.consumed &&
	       memcmp((const char *)a + rng_end, (const char *)b + rng_end, sizeof *a - rng_end) ==
	           0;
}

static inline const char *bm_awaited(const struct game *g)
{
	struct game_status st;
	BM->status(g, &st);
	return st.awaiting == 1u ? "union" : st.awaiting == 2u ? "confederate" : NULL;
}

#endif
