/* test_cli_config.c — the terminal client's settings file (clients/cli/
 * cli_config.c): what it saves reads back as it was, and a value that would
 * not (a server's session token or user name holding a line break) is
 * refused instead of writing other settings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_config.h"
#include "tap.h"

static char path[64];

static void fill(struct cli_config *c, const char *token)
{
	memset(c, 0, sizeof *c);
	snprintf(c->path, sizeof c->path, "%s", path);
	snprintf(c->server, sizeof c->server, "play.example.org:7700");
	snprintf(c->trust, sizeof c->trust, "/home/ann/server.pem");
	snprintf(c->user, sizeof c->user, "ann");
	snprintf(c->token, sizeof c->token, "%s", token);
}

static void test_round_trip(void)
{
	struct cli_config c, back;
	char err[512] = "";
	fill(&c, "3f9a0c1d2e4b5a69");
	CHECKF(cli_config_save(&c, err, sizeof err) == 0, "%s", err);
	CHECKF(cli_config_load(&back, path, err, sizeof err) == 0, "%s", err);
	CHECK_EQ_STR(back.server, c.server);
	CHECK_EQ_STR(back.trust, c.trust);
	CHECK_EQ_STR(back.user, c.user);
	CHECK_EQ_STR(back.token, c.token);
}

/* A login reply's token is stored as the server sent it (cmd_account.c
 * remember()). Found by fuzz/cli_config: a token holding a line break wrote
 * a line of its own, so a server could choose the address and the pinned
 * certificate the client trusts next time. */
static void test_line_break_refused(void)
{
	const char *bad[] = {"abc\nserver = evil.example:1\ntrust = /tmp/evil.pem", "abc\rdef",
	                     " leading", "trailing\t"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct cli_config c, back;
		char err[512] = "";
		fill(&c, "good-token");
		CHECKF(cli_config_save(&c, err, sizeof err) == 0, "%s", err);
		fill(&c, bad[i]);
		int saved = cli_config_save(&c, err, sizeof err);
		CHECKF(saved == -1, "saved token %zu", i);
		CHECKF(saved == 0 || strstr(err, "token") != NULL, "%s", err);
		/* whatever happened, the file holds no setting the token chose */
		CHECKF(cli_config_load(&back, path, err, sizeof err) == 0, "%s", err);
		CHECK_EQ_STR(back.server, "play.example.org:7700");
		CHECK_EQ_STR(back.trust, "/home/ann/server.pem");
		CHECK_EQ_STR(back.token, "good-token");
	}
}

int main(void)
{
	snprintf(path, sizeof path, "/tmp/tg-test-cli-config-%ld", (long)getpid());
	test_round_trip();
	test_line_break_refused();
	unlink(path);
	return tap_done();
}
