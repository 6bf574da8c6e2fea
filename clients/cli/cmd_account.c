/* cmd_account.c — register, login, logout. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "password.h"

/* Stores the token and user name of a successful login/register reply. */
static int remember(struct cli_ctx *x, const json_t *reply, const char *name)
{
	const char *token = json_string_value(json_object_get(reply, "token"));
	const char *user =
	    json_string_value(json_object_get(json_object_get(reply, "user"), "name"));
	if (!token) {
		cli_fail("the server's reply carries no session token");
		return EXIT_REFUSED;
	}
	snprintf(x->cfg.token, sizeof x->cfg.token, "%s", token);
	snprintf(x->cfg.user, sizeof x->cfg.user, "%s", user ? user : name);
	char err[512];
	if (cli_config_save(&x->cfg, err, sizeof err) < 0) {
		cli_fail("logged in, but the session could not be remembered: %s", err);
		return EXIT_LOCAL;
	}
	return EXIT_OK;
}

static int account(struct cli_ctx *x, const char *op)
{
	if (x->argc != 1) {
		cli_fail("usage: telegraph %s NAME", op);
		return EXIT_USAGE;
	}
	const char *name = x->argv[0];
	/* Connected (and the server trusted, which may ask) before the password
	 * is asked: nobody types a secret for a server he has not accepted. */
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 0);
	if (rc != EXIT_OK)
		return rc;
	char pw[512], err[512];
	if (password_get(x->password, !strcmp(op, "register"), pw, sizeof pw, err, sizeof err) <
	    0) {
		cli_fail("%s", err);
		cli_client_close(&c);
		return EXIT_USAGE;
	}
	json_t *reply;
	rc = cli_call(&c, json_pack("{s:s, s:s, s:s}", "op", op, "name", name, "password", pw),
	              &reply);
	memset(pw, 0, sizeof pw);
	if (rc == EXIT_OK) {
		rc = remember(x, reply, name);
		if (rc == EXIT_OK)
			printf("%s as %s on %s\n",
			       !strcmp(op, "register") ? "Registered and logged in" : "Logged in",
			       x->cfg.user, x->server);
		json_decref(reply);
	}
	cli_client_close(&c);
	return rc;
}

int cmd_register(struct cli_ctx *x)
{
	return account(x, "register");
}
int cmd_login(struct cli_ctx *x)
{
	return account(x, "login");
}

int cmd_logout(struct cli_ctx *x)
{
	if (x->argc != 0) {
		cli_fail("usage: telegraph logout");
		return EXIT_USAGE;
	}
	if (!*x->cfg.token) {
		printf("Not logged in.\n");
		return EXIT_OK;
	}
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 1);
	if (rc == EXIT_OK) {
		json_t *reply;
		rc = cli_call(&c, json_pack("{s:s}", "op", "logout"), &reply);
		if (rc == EXIT_OK)
			json_decref(reply);
		cli_client_close(&c);
	}
	/* A session the server no longer knows is as good as logged out. */
	if (rc != EXIT_OK && rc != EXIT_REFUSED)
		return rc;
	x->cfg.token[0] = '\0';
	char err[512];
	if (cli_config_save(&x->cfg, err, sizeof err) < 0) {
		cli_fail("%s", err);
		return EXIT_LOCAL;
	}
	printf("Logged out.\n");
	return EXIT_OK;
}
