/* cmd_notify.c — notification settings (issue 19) and the forgotten
 * password by email (issue 24):
 *   telegraph notify                      show them
 *   telegraph notify email ADDR|off       a new address (a code is mailed to it)
 *   telegraph notify verify CODE          confirm the address
 *   telegraph notify events LIST|none     your_move,match_started,match_finished
 *   telegraph notify webhook URL|off [json|discord|slack]
 *   telegraph notify digest HOURS|off     at most one email per HOURS hours
 *   telegraph forgot NAME                 a reset code by email (then: redeem) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define NOTIFY_USAGE                                                                               \
	"usage: telegraph notify [email ADDR|off | verify CODE | events LIST|none | "              \
	"webhook URL|off [json|discord|slack] | digest HOURS|off]"

static const char *str(const json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));
	return v ? v : "";
}

static void print_settings(const json_t *s)
{
	char when[40];
	const json_t *email = json_object_get(s, "email");
	if (!json_is_string(email)) {
		printf("Email: none\n");
	} else if (json_is_integer(json_object_get(s, "email_parked"))) {
		cli_utc(json_integer_value(json_object_get(s, "email_parked")), when, sizeof when);
		printf("Email: %s PARKED since %s: mail to it kept failing; set it again to "
		       "retry\n",
		       json_string_value(email), when);
	} else if (json_is_true(json_object_get(s, "email_verified"))) {
		printf("Email: %s (verified)\n", json_string_value(email));
	} else {
		printf("Email: %s (not verified: telegraph notify verify CODE, with the code "
		       "mailed to it)\n",
		       json_string_value(email));
	}
	printf("Events:");
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(s, "events"), i, e)
	    printf("%s %s", i ? "," : "", json_string_value(e));
	printf("%s\n", json_array_size(json_object_get(s, "events")) ? "" : " none");
	json_int_t digest = json_integer_value(json_object_get(s, "digest_hours"));
	if (digest > 0)
		printf("Digest: at most one email every %lld hours, gathering what happened\n",
		       (long long)digest);
	else
		printf("Digest: off (each email at once)\n");
	const json_t *hook = json_object_get(s, "webhook_url");
	if (!json_is_string(hook)) {
		printf("Webhook: none\n");
		return;
	}
	printf("Webhook: %s (%s)", json_string_value(hook), str(s, "webhook_format"));
	if (json_is_integer(json_object_get(s, "webhook_parked"))) {
		cli_utc(json_integer_value(json_object_get(s, "webhook_parked")), when,
		        sizeof when);
		printf(" PARKED since %s: it kept failing; set it again to retry", when);
	}
	printf("\nWebhook secret (X-Telegraph-Signature: sha256=HMAC of the body): %s\n",
	       str(s, "webhook_secret"));
}

/* The request of the command line, or NULL after printing the usage. */
static json_t *notify_request(struct cli_ctx *x)
{
	json_t *req = json_pack("{s:s}", "op", "notify_settings");
	const char *sub = x->argc ? x->argv[0] : NULL, *arg = x->argc > 1 ? x->argv[1] : NULL;
	if (!sub)
		return req;
	if (!strcmp(sub, "email") && arg && x->argc == 2) {
		json_object_set_new(req, "email",
		                    strcmp(arg, "off") ? json_string(arg) : json_null());
	} else if (!strcmp(sub, "verify") && arg && x->argc == 2) {
		json_decref(req);
		return json_pack("{s:s,s:s}", "op", "verify_email", "code", arg);
	} else if (!strcmp(sub, "events") && arg && x->argc == 2) {
		json_t *list = json_array();
		if (strcmp(arg, "none") != 0) {
			char buf[256];
			snprintf(buf, sizeof buf, "%s", arg);
			for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
			     t = strtok_r(NULL, ",", &save))
				json_array_append_new(list, json_string(t));
		}
		json_object_set_new(req, "events", list);
	} else if (!strcmp(sub, "digest") && arg && x->argc == 2) {
		char *end = NULL;
		long h = strcmp(arg, "off") == 0 ? 0 : strtol(arg, &end, 10);
		if (end && (*end || end == arg)) {
			json_decref(req);
			return NULL;
		}
		json_object_set_new(req, "digest_hours", json_integer(h));
	} else if (!strcmp(sub, "webhook") && arg && x->argc <= 3) {
		json_object_set_new(req, "webhook_url",
		                    strcmp(arg, "off") ? json_string(arg) : json_null());
		if (x->argc == 3)
			json_object_set_new(req, "webhook_format", json_string(x->argv[2]));
	} else {
		json_decref(req);
		return NULL;
	}
	return req;
}

int cmd_notify(struct cli_ctx *x)
{
	json_t *req = notify_request(x);
	if (!req) {
		cli_fail(NOTIFY_USAGE);
		return EXIT_USAGE;
	}
	bool verify = !strcmp(str(req, "op"), "verify_email");
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 1);
	if (rc != EXIT_OK) {
		json_decref(req);
		return rc;
	}
	json_t *reply;
	rc = cli_call(&c, req, &reply);
	if (rc == EXIT_OK && verify) {
		json_decref(reply);
		rc = cli_call(&c, json_pack("{s:s}", "op", "notify_settings"), &reply);
		if (rc == EXIT_OK)
			printf("Address verified.\n");
	}
	if (rc == EXIT_OK) {
		const json_t *s = json_object_get(reply, "settings");
		print_settings(s);
		if (x->argc == 2 && !strcmp(x->argv[0], "email") && strcmp(x->argv[1], "off"))
			printf("A code is on its way to %s: telegraph notify verify CODE\n",
			       x->argv[1]);
		json_decref(reply);
	}
	cli_client_close(&c);
	return rc;
}

int cmd_forgot(struct cli_ctx *x)
{
	if (x->argc != 1) {
		cli_fail("usage: telegraph forgot NAME");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(
	    x, json_pack("{s:s,s:s}", "op", "forgot_password", "name", x->argv[0]), 0, &rc);
	if (reply) {
		printf("%s\nThen: telegraph redeem %s CODE\n", str(reply, "message"), x->argv[0]);
		json_decref(reply);
	}
	return rc;
}
