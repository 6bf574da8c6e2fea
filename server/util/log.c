#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static enum tg_log_level min_level = TG_LOG_INFO;

void tg_log_set_level(enum tg_log_level level)
{
	min_level = level;
}

int tg_log_parse_level(const char *name)
{
	static const char *const names[] = {"debug", "info", "warn", "error"};
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0)
			return i;
	return -1;
}

void tg_log(enum tg_log_level level, uint64_t conn, int64_t match, const char *fmt, ...)
{
	static const char *const tags[] = {"DEBUG", "INFO ", "WARN ", "ERROR"};
	if (level < min_level)
		return;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct tm tm;
	gmtime_r(&ts.tv_sec, &tm);
	char line[1024];
	int n = snprintf(line, sizeof line, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ %s",
	                 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
	                 tm.tm_sec, ts.tv_nsec / 1000000, tags[level]);
	if (conn && n < (int)sizeof line)
		n += snprintf(line + n, sizeof line - (size_t)n, " conn=%llu",
		              (unsigned long long)conn);
	if (match && n < (int)sizeof line)
		n += snprintf(line + n, sizeof line - (size_t)n, " match=%lld", (long long)match);
	if (n < (int)sizeof line)
		line[n++] = ' ';
	va_list ap;
	va_start(ap, fmt);
	if (n < (int)sizeof line)
		n += vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof line)
		n = (int)sizeof line - 1;
	/* Keep it one line even if the text had newlines in it. */
	for (int i = 0; i < n; i++)
		if (line[i] == '\n' || line[i] == '\r')
			line[i] = ' ';
	line[n] = '\n';
	fwrite(line, 1, (size_t)n + 1, stderr);
}
