/* json_compact.h — a view's JSON written as the protocol sends it, faster.
 *
 * tg_json_compact_append() writes exactly the bytes of
 * json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY), but
 * straight into a growing buffer and without jansson's per-token callback:
 * the daemon serializes every rebuilt section of every view after every
 * action (issue 17, the kept view is text), and jansson's dump spent about
 * a hundred instructions a byte there. Strings that are plain printable
 * ASCII (every name and label of Lincoln's War) take the fast path; any
 * other string, and every real, is written by jansson itself, so the bytes
 * never differ (tests/unit/test_json_compact.c compares them). */
#ifndef TG_PROTOCOL_JSON_COMPACT_H
#define TG_PROTOCOL_JSON_COMPACT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A buffer grown with realloc; p[n] is kept 0 (NUL-terminated). */
struct tg_text {
	char *p;
	size_t n, cap;
	int oom; /* set once an allocation failed: nothing more is written */
};

/* Room for n more bytes and the NUL; 0, or -1 (oom set). */
int tg_text_reserve(struct tg_text *t, size_t n);

/* Appends s[0, n) (nothing once oom is set). Inline: a view's text is
 * written a few bytes at a time (issue 17: the call to tg_text_reserve
 * for each token was 3 % of bench_views' instructions). */
static inline void tg_text_put(struct tg_text *t, const char *s, size_t n)
{
	if ((t->oom || t->n + n + 1 > t->cap) && tg_text_reserve(t, n) != 0)
		return;
	memcpy(t->p + t->n, s, n);
	t->n += n;
	t->p[t->n] = 0;
}

/* Appends v; 0, or -1 when out of memory (oom set) or when jansson would
 * not serialize v either. */
int tg_json_compact_append(struct tg_text *t, const json_t *v);

/* The string s[0, len) as tg_json_compact_append writes a string value or a
 * member name (the same escaper: plain printable ASCII here, anything else
 * by jansson). 0, or -1 when out of memory or s is not valid UTF-8 (nothing
 * written; jansson would not make such a string either). */
int tg_json_compact_string(struct tg_text *t, const char *s, size_t len);

/* The integer x as tg_json_compact_append writes one. */
void tg_json_compact_int(struct tg_text *t, json_int_t x);

/* u's decimal digits written backwards to end at end (at least 20 bytes
 * before it): where they start. By hand: snprintf cost hundreds of
 * instructions a number, in the serializer and in every patch path
 * (issue 17); one loop for the three that wrote it. */
static inline char *tg_decimal_end(char *end, uint64_t u)
{
	do
		*--end = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	return end;
}

#endif
