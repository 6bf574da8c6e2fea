/* test_core_status_brief.c — the game's summary line made only when it is
 * read (game.h status_brief; issue 17: Lincoln's War's line was 1.7 K
 * instructions of every act on the loop):
 *   - an accepted act asks the game's status_brief, never status() (the
 *     fixture duel's status counted through a copy of its module);
 *   - the lobby's list still shows the live match's line as the game
 *     makes it now (status() asked then), after acts that changed it;
 *   - a finished match's result carries the game's final line (status()
 *     asked after the last act), and the list shows it. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core_testkit.h"

static struct game_module counted;
static int status_calls;

static void counting_status(const struct game *g, struct game_status *st)
{
	status_calls++;
	fixture_duel_module.status(g, st);
}

static const struct game_module *const games[] = {&counted, NULL};

/* match mid's entry in c's "mine" list, as c reads it (c's), or NULL */
static json_t *listed(struct client *c, int64_t mid)
{
	json_t *r = req(c, rq("{s:s,s:s}", "op", "list", "which", "mine"));
	CHECK(is_ok(r));
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(r, "matches"), i, m)
	{
		if (json_integer_value(json_object_get(m, "match")) == mid)
			return m;
	}
	return NULL;
}

/* the "mine" list's summary of match mid, as c reads it */
static const char *listed_summary(struct client *c, int64_t mid)
{
	return json_string_value(json_object_get(listed(c, mid), "summary"));
}

/* The fixture duel's status() line for a finished game: "Draw 2-2",
 * "alpha wins 3-1" or "beta wins 1-3". */
static bool final_line(const char *s)
{
	static const char *const heads[] = {"Draw ", "alpha wins ", "beta wins "};
	for (size_t i = 0; s && i < sizeof heads / sizeof *heads; i++) {
		size_t n = strlen(heads[i]);
		int x, y;
		char more;
		if (strncmp(s, heads[i], n) == 0)
			return sscanf(s + n, "%d-%d%c", &x, &y, &more) == 2;
	}
	return false;
}

int main(void)
{
	counted = fixture_duel_module;
	counted.status = counting_status;
	CHECK(counted.status_brief != NULL);
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_status_brief"))
		return tap_done();
	if (!fc_rig_serve(&rig, games))
		return tap_done();
	struct client a, b;
	login(&a, "grant", "unconditional", true);
	login(&b, "lee", "traveller1", true);
	int64_t mid = new_match(&a, &b);
	status_calls = 0;
	notes(&a, mid, 5);
	CHECKF(status_calls == 0, "five acts asked the game's status() %d times", status_calls);
	const char *s = listed_summary(&a, mid);
	CHECKF(s && strcmp(s, "Round 1, alpha to commit (0-0)") == 0, "the list reads \"%s\"",
	       s ? s : "(none)");
	CHECK(status_calls > 0);

	/* played to its end (the awaited player commits): the result
	 * (match_result_json), made after a last act that left the summary
	 * unmade, carries the game's final line; the list shows it */
	for (int n = 0; n < 200; n++) {
		json_t *e = listed(&a, mid);
		if (!CHECK(e != NULL) ||
		    strcmp(json_string_value(json_object_get(e, "status")), "active") != 0)
			break;
		struct client *c = json_is_true(json_object_get(e, "your_turn")) ? &a : &b;
		json_int_t seq = json_integer_value(json_object_get(e, "seq"));
		CHECK(is_ok(
		    req(c, rq("{s:s,s:I,s:I,s:{s:s,s:i}}", "op", "act", "match", (json_int_t)mid,
		              "seq", seq, "action", "type", "commit", "value", 1 + n % 3))));
	}
	json_t *e = listed(&a, mid);
	CHECK_EQ_STR(json_string_value(json_object_get(e, "status")), "finished");
	const char *result =
	    json_string_value(json_object_get(json_object_get(e, "result"), "summary"));
	CHECKF(final_line(result), "the result's summary is \"%s\"", result ? result : "(none)");
	s = listed_summary(&a, mid);
	CHECKF(s && result && strcmp(s, result) == 0, "the list reads \"%s\"", s ? s : "(none)");
	client_close(&a);
	client_close(&b);
	fc_rig_close(&rig);
	return tap_done();
}
