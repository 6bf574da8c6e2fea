/* test_bench_proc_stats.c — the benchmark's split of a process's CPU into
 * its main thread's (telegraphd's event loop) and the rest (issue 17: the
 * loop's CPU per action and the ceiling it gives), read from /proc on this
 * very process. */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "../bench/proc_stats.h"
#include "tap.h"

static double thread_cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Spends `s` seconds of the calling thread's CPU, however loaded the box. */
static volatile unsigned long sink;
static void burn(double s)
{
	double end = thread_cpu_s() + s;
	while (thread_cpu_s() < end)
		for (int i = 0; i < 10000; i++)
			sink += (unsigned long)i;
}

static void *burner(void *arg)
{
	(void)arg;
	burn(0.4);
	return NULL;
}

int main(void)
{
	int pid = (int)getpid();
	struct proc_stats a, b, c;
	CHECK_EQ_INT(proc_stats_read(pid, &a), 0);
	CHECK(a.rss_kib > 0);
	CHECK(a.main_cpu_s >= 0 && a.main_cpu_s <= a.cpu_s + 0.02);

	/* Another thread's CPU counts in the process's, not the main thread's. */
	pthread_t t;
	CHECK_EQ_INT(pthread_create(&t, NULL, burner, NULL), 0);
	pthread_join(t, NULL);
	CHECK_EQ_INT(proc_stats_read(pid, &b), 0);
	CHECKF(b.cpu_s - a.cpu_s >= 0.3, "process +%.2f s", b.cpu_s - a.cpu_s);
	CHECKF(b.main_cpu_s - a.main_cpu_s < 0.15, "main thread +%.2f s",
	       b.main_cpu_s - a.main_cpu_s);

	/* The main thread's counts in both. */
	burn(0.4);
	CHECK_EQ_INT(proc_stats_read(pid, &c), 0);
	CHECKF(c.main_cpu_s - b.main_cpu_s >= 0.3, "main thread +%.2f s",
	       c.main_cpu_s - b.main_cpu_s);
	CHECKF(c.cpu_s - b.cpu_s >= 0.3, "process +%.2f s", c.cpu_s - b.cpu_s);

	/* The ceiling: the loop alone, or all threads over the cores. */
	CHECK_EQ_INT((long)(proc_stats_ceiling(0.001, 0.002, 2) + 0.5), 1000);
	CHECK_EQ_INT((long)(proc_stats_ceiling(0.0008, 0.001, 2) + 0.5), 1250);   /* the loop */
	CHECK_EQ_INT((long)(proc_stats_ceiling(0.0001, 0.001, 2) + 0.5), 2000);   /* the cores */
	CHECK_EQ_INT((long)(proc_stats_ceiling(0.0001, 0.0001, 1) + 0.5), 10000); /* one core */
	CHECK_EQ_INT((long)proc_stats_ceiling(0, 0.001, 2), 0);
	CHECK_EQ_INT((long)proc_stats_ceiling(0.001, 0.001, 0), 0);
	return tap_done();
}
