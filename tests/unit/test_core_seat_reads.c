/* test_core_seat_reads.c — sending a line to a match's followers does not
 * read the match row's seats again (issue 17).
 *
 * Every line the fan-out sends goes to the subscriptions of its role that
 * are still valid: a participant's only while his user holds that seat.
 * match_seat_of read that from the match row's JSON (the seats array, a
 * role name compared with each of the game's) for every subscription of
 * every line, twice an action (the roles followed, then the send): 2.2 %
 * of the loop thread in session 21's profile. The seats are now read once
 * each time the row is set, so the loop's look-ups of a role by its name
 * do not grow with the connections that follow the match.
 *
 * tg_game_role_index is wrapped at link time (-Wl,--wrap) and counted on
 * the loop's thread only (the fan-out workers build the game's views, and
 * the fixture game looks its roles up there). The same actions are played
 * with each player following on one connection, then on four: the count
 * must be the same, and at most one an action (the game's own act). Then
 * that the seats read once stay right: a player who resigns and a seat
 * that changes hands (a rolled-back join) send no line to a subscription
 * whose user no longer holds its seat. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_testkit.h"

int __real_tg_game_role_index(const struct game_module *m, const char *role);
int __wrap_tg_game_role_index(const struct game_module *m, const char *role);

static pthread_t loop_thread;
static unsigned long loop_lookups;

int __wrap_tg_game_role_index(const struct game_module *m, const char *role)
{
	if (pthread_equal(pthread_self(), loop_thread))
		loop_lookups++;
	return __real_tg_game_role_index(m, role);
}

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

#define ACTS 12
#define EXTRA 3

int main(void)
{
	loop_thread = pthread_self();
	struct fc_rig rig;
	struct client a, b, w;
	if (!served_three(&rig, "tg_seat_reads", games, &a, &b, &w))
		return tap_done();

	/* Each player on one connection, a spectator. */
	int64_t m1 = new_match(&a, &b);
	CHECK(is_ok(req(&w, rq("{s:s,s:I}", "op", "watch", "match", (json_int_t)m1))));
	mark_seen(&b);
	loop_lookups = 0;
	notes(&a, m1, ACTS);
	unsigned long one = loop_lookups;
	CHECK_EQ_INT(count_new(&b, "patch"), ACTS);

	/* The same with each player on EXTRA more connections that open the
	 * match: twice as many lines again for each, and no more look-ups. */
	int64_t m2 = new_match(&a, &b);
	CHECK(is_ok(req(&w, rq("{s:s,s:I}", "op", "watch", "match", (json_int_t)m2))));
	struct client xa[EXTRA], xb[EXTRA];
	for (int i = 0; i < EXTRA; i++) {
		login(&xa[i], "grant", "unconditional", false);
		login(&xb[i], "lee", "traveller1", false);
		CHECK(is_ok(req(&xa[i], rq("{s:s,s:I}", "op", "open", "match", (json_int_t)m2))));
		CHECK(is_ok(req(&xb[i], rq("{s:s,s:I}", "op", "open", "match", (json_int_t)m2))));
		mark_seen(&xb[i]);
	}
	loop_lookups = 0;
	notes(&a, m2, ACTS);
	unsigned long many = loop_lookups;
	for (int i = 0; i < EXTRA; i++)
		CHECK_EQ_INT(count_new(&xb[i], "patch"), ACTS);
	printf("# role look-ups on the loop for %d actions: %lu with one connection a "
	       "player, %lu with %d\n",
	       ACTS, one, many, 1 + EXTRA);
	CHECKF(many == one, "the look-ups do not grow with the followers (%lu, %lu)", one, many);
	CHECKF(one <= ACTS, "at most one look-up an action (%lu for %d)", one, ACTS);

	/* A seat that changes hands in a rolled-back turn: lee joins an open
	 * match (his connection subscribes to beta's views), the turn fails,
	 * the row read again has no lee in it. When grant's second player
	 * joins for real and play starts, lee's connection gets nothing of
	 * beta's. */
	{
		struct client c;
		login(&c, "cleo", "patra-patra", true);
		json_t *r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
		                       "scenario", "standard", "side", "alpha"));
		CHECK(is_ok(r));
		int64_t m3 = json_integer_value(json_object_get(r, "match"));
		json_t *join = rq("{s:s,s:I,s:i}", "op", "join", "match", (json_int_t)m3, "id", 77);
		tg_engine_fail_next_turn(fc_srv);
		tg_engine_message(b.s, join);
		json_decref(join);
		tg_engine_turn(fc_srv);
		mark_seen(&b);
		CHECK(is_ok(req(&c, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)m3))));
		notes(&a, m3, 2);
		size_t lines = 0;
		for (size_t i = b.seen; i < json_array_size(b.got); i++) {
			json_t *g = json_array_get(b.got, i);
			if (json_integer_value(json_object_get(g, "match")) == m3 &&
			    (strcmp(op_of(g), "patch") == 0 || strcmp(op_of(g), "view") == 0))
				lines++;
		}
		CHECK_EQ_INT(lines, 0);
		CHECK_EQ_INT(count_new(&c, "patch"), 2);
		client_close(&c);
	}

	/* A player who resigns keeps his seat: his subscriptions stay valid
	 * and the last view (the result) reaches every one of them. */
	mark_seen(&b);
	for (int i = 0; i < EXTRA; i++)
		mark_seen(&xb[i]);
	CHECK(is_ok(req(&a, rq("{s:s,s:I}", "op", "resign", "match", (json_int_t)m2))));
	CHECK(count_new(&b, "patch") + count_new(&b, "view") >= 1);
	for (int i = 0; i < EXTRA; i++)
		CHECK(count_new(&xb[i], "patch") + count_new(&xb[i], "view") >= 1);

	for (int i = 0; i < EXTRA; i++) {
		client_close(&xa[i]);
		client_close(&xb[i]);
	}
	client_close(&a);
	client_close(&b);
	client_close(&w);
	fc_rig_close(&rig);
	return tap_done();
}
