/* core_testkit.h — what the engine tests over fake connections
 * (fake_client.h) on the fixture duel share: a reply's check (is_ok), a
 * player's connection opened and logged in (login, registering him first
 * if create), notes played by the player to move (notes) and a new match
 * created by a and joined by b (new_match), and a rig serving the games
 * with the two players and a watcher logged in (served_three).
 * test_core_seat_reads, test_core_views, test_core_fanout_wakes,
 * test_core_thread_names and test_core_visible_reads had copied them.
 * Included by one test file each (its statics are that file's); static
 * inline, so that a test need not use them all. */
#ifndef TG_TEST_CORE_TESTKIT_H
#define TG_TEST_CORE_TESTKIT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fake_client.h"
#include "fixture_game.h"
#include "tap.h"

static inline bool is_ok(const json_t *r)
{
	return r && strcmp(op_of(r), "ok") == 0;
}

static inline void login(struct client *c, const char *name, const char *password, bool create)
{
	client_open(c);
	req(c, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	CHECKF(is_ok(req(c, rq("{s:s,s:s,s:s}", "op", create ? "register" : "login", "name", name,
	                       "password", password))),
	       "%s logs in", name);
}

/* n notes by the player to move (alpha in the lead phase): each is a seq. */
static inline void notes(struct client *a, int64_t match, int n)
{
	for (int i = 0; i < n; i++)
		CHECK(is_ok(req(a, rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match",
		                      (json_int_t)match, "seq", (json_int_t)a->seq, "action",
		                      "type", "note", "text", "steady"))));
}

/* A rig named name serving games, and grant and lee (the duel's players)
 * and a watcher registered and logged in on a, b and w; false when the
 * rig did not start (its checks failed). */
static inline bool served_three(struct fc_rig *rig, const char *name,
                                const struct game_module *const *games, struct client *a,
                                struct client *b, struct client *w)
{
	if (!fc_rig_open(rig, name) || !fc_rig_serve(rig, games))
		return false;
	login(a, "grant", "unconditional", true);
	login(b, "lee", "traveller1", true);
	login(w, "watcher", "binoculars", true);
	return true;
}

/* A fixture duel a creates (as alpha) and b joins; its id. */
static inline int64_t new_match(struct client *a, struct client *b)
{
	json_t *r = req(a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
	                      "scenario", "standard", "side", "alpha"));
	CHECK(is_ok(r));
	int64_t mid = json_integer_value(json_object_get(r, "match"));
	CHECK(is_ok(req(b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mid))));
	return mid;
}

#endif
