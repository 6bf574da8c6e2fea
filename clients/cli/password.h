/* password.h — getting a password without putting it on the screen. */
#ifndef TG_CLI_PASSWORD_H
#define TG_CLI_PASSWORD_H

#include <stddef.h>

/* given (--password) first, then $TELEGRAPH_PASSWORD, then asked on /dev/tty
 * with echo off (twice when confirm). 0, or -1 with a sentence in err. */
int password_get(const char *given, int confirm, char *out, size_t outlen, char *err,
                 size_t errlen);
/* The same for another password: given, then $env_name, then asked as
 * "<what>: "; flag names the option in the error sentence. */
int password_get_from(const char *given, const char *env_name, const char *flag, const char *what,
                      int confirm, char *out, size_t outlen, char *err, size_t errlen);

#endif
