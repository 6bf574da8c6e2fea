/* replay.c — the `replay` op: the view of a finished match after any step,
 * so that a client can step through it move by move (PROTOCOL.md,
 * "replay"). Only finished matches, with the access rules of `export`: once
 * a match is over its record (secret, seed, every action) is open to whoever
 * may export it, so nothing a view at some step shows is still hidden.
 *
 * The game is set up again from the record and the actions in effect (not
 * undone, not the server's own "$" entries) with seq <= the asked one are
 * replayed. Replaying from the start for every step made a step-through
 * cost the square of the game's length, on the loop every player shares (a
 * long Lincoln's War game holds thousands of actions). So each session
 * keeps a cursor on the match it steps through: the game where its last
 * request left it, and copies (game.h copy()) at most REPLAY_CHECKPOINTS
 * evenly spaced steps apart. The next step forward costs one action; a jump
 * anywhere costs at most one checkpoint interval. A finished match's record
 * never changes, so the cursor needs no invalidation. */
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "seed.h"
#include "server_internal.h"

/* Bounds the cursor's memory: 16 copies (about 18 KB each for Lincoln's
 * War) whatever the game's length. */
#define REPLAY_CHECKPOINTS 16

struct tg_replay_cursor {
	const struct game_module *mod;
	int64_t match;
	json_t *actions; /* the effective actions, in seq order */
	json_t *seqs;    /* their seqs (what the reply lists) */
	size_t every;    /* checkpoint k is the game after k * every actions */
	struct game *cp[REPLAY_CHECKPOINTS + 1];
	struct game *cur; /* the game after cur_n actions, or NULL */
	size_t cur_n;
};

void replay_cursor_free(struct tg_replay_cursor *c)
{
	if (!c)
		return;
	for (size_t k = 0; k <= REPLAY_CHECKPOINTS; k++)
		if (c->cp[k])
			c->mod->free(c->cp[k]);
	if (c->cur)
		c->mod->free(c->cur);
	json_decref(c->actions);
	json_decref(c->seqs);
	free(c);
}

/* A cursor at the start of match m's record: the set-up game is checkpoint
 * 0. NULL with err. */
static struct tg_replay_cursor *cursor_new(struct tg_server *srv, struct tg_match *m,
                                           struct tg_error *err)
{
	json_t *stored = tg_store_action_list(srv->store, m->id, 0, err);
	json_t *rec = stored ? tg_record_build(m->row, stored, err) : NULL;
	json_decref(stored);
	if (!rec)
		return NULL;
	struct tg_replay_cursor *c = calloc(1, sizeof *c);
	uint8_t seed[TG_SEED_BYTES];
	const char *seed_hex = json_string_value(json_object_get(rec, "seed"));
	if (!c) {
		tg_fail(err, "internal", "out of memory");
	} else if (!seed_hex || tg_hex_decode(seed_hex, seed, sizeof seed) != (int)sizeof seed) {
		tg_fail(err, "internal", "the match's stored seed is not readable");
	} else {
		c->mod = m->mod;
		c->match = m->id;
		c->actions = json_array();
		c->seqs = json_array();
		size_t i;
		json_t *a;
		json_array_foreach(json_object_get(rec, "actions"), i, a)
		{
			if (!match_action_in_effect(a))
				continue;
			json_array_append(c->actions, a);
			json_array_append_new(
			    c->seqs, json_integer(json_integer_value(json_object_get(a, "seq"))));
		}
		size_t n = json_array_size(c->actions);
		c->every = n / REPLAY_CHECKPOINTS + 1;
		const json_t *options = json_object_get(rec, "options");
		c->cp[0] = m->mod->setup(seed, json_string_value(json_object_get(rec, "scenario")),
		                         json_is_object(options) ? options : NULL, err);
	}
	json_decref(rec);
	if (c && !c->cp[0]) {
		replay_cursor_free(c);
		return NULL;
	}
	return c;
}

/* Moves the cursor to the game after its first n effective actions; -1 with
 * err when the record does not replay (or memory runs out). */
static int cursor_seek(struct tg_replay_cursor *c, size_t n, struct tg_error *err)
{
	size_t k = n / c->every;
	while (k > 0 && !c->cp[k])
		k--;
	if (!c->cur || c->cur_n > n || c->cur_n < k * c->every) {
		if (c->cur)
			c->mod->free(c->cur);
		c->cur = c->mod->copy(c->cp[k]);
		c->cur_n = k * c->every;
		if (!c->cur) {
			tg_fail(err, "internal", "out of memory");
			return -1;
		}
	}
	while (c->cur_n < n) {
		const json_t *a = json_array_get(c->actions, c->cur_n);
		struct tg_error ae = {0};
		if (c->mod->act(c->cur, json_string_value(json_object_get(a, "role")),
		                json_object_get(a, "action"), NULL, &ae) != 0) {
			tg_fail(err, "internal", "seq %lld of the stored match does not replay: %s",
			        (long long)json_integer_value(json_object_get(a, "seq")),
			        ae.message);
			c->mod->free(c->cur);
			c->cur = NULL;
			return -1;
		}
		c->cur_n++;
		size_t at = c->cur_n / c->every;
		if (c->cur_n % c->every == 0 && at <= REPLAY_CHECKPOINTS && !c->cp[at])
			c->cp[at] = c->mod->copy(c->cur); /* NULL: only a slower next jump */
	}
	return 0;
}

/* How many effective actions have a seq <= upto (seqs ascend). */
static size_t steps_upto(const json_t *seqs, int64_t upto)
{
	size_t lo = 0, hi = json_array_size(seqs);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (json_integer_value(json_array_get(seqs, mid)) <= upto)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void op_replay(struct tg_session *s, const json_t *req)
{
	const json_t *jseq = json_object_get(req, "seq");
	if (!json_is_integer(jseq) || json_integer_value(jseq) < 0) {
		srv_error(s, req, "malformed_request", "replay needs \"seq\", an integer >= 0");
		return;
	}
	struct tg_match *m = req_match(s, req);
	if (!m)
		return;
	if (strcmp(match_status(m), "finished") != 0) {
		srv_error(s, req, "not_finished",
		          "Match %lld is %s: only a finished match is replayed, so that no hidden "
		          "information leaves the server.",
		          (long long)m->id, match_status(m));
		return;
	}
	struct tg_error err = {0};
	/* Stepped through from its setup: only under the rules it was played
	 * under, from the start (game.h, "Rules versions"). */
	if (!match_rules_replay(m)) {
		match_rules_refuse(m,
		                   "which does not replay that version's logs: its final state is "
		                   "shown, but it cannot be stepped through",
		                   &err);
		srv_error_err(s, req, &err);
		return;
	}
	if (match_rules_since(m) > 0) {
		srv_error(
		    s, req, TG_E_RULES_CHANGED,
		    "Match %lld was resumed under %s rules version %u from its saved state at "
		    "action %lld; its earlier actions were played under older rules, which "
		    "this server does not replay, so it cannot be stepped through.",
		    (long long)m->id, m->mod->title, match_rules_version(m),
		    (long long)match_rules_since(m));
		return;
	}
	if (s->replay && s->replay->match != m->id) {
		replay_cursor_free(s->replay);
		s->replay = NULL;
	}
	if (!s->replay && !(s->replay = cursor_new(s->srv, m, &err))) {
		srv_error_err(s, req, &err);
		return;
	}
	struct tg_replay_cursor *c = s->replay;
	int64_t upto = json_integer_value(jseq);
	if (cursor_seek(c, steps_upto(c->seqs, upto), &err) != 0) {
		srv_error_err(s, req, &err);
		return;
	}
	/* A player sees the game as his side saw it; anyone else as a spectator. */
	int seat = match_seat_of(m, s->user_id);
	const char *role = seat >= 0 ? m->mod->roles[seat] : "observer";
	json_t *view = m->mod->view(c->cur, role);
	if (!view) {
		srv_error(s, req, "internal", "out of memory");
		return;
	}
	srv_ok(s, req,
	       json_pack("{s:I,s:I,s:s,s:O,s:o}", "match", (json_int_t)m->id, "seq",
	                 (json_int_t)upto, "role", role, "seqs", c->seqs, "view", view));
}
