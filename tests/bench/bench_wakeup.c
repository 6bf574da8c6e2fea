/* bench_wakeup — what one thread hand-off costs on this machine (issue 17:
 * an act's ok, at a low rate, crosses four of them: the generator's bytes
 * wake the daemon's loop, the loop's turn wakes the syncer, the syncer's
 * fsync wakes the loop through its uv_async, the ok wakes the generator;
 * each one, on a VM, may wake an idle virtual CPU).
 *
 * Two threads ping-pong; each side stamps CLOCK_MONOTONIC just before it
 * signals and the other side reads the clock as soon as it runs again: one
 * sample a direction, the wake-up latency. Three hand-offs:
 *
 *   cond    a pthread condition variable (the loop -> syncer: uv_cond_signal)
 *   async   an eventfd written, the waiter in epoll_wait (uv_async_send:
 *           the syncer -> the loop)
 *   tcp     one byte over a loopback TCP connection, the waiter in
 *           epoll_wait (the generator <-> the daemon, without TLS)
 *
 * --gap-us N: the pinger sleeps N us before each ping (0: back to back, the
 * other side's core still warm; 10000: one act every 10 ms, as at 100
 * actions/s, each core idle between). --spin K: K more threads spin all the
 * time (a busy box: the waiter must take a core from them). --cpus A,B pins
 * the two threads (sched_setaffinity), otherwise the scheduler places them.
 * --work-us W: both go on working W us of CPU after the hand-off, the
 * woken side before it answers, the signaller at once (as the daemon's
 * loop goes on with its turn while the fan-out worker it woke computes):
 * the signaller's time off its core while it had work is printed (the
 * woken thread put on the signaller's core and run first); a wake-up then
 * also counts the wait for the other's work when the two share a core (the
 * woken thread put on the signaller's core and not run first).
 *
 *     bench_wakeup [--mode cond|async|tcp|all] [--n 2000] [--gap-us 0]
 *                  [--spin 0] [--cpus A,B]
 *                  [--work-us 0]
 *
 * Prints, per mode, the one-way latency's p50 / p90 / p99 / max in us, and
 * the signaller's own time in its signal call (the futex wake or the write:
 * what the waker pays, e.g. the daemon's loop when it wakes a fan-out worker
 * before its turn's commit), and the load average; figures, not asserted
 * (tests/bench, never ctest). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "histogram.h"
#include "tcp_pair.h"

enum mode { M_COND, M_ASYNC, M_TCP };
static const char *mode_name[] = {"cond", "async", "tcp"};

static struct {
	int n, gap_us, spin, cpu[2], work_us;
} opt = {2000, 0, 0, {-1, -1}, 0};

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* One direction of the hand-off: the waiter's way to sleep and be woken. */
struct chan {
	enum mode mode;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int flag;               /* cond: a signal pending */
	int fd[2];              /* async: fd[0] the eventfd; tcp: fd[0] read end, fd[1] write end */
	int ep;                 /* async, tcp: the waiter's epoll */
	_Atomic uint64_t stamp; /* the signaller's clock just before it signalled */
};

static void chan_signal(struct chan *c)
{
	atomic_store(&c->stamp, now_ns());
	if (c->mode == M_COND) {
		pthread_mutex_lock(&c->mu);
		c->flag = 1;
		pthread_cond_signal(&c->cv);
		pthread_mutex_unlock(&c->mu);
	} else if (c->mode == M_ASYNC) {
		uint64_t one = 1;
		if (write(c->fd[0], &one, sizeof one) != sizeof one)
			abort();
	} else {
		char b = 'x';
		if (write(c->fd[1], &b, 1) != 1)
			abort();
	}
}

/* Sleeps until signalled; returns the wake-up latency in ns. */
static uint64_t chan_wait(struct chan *c)
{
	if (c->mode == M_COND) {
		pthread_mutex_lock(&c->mu);
		while (!c->flag)
			pthread_cond_wait(&c->cv, &c->mu);
		c->flag = 0;
		pthread_mutex_unlock(&c->mu);
	} else {
		struct epoll_event ev;
		int r;
		do
			r = epoll_wait(c->ep, &ev, 1, -1);
		while (r < 0 && errno == EINTR);
		if (r != 1)
			abort();
	}
	uint64_t t = now_ns();
	if (c->mode == M_ASYNC) {
		uint64_t v;
		if (read(c->fd[0], &v, sizeof v) != sizeof v)
			abort();
	} else if (c->mode == M_TCP) {
		char b;
		if (read(c->fd[0], &b, 1) != 1)
			abort();
	}
	uint64_t s = atomic_load(&c->stamp);
	return t > s ? t - s : 0;
}

/* Works us of this thread's CPU time; returns the wall time it took, ns. */
static uint64_t work(int us)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	uint64_t c0 = (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec, w0 = now_ns();
	volatile uint64_t x = 0;
	for (;;) {
		for (int i = 0; i < 1000; i++)
			x++;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
		if ((uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec - c0 >=
		    (uint64_t)us * 1000u)
			break;
	}
	return now_ns() - w0;
}

static void chan_init(struct chan *c, enum mode m)
{
	memset(c, 0, sizeof *c);
	c->mode = m;
	pthread_mutex_init(&c->mu, NULL);
	pthread_cond_init(&c->cv, NULL);
	if (m == M_COND)
		return;
	if (m == M_ASYNC)
		c->fd[0] = eventfd(0, 0);
	else if (tcp_pair(c->fd) != 0)
		abort();
	c->ep = epoll_create1(0);
	struct epoll_event ev = {.events = EPOLLIN};
	if (c->fd[0] < 0 || c->ep < 0 || epoll_ctl(c->ep, EPOLL_CTL_ADD, c->fd[0], &ev) != 0)
		abort();
}

static void chan_free(struct chan *c)
{
	if (c->mode != M_COND) {
		close(c->ep);
		close(c->fd[0]);
		if (c->mode == M_TCP)
			close(c->fd[1]);
	}
	pthread_cond_destroy(&c->cv);
	pthread_mutex_destroy(&c->mu);
}

static void pin(int cpu)
{
	if (cpu < 0)
		return;
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	if (sched_setaffinity(0, sizeof s, &s) != 0)
		perror("sched_setaffinity");
}

struct run {
	struct chan ping, pong;
	struct histogram h;   /* both directions, ns */
	struct histogram sig; /* the pinger's time in its signal call, ns */
	struct histogram off; /* --work-us: the pinger's wall - its CPU time, ns */
};

static void *ponger(void *arg)
{
	struct run *r = arg;
	pin(opt.cpu[1]);
	for (int i = 0; i < opt.n; i++) {
		uint64_t d = chan_wait(&r->ping);
		hist_record(&r->h, d); /* only this thread records between the pings */
		if (opt.work_us > 0)
			work(opt.work_us);
		chan_signal(&r->pong);
	}
	return NULL;
}

static atomic_int spinning;
static void *spinner(void *arg)
{
	(void)arg;
	volatile uint64_t x = 0;
	while (atomic_load_explicit(&spinning, memory_order_relaxed))
		x++;
	return NULL;
}

static void run_mode(enum mode m)
{
	struct run *r = calloc(1, sizeof *r);
	if (!r)
		abort();
	chan_init(&r->ping, m);
	chan_init(&r->pong, m);
	pthread_t t;
	pthread_create(&t, NULL, ponger, r);
	struct histogram *back = calloc(1, sizeof *back);
	if (!back)
		abort();
	usleep(20000);
	for (int i = 0; i < opt.n; i++) {
		if (opt.gap_us > 0) {
			struct timespec g = {opt.gap_us / 1000000,
			                     (long)(opt.gap_us % 1000000) * 1000};
			nanosleep(&g, NULL);
		}
		uint64_t t0 = now_ns();
		chan_signal(&r->ping);
		hist_record(&r->sig, now_ns() - t0);
		if (opt.work_us > 0) {
			uint64_t w = work(opt.work_us);
			hist_record(&r->off, w > (uint64_t)opt.work_us * 1000u
			                         ? w - (uint64_t)opt.work_us * 1000u
			                         : 0);
		}
		hist_record(back, chan_wait(&r->pong));
	}
	pthread_join(t, NULL);
	hist_merge(&r->h, back);
	double l[3] = {0, 0, 0};
	FILE *f = fopen("/proc/loadavg", "r");
	if (f) {
		if (fscanf(f, "%lf %lf %lf", &l[0], &l[1], &l[2]) != 3)
			l[0] = -1;
		fclose(f);
	}
	printf("%-5s gap %6d us spin %d cpus %d,%d: one-way wake-up n=%llu p50 %.1f p90 %.1f "
	       "p99 %.1f max %.1f us; the signal call p50 %.1f p99 %.1f us; load %.2f %.2f %.2f\n",
	       mode_name[m], opt.gap_us, opt.spin, opt.cpu[0], opt.cpu[1],
	       (unsigned long long)r->h.total, hist_percentile(&r->h, 50) / 1e3,
	       hist_percentile(&r->h, 90) / 1e3, hist_percentile(&r->h, 99) / 1e3,
	       (double)r->h.max / 1e3, hist_percentile(&r->sig, 50) / 1e3,
	       hist_percentile(&r->sig, 99) / 1e3, l[0], l[1], l[2]);
	if (opt.work_us > 0)
		printf("%-5s work %d us after each hand-off: the signaller off its core while it "
		       "had work p50 %.1f p90 %.1f p99 %.1f us\n",
		       mode_name[m], opt.work_us, hist_percentile(&r->off, 50) / 1e3,
		       hist_percentile(&r->off, 90) / 1e3, hist_percentile(&r->off, 99) / 1e3);
	fflush(stdout);
	free(back);
	chan_free(&r->ping);
	chan_free(&r->pong);
	free(r);
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {{"mode", required_argument, NULL, 'm'},
	                                   {"n", required_argument, NULL, 'n'},
	                                   {"gap-us", required_argument, NULL, 'g'},
	                                   {"spin", required_argument, NULL, 's'},
	                                   {"cpus", required_argument, NULL, 'c'},
	                                   {"work-us", required_argument, NULL, 'w'},
	                                   {NULL, 0, NULL, 0}};
	const char *mode = "all";
	int o;
	while ((o = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (o) {
		case 'm':
			mode = optarg;
			break;
		case 'n':
			opt.n = atoi(optarg);
			break;
		case 'g':
			opt.gap_us = atoi(optarg);
			break;
		case 's':
			opt.spin = atoi(optarg);
			break;
		case 'w':
			opt.work_us = atoi(optarg);
			break;
		case 'c':
			if (sscanf(optarg, "%d,%d", &opt.cpu[0], &opt.cpu[1]) != 2) {
				fprintf(stderr, "--cpus A,B\n");
				return 2;
			}
			break;
		default:
			fprintf(stderr, "usage: bench_wakeup [--mode cond|async|tcp|all] [--n N] "
			                "[--gap-us US] [--spin K] [--cpus A,B] [--work-us W]\n");
			return 2;
		}
	}
	if (opt.n <= 0) {
		fprintf(stderr, "--n must be positive\n");
		return 2;
	}
	pthread_t sp[64];
	int ns = opt.spin < 64 ? opt.spin : 64;
	atomic_store(&spinning, 1);
	for (int i = 0; i < ns;
	     i++) /* before the pin: the spinners go where the scheduler puts them */
		pthread_create(&sp[i], NULL, spinner, NULL);
	pin(opt.cpu[0]);
	for (int m = M_COND; m <= M_TCP; m++)
		if (strcmp(mode, "all") == 0 || strcmp(mode, mode_name[m]) == 0)
			run_mode((enum mode)m);
	atomic_store(&spinning, 0);
	for (int i = 0; i < ns; i++)
		pthread_join(sp[i], NULL);
	return 0;
}
