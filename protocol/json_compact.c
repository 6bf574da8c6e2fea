/* json_compact.c — see json_compact.h. */
#include "json_compact.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FLAGS (JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY)

int tg_text_reserve(struct tg_text *t, size_t n)
{
	if (t->oom)
		return -1;
	if (t->n + n + 1 <= t->cap)
		return 0;
	size_t cap = t->cap ? t->cap : 4096;
	while (cap < t->n + n + 1)
		cap *= 2;
	char *q = realloc(t->p, cap);
	if (!q) {
		t->oom = 1;
		return -1;
	}
	t->p = q;
	t->cap = cap;
	return 0;
}

/* jansson's own bytes for v (a real, or a string off the fast path). */
static int by_jansson(struct tg_text *t, const json_t *v)
{
	if (tg_text_reserve(t, 0) != 0)
		return -1;
	size_t room = t->cap - t->n - 1;
	size_t need = json_dumpb(v, t->p + t->n, room, FLAGS);
	if (need > room && tg_text_reserve(t, need) == 0)
		need = json_dumpb(v, t->p + t->n, need, FLAGS);
	if (need == 0 || t->oom)
		return -1;
	t->n += need;
	t->p[t->n] = 0;
	return 0;
}

/* Word-at-a-time tests of 8 bytes (each exact as to whether any byte
 * matches): a byte below 0x20, a byte above 0x7e, a zero byte. */
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
#define ANY_BELOW(w, n) (((w)-ONES * (n)) & ~(w)&HIGHS)
#define ANY_ABOVE(w, n) ((((w) + ONES * (127 - (n))) | (w)) & HIGHS)
#define ANY_ZERO(w) (((w)-ONES) & ~(w)&HIGHS)

/* The word's bytes fail a test: a byte to escape or to leave to jansson
 * (bit 0), or a '"' or '\\' (bit 1). */
static inline unsigned word_test(uint64_t w)
{
	unsigned odd = (ANY_BELOW(w, 0x20) | ANY_ABOVE(w, 0x7e)) != 0;
	unsigned quote = (ANY_ZERO(w ^ (ONES * '"')) | ANY_ZERO(w ^ (ONES * '\\'))) != 0;
	return odd | quote << 1;
}

/* A string of printable ASCII: only '"' and '\\' are escaped (as jansson
 * does without JSON_ESCAPE_SLASH). 1 if written, 0 if it is not such a
 * string, -1 when out of memory. The bytes are checked eight at a time
 * (issue 17: this loop was the biggest cost of writing a view's text), the
 * last few as one word too: the string's last eight bytes (which overlap
 * the words already checked), or for a string shorter than eight its bytes
 * padded with spaces, not one byte at a time. */
static int plain_string(struct tg_text *t, const char *s, size_t len)
{
	unsigned test = 0;
	uint64_t w;
	if (len >= 8) {
		size_t i = 0;
		for (; i + 8 <= len; i += 8) {
			memcpy(&w, s + i, 8);
			test |= word_test(w);
		}
		if (i < len) {
			memcpy(&w, s + len - 8, 8);
			test |= word_test(w);
		}
	} else {
		char pad[8];
		memset(pad, ' ', sizeof pad);
		if (len)
			memcpy(pad, s, len);
		memcpy(&w, pad, 8);
		test = word_test(w);
	}
	if (test & 1)
		return 0;
	size_t esc = 0;
	for (size_t i = 0; (test & 2) && i < len; i++)
		esc += s[i] == '"' || s[i] == '\\';
	if (tg_text_reserve(t, len + esc + 2) != 0)
		return -1;
	char *o = t->p + t->n;
	*o++ = '"';
	if (!esc) {
		memcpy(o, s, len);
		o += len;
	} else {
		for (size_t i = 0; i < len; i++) {
			if (s[i] == '"' || s[i] == '\\')
				*o++ = '\\';
			*o++ = s[i];
		}
	}
	*o++ = '"';
	t->n = (size_t)(o - t->p);
	t->p[t->n] = 0;
	return 1;
}

static int put_string(struct tg_text *t, const json_t *v)
{
	int r = plain_string(t, json_string_value(v), json_string_length(v));
	return r == 0 ? by_jansson(t, v) : r < 0 ? -1 : 0;
}

int tg_json_compact_string(struct tg_text *t, const char *s, size_t len)
{
	int r = plain_string(t, s, len);
	if (r == 0) {
		json_t *k = json_stringn(s, len);
		r = k ? by_jansson(t, k) : -1;
		json_decref(k);
		return r;
	}
	return r < 0 ? -1 : 0;
}

void tg_json_compact_int(struct tg_text *t, json_int_t x)
{
	/* digits by hand: snprintf was a third of this file's time */
	char num[32];
	uint64_t u = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
	char *e = num + sizeof num, *d = tg_decimal_end(e, u);
	if (x < 0)
		*--d = '-';
	tg_text_put(t, d, (size_t)(e - d));
}

int tg_json_compact_append(struct tg_text *t, const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		tg_text_put(t, "{", 1);
		/* jansson's iterator straight, not json_object_foreach: that
		 * asks for each key's iterator again and its length by strlen */
		int first = 1;
		for (void *i = json_object_iter((json_t *)v); i;
		     i = json_object_iter_next((json_t *)v, i)) {
			if (!first)
				tg_text_put(t, ",", 1);
			first = 0;
			if (tg_json_compact_string(t, json_object_iter_key(i),
			                           json_object_iter_key_len(i)) != 0)
				return -1;
			tg_text_put(t, ":", 1);
			if (tg_json_compact_append(t, json_object_iter_value(i)) != 0)
				return -1;
		}
		tg_text_put(t, "}", 1);
		break;
	}
	case JSON_ARRAY: {
		tg_text_put(t, "[", 1);
		size_t n = json_array_size(v);
		for (size_t i = 0; i < n; i++) {
			if (i)
				tg_text_put(t, ",", 1);
			if (tg_json_compact_append(t, json_array_get(v, i)) != 0)
				return -1;
		}
		tg_text_put(t, "]", 1);
		break;
	}
	case JSON_STRING:
		return put_string(t, v);
	case JSON_INTEGER:
		tg_json_compact_int(t, json_integer_value(v));
		break;
	case JSON_REAL:
		return by_jansson(t, v);
	case JSON_TRUE:
		tg_text_put(t, "true", 4);
		break;
	case JSON_FALSE:
		tg_text_put(t, "false", 5);
		break;
	case JSON_NULL:
		tg_text_put(t, "null", 4);
		break;
	}
	return t->oom ? -1 : 0;
}
