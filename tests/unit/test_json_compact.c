/* test_json_compact.c — tg_json_compact_append writes exactly the bytes of
 * json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY): the
 * kept views and the lines sent are compared with jansson's own output by
 * the view tests, so one byte of difference here would be a view that is
 * not view(). Fixed cases for each escape, then random trees. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_compact.h"
#include "tap.h"

#define FLAGS (JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY)

static long same(const json_t *v)
{
	char *want = json_dumps(v, FLAGS);
	struct tg_text t = {0};
	int rc = tg_json_compact_append(&t, v);
	bool ok = want && rc == 0 && t.p && strcmp(t.p, want) == 0 && t.n == strlen(want);
	if (!ok)
		CHECKF(false, "compact %s == jansson %s", t.p ? t.p : "(null)",
		       want ? want : "(null)");
	free(want);
	free(t.p);
	return ok;
}

static uint64_t rnd = 0x9e3779b97f4a7c15ull;
static uint32_t below(uint32_t n)
{
	rnd ^= rnd << 13;
	rnd ^= rnd >> 7;
	rnd ^= rnd << 17;
	return (uint32_t)(rnd % n);
}

/* Strings mixing plain letters, the two escaped ASCII characters, control
 * characters, '/', DEL and multi-byte UTF-8 (2, 3 and 4 bytes). */
static json_t *random_string(void)
{
	static const char *const bits[] = {"a",
	                                   "Grant",
	                                   " ",
	                                   "\"",
	                                   "\\",
	                                   "/",
	                                   "\n",
	                                   "\t",
	                                   "\x01",
	                                   "\x1f",
	                                   "\x7f",
	                                   "\xc3\xa9",
	                                   "\xe2\x80\xa8",
	                                   "\xf0\x9f\x98\x80",
	                                   "0703",
	                                   "~",
	                                   "{}"};
	char s[128] = "";
	size_t n = below(6);
	for (size_t i = 0; i < n; i++)
		strcat(s, bits[below(sizeof bits / sizeof *bits)]);
	return json_string(s);
}

static json_t *random_value(int depth)
{
	switch (below(depth > 3 ? 6 : 8)) {
	case 0:
		return json_integer((json_int_t)below(2000) - 1000);
	case 1:
		return below(2) ? json_integer(INT64_MIN) : json_integer(INT64_MAX);
	case 2:
		return json_real((double)below(100000) / 7.0 - 5000);
	case 3:
		return below(3) == 0 ? json_null() : json_boolean(below(2));
	case 4:
	case 5:
		return random_string();
	case 6: {
		json_t *a = json_array();
		for (uint32_t i = below(5); i > 0; i--)
			json_array_append_new(a, random_value(depth + 1));
		return a;
	}
	default: {
		json_t *o = json_object();
		for (uint32_t i = below(5); i > 0; i--) {
			json_t *k = random_string();
			json_object_set_new(o, json_string_value(k), random_value(depth + 1));
			json_decref(k);
		}
		return o;
	}
	}
}

int main(void)
{
	json_t *fixed[] = {
	    json_null(),
	    json_true(),
	    json_false(),
	    json_integer(0),
	    json_integer(-42),
	    json_real(0.5),
	    json_real(1e300),
	    json_real(-3.0),
	    json_string(""),
	    json_string("He said \"no\" \\ then / left"),
	    json_string("line\nbreak\r\b\f\t\x01"),
	    json_string("caf\xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80"),
	    json_array(),
	    json_object(),
	    json_pack("{s:[i,s,{s:n}],s:{},s:[]}", "a\"b", 1, "x", "k\xc3\xa9y", "e", "f")};
	for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) {
		same(fixed[i]);
		json_decref(fixed[i]);
	}
	long ok = 0, n = 3000;
	for (long i = 0; i < n; i++) {
		json_t *v = random_value(0);
		ok += same(v);
		json_decref(v);
	}
	CHECKF(ok == n, "%ld of %ld random trees written as jansson writes them", ok, n);
	/* each kind of byte at each place of strings of 1 to 40 bytes: the
	 * plain strings are checked eight bytes at a time, so a byte that needs
	 * an escape or jansson's writer must be seen in any lane of a word and
	 * in the tail after the last whole word */
	static const char *const odd[] = {"\"", "\\", "\x01", "\x1f", "\x7f", "\xc3\xa9",
	                                  " ",  "~",  "/",    "\n",   "!",    "\xe2\x80\xa8"};
	long placed = 0, placed_ok = 0;
	for (size_t len = 1; len <= 40; len++)
		for (size_t at = 0; at < len; at++)
			for (size_t k = 0; k < sizeof odd / sizeof *odd; k++) {
				char s[64];
				memset(s, 'a', len);
				size_t m = strlen(odd[k]);
				memcpy(s + at, odd[k], m);
				s[len > at + m ? len : at + m] = 0;
				json_t *v = json_string(s);
				placed++;
				placed_ok += v && same(v);
				json_decref(v);
			}
	CHECKF(placed_ok == placed, "%ld of %ld strings with one odd byte written as jansson does",
	       placed_ok, placed);
	/* appended after what the buffer holds, NUL-terminated */
	struct tg_text t = {0};
	tg_text_put(&t, "x=", 2);
	json_t *v = json_pack("[i,s]", 7, "y");
	CHECK(tg_json_compact_append(&t, v) == 0);
	CHECK(t.p && strcmp(t.p, "x=[7,\"y\"]") == 0 && t.n == 9);
	json_decref(v);
	free(t.p);
	return tap_done();
}
