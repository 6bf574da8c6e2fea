/* view_render.c — see view_render.h. */
#include "view_render.h"

#include <stdlib.h>
#include <string.h>

/* A log entry or board value on one line. */
static void print_value(FILE *out, const json_t *v)
{
	if (json_is_string(v)) {
		fputs(json_string_value(v), out);
		return;
	}
	const char *text = json_string_value(json_object_get(v, "text"));
	if (text) {
		fputs(text, out);
		return;
	}
	char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	if (s) {
		fputs(s, out);
		free(s);
	}
}

/* The board's top-level members, each cut to one line of at most 100 chars. */
static void print_board(FILE *out, const json_t *board)
{
	if (!json_is_object(board) || !json_object_size(board))
		return;
	fprintf(out, "Board:\n");
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)board, k, v)
	{
		char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
		if (!s)
			continue;
		size_t n = strlen(s);
		if (n > 100)
			fprintf(out, "  %s: %.97s...\n", k, s);
		else
			fprintf(out, "  %s: %s\n", k, s);
		free(s);
	}
}

void view_render(FILE *out, long long match, long long seq, const json_t *view)
{
	const char *game = json_string_value(json_object_get(view, "game"));
	const char *role = json_string_value(json_object_get(view, "role"));
	fprintf(out, "\n=== Match %lld (%s) — you see it as %s — seq %lld ===\n", match,
	        game ? game : "?", role ? role : "?", seq);
	print_board(out, json_object_get(view, "board"));
	json_t *log = json_object_get(view, "log");
	size_t nlog = json_array_size(log);
	if (nlog) {
		fprintf(out, "Recent events:\n");
		for (size_t i = nlog > VIEW_LOG_LINES ? nlog - VIEW_LOG_LINES : 0; i < nlog; i++) {
			fputs("  ", out);
			print_value(out, json_array_get(log, i));
			fputc('\n', out);
		}
	}
	if (json_is_true(json_object_get(view, "finished"))) {
		json_t *res = json_object_get(view, "result");
		const char *summary = json_string_value(json_object_get(res, "summary"));
		const char *winner = json_string_value(json_object_get(res, "winner"));
		fprintf(out, "The match is over: %s%s%s.\n", summary ? summary : "finished",
		        winner ? " — winner: " : "", winner ? winner : "");
		return;
	}
	json_t *awaiting = json_object_get(view, "awaiting");
	int mine = 0;
	fprintf(out, "Waiting for:");
	size_t i;
	json_t *a;
	json_array_foreach(awaiting, i, a)
	{
		fprintf(out, " %s", json_string_value(a));
		if (role && json_string_value(a) && !strcmp(role, json_string_value(a)))
			mine = 1;
	}
	fprintf(out, "%s\n", json_array_size(awaiting) ? (mine ? "  (your turn)" : "") : " nobody");
	const char *prompt = json_string_value(json_object_get(view, "prompt"));
	if (prompt)
		fprintf(out, "%s\n", prompt);
	json_t *actions = json_object_get(view, "actions");
	json_array_foreach(actions, i, a)
	{
		const char *label = json_string_value(json_object_get(a, "label"));
		size_t np = json_array_size(json_object_get(a, "params"));
		fprintf(out, "  %2zu) %s%s\n", i + 1, label ? label : "(action)", np ? " ..." : "");
	}
}
