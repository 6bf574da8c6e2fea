/* test_net_tls.c — the net layer end to end: an echo server on 127.0.0.1
 * (port 0) in a loop thread, real OpenSSL clients in the main thread.
 * Covers the handshake and a round trip, TLS 1.1 refused, non-TLS bytes,
 * the size limit, malformed JSON, a client that does not read, the idle and
 * handshake timeouts, max_connections, max_connections_per_address (clients
 * bind 127.0.0.2 and 127.0.0.3 to come from other addresses), the deadline
 * of a message begun (a client that trickles bytes), session resumption, and
 * shutdown with a goodbye. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "net/cert.h"
#include "net/net.h"
#include "tap.h"
#include "util/log.h"

/* tap.h's CHECK_EQ_* evaluate their arguments twice: these call once. */
#define EXPECT_INT(call, want)                                                                     \
	do {                                                                                       \
		long long got_ = (call);                                                           \
		CHECK_EQ_INT(got_, want);                                                          \
	} while (0)
#define EXPECT_STR(call, want)                                                                     \
	do {                                                                                       \
		const char *got_ = (call);                                                         \
		CHECK_EQ_STR(got_, want);                                                          \
	} while (0)

#define MAX_MESSAGE 1024
#define MAX_OUTBUF (64 * 1024)
#define IDLE_MS 1000
#define HANDSHAKE_MS 1000
#define MAX_CONNS 4
#define MAX_PER_ADDRESS 3
#define MESSAGE_MS 2000
#define FLOOD_LINES 100000 /* 100 MB if nothing stopped it */

/* ---- the server side (loop thread) ------------------------------------- */

static uv_loop_t loop;
static uv_async_t wake;
static struct tg_net *net;
static atomic_int port, opened, closed, flood_sent, flood_refused, shutdown_done;
static atomic_int stop_requested;

static void on_open(struct tg_conn *c, void *ud)
{
	(void)c, (void)ud;
	atomic_fetch_add(&opened, 1);
}

static void on_close(struct tg_conn *c, void *ud)
{
	(void)c, (void)ud;
	atomic_fetch_add(&closed, 1);
}

static void on_message(struct tg_conn *c, json_t *msg, void *ud)
{
	(void)ud;
	const char *op = json_string_value(json_object_get(msg, "op"));
	if (op && strcmp(op, "flood") == 0) {
		char line[1000];
		memset(line, 'x', sizeof line);
		line[0] = '"', line[sizeof line - 1] = '"';
		for (int i = 0; i < FLOOD_LINES; i++) {
			if (tg_conn_send_line(c, line, sizeof line) < 0) {
				atomic_store(&flood_refused, 1);
				return;
			}
			atomic_fetch_add(&flood_sent, 1);
		}
	} else if (op && strcmp(op, "close") == 0) {
		tg_conn_close(c, "closing_on_request", "as asked");
		/* Sends after close are refused. */
		if (tg_conn_send(c, msg) != -1)
			atomic_store(&flood_refused, 99);
	} else {
		tg_conn_send(c, msg);
	}
}

static const struct tg_net_callbacks callbacks = {on_open, on_message, on_close, NULL};

static void on_shutdown_done(void *ud)
{
	(void)ud;
	atomic_store(&shutdown_done, 1);
	uv_close((uv_handle_t *)&wake, NULL);
}

static void on_wake(uv_async_t *a)
{
	(void)a;
	if (!atomic_load(&stop_requested))
		return;
	json_t *bye = json_pack("{s:s, s:s}", "op", "goodbye", "reason", "server_shutting_down");
	tg_net_shutdown(net, bye, on_shutdown_done, NULL);
	json_decref(bye);
}

static void *loop_thread(void *arg)
{
	(void)arg;
	uv_run(&loop, UV_RUN_DEFAULT);
	return NULL;
}

/* ---- the client side (main thread) ------------------------------------- */

static char cert_path[128], key_path[128];

/* A connection from source address src (NULL: any, which is 127.0.0.1). */
static int tcp_connect_from(const char *src)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (src) {
		struct sockaddr_in me = {.sin_family = AF_INET};
		inet_pton(AF_INET, src, &me.sin_addr);
		if (bind(fd, (struct sockaddr *)&me, sizeof me) < 0) {
			close(fd);
			return -1;
		}
	}
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	struct timeval tv = {.tv_sec = 5};
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int tcp_connect(void)
{
	return tcp_connect_from(NULL);
}

/* A client context that trusts our certificate and checks the host name. */
static SSL_CTX *client_ctx(int min_version, int max_version)
{
	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
	SSL_CTX_set_min_proto_version(ctx, min_version);
	SSL_CTX_set_max_proto_version(ctx, max_version);
	if (max_version < TLS1_2_VERSION) {
		/* OpenSSL 3 would not even offer TLS 1.1 at its default level. */
		SSL_CTX_set_security_level(ctx, 0);
		SSL_CTX_set_cipher_list(ctx, "DEFAULT:@SECLEVEL=0");
	}
	SSL_CTX_load_verify_locations(ctx, cert_path, NULL);
	SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
	SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_CLIENT);
	return ctx;
}

struct client {
	int fd;
	SSL *ssl;
	char buf[1 << 16];
	size_t len;
};

static void client_close(struct client *cl);

/* 0 on a finished handshake, else the OpenSSL reason code (or -1). */
static int client_open_from(struct client *cl, SSL_CTX *ctx, SSL_SESSION *resume, const char *src)
{
	memset(cl, 0, sizeof *cl);
	cl->fd = tcp_connect_from(src);
	if (cl->fd < 0)
		return -1;
	cl->ssl = SSL_new(ctx);
	SSL_set_fd(cl->ssl, cl->fd);
	SSL_set_tlsext_host_name(cl->ssl, "localhost");
	SSL_set1_host(cl->ssl, "localhost");
	if (resume)
		SSL_set_session(cl->ssl, resume);
	ERR_clear_error();
	if (SSL_connect(cl->ssl) != 1) {
		int reason = ERR_GET_REASON(ERR_peek_error());
		ERR_clear_error();
		/* A failed open owns nothing: callers retry into the same struct. */
		client_close(cl);
		return reason ? reason : -1;
	}
	return 0;
}

static int client_open(struct client *cl, SSL_CTX *ctx, SSL_SESSION *resume)
{
	return client_open_from(cl, ctx, resume, NULL);
}

static void client_close(struct client *cl)
{
	if (cl->ssl) {
		SSL_shutdown(cl->ssl);
		SSL_free(cl->ssl);
	}
	if (cl->fd >= 0)
		close(cl->fd);
	cl->ssl = NULL;
	cl->fd = -1;
}

static int client_send(struct client *cl, const char *text)
{
	size_t n = strlen(text);
	return SSL_write(cl->ssl, text, (int)n) == (int)n ? 0 : -1;
}

/* One line (no newline) into out; -1 on end of stream or error. */
static int client_line(struct client *cl, char *out, size_t outlen)
{
	for (;;) {
		char *nl = memchr(cl->buf, '\n', cl->len);
		if (nl) {
			size_t n = (size_t)(nl - cl->buf);
			if (n >= outlen)
				n = outlen - 1;
			memcpy(out, cl->buf, n);
			out[n] = '\0';
			size_t used = (size_t)(nl - cl->buf) + 1;
			memmove(cl->buf, cl->buf + used, cl->len - used);
			cl->len -= used;
			return 0;
		}
		if (cl->len == sizeof cl->buf)
			return -1;
		int r = SSL_read(cl->ssl, cl->buf + cl->len, (int)(sizeof cl->buf - cl->len));
		if (r <= 0)
			return -1;
		cl->len += (size_t)r;
	}
}

/* Reads one line and returns its "code" (or "op" if it has no code). */
static const char *client_expect(struct client *cl, char *line, size_t len)
{
	static char what[64];
	if (client_line(cl, line, len) < 0)
		return "(end of stream)";
	json_t *j = json_loads(line, 0, NULL);
	const char *v = json_string_value(json_object_get(j, "code"));
	if (!v)
		v = json_string_value(json_object_get(j, "op"));
	snprintf(what, sizeof what, "%s", v ? v : "(no code)");
	json_decref(j);
	return what;
}

/* True if the server ends the stream (cleanly or by reset) within 5 s. */
static bool client_sees_end(struct client *cl)
{
	char tmp[4096];
	for (;;) {
		int r = SSL_read(cl->ssl, tmp, sizeof tmp);
		if (r > 0)
			continue;
		int e = SSL_get_error(cl->ssl, r);
		ERR_clear_error();
		if (e == SSL_ERROR_ZERO_RETURN)
			return true;
		if (e == SSL_ERROR_SYSCALL)
			return errno != EAGAIN && errno != EWOULDBLOCK;
		return e == SSL_ERROR_SSL;
	}
}

/* True if a plain socket sees end of stream or a reset within 5 s. */
static bool raw_sees_end(int fd)
{
	char tmp[4096];
	for (;;) {
		ssize_t r = recv(fd, tmp, sizeof tmp, 0);
		if (r > 0)
			continue;
		return r == 0 || errno == ECONNRESET;
	}
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void wait_for(atomic_int *v, int want)
{
	for (int i = 0; i < 500 && atomic_load(v) < want; i++)
		usleep(10000);
}

/* ---- the cases ---------------------------------------------------------- */

static void test_certificate_files(void)
{
	struct stat st;
	CHECK(stat(key_path, &st) == 0 && (st.st_mode & 0777) == 0600);
	FILE *f = fopen(cert_path, "r");
	X509 *x = f ? PEM_read_X509(f, NULL, NULL, NULL) : NULL;
	if (f)
		fclose(f);
	CHECK(x != NULL);
	if (!x)
		return;
	EVP_PKEY *pk = X509_get0_pubkey(x);
	char group[64] = "";
	size_t glen = 0;
	EVP_PKEY_get_group_name(pk, group, sizeof group, &glen);
	EXPECT_STR((const char *)group, "prime256v1");
	EXPECT_INT(X509_get_version(x), 2);
	CHECK(X509_check_host(x, "localhost", 0, 0, NULL) == 1);
	CHECK(X509_check_ip_asc(x, "127.0.0.1", 0) == 1);
	CHECK(X509_check_ca(x) == 0);
	/* Ten years, give or take a day. */
	int days = 0, secs = 0;
	ASN1_TIME_diff(&days, &secs, X509_get0_notBefore(x), X509_get0_notAfter(x));
	CHECKF(days >= 3649 && days <= 3651, "valid for %d days", days);
	X509_free(x);
}

static void test_max_connections(SSL_CTX *tls13)
{
	/* MAX_CONNS clients fill the server (waiting for on_open of each, so
	 * that the server surely counts them; from two addresses, as one may
	 * have only MAX_PER_ADDRESS)... */
	struct client full[MAX_CONNS];
	int before = atomic_load(&opened);
	for (int i = 0; i < MAX_CONNS; i++)
		EXPECT_INT(client_open_from(&full[i], tls13, NULL,
		                            i < MAX_PER_ADDRESS ? "127.0.0.1" : "127.0.0.2"),
		           0);
	wait_for(&opened, before + MAX_CONNS);
	EXPECT_INT(atomic_load(&opened), before + MAX_CONNS);
	/* ...so the next one is accepted and closed at once, before any
	 * handshake timeout could explain it. */
	int extra = tcp_connect_from("127.0.0.3");
	double t0 = now_s();
	CHECK(extra >= 0 && raw_sees_end(extra));
	CHECKF(now_s() - t0 < 0.5 * HANDSHAKE_MS / 1000.0, "refusal took %.2f s", now_s() - t0);
	close(extra);
	int closed_before = atomic_load(&closed);
	for (int i = 0; i < MAX_CONNS; i++)
		client_close(&full[i]);
	wait_for(&closed, closed_before + MAX_CONNS);
}

/* Issue 14: one address holds at most MAX_PER_ADDRESS connections; the next
 * hears why after the handshake and is closed; other addresses still get in,
 * and a slot freed is a slot again. */
static void test_max_per_address(SSL_CTX *tls13)
{
	struct client mine[MAX_PER_ADDRESS], extra, other;
	char line[256];
	int before = atomic_load(&opened);
	for (int i = 0; i < MAX_PER_ADDRESS; i++)
		EXPECT_INT(client_open(&mine[i], tls13, NULL), 0);
	wait_for(&opened, before + MAX_PER_ADDRESS);
	EXPECT_INT(atomic_load(&opened), before + MAX_PER_ADDRESS);
	EXPECT_INT(client_open(&extra, tls13, NULL), 0);
	EXPECT_STR(client_expect(&extra, line, sizeof line), "too_many_connections");
	CHECK(client_sees_end(&extra));
	client_close(&extra);
	/* The refused one no longer counts once the server has seen it go (it
	 * never opened, so no on_close says when: retry a little). */
	int r = -1;
	for (int i = 0; i < 20 && (r = client_open_from(&other, tls13, NULL, "127.0.0.2")) != 0;
	     i++)
		usleep(100000);
	EXPECT_INT(r, 0);
	client_send(&other, "{\"from\":2}\n");
	EXPECT_STR(client_expect(&other, line, sizeof line), "(no code)");
	CHECK(strcmp(line, "{\"from\":2}") == 0);
	client_close(&other);
	int closed_before = atomic_load(&closed);
	client_close(&mine[0]);
	wait_for(&closed, closed_before + 2);
	EXPECT_INT(client_open(&extra, tls13, NULL), 0);
	client_send(&extra, "{\"again\":1}\n");
	EXPECT_STR(client_expect(&extra, line, sizeof line), "(no code)");
	client_close(&extra);
	closed_before = atomic_load(&closed);
	for (int i = 1; i < MAX_PER_ADDRESS; i++)
		client_close(&mine[i]);
	wait_for(&closed, closed_before + MAX_PER_ADDRESS);
}

/* Issue 14: a client that sends a byte now and then of a message it never
 * finishes keeps the idle timer quiet; the message's own deadline ends it. A
 * message finished in time passes, and each message has its own deadline. */
static void test_trickle(SSL_CTX *tls13)
{
	struct client cl;
	char line[256];
	const useconds_t step = IDLE_MS * 1000 / 4; /* well inside the idle timeout */
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	/* Three messages, each taking 0.6 of the deadline: 1.8 deadlines in all. */
	for (int m = 0; m < 3; m++) {
		client_send(&cl, "{\"slow\":");
		for (int i = 0; i < (int)(MESSAGE_MS * 0.6 * 1000 / step); i++) {
			usleep(step);
			client_send(&cl, " ");
		}
		client_send(&cl, "1}\n");
		EXPECT_STR(client_expect(&cl, line, sizeof line), "(no code)");
		CHECKF(strcmp(line, "{\"slow\":1}") == 0, "message %d echoed: %s", m, line);
	}
	/* Now one that never ends: a byte a step until the server speaks. */
	double t0 = now_s();
	client_send(&cl, "{\"never\":");
	struct pollfd pfd = {.fd = cl.fd, .events = POLLIN};
	for (int i = 0; i < 4 * MESSAGE_MS * 1000 / (int)step; i++) {
		if (poll(&pfd, 1, (int)(step / 1000)) != 0 || client_send(&cl, " ") != 0)
			break;
	}
	EXPECT_STR(client_expect(&cl, line, sizeof line), "message_timeout");
	double took = now_s() - t0;
	CHECKF(took > MESSAGE_MS / 1000.0 * 0.8 && took < MESSAGE_MS / 1000.0 + 2,
	       "message deadline after %.2f s", took);
	CHECK(client_sees_end(&cl));
	client_close(&cl);
}

static void test_round_trip(SSL_CTX *tls13, SSL_CTX *tls12)
{
	struct client cl;
	char line[2048];
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	EXPECT_STR(SSL_get_version(cl.ssl), "TLSv1.3");
	CHECK(SSL_get_verify_result(cl.ssl) == X509_V_OK);
	client_send(&cl, "{\"op\":\"echo\",\"text\":\"caf\xc3\xa9\",\"n\":[1,2]}\r\n");
	CHECK(client_line(&cl, line, sizeof line) == 0);
	EXPECT_STR((const char *)line, "{\"op\":\"echo\",\"text\":\"caf\xc3\xa9\",\"n\":[1,2]}");
	/* Two messages in one write, one split over two writes. */
	client_send(&cl, "{\"a\":1}\n{\"b\":2}\n{\"c\":");
	usleep(50000);
	client_send(&cl, "3}\n");
	CHECK(client_line(&cl, line, sizeof line) == 0 && strcmp(line, "{\"a\":1}") == 0);
	CHECK(client_line(&cl, line, sizeof line) == 0 && strcmp(line, "{\"b\":2}") == 0);
	CHECK(client_line(&cl, line, sizeof line) == 0 && strcmp(line, "{\"c\":3}") == 0);
	client_close(&cl);

	EXPECT_INT(client_open(&cl, tls12, NULL), 0);
	EXPECT_STR(SSL_get_version(cl.ssl), "TLSv1.2");
	const char *cipher = SSL_get_cipher_name(cl.ssl);
	CHECKF(strncmp(cipher, "ECDHE-", 6) == 0, "TLS 1.2 cipher %s", cipher);
	client_send(&cl, "{\"x\":true}\n");
	CHECK(client_line(&cl, line, sizeof line) == 0 && strcmp(line, "{\"x\":true}") == 0);
	client_close(&cl);
}

static void test_old_tls_refused(SSL_CTX *tls11, SSL_CTX *tls13)
{
	struct client cl;
	int reason = client_open(&cl, tls11, NULL);
	/* The server's answer is a protocol_version alert. */
	CHECKF(reason == SSL_R_TLSV1_ALERT_PROTOCOL_VERSION, "reason %d (%s)", reason,
	       ERR_reason_error_string(ERR_PACK(ERR_LIB_SSL, 0, reason)));
	client_close(&cl);
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	client_close(&cl);
}

/* TLS 1.2 without ECDHE+AEAD, or with no shared group: no handshake. */
static void test_weak_offers_refused(void)
{
	struct client cl;
	SSL_CTX *cbc = client_ctx(TLS1_2_VERSION, TLS1_2_VERSION);
	SSL_CTX_set_cipher_list(cbc, "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA");
	int reason = client_open(&cl, cbc, NULL);
	CHECKF(reason == SSL_R_SSLV3_ALERT_HANDSHAKE_FAILURE, "CBC-only offer: reason %d", reason);
	client_close(&cl);
	SSL_CTX_free(cbc);

	SSL_CTX *p384 = client_ctx(TLS1_3_VERSION, TLS1_3_VERSION);
	SSL_CTX_set1_groups_list(p384, "P-384");
	reason = client_open(&cl, p384, NULL);
	CHECKF(reason == SSL_R_SSLV3_ALERT_HANDSHAKE_FAILURE, "P-384-only offer: reason %d",
	       reason);
	client_close(&cl);
	SSL_CTX_free(p384);
}

static void test_garbage(SSL_CTX *tls13)
{
	int fd = tcp_connect();
	const char *http = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
	CHECK(send(fd, http, strlen(http), 0) > 0);
	CHECK(raw_sees_end(fd));
	close(fd);
	/* Random-looking binary too. */
	fd = tcp_connect();
	unsigned char junk[3000];
	for (size_t i = 0; i < sizeof junk; i++)
		junk[i] = (unsigned char)(i * 7919 + 13);
	send(fd, junk, sizeof junk, MSG_NOSIGNAL);
	CHECK(raw_sees_end(fd));
	close(fd);
	/* And the server goes on serving. */
	struct client cl;
	char line[256];
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	client_send(&cl, "{\"still\":\"here\"}\n");
	CHECK(client_line(&cl, line, sizeof line) == 0 &&
	      strcmp(line, "{\"still\":\"here\"}") == 0);
	client_close(&cl);
}

static void test_oversized(SSL_CTX *tls13)
{
	struct client cl;
	char line[2048];
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	/* Exactly the limit passes. */
	char *msg = malloc(4 * MAX_MESSAGE);
	snprintf(msg, 4 * MAX_MESSAGE, "{\"pad\":\"");
	size_t n = strlen(msg);
	memset(msg + n, 'p', MAX_MESSAGE - n - 2);
	memcpy(msg + MAX_MESSAGE - 2, "\"}\n", 4);
	EXPECT_INT(strlen(msg), MAX_MESSAGE + 1);
	client_send(&cl, msg);
	CHECK(client_line(&cl, line, sizeof line) == 0 && strlen(line) == MAX_MESSAGE);
	/* One byte more does not. */
	memset(msg + n, 'p', MAX_MESSAGE - n - 1);
	memcpy(msg + MAX_MESSAGE - 1, "\"}\n", 4);
	client_send(&cl, msg);
	EXPECT_STR(client_expect(&cl, line, sizeof line), "message_too_large");
	CHECK(strstr(line, "at most 1024 bytes") != NULL);
	CHECK(client_sees_end(&cl));
	client_close(&cl);
	free(msg);
}

static void test_malformed(SSL_CTX *tls13)
{
	struct client cl;
	char line[2048];
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	client_send(&cl, "not json\n");
	EXPECT_STR(client_expect(&cl, line, sizeof line), "malformed_json");
	client_send(&cl, "[1,2]\n");
	EXPECT_STR(client_expect(&cl, line, sizeof line), "malformed_json");
	CHECK(strstr(line, "JSON object") != NULL);
	client_send(&cl, "{\"a\":1,\"a\":2}\n");
	EXPECT_STR(client_expect(&cl, line, sizeof line), "malformed_json");
	client_send(&cl, "{\"bad\":\"\xff\xfe\"}\n");
	EXPECT_STR(client_expect(&cl, line, sizeof line), "malformed_json");
	char deep[300] = "";
	for (int i = 0; i < 100; i++)
		strcat(deep, "[");
	strcat(deep, "\n");
	client_send(&cl, deep);
	EXPECT_STR(client_expect(&cl, line, sizeof line), "malformed_json");
	CHECK(strstr(line, "deeper") != NULL);
	/* Still open. */
	client_send(&cl, "{\"ok\":1}\n");
	CHECK(client_line(&cl, line, sizeof line) == 0 && strcmp(line, "{\"ok\":1}") == 0);
	/* A close asked for by the application: error, then end of stream. */
	client_send(&cl, "{\"op\":\"close\"}\n");
	EXPECT_STR(client_expect(&cl, line, sizeof line), "closing_on_request");
	CHECK(client_sees_end(&cl));
	EXPECT_INT(atomic_load(&flood_refused), 0);
	client_close(&cl);
}

static void test_reader_that_does_not_read(SSL_CTX *tls13)
{
	struct client cl;
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	int before = atomic_load(&closed);
	client_send(&cl, "{\"op\":\"flood\"}\n");
	wait_for(&flood_refused, 1);
	EXPECT_INT(atomic_load(&flood_refused), 1);
	int sent = atomic_load(&flood_sent);
	CHECKF(sent < FLOOD_LINES, "sent %d lines", sent);
	wait_for(&closed, before + 1);
	CHECK(atomic_load(&closed) > before);
	client_close(&cl);
}

static void test_timeouts(SSL_CTX *tls13)
{
	struct client cl;
	EXPECT_INT(client_open(&cl, tls13, NULL), 0);
	double t0 = now_s();
	CHECK(client_sees_end(&cl));
	double idle = now_s() - t0;
	CHECKF(idle > IDLE_MS / 1000.0 * 0.8 && idle < IDLE_MS / 1000.0 + 2,
	       "idle close after %.2f s", idle);
	client_close(&cl);

	int fd = tcp_connect();
	t0 = now_s();
	CHECK(raw_sees_end(fd));
	double hs = now_s() - t0;
	CHECKF(hs > HANDSHAKE_MS / 1000.0 * 0.8 && hs < HANDSHAKE_MS / 1000.0 + 2,
	       "handshake close after %.2f s", hs);
	close(fd);
}

static void test_resumption(SSL_CTX *ctx, const char *what)
{
	struct client cl;
	char line[256];
	EXPECT_INT(client_open(&cl, ctx, NULL), 0);
	/* A TLS 1.3 ticket arrives after the handshake: read something first. */
	client_send(&cl, "{\"t\":1}\n");
	CHECK(client_line(&cl, line, sizeof line) == 0);
	SSL_SESSION *sess = SSL_get1_session(cl.ssl);
	CHECK(!SSL_session_reused(cl.ssl));
	client_close(&cl);
	CHECKF(sess && SSL_SESSION_is_resumable(sess), "%s session not resumable", what);
	EXPECT_INT(client_open(&cl, ctx, sess), 0);
	CHECKF(SSL_session_reused(cl.ssl) == 1, "%s session not reused", what);
	client_send(&cl, "{\"t\":2}\n");
	CHECK(client_line(&cl, line, sizeof line) == 0 && strcmp(line, "{\"t\":2}") == 0);
	client_close(&cl);
	SSL_SESSION_free(sess);
}

static void test_shutdown(SSL_CTX *tls13)
{
	struct client a, b;
	char line[256];
	EXPECT_INT(client_open(&a, tls13, NULL), 0);
	EXPECT_INT(client_open(&b, tls13, NULL), 0);
	client_send(&b, "{\"ready\":1}\n");
	CHECK(client_line(&b, line, sizeof line) == 0);
	atomic_store(&stop_requested, 1);
	uv_async_send(&wake);
	EXPECT_STR(client_expect(&a, line, sizeof line), "goodbye");
	CHECK(strstr(line, "server_shutting_down") != NULL);
	CHECK(client_sees_end(&a));
	EXPECT_STR(client_expect(&b, line, sizeof line), "goodbye");
	client_close(&a);
	client_close(&b);
	wait_for(&shutdown_done, 1);
	EXPECT_INT(atomic_load(&shutdown_done), 1);
	/* The listener is gone. */
	CHECK(tcp_connect() < 0);
}

int main(void)
{
	/* As in the daemon: a peer gone away is an error return, not a signal. */
	signal(SIGPIPE, SIG_IGN);
	tg_log_set_level(TG_LOG_DEBUG);
	char dir[] = "/tmp/tg-net-test-XXXXXX";
	if (!mkdtemp(dir))
		return 1;
	snprintf(cert_path, sizeof cert_path, "%s/cert.pem", dir);
	snprintf(key_path, sizeof key_path, "%s/key.pem", dir);
	char err[256] = "";
	struct tg_cert_names names = {0};
	tg_cert_names_add(&names, "localhost");
	tg_cert_names_add(&names, "127.0.0.1");
	int made = tg_net_make_self_signed(cert_path, key_path, &names, err, sizeof err);
	tg_cert_names_free(&names);
	CHECKF(made == 0, "%s", err);
	test_certificate_files();

	uv_loop_init(&loop);
	uv_async_init(&loop, &wake, on_wake);
	struct tg_net_config cfg = {
	    .host = "127.0.0.1",
	    .port = 0,
	    .cert_file = cert_path,
	    .key_file = key_path,
	    .max_message = MAX_MESSAGE,
	    .max_outbuf = MAX_OUTBUF,
	    .handshake_timeout_ms = HANDSHAKE_MS,
	    .idle_timeout_ms = IDLE_MS,
	    .max_connections = MAX_CONNS,
	    .message_timeout_ms = MESSAGE_MS,
	    .max_connections_per_address = MAX_PER_ADDRESS,
	};
	net = tg_net_start(&loop, &cfg, &callbacks, NULL, err, sizeof err);
	CHECKF(net != NULL, "%s", err);
	if (!net)
		return tap_done();
	port = tg_net_port(net);
	CHECK(port > 0);

	/* A busy port is a sentence, not a crash. */
	cfg.port = port;
	struct tg_net *again = tg_net_start(&loop, &cfg, &callbacks, NULL, err, sizeof err);
	CHECK(again == NULL && strstr(err, "cannot listen on 127.0.0.1") != NULL);

	pthread_t th;
	pthread_create(&th, NULL, loop_thread, NULL);

	SSL_CTX *tls13 = client_ctx(TLS1_3_VERSION, TLS1_3_VERSION);
	SSL_CTX *tls12 = client_ctx(TLS1_2_VERSION, TLS1_2_VERSION);
	SSL_CTX *tls11 = client_ctx(TLS1_1_VERSION, TLS1_1_VERSION);

	test_max_connections(tls13);
	test_max_per_address(tls13);
	test_trickle(tls13);
	test_round_trip(tls13, tls12);
	test_old_tls_refused(tls11, tls13);
	test_weak_offers_refused();
	test_garbage(tls13);
	test_oversized(tls13);
	test_malformed(tls13);
	test_reader_that_does_not_read(tls13);
	test_timeouts(tls13);
	test_resumption(tls13, "TLS 1.3");
	test_resumption(tls12, "TLS 1.2");
	CHECK(atomic_load(&opened) >= atomic_load(&closed));
	test_shutdown(tls13);

	pthread_join(th, NULL);
	tg_net_free(net);
	CHECK(uv_loop_close(&loop) == 0);
	SSL_CTX_free(tls13);
	SSL_CTX_free(tls12);
	SSL_CTX_free(tls11);
	unlink(cert_path);
	unlink(key_path);
	rmdir(dir);
	return tap_done();
}
