/* cmd_verify.c — `telegraph verify FILE`: offline replay of a match record
 * with the rules engines linked into the client (core/record.h). Prints the
 * final result and the rules version it replayed under (a WARNING when the
 * record's is another), or the precise failure; exit 0 or 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/record.h"
#include "view_render.h"

int cmd_verify(struct cli_ctx *x)
{
	if (x->argc != 1) {
		cli_fail("usage: telegraph verify FILE");
		return EXIT_USAGE;
	}
	const char *path = x->argv[0];
	json_error_t je;
	json_t *record = json_load_file(path, 0, &je);
	if (!record) {
		cli_fail("cannot read %s: %s (line %d)", path, je.text, je.line);
		return EXIT_LOCAL;
	}
	json_t *report = NULL;
	struct tg_error err = {{0}, {0}};
	int rc = tg_record_verify(record, x->games, &report, &err);
	json_decref(record);
	/* The sentences and the report quote the record, which may come from
	 * anyone: shown without control characters. */
	view_clean_text(err.code);
	view_clean_text(err.message);
	if (report) {
		json_t *raw = report;
		report = view_clean(raw);
		json_decref(raw);
	}
	if (rc != 0) {
		printf("INVALID: %s: %s\n", err.code[0] ? err.code : "invalid",
		       err.message[0] ? err.message : "the record does not verify");
		json_decref(report);
		return EXIT_REFUSED;
	}
	const char *final = json_string_value(json_object_get(report, "final"));
	const char *summary =
	    json_string_value(json_object_get(json_object_get(report, "result"), "summary"));
	const char *winner =
	    json_string_value(json_object_get(json_object_get(report, "result"), "winner"));
	/* the winner as the game says what his seat plays (seat_text, else the
	 * role's title), not the role */
	const char *seat =
	    winner ? json_string_value(json_object_get(json_object_get(report, "seats"), winner))
	           : NULL;
	if (seat && *seat)
		winner = seat;
	const char *game = json_string_value(json_object_get(report, "game"));
	const char *scenario = json_string_value(json_object_get(report, "scenario"));
	printf("VERIFIED: match %lld, %s (%s): commitment, seed and %lld actions (%lld undone) "
	       "replay.\n",
	       (long long)json_integer_value(json_object_get(report, "match")), game ? game : "?",
	       scenario ? scenario : "?",
	       (long long)json_integer_value(json_object_get(report, "actions")),
	       (long long)json_integer_value(json_object_get(report, "undone")));
	printf("Result: %s%s%s\n", summary ? summary : (final ? final : "?"),
	       winner ? " — winner: " : " — no winner", winner ? winner : "");
	if (final && (!summary || strcmp(final, summary)))
		printf("Final state: %s\n", final);
	/* The rules it was replayed under (game.h, "Rules versions"). */
	long long played = json_integer_value(json_object_get(report, "rules_version"));
	long long here = json_integer_value(json_object_get(report, "rules_replayed"));
	if (!json_is_true(json_object_get(report, "rules_named")))
		printf("Rules: %s rules version %lld (the record names no rules version: it was "
		       "exported before rules versions, and reads version 1).\n",
		       game ? game : "?", here);
	else if (!json_is_true(json_object_get(report, "rules_other")))
		printf("Rules: %s rules version %lld, as played.\n", game ? game : "?", played);
	else
		printf(
		    "WARNING: played under %s rules version %lld, replayed under this build's "
		    "version %lld, %s.\n",
		    game ? game : "?", played, here,
		    json_is_true(json_object_get(report, "rules_compatible"))
		        ? "which declares it replays that version the same"
		        : "which does not declare it replays that version the same: it did here");
	json_decref(report);
	return EXIT_OK;
}
