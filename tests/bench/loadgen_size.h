/* loadgen_size.h — the size of a kept view's text, without writing it.
 *
 * tg_loadgen sizes every fourth whole-view patch's view (the bench's
 * patch / view figures): the bytes the daemon would send for the view,
 * tg_json_compact_append's. Writing the whole view each time was 37 % of
 * the generator's instructions (issue 17, session 24). A view_size cache
 * keeps the size of each container (object or array) of the view it has
 * sized, keyed by the container's address, and only the containers a patch
 * changed are measured again: the patch's operations are applied one at a
 * time by view_size_apply, which first marks every container on each
 * operation's path (and "from") as changed and forgets the value the
 * operation drops.
 *
 * An entry holds a reference to its container, so no cached address can
 * be freed and made again for another value while the entry lives: a
 * stale entry can cost memory, never a wrong size. Leaves (strings,
 * numbers, literals) are written into a scratch buffer each time, by
 * tg_json_compact_append itself, so every byte counted is one it writes.
 * The sizes are the same bytes as the text (tests/integration/
 * test_loadgen_games.py: with --dump-views 0 every sampled view is also
 * written whole and compared, a difference is an error). */
#ifndef TG_LOADGEN_SIZE_H
#define TG_LOADGEN_SIZE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "json_compact.h"
#include "json_patch.h"

struct view_size_entry {
	json_t *v; /* a reference; NULL: an empty slot */
	size_t size;
	bool changed; /* a patch changed it since it was measured */
};

struct view_size {
	struct view_size_entry *slots;
	size_t cap, count; /* cap: a power of two, or 0 */
	struct tg_text scratch;
	json_t *one; /* a one-operation patch, reused */
};

/* Forgets every entry (a new view, or the view dropped). */
void view_size_reset(struct view_size *vs);

/* Frees everything (the player's end). */
void view_size_free(struct view_size *vs);

/* The bytes tg_json_compact_append would write for v, the kept view whose
 * changes went through view_size_apply since its last reset: 0, or -1
 * when the text could not be written (out of memory, or a value jansson
 * would not serialize). */
int view_size_of(struct view_size *vs, const json_t *v, size_t *out);

/* tg_json_patch_apply_in_place(_take when take) of patch on *doc, one
 * operation at a time, with the containers each changes marked first.
 * Returns as the apply does; on a failure the caller drops the view and
 * resets the cache. */
enum tg_json_patch_status view_size_apply(struct view_size *vs, json_t **doc, json_t *patch,
                                          bool take, char *err, size_t errlen);

#endif
