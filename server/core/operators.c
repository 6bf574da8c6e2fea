/* operators.c — the host's operators (issue 24): the names in the config's
 * `operators` list list users, ban and unban them, give a one-time password
 * reset code, end a user's sessions and abort matches. Every such action
 * needs a reason and is written to the audit log in the transaction that
 * makes it, so the log holds exactly what was done. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/server_internal.h"
#include "core/tokens.h"
#include "util/log.h"

#define TG_USERS_LIMIT 200
#define TG_AUDIT_LIMIT 500
#define TG_REASON_MAX 500
#define TG_RESET_CODE_DAYS 2

bool srv_name_listed(const char *list, const char *name)
{
	size_t len = strlen(name);
	for (const char *p = list; *p;) {
		while (*p == ' ' || *p == ',')
			p++;
		const char *end = p;
		while (*end && *end != ',')
			end++;
		const char *last = end;
		while (last > p && last[-1] == ' ')
			last--;
		if ((size_t)(last - p) == len && len && strncasecmp(p, name, len) == 0)
			return true;
		p = end;
	}
	return false;
}

/* The operator's check and the request's reason; NULL after replying. */
static const char *operator_reason(struct tg_session *s, const json_t *req, bool need_reason)
{
	if (!srv_name_listed(s->srv->cfg.operators, s->user_name)) {
		srv_error(s, req, "not_an_operator", "Only the server's operators may do that.");
		return NULL;
	}
	if (!need_reason)
		return "";
	const char *reason = json_string_value(json_object_get(req, "reason"));
	if (!reason || !reason[0] || strlen(reason) > TG_REASON_MAX) {
		srv_error(
		    s, req, "malformed_request",
		    "An operator's action needs a \"reason\" (1 to %d bytes), for the audit log.",
		    TG_REASON_MAX);
		return NULL;
	}
	return reason;
}

/* The user the request's "user" names; NULL after replying. */
static json_t *target_user(struct tg_session *s, const json_t *req)
{
	const char *name = json_string_value(json_object_get(req, "user"));
	if (!name) {
		srv_error(s, req, "malformed_request", "\"user\" is a user's name.");
		return NULL;
	}
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_name(s->srv->store, name, &err);
	if (!u)
		srv_error_err(s, req, &err);
	return u;
}

static int64_t uid_of(const json_t *u)
{
	return json_integer_value(json_object_get(u, "id"));
}

static const char *name_of(const json_t *u)
{
	return json_string_value(json_object_get(u, "name"));
}

/* Opens the turn's transaction and writes the audit entry of the action. */
static int audit(struct tg_session *s, const char *action, const char *target, const char *reason,
                 struct tg_error *err)
{
	if (srv_tx(s->srv, err) != 0 ||
	    tg_store_audit_add(s->srv->store, srv_now(), s->user_id, action, target, reason, err)) {
		srv_tx_fail(s->srv);
		return -1;
	}
	TG_INFO(s->id, 0, "operator %s: %s %s (%s)", s->user_name, action, target, reason);
	return 0;
}

void op_users(struct tg_session *s, const json_t *req)
{
	if (!operator_reason(s, req, false))
		return;
	json_t *search = json_object_get(req, "search");
	if (search && (!json_is_string(search) || json_string_length(search) > TG_NAME_MAX)) {
		srv_error(s, req, "malformed_request", "\"search\" is the start of a name.");
		return;
	}
	struct tg_error err = {0};
	json_t *list = tg_store_users_search(s->srv->store, search ? json_string_value(search) : "",
	                                     TG_USERS_LIMIT, &err);
	if (!list) {
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:o}", "users", list));
}

void op_audit(struct tg_session *s, const json_t *req)
{
	if (!operator_reason(s, req, false))
		return;
	struct tg_error err = {0};
	json_t *list = tg_store_audit_list(s->srv->store, TG_AUDIT_LIMIT, &err);
	if (!list) {
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:o}", "entries", list));
}

/* Ends every session of the user, stored and live. */
static int end_all_sessions(struct tg_session *s, int64_t uid, struct tg_error *err)
{
	if (tg_store_user_sessions_end_all(s->srv->store, uid, err) != 0) {
		srv_tx_fail(s->srv);
		return -1;
	}
	sessions_end_live(s->srv, uid, NULL, NULL);
	return 0;
}

void op_end_user_sessions(struct tg_session *s, const json_t *req)
{
	const char *reason = operator_reason(s, req, true);
	json_t *u = reason ? target_user(s, req) : NULL;
	if (!u)
		return;
	struct tg_error err = {0};
	if (audit(s, "end_user_sessions", name_of(u), reason, &err) != 0 ||
	    end_all_sessions(s, uid_of(u), &err) != 0)
		srv_error_err(s, req, &err);
	else
		srv_ok(s, req, NULL);
	json_decref(u);
}

/* Ends an open or active match as aborted: no result, no rating. */
static int abort_match(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	if (tg_store_match_set_status(srv->store, m->id, "aborted", NULL, NULL, err) != 0 ||
	    match_refresh(m, srv, err) != 0) {
		srv_tx_fail(srv);
		return -1;
	}
	match_touch(srv, m);
	views_push_match(srv, m);
	return 0;
}

int matches_end_for_user(struct tg_server *srv, int64_t uid, const char *name, const char *why,
                         bool banned, struct tg_error *err)
{
	json_t *list = tg_store_match_list_user(srv->store, uid, 1000, err);
	if (!list) {
		srv_tx_fail(srv);
		return -1;
	}
	size_t i;
	json_t *row;
	int rc = 0;
	json_array_foreach(list, i, row)
	{
		const char *st = json_string_value(json_object_get(row, "status"));
		if (!st || (strcmp(st, "open") != 0 && strcmp(st, "active") != 0))
			continue;
		struct tg_match *m =
		    match_get(srv, json_integer_value(json_object_get(row, "id")), err);
		if (!m) {
			srv_tx_fail(srv);
			rc = -1;
			break;
		}
		if (strcmp(st, "open") == 0) {
			if ((rc = abort_match(srv, m, err)) != 0)
				break;
			continue;
		}
		int role = match_seat_of(m, uid);
		int winner = m->nroles == 2 && role >= 0 ? 1 - role : -1;
		char summary[TG_REASON_MAX + 120];
		snprintf(summary, sizeof summary, "%s (%s) %s", name,
		         role >= 0 ? m->mod->roles[role] : "?", why);
		json_t *result = json_pack(
		    "{s:o,s:s,s:s}", "winner",
		    winner >= 0 ? json_string(m->mod->roles[winner]) : json_null(), "summary",
		    summary, "resigned", role >= 0 ? m->mod->roles[role] : "?");
		if (banned)
			json_object_set_new(result, "banned", json_true());
		if (match_finish(srv, m, result, err) != 0) {
			srv_tx_fail(srv);
			rc = -1;
			break;
		}
		views_push_match(srv, m);
		views_reset(srv, m);
	}
	json_decref(list);
	return rc;
}

void op_ban(struct tg_session *s, const json_t *req)
{
	const char *reason = operator_reason(s, req, true);
	json_t *u = reason ? target_user(s, req) : NULL;
	if (!u)
		return;
	struct tg_error err = {0};
	char why[TG_REASON_MAX + 20];
	snprintf(why, sizeof why, "was banned: %s", reason);
	if (uid_of(u) == s->user_id) {
		srv_error(s, req, "malformed_request", "An operator does not ban himself.");
	} else if (audit(s, "ban", name_of(u), reason, &err) != 0 ||
	           tg_store_user_set_banned(s->srv->store, uid_of(u), reason, &err) != 0 ||
	           end_all_sessions(s, uid_of(u), &err) != 0 ||
	           matches_end_for_user(s->srv, uid_of(u), name_of(u), why, true, &err) != 0) {
		srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
	} else {
		srv_ok(s, req, NULL);
	}
	json_decref(u);
}

void op_unban(struct tg_session *s, const json_t *req)
{
	const char *reason = operator_reason(s, req, true);
	json_t *u = reason ? target_user(s, req) : NULL;
	if (!u)
		return;
	struct tg_error err = {0};
	if (audit(s, "unban", name_of(u), reason, &err) != 0 ||
	    tg_store_user_set_banned(s->srv->store, uid_of(u), NULL, &err) != 0) {
		srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
	} else {
		srv_ok(s, req, NULL);
	}
	json_decref(u);
}

/* A one-time code for the user to set a new password with (redeem_reset);
 * his sessions end, so whoever knew the old password is out. */
void op_reset_password(struct tg_session *s, const json_t *req)
{
	const char *reason = operator_reason(s, req, true);
	json_t *u = reason ? target_user(s, req) : NULL;
	if (!u)
		return;
	char code[TG_TOKEN_HEX + 1];
	uint8_t hash[32];
	struct tg_error err = {0};
	int64_t now = srv_now();
	if (tg_token_new(code, hash) != 0) {
		srv_error(s, req, "internal", "The random generator failed.");
	} else if (audit(s, "reset_password", name_of(u), reason, &err) != 0 ||
	           tg_store_reset_add(s->srv->store, hash, uid_of(u), now,
	                              now + TG_RESET_CODE_DAYS * 86400, &err) != 0 ||
	           end_all_sessions(s, uid_of(u), &err) != 0) {
		srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
	} else {
		srv_ok(s, req,
		       json_pack("{s:s,s:I}", "code", code, "expires",
		                 (json_int_t)(now + TG_RESET_CODE_DAYS * 86400)));
	}
	json_decref(u);
}

void op_abort_match(struct tg_session *s, const json_t *req)
{
	const char *reason = operator_reason(s, req, true);
	if (!reason)
		return;
	json_t *id = json_object_get(req, "match");
	if (!json_is_integer(id)) {
		srv_error(s, req, "malformed_request", "\"match\" is a match id.");
		return;
	}
	struct tg_error err = {0};
	struct tg_match *m = match_get(s->srv, json_integer_value(id), &err);
	if (!m) {
		srv_error_err(s, req, &err);
		return;
	}
	const char *st = match_status(m);
	if (strcmp(st, "open") != 0 && strcmp(st, "active") != 0) {
		srv_error(s, req, "match_not_active", "Match %lld is %s already.", (long long)m->id,
		          st);
		return;
	}
	char target[40];
	snprintf(target, sizeof target, "match %lld", (long long)m->id);
	if (audit(s, "abort_match", target, reason, &err) != 0 ||
	    abort_match(s->srv, m, &err) != 0 ||
	    tourney_match_aborted(s->srv, m, s->user_id, s->user_name, reason, &err) != 0) {
		srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
		return;
	}
	views_reset(s->srv, m);
	srv_ok(s, req, json_pack("{s:I}", "match", (json_int_t)m->id));
}
