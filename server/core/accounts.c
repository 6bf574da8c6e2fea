/* accounts.c — register, login, resume, logout, change_password. scrypt runs in the libuv
 * thread pool; the job holds a reference on its session, so a connection
 * that closes meanwhile is simply not answered (after_work checks `closed`).
 *
 * The limits on password checks (issue 14; PROTOCOL.md "login"), by peer
 * group (an IPv4 address or an IPv6 /64):
 *   - a login is an attempt when it arrives, before its check starts, so
 *     parallel guesses on many connections are each counted;
 *   - per (address, name): login_attempts per login_window_s. This is what
 *     stops guessing one account; it holds that account only from that
 *     address, so a stranger cannot lock its owner out from elsewhere;
 *   - per address: login_address_attempts (many more), for one address
 *     trying many names; a venue behind one NAT shares it, so it is large
 *     and a login that succeeds gives its attempt back (both counts);
 *   - there is no per-name limit across addresses: it would let anyone
 *     lock anyone out;
 *   - scrypt jobs (login and register) queued or running: kdf_max_inflight
 *     in all, kdf_max_inflight_per_address per address. Each runs with
 *     32 MiB, so a burst is refused (rate_limited, retry_after 1) rather
 *     than queued. */
#include <ctype.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kdf.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "core/tokens.h"
#include "util/log.h"
#include "util/thread_name.h"

#define PASSWORD_MIN 8
#define PASSWORD_MAX 256

enum job_kind { JOB_REGISTER, JOB_LOGIN, JOB_CHANGE, JOB_RESET, JOB_DELETE };

struct kdf_job {
	uv_work_t work;
	struct tg_session *s;
	enum job_kind kind;
	json_t *req;
	char name[TG_NAME_MAX + 1];
	char password[PASSWORD_MAX + 1];
	char stored[TG_KDF_HASH_MAX]; /* login, change: the hash to check; register: the new hash */
	char new_password[PASSWORD_MAX + 1]; /* change: hashed into new_hash if password matches */
	char new_hash[TG_KDF_HASH_MAX];
	unsigned n_log2;
	int64_t user_id; /* login: the user, or 0 if unknown (a dummy hash is checked) */
	char group[64];  /* the peer group holding one of srv->kdf_slots */
	int result; /* register: 0/-1; login, change: 1 match (change: and hashed), 0 no, -1 failed
	             */
};

/* A job done, or one that will not run: its request copy and its
 * passwords go. */
static void job_discard(struct kdf_job *j)
{
	json_decref(j->req);
	OPENSSL_cleanse(j, sizeof *j);
	free(j);
}

static bool valid_name(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	if (n < 3 || n > TG_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_' && name[i] != '-')
			return false;
	return true;
}

/* The keys of the two attempt counts: "pair:<group>|<name lower-cased>" and
 * "addr:<group>". */
static void pair_key(char *out, size_t len, const struct tg_session *s, const char *name)
{
	snprintf(out, len, "pair:%s|", s->peer_group);
	size_t at = strlen(out);
	for (size_t i = 0; name[i] && at + 1 < len; i++)
		out[at++] = (char)tolower((unsigned char)name[i]);
	out[at] = '\0';
}

static void addr_key(char *out, size_t len, const struct tg_session *s)
{
	snprintf(out, len, "addr:%s", s->peer_group);
}

/* ---- scrypt jobs in flight, per peer group -------------------------------- */

static struct tg_kdf_slot *kdf_slot(struct tg_server *srv, const char *group)
{
	struct tg_kdf_slot *free_slot = NULL;
	for (unsigned i = 0; i < srv->cfg.kdf_max_inflight; i++) {
		struct tg_kdf_slot *k = &srv->kdf_slots[i];
		if (k->n && strcmp(k->group, group) == 0)
			return k;
		if (!k->n && !free_slot)
			free_slot = k;
	}
	if (free_slot)
		snprintf(free_slot->group, sizeof free_slot->group, "%s", group);
	return free_slot;
}

/* Takes a slot for one more job of s's group, or replies rate_limited. */
static bool kdf_take(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_kdf_slot *k =
	    srv->pending_work < srv->cfg.kdf_max_inflight ? kdf_slot(srv, s->peer_group) : NULL;
	if (!k || k->n >= srv->cfg.kdf_max_inflight_per_address) {
		srv_rate_limited(s, req, 1,
		                 k ? "Too many passwords from your address are being checked right "
		                     "now; try again in a second."
		                   : "Too many passwords are being checked right now; try again "
		                     "in a second.");
		return false;
	}
	k->n++;
	return true;
}

static void kdf_give(struct tg_server *srv, const char *group)
{
	for (unsigned i = 0; i < srv->cfg.kdf_max_inflight; i++)
		if (srv->kdf_slots[i].n && strcmp(srv->kdf_slots[i].group, group) == 0) {
			srv->kdf_slots[i].n--;
			return;
		}
}

static void do_work(uv_work_t *w)
{
	tg_thread_name("tg-uv-pool"); /* libuv's pool thread (thread_name.h) */
	struct kdf_job *j = w->data;
	if (j->kind == JOB_REGISTER || j->kind == JOB_RESET)
		j->result = tg_kdf_hash(j->password, j->n_log2, j->stored);
	else
		j->result = tg_kdf_verify(j->password, j->stored);
	if (j->kind == JOB_CHANGE && j->result == 1 &&
	    tg_kdf_hash(j->new_password, j->n_log2, j->new_hash) != 0)
		j->result = -1;
	OPENSSL_cleanse(j->password, sizeof j->password);
	OPENSSL_cleanse(j->new_password, sizeof j->new_password);
}

/* Logs the session in: a new token stored as its hash; adds "token" to ok. */
static int start_session(struct tg_session *s, int64_t user_id, const char *name, json_t *ok,
                         struct tg_error *err)
{
	char token[TG_TOKEN_HEX + 1];
	uint8_t hash[32];
	int64_t now = srv_now();
	if (tg_token_new(token, hash) != 0)
		return tg_fail(err, "internal", "The random generator failed.");
	if (s->user_id != user_id)
		views_unsubscribe_all(s); /* another user's subscriptions */
	if (srv_tx(s->srv, err) != 0 ||
	    tg_store_session_create(s->srv->store, hash, user_id, now,
	                            now + (int64_t)s->srv->cfg.session_days * 86400, err) != 0 ||
	    tg_store_session_touch(s->srv->store, hash, now, s->peer, s->client, err) != 0) {
		srv_tx_fail(s->srv);
		return -1;
	}
	s->user_id = user_id;
	snprintf(s->user_name, sizeof s->user_name, "%s", name);
	memcpy(s->token_hash, hash, 32);
	s->has_token = true;
	json_object_set_new(ok, "token", json_string(token));
	json_object_set_new(ok, "user",
	                    json_pack("{s:I,s:s}", "id", (json_int_t)user_id, "name", name));
	return 0;
}

static void finish_register(struct kdf_job *j)
{
	struct tg_session *s = j->s;
	struct tg_error err = {0};
	int64_t user_id = 0;
	if (j->result != 0) {
		srv_error(s, j->req, "internal", "Password hashing failed; try again.");
		return;
	}
	if (srv_tx(s->srv, &err) != 0 || tg_store_user_create(s->srv->store, j->name, j->stored,
	                                                      srv_now(), &user_id, &err) != 0) {
		if (strcmp(err.code, "name_taken") != 0)
			srv_tx_fail(s->srv);
		srv_error_err(s, j->req, &err);
		return;
	}
	json_t *ok = json_object();
	if (start_session(s, user_id, j->name, ok, &err) != 0) {
		json_decref(ok);
		srv_error_err(s, j->req, &err);
		return;
	}
	TG_INFO(s->id, 0, "registered user %lld (%s)", (long long)user_id, j->name);
	srv_ok_login(s, j->req, ok);
}

static void finish_login(struct kdf_job *j)
{
	struct tg_session *s = j->s;
	struct tg_server *srv = s->srv;
	char pkey[TG_RATELIMIT_KEY], akey[TG_RATELIMIT_KEY];
	pair_key(pkey, sizeof pkey, s, j->name);
	addr_key(akey, sizeof akey, s);
	if (j->result != 1 || j->user_id == 0) {
		/* Counted when it arrived (op_login). */
		TG_INFO(s->id, 0, "failed login for %s from %s", j->name, s->peer);
		srv_error(s, j->req, "bad_credentials", "Unknown name or wrong password.");
		return;
	}
	/* The owner got in: his attempts from here no longer count. */
	tg_ratelimit_clear(&srv->login_pair, pkey);
	tg_ratelimit_refund(&srv->login_addr, akey);
	struct tg_error err = {0};
	json_t *user = tg_store_user_by_id(srv->store, j->user_id, &err);
	const char *name = user ? json_string_value(json_object_get(user, "name")) : NULL;
	/* Banned (operators.c): said only to the one who knows the password. */
	const char *banned = json_string_value(json_object_get(user, "banned"));
	if (banned) {
		TG_INFO(s->id, 0, "banned user %lld refused", (long long)j->user_id);
		srv_error(s, j->req, "banned", "You are banned from this server: %s", banned);
		json_decref(user);
		return;
	}
	json_t *ok = json_object();
	if (!name || start_session(s, j->user_id, name, ok, &err) != 0) {
		json_decref(ok);
		json_decref(user);
		srv_error_err(s, j->req, &err);
		return;
	}
	TG_INFO(s->id, 0, "user %lld logged in", (long long)j->user_id);
	json_decref(user);
	srv_ok_login(s, j->req, ok);
}

/* The old password matched and the new one is hashed: store it, and end
 * every other session of the user, stored and live (issue 24). */
static void finish_change(struct kdf_job *j)
{
	struct tg_session *s = j->s;
	struct tg_server *srv = s->srv;
	char pkey[TG_RATELIMIT_KEY];
	pair_key(pkey, sizeof pkey, s, j->name);
	if (j->result != 1) {
		if (j->result == 0) {
			TG_INFO(s->id, 0, "wrong old password for user %lld",
			        (long long)j->user_id);
			srv_error(s, j->req, "bad_credentials",
			          "That is not your current password.");
		} else {
			srv_error(s, j->req, "internal", "Password hashing failed; try again.");
		}
		return;
	}
	if (s->user_id != j->user_id) {
		srv_error(s, j->req, "not_logged_in", "You logged out meanwhile; nothing changed.");
		return;
	}
	struct tg_error err = {0};
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_user_set_password(srv->store, j->user_id, j->new_hash, &err) != 0 ||
	    tg_store_sessions_end_others(srv->store, j->user_id, s->token_hash, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, j->req, &err);
		return;
	}
	tg_ratelimit_clear(&srv->login_pair, pkey);
	sessions_end_live(srv, j->user_id, NULL, s);
	TG_INFO(s->id, 0, "user %lld changed his password", (long long)j->user_id);
	srv_ok(s, j->req, NULL);
}

/* redeem_reset: the code was taken (used) when the request came; the new
 * password is hashed: store it, end every session, and sign in. */
static void finish_reset(struct kdf_job *j)
{
	struct tg_session *s = j->s;
	struct tg_server *srv = s->srv;
	struct tg_error err = {0};
	if (j->result != 0) {
		srv_error(s, j->req, "internal", "Password hashing failed; ask for a new code.");
		return;
	}
	json_t *ok = json_object();
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_user_set_password(srv->store, j->user_id, j->stored, &err) != 0 ||
	    tg_store_user_sessions_end_all(srv->store, j->user_id, &err) != 0) {
		srv_tx_fail(srv);
		json_decref(ok);
		srv_error_err(s, j->req, &err);
		return;
	}
	sessions_end_live(srv, j->user_id, NULL, NULL);
	if (start_session(s, j->user_id, j->name, ok, &err) != 0) {
		json_decref(ok);
		srv_error_err(s, j->req, &err);
		return;
	}
	TG_INFO(s->id, 0, "user %lld set a new password with a reset code", (long long)j->user_id);
	srv_ok_login(s, j->req, ok);
}

/* delete_account, the password right: the user's matches end (open ones
 * aborted, active ones resigned), his name, password, sessions and reset
 * codes go; his row stays under "~deleted-<id>" so the seats of finished
 * matches, and so their records, stay whole (issue 24). */
static void finish_delete(struct kdf_job *j)
{
	struct tg_session *s = j->s;
	struct tg_server *srv = s->srv;
	if (j->result != 1) {
		srv_error(s, j->req, j->result == 0 ? "bad_credentials" : "internal",
		          j->result == 0 ? "That is not your password." : "Password check failed.");
		return;
	}
	if (s->user_id != j->user_id) {
		srv_error(s, j->req, "not_logged_in", "You logged out meanwhile; nothing changed.");
		return;
	}
	char placeholder[TG_NAME_MAX + 1];
	snprintf(placeholder, sizeof placeholder, "~deleted-%lld", (long long)j->user_id);
	struct tg_error err = {0};
	if (srv_tx(srv, &err) != 0 ||
	    matches_end_for_user(srv, j->user_id, j->name, "deleted the account", false, &err) !=
	        0 ||
	    tg_store_user_erase(srv->store, j->user_id, placeholder, &err) != 0 ||
	    tg_store_notify_forget(srv->store, j->user_id, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, j->req, &err);
		return;
	}
	sessions_end_live(srv, j->user_id, NULL, s);
	views_unsubscribe_all(s);
	s->user_id = 0;
	s->has_token = false;
	s->user_name[0] = '\0';
	TG_INFO(s->id, 0, "user %lld deleted the account", (long long)j->user_id);
	srv_ok(s, j->req, NULL);
}

static void after_work(uv_work_t *w, int status)
{
	struct kdf_job *j = w->data;
	struct tg_session *s = j->s;
	struct tg_server *srv = s->srv;
	s->busy = false;
	if (!s->closed) {
		if (status != 0 || srv->shutting_down)
			srv_error(s, j->req, "server_shutting_down", "The server is stopping.");
		else if (j->kind == JOB_REGISTER)
			finish_register(j);
		else if (j->kind == JOB_CHANGE)
			finish_change(j);
		else if (j->kind == JOB_RESET)
			finish_reset(j);
		else if (j->kind == JOB_DELETE)
			finish_delete(j);
		else
			finish_login(j);
		session_drain(s);
	}
	kdf_give(srv, j->group);
	session_unref(s);
	job_discard(j);
	srv->pending_work--;
	srv_work_done(srv);
}

/* Queues j; it holds the kdf slot taken for it (kdf_take), given back by
 * after_work or here on failure. */
static int queue_job(struct tg_session *s, struct kdf_job *j)
{
	j->work.data = j;
	j->s = s;
	snprintf(j->group, sizeof j->group, "%s", s->peer_group);
	if (uv_queue_work(s->srv->loop, &j->work, do_work, after_work) != 0) {
		kdf_give(s->srv, j->group);
		return -1;
	}
	session_ref(s);
	s->busy = true;
	s->srv->pending_work++;
	return 0;
}

/* Common checks of register and login; a job with name and password, or NULL. */
static struct kdf_job *new_job(struct tg_session *s, const json_t *req, enum job_kind kind)
{
	const char *name = json_string_value(json_object_get(req, "name"));
	const char *password = json_string_value(json_object_get(req, "password"));
	if (!name || !password) {
		srv_error(s, req, "malformed_request", "\"name\" and \"password\" are strings.");
		return NULL;
	}
	if (kind == JOB_REGISTER && !valid_name(name)) {
		srv_error(s, req, "bad_name",
		          "A name has 3 to 32 characters: letters, digits, '_' and '-'.");
		return NULL;
	}
	size_t plen = strlen(password);
	if (kind == JOB_REGISTER && (plen < PASSWORD_MIN || plen > PASSWORD_MAX)) {
		srv_error(s, req, "weak_password", "A password has 8 to 256 bytes.");
		return NULL;
	}
	struct kdf_job *j = calloc(1, sizeof *j);
	if (!j) {
		srv_error(s, req, "internal", "The server is out of memory.");
		return NULL;
	}
	j->kind = kind;
	j->req = json_deep_copy(req);
	snprintf(j->name, sizeof j->name, "%s", strlen(name) <= TG_NAME_MAX ? name : "");
	snprintf(j->password, sizeof j->password, "%s", plen <= PASSWORD_MAX ? password : "");
	j->n_log2 = s->srv->cfg.scrypt_n_log2;
	return j;
}

void op_register(struct tg_session *s, const json_t *req)
{
	struct kdf_job *j = new_job(s, req, JOB_REGISTER);
	if (!j)
		return;
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_name(s->srv->store, j->name, &err);
	if (u || strcmp(err.code, "no_such_user") != 0) {
		if (u)
			srv_error(s, req, "name_taken", "The name \"%s\" is taken.", j->name);
		else
			srv_error_err(s, req, &err);
		json_decref(u);
		json_decref(j->req);
		free(j);
		return;
	}
	/* Accounts made per address and hour: counted when the hashing starts,
	 * so a taken or malformed name costs nothing. */
	char akey[TG_RATELIMIT_KEY];
	addr_key(akey, sizeof akey, s);
	int64_t now = srv_now();
	int64_t wait = tg_ratelimit_wait(&s->srv->register_addr, akey, now);
	if (wait > 0) {
		char msg[160];
		snprintf(msg, sizeof msg,
		         "Too many accounts made from your address; try again in %lld seconds.",
		         (long long)wait);
		srv_rate_limited(s, req, wait, msg);
		json_decref(j->req);
		free(j);
		return;
	}
	if (!kdf_take(s, req)) {
		json_decref(j->req);
		free(j);
		return;
	}
	tg_ratelimit_fail(&s->srv->register_addr, akey, now);
	if (queue_job(s, j) != 0) {
		srv_error(s, req, "internal", "Could not start hashing the password.");
		json_decref(j->req);
		free(j);
	}
}

void op_login(struct tg_session *s, const json_t *req)
{
	struct kdf_job *j = new_job(s, req, JOB_LOGIN);
	if (!j)
		return;
	struct tg_server *srv = s->srv;
	char pkey[TG_RATELIMIT_KEY], akey[TG_RATELIMIT_KEY];
	pair_key(pkey, sizeof pkey, s, j->name);
	addr_key(akey, sizeof akey, s);
	int64_t now = srv_now();
	int64_t wait_pair = tg_ratelimit_wait(&srv->login_pair, pkey, now);
	int64_t wait_addr = tg_ratelimit_wait(&srv->login_addr, akey, now);
	int64_t wait = wait_pair > wait_addr ? wait_pair : wait_addr;
	if (wait > 0) {
		char msg[200];
		snprintf(msg, sizeof msg, "Too many logins %s; try again in %lld seconds.",
		         wait_pair > 0 ? "for this account from your address" : "from your address",
		         (long long)wait);
		srv_rate_limited(s, req, wait, msg);
		json_decref(j->req);
		free(j);
		return;
	}
	/* An attempt from the moment it arrives, checked or not: parallel
	 * guesses cannot outrun the count (issue 14). */
	tg_ratelimit_fail(&srv->login_pair, pkey, now);
	tg_ratelimit_fail(&srv->login_addr, akey, now);
	if (!kdf_take(s, req)) {
		json_decref(j->req);
		free(j);
		return;
	}
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_name(srv->store, j->name, &err);
	const char *hash = u ? json_string_value(json_object_get(u, "pw_hash")) : NULL;
	if (!u && strcmp(err.code, "no_such_user") != 0) {
		srv_error_err(s, req, &err);
		kdf_give(srv, s->peer_group);
		json_decref(j->req);
		free(j);
		return;
	}
	if (hash) {
		snprintf(j->stored, sizeof j->stored, "%s", hash);
		j->user_id = json_integer_value(json_object_get(u, "id"));
	} else {
		/* Unknown name: check a dummy hash of the same cost, so the reply
		 * time does not tell which names exist. */
		snprintf(j->stored, sizeof j->stored, "scrypt$%llu$8$1$%032d$%064d",
		         1ULL << j->n_log2, 0, 0);
		j->user_id = 0;
	}
	json_decref(u);
	if (queue_job(s, j) != 0) {
		srv_error(s, req, "internal", "Could not start checking the password.");
		json_decref(j->req);
		free(j);
	}
}

void op_resume(struct tg_session *s, const json_t *req)
{
	const char *token = json_string_value(json_object_get(req, "token"));
	uint8_t hash[32];
	if (!token || tg_token_hash(token, hash) != 0) {
		srv_error(s, req, "bad_token", "That is not a session token (64 hex digits).");
		return;
	}
	struct tg_error err = {0};
	int64_t uid = tg_store_session_user(s->srv->store, hash, srv_now(), &err);
	if (uid < 0) {
		if (strcmp(err.code, "storage") == 0)
			srv_error_err(s, req, &err);
		else
			srv_error(s, req, "bad_token", "Unknown or expired session; log in again.");
		return;
	}
	json_t *user = tg_store_user_by_id(s->srv->store, uid, &err);
	const char *name = user ? json_string_value(json_object_get(user, "name")) : NULL;
	if (!name) {
		json_decref(user);
		srv_error(s, req, "bad_token", "Unknown or expired session; log in again.");
		return;
	}
	if (srv_tx(s->srv, &err) != 0 ||
	    tg_store_session_touch(s->srv->store, hash, srv_now(), s->peer, s->client, &err) != 0) {
		srv_tx_fail(s->srv);
		json_decref(user);
		srv_error_err(s, req, &err);
		return;
	}
	if (s->user_id != uid)
		views_unsubscribe_all(s);
	s->user_id = uid;
	snprintf(s->user_name, sizeof s->user_name, "%s", name);
	memcpy(s->token_hash, hash, 32);
	s->has_token = true;
	srv_ok(s, req, json_pack("{s:{s:I,s:s}}", "user", "id", (json_int_t)uid, "name", name));
	json_decref(user);
}

void op_logout(struct tg_session *s, const json_t *req)
{
	struct tg_error err = {0};
	if (s->has_token) {
		if (srv_tx(s->srv, &err) != 0 ||
		    tg_store_session_delete(s->srv->store, s->token_hash, &err) != 0) {
			srv_tx_fail(s->srv);
			srv_error_err(s, req, &err);
			return;
		}
	}
	views_unsubscribe_all(s);
	s->user_id = 0;
	s->has_token = false;
	s->user_name[0] = '\0';
	srv_ok(s, req, NULL);
}

/* The common start of change_password and delete_account: the signed-in
 * user's own password is checked like a login (an attempt per (address,
 * name), counted when it arrives) in a job of the thread pool, which for
 * change_password then hashes new_password too. */
static void check_own_password(struct tg_session *s, const json_t *req, enum job_kind kind,
                               const char *password, const char *new_password)
{
	struct tg_server *srv = s->srv;
	if (strlen(password) > PASSWORD_MAX) {
		srv_error(s, req, "bad_credentials", "That is not your password.");
		return;
	}
	char pkey[TG_RATELIMIT_KEY];
	pair_key(pkey, sizeof pkey, s, s->user_name);
	int64_t now = srv_now();
	int64_t wait = tg_ratelimit_wait(&srv->login_pair, pkey, now);
	if (wait > 0) {
		char msg[160];
		snprintf(msg, sizeof msg,
		         "Too many wrong passwords for this account from your address; try again "
		         "in %lld seconds.",
		         (long long)wait);
		srv_rate_limited(s, req, wait, msg);
		return;
	}
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_id(srv->store, s->user_id, &err);
	const char *hash = u ? json_string_value(json_object_get(u, "pw_hash")) : NULL;
	struct kdf_job *j = hash ? calloc(1, sizeof *j) : NULL;
	if (!j) {
		json_decref(u);
		if (hash)
			srv_error(s, req, "internal", "The server is out of memory.");
		else
			srv_error_err(s, req, &err);
		return;
	}
	j->kind = kind;
	j->req = json_deep_copy(req);
	j->user_id = s->user_id;
	snprintf(j->name, sizeof j->name, "%s", s->user_name);
	snprintf(j->password, sizeof j->password, "%s", password);
	snprintf(j->new_password, sizeof j->new_password, "%s", new_password ? new_password : "");
	snprintf(j->stored, sizeof j->stored, "%s", hash);
	j->n_log2 = srv->cfg.scrypt_n_log2;
	json_decref(u);
	tg_ratelimit_fail(&srv->login_pair, pkey, now);
	if (!kdf_take(s, req)) {
		job_discard(j);
		return;
	}
	if (queue_job(s, j) != 0) {
		srv_error(s, req, "internal", "Could not start checking the password.");
		job_discard(j);
	}
}

/* change_password: the old password checked, then the new one hashed, both
 * in one job. */
void op_change_password(struct tg_session *s, const json_t *req)
{
	const char *old = json_string_value(json_object_get(req, "old_password"));
	const char *new = json_string_value(json_object_get(req, "new_password"));
	if (!old || !new) {
		srv_error(s, req, "malformed_request",
		          "\"old_password\" and \"new_password\" are strings.");
		return;
	}
	size_t plen = strlen(new);
	if (plen < PASSWORD_MIN || plen > PASSWORD_MAX) {
		srv_error(s, req, "weak_password", "A password has 8 to 256 bytes.");
		return;
	}
	check_own_password(s, req, JOB_CHANGE, old, new);
}

/* redeem_reset: a one-time code (an operator's reset_password, or the email
 * of a forgotten password) sets a new password. Every wrong answer is the
 * same bad_reset_code, whether the name exists or not, and counts as a login
 * attempt for (address, name). */
void op_redeem_reset(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const char *name = json_string_value(json_object_get(req, "name"));
	const char *code = json_string_value(json_object_get(req, "code"));
	const char *new = json_string_value(json_object_get(req, "new_password"));
	if (!name || !code || !new) {
		srv_error(s, req, "malformed_request",
		          "\"name\", \"code\" and \"new_password\" are strings.");
		return;
	}
	size_t plen = strlen(new);
	if (plen < PASSWORD_MIN || plen > PASSWORD_MAX) {
		srv_error(s, req, "weak_password", "A password has 8 to 256 bytes.");
		return;
	}
	char pkey[TG_RATELIMIT_KEY];
	pair_key(pkey, sizeof pkey, s, name);
	int64_t now = srv_now();
	int64_t wait = tg_ratelimit_wait(&srv->login_pair, pkey, now);
	if (wait > 0) {
		char msg[160];
		snprintf(msg, sizeof msg,
		         "Too many tries for this account from your address; try "
		         "again in %lld seconds.",
		         (long long)wait);
		srv_rate_limited(s, req, wait, msg);
		return;
	}
	tg_ratelimit_fail(&srv->login_pair, pkey, now);
	/* The hashing's slot first: a busy server must not burn the code. */
	if (!kdf_take(s, req))
		return;
	struct tg_error err = {0};
	uint8_t hash[32];
	json_t *u =
	    tg_token_hash(code, hash) == 0 ? tg_store_user_by_name(srv->store, name, &err) : NULL;
	if (!u && strcmp(err.code, "storage") == 0) {
		kdf_give(srv, s->peer_group);
		srv_error_err(s, req, &err);
		return;
	}
	int64_t uid = u ? json_integer_value(json_object_get(u, "id")) : 0;
	if (!u || srv_tx(srv, &err) != 0 || tg_store_reset_take(srv->store, hash, uid, now, &err)) {
		if (u && strcmp(err.code, "bad_reset_code") != 0)
			srv_tx_fail(srv);
		json_decref(u);
		kdf_give(srv, s->peer_group);
		srv_error(s, req, "bad_reset_code", "That reset code is unknown, used or expired.");
		return;
	}
	const char *banned = json_string_value(json_object_get(u, "banned"));
	if (banned) {
		srv_error(s, req, "banned", "You are banned from this server: %s", banned);
		kdf_give(srv, s->peer_group);
		json_decref(u);
		return;
	}
	struct kdf_job *j = calloc(1, sizeof *j);
	if (!j) {
		kdf_give(srv, s->peer_group);
		json_decref(u);
		srv_error(s, req, "internal", "The server is out of memory.");
		return;
	}
	j->kind = JOB_RESET;
	j->req = json_deep_copy(req);
	j->user_id = uid;
	snprintf(j->name, sizeof j->name, "%s", json_string_value(json_object_get(u, "name")));
	snprintf(j->password, sizeof j->password, "%s", new);
	j->n_log2 = srv->cfg.scrypt_n_log2;
	json_decref(u);
	if (queue_job(s, j) != 0) {
		srv_error(s, req, "internal", "Could not start hashing the password.");
		job_discard(j);
	}
}

/* delete_account: the password is checked like a login, in the pool. */
void op_delete_account(struct tg_session *s, const json_t *req)
{
	const char *password = json_string_value(json_object_get(req, "password"));
	if (!password) {
		srv_error(s, req, "malformed_request", "\"password\" is your password (a string).");
		return;
	}
	check_own_password(s, req, JOB_DELETE, password, NULL);
}
