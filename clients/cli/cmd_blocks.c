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
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 1);
	if (rc != EXIT_OK)
		return rc;
	json_t *reply;
	rc = cli_call(&c, json_pack("{s:s,s:s}", "op", op, "user", x->argv[0]), &reply);
	if (rc == EXIT_OK) {
		char name[128];
		snprintf(name, sizeof name, "%s", x->argv[0]);
		view_clean_text(name);
		printf("%s %s.\n", name, done);
		json_decref(reply);
	}
	cli_client_close(&c);
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
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 1);
	if (rc != EXIT_OK)
		return rc;
	json_t *reply;
	rc = cli_call(&c, json_pack("{s:s}", "op", "blocks"), &reply);
	if (rc == EXIT_OK) {
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
	cli_client_close(&c);
	return rc;
}
