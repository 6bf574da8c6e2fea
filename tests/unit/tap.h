/* tap.h — a tiny test helper: checks print TAP-like lines, and the program
 * exits non-zero if any failed, which is all ctest needs. */
#ifndef TG_TEST_TAP_H
#define TG_TEST_TAP_H

#include <stdbool.h>

extern int tap_failures, tap_count;

bool tap_check(bool ok, const char *file, int line, const char *expr, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Returns the exit status: 0 if every check passed. */
int tap_done(void);

#define CHECK(cond) tap_check((cond), __FILE__, __LINE__, #cond, NULL)
#define CHECKF(cond, ...) tap_check((cond), __FILE__, __LINE__, #cond, __VA_ARGS__)
#define CHECK_EQ_INT(a, b)                                                                         \
	tap_check((long long)(a) == (long long)(b), __FILE__, __LINE__, #a " == " #b,              \
		  "got %lld, want %lld", (long long)(a), (long long)(b))
#define CHECK_EQ_STR(a, b)                                                                         \
	tap_check(tap_streq((a), (b)), __FILE__, __LINE__, #a " == " #b, "got \"%s\", want \"%s\"", \
		  (a) ? (a) : "(null)", (b) ? (b) : "(null)")

bool tap_streq(const char *a, const char *b);

#endif
