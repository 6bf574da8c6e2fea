/* test_view_scratch.c — the view work's buffers kept per thread between
 * jobs (kit/scratch.h; issue 17: each fresh buffer of 1 KB or more made
 * glibc's malloc consolidate jansson's freed fast chunks first).
 *   - a slot's buffer given back is the one taken next, and one larger than
 *     TG_SCRATCH_KEEP_MAX is freed, not kept; given with its size
 *     (tg_scratch_give_cap), that size is the next taker's and the bound's;
 *   - two updates of a kept view build it in the same buffer, and the
 *     kept text stays in its block while it fits: such an update asks
 *     malloc for nothing of 1 KB or more (the test is linked with malloc,
 *     realloc and calloc wrapped, and counts them);
 *   - after a view far larger than the bound the thread keeps no more than
 *     the bound, and the kept text's block is fitted again (within its
 *     slack) when the view shrinks back; a view that shrinks by a quarter
 *     and grows back keeps its block through both;
 *   - every kept view is byte for byte the full view;
 *   - a thread that updated a view and ended leaves nothing behind (the
 *     sanitizers' leak check runs this test). */
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/kit/scratch.h"
#include "games/kit/view_sections.h"
#include "json_patch.h"
#include "tap.h"

/* The requests of 1 KB or more made by the code linked statically (the
 * kit, this test; not jansson). */
static unsigned big;
void *__real_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
void *__real_calloc(size_t k, size_t n);
void *__wrap_malloc(size_t n)
{
	big += n >= 1024;
	return __real_malloc(n);
}
void *__wrap_realloc(void *p, size_t n)
{
	big += n >= 1024;
	return __real_realloc(p, n);
}
void *__wrap_calloc(size_t k, size_t n)
{
	big += k * n >= 1024;
	return __real_calloc(k, n);
}

struct game {
	int tick;
	size_t len; /* the text section's length */
};

static const char *const roles[] = {"a", NULL};
static const char *const sections[] = {"/tick", "/board/text", NULL};

static json_t *section(const struct game *g, const char *role, unsigned i)
{
	(void)role;
	if (i == 0)
		return json_integer(g->tick);
	static char s[4 * TG_SCRATCH_KEEP_MAX + 1]; /* not counted as the kit's */
	if (g->len >= sizeof s)
		return NULL;
	for (size_t j = 0; j < g->len; j++)
		s[j] = (char)('a' + (j * 7 + (size_t)g->tick) % 26);
	s[g->len] = 0;
	return json_string(s);
}

static void stamps(const struct game *g, const char *role, uint64_t *st)
{
	(void)role;
	st[0] = tg_stamp_bytes(0, &g->tick, sizeof g->tick);
	st[1] = tg_stamp_bytes(0, g, sizeof *g);
}

static json_t *view(const struct game *g, const char *role);

static const struct game_module mod = {
    .id = "scratch",
    .title = "scratch",
    .roles = roles,
    .view = view,
    .view_sections = sections,
    .view_stamps = stamps,
    .view_section = section,
};

static json_t *view(const struct game *g, const char *role)
{
	return tg_view_assemble(&mod, g, role);
}

/* k holds exactly the full view's bytes. */
static bool same_as_full(const struct tg_view_kept *k, const struct game *g)
{
	json_t *v = view(g, "a");
	char *want = v ? json_dumps(v, TG_VIEW_DUMP_FLAGS) : NULL;
	char *got = tg_view_kept_text(k, &mod, g, "a");
	bool ok = want && got && strcmp(want, got) == 0;
	free(want);
	free(got);
	json_decref(v);
	return ok;
}

static int update(struct tg_view_kept *k, const struct game *g)
{
	struct tg_patch_text ops = {0}; /* as core/views.c: the thread's buffer */
	tg_text_take(&ops.t, TG_SCRATCH_OPS);
	int rc = tg_view_update_text(k, &mod, g, "a", &ops);
	tg_text_give(&ops.t, TG_SCRATCH_OPS);
	return rc;
}

/* The kept text's block holds no more than keep_block's slack. */
static bool fitted(const struct tg_view_kept *k)
{
	size_t n = k->len + 1;
	return malloc_usable_size(k->text) - n <= n / 2 + 64;
}

static void slots(void)
{
	struct tg_text t;
	tg_text_take(&t, TG_SCRATCH_OPS);
	CHECK(t.p == NULL && t.cap == 0 && t.n == 0); /* nothing kept yet */
	tg_text_put(&t, "hello", 5);
	char *p = t.p;
	tg_text_give(&t, TG_SCRATCH_OPS);
	CHECK(t.p == NULL);
	CHECK(tg_scratch_peek(TG_SCRATCH_OPS) == p);
	tg_text_take(&t, TG_SCRATCH_OPS);
	CHECK(t.p == p && t.n == 0 && t.cap >= 4096 && t.p[0] == 0);
	CHECK(tg_scratch_peek(TG_SCRATCH_OPS) == NULL); /* taken: a nested user gets none */
	struct tg_text u;
	tg_text_take(&u, TG_SCRATCH_OPS);
	CHECK(u.p == NULL);
	tg_text_put(&u, "x", 1);
	tg_text_give(&u, TG_SCRATCH_OPS); /* kept: the slot was empty */
	tg_text_give(&t, TG_SCRATCH_OPS); /* freed: the slot holds u's */
	CHECK(tg_scratch_peek(TG_SCRATCH_OPS) != p);
	/* larger than the bound: freed when given back */
	tg_text_take(&t, TG_SCRATCH_OPS);
	CHECK(tg_text_reserve(&t, TG_SCRATCH_KEEP_MAX + 1) == 0);
	tg_text_give(&t, TG_SCRATCH_OPS);
	CHECK(tg_scratch_peek(TG_SCRATCH_OPS) == NULL);
	/* given with the size its user knows: the next taker gets that size,
	 * and the bound is checked on it */
	size_t cap = 1;
	char *q = malloc(4000);
	CHECK(q != NULL);
	tg_scratch_give_cap(TG_SCRATCH_OPS, q, 3000);
	CHECK(tg_scratch_peek(TG_SCRATCH_OPS) == q);
	CHECK_EQ_INT(tg_scratch_bytes(), 3000);
	CHECK(tg_scratch_take(TG_SCRATCH_OPS, &cap) == q && cap == 3000);
	tg_scratch_give_cap(TG_SCRATCH_OPS, q, TG_SCRATCH_KEEP_MAX + 1); /* freed */
	CHECK(tg_scratch_peek(TG_SCRATCH_OPS) == NULL);
	tg_scratch_give_cap(TG_SCRATCH_OPS, NULL, 100); /* nothing */
	CHECK(tg_scratch_peek(TG_SCRATCH_OPS) == NULL);
	tg_scratch_release();
	CHECK_EQ_INT(tg_scratch_bytes(), 0);
}

static void refreshes(void)
{
	struct game g = {.tick = 1, .len = 3000};
	struct tg_view_kept k = {0};
	tg_view_keep_full(&k, &mod, &g, "a");
	CHECK(k.text && same_as_full(&k, &g));
	g.tick++;
	CHECK(update(&k, &g) == 0 && same_as_full(&k, &g));
	const void *buf = tg_scratch_peek(TG_SCRATCH_VIEW);
	const char *text = k.text;
	CHECK(buf != NULL);
	/* the next update builds in the same buffer, and the kept text,
	 * the same size, stays in its block: nothing large asked of malloc */
	g.tick++;
	big = 0;
	CHECK(update(&k, &g) == 0);
	CHECKF(big == 0, "%u requests of 1 KB or more", big);
	CHECK(same_as_full(&k, &g));
	CHECKF(tg_scratch_peek(TG_SCRATCH_VIEW) == buf, "the view's buffer reused");
	CHECKF(k.text == text, "the kept text's block reused");
	CHECK(fitted(&k));

	/* a view far larger than the bound: built, kept, and the buffer
	 * not kept by the thread */
	g.len = 4 * TG_SCRATCH_KEEP_MAX - 1;
	g.tick++;
	CHECK(update(&k, &g) == 0 && same_as_full(&k, &g));
	CHECK(tg_scratch_peek(TG_SCRATCH_VIEW) == NULL);
	CHECKF(tg_scratch_bytes() <= TG_SCRATCH_SLOTS * TG_SCRATCH_KEEP_MAX, "held %zu",
	       tg_scratch_bytes());
	CHECK(fitted(&k));
	/* and back to small: the kept block fitted again, a buffer kept */
	g.len = 2000;
	g.tick++;
	CHECK(update(&k, &g) == 0 && same_as_full(&k, &g));
	CHECKF(fitted(&k), "usable %zu for %zu bytes", malloc_usable_size(k.text), k.len + 1);
	CHECK(tg_scratch_peek(TG_SCRATCH_VIEW) != NULL);
	CHECKF(tg_scratch_bytes() <= TG_SCRATCH_SLOTS * TG_SCRATCH_KEEP_MAX, "held %zu",
	       tg_scratch_bytes());
	/* grown a little at a time: mostly in place */
	unsigned large = 0;
	for (int i = 0; i < 40; i++) {
		g.len += 5;
		g.tick++;
		big = 0;
		CHECK(update(&k, &g) == 0);
		large += big;
	}
	CHECK(same_as_full(&k, &g) && fitted(&k));
	CHECKF(large <= 4, "%u requests of 1 KB or more in 40 growths of 5 bytes", large);
	/* shrunk by a quarter and grown back, as a role's text does by its
	 * offers every turn: the kept text stays in its block through both
	 * (session 28: with an eighth of slack the shrink gave the block back
	 * and the growth asked malloc for a new one, each time consolidating
	 * jansson's fast chunks) */
	size_t full = g.len;
	text = k.text;
	for (int i = 0; i < 6; i++) {
		g.len = i % 2 ? full : full - full / 4;
		g.tick++;
		CHECK(update(&k, &g) == 0 && same_as_full(&k, &g) && fitted(&k));
		CHECKF(k.text == text, "the kept text's block kept (update %d)", i);
	}
	tg_view_kept_clear(&k);
}

static void *on_thread(void *arg)
{
	struct game *g = arg;
	struct tg_view_kept k = {0};
	tg_view_keep_full(&k, &mod, g, "a");
	g->tick++;
	int rc = update(&k, g);
	bool ok = rc == 0 && same_as_full(&k, g) && tg_scratch_peek(TG_SCRATCH_VIEW) != NULL;
	tg_view_kept_clear(&k);
	return ok ? arg : NULL; /* its buffers are freed as it exits */
}

static void thread_exit(void)
{
	struct game g = {.tick = 1, .len = 5000};
	pthread_t th;
	void *ret = NULL;
	CHECK(pthread_create(&th, NULL, on_thread, &g) == 0 && pthread_join(th, &ret) == 0);
	CHECK(ret == &g);
}

int main(void)
{
	slots();
	refreshes();
	thread_exit();
	tg_scratch_release();
	return tap_done();
}
