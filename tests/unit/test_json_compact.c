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
#include "json_random.h"
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

int main(void)
{
	json_random_seed(0x9e3779b97f4a7c15ull);
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
	/* a member name holding a NUL (json_object_setn): jansson writes it
	 * whole, "a\u0000b", not cut at the NUL */
	json_t *nul = json_object();
	json_object_setn_new(nul, "a\0b", 3, json_integer(1));
	CHECK(same(nul));
	json_decref(nul);
	long n = 3000, ok = json_random_trees(n, same);
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
