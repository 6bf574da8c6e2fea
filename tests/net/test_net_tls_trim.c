/* test_net_tls_trim.c — how often the net asks glibc to give freed TLS
 * buffers back (malloc_trim), issue 17.
 *
 * A connection quiet for tls_buffers_idle_ms has its TLS buffers freed
 * (tls_idle.c), and the sweep then asks glibc for the pages (malloc_trim).
 * Asked every 256 frees, with many slow connections each finding its
 * buffers freed at every record, the trim gave back pages that the next
 * records faulted in again: a fifth of the loop's CPU (BENCHMARKS.md,
 * session 18, "What grows at 1,000 matches"). So while any connection stays
 * busy, two trims are at least tls_buffers_idle_ms apart however many
 * buffers were freed between them; once every connection is quiet the last
 * ones are still given back.
 *
 * malloc_trim is defined here, so the net (linked statically) calls this
 * one, which records when. An echo server; a keeper connection that sends a
 * message every DELAY_MS / 10 (so some connection is always busy) while
 * CONNS more connections each send one in BATCHES batches DELAY_MS / 8
 * apart: their buffers are freed in as many sweeps, more than 512 in under
 * DELAY_MS, which asked for two trims or more within one delay before. */
#include <malloc.h>
#include <signal.h>
#include <time.h>

#include "net_testkit.h"
#include "util/log.h"

#define CONNS 520
#define BATCHES 4
#define DELAY_MS 1500
#define MAX_TRIMS 256

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

/* ---- the trims, as the net asks for them (loop thread) ----------------- */

static atomic_int trims;
static atomic_long trim_at[MAX_TRIMS];

int malloc_trim(size_t pad)
{
	(void)pad;
	int i = atomic_fetch_add(&trims, 1);
	if (i < MAX_TRIMS)
		atomic_store(&trim_at[i], now_ms());
	return 0;
}

/* The shortest time between two trims among the first n. */
static long shortest_gap(int n)
{
	long shortest = -1;
	for (int i = 1; i < n && i < MAX_TRIMS; i++) {
		long gap = atomic_load(&trim_at[i]) - atomic_load(&trim_at[i - 1]);
		if (shortest < 0 || gap < shortest)
			shortest = gap;
	}
	return shortest;
}

/* ---- the echo server ---------------------------------------------------- */

static struct net_test_server server;

/* ---- the clients -------------------------------------------------------- */

static const char line[] = "{\"op\":\"echo\"}\n";
#define LINE_LEN (sizeof line - 1)

static bool send_line(struct client *cl)
{
	return SSL_write(cl->ssl, line, (int)LINE_LEN) == (int)LINE_LEN;
}

static bool read_echo(struct client *cl)
{
	char buf[256];
	size_t len = client_read_until(cl, buf, sizeof buf, "\n", 1);
	return len == LINE_LEN && memcmp(buf, line, len) == 0;
}

/* The keeper: a round trip every DELAY_MS / 10 until told to stop, on a
 * thread of its own; the longest time between two of its round trips. */
static struct client keeper;
static atomic_bool keeper_stop;
static atomic_int keeper_failed;
static atomic_long keeper_longest;

static void *keeper_run(void *arg)
{
	(void)arg;
	long last = now_ms();
	while (!atomic_load(&keeper_stop)) {
		if (!send_line(&keeper) || !read_echo(&keeper))
			atomic_fetch_add(&keeper_failed, 1);
		long now = now_ms();
		if (now - last > atomic_load(&keeper_longest))
			atomic_store(&keeper_longest, now - last);
		last = now;
		usleep(DELAY_MS * 100);
	}
	return NULL;
}

static struct client cl[CONNS];

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	tg_log_set_level(TG_LOG_WARN);
	struct net_test_files files;
	if (!net_test_files_make(&files, "/tmp/tg-net-trim-XXXXXX"))
		return tap_done();
	net_test_server_init(&server);
	struct tg_net_config cfg = net_test_config(&files, CONNS + 8);
	cfg.tls_buffers_idle_ms = DELAY_MS;
	int port = net_test_server_add(&server, &cfg, net_test_echo());
	if (!port)
		return tap_done();
	net_test_server_run(&server);
	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());

	if (!CHECK(client_open(&keeper, ctx, port)))
		return tap_done();
	pthread_t keeper_thread;
	pthread_create(&keeper_thread, NULL, keeper_run, NULL);

	int opened = 0;
	for (int i = 0; i < CONNS; i++)
		opened += client_open(&cl[i], ctx, port);
	CHECK_EQ_INT(opened, CONNS);

	/* The batches: each connection's one message and its echo. */
	int echoed = 0;
	long last_batch = 0;
	for (int b = 0; b < BATCHES; b++) {
		if (b)
			usleep(DELAY_MS * 1000 / 8);
		last_batch = now_ms();
		for (int i = b * CONNS / BATCHES; i < (b + 1) * CONNS / BATCHES; i++)
			send_line(&cl[i]);
		for (int i = b * CONNS / BATCHES; i < (b + 1) * CONNS / BATCHES; i++)
			echoed += read_echo(&cl[i]);
	}
	CHECK_EQ_INT(echoed, CONNS);

	/* The last batch's buffers are freed DELAY_MS after it, and given back
	 * then or, if a trim ran less than DELAY_MS before, DELAY_MS after that
	 * one: wait for a trim after the last batch's frees (a loaded box gets
	 * 15 s more). */
	long until = last_batch + 2 * DELAY_MS + 15000;
	bool given_back = false;
	while (!given_back && now_ms() < until) {
		usleep(50000);
		int n = atomic_load(&trims);
		given_back = n > 0 && n <= MAX_TRIMS &&
		             atomic_load(&trim_at[n - 1]) >= last_batch + DELAY_MS - 100;
	}
	int busy_trims = atomic_load(&trims);
	CHECKF(given_back, "the batches' buffers given back after they were freed (%d trims)",
	       busy_trims);

	atomic_store(&keeper_stop, true);
	pthread_join(keeper_thread, NULL);
	CHECK_EQ_INT(atomic_load(&keeper_failed), 0);
	long longest = atomic_load(&keeper_longest);
	printf("# %d trims while the keeper was busy; its longest quiet %ld ms\n", busy_trims,
	       longest);
	/* The rule holds while some connection is busy: the keeper's quiet must
	 * stay well under the delay for the check below to mean anything. */
	CHECKF(longest < DELAY_MS - 200, "the keeper stayed busy (longest quiet %ld ms)", longest);
	long gap = shortest_gap(busy_trims);
	CHECKF(busy_trims < 2 || gap >= DELAY_MS * 8 / 10,
	       "two trims at least %d ms apart while a connection is busy: shortest gap %ld ms "
	       "of %d trims",
	       DELAY_MS, gap, busy_trims);

	/* Every connection quiet: the keeper's buffers, the last, are freed
	 * DELAY_MS after its last message and given back at once. */
	until = now_ms() + DELAY_MS + 15000;
	while (atomic_load(&trims) == busy_trims && now_ms() < until)
		usleep(50000);
	CHECKF(atomic_load(&trims) > busy_trims,
	       "the last connection's buffers given back once every one is quiet");

	int base = atomic_load(&server.closed);
	for (int i = 0; i < CONNS; i++)
		client_close(&cl[i]);
	client_close(&keeper);
	net_test_wait_closed(&server, base + CONNS + 1, 1000);
	net_test_server_stop(&server);
	SSL_CTX_free(ctx);
	net_test_files_remove(&files);
	return tap_done();
}
