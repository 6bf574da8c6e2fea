#include "proc_stats.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int proc_stats_read(int pid, struct proc_stats *out)
{
	char path[64], line[512];
	out->rss_kib = -1;
	out->cpu_s = -1;
	snprintf(path, sizeof path, "/proc/%d/status", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "VmRSS:", 6) == 0)
			sscanf(line + 6, "%ld", &out->rss_kib);
	fclose(f);
	snprintf(path, sizeof path, "/proc/%d/stat", pid);
	f = fopen(path, "r");
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
	out->cpu_s = (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
	return 0;
}
