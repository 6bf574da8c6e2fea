/* json_pointer.c — RFC 6901 JSON Pointer (see json_pointer.h). */
#include "json_pointer.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tg_json_pointer_free(struct tg_json_pointer *p)
{
	free(p->tokens); /* the tokens, their lengths and their bytes: one block */
	p->tokens = NULL;
	p->lens = NULL;
	p->ntokens = 0;
}

/* Unescapes one reference token into t: "~1" -> "/", then "~0" -> "~", in
 * one pass, which is the order RFC 6901 section 4 demands ("~01" is "~1").
 * t has room for len bytes and a NUL. */
static enum tg_json_pointer_status unescape(const char *s, size_t len, char *t, size_t *outlen)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '~') {
			t[n++] = s[i];
			continue;
		}
		if (i + 1 >= len || (s[i + 1] != '0' && s[i + 1] != '1'))
			return TG_JSON_POINTER_SYNTAX;
		t[n++] = s[i + 1] == '0' ? '~' : '/';
		i++;
	}
	t[n] = '\0';
	*outlen = n;
	return TG_JSON_POINTER_OK;
}

_Static_assert(sizeof(char *) % _Alignof(size_t) == 0, "the lengths follow the tokens' pointers");

/* One allocation holds the n token pointers, their n lengths, then the
 * tokens' bytes (each unescaped token is at most its escaped length, and
 * the n '/' leave room for the n NULs): a malloc a token and two callocs a
 * pointer were most of a patch operation's parse (issue 17: the load
 * generator parses every operation's path twice). */
enum tg_json_pointer_status tg_json_pointer_parse(const char *s, size_t len,
                                                  struct tg_json_pointer *out)
{
	memset(out, 0, sizeof *out);
	if (len == 0)
		return TG_JSON_POINTER_OK;
	if (s[0] != '/')
		return TG_JSON_POINTER_SYNTAX;
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		if (s[i] == '/')
			n++;
	if (n > TG_JSON_POINTER_MAX_DEPTH)
		return TG_JSON_POINTER_TOO_DEEP;
	char *block = malloc(n * (sizeof(char *) + sizeof(size_t)) + len);
	if (!block)
		return TG_JSON_POINTER_NOMEM;
	char **tokens = (char **)(void *)block;
	size_t *lens = (size_t *)(void *)(block + n * sizeof(char *));
	char *bytes = block + n * (sizeof(char *) + sizeof(size_t));
	size_t start = 1;
	for (size_t k = 0; k < n; k++) {
		size_t end = start;
		while (end < len && s[end] != '/')
			end++;
		tokens[k] = bytes;
		enum tg_json_pointer_status st = unescape(s + start, end - start, bytes, &lens[k]);
		if (st != TG_JSON_POINTER_OK) {
			free(block);
			return st;
		}
		bytes += lens[k] + 1;
		start = end + 1;
	}
	out->tokens = tokens;
	out->lens = lens;
	out->ntokens = n;
	return TG_JSON_POINTER_OK;
}

static int token_eq(const struct tg_json_pointer *a, const struct tg_json_pointer *b, size_t i)
{
	return a->lens[i] == b->lens[i] && memcmp(a->tokens[i], b->tokens[i], a->lens[i]) == 0;
}

int tg_json_pointer_is_proper_prefix(const struct tg_json_pointer *a,
                                     const struct tg_json_pointer *b)
{
	if (a->ntokens >= b->ntokens)
		return 0;
	for (size_t i = 0; i < a->ntokens; i++)
		if (!token_eq(a, b, i))
			return 0;
	return 1;
}

int tg_json_pointer_equal(const struct tg_json_pointer *a, const struct tg_json_pointer *b)
{
	if (a->ntokens != b->ntokens)
		return 0;
	for (size_t i = 0; i < a->ntokens; i++)
		if (!token_eq(a, b, i))
			return 0;
	return 1;
}

enum tg_json_pointer_status tg_json_pointer_index(const char *tok, size_t len, size_t *out)
{
	if (len == 0 || (len > 1 && tok[0] == '0'))
		return TG_JSON_POINTER_BAD_INDEX;
	size_t v = 0;
	for (size_t i = 0; i < len; i++) {
		if (tok[i] < '0' || tok[i] > '9')
			return TG_JSON_POINTER_BAD_INDEX;
		if (v > (SIZE_MAX / 2 - 9) / 10)
			return TG_JSON_POINTER_BAD_INDEX;
		v = v * 10 + (size_t)(tok[i] - '0');
	}
	*out = v;
	return TG_JSON_POINTER_OK;
}

enum tg_json_pointer_status tg_json_pointer_get(json_t *root, const struct tg_json_pointer *p,
                                                size_t n, json_t **out)
{
	json_t *cur = root;
	for (size_t i = 0; i < n && i < p->ntokens; i++) {
		if (json_is_object(cur)) {
			cur = json_object_getn(cur, p->tokens[i], p->lens[i]);
			if (!cur)
				return TG_JSON_POINTER_NO_MEMBER;
		} else if (json_is_array(cur)) {
			size_t idx;
			enum tg_json_pointer_status st =
			    tg_json_pointer_index(p->tokens[i], p->lens[i], &idx);
			if (st != TG_JSON_POINTER_OK)
				return st;
			if (idx >= json_array_size(cur))
				return TG_JSON_POINTER_OUT_OF_RANGE;
			cur = json_array_get(cur, idx);
		} else {
			return TG_JSON_POINTER_NOT_CONTAINER;
		}
	}
	*out = cur;
	return TG_JSON_POINTER_OK;
}

static int buf_reserve(struct tg_json_pointer_buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + extra + 1) {
		if (cap > SIZE_MAX / 2)
			return -1;
		cap *= 2;
	}
	char *s = realloc(b->s, cap);
	if (!s)
		return -1;
	b->s = s;
	b->cap = cap;
	return 0;
}

int tg_json_pointer_buf_push(struct tg_json_pointer_buf *b, const char *tok, size_t len)
{
	if (len > (SIZE_MAX - 2) / 2 || buf_reserve(b, 1 + 2 * len) != 0)
		return -1;
	b->s[b->len++] = '/';
	for (size_t i = 0; i < len; i++) {
		if (tok[i] == '~') {
			b->s[b->len++] = '~';
			b->s[b->len++] = '0';
		} else if (tok[i] == '/') {
			b->s[b->len++] = '~';
			b->s[b->len++] = '1';
		} else {
			b->s[b->len++] = tok[i];
		}
	}
	b->s[b->len] = '\0';
	return 0;
}

int tg_json_pointer_buf_push_index(struct tg_json_pointer_buf *b, size_t index)
{
	char digits[32];
	int n = snprintf(digits, sizeof digits, "%zu", index);
	return tg_json_pointer_buf_push(b, digits, (size_t)n);
}

void tg_json_pointer_buf_truncate(struct tg_json_pointer_buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->s[len] = '\0';
	}
}

void tg_json_pointer_buf_free(struct tg_json_pointer_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

const char *tg_json_pointer_status_name(enum tg_json_pointer_status st)
{
	switch (st) {
	case TG_JSON_POINTER_OK:
		return "ok";
	case TG_JSON_POINTER_SYNTAX:
		return "pointer syntax error";
	case TG_JSON_POINTER_TOO_DEEP:
		return "pointer too deep";
	case TG_JSON_POINTER_NOMEM:
		return "out of memory";
	case TG_JSON_POINTER_NO_MEMBER:
		return "no such member";
	case TG_JSON_POINTER_BAD_INDEX:
		return "invalid array index";
	case TG_JSON_POINTER_OUT_OF_RANGE:
		return "array index out of range";
	case TG_JSON_POINTER_NOT_CONTAINER:
		return "not an object or array";
	}
	return "unknown";
}
