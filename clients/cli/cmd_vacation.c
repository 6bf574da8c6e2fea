/* cmd_vacation.c — vacation (issue 19): start one, end it, or ask how many
 * days are left; and claim_timeout, the win on an opponent's flag. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cmd_vacation(struct cli_ctx *x)
{
	json_t *req = json_pack("{s:s}", "op", "vacation");
	if (x->argc == 1 && !strcmp(x->argv[0], "end")) {
		json_object_set_new(req, "end", json_true());
	} else if (x->argc == 1) {
		char *end;
		long days = strtol(x->argv[0], &end, 10);
		if (*end || days < 1 || days > 366) {
			json_decref(req);
			cli_fail("usage: telegraph vacation [DAYS|end]");
			return EXIT_USAGE;
		}
		json_object_set_new(req, "days", json_integer(days));
	} else if (x->argc > 1) {
		json_decref(req);
		cli_fail("usage: telegraph vacation [DAYS|end]");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(x, req, 1, &rc);
	if (reply) {
		json_t *until = json_object_get(reply, "until");
		if (json_is_integer(until)) {
			char when[40];
			cli_utc(json_integer_value(until), when, sizeof when);
			printf("On vacation until %s: your clocks stand still.\n", when);
		} else {
			printf("Not on vacation.\n");
		}
		printf("%lld of your %lld vacation days left this year.\n",
		       (long long)json_integer_value(json_object_get(reply, "left")),
		       (long long)json_integer_value(json_object_get(reply, "allowance")));
		json_decref(reply);
	}
	return rc;
}

int cmd_claim(struct cli_ctx *x)
{
	char *end = NULL;
	long long id = x->argc == 1 ? strtoll(x->argv[0], &end, 10) : 0;
	if (x->argc != 1 || *end || id < 1) {
		cli_fail("usage: telegraph claim MATCH");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(
	    x, json_pack("{s:s,s:I}", "op", "claim_timeout", "match", (json_int_t)id), 1, &rc);
	if (reply) {
		printf("Match %lld is yours on time.\n", id);
		json_decref(reply);
	}
	return rc;
}
