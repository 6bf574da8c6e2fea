/* scratch.h — buffers the view work reuses on its own thread (issue 17).
 *
 * The fan-out's worker threads build each role's view and patch in
 * buffers of a few KB that live only for one job. Allocated and freed for
 * every job, each such request of 1 KB or more made glibc's malloc first
 * consolidate the fast bins that jansson's many small frees had filled
 * (malloc_consolidate: about 6 % of bench_views' fan-out, and the slower
 * small mallocs after it). Here each thread keeps one buffer per use
 * (slot) between jobs: taken at the start of a job, grown as needed,
 * given back at its end. A buffer larger than TG_SCRATCH_KEEP_MAX is freed
 * when given back rather than kept, so what a thread holds between jobs is
 * bounded (TG_SCRATCH_SLOTS x TG_SCRATCH_KEEP_MAX at most; 86.5 KB after
 * bench_views 300's Lincoln's War views), whatever the largest view it
 * ever built. A thread's
 * buffers are freed when it exits.
 *
 * Taking empties the slot: a second user of the same slot on the same
 * thread (nested) gets nothing and allocates as before, and a buffer given
 * back to a slot that holds one is freed. */
#ifndef TG_KIT_SCRATCH_H
#define TG_KIT_SCRATCH_H

#include <stddef.h>

#include "json_compact.h"

enum tg_scratch_slot {
	TG_SCRATCH_VIEW,   /* view_sections.c: the new view's text */
	TG_SCRATCH_ITEMS,  /* view_sections.c: the built elements' texts */
	TG_SCRATCH_CUT,    /* view_sections.c: the sections' cuts */
	TG_SCRATCH_ISTAMP, /* view_sections.c: the elements' stamps */
	TG_SCRATCH_ILEN,   /* view_sections.c: the elements' lengths */
	TG_SCRATCH_OPS,    /* core/views.c: the patch's operations */
	TG_SCRATCH_LINE,   /* bench_views: a patch line (core/views.c writes its own block) */
	TG_SCRATCH_ACT,    /* offer.c: the action tg_act writes */
	/* view_items.c: a walk's new elements (these five in this order) */
	TG_SCRATCH_ITEM_STAMP,
	TG_SCRATCH_ITEM_LEN,
	TG_SCRATCH_ITEM_SRC,
	TG_SCRATCH_ITEM_VAL,
	TG_SCRATCH_ITEM_NOFF,
	TG_SCRATCH_ITEM_OOFF, /* view_items.c: where the previous elements start */
	TG_SCRATCH_ITEM_SLOT, /* view_items.c: the previous stamps' table */
	TG_SCRATCH_SHAPE,     /* view_sections.c: the entries' lists */
	/* offer.c: an offer's param lists being written (tg_offer_list; up
	 * to four open at once keep their buffers, these four in this order) */
	TG_SCRATCH_LIST0,
	TG_SCRATCH_LIST1,
	TG_SCRATCH_LIST2,
	TG_SCRATCH_LIST3,
	TG_SCRATCH_SLOTS
};

/* A buffer given back larger than this is freed, not kept. */
#define TG_SCRATCH_KEEP_MAX ((size_t)64 * 1024)

/* The slot's buffer (its size in *cap), or NULL (*cap 0) when the slot is
 * empty. The caller owns it until it gives it back (or frees it). */
void *tg_scratch_take(unsigned slot, size_t *cap);

/* Gives p (NULL: nothing) back to the slot: kept for the next take when
 * its size (malloc_usable_size: all of it is the taker's to use) is at
 * most TG_SCRATCH_KEEP_MAX and the slot is empty, else freed. */
void tg_scratch_give(unsigned slot, void *p);

/* The same, p's size given by the caller who knows it (issue 17: a walk's
 * seven gives asked malloc_usable_size each, 0.7 M of bench_views 300's
 * fan-out): cap bytes of p, at most its usable size, are the next taker's
 * (the cap it is given), and the bound is checked on cap. */
void tg_scratch_give_cap(unsigned slot, void *p, size_t cap);

/* t empty, on the slot's buffer. */
void tg_text_take(struct tg_text *t, unsigned slot);

/* t's buffer given back to the slot; t left empty. */
void tg_text_give(struct tg_text *t, unsigned slot);

/* The bytes this thread keeps, and the buffer a slot keeps (NULL: none):
 * for the tests. */
size_t tg_scratch_bytes(void);
const void *tg_scratch_peek(unsigned slot);

/* Frees this thread's buffers (they are also freed when it exits). */
void tg_scratch_release(void);

#endif
