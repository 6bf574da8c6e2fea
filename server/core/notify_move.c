/* notify_move.c — the "your move" email (issue 19), written to the outbox
 * in the transaction of the change that awaits the player. Its text is made
 * from the recipient's own view (views_view for his role), so it never says
 * what his view hides: the prompt, the log lines since his last such email
 * (the newest lines that email showed are kept with its reply token, schema
 * 050), the legal actions numbered (a parameter's choice as N.K, several
 * parameters as N.K.L, one number each), and
 * the web client's link. Where the daemon takes replies (lmtp_listen) and
 * the email goes out, its Reply-To is LOCAL+MATCH-TOKEN@DOMAIN with a fresh
 * single-use token bound to user, match, role and seq (mail_in.c takes the
 * reply). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/mail_token.h"
#include "core/notify.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "kit/param_by.h"
#include "mail/mail_body.h"

#define LOG_LINES 5      /* of the log, when no earlier email marks where to start */
#define LOG_LINES_MAX 30 /* at most, since the last email */
#define TAIL_LINES 3     /* newest log lines kept with a token */

static const char *str(const json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));
	return v ? v : "";
}

/* A param's choice as the email shows it: its label, or (a choice
 * without one, PROTOCOL.md) its value: a string as it is, a number in
 * decimal, anything else as compact JSON (in buf, "" when longer). */
static const char *choice_text(const json_t *c, char *buf, size_t n)
{
	const char *l = json_string_value(json_object_get(c, "label"));
	const json_t *v = json_object_get(c, "value");
	if (l)
		return l;
	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_integer(v)) {
		snprintf(buf, n, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return buf;
	}
	size_t m = v ? json_dumpb(v, buf, n - 1, JSON_COMPACT | JSON_ENCODE_ANY) : 0;
	buf[m < n ? m : 0] = 0; /* too long for buf: nothing */
	return buf;
}

/* Appends printf output to a growing buffer. */
struct buf {
	char *p;
	size_t len, cap;
	bool oom;
};

static void bputf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bputf(struct buf *b, const char *fmt, ...)
{
	if (b->oom)
		return;
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = true;
			return;
		}
		if (b->p && b->len + (size_t)n < b->cap) {
			b->len += (size_t)n;
			return;
		}
		size_t cap = (b->cap + (size_t)n + 256) * 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			b->oom = true;
			return;
		}
		b->p = p;
		b->cap = cap;
		b->p[b->len] = '\0';
	}
}

/* One log entry as text: a string, or an object's "text", or its JSON. */
static void put_log_entry(struct buf *b, const json_t *e)
{
	if (json_is_string(e)) {
		bputf(b, "  %s\n", json_string_value(e));
		return;
	}
	const char *t = json_string_value(json_object_get(e, "text"));
	if (t) {
		bputf(b, "  %s\n", t);
		return;
	}
	char *d = json_dumps(e, JSON_COMPACT | JSON_ENCODE_ANY);
	bputf(b, "  %s\n", d ? d : "");
	free(d);
}

/* Where the new lines of log start: just after the latest place where the
 * lines of tail (the newest lines the last email showed) stand in a row;
 * -1 if tail is empty or not in the log any more. */
static long log_since(const json_t *log, const json_t *tail)
{
	size_t n = json_array_size(log), k = json_array_size(tail);
	if (!k || k > n)
		return -1;
	for (size_t end = n; end >= k; end--) {
		bool same = true;
		for (size_t j = 0; j < k && same; j++)
			same =
			    json_equal(json_array_get(log, end - k + j), json_array_get(tail, j));
		if (same)
			return (long)end;
	}
	return -1;
}

static void put_log(struct buf *b, const json_t *log, const json_t *tail)
{
	size_t n = json_array_size(log);
	long since = log_since(log, tail);
	size_t from;
	if (since >= 0) {
		if ((size_t)since == n)
			return;
		from = n - (size_t)since > LOG_LINES_MAX ? n - LOG_LINES_MAX : (size_t)since;
		bputf(b, "Since your last move:\n");
	} else {
		from = n > LOG_LINES ? n - LOG_LINES : 0;
		bputf(b, "Lately:\n");
	}
	for (size_t i = from; i < n; i++)
		put_log_entry(b, json_array_get(log, i));
	bputf(b, "\n");
}

/* Under choice k of params[j], for each later param "by" it
 * (kit/param_by.h) that the choice does not open whole, which of that
 * param's numbers it opens: "Destination (L): only 2, 5" or "all but 3",
 * wrapped at 72 columns. */
static void put_by(struct buf *b, const json_t *params, size_t j, size_t k)
{
	size_t q, x;
	json_t *p, *e, *n;
	json_array_foreach(params, q, p)
	{
		if (q <= j || tg_param_by_index(params, p) != (long)j)
			continue;
		e = json_array_get(json_object_get(p, "choices_by"), k);
		json_t *only = json_object_get(e, "only"),
		       *list = only ? only : json_object_get(e, "except");
		if (!only && json_array_size(list) == 0)
			continue;
		char line[96];
		int col = snprintf(line, sizeof line, "       %s (%c): %s", str(p, "label"),
		                   "KLMPQRST"[q], only ? "only" : "all but");
		bputf(b, "%s", line);
		json_array_foreach(list, x, n)
		{
			int w = snprintf(line, sizeof line, "%s%" JSON_INTEGER_FORMAT,
			                 x ? ", " : " ", json_integer_value(n) + 1);
			if (col + w > 72) {
				bputf(b, ",\n        ");
				col = 8;
				w = snprintf(line, sizeof line, " %" JSON_INTEGER_FORMAT,
				             json_integer_value(n) + 1);
			}
			bputf(b, "%s", line);
			col += w;
		}
		bputf(b, "\n");
	}
}

/* The legal actions numbered; an action's parameters' choices as N.K, or
 * N.K.L... with one number per parameter in order (issue 17: an action
 * offered as a product of choices has several). */
static void put_actions(struct buf *b, const json_t *acts)
{
	bputf(b, "Your legal actions:\n");
	char ct[96];
	size_t i, j, k;
	json_t *a, *p, *c;
	json_array_foreach(acts, i, a)
	{
		bputf(b, "  %zu. %s\n", i + 1, str(a, "label"));
		json_t *params = json_object_get(a, "params");
		size_t np = json_array_size(params);
		if (np == 1 && !json_is_true(json_object_get(json_array_get(params, 0), "many"))) {
			p = json_array_get(params, 0);
			bputf(b, "     %s (reply %zu.K):\n", str(p, "label"), i + 1);
			json_array_foreach(json_object_get(p, "choices"), k, c)
			{
				bputf(b, "     %zu.%zu %s\n", i + 1, k + 1,
				      choice_text(c, ct, sizeof ct));
			}
			continue;
		}
		if (np == 0 || np > TG_MAIL_PARTS_MAX)
			continue;
		char form[2 * TG_MAIL_PARTS_MAX + 1] = "";
		for (j = 0; j < np; j++)
			snprintf(form + 2 * j, sizeof form - 2 * j, ".%c", "KLMPQRST"[j]);
		json_array_foreach(params, j, p)
		{
			char letter = "KLMPQRST"[j];
			bool many = json_is_true(json_object_get(p, "many"));
			bputf(b, "     %s (%c in reply %zu%s%s):\n", str(p, "label"), letter, i + 1,
			      form, many ? "; several as 1+3, none as 0" : "");
			json_array_foreach(json_object_get(p, "choices"), k, c)
			{
				bputf(b, "     %c=%zu %s\n", letter, k + 1,
				      choice_text(c, ct, sizeof ct));
				put_by(b, params, j, k);
			}
		}
	}
	bputf(b, "\n");
}

/* The address an email to uid goes to (verified, not parked, wanting ev;
 * ev 0: any), or NULL; from his settings set. */
static const char *mail_to(struct tg_server *srv, const json_t *set, unsigned ev)
{
	unsigned events = (unsigned)json_integer_value(json_object_get(set, "events"));
	if (!srv->cfg.smtp_url[0] || (ev && !(events & ev)) ||
	    json_integer_value(json_object_get(set, "email_verified")) != 1 ||
	    !json_is_null(json_object_get(set, "email_parked")))
		return NULL;
	return json_string_value(json_object_get(set, "email"));
}

/* The domain of reply addresses: mail_reply_domain, else smtp_from's. */
static void reply_domain(const struct tg_config *cfg, char *out, size_t n)
{
	const char *at = strrchr(cfg->smtp_from, '@');
	if (cfg->mail_reply_domain[0])
		snprintf(out, n, "%s", cfg->mail_reply_domain);
	else if (at && at[1]) {
		snprintf(out, n, "%s", at + 1);
		out[strcspn(out, "> \t")] = '\0';
	} else
		snprintf(out, n, "localhost");
}

/* A fresh token for (uid, m, r at m->seq), stored hashed with the view's
 * newest log lines; its reply address in addr, the token in hex. */
static int mint(struct tg_server *srv, struct tg_match *m, int r, int64_t uid, const json_t *log,
                char *addr, size_t n, char hex[TG_MAIL_TOKEN_HEX + 1], struct tg_error *err)
{
	uint8_t hash[32];
	char domain[256];
	if (tg_mail_token_new(hex, hash) != 0)
		return tg_fail(err, "internal", "no random bytes for a reply token");
	reply_domain(&srv->cfg, domain, sizeof domain);
	if (tg_mail_reply_address(addr, n, srv->cfg.mail_reply_local, m->id, hex, domain) != 0)
		return tg_fail(err, "internal", "the reply address is too long");
	json_t *tail = json_array();
	size_t ln = json_array_size(log);
	for (size_t i = ln > TAIL_LINES ? ln - TAIL_LINES : 0; tail && i < ln; i++)
		json_array_append(tail, json_array_get(log, i));
	int64_t now = srv_now();
	json_t *row =
	    json_pack("{s:I,s:I,s:s,s:I,s:I,s:o}", "user_id", (json_int_t)uid, "match_id",
	              (json_int_t)m->id, "role", m->mod->roles[r], "seq", (json_int_t)m->seq,
	              "expires", (json_int_t)(now + (int64_t)srv->cfg.mail_reply_days * 86400),
	              "log_tail", tail ? tail : json_array());
	int rc = row ? tg_store_mail_token_add(srv->store, hash, row, now, err)
	             : tg_fail(err, "internal", "out of memory");
	json_decref(row);
	return rc;
}

int notify_your_move(struct tg_server *srv, struct tg_match *m, int r, const char *why,
                     struct tg_error *err)
{
	int64_t uid = notify_seat_user(m, r);
	if (!uid || (!why && notify_following(m, uid, r)))
		return 0;
	json_t *set = tg_store_notify_settings(srv->store, uid, err);
	if (!set)
		return -1;
	const char *to = mail_to(srv, set, why ? 0 : TG_EV_YOUR_MOVE);
	if (why && !to) { /* an answer goes by email or not at all */
		json_decref(set);
		return 0;
	}
	/* The recipient's own view: the email shows nothing it hides. */
	json_t *v = views_view(m, r);
	if (!v) {
		json_decref(set);
		return tg_fail(err, "internal", "the game could not make a view");
	}
	bool awaited = !m->st.finished && (m->st.awaiting & (1u << r));
	json_t *log = json_object_get(v, "log");
	json_t *acts = json_object_get(v, "actions");
	json_t *tail = tg_store_mail_log_tail(srv->store, m->id, m->mod->roles[r], err);
	char addr[400] = "", hex[TG_MAIL_TOKEN_HEX + 1] = "", base[1100];
	int rc = tail ? 0 : -1;
	/* In digest mode (digest_hours) an email the digest gathers goes when
	 * the window ends, by when a reply address would be stale: it gets
	 * none (nor does the digest). The first email of a quiet window goes at
	 * once, as itself, and gets one. An answer is never gathered. */
	int64_t hours = json_integer_value(json_object_get(set, "digest_hours"));
	int gathered = why || hours <= 0 ? 0 : notify_digest_holds(srv, uid, hours, err);
	if (gathered < 0)
		rc = -1;
	bool digest = gathered > 0;
	if (rc == 0 && to && awaited && !digest && srv->cfg.lmtp_host[0] && json_array_size(acts))
		rc = mint(srv, m, r, uid, log, addr, sizeof addr, hex, err);
	struct buf b = {0};
	if (why)
		bputf(&b, "%s\n\n", why);
	if (awaited)
		bputf(&b, "It is your move as %s in match %lld (%s, %s).\n\n", m->mod->roles[r],
		      (long long)m->id, m->mod->title, str(m->row, "scenario"));
	else
		bputf(&b, "It is not your move now as %s in match %lld (%s, %s)%s.\n\n",
		      m->mod->roles[r], (long long)m->id, m->mod->title, str(m->row, "scenario"),
		      m->st.finished ? ": the match is over" : "; you are told when it is");
	const char *prompt = json_string_value(json_object_get(v, "prompt"));
	if (prompt && awaited)
		bputf(&b, "%s\n\n", prompt);
	if (json_is_array(log) && json_array_size(log))
		put_log(&b, log, tail);
	if (awaited && json_is_array(acts) && json_array_size(acts))
		put_actions(&b, acts);
	if (addr[0])
		bputf(&b, "To play one, reply to this email with its number (or its label) on the "
		          "first line.\nThe reply address works once, for this position only.\n\n");
	notify_base_url(srv, base, sizeof base);
	bputf(&b, "On the web: %s/#/match/%lld\nOr: telegraph play %lld\n", base, (long long)m->id,
	      (long long)m->id);
	char subject[200], key[160];
	snprintf(subject, sizeof subject, "%s in %s, match %lld", why ? "Your reply" : "Your move",
	         m->mod->title, (long long)m->id);
	if (why) {
		uint8_t rnd[8];
		char rh[17] = "0";
		if (tg_random_bytes(rnd, sizeof rnd) == 0)
			tg_hex_encode(rnd, sizeof rnd, rh);
		snprintf(key, sizeof key, "mail_answer:m%lld:s%lld:%s:%s", (long long)m->id,
		         (long long)m->seq, m->mod->roles[r], rh);
	} else {
		snprintf(key, sizeof key, "your_move:m%lld:s%lld:%s", (long long)m->id,
		         (long long)m->seq, m->mod->roles[r]);
	}
	json_t *extra = json_pack("{s:I,s:s,s:s,s:I,s:o}", "match", (json_int_t)m->id, "game",
	                          m->mod->id, "role", m->mod->roles[r], "seq", (json_int_t)m->seq,
	                          "prompt", prompt ? json_string(prompt) : json_null());
	if (rc == 0)
		rc = b.oom || !extra
		         ? tg_fail(err, "internal", "out of memory")
		         : notify_queue_reply(srv, uid, why ? TG_EV_MAIL_ANSWER : TG_EV_YOUR_MOVE,
		                              key, why ? to : NULL, subject, b.p, extra,
		                              addr[0] ? addr : NULL, err);
	json_decref(extra);
	json_decref(tail);
	json_decref(v);
	json_decref(set);
	free(b.p);
	return rc;
}
