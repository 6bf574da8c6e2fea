/* cmd_invite.c — invite MATCH NAME, and invitations [accept|decline MATCH]:
 * a host invites a named user to his private match; the invitee lists,
 * accepts or declines (issues 19 and 24). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "view_render.h"

/* A name or other server text, cleaned for the terminal. */
static void clean(char *out, size_t n, const char *s)
{
	snprintf(out, n, "%s", s ? s : "");
	view_clean_text(out);
}

int cmd_invite(struct cli_ctx *x)
{
	long long id = x->argc == 2 ? cli_parse_match(x->argv[0]) : -1;
	if (id < 0) {
		cli_fail("usage: telegraph invite MATCH NAME");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply = cli_call_once(
	    x,
	    json_pack("{s:s,s:I,s:s}", "op", "invite", "match", (json_int_t)id, "user", x->argv[1]),
	    1, &rc);
	if (reply) {
		char name[128];
		clean(name, sizeof name, json_string_value(json_object_get(reply, "invited")));
		printf("%s is invited to match %lld.\n", name, id);
		json_decref(reply);
	}
	return rc;
}

/* The free sides of a match object, "beta" or "beta, gamma": each by what
 * the seat plays (seats[].text, the game's words), else its role. */
static void free_sides(const json_t *m, char *out, size_t n)
{
	size_t len = 0, i;
	json_t *seat;
	out[0] = '\0';
	json_array_foreach(json_object_get(m, "seats"), i, seat)
	{
		if (!json_is_null(json_object_get(seat, "user")))
			continue;
		char role[128];
		const char *text = json_string_value(json_object_get(seat, "text"));
		clean(role, sizeof role,
		      text && *text ? text : json_string_value(json_object_get(seat, "role")));
		int k = snprintf(out + len, n - len, "%s%s", len ? ", " : "", role);
		if (k < 0 || (size_t)k >= n - len)
			break;
		len += (size_t)k;
	}
}

static void print_lists(const json_t *reply)
{
	json_t *received = json_object_get(reply, "received"),
	       *sent = json_object_get(reply, "sent");
	size_t i;
	json_t *r;
	if (json_array_size(received) == 0)
		printf("No invitation waits for you.\n");
	else
		printf("Invitations to you (telegraph invitations accept|decline MATCH):\n"
		       "%6s  %-16s  %-20s  %-16s  %s\n",
		       "MATCH", "HOST", "GAME", "FREE SIDE", "SINCE");
	json_array_foreach(received, i, r)
	{
		const json_t *m = json_object_get(r, "match");
		char host[128], game[128], sides[128], since[32];
		clean(host, sizeof host, json_string_value(json_object_get(r, "host")));
		clean(game, sizeof game, json_string_value(json_object_get(m, "game")));
		free_sides(m, sides, sizeof sides);
		cli_utc(json_integer_value(json_object_get(r, "since")), since, sizeof since);
		printf("%6lld  %-16s  %-20s  %-16s  %s\n",
		       (long long)json_integer_value(json_object_get(m, "match")), host, game,
		       sides, since);
	}
	if (json_array_size(sent) == 0)
		return;
	printf("Invitations you sent (to open matches):\n%6s  %-16s  %-9s  %s\n", "MATCH", "USER",
	       "STATE", "SINCE");
	json_array_foreach(sent, i, r)
	{
		char user[128], state[32], since[32];
		clean(user, sizeof user, json_string_value(json_object_get(r, "user")));
		clean(state, sizeof state, json_string_value(json_object_get(r, "state")));
		cli_utc(json_integer_value(json_object_get(r, "since")), since, sizeof since);
		printf("%6lld  %-16s  %-9s  %s\n",
		       (long long)json_integer_value(json_object_get(r, "match")), user, state,
		       since);
	}
}

int cmd_invitations(struct cli_ctx *x)
{
	const char *sub = x->argc ? x->argv[0] : NULL;
	bool accept = sub && strcmp(sub, "accept") == 0,
	     decline = sub && strcmp(sub, "decline") == 0;
	long long id = x->argc == 2 && (accept || decline) ? cli_parse_match(x->argv[1]) : 0;
	if (!(x->argc == 0 || (x->argc == 2 && (accept || decline) && id >= 0))) {
		cli_fail("usage: telegraph invitations [accept|decline MATCH]");
		return EXIT_USAGE;
	}
	json_t *req =
	    x->argc == 0 ? json_pack("{s:s}", "op", "invitations")
	                 : json_pack("{s:s,s:I}", "op", accept ? "accept_invite" : "decline_invite",
	                             "match", (json_int_t)id);
	/* the session stays open for its welcome: an accepted seat is said by
	 * its title (role_titles), as join says it */
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 1);
	if (rc != EXIT_OK) {
		json_decref(req);
		return rc;
	}
	json_t *reply = NULL;
	rc = cli_call(&c, req, &reply);
	if (reply) {
		if (x->argc == 0) {
			print_lists(reply);
		} else if (accept) {
			char seat[320];
			cli_seat_title(c.welcome, json_string_value(json_object_get(reply, "game")),
			               json_string_value(json_object_get(reply, "role")), seat,
			               sizeof seat);
			printf("You sit in match %lld as %s.\nPlay it with: telegraph play %lld\n",
			       id, seat, id);
		} else {
			printf("You declined the invitation to match %lld.\n", id);
		}
		json_decref(reply);
	}
	cli_client_close(&c);
	return rc;
}
