/* view_object.c — see view_object.h. The texts are json_compact's (no
 * spaces); a member name is taken as its bytes, so a name written with an
 * escape sends the whole section to the parsed diff. */
#include "view_object.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_patch.h"
#include "json_pointer.h"
#include "view_items.h"
#include "view_sections.h"

/* Objects nested deeper than this are diffed parsed (the same operations;
 * it bounds the stack the walk takes). */
#define WALK_MAX 16

/* (Lengths in 32 bits: tg_view_object_diff takes texts shorter than
 * TG_JSON_PATCH_MAX_OPS; and 40 bytes a member, so that twice the members
 * kept on the stack asks malloc for less than 1 KB, below the requests
 * that consolidate its fast chunks.) */
struct member {
	const char *key, *val;
	uint32_t klen, vlen;
	/* rec: the value is an object whose members' starts the walk that
	 * found its end recorded, count of them from starts[first] */
	uint32_t first, count;
	bool paired; /* a new member: the previous object has its name */
	bool rec;
};

/* The starts of the members of objects (each name's '"', as an offset
 * from the object's '{'), recorded by the walk that found where the
 * object ends (issue 17: the nested walk of a changed member walked its
 * text again, member by member, 1.6 M of bench_views 300's 112.6 M). */
struct starts {
	uint32_t *s;
	size_t n, cap;
	bool oom;
	uint32_t local[64];
};

static void starts_init(struct starts *st)
{
	st->s = st->local;
	st->n = 0;
	st->cap = sizeof st->local / sizeof st->local[0];
	st->oom = false;
}

static void starts_free(struct starts *st)
{
	if (st->s != st->local)
		free(st->s);
}

static void starts_grow(struct starts *st, size_t at)
{
	if (st->n == st->cap) {
		size_t cap = 2 * st->cap;
		uint32_t *p = st->oom ? NULL : malloc(cap * sizeof *p);
		if (!p) {
			st->oom = true;
			return;
		}
		memcpy(p, st->s, st->n * sizeof *p);
		starts_free(st);
		st->s = p;
		st->cap = cap;
	}
	st->s[st->n++] = (uint32_t)at;
}

static inline void starts_add(struct starts *st, size_t at)
{
	if (st->n < st->cap)
		st->s[st->n++] = (uint32_t)at;
	else
		starts_grow(st, at);
}

/* An object's members, on the stack while they are few. */
struct members {
	struct member *m;
	size_t n, cap;
	struct member local[12];
};

static void members_init(struct members *l)
{
	l->m = l->local;
	l->n = 0;
	l->cap = sizeof l->local / sizeof l->local[0];
}

static void members_free(struct members *l)
{
	if (l->m != l->local)
		free(l->m);
}

static int members_add(struct members *l, struct member x)
{
	if (l->n == l->cap) {
		size_t cap = 2 * l->cap;
		struct member *p = malloc(cap * sizeof *p);
		if (!p)
			return -1;
		memcpy(p, l->m, l->n * sizeof *p);
		members_free(l);
		l->m = p;
		l->cap = cap;
	}
	l->m[l->n++] = x;
	return 0;
}

/* view_object.h: memchr leaps over the long strings (the cards' texts)
 * that a byte-by-byte walk spent most of its time in. */
size_t tg_view_string_end(const char *t, size_t n, size_t i)
{
	for (size_t from = i + 1; from < n;) {
		const char *q = memchr(t + from, '"', n - from);
		if (!q)
			return n;
		size_t j = (size_t)(q - t), k = j;
		while (k > from && t[k - 1] == '\\')
			k--;
		if ((j - k) % 2 == 0)
			return j;
		from = j + 1; /* an escaped '"' */
	}
	return n;
}

/* Where the value that starts at t[i] ends (one past it), or 0 when the
 * text breaks off first. */
static size_t value_end(const char *t, size_t n, size_t i)
{
	int depth = 0;
	for (; i < n; i++) {
		char c = t[i];
		if (c == '"') {
			i = tg_view_string_end(t, n, i);
			if (i >= n)
				return 0;
			if (depth == 0)
				return i + 1;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (depth == 0)
				return i; /* a scalar, before its object's end */
			if (--depth == 0)
				return i + 1;
		} else if (c == ',' && depth == 0) {
			return i;
		}
	}
	return 0;
}

/* Where the walk of an object stood at the first byte it read at or after
 * the start of the texts' common suffix (from_end: counted from the
 * text's end, 0 when the object ended before it): its depth and the
 * starts recorded before; the object's start and end, from the text's
 * end. */
struct mark {
	size_t from_end, vfrom_end, end_from_end, nst;
	int depth;
};

/* The walk of an object in one text told where the walk of the same
 * member in the other stood (issue 17: /board/players' changed side was
 * walked whole on both texts, 1,520 bytes a diff, for a change of a few):
 * thr, this text's common suffix's start; mk, where this walk stands
 * there (or NULL); other, where the other's stood (or NULL), its starts
 * st->s[ofirst, ofirst + ocount). */
struct sync {
	size_t thr;
	struct mark *mk;
	const struct mark *other;
	uint32_t ofirst, ocount;
};

/* As value_end for the object whose '{' is t[i], and the starts of its
 * members (their names' '"', from t[i]) added to st: after its '{' and
 * after each ',' of its own, outside strings and the values it holds.
 * With sy: the first byte it reads at or after sy->thr marked in sy->mk;
 * if the other text's walk read the byte as far from its end, at the same
 * depth, the rest of both texts is the same bytes read the same way from
 * there: the object ends where the other's does, and its remaining
 * members start where the other's do, counted from the end. */
static size_t object_end(const char *t, size_t n, size_t i, struct starts *st,
                         const struct sync *sy)
{
	size_t base = i++, first = st->n, lim = sy && sy->thr < n ? sy->thr : n;
	int depth = 1;
	if (sy && sy->mk)
		sy->mk->from_end = 0;
	if (i < n && t[i] != '}')
		starts_add(st, 1);
	for (int part = 0; part < 2; part++, lim = n) {
		for (; i < lim; i++) {
			char c = t[i];
			if (c == '"') {
				i = tg_view_string_end(t, n, i);
				if (i >= n)
					return 0;
			} else if (c == '{' || c == '[') {
				depth++;
			} else if (c == '}' || c == ']') {
				if (--depth == 0) {
					if (part == 1 && sy && sy->mk)
						sy->mk->end_from_end = n - i - 1;
					return i + 1;
				}
			} else if (c == ',' && depth == 1) {
				starts_add(st, i + 1 - base);
			}
		}
		if (part == 1 || i >= n)
			break;
		if (sy->mk)
			*sy->mk = (struct mark){.from_end = n - i,
			                        .vfrom_end = n - base,
			                        .nst = st->n - first,
			                        .depth = depth};
		const struct mark *o = sy->other;
		if (o && o->from_end == n - i && o->depth == depth && o->end_from_end < n - i &&
		    o->nst <= sy->ocount && o->vfrom_end > o->from_end) {
			/* the other's start r from its '{' is o->vfrom_end - r
			 * from its end: here n - base - (o->vfrom_end - r) */
			for (size_t k = o->nst; k < sy->ocount; k++) {
				size_t r = st->s[sy->ofirst + k];
				starts_add(st, n - base - (o->vfrom_end - r));
			}
			return n - o->end_from_end;
		}
	}
	return 0;
}

/* The member of the object text t[0, n) whose name's '"' is t[*i], in x;
 * *i moved to the next member's '"'. 0; 2 it was the last (its '}' ends
 * t); 1 t is not an object's text there or the name has an escape. st:
 * a value that is an object has its members' starts recorded there
 * (x->rec). */
static int member_at(const char *t, size_t n, size_t *i, struct member *x, struct starts *st,
                     const struct sync *sy)
{
	size_t k = *i;
	if (k >= n || t[k] != '"')
		return 1;
	size_t j = ++k;
	while (j < n && t[j] != '"') {
		if (t[j] == '\\')
			return 1;
		j++;
	}
	if (j + 2 >= n || t[j + 1] != ':')
		return 1;
	*x = (struct member){.key = t + k, .klen = (uint32_t)(j - k), .val = t + j + 2};
	j += 2;
	size_t e;
	if (st && t[j] == '{' && n <= UINT32_MAX) {
		x->first = (uint32_t)st->n;
		e = object_end(t, n, j, st, sy);
		x->count = (uint32_t)(st->n - x->first);
		x->rec = !st->oom;
	} else {
		if (sy && sy->mk)
			sy->mk->from_end = 0;
		e = value_end(t, n, j);
	}
	if (e <= j || e >= n)
		return 1;
	x->vlen = (uint32_t)(e - j);
	if (t[e] == '}')
		return e == n - 1 ? 2 : 1;
	if (t[e] != ',' || e + 1 >= n)
		return 1;
	*i = e + 1;
	return 0;
}

/* The members of an object text t[0, n) as the walk that found its end
 * recorded them: their starts st[0, sn) (each name's '"'), or none (a
 * text walked member by member). */
struct src {
	const char *t;
	size_t n;
	const uint32_t *st;
	size_t sn;
};

/* As member_at, the member whose '"' is t[*i] the k-th: from its start
 * and the next (its ',' before it) or the object's '}' when it is the
 * last, without walking its value. */
static int member_next(const struct src *s, size_t k, size_t *i, struct member *x,
                       struct starts *rec, const struct sync *sy)
{
	if (!s->st)
		return member_at(s->t, s->n, i, x, rec, sy);
	const char *t = s->t;
	size_t b = *i;
	if (k >= s->sn || s->st[k] != b || b >= s->n || t[b] != '"')
		return 1;
	size_t end = k + 1 < s->sn ? s->st[k + 1] - 1 : s->n - 1;
	if (end >= s->n || end <= b || t[end] != (k + 1 < s->sn ? ',' : '}'))
		return 1;
	size_t j = b + 1;
	while (j < end && t[j] != '"') {
		if (t[j] == '\\')
			return 1;
		j++;
	}
	if (j + 2 >= end || t[j + 1] != ':')
		return 1;
	*x = (struct member){.key = t + b + 1,
	                     .klen = (uint32_t)(j - b - 1),
	                     .val = t + j + 2,
	                     .vlen = (uint32_t)(end - j - 2)};
	if (k + 1 == s->sn)
		return 2;
	*i = end + 1;
	return 0;
}

/* The members of the object text t[0, n), in order. 0; 1 when t is not an
 * object's text or a name has an escape; -1 out of memory. */
static int scan(const char *t, size_t n, struct members *l)
{
	if (n < 2 || t[0] != '{' || t[n - 1] != '}')
		return 1;
	if (n == 2)
		return 0;
	for (size_t i = 1;;) {
		struct member x;
		int rc = member_at(t, n, &i, &x, NULL, NULL);
		if (rc == 1)
			return 1;
		if (members_add(l, x) != 0)
			return -1;
		if (rc == 2)
			return 0;
	}
}

/* The length of the common prefix of a[0, n) and b[0, n), eight bytes a
 * compare */
static size_t same_prefix(const char *a, const char *b, size_t n)
{
	size_t i = 0;
	for (uint64_t x, y; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			break;
	}
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/* ... and of their common suffix, a and b their ends */
static size_t same_suffix(const char *a, const char *b, size_t n)
{
	size_t i = 0;
	for (uint64_t x, y; i + 8 <= n; i += 8) {
		memcpy(&x, a - i - 8, 8);
		memcpy(&y, b - i - 8, 8);
		if (x != y)
			break;
	}
	while (i < n && a[-(ptrdiff_t)i - 1] == b[-(ptrdiff_t)i - 1])
		i++;
	return i;
}

/* The members of two object texts old and nt that are not the same in
 * both (issue 17: both texts were scanned whole, member by member, 5.1 M
 * of bench_views 300's 148.6 M): a member that ends before the texts'
 * first differing byte is the same member at the same offset in both, and
 * is scanned once, on old; once both scans stand at a member's start
 * with as many bytes left, inside the texts' common suffix, the rest is
 * the same members in both and is not scanned. *same: the members left
 * out of b counted (*tail: some were left at the end, not counted). 0; 1
 * not an object's text, or a name with an escape; -1 out of memory. */
static int scan_changed(const struct src *os, const struct src *ns, struct members *a,
                        struct members *b, size_t *same, bool *tail, struct starts *rec)
{
	const char *old = os->t, *nt = ns->t;
	size_t olen = os->n, nlen = ns->n;
	*same = 0;
	*tail = false;
	if (olen <= 2 || nlen <= 2 || old[0] != '{' || nt[0] != '{' || old[olen - 1] != '}' ||
	    nt[nlen - 1] != '}') {
		int rc = scan(old, olen, a);
		return rc == 0 ? scan(nt, nlen, b) : rc;
	}
	size_t lim = olen < nlen ? olen : nlen;
	size_t p = same_prefix(old, nt, lim);
	size_t sfx = same_suffix(old + olen, nt + nlen, lim - p);
	/* the members walked from here on (objects have their members'
	 * starts recorded for the nested walk) */
	size_t i = 1, k = 0, io, in;
	bool odone = false, ndone = false;
	/* where old's walk of its first changed member stood at the common
	 * suffix's start, for new's walk of the member at the same place */
	struct mark mo = {0};
	struct sync so = {.thr = olen - sfx, .mk = &mo}, sn = {.thr = nlen - sfx, .other = &mo};
	for (;;) { /* the members before the first difference */
		struct member x;
		size_t at = i, mark = rec->n;
		int rc = member_next(os, k, &i, &x, rec, &so);
		if (rc == 1)
			return 1;
		if (rc == 0 && i <= p) {
			++*same;
			k++;
			rec->n = mark;
			continue;
		}
		/* The last, or its ',' not before the first difference: the
		 * first of old's changed members, kept (it was walked again
		 * on old from at). The walk below could not have stopped
		 * with old at at: that needs old's bytes from at inside the
		 * common suffix, so at == p, where old has a member's '"'
		 * and new, after the same ',' or '{', one too: no first
		 * difference there. */
		if (members_add(a, x) != 0)
			return -1;
		io = i;
		in = at;
		odone = rc == 2;
		sn.ofirst = x.first;
		sn.ocount = x.count;
		if (!x.rec)
			mo.from_end = 0;
		break;
	}
	size_t ko = k + 1, kn = k;
	while (!odone || !ndone) {
		size_t ro = olen - io, rn = nlen - in;
		if (!odone && !ndone && ro == rn && ro <= sfx) {
			*tail = true;
			break;
		}
		struct member x;
		int rc;
		if (!odone && (ndone || ro >= rn)) {
			if ((rc = member_next(os, ko++, &io, &x, rec, NULL)) == 1)
				return 1;
			if (members_add(a, x) != 0)
				return -1;
			odone = rc == 2;
		}
		if (!ndone && (odone || rn >= ro)) {
			if ((rc = member_next(ns, kn, &in, &x, rec, kn == k ? &sn : NULL)) == 1)
				return 1;
			if (members_add(b, x) != 0)
				return -1;
			kn++;
			ndone = rc == 2;
		}
	}
	return rec && rec->oom ? -1 : 0;
}

/* The member of b named as x, looked for from where the last one was found
 * (the members of two views of one object mostly keep their order). */
static struct member *find(struct members *b, const struct member *x, size_t *hint)
{
	for (size_t k = 0; k < b->n; k++) {
		size_t j = (*hint + k) % b->n;
		struct member *y = &b->m[j];
		if (y->klen == x->klen && memcmp(y->key, x->key, x->klen) == 0) {
			*hint = j + 1;
			return y;
		}
	}
	return NULL;
}

struct walk {
	struct tg_patch_text *ops;
	struct tg_json_pointer_buf path;
	int rc; /* 0, 1 (not done here) or -1 (out of memory) */
};

/* As json_patch_diff.c's emit: {"op","path"[,"value"]}, written as text;
 * the value given as its text (the new object's member: the bytes
 * json_compact wrote for it), or none (vt NULL). */
static void emit(struct walk *w, const char *op, const char *vt, size_t vlen)
{
	int rc = vt ? tg_patch_text_op_raw(w->ops, op, w->path.s, w->path.len, vt, vlen)
	            : tg_patch_text_op(w->ops, op, w->path.s, w->path.len, NULL);
	if (rc != 0)
		w->rc = -1;
}

static void walk_object(struct walk *w, const struct src *os, const json_t *now,
                        const struct src *ns, size_t depth, unsigned level);

/* The operations appended at w->path from first, when they are two or more
 * and their text (a comma each) is longer than one replace of the value
 * there by vt[0, vlen) (the path as its pointer's bytes): that replace, as
 * json_patch_diff.c's whole_if_shorter does for a list or an object below
 * the root (issue 17, the patches' p99: a hand drawn from empty, a pair of
 * flags that both changed). 0, or -1 out of memory (ops rolled back). */
static int whole_if_shorter(struct walk *w, struct tg_patch_mark first, const char *vt, size_t vlen)
{
	if (w->ops->n < first.n + 2 ||
	    w->ops->t.n - first.off + (first.n == 0) <= 36 + w->path.len + vlen)
		return 0;
	tg_patch_text_rollback(w->ops, first);
	if (tg_patch_text_op_raw(w->ops, "replace", w->path.s, w->path.len, vt, vlen) == 0)
		return 0;
	tg_patch_text_rollback(w->ops, first);
	return -1;
}

/* The text t[0, n) holds no real outside its strings: no '.', and no 'e'
 * or 'E' after a digit (jansson writes a real with one of them; "true"
 * and "false" have their 'e' after a letter). */
static bool no_reals(const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (c == '"') {
			i = tg_view_string_end(t, n, i);
		} else if (c == '.' || ((c == 'e' || c == 'E') && i > 0 && t[i - 1] >= '0' &&
		                        t[i - 1] <= '9')) {
			return false;
		}
	}
	return true;
}

/* A changed member that is an array on both sides (x's text, y's text and
 * its value v), diffed on its elements' text as a section that is an array
 * is (kit/view_items.h, view_sections.c's by_text): each element stamped by
 * a hash of its text, so that only the elements a run of changes pairs are
 * parsed (issue 17: a hand of cards, parsed back whole on both sides to
 * diff one card away, was 45 M of bench_views 300's 529 M). The operations
 * are tg_json_patch_diff_append's for the parsed arrays (one replace of the
 * list where they are longer, as there). 0 done; 1 left to
 * the parsed diff, ops as they were (a real in either text, whose text may
 * differ where its value does not; a path too long for the items' diff; or
 * out of memory, which the parsed diff meets again). */
static int array_on_text(struct walk *w, const struct member *x, const struct member *y,
                         const json_t *v)
{
	if (w->path.len > 100 || !no_reals(x->val, x->vlen) || !no_reals(y->val, y->vlen))
		return 1;
	/* the previous elements: each one's text and its stamp */
	uint32_t om = 0, cap = 0;
	uint64_t *ostamp = NULL;
	uint32_t *olen = NULL;
	int rc = 0;
	const char *t = x->val;
	size_t n = x->vlen;
	if (n < 2 || t[0] != '[' || t[n - 1] != ']')
		return 1;
	for (size_t i = 1; n > 2 && i < n - 1 && rc == 0;) {
		size_t e = value_end(t, n, i);
		void *arr[] = {ostamp, olen};
		const size_t size[] = {sizeof *ostamp, sizeof *olen};
		if (e <= i || e >= n || (t[e] != ',' && t[e] != ']') || e - i > UINT32_MAX ||
		    tg_view_items_grow(&cap, om + 1, 16, 2, arr, size) != 0)
			rc = 1;
		ostamp = arr[0];
		olen = arr[1];
		if (rc)
			break;
		ostamp[om] = tg_stamp_bytes(0, t + i, e - i);
		olen[om++] = (uint32_t)(e - i);
		i = e + 1;
	}
	struct tg_view_items it;
	struct tg_patch_mark first = tg_patch_text_mark(w->ops);
	if (rc == 0 && tg_view_items_begin(&it, NULL, t, ostamp, olen, om, true, false) == 0) {
		if (tg_view_items_of_array(&it, v, y->val, y->vlen) != 0 ||
		    tg_view_items_diff(&it, w->ops, w->path.s) != 0)
			rc = 1;
		tg_view_items_end(&it);
	} else {
		rc = 1;
	}
	free(ostamp);
	free(olen);
	if (rc == 0 && whole_if_shorter(w, first, y->val, y->vlen) != 0)
		rc = 1;
	if (rc)
		tg_patch_text_rollback(w->ops, first);
	return rc;
}

/* Member x changed to y (whose value is v; NULL: y's text only, its kind
 * read from it and the value parsed where a diff needs it), at depth: as
 * diff_value. */
static void changed(struct walk *w, const struct member *x, const struct member *y, json_t *v,
                    const uint32_t *starts, size_t depth, unsigned level)
{
	bool was_object = x->val[0] == '{', was_array = x->val[0] == '[';
	bool is_object = v ? json_is_object(v) : y->val[0] == '{';
	bool is_array = v ? json_is_array(v) : y->val[0] == '[';
	bool is_real = v ? json_is_real(v) : !is_object && !is_array && !no_reals(y->val, y->vlen);
	if (was_object && is_object && depth < TG_JSON_POINTER_MAX_DEPTH && level < WALK_MAX) {
		/* the members' starts, where the walk that found x and y
		 * recorded them */
		struct src os = {x->val, x->vlen, x->rec ? starts + x->first : NULL, x->count},
		           ns = {y->val, y->vlen, y->rec ? starts + y->first : NULL, y->count};
		struct tg_patch_mark first = tg_patch_text_mark(w->ops);
		walk_object(w, &os, v, &ns, depth, level + 1);
		if (w->rc == 0 && whole_if_shorter(w, first, y->val, y->vlen) != 0)
			w->rc = -1;
	} else if (was_array && is_array && array_on_text(w, x, y, v) == 0) {
		/* an array diffed on its elements' text */
	} else if ((was_object && is_object) || (was_array && is_array) || is_real) {
		/* an array array_on_text left (or an object past the walk's
		 * bound) is diffed parsed, and a real compared by value (-0.0
		 * equals 0.0) */
		json_t *was = json_loadb(x->val, x->vlen, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
		json_t *own =
		    v ? NULL : json_loadb(y->val, y->vlen, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
		if (!was || !(v || own) ||
		    tg_json_patch_diff_text(w->ops, w->path.s, was, v ? v : own) != 0)
			w->rc = -1;
		json_decref(was);
		json_decref(own);
	} else {
		/* Of other kinds, or scalars of one kind whose texts differ: the
		 * values differ (json_equal), so the diff replaces. */
		emit(w, "replace", y->val, y->vlen);
	}
}

static void walk_object(struct walk *w, const struct src *os, const json_t *now,
                        const struct src *ns, size_t depth, unsigned level)
{
	struct members a, b;
	struct starts rec;
	members_init(&a);
	members_init(&b);
	starts_init(&rec);
	size_t same;
	bool tail;
	int rc = scan_changed(os, ns, &a, &b, &same, &tail, &rec);
	if (rc == 0 && now &&
	    (tail ? b.n + same > json_object_size(now) : b.n + same != json_object_size(now)))
		rc = 1; /* nt is not now's text */
	if (rc != 0) {
		w->rc = rc;
		goto out;
	}
	size_t mark = w->path.len, hint = 0;
	/* The previous members in their order: changed or removed ... */
	for (size_t i = 0; i < a.n && w->rc == 0; i++) {
		const struct member *x = &a.m[i];
		struct member *y = b.n ? find(&b, x, &hint) : NULL;
		if (y)
			y->paired = true;
		if (y && y->vlen == x->vlen && memcmp(y->val, x->val, x->vlen) == 0)
			continue; /* the same text: the same value, no operation */
		if (tg_json_pointer_buf_push(&w->path, x->key, x->klen) != 0) {
			w->rc = -1;
			break;
		}
		if (!y) {
			emit(w, "remove", NULL, 0);
		} else {
			json_t *v = now ? json_object_getn(now, x->key, x->klen) : NULL;
			if (v || !now)
				changed(w, x, y, v, rec.s, depth + 1, level);
			else
				w->rc = 1;
		}
		tg_json_pointer_buf_truncate(&w->path, mark);
	}
	/* ... then the new ones the previous object lacks, in their order. */
	for (size_t j = 0; j < b.n && w->rc == 0; j++) {
		if (b.m[j].paired)
			continue;
		if (now && !json_object_getn(now, b.m[j].key, b.m[j].klen)) {
			w->rc = 1;
		} else if (tg_json_pointer_buf_push(&w->path, b.m[j].key, b.m[j].klen) != 0) {
			w->rc = -1;
		} else {
			emit(w, "add", b.m[j].val, b.m[j].vlen);
			tg_json_pointer_buf_truncate(&w->path, mark);
		}
	}
out:
	members_free(&a);
	members_free(&b);
	starts_free(&rec);
}

int tg_view_object_diff(struct tg_patch_text *ops, const char *ptr, const char *old, size_t olen,
                        const json_t *now, const char *nt, size_t nlen)
{
	size_t depth = 0;
	struct tg_patch_mark first = tg_patch_text_mark(ops);
	for (const char *c = ptr; *c; c++)
		depth += *c == '/';
	/* Each operation names a value of one side, and a value takes a byte
	 * of text at least: below the bound, the diff cannot reach it (where
	 * it could, the whole diff replaces the part at ptr instead). */
	if (!ops || (now ? !json_is_object(now) : nlen == 0 || nt[0] != '{') ||
	    depth >= TG_JSON_POINTER_MAX_DEPTH || first.n + olen + nlen >= TG_JSON_PATCH_MAX_OPS)
		return 1;
	struct walk w = {.ops = ops};
	size_t len = strlen(ptr);
	w.path.s = malloc(len + 1);
	if (!w.path.s)
		return -1;
	memcpy(w.path.s, ptr, len + 1);
	w.path.len = len;
	w.path.cap = len + 1;
	struct src os = {old, olen, NULL, 0}, ns = {nt, nlen, NULL, 0};
	walk_object(&w, &os, now, &ns, depth, 0);
	if (w.rc == 0 && depth > 0 && whole_if_shorter(&w, first, nt, nlen) != 0)
		w.rc = -1;
	tg_json_pointer_buf_free(&w.path);
	if (w.rc == 1)
		tg_patch_text_rollback(ops, first);
	return w.rc;
}
