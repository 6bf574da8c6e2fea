/* json_arena.c — see json_arena.h. A thread's region is a list of chunks,
 * newest first; blocks are cut from the newest one's free space (top to
 * end). Between jobs a thread keeps at most one chunk, whose size is what
 * its largest job took and a quarter (up to TG_JSON_ARENA_KEEP_MAX): after
 * a job that needed more than one chunk, all of them are freed and one of
 * that size is made for the next. */
#include "json_arena.h"

#include <jansson.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif

#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
/* Under ASan: a block's size in the 16 bytes before it, a poisoned
 * redzone of 16 after it. */
#define PRE 16u
#define RED 16u
#else
#define PRE 0u
#define RED 0u
#endif

#define ALIGN 16u
#define MIN_CHUNK ((size_t)16 * 1024)

struct chunk {
	struct chunk *prev; /* the chunk made before it in this job */
	size_t size;        /* bytes of data after the header */
};

/* The header rounded up so that data keeps malloc's 16-byte alignment. */
#define HDR ((sizeof(struct chunk) + ALIGN - 1) & ~(size_t)(ALIGN - 1))

static unsigned char *data_of(struct chunk *c)
{
	return (unsigned char *)c + HDR;
}

struct arena {
	unsigned depth;           /* jobs open on this thread */
	unsigned paused;          /* the depth of the job paused (0: none) */
	struct chunk *cur;        /* the newest chunk (between jobs: the kept one) */
	unsigned char *top, *end; /* cur's free space, during a job */
	size_t want;              /* the size of the chunk to keep (0: MIN_CHUNK) */
	size_t peak;              /* the most bytes one job took */
	unsigned long jobs;
	bool keyed; /* the key set on this thread: its destructor will run */
};

static _Thread_local struct arena mine;
static pthread_key_t key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static bool have_key;
static bool installed;

static void free_chunks(struct arena *a)
{
	while (a->cur) {
		struct chunk *c = a->cur;
		a->cur = c->prev;
#ifdef ARENA_ASAN
		ASAN_UNPOISON_MEMORY_REGION(data_of(c), c->size);
#endif
		free(c);
	}
	a->top = a->end = NULL;
}

static void on_exit_thread(void *arg)
{
	free_chunks(arg);
}

static void make_key(void)
{
	have_key = pthread_key_create(&key, on_exit_thread) == 0;
}

/* A chunk of size bytes made the newest, its space the free space; NULL
 * when out of memory. */
static struct chunk *new_chunk(struct arena *a, size_t size)
{
	struct chunk *c = malloc(HDR + size);
	if (!c)
		return NULL;
	c->prev = a->cur;
	c->size = size;
	a->cur = c;
	a->top = data_of(c);
	a->end = a->top + size;
#ifdef ARENA_ASAN
	ASAN_POISON_MEMORY_REGION(a->top, size);
#endif
	return c;
}

/* Room for r bytes: a new chunk (twice the last, want or MIN_CHUNK, and
 * at least r), its space returned; a plain block of r when the thread
 * cannot free its chunks at its exit; NULL when out of memory. */
static void *grow(struct arena *a, size_t r)
{
	if (!a->keyed) {
		pthread_once(&key_once, make_key);
		if (!have_key || pthread_setspecific(key, a) != 0)
			return malloc(r); /* its free is free() */
		a->keyed = true;
	}
	size_t size = a->want > MIN_CHUNK ? a->want : MIN_CHUNK;
	if (a->cur && 2 * a->cur->size > size)
		size = 2 * a->cur->size;
	if (size < r)
		size = r;
	return new_chunk(a, size) ? a->top : NULL;
}

static void *arena_malloc(size_t n)
{
	struct arena *a = &mine;
	if (!a->depth || a->depth == a->paused)
		return malloc(n);
	if (n > SIZE_MAX / 4)
		return NULL;
	size_t r = PRE + ((n + ALIGN - 1) & ~(size_t)(ALIGN - 1)) + RED;
	if (r == 0)
		r = ALIGN;
	unsigned char *p = a->top;
	if (!p || r > (size_t)(a->end - p)) {
		p = grow(a, r);
		if (!p || p != a->top)
			return p; /* NULL, or a plain block */
	}
	a->top = p + r;
#ifdef ARENA_ASAN
	ASAN_UNPOISON_MEMORY_REGION(p, PRE + n);
	*(size_t *)p = n;
	ASAN_POISON_MEMORY_REGION(p, PRE);
	p += PRE;
#endif
	return p;
}

/* True when p was cut from one of this job's chunks. */
static bool owns(const struct arena *a, const void *p)
{
	uintptr_t u = (uintptr_t)p;
	for (struct chunk *c = a->cur; c; c = c->prev)
		if (u - (uintptr_t)data_of(c) < c->size)
			return true;
	return false;
}

static void arena_free(void *p)
{
	struct arena *a = &mine;
	if (a->depth && p && owns(a, p)) {
#ifdef ARENA_ASAN
		unsigned char *b = (unsigned char *)p - PRE;
		ASAN_UNPOISON_MEMORY_REGION(b, PRE);
		size_t n = *(size_t *)b;
		ASAN_POISON_MEMORY_REGION(b, PRE + n);
#endif
		return;
	}
	free(p);
}

void tg_json_arena_install(void)
{
	json_set_alloc_funcs(arena_malloc, arena_free);
	installed = true;
}

bool tg_json_arena_installed(void)
{
	json_malloc_t m = NULL;
	json_free_t f = NULL;
	json_get_alloc_funcs(&m, &f);
	return installed && m == arena_malloc && f == arena_free;
}

void tg_json_arena_begin(void)
{
	struct arena *a = &mine;
	if (a->depth++)
		return;
	a->jobs++;
	if (a->cur) {
		a->top = data_of(a->cur);
		a->end = a->top + a->cur->size;
	}
}

void tg_json_arena_end(void)
{
	struct arena *a = &mine;
	if (!a->depth)
		return;
	if (a->paused >= a->depth)
		a->paused = 0; /* the paused job ends: no pause outlives it */
	if (--a->depth)
		return;
	if (!a->cur)
		return;
	/* what this job took: the older chunks whole, the newest to top */
	size_t used = (size_t)(a->top - data_of(a->cur));
	for (struct chunk *c = a->cur->prev; c; c = c->prev)
		used += c->size;
	if (used > a->peak)
		a->peak = used;
#ifdef ARENA_ASAN
	free_chunks(a); /* a value that outlives the job is a use after free */
#else
	/* a quarter to spare, so that a job a little larger than the
	 * largest yet still fits */
	size_t want = (used + used / 4 + 4095) & ~(size_t)4095;
	if (want > TG_JSON_ARENA_KEEP_MAX)
		want = TG_JSON_ARENA_KEEP_MAX;
	if (want > a->want)
		a->want = want;
	if (a->cur->prev || a->cur->size < a->want) {
		free_chunks(a);
		new_chunk(a, a->want); /* one chunk of want for the next jobs */
	}
#endif
	a->top = a->end = NULL;
}

unsigned tg_json_arena_pause(void)
{
	struct arena *a = &mine;
	unsigned was = a->paused;
	if (a->depth)
		a->paused = a->depth;
	return was;
}

void tg_json_arena_resume(unsigned token)
{
	mine.paused = token;
}

void tg_json_arena_stats(struct tg_json_arena_stats *out)
{
	const struct arena *a = &mine;
	out->kept = a->depth || !a->cur ? 0 : a->cur->size + HDR;
	out->peak = a->peak;
	out->jobs = a->jobs;
}

void tg_json_arena_release(void)
{
	struct arena *a = &mine;
	if (!a->depth)
		free_chunks(a);
}
