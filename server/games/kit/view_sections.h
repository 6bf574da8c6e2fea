/* view_sections.h — a view kept between actions and brought up to date by
 * the sections that changed (game.h, "The view in sections").
 *
 * A module that declares view sections lets the daemon rebuild and diff only
 * the members of the view whose change stamp moved; these helpers are that
 * work, shared by the daemon (core/views.c) and the tests that prove it
 * (every game's incremental view equals its full rebuild, byte for byte,
 * after every action). A module without sections is rebuilt and diffed
 * whole through the same calls. */
#ifndef TG_KIT_VIEW_SECTIONS_H
#define TG_KIT_VIEW_SECTIONS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* One role's kept view and the stamps of its sections when it was built. */
struct tg_view_kept {
	json_t *view; /* NULL: none kept */
	uint64_t stamp[TG_VIEW_SECTIONS_MAX];
};

/* Number of sections of m (0: m has none, its views are diffed whole). */
unsigned tg_view_section_count(const struct game_module *m);

/* The whole view of role, assembled from m's sections in their order (a
 * module's view() may be just this). NULL when out of memory. */
json_t *tg_view_assemble(const struct game_module *m, const struct game *g, const char *role);

/* Replaces k's view by a full view of role (NULL on failure) and notes the
 * stamps it was built at. */
void tg_view_keep_full(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                       const char *role);

/* Brings k's view up to date with g: only the sections whose stamp moved
 * (or is 0) are rebuilt and diffed. Appends the RFC 6902 operations that
 * turn the old view into the new one to ops. 0; -1 when out of memory or
 * when nothing is kept (k's view is then NULL or stale: keep a full view). */
int tg_view_update(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                   const char *role, json_t *ops);

void tg_view_kept_clear(struct tg_view_kept *k);

/* A 64-bit hash of n bytes, continuing from h (start with 0): for stamps. */
uint64_t tg_stamp_bytes(uint64_t h, const void *p, size_t n);

#endif
