/* fuzz_boal_save.c — Birth of a Legend's save loader (boal_save.c, game.h
 * load()). The daemon keeps every match as this JSON and loads it back at
 * each restart and replay, so a damaged row or a save of another version
 * must be refused with a sentence, never crash.
 *
 * As fuzz_lw_save.c: the input is an edit script applied to a real save.
 * Byte 0 picks a base (a fresh game, a 16.1 bid half written, games driven
 * a fixed number of decisions into the sequence of play, each decision one
 * of the actions offered); then each edit is a path and an
 * operation (set a number, nudge it, null, a string, an empty container,
 * delete, duplicate an element).
 *
 * Properties (abort on violation): load() refuses with a code and a
 * sentence, or accepts; an accepted save reads back exactly and loads
 * again; the state it gives is usable (view() for both seats and the
 * observer, status()). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "boal_module.h"

static const struct game_module *M = &birth_of_a_legend_module;

/* (options, decisions): fresh games of each kind, a bid written, and games
 * into their later turns */
static const struct {
	const char *options;
	int steps;
} base_spec[] = {{NULL, 0},
                 {"{\"bidding\":true}", 1},
                 {"{\"advanced\":true}", 40},
                 {NULL, 120},
                 {"{\"advanced\":true,\"bidding\":true,\"bid_for_union\":true}", 400}};
#define N_BASES (sizeof base_spec / sizeof base_spec[0])
static json_t *bases[N_BASES];

static json_t *make_base(int i)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)(0x61 + i), 0x5b};
	struct tg_error err;
	json_t *o = base_spec[i].options ? json_loads(base_spec[i].options, 0, NULL) : NULL;
	struct game *g = M->setup(key, "seven-days", o, &err);
	json_decref(o);
	if (!g)
		abort();
	for (int step = 0; step < base_spec[i].steps; step++) {
		struct game_status st;
		M->status(g, &st);
		if (st.finished)
			break;
		const char *role = st.awaiting & 1u ? "union" : "confederate";
		json_t *v = M->view(g, role);
		json_t *acts = json_object_get(v, "actions");
		json_t *a = json_deep_copy(json_object_get(
		    json_array_get(acts, (size_t)step % json_array_size(acts)), "action"));
		if (!json_object_get(a, "rp") &&
		    strcmp(json_string_value(json_object_get(a, "type")), "bid") == 0)
			json_object_set_new(a, "rp", json_integer(step % 7));
		json_decref(v);
		M->act(g, role, a, NULL, &err);
		json_decref(a);
	}
	json_t *s = M->save(g);
	M->free(g);
	return s;
}

struct script {
	const uint8_t *p;
	size_t n;
};

static int take(struct script *s)
{
	if (!s->n)
		return -1;
	s->n--;
	return *s->p++;
}

static uint32_t take32(struct script *s)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		int b = take(s);
		v = (v << 8) | (uint32_t)(b < 0 ? 0 : b);
	}
	return v;
}

/* The child of c that byte b picks, with its key or index. */
static json_t *child(json_t *c, int b, const char **key, size_t *index)
{
	size_t n = json_is_object(c) ? json_object_size(c) : json_array_size(c);
	if (!n)
		return NULL;
	size_t want = (size_t)b % n;
	if (json_is_array(c)) {
		*index = want;
		return json_array_get(c, want);
	}
	void *it = json_object_iter(c);
	for (size_t k = 0; k < want && it; k++)
		it = json_object_iter_next(c, it);
	*key = json_object_iter_key(it);
	return json_object_iter_value(it);
}

/* Values that probe range checks: anything, one past either edge, the
 * extremes, small numbers (indexes, counts, enums), four-digit ones (hex
 * numbers), and the wrong types. */
static json_t *replacement(int op, uint32_t v, const json_t *old)
{
	switch (op % 11) {
	case 0:
		return json_integer((json_int_t)(int32_t)v);
	case 1:
	case 2: {
		json_int_t x = json_is_integer(old) ? json_integer_value(old) : 0;
		if (x > INT64_MIN + 1 && x < INT64_MAX - 1)
			x += op % 11 == 1 ? 1 : -1;
		return json_integer(x);
	}
	case 3:
		return json_integer(v & 1 ? INT64_MAX : INT64_MIN);
	case 4:
		return json_integer((json_int_t)(v % 40) - 4);
	case 5:
		return json_integer((json_int_t)(v % 10000));
	case 6:
		return json_null();
	case 7:
		return json_string(v & 1 ? "" : "x");
	case 8:
		return json_array();
	case 9:
		return json_object();
	default:
		return json_real(0.5);
	}
}

/* One edit; false when the script is spent. */
static bool edit(json_t *root, struct script *s)
{
	int depth = take(s);
	if (depth < 0)
		return false;
	depth = 1 + depth % 8;
	json_t *parent = NULL, *node = root;
	const char *key = NULL;
	size_t index = 0;
	for (int d = 0; d < depth && (json_is_object(node) || json_is_array(node)); d++) {
		int b = take(s);
		if (b < 0)
			return false;
		const char *k = NULL;
		size_t i = 0;
		json_t *c = child(node, b, &k, &i);
		if (!c)
			break;
		parent = node;
		node = c;
		key = k;
		index = i;
	}
	int op = take(s);
	uint32_t v = take32(s);
	if (op < 0 || !parent)
		return op >= 0;
	int kind = op % 13; /* 0-10 a new value, 11 duplicate, 12 delete */
	if (json_is_object(parent)) {
		if (kind == 12)
			json_object_del(parent, key);
		else
			json_object_set_new(parent, key, replacement(kind, v, node));
	} else if (kind == 12) {
		json_array_remove(parent, index);
	} else if (kind == 11) {
		json_array_append_new(parent, json_deep_copy(node)); /* one too many */
	} else {
		json_array_set_new(parent, index, replacement(kind, v, node));
	}
	return true;
}

/* TG_FUZZ_STATS=1: how many inputs were refused and accepted, printed at
 * exit, to see that the edits reach both sides of the loader. */
static long n_refused, n_accepted;

static void print_stats(void)
{
	fprintf(stderr, "boal_save: %ld refused, %ld accepted\n", n_refused, n_accepted);
}

static char *dump(const json_t *j)
{
	return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	int which = data[0] % (int)N_BASES;
	if (!bases[which])
		bases[which] = make_base(which);
	static bool stats_on;
	if (!stats_on && getenv("TG_FUZZ_STATS")) {
		stats_on = true;
		atexit(print_stats);
	}
	json_t *save = json_deep_copy(bases[which]);
	struct script s = {data + 1, size - 1};
	for (int k = 0; k < 64 && edit(save, &s); k++)
		;
	struct tg_error err;
	memset(&err, 0, sizeof err);
	struct game *g = M->load(save, &err);
	if (!g) {
		if (!err.code[0] || !err.message[0])
			abort(); /* a refusal must say why */
		n_refused++;
		json_decref(save);
		return 0;
	}
	n_accepted++;
	/* accepted: it reads back exactly as written, and again */
	json_t *s1 = M->save(g);
	struct game *g2 = M->load(s1, &err);
	if (!g2)
		abort();
	json_t *s2 = M->save(g2);
	char *t0 = dump(save), *t1 = dump(s1), *t2 = dump(s2);
	if (!t0 || !t1 || !t2 || strcmp(t0, t1) != 0 || strcmp(t1, t2) != 0)
		abort();
	free(t0);
	free(t1);
	free(t2);
	/* and usable */
	const char *roles[] = {"union", "confederate", "observer"};
	for (int r = 0; r < 3; r++)
		json_decref(M->view(g, roles[r]));
	struct game_status st;
	M->status(g, &st);
	json_decref(s1);
	json_decref(s2);
	M->free(g2);
	M->free(g);
	json_decref(save);
	return 0;
}
