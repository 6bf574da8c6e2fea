/* test_view_object.c — tg_view_object_diff (kit/view_object.h), the diff of
 * an object section found on its text, appends byte for byte the operations
 * tg_json_patch_diff_append appends for the parsed values, and they turn the
 * previous value into the new one. Fixed cases for each kind of change,
 * then random objects changed at random (members changed, removed, added,
 * reordered, nested objects and arrays, reals whose texts differ while
 * their values are equal, names a pointer escapes). A name written with an
 * escape, or a text that is not an object's, is left to the parsed diff
 * with the operations untouched. Each diff is made again from the new text
 * alone, without its tree (a section written as text): the same result. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_compact.h"
#include "json_patch.h"
#include "json_random.h"
#include "kit/view_object.h"
#include "tap.h"

#define PTR "/board/x"

/* tg_view_string_end on text t whose string opens at t[at]: where it says
 * the string closes (want: the index of the closing '"', or strlen(t)
 * when it does not close). A '"' closes it after an even run of
 * backslashes (none, or escaped backslashes), not after an odd one. */
static void string_end(const char *t, size_t at, size_t want)
{
	size_t got = tg_view_string_end(t, strlen(t), at);
	CHECKF(got == want, "the string at %zu of %s closes at %zu, not %zu", at, t, want, got);
}

static char *text(const json_t *v)
{
	struct tg_text t = {0};
	if (tg_json_compact_append(&t, v) != 0) {
		free(t.p);
		return NULL;
	}
	return t.p;
}

/* What the fast path did: 0 the same operations as the parsed diff, 1 left
 * them (the operations untouched), -1 a difference (a failed check). */
static int compare(const json_t *old, const json_t *now)
{
	char *ot = text(old), *nt = text(now);
	json_t *slow = json_pack("[{s:s,s:s,s:i}]", "op", "add", "path", "/z", "value", 1);
	struct tg_patch_text ft = {0};
	tg_patch_text_append_json(&ft, slow, 0);
	int r = tg_view_object_diff(&ft, PTR, ot, strlen(ot), now, nt, strlen(nt));
	/* and from the new text alone (a section written as text): the same */
	struct tg_patch_text ft2 = {0};
	tg_patch_text_append_json(&ft2, slow, 0);
	int r2 = tg_view_object_diff(&ft2, PTR, ot, strlen(ot), NULL, nt, strlen(nt));
	CHECKF(r2 == r && ft2.n == ft.n && ft2.t.n == ft.t.n &&
	           (ft.t.n == 0 || memcmp(ft2.t.p, ft.t.p, ft.t.n) == 0),
	       "from %s to %s without the tree: %d, %s", ot, nt, r2, ft2.t.p ? ft2.t.p : "");
	free(ft2.t.p);
	int rs = tg_json_patch_diff_append(slow, PTR, old, now);
	json_t *fast = tg_patch_text_json(&ft);
	/* the text as sent: the operations' array */
	char *f = malloc(ft.t.n + 3);
	snprintf(f, ft.t.n + 3, "[%s]", ft.t.p ? ft.t.p : "");
	char *s = json_dumps(slow, JSON_COMPACT | JSON_ENSURE_ASCII);
	int out = r;
	if (r == 0) {
		if (!CHECKF(rs == 0 && strcmp(f, s) == 0 && ft.n == json_array_size(slow),
		            "from %s to %s: %s, parsed %s", ot, nt, f, s))
			out = -1;
		/* applied to the document, it gives the new value */
		json_t *doc = json_pack("{s:{s:O}}", "board", "x", old);
		json_t *want = json_pack("{s:{s:O},s:i}", "board", "x", now, "z", 1);
		char err[200] = "";
		json_t *got = fast ? tg_json_patch_apply(doc, fast, err, sizeof err) : NULL;
		if (!CHECKF(got && json_equal(got, want), "from %s to %s: %s applies (%s)", ot, nt,
		            f, err))
			out = -1;
		json_decref(doc);
		json_decref(want);
		json_decref(got);
	} else if (!CHECKF(r == 1 && ft.n == 1 &&
	                       strcmp(f, "[{\"op\":\"add\",\"path\":\"/z\",\"value\":1}]") == 0,
	                   "from %s to %s: %d, %s", ot, nt, r, f)) {
		out = -1;
	}
	free(f);
	free(s);
	free(ft.t.p);
	json_decref(fast);
	json_decref(slow);
	free(ot);
	free(nt);
	return out;
}

/* The names of the random objects: few, so that changes meet; '~' and '/'
 * (escaped in a pointer), the empty name, and rarely one json_compact
 * writes with an escape. */
static const char *name(void)
{
	static const char *const plain[] = {"a",   "b",   "union", "confederate",
	                                    "x~y", "p/q", "",      "0"};
	static const char *const escaped[] = {"caf\xc3\xa9", "q\"t"};
	if (json_random_below(60) == 0)
		return escaped[json_random_below(2)];
	return plain[json_random_below(sizeof plain / sizeof *plain)];
}

static json_t *value(int depth);

static json_t *object(int depth)
{
	json_t *o = json_object();
	for (uint32_t i = json_random_below(6); i > 0; i--)
		json_object_set_new(o, name(), value(depth + 1));
	return o;
}

static json_t *value(int depth)
{
	switch (json_random_below(depth > 3 ? 6 : 9)) {
	case 0:
		return json_integer((json_int_t)json_random_below(5));
	case 1: /* 0.0 and -0.0: texts differ, values are equal */
		return json_random_below(3) ? json_real(json_random_below(2) ? 0.0 : -0.0)
		                            : json_real(json_random_below(4) / 2.0);
	case 2:
		return json_random_below(3) == 0 ? json_null() : json_boolean(json_random_below(2));
	case 3:
		return json_string(json_random_below(2)   ? "Grant"
		                   : json_random_below(2) ? "caf\xc3\xa9 \"L\""
		                                          : "");
	case 4: /* backslashes before a '"' in the text: escaped or closing */
		return json_string(json_random_below(2)   ? "1"
		                   : json_random_below(2) ? "Lee"
		                   : json_random_below(2) ? "\\"
		                                          : "a\\\"b\\\\");
	case 5:
		return json_integer(json_random_below(2) ? 1 : 10);
	case 6:
	case 7:
		return object(depth);
	default: {
		json_t *a = json_array();
		for (uint32_t i = json_random_below(5); i > 0; i--)
			json_array_append_new(a, value(depth + 1));
		return a;
	}
	}
}

static json_t *changed(const json_t *v, int depth);

/* A copy of o with some members changed, removed or added, and sometimes
 * its members' order changed. */
static json_t *changed_object(const json_t *o, int depth)
{
	json_t *c = json_object();
	const char *k;
	json_t *x;
	json_object_foreach((json_t *)o, k, x)
	{
		uint32_t d = json_random_below(8);
		if (d == 0)
			continue; /* removed */
		json_object_set_new(c, k,
		                    d == 1   ? value(depth + 1)
		                    : d == 2 ? changed(x, depth + 1)
		                             : json_deep_copy(x));
	}
	for (uint32_t i = json_random_below(3); i > 0; i--)
		if (json_random_below(2))
			json_object_set_new(c, name(), value(depth + 1));
	if (json_random_below(6) == 0) { /* the same members, the last first */
		json_t *r = json_object();
		const char *last = NULL;
		json_object_foreach(c, k, x) last = k;
		if (last)
			json_object_set(r, last, json_object_get(c, last));
		json_object_foreach(c, k, x) if (!json_object_get(r, k)) json_object_set(r, k, x);
		json_decref(c);
		c = r;
	}
	return c;
}

static json_t *changed(const json_t *v, int depth)
{
	if (json_is_object(v))
		return changed_object(v, depth);
	if (json_is_array(v)) {
		json_t *a = json_array();
		for (size_t i = 0; i < json_array_size(v); i++) {
			uint32_t d = json_random_below(6);
			if (d == 0)
				continue;
			json_array_append_new(a, d == 1 ? changed(json_array_get(v, i), depth + 1)
			                                : json_deep_copy(json_array_get(v, i)));
		}
		if (json_random_below(3) == 0)
			json_array_append_new(a, value(depth + 1));
		return a;
	}
	return json_random_below(2) ? value(depth) : json_deep_copy(v);
}

static void fixed(const char *old, const char *now, int want)
{
	json_t *o = json_loads(old, JSON_DECODE_ANY, NULL), *n = json_loads(now, 0, NULL);
	CHECKF(o && n && compare(o, n) == want, "%s -> %s: %d", old, now, want);
	json_decref(o);
	json_decref(n);
}

/* fixed(old, now, 0), and the operations' text is want (the lists and
 * objects replaced whole where that is shorter, as the parsed diff does) */
static void fixed_ops(const char *old, const char *now, const char *want)
{
	fixed(old, now, 0);
	struct tg_patch_text t = {0};
	int r = tg_view_object_diff(&t, PTR, old, strlen(old), NULL, now, strlen(now));
	CHECKF(r == 0 && t.t.p && strcmp(t.t.p, want) == 0, "%s -> %s: %d, %s", old, now, r,
	       t.t.p ? t.t.p : "");
	free(t.t.p);
}

int main(void)
{
	json_random_seed(0x2545f4914f6cdd1dull);
	/* the string's end, passed over by memchr (view_items.c splits an
	 * array's text so too): written here as the JSON text holds it */
	string_end("\"\"", 0, 1);
	string_end("\"abc\",1", 0, 4);
	string_end("[\"a\\\"b\",\"c\"]", 1, 6);         /* "a\"b": an escaped quote */
	string_end("[\"\\\\\",\"x\"]", 1, 4);           /* "\\": an escaped backslash */
	string_end("[\"\\\\\\\"\",1]", 1, 6);           /* "\\\"": a backslash, a quote */
	string_end("\"x\\\\\\\\\"", 0, 6);              /* "x\\\\": two backslashes */
	string_end("\"\\\\\\\"\\\"\\\\\\\\\"]", 0, 11); /* "\\\"\"\\\\": the runs around a quote */
	string_end("\"a\\\"", 0, 4);                    /* "a\": never closed */
	string_end("\"abc", 0, 4);
	fixed("{}", "{}", 0);
	fixed("{\"a\":1}", "{\"a\":1}", 0);
	fixed("{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}", 0);
	fixed("{\"a\":1,\"b\":2}", "{\"b\":3,\"c\":[1]}", 0);
	fixed("{\"a\":{\"u\":{\"v\":1,\"w\":[1,2,3]}}}", "{\"a\":{\"u\":{\"v\":1,\"w\":[1,3]}}}",
	      0);
	fixed("{\"a\":{\"u\":1}}", "{\"a\":[1]}", 0);
	fixed("{\"a\":-0.0,\"b\":0.5}", "{\"a\":0.0,\"b\":1}", 0);
	fixed("{\"a\":1}", "{\"a\":\"1\"}", 0);
	fixed("{\"p/q\":1,\"x~y\":2,\"\":3}", "{\"p/q\":2,\"x~y\":3,\"\":4}", 0);
	fixed("{\"a\":{\"b\":{}}}", "{\"a\":{\"b\":{\"c\":null}}}", 0);
	/* a changed array member diffed on its elements' text: a hand of
	 * cards with one removed from the middle, one changed, one added
	 * first; strings holding ',', '[' and ']'; arrays in arrays */
	fixed("{\"hand\":[{\"id\":1,\"t\":\"a\"},{\"id\":2,\"t\":\"b\"},{\"id\":3,\"t\":\"c\"},"
	      "{\"id\":4,\"t\":\"d\"}],\"n\":4}",
	      "{\"hand\":[{\"id\":5,\"t\":\"e\"},{\"id\":1,\"t\":\"a\"},{\"id\":3,\"t\":\"C\"},"
	      "{\"id\":4,\"t\":\"d\"}],\"n\":4}",
	      0);
	fixed("{\"a\":[\"x,y\",\"[\",\"]\",\"\\\"\"]}",
	      "{\"a\":[\"[\",\"x,y\",\"]\\\"\",\"\\\"\"]}", 0);
	fixed("{\"a\":[[1,2],[3],[],[4,[5]]]}", "{\"a\":[[1,2],[],[4,[6]],[7]]}", 0);
	fixed("{\"a\":[]}", "{\"a\":[1,true,false,null]}", 0);
	fixed("{\"a\":[1,true,false,null]}", "{\"a\":[]}", 0);
	/* an array holding a real: its text differs where its value may not
	 * (-0.0 and 0.0), so it is diffed parsed: on the texts' stamps, 1 and
	 * -0.0 against 0.0 would pair 1 with 0.0 and replace it */
	fixed("{\"a\":[1,-0.0]}", "{\"a\":[0.0]}", 0);
	fixed("{\"a\":[{\"b\":[1,-0.0]}]}", "{\"a\":[{\"b\":[0.0]},2]}", 0);
	/* the members before the texts' first difference scanned on the old
	 * text only, and those in their common suffix not at all: changes
	 * between same members, a tail that reads as members inside a
	 * string, members added and removed at either end */
	fixed("{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", "{\"a\":1,\"b\":5,\"c\":3,\"d\":4}", 0);
	fixed("{\"a\":\"x\",\"b\":1}", "{\"a\":\"x,\\\"b\\\":1\",\"b\":1}", 0);
	fixed("{\"a\":\"x,\\\"b\\\":1\",\"b\":1}", "{\"a\":\"x\",\"b\":1}", 0);
	fixed("{\"a\":[1,2],\"z\":{\"k\":1}}", "{\"a\":[1],\"z\":{\"k\":1}}", 0);
	fixed("{\"a\":1,\"b\":2}", "{\"a\":1,\"b\":2,\"c\":3}", 0);
	fixed("{\"a\":1,\"b\":2,\"c\":3}", "{\"b\":2,\"c\":3}", 0);
	fixed("{\"k\":1,\"b\":{\"k\":1}}", "{\"b\":{\"k\":1}}", 0);
	/* a changed member's members found from the starts the walk that
	 * found its end recorded (not walked again): names and strings
	 * holding ',', '{', '}' and '"', nested objects changed inside,
	 * members added and removed around them, an empty object */
	fixed("{\"u\":{\"a\":\"x,{\\\"b\\\":1}\",\"h\":[1,2],\"c\":{\"d\":1,\"e\":2}},\"v\":1}",
	      "{\"u\":{\"a\":\"x,{\\\"b\\\":1}\",\"h\":[1,3],\"c\":{\"d\":1,\"e\":3}},\"v\":1}", 0);
	fixed("{\"u\":{\"p,q\":1,\"r\":{\"s\":{\"t\":[1]}},\"w\":\"}\"},\"v\":{}}",
	      "{\"u\":{\"r\":{\"s\":{\"t\":[2]}},\"w\":\"},\",\"z\":0},\"v\":{\"k\":1}}", 0);
	fixed("{\"u\":{\"a\":1,\"b\":{}},\"v\":2}", "{\"u\":{\"a\":2,\"b\":{}},\"v\":3}", 0);
	/* issue 17, the patches' p99: a list or an object whose two or more
	 * operations are longer than one replace of it is replaced whole (a
	 * hand drawn from empty, two flags that both changed, a section
	 * whose members all changed), not when they are shorter */
	fixed_ops(
	    "{\"hand\":[],\"n\":0}", "{\"hand\":[{\"id\":1},{\"id\":2}],\"n\":0}",
	    "{\"op\":\"replace\",\"path\":\"/board/x/hand\",\"value\":[{\"id\":1},{\"id\":2}]}");
	fixed_ops("{\"r\":{\"union\":true,\"confederate\":true},\"k\":1}",
	          "{\"r\":{\"union\":false,\"confederate\":false},\"k\":1}",
	          "{\"op\":\"replace\",\"path\":\"/board/x/r\",\"value\":{\"union\":false,"
	          "\"confederate\":false}}");
	fixed_ops("{\"a\":1,\"b\":2}", "{\"a\":3,\"b\":4}",
	          "{\"op\":\"replace\",\"path\":\"/board/x\",\"value\":{\"a\":3,\"b\":4}}");
	fixed_ops("{\"hand\":[\"a long card text\"],\"n\":1}",
	          "{\"hand\":[\"a long card text\",\"b\"],\"n\":1}",
	          "{\"op\":\"add\",\"path\":\"/board/x/hand/1\",\"value\":\"b\"}");
	fixed_ops("{\"r\":{\"union\":\"a long name\",\"confederate\":\"another long one\"},\"k\":1,"
	          "\"z\":\"a member that does not change\"}",
	          "{\"r\":{\"union\":\"a long name\",\"confederate\":\"x\"},\"k\":2,"
	          "\"z\":\"a member that does not change\"}",
	          "{\"op\":\"replace\",\"path\":\"/board/x/r/confederate\",\"value\":\"x\"},"
	          "{\"op\":\"replace\",\"path\":\"/board/x/k\",\"value\":2}");
	/* left to the parsed diff, the operations untouched */
	fixed("{\"caf\\u00e9\":1}", "{\"caf\\u00e9\":2}", 1);
	fixed("[1]", "{\"a\":1}", 1);

	/* 20,000 random changes; the sanitizer pass runs a sample of them as
	 * it does the playouts (scripts/test.sh sets TG_RANDOM_PERMILLE,
	 * thousandths of the random cases), never fewer than 2,000. Each is
	 * diffed twice, with and without the new value's tree. */
	long fast = 0, left = 0, bad = 0, n = 20000;
	const char *sample = getenv("TG_RANDOM_PERMILLE");
	if (sample && atol(sample) > 0 && atol(sample) < 1000)
		n = n * atol(sample) / 1000 < 2000 ? 2000 : n * atol(sample) / 1000;
	for (long i = 0; i < n; i++) {
		json_t *old = object(0),
		       *now = json_random_below(10) ? changed_object(old, 0) : object(0);
		int r = compare(old, now);
		fast += r == 0;
		left += r == 1;
		bad += r < 0;
		json_decref(old);
		json_decref(now);
	}
	printf("# %ld of %ld diffed on their text, %ld left to the parsed diff\n", fast, n, left);
	CHECKF(bad == 0, "%ld of %ld random changes differ from the parsed diff", bad, n);
	CHECKF(fast > n * 3 / 4, "%ld of %ld diffed on their text (%ld left to the parsed diff)",
	       fast, n, left);
	return tap_done();
}
