/* test_clock_deadline_heap.c — the heap of running clocks against a plain
 * array walked in full: after every random set, move and removal the top is
 * the earliest (deadline, id), and every owner's slot points at its entry. */
#include "clock/deadline_heap.h"
#include "tap.h"

#include <stdlib.h>

#define N 300

static int64_t model[N]; /* deadline of id, or -1 when not in the heap */
static size_t slot[N];

static void check_all(const struct tg_deadline_heap *h, int step)
{
	size_t count = 0;
	int64_t best_when = INT64_MAX, best_id = -1;
	bool slots_ok = true;
	for (int id = 0; id < N; id++) {
		if (model[id] < 0) {
			slots_ok &= slot[id] == TG_HEAP_NONE;
			continue;
		}
		count++;
		slots_ok &= slot[id] < h->n && h->a[slot[id]].id == id &&
		            h->a[slot[id]].when == model[id] && h->a[slot[id]].slot == &slot[id];
		if (model[id] < best_when) {
			best_when = model[id];
			best_id = id;
		}
	}
	bool heap_ok = true;
	for (size_t i = 1; i < h->n; i++) {
		const struct tg_deadline_entry *p = &h->a[(i - 1) / 2], *c = &h->a[i];
		heap_ok &= p->when < c->when || (p->when == c->when && p->id < c->id);
	}
	const struct tg_deadline_entry *top = tg_heap_top(h);
	bool top_ok =
	    count == 0 ? top == NULL : top && top->when == best_when && top->id == best_id;
	if (!(count == h->n && slots_ok && heap_ok && top_ok))
		CHECKF(false, "step %d: count %zu/%zu slots %d heap %d top %d", step, count, h->n,
		       slots_ok, heap_ok, top_ok);
}

int main(void)
{
	struct tg_deadline_heap h;
	tg_heap_init(&h);
	CHECK(tg_heap_top(&h) == NULL);
	for (int id = 0; id < N; id++) {
		model[id] = -1;
		slot[id] = TG_HEAP_NONE;
	}
	tg_heap_remove(&h, &slot[0]); /* not in it: nothing happens */
	srand(19);
	for (int step = 0; step < 20000; step++) {
		int id = rand() % N;
		if (rand() % 3 == 0) {
			tg_heap_remove(&h, &slot[id]);
			model[id] = -1;
		} else {
			/* few distinct deadlines, so ties are common */
			int64_t when = 1800000000 + rand() % 50;
			CHECK(tg_heap_set(&h, id, when, &slot[id]) == 0);
			model[id] = when;
		}
		check_all(&h, step);
	}
	/* Taking the top repeatedly yields the entries in order. */
	int64_t last_when = INT64_MIN, last_id = -1;
	bool ordered = true;
	while (tg_heap_top(&h)) {
		const struct tg_deadline_entry *t = tg_heap_top(&h);
		ordered &= t->when > last_when || (t->when == last_when && t->id > last_id);
		last_when = t->when;
		last_id = t->id;
		model[t->id] = -1;
		tg_heap_remove(&h, t->slot);
	}
	CHECK(ordered);
	check_all(&h, -1);
	/* tg_heap_free leaves every slot marked out of the heap. */
	for (int id = 0; id < 10; id++)
		tg_heap_set(&h, id, id, &slot[id]);
	tg_heap_free(&h);
	bool cleared = true;
	for (int id = 0; id < 10; id++)
		cleared &= slot[id] == TG_HEAP_NONE;
	CHECK(cleared);
	return tap_done();
}
