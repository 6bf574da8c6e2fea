/* view_sections.c — see view_sections.h. A section is named by a JSON
 * Pointer of one or two plain tokens ("/log", "/board/forces"). The kept
 * view is the text of the whole view, rewritten after every action from the
 * unchanged sections' bytes and the rebuilt ones' serializations, so it is
 * always exactly the serialized view of the state last brought up to date. */
#include "view_sections.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the stamps' hash, from the library, inlined (tg_stamp_bytes) */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "json_compact.h"
#include "json_patch.h"
#include "scratch.h"
#include "view_object.h"

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

/* ---- the kept view as text ------------------------------------------------ */

static void puts_(struct tg_text *b, const char *s)
{
	tg_text_put(b, s, strlen(s));
}

/* v as json_dumps writes it inside the whole view: the same bytes. */
static void put_json(struct tg_text *b, const json_t *v)
{
	tg_json_compact_append(b, v);
}

/* A section's old value, parsed from its text (to diff a section that is
 * not an array, or was not one). */
static json_t *old_value(const char *old, size_t olen)
{
	return json_loadb(old, olen, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
}

/* The length of ptr's parent's name ("/a": 0, none; "/a/b": that of "a",
 * at ptr + 1), and its own name. */
static size_t parent_len(const char *ptr, const char **name)
{
	const char *slash = strchr(ptr + 1, '/');
	*name = slash ? slash + 1 : ptr + 1;
	return slash ? (size_t)(slash - ptr - 1) : 0;
}

/* What comes before section ptr's value, after the section prev (NULL:
 * ptr is the first): the members' separators and names, opening and
 * closing the parent objects as json_dumps does. The sections of one
 * parent are consecutive (game.h). The names are compared and written in
 * place (both parents were copied out and compared by strcmp for each
 * section of each update). */
static void put_key(struct tg_text *b, const char *ptr, const char *prev)
{
	const char *name, *prev_name;
	size_t pn = parent_len(ptr, &name);
	bool open = false; /* ptr's parent is prev's, already open */
	if (!prev) {
		tg_text_put(b, "{", 1);
	} else {
		size_t wn = parent_len(prev, &prev_name);
		open = wn == pn && memcmp(prev + 1, ptr + 1, pn) == 0;
		if (open)
			tg_text_put(b, ",", 1);
		else
			puts_(b, wn ? "}," : ",");
	}
	if (pn && !open) {
		tg_text_put(b, "\"", 1);
		tg_text_put(b, ptr + 1, pn);
		tg_text_put(b, "\":{", 3);
	}
	tg_text_put(b, "\"", 1);
	puts_(b, name);
	tg_text_put(b, "\":", 2);
}

static void put_end(struct tg_text *b, const char *last)
{
	const char *name;
	puts_(b, parent_len(last, &name) ? "}}" : "}");
}

_Static_assert(TG_VIEW_SECTIONS_MAX <= 64, "tg_view_kept.items is a 64-bit set");

/* What put_key writes before each of a module's sections and put_end
 * after the last, made once a thread for each table of sections (a
 * module's constant): section i's is text[off[i], off[i + 1]), the end's
 * text[off[n], off[n + 1]) (issue 17: the names found by strchr and
 * compared again for each section of each update were 1.5 M of
 * bench_views 300's 128 M). */
#define KEYS_TEXT 2048
#define KEYS_KEPT 3
struct keys {
	const char *const *sec;
	unsigned n;
	uint16_t off[TG_VIEW_SECTIONS_MAX + 2];
	char text[KEYS_TEXT];
};
static _Thread_local struct keys keys_kept[KEYS_KEPT];
static _Thread_local unsigned keys_next;

/* sec's keys (n sections, n > 0), or NULL when they do not fit (then
 * put_key and put_end write them). */
static const struct keys *keys_of(const char *const *sec, unsigned n)
{
	for (unsigned k = 0; k < KEYS_KEPT; k++)
		if (keys_kept[k].sec == sec && keys_kept[k].n == n)
			return &keys_kept[k];
	char buf[KEYS_TEXT];
	struct tg_text t = {buf, 0, sizeof buf, 0};
	uint16_t off[TG_VIEW_SECTIONS_MAX + 2];
	for (unsigned i = 0; i < n; i++) {
		off[i] = (uint16_t)t.n;
		if (t.n + strlen(sec[i]) + 16 > sizeof buf)
			return NULL;
		put_key(&t, sec[i], i ? sec[i - 1] : NULL);
	}
	off[n] = (uint16_t)t.n;
	if (t.n + 3 > sizeof buf)
		return NULL;
	put_end(&t, sec[n - 1]);
	off[n + 1] = (uint16_t)t.n;
	struct keys *k = &keys_kept[keys_next];
	keys_next = (keys_next + 1) % KEYS_KEPT;
	k->sec = sec;
	k->n = n;
	memcpy(k->off, off, (n + 2) * sizeof *off);
	memcpy(k->text, buf, t.n);
	return k;
}

/* The new view's elements of its sections built item by item, gathered
 * section by section. */
struct items {
	uint64_t *stamp;
	uint32_t *len;
	uint32_t n, cap, built, copied, rebuilt;
	uint32_t first[TG_VIEW_SECTIONS_MAX + 1];
	/* section i's text length as an array ("[...]"), when its bit is set:
	 * found where its elements pass (issue 17: summed again from their
	 * lengths in adopt, 0.5 M of bench_views 300's fan-out) */
	uint32_t alen[TG_VIEW_SECTIONS_MAX];
	uint64_t bits; /* the sections kept as stamps */
	int oom;
	uint64_t *shape; /* the entries' lists (tg_view_kept.ishape) */
	size_t nshape, capshape;
	bool fixed; /* shape is the caller's (not freed, copied out to grow) */
	/* the kept view's records of section i: ishape[olo[i], ohi[i])
	 * (shape_sections) */
	size_t olo[TG_VIEW_SECTIONS_MAX], ohi[TG_VIEW_SECTIONS_MAX];
};

/* Section i of a kept view is kept as its elements' stamps. */
static bool stamps_only(const struct tg_view_kept *k, unsigned i)
{
	return (k->items >> i) & 1;
}

/* The kept view's section lengths (tg_view_kept.ifirst's nsec after its
 * own), or NULL. */
static const uint32_t *section_lens(const struct tg_view_kept *k)
{
	return k->ifirst ? k->ifirst + k->nsec + 1 : NULL;
}

static void items_put(struct items *a, const uint64_t *stamp, const uint32_t *len, uint32_t n)
{
	if (a->oom || !n)
		return;
	void *arr[] = {a->stamp, a->len};
	const size_t size[] = {sizeof *a->stamp, sizeof *a->len};
	a->oom = tg_view_items_grow(&a->cap, a->n + n, 256, 2, arr, size) != 0;
	a->stamp = arr[0];
	a->len = arr[1];
	if (a->oom)
		return;
	memcpy(a->stamp + a->n, stamp, n * sizeof *stamp);
	memcpy(a->len + a->n, len, n * sizeof *len);
	a->n += n;
}

/* A block of n bytes for what k keeps, in place of old (freed, or
 * reused): old itself while it holds n bytes and is not much larger (its
 * slack at most half n and 64 bytes), so that an update whose view did
 * not grow past its block asks malloc for nothing of 1 KB or more
 * (scratch.h: each such request consolidated jansson's freed fast chunks);
 * when old is too small, or too large (then shrunk in place, unless malloc
 * had mapped it), an eighth to spare, so that the next updates' growths
 * fit; exactly n for a first block (a full view). A role's text grows and
 * shrinks by its offers every turn: with at most an eighth of slack
 * (session 23) a shrink gave its block back and the next growth asked
 * malloc again (session 28: 150 such mallocs in bench_views 300, the
 * fan-out 106.9 M; with half, 104.8 M). NULL when out of memory (old
 * freed). */
static void *keep_block(void *old, size_t n)
{
	if (!old)
		return malloc(n);
	size_t have = malloc_usable_size(old), want = n + n / 8;
	if (have >= n && have - n <= n / 2 + 64)
		return old;
	if (have >= want) { /* in place, unless it was mapped (then pages) */
		void *q = realloc(old, want);
		if (q && malloc_usable_size(q) - n <= n / 2 + 64)
			return q;
		old = q ? q : old;
	}
	free(old);
	return malloc(want);
}

/* Copies b's text to k (into the blocks k held, when they fit: keep_block),
 * with cut (NULL: whole) and the elements a (NULL: none); b NULL: k's text
 * is already the new one, tlen bytes (place). */
static void adopt(struct tg_view_kept *k, const struct tg_text *b, size_t tlen, unsigned nsec,
                  const struct tg_view_cut *cut, const struct items *a)
{
	struct tg_view_kept was = *k;
	*k = (struct tg_view_kept){0};
	k->text = b ? keep_block(was.text, b->n + 1) : was.text;
	if (cut)
		k->cut = keep_block(was.cut, nsec * sizeof *cut);
	else
		free(was.cut);
	size_t isize =
	    a ? a->n * (sizeof *k->istamp + sizeof *k->ilen) + (2 * nsec + 1) * sizeof *k->ifirst
	      : 0;
	if (a)
		k->istamp = keep_block(was.istamp, isize);
	else
		free(was.istamp);
	if (!a || !a->nshape) { /* the entries' lists: none */
		free(was.ishape);
		was.ishape = NULL;
	}
	if (!k->text || (cut && !k->cut) || (a && !k->istamp)) {
		free(was.ishape);
		tg_view_kept_clear(k); /* cannot happen for a view that fit: start again */
		return;
	}
	if (b)
		memcpy(k->text, b->p, b->n + 1);
	k->len = k->vlen = b ? b->n : tlen;
	k->nsec = nsec;
	if (cut)
		memcpy(k->cut, cut, nsec * sizeof *cut);
	if (!a)
		return;
	k->items = a->bits;
	for (unsigned i = 0; i < nsec; i++)
		if (stamps_only(k, i))
			k->vlen += a->alen[i];
	k->ilen = (uint32_t *)(k->istamp + a->n);
	k->ifirst = k->ilen + a->n;
	if (a->n) {
		memcpy(k->istamp, a->stamp, a->n * sizeof *k->istamp);
		memcpy(k->ilen, a->len, a->n * sizeof *k->ilen);
	}
	memcpy(k->ifirst, a->first, (nsec + 1) * sizeof *k->ifirst);
	memcpy(k->ifirst + nsec + 1, a->alen, nsec * sizeof *k->ifirst);
	k->ibuilt = a->built;
	k->icopied = a->copied;
	k->irebuilt = a->rebuilt;
	if (a->nshape) {
		k->ishape = keep_block(was.ishape, a->nshape * sizeof *k->ishape);
		was.ishape = NULL;
		if (!k->ishape) { /* as for istamp */
			tg_view_kept_clear(k);
			return;
		}
		memcpy(k->ishape, a->shape, a->nshape * sizeof *k->ishape);
		k->nshape = a->nshape;
	}
}

/* Takes the values of the sections kept as stamps (bits) out of b's text,
 * whose sections lie at cut: the text a kept view holds. */
static void strip(struct tg_text *b, struct tg_view_cut *cut, unsigned n, uint64_t bits)
{
	size_t to = 0, from = 0;
	for (unsigned i = 0; i < n; i++) {
		size_t gap = cut[i].off - from;
		memmove(b->p + to, b->p + from, gap);
		to += gap;
		from = cut[i].off;
		cut[i].off = (uint32_t)to;
		if ((bits >> i) & 1) {
			from += cut[i].len;
			cut[i].len = 0;
		}
	}
	memmove(b->p + to, b->p + from, b->n - from);
	b->n = to + b->n - from;
	b->p[b->n] = 0;
}

/* The kept view updated in place (issue 17, the fan-out's copies: the
 * workers' memmove, 8.8 % of their samples in session 30, was mostly
 * refresh copying each unchanged section out of the kept text into a new
 * one, which adopt then copied back whole, both out of the cache). An
 * update writes only its rebuilt sections' values, in b (b->p + cut[i].off,
 * cut[i].len: the sections not in fromk); the unchanged ones (fromk) are
 * where k's text has them, at cut[i] still, each after its key. Here k's
 * text becomes the new view's: each unchanged section moved with its key
 * to its new place, if it has one (those moving left in order, then those
 * moving right in reverse order, so that no unchanged text is overwritten
 * before it moved: the unchanged sections keep their order, and in the old
 * text and the new one they do not overlap), then each rebuilt one and its
 * key written, then the end. Everything before the first section whose
 * length changed stays where it is, unread. A rebuilt section kept as
 * stamps (bits) leaves no text, as strip does. The block is kept while
 * the new text fits it; too small, the new text is written into a new one
 * (an eighth to spare) from the old; too large, it is shrunk as keep_block
 * has it. The new
 * text's length, and cut set to its sections; SIZE_MAX when out of memory
 * (k's text as it was). */
static size_t place(struct tg_view_kept *k, const struct keys *keys, unsigned n,
                    struct tg_view_cut *cut, uint64_t fromk, uint64_t bits, const struct tg_text *b)
{
	uint32_t src[TG_VIEW_SECTIONS_MAX];
	size_t pos = 0;
	for (unsigned i = 0; i < n; i++) {
		pos += keys->off[i + 1] - keys->off[i];
		src[i] = cut[i].off;
		if (!((fromk >> i) & 1) && ((bits >> i) & 1))
			cut[i].len = 0;
		if (pos > UINT32_MAX)
			return SIZE_MAX;
		cut[i].off = (uint32_t)pos;
		pos += cut[i].len;
	}
	size_t end = pos, total = pos + (keys->off[n + 1] - keys->off[n]);
	if (total >= UINT32_MAX)
		return SIZE_MAX;
	size_t have = malloc_usable_size(k->text), want = total + 1 + (total + 1) / 8;
	char *t = have >= total + 1 ? k->text : malloc(want);
	if (!t)
		return SIZE_MAX;
	const char *o = k->text;           /* t itself, or a new block (then copied) */
	for (unsigned i = 0; i < n; i++) { /* the unchanged ones moving left */
		size_t kl = keys->off[i + 1] - keys->off[i];
		if (((fromk >> i) & 1) && (cut[i].off < src[i] || t != o))
			memmove(t + cut[i].off - kl, o + src[i] - kl, kl + cut[i].len);
	}
	for (unsigned i = n; t == o && i-- > 0;) { /* moving right */
		size_t kl = keys->off[i + 1] - keys->off[i];
		if (((fromk >> i) & 1) && cut[i].off > src[i])
			memmove(t + cut[i].off - kl, o + src[i] - kl, kl + cut[i].len);
	}
	for (unsigned i = 0; i < n; i++) { /* the rebuilt ones */
		size_t kl = keys->off[i + 1] - keys->off[i];
		if ((fromk >> i) & 1)
			continue;
		memcpy(t + cut[i].off - kl, keys->text + keys->off[i], kl);
		if (cut[i].len)
			memcpy(t + cut[i].off, b->p + src[i], cut[i].len);
	}
	memcpy(t + end, keys->text + keys->off[n], total - end);
	t[total] = 0;
	if (t != o) {
		free(k->text);
		k->text = t;
	} else if (have - (total + 1) > (total + 1) / 2 + 64) {
		/* too much slack: shrunk in place, unless malloc had mapped it
		 * (then a block of its own), as keep_block does */
		char *q = realloc(t, want);
		t = q ? q : t;
		k->text = t;
		if (malloc_usable_size(t) - (total + 1) > (total + 1) / 2 + 64 &&
		    (q = malloc(want))) {
			memcpy(q, t, total + 1);
			free(t);
			k->text = q;
		}
	}
	return total;
}

/* The whole array of section i, for a patch that needs an element it did
 * not build (kit/view_items.h rebuild). */
struct section_of {
	const struct game_module *m;
	const struct game *g;
	const char *role;
	unsigned i;
};

static json_t *rebuild_section(void *ctx)
{
	const struct section_of *s = ctx;
	return s->m->view_section(s->g, s->role, s->i);
}

/* An element diffed by its members (below): the walk, and the kept
 * records of its section's previous elements by index; the records' index,
 * the diff's callback, and the new elements' records kept. */
struct members_ctx {
	const struct tg_view_items *it;
	const uint64_t **rec; /* om entries: the record of previous element i, or NULL */
};
static const uint64_t **members_index(const struct tg_view_kept *k, unsigned i,
                                      const struct items *a, const uint64_t **stack, size_t nstack);
static int members_inside(void *ctx, uint32_t i, uint32_t j, const char *at, size_t alen,
                          struct tg_patch_text *ops);
static uint32_t members_keep(struct items *a, const struct tg_view_items *it, const uint64_t **rec,
                             const char *text0, uint32_t first, size_t *alen);
static int replace_if_shorter(struct tg_patch_text *ops, struct tg_patch_mark o0, const char *ptr,
                              const char *nt, size_t len);

/* Section i item by item, if the module builds it so. Without ops (a full
 * build) its text is written into b from at; with ops its elements are
 * paired on the stamps with k's, only the new ones built (and written in
 * scratch, to measure them and for the patch, which takes their text from
 * there), nothing written into b, and the patch appended to ops: a
 * changed element is replaced whole when k kept the section as stamps,
 * unless it kept the element's members (members_inside).
 * 1 done, 0 the module does not (b as it was: the section is built whole),
 * -1 out of memory, a broken walk, or a kept section the walk cannot
 * follow (start again). */
static int by_items(const struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                    const char *role, struct tg_patch_text *ops, struct tg_text *b, unsigned i,
                    size_t at, struct items *a, struct tg_text *scratch)
{
	const char *old = NULL;
	const uint64_t *ost = NULL;
	const uint32_t *ol = NULL;
	uint32_t om = 0;
	bool array = true; /* the kept section is an array */
	if (ops) {
		if (!k->ifirst)
			return -1;
		old = stamps_only(k, i) ? NULL : k->text + k->cut[i].off;
		array = !old || old[0] == '[';
		if (!array)
			old = NULL;
		else {
			ost = k->istamp + k->ifirst[i];
			ol = k->ilen + k->ifirst[i];
			om = k->ifirst[i + 1] - k->ifirst[i];
		}
	}
	struct tg_view_items it;
	if (tg_view_items_begin(&it, ops ? scratch : b, old, ost, ol, om, ops != NULL,
	                        ops != NULL) != 0)
		return -1;
	struct section_of whole = {m, g, role, i};
	it.rebuild = rebuild_section;
	it.rebuild_ctx = &whole;
	/* the previous elements' members, to diff one changed in place */
	const uint64_t *stack[128], **rec = NULL;
	struct members_ctx mc = {&it, NULL};
	if (ops && !old && om && k->ishape) {
		rec = members_index(k, i, a, stack, sizeof stack / sizeof *stack);
		if (!rec) {
			tg_view_items_end(&it);
			return -1;
		}
		mc.rec = rec;
		it.inside = members_inside;
		it.inside_ctx = &mc;
	}
	if (!ops)
		tg_text_put(b, "[", 1);
	if (!m->view_items(g, role, i, &it)) {
		if (rec != stack)
			free(rec);
		tg_view_items_end(&it);
		if (!ops && !b->oom) {
			b->n = at;
			b->p[at] = 0;
		}
		return 0; /* built whole (by_text: a kept array's stamps are its text's) */
	}
	if (!ops)
		tg_text_put(b, "]", 1);
	int rc = it.bad || it.want || b->oom || scratch->oom || !array ? -1 : 1;
	/* equal stamps, equal elements: a section whose stamps are all the
	 * same is unchanged */
	bool changed = ops && it.n != om;
	for (uint32_t j = 0; ops && !changed && j < om; j++)
		changed = !ost[j] || ost[j] != it.stamp[j]; /* 0: built every time */
	if (rc == 1 && changed && tg_view_items_diff(&it, ops, m->view_sections[i]) != 0)
		rc = -1;
	if (rc == 1) {
		uint32_t first = a->n;
		items_put(a, it.stamp, it.len, it.n);
		a->rebuilt += it.rebuilt;
		a->bits |= (uint64_t)1 << i;
		/* the elements' members, for the next diff: copied with the
		 * element, or cut from the new text (in scratch; in b from at
		 * in a full build); and the elements built and copied counted
		 * in the same pass */
		size_t alen;
		uint32_t built = members_keep(a, &it, rec, ops ? NULL : b->p + at, first, &alen);
		a->alen[i] = alen > UINT32_MAX ? UINT32_MAX : (uint32_t)alen;
		a->built += built;
		a->copied += it.n - built;
	}
	if (rec != stack)
		free(rec);
	tg_view_items_end(&it);
	if (ops && scratch->p) { /* the built elements' texts, kept for the patch */
		scratch->n = 0;
		scratch->p[0] = 0;
	}
	return rc;
}

/* ---- an entry diffed by its lists -------------------------------------- */

/* Issue 17, the patches' p99: a section that is an array built whole and
 * kept as its elements' stamps (the offers: session 18, memory per match)
 * replaced an element changed in place whole, having no text to diff it
 * on: Lincoln's War's rail entry, 2-3 KB a mode, after every rail move,
 * though only its generals' and destinations' lists change (9 of the 44
 * patches at or above a quarter of their view in bench_views 2000
 * --ratios). So an element SHAPE_MIN bytes long or more that has kit/
 * offer.h's entry form, an object whose "params" are objects some members
 * of which are arrays (an offer's "choices" and "choices_by",
 * kit/param_by.h), keeps in the kept view its shape: a stamp of its text
 * outside those lists, and each list's elements' stamps. Paired with a new
 * element whose text outside its lists is the same, it is diffed list by
 * list on those stamps (tg_view_items_diff: a list's element changed in
 * place is replaced whole), and nothing is parsed back: the new lists'
 * elements are copied from the new text. A list whose operations are
 * longer than one replace of it is replaced; an entry whose operations are
 * longer than one replace of it is replaced whole, as before.
 *
 * The record of one element, in 64-bit words: its index among the kept
 * view's elements (high half) and its number of lists (low half); the
 * stamp of its text outside the lists; then per list its number of
 * elements and their stamps. */
#define SHAPE_MIN 512
#define SHAPE_LISTS 8

struct shape {
	uint64_t skel; /* the stamp of the text outside the lists */
	unsigned n;
	struct {
		uint32_t off, len; /* the list's text "[...]" in the entry's */
		char path[48];     /* "/params/K/NAME", below the entry */
		size_t plen;
	} l[SHAPE_LISTS];
};

/* One past the JSON value at t[i] of the compact text t[0, n), or 0. */
static size_t value_end(const char *t, size_t n, size_t i)
{
	if (i >= n)
		return 0;
	if (t[i] == '"') {
		size_t e = tg_view_string_end(t, n, i);
		return e < n ? e + 1 : 0;
	}
	if (t[i] == '[' || t[i] == '{') {
		int depth = 0;
		for (size_t k = i; k < n; k++) {
			char c = t[k];
			if (c == '"') {
				k = tg_view_string_end(t, n, k);
			} else if (c == '[' || c == '{') {
				depth++;
			} else if ((c == ']' || c == '}') && --depth == 0) {
				return k + 1;
			}
		}
		return 0;
	}
	size_t k = i;
	while (k < n && t[k] != ',' && t[k] != '}' && t[k] != ']')
		k++;
	return k > i ? k : 0;
}

/* The member whose name opens at t[i]: its value's start in *v and the
 * name's closing '"' in *ke. */
static bool member_at(const char *t, size_t n, size_t i, size_t *ke, size_t *v)
{
	if (i >= n || t[i] != '"')
		return false;
	*ke = tg_view_string_end(t, n, i);
	if (*ke + 2 >= n || t[*ke + 1] != ':')
		return false;
	*v = *ke + 2;
	return true;
}

/* The list at t[v] ("["): one past it, or 0; each element's stamp
 * appended to a->shape when a is given. */
static uint64_t *shape_room(struct items *a, size_t words);

static size_t list_end(const char *t, size_t n, size_t v, struct items *a)
{
	size_t i = v + 1;
	if (i < n && t[i] == ']')
		return i + 1;
	while (i < n) {
		size_t e = value_end(t, n, i);
		if (!e || e >= n)
			return 0;
		if (a) {
			uint64_t *w = shape_room(a, 1);
			if (!w)
				return 0;
			*w = tg_stamp_bytes(0, t + i, e - i);
		}
		if (t[e] == ']')
			return e + 1;
		if (t[e] != ',')
			return 0;
		i = e + 1;
	}
	return 0;
}

/* The params array at t[a]: each array member of its objects a list of
 * sh (with a: its element count and their stamps appended to a->shape, in
 * a record's form). One past it, or 0. */
static size_t params_lists(const char *t, size_t n, size_t p, struct shape *sh, struct items *a)
{
	size_t i = p + 1;
	if (i < n && t[i] == ']')
		return i + 1;
	for (unsigned k = 0; i < n; k++) {
		size_t e;
		if (t[i] == '{' && i + 1 < n && t[i + 1] != '}') {
			size_t j = i + 1;
			for (;;) {
				size_t ke, v, ve;
				if (!member_at(t, n, j, &ke, &v))
					return 0;
				if (t[v] == '[') {
					const char *name = t + j + 1;
					size_t nl = ke - j - 1;
					if (sh->n == SHAPE_LISTS || nl > 24 ||
					    memchr(name, '\\', nl) || memchr(name, '~', nl) ||
					    memchr(name, '/', nl))
						return 0;
					size_t at = a ? a->nshape : 0;
					if (a && !shape_room(a, 1))
						return 0;
					if (!(ve = list_end(t, n, v, a)))
						return 0;
					if (a)
						a->shape[at] = a->nshape - at - 1;
					char *path = sh->l[sh->n].path;
					int pl =
					    snprintf(path, sizeof sh->l[0].path, "/params/%u/", k);
					memcpy(path + pl, name, nl);
					path[pl + (int)nl] = 0;
					sh->l[sh->n].plen = (size_t)pl + nl;
					sh->l[sh->n].off = (uint32_t)v;
					sh->l[sh->n].len = (uint32_t)(ve - v);
					sh->n++;
				} else if (!(ve = value_end(t, n, v))) {
					return 0;
				}
				if (ve < n && t[ve] == ',') {
					j = ve + 1;
				} else if (ve < n && t[ve] == '}') {
					e = ve + 1;
					break;
				} else {
					return 0;
				}
			}
		} else if (!(e = value_end(t, n, i))) {
			return 0;
		}
		if (e < n && t[e] == ',')
			i = e + 1;
		else
			return e < n && t[e] == ']' ? e + 1 : 0;
	}
	return 0;
}

/* The entry t[0, n) cut at its lists, in one pass (with a: each list's
 * element count and stamps appended to a->shape): false when it is not of
 * the form (or has none). */
static bool shape_of(const char *t, size_t n, struct shape *sh, struct items *a)
{
	sh->n = 0;
	if (n < 2 || t[0] != '{' || t[n - 1] != '}')
		return false;
	for (size_t i = 1; i < n - 1;) {
		size_t ke, v, ve;
		if (!member_at(t, n, i, &ke, &v))
			return false;
		if (ke - i - 1 == 6 && memcmp(t + i + 1, "params", 6) == 0 && t[v] == '[')
			ve = params_lists(t, n, v, sh, a);
		else
			ve = value_end(t, n, v);
		if (!ve || ve >= n || (t[ve] != ',' && ve != n - 1))
			return false;
		i = t[ve] == ',' ? ve + 1 : ve;
	}
	uint64_t h = 0;
	size_t from = 0;
	for (unsigned k = 0; k < sh->n; k++) { /* each list's "[" and "]" stay */
		h = tg_stamp_bytes(h, t + from, sh->l[k].off + 1 - from);
		from = sh->l[k].off + sh->l[k].len - 1;
	}
	sh->skel = tg_stamp_bytes(h, t + from, n - from);
	return sh->n > 0;
}

/* The record of the kept element elem in sh[0, n), or NULL. */
static size_t shape_words(const uint64_t *r);

static const uint64_t *shape_find(const uint64_t *sh, size_t n, uint32_t elem)
{
	for (size_t at = 0; at < n; at += shape_words(sh + at))
		if (sh[at] >> 32 == elem)
			return sh + at;
	return NULL;
}

/* The low half of a record's first word with this bit: an element diffed
 * by its members (below), the rest of the half the record's words. */
#define MEMBERS_KIND 0x80000000u

static size_t shape_words(const uint64_t *r)
{
	uint32_t n = (uint32_t)r[0];
	size_t at = 2;
	if (n & MEMBERS_KIND)
		return n & ~MEMBERS_KIND;
	for (uint32_t k = 0; k < n; k++)
		at += 1 + r[at];
	return at;
}

/* Where each section's records lie in k's: an update writes them section
 * by section, element by element, so they are in their elements' order
 * and one pass finds each section's; if they were not, every section's
 * range is all of them (its users check each record's element). */
static void shape_sections(const struct tg_view_kept *k, unsigned n, struct items *a)
{
	size_t w = 0;
	uint32_t last = 0;
	bool sorted = true;
	for (unsigned i = 0; i < n; i++) {
		a->olo[i] = a->ohi[i] = 0;
		if (!k->ishape || !k->ifirst)
			continue;
		a->olo[i] = w;
		while (w < k->nshape && (uint32_t)(k->ishape[w] >> 32) < k->ifirst[i + 1]) {
			uint32_t e = (uint32_t)(k->ishape[w] >> 32);
			sorted = sorted && e >= last && e >= k->ifirst[i];
			last = e;
			w += shape_words(k->ishape + w);
		}
		a->ohi[i] = w;
	}
	for (unsigned i = 0; !sorted && i < n; i++) {
		a->olo[i] = 0;
		a->ohi[i] = k->nshape;
	}
}

static uint64_t *shape_room(struct items *a, size_t words)
{
	if (a->oom)
		return NULL;
	if (a->nshape + words > a->capshape) {
		size_t cap = a->capshape ? 2 * a->capshape : 256;
		while (cap < a->nshape + words)
			cap *= 2;
		uint64_t *p =
		    a->fixed ? malloc(cap * sizeof *p) : realloc(a->shape, cap * sizeof *p);
		if (!p) {
			a->oom = 1;
			return NULL;
		}
		if (a->fixed && a->nshape)
			memcpy(p, a->shape, a->nshape * sizeof *p);
		a->fixed = false;
		a->shape = p;
		a->capshape = cap;
	}
	uint64_t *w = a->shape + a->nshape;
	a->nshape += words;
	return w;
}

/* Copies the record r, for the new element elem. */
static void shape_copy(struct items *a, const uint64_t *r, uint32_t elem)
{
	size_t words = shape_words(r);
	uint64_t *w = shape_room(a, words);
	if (w) {
		memcpy(w, r, words * sizeof *w);
		w[0] = (uint64_t)elem << 32 | (uint32_t)r[0];
	}
}

/* The record of the entry t[0, n), new element elem, if it has the form. */
static void shape_new(struct items *a, const char *t, size_t n, uint32_t elem)
{
	struct shape sh;
	size_t at = a->nshape;
	if (n < SHAPE_MIN || !shape_room(a, 2))
		return;
	if (!shape_of(t, n, &sh, a)) {
		a->nshape = at; /* not kept: such an entry is replaced whole */
		return;
	}
	a->shape[at] = (uint64_t)elem << 32 | sh.n;
	a->shape[at + 1] = sh.skel;
}

/* tg_view_items.inside for an array kept as stamps: the previous element
 * i and the new j, diffed by their lists when both have the entry form
 * and the same text outside the lists; the new element's record kept in
 * made (its index j) for by_text. */
struct inside {
	const struct tg_view_kept *k;
	unsigned sec;
	struct tg_view_items *it;
	struct items made;
};

static int entry_inside(void *ctx, uint32_t i, uint32_t j, const char *at, size_t alen,
                        struct tg_patch_text *ops)
{
	struct inside *c = ctx;
	const struct tg_view_items *it = c->it;
	const uint64_t *r = shape_find(c->k->ishape, c->k->nshape, c->k->ifirst[c->sec] + i);
	if (!r || it->len[j] < SHAPE_MIN || !it->ntext || it->noff[j] == UINT32_MAX)
		return 0;
	const char *nt = it->ntext + it->noff[j];
	struct shape sh;
	size_t m0 = c->made.nshape;
	if (!shape_room(&c->made, 2))
		return -1;
	if (!shape_of(nt, it->len[j], &sh, &c->made)) {
		c->made.nshape = m0;
		return c->made.oom ? -1 : 0;
	}
	c->made.shape[m0] = (uint64_t)j << 32 | sh.n; /* the new entry's, either way */
	c->made.shape[m0 + 1] = sh.skel;
	if (sh.skel != r[1] || sh.n != (uint32_t)r[0])
		return 0; /* not the same outside its lists: replaced whole */
	struct tg_patch_mark o0 = tg_patch_text_mark(ops);
	const uint64_t *w = r + 2;
	for (unsigned k = 0; k < sh.n; k++) {
		uint32_t om = (uint32_t)w[0];
		const uint64_t *ost = w + 1;
		w += 1 + om;
		char path[160 + sizeof sh.l[0].path];
		memcpy(path, at, alen);
		memcpy(path + alen, sh.l[k].path, sh.l[k].plen + 1);
		struct tg_view_items sub;
		if (tg_view_items_begin(&sub, NULL, NULL, ost, NULL, om, true, true) != 0)
			return -1;
		struct tg_patch_mark p0 = tg_patch_text_mark(ops);
		const char *lt = nt + sh.l[k].off;
		int rc = tg_view_items_of_array(&sub, NULL, lt, sh.l[k].len) != 0 ? 1
		         : tg_view_items_diff(&sub, ops, path) != 0               ? -1
		                                                                  : 0;
		tg_view_items_end(&sub);
		if (rc == 0 && replace_if_shorter(ops, p0, path, lt, sh.l[k].len) != 0)
			rc = -1;
		if (rc != 0) {
			tg_patch_text_rollback(ops, o0);
			return rc < 0 ? -1 : 0;
		}
	}
	/* longer than one replace of the entry: that replace (the caller's) */
	size_t whole = 36 + alen + it->len[j], diff = ops->t.n - o0.off + (o0.n == 0);
	if (ops->n > o0.n && diff > whole) {
		tg_patch_text_rollback(ops, o0);
		return 0;
	}
	return 1;
}

/* ---- an element diffed by its members --------------------------------- */

/* Issue 17, the patches' p99 on the wire: a section built item by item
 * (game.h view_items) is kept as its elements' stamps, so an element
 * changed in place was replaced whole: Lincoln's War's force that gains
 * generals at 7.3's reinforcements (the first turn's end_admin, 40-49 % of
 * its view, the wire's p99) was sent whole, 1.3 KB for a force of four,
 * where an add of each new general and a replace of its stars would do.
 * So an element MEMBERS_MIN bytes long or more that is an object keeps in
 * the kept view a record of its members: the stamp of their names in
 * order, and for each member the stamp of its value's text, or for a value
 * that is an array its elements' stamps. Paired with a new element of the
 * same names, it is diffed member by member: a list member on its
 * elements' stamps (tg_view_items_diff: an element changed in place is
 * replaced whole, a list whose operations are longer than one replace of it
 * is replaced), another member whose stamp moved replaced; longer than one
 * replace of the element, it is replaced whole, as before. Nothing is
 * parsed back: the values are copied from the new element's text.
 * The record, in 64-bit words: the element's index (high half) and
 * MEMBERS_KIND | the record's number of words (low half); the names'
 * stamp; then per member its value's stamp (odd: tg_stamp_bytes sets bit
 * 0), or a list's element count doubled (even) and their stamps. */
#define MEMBERS_MIN 384
#define MEMBERS_MAX 24

struct members {
	unsigned n;
	uint64_t names; /* the stamp of the names, in order */
	struct {
		uint32_t name, nlen; /* the name's text, without its quotes */
		uint32_t v, vlen;    /* the value's */
	} m[MEMBERS_MAX];
};

/* The object t[0, n) cut at its members, in one pass (with a: each
 * member's words of a record appended to a->shape): false when it is not
 * an object of 1 to MEMBERS_MAX members whose names need no escape in a
 * path. */
static bool members_of(const char *t, size_t n, struct members *ms, struct items *a)
{
	ms->n = 0;
	if (n < 3 || n > UINT32_MAX || t[0] != '{' || t[n - 1] != '}')
		return false;
	uint64_t h = 0;
	for (size_t i = 1; i < n - 1;) {
		size_t ke, v, ve;
		if (ms->n == MEMBERS_MAX || !member_at(t, n, i, &ke, &v))
			return false;
		const char *name = t + i + 1;
		size_t nl = ke - i - 1;
		if (memchr(name, '\\', nl) || memchr(name, '~', nl) || memchr(name, '/', nl))
			return false;
		size_t w = a ? a->nshape : 0;
		if (a && !shape_room(a, 1))
			return false;
		if (a && t[v] == '[') { /* its count doubled, and its elements' stamps */
			if (!(ve = list_end(t, n, v, a)))
				return false;
			a->shape[w] = (uint64_t)(a->nshape - w - 1) << 1;
		} else if (!(ve = value_end(t, n, v))) {
			return false;
		} else if (a) {
			a->shape[w] = tg_stamp_bytes(0, t + v, ve - v);
		}
		if (ve >= n || (t[ve] != ',' && ve != n - 1))
			return false;
		ms->m[ms->n].name = (uint32_t)(i + 1);
		ms->m[ms->n].nlen = (uint32_t)nl;
		ms->m[ms->n].v = (uint32_t)v;
		ms->m[ms->n].vlen = (uint32_t)(ve - v);
		ms->n++;
		h = tg_stamp_bytes(h, t + i, nl + 2);
		i = t[ve] == ',' ? ve + 1 : ve;
	}
	ms->names = h;
	return ms->n > 0;
}

/* The record of the element t[0, n), new element elem, if it is such an
 * object. */
static void members_new(struct items *a, const char *t, size_t n, uint32_t elem)
{
	struct members ms;
	size_t at = a->nshape;
	if (n < MEMBERS_MIN || t[0] != '{' || !shape_room(a, 2))
		return;
	if (!members_of(t, n, &ms, a) || a->nshape - at >= MEMBERS_KIND) {
		a->nshape = a->oom ? a->nshape : at; /* not kept: replaced whole */
		return;
	}
	a->shape[at] = (uint64_t)elem << 32 | MEMBERS_KIND | (uint32_t)(a->nshape - at);
	a->shape[at + 1] = ms.names;
}

/* The records of section i's previous elements by their index (om of
 * them), in stack when it holds them; NULL when out of memory. */
static const uint64_t **members_index(const struct tg_view_kept *k, unsigned i,
                                      const struct items *a, const uint64_t **stack, size_t nstack)
{
	uint32_t first = k->ifirst[i], om = k->ifirst[i + 1] - first;
	const uint64_t **rec = om <= nstack ? stack : malloc(om * sizeof *rec);
	if (!rec)
		return NULL;
	memset(rec, 0, om * sizeof *rec);
	for (size_t w = a->olo[i]; w < a->ohi[i]; w += shape_words(k->ishape + w)) {
		uint32_t e = (uint32_t)(k->ishape[w] >> 32);
		if (e >= first && e - first < om && ((uint32_t)k->ishape[w] & MEMBERS_KIND))
			rec[e - first] = k->ishape + w;
	}
	return rec;
}

/* tg_view_items.inside for a section built item by item and kept as
 * stamps: the previous element i and the new j (built: its text in the
 * walk's scratch), diffed member by member when i kept a record and both
 * have the same names. */
static int members_inside(void *ctx, uint32_t i, uint32_t j, const char *at, size_t alen,
                          struct tg_patch_text *ops)
{
	const struct members_ctx *c = ctx;
	const struct tg_view_items *it = c->it;
	const uint64_t *r = c->rec[i];
	if (!r || !it->measure || !it->b || !it->b->p || it->noff[j] == UINT32_MAX)
		return 0;
	const char *nt = it->b->p + it->noff[j];
	size_t nlen = it->len[j];
	struct members ms;
	if (!members_of(nt, nlen, &ms, NULL) || ms.names != r[1])
		return 0; /* not the same members: replaced whole */
	struct tg_patch_mark o0 = tg_patch_text_mark(ops);
	const uint64_t *w = r + 2, *end = r + shape_words(r);
	for (unsigned k = 0; k < ms.n; k++) {
		if (w >= end || (!(w[0] & 1) && (size_t)(end - w) <= (w[0] >> 1))) {
			tg_patch_text_rollback(ops, o0);
			return 0; /* not the record of these members */
		}
		const char *v = nt + ms.m[k].v;
		size_t vlen = ms.m[k].vlen;
		char path[256];
		size_t plen = alen + 1 + ms.m[k].nlen;
		if (plen >= sizeof path) {
			tg_patch_text_rollback(ops, o0);
			return 0;
		}
		memcpy(path, at, alen);
		path[alen] = '/';
		memcpy(path + alen + 1, nt + ms.m[k].name, ms.m[k].nlen);
		path[plen] = 0;
		int rc = 0;
		if (!(w[0] & 1) && v[0] == '[') { /* a list: on its elements' stamps */
			uint32_t om = (uint32_t)(w[0] >> 1);
			struct tg_view_items sub;
			if (tg_view_items_begin(&sub, NULL, NULL, w + 1, NULL, om, true, true) != 0)
				return -1;
			struct tg_patch_mark p0 = tg_patch_text_mark(ops);
			rc = tg_view_items_of_array(&sub, NULL, v, vlen) != 0 ? 1
			     : tg_view_items_diff(&sub, ops, path) != 0       ? -1
			                                                      : 0;
			tg_view_items_end(&sub);
			if (rc == 0 && replace_if_shorter(ops, p0, path, v, vlen) != 0)
				rc = -1;
		} else if (!(w[0] & 1) || tg_stamp_bytes(0, v, vlen) != w[0]) {
			rc =
			    tg_patch_text_op_raw(ops, "replace", path, plen, v, vlen) != 0 ? -1 : 0;
		}
		w += w[0] & 1 ? 1 : 1 + (w[0] >> 1);
		if (rc != 0) {
			tg_patch_text_rollback(ops, o0);
			return rc < 0 ? -1 : 0;
		}
	}
	/* longer than one replace of the element, or the record has more
	 * members: that replace (the caller's) */
	size_t whole = 36 + alen + nlen, diff = ops->t.n - o0.off + (o0.n == 0);
	if (w != end || (ops->n > o0.n && diff > whole)) {
		tg_patch_text_rollback(ops, o0);
		return 0;
	}
	return 1;
}

/* The records of the walk's new elements (the section's first at first
 * among a's): an element copied from a previous one takes its record
 * (rec, when given), one built is cut from its text: in the walk's
 * scratch (text0 NULL), or in the section's text text0 ("[...]", a full
 * build). The number of elements built (issue 17: counted in a pass of
 * their own, 0.48 M of bench_views 300's 99.7 M), and in *alen the
 * section's text length as an array. */
static uint32_t members_keep(struct items *a, const struct tg_view_items *it, const uint64_t **rec,
                             const char *text0, uint32_t first, size_t *alen)
{
	size_t off = 1; /* after text0's "[" */
	uint32_t built = 0;
	for (uint32_t j = 0; j < it->n && !a->oom; off += it->len[j] + 1, j++) {
		if (it->src[j] >= 0) {
			if (rec && rec[it->src[j]])
				shape_copy(a, rec[it->src[j]], first + j);
			continue;
		}
		built++;
		if (it->len[j] < MEMBERS_MIN)
			continue;
		const char *t = text0 ? text0 + off
		                : it->measure && it->b && it->b->p && it->noff[j] != UINT32_MAX
		                    ? it->b->p + it->noff[j]
		                    : NULL;
		if (t)
			members_new(a, t, it->len[j], first + j);
	}
	*alen = it->n ? off : 2; /* "[", the texts, n - 1 commas, "]" */
	return built;
}

/* A section that is an array, built whole (now, serialized into b from
 * at): its elements are stamped by a hash of their text, so that the patch
 * is found on the stamps as for a section built item by item: an element
 * removed is never parsed back, and only the previous elements that a run
 * of changes pairs with new ones are (the awaited role's offers, emptied
 * when the other player is awaited, were parsed back whole). When k kept
 * the section as stamps only, nothing is parsed back: an element changed
 * in place is replaced whole, and *changed is found on the stamps. The new
 * section is kept as stamps (its bit set in a) when its text is longer
 * than its elements' stamps and lengths (issue 17, memory per match: the
 * offers, 3 KB a match). now NULL: the section was written as text (game.h
 * view_section_text), parsed only where the diff needs it. 0, or -1. */
static int by_text(const struct tg_view_kept *k, struct tg_patch_text *ops, const struct tg_text *b,
                   unsigned i, size_t at, const json_t *now, bool *changed, const char *ptr,
                   struct items *a)
{
	bool kst = ops && stamps_only(k, i);
	const char *old = ops && !kst ? k->text + k->cut[i].off : NULL;
	bool olds = k->ifirst && (kst || (old && old[0] == '['));
	struct tg_view_items it;
	if (tg_view_items_begin(&it, NULL, olds ? old : NULL,
	                        olds ? k->istamp + k->ifirst[i] : NULL,
	                        olds ? k->ilen + k->ifirst[i] : NULL,
	                        olds ? k->ifirst[i + 1] - k->ifirst[i] : 0, true, kst) != 0)
		return -1;
	/* the new entries' records, on the stack while they fit (issue 17:
	 * grown from nothing in each walk, their first 2 KB realloc
	 * consolidated jansson's fast chunks, 2.1 M of bench_views 300's
	 * 102.6 M in 20 calls) */
	uint64_t made[512];
	struct inside in = {k, i, &it, {.shape = made, .capshape = 512, .fixed = true}};
	if (kst && k->ishape) {
		it.inside = entry_inside;
		it.inside_ctx = &in;
	}
	int rc = tg_view_items_of_array(&it, now, b->p + at, b->n - at);
	if (rc == 0 && kst) {
		uint32_t om = k->ifirst[i + 1] - k->ifirst[i];
		const uint64_t *ost = k->istamp + k->ifirst[i];
		*changed = it.n != om;
		for (uint32_t j = 0; !*changed && j < om; j++)
			*changed = ost[j] != it.stamp[j];
	}
	if (rc == 0 && *changed) {
		if (olds) {
			rc = tg_view_items_diff(&it, ops, ptr);
		} else { /* it was not an array */
			json_t *was = old_value(old, k->cut[i].len);
			json_t *is =
			    now ? json_incref((json_t *)now) : old_value(b->p + at, b->n - at);
			rc = was && is ? tg_json_patch_diff_text(ops, ptr, was, is) : -1;
			json_decref(was);
			json_decref(is);
		}
	}
	if (rc == 0) {
		uint32_t first = a->n;
		items_put(a, it.stamp, it.len, it.n);
		if (b->n - at > (size_t)it.n * (sizeof *k->istamp + sizeof *k->ilen)) {
			a->bits |= (uint64_t)1 << i;
			a->alen[i] = (uint32_t)(b->n - at); /* b->n <= UINT32_MAX: refresh */
			/* the entries' lists, for the next diff: copied with
			 * the element, or cut from the new text */
			for (uint32_t j = 0; j < it.n && !a->oom; j++) {
				const uint64_t *r =
				    kst && it.src[j] >= 0 && k->ishape
				        ? shape_find(k->ishape, k->nshape,
				                     k->ifirst[i] + (uint32_t)it.src[j])
				        : NULL;
				if (!r && in.made.nshape)
					r = shape_find(in.made.shape, in.made.nshape, j);
				if (r)
					shape_copy(a, r, first + j);
				else if (it.len[j] >= SHAPE_MIN && it.noff[j] != UINT32_MAX)
					shape_new(a, b->p + at + it.noff[j], it.len[j], first + j);
			}
		}
	}
	if (in.made.oom)
		rc = -1;
	if (!in.made.fixed)
		free(in.made.shape);
	tg_view_items_end(&it);
	return rc;
}

/* Section i written straight as text at the end of b (game.h
 * view_section_text): 1 written, 0 the module does not write it so (b as
 * it was), -1 out of memory or nothing written. */
static int section_text(const struct game_module *m, const struct game *g, const char *role,
                        unsigned i, struct tg_text *b)
{
	if (!m->view_section_text)
		return 0;
	size_t at = b->n;
	if (!m->view_section_text(g, role, i, b)) {
		if (b->n != at && !b->oom) {
			b->n = at;
			b->p[at] = 0;
		}
		return 0;
	}
	return b->oom || b->n == at ? -1 : 1;
}

/* The operations a section's diff appended to ops from o0, when their text
 * is longer than that of one replace of the whole section (its text
 * nt[0, len)): that replace instead (issue 17, the patches' p99: an offer
 * list whose entries all changed diffs into more bytes than it has). The
 * operations are text: their length is read, not serialized again. 0, or
 * -1 when out of memory. */
static int replace_if_shorter(struct tg_patch_text *ops, struct tg_patch_mark o0, const char *ptr,
                              const char *nt, size_t len)
{
	if (ops->n < o0.n + 2)
		return 0;
	/* {"op":"replace","path":"<ptr>","value":<now>} and its comma; the
	 * operations' text and a comma each (the text from o0 holds a comma
	 * before each of them but the very first) */
	size_t whole = 36 + strlen(ptr) + len, diff = ops->t.n - o0.off + (o0.n == 0);
	if (diff <= whole)
		return 0;
	tg_patch_text_rollback(ops, o0);
	return tg_patch_text_op_raw(ops, "replace", ptr, strlen(ptr), nt, len);
}

/* Builds role's view into a new text, section by section. With ops, k
 * holds the previous view cut into the same sections: a section whose
 * stamp did not move is copied from it, and a rebuilt one whose text
 * changed is diffed against its old value: a section built item by item
 * on its elements' stamps (and kept so: by_items), another array on its
 * elements' stamps, an object on its members' text (view_object.h),
 * anything else parsed back from its slice; where such a diff is longer
 * than the section's new value, one replace of the section instead. Without
 * ops the whole view is built, and the sections built item by item taken
 * out of the kept text. */
static int refresh(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                   const char *role, struct tg_patch_text *ops)
{
	unsigned n = tg_view_section_count(m);
	uint64_t stamp[TG_VIEW_SECTIONS_MAX];
	m->view_stamps(g, role, stamp);
	/* the job's buffers are this thread's, kept between jobs (scratch.h) */
	size_t ccap;
	struct tg_view_cut *cut = tg_scratch_take(TG_SCRATCH_CUT, &ccap);
	if (ccap < n * sizeof *cut) {
		free(cut);
		ccap = n * sizeof *cut;
		if (!(cut = malloc(ccap)))
			return -1;
	}
	struct tg_text b, scratch;
	tg_text_take(&b, TG_SCRATCH_VIEW);
	tg_text_take(&scratch, TG_SCRATCH_ITEMS);
	struct items a = {0};
	size_t scap, lcap;
	a.stamp = tg_scratch_take(TG_SCRATCH_ISTAMP, &scap);
	a.len = tg_scratch_take(TG_SCRATCH_ILEN, &lcap);
	scap /= sizeof *a.stamp;
	lcap /= sizeof *a.len;
	a.cap = (uint32_t)(scap < lcap ? scap : lcap);
	/* the entries' lists too: grown from nothing in each update, their
	 * reallocs of 2 KB and more consolidated jansson's fast chunks */
	a.shape = tg_scratch_take(TG_SCRATCH_SHAPE, &a.capshape);
	a.capshape /= sizeof *a.shape;
	if (ops)
		shape_sections(k, n, &a);
	const char *const *sec = m->view_sections;
	const struct keys *keys = n ? keys_of(sec, n) : NULL;
	/* an update with its keys known is written in place (place): b
	 * holds only the rebuilt sections' values, the unchanged ones (fromk)
	 * stay in k's text */
	bool inplace = ops && keys;
	uint64_t fromk = 0;
	for (unsigned i = 0; i < n && !b.oom; i++) {
		if (!inplace && keys)
			tg_text_put(&b, keys->text + keys->off[i], keys->off[i + 1] - keys->off[i]);
		else if (!inplace)
			put_key(&b, sec[i], i ? sec[i - 1] : NULL);
		size_t at = b.n;
		a.first[i] = a.n;
		int by = 0;
		if (ops && stamp[i] && stamp[i] == k->cut[i].stamp) {
			if (inplace)
				fromk |= (uint64_t)1 << i;
			else
				tg_text_put(&b, k->text + k->cut[i].off, k->cut[i].len);
			for (size_t w = a.olo[i]; w < a.ohi[i] && !a.oom;) { /* the records */
				const uint64_t *r = k->ishape + w;
				uint32_t e = (uint32_t)(r[0] >> 32);
				if (e >= k->ifirst[i] && e < k->ifirst[i + 1])
					shape_copy(&a, r, a.n + (e - k->ifirst[i]));
				w += shape_words(r);
			}
			if (k->ifirst)
				items_put(&a, k->istamp + k->ifirst[i], k->ilen + k->ifirst[i],
				          k->ifirst[i + 1] - k->ifirst[i]);
			if (stamps_only(k, i) && section_lens(k)) {
				a.bits |= (uint64_t)1 << i;
				a.alen[i] = section_lens(k)[i];
			}
		} else if (m->view_items && !b.oom &&
		           (by = by_items(k, m, g, role, ops, &b, i, at, &a, &scratch)) != 0) {
			if (by < 0)
				b.oom = 1;
		} else {
			/* written as text (no tree: parsed back only where the
			 * diff needs it), or built as a tree and serialized */
			json_t *now = NULL;
			int tx = section_text(m, g, role, i, &b);
			if (tx == 0 && !(now = m->view_section(g, role, i)))
				tx = -1;
			if (tx < 0) {
				b.oom = 1;
				break;
			}
			if (now)
				put_json(&b, now);
			/* kept as stamps only: an array built whole (by_text) */
			bool kst = ops && stamps_only(k, i);
			const char *old = ops && !kst ? k->text + k->cut[i].off : NULL;
			size_t len = ops && !kst ? k->cut[i].len : 0;
			bool changed =
			    old && !b.oom && (b.n - at != len || memcmp(b.p + at, old, len) != 0);
			struct tg_patch_mark o0 =
			    ops ? tg_patch_text_mark(ops) : (struct tg_patch_mark){0};
			if (!b.oom && b.p[at] == '[') {
				if (by_text(k, ops, &b, i, at, now, &changed, sec[i], &a) != 0)
					b.oom = 1;
			} else if (kst && !b.oom) {
				/* an array no longer: replaced whole, as the whole
				 * diff does a value that changed its type */
				changed = true;
				if (tg_patch_text_op_raw(ops, "replace", sec[i], strlen(sec[i]),
				                         b.p + at, b.n - at) != 0)
					b.oom = 1;
			} else if (changed && !b.oom && !(old[0] == '{' && b.p[at] == '{') &&
			           !(old[0] == '[' && b.p[at] == '[') &&
			           ops->n < TG_JSON_PATCH_MAX_OPS) {
				/* not two objects (a scalar, or its type changed):
				 * the whole diff replaces it with its new value, the
				 * text b holds; both texts are json_compact's, so
				 * they differ only where the values do (was: both
				 * parsed back and diffed, 7.2 M of bench_views 300
				 * in json_loadb) */
				if (tg_patch_text_op_raw(ops, "replace", sec[i], strlen(sec[i]),
				                         b.p + at, b.n - at) != 0)
					b.oom = 1;
			} else if (changed) {
				/* an object on its text: only its changed members
				 * are parsed back (kit/view_object.h), the section
				 * too when it was written as text (now NULL) */
				int r = b.oom ? -1
				              : tg_view_object_diff(ops, sec[i], old, len, now,
				                                    b.p + at, b.n - at);
				if (r == 1 && !now && !(now = old_value(b.p + at, b.n - at)))
					r = -1;
				json_t *was = r == 1 ? old_value(old, len) : NULL;
				if (r < 0 || (r == 1 && (!was || tg_json_patch_diff_text(
				                                     ops, sec[i], was, now) != 0)))
					b.oom = 1;
				json_decref(was);
			}
			if (changed && !b.oom &&
			    replace_if_shorter(ops, o0, sec[i], b.p + at, b.n - at) != 0)
				b.oom = 1;
			json_decref(now);
		}
		if ((fromk >> i) & 1)
			cut[i] = (struct tg_view_cut){k->cut[i].off, k->cut[i].len, stamp[i]};
		else
			cut[i] = (struct tg_view_cut){(uint32_t)at, (uint32_t)(b.n - at), stamp[i]};
	}
	if (!inplace && keys)
		tg_text_put(&b, keys->text + keys->off[n], keys->off[n + 1] - keys->off[n]);
	else if (!inplace && n)
		put_end(&b, sec[n - 1]);
	a.first[n] = a.n;
	tg_text_give(&scratch, TG_SCRATCH_ITEMS);
	int rc = 0;
	if (b.oom || a.oom || b.n > UINT32_MAX) {
		rc = -1;
	} else if (inplace) {
		size_t len = place(k, keys, n, cut, fromk, a.bits, &b);
		if (len == SIZE_MAX)
			rc = -1;
		else
			adopt(k, NULL, len, n, cut, &a);
		rc = rc == 0 && k->text ? 0 : -1;
	} else {
		/* the sections kept as stamps whose text b holds: all of them
		 * in a full build, the arrays built whole in an update */
		strip(&b, cut, n, a.bits);
		adopt(k, &b, 0, n, cut, &a);
		rc = k->text ? 0 : -1;
	}
	tg_text_give(&b, TG_SCRATCH_VIEW);
	tg_scratch_give(TG_SCRATCH_CUT, cut);
	tg_scratch_give(TG_SCRATCH_ISTAMP, a.stamp);
	tg_scratch_give(TG_SCRATCH_ILEN, a.len);
	tg_scratch_give(TG_SCRATCH_SHAPE, a.shape);
	return rc;
}

/* Section i's value built again into t from the state, item by item (or
 * whole, an array the module does not build so), its elements' stamps
 * checked against the kept ones (first, n). 0, or -1. */
static int items_text(const struct game_module *m, const struct game *g, const char *role,
                      unsigned i, struct tg_text *t, const uint64_t *first, uint32_t n)
{
	struct tg_view_items it;
	if (tg_view_items_begin(&it, t, NULL, NULL, NULL, 0, false, false) != 0)
		return -1;
	size_t at = t->n;
	tg_text_put(t, "[", 1);
	bool ok = m->view_items && m->view_items(g, role, i, &it);
	tg_text_put(t, "]", 1);
	if (!ok && !t->oom) { /* an array built whole, stamped by its elements' text */
		tg_view_items_end(&it);
		t->n = at;
		json_t *now = m->view_section(g, role, i);
		ok = now && tg_view_items_begin(&it, NULL, NULL, NULL, NULL, 0, true, false) == 0;
		if (ok) {
			put_json(t, now);
			ok = !t->oom && tg_view_items_of_array(&it, now, t->p + at, t->n - at) == 0;
		}
		json_decref(now);
	}
	ok = ok && !it.bad && !it.want && !t->oom && it.n == n &&
	     (n == 0 || memcmp(it.stamp, first, n * sizeof *first) == 0);
	tg_view_items_end(&it);
	return ok ? 0 : -1;
}

char *tg_view_kept_text(const struct tg_view_kept *k, const struct game_module *m,
                        const struct game *g, const char *role)
{
	if (!k->text)
		return NULL;
	struct tg_text t = {0};
	if (!k->items) {
		tg_text_put(&t, k->text, k->len);
		if (!t.oom && t.p)
			return t.p;
		free(t.p);
		return NULL;
	}
	t.p = malloc(k->vlen + 1);
	t.cap = t.p ? k->vlen + 1 : 0;
	size_t from = 0;
	int rc = t.p && m && g && k->ifirst && tg_view_section_count(m) == k->nsec ? 0 : -1;
	for (unsigned i = 0; rc == 0 && i < k->nsec; i++) {
		if (!stamps_only(k, i))
			continue;
		tg_text_put(&t, k->text + from, k->cut[i].off - from);
		from = k->cut[i].off;
		rc = items_text(m, g, role, i, &t, k->istamp + k->ifirst[i],
		                k->ifirst[i + 1] - k->ifirst[i]);
	}
	if (rc == 0)
		tg_text_put(&t, k->text + from, k->len - from);
	if (rc != 0 || t.oom || t.n != k->vlen) {
		free(t.p);
		return NULL;
	}
	return t.p;
}

void tg_view_keep_full(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                       const char *role)
{
	tg_view_kept_clear(k);
	if (tg_view_section_count(m) == 0) {
		json_t *v = m->view(g, role);
		if (v)
			tg_view_keep_tree(k, v);
		json_decref(v);
		return;
	}
	refresh(k, m, g, role, NULL);
}

int tg_view_keep_tree(struct tg_view_kept *k, const json_t *view)
{
	struct tg_text b;
	tg_text_take(&b, TG_SCRATCH_VIEW);
	put_json(&b, view);
	int rc = b.oom || !b.p ? -1 : 0;
	if (rc == 0)
		adopt(k, &b, 0, 0, NULL, NULL);
	tg_text_give(&b, TG_SCRATCH_VIEW);
	if (rc != 0 || !k->text) {
		tg_view_kept_clear(k);
		return -1;
	}
	return 0;
}

int tg_view_update(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                   const char *role, json_t *ops)
{
	struct tg_patch_text o = {0};
	int rc = tg_view_update_text(k, m, g, role, &o);
	json_t *got = rc == 0 ? tg_patch_text_json(&o) : NULL;
	if (rc == 0 && (!got || json_array_extend(ops, got) != 0))
		rc = -1;
	json_decref(got);
	free(o.t.p);
	return rc;
}

int tg_view_update_text(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                        const char *role, struct tg_patch_text *ops)
{
	if (!k->text)
		return -1;
	unsigned n = tg_view_section_count(m);
	if (n == 0) {
		json_t *now = m->view(g, role);
		int rc = now ? tg_view_update_whole(k, m, g, role, now, ops) : -1;
		json_decref(now);
		return rc;
	}
	if (k->nsec != n)
		return -1; /* kept whole (a resigned match's view): start again */
	return refresh(k, m, g, role, ops);
}

int tg_view_update_whole(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                         const char *role, const json_t *now, struct tg_patch_text *ops)
{
	json_t *was = tg_view_kept_json(k, m, g, role);
	int rc = was ? tg_json_patch_diff_text(ops, "", was, now) : -1;
	json_decref(was);
	return rc == 0 ? tg_view_keep_tree(k, now) : -1;
}

json_t *tg_view_kept_json(const struct tg_view_kept *k, const struct game_module *m,
                          const struct game *g, const char *role)
{
	if (!k->items)
		return k->text ? json_loadb(k->text, k->len, JSON_ALLOW_NUL, NULL) : NULL;
	char *t = tg_view_kept_text(k, m, g, role);
	json_t *v = t ? json_loadb(t, k->vlen, JSON_ALLOW_NUL, NULL) : NULL;
	free(t);
	return v;
}

void tg_view_kept_clear(struct tg_view_kept *k)
{
	free(k->text);
	free(k->cut);
	free(k->istamp);
	free(k->ishape);
	*k = (struct tg_view_kept){0};
}

size_t tg_view_kept_bytes(const struct tg_view_kept *k)
{
	if (!k->text)
		return 0;
	size_t n = k->len + 1 + k->nsec * sizeof *k->cut;
	if (k->istamp)
		n += k->ifirst[k->nsec] * (sizeof *k->istamp + sizeof *k->ilen) +
		     (2 * k->nsec + 1) * sizeof *k->ifirst;
	return n + k->nshape * sizeof *k->ishape;
}

/* The window this thread has open (view_sections.h): its state and
 * number, and the last number given. */
static _Thread_local struct {
	const struct game *g;
	uint64_t epoch, last;
} window;

void tg_view_update_begin(const struct game *g)
{
	window.g = g;
	window.epoch = ++window.last;
}

void tg_view_update_end(void)
{
	window.g = NULL;
	window.epoch = 0;
}

uint64_t tg_view_update_epoch(const struct game *g)
{
	return g && g == window.g ? window.epoch : 0;
}

/* The stamps' hash: XXH3 (libxxhash, inlined: XXH_INLINE_ALL), seeded
 * with the stamp it continues. Until session 30 FNV-1a over 8-byte words
 * and a byte loop for the tail: 5.35 M of bench_views 300's 87.8 M
 * fan-out, 6.8 % of the daemon's fan-out workers' samples (session 29);
 * e6c03e8 then wrote wyhash's layout by hand (4.00 M); the library's XXH3
 * costs 0.7 M more than that over bench_views 300's fan-out (81.86 ->
 * 82.57 M, 0.9 %), taken for a hash this project does not maintain. */
uint64_t tg_stamp_bytes(uint64_t h, const void *p, size_t n)
{
	/* only ever compared with the same section's (or element's)
	 * previous stamp, made by this same function: never stored */
	if (n <= XXH3_MIDSIZE_MAX)
		return XXH3_64bits_withSeed(p, n, h) | 1; /* never 0: 0 means "always rebuilt" */
	/* longer: the seed's own secret would be derived on each call (about
	 * 200 instructions); the bytes' hash is seeded instead */
	uint64_t w = XXH3_64bits(p, n);
	return XXH3_64bits_withSeed(&w, sizeof w, h) | 1;
}
