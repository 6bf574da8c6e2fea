/* view_render.h — a game view (server/games/game.h) as text for a person:
 * whose turn, the prompt, the legal actions numbered, the recent log, and a
 * short summary of the board. Knows no game rules. */
#ifndef TG_CLI_VIEW_RENDER_H
#define TG_CLI_VIEW_RENDER_H

#include <jansson.h>
#include <stdio.h>

#define VIEW_LOG_LINES 8

void view_render(FILE *out, long long match, long long seq, const json_t *view);

#endif
