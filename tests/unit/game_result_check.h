/* game_result_check.h — game.h's rule that a finished match's view tells
 * the same result as its status: the lobby, the notifications and `telegraph
 * verify` print status()'s summary, the board prints the view's, and a
 * player must not read two results. Every game's playouts check it at each
 * game's end, for every role and the observer. */
#ifndef TG_TEST_GAME_RESULT_CHECK_H
#define TG_TEST_GAME_RESULT_CHECK_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

/* True when every role's view (and the observer's) has "finished" and a
 * "result" whose summary is st->summary and whose winner is st->winner's
 * role (null for none); otherwise false, with the first difference in why. */
static inline bool tg_result_agrees(const struct game_module *m, const struct game *g,
                                    const struct game_status *st, char *why, size_t n)
{
	for (int r = 0;; r++) {
		const char *role = m->roles[r] ? m->roles[r] : "observer";
		json_t *v = m->view(g, role);
		json_t *res = json_object_get(v, "result");
		const char *summary = json_string_value(json_object_get(res, "summary"));
		json_t *winner = json_object_get(res, "winner");
		const char *want = st->winner >= 0 ? m->roles[st->winner] : NULL;
		bool ok =
		    json_is_true(json_object_get(v, "finished")) && summary &&
		    strcmp(summary, st->summary) == 0 &&
		    (want ? json_is_string(winner) && strcmp(json_string_value(winner), want) == 0
		          : json_is_null(winner));
		if (!ok) {
			char *text = json_dumps(res, JSON_COMPACT);
			snprintf(why, n, "%s's view: result %s, status: winner %d, \"%s\"", role,
			         text ? text : "(none)", st->winner, st->summary);
			free(text);
		}
		json_decref(v);
		if (!ok)
			return false;
		if (!m->roles[r])
			return true;
	}
}

#endif
