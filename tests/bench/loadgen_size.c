/* loadgen_size.c — see loadgen_size.h. */
#include "loadgen_size.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_pointer.h"

static size_t home(const struct view_size *vs, const json_t *v)
{
	uint64_t h = (uint64_t)(uintptr_t)v * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 20) & (vs->cap - 1);
}

static struct view_size_entry *find(struct view_size *vs, const json_t *v)
{
	if (!vs->cap)
		return NULL;
	for (size_t i = home(vs, v);; i = (i + 1) & (vs->cap - 1)) {
		if (vs->slots[i].v == v)
			return &vs->slots[i];
		if (!vs->slots[i].v)
			return NULL;
	}
}

/* Puts an entry (v not in the table); -1 when out of memory. */
static int insert(struct view_size *vs, json_t *v, size_t size)
{
	if ((vs->count + 1) * 2 > vs->cap) {
		size_t cap = vs->cap ? vs->cap * 2 : 256;
		struct view_size_entry *s = calloc(cap, sizeof *s), *old = vs->slots;
		if (!s)
			return -1;
		size_t ocap = vs->cap;
		vs->slots = s;
		vs->cap = cap;
		for (size_t i = 0; i < ocap; i++) {
			if (!old[i].v)
				continue;
			size_t j = home(vs, old[i].v);
			while (s[j].v)
				j = (j + 1) & (cap - 1);
			s[j] = old[i];
		}
		free(old);
	}
	size_t i = home(vs, v);
	while (vs->slots[i].v)
		i = (i + 1) & (vs->cap - 1);
	vs->slots[i] = (struct view_size_entry){json_incref(v), size, false};
	vs->count++;
	return 0;
}

/* Removes the entry in slot i (linear probing's backward shift: no
 * tombstones) and drops its reference. */
static void remove_slot(struct view_size *vs, size_t i)
{
	json_t *v = vs->slots[i].v;
	size_t mask = vs->cap - 1;
	vs->slots[i].v = NULL;
	for (size_t j = (i + 1) & mask; vs->slots[j].v; j = (j + 1) & mask) {
		size_t k = home(vs, vs->slots[j].v);
		/* the entry at j may move to the hole at i if its home is not in (i, j] */
		bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
		if (!stays) {
			vs->slots[i] = vs->slots[j];
			vs->slots[j].v = NULL;
			i = j;
		}
	}
	vs->count--;
	json_decref(v);
}

void view_size_reset(struct view_size *vs)
{
	for (size_t i = 0; i < vs->cap && vs->count; i++) {
		if (vs->slots[i].v) {
			json_decref(vs->slots[i].v);
			vs->slots[i].v = NULL;
			vs->count--;
		}
	}
	vs->count = 0;
}

void view_size_free(struct view_size *vs)
{
	view_size_reset(vs);
	free(vs->slots);
	free(vs->scratch.p);
	json_decref(vs->one);
	*vs = (struct view_size){0};
}

static bool is_container(const json_t *v)
{
	return json_is_object(v) || json_is_array(v);
}

int view_size_of(struct view_size *vs, const json_t *v, size_t *out)
{
	if (!is_container(v)) {
		vs->scratch.n = 0;
		if (tg_json_compact_append(&vs->scratch, v) != 0)
			return -1;
		*out = vs->scratch.n;
		return 0;
	}
	struct view_size_entry *e = find(vs, v);
	if (e && !e->changed) {
		*out = e->size;
		return 0;
	}
	size_t s = 2, n = 0, c;
	if (json_is_object(v)) {
		/* jansson's iterator straight, as tg_json_compact_append walks */
		for (void *i = json_object_iter((json_t *)v); i;
		     i = json_object_iter_next((json_t *)v, i), n++) {
			vs->scratch.n = 0;
			if (tg_json_compact_string(&vs->scratch, json_object_iter_key(i),
			                           json_object_iter_key_len(i)) != 0)
				return -1;
			s += vs->scratch.n + 1; /* the name and ':' */
			if (view_size_of(vs, json_object_iter_value(i), &c) != 0)
				return -1;
			s += c;
		}
	} else {
		n = json_array_size(v);
		for (size_t i = 0; i < n; i++) {
			if (view_size_of(vs, json_array_get(v, i), &c) != 0)
				return -1;
			s += c;
		}
	}
	if (n > 1)
		s += n - 1; /* the commas */
	/* the children's entries may have moved the table: found again */
	e = find(vs, v);
	if (e) {
		e->size = s;
		e->changed = false;
	} else if (insert(vs, (json_t *)v, s) != 0) {
		return -1;
	}
	*out = s;
	return 0;
}

/* Forgets the entries of a value an operation drops from the view: its
 * containers that have entries (one without an entry was put in since the
 * last measure, and so were its children, but for a moved value: an entry
 * missed so costs memory until the next reset, not a size). */
static void forget(struct view_size *vs, json_t *v)
{
	if (!is_container(v) || !vs->cap)
		return;
	size_t i = home(vs, v);
	while (vs->slots[i].v && vs->slots[i].v != v)
		i = (i + 1) & (vs->cap - 1);
	if (!vs->slots[i].v)
		return;
	json_incref(v); /* the view still holds it; kept while its children go */
	remove_slot(vs, i);
	if (json_is_object(v)) {
		for (void *it = json_object_iter(v); it; it = json_object_iter_next(v, it))
			forget(vs, json_object_iter_value(it));
	} else {
		for (size_t k = 0; k < json_array_size(v); k++)
			forget(vs, json_array_get(v, k));
	}
	json_decref(v);
}

static void mark_changed(struct view_size *vs, const json_t *v)
{
	struct view_size_entry *e = find(vs, v);
	if (e)
		e->changed = true;
}

/* Marks the containers on the pointer s in doc as changed (the document
 * and each one the pointer goes through, down to the target's parent);
 * with drop, forgets the target when an object holds it (add, copy and
 * move replace such a member) or always (remove, replace). A root
 * operation resets the cache. */
enum drop { KEEP, DROP_IN_OBJECT, DROP };
static void mark_path(struct view_size *vs, json_t *doc, const json_t *s, enum drop drop)
{
	if (!json_is_string(s))
		return; /* the apply says why */
	struct tg_json_pointer p;
	if (tg_json_pointer_parse(json_string_value(s), json_string_length(s), &p) !=
	    TG_JSON_POINTER_OK) {
		tg_json_pointer_free(&p);
		return;
	}
	if (p.ntokens == 0) {
		view_size_reset(vs);
		tg_json_pointer_free(&p);
		return;
	}
	json_t *cur = doc;
	for (size_t i = 0; i < p.ntokens && cur; i++) {
		mark_changed(vs, cur);
		json_t *next = NULL;
		size_t idx;
		if (json_is_object(cur))
			next = json_object_getn(cur, p.tokens[i], p.lens[i]);
		else if (json_is_array(cur) &&
		         tg_json_pointer_index(p.tokens[i], p.lens[i], &idx) == TG_JSON_POINTER_OK)
			next = json_array_get(cur, idx);
		if (next && i + 1 == p.ntokens &&
		    (drop == DROP || (drop == DROP_IN_OBJECT && json_is_object(cur))))
			forget(vs, next);
		cur = next;
	}
	tg_json_pointer_free(&p);
}

enum tg_json_patch_status view_size_apply(struct view_size *vs, json_t **doc, json_t *patch,
                                          bool take, char *err, size_t errlen)
{
	if (vs->count == 0 || !json_is_array(patch)) /* nothing measured: nothing to mark */
		return take ? tg_json_patch_apply_in_place_take(doc, patch, err, errlen)
		            : tg_json_patch_apply_in_place(doc, patch, err, errlen);
	if (!vs->one && !(vs->one = json_array()))
		return TG_JSON_PATCH_NOMEM;
	enum tg_json_patch_status st = TG_JSON_PATCH_OK;
	for (size_t i = 0; i < json_array_size(patch) && st == TG_JSON_PATCH_OK; i++) {
		json_t *op = json_array_get(patch, i);
		const char *name = json_string_value(json_object_get(op, "op"));
		const json_t *path = json_object_get(op, "path");
		bool move = name && strcmp(name, "move") == 0;
		if (!name || strcmp(name, "test") == 0)
			;
		else if (strcmp(name, "remove") == 0 || strcmp(name, "replace") == 0)
			mark_path(vs, *doc, path, DROP);
		else
			mark_path(vs, *doc, path, DROP_IN_OBJECT);
		if (move)
			mark_path(vs, *doc, json_object_get(op, "from"), KEEP);
		json_array_clear(vs->one);
		if (json_array_append(vs->one, op) != 0)
			return TG_JSON_PATCH_NOMEM;
		st = take ? tg_json_patch_apply_in_place_take(doc, vs->one, err, errlen)
		          : tg_json_patch_apply_in_place(doc, vs->one, err, errlen);
		if (st != TG_JSON_PATCH_OK && err && errlen) {
			size_t n = strlen(err);
			snprintf(err + n, errlen - n, " (the patch's operation %zu)", i);
		}
		/* a move's removal may shift an array on the way to its target:
		 * the containers it went into, found after */
		if (st == TG_JSON_PATCH_OK && move)
			mark_path(vs, *doc, path, KEEP);
	}
	json_array_clear(vs->one);
	return st;
}
