/* json_patch_diff.c — RFC 6902 diff (see json_patch.h). Objects are diffed
 * member by member. Arrays: the common prefix and suffix are trimmed, the
 * middle is aligned with an LCS when it is small (lcs_runs.h; otherwise
 * taken as one block), and each run of changed elements becomes element-wise diffs for the
 * elements both sides have, then removes or adds for the rest; where those
 * operations are longer than one replace of the array, that replace
 * (whole_if_shorter). The result is
 * always applicable by tg_json_patch_apply: paths never exceed the pointer
 * depth bound (deeper changes become a replace), and a diff with too many
 * operations becomes one replace of the root.
 *
 * Cost: an object is compared by walking it (never json_equal on the whole
 * object first and then again member by member, which compared each node
 * once per ancestor); array elements are compared with json_equal only when
 * their sizes agree, and the LCS table compares elements by a hash of their
 * contents computed once per element, confirming equal hashes with
 * json_equal (a collision costs time, never a wrong patch). */
#include "json_compact.h"
#include "json_patch.h"
#include "json_pointer.h"
#include "lcs_runs.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct diff {
	json_t *ops;
	struct tg_patch_text *txt; /* the operations written as text instead */
	struct tg_json_pointer_buf path;
	int overflow; /* more than TG_JSON_PATCH_MAX_OPS operations */
	int nomem;
};

json_t *tg_json_patch_op(const char *op, const char *path, size_t plen)
{
	json_t *o = json_object(), *p = json_stringn(path, plen);
	/* json_object_set_new takes the reference even when it fails */
	if (!o || !p || json_object_set_new_nocheck(o, "op", json_string_nocheck(op)) != 0 ||
	    json_object_set_new_nocheck(o, "path", p) != 0) {
		if (!o)
			json_decref(p);
		json_decref(o);
		return NULL;
	}
	return o;
}

static void emit(struct diff *d, const char *name, const json_t *value)
{
	if (d->overflow || d->nomem)
		return;
	if ((d->txt ? d->txt->n : json_array_size(d->ops)) >= TG_JSON_PATCH_MAX_OPS) {
		d->overflow = 1;
		return;
	}
	if (d->txt) {
		if (tg_patch_text_op(d->txt, name, d->path.s ? d->path.s : "", d->path.len,
		                     value) != 0)
			d->nomem = 1;
		return;
	}
	json_t *op = tg_json_patch_op(name, d->path.s ? d->path.s : "", d->path.len);
	if (!op) {
		d->nomem = 1;
		return;
	}
	/* json_object_set_new and json_array_append_new take the reference even
	 * when they fail. */
	if (value && json_object_set_new(op, "value", json_deep_copy(value)) != 0) {
		json_decref(op);
		d->nomem = 1;
		return;
	}
	if (json_array_append_new(d->ops, op) != 0)
		d->nomem = 1;
}

static int push_key(struct diff *d, const char *key, size_t len)
{
	if (tg_json_pointer_buf_push(&d->path, key, len) != 0) {
		d->nomem = 1;
		return -1;
	}
	return 0;
}

static int push_index(struct diff *d, size_t index)
{
	char digits[24], *end = digits + sizeof digits, *s = tg_decimal_end(end, index);
	if (tg_json_pointer_buf_push(&d->path, s, (size_t)(end - s)) != 0) {
		d->nomem = 1;
		return -1;
	}
	return 0;
}

static void diff_value(struct diff *d, const json_t *a, const json_t *b, size_t depth);
static void diff_members(struct diff *d, const json_t *a, const json_t *b, size_t depth);

static int is_container(const json_t *v)
{
	return json_is_object(v) || json_is_array(v);
}

static size_t container_size(const json_t *v)
{
	return json_is_object(v) ? json_object_size(v) : json_array_size(v);
}

/* json_equal(a, b), with the cheap refusals first. */
static int same(const json_t *a, const json_t *b)
{
	if (a == b)
		return 1;
	if (json_typeof(a) != json_typeof(b) ||
	    (is_container(a) && container_size(a) != container_size(b)))
		return 0;
	return json_equal(a, b);
}

static uint64_t mix(uint64_t x)
{
	/* splitmix64's finalizer */
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = mix(n);
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		h = mix(h ^ w);
	}
	uint64_t w = 0;
	memcpy(&w, s + i, n - i);
	return mix(h ^ w);
}

/* A hash of v's contents: json_equal values hash alike (object members are
 * combined in any order, as json_equal ignores their order). */
static uint64_t fingerprint(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		uint64_t h = 0x6f626a + json_object_size(v);
		const char *key;
		size_t klen;
		json_t *member;
		json_object_keylen_foreach((json_t *)v, key, klen, member)
		{
			h += mix(hash_bytes(key, klen) ^ fingerprint(member));
		}
		return mix(h);
	}
	case JSON_ARRAY: {
		uint64_t h = 0x617272;
		for (size_t i = 0; i < json_array_size(v); i++)
			h = mix(h ^ fingerprint(json_array_get(v, i))) + i;
		return h;
	}
	case JSON_STRING:
		return hash_bytes(json_string_value(v), json_string_length(v)) ^ 1;
	case JSON_INTEGER:
		return mix((uint64_t)json_integer_value(v) ^ 2);
	case JSON_REAL: {
		double x = json_real_value(v);
		uint64_t bits;
		if (x == 0)
			x = 0; /* -0.0 equals 0.0 */
		memcpy(&bits, &x, sizeof bits);
		return mix(bits ^ 3);
	}
	case JSON_TRUE:
		return 4;
	case JSON_FALSE:
		return 5;
	default:
		return 6;
	}
}

static void whole_if_shorter(struct diff *d, const json_t *b, struct tg_patch_mark m0, size_t n0);

static void diff_object(struct diff *d, const json_t *a, const json_t *b, size_t depth)
{
	struct tg_patch_mark m0 = d->txt ? tg_patch_text_mark(d->txt) : (struct tg_patch_mark){0};
	size_t n0 = d->txt ? 0 : json_array_size(d->ops);
	diff_members(d, a, b, depth);
	/* an object below the root as an array (whole_if_shorter): the
	 * root is never replaced so (a client's whole view) */
	if (depth > 0)
		whole_if_shorter(d, b, m0, n0);
}

static void diff_members(struct diff *d, const json_t *a, const json_t *b, size_t depth)
{
	size_t mark = d->path.len;
	const char *k;
	size_t klen;
	json_t *va, *vb;
	json_object_keylen_foreach((json_t *)a, k, klen, va)
	{
		vb = json_object_getn(b, k, klen);
		if (vb && !is_container(va) && same(va, vb))
			continue; /* the common case, without building its path */
		if (push_key(d, k, klen) != 0)
			return;
		if (vb)
			diff_value(d, va, vb, depth + 1);
		else
			emit(d, "remove", NULL);
		tg_json_pointer_buf_truncate(&d->path, mark);
	}
	if (json_object_size(a) == json_object_size(b) && !d->overflow && !d->nomem) {
		/* b has no key a lacks when every key of a is in b and sizes agree. */
		size_t found = 0;
		json_object_keylen_foreach((json_t *)a, k, klen, va)
		{
			found += json_object_getn(b, k, klen) != NULL;
		}
		if (found == json_object_size(b))
			return;
	}
	json_object_keylen_foreach((json_t *)b, k, klen, vb)
	{
		if (json_object_getn(a, k, klen))
			continue;
		if (push_key(d, k, klen) != 0)
			return;
		emit(d, "add", vb);
		tg_json_pointer_buf_truncate(&d->path, mark);
	}
}

/* One run of changes at array position bj, where the document holds
 * a[ai .. ai+dels) and must end up holding b[bj .. bj+adds). */
static void emit_run(struct diff *d, const json_t *a, const json_t *b, size_t depth, size_t ai,
                     size_t dels, size_t bj, size_t adds)
{
	size_t mark = d->path.len;
	size_t common = dels < adds ? dels : adds;
	for (size_t j = 0; j < common; j++) {
		if (push_index(d, bj + j) != 0)
			return;
		diff_value(d, json_array_get(a, ai + j), json_array_get(b, bj + j), depth + 1);
		tg_json_pointer_buf_truncate(&d->path, mark);
	}
	for (size_t j = common; j < dels; j++) {
		if (push_index(d, bj + common) != 0)
			return;
		emit(d, "remove", NULL);
		tg_json_pointer_buf_truncate(&d->path, mark);
	}
	for (size_t j = common; j < adds; j++) {
		if (push_index(d, bj + j) != 0)
			return;
		emit(d, "add", json_array_get(b, bj + j));
		tg_json_pointer_buf_truncate(&d->path, mark);
	}
}

/* The middles a[p .. p+m) and b[p .. p+k), for tg_lcs_runs. */
struct middle {
	struct diff *d;
	const json_t *a, *b;
	size_t depth, p;
	const uint64_t *fa, *fb; /* each element's fingerprint */
};

static bool middle_same(void *ctx, size_t i, size_t j)
{
	const struct middle *x = ctx;
	return x->fa[i] == x->fb[j] &&
	       json_equal(json_array_get(x->a, x->p + i), json_array_get(x->b, x->p + j));
}

static void middle_run(void *ctx, size_t ai, size_t dels, size_t bj, size_t adds)
{
	const struct middle *x = ctx;
	emit_run(x->d, x->a, x->b, x->depth, x->p + ai, dels, x->p + bj, adds);
}

/* Aligns a[p .. p+m) with b[p .. p+k) by longest common subsequence and
 * emits one run per gap between kept elements. Returns -1 if out of memory. */
static int diff_lcs(struct diff *d, const json_t *a, const json_t *b, size_t depth, size_t p,
                    size_t m, size_t k)
{
	uint64_t *fa = malloc(m * sizeof *fa), *fb = malloc(k * sizeof *fb);
	if (!fa || !fb) {
		free(fa);
		free(fb);
		return -1;
	}
	for (size_t i = 0; i < m; i++)
		fa[i] = fingerprint(json_array_get(a, p + i));
	for (size_t j = 0; j < k; j++)
		fb[j] = fingerprint(json_array_get(b, p + j));
	struct middle x = {.d = d, .a = a, .b = b, .depth = depth, .p = p, .fa = fa, .fb = fb};
	int r = tg_lcs_runs(m, k, middle_same, middle_run, &x);
	free(fa);
	free(fb);
	return r;
}

/* The operations an array's or an object's diff appended (from m0 in
 * text, from n0 in the array of operations), when they are two or more and
 * their text, a comma each, is longer than that of one replace of it by b
 * (its path as its pointer's bytes): that replace instead (issue 17, the
 * patches' p99: a hand of six cards drawn from empty was six adds, 216
 * bytes more than one replace of the hand; {"union":false,"confederate":false}
 * two replaces, 50 more). kit/view_object.c's lists and objects and
 * kit/view_sections.c's sections and entries' lists are cut by the same
 * rule. */
static void whole_if_shorter(struct diff *d, const json_t *b, struct tg_patch_mark m0, size_t n0)
{
	size_t added = d->txt ? d->txt->n - m0.n : json_array_size(d->ops) - n0;
	if (d->overflow || d->nomem || added < 2)
		return;
	struct tg_text v = {0}, s = {0};
	size_t diff = 0;
	if (tg_json_compact_append(&v, b) != 0) {
		d->nomem = v.oom;
		goto out;
	}
	if (d->txt) {
		diff = d->txt->t.n - m0.off + (m0.n == 0);
	} else {
		for (size_t i = n0; i < json_array_size(d->ops) && !s.oom; i++) {
			s.n = 0;
			if (tg_json_compact_append(&s, json_array_get(d->ops, i)) != 0)
				break;
			diff += s.n + 1;
		}
		if (s.oom) {
			d->nomem = 1;
			goto out;
		}
	}
	if (diff <= 36 + d->path.len + v.n)
		goto out;
	if (d->txt) {
		tg_patch_text_rollback(d->txt, m0);
		if (tg_patch_text_op_raw(d->txt, "replace", d->path.s ? d->path.s : "", d->path.len,
		                         v.p, v.n) != 0)
			d->nomem = 1;
	} else {
		while (json_array_size(d->ops) > n0)
			json_array_remove(d->ops, json_array_size(d->ops) - 1);
		emit(d, "replace", b);
	}
out:
	free(v.p);
	free(s.p);
}

static void diff_array(struct diff *d, const json_t *a, const json_t *b, size_t depth)
{
	size_t na = json_array_size(a), nb = json_array_size(b);
	size_t p = 0, s = 0;
	struct tg_patch_mark m0 = d->txt ? tg_patch_text_mark(d->txt) : (struct tg_patch_mark){0};
	size_t n0 = d->txt ? 0 : json_array_size(d->ops);
	while (p < na && p < nb && same(json_array_get(a, p), json_array_get(b, p)))
		p++;
	while (s < na - p && s < nb - p &&
	       same(json_array_get(a, na - 1 - s), json_array_get(b, nb - 1 - s)))
		s++;
	size_t m = na - p - s, k = nb - p - s;
	if (tg_lcs_fits(m, k)) {
		if (diff_lcs(d, a, b, depth, p, m, k) != 0)
			d->nomem = 1;
	} else {
		emit_run(d, a, b, depth, p, m, p, k);
	}
	whole_if_shorter(d, b, m0, n0);
}

static void diff_value(struct diff *d, const json_t *a, const json_t *b, size_t depth)
{
	if (d->overflow || d->nomem || a == b)
		return;
	/* Two containers of a kind are compared by walking them (an unchanged
	 * one emits nothing); below the pointer depth bound a changed container
	 * is replaced whole. */
	if (depth < TG_JSON_POINTER_MAX_DEPTH) {
		if (json_is_object(a) && json_is_object(b)) {
			diff_object(d, a, b, depth);
			return;
		}
		if (json_is_array(a) && json_is_array(b)) {
			diff_array(d, a, b, depth);
			return;
		}
	}
	if (!same(a, b))
		emit(d, "replace", b);
}

json_t *tg_json_patch_diff(const json_t *from, const json_t *to)
{
	struct diff d = {.ops = json_array()};
	if (!d.ops || !from || !to) {
		json_decref(d.ops);
		return NULL;
	}
	diff_value(&d, from, to, 0);
	tg_json_pointer_buf_free(&d.path);
	if (d.overflow && !d.nomem) {
		json_array_clear(d.ops);
		d.overflow = 0;
		emit(&d, "replace", to);
	}
	if (d.nomem) {
		json_decref(d.ops);
		return NULL;
	}
	return d.ops;
}

/* The diff starts at the pointer `at`: its path buffer holds a copy, and
 * *depth is how many levels down `at` is. */
static int diff_at(struct diff *d, const char *at, size_t *depth)
{
	size_t len = strlen(at);
	*depth = 0;
	for (const char *c = at; *c; c++)
		*depth += *c == '/';
	d->path.s = malloc(len + 1);
	if (!d->path.s)
		return -1;
	memcpy(d->path.s, at, len + 1);
	d->path.len = len;
	d->path.cap = len + 1;
	return 0;
}

int tg_json_patch_diff_append(json_t *ops, const char *at, const json_t *from, const json_t *to)
{
	if (!json_is_array(ops) || !at || !from || !to)
		return -1;
	size_t depth, first = json_array_size(ops);
	struct diff d = {.ops = ops};
	if (diff_at(&d, at, &depth) != 0)
		return -1;
	diff_value(&d, from, to, depth);
	if (d.overflow && !d.nomem) {
		/* Too many operations: the part at `at` is replaced whole. */
		while (json_array_size(ops) > first)
			json_array_remove(ops, json_array_size(ops) - 1);
		d.overflow = 0;
		emit(&d, "replace", to);
	}
	tg_json_pointer_buf_free(&d.path);
	return d.nomem || d.overflow ? -1 : 0;
}

int tg_json_patch_diff_text(struct tg_patch_text *o, const char *at, const json_t *from,
                            const json_t *to)
{
	if (!o || !at || !from || !to)
		return -1;
	size_t depth;
	struct tg_patch_mark first = tg_patch_text_mark(o);
	struct diff d = {.txt = o};
	if (diff_at(&d, at, &depth) != 0)
		return -1;
	diff_value(&d, from, to, depth);
	if (d.overflow && !d.nomem) {
		/* Too many operations: the part at `at` is replaced whole. */
		tg_patch_text_rollback(o, first);
		d.overflow = 0;
		emit(&d, "replace", to);
	}
	tg_json_pointer_buf_free(&d.path);
	return d.nomem || d.overflow ? -1 : 0;
}

/* ---- the patch as text --------------------------------------------------- */

void tg_patch_text_rollback(struct tg_patch_text *o, struct tg_patch_mark m)
{
	o->n = m.n;
	if (o->t.p && m.off <= o->t.n) {
		o->t.n = m.off;
		o->t.p[m.off] = 0;
	}
}

/* {"op":op,"path":path, and for a value "value": (the value is the
 * caller's): 0, or -1 (rolled back to m). */
static int op_head(struct tg_patch_text *o, struct tg_patch_mark m, const char *op,
                   const char *path, size_t plen, bool value)
{
	struct tg_text *t = &o->t;
	if (o->n)
		tg_text_put(t, ",", 1);
	tg_text_put(t, "{\"op\":\"", 7);
	tg_text_put(t, op, strlen(op));
	tg_text_put(t, "\",\"path\":", 9);
	if (tg_json_compact_string(t, path, plen) != 0) {
		tg_patch_text_rollback(o, m);
		return -1;
	}
	if (value)
		tg_text_put(t, ",\"value\":", 9);
	return t->oom ? -1 : 0;
}

int tg_patch_text_op(struct tg_patch_text *o, const char *op, const char *path, size_t plen,
                     const json_t *value)
{
	struct tg_patch_mark m = tg_patch_text_mark(o);
	if (op_head(o, m, op, path, plen, value != NULL) != 0)
		return -1;
	if (value && tg_json_compact_append(&o->t, value) != 0) {
		tg_patch_text_rollback(o, m);
		return -1;
	}
	tg_text_put(&o->t, "}", 1);
	if (o->t.oom)
		return -1;
	o->n++;
	return 0;
}

int tg_patch_text_op_raw(struct tg_patch_text *o, const char *op, const char *path, size_t plen,
                         const char *vt, size_t vlen)
{
	struct tg_patch_mark m = tg_patch_text_mark(o);
	if (op_head(o, m, op, path, plen, true) != 0)
		return -1;
	tg_text_put(&o->t, vt, vlen);
	tg_text_put(&o->t, "}", 1);
	if (o->t.oom)
		return -1;
	o->n++;
	return 0;
}

int tg_patch_text_append_json(struct tg_patch_text *o, const json_t *ops, size_t first)
{
	struct tg_patch_mark m = tg_patch_text_mark(o);
	for (size_t i = first; i < json_array_size(ops); i++) {
		if (o->n)
			tg_text_put(&o->t, ",", 1);
		if (tg_json_compact_append(&o->t, json_array_get(ops, i)) != 0) {
			if (!o->t.oom)
				tg_patch_text_rollback(o, m);
			return -1;
		}
		o->n++;
	}
	return o->t.oom ? -1 : 0;
}

json_t *tg_patch_text_json(const struct tg_patch_text *o)
{
	struct tg_text t = {0};
	tg_text_put(&t, "[", 1);
	if (o->t.p)
		tg_text_put(&t, o->t.p, o->t.n);
	tg_text_put(&t, "]", 1);
	json_t *v = t.oom ? NULL : json_loadb(t.p, t.n, JSON_ALLOW_NUL, NULL);
	free(t.p);
	return v;
}
