/* items_patch.h — the patch a kept view gives for its sections kept as
 * stamps (kit/view_sections.h: the sections built item by item keep their
 * elements' stamps, not their text), from the whole-view diff: where
 * tg_json_patch_diff gives operations inside one element of such a section
 * (ptr/N/...) or replaces it (ptr/N), the kit replaces the element whole,
 * once, with its new value; every other operation is the whole diff's, in
 * its order. The element's new value is the one at N in the new view: the
 * diff walks an array's runs in order, an element changed in place keeps
 * its index, and only later indices move after it.
 *
 *   json_t *want = items_patch(whole, now, ptrs, n);   (caller owns it)
 *
 * ptrs: the sections' JSON Pointers (plain tokens), n of them.
 *
 * And the kit's rule for the other sections (view_sections.c,
 * replace_if_shorter): where the operations on one section serialize
 * longer than one replace of the whole section, that replace:
 *
 *   json_t *want = sections_patch(ops, now, m->view_sections, n, kept);
 *
 * kept: the sections (bits) kept as stamps, left as they are.
 *
 * The whole diff to start from, as the kit finds it for the sections kept
 * as stamps: tg_json_patch_diff replaces an array whose operations are
 * longer than one replace of it (json_patch.h), but the kit keeps no text
 * of such a section to send whole, and diffs it on its elements always;
 * so each of those sections is diffed here with one more element after
 * the last on both sides, longer than any replace (a common suffix: in no
 * operation):
 *
 *   json_t *whole = items_whole_diff(before, now, ptrs, n);   (caller owns it) */
#ifndef TG_TEST_ITEMS_PATCH_H
#define TG_TEST_ITEMS_PATCH_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_patch.h"

/* The value at a JSON Pointer of plain tokens ("/board/forces"), or NULL. */
static inline const json_t *items_patch_at(const json_t *v, const char *ptr)
{
	char tok[64];
	while (v && *ptr == '/') {
		const char *end = strchr(ptr + 1, '/');
		size_t n = end ? (size_t)(end - ptr - 1) : strlen(ptr + 1);
		if (n >= sizeof tok)
			return NULL;
		memcpy(tok, ptr + 1, n);
		tok[n] = 0;
		v = json_object_get(v, tok);
		ptr += n + 1;
	}
	return v;
}

static inline json_t *items_whole_diff(const json_t *before, const json_t *now,
                                       const char *const *ptrs, size_t nptr)
{
	json_t *a = json_deep_copy(before), *b = json_deep_copy(now), *diff = NULL;
	for (size_t p = 0; a && b && p < nptr; p++) {
		json_t *x = (json_t *)items_patch_at(a, ptrs[p]),
		       *y = (json_t *)items_patch_at(b, ptrs[p]);
		if (!json_is_array(x) || !json_is_array(y))
			continue;
		char *tx = json_dumps(x, JSON_COMPACT), *ty = json_dumps(y, JSON_COMPACT);
		/* longer than every element's text and an operation's head each */
		size_t n = (tx ? strlen(tx) : 0) + (ty ? strlen(ty) : 0) +
		           (json_array_size(x) + json_array_size(y) + 1) * 300;
		char *z = malloc(n + 1);
		if (z) {
			memset(z, 'z', n);
			z[n] = 0;
			json_array_append_new(x, json_string(z));
			json_array_append_new(y, json_string(z));
		}
		free(z);
		free(tx);
		free(ty);
	}
	if (a && b)
		diff = tg_json_patch_diff(a, b);
	json_decref(a);
	json_decref(b);
	return diff;
}

static inline json_t *items_patch(const json_t *whole, const json_t *now, const char *const *ptrs,
                                  size_t nptr)
{
	json_t *out = json_array();
	char last[200] = ""; /* the element the previous operation replaced */
	size_t k;
	const json_t *op;
	json_array_foreach(whole, k, op)
	{
		const char *path = json_string_value(json_object_get(op, "path"));
		const char *what = json_string_value(json_object_get(op, "op"));
		char elem[200] = "";
		for (size_t p = 0; path && what && p < nptr && !elem[0]; p++) {
			size_t n = strlen(ptrs[p]);
			if (strncmp(path, ptrs[p], n) != 0 || path[n] != '/')
				continue;
			char *end;
			unsigned long idx = strtoul(path + n + 1, &end, 10);
			if (end == path + n + 1 || (*end && *end != '/'))
				continue;
			if (!*end && strcmp(what, "replace") != 0)
				continue; /* an add or a remove of the element */
			const json_t *arr = items_patch_at(now, ptrs[p]);
			const json_t *val = json_array_get(arr, idx);
			snprintf(elem, sizeof elem, "%s/%lu", ptrs[p], idx);
			if (strcmp(elem, last) != 0)
				json_array_append_new(out,
				                      json_pack("{s:s,s:s,s:O}", "op", "replace",
				                                "path", elem, "value", val));
		}
		snprintf(last, sizeof last, "%s", elem);
		if (!elem[0])
			json_array_append(out, (json_t *)op);
	}
	return out;
}

static inline char *items_patch_dump(const json_t *v)
{
	return json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY);
}

/* The section of secs[0, nsec) whose value holds path, or -1. */
static inline int items_patch_section(const char *path, const char *const *secs, size_t nsec)
{
	for (size_t i = 0; path && i < nsec; i++) {
		size_t n = strlen(secs[i]);
		if (strncmp(path, secs[i], n) == 0 && (path[n] == 0 || path[n] == '/'))
			return (int)i;
	}
	return -1;
}

static inline json_t *sections_patch(const json_t *ops, const json_t *now, const char *const *secs,
                                     size_t nsec, unsigned long long kept)
{
	json_t *out = json_array();
	size_t n = json_array_size(ops);
	for (size_t k = 0; k < n;) {
		const char *path =
		    json_string_value(json_object_get(json_array_get(ops, k), "path"));
		int sec = items_patch_section(path, secs, nsec);
		size_t end = k + 1;
		while (sec >= 0 && end < n &&
		       items_patch_section(
		           json_string_value(json_object_get(json_array_get(ops, end), "path")),
		           secs, nsec) == sec)
			end++;
		bool whole = false;
		if (sec >= 0 && !((kept >> sec) & 1) && end - k >= 2) {
			size_t bytes = 0;
			for (size_t j = k; j < end; j++) {
				char *t = items_patch_dump(json_array_get(ops, j));
				bytes += (t ? strlen(t) : 0) + 1;
				free(t);
			}
			const json_t *v = items_patch_at(now, secs[sec]);
			char *t = items_patch_dump(v);
			whole = t && bytes > 36 + strlen(secs[sec]) + strlen(t);
			free(t);
			if (whole)
				json_array_append_new(out,
				                      json_pack("{s:s,s:s,s:O}", "op", "replace",
				                                "path", secs[sec], "value", v));
		}
		for (size_t j = k; !whole && j < end; j++)
			json_array_append(out, json_array_get(ops, j));
		k = end;
	}
	return out;
}

#endif
