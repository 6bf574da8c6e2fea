/* deadline_heap.c — see deadline_heap.h. */
#include "clock/deadline_heap.h"

#include <stdbool.h>
#include <stdlib.h>

void tg_heap_init(struct tg_deadline_heap *h)
{
	h->a = NULL;
	h->n = h->cap = 0;
}

void tg_heap_free(struct tg_deadline_heap *h)
{
	for (size_t i = 0; i < h->n; i++)
		*h->a[i].slot = TG_HEAP_NONE;
	free(h->a);
	tg_heap_init(h);
}

static bool before(const struct tg_deadline_entry *x, const struct tg_deadline_entry *y)
{
	return x->when < y->when || (x->when == y->when && x->id < y->id);
}

static void place(struct tg_deadline_heap *h, size_t i, struct tg_deadline_entry e)
{
	h->a[i] = e;
	*e.slot = i;
}

static void sift_up(struct tg_deadline_heap *h, size_t i)
{
	struct tg_deadline_entry e = h->a[i];
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		if (!before(&e, &h->a[parent]))
			break;
		place(h, i, h->a[parent]);
		i = parent;
	}
	place(h, i, e);
}

static void sift_down(struct tg_deadline_heap *h, size_t i)
{
	struct tg_deadline_entry e = h->a[i];
	for (;;) {
		size_t child = 2 * i + 1;
		if (child >= h->n)
			break;
		if (child + 1 < h->n && before(&h->a[child + 1], &h->a[child]))
			child++;
		if (!before(&h->a[child], &e))
			break;
		place(h, i, h->a[child]);
		i = child;
	}
	place(h, i, e);
}

int tg_heap_set(struct tg_deadline_heap *h, int64_t id, int64_t when, size_t *slot)
{
	if (*slot != TG_HEAP_NONE) {
		size_t i = *slot;
		h->a[i].when = when;
		sift_up(h, i);
		sift_down(h, *slot);
		return 0;
	}
	if (h->n == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 64;
		struct tg_deadline_entry *a = realloc(h->a, cap * sizeof *a);
		if (!a)
			return -1;
		h->a = a;
		h->cap = cap;
	}
	h->a[h->n] = (struct tg_deadline_entry){when, id, slot};
	*slot = h->n;
	h->n++;
	sift_up(h, h->n - 1);
	return 0;
}

void tg_heap_remove(struct tg_deadline_heap *h, size_t *slot)
{
	size_t i = *slot;
	if (i == TG_HEAP_NONE)
		return;
	*slot = TG_HEAP_NONE;
	h->n--;
	if (i == h->n)
		return;
	struct tg_deadline_entry last = h->a[h->n];
	place(h, i, last);
	sift_up(h, i);
	sift_down(h, *last.slot);
}

const struct tg_deadline_entry *tg_heap_top(const struct tg_deadline_heap *h)
{
	return h->n ? &h->a[0] : NULL;
}
