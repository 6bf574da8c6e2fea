/* view_object.h — the patch of a view section that is an object, found on
 * its text (issue 17: a changed object section was parsed back whole from
 * the kept text to be diffed, 7 % of an action's view work).
 *
 * The previous value is text (the kept view's slice), the new one a tree and
 * its text (as json_compact wrote it). Their members are found by scanning
 * both texts; a member whose text is the same is unchanged and costs a
 * comparison of bytes; a changed member that is an object on both sides is
 * walked the same way, and only the other changed members are parsed back
 * (an array, to be diffed) or replaced (a scalar). The operations are those
 * tg_json_patch_diff_append(ops, ptr, previous, now) appends, in the same
 * order: it walks the previous members in their order (changes and removes),
 * then the new members the previous lack (adds), as json_patch_diff.c's
 * diff_object does. tests/unit/test_view_object.c compares the two byte for
 * byte. */
#ifndef TG_KIT_VIEW_OBJECT_H
#define TG_KIT_VIEW_OBJECT_H

#include <jansson.h>
#include <stddef.h>

#include "json_patch.h"

/* Appends to ops (as text, protocol/json_patch.h) the operations at ptr
 * (an escaped JSON Pointer) that turn the object whose text is
 * old[0, olen) into now, whose text is nt[0, nlen) (now NULL: the text only,
 * a section written as text, game.h view_section_text; its changed members
 * parsed where their diff needs a value). 0 done; 1 not done here, ops as it was (a text
 * that is not an object, a member name with an escape, or a diff that could reach the apply bound,
 * where the whole diff replaces the part at ptr): diff the parsed values instead; -1 out of memory.
 */
/* Where the string whose opening '"' is t[i] closes (the index of its
 * closing '"'), or n when the text t[0, n) breaks off first: a '"' closes
 * it after an even run of backslashes. */
size_t tg_view_string_end(const char *t, size_t n, size_t i);

int tg_view_object_diff(struct tg_patch_text *ops, const char *ptr, const char *old, size_t olen,
                        const json_t *now, const char *nt, size_t nlen);

#endif
