/* test_match_memory.c — what a followed match holds between actions (issue
 * 17: memory per match). The undo base (a copy of the state after the
 * latest barrier) is kept only while undo can use it: after an action the
 * player may take back, not after a barrier (a die, a reveal, the turn
 * handed over), when no undo can reach behind the barrier and the base
 * would sit in memory until the next action retakes it. Counted through
 * engine.h's tg_engine_match_memory, with fixture-duel's notes (undoable)
 * and commits (each hands over or rolls: barriers).
 *
 * A match whose state has not changed for evict_views_after_s drops its
 * roles' kept views (the sweep, run here through tg_engine_sweep on a test
 * clock): 0 bytes of views afterwards. The views come back from the state
 * before the next change (an action, an undo), so every follower still
 * gets a patch, the patch rings stay continuous for `since`, and what each
 * client holds after applying what it received equals a fresh view.
 *
 * A flat game's base (game.h flat_size; the fixture's state is one) is the
 * bytes in which it differs from the live state (core/undo_base.c): a note
 * holds a few hundred bytes, not the state's size. Twenty-five notes after
 * a barrier are taken back one by one, each rebuilt from the base across
 * up to twenty-four actions: every undo gives exactly the state it gave
 * before the note, its save and its bytes, for the flat base and for a
 * copy (the fixture served as a game that is not flat). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/engine.h"
#include "core/server_internal.h"
#include "fake_client.h"
#include "fixture_game.h"
#include "tap.h"

/* The test's clock (tg_server_set_time_source): the sweeps compare with it. */
static int64_t now_s;
static int64_t test_now(void)
{
	return now_s;
}

/* The fixture served as a game that does not say it is flat: its base is a
 * copy (game.h copy), as before issue 17's runs. */
static struct game_module fixture_copy;
static const struct game_module *games[4];
extern const struct game_module lincolns_war_module;

static bool is_ok(const json_t *r)
{
	return r && strcmp(op_of(r), "ok") == 0;
}

static void login(struct client *c, const char *name, const char *password)
{
	client_open(c);
	req(c, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	CHECKF(is_ok(req(
	           c, rq("{s:s,s:s,s:s}", "op", "register", "name", name, "password", password))),
	       "%s logs in", name);
}

static struct tg_engine_match_memory held(int64_t mid)
{
	struct tg_engine_match_memory mm;
	CHECK(tg_engine_match_memory(fc_srv, mid, &mm) == 0);
	return mm;
}

static bool act(struct client *c, int64_t mid, json_t *action)
{
	return is_ok(req(c, rq("{s:s,s:I,s:I,s:o}", "op", "act", "match", (json_int_t)mid, "seq",
	                       (json_int_t)c->seq, "action", action)));
}

/* The live state of a match: its save and its bytes. */
struct state_at {
	json_t *save;
	unsigned char *bytes;
	size_t n;
};

static struct state_at state_of(int64_t mid)
{
	struct tg_match *m = match_peek(fc_srv, mid);
	struct state_at s = {0};
	if (!m || !m->g)
		return s;
	s.save = m->mod->save(m->g);
	s.n = fixture_duel_module.flat_size; /* both modules' state */
	s.bytes = malloc(s.n);
	memcpy(s.bytes, m->g, s.n);
	return s;
}

static bool same_state(const struct state_at *a, const struct state_at *b)
{
	return a->save && b->save && json_equal(a->save, b->save) && a->n == b->n &&
	       memcmp(a->bytes, b->bytes, a->n) == 0;
}

static void state_free(struct state_at *s)
{
	json_decref(s->save);
	free(s->bytes);
}

/* A match of game id: alpha commits (a barrier), beta adds 25 notes and
 * takes them back one by one. */
static void undo_chain(const char *game, const char *alpha, const char *beta, bool flat)
{
	enum { NOTES = 25 };
	struct client a, b;
	login(&a, alpha, "unconditional");
	login(&b, beta, "traveller1");
	json_t *r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", game, "scenario",
	                       "standard", "side", "alpha"));
	CHECK(is_ok(r));
	int64_t mid = json_integer_value(json_object_get(r, "match"));
	CHECK(is_ok(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mid))));
	CHECK(act(&a, mid, json_pack("{s:s,s:i}", "type", "commit", "value", 2)));
	CHECKF(held(mid).base == 0, "%s: after the barrier no base", game);

	struct state_at st[NOTES + 1];
	size_t after_one = 0, after_all = 0;
	for (int i = 0; i < NOTES; i++) {
		st[i] = state_of(mid);
		char text[32];
		snprintf(text, sizeof text, "note %d of the chain", i);
		CHECK(act(&b, mid, json_pack("{s:s,s:s}", "type", "note", "text", text)));
		if (i == 0)
			after_one = held(mid).base;
	}
	st[NOTES] = state_of(mid);
	after_all = held(mid).base;
	size_t state_size = fixture_duel_module.flat_size;
	if (flat) {
		/* A note changes a log line and the counts: under 512 bytes held,
		 * where a copy holds the whole state (over 4,000). */
		CHECKF(after_one > 0 && after_one < 512,
		       "%s: one note after the barrier, %zu bytes of base (the state: %zu)", game,
		       after_one, state_size);
		/* 25 notes change every line of the log: about the state's size. */
		printf("# %s: base after 1 note %zu bytes, after 25 %zu, the state %zu\n", game,
		       after_one, after_all, state_size);
	} else {
		CHECKF(after_one >= state_size, "%s: a copy holds the state (%zu bytes)", game,
		       after_one);
	}
	int bad = 0;
	for (int k = NOTES; k > 0; k--) {
		if (!is_ok(req(&b, rq("{s:s,s:I,s:I}", "op", "undo", "match", (json_int_t)mid,
		                      "seq", (json_int_t)b.seq)))) {
			bad++;
			continue;
		}
		struct state_at now = state_of(mid);
		if (!same_state(&now, &st[k - 1])) {
			bad++;
			fprintf(stderr, "# %s: the undo of note %d is not the state before it\n",
			        game, k - 1);
		}
		state_free(&now);
	}
	CHECKF(bad == 0, "%s: %d of %d undos across the notes since the barrier differ", game, bad,
	       NOTES);
	if (flat)
		CHECKF(held(mid).base > 0 && held(mid).base <= 256,
		       "%s: back at the barrier's state the base holds %zu bytes", game,
		       held(mid).base);
	CHECK(!is_ok(req(&b, rq("{s:s,s:I,s:I}", "op", "undo", "match", (json_int_t)mid, "seq",
	                        (json_int_t)b.seq))));
	/* Play goes on from the state the undos gave. */
	CHECK(act(&b, mid, json_pack("{s:s,s:s}", "type", "note", "text", "after the undos")));
	CHECK(act(&b, mid, json_pack("{s:s,s:i}", "type", "commit", "value", 1)));
	CHECKF(held(mid).base == 0, "%s: after the reveal no base", game);
	for (int i = 0; i <= NOTES; i++)
		state_free(&st[i]);
	client_close(&a);
	client_close(&b);
}

/* What c holds (from views and patches) is the view the server sends fresh. */
static void same_as_fresh(struct client *c, int64_t mid, const char *what)
{
	json_t *patched = json_deep_copy(c->view);
	mark_seen(c);
	CHECK(is_ok(req(c, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)mid))));
	CHECK_EQ_INT(count_new(c, "view"), 1);
	CHECKF(patched && json_equal(patched, c->view), "%s: the client's view is the fresh one",
	       what);
	json_decref(patched);
	mark_seen(c);
}

/* The match idles past evict_views_after_s and the sweep runs: no kept
 * view is left, the rings stay. */
static void idle_views(int64_t mid, const char *what)
{
	now_s += 301;
	tg_engine_sweep(fc_srv);
	struct tg_engine_match_memory mm = held(mid);
	CHECKF(mm.views == 0, "%s: idle past the limit, no kept view (%zu bytes)", what, mm.views);
}

/* One change after an idle spell: each player got exactly one patch (no
 * full view), and it made the fresh view. */
static void one_patch_each(struct client *a, struct client *b, int64_t mid, const char *what)
{
	CHECK_EQ_INT(count_new(a, "patch"), 1);
	CHECK_EQ_INT(count_new(a, "view"), 0);
	CHECK_EQ_INT(count_new(b, "patch"), 1);
	CHECK_EQ_INT(count_new(b, "view"), 0);
	CHECK(a->seq == b->seq);
	same_as_fresh(a, mid, what);
	same_as_fresh(b, mid, what);
}

/* c comes back after client_close: a new connection, logged in as name,
 * opens the match with since, holding the view it had (view, taken). */
static void come_back(struct client *c, const char *name, const char *password, int64_t mid,
                      int64_t since, json_t *view)
{
	client_open(c);
	req(c, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	CHECK(
	    is_ok(req(c, rq("{s:s,s:s,s:s}", "op", "login", "name", name, "password", password))));
	c->view = view;
	c->seq = since;
	mark_seen(c);
	CHECK(is_ok(req(c, rq("{s:s,s:I,s:I}", "op", "open", "match", (json_int_t)mid, "since",
	                      (json_int_t)since))));
}

/* The length of c's last patch message, as serialized. */
static size_t last_patch_bytes(const struct client *c)
{
	for (size_t i = json_array_size(c->got); i-- > 0;) {
		const json_t *m = json_array_get(c->got, i);
		if (strcmp(op_of(m), "patch") != 0)
			continue;
		char *t = json_dumps(m, JSON_COMPACT);
		size_t n = t ? strlen(t) : 0;
		free(t);
		return n;
	}
	return 0;
}

/* A followed role keeps no patch longer than its tail's 1 KiB (issue 17:
 * the rings were 4.9 KB a Lincoln's War match in the daemon, session 17,
 * most of it the newest patch kept whatever its size: an offer list
 * replaced whole). Lincoln's War's first action gives the other player
 * his first offers, a patch of kilobytes: neither ring keeps it, and the
 * player who drops it in flight comes back with since to a view. */
static void large_patch_not_kept(void)
{
	struct client a, b;
	login(&a, "meade", "unconditional");
	login(&b, "longstreet", "traveller1");
	json_t *r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "lincolns-war",
	                       "scenario", "tournament", "side", "union"));
	CHECK(is_ok(r));
	int64_t mid = json_integer_value(json_object_get(r, "match"));
	CHECK(is_ok(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mid))));
	struct client *mover = json_array_size(json_object_get(a.view, "actions")) ? &a : &b;
	struct client *other = mover == &a ? &b : &a;
	json_t *first =
	    json_object_get(json_array_get(json_object_get(mover->view, "actions"), 0), "action");
	CHECK(first != NULL);
	int64_t since = other->seq;
	json_t *other_view = json_deep_copy(other->view);
	mark_seen(other);
	CHECK(act(mover, mid, json_deep_copy(first)));
	CHECK_EQ_INT(count_new(other, "patch"), 1);
	size_t large = last_patch_bytes(other);
	CHECKF(large > 1024, "the other player's first offers: a patch of %zu bytes", large);
	struct tg_engine_match_memory mm = held(mid);
	printf("# rings %zu bytes after a patch of %zu\n", mm.rings, large);
	CHECKF(mm.rings < 2 * 1024, "a followed role keeps no patch past 1 KiB: %zu bytes held",
	       mm.rings);
	/* lost in flight: he comes back with since, to the view */
	client_close(other);
	come_back(other, other == &a ? "meade" : "longstreet",
	          other == &a ? "unconditional" : "traveller1", mid, since, other_view);
	CHECK_EQ_INT(count_new(other, "patch"), 0);
	CHECK_EQ_INT(count_new(other, "view"), 1);
	same_as_fresh(other, mid, "a view for the large patch not kept");
	client_close(&a);
	client_close(&b);
}

int main(void)
{
	struct fc_rig rig;
	now_s = (int64_t)time(NULL);
	tg_server_set_time_source(test_now);
	if (!fc_rig_open(&rig, "tg_match_memory"))
		return tap_done();
	rig.cfg.evict_views_after_s = 300;
	fixture_copy = fixture_duel_module;
	fixture_copy.id = "fixture-copy";
	fixture_copy.flat_size = 0;
	games[0] = &fixture_duel_module;
	games[1] = &fixture_copy;
	games[2] = &lincolns_war_module;
	if (!fc_rig_serve(&rig, games))
		return tap_done();
	CHECK(fixture_duel_module.flat_size > 0);
	undo_chain("fixture-duel", "sherman", "hood", true);
	undo_chain("fixture-copy", "thomas", "bragg", false);
	large_patch_not_kept();

	struct client a, b;
	login(&a, "grant", "unconditional");
	login(&b, "lee", "traveller1");
	json_t *r = req(&a, rq("{s:s,s:s,s:s,s:s}", "op", "create", "game", "fixture-duel",
	                       "scenario", "standard", "side", "alpha"));
	CHECK(is_ok(r));
	int64_t mid = json_integer_value(json_object_get(r, "match"));
	CHECK(is_ok(req(&b, rq("{s:s,s:I}", "op", "join", "match", (json_int_t)mid))));
	struct tg_engine_match_memory mm = held(mid);
	CHECKF(mm.base == 0, "no action yet: no undo base (%zu bytes)", mm.base);
	CHECKF(mm.views > 0, "both players follow: their views are kept (%zu bytes)", mm.views);

	/* A note can be taken back: the base is kept for it. */
	CHECK(act(&a, mid, json_pack("{s:s,s:s}", "type", "note", "text", "hmm")));
	mm = held(mid);
	CHECKF(mm.base > 0, "after an undoable action the base is kept");
	/* One patch each: the rings hold it, not patch_history's 200 entries
	 * (24 bytes each, 9,600 bytes for the two roles before, whatever they
	 * kept). A fixture patch is a few hundred bytes. */
	CHECKF(mm.rings > 0 && mm.rings < 4000, "two rings of one patch hold %zu bytes", mm.rings);
	CHECK(is_ok(req(&a, rq("{s:s,s:I,s:I}", "op", "undo", "match", (json_int_t)mid, "seq",
	                       (json_int_t)a.seq))));
	CHECKF(held(mid).base > 0, "an undo keeps the base for the next one");

	/* alpha commits: the turn goes to beta, a barrier. Nothing before it
	 * can be taken back: the base is gone. */
	CHECK(act(&a, mid, json_pack("{s:s,s:i}", "type", "commit", "value", 3)));
	CHECK(!is_ok(req(&a, rq("{s:s,s:I,s:I}", "op", "undo", "match", (json_int_t)mid, "seq",
	                        (json_int_t)a.seq))));
	mm = held(mid);
	CHECKF(mm.base == 0, "after a barrier no undo base is held (%zu bytes)", mm.base);

	/* beta commits: the reveal and the die, a barrier again. */
	CHECK(act(&b, mid, json_pack("{s:s,s:i}", "type", "commit", "value", 1)));
	CHECKF(held(mid).base == 0, "after the reveal no undo base is held");

	/* The next undoable action takes a base again, and undo uses it. */
	struct client *mover = NULL;
	json_t *aw = json_object_get(a.view, "awaiting");
	for (size_t i = 0; i < json_array_size(aw); i++)
		if (strcmp(json_string_value(json_array_get(aw, i)), "alpha") == 0)
			mover = &a;
	if (!mover)
		mover = &b;
	CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "again")));
	CHECKF(held(mid).base > 0, "a base again for the next undoable action");
	json_t *before = json_deep_copy(mover->view);
	CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "more")));
	CHECK(is_ok(req(mover, rq("{s:s,s:I,s:I}", "op", "undo", "match", (json_int_t)mid, "seq",
	                          (json_int_t)mover->seq))));
	json_t *board0 = json_object_get(before, "board"),
	       *board1 = json_object_get(mover->view, "board");
	CHECKF(json_equal(board0, board1), "the undo from the base restores the board");
	json_decref(before);
	CHECK(tg_engine_match_memory(fc_srv, mid + 1000, &mm) == -1);

	/* The rings grow as patches come: beta away, twelve notes (past two
	 * growths), beta back with since gets the twelve in order. */
	struct client *other = mover == &a ? &b : &a;
	const char *other_name = other == &a ? "grant" : "lee";
	const char *other_pw = other == &a ? "unconditional" : "traveller1";
	int64_t since = other->seq;
	json_t *other_view = json_deep_copy(other->view);
	client_close(other);
	for (int i = 0; i < 12; i++)
		CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "on")));
	come_back(other, other_name, other_pw, mid, since, other_view);
	CHECK_EQ_INT(count_new(other, "patch"), 12);
	CHECK_EQ_INT(count_new(other, "view"), 0);
	CHECK(other->seq == mover->seq);
	json_t *patched = json_deep_copy(other->view);
	CHECK(is_ok(req(other, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)mid))));
	CHECKF(json_equal(patched, other->view), "the kept patches make the fresh view");
	json_decref(patched);

	/* Idle views (issue 17): dropped by the sweep, rebuilt before the next
	 * change. An undoable note, an undo, a barrier (commit), each after an
	 * idle spell: one patch each, the fresh view. */
	mark_seen(&a);
	mark_seen(&b);
	tg_engine_sweep(fc_srv);
	CHECKF(held(mid).views > 0, "changed just now: the views stay");
	idle_views(mid, "before a note");
	CHECKF(held(mid).rings > 0, "the kept patches stay for since");
	CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "awake")));
	CHECKF(held(mid).views > 0, "the views are kept again after the change");
	one_patch_each(&a, &b, mid, "a note after an idle spell");
	idle_views(mid, "before an undo");
	CHECK(is_ok(req(mover, rq("{s:s,s:I,s:I}", "op", "undo", "match", (json_int_t)mid, "seq",
	                          (json_int_t)mover->seq))));
	one_patch_each(&a, &b, mid, "an undo after an idle spell");

	/* The other player away: patches kept for him, the views dropped; he
	 * comes back with since and gets the patches (no view), then play
	 * goes on. */
	since = other->seq;
	other_view = json_deep_copy(other->view);
	client_close(other);
	CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "away")));
	CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "still")));
	idle_views(mid, "while one player is away");
	come_back(other, other_name, other_pw, mid, since, other_view);
	CHECK_EQ_INT(count_new(other, "patch"), 2);
	CHECK_EQ_INT(count_new(other, "view"), 0);
	mark_seen(other);
	mark_seen(mover);
	CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "back")));
	one_patch_each(&a, &b, mid, "a note after a return with since");

	/* Both players follow: a role someone follows live keeps only its
	 * last patches, four and 1 KiB of them (at least one), for a client
	 * that drops and comes straight back (the patches in flight when it
	 * dropped); one who was away longer gets the view. Before, each role
	 * kept up to twice its view's bytes whoever followed (issue 17: about
	 * 80 KB of a Lincoln's War match in steady play, against 14 KB of
	 * kept views), then an eighth of its view and 1 KiB (8.6 KB a match
	 * measured in the daemon, session 17; here 21 notes' patches a role,
	 * 3,772 bytes with the arrays). */
	for (int i = 0; i < 39; i++)
		CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "steady")));
	since = other->seq;
	other_view = json_deep_copy(other->view);
	CHECK(act(mover, mid, json_pack("{s:s,s:s}", "type", "note", "text", "steady")));
	mark_seen(&a);
	mark_seen(&b);
	/* a role's tail: four patches of a note (under 128 bytes each, 47
	 * measured), and its arrays, grown to 32 entries while beta was away,
	 * halved as the tail used a quarter of them: 8 entries */
	size_t tail = 2 * (4 * 128 + 8 * (sizeof(char *) + sizeof(size_t) + sizeof(int64_t)));
	mm = held(mid);
	printf("# rings %zu bytes after 40 notes followed by both, at most %zu\n", mm.rings, tail);
	CHECKF(mm.rings <= tail, "followed roles keep a short tail: %zu bytes of patches",
	       mm.rings);
	/* the other's last patch lost in flight: he comes straight back
	 * with since and gets it from the tail, not a view */
	client_close(other);
	come_back(other, other_name, other_pw, mid, since, other_view);
	CHECK_EQ_INT(count_new(other, "patch"), 1);
	CHECK_EQ_INT(count_new(other, "view"), 0);
	same_as_fresh(other, mid, "the last patch from the tail");
	/* The metrics' sum over the loaded matches (telegraph_match_bytes)
	 * counts this match's bytes as tg_engine_match_memory does. */
	struct match_memory_sum sum;
	match_memory_sum(fc_srv, &sum);
	CHECKF(sum.matches >= 1 && sum.busy == 0 && sum.views >= mm.views &&
	           sum.rings >= mm.rings && sum.base >= mm.base,
	       "the sum over %zu matches: %zu, %zu, %zu bytes", sum.matches, sum.views, sum.rings,
	       sum.base);
	idle_views(mid, "before a commit");
	CHECK(act(mover, mid, json_pack("{s:s,s:i}", "type", "commit", "value", 2)));
	one_patch_each(&a, &b, mid, "a commit after an idle spell");

	client_close(&a);
	client_close(&b);
	fc_rig_close(&rig);
	tg_server_set_time_source(NULL);
	return tap_done();
}
