/* proc_stats.h — a process's resident memory and CPU time from /proc. */
#ifndef TG_BENCH_PROC_STATS_H
#define TG_BENCH_PROC_STATS_H

struct proc_stats {
	long rss_kib; /* VmRSS */
	double cpu_s; /* utime + stime */
};

/* 0, or -1 if the process cannot be read. */
int proc_stats_read(int pid, struct proc_stats *out);

#endif
