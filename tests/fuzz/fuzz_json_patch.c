/* fuzz_json_patch.c — RFC 6902 apply and diff on arbitrary input.
 *
 * Input: up to three newline-separated JSON texts: a document, a patch, and
 * optionally a second document. Properties checked (abort on violation):
 *  - apply never crashes; it returns a document or NULL with a coded message;
 *  - apply never modifies its input document (atomicity);
 *  - the in-place apply, on a copy, gives the same status and document;
 *  - for any two parsed documents a and b (b is the third text, or else the
 *    result of the apply), apply(a, diff(a, b)) equals b, both ways round. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_patch.h"

static json_t *parse_part(const uint8_t **data, size_t *size)
{
	const uint8_t *nl = memchr(*data, '\n', *size);
	size_t len = nl ? (size_t)(nl - *data) : *size;
	json_t *v = json_loadb((const char *)*data, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	*data += nl ? len + 1 : len;
	*size -= nl ? len + 1 : len;
	return v;
}

static void check_roundtrip(const json_t *a, const json_t *b)
{
	json_t *patch = tg_json_patch_diff(a, b);
	if (!patch)
		abort();
	char err[256];
	json_t *out = tg_json_patch_apply(a, patch, err, sizeof err);
	if (!out || !json_equal(out, b)) {
		fprintf(stderr, "diff round trip failed: %s\n", out ? "result differs" : err);
		abort();
	}
	json_decref(out);
	json_decref(patch);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *doc = parse_part(&data, &size);
	json_t *patch = parse_part(&data, &size);
	json_t *other = parse_part(&data, &size);
	json_t *result = NULL;
	if (doc && patch) {
		char *before = json_dumps(doc, JSON_ENCODE_ANY | JSON_SORT_KEYS);
		char err[256];
		enum tg_json_patch_status st;
		result = tg_json_patch_apply_status(doc, patch, &st, err, sizeof err);
		if ((result != NULL) != (st == TG_JSON_PATCH_OK))
			abort();
		if (!result &&
		    (err[0] == '\0' || strncmp(err, tg_json_patch_status_code(st),
		                               strlen(tg_json_patch_status_code(st))) != 0))
			abort();
		char *after = json_dumps(doc, JSON_ENCODE_ANY | JSON_SORT_KEYS);
		if (!before || !after || strcmp(before, after) != 0)
			abort();
		free(before);
		free(after);
		/* In place on a copy: the same status, and the same document. */
		json_t *mine = json_deep_copy(doc);
		if (mine) {
			enum tg_json_patch_status st2 =
			    tg_json_patch_apply_in_place(&mine, patch, err, sizeof err);
			if (st2 != st || (result && !json_equal(mine, result)))
				abort();
			json_decref(mine);
		}
	}
	const json_t *b = other ? other : result;
	if (doc && b) {
		check_roundtrip(doc, b);
		check_roundtrip(b, doc);
	}
	json_decref(result);
	json_decref(other);
	json_decref(patch);
	json_decref(doc);
	return 0;
}
