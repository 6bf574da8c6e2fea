/* test_net_write_now.c — a connection's bytes written to its socket at
 * once, with no write request left for the loop (issue 17: the loop's
 * sends).
 *
 * Each flush handed its TLS records to uv_write, which writes at once when
 * nothing is queued but leaves a request that the loop finishes on its next
 * turn: a callback, and libuv's POLLOUT stop, which costs an epoll_ctl
 * system call per write even though the watcher's events did not change
 * (the daemon's loop made 1.81 epoll_ctl calls per acknowledged action,
 * one per socket write). Now a flush tries the write itself
 * (uv_try_write) and queues a request only for what the socket did not
 * take.
 *
 * An echo server whose "burst" message sends n lines of pad bytes to its
 * sender, then a last line that says how many requests the loop had active
 * right after the burst's lines were sent (uv_loop_t's active_reqs):
 *   - a client that reads: 0 (it was 1 a flush before);
 *   - a client that reads nothing (its receive buffer 32 KiB) while 8 MiB
 *     are sent: the socket takes part, the rest waits in requests, and once the client reads every
 *     line arrives whole and in order, corked or not. */
#include <openssl/err.h>
#include <signal.h>

#include "net_testkit.h"
#include "util/log.h"

/* ---- the server (loop thread) ------------------------------------------- */

static struct net_test_server server;
static atomic_int port;
static atomic_int bursts_sent; /* bursts whose every line the server has sent */

int __real_SSL_read_ex(SSL *ssl, void *buf, size_t num, size_t *readbytes);
int __wrap_SSL_read_ex(SSL *ssl, void *buf, size_t num, size_t *readbytes);
/* tg_net's SSL_read_ex calls that read nothing, on this thread */
static _Thread_local unsigned long reads;
int __wrap_SSL_read_ex(SSL *ssl, void *buf, size_t num, size_t *readbytes)
{
	int r = __real_SSL_read_ex(ssl, buf, num, readbytes);
	reads += !r;
	return r;
}

void __real_ERR_clear_error(void);
void __wrap_ERR_clear_error(void);
static _Thread_local unsigned long clears; /* tg_net's calls, on this thread */
void __wrap_ERR_clear_error(void)
{
	clears++;
	__real_ERR_clear_error();
}

static void on_message(struct tg_conn *c, json_t *msg, void *ud)
{
	(void)ud;
	struct net_test_burst b;
	if (!net_test_burst_of(c, msg, &b))
		return;
	/* the reads that read nothing since the last burst's message */
	static _Thread_local unsigned long reads_at_last;
	unsigned long reads_between = reads - reads_at_last;
	reads_at_last = reads;
	/* a stale error on the loop's queue, as a failed call might leave */
	ERR_raise(ERR_LIB_SSL, ERR_R_INTERNAL_ERROR);
	unsigned long clears_before = clears;
	if (b.cork)
		tg_conn_cork();
	for (int i = 0; i < b.n; i++)
		net_test_send_numbered(c, i, b.pad);
	if (b.cork)
		tg_conn_uncork();
	char last[96];
	unsigned reqs = server.loop.active_reqs.count;
	tg_conn_send_line(c, "{}", 2); /* one more write: the error was cleared before */
	int len =
	    snprintf(last, sizeof last, "{\"reqs\":%u,\"clears\":%lu,\"left\":%d,\"reads\":%lu}",
	             reqs, clears - clears_before, ERR_peek_error() != 0, reads_between);
	tg_conn_send_line(c, last, (size_t)len);
	atomic_fetch_add(&bursts_sent, 1);
}

static const struct tg_net_callbacks callbacks = {NULL, on_message, net_test_echo_close, NULL};

/* ---- the client (main thread) ------------------------------------------- */

struct reader {
	struct client c;
	struct client_lines lines;
};

/* Reads the n numbered lines of pad bytes each, then the count line;
 * false unless the lines are 0..n-1, whole and in order. *reqs: the
 * server's count. */
static unsigned long last_clears, last_reads;
static int last_left;
static bool read_burst(struct reader *r, int n, size_t pad, int *reqs)
{
	char line[96], empty[8];
	return client_read_numbered(&r->c, &r->lines, n, pad) &&
	       client_line(&r->c, &r->lines, empty, sizeof empty) &&
	       client_line(&r->c, &r->lines, line, sizeof line) &&
	       sscanf(line, "{\"reqs\":%d,\"clears\":%lu,\"left\":%d,\"reads\":%lu}", reqs,
	              &last_clears, &last_left, &last_reads) == 4;
}

/* Asks for a burst and waits until the server has sent all of it (queued
 * what the socket did not take) before the client reads anything. */
static void burst(struct reader *r, int n, int pad, bool cork)
{
	char req[160];
	snprintf(req, sizeof req, "{\"op\":\"burst\",\"n\":%d,\"pad\":%d,\"cork\":%s}", n, pad,
	         cork ? "true" : "false");
	int before = atomic_load(&bursts_sent);
	client_send_line(&r->c, req);
	for (int i = 0; i < 2000 && atomic_load(&bursts_sent) == before; i++)
		usleep(10000);
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	tg_log_set_level(TG_LOG_WARN);
	struct net_test_files files;
	if (!net_test_files_make(&files, "/tmp/tg-net-write-now-XXXXXX"))
		return tap_done();

	net_test_server_init(&server);
	struct tg_net_config cfg = net_test_config(&files, 4);
	cfg.max_outbuf = 32 << 20;
	cfg.handshake_timeout_ms = cfg.message_timeout_ms = 20000;
	cfg.tls_buffers_idle_ms = 5000;
	atomic_store(&port, net_test_server_add(&server, &cfg, &callbacks));
	if (!atomic_load(&port))
		return tap_done();
	net_test_server_run(&server);

	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
	struct reader *r = calloc(1, sizeof *r);
	/* a small receive buffer, so that the socket fills */
	const struct client_hooks h = {.timeout_s = 20, .rcvbuf = 32768};
	CHECK(client_open_with(&r->c, ctx, atomic_load(&port), &h));

	/* The first exchange also reads the session tickets. */
	int reqs = -1;
	for (int cork = 0; cork < 2; cork++) {
		burst(r, 3, 100, cork);
		CHECK(read_burst(r, 3, 100, &reqs));
		CHECKF(reqs == 0,
		       "%s lines to a reading client: %d write requests left for the loop",
		       cork ? "corked" : "plain", reqs);
		CHECKF(last_clears == 1 && last_left == 0,
		       "%s: the stale error cleared once (%lu clears), none left (%d)",
		       cork ? "corked" : "plain", last_clears, last_left);
		/* after the first message (the handshake's reads before it) */
		if (cork)
			CHECKF(last_reads == 0,
			       "no SSL_read_ex only to hear there was no more (%lu)", last_reads);
	}

	/* 8 MiB while the client reads nothing: more than the socket takes,
	 * so the rest is queued behind what was written, and the lines sent
	 * after it wait behind it. */
	for (int cork = 0; cork < 2; cork++) {
		burst(r, 128, 65000, cork);
		reqs = -1;
		CHECKF(read_burst(r, 128, 65000, &reqs),
		       "%s, 8 MiB to a client that did not read: every line whole, in order",
		       cork ? "corked" : "plain");
		CHECKF(reqs > 0, "%s: the rest queued (%d requests)", cork ? "corked" : "plain",
		       reqs);
		/* and the next burst after the queue drained leaves none */
		burst(r, 2, 10, false);
		CHECK(read_burst(r, 2, 10, &reqs));
		CHECKF(reqs == 0, "after the queue drained: %d requests", reqs);
	}

	client_close(&r->c);
	net_test_wait_closed(&server, 1, 500);
	free(r);
	net_test_server_stop(&server);
	SSL_CTX_free(ctx);
	net_test_files_remove(&files);
	return tap_done();
}
