/* bench_fsync_cadence — the disk's part of issue 17's round trip alone:
 * the daemon's commits and its syncer played at the daemon's cadence, no
 * SQLite, no sockets (session 28).
 *
 * The "loop" thread commits every 1/RATE s on an absolute schedule: FRAMES
 * WAL frames written as SQLite writes them (a 24-byte header pwrite and a
 * 4,096-byte page pwrite each, appended, from the file's start again past
 * --wal-frames as SQLite's WAL starts again after a checkpoint). Each
 * commit is timed to the moment an fdatasync that started after it ended
 * (its ack's earliest time) under one of two syncers:
 *
 *   serial   the daemon's syncer (server/core/syncer.c): one fdatasync at
 *            a time; when it ends, the next covers every commit made
 *            meanwhile. A commit that lands while one runs waits for the
 *            rest of it and then for its own.
 *   overlap  up to --inflight fdatasyncs at once on as many threads: a
 *            commit starts its own at once if a thread is free (else the
 *            first to free up covers it). fdatasync makes durable what was
 *            written before it was called, whatever runs beside it.
 *
 * Prints, per mode, the fdatasyncs' own times and each commit's
 * commit -> durable wait, p50 / p90 / p99 / p99.9 / max in us, the
 * fdatasyncs a commit, and the share of commits that landed while one ran.
 * Modes alternate in --rounds rounds of --seconds each so that a change of
 * the disk's weather hits both.
 *
 *   bench_fsync_cadence [--dir DIR] [--rate 1000] [--frames 3]
 *       [--seconds 5] [--rounds 2] [--inflight 2] [--wal-frames 4000]
 *       [--mode both|serial|overlap]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096
#define HDR 24
#define MAX_SYNCERS 8

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

struct fsync_rec {
	uint64_t gen, start, end;
};

struct run {
	int fd;
	bool overlap;
	int nsyncers;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	uint64_t want;    /* the newest commit written */
	uint64_t started; /* the newest commit an fdatasync started after */
	int inflight;
	bool stop, failed;
	struct fsync_rec *recs;
	size_t nrecs, crecs;
	uint64_t landed_busy; /* commits written while an fdatasync ran */
};

static void *syncer_main(void *arg)
{
	struct run *r = arg;
	pthread_mutex_lock(&r->mu);
	for (;;) {
		/* serial: one in flight at most (the daemon's syncer); overlap:
		 * any free thread starts as soon as a commit is not covered */
		while (!r->stop && (r->want <= r->started || (!r->overlap && r->inflight > 0)))
			pthread_cond_wait(&r->cv, &r->mu);
		if (r->stop && r->want <= r->started)
			break;
		uint64_t gen = r->want;
		r->started = gen;
		r->inflight++;
		pthread_mutex_unlock(&r->mu);
		uint64_t start = now_ns();
		int rc = fdatasync(r->fd);
		uint64_t end = now_ns();
		pthread_mutex_lock(&r->mu);
		r->inflight--;
		if (rc != 0)
			r->failed = true;
		if (r->nrecs == r->crecs) {
			size_t n = r->crecs ? 2 * r->crecs : 4096;
			struct fsync_rec *p = realloc(r->recs, n * sizeof *p);
			if (!p) {
				r->failed = true;
				r->stop = true;
			} else {
				r->recs = p;
				r->crecs = n;
			}
		}
		if (r->nrecs < r->crecs)
			r->recs[r->nrecs++] = (struct fsync_rec){gen, start, end};
		pthread_cond_broadcast(&r->cv);
	}
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static int cmp_end(const void *a, const void *b)
{
	const struct fsync_rec *x = a, *y = b;
	return x->end < y->end ? -1 : x->end > y->end;
}

static void print_q(const char *what, uint64_t *v, size_t n)
{
	if (!n) {
		printf("  %-28s n=0\n", what);
		return;
	}
	qsort(v, n, sizeof *v, cmp_u64);
	double p[] = {.5, .9, .99, .999};
	printf("  %-28s n=%zu", what, n);
	const char *name[] = {"p50", "p90", "p99", "p99.9"};
	for (int i = 0; i < 4; i++) {
		size_t k = (size_t)(p[i] * (double)n);
		printf(" %s %.0f", name[i], (double)v[k < n ? k : n - 1] / 1e3);
	}
	printf(" max %.0f us\n", (double)v[n - 1] / 1e3);
}

struct opts {
	const char *dir;
	int rate, frames, seconds, rounds, inflight, wal_frames;
	const char *mode;
};

static int one_run(const struct opts *o, bool overlap, int round)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/fsync_cadence.XXXXXX", o->dir);
	int fd = mkstemp(path);
	if (fd < 0) {
		fprintf(stderr, "mkstemp %s: %s\n", path, strerror(errno));
		return -1;
	}
	unlink(path);
	struct run r = {.fd = fd, .overlap = overlap, .nsyncers = overlap ? o->inflight : 1};
	pthread_mutex_init(&r.mu, NULL);
	pthread_cond_init(&r.cv, NULL);
	/* The WAL grown to its bound first and synced: SQLite's WAL after its
	 * first cycle is overwritten in place (no size change to journal). */
	static unsigned char page[PAGE], hdr[HDR];
	for (size_t i = 0; i < sizeof page; i++)
		page[i] = (unsigned char)(i * 131 + 7);
	off_t frame = HDR + PAGE;
	for (int f = 0; f < o->wal_frames; f++)
		if (pwrite(fd, page, PAGE, 32 + f * frame) != PAGE) {
			perror("pwrite");
			return -1;
		}
	fdatasync(fd);
	pthread_t th[MAX_SYNCERS];
	for (int i = 0; i < r.nsyncers; i++)
		pthread_create(&th[i], NULL, syncer_main, &r);
	size_t ncommits = (size_t)o->rate * (size_t)o->seconds;
	uint64_t *commit_at = calloc(ncommits + 1, sizeof *commit_at);
	uint64_t period = 1000000000u / (uint64_t)o->rate;
	uint64_t t0 = now_ns() + 1000000, next = t0;
	int pos = 0;
	for (size_t c = 1; c <= ncommits; c++) {
		struct timespec ts = {(time_t)(next / 1000000000u), (long)(next % 1000000000u)};
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		next += period;
		for (int f = 0; f < o->frames; f++) {
			if (pos >= o->wal_frames)
				pos = 0;
			off_t off = 32 + pos * frame;
			hdr[0] = (unsigned char)c;
			page[0] = (unsigned char)c;
			if (pwrite(fd, hdr, HDR, off) != HDR ||
			    pwrite(fd, page, PAGE, off + HDR) != PAGE) {
				perror("pwrite");
				return -1;
			}
			pos++;
		}
		uint64_t at = now_ns();
		pthread_mutex_lock(&r.mu);
		commit_at[c] = at;
		if (r.inflight > 0)
			r.landed_busy++;
		r.want = c;
		pthread_cond_broadcast(&r.cv);
		pthread_mutex_unlock(&r.mu);
	}
	pthread_mutex_lock(&r.mu);
	r.stop = true;
	pthread_cond_broadcast(&r.cv);
	pthread_mutex_unlock(&r.mu);
	for (int i = 0; i < r.nsyncers; i++)
		pthread_join(th[i], NULL);
	close(fd);
	if (r.failed) {
		fprintf(stderr, "an fdatasync failed\n");
		return -1;
	}
	/* Each commit's ack: the first fdatasync end by which some fdatasync
	 * started after it had ended (the ends in order, the newest generation
	 * durable so far). */
	uint64_t *dur = malloc(r.nrecs * sizeof *dur);
	for (size_t i = 0; i < r.nrecs; i++)
		dur[i] = r.recs[i].end - r.recs[i].start;
	qsort(r.recs, r.nrecs, sizeof *r.recs, cmp_end);
	uint64_t *wait = malloc(ncommits * sizeof *wait);
	size_t nw = 0, k = 0;
	uint64_t durable = 0;
	for (size_t c = 1; c <= ncommits; c++) {
		while (durable < c && k < r.nrecs) {
			if (r.recs[k].gen > durable)
				durable = r.recs[k].gen;
			k++;
		}
		if (durable >= c)
			wait[nw++] = r.recs[k - 1].end - commit_at[c];
	}
	printf("%s, round %d: %d commits/s x %d frames, %d s, %zu fdatasyncs (%.2f a commit), "
	       "%.1f %% of commits landed while one ran\n",
	       overlap ? "overlap" : "serial", round, o->rate, o->frames, o->seconds, r.nrecs,
	       (double)r.nrecs / (double)ncommits,
	       100.0 * (double)r.landed_busy / (double)ncommits);
	print_q("fdatasync", dur, r.nrecs);
	print_q("commit -> durable", wait, nw);
	free(dur);
	free(wait);
	free(commit_at);
	free(r.recs);
	pthread_cond_destroy(&r.cv);
	pthread_mutex_destroy(&r.mu);
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o = {"/tmp", 1000, 3, 5, 2, 2, 4000, "both"};
	for (int i = 1; i + 1 < argc; i += 2) {
		const char *k = argv[i], *v = argv[i + 1];
		if (!strcmp(k, "--dir"))
			o.dir = v;
		else if (!strcmp(k, "--rate"))
			o.rate = atoi(v);
		else if (!strcmp(k, "--frames"))
			o.frames = atoi(v);
		else if (!strcmp(k, "--seconds"))
			o.seconds = atoi(v);
		else if (!strcmp(k, "--rounds"))
			o.rounds = atoi(v);
		else if (!strcmp(k, "--inflight"))
			o.inflight = atoi(v);
		else if (!strcmp(k, "--wal-frames"))
			o.wal_frames = atoi(v);
		else if (!strcmp(k, "--mode"))
			o.mode = v;
		else {
			fprintf(stderr, "unknown option %s\n", k);
			return 2;
		}
	}
	if (o.rate < 1 || o.frames < 1 || o.seconds < 1 || o.rounds < 1 || o.inflight < 1 ||
	    o.inflight > MAX_SYNCERS || o.wal_frames < o.frames) {
		fprintf(stderr, "bad option value\n");
		return 2;
	}
	bool serial = strcmp(o.mode, "overlap") != 0, overlap = strcmp(o.mode, "serial") != 0;
	FILE *la = fopen("/proc/loadavg", "r");
	char load[64] = "?";
	if (la) {
		if (!fgets(load, sizeof load, la))
			load[0] = 0;
		fclose(la);
	}
	printf("dir %s, load %s", o.dir, load);
	for (int round = 1; round <= o.rounds; round++) {
		if (serial && one_run(&o, false, round) != 0)
			return 1;
		if (overlap && one_run(&o, true, round) != 0)
			return 1;
	}
	la = fopen("/proc/loadavg", "r");
	if (la) {
		if (fgets(load, sizeof load, la))
			printf("load at the end %s", load);
		fclose(la);
	}
	return 0;
}
