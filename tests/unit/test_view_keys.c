/* test_view_keys.c — the members' keys written before each section of a
 * kept view (kit/view_sections.c, keys_of): made once a thread for each
 * module's table of sections and kept for a few tables; a table whose keys
 * do not fit the kept text is written by put_key as before. Six tables on
 * one thread, one after the other, twice (more tables than are kept: each
 * is made again after it was dropped): sections at the top and in parents
 * ("/a/b"), parents opened and closed between them, and one table of 48
 * long names, past the kept keys' 2,048 bytes. Every kept view, made full
 * and brought up to date after a change, is byte for byte json_dumps of
 * the assembled view. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/kit/scratch.h"
#include "games/kit/view_sections.h"
#include "json_patch.h"
#include "tap.h"

struct game {
	int tick;
};

static const char *const roles[] = {"a", NULL};

static const char *const t0[] = {"/a", "/b", NULL};
static const char *const t1[] = {"/x/a", "/x/b", "/y", NULL};
static const char *const t2[] = {"/p", "/q/r", "/q/s", "/t/u", NULL};
static const char *const t3[] = {"/m/n", NULL};
static const char *const t4[] = {"/z", "/w/v", "/w/u", NULL};
static char long_names[TG_VIEW_SECTIONS_MAX][80];
static const char *t5[TG_VIEW_SECTIONS_MAX + 1];

static json_t *section(const struct game *g, const char *role, unsigned i)
{
	(void)role;
	return json_integer(g->tick * 100 + (int)i);
}

static void stamps(const struct game *g, const char *role, uint64_t *st)
{
	(void)role;
	for (unsigned i = 0; i < TG_VIEW_SECTIONS_MAX; i++)
		st[i] = tg_stamp_bytes(i, &g->tick, sizeof g->tick);
}

#define TABLES 6
static struct game_module mods[TABLES];

static json_t *view_of(const struct game_module *m, const struct game *g)
{
	return tg_view_assemble(m, g, "a");
}

/* k holds exactly the full view's bytes. */
static bool same_as_full(const struct tg_view_kept *k, const struct game_module *m,
                         const struct game *g)
{
	json_t *v = view_of(m, g);
	char *want = v ? json_dumps(v, TG_VIEW_DUMP_FLAGS) : NULL;
	char *got = tg_view_kept_text(k, m, g, "a");
	bool ok = want && got && strcmp(want, got) == 0;
	if (!ok)
		printf("# want %s\n# got  %s\n", want ? want : "(none)", got ? got : "(none)");
	free(want);
	free(got);
	json_decref(v);
	return ok;
}

int main(void)
{
	const char *const *tables[TABLES] = {t0, t1, t2, t3, t4, t5};
	/* 48 names of 60 bytes and more, in two parents and at the top */
	for (unsigned i = 0; i < TG_VIEW_SECTIONS_MAX; i++) {
		snprintf(long_names[i], sizeof long_names[i],
		         "%s/a_section_name_long_enough_to_fill_the_kept_keys_%02u",
		         i < 16   ? "/first_parent"
		         : i < 32 ? ""
		                  : "/second_parent",
		         i);
		t5[i] = long_names[i];
	}
	for (unsigned t = 0; t < TABLES; t++)
		mods[t] = (struct game_module){.id = "keys",
		                               .title = "keys",
		                               .roles = roles,
		                               .view_sections = tables[t],
		                               .view_stamps = stamps,
		                               .view_section = section};
	CHECK(tg_view_section_count(&mods[5]) == TG_VIEW_SECTIONS_MAX);
	struct tg_view_kept k[TABLES] = {{0}};
	struct game g = {1};
	for (int round = 0; round < 2; round++) {
		for (unsigned t = 0; t < TABLES; t++) {
			tg_view_keep_full(&k[t], &mods[t], &g, "a");
			CHECKF(k[t].text && same_as_full(&k[t], &mods[t], &g),
			       "table %u, round %d: the full view", t, round);
		}
		g.tick++;
		for (unsigned t = 0; t < TABLES; t++) {
			struct tg_patch_text ops = {0};
			tg_text_take(&ops.t, TG_SCRATCH_OPS);
			int rc = tg_view_update_text(&k[t], &mods[t], &g, "a", &ops);
			tg_text_give(&ops.t, TG_SCRATCH_OPS);
			CHECKF(rc == 0 && same_as_full(&k[t], &mods[t], &g),
			       "table %u, round %d: the view brought up to date", t, round);
		}
	}
	for (unsigned t = 0; t < TABLES; t++)
		tg_view_kept_clear(&k[t]);
	tg_scratch_release();
	return tap_done();
}
