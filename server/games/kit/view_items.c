/* view_items.c — see view_items.h. The new elements are written straight
 * into the view's text: an element whose stamp the kept view had is copied
 * as bytes, a new one is serialized; or, for a section kept as stamps
 * (measure), only the new ones are serialized, to measure them, and nothing
 * is written. The patch is found on the stamps with
 * the diff's own array algorithm (protocol/json_patch_diff.c: common prefix
 * and suffix trimmed, the middle aligned by LCS when small with the diff's
 * own walker, protocol/lcs_runs.h, each run of
 * changes diffed element-wise where both sides have an element, then
 * removes or adds), so the operations are the ones the whole-array diff
 * gives, and only the elements in a run are parsed and diffed; without the
 * previous text an element of a run is replaced whole instead of diffed. */
#include "view_items.h"

#include <stdlib.h>
#include <string.h>

#include "json_compact.h"
#include "json_patch.h"
#include "lcs_runs.h"
#include "scratch.h"
#include "view_object.h"
#include "view_sections.h"

int tg_view_items_grow(uint32_t *cap, uint32_t need, uint32_t first, size_t narr, void *arr[],
                       const size_t size[])
{
	if (need <= *cap)
		return 0;
	uint32_t c = *cap ? *cap : first;
	while (c < need)
		c *= 2;
	bool ok = true;
	for (size_t i = 0; i < narr; i++) {
		void *p = realloc(arr[i], (size_t)c * size[i]);
		if (p)
			arr[i] = p;
		ok = ok && p;
	}
	if (!ok)
		return -1;
	*cap = c;
	return 0;
}

/* Room for one more new element: the five arrays grown when full (issue
 * 17: the arrays and sizes set up for every element, full or not, were
 * 1.65 M self of bench_views 300's 86.5 M fan-out, over 53,000 elements). */
static int grow_arrays(struct tg_view_items *it);

static inline int grow(struct tg_view_items *it)
{
	return it->n < it->cap ? 0 : grow_arrays(it);
}

static int grow_arrays(struct tg_view_items *it)
{
	void *arr[] = {it->stamp, it->len, it->src, it->val, it->noff};
	const size_t size[] = {sizeof *it->stamp, sizeof *it->len, sizeof *it->src, sizeof *it->val,
	                       sizeof *it->noff};
	int r = tg_view_items_grow(&it->cap, it->n + 1, 64, 5, arr, size);
	it->stamp = arr[0];
	it->len = arr[1];
	it->src = arr[2];
	it->val = arr[3];
	it->noff = arr[4];
	return r;
}

/* The previous stamps by hash (it->slot), made on the first look-up that
 * needs it (issue 17: made for every walk, with a look-up per previous
 * element to skip equal ones, it was 2.7 M of bench_views 300's 102.6 M,
 * though most elements stand where they stood). Of equal previous
 * elements any may be found: equal stamps, equal texts. 0, or -1 when out
 * of memory. */
static int table(struct tg_view_items *it)
{
	size_t nslot = 64, scap;
	while (nslot < 2 * (size_t)it->om)
		nslot *= 2;
	it->slot = tg_scratch_take(TG_SCRATCH_ITEM_SLOT, &scap);
	if (it->slot && scap < nslot * sizeof *it->slot) {
		free(it->slot);
		it->slot = NULL;
	}
	if (!it->slot) {
		scap = nslot * sizeof *it->slot;
		if (!(it->slot = malloc(scap)))
			return -1;
	}
	it->slot_cap = scap;
	memset(it->slot, 0, nslot * sizeof *it->slot);
	it->nslot = nslot;
	for (uint32_t i = 0; i < it->om; i++) {
		if (!it->ostamp[i])
			continue;
		size_t h = (size_t)it->ostamp[i] & (nslot - 1);
		while (it->slot[h])
			h = (h + 1) & (nslot - 1);
		it->slot[h] = i + 1;
	}
	return 0;
}

/* The previous element with this stamp, or -1 (-2: out of memory), for
 * the new element j: the one after the last found when it has the stamp
 * (a run of elements kept in order, as the log's window that slid), or
 * the previous j (the element stands where it stood), else looked for:
 * for the walk's first two such elements, most often new ones, along the
 * previous stamps (cheaper than their table), then by hash. */
static int32_t find(struct tg_view_items *it, uint64_t stamp, uint32_t j)
{
	if (!stamp || !it->om)
		return -1;
	uint32_t i = it->next;
	if ((i < it->om && it->ostamp[i] == stamp) || (j < it->om && it->ostamp[i = j] == stamp)) {
		it->next = i + 1;
		return (int32_t)i;
	}
	if (!it->nslot && it->scans < 2) { /* a new element, most likely */
		it->scans++;
		for (i = 0; i < it->om; i++)
			if (it->ostamp[i] == stamp) {
				it->next = i + 1;
				return (int32_t)i;
			}
		return -1;
	}
	if (!it->nslot && table(it) != 0)
		return -2;
	for (size_t h = (size_t)stamp & (it->nslot - 1); it->slot[h]; h = (h + 1) & (it->nslot - 1))
		if (it->ostamp[it->slot[h] - 1] == stamp) {
			it->next = it->slot[h];
			return (int32_t)(it->slot[h] - 1);
		}
	return -1;
}

bool tg_view_item(struct tg_view_items *it, uint64_t stamp)
{
	if (it->want)
		it->bad = true; /* the previous element's value never came */
	it->want = false;
	if (it->bad)
		return false;
	if (it->all) {
		it->want = true;
		return true;
	}
	if (!it->b || grow(it) != 0) {
		it->bad = true;
		return false;
	}
	if (it->n && !it->measure)
		tg_text_put(it->b, ",", 1);
	uint32_t j = it->n++;
	int32_t src = find(it, stamp, j);
	if (src < -1) {
		it->bad = true;
		return false;
	}
	it->stamp[j] = stamp;
	it->src[j] = src;
	it->val[j] = NULL;
	it->len[j] = 0;
	it->noff[j] = UINT32_MAX;
	if (src < 0) {
		it->want = true;
		return true;
	}
	if (!it->measure)
		tg_text_put(it->b, it->old + it->ooff[src], it->olen[src]);
	it->len[j] = it->olen[src];
	return false;
}

void tg_view_item_set(struct tg_view_items *it, json_t *value)
{
	if (!it->want || !value) {
		it->bad = true;
		json_decref(value);
		return;
	}
	it->want = false;
	if (it->all) {
		if (json_array_append_new(it->all, value) != 0)
			it->bad = true;
		return;
	}
	size_t at = it->b->n;
	if (tg_json_compact_append(it->b, value) != 0 || it->b->n - at > UINT32_MAX)
		it->bad = true;
	uint32_t j = it->n - 1;
	it->len[j] = (uint32_t)(it->b->n - at);
	if (it->measure && !it->b->oom) {
		/* measured, not part of the view; kept in b for the patch
		 * (issue 17: written once, not serialized again into it) when
		 * the value is kept to diff, taken back otherwise */
		if (it->keep && at <= UINT32_MAX - 1) {
			it->noff[j] = (uint32_t)at;
		} else {
			it->b->n = at;
			it->b->p[at] = 0;
		}
	}
	if (it->keep) {
		it->val[j] = value;
		it->vals = true;
	} else
		json_decref(value);
}

static json_t *parse(const char *p, size_t len);

struct tg_text *tg_view_item_text(struct tg_view_items *it, size_t *at)
{
	if (!it->want || it->all || !it->b)
		return NULL;
	*at = it->b->n;
	return it->b;
}

/* As tg_view_item_set with the value's text already in b at at. */
void tg_view_item_text_done(struct tg_view_items *it, size_t at)
{
	if (!it->want || it->all || !it->b || at > it->b->n) {
		it->bad = true;
		return;
	}
	it->want = false;
	if (it->b->oom || it->b->n - at > UINT32_MAX)
		it->bad = true;
	uint32_t j = it->n - 1;
	it->len[j] = (uint32_t)(it->b->n - at);
	bool kept_text = false;
	if (it->measure && !it->b->oom) {
		if (it->keep && at <= UINT32_MAX - 1) {
			it->noff[j] = (uint32_t)at;
			kept_text = true;
		} else {
			it->b->n = at;
			it->b->p[at] = 0;
		}
	}
	/* kept to diff without its text in b: the value, parsed */
	if (it->keep && !kept_text && !it->bad && !(it->val[j] = parse(it->b->p + at, it->len[j])))
		it->bad = true;
	it->vals = it->vals || it->val[j];
}

void tg_view_items_collect(struct tg_view_items *it)
{
	*it = (struct tg_view_items){.all = json_array()};
	it->bad = it->all == NULL;
}

json_t *tg_view_items_result(struct tg_view_items *it)
{
	json_t *all = it->all;
	if (it->want || it->bad) {
		json_decref(all);
		all = NULL;
	}
	*it = (struct tg_view_items){0};
	return all;
}

int tg_view_items_begin(struct tg_view_items *it, struct tg_text *b, const char *old,
                        const uint64_t *ostamp, const uint32_t *olen, uint32_t om, bool keep,
                        bool measure)
{
	*it = (struct tg_view_items){.b = b,
	                             .keep = keep,
	                             .measure = measure,
	                             .old = old,
	                             .ostamp = ostamp,
	                             .olen = olen,
	                             .om = ostamp && (olen || !old) ? om : 0};
	/* the new elements' arrays, this thread's from the last walk
	 * (scratch.h): their room is that of the smallest */
	void **arr[] = {(void **)&it->stamp, (void **)&it->len, (void **)&it->src,
	                (void **)&it->val, (void **)&it->noff};
	const size_t size[] = {sizeof *it->stamp, sizeof *it->len, sizeof *it->src, sizeof *it->val,
	                       sizeof *it->noff};
	size_t room = SIZE_MAX;
	for (unsigned i = 0; i < 5; i++) {
		size_t cap;
		*arr[i] = tg_scratch_take(TG_SCRATCH_ITEM_STAMP + i, &cap);
		if (cap / size[i] < room)
			room = cap / size[i];
	}
	it->cap = room > UINT32_MAX ? UINT32_MAX : (uint32_t)room;
	if (!it->om)
		return 0;
	if (!old && !measure) { /* the copied elements' text is not there */
		tg_view_items_end(it);
		return -1;
	}
	if (!old)
		return 0; /* the stamps' table: on the first look-up that needs it */
	size_t ocap;
	it->ooff = tg_scratch_take(TG_SCRATCH_ITEM_OOFF, &ocap);
	if (it->ooff && ocap < it->om * sizeof *it->ooff) {
		free(it->ooff);
		it->ooff = NULL;
	}
	if (!it->ooff) {
		ocap = it->om * sizeof *it->ooff;
		if (!(it->ooff = malloc(ocap))) {
			tg_view_items_end(it);
			return -1;
		}
	}
	it->ooff_cap = ocap;
	uint32_t off = 1; /* after "[" */
	for (uint32_t i = 0; i < it->om; i++) {
		it->ooff[i] = off;
		off += olen[i] + 1; /* and its "," */
	}
	return 0;
}

/* Appends the next element of t[start, i) to the new ones. */
static int text_item(struct tg_view_items *it, const json_t *now, const char *t, size_t start,
                     size_t i)
{
	if (i - start > UINT32_MAX || (now && it->n >= json_array_size(now)) || grow(it) != 0)
		return -1;
	uint32_t j = it->n++;
	it->stamp[j] = tg_stamp_bytes(0, t + start, i - start);
	it->len[j] = (uint32_t)(i - start);
	if ((it->src[j] = find(it, it->stamp[j], j)) < -1)
		return -1;
	it->val[j] = json_incref(json_array_get(now, j));
	it->vals = it->vals || it->val[j];
	it->noff[j] = start <= UINT32_MAX - 1 ? (uint32_t)start : UINT32_MAX;
	it->ntext = t;
	return 0;
}

int tg_view_items_of_array(struct tg_view_items *it, const json_t *now, const char *t, size_t n)
{
	if (n < 2 || t[0] != '[' || t[n - 1] != ']' || (now && !json_is_array(now)))
		return -1;
	if (n == 2)
		return json_array_size(now) == 0 ? 0 : -1;
	size_t start = 1;
	int depth = 0;
	for (size_t i = 1; i < n; i++) {
		char c = t[i];
		if (c == '"') {
			/* passed over by memchr (issue 17: this walk, byte by
			 * byte, was 7.7 M self of bench_views 300's 349 M) */
			i = tg_view_string_end(t, n, i);
		} else if (c == '[' || c == '{') {
			depth++;
		} else if ((c == ']' || c == '}') && depth > 0) {
			depth--;
		} else if (depth == 0 && (c == ',' || i == n - 1)) {
			if (text_item(it, now, t, start, i) != 0)
				return -1;
			start = i + 1;
		}
	}
	return !now || it->n == json_array_size(now) ? 0 : -1;
}

void tg_view_items_end(struct tg_view_items *it)
{
	for (uint32_t j = 0; it->vals && j < it->n; j++)
		json_decref(it->val[j]);
	/* kept for this thread's next walk (scratch.h), with the sizes the
	 * walk knows: the five new elements' arrays hold it->cap each (their
	 * room when taken, or grown to it), at least */
	size_t c = it->cap;
	tg_scratch_give_cap(TG_SCRATCH_ITEM_OOFF, it->ooff, it->ooff_cap);
	tg_scratch_give_cap(TG_SCRATCH_ITEM_SLOT, it->slot, it->slot_cap);
	tg_scratch_give_cap(TG_SCRATCH_ITEM_STAMP, it->stamp, c * sizeof *it->stamp);
	tg_scratch_give_cap(TG_SCRATCH_ITEM_LEN, it->len, c * sizeof *it->len);
	tg_scratch_give_cap(TG_SCRATCH_ITEM_SRC, it->src, c * sizeof *it->src);
	tg_scratch_give_cap(TG_SCRATCH_ITEM_VAL, it->val, c * sizeof *it->val);
	tg_scratch_give_cap(TG_SCRATCH_ITEM_NOFF, it->noff, c * sizeof *it->noff);
	json_decref(it->all);
	json_decref(it->now);
	*it = (struct tg_view_items){0};
}

/* ---- the patch ----------------------------------------------------------- */

struct patch {
	struct tg_view_items *it;
	struct tg_patch_text *ops;
	const char *ptr;
	size_t plen;  /* strlen(ptr) */
	uint32_t pos; /* where the middles start */
	int failed;
};

static bool same(uint64_t a, uint64_t b)
{
	return a && a == b;
}

static json_t *parse(const char *p, size_t len)
{
	return json_loadb(p, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
}

/* The previous element i, parsed from its text (new reference). */
static json_t *old_value(const struct tg_view_items *it, uint32_t i)
{
	return parse(it->old + it->ooff[i], it->olen[i]);
}

/* The new element j's text (it->len[j] bytes) when it was written (built
 * and measured, an array built whole or one written as text only), or
 * NULL. */
static const char *new_text(const struct tg_view_items *it, uint32_t j)
{
	if (!it->noff || it->noff[j] == UINT32_MAX)
		return NULL;
	if (it->ntext)
		return it->ntext + it->noff[j];
	return it->measure && it->b && it->b->p ? it->b->p + it->noff[j] : NULL;
}

/* The new element j (new reference): built, or the previous one it copies
 * (parsed from the previous text, or without it taken from the whole new
 * array, rebuilt once). */
static json_t *new_value(struct tg_view_items *it, uint32_t j)
{
	if (it->val[j])
		return json_incref(it->val[j]);
	if (it->ntext) { /* an array written as text only (view_section_text) */
		const char *nt = new_text(it, j);
		return nt ? parse(nt, it->len[j]) : NULL;
	}
	if (it->src[j] < 0)
		return NULL;
	if (it->old)
		return old_value(it, (uint32_t)it->src[j]);
	if (!it->now && it->rebuild && !it->rebuilt) {
		it->rebuilt = 1;
		it->now = it->rebuild(it->rebuild_ctx);
	}
	if (json_array_size(it->now) != it->n)
		return NULL;
	return json_incref(json_array_get(it->now, j));
}

/* ptr/index into out: its length, or 0 (out "") when it does not fit.
 * Written by hand (issue 17: snprintf was 5.5 M of bench_views 300's
 * 334 M, about 940 instructions a path). */
static size_t path(const struct patch *p, size_t index, char *out, size_t size)
{
	char d[24], *end = d + sizeof d, *s = tg_decimal_end(end, index);
	size_t n = (size_t)(end - s);
	if (p->plen + 1 + n >= size) {
		out[0] = 0;
		return 0;
	}
	memcpy(out, p->ptr, p->plen);
	out[p->plen] = '/';
	memcpy(out + p->plen + 1, s, n);
	out[p->plen + 1 + n] = 0;
	return p->plen + 1 + n;
}

/* An add or a replace at index of the new element j (value), or a remove
 * (j unused), written as text (issue 17: no operation object, no copy).
 * A new element that copies a previous one is written from the previous
 * text, which is that element's compact text (json_compact writes again
 * the bytes it parses from), not parsed; a built one from its tree. */
static void emit(struct patch *p, const char *op, size_t index, bool value, uint32_t j)
{
	char at[160];
	size_t plen = path(p, index, at, sizeof at);
	if (p->failed || !plen || p->ops->n >= TG_JSON_PATCH_MAX_OPS) {
		p->failed = 1;
		return;
	}
	struct tg_view_items *it = p->it;
	const char *nt = value ? new_text(it, j) : NULL;
	int rc;
	if (!value) {
		rc = tg_patch_text_op(p->ops, op, at, plen, NULL);
	} else if (nt) {
		rc = tg_patch_text_op_raw(p->ops, op, at, plen, nt, it->len[j]);
	} else if (it->val[j]) {
		rc = tg_patch_text_op(p->ops, op, at, plen, it->val[j]);
	} else if (it->src[j] >= 0 && it->old) {
		uint32_t i = (uint32_t)it->src[j];
		rc = tg_patch_text_op_raw(p->ops, op, at, plen, it->old + it->ooff[i], it->olen[i]);
	} else {
		json_t *now = new_value(it, j);
		rc = now ? tg_patch_text_op(p->ops, op, at, plen, now) : -1;
		json_decref(now);
	}
	if (rc != 0)
		p->failed = 1;
}

/* The previous element i changed into the new j, diffed at `at`: an object
 * on its members' text (view_object.h: only its changed members are parsed
 * back), anything else parsed. 0, or -1. */
static int pair_diff(struct patch *p, const char *at, uint32_t i, uint32_t j)
{
	struct tg_view_items *it = p->it;
	const char *old = it->old + it->ooff[i];
	json_t *now = new_value(it, j);
	if (!now)
		return -1;
	int r = 1;
	const char *nt = new_text(it, j);
	if (old[0] == '{' && json_is_object(now) && nt) {
		r = tg_view_object_diff(p->ops, at, old, it->olen[i], now, nt, it->len[j]);
	} else if (old[0] == '{' && json_is_object(now)) {
		struct tg_text t = {0};
		r = tg_json_compact_append(&t, now) != 0
		        ? -1
		        : tg_view_object_diff(p->ops, at, old, it->olen[i], now, t.p, t.n);
		free(t.p);
	}
	if (r == 1) {
		json_t *was = old_value(it, i);
		r = was && tg_json_patch_diff_text(p->ops, at, was, now) == 0 ? 0 : -1;
		json_decref(was);
	}
	json_decref(now);
	return r;
}

/* As json_patch_diff.c's emit_run: at position bj the document holds the
 * previous elements [ai, ai+dels) and must hold the new [bj, bj+adds). */
static void emit_run(struct patch *p, uint32_t ai, uint32_t dels, uint32_t bj, uint32_t adds)
{
	uint32_t common = dels < adds ? dels : adds;
	if (!p->it->old) { /* no previous text to diff on: replaced whole */
		for (uint32_t j = 0; j < common && !p->failed; j++) {
			if (same(p->it->ostamp[ai + j], p->it->stamp[bj + j]))
				continue; /* paired with its equal (past the LCS bound) */
			char at[160];
			size_t alen = p->it->inside ? path(p, bj + j, at, sizeof at) : 0;
			int r = alen ? p->it->inside(p->it->inside_ctx, ai + j, bj + j, at, alen,
			                             p->ops)
			             : 0;
			if (r < 0)
				p->failed = 1;
			else if (r == 0)
				emit(p, "replace", bj + j, true, bj + j);
		}
	}
	for (uint32_t j = 0; j < common && p->it->old && !p->failed; j++) {
		char at[160];
		if (!path(p, bj + j, at, sizeof at) || pair_diff(p, at, ai + j, bj + j) != 0)
			p->failed = 1;
	}
	for (uint32_t j = common; j < dels; j++)
		emit(p, "remove", bj + common, false, 0);
	for (uint32_t j = common; j < adds; j++)
		emit(p, "add", bj + j, true, bj + j);
}

/* tg_lcs_runs on the stamps of the middles [pos, pos+m) and [pos, pos+k). */
static bool middle_same(void *ctx, size_t i, size_t j)
{
	const struct patch *p = ctx;
	return same(p->it->ostamp[p->pos + i], p->it->stamp[p->pos + j]);
}

static void middle_run(void *ctx, size_t ai, size_t dels, size_t bj, size_t adds)
{
	struct patch *p = ctx;
	emit_run(p, p->pos + (uint32_t)ai, (uint32_t)dels, p->pos + (uint32_t)bj, (uint32_t)adds);
}

/* The most elements a window may have lost at its front for slid. */
#define SLIDE_MAX 16

/* The middles as a window that slid (issue 17: the log, 48 lines that
 * lose r at the front and gain a at the back in an action, filled a band
 * of tg_lcs_runs' table each time): the previous [r, m) the new [0, K),
 * and none of the r removed the same as a new element, none of the a added
 * the same as a previous one. Then every common subsequence lies in the K
 * kept, so K is the longest and the walk removes the r (at each of them
 * the kept K lie below, K - 1 at most to the right), matches the K and
 * adds the a: its runs, called here without the table. true when the
 * middles were so. */
static bool slid(struct patch *p, uint32_t m, uint32_t k)
{
	const uint64_t *o = p->it->ostamp + p->pos, *n = p->it->stamp + p->pos;
	for (uint32_t r = m > k ? m - k : 1; r < m && r <= SLIDE_MAX; r++) {
		uint32_t K = m - r, a = k - K, i = 0;
		while (i < K && same(o[r + i], n[i]))
			i++;
		if (i < K)
			continue;
		for (uint32_t x = 0; x < r; x++)
			for (uint32_t j = 0; j < k; j++)
				if (same(o[x], n[j]))
					return false;
		for (uint32_t y = K; y < k; y++)
			for (uint32_t x = 0; x < m; x++)
				if (same(n[y], o[x]))
					return false;
		middle_run(p, 0, r, 0, 0);
		if (a)
			middle_run(p, m, 0, K, a);
		return true;
	}
	return false;
}

int tg_view_items_diff(struct tg_view_items *it, struct tg_patch_text *ops, const char *ptr)
{
	if (it->bad || it->want)
		return -1;
	struct patch p = {.it = it, .ops = ops, .ptr = ptr, .plen = strlen(ptr)};
	uint32_t na = it->om, nb = it->n, pre = 0, suf = 0;
	while (pre < na && pre < nb && same(it->ostamp[pre], it->stamp[pre]))
		pre++;
	while (suf < na - pre && suf < nb - pre &&
	       same(it->ostamp[na - 1 - suf], it->stamp[nb - 1 - suf]))
		suf++;
	uint32_t m = na - pre - suf, k = nb - pre - suf;
	p.pos = pre;
	if (!tg_lcs_fits(m, k))
		emit_run(&p, pre, m, pre, k);
	else if (!slid(&p, m, k) && tg_lcs_runs(m, k, middle_same, middle_run, &p) != 0)
		p.failed = 1;
	return p.failed ? -1 : 0;
}
