/* test_net_tls_buffers.c — a connection's TLS record buffers (issue 17).
 *
 * SSL_MODE_RELEASE_BUFFERS freed OpenSSL's read and write buffers (about
 * 17 KiB each) after every record and allocated them again for the next:
 * the allocator churn the daemon's profile showed as `malloc_consolidate`.
 * Now a connection keeps its buffers while it is busy and frees them
 * (SSL_free_buffers) once it has been quiet for tls_buffers_idle_ms, so an
 * idle connection still costs what it did; 0 keeps the old mode.
 *
 * OpenSSL's own heap is counted through CRYPTO_set_mem_functions, on the
 * loop thread only (the clients run on the main thread with the same
 * library). An echo server; N clients of each net:
 *   - with tls_buffers_idle_ms = DELAY_MS: a connection that has just
 *     exchanged a message holds at least 16 KiB more of OpenSSL's heap than
 *     when it was idle; after DELAY_MS of quiet it is back down; a message
 *     after that still goes both ways, and the buffers come back;
 *   - with tls_buffers_idle_ms = DELAY_MS, after a message of BIG bytes
 *     each way and DELAY_MS of quiet, a connection is back to what it held
 *     idle before: the memory BIOs' buffers, which OpenSSL grows to the
 *     most they ever held and never shrinks (the write BIO about 4/3 of a
 *     burst of records: 21 KiB on a daemon's connection that was sent a
 *     view, heaptrack, session 19), are freed with the record buffers;
 *   - with 0: right after a message a connection holds what an idle one
 *     does (under 4 KiB more), as before. */
#include <malloc.h>
#include <openssl/crypto.h>
#include <signal.h>
#include <time.h>

#include "net_testkit.h"
#include "util/log.h"

#define N 4
#define DELAY_MS 2000
#define KEPT (16 * 1024) /* the two buffers are about 17 KiB each */
#define BIG 40000        /* a message of this many bytes: three records */

/* ---- OpenSSL's heap, counted on the loop thread ------------------------- */

static _Thread_local bool on_loop;
static atomic_long live;

static void count(void *p, long sign)
{
	if (p && on_loop)
		atomic_fetch_add(&live, sign * (long)malloc_usable_size(p));
}

static void *count_malloc(size_t n, const char *file, int line)
{
	(void)file, (void)line;
	void *p = malloc(n);
	count(p, 1);
	return p;
}

static void *count_realloc(void *p, size_t n, const char *file, int line)
{
	(void)file, (void)line;
	count(p, -1);
	void *q = realloc(p, n);
	count(q ? q : p, 1);
	return q;
}

static void count_free(void *p, const char *file, int line)
{
	(void)file, (void)line;
	count(p, -1);
	free(p);
}

/* ---- the echo servers (loop thread) ------------------------------------ */

static struct net_test_server server;
static atomic_int ports[2];

static void mark_loop_thread(void)
{
	on_loop = true;
}

/* ---- the clients (main thread) ----------------------------------------- */

/* One message there and its echo back. */
static bool round_trip(struct client *cl)
{
	static const char line[] = "{\"op\":\"echo\"}\n";
	if (SSL_write(cl->ssl, line, (int)sizeof line - 1) != (int)sizeof line - 1)
		return false;
	char buf[256];
	size_t len = client_read_until(cl, buf, sizeof buf, "\n", 1);
	return len == sizeof line - 1 && memcmp(buf, line, len) == 0;
}

static int round_trips(struct client *cl)
{
	int ok = 0;
	for (int i = 0; i < N; i++)
		ok += round_trip(&cl[i]);
	return ok;
}

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

/* The count once it has stopped moving for a while (write requests freed,
 * the server's last record handled). */
static long settled(void)
{
	long last = atomic_load(&live);
	for (int i = 0, still = 0; i < 100 && still < 4; i++) {
		usleep(50000);
		long now = atomic_load(&live);
		still = now == last ? still + 1 : 0;
		last = now;
	}
	return last;
}

/* Waits until the count is at most `want`, for at most DELAY_MS + 15 s (a
 * loaded box); the count then. */
static long wait_down_to(long want)
{
	long until = now_ms() + DELAY_MS + 15000;
	while (atomic_load(&live) > want && now_ms() < until)
		usleep(50000);
	return atomic_load(&live);
}

static void kept_after_quiet(SSL_CTX *ctx)
{
	struct client cl[N];
	long before = settled();
	int ok = 0;
	for (int i = 0; i < N; i++)
		ok += client_open(&cl[i], ctx, atomic_load(&ports[0])) && round_trip(&cl[i]);
	CHECK_EQ_INT(ok, N);
	/* Quiet for the delay: what an idle connection holds. */
	usleep(DELAY_MS * 1000);
	long idle = settled();
	printf("# OpenSSL's heap per idle connection: %ld bytes\n", (idle - before) / N);

	CHECK_EQ_INT(round_trips(cl), N);
	long active = atomic_load(&live);
	CHECKF(active - idle >= (long)N * KEPT,
	       "an active connection keeps its buffers: %ld bytes each over an idle one",
	       (active - idle) / N);

	long later = wait_down_to(active - (long)N * KEPT);
	CHECKF(active - later >= (long)N * KEPT,
	       "buffers freed after %d ms of quiet: %ld bytes each given back", DELAY_MS,
	       (active - later) / N);
	long back = settled();
	CHECKF(back - idle < N * 1024, "back to the idle figure: %ld bytes each over it",
	       (back - idle) / N);

	/* Freed buffers come back for the next record: both ways work. */
	CHECK_EQ_INT(round_trips(cl), N);
	long again = atomic_load(&live);
	CHECKF(again - back >= (long)N * KEPT, "the buffers are back: %ld bytes each",
	       (again - back) / N);
	int base = atomic_load(&server.closed);
	for (int i = 0; i < N; i++)
		client_close(&cl[i]);
	net_test_wait_closed(&server, base + N, 500);
}

/* One message of about BIG bytes there and its echo back. */
static bool big_round_trip(struct client *cl)
{
	static char line[BIG + 32], buf[BIG + 64];
	int len = snprintf(line, sizeof line, "{\"op\":\"echo\",\"pad\":\"");
	memset(line + len, 'x', BIG);
	len += BIG;
	len += snprintf(line + len, sizeof line - (size_t)len, "\"}\n");
	if (SSL_write(cl->ssl, line, len) != len)
		return false;
	size_t got = client_read_until(cl, buf, sizeof buf, "\n", 1);
	return got == (size_t)len && memcmp(buf, line, got) == 0;
}

static void bios_shed_after_quiet(SSL_CTX *ctx)
{
	struct client cl[N];
	int ok = 0;
	for (int i = 0; i < N; i++)
		ok += client_open(&cl[i], ctx, atomic_load(&ports[0])) && round_trip(&cl[i]);
	CHECK_EQ_INT(ok, N);
	usleep(DELAY_MS * 1000);
	long idle = settled();

	ok = 0;
	for (int i = 0; i < N; i++)
		ok += big_round_trip(&cl[i]);
	CHECK_EQ_INT(ok, N);
	long active = atomic_load(&live);
	printf("# after a message of %d bytes each way: %ld bytes each over idle\n", BIG,
	       (active - idle) / N);
	wait_down_to(idle + N * 1024);
	long back = settled();
	CHECKF(back - idle < N * 1024,
	       "after %d ms of quiet a connection that moved %d bytes holds what it did idle: "
	       "%ld bytes each over it",
	       DELAY_MS, BIG, (back - idle) / N);
	int base = atomic_load(&server.closed);
	for (int i = 0; i < N; i++)
		client_close(&cl[i]);
	net_test_wait_closed(&server, base + N, 500);
}

static void released_every_record(SSL_CTX *ctx)
{
	struct client cl[N];
	int ok = 0;
	for (int i = 0; i < N; i++)
		ok += client_open(&cl[i], ctx, atomic_load(&ports[1])) && round_trip(&cl[i]);
	CHECK_EQ_INT(ok, N);
	long idle = settled();
	CHECK_EQ_INT(round_trips(cl), N);
	long active = atomic_load(&live);
	CHECKF(active - idle < (long)N * 4096,
	       "tls_buffers_idle_ms = 0 frees them after each record: %ld bytes each kept",
	       (active - idle) / N);
	int base = atomic_load(&server.closed);
	for (int i = 0; i < N; i++)
		client_close(&cl[i]);
	net_test_wait_closed(&server, base + N, 500);
}

int main(void)
{
	/* Before anything of OpenSSL's allocates. */
	if (!CRYPTO_set_mem_functions(count_malloc, count_realloc, count_free)) {
		printf("not ok - CRYPTO_set_mem_functions refused\n");
		return 1;
	}
	signal(SIGPIPE, SIG_IGN);
	tg_log_set_level(TG_LOG_WARN);
	struct net_test_files files;
	if (!net_test_files_make(&files, "/tmp/tg-net-buffers-XXXXXX"))
		return tap_done();
	net_test_server_init(&server);
	server.on_loop_thread = mark_loop_thread;
	struct tg_net_config cfg = net_test_config(&files, 4 * N);
	cfg.tls_buffers_idle_ms = DELAY_MS;
	/* The nets are made on the loop thread's side of the count too. */
	on_loop = true;
	atomic_store(&ports[0], net_test_server_add(&server, &cfg, net_test_echo()));
	cfg.tls_buffers_idle_ms = 0;
	if (atomic_load(&ports[0]))
		atomic_store(&ports[1], net_test_server_add(&server, &cfg, net_test_echo()));
	on_loop = false;
	if (!atomic_load(&ports[0]) || !atomic_load(&ports[1]))
		return tap_done();
	net_test_server_run(&server);

	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
	kept_after_quiet(ctx);
	bios_shed_after_quiet(ctx);
	released_every_record(ctx);

	net_test_server_stop(&server);
	SSL_CTX_free(ctx);
	net_test_files_remove(&files);
	return tap_done();
}
