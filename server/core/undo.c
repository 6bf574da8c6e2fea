/* undo.c — a player takes back his own latest action, one per request.
 *
 * Whether an action may be taken back is decided when it is accepted and
 * kept in the log's barrier flag: it drew randomness or revealed hidden
 * information (the game's outcome), or right after it the match awaited the
 * other role or was over (match.c). So the rule at undo time is short: the
 * latest action still in effect must be the requester's and not a barrier.
 *
 * The undone action stays in the log, marked; the undo itself is logged as
 * {"type":"$undo","seq":N} under a new seq. The state is rebuilt by
 * replaying what is still in effect onto the state kept after the latest
 * barrier (match.c), or else onto a snapshot taken before the undone action
 * (or setup); a snapshot of the result is stored at once, so the latest
 * snapshot is never one that contains an undone action. */
#include <string.h>

#include "core/server_internal.h"
#include "util/log.h"

void op_undo(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_match *m = req_match(s, req);
	int role = m ? match_player_role(s, req, m) : -1;
	if (role < 0 || match_check_seq(s, req, m) != 0)
		return;
	struct tg_error err = {0};
	json_t *log = tg_store_action_list(srv->store, m->id, 0, &err);
	if (!log) {
		srv_error_err(s, req, &err);
		return;
	}
	const json_t *last = NULL;
	for (size_t i = json_array_size(log); i-- > 0;) {
		json_t *a = json_array_get(log, i);
		if (!match_action_in_effect(a))
			continue;
		last = a;
		break;
	}
	if (!last) {
		json_decref(log);
		srv_error(s, req, "nothing_to_undo", "No action of match %lld is in effect.",
		          (long long)m->id);
		return;
	}
	int64_t target = json_integer_value(json_object_get(last, "seq"));
	const char *by = json_string_value(json_object_get(last, "role"));
	if (!by || strcmp(by, m->mod->roles[role]) != 0 ||
	    json_is_true(json_object_get(last, "barrier"))) {
		srv_error(s, req, "undo_barrier", "%s: the latest action (seq %lld) %s.",
		          "Nothing to take back", (long long)target,
		          !by || strcmp(by, m->mod->roles[role]) != 0
		              ? "is the other player's"
		              : "drew randomness, revealed something or handed over the turn");
		json_decref(log);
		return;
	}
	json_decref(log);
	int64_t seq = m->seq + 1;
	json_t *entry = json_pack("{s:s,s:I}", "type", "$undo", "seq", (json_int_t)target);
	views_wake(m); /* the views the idle sweep dropped, from the state before */
	match_touch(srv, m);
	int rc = -1;
	if (srv_tx(srv, &err) == 0 &&
	    tg_store_action_mark_undone(srv->store, m->id, target, target, &err) == 0 &&
	    tg_store_action_append(srv->store, m->id, seq, m->mod->roles[role], entry, false,
	                           srv_now(), &err) == 0) {
		/* From the base kept in memory (a few actions to replay), else from
		 * a snapshot before the target or from setup. */
		struct tg_error quiet = {0};
		rc = match_rebuild_from_base(srv, m, target, &quiet) == 0 ||
		             match_build_game_before(srv, m, target, &err) == 0
		         ? 0
		         : -1;
	}
	json_decref(entry);
	if (rc == 0) {
		m->seq = seq; /* the rebuild counted the $undo entry already; be explicit */
		m->since_snapshot = srv->cfg.snapshot_every; /* forces the snapshot below */
		rc = match_maybe_snapshot(srv, m, true, &err);
		if (rc == 0)
			rc = clock_sync(srv, m, &err);
	}
	if (rc != 0) {
		srv_tx_fail(srv);
		/* Back across the saved state the match resumed from under newer
		 * rules (match_rules.c): nothing is kept, and the reason is that. */
		if (strcmp(err.code, TG_E_RULES_CHANGED) == 0)
			srv_error_err(s, req, &err);
		else
			srv_error(s, req, "storage", "The database could not save the undo: %s",
			          err.message);
		return;
	}
	TG_INFO(s->id, m->id, "seq %lld undone by %s", (long long)target, m->mod->roles[role]);
	srv_ok(s, req,
	       json_pack("{s:I,s:I,s:I}", "match", (json_int_t)m->id, "seq", (json_int_t)m->seq,
	                 "undone", (json_int_t)target));
	views_fanout(srv, m);
}
