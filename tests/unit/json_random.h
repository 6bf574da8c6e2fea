/* json_random.h — random JSON trees for the tests that compare a writer of
 * JSON text with json_dumps (test_json_compact, test_json_text): a xorshift
 * generator that each test seeds itself (json_random_seed), and trees of
 * every kind of value (integers to INT64_MIN and INT64_MAX, reals, null,
 * booleans, arrays and objects four levels deep) whose strings and keys mix
 * the bytes a writer may get wrong: plain letters, the two escaped ASCII
 * characters, control characters, '/', DEL, multi-byte UTF-8 (2, 3 and 4
 * bytes, U+2028 among them) and JSON's own punctuation. Included by one test
 * file each (test_view_object uses only the generator); its functions are
 * static, so that a test need not use them all. */
#ifndef TG_TEST_JSON_RANDOM_H
#define TG_TEST_JSON_RANDOM_H

#include <jansson.h>
#include <stdint.h>
#include <string.h>

static uint64_t json_random_state = 0x2545f4914f6cdd1dull;

static inline void json_random_seed(uint64_t seed)
{
	json_random_state = seed ? seed : 1; /* xorshift never leaves 0 */
}

/* A number below n (n > 0). */
static inline uint32_t json_random_below(uint32_t n)
{
	json_random_state ^= json_random_state << 13;
	json_random_state ^= json_random_state >> 7;
	json_random_state ^= json_random_state << 17;
	return (uint32_t)(json_random_state % n);
}

static const char *const json_random_bits[] = {
    "a",    "Grant", " ",    "\"", "\\",   "/",        "\n",           "\t",
    "\x01", "\x1f",  "\x7f", "~",  "0703", "\xc3\xa9", "\xe2\x80\xa8", "\xf0\x9f\x98\x80",
    "{}",   ":",     ","};

/* Up to six of the bits above into s (at least 6 * 4 + 1 bytes). */
static inline void json_random_text(char *s)
{
	s[0] = 0;
	for (size_t i = json_random_below(7); i > 0; i--)
		strcat(s, json_random_bits[json_random_below(sizeof json_random_bits /
		                                             sizeof *json_random_bits)]);
}

/* A new random tree; depth is the caller's (0 at the root). */
static inline json_t *json_random_value(int depth)
{
	char s[32];
	switch (json_random_below(depth > 3 ? 6 : 8)) {
	case 0:
		return json_integer((json_int_t)json_random_below(2000) - 1000);
	case 1:
		return json_random_below(2) ? json_integer(INT64_MIN) : json_integer(INT64_MAX);
	case 2:
		return json_real((double)json_random_below(100000) / 7.0 - 5000);
	case 3:
		return json_random_below(3) == 0 ? json_null() : json_boolean(json_random_below(2));
	case 4:
	case 5:
		json_random_text(s);
		return json_string(s);
	case 6: {
		json_t *a = json_array();
		for (uint32_t i = json_random_below(5); i > 0; i--)
			json_array_append_new(a, json_random_value(depth + 1));
		return a;
	}
	default: {
		json_t *o = json_object();
		for (uint32_t i = json_random_below(5); i > 0; i--) {
			json_random_text(s);
			json_object_set_new(o, s, json_random_value(depth + 1));
		}
		return o;
	}
	}
}

/* n random trees, each given to same (whether the writer under test wrote
 * it as jansson does); how many it passed. */
static inline long json_random_trees(long n, long (*same)(const json_t *v))
{
	long ok = 0;
	for (long i = 0; i < n; i++) {
		json_t *v = json_random_value(0);
		ok += same(v);
		json_decref(v);
	}
	return ok;
}

#endif
