/* fuzz_cli_config.c — the terminal client's settings file (clients/cli/
 * cli_config.c) and its server address. The file is the client's own, but
 * what it holds is partly the server's: the session token and the user
 * name of a login reply are stored as they came (cmd_account.c remember(),
 * cmd_scripted.c track_session()), so a hostile server chooses the bytes
 * cli_config_write puts in the file and cli_config_read reads back.
 *
 * The input is used three ways:
 * 1. as a settings file: cli_config_read answers 0, or -1 with a sentence;
 *    the fields are NUL-terminated within their arrays; what it read is
 *    written back and reads back the same (a fixed point);
 * 2. as the four fields a reply may set (server, trust, user, token,
 *    separated by NUL bytes, each cut to its array): cli_config_write either
 *    refuses with a sentence, or writes what cli_config_read gives back
 *    unchanged, field by field (a token must not be able to write another
 *    setting, such as the server or the pinned certificate);
 * 3. its first line as a server address: cli_split_hostport either refuses
 *    or gives a non-empty host and a port of digits within their buffers,
 *    and "host:port" (bracketed when the host holds ':') splits the same
 *    when the host holds no bracket. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_config.h"

#define TERMINATED(a) (memchr((a), '\0', sizeof(a)) != NULL)

static void check_fields(const struct cli_config *c)
{
	if (!TERMINATED(c->server) || !TERMINATED(c->trust) || !TERMINATED(c->user) ||
	    !TERMINATED(c->token))
		abort();
}

static void fresh(struct cli_config *c)
{
	memset(c, 0, sizeof *c);
	strcpy(c->path, "fuzz-config");
	strcpy(c->server, CLI_DEFAULT_SERVER);
}

static int read_text(struct cli_config *c, const char *text, size_t len)
{
	char err[1200] = "";
	FILE *f = fmemopen((void *)text, len, "r");
	if (!f)
		abort();
	int rc = cli_config_read(c, f, err, sizeof err);
	fclose(f);
	if ((rc != 0 && rc != -1) || (rc == -1 && !err[0]))
		abort();
	check_fields(c);
	return rc;
}

/* Writes c; on success reads it back onto fresh settings and compares. */
static void round_trip(const struct cli_config *c)
{
	char *buf = NULL, err[1200] = "";
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		abort();
	int rc = cli_config_write(c, f, err, sizeof err);
	if (fclose(f) != 0)
		abort();
	if (rc == -1 && !err[0])
		abort();
	if (rc == 0) {
		struct cli_config back;
		fresh(&back);
		if (len == 0 || read_text(&back, buf, len) != 0 || strcmp(back.server, c->server) ||
		    strcmp(back.trust, c->trust) || strcmp(back.user, c->user) ||
		    strcmp(back.token, c->token))
			abort();
	} else if (rc != -1) {
		abort();
	}
	free(buf);
}

/* The next NUL-separated part of the input into dst, cut to its array. */
static void take(const uint8_t **p, const uint8_t *end, char *dst, size_t cap)
{
	const uint8_t *z = memchr(*p, '\0', (size_t)(end - *p));
	size_t n = (size_t)((z ? z : end) - *p);
	size_t keep = n < cap - 1 ? n : cap - 1;
	memcpy(dst, *p, keep);
	dst[keep] = '\0';
	*p = z ? z + 1 : end;
}

static void check_hostport(const char *s)
{
	char host[64], port[8];
	memset(host, 'x', sizeof host);
	memset(port, 'x', sizeof port);
	if (cli_split_hostport(s, host, sizeof host, port, sizeof port) != 0)
		return;
	if (!TERMINATED(host) || !TERMINATED(port) || !host[0] || !port[0] ||
	    strspn(port, "0123456789") != strlen(port))
		abort();
	if (strpbrk(host, "[]"))
		return; /* not a host name; connecting to it fails, harmlessly */
	char again[80], host2[64], port2[8];
	snprintf(again, sizeof again, strchr(host, ':') ? "[%s]:%s" : "%s:%s", host, port);
	if (cli_split_hostport(again, host2, sizeof host2, port2, sizeof port2) != 0 ||
	    strcmp(host, host2) || strcmp(port, port2))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0 || size > 16384)
		return 0;
	struct cli_config c;
	fresh(&c);
	read_text(&c, (const char *)data, size);
	round_trip(&c); /* whatever was read (all of it, or up to the bad line) */

	struct cli_config w;
	fresh(&w);
	const uint8_t *p = data, *end = data + size;
	take(&p, end, w.server, sizeof w.server);
	take(&p, end, w.trust, sizeof w.trust);
	take(&p, end, w.user, sizeof w.user);
	take(&p, end, w.token, sizeof w.token);
	round_trip(&w);

	char line[600];
	size_t n = strcspn(w.server, "\n");
	snprintf(line, sizeof line, "%.*s", (int)n, w.server);
	check_hostport(line);
	return 0;
}
