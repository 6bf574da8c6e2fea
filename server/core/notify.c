/* notify.c — what a player is told, written to the durable outbox in the
 * same transaction as the change that causes it (issue 19). The text is
 * made now, from the recipient's own view of the match (views_view for his
 * role), so it never says what his view hides, and a restart sends exactly
 * what was committed. notify_send.c sends the rows after the commit. */
#include <openssl/hmac.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/notify.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "util/log.h"

static const char *str(const json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));
	return v ? v : "";
}

int notify_unsub_token(struct tg_server *srv, int64_t uid, char out[65])
{
	uint8_t key[32], mac[32];
	unsigned len = 32;
	struct tg_error err = {0};
	char msg[64];
	int n = snprintf(msg, sizeof msg, "unsubscribe:%lld", (long long)uid);
	if (tg_store_notify_key(srv->store, key, &err) != 0 ||
	    !HMAC(EVP_sha256(), key, 32, (const unsigned char *)msg, (size_t)n, mac, &len))
		return -1;
	tg_hex_encode(mac, 32, out);
	return 0;
}

void notify_base_url(struct tg_server *srv, char *out, size_t n)
{
	if (srv->cfg.public_url[0]) {
		snprintf(out, n, "%s", srv->cfg.public_url);
		size_t l = strlen(out);
		if (l && out[l - 1] == '/')
			out[l - 1] = '\0';
	} else {
		snprintf(out, n, "https://%s:%d", srv->cfg.listen_host, srv->cfg.listen_port);
	}
}

char *notify_unsub_url(struct tg_server *srv, int64_t uid)
{
	char tok[65], base[1100];
	if (notify_unsub_token(srv, uid, tok) != 0)
		return NULL;
	notify_base_url(srv, base, sizeof base);
	size_t n = strlen(base) + 128;
	char *url = malloc(n);
	if (url)
		snprintf(url, n, "%s/unsubscribe?u=%lld&t=%s", base, (long long)uid, tok);
	return url;
}

static const char *event_name(unsigned ev)
{
	return ev == TG_EV_YOUR_MOVE           ? "your_move"
	       : ev == TG_EV_MATCH_STARTED     ? "match_started"
	       : ev == TG_EV_MATCH_FINISHED    ? "match_finished"
	       : ev == TG_EV_CLOCK_LOW         ? "clock_low"
	       : ev == TG_EV_OPPONENT_VACATION ? "opponent_vacation"
	       : ev == TG_EV_INVITED           ? "invited"
	       : ev == TG_EV_CHAT_AWAY         ? "chat"
	       : ev == TG_EV_MAIL_ANSWER       ? "mail_answer"
	                                       : "account";
}

/* The webhook body: ours, or Discord's / Slack's. */
static char *webhook_body(const char *format, const char *event, const char *subject,
                          const char *text, json_t *extra)
{
	size_t n = strlen(subject) + strlen(text) + 2;
	char *both = malloc(n);
	if (!both)
		return NULL;
	snprintf(both, n, "%s\n%s", subject, text);
	json_t *j;
	if (strcmp(format, "discord") == 0)
		j = json_pack("{s:s}", "content", both);
	else if (strcmp(format, "slack") == 0)
		j = json_pack("{s:s}", "text", both);
	else {
		j = json_pack("{s:s,s:s,s:s}", "event", event, "subject", subject, "text", text);
		if (j && extra)
			json_object_update(j, extra);
	}
	free(both);
	char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	return s;
}

#define GATHER_MAX 16000 /* bytes of a gathering row's body; then it takes no more */

/* body + more, more (whole lines) inserted before the email's signature
 * ("\n\n-- \n") or appended to the webhook body's text member; NULL past
 * GATHER_MAX (put_row then starts another row) or on failure. */
static char *gathered(const char *channel, const char *body, const char *more)
{
	size_t n = strlen(body), k = strlen(more);
	if (n + k > GATHER_MAX)
		return NULL;
	if (strcmp(channel, "email") == 0) {
		/* The last signature: the text ends before it. */
		const char *sig = NULL;
		for (const char *p = strstr(body, "\n\n-- \n"); p; p = strstr(p + 1, "\n\n-- \n"))
			sig = p;
		size_t at = sig ? (size_t)(sig - body) : n;
		char *out = malloc(n + k + 1);
		if (out)
			snprintf(out, n + k + 1, "%.*s%s%s", (int)at, body, more, body + at);
		return out;
	}
	json_t *j = json_loads(body, 0, NULL);
	const char *member = json_object_get(j, "text") ? "text" : "content";
	const char *was = json_string_value(json_object_get(j, member));
	char *out = NULL;
	if (was) {
		size_t w = strlen(was);
		char *t = malloc(w + k + 2);
		if (t) {
			snprintf(t, w + k + 2, "%s%s%s", was, w && was[w - 1] == '\n' ? "" : "\n",
			         more);
			json_object_set_new(j, member, json_string(t));
			free(t);
			out = json_dumps(j, JSON_COMPACT);
		}
	}
	json_decref(j);
	return out;
}

/* Writes one outbox row (row: every column but the group's), or with g adds
 * g->more to the group's row still gathering. */
static int put_row(struct tg_server *srv, json_t *row, const struct notify_group *g,
                   struct tg_error *err)
{
	if (!g)
		return tg_store_outbox_add(srv->store, row, srv_now(), err) >= 0 ? 0 : -1;
	int64_t uid = json_integer_value(json_object_get(row, "user_id"));
	const char *channel = json_string_value(json_object_get(row, "channel"));
	json_t *open = tg_store_outbox_gathering(srv->store, uid, channel, g->grp, srv_now(), err);
	if (!open)
		return -1;
	int rc = 0;
	char *body = json_is_object(open) ? gathered(channel, str(open, "body"), g->more) : NULL;
	if (body) {
		rc = tg_store_outbox_rewrite(srv->store,
		                             json_integer_value(json_object_get(open, "id")),
		                             str(open, "subject"), body, err);
	} else {
		/* A new row; one beside a full row goes out with it (nothing is
		 * left out, the window's mails are two). */
		int64_t last = tg_store_outbox_group_last(srv->store, uid, channel, g->grp, err);
		int64_t due = last > 0 && last + g->gap > g->due ? last + g->gap : g->due;
		if (json_is_object(open))
			due = json_integer_value(json_object_get(open, "next_at"));
		if (due > srv_now() && g->later_subject) {
			json_object_set_new(row, "subject", json_string(g->later_subject));
			json_object_set_new(row, "body", json_string(g->later_body));
		}
		json_object_set_new(row, "grp", json_string(g->grp));
		json_object_set_new(row, "next_at", json_integer(due));
		rc = last < 0 || tg_store_outbox_add(srv->store, row, srv_now(), err) < 0 ? -1 : 0;
	}
	free(body);
	json_decref(open);
	return rc;
}

static int queue(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                 const char *email, const char *subject, const char *text, json_t *extra,
                 const struct notify_group *g, const char *reply_to, struct tg_error *err);

int notify_digest_holds(struct tg_server *srv, int64_t uid, int64_t hours, struct tg_error *err)
{
	/* As put_row decides: a row of the group waits while its latest row
	 * went (or goes) out less than the window ago. */
	int64_t last = tg_store_outbox_group_last(srv->store, uid, "email", "digest", err);
	if (last < 0)
		return -1;
	return last > 0 && last + hours * 3600 > srv_now();
}

int notify_queue(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                 const char *email, const char *subject, const char *text, json_t *extra,
                 struct tg_error *err)
{
	return queue(srv, uid, ev, key, email, subject, text, extra, NULL, NULL, err);
}

int notify_queue_group(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                       const char *email, const char *subject, const char *text, json_t *extra,
                       const struct notify_group *g, struct tg_error *err)
{
	return queue(srv, uid, ev, key, email, subject, text, extra, g, NULL, err);
}

int notify_queue_reply(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                       const char *email, const char *subject, const char *text, json_t *extra,
                       const char *reply_to, struct tg_error *err)
{
	return queue(srv, uid, ev, key, email, subject, text, extra, NULL, reply_to, err);
}

static int queue(struct tg_server *srv, int64_t uid, unsigned ev, const char *key,
                 const char *email, const char *subject, const char *text, json_t *extra,
                 const struct notify_group *g, const char *reply_to, struct tg_error *err)
{
	json_t *set = tg_store_notify_settings(srv->store, uid, err);
	if (!set)
		return -1;
	int rc = 0;
	unsigned events = (unsigned)json_integer_value(json_object_get(set, "events"));
	/* Codes (ev 0) and answers go by email whatever the events, at once. */
	bool direct = !(ev & TG_EV_ALL);
	bool wanted = direct || (events & ev);
	const char *addr = email;
	if (!addr && wanted && json_integer_value(json_object_get(set, "email_verified")) == 1 &&
	    json_is_null(json_object_get(set, "email_parked")))
		addr = json_string_value(json_object_get(set, "email"));
	char idem[256];
	if (addr && srv->cfg.smtp_url[0]) {
		char *unsub = notify_unsub_url(srv, uid);
		size_t n = strlen(text) + strlen(subject) + (unsub ? strlen(unsub) : 0) + 200;
		char *body = malloc(n), *section = malloc(n), *later = malloc(n);
		if (!unsub || !body || !section || !later) {
			rc = tg_fail(err, "internal", "out of memory");
		} else {
			static const char sig[] =
			    "\n\n-- \nTelegraph. To receive no more of these emails, open\n%s\n";
			snprintf(body, n, "%s", text);
			snprintf(body + strlen(body), n - strlen(body), sig, unsub);
			/* Digest mode (not for codes): one mail per digest_hours. The
			 * first event after a quiet window goes at once, as itself;
			 * what follows within the window is gathered, a section each,
			 * into one row due when the window ends. */
			int64_t hours = json_integer_value(json_object_get(set, "digest_hours"));
			snprintf(section, n, "\n== %s ==\n%s", subject, text);
			snprintf(later, n, "%s", section + 1);
			snprintf(later + strlen(later), n - strlen(later), sig, unsub);
			struct notify_group digest = {"digest", srv_now(),          hours * 3600,
			                              section,  "Telegraph digest", later};
			snprintf(idem, sizeof idem, "%s:u%lld:email", key, (long long)uid);
			json_t *row =
			    json_pack("{s:s,s:I,s:s,s:s,s:s,s:s,s:s}", "idem_key", idem, "user_id",
			              (json_int_t)uid, "channel", "email", "address", addr, "event",
			              event_name(ev), "subject", subject, "body", body);
			if (row && reply_to)
				json_object_set_new(row, "reply_to", json_string(reply_to));
			rc = row ? put_row(srv, row, !direct && hours > 0 ? &digest : g, err) : -1;
			if (!row)
				tg_fail(err, "internal", "out of memory");
			json_decref(row);
		}
		free(unsub);
		free(body);
		free(section);
		free(later);
	}
	const char *hook = json_string_value(json_object_get(set, "webhook_url"));
	if (rc == 0 && !direct && wanted && hook &&
	    json_is_null(json_object_get(set, "webhook_parked"))) {
		char *body =
		    webhook_body(str(set, "webhook_format"), event_name(ev), subject, text, extra);
		snprintf(idem, sizeof idem, "%s:u%lld:webhook", key, (long long)uid);
		json_t *row =
		    body ? json_pack("{s:s,s:I,s:s,s:s,s:s,s:s,s:s}", "idem_key", idem, "user_id",
		                     (json_int_t)uid, "channel", "webhook", "address", hook,
		                     "event", event_name(ev), "subject", subject, "body", body)
		         : NULL;
		rc = row ? put_row(srv, row, g, err) : -1;
		if (!row)
			tg_fail(err, "internal", "out of memory");
		json_decref(row);
		free(body);
	}
	json_decref(set);
	if (rc == 0)
		srv->notify_queued = true;
	return rc;
}

int64_t notify_seat_user(const struct tg_match *m, int r)
{
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(m->row, "seats"), i, seat)
	{
		if (strcmp(str(seat, "role"), m->mod->roles[r]) == 0)
			return json_integer_value(json_object_get(seat, "user_id"));
	}
	return 0;
}

bool notify_following(const struct tg_match *m, int64_t uid, int r)
{
	for (unsigned i = 0; i < m->nsubs; i++)
		if (!m->subs[i].s->closed && m->subs[i].s->user_id == uid && m->subs[i].role == r)
			return true;
	return false;
}

/* Where replies are taken: is a fresh "your move" due to role r, awaited
 * before the action of role actor and still? Only where the address of his
 * last one is spent: his own email reply played the action (by_reply), or
 * another role's action moved the match past the seq of his unused, live
 * address. A player who acts by the client or the web is told nothing: he
 * knows it is his move, and no token is made for him. 1, 0 or -1. */
static int reply_spent(struct tg_server *srv, struct tg_match *m, int r, int actor, bool by_reply,
                       struct tg_error *err)
{
	if (r == actor)
		return by_reply;
	json_t *t = tg_store_mail_token_last(srv->store, m->id, m->mod->roles[r], err);
	if (!t)
		return -1;
	int due = json_is_object(t) && json_is_null(json_object_get(t, "used")) &&
	          json_integer_value(json_object_get(t, "user_id")) == notify_seat_user(m, r) &&
	          json_integer_value(json_object_get(t, "expires")) > srv_now() &&
	          json_integer_value(json_object_get(t, "seq")) < m->seq;
	json_decref(t);
	return due;
}

int notify_awaited(struct tg_server *srv, struct tg_match *m, unsigned before, int actor,
                   bool by_reply, struct tg_error *err)
{
	if (m->st.finished)
		return 0;
	for (int r = 0; r < m->nroles; r++) {
		if (!(m->st.awaiting & (1u << r)))
			continue;
		int due = !(before & (1u << r))   ? 1
		          : srv->cfg.lmtp_host[0] ? reply_spent(srv, m, r, actor, by_reply, err)
		                                  : 0;
		if (due < 0 || (due && notify_your_move(srv, m, r, NULL, err) != 0))
			return -1;
	}
	return 0;
}

/* The players' names, "alice (alpha), bob (beta)". */
static void players(const struct tg_match *m, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(m->row, "seats"), i, seat)
	{
		int k = snprintf(out + len, n - len, "%s%s (%s)", i ? ", " : "",
		                 str(seat, "user_name"), str(seat, "role"));
		if (k < 0 || (size_t)k >= n - len)
			break;
		len += (size_t)k;
	}
}

static int to_every_player(struct tg_server *srv, struct tg_match *m, unsigned ev, const char *what,
                           const char *subject, const char *text, struct tg_error *err)
{
	for (int r = 0; r < m->nroles; r++) {
		int64_t uid = notify_seat_user(m, r);
		if (!uid)
			continue;
		char key[96];
		snprintf(key, sizeof key, "%s:m%lld", what, (long long)m->id);
		json_t *extra = json_pack("{s:I,s:s,s:s}", "match", (json_int_t)m->id, "game",
		                          m->mod->id, "role", m->mod->roles[r]);
		json_t *result = json_object_get(m->row, "result");
		if (extra && ev == TG_EV_MATCH_FINISHED && json_is_object(result))
			json_object_set(extra, "result", result);
		int rc = extra ? notify_queue(srv, uid, ev, key, NULL, subject, text, extra, err)
		               : tg_fail(err, "internal", "out of memory");
		json_decref(extra);
		if (rc != 0)
			return -1;
	}
	return 0;
}

int notify_match_started(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	char who[400], subject[200], text[700];
	players(m, who, sizeof who);
	snprintf(subject, sizeof subject, "Match %lld of %s has started", (long long)m->id,
	         m->mod->title);
	snprintf(text, sizeof text, "Match %lld of %s (%s) has started: %s.\n", (long long)m->id,
	         m->mod->title, str(m->row, "scenario"), who);
	if (to_every_player(srv, m, TG_EV_MATCH_STARTED, "match_started", subject, text, err) != 0)
		return -1;
	return notify_awaited(srv, m, 0, -1, false, err);
}

int notify_match_finished(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	char who[400], subject[200], text[800];
	players(m, who, sizeof who);
	json_t *result = json_object_get(m->row, "result");
	const char *summary = str(result, "summary");
	snprintf(subject, sizeof subject, "Match %lld of %s has ended: %s", (long long)m->id,
	         m->mod->title, summary);
	snprintf(text, sizeof text, "Match %lld of %s (%s) between %s has ended.\nResult: %s\n",
	         (long long)m->id, m->mod->title, str(m->row, "scenario"), who, summary);
	return to_every_player(srv, m, TG_EV_MATCH_FINISHED, "match_finished", subject, text, err);
}

int notify_clock_low(struct tg_server *srv, struct tg_match *m, int r, int64_t left,
                     int64_t deadline, struct tg_error *err)
{
	int64_t uid = notify_seat_user(m, r);
	if (!uid || notify_following(m, uid, r))
		return 0;
	char when[40], subject[200], text[600], key[96];
	time_t t = (time_t)deadline;
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
	snprintf(subject, sizeof subject, "Your clock runs low in %s, match %lld", m->mod->title,
	         (long long)m->id);
	snprintf(text, sizeof text,
	         "Your clock as %s in match %lld (%s) has %lld h %02lld min left: it runs out "
	         "at %s.\n\nPlay it with: telegraph play %lld\n",
	         m->mod->roles[r], (long long)m->id, m->mod->title, (long long)(left / 3600),
	         (long long)(left % 3600 / 60), when, (long long)m->id);
	snprintf(key, sizeof key, "clock_low:m%lld:s%lld:%s:d%lld", (long long)m->id,
	         (long long)m->seq, m->mod->roles[r], (long long)deadline);
	json_t *extra = json_pack("{s:I,s:s,s:s,s:I,s:I}", "match", (json_int_t)m->id, "game",
	                          m->mod->id, "role", m->mod->roles[r], "left", (json_int_t)left,
	                          "deadline", (json_int_t)deadline);
	int rc = extra
	             ? notify_queue(srv, uid, TG_EV_CLOCK_LOW, key, NULL, subject, text, extra, err)
	             : tg_fail(err, "internal", "out of memory");
	json_decref(extra);
	return rc;
}

int notify_vacation(struct tg_server *srv, struct tg_match *m, int r, int64_t until,
                    struct tg_error *err)
{
	char when[40] = "", subject[200], text[600], key[96];
	if (until) {
		time_t t = (time_t)until;
		struct tm tm;
		gmtime_r(&t, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
	}
	for (int o = 0; o < m->nroles; o++) {
		int64_t uid = notify_seat_user(m, o);
		if (o == r || !uid || uid == notify_seat_user(m, r))
			continue;
		if (until) {
			snprintf(subject, sizeof subject,
			         "Your opponent in match %lld is on vacation", (long long)m->id);
			snprintf(text, sizeof text,
			         "Your opponent (%s) in match %lld of %s is on vacation until %s: "
			         "his clock stands still until then.\n",
			         m->mod->roles[r], (long long)m->id, m->mod->title, when);
		} else {
			snprintf(subject, sizeof subject, "Your opponent in match %lld is back",
			         (long long)m->id);
			snprintf(
			    text, sizeof text,
			    "Your opponent (%s) in match %lld of %s is back from vacation: his "
			    "clock runs again when he is awaited.\n",
			    m->mod->roles[r], (long long)m->id, m->mod->title);
		}
		snprintf(key, sizeof key, "opponent_vacation:m%lld:%s:t%lld:%s", (long long)m->id,
		         m->mod->roles[r], (long long)srv_now(), until ? "on" : "off");
		json_t *extra =
		    json_pack("{s:I,s:s,s:s,s:s,s:o}", "match", (json_int_t)m->id, "game",
		              m->mod->id, "role", m->mod->roles[o], "opponent_role",
		              m->mod->roles[r], "until", until ? json_integer(until) : json_null());
		int rc = extra ? notify_queue(srv, uid, TG_EV_OPPONENT_VACATION, key, NULL, subject,
		                              text, extra, err)
		               : tg_fail(err, "internal", "out of memory");
		json_decref(extra);
		if (rc != 0)
			return -1;
	}
	return 0;
}
