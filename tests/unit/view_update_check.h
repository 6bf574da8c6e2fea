/* view_update_check.h — one update of a kept view (kit/view_sections.h),
 * checked the way the view kit's tests check it: the kept text equals the
 * full view's, and the patch applied to the previous view gives the full
 * view. Shared by test_view_offer_lists and test_view_item_members.
 *
 *   json_t *ops = view_update_check(&kept, &mod, g, "a", &prev, &bad);
 *
 * prev: the previous full view, replaced by the new one; bad: failures so
 * far (the first three are reported); a failed update is kept anew from
 * the full view so the next one starts right. Returns the operations
 * (caller owns them). */
#ifndef TG_TEST_VIEW_UPDATE_CHECK_H
#define TG_TEST_VIEW_UPDATE_CHECK_H

#include <jansson.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "games/kit/view_sections.h"
#include "json_patch.h"
#include "tap.h"

static inline char *view_dump(const json_t *v)
{
	return json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY);
}

static inline json_t *view_update_check(struct tg_view_kept *kept, const struct game_module *mod,
                                        struct game *g, const char *role, json_t **prev, long *bad)
{
	json_t *ops = json_array();
	int rc = tg_view_update(kept, mod, g, role, ops);
	json_t *full = mod->view(g, role);
	char *want = view_dump(full), *got = tg_view_kept_text(kept, mod, g, role);
	char err[200] = "";
	json_t *patched = tg_json_patch_apply(*prev, ops, err, sizeof err);
	bool ok = rc == 0 && want && got && strcmp(want, got) == 0 && patched &&
	          json_equal(patched, full);
	if (!ok && (*bad)++ < 3) {
		char *o = view_dump(ops);
		CHECKF(false, "update: rc %d, kept == full %d, patched == full %d (%s); ops %.400s",
		       rc, want && got && strcmp(want, got) == 0,
		       patched && json_equal(patched, full), err, o ? o : "");
		free(o);
	}
	if (!ok)
		tg_view_keep_full(kept, mod, g, role);
	free(want);
	free(got);
	json_decref(patched);
	json_decref(*prev);
	*prev = full;
	return ops;
}

#endif
