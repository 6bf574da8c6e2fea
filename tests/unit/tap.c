#include "tap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int tap_failures, tap_count;

bool tap_streq(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

bool tap_check(bool ok, const char *file, int line, const char *expr, const char *fmt, ...)
{
	tap_count++;
	if (ok)
		return true;
	tap_failures++;
	printf("not ok %d - %s:%d: %s", tap_count, file, line, expr);
	if (fmt) {
		va_list ap;
		va_start(ap, fmt);
		printf(": ");
		vprintf(fmt, ap);
		va_end(ap);
	}
	printf("\n");
	fflush(stdout);
	return false;
}

bool tap_eq_int(long long got, long long want, const char *file, int line, const char *expr)
{
	return tap_check(got == want, file, line, expr, "got %lld, want %lld", got, want);
}

bool tap_eq_str(const char *got, const char *want, const char *file, int line, const char *expr)
{
	return tap_check(tap_streq(got, want), file, line, expr, "got \"%s\", want \"%s\"",
	                 got ? got : "(null)", want ? want : "(null)");
}

int tap_done(void)
{
	printf("%d checks, %d failed\n", tap_count, tap_failures);
	return tap_failures ? 1 : 0;
}
