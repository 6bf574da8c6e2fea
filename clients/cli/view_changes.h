/* view_changes.h — what one update changed in a game view, as text for a
 * person, so that after each move the player reads what happened instead of
 * the whole board again (issue 15). Knows no game: the patch's paths say
 * which board sections to compare; a list is compared element by element
 * as the board prints them ("+ " new or changed, "- " gone), an object
 * member by member; the log's new lines are those after the part the two
 * views share. */
#ifndef TG_CLI_VIEW_CHANGES_H
#define TG_CLI_VIEW_CHANGES_H

#include <jansson.h>
#include <stdio.h>

/* Lines shown per board section; the rest is counted, with `b SECTION`. */
#define VIEW_CHANGES_PER_SECTION 8

/* Prints the changes from before to after that patch (an RFC 6902 array
 * that turned one into the other) made: "New events:" and "Changed:"
 * blocks, nothing when neither has anything. The views must already be
 * cleaned for the terminal (view_clean). patch NULL: after is a whole new
 * view (the server sent one instead of a patch); all of it is compared. */
void view_changes(FILE *out, const json_t *before, const json_t *after, const json_t *patch);

#endif
