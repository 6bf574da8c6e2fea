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
 * ptrs: the sections' JSON Pointers (plain tokens), n of them. */
#ifndef TG_TEST_ITEMS_PATCH_H
#define TG_TEST_ITEMS_PATCH_H

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value at a JSON Pointer of plain tokens ("/board/forces"), or NULL. */
static const json_t *items_patch_at(const json_t *v, const char *ptr)
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

static json_t *items_patch(const json_t *whole, const json_t *now, const char *const *ptrs,
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

#endif
