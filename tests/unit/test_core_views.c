/* What followers of a match receive, through engine.h with fake
 * connections: the observer's view is made only while a spectator watches
 * (a spectator who arrives mid-game gets a fresh view, then patches; one who
 * comes back after nobody watched gets a fresh view even with `since`),
 * while a seated player who was away still finds his missed patches kept.
 * Every view a client builds from patches equals the one the server sends
 * fresh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core_testkit.h"

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

/* Following again without since sends a full view: it must equal the one
 * the client built from patches. */
static void check_fresh_equals(struct client *c, const char *op, int64_t match)
{
	json_t *before = json_deep_copy(c->view);
	int64_t seq = c->seq;
	CHECK(is_ok(req(c, rq("{s:s,s:I}", "op", op, "match", (json_int_t)match))));
	CHECK(c->seq == seq);
	CHECKF(json_equal(before, c->view), "%s: patched view equals a fresh one at seq %lld", op,
	       (long long)seq);
	json_decref(before);
}

int main(void)
{
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_views") || !fc_rig_serve(&rig, games))
		return tap_done();

	struct client a, b, c;
	login(&a, "grant", "unconditional", true);
	login(&b, "lee", "traveller1", true);
	login(&c, "watcher", "binoculars", true);
	int64_t mid = new_match(&a, &b);
	CHECK(a.view && b.view && a.seq == 0);

	/* Nobody watches for three actions; then a spectator arrives mid-game
	 * and gets the view at seq 3, then one patch per action. */
	notes(&a, mid, 3);
	CHECK(is_ok(req(&c, rq("{s:s,s:I}", "op", "watch", "match", (json_int_t)mid))));
	CHECK(c.view && c.seq == 3);
	CHECK_EQ_STR(json_string_value(json_object_get(c.view, "role")), "observer");
	mark_seen(&c);
	notes(&a, mid, 2);
	CHECK_EQ_INT(count_new(&c, "patch"), 2);
	CHECK(c.seq == 5);
	check_fresh_equals(&c, "watch", mid);

	/* While he watches, his patches are kept: since brings them. */
	json_t *kept = json_deep_copy(c.view);
	notes(&a, mid, 2);
	json_decref(c.view);
	c.view = kept;
	c.seq = 5;
	mark_seen(&c);
	CHECK(is_ok(
	    req(&c, rq("{s:s,s:I,s:i}", "op", "watch", "match", (json_int_t)mid, "since", 5))));
	CHECK_EQ_INT(count_new(&c, "patch"), 2);
	CHECK_EQ_INT(count_new(&c, "view"), 0);
	check_fresh_equals(&c, "watch", mid);

	/* He leaves; nobody watches for two actions; back with since, he gets a
	 * fresh view (the observer's patches were not kept meanwhile). */
	json_t *old = json_deep_copy(c.view);
	int64_t old_seq = c.seq;
	client_close(&c);
	/* A seated player goes away at the same time: his patches are kept. */
	json_t *b_old = json_deep_copy(b.view);
	int64_t b_seq = b.seq;
	client_close(&b);
	notes(&a, mid, 2);
	login(&c, "watcher", "binoculars", false);
	c.view = old;
	c.seq = old_seq;
	CHECK(is_ok(req(&c, rq("{s:s,s:I,s:I}", "op", "watch", "match", (json_int_t)mid, "since",
	                       (json_int_t)old_seq))));
	CHECK_EQ_INT(count_new(&c, "view"), 1);
	CHECK_EQ_INT(count_new(&c, "patch"), 0);
	CHECK(c.seq == a.seq);
	login(&b, "lee", "traveller1", false);
	b.view = b_old;
	b.seq = b_seq;
	CHECK(is_ok(req(&b, rq("{s:s,s:I,s:I}", "op", "open", "match", (json_int_t)mid, "since",
	                       (json_int_t)b_seq))));
	CHECKF(count_new(&b, "view") == 0, "a seated player's missed patches are kept");
	CHECK_EQ_INT(count_new(&b, "patch"), 2);
	check_fresh_equals(&b, "open", mid);

	/* Both follow from here on; the game goes on to its end. */
	mark_seen(&c);
	notes(&a, mid, 1);
	CHECK_EQ_INT(count_new(&c, "patch"), 1);
	check_fresh_equals(&c, "watch", mid);
	check_fresh_equals(&a, "open", mid);

	client_close(&a);
	client_close(&b);
	client_close(&c);
	fc_rig_close(&rig);
	return tap_done();
}
