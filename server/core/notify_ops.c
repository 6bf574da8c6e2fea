/* notify_ops.c — a player's notification settings (issue 19) and the
 * forgotten password by email (issue 24). An email address is used only
 * after the code sent to it comes back (verify_email); before that nothing
 * but the code is sent there. A webhook gets a secret of its own that signs
 * every body (HMAC-SHA256, notify_send.c). */
#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notify.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "core/tokens.h"
#include "util/log.h"

#define EMAIL_MAX 254
#define URL_MAX 1000
#define RESET_CODE_S 3600    /* a reset code sent by email lasts an hour */
#define RESET_WINDOW_S 600   /* at most one reset email per user per window */
#define DIGEST_MAX_HOURS 168 /* a week (schema 057) */

static const struct {
	const char *name;
	unsigned bit;
} events[] = {{"your_move", TG_EV_YOUR_MOVE},
              {"match_started", TG_EV_MATCH_STARTED},
              {"match_finished", TG_EV_MATCH_FINISHED},
              {"clock_low", TG_EV_CLOCK_LOW},
              {"opponent_vacation", TG_EV_OPPONENT_VACATION},
              {"invited", TG_EV_INVITED},
              {"chat", TG_EV_CHAT_AWAY}};
#define NEVENTS (sizeof events / sizeof events[0])

static json_t *events_json(unsigned bits)
{
	json_t *a = json_array();
	for (size_t i = 0; i < NEVENTS; i++)
		if (bits & events[i].bit)
			json_array_append_new(a, json_string(events[i].name));
	return a;
}

/* The settings as the reply shows them. */
static json_t *settings_json(const json_t *set)
{
	json_t *o = json_pack(
	    "{s:O,s:b,s:O,s:o,s:O,s:O,s:O,s:O,s:O}", "email", json_object_get(set, "email"),
	    "email_verified", json_integer_value(json_object_get(set, "email_verified")) == 1,
	    "email_parked", json_object_get(set, "email_parked"), "events",
	    events_json((unsigned)json_integer_value(json_object_get(set, "events"))),
	    "webhook_url", json_object_get(set, "webhook_url"), "webhook_format",
	    json_object_get(set, "webhook_format"), "webhook_secret",
	    json_object_get(set, "webhook_secret"), "webhook_parked",
	    json_object_get(set, "webhook_parked"), "digest_hours",
	    json_object_get(set, "digest_hours"));
	return o;
}

/* A plain address: local@domain, printable ASCII, no spaces, angle
 * brackets, quotes or line ends (it goes into mail headers). */
static bool email_ok(const char *e)
{
	size_t n = strlen(e);
	const char *at = strchr(e, '@');
	if (n < 3 || n > EMAIL_MAX || !at || at == e || !at[1] || strchr(at + 1, '@'))
		return false;
	for (const char *p = e; *p; p++)
		if (*p <= ' ' || *p >= 127 || strchr("<>\"(),;:\\[]", *p))
			return false;
	return strchr(at + 1, '.') != NULL || strcmp(at + 1, "localhost") == 0;
}

/* https://..., or http:// to a loopback host where webhook_allow_loopback. */
static bool webhook_ok(const struct tg_server *srv, const char *u)
{
	size_t n = strlen(u);
	if (n > URL_MAX)
		return false;
	for (const char *p = u; *p; p++)
		if (*p <= ' ' || *p >= 127)
			return false;
	if (strncmp(u, "https://", 8) == 0 && n > 8)
		return true;
	if (!srv->cfg.webhook_allow_loopback || strncmp(u, "http://", 7) != 0)
		return false;
	const char *h = u + 7;
	return strncmp(h, "127.0.0.1", 9) == 0 || strncmp(h, "localhost", 9) == 0 ||
	       strncmp(h, "[::1]", 5) == 0;
}

static void sha256_hex(const char *s, char out[65])
{
	uint8_t h[32];
	SHA256((const unsigned char *)s, strlen(s), h);
	tg_hex_encode(h, 32, out);
}

/* A new address: a code to it, the address unverified until it comes back. */
static int start_verify(struct tg_server *srv, int64_t uid, const char *email, json_t *set,
                        struct tg_error *err)
{
	char code[TG_NOTIFY_CODE_DIGITS + 1], hash[65];
	for (int i = 0; i < TG_NOTIFY_CODE_DIGITS; i++) {
		int d = tg_random_below(10);
		if (d < 0)
			return tg_fail(err, "internal", "the random generator failed");
		code[i] = (char)('0' + d);
	}
	code[TG_NOTIFY_CODE_DIGITS] = '\0';
	sha256_hex(code, hash);
	int64_t now = srv_now();
	json_object_set_new(set, "email", json_string(email));
	json_object_set_new(set, "email_verified", json_integer(0));
	json_object_set_new(set, "email_parked", json_null());
	json_object_set_new(set, "verify_hash", json_string(hash));
	json_object_set_new(set, "verify_expires", json_integer(now + TG_NOTIFY_VERIFY_S));
	json_object_set_new(set, "verify_tries", json_integer(0));
	char text[400], key[64];
	snprintf(text, sizeof text,
	         "Your Telegraph verification code is %s\n\n"
	         "Give it to the server (telegraph notify verify %s) to receive notifications "
	         "at this address. It expires in 24 hours. If you did not ask for it, ignore "
	         "this email: nothing more will be sent here.\n",
	         code, code);
	snprintf(key, sizeof key, "verify:%.16s", hash);
	OPENSSL_cleanse(code, sizeof code);
	return notify_queue(srv, uid, 0, key, email, "Your Telegraph verification code", text, NULL,
	                    err);
}

void op_notify_settings(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const json_t *email = json_object_get(req, "email"), *ev = json_object_get(req, "events"),
	             *hook = json_object_get(req, "webhook_url"),
	             *fmt = json_object_get(req, "webhook_format"),
	             *digest = json_object_get(req, "digest_hours");
	if ((email && !json_is_string(email) && !json_is_null(email)) ||
	    (hook && !json_is_string(hook) && !json_is_null(hook)) || (ev && !json_is_array(ev)) ||
	    (fmt && !json_is_string(fmt)) ||
	    (digest && (!json_is_integer(digest) || json_integer_value(digest) < 0 ||
	                json_integer_value(digest) > DIGEST_MAX_HOURS))) {
		srv_error(s, req, "malformed_request",
		          "notify_settings takes \"email\" and \"webhook_url\" (strings, or null "
		          "to remove), \"events\" (an array of event names), "
		          "\"webhook_format\" and \"digest_hours\" (0 to 168).");
		return;
	}
	if (email && json_is_string(email) && !email_ok(json_string_value(email))) {
		srv_error(s, req, "bad_email", "That is not an email address this server can use.");
		return;
	}
	if (email && json_is_string(email) && !srv->cfg.smtp_url[0]) {
		srv_error(s, req, "email_unavailable", "This server sends no email.");
		return;
	}
	if (hook && json_is_string(hook) && !webhook_ok(srv, json_string_value(hook))) {
		srv_error(s, req, "bad_webhook",
		          "A webhook URL starts with https:// (at most %d "
		          "characters).",
		          URL_MAX);
		return;
	}
	if (fmt && strcmp(json_string_value(fmt), "json") != 0 &&
	    strcmp(json_string_value(fmt), "discord") != 0 &&
	    strcmp(json_string_value(fmt), "slack") != 0) {
		srv_error(s, req, "malformed_request",
		          "\"webhook_format\" is \"json\", \"discord\" or \"slack\".");
		return;
	}
	unsigned bits = 0;
	size_t i;
	json_t *e;
	json_array_foreach(ev, i, e)
	{
		size_t k = 0;
		while (k < NEVENTS &&
		       !(json_is_string(e) && strcmp(json_string_value(e), events[k].name) == 0))
			k++;
		if (k == NEVENTS) {
			srv_error(s, req, "malformed_request",
			          "The events are your_move, match_started, match_finished, "
			          "clock_low, opponent_vacation, invited and chat.");
			return;
		}
		bits |= events[k].bit;
	}
	struct tg_error err = {0};
	json_t *cur = tg_store_notify_settings(srv->store, s->user_id, &err);
	json_t *set = json_object();
	if (!cur || !set) {
		json_decref(set);
		json_decref(cur);
		srv_error_err(s, req, err.code[0] ? &err : &(struct tg_error){"internal", "oom"});
		return;
	}
	int rc = srv_tx(srv, &err);
	if (rc == 0 && email) {
		/* A new address (or the same one again, after parking or to get
		 * a new code) starts unverified; pending mail to the old one goes. */
		rc = tg_store_outbox_drop(srv->store, s->user_id, "email", &err);
		if (rc == 0 && json_is_string(email))
			rc = start_verify(srv, s->user_id, json_string_value(email), set, &err);
		else if (rc == 0) {
			json_t *off = json_pack("{s:n,s:i,s:n,s:n,s:n}", "email", "email_verified",
			                        0, "email_parked", "verify_hash", "verify_expires");
			json_object_update(set, off);
			json_decref(off);
		}
	}
	if (rc == 0 && hook) {
		const char *old = json_string_value(json_object_get(cur, "webhook_url"));
		rc = tg_store_outbox_drop(srv->store, s->user_id, "webhook", &err);
		if (json_is_null(hook)) {
			json_object_set_new(set, "webhook_url", json_null());
			json_object_set_new(set, "webhook_secret", json_null());
		} else if (!old || strcmp(old, json_string_value(hook)) != 0 ||
		           !json_is_null(json_object_get(cur, "webhook_parked"))) {
			uint8_t raw[32];
			char hex[65];
			if (tg_random_bytes(raw, sizeof raw) != 0)
				rc = tg_fail(&err, "internal", "the random generator failed");
			tg_hex_encode(raw, sizeof raw, hex);
			json_object_set_new(set, "webhook_url",
			                    json_string(json_string_value(hook)));
			json_object_set_new(set, "webhook_secret", json_string(hex));
		}
		json_object_set_new(set, "webhook_parked", json_null());
	}
	if (rc == 0 && fmt)
		json_object_set_new(set, "webhook_format", json_string(json_string_value(fmt)));
	if (rc == 0 && ev)
		json_object_set_new(set, "events", json_integer(bits));
	if (rc == 0 && digest)
		json_object_set_new(set, "digest_hours", json_integer(json_integer_value(digest)));
	if (rc == 0 && json_object_size(set))
		rc = tg_store_notify_settings_set(srv->store, s->user_id, set, &err);
	json_decref(set);
	json_decref(cur);
	if (rc != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	/* What the transaction will hold: read back inside it. */
	cur = tg_store_notify_settings(srv->store, s->user_id, &err);
	if (!cur) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:o}", "settings", settings_json(cur)));
	json_decref(cur);
}

void op_verify_email(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const char *code = json_string_value(json_object_get(req, "code"));
	if (!code) {
		srv_error(s, req, "malformed_request", "\"code\" is the string the email gave.");
		return;
	}
	struct tg_error err = {0};
	json_t *cur = tg_store_notify_settings(srv->store, s->user_id, &err);
	if (!cur) {
		srv_error_err(s, req, &err);
		return;
	}
	const char *want = json_string_value(json_object_get(cur, "verify_hash"));
	int64_t tries = json_integer_value(json_object_get(cur, "verify_tries"));
	int64_t expires = json_integer_value(json_object_get(cur, "verify_expires"));
	if (!want || tries >= TG_NOTIFY_VERIFY_TRIES || expires <= srv_now()) {
		json_decref(cur);
		srv_error(s, req, "bad_code",
		          "No code is waiting (or it expired, or was tried too often): set the "
		          "address again for a new one.");
		return;
	}
	char got[65];
	sha256_hex(code, got);
	bool ok = CRYPTO_memcmp(got, want, 64) == 0;
	json_t *set =
	    ok ? json_pack("{s:i,s:n,s:n}", "email_verified", 1, "verify_hash", "verify_expires")
	       : json_pack("{s:I}", "verify_tries", (json_int_t)(tries + 1));
	json_decref(cur);
	if (!set || srv_tx(srv, &err) != 0 ||
	    tg_store_notify_settings_set(srv->store, s->user_id, set, &err) != 0) {
		json_decref(set);
		srv_tx_fail(srv);
		srv_error_err(s, req, err.code[0] ? &err : &(struct tg_error){"internal", "oom"});
		return;
	}
	json_decref(set);
	if (!ok) {
		srv_error(s, req, "bad_code", "That is not the code sent to your address.");
		return;
	}
	TG_INFO(s->id, 0, "user %lld verified an email address", (long long)s->user_id);
	srv_ok(s, req, NULL);
}

/* Same answer whether or not the name exists or has an address (issue 24):
 * a code goes by email to the verified address of an existing, unbanned
 * user, at most once per RESET_WINDOW_S, and the attempts count per address
 * like logins. */
void op_forgot_password(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const char *name = json_string_value(json_object_get(req, "name"));
	if (!name || !name[0] || strlen(name) > TG_NAME_MAX) {
		srv_error(s, req, "malformed_request", "\"name\" is the account's name.");
		return;
	}
	int64_t now = srv_now();
	int64_t wait = tg_ratelimit_wait(&srv->login_addr, s->peer_group, now);
	if (wait > 0) {
		srv_rate_limited(s, req, wait, "Too many requests from your address; wait.");
		return;
	}
	tg_ratelimit_fail(&srv->login_addr, s->peer_group, now);
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_name(srv->store, name, &err);
	json_t *set = u ? tg_store_notify_settings(
	                      srv->store, json_integer_value(json_object_get(u, "id")), &err)
	                : NULL;
	if ((!u || !set) && strcmp(err.code, "storage") == 0) {
		json_decref(u);
		srv_error_err(s, req, &err);
		return;
	}
	const char *email = json_string_value(json_object_get(set, "email"));
	if (u && set && email && json_is_null(json_object_get(u, "banned")) &&
	    json_integer_value(json_object_get(set, "email_verified")) == 1 &&
	    json_is_null(json_object_get(set, "email_parked")) && srv->cfg.smtp_url[0]) {
		int64_t uid = json_integer_value(json_object_get(u, "id"));
		char code[TG_TOKEN_HEX + 1], text[600], key[64];
		uint8_t hash[32];
		snprintf(key, sizeof key, "reset:w%lld", (long long)(now / RESET_WINDOW_S));
		snprintf(text, sizeof text,
		         "Someone (you, we hope) asked to reset the password of your Telegraph "
		         "account %s.\n\nYour reset code: %s\n\nSet a new password with:\n"
		         "  telegraph redeem %s <code>\nIt works once, for an hour. If you did not "
		         "ask, ignore this email; your password stays as it is.\n",
		         json_string_value(json_object_get(u, "name")),
		         tg_token_new(code, hash) == 0 ? code : "", name);
		if (srv_tx(srv, &err) != 0 ||
		    tg_store_reset_add(srv->store, hash, uid, now, now + RESET_CODE_S, &err) != 0 ||
		    notify_queue(srv, uid, 0, key, email, "Reset your Telegraph password", text,
		                 NULL, &err) != 0) {
			srv_tx_fail(srv);
			TG_ERROR(s->id, 0, "forgot_password: %s", err.message);
		}
		OPENSSL_cleanse(code, sizeof code);
		OPENSSL_cleanse(text, sizeof text);
	}
	json_decref(set);
	json_decref(u);
	srv_ok(s, req,
	       json_pack("{s:s}", "message",
	                 "If that account has a verified email address, a reset code "
	                 "is on its way there."));
}

int notify_unsubscribe(struct tg_server *srv, int64_t uid, const char *token, struct tg_error *err)
{
	char want[65];
	if (!token || strlen(token) != 64 || notify_unsub_token(srv, uid, want) != 0 ||
	    CRYPTO_memcmp(want, token, 64) != 0)
		return tg_fail(err, "bad_token", "That unsubscribe link is not valid.");
	json_t *set = json_pack("{s:n,s:i,s:n,s:n}", "email", "email_verified", 0, "verify_hash",
	                        "verify_expires");
	int rc = set && srv_tx(srv, err) == 0 &&
	                 tg_store_outbox_drop(srv->store, uid, "email", err) == 0 &&
	                 tg_store_notify_settings_set(srv->store, uid, set, err) == 0
	             ? 0
	             : -1;
	json_decref(set);
	if (rc != 0)
		srv_tx_fail(srv);
	else
		TG_INFO(0, 0, "user %lld unsubscribed from email", (long long)uid);
	return rc;
}

void op_unsubscribe(struct tg_session *s, const json_t *req)
{
	const json_t *u = json_object_get(req, "user");
	const char *t = json_string_value(json_object_get(req, "token"));
	if (!json_is_integer(u) || !t) {
		srv_error(s, req, "malformed_request",
		          "\"user\" (a number) and \"token\" come from the unsubscribe link.");
		return;
	}
	struct tg_error err = {0};
	if (notify_unsubscribe(s->srv, json_integer_value(u), t, &err) != 0) {
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, NULL);
}
