/* save_edit.c — the edit-script fuzzing of a game module's save loader
 * (save_edit.h), shared by every game's fuzz_<game>_save.c. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "save_edit.h"

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
static const char *stats_name;

static void print_stats(void)
{
	fprintf(stderr, "%s: %ld refused, %ld accepted\n", stats_name, n_refused, n_accepted);
}

static char *dump(const json_t *j)
{
	return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
}

int save_fuzz_one(const struct save_fuzz *f, const uint8_t *data, size_t size)
{
	static json_t *bases[SAVE_FUZZ_BASES_MAX]; /* each made once, kept */
	const struct game_module *M = f->module;
	if (!size || f->nbases == 0 || f->nbases > SAVE_FUZZ_BASES_MAX)
		return 0;
	size_t which = data[0] % f->nbases;
	if (!bases[which] && !(bases[which] = f->make_base(which)))
		abort();
	static bool stats_on;
	if (!stats_on && getenv("TG_FUZZ_STATS")) {
		stats_on = true;
		stats_name = f->name;
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
	/* and usable: every seat's view and the observer's */
	for (size_t r = 0; M->roles[r]; r++)
		json_decref(M->view(g, M->roles[r]));
	json_decref(M->view(g, "observer"));
	struct game_status st;
	M->status(g, &st);
	json_decref(s1);
	json_decref(s2);
	M->free(g2);
	M->free(g);
	json_decref(save);
	return 0;
}
