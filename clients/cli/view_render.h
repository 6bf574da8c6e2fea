/* view_render.h — a game view (server/games/game.h) as text for a person:
 * whose turn, the prompt, the legal actions numbered, the recent log, and
 * the board. Knows no game rules: the board's members are shown by their
 * shape (a list an element a line, an object its members as key=value),
 * leaving out what says nothing (null, false, empty). */
#ifndef TG_CLI_VIEW_RENDER_H
#define TG_CLI_VIEW_RENDER_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#define VIEW_LOG_LINES 8  /* log lines in the summary */
#define VIEW_LIST_ITEMS 6 /* elements of each board list in the summary */
#define VIEW_WIDTH 100    /* columns a line is wrapped to */

/* The whole view: the board in summary (lists cut to VIEW_LIST_ITEMS), the
 * recent log, whose turn, the prompt and the numbered actions. */
void view_render(FILE *out, long long match, long long seq, const json_t *view);

/* After a patch: the header, what changed (view_changes.h: the new log
 * lines and the board's changed parts, not the whole board), then whose
 * turn, the prompt and the actions. */
void view_render_update(FILE *out, long long match, long long seq, const json_t *before,
                        const json_t *after, const json_t *patch);

/* The board: every section (section NULL; empty ones left out) or the one
 * named; `full` shows every element of a list, `filter` (or NULL) only the
 * elements whose line contains it, ignoring case. Returns the number of
 * sections printed (0: no such section). */
int view_render_board(FILE *out, const json_t *view, const char *section, const char *filter,
                      bool full);

/* "Board sections: a b c" on one line. */
void view_render_sections(FILE *out, const json_t *view);

/* The view's log, its last `last` lines (0: all of it). */
void view_render_log(FILE *out, const json_t *view, size_t last);

/* Helpers for view_changes.c. An element of a list (or an object's
 * members) on one line, as the board shows it (caller frees; NULL out of
 * memory). lead then text, wrapped to VIEW_WIDTH, later lines indented. A
 * member that says nothing (null, false, empty) and is left out. */
char *view_render_line(const json_t *v);
void view_render_wrapped(FILE *out, const char *lead, const char *text, int indent);
bool view_blank(const json_t *v);

/* What each seat plays, for "you play", "waiting for" and the winner: the
 * server's texts (the open reply's seat_texts, role -> text, or a match
 * object's seats[].text). texts NULL forgets them; a role without a text
 * reads as itself. view_render_seat returns the text of role. */
void view_render_seat_texts(const json_t *texts);
void view_render_seats_of_match(const json_t *match);
const char *view_render_seat(const char *role);

/* Text a server sent, made fit for a terminal: a tab or line break becomes a
 * space, any other control character (C0, DEL, C1) a '?', so that no escape
 * sequence reaches the terminal. Every function above renders such a copy;
 * the client's other printers of server text use these. view_clean returns
 * a copy of v (caller decrefs; NULL for NULL); view_clean_text works in
 * place. */
json_t *view_clean(const json_t *v);
void view_clean_text(char *s);

#endif
