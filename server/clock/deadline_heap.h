/* deadline_heap.h — the matches whose clocks run, ordered by deadline.
 *
 * A binary min-heap of (deadline, id) with each entry's position kept by
 * its owner (the slot pointer), so a match's deadline is changed or removed
 * in O(log n) and the loop looks only at the top: nothing walks every match
 * (issue 19). Ties are broken by id, so the order is deterministic. Pure: no
 * clock, no I/O. */
#ifndef TG_CLOCK_DEADLINE_HEAP_H
#define TG_CLOCK_DEADLINE_HEAP_H

#include <stddef.h>
#include <stdint.h>

#define TG_HEAP_NONE SIZE_MAX /* a slot not in the heap */

struct tg_deadline_entry {
	int64_t when;
	int64_t id;
	size_t *slot; /* the owner's record of this entry's index */
};

struct tg_deadline_heap {
	struct tg_deadline_entry *a;
	size_t n, cap;
};

void tg_heap_init(struct tg_deadline_heap *h);
void tg_heap_free(struct tg_deadline_heap *h);
/* Puts id at `when`, or moves it there if *slot says it is in the heap.
 * *slot must be TG_HEAP_NONE for an id not in it. 0, or -1 out of memory
 * (nothing changed). */
int tg_heap_set(struct tg_deadline_heap *h, int64_t id, int64_t when, size_t *slot);
/* Takes the entry of *slot out (nothing if TG_HEAP_NONE); *slot becomes
 * TG_HEAP_NONE. */
void tg_heap_remove(struct tg_deadline_heap *h, size_t *slot);
/* The earliest entry, or NULL when empty. */
const struct tg_deadline_entry *tg_heap_top(const struct tg_deadline_heap *h);

#endif
