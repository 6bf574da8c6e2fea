/* test_core_visible_reads.c — an act on a public match does not read the
 * match row's visibility again (issue 17, session 30).
 *
 * Every request naming a match (req_match_by_id: an act, an open, a
 * watch) asked lobby_row_visible of the loaded match's row: a look-up of
 * "visibility" in the row's JSON and a strcmp, at every act, 1.9 % of the
 * loop's samples at 400 matches saturated (perf with dwarf stacks). A
 * match's visibility is set when it is created and never changes, so
 * match_set_row reads it once with the seats, and only a private match's
 * row is asked again (its seats and invite code decide).
 *
 * The same for its status (match_status, twice an act): read with the
 * seats, since a new status always comes with a new row.
 *
 * lobby_row_visible and json_object_get (for "status") are wrapped at link
 * time (-Wl,--wrap) and counted: the acts on a public match call the one
 * and look the other up no more; a private match still refuses a stranger
 * and opens to its player. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_testkit.h"

bool __real_lobby_row_visible(const json_t *row, int64_t user_id, const char *invite);
bool __wrap_lobby_row_visible(const json_t *row, int64_t user_id, const char *invite);

static unsigned long visible_reads, status_reads;

/* The look-ups of "status" (the match row's, in match_status). */
json_t *__real_json_object_get(const json_t *object, const char *key);
json_t *__wrap_json_object_get(const json_t *object, const char *key);

json_t *__wrap_json_object_get(const json_t *object, const char *key)
{
	if (key && strcmp(key, "status") == 0)
		status_reads++;
	return __real_json_object_get(object, key);
}

bool __wrap_lobby_row_visible(const json_t *row, int64_t user_id, const char *invite)
{
	visible_reads++;
	return __real_lobby_row_visible(row, user_id, invite);
}

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

#define ACTS 12

int main(void)
{
	struct fc_rig rig;
	struct client a, b, w;
	if (!served_three(&rig, "tg_visible_reads", games, &a, &b, &w))
		return tap_done();

	int64_t m1 = new_match(&a, &b);
	visible_reads = status_reads = 0;
	notes(&a, m1, ACTS);
	printf("# visibility reads for %d acts on a public match: %lu; status reads %lu\n", ACTS,
	       visible_reads, status_reads);
	CHECKF(visible_reads == 0, "no visibility read for an act on a public match (%lu for %d)",
	       visible_reads, ACTS);
	CHECKF(status_reads == 0, "no status read from the row for an act (%lu for %d)",
	       status_reads, ACTS);

	/* A private match: a stranger is refused, its player is not. */
	json_t *r = req(&a, rq("{s:s,s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
	                       "scenario", "standard", "side", "alpha", "visibility", "private"));
	CHECK(is_ok(r));
	int64_t m2 = json_integer_value(json_object_get(r, "match"));
	json_t *no = req(&w, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)m2));
	CHECKF(no && strcmp(op_of(no), "error") == 0 &&
	           strcmp(json_string_value(json_object_get(no, "code")), "no_such_match") == 0,
	       "a stranger opens a private match: no_such_match");
	CHECK(is_ok(req(&a, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)m2))));

	client_close(&a);
	client_close(&b);
	client_close(&w);
	fc_rig_close(&rig);
	return tap_done();
}
