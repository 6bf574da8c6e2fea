/* proc_stats.h — a process's resident memory and CPU time from /proc. */
#ifndef TG_BENCH_PROC_STATS_H
#define TG_BENCH_PROC_STATS_H

struct proc_stats {
	long rss_kib; /* VmRSS */
	double cpu_s; /* utime + stime, every thread */
	/* utime + stime of the main thread alone (/proc/PID/task/PID/stat):
	 * telegraphd runs its event loop there (daemon.c), and its other
	 * threads are the views' fan-out workers and libuv's pool. -1 if
	 * unread. */
	double main_cpu_s;
};

/* 0, or -1 if the process cannot be read. */
int proc_stats_read(int pid, struct proc_stats *out);

/* The server's ceiling in actions per second from its CPU per action:
 * the loop is one thread, so it cannot pass 1 / loop_s; all threads share
 * `cores`, so they cannot pass cores / total_s. 0 if either is unknown. */
double proc_stats_ceiling(double loop_s_per_action, double total_s_per_action, int cores);

#endif
