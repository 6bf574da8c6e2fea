/* test_bench_loadgen_scan.c — tg_loadgen's skip of a container's text
 * (tests/bench/loadgen_scan.c, issue 17): the 64-byte block walk, with
 * SSE2's masks and with the byte loop's, answers exactly as the byte
 * walk it replaced, on fixed texts, on random JSON (strings with escapes
 * and brackets, across block boundaries, followed by more text) and on
 * random bytes that are not JSON at all; a string's stop (its end or
 * an escape) by SSE2 as a byte at a time; and the lines of TLS records
 * cut in place (lg_lines_feed) as the framer alone cuts them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/loadgen_scan.h"
#include "json_random.h"
#include "tap.h"

/* Where each walk stops in t[0, n) from t, -1 for NULL. */
static long at(const char *(*f)(const char *, const char *), const char *t, size_t n)
{
	/* the text is copied to the heap at its exact length, so a read past
	 * its end is AddressSanitizer's to see */
	char *c = malloc(n ? n : 1);
	memcpy(c, t, n);
	const char *r = f(c, c + n);
	long off = r ? (long)(r - c) : -1;
	free(c);
	return off;
}

static int mismatches;
static void same3(const char *t, size_t n, long want, bool known)
{
	long ref = at(lg_skip_container_bytes, t, n);
	long fast = at(lg_skip_container, t, n);
	long port = at(lg_skip_container_portable, t, n);
	if (ref != fast || ref != port || (known && ref != want)) {
		if (mismatches++ < 5)
			CHECKF(false, "%.*s: bytes %ld, fast %ld, portable %ld, want %ld",
			       (int)(n > 200 ? 200 : n), t, ref, fast, port, known ? want : ref);
	}
}

static void fixed(const char *t, long want)
{
	size_t n = strlen(t);
	CHECKF(at(lg_skip_container_bytes, t, n) == want, "bytes %s", t);
	CHECKF(at(lg_skip_container, t, n) == want, "fast %s", t);
	CHECKF(at(lg_skip_container_portable, t, n) == want, "portable %s", t);
}

struct buf {
	char *p;
	size_t n, cap;
};
static void put(struct buf *b, const char *s, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2;
		b->p = realloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
}
static void puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

static void gen_string(struct buf *b)
{
	static const char *const parts[] = {"a",   "bc",      "{",        "}",       "[",    "]",
	                                    ",",   ":",       " ",        "\\\"",    "\\\\", "\\n",
	                                    "\\/", "\\u00e9", "\xc3\xa9", "x\\\"]}", "0",    "~"};
	puts_(b, "\"");
	unsigned k = json_random_below(4) == 0 ? json_random_below(60) : json_random_below(8);
	for (unsigned i = 0; i < k; i++)
		puts_(b, parts[json_random_below(sizeof parts / sizeof *parts)]);
	puts_(b, "\"");
}

static void gen_value(struct buf *b, int depth)
{
	unsigned r = json_random_below(depth > 6 ? 4 : 7);
	switch (r) {
	case 0:
		gen_string(b);
		return;
	case 1:
		puts_(b, json_random_below(2) ? "123" : "-4.5e6");
		return;
	case 2:
		puts_(b, json_random_below(2) ? "true" : "null");
		return;
	case 3:
		puts_(b, json_random_below(2) ? "{}" : "[ ]");
		return;
	case 4:
	case 5: {
		puts_(b, "{");
		unsigned k = json_random_below(6);
		for (unsigned i = 0; i < k; i++) {
			if (i)
				puts_(b, json_random_below(4) ? "," : " , ");
			gen_string(b);
			puts_(b, ":");
			gen_value(b, depth + 1);
		}
		puts_(b, "}");
		return;
	}
	default: {
		puts_(b, "[");
		unsigned k = json_random_below(6);
		for (unsigned i = 0; i < k; i++) {
			if (i)
				puts_(b, ",");
			gen_value(b, depth + 1);
		}
		puts_(b, "]");
		return;
	}
	}
}

/* The lines a feed hands out, each with its length and a '|' after it,
 * and where a callback told it to stop (stop_at lines, 0: never). */
struct lines {
	char buf[8192];
	size_t n;
	int count, stop_at;
};

static int take_line(const char *line, size_t len, void *ud)
{
	struct lines *l = ud;
	/* no newline inside (neither the framer's lines nor lg_lines_feed's
	 * need be NUL-terminated: their readers take len) */
	if (memchr(line, '\n', len))
		l->n = sizeof l->buf;
	if (l->n + len + 8 < sizeof l->buf) {
		l->n += (size_t)snprintf(l->buf + l->n, 8, "%zu:", len);
		memcpy(l->buf + l->n, line, len);
		l->n += len;
		l->buf[l->n++] = '|';
	}
	return ++l->count == l->stop_at;
}

int main(void)
{
	json_random_seed(0x9e3779b97f4a7c15ull); /* the sequence this test was written with */
	fixed("{}", 2);
	fixed("[]", 2);
	fixed("{}]", 2);
	fixed("{\"a\":\"}\"}", 9);
	fixed("[\"\\\"]\"]", 7);
	fixed("{\"a\":\"\\\\\"}x", 10);
	fixed("{\"a\":[1,{\"b\":[]}],\"c\":2},", 24);
	fixed("{\"a\":1", -1);
	fixed("[\"]", -1);
	fixed("[\"\\", -1);
	fixed("[[[]]", -1);

	/* the close at each place around the first block's end, a string
	 * open across it, an escape as its last byte */
	for (size_t len = 4; len < 200; len++) {
		char t[256];
		memset(t, 'a', sizeof t);
		t[0] = '[';
		t[1] = '"';
		t[len - 2] = '"';
		t[len - 1] = ']';
		same3(t, len, (long)len, true);
		/* a bracket inside the string, at each place; a backslash,
		 * which escapes the next byte (the last one the closing quote) */
		for (size_t i = 2; i + 2 < len; i++) {
			char u[256];
			memcpy(u, t, len);
			u[i] = ']';
			same3(u, len, (long)len, true);
			u[i] = '\\';
			same3(u, len, i + 3 == len ? -1 : (long)len, true);
		}
	}

	/* random JSON followed by more text */
	struct buf b = {0};
	for (int i = 0; i < 20000; i++) {
		b.n = 0;
		if (json_random_below(2))
			puts_(&b, "{");
		else
			puts_(&b, "[");
		bool obj = b.p[0] == '{';
		unsigned k = json_random_below(8);
		for (unsigned j = 0; j < k; j++) {
			if (j)
				puts_(&b, ",");
			if (obj) {
				gen_string(&b);
				puts_(&b, ":");
			}
			gen_value(&b, 1);
		}
		puts_(&b, obj ? "}" : "]");
		long end = (long)b.n;
		for (unsigned j = json_random_below(3); j > 0; j--) {
			puts_(&b, ",");
			gen_value(&b, 1);
		}
		same3(b.p, b.n, end, true);
		/* and cut short */
		same3(b.p, (size_t)json_random_below((unsigned)end), -1, true);
	}

	/* random bytes from the walk's alphabet, from an opening bracket */
	static const char alphabet[] = "{}[]\"\\\\a ,:\x80";
	char t[400];
	for (int i = 0; i < 50000; i++) {
		size_t n = 1 + json_random_below(sizeof t - 1);
		t[0] = json_random_below(2) ? '{' : '[';
		for (size_t j = 1; j < n; j++)
			t[j] = alphabet[json_random_below(sizeof alphabet - 1)];
		same3(t, n, 0, false);
	}
	/* a string's end or escape, from every place of random texts, cut at
	 * every length around the 16 bytes of a compare */
	int stop_mismatches = 0;
	static const char sbytes[] = "ab\"\\{ \x80\xff";
	for (int i = 0; i < 3000; i++) {
		size_t n = json_random_below(70);
		for (size_t j = 0; j < n; j++)
			t[j] = json_random_below(4) ? 'a' + (char)json_random_below(26)
			                            : sbytes[json_random_below(sizeof sbytes - 1)];
		char *c = malloc(n ? n : 1); /* exact: a read past it is ASan's */
		memcpy(c, t, n);
		for (size_t from = 0; from <= n; from++)
			for (size_t to = from; to <= n; to++)
				if (lg_string_stop(c + from, c + to) !=
				    lg_string_stop_bytes(c + from, c + to))
					stop_mismatches++;
		free(c);
	}
	CHECKF(stop_mismatches == 0, "%d places where the string stops differ", stop_mismatches);
	/* records' lines: random texts of short lines (empty ones, '\r's,
	 * a line across records) cut into random records, fed to the framer
	 * alone and to lg_lines_feed; the same lines, the same stop, the
	 * records' bytes as they were */
	int line_mismatches = 0, changed = 0;
	static const char lbytes[] = "ab\r\n\n{\"";
	for (int i = 0; i < 3000; i++) {
		size_t n = json_random_below(300);
		for (size_t j = 0; j < n; j++)
			t[j] = lbytes[json_random_below(sizeof lbytes - 1)];
		int stop_at = json_random_below(4) ? 0 : 1 + (int)json_random_below(12);
		struct lines a = {.stop_at = stop_at}, c = {.stop_at = stop_at};
		struct tg_framer fa, fc;
		tg_framer_init(&fa, 1 << 20);
		tg_framer_init(&fc, 1 << 20);
		int ra = 0, rc = 0;
		for (size_t from = 0; from < n;) {
			size_t k = 1 + json_random_below((unsigned)(n - from < 40 ? n - from : 40));
			char rec[64], orig[64];
			memcpy(rec, t + from, k);
			memcpy(orig, rec, k);
			if (!ra)
				ra = tg_framer_feed(&fa, t + from, k, take_line, &a);
			if (!rc)
				rc = lg_lines_feed(&fc, rec, k, take_line, &c);
			changed += memcmp(rec, orig, k) != 0;
			from += k;
		}
		if (ra != rc || a.count != c.count || a.n != c.n || memcmp(a.buf, c.buf, a.n) != 0)
			line_mismatches++;
		tg_framer_free(&fa);
		tg_framer_free(&fc);
	}
	CHECKF(line_mismatches == 0, "%d texts whose lines differ from the framer's",
	       line_mismatches);
	CHECKF(changed == 0, "%d records changed by lg_lines_feed", changed);
	free(b.p);
	CHECKF(mismatches == 0, "%d texts where the walks differ", mismatches);
	return tap_done();
}
