/* cmd_wait.c — `telegraph wait`: blocks until the user is awaited in some
 * match (issue 19), for scripts and bots, then prints those matches and
 * exits 0. It asks `list mine` every TELEGRAPH_WAIT_POLL_S seconds (60 by
 * default), on a fresh connection each time, so a server restart or a lost
 * connection in between does not end it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Prints the matches awaiting the user; how many. -1 if the call failed. */
static int awaited(struct cli_ctx *x, int *rc)
{
	int n = -1;
	json_t *reply =
	    cli_call_once(x, json_pack("{s:s,s:s}", "op", "list", "which", "mine"), 1, rc);
	if (reply) {
		n = 0;
		size_t i;
		json_t *m;
		json_array_foreach(json_object_get(reply, "matches"), i, m)
		{
			if (!json_is_true(json_object_get(m, "your_turn")))
				continue;
			printf("Your move in match %lld (%s): telegraph play %lld\n",
			       (long long)json_integer_value(json_object_get(m, "match")),
			       json_string_value(json_object_get(m, "game")),
			       (long long)json_integer_value(json_object_get(m, "match")));
			n++;
		}
		json_decref(reply);
	}
	return n;
}

int cmd_wait(struct cli_ctx *x)
{
	if (x->argc != 0) {
		cli_fail("usage: telegraph wait");
		return EXIT_USAGE;
	}
	const char *env = getenv("TELEGRAPH_WAIT_POLL_S");
	long poll = env ? strtol(env, NULL, 10) : 60;
	if (poll < 1)
		poll = 1;
	for (;;) {
		int rc, n = awaited(x, &rc);
		if (n > 0) {
			fflush(stdout);
			return EXIT_OK;
		}
		if (n < 0 && rc != EXIT_OK && rc != EXIT_CONN)
			return rc; /* refused (not logged in...): waiting will not help */
		sleep((unsigned)poll);
	}
}
