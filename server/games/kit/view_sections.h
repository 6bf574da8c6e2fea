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
#include "json_patch.h"
#include "view_items.h"

/* Where one section's value lies in the kept text, and its stamp. */
struct tg_view_cut {
	uint32_t off, len;
	uint64_t stamp;
};

/* One role's kept view, serialized (issue 17: nothing kept as a jansson
 * tree between actions, whose nodes cost about ten times the text): the
 * bytes json_dumps(view, JSON_COMPACT | JSON_ENSURE_ASCII) gives, which is
 * the view as the protocol sends it, and for a module with sections where
 * each section's value lies in it. A changed section's old value is parsed
 * back from its slice only to diff it; an unchanged one is copied as bytes.
 *
 * The sections built item by item (game.h view_items: Lincoln's War's
 * forces, cities and log, three quarters of its view) are kept as their
 * elements' stamps and lengths only, not their text (issue 17, memory per
 * match): their bit is set in items, their slice of text is empty (the
 * text holds everything around them), and after an action their elements
 * are paired on the stamps; an element whose stamp is new is sent whole,
 * but one changed in place that is an object of 384 bytes or more, which
 * keeps its members' stamps (ishape), is diffed member by member
 * (view_sections.c, "An element diffed by its members").
 * The whole view's text, to send it, is the kept text with these sections
 * built again from the state (tg_view_kept_text). */
struct tg_view_kept {
	char *text;              /* NUL-terminated; NULL: none kept */
	size_t len;              /* text's length */
	size_t vlen;             /* the whole view's length as sent (len when items is 0) */
	unsigned nsec;           /* sections cut (0: kept whole) */
	uint64_t items;          /* bit i: section i kept as its elements' stamps only */
	struct tg_view_cut *cut; /* nsec entries, or NULL */
	/* The elements of the sections built item by item (game.h
	 * view_items) and of those that are arrays built whole: section i's
	 * are [ifirst[i], ifirst[i+1]), each one's stamp and text length
	 * (elements are separated by one ','); after ifirst's nsec + 1
	 * entries, nsec more: section i's text length as an array, when it is
	 * kept as stamps (its part of vlen). One allocation at istamp; all
	 * NULL when the module has no view_items. */
	uint64_t *istamp;
	uint32_t *ilen;
	uint32_t *ifirst; /* 2 * nsec + 1 entries */
	/* Of the sections that are arrays built whole and kept as stamps (the
	 * offers), the elements of kit/offer.h's entry form 512 bytes long or
	 * more: their lists' stamps (view_sections.c, "An entry diffed by its
	 * lists"); of the sections built item by item, the elements that are
	 * objects 384 bytes long or more: their members' stamps ("An element
	 * diffed by its members"); nshape 64-bit words of records; NULL when
	 * none. */
	uint64_t *ishape;
	size_t nshape;
	/* The last update's elements: built (and serialized), and copied from
	 * the kept view (their stamp was there); and of its sections kept as
	 * stamps, those whose patch needed an element it had not built, so
	 * built whole again */
	uint32_t ibuilt, icopied, irebuilt;
};

#define TG_VIEW_DUMP_FLAGS (JSON_COMPACT | JSON_ENSURE_ASCII)

/* Number of sections of m (0: m has none, its views are diffed whole). */
unsigned tg_view_section_count(const struct game_module *m);

/* The whole view of role, assembled from m's sections in their order (a
 * module's view() may be just this). NULL when out of memory. */
json_t *tg_view_assemble(const struct game_module *m, const struct game *g, const char *role);

/* Replaces k's view by a full view of role (none kept on failure), cut
 * into its sections with the stamps they were built at. */
void tg_view_keep_full(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                       const char *role);

/* Replaces k's view by view, kept whole (no sections: the next update is
 * tg_view_update_whole or a full keep). 0; -1 when out of memory (none
 * kept). */
int tg_view_keep_tree(struct tg_view_kept *k, const json_t *view);

/* Brings k's view up to date with g: only the sections whose stamp moved
 * (or is 0) are rebuilt; of those, only the ones whose text changed are
 * diffed. Appends the RFC 6902 operations that turn the old view into the
 * new one to ops, as text (protocol/json_patch.h: the daemon sends them
 * so; issue 17, no operation is built as a tree). 0; -1 when out of memory
 * or when no sectioned view is kept (k is then left as it was, or empty:
 * keep a full view). */
int tg_view_update_text(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                        const char *role, struct tg_patch_text *ops);

/* The same, the operations parsed and appended to the JSON array ops (for
 * the tests that apply them). */
int tg_view_update(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                   const char *role, json_t *ops);

/* Brings k's view to now, whole: appends the operations from the kept view
 * to now to ops and keeps now (whole). g is the state k was last brought
 * to (its sections kept as stamps are built from it; m, g, role may be
 * NULL when k->items is 0). 0; -1 when out of memory or nothing is kept. */
int tg_view_update_whole(struct tg_view_kept *k, const struct game_module *m, const struct game *g,
                         const char *role, const json_t *now, struct tg_patch_text *ops);

/* The whole view's text (k->vlen bytes, NUL-terminated; caller frees it):
 * the kept text with the sections kept as stamps built again from g, which
 * must be the state k was last brought to (the stamps are checked: NULL
 * when an element differs). NULL when out of memory or nothing is kept. */
char *tg_view_kept_text(const struct tg_view_kept *k, const struct game_module *m,
                        const struct game *g, const char *role);

/* The kept view parsed back into a new tree (caller owns it), or NULL; as
 * tg_view_kept_text for g. */
json_t *tg_view_kept_json(const struct tg_view_kept *k, const struct game_module *m,
                          const struct game *g, const char *role);

void tg_view_kept_clear(struct tg_view_kept *k);

/* The heap bytes k holds (text, cuts, elements). */
size_t tg_view_kept_bytes(const struct tg_view_kept *k);

/* One update of several roles' views of one state (issue 17: the values
 * every role's stamps read, computed once an update, not once a role).
 * Between tg_view_update_begin(g) and tg_view_update_end() on one thread,
 * the caller does not change g: a module may then keep what it derives
 * from g for the next role's stamps or sections, in a _Thread_local memo
 * with the number tg_view_update_epoch(g) gives, and use it while that
 * number is the same. That number is one no earlier window of the thread
 * had; 0 outside a window, or for a state other than g (no memo then).
 * Windows do not nest. core/views.c opens one around a fan-out's roles. */
void tg_view_update_begin(const struct game *g);
void tg_view_update_end(void);
uint64_t tg_view_update_epoch(const struct game *g);

/* A 64-bit hash of n bytes, continuing from h (start with 0): for stamps. */
uint64_t tg_stamp_bytes(uint64_t h, const void *p, size_t n);

#endif
