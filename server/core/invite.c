/* invite.c — a host invites a named user to his private match (issues 19
 * and 24): invite, invitations, accept_invite, decline_invite.
 *
 * Only the match's creator, seated in it while it is open and private,
 * invites. A user who blocked the host gets no invitation: the host is
 * refused with cannot_invite, the same answer as for a banned or deleted
 * account, so he learns that this user takes no invitation from him and
 * not why (issue 24: "no invitations from him"). Accepting seats the user
 * as join does (lobby_seat: the same blocks, limits and start), without the
 * invite code, which an invitee never sees. The invitee is told through the
 * notification outbox (event "invited") in the invitation's transaction. */
#include <stdio.h>
#include <string.h>

#include "core/notify.h"
#include "core/server_internal.h"
#include "util/log.h"

#define INVITES_PER_MATCH 16 /* pending at once (PROTOCOL.md's limits) */
#define INVITE_LIST_MAX 100

static const char *str(const json_t *o, const char *k)
{
	return json_string_value(json_object_get(o, k));
}

/* The free roles of m, "beta" or "beta, gamma". */
static void free_roles(const struct tg_match *m, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	for (int r = 0; r < m->nroles; r++) {
		bool taken = false;
		size_t i;
		json_t *seat;
		json_array_foreach(json_object_get(m->row, "seats"), i, seat)
		{
			if (strcmp(str(seat, "role"), m->mod->roles[r]) == 0)
				taken = true;
		}
		if (taken)
			continue;
		int k = snprintf(out + len, n - len, "%s%s", len ? ", " : "", m->mod->roles[r]);
		if (k < 0 || (size_t)k >= n - len)
			break;
		len += (size_t)k;
	}
}

/* "invited": to the invitee's channels that take the event. */
static int notify_invited(struct tg_server *srv, struct tg_match *m, int64_t uid, const char *host,
                          struct tg_error *err)
{
	char roles[200], subject[300], text[900], key[96];
	free_roles(m, roles, sizeof roles);
	snprintf(subject, sizeof subject, "%s invites you to a match of %s", host, m->mod->title);
	snprintf(text, sizeof text,
	         "%s invites you to private match %lld of %s (%s). Free side: %s.\n\n"
	         "Accept it with: telegraph invitations accept %lld\n"
	         "Decline it with: telegraph invitations decline %lld\n",
	         host, (long long)m->id, m->mod->title, str(m->row, "scenario"), roles,
	         (long long)m->id, (long long)m->id);
	snprintf(key, sizeof key, "invited:m%lld", (long long)m->id);
	json_t *extra = json_pack("{s:I,s:s,s:s,s:s}", "match", (json_int_t)m->id, "game",
	                          m->mod->id, "host", host, "free", roles);
	int rc = extra ? notify_queue(srv, uid, TG_EV_INVITED, key, NULL, subject, text, extra, err)
	               : tg_fail(err, "internal", "out of memory");
	json_decref(extra);
	return rc;
}

/* The invitee named by "user": his row (stolen by the caller), or NULL
 * after replying. */
static json_t *invitee(struct tg_session *s, const json_t *req)
{
	const char *name = str(req, "user");
	struct tg_error err = {0};
	json_t *u = name ? tg_store_user_by_name(s->srv->store, name, &err) : NULL;
	if (!name)
		srv_error(s, req, "malformed_request", "invite needs \"match\" and \"user\".");
	else if (!u)
		srv_error_err(s, req, &err);
	if (!u)
		return NULL;
	int64_t id = json_integer_value(json_object_get(u, "id"));
	const char *pw = str(u, "pw_hash");
	if (id == s->user_id) {
		srv_error(s, req, "malformed_request", "You cannot invite yourself.");
	} else if (blocks_has(s->srv, s->user_id, id)) {
		srv_error(s, req, "blocked", "You have blocked %s: unblock him first.",
		          str(u, "name"));
	} else if (blocks_has(s->srv, id, s->user_id) ||
	           !json_is_null(json_object_get(u, "banned")) || (pw && strcmp(pw, "!") == 0)) {
		/* Blocked by him, banned or deleted: one answer for all three. */
		srv_error(s, req, "cannot_invite", "%s takes no invitation from you.",
		          str(u, "name"));
	} else {
		return u;
	}
	json_decref(u);
	return NULL;
}

void op_invite(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_match *m = req_match(s, req);
	if (!m)
		return;
	const json_t *row = m->row;
	if (json_integer_value(json_object_get(row, "creator")) != s->user_id ||
	    match_seat_of(m, s->user_id) < 0) {
		srv_error(s, req, "not_the_host", "Only the host of match %lld invites to it.",
		          (long long)m->id);
		return;
	}
	if (strcmp(str(row, "visibility"), "private") != 0) {
		srv_error(s, req, "match_not_private",
		          "Match %lld is public: anyone may join it without an invitation.",
		          (long long)m->id);
		return;
	}
	if (strcmp(match_status(m), "open") != 0) {
		srv_error(s, req, "match_not_active", "Match %lld is %s: it takes no new players.",
		          (long long)m->id, match_status(m));
		return;
	}
	json_t *host = tg_store_user_by_id(srv->store, s->user_id, &(struct tg_error){0});
	json_t *u = invitee(s, req);
	if (!u) {
		json_decref(host);
		return;
	}
	int64_t uid = json_integer_value(json_object_get(u, "id"));
	char name[128];
	snprintf(name, sizeof name, "%s", str(u, "name"));
	json_decref(u);
	struct tg_error err = {0};
	int pending = 0;
	if (match_seat_of(m, uid) >= 0) {
		srv_error(s, req, "already_seated", "%s already sits in match %lld.", name,
		          (long long)m->id);
	} else if ((pending = tg_store_invite_count(srv->store, m->id, &err)) < 0) {
		srv_error_err(s, req, &err);
	} else if (pending >= INVITES_PER_MATCH) {
		srv_error(s, req, "too_many_invitations",
		          "Match %lld has %d invitations waiting, the most allowed.",
		          (long long)m->id, pending);
	} else if (srv_tx(srv, &err) != 0 ||
	           tg_store_invite_add(srv->store, m->id, uid, s->user_id, srv_now(), &err) != 0) {
		if (strcmp(err.code, "already_invited") == 0)
			srv_error(s, req, "already_invited",
			          "%s was invited to match %lld already (an invitation is sent "
			          "once, and a declined one is not sent again).",
			          name, (long long)m->id);
		else {
			srv_tx_fail(srv);
			srv_error_err(s, req, &err);
		}
	} else if (!host || notify_invited(srv, m, uid, str(host, "name"), &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
	} else {
		TG_INFO(s->id, m->id, "user %lld invited user %lld", (long long)s->user_id,
		        (long long)uid);
		srv_ok(s, req, json_pack("{s:I,s:s}", "match", (json_int_t)m->id, "invited", name));
	}
	json_decref(host);
}

void op_invitations(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_error err = {0};
	json_t *to = tg_store_invites_to(srv->store, s->user_id, INVITE_LIST_MAX, &err);
	json_t *by = to ? tg_store_invites_by(srv->store, s->user_id, INVITE_LIST_MAX, &err) : NULL;
	if (!to || !by) {
		json_decref(to);
		srv_error_err(s, req, &err);
		return;
	}
	json_t *received = json_array(), *sent = json_array();
	size_t i;
	json_t *r;
	json_array_foreach(to, i, r)
	{
		json_t *row = tg_store_match_get(
		    srv->store, json_integer_value(json_object_get(r, "match_id")), &err);
		if (!row)
			continue;
		/* The match as a player sees it before he sits: no invite code. */
		json_array_append_new(received,
		                      json_pack("{s:O,s:O,s:o}", "host", json_object_get(r, "host"),
		                                "since", json_object_get(r, "since"), "match",
		                                lobby_match_info(srv, row, s->user_id)));
		json_decref(row);
	}
	json_array_foreach(by, i, r) json_array_append_new(
	    sent, json_pack("{s:O,s:O,s:O,s:O}", "match", json_object_get(r, "match_id"), "user",
	                    json_object_get(r, "user"), "state", json_object_get(r, "state"),
	                    "since", json_object_get(r, "since")));
	json_decref(to);
	json_decref(by);
	srv_ok(s, req, json_pack("{s:o,s:o}", "received", received, "sent", sent));
}

/* The match of the request's pending invitation to this user, or NULL after
 * replying no_such_invitation (also for an id no match has). */
static struct tg_match *invited_match(struct tg_session *s, const json_t *req)
{
	int64_t id = req_match_id(s, req);
	if (id < 0)
		return NULL;
	struct tg_error err = {0};
	char state[16];
	if (tg_store_invite_state(s->srv->store, id, s->user_id, state, sizeof state, &err) != 0 ||
	    strcmp(state, "pending") != 0) {
		if (strcmp(err.code, "storage") == 0)
			srv_error_err(s, req, &err);
		else
			srv_error(s, req, "no_such_invitation",
			          "You have no invitation waiting to match %lld.", (long long)id);
		return NULL;
	}
	struct tg_match *m = match_get(s->srv, id, &err);
	if (!m)
		srv_error_err(s, req, &err);
	return m;
}

void op_accept_invite(struct tg_session *s, const json_t *req)
{
	struct tg_match *m = invited_match(s, req);
	if (m)
		lobby_seat(s, req, m, true);
}

void op_decline_invite(struct tg_session *s, const json_t *req)
{
	struct tg_match *m = invited_match(s, req);
	struct tg_error err = {0};
	if (!m)
		return;
	if (srv_tx(s->srv, &err) != 0 || tg_store_invite_answer(s->srv->store, m->id, s->user_id,
	                                                        "declined", srv_now(), &err) != 0) {
		srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
		return;
	}
	TG_INFO(s->id, m->id, "user %lld declined the invitation", (long long)s->user_id);
	srv_ok(s, req, json_pack("{s:I}", "match", (json_int_t)m->id));
}
