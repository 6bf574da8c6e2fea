/* notify_send.c — sends the outbox after the commit (issue 19). A poll (at
 * once after a turn that queued something, and every notify_poll_ms for
 * retries and for rows left by a crash) hands due rows to the libuv thread
 * pool, where libcurl speaks SMTP (STARTTLS or SMTPS) or POSTs the webhook;
 * the loop thread never waits on the network. At most notify_inflight sends
 * run at once, so the pool keeps threads for password hashing. A row's
 * outcome is written in the loop turn's transaction: sent; pending again
 * after a backoff (notify_backoff_s, doubled by each attempt); or, after
 * notify_max_attempts, parked with its channel, which the user then sees.
 *
 * SMTP sessions are kept: each of the notify_inflight send slots has a
 * libcurl easy handle whose connection cache keeps its session to the relay
 * open, so consecutive mails reuse it (MAIL FROM on the open session, no
 * new TCP, TLS and AUTH). A reused session the server dropped meanwhile
 * costs one retry on a new connection (counted, and logged), not a
 * backoff. Webhooks take a fresh handle each: their hosts are the users'.
 *
 * Once-only: a row is marked sent in the turn after its send. A crash after
 * the commit and before the send leaves it pending, and the restart sends it
 * once. A crash in the moment between a send and its mark sends it again:
 * the mail carries the row's key as Message-ID and the webhook as
 * Idempotency-Key, so the receiver can tell. */
#include <arpa/inet.h>
#include <ctype.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "core/notify.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "util/log.h"
#include "util/thread_name.h"

#define INFLIGHT_MAX 16

struct tg_notify {
	uv_timer_t *timer; /* its own allocation: it closes after the server is freed */
	int64_t inflight_id[INFLIGHT_MAX];
	unsigned inflight;
	bool stopped;
	bool curl_ok;
	/* Idle SMTP handles, each with its open session (loop thread only). */
	CURL *idle[INFLIGHT_MAX];
	unsigned nidle;
	uint64_t smtp_connections, smtp_retries;
	int64_t prune_at; /* the next prune of finished rows (srv_now) */
	uint64_t pruned;  /* rows pruned since the start */
};

struct send_job {
	uv_work_t work;
	struct tg_server *srv;
	int64_t id, user_id;
	int attempts;
	char *channel, *address, *subject, *body, *idem, *event;
	char *secret;         /* webhook: the HMAC key */
	char *unsub;          /* email: the List-Unsubscribe link */
	char *reply_to;       /* email: the reply address of a move by email, or NULL */
	char refused[128];    /* webhook: the non-public address not connected to */
	CURL *curl;           /* email: a kept handle (NULL: the worker makes one) */
	long connects;        /* email: new connections the send opened */
	bool retried;         /* email: a dropped reused session was retried */
	struct tg_config cfg; /* a copy: the thread reads no shared state */
	/* result */
	bool ok;
	char error[256];
	/* the message being read by curl */
	char *msg;
	size_t msg_len, msg_off;
};

static void free_job(struct send_job *j)
{
	if (j->curl)
		curl_easy_cleanup(j->curl);
	free(j->channel);
	free(j->address);
	free(j->subject);
	free(j->body);
	free(j->idem);
	free(j->event);
	if (j->secret)
		OPENSSL_cleanse(j->secret, strlen(j->secret));
	free(j->secret);
	free(j->unsub);
	free(j->reply_to);
	free(j->msg);
	OPENSSL_cleanse(j->cfg.smtp_password, sizeof j->cfg.smtp_password);
	free(j);
}

static size_t read_msg(char *buf, size_t size, size_t nitems, void *ud)
{
	struct send_job *j = ud;
	size_t n = size * nitems, left = j->msg_len - j->msg_off;
	if (n > left)
		n = left;
	memcpy(buf, j->msg + j->msg_off, n);
	j->msg_off += n;
	return n;
}

static size_t discard(char *p, size_t size, size_t n, void *ud)
{
	(void)p;
	(void)ud;
	return size * n;
}

/* The RFC 5322 message: headers, a blank line, the body with CRLF line ends
 * and dot-stuffing left to curl. */
static int build_mail(struct send_job *j)
{
	char date[64];
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	/* Message-ID: the row's key (':' is no atext) at the sender's domain. */
	char id[400], domain[256] = "telegraph.invalid";
	snprintf(id, sizeof id, "%s", j->idem);
	for (char *p = id; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("._-", *p)))
			*p = '.';
	const char *at = strrchr(j->cfg.smtp_from, '@');
	if (at && at[1]) {
		snprintf(domain, sizeof domain, "%s", at + 1);
		domain[strcspn(domain, "> \t")] = '\0';
	}
	size_t cap = strlen(j->body) * 2 + strlen(j->subject) + strlen(j->address) +
	             strlen(j->unsub) * 2 + strlen(j->idem) +
	             (j->reply_to ? strlen(j->reply_to) : 0) + 1024;
	char *m = malloc(cap);
	if (!m)
		return -1;
	int n = snprintf(
	    m, cap,
	    "Date: %s\r\nFrom: %s\r\nTo: <%s>\r\n%s%s%sSubject: %s\r\n"
	    "Message-ID: <%s@%s>\r\nMIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "Content-Transfer-Encoding: 8bit\r\nAuto-Submitted: auto-generated\r\n"
	    "List-Unsubscribe: <%s>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"
	    "X-Telegraph-Event: %s\r\n\r\n",
	    date, j->cfg.smtp_from, j->address, j->reply_to ? "Reply-To: <" : "",
	    j->reply_to ? j->reply_to : "", j->reply_to ? ">\r\n" : "", j->subject, id, domain,
	    j->unsub, j->event);
	size_t len = (size_t)n;
	for (const char *p = j->body; *p && len + 3 < cap; p++) {
		if (*p == '\n' && (p == j->body || p[-1] != '\r'))
			m[len++] = '\r';
		m[len++] = *p;
	}
	m[len] = '\0';
	j->msg = m;
	j->msg_len = len;
	return 0;
}

static void send_mail(struct send_job *j, CURL *c)
{
	if (build_mail(j) != 0) {
		snprintf(j->error, sizeof j->error, "out of memory");
		return;
	}
	char from[600], rcpt[600];
	const char *lt = strchr(j->cfg.smtp_from, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	if (lt && gt)
		snprintf(from, sizeof from, "%.*s", (int)(gt - lt + 1), lt);
	else
		snprintf(from, sizeof from, "<%s>", j->cfg.smtp_from);
	snprintf(rcpt, sizeof rcpt, "<%s>", j->address);
	struct curl_slist *to = curl_slist_append(NULL, rcpt);
	curl_easy_setopt(c, CURLOPT_URL, j->cfg.smtp_url);
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, from);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, to);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, read_msg);
	curl_easy_setopt(c, CURLOPT_READDATA, j);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	/* smtp_tls: "starttls" (required), "none" (a local relay), and an
	 * smtps:// URL is TLS from its first byte. */
	if (strcmp(j->cfg.smtp_tls, "starttls") == 0)
		curl_easy_setopt(c, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	if (j->cfg.smtp_user[0]) {
		curl_easy_setopt(c, CURLOPT_USERNAME, j->cfg.smtp_user);
		curl_easy_setopt(c, CURLOPT_PASSWORD, j->cfg.smtp_password);
	}
	CURLcode rc = curl_easy_perform(c);
	long fresh = 0, code = 0;
	curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &fresh);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
	j->connects = fresh;
	/* A kept session the server dropped meanwhile (no answer at all, or
	 * 421 "closing"): once more on a new connection. A refusal the server
	 * answered (550 ...) is no drop. */
	if (rc != CURLE_OK && fresh == 0 && (code == 0 || code == 421)) {
		j->retried = true;
		j->msg_off = 0;
		curl_easy_setopt(c, CURLOPT_FRESH_CONNECT, 1L);
		rc = curl_easy_perform(c);
		curl_easy_setopt(c, CURLOPT_FRESH_CONNECT, 0L);
		curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &fresh);
		j->connects += fresh;
	}
	if (rc == CURLE_OK)
		j->ok = true;
	else
		snprintf(j->error, sizeof j->error, "smtp: %s", curl_easy_strerror(rc));
	curl_slist_free_all(to);
}

/* Is a webhook allowed to reach a? A URL is the user's choice, so it must not
 * make the daemon a way into the host's own networks (loopback, private
 * ranges, link-local cloud metadata, multicast and reserved space): checked
 * on each address curl is about to connect to, after the name was resolved,
 * so a DNS answer cannot point around it. Loopback only where the host set
 * webhook_allow_loopback (tests). */
static bool ipv4_public(uint32_t a, bool loopback_ok)
{
	if ((a >> 24) == 127)
		return loopback_ok;
	return !((a >> 24) == 0 || (a >> 24) == 10 || /* this network, 10/8 */
	         (a & 0xffc00000u) == 0x64400000u ||  /* 100.64/10 shared */
	         (a & 0xffff0000u) == 0xa9fe0000u ||  /* 169.254/16 link-local */
	         (a & 0xfff00000u) == 0xac100000u ||  /* 172.16/12 */
	         (a & 0xffffff00u) == 0xc0000000u ||  /* 192.0.0/24 */
	         (a & 0xffff0000u) == 0xc0a80000u ||  /* 192.168/16 */
	         (a & 0xfffe0000u) == 0xc6120000u ||  /* 198.18/15 benchmarking */
	         a >= 0xe0000000u);                   /* multicast, reserved */
}

static bool address_public(const struct sockaddr *sa, bool loopback_ok)
{
	if (sa->sa_family == AF_INET)
		return ipv4_public(ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr),
		                   loopback_ok);
	if (sa->sa_family != AF_INET6)
		return false;
	const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
	if (IN6_IS_ADDR_V4MAPPED(a)) {
		uint32_t v4;
		memcpy(&v4, a->s6_addr + 12, 4);
		return ipv4_public(ntohl(v4), loopback_ok);
	}
	if (IN6_IS_ADDR_LOOPBACK(a))
		return loopback_ok;
	return !(IN6_IS_ADDR_UNSPECIFIED(a) || IN6_IS_ADDR_LINKLOCAL(a) ||
	         IN6_IS_ADDR_SITELOCAL(a) || IN6_IS_ADDR_MULTICAST(a) ||
	         (a->s6_addr[0] & 0xfe) == 0xfc); /* fc00::/7 unique local */
}

static curl_socket_t open_public_socket(void *ud, curlsocktype purpose, struct curl_sockaddr *a)
{
	struct send_job *j = ud;
	if (purpose == CURLSOCKTYPE_IPCXN &&
	    !address_public(&a->addr, j->cfg.webhook_allow_loopback)) {
		char host[INET6_ADDRSTRLEN] = "?";
		const void *raw = a->family == AF_INET6
		                      ? (const void *)&((struct sockaddr_in6 *)&a->addr)->sin6_addr
		                      : (const void *)&((struct sockaddr_in *)&a->addr)->sin_addr;
		inet_ntop(a->family, raw, host, sizeof host);
		snprintf(j->refused, sizeof j->refused,
		         "webhook: %s is not a public address; not connected", host);
		return CURL_SOCKET_BAD;
	}
	return socket(a->family, a->socktype, a->protocol);
}

static void send_webhook(struct send_job *j, CURL *c)
{
	uint8_t mac[32];
	unsigned maclen = 32;
	char hex[65], sig[100], idem[400], ev[100];
	const char *key = j->secret ? j->secret : "";
	if (!HMAC(EVP_sha256(), key, (int)strlen(key), (const unsigned char *)j->body,
	          strlen(j->body), mac, &maclen)) {
		snprintf(j->error, sizeof j->error, "hmac failed");
		return;
	}
	tg_hex_encode(mac, 32, hex);
	snprintf(sig, sizeof sig, "X-Telegraph-Signature: sha256=%s", hex);
	snprintf(idem, sizeof idem, "Idempotency-Key: %s", j->idem);
	snprintf(ev, sizeof ev, "X-Telegraph-Event: %s", j->event);
	struct curl_slist *h = curl_slist_append(NULL, "Content-Type: application/json");
	h = curl_slist_append(h, sig);
	h = curl_slist_append(h, idem);
	h = curl_slist_append(h, ev);
	curl_easy_setopt(c, CURLOPT_URL, j->address);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_POSTFIELDS, j->body);
	curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long)strlen(j->body));
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR,
	                 j->cfg.webhook_allow_loopback ? "https,http" : "https");
	curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_public_socket);
	curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, j);
	CURLcode rc = curl_easy_perform(c);
	long status = 0;
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	if (rc == CURLE_OK && status >= 200 && status < 300)
		j->ok = true;
	else if (rc == CURLE_OK)
		snprintf(j->error, sizeof j->error, "webhook answered HTTP %ld", status);
	else if (j->refused[0])
		snprintf(j->error, sizeof j->error, "%s", j->refused);
	else
		snprintf(j->error, sizeof j->error, "webhook: %s", curl_easy_strerror(rc));
	curl_slist_free_all(h);
}

/* In the thread pool. An email's handle is kept (its session stays open
 * for the next mail); curl_easy_reset clears the options and keeps the
 * connections. */
static void do_send(uv_work_t *w)
{
	tg_thread_name("tg-uv-pool"); /* libuv's pool thread (thread_name.h) */
	struct send_job *j = w->data;
	bool email = strcmp(j->channel, "email") == 0;
	CURL *c = email && j->curl ? j->curl : curl_easy_init();
	if (!c) {
		snprintf(j->error, sizeof j->error, "curl_easy_init failed");
		return;
	}
	if (email) {
		curl_easy_reset(c);
		j->curl = c;
	}
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, (long)j->cfg.notify_timeout_s);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, (long)j->cfg.notify_timeout_s);
	if (j->cfg.notify_ca_file[0])
		curl_easy_setopt(c, CURLOPT_CAINFO, j->cfg.notify_ca_file);
	if (email) {
		send_mail(j, c);
	} else {
		send_webhook(j, c);
		curl_easy_cleanup(c);
	}
}

static void poll_outbox(struct tg_server *srv);

static void forget_inflight(struct tg_notify *n, int64_t id)
{
	for (unsigned i = 0; i < n->inflight; i++)
		if (n->inflight_id[i] == id) {
			n->inflight_id[i] = n->inflight_id[--n->inflight];
			return;
		}
}

/* The backoff before attempt k+1 (k >= 1 attempts made). */
static int64_t backoff(const struct tg_config *cfg, int k)
{
	int64_t d = cfg->notify_backoff_s;
	for (int i = 1; i < k && d < 86400; i++)
		d *= 2;
	return d > 86400 ? 86400 : d;
}

static void after_send(uv_work_t *w, int status)
{
	struct send_job *j = w->data;
	struct tg_server *srv = j->srv;
	struct tg_notify *n = srv->notify;
	forget_inflight(n, j->id);
	n->smtp_connections += (uint64_t)(j->connects > 0 ? j->connects : 0);
	n->smtp_retries += j->retried;
	if (j->retried)
		TG_INFO(0, 0,
		        "notification %lld: the SMTP session was dropped; retried once on a "
		        "new connection: %s",
		        (long long)j->id, j->ok ? "sent" : j->error);
	/* The handle goes back, with its session, for the next mail (a failed
	 * send's handle is closed: its session may be broken). */
	if (j->curl && j->ok && !n->stopped && n->nidle < INFLIGHT_MAX) {
		n->idle[n->nidle++] = j->curl;
		j->curl = NULL;
	}
	if (status == UV_ECANCELED)
		snprintf(j->error, sizeof j->error, "cancelled");
	struct tg_error err = {0};
	int64_t now = srv_now();
	int attempts = j->attempts + 1;
	const char *state = j->ok                                           ? "sent"
	                    : attempts >= (int)srv->cfg.notify_max_attempts ? "parked"
	                                                                    : "pending";
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_outbox_done(srv->store, j->id, state, now, now + backoff(&srv->cfg, attempts),
	                         j->ok ? NULL : j->error, &err) != 0) {
		srv_tx_fail(srv);
		TG_ERROR(0, 0, "outbox row %lld: %s", (long long)j->id, err.message);
	} else if (strcmp(state, "parked") == 0) {
		/* The channel is parked: nothing more goes there until the user
		 * sets it again, and the settings show why. */
		json_t *set = json_pack(
		    "{s:I}", strcmp(j->channel, "email") == 0 ? "email_parked" : "webhook_parked",
		    (json_int_t)now);
		if (!set || tg_store_notify_settings_set(srv->store, j->user_id, set, &err) != 0 ||
		    tg_store_outbox_drop(srv->store, j->user_id, j->channel, &err) != 0) {
			srv_tx_fail(srv);
			TG_ERROR(0, 0, "parking a channel: %s", err.message);
		}
		json_decref(set);
		TG_WARN(0, 0, "user %lld's %s parked after %d attempts: %s", (long long)j->user_id,
		        j->channel, attempts, j->error);
	} else if (j->ok) {
		TG_INFO(0, 0, "notification %lld (%s) sent by %s", (long long)j->id, j->event,
		        j->channel);
	} else {
		TG_INFO(0, 0, "notification %lld: attempt %d failed: %s", (long long)j->id,
		        attempts, j->error);
	}
	free_job(j);
	srv->notify_queued = true; /* look again after this turn */
	if (n->stopped && n->inflight == 0)
		srv_work_done(srv);
}

static char *dup_str(const json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));
	return strdup(v ? v : "");
}

static void start_job(struct tg_server *srv, const json_t *row)
{
	struct tg_notify *n = srv->notify;
	struct send_job *j = calloc(1, sizeof *j);
	if (!j)
		return;
	j->srv = srv;
	j->id = json_integer_value(json_object_get(row, "id"));
	j->user_id = json_integer_value(json_object_get(row, "user_id"));
	j->attempts = (int)json_integer_value(json_object_get(row, "attempts"));
	j->channel = dup_str(row, "channel");
	j->address = dup_str(row, "address");
	j->subject = dup_str(row, "subject");
	j->body = dup_str(row, "body");
	j->idem = dup_str(row, "idem_key");
	j->event = dup_str(row, "event");
	j->cfg = srv->cfg;
	j->work.data = j;
	struct tg_error err = {0};
	if (strcmp(j->channel, "webhook") == 0) {
		json_t *set = tg_store_notify_settings(srv->store, j->user_id, &err);
		j->secret = set ? dup_str(set, "webhook_secret") : NULL;
		json_decref(set);
	} else {
		j->unsub = notify_unsub_url(srv, j->user_id);
		const char *rt = json_string_value(json_object_get(row, "reply_to"));
		j->reply_to = rt ? strdup(rt) : NULL;
		if (n->nidle)
			j->curl = n->idle[--n->nidle];
	}
	if (!j->channel || !j->address || !j->subject || !j->body || !j->idem || !j->event ||
	    (strcmp(j->channel, "webhook") == 0 ? !j->secret : !j->unsub) ||
	    uv_queue_work(srv->loop, &j->work, do_send, after_send) != 0) {
		TG_ERROR(0, 0, "could not start sending notification %lld", (long long)j->id);
		free_job(j);
		return;
	}
	n->inflight_id[n->inflight++] = j->id;
}

static bool is_inflight(const struct tg_notify *n, int64_t id)
{
	for (unsigned i = 0; i < n->inflight; i++)
		if (n->inflight_id[i] == id)
			return true;
	return false;
}

static void poll_outbox(struct tg_server *srv)
{
	struct tg_notify *n = srv->notify;
	/* Rows of an open transaction are not committed yet, those of a commit
	 * the syncer has not made durable yet not kept yet: never sent. */
	if (!n || n->stopped || !n->curl_ok || srv->tx_open || srv->durable_gen != srv->commit_gen)
		return;
	unsigned cap = srv->cfg.notify_inflight;
	if (n->inflight >= cap)
		return;
	struct tg_error err = {0};
	json_t *rows =
	    tg_store_outbox_due(srv->store, srv_now(), 0, (int)(cap + n->inflight), &err);
	if (!rows) {
		TG_ERROR(0, 0, "reading the outbox: %s", err.message);
		return;
	}
	size_t i;
	json_t *row;
	json_array_foreach(rows, i, row)
	{
		if (n->inflight >= cap)
			break;
		if (!is_inflight(n, json_integer_value(json_object_get(row, "id"))))
			start_job(srv, row);
	}
	json_decref(rows);
}

#define PRUNE_BATCH 500 /* rows a timer turn deletes at most: the loop never stalls */
#define PRUNE_EVERY 60  /* seconds between prunes once none are left */

/* Finished rows (sent, parked, dropped) older than notify_outbox_keep_days
 * go, a batch a turn while more are left, then once a minute; pending rows
 * never (tg_store_outbox_prune). */
static void prune_outbox(struct tg_server *srv)
{
	struct tg_notify *n = srv->notify;
	int64_t now = srv_now();
	if (!n || n->stopped || srv->tx_open || now < n->prune_at)
		return;
	struct tg_error err = {0};
	int64_t keep = (int64_t)srv->cfg.notify_outbox_keep_days * 86400;
	/* A write of its own, outside the turns: the store syncs it before it
	 * returns (tg_store_defer_sync); its loss would be harmless anyway, the
	 * next prune deletes the same rows again. */
	int64_t got = tg_store_outbox_prune(srv->store, now - keep, PRUNE_BATCH, &err);
	if (got < 0)
		TG_ERROR(0, 0, "pruning the outbox: %s", err.message);
	else if (got > 0) {
		n->pruned += (uint64_t)got;
		TG_INFO(0, 0, "outbox: pruned %lld notifications finished over %u days ago",
		        (long long)got, srv->cfg.notify_outbox_keep_days);
	}
	n->prune_at = got == PRUNE_BATCH ? now : now + PRUNE_EVERY;
}

/* Mail reads only durable rows (poll_outbox), and under continuous load
 * that moment never comes: while the syncer's fsync is in flight the turn's
 * transaction stays open (server.c, turn_commit), and when it reports, the
 * next turn's writes are already in that transaction. So once a tick, if a
 * row is due (the open transaction's rows count: they are what waits), the
 * open turn is committed and synced here, on the loop: mail waits at most
 * notify_poll_ms and one fsync, at the price of at most one fsync on the
 * loop a tick, and only while mail waits. */
static void cut_for_mail(struct tg_server *srv)
{
	struct tg_notify *n = srv->notify;
	if (!n || n->stopped || !n->curl_ok || n->inflight >= srv->cfg.notify_inflight ||
	    (!srv->tx_open && srv->durable_gen == srv->commit_gen))
		return;
	struct tg_error err = {0};
	json_t *due = tg_store_outbox_due(srv->store, srv_now(), 0, 1, &err);
	bool waits = json_array_size(due) > 0;
	json_decref(due);
	if (waits)
		srv_turn_commit(srv);
}

static void on_timer(uv_timer_t *t)
{
	if (t->data) {
		cut_for_mail(t->data);
		poll_outbox(t->data);
		prune_outbox(t->data);
	}
}

int notify_start(struct tg_server *srv)
{
	struct tg_notify *n = calloc(1, sizeof *n);
	uv_timer_t *t = calloc(1, sizeof *t);
	if (!n || !t) {
		free(n);
		free(t);
		return -1;
	}
	if (srv->cfg.notify_inflight > INFLIGHT_MAX)
		srv->cfg.notify_inflight = INFLIGHT_MAX;
	/* curl_global_init is not thread-safe: once, here, on the loop thread. */
	n->curl_ok = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
	if (!n->curl_ok)
		TG_ERROR(0, 0, "libcurl did not start: no notification will be sent");
	n->timer = t;
	uv_timer_init(srv->loop, t);
	t->data = srv;
	uv_timer_start(t, on_timer, 0, srv->cfg.notify_poll_ms);
	uv_unref((uv_handle_t *)t);
	srv->notify = n;
	return 0;
}

void notify_after_turn(struct tg_server *srv)
{
	if (!srv->notify_queued || srv->tx_open)
		return;
	srv->notify_queued = false;
	poll_outbox(srv);
}

bool notify_stop(struct tg_server *srv)
{
	struct tg_notify *n = srv->notify;
	if (!n)
		return true;
	n->stopped = true;
	uv_timer_stop(n->timer);
	return n->inflight == 0;
}

unsigned notify_inflight(const struct tg_server *srv)
{
	return srv->notify ? srv->notify->inflight : 0;
}

uint64_t notify_pruned(const struct tg_server *srv)
{
	return srv->notify ? srv->notify->pruned : 0;
}

void notify_smtp_counts(const struct tg_server *srv, uint64_t *connections, uint64_t *retries)
{
	*connections = srv->notify ? srv->notify->smtp_connections : 0;
	*retries = srv->notify ? srv->notify->smtp_retries : 0;
}

static void free_handle(uv_handle_t *h)
{
	free(h);
}

void notify_free(struct tg_server *srv)
{
	struct tg_notify *n = srv->notify;
	if (!n)
		return;
	uv_timer_stop(n->timer);
	n->timer->data = NULL;
	uv_close((uv_handle_t *)n->timer, free_handle);
	/* Closing a kept session would say QUIT and wait for the answer, on
	 * this (the loop's) thread, up to libcurl's 120 s for a relay that
	 * hangs: the socket is shut first, so that curl finds it gone. */
	while (n->nidle) {
		CURL *c = n->idle[--n->nidle];
		curl_socket_t fd = CURL_SOCKET_BAD;
		if (curl_easy_getinfo(c, CURLINFO_ACTIVESOCKET, &fd) == CURLE_OK &&
		    fd != CURL_SOCKET_BAD)
			shutdown(fd, SHUT_RDWR);
		curl_easy_cleanup(c);
	}
	if (n->curl_ok)
		curl_global_cleanup();
	free(n);
	srv->notify = NULL;
}
