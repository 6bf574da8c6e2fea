/* cmd_blocks.c — block, unblock, blocks (issue 24): a player keeps a user's
 * chat away from him and neither joins the other's open match. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "view_render.h"

/* block NAME / unblock NAME: op is the protocol's name for the command. */
static int block_op(struct cli_ctx *x, const char *op, const char *done)
{
	if (x->argc != 1) {
		cli_fail("usage: telegraph %s NAME", op);
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply =
	    cli_call_once(x, json_pack("{s:s,s:s}", "op", op, "user", x->argv[0]), 1, &rc);
	if (reply) {
		char name[128];
		snprintf(name, sizeof name, "%s", x->argv[0]);
		view_clean_text(name);
		printf("%s %s.\n", name, done);
		json_decref(reply);
	}
	return rc;
}

int cmd_block(struct cli_ctx *x)
{
	return block_op(x, "block",
	                "is blocked: his chat no longer reaches you, and neither of you joins "
	                "the other's open matches");
}

int cmd_unblock(struct cli_ctx *x)
{
	return block_op(x, "unblock", "is no longer blocked");
}

int cmd_blocks(struct cli_ctx *x)
{
	if (x->argc != 0) {
		cli_fail("usage: telegraph blocks");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(x, json_pack("{s:s}", "op", "blocks"), 1, &rc);
	if (reply) {
		json_t *list = json_object_get(reply, "blocks");
		if (json_array_size(list) == 0)
			printf("You have blocked no one.\n");
		else
			printf("%-24s  %s\n", "USER", "SINCE");
		size_t i;
		json_t *b;
		json_array_foreach(list, i, b)
		{
			char name[128], since[32];
			const char *u = json_string_value(json_object_get(b, "user"));
			snprintf(name, sizeof name, "%s", u ? u : "");
			view_clean_text(name);
			cli_utc(json_integer_value(json_object_get(b, "since")), since,
			        sizeof since);
			printf("%-24s  %s\n", name, since);
		}
		json_decref(reply);
	}
	return rc;
}
