/* bench_syscalls — what each kind of system call the daemon makes per
 * action costs alone on this machine (issue 17: the kernel's floor under
 * the CPU per action; tests/bench/syscall_account.py multiplies these by
 * the calls counted per action).
 *
 * Each case runs its call N times in a loop on one thread (two for the
 * hand-offs) and prints the CPU time per call, user and system apart
 * (getrusage RUSAGE_THREAD around the loop; the hand-offs: both threads'
 * CPU summed, per hand-off), and the wall time per call:
 *
 *   null        syscall(SYS_getppid): entering and leaving the kernel
 *   clock       clock_gettime(CLOCK_MONOTONIC) (the vDSO: no kernel entry)
 *   tcp_write   write of a SIZE-byte record to a loopback TCP connection
 *               (the kernel's whole delivery to the receiving socket,
 *               which is done in the writer's call)
 *   tcp_read    read of that record from the receiving end
 *   unix_write  write of SIZE bytes to a socketpair(AF_UNIX)
 *   unix_read   read of them
 *   read_again  read of an empty non-blocking socket (EAGAIN)
 *   epoll_ready epoll_wait with one fd ready (level-triggered): returns 1
 *   epoll_none  epoll_wait, timeout 0, nothing ready
 *   epoll_mod   epoll_ctl(EPOLL_CTL_MOD) of a socket, events unchanged
 *   eventfd_write  write of an eventfd no one waits on (uv_async_send's)
 *   eventfd_read   read of it back (the loop's drain of the uv_async)
 *   futex_nowake   FUTEX_WAKE with no waiter
 *   futex_handoff  a waiting thread woken by FUTEX_WAKE and the waker
 *               woken back in turn: per hand-off, both threads' CPU
 *               (the wake call, the wait's return, the switch in)
 *   eventfd_handoff  a thread waiting in epoll_wait on an eventfd woken by
 *               its write and reading it (the worker -> the loop), and
 *               back: per hand-off, both threads' CPU
 *   tcp_write_wake, tcp_epoll_sleep, tcp_read_woken
 *               a ping-pong of SIZE-byte records over loopback TCP, each
 *               side asleep in epoll_wait until the other's record comes
 *               (the daemon and its clients): each call's own CPU (the
 *               thread's CPU clock around it, less the clock's own cost):
 *               the write that wakes a sleeping reader, the epoll_wait
 *               that sleeps and is woken, the read after it
 *   eventfd_write_wake, eventfd_epoll_sleep
 *               the same with an eventfd (a worker's wake of the loop)
 *   futex_wake_waiter, futex_wait_sleep
 *               the same with a futex word (a condition variable's signal
 *               of a sleeping thread, and the sleeping thread's wait)
 *   pwrite      pwrite of a WAL frame (24 + 4,096 bytes) at the file's end
 *   fdatasync   FRAMES frames' pwrites and one fdatasync, per fdatasync
 *               (the CPU of them all; its wall time is the disk's): the
 *               daemon's syncer makes one for the frames of a turn or more
 *
 *     bench_syscalls [--n 20000] [--size 1024] [--frames 16] [--dir /tmp]
 *                    [--case NAME]
 *
 * One line a case: "NAME calls N user_ns U sys_ns S cpu_ns C wall_ns W"
 * (ns per call). Figures, not asserted (tests/bench, never ctest). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/futex.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "tcp_pair.h"

static struct {
	int n;
	int size;
	int frames;
	const char *dir;
	const char *only;
} opt = {20000, 1024, 16, "/tmp", NULL};

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

struct usage {
	uint64_t user, sys, wall, cpu;
};

static const struct usage none;

static uint64_t tv_ns(struct timeval t)
{
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_usec * 1000u;
}

static struct usage usage_now(void)
{
	struct rusage r;
	struct timespec t;
	getrusage(RUSAGE_THREAD, &r);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (struct usage){tv_ns(r.ru_utime), tv_ns(r.ru_stime), now_ns(),
	                      (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec};
}

/* cpu: the thread's CPU clock (exact); user and sys: getrusage's split of
 * it, which the kernel may sample at its tick: read them over many calls. */
static void report(const char *name, long calls, struct usage a, struct usage b, struct usage other)
{
	double u = (double)(b.user - a.user + other.user) / (double)calls;
	double s = (double)(b.sys - a.sys + other.sys) / (double)calls;
	double cpu = (double)(b.cpu - a.cpu + other.cpu) / (double)calls;
	double w = (double)(b.wall - a.wall) / (double)calls;
	printf("%-19s calls %ld cpu_ns %.0f user_ns %.0f sys_ns %.0f wall_ns %.0f\n", name, calls,
	       cpu, u, s, w);
	fflush(stdout);
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* the pair non-blocking, TCP_NODELAY on both ends */
static void stream_pair(int fd[2])
{
	if (tcp_pair(fd) != 0)
		die("tcp_pair");
	int one = 1;
	setsockopt(fd[0], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	fcntl(fd[0], F_SETFL, O_NONBLOCK);
	fcntl(fd[1], F_SETFL, O_NONBLOCK);
}

static void add(struct usage *sum, struct usage a, struct usage b)
{
	sum->user += b.user - a.user;
	sum->sys += b.sys - a.sys;
	sum->wall += b.wall - a.wall;
	sum->cpu += b.cpu - a.cpu;
}

static int want(const char *name)
{
	return !opt.only || strcmp(opt.only, name) == 0;
}

/* The writes and reads of SIZE-byte records: written in batches of 16 (the
 * socket's buffer holds them), read back in the same number; each side
 * timed on its own. */
static void stream_case(const char *wname, const char *rname, int fd[2])
{
	char *buf = calloc(1, (size_t)opt.size);
	if (!buf)
		die("calloc");
	struct usage wsum = none, rsum = none;
	long calls = 0;
	for (int i = 0; i < opt.n; i += 16) {
		struct usage a = usage_now();
		for (int k = 0; k < 16; k++)
			if (write(fd[1], buf, (size_t)opt.size) != opt.size)
				die("write");
		struct usage b = usage_now();
		for (int k = 0; k < 16; k++) {
			size_t got = 0;
			while (got < (size_t)opt.size) {
				ssize_t r = read(fd[0], buf + got, (size_t)opt.size - got);
				if (r > 0)
					got += (size_t)r;
				else if (r < 0 && errno != EAGAIN)
					die("read");
			}
		}
		struct usage c = usage_now();
		add(&wsum, a, b);
		add(&rsum, b, c);
		calls += 16;
	}
	if (want(wname))
		report(wname, calls, none, wsum, none);
	if (want(rname))
		report(rname, calls, none, rsum, none);
	free(buf);
}

/* A hand-off's other side: waits on the futex word for its turn, then
 * hands back. */
static _Atomic int word;
static int efd[2], eep[2];

static long futex(_Atomic int *w, int op, int val)
{
	return syscall(SYS_futex, w, op, val, NULL, NULL, 0);
}

static void futex_wait_for(int v)
{
	while (atomic_load(&word) != v)
		futex(&word, FUTEX_WAIT_PRIVATE, 1 - v);
}

static struct usage peer_used;

static void *futex_peer(void *arg)
{
	(void)arg;
	struct usage a = usage_now();
	for (int i = 0; i < opt.n; i++) {
		futex_wait_for(1);
		atomic_store(&word, 0);
		futex(&word, FUTEX_WAKE_PRIVATE, 1);
	}
	struct usage b = usage_now();
	peer_used = (struct usage){b.user - a.user, b.sys - a.sys, 0, b.cpu - a.cpu};
	return NULL;
}

static void efd_wait(int side)
{
	struct epoll_event ev;
	int r;
	do
		r = epoll_wait(eep[side], &ev, 1, -1);
	while (r < 0 && errno == EINTR);
	uint64_t v;
	if (r != 1 || read(efd[side], &v, sizeof v) != sizeof v)
		die("eventfd wait");
}

static void efd_signal(int side)
{
	uint64_t one = 1;
	if (write(efd[side], &one, sizeof one) != sizeof one)
		die("eventfd write");
}

static void *eventfd_peer(void *arg)
{
	(void)arg;
	struct usage a = usage_now();
	for (int i = 0; i < opt.n; i++) {
		efd_wait(1);
		efd_signal(0);
	}
	struct usage b = usage_now();
	peer_used = (struct usage){b.user - a.user, b.sys - a.sys, 0, b.cpu - a.cpu};
	return NULL;
}

/* The calling thread's CPU clock, ns (a system call on this kernel). */
static uint64_t cpu_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* What two back-to-back reads of the CPU clock measure: taken off each
 * call timed between two reads. */
static uint64_t cpu_clock_cost;

static void calibrate(void)
{
	uint64_t best = UINT64_MAX;
	for (int r = 0; r < 5; r++) {
		uint64_t sum = 0;
		for (int i = 0; i < 2000; i++) {
			uint64_t a = cpu_ns();
			sum += cpu_ns() - a;
		}
		if (sum / 2000 < best)
			best = sum / 2000;
	}
	cpu_clock_cost = best;
}

static uint64_t since(uint64_t a)
{
	uint64_t d = cpu_ns() - a;
	return d > cpu_clock_cost ? d - cpu_clock_cost : 0;
}

/* A ping-pong: each side sleeps in epoll_wait on its fd until the other
 * side's message; the three calls of each hand-off timed alone. */
enum pp_kind { PP_TCP, PP_EVENTFD, PP_FUTEX };
struct pp_side {
	int rfd, wfd, ep;
	uint64_t w, e, r; /* CPU ns summed: the waking write, the sleep, the read */
};
static struct {
	enum pp_kind kind;
	struct pp_side side[2];
	_Atomic int turn; /* futex: whose turn it is */
	char *buf;
} pp;

static void pp_send(int me)
{
	struct pp_side *s = &pp.side[me];
	uint64_t a = cpu_ns();
	if (pp.kind == PP_FUTEX) {
		atomic_store(&pp.turn, 1 - me);
		futex(&pp.turn, FUTEX_WAKE_PRIVATE, 1);
	} else if (pp.kind == PP_EVENTFD) {
		uint64_t one = 1;
		if (write(s->wfd, &one, sizeof one) != sizeof one)
			die("eventfd write");
	} else if (write(s->wfd, pp.buf, (size_t)opt.size) != opt.size) {
		die("write");
	}
	s->w += since(a);
}

static void pp_recv(int me)
{
	struct pp_side *s = &pp.side[me];
	uint64_t a = cpu_ns();
	if (pp.kind == PP_FUTEX) {
		while (atomic_load(&pp.turn) != me)
			futex(&pp.turn, FUTEX_WAIT_PRIVATE, 1 - me);
		s->e += since(a);
		return;
	}
	struct epoll_event ev;
	int r;
	do
		r = epoll_wait(s->ep, &ev, 1, -1);
	while (r < 0 && errno == EINTR);
	s->e += since(a);
	if (r != 1)
		die("epoll_wait");
	a = cpu_ns();
	size_t want = pp.kind == PP_TCP ? (size_t)opt.size : 8, got = 0;
	char *into = pp.buf + (me ? (size_t)opt.size : 0);
	while (got < want) {
		ssize_t n = read(s->rfd, into + got, want - got);
		if (n > 0)
			got += (size_t)n;
		else if (n < 0 && errno != EAGAIN)
			die("read");
	}
	s->r += since(a);
}

static void *pp_peer(void *arg)
{
	(void)arg;
	for (int i = 0; i < opt.n; i++) {
		pp_recv(1);
		pp_send(1);
	}
	return NULL;
}

static void pingpong(enum pp_kind kind, const char *wname, const char *ename, const char *rname)
{
	if (!want(wname) && !want(ename) && (!rname || !want(rname)))
		return;
	memset(&pp.side, 0, sizeof pp.side);
	pp.kind = kind;
	atomic_store(&pp.turn, 1);
	pp.buf = calloc(2, (size_t)opt.size + 8);
	int tcp[2][2] = {{-1, -1}, {-1, -1}};
	for (int s = 0; s < 2; s++) {
		if (kind == PP_TCP) {
			stream_pair(tcp[s]); /* [0] read end, [1] write end */
		} else if (kind == PP_EVENTFD) {
			tcp[s][0] = tcp[s][1] = eventfd(0, EFD_NONBLOCK);
			if (tcp[s][0] < 0)
				die("eventfd");
		}
	}
	for (int s = 0; s < 2 && kind != PP_FUTEX; s++) {
		/* side s reads what side 1-s writes */
		pp.side[s].rfd = tcp[s][0];
		pp.side[1 - s].wfd = tcp[s][1];
		pp.side[s].ep = epoll_create1(0);
		struct epoll_event ev = {.events = EPOLLIN};
		if (pp.side[s].ep < 0 ||
		    epoll_ctl(pp.side[s].ep, EPOLL_CTL_ADD, tcp[s][0], &ev) != 0)
			die("epoll");
	}
	pthread_t t;
	if (pthread_create(&t, NULL, pp_peer, NULL) != 0)
		die("pthread_create");
	for (int i = 0; i < opt.n; i++) {
		pp_send(0);
		pp_recv(0);
	}
	pthread_join(t, NULL);
	long calls = 2L * opt.n;
	struct usage none2 = none;
	struct usage w = none2, e = none2, r = none2;
	w.cpu = pp.side[0].w + pp.side[1].w;
	e.cpu = pp.side[0].e + pp.side[1].e;
	r.cpu = pp.side[0].r + pp.side[1].r;
	if (want(wname))
		report(wname, calls, none, w, none);
	if (want(ename))
		report(ename, calls, none, e, none);
	if (rname && want(rname))
		report(rname, calls, none, r, none);
	for (int s = 0; s < 2 && kind != PP_FUTEX; s++) {
		close(pp.side[s].ep);
		close(tcp[s][0]);
		if (kind == PP_TCP)
			close(tcp[s][1]);
	}
	free(pp.buf);
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
	    {"n", required_argument, 0, 'n'},    {"size", required_argument, 0, 's'},
	    {"dir", required_argument, 0, 'd'},  {"frames", required_argument, 0, 'f'},
	    {"case", required_argument, 0, 'c'}, {0, 0, 0, 0}};
	int c;
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		if (c == 'n')
			opt.n = atoi(optarg);
		else if (c == 's')
			opt.size = atoi(optarg);
		else if (c == 'd')
			opt.dir = optarg;
		else if (c == 'f')
			opt.frames = atoi(optarg) < 1 ? 1 : atoi(optarg);
		else if (c == 'c')
			opt.only = optarg;
		else {
			fprintf(
			    stderr,
			    "usage: bench_syscalls [--n N] [--size BYTES] [--frames F] [--dir DIR] "
			    "[--case NAME]\n");
			return 2;
		}
	}
	if (opt.n < 16)
		opt.n = 16;
	if (opt.size < 1)
		opt.size = 1;
	struct usage a, b;

	if (want("null")) {
		a = usage_now();
		for (int i = 0; i < opt.n; i++)
			syscall(SYS_getppid);
		b = usage_now();
		report("null", opt.n, a, b, none);
	}
	if (want("clock")) {
		struct timespec t;
		a = usage_now();
		for (int i = 0; i < opt.n; i++)
			clock_gettime(CLOCK_MONOTONIC, &t);
		b = usage_now();
		report("clock", opt.n, a, b, none);
	}

	int tcp[2], ux[2];
	stream_pair(tcp);
	if (want("tcp_write") || want("tcp_read"))
		stream_case("tcp_write", "tcp_read", tcp);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, ux) != 0)
		die("socketpair");
	if (want("unix_write") || want("unix_read"))
		stream_case("unix_write", "unix_read", ux);
	if (want("read_again")) {
		char x;
		a = usage_now();
		for (int i = 0; i < opt.n; i++)
			if (read(tcp[0], &x, 1) != -1 || errno != EAGAIN)
				die("read_again");
		b = usage_now();
		report("read_again", opt.n, a, b, none);
	}

	int ep = epoll_create1(0);
	struct epoll_event ev = {.events = EPOLLIN, .data.fd = tcp[0]};
	if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, tcp[0], &ev) != 0)
		die("epoll");
	if (want("epoll_none")) {
		struct epoll_event out[8];
		a = usage_now();
		for (int i = 0; i < opt.n; i++)
			if (epoll_wait(ep, out, 8, 0) != 0)
				die("epoll_none");
		b = usage_now();
		report("epoll_none", opt.n, a, b, none);
	}
	if (want("epoll_mod")) {
		a = usage_now();
		for (int i = 0; i < opt.n; i++)
			if (epoll_ctl(ep, EPOLL_CTL_MOD, tcp[0], &ev) != 0)
				die("epoll_mod");
		b = usage_now();
		report("epoll_mod", opt.n, a, b, none);
	}
	if (want("epoll_ready")) {
		char x = 'x';
		if (write(tcp[1], &x, 1) != 1)
			die("write");
		usleep(10000);
		struct epoll_event out[8];
		a = usage_now();
		for (int i = 0; i < opt.n; i++)
			if (epoll_wait(ep, out, 8, 0) != 1)
				die("epoll_ready");
		b = usage_now();
		report("epoll_ready", opt.n, a, b, none);
		if (read(tcp[0], &x, 1) != 1)
			die("read");
	}
	close(ep);

	int e = eventfd(0, EFD_NONBLOCK);
	if (e < 0)
		die("eventfd");
	if (want("eventfd_write") || want("eventfd_read")) {
		uint64_t one = 1, v;
		struct usage wsum = none, rsum = none;
		for (int i = 0; i < opt.n; i++) {
			struct usage x0 = usage_now();
			for (int k = 0; k < 16; k++)
				if (write(e, &one, sizeof one) != sizeof one)
					die("eventfd write");
			struct usage x1 = usage_now();
			for (int k = 0; k < 16; k++)
				if (read(e, &v, sizeof v) != sizeof v && errno != EAGAIN)
					die("eventfd read");
			struct usage x2 = usage_now();
			add(&wsum, x0, x1);
			add(&rsum, x1, x2);
			i += 15;
		}
		long calls = (opt.n + 15) / 16 * 16;
		if (want("eventfd_write"))
			report("eventfd_write", calls, none, wsum, none);
		/* 15 of each 16 reads find the counter drained: EAGAIN, as a
		 * second drain would; the first takes the 16 writes' sum */
		if (want("eventfd_read"))
			report("eventfd_read", calls, none, rsum, none);
	}
	close(e);

	if (want("futex_nowake")) {
		a = usage_now();
		for (int i = 0; i < opt.n; i++)
			futex(&word, FUTEX_WAKE_PRIVATE, 1);
		b = usage_now();
		report("futex_nowake", opt.n, a, b, none);
	}
	if (want("futex_handoff")) {
		pthread_t t;
		atomic_store(&word, 0);
		if (pthread_create(&t, NULL, futex_peer, NULL) != 0)
			die("pthread_create");
		a = usage_now();
		for (int i = 0; i < opt.n; i++) {
			atomic_store(&word, 1);
			futex(&word, FUTEX_WAKE_PRIVATE, 1);
			futex_wait_for(0);
		}
		b = usage_now();
		pthread_join(t, NULL);
		/* two hand-offs a round */
		report("futex_handoff", 2L * opt.n, a, b, peer_used);
	}
	if (want("eventfd_handoff")) {
		for (int s = 0; s < 2; s++) {
			efd[s] = eventfd(0, EFD_NONBLOCK);
			eep[s] = epoll_create1(0);
			struct epoll_event e2 = {.events = EPOLLIN};
			if (efd[s] < 0 || eep[s] < 0 ||
			    epoll_ctl(eep[s], EPOLL_CTL_ADD, efd[s], &e2) != 0)
				die("eventfd epoll");
		}
		pthread_t t;
		if (pthread_create(&t, NULL, eventfd_peer, NULL) != 0)
			die("pthread_create");
		a = usage_now();
		for (int i = 0; i < opt.n; i++) {
			efd_signal(1);
			efd_wait(0);
		}
		b = usage_now();
		pthread_join(t, NULL);
		report("eventfd_handoff", 2L * opt.n, a, b, peer_used);
		for (int s = 0; s < 2; s++)
			close(efd[s]), close(eep[s]);
	}

	calibrate();
	pingpong(PP_TCP, "tcp_write_wake", "tcp_epoll_sleep", "tcp_read_woken");
	pingpong(PP_EVENTFD, "eventfd_write_wake", "eventfd_epoll_sleep", NULL);
	pingpong(PP_FUTEX, "futex_wake_waiter", "futex_wait_sleep", NULL);

	if (want("pwrite") || want("fdatasync")) {
		char path[4096];
		snprintf(path, sizeof path, "%s/bench_syscalls.XXXXXX", opt.dir);
		int f = mkstemp(path);
		if (f < 0)
			die("mkstemp");
		unlink(path);
		char frame[24 + 4096];
		memset(frame, 0x5a, sizeof frame);
		off_t off = 0;
		if (want("pwrite")) {
			a = usage_now();
			for (int i = 0; i < opt.n; i++) {
				if (pwrite(f, frame, sizeof frame, off) != (ssize_t)sizeof frame)
					die("pwrite");
				off += (off_t)sizeof frame;
			}
			b = usage_now();
			report("pwrite", opt.n, a, b, none);
		}
		if (want("fdatasync")) {
			int n = opt.n / 50 < 200 ? 200 : opt.n / 50;
			a = usage_now();
			for (int i = 0; i < n; i++) {
				for (int k = 0; k < opt.frames; k++) {
					if (pwrite(f, frame, sizeof frame, off) !=
					    (ssize_t)sizeof frame)
						die("pwrite");
					off += (off_t)sizeof frame;
				}
				if (fdatasync(f) != 0)
					die("fdatasync");
			}
			b = usage_now();
			report("fdatasync", n, a, b, none);
		}
		close(f);
	}
	close(tcp[0]), close(tcp[1]), close(ux[0]), close(ux[1]);
	double l[3];
	if (getloadavg(l, 3) == 3)
		printf("load %.2f %.2f %.2f\n", l[0], l[1], l[2]);
	return 0;
}
