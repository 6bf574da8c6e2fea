/* json_text.h — a value written straight as compact JSON text, with no
 * jansson tree (issue 17: the views' sections and the offers were built as
 * trees only to be serialized, and the trees' nodes, json_pack and their
 * frees were a third of an action's view work).
 *
 * What it guarantees: the bytes are exactly those
 * json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY) gives
 * for the tree v that the same calls would have built (the flags of the
 * kept views and of the lines sent, view_sections.h TG_VIEW_DUMP_FLAGS and
 * protocol/json_compact.h), with the members of an object in the order
 * they are written: that is jansson's order for an object built by
 * json_pack or json_object_set_new with each name once (it keeps insertion
 * order). Writing one name twice in an object is the caller's error (a
 * tree would keep the last value in the first place); nothing checks it.
 * Strings and names go through protocol/json_compact's one escaper (plain
 * printable ASCII written at once, anything else by jansson itself), and
 * integers through its digits, so the text cannot differ from
 * tg_json_compact_append's (tests/unit/test_json_text.c compares them with
 * json_dumps, tricky strings included).
 *
 * The writer puts the commas and the colons; the caller opens and closes
 * what it writes, a name before each member's value:
 *
 *     struct tg_jw w;
 *     tg_jw_init(&w, text);
 *     tg_jw_obj(&w);
 *     tg_jw_key(&w, "id");     tg_jw_str(&w, "grant");
 *     tg_jw_key(&w, "stars");  tg_jw_int(&w, 3);
 *     tg_jw_key(&w, "co");     tg_jw_null(&w);
 *     tg_jw_end(&w);                       // {"id":"grant","stars":3,"co":null}
 *     if (tg_jw_failed(&w)) ...            // out of memory, bad UTF-8, a misuse
 *
 * Several values may be written one after the other at the top (each
 * starts a new value: no comma between them), and a writer may start
 * inside an array or object already open in the text (tg_jw_init_in). */
#ifndef TG_KIT_JSON_TEXT_H
#define TG_KIT_JSON_TEXT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "json_compact.h"

#define TG_JW_MAX_DEPTH 63

struct tg_jw {
	struct tg_text *t;
	uint64_t more;   /* bit d: the container open at depth d has a value already */
	uint64_t is_obj; /* bit d: the container open at depth d is an object */
	unsigned depth;  /* containers open (0: at the top) */
	unsigned base;   /* 1 when started inside an open array (tg_jw_init_in) */
	bool keyed;      /* a name was written: its value is next */
	bool bad;        /* a misuse or an invalid string (the text is not JSON) */
};

/* A writer into t, at the top (t may hold text already: it is appended to). */
void tg_jw_init(struct tg_jw *w, struct tg_text *t);

/* A writer whose values are elements of an array already open in t, n of
 * them written already (a comma goes before the next when n > 0). */
void tg_jw_init_in(struct tg_jw *w, struct tg_text *t, uint32_t n);

void tg_jw_obj(struct tg_jw *w);
void tg_jw_arr(struct tg_jw *w);
/* Closes the innermost object or array. */
void tg_jw_end(struct tg_jw *w);

/* A member's name (inside an object; the value comes next). */
void tg_jw_key(struct tg_jw *w, const char *name);

void tg_jw_str(struct tg_jw *w, const char *s);
void tg_jw_strn(struct tg_jw *w, const char *s, size_t len);
void tg_jw_int(struct tg_jw *w, json_int_t x);
void tg_jw_bool(struct tg_jw *w, bool b);
void tg_jw_null(struct tg_jw *w);
/* A string, or null when s is NULL. */
void tg_jw_str_or_null(struct tg_jw *w, const char *s);
/* A tree written in place (a part not yet written as text); v NULL is
 * a failure, as json_object_set_new(o, k, NULL) is. */
void tg_jw_json(struct tg_jw *w, const json_t *v);
/* Text that is already one compact JSON value (the caller's word). */
void tg_jw_raw(struct tg_jw *w, const char *text, size_t len);

/* Member shorthands: the name, then the value. */
void tg_jw_kstr(struct tg_jw *w, const char *name, const char *s);
void tg_jw_kint(struct tg_jw *w, const char *name, json_int_t x);
void tg_jw_kbool(struct tg_jw *w, const char *name, bool b);
void tg_jw_knull(struct tg_jw *w, const char *name);

/* True once anything failed: out of memory (t->oom), an invalid string, a
 * name outside an object, a value without its name, an end with nothing
 * open, or nesting past TG_JW_MAX_DEPTH. */
bool tg_jw_failed(const struct tg_jw *w);

/* True when every container opened was closed and no name awaits a value. */
bool tg_jw_done(const struct tg_jw *w);

#endif
