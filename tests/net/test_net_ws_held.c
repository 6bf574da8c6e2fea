/* test_net_ws_held.c — what the net layer's own code keeps per idle
 * connection, WebSocket beside NDJSON (issue 18: a WebSocket connection cost
 * about 16 KiB more than an NDJSON one, tests/bench/bench_ws_idle.py).
 *
 * malloc, calloc, realloc and free are wrapped at link time (-Wl,--wrap),
 * which redirects only the calls made by the objects linked here: this test,
 * tap.c and the static tg_net/tg_util. The shared libraries (OpenSSL,
 * libuv, jansson, wslay) allocate unseen. Bytes are counted only on the
 * loop thread, so the count is the live heap of tg_net's own structures
 * (the connection, the line framer, the web state). An echo server on
 * 127.0.0.1 in a loop thread; N clients of one transport connect, exchange
 * one message and stay open; the count is read once the loop is idle.
 *
 * The web state kept the HTTP request head's buffer (TG_HTTP_HEAD_MAX, 8 KiB)
 * for the life of the socket, though the head is parsed into a copy before
 * it is answered: a WebSocket connection must keep less than 1 KiB of tg_net's
 * heap more than an NDJSON one. wslay's context (its own 4 KiB in and 4 KiB
 * out buffers) and TLS are the libraries' and are not counted here. */
#include <malloc.h>
#include <openssl/err.h>
#include <signal.h>

#include "net_testkit.h"
#include "util/log.h"

/* ---- the counting allocator ------------------------------------------- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static _Thread_local bool on_loop; /* set by the loop thread only */
static atomic_long live;           /* bytes tg_net holds, counted on the loop thread */

static void count(void *p, long sign)
{
	if (p && on_loop)
		atomic_fetch_add(&live, sign * (long)malloc_usable_size(p));
}

void *__wrap_malloc(size_t n)
{
	void *p = __real_malloc(n);
	count(p, 1);
	return p;
}

void *__wrap_calloc(size_t k, size_t n)
{
	void *p = __real_calloc(k, n);
	count(p, 1);
	return p;
}

void *__wrap_realloc(void *p, size_t n)
{
	count(p, -1);
	void *q = __real_realloc(p, n);
	count(q ? q : p, 1);
	return q;
}

void __wrap_free(void *p)
{
	count(p, -1);
	__real_free(p);
}

/* ---- the echo server (loop thread) ------------------------------------ */

static struct net_test_server server;
static atomic_int port, opened;

static void on_open(struct tg_conn *c, void *ud)
{
	(void)c, (void)ud;
	atomic_fetch_add(&opened, 1);
}

static const struct tg_net_callbacks callbacks = {on_open, net_test_echo_message,
                                                  net_test_echo_close, NULL};

static void mark_loop_thread(void)
{
	on_loop = true;
}

/* ---- the clients (main thread) ----------------------------------------- */

#define N 16

static const char msg[] = "{\"op\":\"echo\"}";

/* Whether the echo of msg comes back. */
static bool echoed(struct client *cl)
{
	char buf[4096];
	return client_read_until(cl, buf, sizeof buf, "echo", 4) > 0;
}

static bool ndjson_client(struct client *cl, SSL_CTX *ctx)
{
	if (!client_open(cl, ctx, atomic_load(&port)))
		return false;
	char line[64];
	int n = snprintf(line, sizeof line, "%s\n", msg);
	return SSL_write(cl->ssl, line, n) == n && echoed(cl);
}

/* The upgrade (the daemon's own origin), then one masked text frame. */
static bool ws_client(struct client *cl, SSL_CTX *ctx)
{
	if (!client_open(cl, ctx, atomic_load(&port)))
		return false;
	char head[512];
	int n =
	    snprintf(head, sizeof head,
	             "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: https://127.0.0.1:%d\r\n"
	             "Upgrade: websocket\r\nConnection: Upgrade\r\n"
	             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	             "Sec-WebSocket-Version: 13\r\n\r\n",
	             atomic_load(&port), atomic_load(&port));
	char reply[4096];
	if (SSL_write(cl->ssl, head, n) != n ||
	    !client_read_until(cl, reply, sizeof reply, "\r\n\r\n", 4))
		return false;
	unsigned char frame[64] = {0x81, (unsigned char)(0x80 | (sizeof msg - 1)), 1, 2, 3, 4};
	for (size_t i = 0; i < sizeof msg - 1; i++)
		frame[6 + i] = (unsigned char)msg[i] ^ frame[2 + i % 4];
	int fn = 6 + (int)(sizeof msg - 1);
	return SSL_write(cl->ssl, frame, fn) == fn && echoed(cl);
}

/* The live count once it has stopped moving (write requests freed). */
static long settled(void)
{
	long last = atomic_load(&live);
	for (int i = 0; i < 50; i++) {
		usleep(50000);
		long now = atomic_load(&live);
		if (now == last && i >= 3)
			break;
		last = now;
	}
	return last;
}

/* Bytes per connection that tg_net keeps for N idle clients of one kind. */
static long per_connection(SSL_CTX *ctx, bool ws, int *ok)
{
	struct client cl[N];
	long before = settled();
	int base = atomic_load(&server.closed);
	*ok = 0;
	for (int i = 0; i < N; i++)
		*ok += ws ? ws_client(&cl[i], ctx) : ndjson_client(&cl[i], ctx);
	long after = settled();
	for (int i = 0; i < N; i++)
		client_close(&cl[i]);
	net_test_wait_closed(&server, base + N, 500);
	return (after - before) / N;
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	tg_log_set_level(TG_LOG_WARN);
	struct net_test_files files;
	if (!net_test_files_make(&files, "/tmp/tg-net-held-XXXXXX"))
		return tap_done();
	net_test_server_init(&server);
	server.on_loop_thread = mark_loop_thread;
	struct tg_net_config cfg = net_test_config(&files, 4 * N);
	atomic_store(&port, net_test_server_add(&server, &cfg, &callbacks));
	if (!atomic_load(&port))
		return tap_done();
	net_test_server_run(&server);

	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
	int ok_nd, ok_ws;
	long nd = per_connection(ctx, false, &ok_nd);
	long ws = per_connection(ctx, true, &ok_ws);
	CHECK_EQ_INT(ok_nd, N);
	CHECK_EQ_INT(ok_ws, N);
	CHECK_EQ_INT(atomic_load(&opened), 2 * N);
	/* Each kind counted something: the connection itself at least. */
	CHECKF(nd > 0 && ws > 0, "NDJSON %ld, WebSocket %ld bytes per connection", nd, ws);
	CHECKF(ws - nd < 1024,
	       "tg_net keeps %ld bytes per idle WebSocket connection, %ld per NDJSON one", ws, nd);
	printf("# tg_net's own heap per idle connection: NDJSON %ld bytes, WebSocket %ld\n", nd,
	       ws);

	net_test_server_stop(&server);
	SSL_CTX_free(ctx);
	net_test_files_remove(&files);
	return tap_done();
}
