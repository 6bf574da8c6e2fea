/* net_testkit.h — what the net tests that run an echo server beside their
 * clients share: a self-signed certificate for 127.0.0.1 in a temp folder,
 * the echo server's tg_net_config, its nets on a libuv loop in a thread of
 * its own (started, then stopped from the main thread), and a blocking
 * OpenSSL client on the main thread (open, with a hook before the
 * handshake; read until a marker, or by lines; close), and the "burst" of
 * numbered lines that test_net_cork and test_net_write_now ask for.
 * Included by one test file each; its functions are static inline, so that
 * a test need not use them all. */
#ifndef TG_TEST_NET_TESTKIT_H
#define TG_TEST_NET_TESTKIT_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "net/cert.h"
#include "net/net.h"
#include "tap.h"

/* The temp folder (made from its template in dir[]) and the certificate
 * and key written in it. */
struct net_test_files {
	char dir[64], cert[128], key[128];
};

/* A new folder from `template` (mkdtemp's XXXXXX at its end) with a
 * self-signed certificate for 127.0.0.1; false (and said) if not. */
static inline bool net_test_files_make(struct net_test_files *f, const char *template)
{
	snprintf(f->dir, sizeof f->dir, "%s", template);
	if (!mkdtemp(f->dir)) {
		perror("mkdtemp");
		return false;
	}
	snprintf(f->cert, sizeof f->cert, "%s/cert.pem", f->dir);
	snprintf(f->key, sizeof f->key, "%s/key.pem", f->dir);
	char err[256] = "";
	struct tg_cert_names names = {0};
	tg_cert_names_add(&names, "127.0.0.1");
	int made = tg_net_make_self_signed(f->cert, f->key, &names, err, sizeof err);
	tg_cert_names_free(&names);
	CHECKF(made == 0, "%s", err);
	return made == 0;
}

static inline void net_test_files_remove(const struct net_test_files *f)
{
	unlink(f->cert);
	unlink(f->key);
	rmdir(f->dir);
}

/* The echo server's net on 127.0.0.1 with that certificate, for up to
 * max_connections clients. */
static inline struct tg_net_config net_test_config(const struct net_test_files *f,
                                                   int max_connections)
{
	return (struct tg_net_config){
	    .host = "127.0.0.1",
	    .cert_file = f->cert,
	    .key_file = f->key,
	    .max_message = 65536,
	    .max_outbuf = 1 << 20,
	    .handshake_timeout_ms = 10000,
	    .idle_timeout_ms = 60000,
	    .max_connections = max_connections,
	    .message_timeout_ms = 10000,
	};
}

/* ---- the echo server (its loop thread) --------------------------------- */

#define NET_TEST_NETS 2

/* Up to NET_TEST_NETS nets on one libuv loop, which a thread of its own
 * runs from net_test_server_run to net_test_server_stop. */
struct net_test_server {
	uv_loop_t loop;
	uv_async_t wake; /* the main thread's word to stop */
	struct tg_net *net[NET_TEST_NETS];
	int nets;
	atomic_int shut; /* nets whose shutdown is done */
	pthread_t thread;
	/* called first on the loop thread (NULL: nothing): a test that counts
	 * the heap there marks its thread */
	void (*on_loop_thread)(void);
	atomic_int closed; /* connections closed, by net_test_echo_close */
};

/* The echo server's callbacks (their ud is the server): a message is sent
 * back as it came, a close is counted in the server's `closed`. */
static inline void net_test_echo_close(struct tg_conn *c, void *ud)
{
	(void)c;
	atomic_fetch_add(&((struct net_test_server *)ud)->closed, 1);
}

static inline void net_test_echo_message(struct tg_conn *c, json_t *msg, void *ud)
{
	(void)ud;
	tg_conn_send(c, msg);
}

/* Waits until the server has seen `want` connections close, polling every
 * 10 ms at most `tries` times (a test's clients closed, before the next
 * step counts the heap or stops the server). */
static inline void net_test_wait_closed(struct net_test_server *s, int want, int tries)
{
	for (int i = 0; i < tries && atomic_load(&s->closed) < want; i++)
		usleep(10000);
}

/* Those two, for a test that needs nothing else of its server. */
static inline const struct tg_net_callbacks *net_test_echo(void)
{
	static const struct tg_net_callbacks cb = {NULL, net_test_echo_message, net_test_echo_close,
	                                           NULL};
	return &cb;
}

static inline void net_test_shutdown_done(void *ud)
{
	struct net_test_server *s = ud;
	if (atomic_fetch_add(&s->shut, 1) + 1 == s->nets)
		uv_close((uv_handle_t *)&s->wake, NULL);
}

static inline void net_test_on_wake(uv_async_t *a)
{
	struct net_test_server *s = a->data;
	for (int i = 0; i < s->nets; i++)
		tg_net_shutdown(s->net[i], NULL, net_test_shutdown_done, s);
}

static inline void net_test_server_init(struct net_test_server *s)
{
	memset(s, 0, sizeof *s);
	uv_loop_init(&s->loop);
	uv_async_init(&s->loop, &s->wake, net_test_on_wake);
	s->wake.data = s;
}

/* A net on the server's loop (before net_test_server_run); its port, or 0
 * (and said) if it did not start. */
static inline int net_test_server_add(struct net_test_server *s, const struct tg_net_config *cfg,
                                      const struct tg_net_callbacks *cb)
{
	char err[256] = "";
	struct tg_net *n =
	    s->nets < NET_TEST_NETS ? tg_net_start(&s->loop, cfg, cb, s, err, sizeof err) : NULL;
	if (!CHECKF(n != NULL, "the echo server's net %d: %s", s->nets, err))
		return 0;
	s->net[s->nets++] = n;
	return tg_net_port(n);
}

static inline void *net_test_loop_thread(void *arg)
{
	struct net_test_server *s = arg;
	if (s->on_loop_thread)
		s->on_loop_thread();
	uv_run(&s->loop, UV_RUN_DEFAULT);
	return NULL;
}

static inline void net_test_server_run(struct net_test_server *s)
{
	pthread_create(&s->thread, NULL, net_test_loop_thread, s);
}

/* Shuts every net down (no goodbye) on the loop thread, waits for the
 * thread to end, frees the nets and closes the loop. */
static inline void net_test_server_stop(struct net_test_server *s)
{
	uv_async_send(&s->wake);
	pthread_join(s->thread, NULL);
	for (int i = 0; i < s->nets; i++)
		tg_net_free(s->net[i]);
	uv_loop_close(&s->loop);
}

/* ---- the clients (main thread) ----------------------------------------- */

struct client {
	int fd;
	SSL *ssl;
};

/* What client_open_with sets on a connection before its handshake. */
struct client_hooks {
	/* SSL_set_msg_callback's callback (NULL: none) and its argument: a test
	 * that counts the TLS records it reads sees the handshake's too */
	void (*msg)(int write_p, int version, int content_type, const void *buf, size_t len,
	            SSL *ssl, void *arg);
	void *msg_arg;
	int timeout_s; /* reads time out after this long (0: 10 s) */
	int rcvbuf;    /* SO_RCVBUF set before connecting (0: the system's, autotuned) */
};

/* Connects to 127.0.0.1:port, sets the hooks (h may be NULL) and makes the
 * TLS handshake; whether both went through. */
static inline bool client_open_with(struct client *cl, SSL_CTX *ctx, int port,
                                    const struct client_hooks *h)
{
	cl->ssl = NULL;
	cl->fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	struct timeval tv = {.tv_sec = h && h->timeout_s ? h->timeout_s : 10};
	setsockopt(cl->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	if (h && h->rcvbuf)
		setsockopt(cl->fd, SOL_SOCKET, SO_RCVBUF, &h->rcvbuf, sizeof h->rcvbuf);
	if (connect(cl->fd, (struct sockaddr *)&sa, sizeof sa) < 0)
		return false;
	cl->ssl = SSL_new(ctx);
	SSL_set_fd(cl->ssl, cl->fd);
	if (h && h->msg) {
		SSL_set_msg_callback(cl->ssl, h->msg);
		SSL_set_msg_callback_arg(cl->ssl, h->msg_arg);
	}
	return SSL_connect(cl->ssl) == 1;
}

/* client_open_with and no hooks: reads time out after 10 s. */
static inline bool client_open(struct client *cl, SSL_CTX *ctx, int port)
{
	return client_open_with(cl, ctx, port, NULL);
}

static inline void client_close(struct client *cl)
{
	if (cl->ssl) {
		SSL_shutdown(cl->ssl);
		SSL_free(cl->ssl);
	}
	close(cl->fd);
	cl->ssl = NULL;
}

/* Reads into buf until `end` has come; the bytes read then, or 0 on an
 * error, a timeout or a full buf without it. */
static inline size_t client_read_until(struct client *cl, char *buf, size_t cap, const char *end,
                                       size_t endlen)
{
	size_t len = 0;
	while (len < cap) {
		int r = SSL_read(cl->ssl, buf + len, (int)(cap - len));
		if (r <= 0)
			return 0;
		len += (size_t)r;
		for (size_t i = 0; i + endlen <= len; i++)
			if (memcmp(buf + i, end, endlen) == 0)
				return len;
	}
	return 0;
}

/* ---- numbered lines: a burst the server sends, the client reads ------- */

/* Line i of a burst, {"i":I,"pad":"..."} with pad bytes (at most 65,000)
 * of one letter, 'a' + i % 26, sent to c (on the loop thread). */
static inline void net_test_send_numbered(struct tg_conn *c, int i, size_t pad)
{
	static char line[70000];
	int n = snprintf(line, sizeof line, "{\"i\":%d,\"pad\":\"", i);
	memset(line + n, 'a' + i % 26, pad);
	n += (int)pad;
	n += snprintf(line + n, sizeof line - (size_t)n, "\"}");
	tg_conn_send_line(c, line, (size_t)n);
}

/* A "burst" request: send n numbered lines of pad bytes to its sender,
 * corked or not (and, as a test does with them, to the others, then close). */
struct net_test_burst {
	int n;
	size_t pad;
	bool cork, others, close;
};

/* msg's burst (members absent: 0 or false); false for any other message,
 * which is echoed to c as it came. */
static inline bool net_test_burst_of(struct tg_conn *c, json_t *msg, struct net_test_burst *b)
{
	const char *op = json_string_value(json_object_get(msg, "op"));
	if (!op || strcmp(op, "burst") != 0) {
		tg_conn_send(c, msg);
		return false;
	}
	*b = (struct net_test_burst){
	    .n = (int)json_integer_value(json_object_get(msg, "n")),
	    .pad = (size_t)json_integer_value(json_object_get(msg, "pad")),
	    .cork = json_is_true(json_object_get(msg, "cork")),
	    .others = json_is_true(json_object_get(msg, "others")),
	    .close = json_is_true(json_object_get(msg, "close")),
	};
	return true;
}

/* A client's bytes read and not yet taken as lines. */
struct client_lines {
	char buf[1 << 18];
	size_t len;
};

/* Sends line and its newline. */
static inline bool client_send_line(struct client *cl, const char *line)
{
	int n = (int)strlen(line);
	return SSL_write(cl->ssl, line, n) == n && SSL_write(cl->ssl, "\n", 1) == 1;
}

/* The next line (without its newline) into out; false at the end of the
 * stream, on an error, or if it does not fit. */
static inline bool client_line(struct client *cl, struct client_lines *l, char *out, size_t outlen)
{
	for (;;) {
		char *nl = memchr(l->buf, '\n', l->len);
		if (nl) {
			size_t n = (size_t)(nl - l->buf);
			if (n >= outlen)
				return false;
			memcpy(out, l->buf, n);
			out[n] = 0;
			memmove(l->buf, nl + 1, l->len - n - 1);
			l->len -= n + 1;
			return true;
		}
		if (l->len == sizeof l->buf)
			return false;
		int got = SSL_read(cl->ssl, l->buf + l->len, (int)(sizeof l->buf - l->len));
		if (got <= 0)
			return false;
		l->len += (size_t)got;
	}
}

/* Reads the n numbered lines of pad bytes each (net_test_send_numbered);
 * false (the line said) unless they are 0..n-1, whole and in order. */
static inline bool client_read_numbered(struct client *cl, struct client_lines *l, int n,
                                        size_t pad)
{
	static char line[80000];
	for (int i = 0; i < n; i++) {
		char want[32];
		int w = snprintf(want, sizeof want, "{\"i\":%d,\"pad\":\"", i);
		if (!client_line(cl, l, line, sizeof line) || strncmp(line, want, (size_t)w) != 0 ||
		    strlen(line) != (size_t)w + pad + 2) {
			printf("# line %d: %.60s\n", i, line);
			return false;
		}
		for (size_t k = 0; k < pad; k++)
			if (line[w + (int)k] != 'a' + i % 26) {
				printf("# line %d: byte %zu is %c\n", i, k, line[w + (int)k]);
				return false;
			}
	}
	return true;
}

#endif
