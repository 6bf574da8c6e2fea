/* printf_random.h — random printf formats and arguments for the tests that
 * compare a writer of printf's text with glibc's vsnprintf
 * (test_kit_text_format: tg_format_plain and tg_format; test_kit_offer:
 * the offers' labels). A format's conversions read (const char *, int,
 * const char *, int, const char *) in turn, a prefix of them: mostly %s,
 * %d and %% between literal text (the test's own pieces, or
 * json_random_text's escaped and multi-byte characters, and now and then
 * a run of 120 bytes, past a 40 or 255 byte cut), and one time in six a
 * conversion a hand-written writer leaves to vsnprintf (a width, a
 * precision, a flag, %i, %u, %x, %o, %c). The strings are NULL (glibc's
 * "(null)"), long ones cut anywhere (in a 2-byte character too), "", a
 * string that is not UTF-8, or json_random_text; the ints INT_MIN,
 * INT_MAX, 0 or small. Included by one test file each, after
 * json_random.h (its generator; each test seeds it). */
#ifndef TG_TEST_PRINTF_RANDOM_H
#define TG_TEST_PRINTF_RANDOM_H

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "json_random.h"

enum { PRINTF_RANDOM_ARGS_MAX = 5 };

/* One format's arguments, drawn by printf_random_args, in the order a
 * format reads them: PRINTF_RANDOM_ARGS(a) passes them all. */
struct printf_random_args {
	const char *s1, *s2, *s3;
	int d1, d2;
	char b1[320], b2[320], b3[320];
};
#define PRINTF_RANDOM_ARGS(a) (a).s1, (a).d1, (a).s2, (a).d2, (a).s3

/* Writes a random format into fmt (size bytes) that reads up to most (at
 * most PRINTF_RANDOM_ARGS_MAX) arguments, its literal text one time in two
 * from lits[0, nlits); *other says whether it holds a conversion other
 * than %s, %d and %%. Returns how many arguments it reads. */
static inline int printf_random_format(char *fmt, size_t size, const char *const *lits,
                                       size_t nlits, int most, bool *other)
{
	static const char *const s_other[] = {"%.3s", "%8s", "%-8s", "%.0s", "%5s"};
	static const char *const d_other[] = {"%i",  "%u",   "%x",   "%5d", "%-3d",
	                                      "%+d", "%04d", "%03d", "%c",  "%o"};
	fmt[0] = 0;
	*other = false;
	int convs = (int)json_random_below((uint32_t)most + 1);
	for (int i = 0; i <= convs; i++) {
		char lit[32];
		json_random_text(lit);
		strncat(fmt, json_random_below(2) ? lits[json_random_below((uint32_t)nlits)] : lit,
		        size - strlen(fmt) - 1);
		if (json_random_below(5) == 0) /* a run of 120 bytes */
			strncat(fmt,
			        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
			        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
			        size - strlen(fmt) - 1);
		if (i == convs)
			break;
		const char *c;
		bool odd = json_random_below(6) == 0;
		if (i % 2 == 0)
			c = odd ? s_other[json_random_below(sizeof s_other / sizeof *s_other)]
			        : "%s";
		else
			c = odd ? d_other[json_random_below(sizeof d_other / sizeof *d_other)]
			        : "%d";
		*other |= odd;
		strncat(fmt, c, size - strlen(fmt) - 1);
	}
	return convs;
}

static inline const char *printf_random_string(char buf[320])
{
	switch (json_random_below(6)) {
	case 0:
		return NULL; /* glibc's "(null)" */
	case 1: {            /* long, cut anywhere: in a 2-byte character too */
		size_t n = 50 + json_random_below(250);
		for (size_t i = 0; i < n; i += 2)
			memcpy(buf + i, i % 3 ? "ab" : "\xc3\xa9", 2);
		buf[n] = 0;
		return buf;
	}
	case 2:
		return "";
	case 3:
		return "not UTF-8 \xff";
	default:
		json_random_text(buf);
		return buf;
	}
}

static inline int printf_random_int(void)
{
	switch (json_random_below(5)) {
	case 0:
		return INT_MIN;
	case 1:
		return INT_MAX;
	case 2:
		return 0;
	default:
		return (int)json_random_below(200000) - 100000;
	}
}

static inline void printf_random_args(struct printf_random_args *a)
{
	a->s1 = printf_random_string(a->b1);
	a->d1 = printf_random_int();
	a->s2 = printf_random_string(a->b2);
	a->d2 = printf_random_int();
	a->s3 = printf_random_string(a->b3);
}

/* The text to compare with: vsnprintf's into want (size bytes). */
static inline void printf_want(char *want, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(want, size, fmt, ap);
	va_end(ap);
}

#endif
