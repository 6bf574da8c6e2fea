/* cmd_admin.c — the host's commands (issue 24), for the names in the
 * daemon's `operators` list: telegraph admin users|ban|unban|reset|
 * end-sessions|abort|audit|backup|status; and `telegraph redeem NAME CODE`,
 * with which a player sets a new password from an operator's reset code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "password.h"
#include "view_render.h"

static const char admin_usage[] =
    "usage: telegraph admin users [PREFIX]\n"
    "       telegraph admin ban|unban|reset|end-sessions NAME --reason TEXT\n"
    "       telegraph admin abort MATCH --reason TEXT\n"
    "       telegraph admin audit | backup [--reason TEXT] | status";

static const char *member(const json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v ? v : "";
}

/* Prints a server string with no control character reaching the terminal. */
static void put(const char *fmt_width, const char *s)
{
	char buf[600];
	snprintf(buf, sizeof buf, "%s", s);
	view_clean_text(buf);
	printf(fmt_width, buf);
}

static void print_time(json_int_t t)
{
	char buf[32];
	cli_utc(t, buf, sizeof buf);
	printf("%-20s  ", buf);
}

static void print_users(const json_t *reply)
{
	printf("%-32s  %-20s  %s\n", "NAME", "REGISTERED", "BANNED");
	size_t i;
	json_t *u;
	json_array_foreach(json_object_get(reply, "users"), i, u)
	{
		put("%-32s  ", member(u, "name"));
		print_time(json_integer_value(json_object_get(u, "created")));
		put("%s\n",
		    json_is_string(json_object_get(u, "banned")) ? member(u, "banned") : "-");
	}
}

static void print_audit(const json_t *reply)
{
	printf("%-20s  %-16s  %-18s  %-20s  %s\n", "WHEN", "OPERATOR", "ACTION", "TARGET",
	       "REASON");
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(reply, "entries"), i, e)
	{
		print_time(json_integer_value(json_object_get(e, "time")));
		put("%-16s  ", member(e, "operator"));
		put("%-18s  ", member(e, "action"));
		put("%-20s  ", member(e, "target"));
		put("%s\n", member(e, "reason"));
	}
}

static void print_status(const json_t *reply)
{
	const json_t *st = json_object_get(reply, "status");
	const json_t *m = json_object_get(st, "matches");
	printf("telegraphd %s, up %lld s\n", member(st, "version"),
	       (long long)json_integer_value(json_object_get(st, "uptime_s")));
	printf("connections %lld, signed in %lld\n",
	       (long long)json_integer_value(json_object_get(st, "connections")),
	       (long long)json_integer_value(json_object_get(st, "signed_in")));
	printf("matches: open %lld, active %lld, finished %lld, aborted %lld\n",
	       (long long)json_integer_value(json_object_get(m, "open")),
	       (long long)json_integer_value(json_object_get(m, "active")),
	       (long long)json_integer_value(json_object_get(m, "finished")),
	       (long long)json_integer_value(json_object_get(m, "aborted")));
	printf("actions: %lld since start, %lld in the last minute%s\n",
	       (long long)json_integer_value(json_object_get(st, "actions")),
	       (long long)json_integer_value(json_object_get(st, "actions_last_minute")),
	       json_is_true(json_object_get(st, "backup_running")) ? "; a backup is running" : "");
	const json_t *o = json_object_get(st, "outbox");
	printf("notifications waiting: %lld pending, %lld parked\n",
	       (long long)json_integer_value(json_object_get(o, "pending")),
	       (long long)json_integer_value(json_object_get(o, "parked")));
	/* Matches whose game no longer replays their rules (rules_changed). */
	const json_t *held = json_object_get(st, "rules_held");
	json_int_t n = json_integer_value(json_object_get(held, "count"));
	if (n > 0) {
		printf("matches waiting for an operator (their rules changed): %lld:",
		       (long long)n);
		size_t i;
		json_t *id;
		json_array_foreach(json_object_get(held, "matches"), i, id)
		    printf(" %lld", (long long)json_integer_value(id));
		printf("%s\n",
		       (size_t)n > json_array_size(json_object_get(held, "matches")) ? " ..." : "");
	}
}

int cmd_admin(struct cli_ctx *x)
{
	const char *sub = x->argc > 0 ? x->argv[0] : "";
	const char *reason = NULL, *arg = NULL;
	for (int i = 1; i < x->argc; i++) {
		if (!strcmp(x->argv[i], "--reason") && i + 1 < x->argc)
			reason = x->argv[++i];
		else if (!arg)
			arg = x->argv[i];
		else {
			cli_fail("%s", admin_usage);
			return EXIT_USAGE;
		}
	}
	static const struct {
		const char *sub, *op;
		int needs; /* 0 nothing, 1 a name, 2 a match id */
		bool reason;
	} subs[] = {
	    {"users", "users", 0, false},
	    {"ban", "ban", 1, true},
	    {"unban", "unban", 1, true},
	    {"reset", "reset_password", 1, true},
	    {"end-sessions", "end_user_sessions", 1, true},
	    {"abort", "abort_match", 2, true},
	    {"audit", "audit", 0, false},
	    {"backup", "backup", 0, false},
	    {"status", "status", 0, false},
	};
	int k = -1;
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
		if (!strcmp(sub, subs[i].sub))
			k = (int)i;
	if (k < 0 || (subs[k].needs && !arg) || (!subs[k].needs && arg && strcmp(sub, "users")) ||
	    (subs[k].reason && !reason)) {
		cli_fail("%s", admin_usage);
		return EXIT_USAGE;
	}
	json_t *req = json_pack("{s:s}", "op", subs[k].op);
	if (subs[k].needs == 1)
		json_object_set_new(req, "user", json_string(arg));
	if (subs[k].needs == 2) {
		long long id = cli_parse_match(arg);
		if (id < 0) {
			json_decref(req);
			cli_fail("a match is a number, not \"%s\"", arg);
			return EXIT_USAGE;
		}
		json_object_set_new(req, "match", json_integer(id));
	}
	if (!strcmp(sub, "users") && arg)
		json_object_set_new(req, "search", json_string(arg));
	if (reason)
		json_object_set_new(req, "reason", json_string(reason));
	int rc;
	json_t *reply = cli_call_once(x, req, 1, &rc);
	if (reply) {
		if (!strcmp(sub, "users"))
			print_users(reply);
		else if (!strcmp(sub, "audit"))
			print_audit(reply);
		else if (!strcmp(sub, "status"))
			print_status(reply);
		else if (!strcmp(sub, "reset"))
			printf("Reset code for %s (once, until %lld): %s\n"
			       "They set a new password with: telegraph redeem %s CODE\n",
			       arg,
			       (long long)json_integer_value(json_object_get(reply, "expires")),
			       member(reply, "code"), arg);
		else if (!strcmp(sub, "backup"))
			printf("Backup written: <data>/%s (%lld pages)\n", member(reply, "file"),
			       (long long)json_integer_value(json_object_get(reply, "pages")));
		else
			printf("Done: %s %s.\n", sub, arg ? arg : "");
		json_decref(reply);
	}
	return rc;
}

int cmd_redeem(struct cli_ctx *x)
{
	if (x->argc != 2) {
		cli_fail("usage: telegraph redeem NAME CODE [--new-password PW]");
		return EXIT_USAGE;
	}
	char pw[512], err[512];
	if (password_get_from(x->new_password, "TELEGRAPH_NEW_PASSWORD", "--new-password",
	                      "New password", 1, pw, sizeof pw, err, sizeof err) < 0) {
		cli_fail("%s", err);
		return EXIT_USAGE;
	}
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 0);
	if (rc == EXIT_OK) {
		json_t *reply;
		rc = cli_call(&c,
		              json_pack("{s:s,s:s,s:s,s:s}", "op", "redeem_reset", "name",
		                        x->argv[0], "code", x->argv[1], "new_password", pw),
		              &reply);
		if (rc == EXIT_OK) {
			const char *token = member(reply, "token");
			snprintf(x->cfg.token, sizeof x->cfg.token, "%s", token);
			snprintf(x->cfg.user, sizeof x->cfg.user, "%s", x->argv[0]);
			if (cli_config_save(&x->cfg, err, sizeof err) < 0)
				cli_fail(
				    "password set, but the session could not be remembered: %s",
				    err);
			printf("New password set; logged in as %s.\n", x->argv[0]);
			json_decref(reply);
		}
		cli_client_close(&c);
	}
	memset(pw, 0, sizeof pw);
	return rc;
}
