/* test_json_text.c — kit/json_text.h writes what json_dumps(v, JSON_COMPACT
 * | JSON_ENSURE_ASCII | JSON_ENCODE_ANY) writes for the tree the same calls
 * would build: fixed escapes checked against literal text (so a wrong
 * escaper fails even if jansson's dump and ours agreed on it), tricky
 * strings and random trees against json_dumps, and the misuses the writer
 * must refuse. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_random.h"
#include "kit/json_text.h"
#include "tap.h"

#define FLAGS (JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY)

/* Writes the tree v with the writer's calls, member by member (a real,
 * which the writer has no call for, through tg_jw_json). */
static void write_tree(struct tg_jw *w, const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		const char *k;
		json_t *x;
		tg_jw_obj(w);
		json_object_foreach((json_t *)v, k, x)
		{
			tg_jw_key(w, k);
			write_tree(w, x);
		}
		tg_jw_end(w);
		break;
	}
	case JSON_ARRAY:
		tg_jw_arr(w);
		for (size_t i = 0; i < json_array_size(v); i++)
			write_tree(w, json_array_get(v, i));
		tg_jw_end(w);
		break;
	case JSON_STRING:
		tg_jw_strn(w, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		tg_jw_int(w, json_integer_value(v));
		break;
	case JSON_REAL:
		tg_jw_json(w, v);
		break;
	case JSON_TRUE:
	case JSON_FALSE:
		tg_jw_bool(w, json_is_true(v));
		break;
	case JSON_NULL:
		tg_jw_null(w);
		break;
	}
}

static long same(const json_t *v)
{
	char *want = json_dumps(v, FLAGS);
	struct tg_text t = {0};
	struct tg_jw w;
	tg_jw_init(&w, &t);
	write_tree(&w, v);
	bool ok = want && !tg_jw_failed(&w) && tg_jw_done(&w) && t.p && strcmp(t.p, want) == 0 &&
	          t.n == strlen(want);
	if (!ok)
		CHECKF(false, "writer %s == jansson %s", t.p ? t.p : "(null)",
		       want ? want : "(null)");
	free(want);
	free(t.p);
	return ok;
}

/* The writer's text for one string value. */
static char *string_text(const char *s, size_t len, bool *failed)
{
	struct tg_text t = {0};
	struct tg_jw w;
	tg_jw_init(&w, &t);
	tg_jw_strn(&w, s, len);
	*failed = tg_jw_failed(&w);
	return t.p;
}

int main(void)
{
	json_random_seed(0x2545f4914f6cdd1dull);
	/* escapes against literal text: the JSON grammar, not jansson, says
	 * what these must be */
	static const struct {
		const char *s;
		size_t len;
		const char *want;
	} lit[] = {
	    {"", 0, "\"\""},
	    {"plain words", 11, "\"plain words\""},
	    {"a\"b", 3, "\"a\\\"b\""},
	    {"back\\slash", 10, "\"back\\\\slash\""},
	    {"/", 1, "\"/\""}, /* not escaped (no JSON_ESCAPE_SLASH) */
	    {"\n\r\t\b\f", 5, "\"\\n\\r\\t\\b\\f\""},
	    {"\x01\x1f", 2, "\"\\u0001\\u001F\""}, /* jansson writes hex in capitals */
	    {"a\0b", 3, "\"a\\u0000b\""},
	    {"\x7f", 1, "\"\x7f\""}, /* DEL is not a control character to JSON */
	    {"caf\xc3\xa9", 5, "\"caf\\u00E9\""},
	    {"\xe2\x80\xa8", 3, "\"\\u2028\""},
	    {"\xf0\x9f\x98\x80", 4, "\"\\uD83D\\uDE00\""},
	    {"Lee's \"Old War Horse\" \\ 1863", 28, "\"Lee's \\\"Old War Horse\\\" \\\\ 1863\""},
	};
	for (size_t i = 0; i < sizeof lit / sizeof *lit; i++) {
		bool failed;
		char *got = string_text(lit[i].s, lit[i].len, &failed);
		CHECKF(!failed && got && strcmp(got, lit[i].want) == 0, "string %zu: %s == %s", i,
		       got ? got : "(null)", lit[i].want);
		free(got);
	}
	/* invalid UTF-8 is refused, as json_stringn refuses it */
	bool failed;
	free(string_text("\xc3", 1, &failed));
	CHECK(failed);
	free(string_text("a\xff", 2, &failed));
	CHECK(failed);

	/* the same strings, and each tricky one at every place of strings of 1
	 * to 24 bytes (the escaper checks eight bytes at a time), as values
	 * and as names, against json_dumps */
	long placed = 0, placed_ok = 0;
	for (size_t len = 1; len <= 24; len++)
		for (size_t at = 0; at < len; at++)
			for (size_t k = 0; k < sizeof json_random_bits / sizeof *json_random_bits;
			     k++) {
				char s[64];
				memset(s, 'x', len);
				size_t m = strlen(json_random_bits[k]);
				memcpy(s + at, json_random_bits[k], m);
				s[len > at + m ? len : at + m] = 0;
				json_t *v = json_pack("{s:s,s:[s,i,b,n]}", s, s, "k", s, -7, 1);
				placed++;
				placed_ok += v && same(v);
				json_decref(v);
			}
	CHECKF(placed_ok == placed, "%ld of %ld objects of tricky strings written as jansson does",
	       placed_ok, placed);
	long n = 3000, ok = json_random_trees(n, same);
	CHECKF(ok == n, "%ld of %ld random trees written as jansson writes them", ok, n);

	/* integers around the one-digit ones (tg_jw_int writes 0 to 9 by a
	 * shorter way), as values and as members, against json_dumps */
	json_t *ints = json_array(), *named = json_object();
	for (json_int_t x = -12; x <= 12; x++) {
		char k[8];
		snprintf(k, sizeof k, "k%d", (int)x + 12);
		json_array_append_new(ints, json_integer(x));
		json_object_set_new(named, k, json_integer(x));
	}
	json_array_append_new(ints, json_integer(INT64_MIN));
	json_array_append_new(ints, json_integer(INT64_MAX));
	json_array_append(ints, named);
	CHECK(same(ints));
	json_t *one = json_integer(7);
	CHECK(same(one)); /* at the top, without a comma */
	json_decref(one);
	json_decref(named);
	json_decref(ints);

	/* the shorthands, and a writer started inside an open array */
	struct tg_text t = {0};
	struct tg_jw w;
	tg_text_put(&t, "[1", 2);
	tg_jw_init_in(&w, &t, 1);
	tg_jw_obj(&w);
	tg_jw_kstr(&w, "id", "grant");
	tg_jw_kint(&w, "stars", -3);
	tg_jw_kbool(&w, "gic", true);
	tg_jw_knull(&w, "co");
	tg_jw_key(&w, "x");
	tg_jw_str_or_null(&w, NULL);
	tg_jw_key(&w, "raw");
	tg_jw_raw(&w, "[2,3]", 5);
	tg_jw_end(&w);
	tg_jw_int(&w, 4);
	CHECK(!tg_jw_failed(&w) && tg_jw_done(&w));
	tg_text_put(&t, "]", 1);
	CHECK_EQ_STR(t.p, "[1,{\"id\":\"grant\",\"stars\":-3,\"gic\":true,\"co\":null,\"x\":null,"
	                  "\"raw\":[2,3]},4]");
	free(t.p);

	/* misuses are refused */
	struct {
		const char *what;
		int calls;
	} bad[] = {{"a name outside an object", 0}, {"a value without its name", 1},
	           {"an end with nothing open", 2}, {"a name after a name", 3},
	           {"an end after a name", 4},      {"nesting too deep", 5}};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		t = (struct tg_text){0};
		tg_jw_init(&w, &t);
		switch (bad[i].calls) {
		case 0:
			tg_jw_arr(&w);
			tg_jw_key(&w, "k");
			break;
		case 1:
			tg_jw_obj(&w);
			tg_jw_int(&w, 1);
			break;
		case 2:
			tg_jw_end(&w);
			break;
		case 3:
			tg_jw_obj(&w);
			tg_jw_key(&w, "a");
			tg_jw_key(&w, "b");
			break;
		case 4:
			tg_jw_obj(&w);
			tg_jw_key(&w, "a");
			tg_jw_end(&w);
			break;
		case 5:
			for (int d = 0; d <= TG_JW_MAX_DEPTH; d++)
				tg_jw_arr(&w);
			break;
		}
		CHECKF(tg_jw_failed(&w), "refused: %s", bad[i].what);
		free(t.p);
	}
	/* an unfinished value is not done */
	t = (struct tg_text){0};
	tg_jw_init(&w, &t);
	tg_jw_arr(&w);
	CHECK(!tg_jw_failed(&w) && !tg_jw_done(&w));
	free(t.p);
	return tap_done();
}
