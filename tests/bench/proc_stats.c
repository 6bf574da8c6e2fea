#include "proc_stats.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* utime + stime in seconds from a /proc stat file, or -1. */
static double stat_cpu_s(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char buf[2048];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	/* Fields after the ")" that closes the command name: utime is the 12th. */
	char *p = strrchr(buf, ')');
	unsigned long utime = 0, stime = 0;
	if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime,
	                 &stime) != 2)
		return -1;
	return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

int proc_stats_read(int pid, struct proc_stats *out)
{
	char path[64], line[512];
	out->rss_kib = -1;
	out->cpu_s = -1;
	out->main_cpu_s = -1;
	snprintf(path, sizeof path, "/proc/%d/status", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "VmRSS:", 6) == 0)
			sscanf(line + 6, "%ld", &out->rss_kib);
	fclose(f);
	snprintf(path, sizeof path, "/proc/%d/task/%d/stat", pid, pid);
	out->main_cpu_s = stat_cpu_s(path);
	snprintf(path, sizeof path, "/proc/%d/stat", pid);
	out->cpu_s = stat_cpu_s(path);
	return out->cpu_s < 0 ? -1 : 0;
}

double proc_stats_ceiling(double loop_s_per_action, double total_s_per_action, int cores)
{
	if (loop_s_per_action <= 0 || total_s_per_action <= 0 || cores <= 0)
		return 0;
	double by_loop = 1.0 / loop_s_per_action;
	double by_cores = (double)cores / total_s_per_action;
	return by_loop < by_cores ? by_loop : by_cores;
}
