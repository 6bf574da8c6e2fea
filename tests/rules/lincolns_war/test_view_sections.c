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
 *     tree) but for the forces, cities and log, kept as their elements'
 *     stamps: with them built again from the state it gives the full
 *     view's bytes, ready to send (tg_view_kept_text);
 *   - the patch is byte for byte the whole-view diff's (tg_json_patch_diff
 *     of the previous and the new view), although the forces, cities and
 *     log found theirs from their elements' stamps, but for their elements
 *     changed in place, replaced whole (tests/unit/items_patch.h); an
 *     offer's entry of 512 bytes or more changed in place is diffed by its
 *     lists on their elements' stamps (kit/view_sections.c, "An entry
 *     diffed by its lists": the rail entry after a rail move), so the
 *     patch is compared with the entry's operations taken as one replace
 *     of it, and is never longer than the whole diff so read; and entries
 *     are diffed so (issue 17, the patches' p99); a force of 384 bytes or
 *     more changed in place is diffed by its members ("An element diffed
 *     by its members": a general joins it), read as one replace of it too;
 *   - no section's operations are longer than one replace of it (issue
 *     17, the patches' p99: an offer list whose entries all changed was
 *     diffed into more bytes than it has), the whole diff's being
 *     replaced so too for the comparison above (sections_patch);
 *   - the three roles are updated in one window (kit/view_sections.h, as
 *     the daemon's fan-out does: what every role's stamps read computed
 *     once), and the stamps made in it are those made alone;
 *   - the kept views hold less than half their text's bytes (issue 17:
 *     26 KB a role before the item sections were kept as stamps, more
 *     than the text), and no section that is an array (the offers) as
 *     text longer than its elements' stamps and lengths.
 * A stamp that misses something its section reads leaves a stale section:
 * the first check fails. The test also counts the sections it skipped, so
 * that it fails if the incremental path is never taken, and the elements
 * of the sections built item by item: built only when their text changed,
 * and for the forces, the changed ones only (issue 17).
 *   test_view_sections [actions]   (default 3000; LW_PLAYOUTS=N below 1000
 *   plays N thousandths of them, as test_playouts plays N of its 1,000 games) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "items_patch.h"
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
	json_t *last[3]; /* each role's previous view */
	long actions, checked, failures, skipped;
	double kept_bytes, view_bytes; /* summed over the checks */
	long rebuilt;                  /* sections built whole again for a patch */
	/* the sections built item by item (the forces, cities, log; issue 17:
	 * a changed section costs what changed): elements built, of those
	 * built for nothing (their text was in the kept view: a stamp that
	 * moved without the text), and copied from the kept view; the forces'
	 * alone */
	long built, idle, copied, forces_built, forces_copied;
	long same_ops;       /* patches equal to the whole-view diff */
	long arrays_as_text; /* kept views holding an array's text longer than its stamps */
	long long_ops;       /* patches with a section's operations longer than it */
	long inside;         /* operations inside an offer's entry (its lists) */
	long inside_forces;  /* operations inside a force (its members) */
	long longer;         /* patches longer than the whole diff read as the kit's */
	long stamps_apart;   /* roles whose stamps in the update's window differ from alone */
};

/* The sections the module builds item by item (game.h view_items): their
 * operations are the kit's on the stamps, never one replace of the whole
 * section (the arrays built whole, kept as stamps too, may be). */
static uint64_t by_items;

static void find_by_items(const struct game *g)
{
	for (unsigned i = 0; i < tg_view_section_count(M); i++) {
		struct tg_view_items it;
		tg_view_items_collect(&it);
		if (M->view_items(g, roles[0], i, &it))
			by_items |= (uint64_t)1 << i;
		json_decref(tg_view_items_result(&it));
	}
}

static unsigned forces_section(void)
{
	for (unsigned i = 0; M->view_sections[i]; i++)
		if (strcmp(M->view_sections[i], "/board/forces") == 0)
			return i;
	return 0;
}

/* A copy of a kept view's elements' stamps, by section. */
struct items {
	uint32_t n, first[TG_VIEW_SECTIONS_MAX + 1];
	uint64_t *stamp;
	uint64_t bits;
};

static void items_of(const struct tg_view_kept *k, struct items *o)
{
	*o = (struct items){0};
	if (!k->text || !k->ifirst)
		return;
	o->n = k->ifirst[k->nsec];
	o->bits = k->items;
	o->stamp = malloc((o->n + 1) * sizeof *o->stamp);
	for (unsigned i = 0; i <= k->nsec; i++)
		o->first[i] = k->ifirst[i];
	memcpy(o->stamp, k->istamp, o->n * sizeof *o->stamp);
}

static void items_free(struct items *o)
{
	free(o->stamp);
}

/* Counts the elements of the sections kept as stamps that an update from a
 * (view va) to b (view vb) built (b's whose stamp a's section lacked),
 * those built for nothing (an element of a's section equal all the same),
 * and copied. */
static void count_items(struct ctx *c, const struct items *a, const struct items *b, unsigned nsec,
                        const json_t *va, const json_t *vb)
{
	if (!a->stamp || !b->stamp)
		return;
	for (unsigned i = 0; i < nsec; i++) {
		if (!((b->bits >> i) & 1))
			continue;
		const json_t *xa = items_patch_at(va, M->view_sections[i]);
		const json_t *xb = items_patch_at(vb, M->view_sections[i]);
		for (uint32_t j = b->first[i]; j < b->first[i + 1]; j++) {
			bool had = false, same_text = false;
			const json_t *e = json_array_get(xb, j - b->first[i]);
			for (uint32_t q = a->first[i]; q < a->first[i + 1]; q++) {
				had |= a->stamp[q] == b->stamp[j];
				same_text |= json_equal(json_array_get(xa, q - a->first[i]), e);
			}
			c->built += !had;
			c->idle += !had && same_text;
			c->copied += had;
			if (i == forces_section()) {
				c->forces_built += !had;
				c->forces_copied += had;
			}
		}
	}
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

/* The sections k keeps as text that are arrays whose text is longer than
 * their elements' stamps and lengths would be (issue 17, memory per match:
 * the offers were kept as text, 3 KB a match). */
static long arrays_kept_as_text(const struct tg_view_kept *k)
{
	long n = 0;
	for (unsigned i = 0; k->text && k->ifirst && i < k->nsec; i++) {
		size_t table =
		    (k->ifirst[i + 1] - k->ifirst[i]) * (sizeof *k->istamp + sizeof *k->ilen);
		n += !((k->items >> i) & 1) && k->cut[i].len > table &&
		     k->text[k->cut[i].off] == '[';
	}
	return n;
}

static void after(void *p, struct game *g)
{
	struct ctx *c = p;
	c->actions++;
	/* the roles' stamps made alone, then the three updates in one window
	 * as the daemon's fan-out makes them (kit/view_sections.h: what every
	 * role's stamps read computed once): the same stamps */
	uint64_t alone[3][TG_VIEW_SECTIONS_MAX];
	for (int r = 0; r < 3; r++)
		M->view_stamps(g, roles[r], alone[r]);
	tg_view_update_begin(g);
	for (int r = 0; r < 3; r++) {
		uint64_t in[TG_VIEW_SECTIONS_MAX];
		M->view_stamps(g, roles[r], in);
		c->stamps_apart += memcmp(in, alone[r], tg_view_section_count(M) * sizeof *in) != 0;
	}
	for (int r = 0; r < 3; r++) {
		struct tg_view_kept *k = &c->kept[r];
		json_t *before = c->last[r];
		json_t *ops = json_array();
		c->skipped += skipped_sections(g, roles[r], k);
		struct items i0, i1;
		items_of(k, &i0);
		int rc = tg_view_update(k, M, g, roles[r], ops);
		items_of(k, &i1);
		json_t *full = M->view(g, roles[r]);
		count_items(c, &i0, &i1, k->nsec, before, full);
		items_free(&i0);
		json_t *assembled = tg_view_assemble(M, g, roles[r]);
		char *b = dump(full), *d = dump(assembled);
		char *a = tg_view_kept_text(k, M, g, roles[r]);
		c->kept_bytes += (double)tg_view_kept_bytes(k);
		c->arrays_as_text += arrays_kept_as_text(k);
		c->view_bytes += (double)k->vlen;
		c->rebuilt += k->irebuilt;
		char perr[200] = "";
		json_t *patched = tg_json_patch_apply(before, ops, perr, sizeof perr);
		/* a patch fixes values, not the members' order (a client's copy
		 * may list them otherwise): equal as JSON */
		bool e = patched && json_equal(patched, full);
		const char *ptrs[TG_VIEW_SECTIONS_MAX];
		size_t nptr = 0;
		for (unsigned i = 0; i < k->nsec; i++)
			if ((i0.bits >> i) & 1) /* kept as stamps: no text to diff an element on */
				ptrs[nptr++] = M->view_sections[i];
		json_t *diff = items_whole_diff(before, full, ptrs, nptr);
		json_t *whole0 = items_patch(diff, full, ptrs, nptr);
		json_t *whole = sections_patch(whole0, full, M->view_sections, k->nsec, by_items);
		json_t *shorter = sections_patch(ops, full, M->view_sections, k->nsec, by_items);
		/* an entry diffed by its lists: taken as one replace of it */
		json_t *ops1 = items_patch(ops, full, ptrs, nptr);
		json_t *read = sections_patch(ops1, full, M->view_sections, k->nsec, by_items);
		json_decref(ops1);
		size_t q;
		json_t *op;
		json_array_foreach(ops, q, op)
		{
			const char *path = json_string_value(json_object_get(op, "path"));
			c->inside_forces += path && strncmp(path, "/board/forces/", 14) == 0 &&
			                    strchr(path + 14, '/') != NULL;
			c->inside += path && strncmp(path, "/actions/", 9) == 0 &&
			             strstr(path, "/params/") != NULL;
		}
		char *so = dump(shorter), *oo = dump(ops);
		c->long_ops += !so || !oo || strcmp(so, oo) != 0;
		free(so);
		free(oo);
		json_decref(shorter);
		json_decref(whole0);
		json_decref(diff);
		char *wo = dump(whole), *o = dump(read), *oa = dump(ops);
		items_free(&i1);
		c->same_ops += wo && o && strcmp(wo, o) == 0;
		c->longer += !wo || !oa || strlen(oa) > strlen(wo);
		free(oa);
		json_decref(read);
		if (wo && o && strcmp(wo, o) != 0 && c->checked - c->same_ops < 3)
			printf("# action %ld, %s: patch %.300s\n#   whole diff %.300s\n",
			       c->actions, roles[r], o, wo);
		free(wo);
		free(o);
		json_decref(whole);
		bool ok = rc == 0 && a && b && strcmp(a, b) == 0 && k->vlen == strlen(b) && d &&
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
		free(a);
		free(b);
		free(d);
		json_decref(patched);
		json_decref(assembled);
		c->last[r] = full;
		json_decref(ops);
		json_decref(before);
	}
	tg_view_update_end();
}

int main(int argc, char **argv)
{
	long want = argc > 1 ? atol(argv[1]) : 3000;
	/* Sampled as the playouts are: LW_PLAYOUTS games of test_playouts' 1,000
	 * are as many thousandths of these 3,000 actions (scripts/test.sh's
	 * sanitizer pass sets 100: 300 actions, a tenth, as it plays a tenth of
	 * the games). */
	const char *quick = getenv("LW_PLAYOUTS");
	if (argc <= 1 && quick && atol(quick) > 0 && atol(quick) < 1000)
		want = 3000 * atol(quick) / 1000;
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
		if (!by_items)
			find_by_items(g);
		for (int r = 0; r < 3; r++) {
			tg_view_keep_full(&c.kept[r], M, g, roles[r]);
			c.last[r] = M->view(g, roles[r]);
		}
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, 7919u * (uint64_t)game + 3);
		struct lw_bot_hooks h = {.ctx = &c, .after = after};
		char why[256] = "";
		long before = c.actions;
		int n = lw_bot_play(&bot, M, g, (int)(want - c.actions), &h, why, sizeof why);
		CHECKF(n >= 0, "game %d plays (%s)", game, why);
		CHECK(c.actions > before);
		for (int r = 0; r < 3; r++) {
			tg_view_kept_clear(&c.kept[r]);
			json_decref(c.last[r]);
			c.last[r] = NULL;
		}
		M->free(g);
	}
	CHECKF(c.failures == 0, "%ld of %ld incremental views equal the full view",
	       c.checked - c.failures, c.checked);
	CHECKF(c.skipped > c.checked, "stamps spared %ld sections in %ld updates", c.skipped,
	       c.checked);
	CHECKF(c.stamps_apart == 0,
	       "the stamps made in an update's window are those made alone (%ld differ)",
	       c.stamps_apart);
	CHECKF(c.same_ops == c.checked, "%ld of %ld patches are the whole-view diff's", c.same_ops,
	       c.checked);
	CHECKF(c.longer == 0, "no patch is longer than the whole-view diff's (%ld were)", c.longer);
	CHECKF(c.inside_forces > 0,
	       "forces changed in place diffed by their members (%ld operations inside them)",
	       c.inside_forces);
	CHECKF(c.inside > 0,
	       "an offer's entry changed in place is diffed by its lists (%ld operations)",
	       c.inside);
	CHECKF(c.long_ops == 0,
	       "no section's operations are longer than one replace of it (%ld patches had one)",
	       c.long_ops);
	/* A stamp that hashes what its element does not show rebuilds it for
	 * nothing (before session 12: 46 % of the forces' rebuilds changed
	 * nothing). It must move only when the text does. */
	CHECKF(c.built > 0 && c.idle == 0,
	       "an element is built only when its text changed: %ld built, %ld for nothing",
	       c.built, c.idle);
	/* A move changes a force or two of dozens: the rest are copied. */
	CHECKF(c.forces_built > 0 && 10 * c.forces_built < c.forces_copied,
	       "the forces are built one by one, only the changed ones: %ld built, %ld copied",
	       c.forces_built, c.forces_copied);
	/* Issue 17, memory per match: the forces, cities and log, three
	 * quarters of the text, are kept as their elements' stamps (before:
	 * the whole text and the stamps, more than the text). */
	CHECKF(c.checked > 0 && 2 * c.kept_bytes < c.view_bytes,
	       "the kept views hold less than half their text: %.0f bytes for %.0f a view",
	       c.kept_bytes / (double)(c.checked ? c.checked : 1),
	       c.view_bytes / (double)(c.checked ? c.checked : 1));
	CHECKF(c.arrays_as_text == 0,
	       "an array built whole (the offers) is kept as its elements' stamps when they are "
	       "shorter than its text: %ld kept as text",
	       c.arrays_as_text);
	printf("# %ld actions, %ld views checked, %ld sections spared; elements built %ld "
	       "(%ld for nothing), copied %ld; forces built %ld, copied %ld; sections built "
	       "whole again for a patch %ld\n",
	       c.actions, c.checked, c.skipped, c.built, c.idle, c.copied, c.forces_built,
	       c.forces_copied, c.rebuilt);
	return tap_done();
}
