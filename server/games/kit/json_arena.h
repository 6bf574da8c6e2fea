/* json_arena.h — jansson's blocks during a fan-out job taken from one
 * region the thread keeps, and given back all at once at the job's end
 * (issue 17).
 *
 * Why: a view's update still builds and frees jansson trees (the game's
 * sections and elements made as trees, the items' values, a parse or
 * two): about 1,500 small mallocs and as many frees an action in
 * bench_views. Each free beyond tcache's seven a size went to glibc's fast
 * bins, and the next request of 1 KB or more (a kept block, a buffer's
 * growth) first consolidated them all (malloc_consolidate: 6.8 M of the
 * fan-out's 103 M instructions in bench_views 300, besides the mallocs and
 * frees themselves). Within a job those blocks now come from a bump
 * region: a malloc is an add and a compare, a free nothing, and nothing
 * reaches the fast bins.
 *
 * How: tg_json_arena_install() makes jansson allocate through this file
 * (json_set_alloc_funcs: process-wide, so it is called once, before any
 * other thread starts). Outside a job, on every thread (the loop's parses,
 * the store's, the mail's), a block is malloc's and its free is free():
 * one thread-local read more. tg_json_arena_begin() opens a job on the
 * calling thread: from then until the matching tg_json_arena_end(), each
 * block jansson asks for on that thread is cut from the thread's region
 * (16-aligned, as malloc's), a free of such a block does nothing, and a
 * free of any other block (made before the job, or on another thread) is
 * free(). The end drops every block of the job at once: the thread keeps
 * one chunk of at most TG_JSON_ARENA_KEEP_MAX bytes, sized to the largest
 * job it has run, for the next; any more is freed. A thread's chunk is
 * freed when it exits (or by tg_json_arena_release).
 *
 * The rule this asks of the code inside a job: no jansson value made in
 * the job outlives it (the job's results are text: core/views.c's lines,
 * the kept views' text and stamps), and no text json_dumps returns inside
 * a job is given to free() (json_get_alloc_funcs' free takes it). Under
 * AddressSanitizer the region keeps ASan's checks: each block has a
 * poisoned redzone after it, a block freed inside the job is poisoned, and
 * the job's chunks are freed at its end (nothing kept), so a value that
 * outlives its job is a heap-use-after-free and a free() of one a
 * bad-free. Jobs may nest (the outer end releases). */
#ifndef TG_KIT_JSON_ARENA_H
#define TG_KIT_JSON_ARENA_H

#include <stdbool.h>
#include <stddef.h>

/* The chunk a thread keeps between jobs is at most this many bytes. */
#define TG_JSON_ARENA_KEEP_MAX ((size_t)256 * 1024)

/* jansson's allocation through this file, from now on, in every thread.
 * Call once, before another thread uses jansson (the daemon's start, a
 * bench's main). */
void tg_json_arena_install(void);

/* True once installed (and jansson's functions are still these). */
bool tg_json_arena_installed(void);

/* A job opens and ends on the calling thread. Without the install both do
 * nothing (jansson then allocates with its own functions). */
void tg_json_arena_begin(void);
void tg_json_arena_end(void);

/* A pause inside a job (issue 17, session 29: the loop's message): until
 * the matching resume, jansson's blocks on this thread are malloc's again,
 * while a free of one of the job's blocks still does nothing. The loop
 * reads a message's tree in a job, then pauses it while the message is
 * handled: what the handling makes may outlive the message (a queued
 * line's id, a match's row), what the tree holds may not. A job begun
 * inside the pause takes its blocks from the region again (they live
 * until the outer job's end); its end brings the pause back. Returns what
 * tg_json_arena_resume takes; outside a job both do nothing. */
unsigned tg_json_arena_pause(void);
void tg_json_arena_resume(unsigned token);

/* This thread's figures: the bytes of the chunk kept between jobs, the
 * most bytes one job took (blocks rounded to 16), and the jobs run. */
struct tg_json_arena_stats {
	size_t kept;
	size_t peak;
	unsigned long jobs;
};
void tg_json_arena_stats(struct tg_json_arena_stats *out);

/* Frees this thread's kept chunk (also done when the thread exits). Not
 * inside a job. */
void tg_json_arena_release(void);

#endif
