/* test_json_patch.c — RFC 6902 apply and diff: the public json-patch-tests
 * conformance suite, diff round trips over random documents, atomicity, the
 * error codes, and the bounds; the in-place apply against the same cases
 * (the same results and statuses, the document changed where it is). */
#include "json_patch.h"
#include "json_pointer.h"
#include "tap.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- conformance suite ------------------------------------------------ */

struct suite_counts {
	int run, skipped;
};

static void run_case(const char *file, size_t i, const json_t *c, struct suite_counts *n)
{
	const char *comment = json_string_value(json_object_get(c, "comment"));
	const json_t *doc = json_object_get(c, "doc");
	const json_t *patch = json_object_get(c, "patch");
	const json_t *expected = json_object_get(c, "expected");
	const json_t *error = json_object_get(c, "error");
	if (json_is_true(json_object_get(c, "disabled")) || !doc || !patch) {
		n->skipped++;
		return;
	}
	n->run++;
	char *before = json_dumps(doc, JSON_ENCODE_ANY | JSON_SORT_KEYS);
	char err[256];
	json_t *out = tg_json_patch_apply(doc, patch, err, sizeof err);
	if (error) {
		CHECKF(out == NULL, "%s case %zu (%s): expected error \"%s\", but it applied", file,
		       i, comment ? comment : "", json_string_value(error));
		CHECKF(err[0] != '\0', "%s case %zu: an error without a message", file, i);
	} else {
		CHECKF(out != NULL, "%s case %zu (%s): failed: %s", file, i, comment ? comment : "",
		       err);
		if (out && expected) {
			char *got = json_dumps(out, JSON_ENCODE_ANY | JSON_SORT_KEYS);
			CHECKF(json_equal(out, expected), "%s case %zu (%s): got %s", file, i,
			       comment ? comment : "", got);
			free(got);
		}
	}
	/* Whatever happened, the input document is untouched. */
	char *after = json_dumps(doc, JSON_ENCODE_ANY | JSON_SORT_KEYS);
	CHECKF(before && after && strcmp(before, after) == 0, "%s case %zu: input changed", file,
	       i);
	free(before);
	free(after);
	json_decref(out);

	/* In place, on a copy of the document: the same outcome. */
	json_t *mine = json_deep_copy(doc);
	char *pbefore = json_dumps(patch, JSON_ENCODE_ANY | JSON_SORT_KEYS);
	enum tg_json_patch_status st = tg_json_patch_apply_in_place(&mine, patch, err, sizeof err);
	if (error) {
		CHECKF(st != TG_JSON_PATCH_OK && err[0] != '\0',
		       "%s case %zu (%s): in place: expected error \"%s\", got %s", file, i,
		       comment ? comment : "", json_string_value(error),
		       tg_json_patch_status_code(st));
	} else {
		CHECKF(st == TG_JSON_PATCH_OK, "%s case %zu (%s): in place: failed: %s", file, i,
		       comment ? comment : "", err);
		if (st == TG_JSON_PATCH_OK && expected)
			CHECKF(json_equal(mine, expected),
			       "%s case %zu (%s): in place: not expected", file, i,
			       comment ? comment : "");
	}
	char *pafter = json_dumps(patch, JSON_ENCODE_ANY | JSON_SORT_KEYS);
	CHECKF(pbefore && pafter && strcmp(pbefore, pafter) == 0,
	       "%s case %zu: in place: the patch changed", file, i);
	free(pbefore);
	free(pafter);
	json_decref(mine);
}

static void run_suite(const char *name, int min_cases)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/data/json-patch-tests/%s", TG_SOURCE_DIR, name);
	json_error_t jerr;
	/* No JSON_REJECT_DUPLICATES: one (disabled) case has two "op" members. */
	json_t *cases = json_load_file(path, 0, &jerr);
	if (!CHECKF(json_is_array(cases), "cannot load %s: %s", path, jerr.text))
		return;
	struct suite_counts n = {0, 0};
	for (size_t i = 0; i < json_array_size(cases); i++)
		run_case(name, i, json_array_get(cases, i), &n);
	printf("# %s: %d cases run, %d skipped (disabled)\n", name, n.run, n.skipped);
	CHECKF(n.run >= min_cases, "%s: only %d cases run", name, n.run);
	json_decref(cases);
}

/* ---- helpers ------------------------------------------------------------ */

static json_t *parse(const char *text)
{
	json_error_t jerr;
	json_t *v = json_loads(text, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
	if (!v)
		fprintf(stderr, "bad test JSON %s: %s\n", text, jerr.text);
	return v;
}

/* Applies patch text to doc text; returns the status and checks the result
 * against want (when want is not NULL). */
static enum tg_json_patch_status apply_text(const char *doc, const char *patch, const char *want)
{
	json_t *d = parse(doc), *p = parse(patch);
	enum tg_json_patch_status st;
	char err[256];
	json_t *out = tg_json_patch_apply_status(d, p, &st, err, sizeof err);
	CHECKF((out != NULL) == (st == TG_JSON_PATCH_OK), "result and status disagree: %s", err);
	if (want) {
		json_t *w = parse(want);
		CHECKF(out && json_equal(out, w), "%s + %s: want %s (%s)", doc, patch, want, err);
		json_decref(w);
	}
	if (st != TG_JSON_PATCH_OK)
		CHECKF(strncmp(err, tg_json_patch_status_code(st),
		               strlen(tg_json_patch_status_code(st))) == 0,
		       "message \"%s\" does not start with its code", err);
	/* In place: the same status, and the same document when it applied. */
	char err2[256];
	enum tg_json_patch_status st2 = tg_json_patch_apply_in_place(&d, p, err2, sizeof err2);
	CHECKF(st2 == st, "%s + %s: in place %s, copied %s", doc, patch,
	       tg_json_patch_status_code(st2), tg_json_patch_status_code(st));
	if (st == TG_JSON_PATCH_OK && st2 == st)
		CHECKF(json_equal(d, out), "%s + %s: in place, another document", doc, patch);
	if (st2 != TG_JSON_PATCH_OK)
		CHECKF(strncmp(err2, tg_json_patch_status_code(st2),
		               strlen(tg_json_patch_status_code(st2))) == 0,
		       "in place: message \"%s\" does not start with its code", err2);
	json_decref(out);
	json_decref(d);
	json_decref(p);
	return st;
}

static int roundtrip(const json_t *a, const json_t *b, size_t *nops)
{
	char *before = json_dumps(a, JSON_ENCODE_ANY);
	json_t *patch = tg_json_patch_diff(a, b);
	char err[256] = "";
	json_t *out = patch ? tg_json_patch_apply(a, patch, err, sizeof err) : NULL;
	int ok = out && json_equal(out, b);
	if (!ok) {
		char *pa = json_dumps(a, JSON_ENCODE_ANY), *pb = json_dumps(b, JSON_ENCODE_ANY);
		char *pp = patch ? json_dumps(patch, 0) : NULL;
		printf("# round trip failed (%s)\n#  a=%.300s\n#  b=%.300s\n#  patch=%.300s\n", err,
		       pa, pb, pp ? pp : "(null)");
		free(pa);
		free(pb);
		free(pp);
	}
	char *after = json_dumps(a, JSON_ENCODE_ANY);
	ok = ok && before && after && strcmp(before, after) == 0;
	/* In place, on a copy of a. */
	json_t *mine = json_deep_copy(a);
	if (patch &&
	    tg_json_patch_apply_in_place(&mine, patch, err, sizeof err) != TG_JSON_PATCH_OK) {
		printf("# in place: %s\n", err);
		ok = 0;
	} else if (patch && !json_equal(mine, b)) {
		printf("# in place: another document\n");
		ok = 0;
	}
	json_decref(mine);
	if (nops)
		*nops = patch ? json_array_size(patch) : 0;
	free(before);
	free(after);
	json_decref(out);
	json_decref(patch);
	return ok;
}

static size_t diff_size(const char *a, const char *b)
{
	json_t *x = parse(a), *y = parse(b);
	size_t n = 0;
	CHECKF(roundtrip(x, y, &n), "round trip %s -> %s", a, b);
	json_decref(x);
	json_decref(y);
	return n;
}

/* ---- random documents ----------------------------------------------------- */

static uint64_t rng_state = 0x5eed7e1e9a7a1ull;

static uint64_t next_u64(void)
{
	/* splitmix64: a fixed-seed generator so every run tests the same pairs. */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static size_t below(size_t n)
{
	return n ? (size_t)(next_u64() % n) : 0;
}

static const char *const keys[] = {"a", "b", "c", "units", "hex", "", "a/b", "m~n", "~1", "0", "-"};

static json_t *gen(int depth)
{
	size_t kind = below(depth > 0 ? 9 : 6);
	switch (kind) {
	case 0:
		return json_null();
	case 1:
		return json_boolean(below(2));
	case 2:
		return json_integer((json_int_t)below(5));
	case 3:
		return json_real((double)below(4) / 2.0);
	case 4:
	case 5: {
		char s[2] = {(char)('p' + below(4)), 0};
		return json_string(s);
	}
	case 6:
	case 7: {
		json_t *arr = json_array();
		size_t n = below(7);
		for (size_t i = 0; i < n; i++)
			json_array_append_new(arr, gen(depth - 1));
		return arr;
	}
	default: {
		json_t *obj = json_object();
		size_t n = below(5);
		for (size_t i = 0; i < n; i++)
			json_object_set_new(obj, keys[below(sizeof keys / sizeof keys[0])],
			                    gen(depth - 1));
		return obj;
	}
	}
}

/* A view-like document: an object with a few members. */
static json_t *gen_view(int depth)
{
	json_t *obj = json_object();
	size_t n = 1 + below(6);
	for (size_t i = 0; i < n; i++)
		json_object_set_new(obj, keys[below(sizeof keys / sizeof keys[0])], gen(depth - 1));
	return obj;
}

/* Returns a modified copy of v: a few local edits, so that a and b share most
 * of their structure, as two successive views of a game do. */
static json_t *mutate(const json_t *v, int depth)
{
	if (below(8) == 0)
		return gen(depth);
	if (json_is_object(v)) {
		json_t *o = json_object();
		const char *k;
		json_t *c;
		json_object_foreach((json_t *)v, k, c)
		{
			if (below(10) == 0)
				continue; /* removed */
			json_object_set_new(o, k,
			                    below(3) ? json_deep_copy(c) : mutate(c, depth - 1));
		}
		if (below(4) == 0)
			json_object_set_new(o, keys[below(sizeof keys / sizeof keys[0])],
			                    gen(depth - 1));
		return o;
	}
	if (json_is_array(v)) {
		json_t *a = json_array();
		size_t i;
		json_t *c;
		json_array_foreach(v, i, c)
		{
			if (below(6) == 0)
				json_array_append_new(a, gen(depth - 1)); /* inserted */
			if (below(8) == 0)
				continue; /* removed */
			json_array_append_new(a,
			                      below(3) ? json_deep_copy(c) : mutate(c, depth - 1));
		}
		if (below(4) == 0)
			json_array_append_new(a, gen(depth - 1));
		return a;
	}
	return gen(depth);
}

/* ---- test groups ---------------------------------------------------------- */

static void test_conformance(void)
{
	run_suite("tests.json", 90);
	run_suite("spec_tests.json", 15);
}

static void test_error_codes(void)
{
	CHECK_EQ_INT(apply_text("[\"a\",\"b\"]",
	                        "[{\"op\":\"test\",\"path\":\"/01\",\"value\":\"b\"}]", NULL),
	             TG_JSON_PATCH_BAD_INDEX);
	CHECK_EQ_INT(apply_text("[1]", "[{\"op\":\"add\",\"path\":\"/2\",\"value\":3}]", NULL),
	             TG_JSON_PATCH_BAD_INDEX);
	CHECK_EQ_INT(apply_text("[1]", "[{\"op\":\"remove\",\"path\":\"/-\"}]", NULL),
	             TG_JSON_PATCH_BAD_INDEX);
	CHECK_EQ_INT(apply_text("{\"a\":{\"b\":1}}",
	                        "[{\"op\":\"move\",\"from\":\"/a\",\"path\":\"/a/c\"}]", NULL),
	             TG_JSON_PATCH_MOVE_INTO_CHILD);
	CHECK_EQ_INT(apply_text("{}", "[{\"op\":\"add\",\"path\":\"/a\"}]", NULL),
	             TG_JSON_PATCH_MALFORMED);
	CHECK_EQ_INT(apply_text("{}", "[{\"op\":\"add\",\"path\":\"a\",\"value\":1}]", NULL),
	             TG_JSON_PATCH_BAD_POINTER);
	CHECK_EQ_INT(apply_text("{}", "[{\"op\":\"add\",\"path\":\"/a~2\",\"value\":1}]", NULL),
	             TG_JSON_PATCH_BAD_POINTER);
	CHECK_EQ_INT(apply_text("{}", "[{\"op\":\"add\",\"path\":\"/a~\",\"value\":1}]", NULL),
	             TG_JSON_PATCH_BAD_POINTER);
	CHECK_EQ_INT(
	    apply_text("{\"a\":1}", "[{\"op\":\"test\",\"path\":\"/a\",\"value\":2}]", NULL),
	    TG_JSON_PATCH_TEST_FAILED);
	CHECK_EQ_INT(apply_text("{\"a\":1}", "[{\"op\":\"remove\",\"path\":\"/a/b\"}]", NULL),
	             TG_JSON_PATCH_NO_TARGET);
	CHECK_EQ_INT(apply_text("{\"a\":1}", "{\"op\":\"remove\",\"path\":\"/a\"}", NULL),
	             TG_JSON_PATCH_MALFORMED);
	CHECK_EQ_INT(
	    apply_text("{\"a\":1}", "[{\"op\":\"ADD\",\"path\":\"/a\",\"value\":1}]", NULL),
	    TG_JSON_PATCH_MALFORMED);
	CHECK_EQ_INT(apply_text("{\"a\":1}", "[7]", NULL), TG_JSON_PATCH_MALFORMED);
	/* Member names with NUL bytes are refused (jansson cannot round-trip them). */
	CHECK_EQ_INT(
	    apply_text("{}", "[{\"op\":\"add\",\"path\":\"/a\\u0000\",\"value\":1}]", NULL),
	    TG_JSON_PATCH_BAD_POINTER);
	/* RFC 6902 4.6: numbers are equal when numerically equal. */
	CHECK_EQ_INT(apply_text("{\"a\":1}", "[{\"op\":\"test\",\"path\":\"/a\",\"value\":1.0}]",
	                        "{\"a\":1}"),
	             TG_JSON_PATCH_OK);
	CHECK_EQ_INT(
	    apply_text("{\"a\":[1.5]}", "[{\"op\":\"test\",\"path\":\"/a\",\"value\":[1]}]", NULL),
	    TG_JSON_PATCH_TEST_FAILED);
	/* Escapes: ~01 is "~1", not "/". */
	CHECK_EQ_INT(apply_text("{\"~1\":1,\"/\":2}", "[{\"op\":\"remove\",\"path\":\"/~01\"}]",
	                        "{\"/\":2}"),
	             TG_JSON_PATCH_OK);
	/* A.7: move within an array uses the index after removal. */
	CHECK_EQ_INT(apply_text("[0,1,2,3]", "[{\"op\":\"move\",\"from\":\"/0\",\"path\":\"/3\"}]",
	                        "[1,2,3,0]"),
	             TG_JSON_PATCH_OK);
	/* The root can be replaced, removed, and replaced by a scalar. */
	CHECK_EQ_INT(
	    apply_text("{\"a\":1}", "[{\"op\":\"replace\",\"path\":\"\",\"value\":3}]", "3"),
	    TG_JSON_PATCH_OK);
	CHECK_EQ_INT(
	    apply_text("{\"a\":1}", "[{\"op\":\"move\",\"from\":\"/a\",\"path\":\"\"}]", "1"),
	    TG_JSON_PATCH_OK);
	CHECK_EQ_INT(apply_text("{\"a\":{\"b\":[5]}}",
	                        "[{\"op\":\"copy\",\"from\":\"\",\"path\":\"/a/c\"}]",
	                        "{\"a\":{\"b\":[5],\"c\":{\"a\":{\"b\":[5]}}}}"),
	             TG_JSON_PATCH_OK);
}

static void test_atomicity(void)
{
	json_t *doc = parse("{\"units\":[{\"id\":1,\"hex\":\"0101\"},{\"id\":2,\"hex\":\"0202\"}],"
	                    "\"turn\":3}");
	char *before = json_dumps(doc, JSON_SORT_KEYS);
	/* Three good operations, then one that fails: nothing may stick. */
	json_t *patch = parse("[{\"op\":\"replace\",\"path\":\"/turn\",\"value\":4},"
	                      "{\"op\":\"remove\",\"path\":\"/units/0\"},"
	                      "{\"op\":\"add\",\"path\":\"/log\",\"value\":[\"x\"]},"
	                      "{\"op\":\"test\",\"path\":\"/turn\",\"value\":3}]");
	char err[256];
	enum tg_json_patch_status st;
	json_t *out = tg_json_patch_apply_status(doc, patch, &st, err, sizeof err);
	CHECK(out == NULL);
	CHECK_EQ_INT(st, TG_JSON_PATCH_TEST_FAILED);
	CHECKF(strstr(err, "operation 3") != NULL, "error names the failing operation: %s", err);
	char *after = json_dumps(doc, JSON_SORT_KEYS);
	CHECK_EQ_STR(after, before);
	free(after);
	json_decref(patch);

	/* A successful apply returns a new document and leaves the input alone;
	 * the result shares nothing with the patch (mutating it later is safe). */
	patch = parse("[{\"op\":\"add\",\"path\":\"/units/-\",\"value\":{\"id\":3}}]");
	out = tg_json_patch_apply(doc, patch, err, sizeof err);
	CHECK(out != NULL && out != doc);
	after = json_dumps(doc, JSON_SORT_KEYS);
	CHECK_EQ_STR(after, before);
	free(after);
	if (out) {
		json_object_set_new(json_array_get(json_object_get(out, "units"), 2), "id",
		                    json_integer(9));
		CHECK(json_integer_value(json_object_get(
		          json_object_get(json_array_get(patch, 0), "value"), "id")) == 3);
	}
	json_decref(out);
	json_decref(patch);
	free(before);
	json_decref(doc);
}

static void expect_refused(const json_t *doc, const json_t *patch, enum tg_json_patch_status want,
                           const char *why)
{
	char err[256];
	enum tg_json_patch_status st;
	json_t *out = tg_json_patch_apply_status(doc, patch, &st, err, sizeof err);
	CHECKF(out == NULL, "applied, but should be refused with %s",
	       tg_json_patch_status_code(want));
	CHECKF(st == want, "got %s (%s), want %s", tg_json_patch_status_code(st), err,
	       tg_json_patch_status_code(want));
	CHECKF(strstr(err, why) != NULL, "message \"%s\" does not say \"%s\"", err, why);
	json_decref(out);
	json_t *mine = json_deep_copy(doc);
	st = tg_json_patch_apply_in_place(&mine, patch, err, sizeof err);
	CHECKF(st == want, "in place: got %s (%s), want %s", tg_json_patch_status_code(st), err,
	       tg_json_patch_status_code(want));
	CHECKF(strstr(err, why) != NULL, "in place: message \"%s\" does not say \"%s\"", err, why);
	json_decref(mine);
}

/* The in-place apply that takes the patch's values: the document holds the
 * patch's own value objects (no copy: the load generator's lean players
 * applied a copy of every operation they had just parsed and then freed
 * the operation), the result is the copying apply's, a copy operation still
 * copies, and the document outlives the patch. */
static void test_in_place_take(void)
{
	const char *text = "{\"units\":[{\"id\":1,\"hex\":\"0101\"}],\"turn\":3}";
	const char *ops = "[{\"op\":\"replace\",\"path\":\"/units/0\",\"value\":{\"id\":1,"
	                  "\"hex\":\"0102\"}},{\"op\":\"add\",\"path\":\"/units/-\",\"value\":"
	                  "{\"id\":3}},{\"op\":\"copy\",\"from\":\"/units/1\",\"path\":\"/spare\"},"
	                  "{\"op\":\"add\",\"path\":\"/units/1/hex\",\"value\":\"0303\"}]";
	json_t *doc = parse(text), *patch = parse(ops);
	char err[256];
	json_t *want = tg_json_patch_apply(doc, patch, err, sizeof err);
	CHECK(want != NULL);
	json_t *added = json_object_get(json_array_get(patch, 1), "value");
	json_t *replaced = json_object_get(json_array_get(patch, 0), "value");
	json_t *d = doc;
	CHECK_EQ_INT(tg_json_patch_apply_in_place_take(&d, patch, err, sizeof err),
	             TG_JSON_PATCH_OK);
	CHECK(d == doc);
	CHECK(json_equal(doc, want));
	json_t *units = json_object_get(doc, "units");
	CHECK(json_array_get(units, 0) == replaced);
	CHECK(json_array_get(units, 1) == added);
	CHECK(json_object_get(doc, "spare") != added);
	CHECK(json_object_get(json_object_get(doc, "spare"), "hex") == NULL);
	json_decref(patch);
	CHECK(json_equal(doc, want));
	json_decref(want);
	json_decref(doc);

	/* A failed patch leaves a document that can still be freed. */
	doc = parse(text);
	patch = parse("[{\"op\":\"add\",\"path\":\"/turn2\",\"value\":[1]},"
	              "{\"op\":\"remove\",\"path\":\"/nothing\"}]");
	d = doc;
	CHECK(tg_json_patch_apply_in_place_take(&d, patch, err, sizeof err) != TG_JSON_PATCH_OK);
	json_decref(patch);
	CHECK_EQ_INT(json_array_size(json_object_get(d, "turn2")), 1);
	json_decref(d);
}

/* The in-place apply changes the caller's document where it is (the
 * containers along the paths are the same ones), copies the patch's values
 * (the document shares nothing with the patch), keeps a document of many
 * successive patches equal to the copying apply's, and, not atomic, leaves
 * a failed patch's earlier operations applied (json_patch.h says so). */
static void test_in_place(void)
{
	json_t *doc = parse("{\"units\":[{\"id\":1,\"hex\":\"0101\"},{\"id\":2}],\"turn\":3}");
	json_t *units = json_object_get(doc, "units");
	json_t *first = json_array_get(units, 0);
	json_t *patch = parse("[{\"op\":\"replace\",\"path\":\"/units/0/hex\",\"value\":\"0102\"},"
	                      "{\"op\":\"add\",\"path\":\"/units/-\",\"value\":{\"id\":3}}]");
	json_t *d = doc;
	char err[256];
	CHECK_EQ_INT(tg_json_patch_apply_in_place(&d, patch, err, sizeof err), TG_JSON_PATCH_OK);
	CHECK(d == doc);
	CHECK(json_object_get(doc, "units") == units && json_array_get(units, 0) == first);
	CHECK_EQ_STR(json_string_value(json_object_get(first, "hex")), "0102");
	CHECK_EQ_INT(json_array_size(units), 3);
	json_object_set_new(json_array_get(units, 2), "id", json_integer(9));
	CHECK(json_integer_value(
	          json_object_get(json_object_get(json_array_get(patch, 1), "value"), "id")) == 3);
	json_decref(patch);

	/* Not atomic: the first operation stays, the status names the third. */
	patch = parse("[{\"op\":\"replace\",\"path\":\"/turn\",\"value\":4},"
	              "{\"op\":\"test\",\"path\":\"/turn\",\"value\":4},"
	              "{\"op\":\"test\",\"path\":\"/turn\",\"value\":3}]");
	CHECK_EQ_INT(tg_json_patch_apply_in_place(&d, patch, err, sizeof err),
	             TG_JSON_PATCH_TEST_FAILED);
	CHECKF(strstr(err, "operation 2") != NULL, "error names the failing operation: %s", err);
	CHECK(d == doc && json_integer_value(json_object_get(doc, "turn")) == 4);
	json_decref(patch);

	/* The root replaced and removed: *doc follows. */
	patch = parse("[{\"op\":\"replace\",\"path\":\"\",\"value\":[1]}]");
	CHECK_EQ_INT(tg_json_patch_apply_in_place(&d, patch, err, sizeof err), TG_JSON_PATCH_OK);
	CHECK(json_is_array(d) && json_array_size(d) == 1);
	json_decref(patch);
	patch = parse("[{\"op\":\"remove\",\"path\":\"\"}]");
	CHECK_EQ_INT(tg_json_patch_apply_in_place(&d, patch, err, sizeof err), TG_JSON_PATCH_OK);
	CHECK(json_is_null(d));
	json_decref(patch);
	json_decref(d);
	json_t *none = NULL;
	CHECK_EQ_INT(tg_json_patch_apply_in_place(&none, patch = parse("[]"), err, sizeof err),
	             TG_JSON_PATCH_MALFORMED);
	json_decref(patch);

	/* The depth bound holds across patches although the document is not
	 * measured: a value 3,990 deep copied or moved 202 levels down would
	 * nest the document past 4,096. */
	json_t *deep = json_integer(1), *wide = json_integer(2);
	for (int i = 0; i < 3990; i++)
		deep = json_pack("{s:o}", "c", deep);
	for (int i = 0; i < 210; i++)
		wide = json_pack("{s:o}", "c", wide);
	json_t *two = json_pack("{s:o, s:o}", "a", deep, "b", wide);
	char tip[2 + 2 * 200 + 8] = "/b";
	for (int i = 0; i < 200; i++)
		memcpy(tip + 2 + 2 * i, "/c", 2);
	strcpy(tip + 2 + 2 * 200, "/z");
	const char *const ops[] = {"copy", "move"};
	for (int k = 0; k < 2; k++) {
		patch = json_pack("[{s:s, s:s, s:s}]", "op", ops[k], "from", "/a", "path", tip);
		CHECKF(tg_json_patch_apply_in_place(&two, patch, err, sizeof err) ==
		               TG_JSON_PATCH_TOO_LARGE &&
		           strstr(err, "nested more than"),
		       "in place: a %s 4,192 deep: %s", ops[k], err);
		json_decref(patch);
	}
	json_decref(two);

	/* A chain of views, as a client keeps one: each diff applied in place to
	 * the one document gives what the copying apply gives. */
	json_t *kept = gen_view(5), *cur = json_deep_copy(kept);
	int differ = 0;
	for (int i = 0; i < 500; i++) {
		json_t *next = i % 50 == 49 ? gen_view(5) : mutate(cur, 5);
		json_t *p = tg_json_patch_diff(cur, next);
		if (!p ||
		    tg_json_patch_apply_in_place(&kept, p, err, sizeof err) != TG_JSON_PATCH_OK ||
		    !json_equal(kept, next))
			differ++;
		json_decref(p);
		json_decref(cur);
		cur = next;
	}
	CHECK_EQ_INT(differ, 0);
	json_decref(kept);
	json_decref(cur);
}

static void test_bounds(void)
{
	json_t *doc = json_object();

	/* Too many operations. */
	json_t *patch = json_array();
	for (int i = 0; i <= TG_JSON_PATCH_MAX_OPS; i++)
		json_array_append_new(patch, json_pack("{s:s, s:s}", "op", "test", "path", ""));
	expect_refused(doc, patch, TG_JSON_PATCH_TOO_LARGE, "operations");
	json_decref(patch);

	/* A pointer deeper than the bound. */
	char deep[2 * (TG_JSON_POINTER_MAX_DEPTH + 1) + 1];
	for (int i = 0; i <= TG_JSON_POINTER_MAX_DEPTH; i++)
		memcpy(deep + 2 * i, "/a", 2);
	deep[sizeof deep - 1] = '\0';
	patch = json_pack("[{s:s, s:s, s:i}]", "op", "add", "path", deep, "value", 1);
	expect_refused(doc, patch, TG_JSON_PATCH_TOO_LARGE, "pointer too deep");
	json_decref(patch);

	/* Copying the document into itself doubles it each time: refused once
	 * the copy budget is spent, instead of exhausting memory. */
	patch = json_array();
	json_array_append_new(patch, json_pack("{s:s, s:s, s:[i,i,i,i]}", "op", "add", "path", "/x",
	                                       "value", 1, 2, 3, 4));
	for (int i = 0; i < 64; i++) {
		char p[16];
		snprintf(p, sizeof p, "/y%d", i);
		json_array_append_new(
		    patch, json_pack("{s:s, s:s, s:s}", "op", "copy", "from", "", "path", p));
	}
	expect_refused(doc, patch, TG_JSON_PATCH_TOO_LARGE, "copies more than");
	json_decref(patch);

	/* Copies that nest the document 200 levels deeper each time stop at the
	 * depth bound (well before the copy budget). */
	patch = json_array();
	json_array_append_new(patch,
	                      json_pack("{s:s, s:s, s:{}}", "op", "add", "path", "/c", "value"));
	char chain[2 * 200 + 1];
	for (int i = 0; i < 200; i++)
		memcpy(chain + 2 * i, "/c", 2);
	chain[sizeof chain - 1] = '\0';
	for (int i = 0; i < 200; i++) {
		/* build a 200-deep chain under /c, then copy /c into its tip */
		char p[sizeof chain];
		memcpy(p, chain, 2 * (size_t)(i + 1));
		p[2 * (i + 1)] = '\0';
		if (i > 0)
			json_array_append_new(
			    patch, json_pack("{s:s, s:s, s:{}}", "op", "add", "path", p, "value"));
	}
	for (int i = 0; i < 40; i++) {
		char p[sizeof chain + 8];
		snprintf(p, sizeof p, "%s/z", chain);
		json_array_append_new(
		    patch, json_pack("{s:s, s:s, s:s}", "op", "copy", "from", "/c", "path", p));
	}
	expect_refused(doc, patch, TG_JSON_PATCH_TOO_LARGE, "nested more than");
	json_decref(patch);
	json_decref(doc);
}

static void test_diff_compact(void)
{
	CHECK_EQ_INT(diff_size("{\"a\":1,\"b\":[1,2,3]}", "{\"a\":1,\"b\":[1,2,3]}"), 0);
	CHECK_EQ_INT(diff_size("{\"a\":1,\"b\":[1,2,3]}", "{\"a\":1,\"b\":[1,2,4]}"), 1);
	CHECK_EQ_INT(diff_size("{\"a\":1}", "{\"a\":1,\"b\":2}"), 1);
	CHECK_EQ_INT(diff_size("{\"a\":1,\"b\":2}", "{\"b\":2}"), 1);
	/* Insert and delete in the middle of an array: one op each. */
	CHECK_EQ_INT(diff_size("[1,2,3,4,5,6]", "[1,2,3,9,4,5,6]"), 1);
	CHECK_EQ_INT(diff_size("[1,2,3,4,5,6]", "[1,2,4,5,6]"), 1);
	/* LCS: two separate changes, two ops (not a rewrite of the middle),
	 * while they are shorter than a replace of the array (below). */
	CHECK_EQ_INT(
	    diff_size("[\"one one one one\",\"two two two two\",\"three three three\","
	              "\"four four four four\",\"five five five five\","
	              "\"six six six six six\",\"seven seven seven\",\"eight eight eight\"]",
	              "[\"one one one one\",\"nine nine nine nine\",\"two two two two\","
	              "\"three three three\",\"four four four four\",\"five five five five\","
	              "\"seven seven seven\",\"eight eight eight\"]"),
	    2);
	/* Issue 17, the patches' p99: an array whose two or more operations are
	 * longer than one replace of it is replaced whole (a hand of cards
	 * drawn from empty: one replace, not an add a card); small elements
	 * changed here and there too. */
	CHECK_EQ_INT(diff_size("[1,2,3,4,5,6,7,8]", "[1,9,2,3,4,5,7,8]"), 1);
	CHECK_EQ_INT(diff_size("{\"hand\":[]}", "{\"hand\":[\"card one\",\"card two\"]}"), 1);
	{
		json_t *a = parse("{\"p\":{\"hand\":[],\"pc\":1}}");
		json_t *b = parse("{\"p\":{\"hand\":[{\"n\":1},{\"n\":2}],\"pc\":1}}");
		json_t *p = tg_json_patch_diff(a, b);
		json_t *want = parse(
		    "[{\"op\":\"replace\",\"path\":\"/p/hand\",\"value\":[{\"n\":1},{\"n\":2}]}]");
		CHECK(p && json_equal(p, want));
		json_decref(a);
		json_decref(b);
		json_decref(p);
		json_decref(want);
	}
	/* ... but one operation stays one (a card added to a hand), and so do
	 * operations as long as the replace or shorter: [1,2] -> [1,2,3,4] is
	 * two adds of 34 bytes and a comma each, 70, against the replace's 36 +
	 * its path and value, 45 at the root: replaced; with an element of 42
	 * bytes more in both, the adds stay (70 < 86). */
	CHECK_EQ_INT(
	    diff_size("{\"hand\":[\"card one\"]}", "{\"hand\":[\"card one\",\"card two\"]}"), 1);
	CHECK_EQ_INT(diff_size("[1,2]", "[1,2,3,4]"), 1);
	/* An object below the root too (two flags that both changed: one
	 * replace of 76 bytes, not two of 91), never the root itself (a
	 * client's whole view). */
	CHECK_EQ_INT(diff_size("{\"r\":{\"union\":true,\"confederate\":true},\"k\":1}",
	                       "{\"r\":{\"union\":false,\"confederate\":false},\"k\":1}"),
	             1);
	CHECK_EQ_INT(diff_size("{\"a\":1,\"b\":2}", "{\"a\":3,\"b\":4}"), 2);
	CHECK_EQ_INT(diff_size("[\"0123456789012345678901234567890123456789\",2]",
	                       "[\"0123456789012345678901234567890123456789\",2,3,4]"),
	             2);
	/* An element changed deep inside an array of objects: one nested replace. */
	CHECK_EQ_INT(
	    diff_size("{\"units\":[{\"id\":1,\"hex\":\"0101\"},{\"id\":2,\"hex\":\"0202\"}]}",
	              "{\"units\":[{\"id\":1,\"hex\":\"0101\"},{\"id\":2,\"hex\":\"0203\"}]}"),
	    1);
	json_t *a = parse("{\"units\":[{\"id\":1},{\"id\":2}]}");
	json_t *b = parse("{\"units\":[{\"id\":1},{\"id\":5}]}");
	json_t *p = tg_json_patch_diff(a, b);
	json_t *want = parse("[{\"op\":\"replace\",\"path\":\"/units/1/id\",\"value\":5}]");
	CHECK(p && json_equal(p, want));
	json_decref(a);
	json_decref(b);
	json_decref(p);
	json_decref(want);
	/* Type changes, root changes, 1 vs 1.0 (kept exact), odd keys. */
	CHECK_EQ_INT(diff_size("{\"a\":1}", "{\"a\":1.0}"), 1);
	CHECK_EQ_INT(diff_size("{\"a\":[1]}", "{\"a\":{\"0\":1}}"), 1);
	CHECK_EQ_INT(diff_size("[1]", "{\"x\":1}"), 1);
	CHECK_EQ_INT(diff_size("{}", "3"), 1);
	CHECK_EQ_INT(diff_size("{\"a/b\":{\"m~n\":1}}", "{\"a/b\":{\"m~n\":2}}"), 1);
	CHECK_EQ_INT(diff_size("{\"\":[]}", "{\"\":[0]}"), 1);
}

static void test_diff_roundtrip_random(void)
{
	int failures = 0;
	size_t total_ops = 0;
	for (int i = 0; i < 3000; i++) {
		json_t *a = i % 5 == 0 ? gen(4) : gen_view(5);
		json_t *b = i % 4 == 0 ? gen_view(5) : mutate(a, 5);
		size_t n = 0;
		if (!roundtrip(a, b, &n))
			failures++;
		total_ops += n;
		/* and back again */
		if (!roundtrip(b, a, NULL))
			failures++;
		json_decref(a);
		json_decref(b);
	}
	printf("# random round trips: %zu ops in all\n", total_ops);
	CHECK_EQ_INT(failures, 0);

	/* Long arrays: over the LCS limit the middle is diffed as one block. */
	json_t *a = json_array(), *b = json_array();
	for (int i = 0; i < 400; i++) {
		json_array_append_new(a, json_integer((json_int_t)below(10)));
		json_array_append_new(b, json_integer((json_int_t)below(10)));
	}
	json_array_insert_new(b, 0, json_integer(-1));
	CHECK(roundtrip(a, b, NULL));
	CHECK(roundtrip(b, a, NULL));
	json_decref(a);
	json_decref(b);
}

static void test_diff_bounds(void)
{
	/* More operations than apply accepts: one replace of the root instead. */
	json_t *a = json_array(), *b = json_array();
	for (int i = 0; i < TG_JSON_PATCH_MAX_OPS + 10; i++) {
		json_array_append_new(a, json_integer(2 * i));
		json_array_append_new(b, json_integer(2 * i + 1));
	}
	size_t n = 0;
	CHECK(roundtrip(a, b, &n));
	CHECK_EQ_INT(n, 1);
	json_decref(a);
	json_decref(b);

	/* A change deeper than the pointer bound: replaced higher up, still exact. */
	a = json_integer(1);
	b = json_integer(2);
	for (int i = 0; i < TG_JSON_POINTER_MAX_DEPTH + 40; i++) {
		a = json_pack("{s:o}", "k", a);
		b = json_pack("{s:o}", "k", b);
	}
	json_t *p = tg_json_patch_diff(a, b);
	CHECK(p && json_array_size(p) == 1);
	CHECK(roundtrip(a, b, NULL));
	json_decref(p);
	json_decref(a);
	json_decref(b);
}

/* ---- the diff written as text -------------------------------------------- */

/* tg_json_patch_diff_text after the operations prior (as text) gives the
 * bytes of tg_json_patch_diff_append's array after the same operations:
 * 1, or 0 with the difference printed. */
static int same_text(const json_t *prior, const char *at, const json_t *a, const json_t *b)
{
	json_t *ops = json_deep_copy(prior);
	struct tg_patch_text o = {0};
	int ok = tg_patch_text_append_json(&o, prior, 0) == 0 && o.n == json_array_size(prior);
	int rs = tg_json_patch_diff_append(ops, at, a, b);
	int rt = tg_json_patch_diff_text(&o, at, a, b);
	struct tg_text want = {0};
	ok = ok && rs == 0 && rt == 0 && tg_json_compact_append(&want, ops) == 0;
	ok = ok && o.n == json_array_size(ops) && want.n == o.t.n + 2 &&
	     memcmp(want.p + 1, o.t.p ? o.t.p : "", o.t.n) == 0;
	if (!ok)
		printf("# at \"%s\": %d/%d, %zu/%zu ops\n#  want %.300s\n#  text [%.300s]\n", at,
		       rs, rt, json_array_size(ops), o.n, want.p ? want.p : "", o.t.p ? o.t.p : "");
	free(want.p);
	free(o.t.p);
	json_decref(ops);
	return ok;
}

static void test_diff_text(void)
{
	/* random documents, from an empty patch and after another operation,
	 * at the root and under a pointer that needs escapes */
	json_t *none = json_array();
	json_t *one = json_pack("[{s:s,s:s,s:i}]", "op", "add", "path", "/z", "value", 1);
	int failures = 0;
	for (int i = 0; i < 1000; i++) {
		json_t *a = i % 5 == 0 ? gen(4) : gen_view(5);
		json_t *b = i % 4 == 0 ? gen_view(5) : mutate(a, 5);
		failures += !same_text(i % 2 ? one : none, i % 3 ? "" : "/a~1b/~0c", a, b);
		json_decref(a);
		json_decref(b);
	}
	CHECK_EQ_INT(failures, 0);

	/* The apply bound counts the operations already written: 20 changes
	 * after MAX - 5 others become one replace of the part. */
	json_t *many = json_array(), *a = json_array(), *b = json_array();
	for (int i = 0; i < TG_JSON_PATCH_MAX_OPS - 5; i++)
		json_array_append(many, json_array_get(one, 0));
	for (int i = 0; i < 20; i++) {
		json_array_append_new(a, json_integer(2 * i));
		json_array_append_new(b, json_integer(2 * i + 1));
	}
	CHECK(same_text(many, "/x", a, b));
	struct tg_patch_text o = {0};
	CHECK(tg_patch_text_append_json(&o, many, 0) == 0);
	CHECK(tg_json_patch_diff_text(&o, "/x", a, b) == 0);
	CHECK_EQ_INT(o.n, TG_JSON_PATCH_MAX_OPS - 4);
	const char *tail = ",{\"op\":\"replace\",\"path\":\"/x\",\"value\":[1,3,5,7,9,11,13,15,"
	                   "17,19,21,23,25,27,29,31,33,35,37,39]}";
	CHECK(o.t.n > strlen(tail) && strcmp(o.t.p + o.t.n - strlen(tail), tail) == 0);
	free(o.t.p);
	json_decref(many);
	json_decref(a);
	json_decref(b);

	/* An operation that cannot be written (a path that is not UTF-8)
	 * leaves the text as it was; a rollback takes it back to a mark. */
	o = (struct tg_patch_text){0};
	CHECK(tg_patch_text_op(&o, "remove", "/a", 2, NULL) == 0);
	struct tg_patch_mark m = tg_patch_text_mark(&o);
	CHECK(tg_patch_text_op(&o, "remove", "/\xff", 2, NULL) != 0);
	CHECK(o.n == 1 && strcmp(o.t.p, "{\"op\":\"remove\",\"path\":\"/a\"}") == 0);
	CHECK(tg_patch_text_op_raw(&o, "add", "/b", 2, "[1]", 3) == 0);
	CHECK(strcmp(o.t.p, "{\"op\":\"remove\",\"path\":\"/a\"},"
	                    "{\"op\":\"add\",\"path\":\"/b\",\"value\":[1]}") == 0);
	json_t *back = tg_patch_text_json(&o);
	CHECK(back && json_array_size(back) == 2);
	json_decref(back);
	tg_patch_text_rollback(&o, m);
	CHECK(o.n == 1 && strcmp(o.t.p, "{\"op\":\"remove\",\"path\":\"/a\"}") == 0);
	free(o.t.p);
	json_decref(none);
	json_decref(one);
}

int main(void)
{
	test_conformance();
	test_error_codes();
	test_atomicity();
	test_in_place();
	test_in_place_take();
	test_bounds();
	test_diff_compact();
	test_diff_roundtrip_random();
	test_diff_bounds();
	test_diff_text();
	return tap_done();
}
