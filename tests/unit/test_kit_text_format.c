/* kit/text_format.c: tg_format_plain writes vsnprintf's bytes for %s, %d
 * and %%, at any buffer size, and gives up (-1) at any other conversion
 * that it reaches; tg_format writes vsnprintf's bytes for any format and
 * returns the text's length. Random formats against glibc's vsnprintf
 * (printf_random.h, shared with test_kit_offer's labels). */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "json_random.h"
#include "kit/text_format.h"
#include "printf_random.h"
#include "tap.h"

/* vsnprintf's text into want, tg_format_plain's into got and tg_format's
 * into all (each size bytes), *all_n tg_format's answer; returns
 * tg_format_plain's. */
static int both(char *want, char *got, char *all, size_t *all_n, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(want, size, fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	int n = tg_format_plain(got, size, fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	*all_n = tg_format(all, size, fmt, ap);
	va_end(ap);
	return n;
}

int main(void)
{
	static const char *const lits[] = {"The force at ",
	                                   " is out of supply (20.5).",
	                                   "%%",
	                                   "100%% ",
	                                   "\xc3\xa9\xe2\x82\xac",
	                                   ": ",
	                                   ""};
	static const size_t sizes[] = {1, 2, 3, 7, 40, 120, 200, 256, 600};
	json_random_seed(30);
	int plain = 0, gave_up = 0, cut = 0;
	for (int round = 0; round < 6000; round++) {
		char fmt[1024];
		bool other;
		printf_random_format(fmt, sizeof fmt, lits, sizeof lits / sizeof *lits,
		                     PRINTF_RANDOM_ARGS_MAX, &other);
		struct printf_random_args a;
		printf_random_args(&a);
		size_t size = sizes[json_random_below(sizeof sizes / sizeof *sizes)];
		char want[600], got[600], all[600];
		size_t all_n;
		memset(want, 'w', sizeof want);
		memset(got, 'g', sizeof got);
		int n = both(want, got, all, &all_n, size, fmt, PRINTF_RANDOM_ARGS(a));
		/* tg_format: vsnprintf's text and its length, whatever the format */
		CHECKF(all_n == strlen(want) && memcmp(all, want, all_n + 1) == 0,
		       "format \"%s\" (%zu bytes): tg_format %zu \"%s\", want \"%s\"", fmt, size,
		       all_n, all, want);
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
	char want[64], got[64], all[64];
	size_t all_n;
	CHECK_EQ_INT(both(want, got, all, &all_n, sizeof got, "at %04d (12.8)", 807), -1);
	CHECK_EQ_STR(all, "at 0807 (12.8)");
	CHECK_EQ_INT(both(want, got, all, &all_n, sizeof got, "%+d IT", 2), -1);
	CHECK_EQ_INT(both(want, got, all, &all_n, sizeof got, "a lone %"), -1);
	/* ... past the cut: vsnprintf's text, whole */
	CHECK_EQ_INT(both(want, got, all, &all_n, 6, "abcdefgh %04d", 807), 5);
	CHECK_EQ_STR(got, want);
	CHECK_EQ_INT(
	    both(want, got, all, &all_n, sizeof got, "%s, %d, %%", (const char *)NULL, INT_MIN),
	    22);
	CHECK_EQ_STR(got, "(null), -2147483648, %");
	/* tg_format after a %c of 0: the text's length, vsnprintf's bytes */
	CHECK_EQ_INT(both(want, got, all, &all_n, sizeof got, "a%cb %s", 0, "x"), -1);
	CHECK_EQ_INT((int)all_n, 1);
	CHECK(memcmp(all, want, 6) == 0 && memcmp(all, "a\0b x", 6) == 0);
	return tap_done();
}
