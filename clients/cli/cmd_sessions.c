/* cmd_sessions.c — a player's own sessions and password (issue 24):
 * sessions, end-session ID, passwd. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "password.h"
#include "view_render.h"

static const char *member(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

void cli_utc(json_int_t t, char *out, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;
	if (t <= 0 || !gmtime_r(&tt, &tm) || !strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(out, len, "-");
}

int cmd_sessions(struct cli_ctx *x)
{
	if (x->argc != 0) {
		cli_fail("usage: telegraph sessions");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(x, json_pack("{s:s}", "op", "sessions"), 1, &rc);
	if (reply) {
		printf("%-16s  %-20s  %-20s  %-16s  %s\n", "ID", "LAST SIGN-IN", "CREATED",
		       "ADDRESS", "CLIENT");
		size_t i;
		json_t *s;
		json_array_foreach(json_object_get(reply, "sessions"), i, s)
		{
			char last[32], created[32], addr[64], client[80];
			cli_utc(json_integer_value(json_object_get(s, "last_used")), last,
			        sizeof last);
			cli_utc(json_integer_value(json_object_get(s, "created")), created,
			        sizeof created);
			/* The address and client are the server's (a client's own words,
			 * for the second): no control character reaches the terminal. */
			snprintf(addr, sizeof addr, "%s", member(s, "address"));
			snprintf(client, sizeof client, "%s", member(s, "client"));
			view_clean_text(addr);
			view_clean_text(client);
			printf("%-16s  %-20s  %-20s  %-16s  %s%s\n", member(s, "id"), last, created,
			       addr, client,
			       json_is_true(json_object_get(s, "current")) ? "  (this one)" : "");
		}
		json_decref(reply);
	}
	return rc;
}

int cmd_end_session(struct cli_ctx *x)
{
	if (x->argc != 1) {
		cli_fail("usage: telegraph end-session ID   (the ids: telegraph sessions)");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(
	    x, json_pack("{s:s,s:s}", "op", "end_session", "session", x->argv[0]), 1, &rc);
	if (reply) {
		printf("Session %s ended.\n", x->argv[0]);
		json_decref(reply);
	}
	return rc;
}

int cmd_delete_account(struct cli_ctx *x)
{
	if (x->argc != 1 || strcmp(x->argv[0], "--yes") != 0) {
		cli_fail(
		    "usage: telegraph delete-account --yes   (your active matches are resigned, "
		    "your open ones aborted, your name freed; this cannot be undone)");
		return EXIT_USAGE;
	}
	char pw[512], err[512];
	if (password_get(x->password, 0, pw, sizeof pw, err, sizeof err) < 0) {
		cli_fail("%s", err);
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(
	    x, json_pack("{s:s,s:s}", "op", "delete_account", "password", pw), 1, &rc);
	if (reply) {
		json_decref(reply);
		x->cfg.token[0] = '\0';
		if (cli_config_save(&x->cfg, err, sizeof err) < 0)
			cli_fail("%s", err);
		printf("Account deleted.\n");
	}
	memset(pw, 0, sizeof pw);
	return rc;
}

int cmd_passwd(struct cli_ctx *x)
{
	if (x->argc != 0) {
		cli_fail("usage: telegraph passwd [--password OLD] [--new-password NEW]");
		return EXIT_USAGE;
	}
	char old[512], new[512], err[512];
	if (password_get_from(x->password, "TELEGRAPH_PASSWORD", "--password", "Current password",
	                      0, old, sizeof old, err, sizeof err) < 0 ||
	    password_get_from(x->new_password, "TELEGRAPH_NEW_PASSWORD", "--new-password",
	                      "New password", 1, new, sizeof new, err, sizeof err) < 0) {
		memset(old, 0, sizeof old);
		cli_fail("%s", err);
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(x,
	                              json_pack("{s:s,s:s,s:s}", "op", "change_password",
	                                        "old_password", old, "new_password", new),
	                              1, &rc);
	if (reply) {
		printf("Password changed; your other sessions are ended.\n");
		json_decref(reply);
	}
	memset(old, 0, sizeof old);
	memset(new, 0, sizeof new);
	return rc;
}
