/* mail_in.c — a reply to a "your move" email makes the move (issue 19).
 * The recipient address carries the token (mail_token.h), which says whose
 * move, in which match, as which role and at which seq; the reply's first
 * own line (mail/mail_body.h) names an action of that role's view by its
 * number or label. The token is consumed in the transaction of the move.
 * A reply that cannot be played (stale seq, used or expired token, a token
 * of another match than the address names, an unreadable body, a refusal)
 * gets a short email saying why, with the position now (notify_your_move,
 * through the outbox). Automatic mail (a null sender, Auto-Submitted,
 * Precedence: bulk/junk/list) and our own emails come back (a loop) are
 * accepted and dropped, so that nothing answers an autoresponder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mail_in.h"
#include "core/mail_token.h"
#include "core/notify.h"
#include "core/server_internal.h"
#include "kit/param_by.h"
#include "mail/mail_body.h"
#include "mail/mail_parse.h"
#include "util/log.h"

#define LINE_MAX_BYTES 300 /* of the reply's first line, as read */

int mail_in_rcpt(struct tg_server *srv, const char *rcpt, char reply[TG_MAIL_REPLY_MAX])
{
	int64_t mid;
	uint8_t hash[32];
	struct tg_error err = {0};
	if (tg_mail_reply_parse(rcpt, srv->cfg.mail_reply_local, &mid, hash) != 0) {
		snprintf(reply, TG_MAIL_REPLY_MAX, "550 5.1.1 Not a Telegraph reply address");
		return -1;
	}
	json_t *row = tg_store_mail_token_get(srv->store, hash, &err);
	if (!row) {
		snprintf(reply, TG_MAIL_REPLY_MAX, "451 4.3.0 The database could not be read");
		return -1;
	}
	bool known = !json_is_null(row);
	json_decref(row);
	if (!known) {
		snprintf(reply, TG_MAIL_REPLY_MAX, "550 5.1.1 Unknown reply address");
		return -1;
	}
	return 0;
}

struct consume {
	struct tg_server *srv;
	const uint8_t *hash;
};

/* In the move's transaction: the token is used up (notify_awaited then
 * sends the next "your move", with a fresh token, to whoever is awaited). */
static int consume(void *ctx, struct tg_error *err)
{
	struct consume *c = ctx;
	int used = tg_store_mail_token_use(c->srv->store, c->hash, srv_now(), err);
	if (used < 0)
		return -1;
	return used == 1 ? 0 : tg_fail(err, "storage", "the reply token was used meanwhile");
}

static int role_index(const struct tg_match *m, const char *name)
{
	for (int r = 0; r < m->nroles; r++)
		if (strcmp(m->mod->roles[r], name) == 0)
			return r;
	return -1;
}

/* Sets param p of action to part i of the reply's numbers (a choice, or
 * for a "many" param an array of the listed choices in their order, each
 * once). 0, else a sentence in why. */
static int set_param(json_t *action, const json_t *p, const struct tg_mail_numbers *nums, int i,
                     int a, char *why, size_t n)
{
	const char *name = json_string_value(json_object_get(p, "name"));
	json_t *choices = json_object_get(p, "choices");
	size_t nc = json_array_size(choices);
	if (!name)
		return snprintf(why, n, "The server could not read action %d. Nothing was played.",
		                a),
		       -1;
	for (int k = 0; k < nums->npick[i]; k++)
		if ((size_t)nums->pick[i][k] > nc) {
			snprintf(why, n,
			         "Your reply chose %d for the %s of action %d, but its choices are "
			         "numbered 1 to %zu. Nothing was played.",
			         nums->pick[i][k], json_string_value(json_object_get(p, "label")),
			         a, nc);
			return -1;
		}
	if (!json_is_true(json_object_get(p, "many"))) {
		if (nums->npick[i] != 1) {
			snprintf(why, n,
			         "Action %d needs one choice for its %s (1 to %zu). Nothing was "
			         "played.",
			         a, json_string_value(json_object_get(p, "label")), nc);
			return -1;
		}
		json_object_set(
		    action, name,
		    json_object_get(json_array_get(choices, (size_t)nums->pick[i][0] - 1),
		                    "value"));
		return 0;
	}
	json_t *vals = json_array();
	for (size_t c = 0; c < nc; c++) {
		bool picked = false;
		for (int k = 0; k < nums->npick[i]; k++)
			picked |= (size_t)nums->pick[i][k] == c + 1;
		if (picked)
			json_array_append(vals,
			                  json_object_get(json_array_get(choices, c), "value"));
	}
	json_object_set_new(action, name, vals);
	return 0;
}

/* A param "by" another (kit/param_by.h): the choice part i of the reply
 * names must be one the other's chosen choice opens (the email lists each
 * one's as "only"/"all but", notify_move.c). 0, else a sentence in why. */
static int by_open(const json_t *params, const json_t *p, const struct tg_mail_numbers *nums, int i,
                   int a, char *why, size_t n)
{
	long b = tg_param_by_index(params, p);
	const json_t *q = b < 0 ? NULL : json_array_get(params, (size_t)b);
	if (!q || json_is_true(json_object_get(p, "many")) ||
	    json_is_true(json_object_get(q, "many")))
		return 0;
	size_t kb = (size_t)nums->pick[b][0] - 1, kc = (size_t)nums->pick[i][0] - 1;
	if (tg_param_open(p, kb, kc))
		return 0;
	snprintf(why, n,
	         "Your reply chose %d for the %s of action %d, which is not open to %d for "
	         "its %s: the email lists each one's. Nothing was played.",
	         nums->pick[i][0], json_string_value(json_object_get(p, "label")), a,
	         nums->pick[b][0], json_string_value(json_object_get(q, "label")));
	return -1;
}

/* The action the line names in the view's actions, into *action (a new
 * reference); else a sentence in why. A number names the action, then one
 * number per param in order (N, N.K, N.K.L: issue 17). */
json_t *mail_in_choose(const json_t *acts, const char *line, char *why, size_t n,
                       const char **label_out)
{
	struct tg_mail_numbers nums = {0};
	size_t count = json_array_size(acts), i;
	const json_t *e;
	if (tg_mail_numbers(line, &nums) != 0) {
		nums = (struct tg_mail_numbers){0};
		json_array_foreach(acts, i, e)
		{
			const char *label = json_string_value(json_object_get(e, "label"));
			if (label && tg_mail_label_is(line, label)) {
				nums.action = (int)i + 1;
				break;
			}
		}
		if (!nums.action) {
			snprintf(
			    why, n,
			    "Your reply said \"%.80s\", which is neither the number nor the label "
			    "of one of your actions. Nothing was played.",
			    line);
			return NULL;
		}
	}
	int a = nums.action;
	if (a < 1 || (size_t)a > count) {
		snprintf(why, n,
		         "Your reply chose action %d, but the actions are numbered 1 to %zu. "
		         "Nothing was played.",
		         a, count);
		return NULL;
	}
	e = json_array_get(acts, (size_t)a - 1);
	*label_out = json_string_value(json_object_get(e, "label"));
	json_t *params = json_object_get(e, "params");
	size_t np = json_array_size(params);
	if (np == 0 && nums.nparts) {
		snprintf(why, n, "Action %d has no choices to pick (%.40s). Nothing was played.", a,
		         line);
		return NULL;
	}
	if ((size_t)nums.nparts != np) {
		char form[48] = "";
		for (size_t k = 0; k < np && k < 6; k++)
			snprintf(form + strlen(form), sizeof form - strlen(form), ".%c",
			         "KLMPQR"[k]);
		snprintf(why, n,
		         "Action %d needs %zu choice%s, one number for each: reply %d%s. Nothing "
		         "was played.",
		         a, np, np == 1 ? "" : "s", a, form);
		return NULL;
	}
	json_t *action = json_deep_copy(json_object_get(e, "action"));
	if (!action) {
		snprintf(why, n, "The server ran out of memory. Nothing was played.");
		return NULL;
	}
	for (size_t k = 0; k < np; k++)
		if (set_param(action, json_array_get(params, k), &nums, (int)k, a, why, n) != 0 ||
		    by_open(params, json_array_get(params, k), &nums, (int)k, a, why, n) != 0) {
			json_decref(action);
			return NULL;
		}
	return action;
}

/* Reads the reply and plays it, or fills why. 0; -1 on a storage failure. */
static int play(struct tg_server *srv, struct tg_match *m, int r, const uint8_t hash[32],
                const struct tg_mail *mail, bool parsed, char *why, size_t n, char *done, size_t dn)
{
	char line[LINE_MAX_BYTES];
	if (!parsed || !mail->text || tg_mail_first_line(mail->text, line, sizeof line) != 0) {
		snprintf(why, n,
		         "Your reply could not be read: write the number of your action on its "
		         "first line%s. Nothing was played.",
		         parsed && !mail->text ? " (it had no text)" : "");
		return 0;
	}
	json_t *v = views_view(m, r);
	const char *label = NULL;
	json_t *action =
	    v ? mail_in_choose(json_object_get(v, "actions"), line, why, n, &label) : NULL;
	if (!v)
		snprintf(why, n, "The server could not show the game. Nothing was played.");
	if (!action) {
		json_decref(v);
		return 0;
	}
	snprintf(done, dn, "%.150s", label ? label : "");
	struct consume ctx = {srv, hash};
	struct tg_error err = {0};
	int rc = 0;
	if (match_act(srv, m, r, action, consume, &ctx, &err) == 0) {
		match_act_after(srv, m);
	} else if (strcmp(err.code, "storage") == 0) {
		rc = -1;
	} else {
		snprintf(why, n, "The game refused it: %s. Nothing was played.", err.message);
	}
	json_decref(action);
	json_decref(v);
	return rc;
}

/* Whether another answer may go to user uid: at most mail_answers_per_hour
 * in the last hour, counted on the outbox, so that a stranger who saw a
 * reply address cannot make the daemon mail its player without end. 1, 0,
 * or -1 on a storage failure. */
static int answers_left(struct tg_server *srv, int64_t uid, struct tg_error *err)
{
	int64_t n = tg_store_outbox_recent(srv->store, uid, "mail_answer", srv_now() - 3600, err);
	return n < 0 ? -1 : n < (int64_t)srv->cfg.mail_answers_per_hour;
}

void mail_in_deliver(struct tg_server *srv, const char *sender, const char *rcpt, const char *msg,
                     size_t len, char reply[TG_MAIL_REPLY_MAX])
{
	int64_t mid;
	uint8_t hash[32];
	struct tg_error err = {0};
	if (tg_mail_reply_parse(rcpt, srv->cfg.mail_reply_local, &mid, hash) != 0) {
		snprintf(reply, TG_MAIL_REPLY_MAX, "550 5.1.1 Not a Telegraph reply address");
		return;
	}
	json_t *row = tg_store_mail_token_get(srv->store, hash, &err);
	if (!row || json_is_null(row)) {
		snprintf(reply, TG_MAIL_REPLY_MAX,
		         row ? "550 5.1.1 Unknown reply address" : "451 4.3.0 Database unreadable");
		json_decref(row);
		return;
	}
	struct tg_mail mail;
	bool parsed = tg_mail_parse(msg, len, &mail) == 0;
	int64_t tmid = json_integer_value(json_object_get(row, "match_id"));
	if (!sender[0] || mail.automatic || mail.loop) {
		TG_INFO(0, tmid, "mail-in: %s ignored",
		        mail.loop ? "a loop" : "an automatic message");
		snprintf(reply, TG_MAIL_REPLY_MAX, "250 2.0.0 Automatic message: ignored");
		goto out;
	}
	struct tg_match *m = match_get(srv, tmid, &err);
	int r = m ? role_index(m, json_string_value(json_object_get(row, "role"))) : -1;
	int64_t uid = json_integer_value(json_object_get(row, "user_id"));
	if (!m || r < 0 || notify_seat_user(m, r) != uid) {
		snprintf(reply, TG_MAIL_REPLY_MAX, "550 5.1.1 That match or seat is gone");
		goto out;
	}
	char why[600] = "", done[160] = "";
	int answered = 1;
	int64_t seq = json_integer_value(json_object_get(row, "seq"));
	int64_t used = json_integer_value(json_object_get(row, "used"));
	const char *st = match_status(m);
	switch (tg_mail_token_state(used, json_integer_value(json_object_get(row, "expires")),
	                            srv_now())) {
	case TG_MAIL_TOKEN_USED:
		snprintf(why, sizeof why,
		         "That reply address was used already: each one works once. Nothing was "
		         "played.");
		break;
	case TG_MAIL_TOKEN_EXPIRED:
		snprintf(why, sizeof why, "That reply address has expired. Nothing was played.");
		break;
	case TG_MAIL_TOKEN_OK:
		break;
	}
	if (why[0]) {
	} else if (tmid != mid) {
		snprintf(why, sizeof why,
		         "That reply address names match %lld, but its token was made for match "
		         "%lld. Nothing was played.",
		         (long long)mid, (long long)tmid);
	} else if (strcmp(st, "active") != 0 || !m->g) {
		snprintf(why, sizeof why, "Match %lld is %s, not being played. Nothing was played.",
		         (long long)tmid, st);
	} else if (seq != m->seq) {
		snprintf(why, sizeof why,
		         "Match %lld has moved on since that email (it was at seq %lld, it is at "
		         "%lld now). Nothing was played.",
		         (long long)tmid, (long long)seq, (long long)m->seq);
	} else if (play(srv, m, r, hash, &mail, parsed, why, sizeof why, done, sizeof done) != 0) {
		snprintf(reply, TG_MAIL_REPLY_MAX,
		         "451 4.3.0 The database could not save the move");
		goto out;
	}
	if (!why[0]) {
		TG_INFO(0, tmid, "mail-in: %s played seq %lld by email", m->mod->roles[r],
		        (long long)m->seq);
		snprintf(reply, TG_MAIL_REPLY_MAX, "250 2.0.0 Played: %s", done);
	} else if ((answered = answers_left(srv, uid, &err)) < 0 || srv_tx(srv, &err) != 0 ||
	           (answered && notify_your_move(srv, m, r, why, &err) != 0)) {
		srv_tx_fail(srv);
		snprintf(reply, TG_MAIL_REPLY_MAX,
		         "451 4.3.0 The database could not save the answer");
	} else if (!answered) {
		TG_WARN(0, tmid,
		        "mail-in: not played (%s); not answered: user %lld had %u answers "
		        "this hour",
		        why, (long long)uid, srv->cfg.mail_answers_per_hour);
		snprintf(reply, TG_MAIL_REPLY_MAX,
		         "250 2.0.0 Not played; not answered (too many answers this hour)");
	} else {
		TG_INFO(0, tmid, "mail-in: not played (%s)", why);
		snprintf(reply, TG_MAIL_REPLY_MAX, "250 2.0.0 Not played; the player is told why");
	}
out:
	tg_mail_free(&mail);
	json_decref(row);
}
