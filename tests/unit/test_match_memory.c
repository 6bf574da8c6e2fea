/* test_match_memory.c — what a followed match holds between actions (issue
 * 17: memory per match). The undo base (a copy of the state after the
 * latest barrier) is kept only while undo can use it: after an action the
 * player may take back, not after a barrier (a die, a reveal, the turn
 * handed over), when no undo can reach behind the barrier and the base
 * would sit in memory until the next action retakes it. Counted through
 * engine.h's tg_engine_match_memory, with fixture-duel's notes (undoable)
 * and commits (each hands over or rolls: barriers). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine.h"
#include "fake_client.h"
#include "fixture_game.h"
#include "tap.h"

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

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

int main(void)
{
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_match_memory") || !fc_rig_serve(&rig, games))
		return tap_done();

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
	client_open(other);
	req(other, rq("{s:s,s:i}", "op", "hello", "protocol", 1));
	CHECK(is_ok(req(
	    other, rq("{s:s,s:s,s:s}", "op", "login", "name", other_name, "password", other_pw))));
	other->view = other_view;
	other->seq = since;
	mark_seen(other);
	CHECK(is_ok(req(other, rq("{s:s,s:I,s:I}", "op", "open", "match", (json_int_t)mid, "since",
	                          (json_int_t)since))));
	CHECK_EQ_INT(count_new(other, "patch"), 12);
	CHECK_EQ_INT(count_new(other, "view"), 0);
	CHECK(other->seq == mover->seq);
	json_t *patched = json_deep_copy(other->view);
	CHECK(is_ok(req(other, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)mid))));
	CHECKF(json_equal(patched, other->view), "the kept patches make the fresh view");
	json_decref(patched);

	client_close(&a);
	client_close(&b);
	fc_rig_close(&rig);
	return tap_done();
}
