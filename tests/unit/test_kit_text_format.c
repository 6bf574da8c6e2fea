/* kit/text_format.c: tg_format_plain writes vsnprintf's bytes for %s, %d
 * and %%, at any buffer size, and gives up (-1) at any other conversion
 * that it reaches. Random formats against glibc's vsnprintf. */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "json_random.h"
#include "kit/text_format.h"
#include "tap.h"

/* Both formatters on the same arguments: vsnprintf's text into want, and
 * tg_format_plain's into got (both size bytes); returns tg_format_plain's. */
static int both(char *want, char *got, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(want, size, fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	int n = tg_format_plain(got, size, fmt, ap);
	va_end(ap);
	return n;
}

/* Appends a random format whose conversions read (const char *, int) in
 * turn, five at most, to fmt; *other says whether it holds a conversion
 * other than %s, %d and %% (a flag, a width, a precision, another letter),
 * *convs how many arguments it reads. */
static void random_format(char *fmt, size_t size, bool *other, int *convs)
{
	static const char *const s_other[] = {"%.3s", "%8s", "%-8s", "%.0s", "%5s"};
	static const char *const d_other[] = {"%i",  "%u",   "%x",   "%5d", "%-3d",
	                                      "%+d", "%04d", "%03d", "%c",  "%o"};
	static const char *const lits[] = {"The force at ",
	                                   " is out of supply (20.5).",
	                                   "%%",
	                                   "100%% ",
	                                   "\xc3\xa9\xe2\x82\xac",
	                                   ": ",
	                                   ""};
	fmt[0] = 0;
	*other = false;
	*convs = (int)json_random_below(6);
	for (int i = 0; i <= *convs; i++) {
		char lit[32];
		json_random_text(lit);
		strncat(fmt,
		        json_random_below(2) ? lits[json_random_below(sizeof lits / sizeof *lits)]
		                             : lit,
		        size - strlen(fmt) - 1);
		if (json_random_below(5) == 0) /* a run of 90 bytes: past the smaller sizes */
			strncat(fmt,
			        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
			        "yyyyyyy"
			        "yyyyyyyyyyyyyyyyy",
			        size - strlen(fmt) - 1);
		if (i == *convs)
			break;
		const char *c;
		bool odd = json_random_below(8) == 0;
		if (i % 2 == 0)
			c = odd ? s_other[json_random_below(sizeof s_other / sizeof *s_other)]
			        : "%s";
		else
			c = odd ? d_other[json_random_below(sizeof d_other / sizeof *d_other)]
			        : "%d";
		if (odd)
			*other = true;
		strncat(fmt, c, size - strlen(fmt) - 1);
	}
}

static const char *random_string(char *buf)
{
	switch (json_random_below(5)) {
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
	default:
		json_random_text(buf);
		return buf;
	}
}

static int random_int(void)
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

int main(void)
{
	static const size_t sizes[] = {1, 2, 3, 7, 40, 120, 200, 256, 600};
	json_random_seed(30);
	int plain = 0, gave_up = 0, cut = 0;
	for (int round = 0; round < 6000; round++) {
		char fmt[1024], b1[400], b2[400], b3[400];
		bool other;
		int convs;
		random_format(fmt, sizeof fmt, &other, &convs);
		const char *s1 = random_string(b1), *s2 = random_string(b2),
		           *s3 = random_string(b3);
		int d1 = random_int(), d2 = random_int();
		size_t size = sizes[json_random_below(sizeof sizes / sizeof *sizes)];
		char want[600], got[600];
		memset(want, 'w', sizeof want);
		memset(got, 'g', sizeof got);
		int n = both(want, got, size, fmt, s1, d1, s2, d2, s3);
		if (n < 0) {
			/* only a format with another conversion may give up */
			CHECKF(other, "format \"%s\" (%zu bytes): gave up", fmt, size);
			gave_up++;
			continue;
		}
		plain++;
		cut += (size_t)n == size - 1;
		CHECKF((size_t)n == strlen(want) && memcmp(got, want, (size_t)n + 1) == 0,
		       "format \"%s\" (%zu bytes): %d \"%s\", want \"%s\"", fmt, size, n, got,
		       want);
		/* nothing written past the NUL */
		CHECKF((size_t)n + 1 == sizeof got || got[n + 1] == 'g',
		       "format \"%s\" (%zu bytes): a byte past the text", fmt, size);
	}
	/* every kind met: plain texts, cut ones, and formats left to vsnprintf */
	CHECKF(plain > 3000 && cut > 500 && gave_up > 300, "plain %d, cut %d, gave up %d", plain,
	       cut, gave_up);

	/* a conversion it leaves to vsnprintf, before the cut: -1 */
	char want[64], got[64];
	CHECK_EQ_INT(both(want, got, sizeof got, "at %04d (12.8)", 807), -1);
	CHECK_EQ_INT(both(want, got, sizeof got, "%+d IT", 2), -1);
	CHECK_EQ_INT(both(want, got, sizeof got, "a lone %"), -1);
	/* ... past the cut: vsnprintf's text, whole */
	CHECK_EQ_INT(both(want, got, 6, "abcdefgh %04d", 807), 5);
	CHECK_EQ_STR(got, want);
	CHECK_EQ_INT(both(want, got, sizeof got, "%s, %d, %%", (const char *)NULL, INT_MIN), 22);
	CHECK_EQ_STR(got, "(null), -2147483648, %");
	return tap_done();
}
