/* replay.c — the `replay` op: the view of a finished match after any step,
 * so that a client can step through it move by move (PROTOCOL.md,
 * "replay"). Only finished matches, with the access rules of `export`: once
 * a match is over its record (secret, seed, every action) is open to whoever
 * may export it, so nothing a view at some step shows is still hidden.
 *
 * The game is set up again from the record and the actions in effect (not
 * undone, not the server's own "$" entries) with seq <= the asked one are
 * replayed: a request costs one replay of at most the whole game. */
#include <string.h>

#include "record.h"
#include "seed.h"
#include "server_internal.h"

/* The game after the effective actions up to seq `upto`, with the list of
 * every effective seq in *seqs; NULL with err. */
static struct game *replay_to(const struct game_module *mod, const json_t *rec, int64_t upto,
                              json_t *seqs, struct tg_error *err)
{
	uint8_t seed[TG_SEED_BYTES];
	const char *seed_hex = json_string_value(json_object_get(rec, "seed"));
	if (!seed_hex || tg_hex_decode(seed_hex, seed, sizeof seed) != (int)sizeof seed) {
		tg_fail(err, "internal", "the match's stored seed is not readable");
		return NULL;
	}
	const json_t *options = json_object_get(rec, "options");
	struct game *g = mod->setup(seed, json_string_value(json_object_get(rec, "scenario")),
	                            json_is_object(options) ? options : NULL, err);
	if (!g)
		return NULL;
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(rec, "actions"), i, a)
	{
		const json_t *act = json_object_get(a, "action");
		const char *type = json_string_value(json_object_get(act, "type"));
		if (json_is_true(json_object_get(a, "undone")) || (type && type[0] == '$'))
			continue;
		int64_t seq = json_integer_value(json_object_get(a, "seq"));
		json_array_append_new(seqs, json_integer(seq));
		if (seq > upto)
			continue;
		struct tg_error ae = {0};
		if (mod->act(g, json_string_value(json_object_get(a, "role")), act, NULL, &ae) !=
		    0) {
			tg_fail(err, "internal", "seq %lld of the stored match does not replay: %s",
			        (long long)seq, ae.message);
			mod->free(g);
			return NULL;
		}
	}
	return g;
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
	json_t *actions = tg_store_action_list(s->srv->store, m->id, 0, &err);
	json_t *rec = actions ? tg_record_build(m->row, actions, &err) : NULL;
	json_decref(actions);
	if (!rec) {
		srv_error_err(s, req, &err);
		return;
	}
	int64_t upto = json_integer_value(jseq);
	json_t *seqs = json_array();
	struct game *g = replay_to(m->mod, rec, upto, seqs, &err);
	json_decref(rec);
	if (!g) {
		json_decref(seqs);
		srv_error_err(s, req, &err);
		return;
	}
	/* A player sees the game as his side saw it; anyone else as a spectator. */
	int seat = match_seat_of(m, s->user_id);
	const char *role = seat >= 0 ? m->mod->roles[seat] : "observer";
	json_t *view = m->mod->view(g, role);
	m->mod->free(g);
	if (!view) {
		json_decref(seqs);
		srv_error(s, req, "internal", "out of memory");
		return;
	}
	srv_ok(s, req,
	       json_pack("{s:I,s:I,s:s,s:o,s:o}", "match", (json_int_t)m->id, "seq",
	                 (json_int_t)upto, "role", role, "seqs", seqs, "view", view));
}
