/* json_patch.h — RFC 6902 JSON Patch: apply a patch to a document, and diff
 * two documents into a patch. Shared by the server (which sends patches
 * between two views of the same role) and the C client (which applies them).
 *
 * Apply is atomic: it works on a copy and either returns the whole new
 * document or NULL with the input untouched (tg_json_patch_apply_in_place
 * is the cheap, not atomic, variant). It is bounded: patches with more
 * than TG_JSON_PATCH_MAX_OPS operations, pointers deeper than
 * TG_JSON_POINTER_MAX_DEPTH, or "copy" operations that together would copy
 * more than TG_JSON_PATCH_MAX_COPY_NODES values are refused. */
#ifndef TG_PROTOCOL_JSON_PATCH_H
#define TG_PROTOCOL_JSON_PATCH_H

#include <jansson.h>
#include <stddef.h>

#include "json_compact.h"

#define TG_JSON_PATCH_MAX_OPS 65536
#define TG_JSON_PATCH_MAX_COPY_NODES 1000000

/* Stable error codes; tg_json_patch_status_code() gives the wire name. */
enum tg_json_patch_status {
	TG_JSON_PATCH_OK = 0,
	TG_JSON_PATCH_MALFORMED,       /* "malformed": not an array of valid operations */
	TG_JSON_PATCH_BAD_POINTER,     /* "bad_pointer": path/from is not an RFC 6901 pointer */
	TG_JSON_PATCH_NO_TARGET,       /* "no_target": the location (or its parent) is absent */
	TG_JSON_PATCH_BAD_INDEX,       /* "bad_index": invalid or out-of-range array index */
	TG_JSON_PATCH_MOVE_INTO_CHILD, /* "move_into_child": move from a location into itself */
	TG_JSON_PATCH_TEST_FAILED,     /* "test_failed": a test operation did not match */
	TG_JSON_PATCH_TOO_LARGE,       /* "too_large": a bound above was exceeded */
	TG_JSON_PATCH_NOMEM,           /* "out_of_memory" */
};

const char *tg_json_patch_status_code(enum tg_json_patch_status st);

/* Applies patch to doc and returns the new document (a new reference; doc is
 * not modified), or NULL on failure with "<code>: <sentence>" in err (which
 * may be NULL). The result may be a different type from doc, e.g. when the
 * root is replaced, or JSON null when the root is removed. */
json_t *tg_json_patch_apply(const json_t *doc, const json_t *patch, char *err, size_t errlen);

/* The same, also reporting the code (st may be NULL). */
json_t *tg_json_patch_apply_status(const json_t *doc, const json_t *patch,
                                   enum tg_json_patch_status *st, char *err, size_t errlen);

/* Applies patch to *doc in place: no copy of the document is made and the
 * document is not walked, so the cost is that of the operations alone (a
 * client that keeps one view and applies every patch to it: the load
 * generator). *doc is the caller's reference and is replaced by the result
 * (a root operation may make it another value); nobody else may hold a
 * reference to *doc or to any value inside it, for they would see the
 * change. The document must be nested no deeper than 4096 (jansson's parser
 * refuses deeper than 2048, and this apply never makes a document deeper
 * than the limit). Values are copied from patch, which is not changed.
 * Returns TG_JSON_PATCH_OK, or the status of the operation that failed
 * with "<code>: <sentence>" in err (which may be NULL): NOT atomic, the
 * operations before it stay applied, so the caller must drop *doc (which
 * is still a valid document to free) and get a whole one again. */
enum tg_json_patch_status tg_json_patch_apply_in_place(json_t **doc, const json_t *patch, char *err,
                                                       size_t errlen);

/* The same, but the values of add and replace operations are put into *doc
 * themselves, not copied (a copy operation still copies): for a caller that
 * made the patch for this apply alone (the load generator parses each
 * message and frees it after), the copy and the free of every value are
 * saved. The document then shares those values with patch: the caller must
 * neither change patch nor read it after the apply (the document's later
 * changes show through it), only drop its reference. */
enum tg_json_patch_status tg_json_patch_apply_in_place_take(json_t **doc, json_t *patch, char *err,
                                                            size_t errlen);

/* Returns a patch (a new JSON array) that turns from into to: applying it to
 * from gives a document json_equal() to to. Objects are diffed member by
 * member; arrays after trimming their common prefix and suffix, with an LCS
 * alignment of the middle when it is short, and an array whose two or more
 * operations are longer (as text, a comma each) than one replace of it is
 * replaced whole (its path counted as its pointer's bytes: 36 + the path +
 * the new array's text; kit/view_object.c's lists alike). If the patch would exceed the
 * apply bounds, a single replace of the root is returned instead. NULL only
 * when out of memory or when from or to is NULL. */
json_t *tg_json_patch_diff(const json_t *from, const json_t *to);

/* The same diff for the part of a document at pointer `at` (escaped, ""
 * for the root): appends to ops the operations, with paths under `at`,
 * that turn from into to there. Operations past the apply bound (counted
 * with those already in ops) become one replace of `at`. 0, or -1 when out
 * of memory (ops then holds a partial diff). */
int tg_json_patch_diff_append(json_t *ops, const char *at, const json_t *from, const json_t *to);

/* A new operation {"op":op,"path":path[0, plen)} (op a plain literal; the
 * path checked as UTF-8), without json_pack's parse of a format (issue 17:
 * json_pack spent about 3,000 instructions on each such pair); the caller
 * adds "value". NULL when out of memory or path is not UTF-8. */
json_t *tg_json_patch_op(const char *op, const char *path, size_t plen);

/* ---- a patch written as text (issue 17) --------------------------------
 *
 * The daemon sends every patch as text, and building its operations as
 * jansson objects (an object, its hashtable, two strings and a deep copy
 * of the value each) only to serialize and free them was about a tenth of
 * an action's view work. A tg_patch_text holds the operations as the text
 * tg_json_compact_append writes for the array of the objects
 * tg_json_patch_op (and a "value") would make, without the brackets:
 * {"op":op,"path":path[,"value":value]}, separated by ','. So
 * "[" + t + "]" is byte for byte that array's text. Start with {0}; free
 * t.p. */
struct tg_patch_text {
	struct tg_text t; /* the operations, separated by ',' */
	size_t n;         /* how many */
};

/* Where a tg_patch_text stood, to roll it back there. */
struct tg_patch_mark {
	size_t n, off;
};

static inline struct tg_patch_mark tg_patch_text_mark(const struct tg_patch_text *o)
{
	return (struct tg_patch_mark){o->n, o->t.n};
}

/* Takes o back to mark m (the operations written since are dropped). */
void tg_patch_text_rollback(struct tg_patch_text *o, struct tg_patch_mark m);

/* Appends the operation {"op":op,"path":path[0, plen),"value":value}
 * (without "value" when value is NULL); op a plain literal. 0; -1 when
 * out of memory, path is not UTF-8 or jansson would not serialize value
 * (o as it was, unless out of memory). */
int tg_patch_text_op(struct tg_patch_text *o, const char *op, const char *path, size_t plen,
                     const json_t *value);

/* The same with the value given as its text, vt[0, vlen) (the caller's
 * word that it is the value's compact text, as tg_json_compact_append
 * writes it). */
int tg_patch_text_op_raw(struct tg_patch_text *o, const char *op, const char *path, size_t plen,
                         const char *vt, size_t vlen);

/* tg_json_patch_diff_append written into o: the same operations, as text
 * (the values written from the trees, never copied). The apply bound
 * counts the operations already in o. 0, or -1 when out of memory. */
int tg_json_patch_diff_text(struct tg_patch_text *o, const char *at, const json_t *from,
                            const json_t *to);

/* The operations of the array ops from index first on, appended to o as
 * text (and not removed from ops). 0, or -1. */
int tg_patch_text_append_json(struct tg_patch_text *o, const json_t *ops, size_t first);

/* The patch parsed into a new JSON array (for tests and tools), or NULL. */
json_t *tg_patch_text_json(const struct tg_patch_text *o);

#endif
