/* view_sections.c — see view_sections.h. A section is named by a JSON
 * Pointer of one or two plain tokens ("/log", "/board/forces"); its value is
 * set into the kept view in place, so the kept tree is always exactly the
 * view of the state last brought up to date. */
#include "view_sections.h"

#include <string.h>

#include "json_patch.h"

unsigned tg_view_section_count(const struct game_module *m)
{
	unsigned n = 0;
	if (m->view_sections && m->view_stamps && m->view_section)
		while (n < TG_VIEW_SECTIONS_MAX && m->view_sections[n])
			n++;
	return n;
}

/* Splits "/a" or "/a/b" into parent ("" or "a") and name ("a" or "b"). */
static void split(const char *ptr, char *parent, size_t size, const char **name)
{
	const char *slash = strchr(ptr + 1, '/');
	if (!slash) {
		parent[0] = 0;
		*name = ptr + 1;
		return;
	}
	size_t n = (size_t)(slash - ptr - 1);
	if (n >= size)
		n = size - 1;
	memcpy(parent, ptr + 1, n);
	parent[n] = 0;
	*name = slash + 1;
}

/* The object the section's value lives in, created when asked. */
static json_t *parent_of(json_t *view, const char *ptr, const char **name, bool create)
{
	char parent[64];
	split(ptr, parent, sizeof parent, name);
	if (!parent[0])
		return view;
	json_t *p = json_object_get(view, parent);
	if (!p && create) {
		p = json_object();
		if (json_object_set_new(view, parent, p) != 0)
			return NULL;
	}
	return json_is_object(p) ? p : NULL;
}

json_t *tg_view_assemble(const struct game_module *m, const struct game *g, const char *role)
{
	unsigned n = tg_view_section_count(m);
	if (n == 0)
		return m->view(g, role);
	json_t *v = json_object();
	for (unsigned i = 0; v && i < n; i++) {
		const char *name;
		json_t *p = parent_of(v, m->view_sections[i], &name, true);
		json_t *x = m->view_section(g, role, i);
		if (!p || !x || json_object_set_new(p, name, x) != 0) {
			json_decref(v);
			v = NULL;
		}
	}
	return v;
}

void tg_view_keep_full(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                       const char *role)
{
	json_decref(k->view);
	k->view = m->view(g, role);
	unsigned n = tg_view_section_count(m);
	if (n)
		m->view_stamps(g, role, k->stamp);
}

int tg_view_update(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                   const char *role, json_t *ops)
{
	if (!k->view)
		return -1;
	unsigned n = tg_view_section_count(m);
	if (n == 0) {
		json_t *now = m->view(g, role);
		if (!now || tg_json_patch_diff_append(ops, "", k->view, now) != 0) {
			json_decref(now);
			return -1;
		}
		json_decref(k->view);
		k->view = now;
		return 0;
	}
	uint64_t stamp[TG_VIEW_SECTIONS_MAX];
	m->view_stamps(g, role, stamp);
	for (unsigned i = 0; i < n; i++) {
		if (stamp[i] && stamp[i] == k->stamp[i])
			continue;
		const char *ptr = m->view_sections[i], *name;
		json_t *p = parent_of(k->view, ptr, &name, false);
		json_t *old = p ? json_object_get(p, name) : NULL;
		json_t *now = m->view_section(g, role, i);
		if (!old || !now || tg_json_patch_diff_append(ops, ptr, old, now) != 0) {
			/* A kept view without the section, or no memory: the
			 * caller starts again from a full view. */
			json_decref(now);
			return -1;
		}
		json_object_set_new(p, name, now);
		k->stamp[i] = stamp[i];
	}
	return 0;
}

void tg_view_kept_clear(struct tg_view_kept *k)
{
	json_decref(k->view);
	k->view = NULL;
}

uint64_t tg_stamp_bytes(uint64_t h, const void *p, size_t n)
{
	/* FNV-1a over 8-byte words, then a final mix: fast, and only ever
	 * compared with the same section's previous stamp. */
	const unsigned char *b = p;
	h ^= 0xcbf29ce484222325ull;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, b + i, 8);
		h = (h ^ w) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h | 1; /* never 0: 0 means "always rebuilt" */
}
