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
/* Each argument is evaluated once (through a function), so a check may wrap
 * a call with side effects such as act(). */
#define CHECK_EQ_INT(a, b)                                                                         \
	tap_eq_int((long long)(a), (long long)(b), __FILE__, __LINE__, #a " == " #b)
#define CHECK_EQ_STR(a, b) tap_eq_str((a), (b), __FILE__, __LINE__, #a " == " #b)

bool tap_eq_int(long long got, long long want, const char *file, int line, const char *expr);
bool tap_eq_str(const char *got, const char *want, const char *file, int line, const char *expr);
bool tap_streq(const char *a, const char *b);

#endif
