/* json_pointer.h — RFC 6901 JSON Pointer: parsing into unescaped tokens,
 * array-index rules, resolution against a jansson document, and building
 * escaped pointers (for the diff). Bounded: a pointer deeper than
 * TG_JSON_POINTER_MAX_DEPTH tokens is refused. */
#ifndef TG_PROTOCOL_JSON_POINTER_H
#define TG_PROTOCOL_JSON_POINTER_H

#include <jansson.h>
#include <stddef.h>

#define TG_JSON_POINTER_MAX_DEPTH 256

enum tg_json_pointer_status {
	TG_JSON_POINTER_OK = 0,
	TG_JSON_POINTER_SYNTAX,        /* no leading '/', or '~' not followed by 0 or 1 */
	TG_JSON_POINTER_TOO_DEEP,      /* more than TG_JSON_POINTER_MAX_DEPTH tokens */
	TG_JSON_POINTER_NOMEM,         /* allocation failed */
	TG_JSON_POINTER_NO_MEMBER,     /* an object has no member of that name */
	TG_JSON_POINTER_BAD_INDEX,     /* token is not an array index ("01", "1e0", "-", ...) */
	TG_JSON_POINTER_OUT_OF_RANGE,  /* array index past the last element */
	TG_JSON_POINTER_NOT_CONTAINER, /* a token was applied to a scalar */
};

/* Made by tg_json_pointer_parse alone: tokens, lens and the tokens' bytes
 * are one allocation, freed by tg_json_pointer_free. */
struct tg_json_pointer {
	size_t ntokens;
	char **tokens; /* unescaped, NUL-terminated; may also contain NUL bytes */
	size_t *lens;
};

/* Parses the pointer s (len bytes; "" is the whole document). On failure out
 * is left empty (safe to free). */
enum tg_json_pointer_status tg_json_pointer_parse(const char *s, size_t len,
                                                  struct tg_json_pointer *out);
void tg_json_pointer_free(struct tg_json_pointer *p);

/* True if a's tokens are a proper prefix of b's (b names something inside a). */
int tg_json_pointer_is_proper_prefix(const struct tg_json_pointer *a,
                                     const struct tg_json_pointer *b);
/* True if both pointers name the same location. */
int tg_json_pointer_equal(const struct tg_json_pointer *a, const struct tg_json_pointer *b);

/* RFC 6901 array index: "0" or a non-zero digit followed by digits, no sign,
 * no exponent, no leading zero, not above SIZE_MAX/2. "-" is not an index
 * here: callers that accept it (add) check it first. */
enum tg_json_pointer_status tg_json_pointer_index(const char *tok, size_t len, size_t *out);

/* Resolves the first n tokens of p against root. On success *out is a
 * borrowed reference into root. */
enum tg_json_pointer_status tg_json_pointer_get(json_t *root, const struct tg_json_pointer *p,
                                                size_t n, json_t **out);

/* A growing pointer string for building paths: push appends "/" + the token
 * escaped (~ -> ~0, / -> ~1); truncate goes back to an earlier length. */
struct tg_json_pointer_buf {
	char *s;
	size_t len, cap;
};

int tg_json_pointer_buf_push(struct tg_json_pointer_buf *b, const char *tok, size_t len);
int tg_json_pointer_buf_push_index(struct tg_json_pointer_buf *b, size_t index);
void tg_json_pointer_buf_truncate(struct tg_json_pointer_buf *b, size_t len);
void tg_json_pointer_buf_free(struct tg_json_pointer_buf *b);

const char *tg_json_pointer_status_name(enum tg_json_pointer_status st);

#endif
