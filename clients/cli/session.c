/* session.c — connecting with the stored session, one request/reply, and
 * the one way every command (and main.c) says what failed (cli_fail). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "view_render.h"

void cli_fail(const char *fmt, ...)
{
	/* The sentence often quotes the server (an error message, a goodbye
	 * reason, the start of a line that was not JSON): no control character
	 * of it reaches the terminal. */
	char text[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	view_clean_text(text);
	fprintf(stderr, "telegraph: %s\n", text);
}

long long cli_parse_match(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (!*s || *end || v <= 0)
		return -1;
	return v;
}

void cli_seat_title(const json_t *welcome, const char *game, const char *role, char *out, size_t n)
{
	const json_t *titles = NULL;
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(welcome, "games"), i, g)
	{
		const char *id = json_string_value(json_object_get(g, "id"));
		if (game && id && strcmp(id, game) == 0)
			titles = json_object_get(g, "role_titles");
	}
	const char *title = json_string_value(json_object_get(titles, role ? role : ""));
	if (!role)
		snprintf(out, n, "?");
	else if (title && *title && strcmp(title, role) != 0)
		snprintf(out, n, "%s (%s)", title, role);
	else
		snprintf(out, n, "%s", role);
	view_clean_text(out);
}

int cli_call(struct cli_client *c, json_t *req, json_t **reply)
{
	json_t *r;
	if (cli_client_request(c, req, &r, NULL, NULL) < 0) {
		cli_fail("%s", c->err);
		return EXIT_CONN;
	}
	if (cli_is_error(r)) {
		char text[600];
		cli_error_text(r, text, sizeof text);
		cli_fail("%s", text);
		json_decref(r);
		return EXIT_REFUSED;
	}
	*reply = r;
	return EXIT_OK;
}

int cli_open_session(struct cli_ctx *x, struct cli_client *c, int need_login)
{
	/* Connect first: a wrong address or port is reported as what it is,
	 * for every command, before anything about the session. */
	if (cli_client_connect(c, x->server, &x->tls) < 0) {
		cli_fail("%s", c->err);
		cli_client_close(c);
		return EXIT_CONN;
	}
	if (need_login && !*x->cfg.token) {
		cli_fail("not logged in: run `telegraph login NAME` (or register) first");
		cli_client_close(c);
		return EXIT_LOCAL;
	}
	if (!need_login)
		return EXIT_OK;
	json_t *reply;
	int rc =
	    cli_call(c, json_pack("{s:s, s:s}", "op", "resume", "token", x->cfg.token), &reply);
	if (rc != EXIT_OK) {
		if (rc == EXIT_REFUSED)
			cli_fail("the stored session is no longer valid: log in again");
		cli_client_close(c);
		return rc;
	}
	json_decref(reply);
	return EXIT_OK;
}

json_t *cli_call_once(struct cli_ctx *x, json_t *req, int need_login, int *rc)
{
	struct cli_client c = {0};
	*rc = cli_open_session(x, &c, need_login);
	if (*rc != EXIT_OK) {
		json_decref(req);
		return NULL;
	}
	json_t *reply = NULL;
	*rc = cli_call(&c, req, &reply);
	cli_client_close(&c);
	return *rc == EXIT_OK ? reply : NULL;
}
