/* password.c — where a password comes from: --password, $TELEGRAPH_PASSWORD,
 * or asked on the terminal without echo. */
#include "password.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>

static int ask(FILE *tty, const char *prompt, char *out, size_t outlen)
{
	struct termios old, quiet;
	int fd = fileno(tty);
	int have_term = tcgetattr(fd, &old) == 0;
	fputs(prompt, tty);
	fflush(tty);
	if (have_term) {
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)ECHO;
		tcsetattr(fd, TCSAFLUSH, &quiet);
	}
	char *got = fgets(out, (int)outlen, tty);
	if (have_term)
		tcsetattr(fd, TCSAFLUSH, &old);
	fputc('\n', tty);
	if (!got)
		return -1;
	out[strcspn(out, "\r\n")] = '\0';
	return 0;
}

int password_get(const char *given, int confirm, char *out, size_t outlen, char *err, size_t errlen)
{
	return password_get_from(given, "TELEGRAPH_PASSWORD", "--password", "Password", confirm,
	                         out, outlen, err, errlen);
}

int password_get_from(const char *given, const char *env_name, const char *flag, const char *what,
                      int confirm, char *out, size_t outlen, char *err, size_t errlen)
{
	const char *env = getenv(env_name);
	const char *src = given ? given : (env && *env ? env : NULL);
	if (src) {
		if (strlen(src) >= outlen) {
			snprintf(err, errlen, "password too long");
			return -1;
		}
		strcpy(out, src);
		return 0;
	}
	FILE *tty = fopen("/dev/tty", "r+");
	if (!tty) {
		snprintf(err, errlen, "no %s: pass %s PW or set %s (no terminal to ask on)", what,
		         flag, env_name);
		return -1;
	}
	char prompt[64];
	snprintf(prompt, sizeof prompt, "%s: ", what);
	int rc = ask(tty, prompt, out, outlen);
	if (rc == 0 && confirm) {
		char again[512];
		snprintf(prompt, sizeof prompt, "%s again: ", what);
		rc = ask(tty, prompt, again, sizeof again);
		if (rc == 0 && strcmp(again, out) != 0) {
			snprintf(err, errlen, "the two passwords differ");
			fclose(tty);
			return -1;
		}
	}
	fclose(tty);
	if (rc < 0)
		snprintf(err, errlen, "no password given");
	return rc;
}
