/* scratch.c — see scratch.h. One set of slots a thread, in thread-local
 * storage; a pthread key whose destructor frees them when the thread
 * exits (a worker's buffers are not left to the leak checker). */
#include "scratch.h"

#include <malloc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct scratch {
	void *p[TG_SCRATCH_SLOTS];
	size_t cap[TG_SCRATCH_SLOTS];
	bool keyed; /* the key set on this thread: its destructor will run */
};

static _Thread_local struct scratch mine;
static pthread_key_t key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static bool have_key;

static void free_all(struct scratch *s)
{
	for (unsigned i = 0; i < TG_SCRATCH_SLOTS; i++) {
		free(s->p[i]);
		s->p[i] = NULL;
		s->cap[i] = 0;
	}
}

static void on_exit_thread(void *arg)
{
	free_all(arg);
}

static void make_key(void)
{
	have_key = pthread_key_create(&key, on_exit_thread) == 0;
}

void *tg_scratch_take(unsigned slot, size_t *cap)
{
	*cap = 0;
	if (slot >= TG_SCRATCH_SLOTS || !mine.p[slot])
		return NULL;
	void *p = mine.p[slot];
	*cap = mine.cap[slot];
	mine.p[slot] = NULL;
	mine.cap[slot] = 0;
	return p;
}

void tg_scratch_give(unsigned slot, void *p)
{
	if (p)
		tg_scratch_give_cap(slot, p, malloc_usable_size(p)); /* all of it is the caller's */
}

void tg_scratch_give_cap(unsigned slot, void *p, size_t cap)
{
	if (!p)
		return;
	if (slot >= TG_SCRATCH_SLOTS || mine.p[slot] || cap > TG_SCRATCH_KEEP_MAX) {
		free(p);
		return;
	}
	if (!mine.keyed) {
		pthread_once(&key_once, make_key);
		if (!have_key || pthread_setspecific(key, &mine) != 0) {
			free(p); /* could not free it at the thread's exit */
			return;
		}
		mine.keyed = true;
	}
	mine.p[slot] = p;
	mine.cap[slot] = cap;
}

void tg_text_take(struct tg_text *t, unsigned slot)
{
	*t = (struct tg_text){0};
	t->p = tg_scratch_take(slot, &t->cap);
	if (t->p)
		t->p[0] = 0;
}

void tg_text_give(struct tg_text *t, unsigned slot)
{
	tg_scratch_give(slot, t->p);
	*t = (struct tg_text){0};
}

size_t tg_scratch_bytes(void)
{
	size_t n = 0;
	for (unsigned i = 0; i < TG_SCRATCH_SLOTS; i++)
		n += mine.cap[i];
	return n;
}

const void *tg_scratch_peek(unsigned slot)
{
	return slot < TG_SCRATCH_SLOTS ? mine.p[slot] : NULL;
}

void tg_scratch_release(void)
{
	free_all(&mine);
}
