/* view_items.h — a view section built item by item (game.h "The view in
 * sections", view_items; issue 17: a changed section costs what changed).
 *
 * A section that is an array (Lincoln's War's forces, cities, log) may be
 * walked element by element: for each element, in order, the module calls
 * tg_view_item() with the element's stamp, a hash of everything the element
 * shows, so that two elements with one stamp have the same value wherever
 * and whenever they stand (the forces' stamp is the hash of what each force
 * shows, the hex and side included). Where tg_view_item() returns true the
 * module builds the element and gives it with tg_view_item_set(); where it
 * returns false the kit already has that element (the kept view had an
 * element with that stamp) and nothing is built. So after an action only
 * the elements whose stamps are new are built, serialized and sent: a move
 * builds the two forces it changed, not the eighty others. The kept view
 * holds such a section as its elements' stamps and lengths, not their text
 * (view_sections.h): an element changed in place is replaced whole in the
 * patch (an object of 384 bytes or more with the same member names is
 * patched member by member instead: view_sections.c), and an element the
 * patch needs that the walk did not build (moved past others, or a second
 * one alike) is taken from the section built again whole (rebuild), once.
 *
 *     static void forces_items(const struct state *s, int viewer,
 *                              struct tg_view_items *it)
 *     {
 *             for (each force f) {
 *                     struct shown x; shown(s, viewer, f, &x);
 *                     if (tg_view_item(it, tg_stamp_bytes(0, &x, sizeof x)))
 *                             tg_view_item_set(it, force_json(s, &x));
 *             }
 *     }
 *
 * The whole array (view(), view_section()) is the same walk collecting every
 * element: tg_view_items_collect() then tg_view_items_result(). A stamp of 0
 * means "build it every time" (never matched). The members of struct
 * tg_view_items are the kit's (view_sections.c fills them). */
#ifndef TG_KIT_VIEW_ITEMS_H
#define TG_KIT_VIEW_ITEMS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tg_text;
struct tg_patch_text;

struct tg_view_items {
	json_t *all;       /* collecting: every element, in order */
	struct tg_text *b; /* refreshing: the view's new text, elements written into it */
	bool keep;         /* keep the built elements (to diff them) */
	bool measure;      /* b only measures the built elements (nothing kept in it) */
	bool want;         /* tg_view_item returned true: its value is due */
	bool bad;          /* out of memory, or a value missing or not asked for */
	/* the section's previous elements (refreshing with a kept view) */
	const char *old; /* the previous section's text, "[...]", or NULL: only
	                  * its elements' stamps and lengths were kept */
	const uint64_t *ostamp;
	const uint32_t *olen;
	uint32_t om;
	uint32_t *ooff; /* where each previous element starts in old */
	uint32_t *slot; /* previous stamps by hash: index + 1, 0 empty; made
	                 * on the first look-up that needs it */
	size_t nslot;   /* a power of two, or 0: not made yet */
	/* ooff's and slot's sizes in bytes, given back with them (scratch.h) */
	size_t ooff_cap, slot_cap;
	/* a value was kept in val (issue 17: most walks keep none, and their
	 * end's pass over every element to free them was 0.3 M of bench_views
	 * 300's fan-out) */
	bool vals;
	uint32_t next;   /* the previous element after the last found */
	uint32_t scans;  /* look-ups made without the table */
	uint32_t n, cap; /* the new elements */
	uint64_t *stamp; /* each one's stamp */
	uint32_t *len;   /* its text's length */
	int32_t *src;    /* the previous element it copies, or -1: built */
	json_t **val;    /* built and kept (keep), or NULL */
	/* where each new element's text starts: in b's text when measured
	 * (kept there until the walk ends, for the patch), or in ntext (an
	 * array built whole, or written as text only: view_section_text); UINT32_MAX: not written
	 */
	uint32_t *noff;
	const char *ntext;
	/* Without the previous text, the new elements the patch needs whole
	 * that were not built (their stamp was among the previous ones, at
	 * another place): the whole new array, from rebuild(ctx) once. */
	json_t *(*rebuild)(void *ctx);
	void *rebuild_ctx;
	json_t *now;      /* rebuild's array, or NULL */
	uint32_t rebuilt; /* times the patch needed it (0 or 1) */
	/* Optional, without the previous text: a previous element i and the
	 * new j that a run pairs, changed in place, diffed inside at `at`
	 * (their pointer) rather than replaced whole (view_sections.c: an
	 * offer's entry diffed on its lists' stamps, issue 17's p99). 1 the
	 * operations appended, 0 not (replaced whole; ops as they were), -1
	 * out of memory. */
	int (*inside)(void *ctx, uint32_t i, uint32_t j, const char *at, size_t alen,
	              struct tg_patch_text *ops);
	void *inside_ctx;
};

/* For the next element of the section: true when its value is wanted (give
 * it with tg_view_item_set before the next element), false when the kit
 * has it already. stamp: a hash of everything the element shows; 0: always
 * built. */
bool tg_view_item(struct tg_view_items *it, uint64_t stamp);

/* The value of the element tg_view_item just asked for (its reference is
 * taken). */
void tg_view_item_set(struct tg_view_items *it, json_t *value);

/* The element tg_view_item just asked for, given as text (issue 17: a
 * force's tree was built, serialized and freed for each one built): the
 * buffer to write its compact JSON text into (exactly the bytes
 * json_compact writes for the value tg_view_item_set would be given), *at
 * set to where it starts; or NULL when the value is wanted as a tree
 * (a walk collecting the whole array, for view(): give it with
 * tg_view_item_set, whose bytes the tests compare with the text's). After
 * writing, tg_view_item_text_done(it, *at). */
struct tg_text *tg_view_item_text(struct tg_view_items *it, size_t *at);
void tg_view_item_text_done(struct tg_view_items *it, size_t at);

/* Starts a walk that collects every element into an array ... */
void tg_view_items_collect(struct tg_view_items *it);

/* ... and ends it: the array (caller owns it), or NULL when out of memory
 * or the walk broke the calling rule. */
json_t *tg_view_items_result(struct tg_view_items *it);

/* ---- the kit's side (view_sections.c) ------------------------------------ */

/* Starts refreshing a section into b: old/ostamp/olen/om the kept view's
 * elements of it (om 0: none; old NULL with om > 0: their stamps and
 * lengths only, no text; olen may then be NULL for a walk of
 * tg_view_items_of_array, which reads no previous length), keep whether
 * built values are kept to diff.
 * measure: nothing of the section is written into b (each built element
 * is serialized there to measure it, then taken back; with keep left there
 * for the patch, which copies it, and the caller takes b back after the
 * walk), so that a kept view
 * may hold the section as its elements' stamps and lengths only; without
 * it the section's text is written into b, which needs old's text for the
 * elements copied. 0, or -1 when out of memory or old is missing. */
int tg_view_items_begin(struct tg_view_items *it, struct tg_text *b, const char *old,
                        const uint64_t *ostamp, const uint32_t *olen, uint32_t om, bool keep,
                        bool measure);

/* The new elements from an array built whole (now) and serialized (text,
 * len: "[...]"), each stamped by a hash of its text; after
 * tg_view_items_begin with b NULL. now may be NULL (an array written
 * straight as text, game.h view_section_text): an element the patch needs
 * whole is then copied from text, and one diffed inside parsed from it
 * (text must stay as it is until the diff). 0, or -1 when out of memory or
 * text is not now's. */
int tg_view_items_of_array(struct tg_view_items *it, const json_t *now, const char *text,
                           size_t len);

/* Appends to ops (as text, protocol/json_patch.h) the RFC 6902 operations
 * at ptr (the section's JSON Pointer) that turn the previous elements into the new ones: the same
 * operations tg_json_patch_diff gives for the two arrays, found from the
 * stamps (equal stamps, equal elements) so that only the elements that
 * changed are parsed and diffed. Without the previous text (old NULL) an
 * element that changed in place cannot be diffed: it is replaced whole
 * (one "replace" at ptr/index with its new value, where the whole diff
 * gives the operations inside it); the other operations are the whole
 * diff's. 0, or -1 when out of memory or too many operations. */
int tg_view_items_diff(struct tg_view_items *it, struct tg_patch_text *ops, const char *ptr);

/* Makes room for need elements in narr parallel arrays arr[i] (elements of
 * size[i] bytes) of capacity *cap: each reallocated to the capacity doubled
 * from *cap (first when 0) until it holds need, and *cap set. 0, or -1 when
 * out of memory (*cap as it was; an array already moved is in arr). */
int tg_view_items_grow(uint32_t *cap, uint32_t need, uint32_t first, size_t narr, void *arr[],
                       const size_t size[]);

/* Frees what the walk holds (not the text written into b). */
void tg_view_items_end(struct tg_view_items *it);

#endif
