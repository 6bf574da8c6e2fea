/* test_view_sections.c — Lincoln's War's view in sections (game.h "The view
 * in sections", issue 17): the daemon keeps each role's last view and, after
 * an action, rebuilds only the sections whose stamp moved
 * (kit/view_sections.h). The bot plays random games (every optional rule on
 * in every other game); after every accepted action, for both players and
 * the observer:
 *   - the kept view, brought up to date by sections, serializes to exactly
 *     the bytes of a full view() of the new state;
 *   - the patch made on the way, applied to the previous view, gives that
 *     view (as JSON: a patch does not fix the members' order);
 *   - the sections assembled in their declared order give view() too;
 *   - the kept view is that text (issue 17: kept serialized, not as a
 *     tree): its bytes are the full view's, ready to send.
 * A stamp that misses something its section reads leaves a stale section:
 * the first check fails. The test also counts the sections it skipped, so
 * that it fails if the incremental path is never taken.
 *   test_view_sections [actions]   (default 3000; LW_PLAYOUTS shortens it) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_patch.h"
#include "kit/view_sections.h"
#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;
static const char *const roles[] = {"union", "confederate", "observer"};

struct ctx {
	struct tg_view_kept kept[3];
	long actions, checked, failures, skipped;
	/* the forces section (issue 17: its stamp covers exactly what it
	 * shows): updates whose stamp moved, and of those, whose text did not
	 * change (a rebuild for nothing) */
	long forces_moved, forces_idle;
};

static unsigned forces_section(void)
{
	for (unsigned i = 0; M->view_sections[i]; i++)
		if (strcmp(M->view_sections[i], "/board/forces") == 0)
			return i;
	return 0;
}

/* The forces section's slice of k's text, and its stamp. */
static char *forces_text(const struct tg_view_kept *k, uint64_t *stamp)
{
	unsigned f = forces_section();
	if (!k->text || !k->cut || f >= k->nsec)
		return NULL;
	*stamp = k->cut[f].stamp;
	return strndup(k->text + k->cut[f].off, k->cut[f].len);
}

static char *dump(const json_t *v)
{
	return json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII);
}

/* How many sections the update of k will skip: the proof the stamps do
 * spare work (stamps that always moved would pass the byte checks and do
 * no less than a whole diff). */
static long skipped_sections(const struct game *g, const char *role, const struct tg_view_kept *k)
{
	long n = 0;
	uint64_t st[TG_VIEW_SECTIONS_MAX];
	M->view_stamps(g, role, st);
	for (unsigned i = 0; i < tg_view_section_count(M); i++)
		n += st[i] != 0 && k->cut && st[i] == k->cut[i].stamp;
	return n;
}

static void after(void *p, struct game *g)
{
	struct ctx *c = p;
	c->actions++;
	for (int r = 0; r < 3; r++) {
		struct tg_view_kept *k = &c->kept[r];
		json_t *before = tg_view_kept_json(k);
		json_t *ops = json_array();
		c->skipped += skipped_sections(g, roles[r], k);
		uint64_t st0 = 0, st1 = 0;
		char *f0 = forces_text(k, &st0);
		int rc = tg_view_update(k, M, g, roles[r], ops);
		char *f1 = forces_text(k, &st1);
		if (f0 && f1 && st0 != st1) {
			c->forces_moved++;
			c->forces_idle += strcmp(f0, f1) == 0;
		}
		free(f0);
		free(f1);
		json_t *full = M->view(g, roles[r]);
		json_t *assembled = tg_view_assemble(M, g, roles[r]);
		char *b = dump(full), *d = dump(assembled);
		const char *a = k->text;
		char perr[200] = "";
		json_t *patched = tg_json_patch_apply(before, ops, perr, sizeof perr);
		/* a patch fixes values, not the members' order (a client's copy
		 * may list them otherwise): equal as JSON */
		bool e = patched && json_equal(patched, full);
		bool ok = rc == 0 && a && b && strcmp(a, b) == 0 && k->len == strlen(b) && d &&
		          strcmp(d, b) == 0 && e;
		if (!ok && c->failures++ < 5) {
			size_t i = 0;
			while (a && b && a[i] && a[i] == b[i])
				i++;
			CHECKF(false,
			       "action %ld, %s: incremental view == full view (rc %d; first "
			       "difference at byte %zu: ...%.80s vs ...%.80s); assembled %s; "
			       "patched %s %s",
			       c->actions, roles[r], rc, i, a ? a + (i > 20 ? i - 20 : 0) : "",
			       b ? b + (i > 20 ? i - 20 : 0) : "",
			       d && strcmp(d, b) == 0 ? "ok" : "differs", e ? "ok" : "differs",
			       perr);
		}
		c->checked++;
		if (!ok) /* start again from the truth, to find the next difference */
			tg_view_keep_full(k, M, g, roles[r]);
		free(b);
		free(d);
		json_decref(patched);
		json_decref(assembled);
		json_decref(full);
		json_decref(ops);
		json_decref(before);
	}
}

int main(int argc, char **argv)
{
	long want = argc > 1 ? atol(argv[1]) : 3000;
	const char *quick = getenv("LW_PLAYOUTS");
	if (argc <= 1 && quick && atol(quick) > 0 && atol(quick) < 100)
		want = 30 * atol(quick);
	CHECK(tg_view_section_count(M) > 20);
	struct ctx c = {0};
	static const char *const scn[] = {"campaign", "introductory", "tournament"};
	for (int game = 0; c.actions < want && game < 1000; game++) {
		uint8_t seed[TG_SEED_BYTES] = {0};
		seed[0] = (uint8_t)game;
		seed[1] = 0x5e;
		struct tg_error err = {0};
		json_t *opt = game % 2 ? json_pack("{s:b,s:b,s:b,s:b,s:b}", "kickstarters", 1,
		                                   "spring_decks", 1, "irregulars", 1,
		                                   "peculiar_generals", 1, "laying_a_trap", 1)
		                       : NULL;
		struct game *g = M->setup(seed, scn[game % 3], opt, &err);
		json_decref(opt);
		CHECKF(g != NULL, "setup: %s", err.message);
		if (!g)
			break;
		for (int r = 0; r < 3; r++)
			tg_view_keep_full(&c.kept[r], M, g, roles[r]);
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, 7919u * (uint64_t)game + 3);
		struct lw_bot_hooks h = {.ctx = &c, .after = after};
		char why[256] = "";
		long before = c.actions;
		int n = lw_bot_play(&bot, M, g, (int)(want - c.actions), &h, why, sizeof why);
		CHECKF(n >= 0, "game %d plays (%s)", game, why);
		CHECK(c.actions > before);
		for (int r = 0; r < 3; r++)
			tg_view_kept_clear(&c.kept[r]);
		M->free(g);
	}
	CHECKF(c.failures == 0, "%ld of %ld incremental views equal the full view",
	       c.checked - c.failures, c.checked);
	CHECKF(c.skipped > c.checked, "stamps spared %ld sections in %ld updates", c.skipped,
	       c.checked);
	/* A stamp that hashes what its section does not show rebuilds it for
	 * nothing (before session 12: 46 % of the forces' rebuilds changed
	 * nothing). It must move only when the text does. */
	CHECKF(c.forces_moved > 0, "the forces section was rebuilt (%ld times)", c.forces_moved);
	CHECKF(c.forces_idle == 0,
	       "the forces' stamp moves only when their text changes: it moved %ld times, %ld "
	       "of them for an unchanged text",
	       c.forces_moved, c.forces_idle);
	printf("# %ld actions, %ld views checked, %ld sections spared; forces rebuilt %ld times, "
	       "%ld for nothing\n",
	       c.actions, c.checked, c.skipped, c.forces_moved, c.forces_idle);
	return tap_done();
}
