/* view_sections_check.h — a game's view in sections (game.h "The view in
 * sections", kit/view_sections.h) checked as the daemon keeps it: random
 * games of thousands of random offered actions; after every action, for
 * both players and the observer, the kept view brought up to date by the
 * sections whose stamp moved serializes to exactly the bytes of a full
 * view(), and its patch applied to the previous view gives that view. The
 * kept view is text, not a tree (issue 17, "nothing kept as a jansson tree
 * between actions"): once an update returns and its patch is freed,
 * jansson holds no memory for it. Used by the fixture game's test
 * (tests/unit/test_view_sections_fixture.c) and Birth of a Legend's
 * (tests/rules/birth_of_a_legend/test_boal_view_sections.c); Lincoln's War
 * has its own, with its bot (tests/rules/lincolns_war/test_view_sections.c). */
#ifndef TG_TEST_VIEW_SECTIONS_CHECK_H
#define TG_TEST_VIEW_SECTIONS_CHECK_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "json_patch.h"
#include "kit/view_sections.h"
#include "offer_fill.h"
#include "tap.h"

/* jansson's live allocations, counted through its allocator hooks */
static long live;
static void *count_malloc(size_t n)
{
	live++;
	return malloc(n);
}
static void count_free(void *p)
{
	live -= p != NULL;
	free(p);
}

/* Serialized into plain malloc memory (json_dumps's string would come
 * from the counting allocator and be freed outside it). */
static char *dump(const json_t *v)
{
	size_t n = v ? json_dumpb(v, NULL, 0, JSON_COMPACT | JSON_ENSURE_ASCII) : 0;
	char *s = n ? malloc(n + 1) : NULL;
	if (s) {
		json_dumpb(v, s, n, JSON_COMPACT | JSON_ENSURE_ASCII);
		s[n] = 0;
	}
	return s;
}

/* Plays random games of M (roles[0] and roles[1] the players, roles[2] the
 * observer; scenarios[game % 2]) until `want` actions were played, checking
 * every kept view after every action as the file's comment says. */
static void view_sections_check(const struct game_module *M, const char *const roles[3],
                                const char *const scenarios[2], long want)
{
	json_set_alloc_funcs(count_malloc, count_free);
	struct tg_rng bot; /* the picks and their params */
	uint8_t bseed[TG_SEED_BYTES] = {0x66, 0x11};
	tg_rng_init(&bot, bseed);
	CHECK(tg_view_section_count(M) > 1);
	struct tg_view_kept kept[3] = {{0}};
	long actions = 0, failures = 0, spared = 0, held = 0;
	for (int game = 0; actions < want; game++) {
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)game, 0x77};
		struct tg_error err = {0};
		struct game *g = M->setup(seed, scenarios[game % 2], NULL, &err);
		CHECKF(g != NULL, "setup: %s", err.message);
		if (!g)
			break;
		long live0 = live;
		for (int r = 0; r < 3; r++)
			tg_view_keep_full(&kept[r], M, g, roles[r]);
		held += live != live0; /* the game's own log is jansson's */
		for (;;) {
			struct game_status st;
			M->status(g, &st);
			if (st.finished || !st.awaiting)
				break;
			int role = st.awaiting & 1 ? 0 : 1;
			json_t *v = M->view(g, roles[role]);
			json_t *offered = json_object_get(v, "actions");
			json_t *pick = json_array_get(
			    offered, tg_rng_below(&bot, (uint32_t)json_array_size(offered)));
			/* its params, if any, filled with one of their choices */
			json_t *a = tg_offer_fill(pick, &bot, NULL);
			/* each kept view's text as it was, the sections kept as
			 * stamps built again from the state it was brought to
			 * (plain malloc: not counted in live) */
			char *was[3];
			for (int r = 0; r < 3; r++)
				was[r] = tg_view_kept_text(&kept[r], M, g, roles[r]);
			int rc = M->act(g, roles[role], a, NULL, &err);
			json_decref(a);
			json_decref(v);
			CHECKF(rc == 0, "an offered action is accepted: %s", err.message);
			if (rc != 0) {
				for (int r = 0; r < 3; r++)
					free(was[r]);
				break;
			}
			actions++;
			live0 = live;
			for (int r = 0; r < 3; r++) {
				uint64_t stamp[TG_VIEW_SECTIONS_MAX];
				M->view_stamps(g, roles[r], stamp);
				for (unsigned i = 0; i < tg_view_section_count(M); i++)
					spared += stamp[i] && kept[r].cut &&
					          stamp[i] == kept[r].cut[i].stamp;
				json_t *before = was[r] ? json_loads(was[r], 0, NULL) : NULL,
				       *ops = json_array();
				free(was[r]);
				int urc = tg_view_update(&kept[r], M, g, roles[r], ops);
				json_t *full = M->view(g, roles[r]);
				json_t *patched = tg_json_patch_apply(before, ops, NULL, 0);
				char *b = dump(full);
				/* the arrays built whole are kept as their elements'
				 * stamps (issue 17): the kept text with them built
				 * again is the view */
				char *a = tg_view_kept_text(&kept[r], M, g, roles[r]);
				bool ok = urc == 0 && a && b && strcmp(a, b) == 0 &&
				          kept[r].vlen == strlen(b) && patched &&
				          json_equal(patched, full);
				if (!ok && failures++ < 5)
					CHECKF(false, "action %ld, %s: incremental %s == full %s",
					       actions, roles[r], a ? a : "(null)",
					       b ? b : "(null)");
				if (!ok)
					tg_view_keep_full(&kept[r], M, g, roles[r]);
				free(a);
				free(b);
				json_decref(patched);
				json_decref(full);
				json_decref(ops);
				json_decref(before);
			}
			/* every tree of this update is freed: what jansson
			 * holds more than before, the kept views hold */
			held += live != live0;
		}
		M->free(g);
	}
	for (int r = 0; r < 3; r++)
		tg_view_kept_clear(&kept[r]);
	CHECKF(failures == 0, "%ld of %ld incremental views equal the full view",
	       3 * actions - failures, 3 * actions);
	CHECKF(spared > actions, "stamps spared %ld sections", spared);
	CHECKF(held == 0,
	       "no jansson memory held by the kept views (held %ld times in %ld actions)", held,
	       actions);
}

#endif
