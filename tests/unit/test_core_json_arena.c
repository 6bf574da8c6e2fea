/* test_core_json_arena.c — jansson's blocks in a fan-out job from the
 * thread's region (kit/json_arena.h; issue 17: each action's small
 * mallocs and frees, and glibc's consolidation of the freed ones).
 *   - outside a job jansson's blocks are malloc's, and so before the
 *     install;
 *   - inside a job, once the thread has its chunk, jansson asks malloc for
 *     nothing and gives nothing to free, whatever the job builds and frees;
 *     a value made before the job and freed in it is freed; the blocks are
 *     16-aligned and read back right, a string larger than the chunk too;
 *   - jobs nest: the inner end drops nothing;
 *   - a pause inside a job (the loop's message while it is handled): the
 *     blocks made in it are malloc's and outlive the job, a job's block
 *     freed in it is still nothing to free, a job begun in it takes the
 *     region again and its end brings the pause back; the resume and the
 *     job's end end it;
 *   - between jobs the thread keeps one chunk, at most
 *     TG_JSON_ARENA_KEEP_MAX (none under ASan), and a thread that ran jobs
 *     and exited leaves nothing behind (what it malloc'd is counted);
 *   - the daemon's fan-out is such a job (core/views.c): a fixture duel
 *     whose fan-out runs on the loop (workers = 0, this thread) counts its
 *     jobs, and with the workers its players' views
 *     built from the patches equal fresh ones.
 * Linked with malloc and free wrapped: the counts are of the calls made by
 * the code linked statically (the kit's region, this test), per thread. */
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_testkit.h"
#include "games/kit/json_arena.h"

#if defined(__SANITIZE_ADDRESS__)
#define ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN 1
#endif
#endif
/* The chunks a job mallocs: none once the thread keeps one; under ASan,
 * where a job's chunks are freed at its end, a few (twice as large each). */
#ifdef ASAN
#define CHUNKS 8
#else
#define CHUNKS 0
#endif

static _Thread_local long nmalloc, nfree;
static _Thread_local bool counting; /* the exit test's thread */
static atomic_long thread_live;     /* its bytes malloc'd and not freed */

void *__real_malloc(size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n)
{
	nmalloc++;
	void *p = __real_malloc(n);
	if (counting && p)
		atomic_fetch_add(&thread_live, (long)malloc_usable_size(p));
	return p;
}
void __wrap_free(void *p)
{
	if (p) {
		nfree++;
		if (counting)
			atomic_fetch_sub(&thread_live, (long)malloc_usable_size(p));
	}
	__real_free(p);
}

/* Some of what a view's work does with jansson: n objects of a few
 * members, strings and an array built and freed. false when one was
 * wrong (no CHECK here: it runs on another thread too, and tap counts on
 * the main one). */
static bool churn_ok(int n)
{
	bool ok = true;
	for (int i = 0; i < n; i++) {
		json_t *o = json_pack("{s:i,s:s,s:[ii],s:b}", "hex", i, "name",
		                      "Army of the Potomac", "at", i, i + 1, "seen", i & 1);
		ok = ok && o && json_integer_value(json_object_get(o, "hex")) == i &&
		     json_integer_value(json_array_get(json_object_get(o, "at"), 1)) == i + 1;
		json_decref(o);
	}
	return ok;
}

static void churn(int n)
{
	CHECK(churn_ok(n));
}

static void before_install(void)
{
	CHECK(!tg_json_arena_installed());
	/* not installed: a job is nothing to jansson, whose blocks are
	 * malloc's (the shared library's own calls: not counted here) */
	tg_json_arena_begin();
	json_t *v = json_string("plain");
	tg_json_arena_end();
	CHECK_EQ_STR(json_string_value(v), "plain");
	json_decref(v); /* a plain block: freed, the leak check would see it */
	struct tg_json_arena_stats st;
	tg_json_arena_stats(&st);
	CHECK(st.kept == 0 && st.peak == 0);
}

static void outside_and_inside(void)
{
	CHECK(tg_json_arena_installed());
	long m0 = nmalloc, f0 = nfree;
	churn(50);
	CHECKF(nmalloc - m0 >= 250 && nfree - f0 >= 250,
	       "outside a job jansson's blocks are malloc's (%ld mallocs, %ld frees)", nmalloc - m0,
	       nfree - f0);

	json_t *made_before = json_string("made before the job");
	tg_json_arena_begin(); /* the first job: the thread's chunk is made */
	churn(200);
	tg_json_arena_end();

	tg_json_arena_begin();
	m0 = nmalloc;
	f0 = nfree;
	churn(150);
	json_t *keep = json_pack("{s:s,s:i}", "id", "grant", "stars", 3);
	CHECKF(nmalloc - m0 <= CHUNKS && nfree == f0,
	       "inside a job jansson asks malloc for nothing but chunks (%ld mallocs, %ld frees)",
	       nmalloc - m0, nfree - f0);
	CHECK(((uintptr_t)keep & 15) == 0);
	CHECK(((uintptr_t)json_string_value(json_object_get(keep, "id")) & 15) == 0);
	json_decref(made_before);    /* not the region's: given to free */
	CHECK_EQ_INT(nfree - f0, 2); /* the string and its text */
	char *text = json_dumps(keep, JSON_COMPACT);
	CHECK_EQ_STR(text, "{\"id\":\"grant\",\"stars\":3}");
	json_free_t jfree;
	json_get_alloc_funcs(NULL, &jfree);
	jfree(text); /* json_dumps' text in a job: jansson's free takes it */
	json_decref(keep);
	tg_json_arena_end();

	/* a string larger than any chunk, in a job of its own */
	tg_json_arena_begin();
	size_t big = 3 * TG_JSON_ARENA_KEEP_MAX;
	char *s = malloc(big + 1);
	memset(s, 'x', big);
	s[big] = 0;
	json_t *bs = json_string(s);
	CHECK(bs && json_string_length(bs) == big && json_string_value(bs)[big - 1] == 'x');
	json_decref(bs);
	free(s);
	tg_json_arena_end();

	struct tg_json_arena_stats st;
	tg_json_arena_stats(&st);
	CHECKF(st.peak >= big, "the most a job took: %zu bytes", st.peak);
	/* after a job that needed more than the bound, an ordinary one: the
	 * thread keeps one chunk of at most the bound */
	tg_json_arena_begin();
	churn(50);
	tg_json_arena_end();
	tg_json_arena_stats(&st);
	CHECK(st.jobs >= 4);
	printf("# the thread keeps %zu bytes; the most a job took %zu\n", st.kept, st.peak);
#ifdef ASAN
	CHECK(st.kept == 0);
#else
	CHECK(st.kept > 0 && st.kept <= TG_JSON_ARENA_KEEP_MAX + 64);
#endif
	tg_json_arena_release();
	tg_json_arena_stats(&st);
	CHECK(st.kept == 0);
}

static void nested(void)
{
	tg_json_arena_begin();
	json_t *outer = json_string("outer");
	tg_json_arena_begin();
	churn(10);
	tg_json_arena_end(); /* the inner end: outer is still there */
	long m0 = nmalloc;
	churn(10);
	CHECK(nmalloc - m0 <= CHUNKS);
	CHECK_EQ_STR(json_string_value(outer), "outer");
	json_decref(outer);
	tg_json_arena_end();
	tg_json_arena_end(); /* one end too many: nothing */
	m0 = nmalloc;
	churn(1);
	CHECK(nmalloc > m0); /* outside again */
}

static void paused(void)
{
	tg_json_arena_begin();
	json_t *tree = json_pack("{s:s,s:[i]}", "op", "act", "seq", 3); /* the message */
	long m0 = nmalloc, f0 = nfree;
	unsigned token = tg_json_arena_pause();
	json_t *kept = json_string("made while paused, kept past the job");
	CHECKF(nmalloc - m0 == 2, "a block made in a pause is malloc's (%ld mallocs)",
	       nmalloc - m0);
	json_object_del(tree, "seq"); /* a job's blocks freed in the pause */
	CHECKF(nfree == f0, "a job's block freed in a pause is not free()'s (%ld frees)",
	       nfree - f0);
	tg_json_arena_begin(); /* a fan-out job on the loop, inside the pause */
	m0 = nmalloc;
	churn(50);
	CHECKF(nmalloc - m0 <= CHUNKS, "a job begun in a pause takes the region (%ld mallocs)",
	       nmalloc - m0);
	tg_json_arena_end();
	m0 = nmalloc;
	json_t *kept2 = json_integer(29);
	CHECKF(nmalloc - m0 == 1, "its end brings the pause back (%ld mallocs)", nmalloc - m0);
	tg_json_arena_resume(token);
	json_decref(tree);
	tg_json_arena_end();
	/* under ASan a block of the job used now is a use after free, and a
	 * free() of one a bad free: these are malloc's */
	CHECK_EQ_STR(json_string_value(kept), "made while paused, kept past the job");
	CHECK_EQ_INT(json_integer_value(kept2), 29);
	f0 = nfree;
	json_decref(kept);
	json_decref(kept2);
	CHECK_EQ_INT(nfree - f0, 3); /* the string, its text, the integer */
	/* the resume: the job's blocks are the region's again */
	tg_json_arena_begin();
	token = tg_json_arena_pause();
	tg_json_arena_resume(token);
	m0 = nmalloc;
	churn(20);
	CHECK(nmalloc - m0 <= CHUNKS);
	/* a pause the job's end closes: the next job is not paused */
	tg_json_arena_pause();
	tg_json_arena_end();
	tg_json_arena_begin();
	m0 = nmalloc;
	churn(20);
	CHECKF(nmalloc - m0 <= CHUNKS, "no pause outlives its job (%ld mallocs)", nmalloc - m0);
	tg_json_arena_end();
	/* outside a job a pause is nothing */
	tg_json_arena_resume(tg_json_arena_pause());
	m0 = nmalloc;
	churn(1);
	CHECK(nmalloc > m0);
}

static void *jobs_then_exit(void *arg)
{
	bool *ok = arg;
	counting = true;
	for (int j = 0; j < 3; j++) {
		tg_json_arena_begin();
		*ok = churn_ok(200) && *ok;
		tg_json_arena_end();
	}
	return NULL;
}

static void thread_exit(void)
{
	pthread_t t;
	bool ok = true;
	if (pthread_create(&t, NULL, jobs_then_exit, &ok) != 0) {
		CHECK(!"pthread_create");
		return;
	}
	CHECK(pthread_join(t, NULL) == 0);
	CHECK(ok);
	CHECKF(atomic_load(&thread_live) == 0,
	       "a thread that ran jobs leaves nothing behind (%ld bytes)",
	       atomic_load(&thread_live));
}

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static void fanout(unsigned workers)
{
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_json_arena"))
		return;
	rig.cfg.workers = workers;
	if (!fc_rig_serve(&rig, games))
		return;
	struct tg_json_arena_stats st0, st;
	tg_json_arena_stats(&st0);
	struct client a, b;
	login(&a, "grant", "unconditional", true);
	login(&b, "lee", "traveller1", true);
	int64_t mid = new_match(&a, &b);
	notes(&a, mid, 6);
	tg_json_arena_stats(&st);
	if (workers == 0)
		CHECKF(st.jobs >= st0.jobs + 6,
		       "the fan-out on the loop runs as jobs (%lu before, %lu after)", st0.jobs,
		       st.jobs);
	/* each player's view from the patches equals a fresh one */
	struct client *cs[] = {&a, &b};
	for (int i = 0; i < 2; i++) {
		json_t *before = json_deep_copy(cs[i]->view);
		CHECK(is_ok(req(cs[i], rq("{s:s,s:I}", "op", "open", "match", (json_int_t)mid))));
		CHECKF(json_equal(before, cs[i]->view),
		       "workers %u: player %d's patched view is fresh", workers, i);
		json_decref(before);
	}
	client_close(&a);
	client_close(&b);
	fc_rig_close(&rig);
}

int main(void)
{
	before_install();
	tg_json_arena_install();
	outside_and_inside();
	nested();
	paused();
	thread_exit();
	fanout(0);
	fanout(2);
	return tap_done();
}
