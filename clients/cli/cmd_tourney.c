/* cmd_tourney.c — tournaments and ratings from the terminal: tourney
 * list/create/show/register/withdraw/start/standings/direct/export,
 * ratings, leaderboard (PROTOCOL.md, "Tournaments" and "Ratings"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "view_render.h"

static const char tourney_usage[] =
    "usage: telegraph tourney list\n"
    "       telegraph tourney create NAME GAME --format "
    "round_robin|double_round_robin|swiss|single_elimination|pools\n"
    "                 [--rounds N] [--scenario S] [--max-players N] [--invite-only]\n"
    "                 [--unrated] [--time-control PRESET] [--pools N [--advance N]]\n"
    "                 [--start-at UNIX-SECONDS]\n"
    "       telegraph tourney show|standings|start|withdraw ID\n"
    "       telegraph tourney register ID [--invite CODE]\n"
    "       telegraph tourney direct ID add_player|remove_player|set_result|pause|resume|repair\n"
    "                 [--user NAME] [--match M | --round R --board B] [--result R]\n"
    "                 [--reason TEXT]\n"
    "       telegraph tourney export ID [--text] [-o FILE]";

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* One request on a logged-in session; the reply as received, or NULL
 * with *rc set. */
static json_t *call_raw(struct cli_ctx *x, json_t *req, int *rc)
{
	return cli_call_once(x, req, 1, rc);
}

/* The same, made fit for the terminal (view_clean). */
static json_t *call(struct cli_ctx *x, json_t *req, int *rc)
{
	json_t *reply = call_raw(x, req, rc);
	json_t *clean = reply ? view_clean(reply) : NULL;
	json_decref(reply);
	return clean;
}

/* A server text of several lines, each line cleaned for the terminal. */
static int put_lines(const char *text, FILE *f)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		char *line = malloc(n + 1);
		if (!line)
			return -1;
		memcpy(line, text, n);
		line[n] = '\0';
		view_clean_text(line);
		int bad = fputs(line, f) < 0 || fputc('\n', f) == EOF;
		free(line);
		if (bad)
			return -1;
		text += n + (nl ? 1 : 0);
	}
	return 0;
}

static long long parse_id(const char *s)
{
	return s ? cli_parse_match(s) : -1;
}

static int usage_fail(void)
{
	cli_fail("%s", tourney_usage);
	return EXIT_USAGE;
}

static void print_entry(const json_t *t)
{
	printf("%4lld  %-24.24s %-18s %-14s %s%s, %lld players, round %lld/%lld, director %s\n",
	       (long long)json_integer_value(json_object_get(t, "tourney")), str(t, "name"),
	       str(t, "format"), str(t, "game"), str(t, "status"),
	       json_is_true(json_object_get(t, "paused")) ? " (paused)" : "",
	       (long long)json_integer_value(json_object_get(t, "nplayers")),
	       (long long)json_integer_value(json_object_get(t, "round")),
	       (long long)json_integer_value(json_object_get(t, "rounds")), str(t, "director"));
}

static int t_list(struct cli_ctx *x)
{
	int rc;
	json_t *r = call(x, json_pack("{s:s}", "op", "tourney_list"), &rc);
	if (!r)
		return rc;
	json_t *list = json_object_get(r, "tournaments");
	size_t i;
	json_t *t;
	json_array_foreach(list, i, t) print_entry(t);
	if (!json_array_size(list))
		printf("No tournaments yet (telegraph tourney create ...).\n");
	json_decref(r);
	return EXIT_OK;
}

static int t_create(struct cli_ctx *x)
{
	const char *name = NULL, *game = NULL, *format = NULL, *scenario = NULL, *tc = NULL;
	long long rounds = 0, maxp = 0, pools = 0, advance = 0, start_at = 0;
	int invite_only = 0, unrated = 0;
	for (int i = 1; i < x->argc; i++) {
		const char *a = x->argv[i];
		bool v = i + 1 < x->argc;
		if (!strcmp(a, "--format") && v)
			format = x->argv[++i];
		else if (!strcmp(a, "--scenario") && v)
			scenario = x->argv[++i];
		else if (!strcmp(a, "--rounds") && v)
			rounds = atoll(x->argv[++i]);
		else if (!strcmp(a, "--max-players") && v)
			maxp = atoll(x->argv[++i]);
		else if (!strcmp(a, "--pools") && v)
			pools = atoll(x->argv[++i]);
		else if (!strcmp(a, "--advance") && v)
			advance = atoll(x->argv[++i]);
		else if (!strcmp(a, "--start-at") && v)
			start_at = atoll(x->argv[++i]);
		else if (!strcmp(a, "--time-control") && v)
			tc = x->argv[++i];
		else if (!strcmp(a, "--invite-only"))
			invite_only = 1;
		else if (!strcmp(a, "--unrated"))
			unrated = 1;
		else if (*a != '-' && !name)
			name = a;
		else if (*a != '-' && !game)
			game = a;
		else
			return usage_fail();
	}
	if (!name || !game || !format)
		return usage_fail();
	json_t *req =
	    json_pack("{s:s,s:s,s:s,s:s,s:b,s:b}", "op", "tourney_create", "name", name, "game",
	              game, "format", format, "invite_only", invite_only, "rated", !unrated);
	/* Without --scenario: the game's first, as create does. */
	if (scenario)
		json_object_set_new(req, "scenario", json_string(scenario));
	if (rounds)
		json_object_set_new(req, "rounds", json_integer(rounds));
	if (maxp)
		json_object_set_new(req, "max_players", json_integer(maxp));
	if (pools)
		json_object_set_new(req, "pools", json_integer(pools));
	if (advance)
		json_object_set_new(req, "advance", json_integer(advance));
	if (start_at)
		json_object_set_new(req, "start_at", json_integer(start_at));
	if (tc)
		json_object_set_new(req, "time_control", json_string(tc));
	int rc;
	if (!scenario) {
		struct cli_client c = {0};
		rc = cli_open_session(x, &c, 1);
		if (rc != EXIT_OK) {
			json_decref(req);
			return rc;
		}
		size_t i;
		json_t *g;
		json_array_foreach(json_object_get(c.welcome, "games"), i,
		                   g) if (!strcmp(str(g, "id"), game))
		    json_object_set_new(
		        req, "scenario",
		        json_string(str(json_array_get(json_object_get(g, "scenarios"), 0), "id")));
		cli_client_close(&c);
		if (!json_object_get(req, "scenario"))
			json_object_set_new(req, "scenario", json_string(""));
	}
	json_t *r = call(x, req, &rc);
	if (!r)
		return rc;
	printf("Tournament %lld created: %s (%s). You direct it; players join with\n"
	       "  telegraph tourney register %lld%s%s\n",
	       (long long)json_integer_value(json_object_get(r, "tourney")), name, format,
	       (long long)json_integer_value(json_object_get(r, "tourney")),
	       *str(r, "invite") ? " --invite " : "", str(r, "invite"));
	json_decref(r);
	return EXIT_OK;
}

/* The commands that name only a tournament (and maybe an invite). */
static int t_simple(struct cli_ctx *x, const char *op, const char *done)
{
	long long id = parse_id(x->argc > 1 ? x->argv[1] : NULL);
	const char *invite = NULL;
	if (x->argc == 4 && !strcmp(x->argv[2], "--invite") && !strcmp(op, "tourney_register"))
		invite = x->argv[3];
	else if (x->argc != 2 || id < 0)
		return usage_fail();
	json_t *req = json_pack("{s:s,s:I}", "op", op, "tourney", (json_int_t)id);
	if (invite)
		json_object_set_new(req, "invite", json_string(invite));
	int rc;
	json_t *r = call(x, req, &rc);
	if (!r)
		return rc;
	printf("%s tournament %lld.\n", done, id);
	json_decref(r);
	return EXIT_OK;
}

static void print_standings(const json_t *st)
{
	size_t i;
	json_t *s;
	json_array_foreach(st, i, s)
	{
		printf("%3lld %-20.20s %5.1f",
		       (long long)json_integer_value(json_object_get(s, "rank")), str(s, "user"),
		       json_number_value(json_object_get(s, "points")));
		const char *k;
		json_t *v;
		json_object_foreach(json_object_get(s, "tiebreaks"), k, v)
		    printf("  %s %.1f", k, json_number_value(v));
		printf("%s\n",
		       json_is_true(json_object_get(s, "withdrawn")) ? "  (withdrawn)" : "");
	}
}

static int t_standings(struct cli_ctx *x)
{
	long long id = parse_id(x->argc == 2 ? x->argv[1] : NULL);
	if (id < 0)
		return usage_fail();
	int rc;
	json_t *r = call(
	    x, json_pack("{s:s,s:I}", "op", "tourney_standings", "tourney", (json_int_t)id), &rc);
	if (!r)
		return rc;
	printf("Tournament %lld, %s, round %lld of %lld\n", id, str(r, "tourney_status"),
	       (long long)json_integer_value(json_object_get(r, "round")),
	       (long long)json_integer_value(json_object_get(r, "rounds")));
	print_standings(json_object_get(r, "standings"));
	json_decref(r);
	return EXIT_OK;
}

/* show: the crosstable, then the current round's games (to find one's match). */
static int t_show(struct cli_ctx *x)
{
	long long id = parse_id(x->argc == 2 ? x->argv[1] : NULL);
	if (id < 0)
		return usage_fail();
	int rc;
	json_t *r = call_raw(x,
	                     json_pack("{s:s,s:I,s:s}", "op", "tourney_export", "tourney",
	                               (json_int_t)id, "format", "text"),
	                     &rc);
	if (!r)
		return rc;
	put_lines(str(r, "text"), stdout);
	json_decref(r);
	r = call(x, json_pack("{s:s,s:I}", "op", "tourney_get", "tourney", (json_int_t)id), &rc);
	if (!r)
		return rc;
	json_t *t = json_object_get(r, "tournament");
	long long round = json_integer_value(json_object_get(t, "round"));
	if (json_is_integer(json_object_get(t, "pools")))
		printf("%lld pools, %lld going on to the knockout\n",
		       (long long)json_integer_value(json_object_get(t, "pools")),
		       (long long)json_integer_value(json_object_get(t, "advance")));
	if (json_is_integer(json_object_get(t, "start_at"))) {
		char when[40];
		cli_utc(json_integer_value(json_object_get(t, "start_at")), when, sizeof when);
		printf("starts at %s by itself\n", when);
	}
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(t, "games"), i, g)
	{
		if (json_integer_value(json_object_get(g, "round")) != round)
			continue;
		const json_t *m = json_object_get(g, "match");
		printf("round %lld board %lld: %s - %s  %s", round,
		       (long long)json_integer_value(json_object_get(g, "board")), str(g, "side0"),
		       json_is_null(json_object_get(g, "side1")) ? "(bye)" : str(g, "side1"),
		       json_is_string(json_object_get(g, "result")) ? str(g, "result") : "playing");
		if (json_is_integer(m))
			printf("  (match %lld)", (long long)json_integer_value(m));
		printf("\n");
	}
	json_decref(r);
	return EXIT_OK;
}

static int t_direct(struct cli_ctx *x)
{
	long long id = parse_id(x->argc > 2 ? x->argv[1] : NULL);
	if (id < 0)
		return usage_fail();
	json_t *req = json_pack("{s:s,s:I,s:s}", "op", "tourney_direct", "tourney", (json_int_t)id,
	                        "action", x->argv[2]);
	for (int i = 3; i < x->argc; i++) {
		const char *a = x->argv[i];
		if (i + 1 >= x->argc || strncmp(a, "--", 2) != 0) {
			json_decref(req);
			return usage_fail();
		}
		const char *v = x->argv[++i];
		if (!strcmp(a, "--user") || !strcmp(a, "--result") || !strcmp(a, "--reason"))
			json_object_set_new(req, a + 2, json_string(v));
		else if (!strcmp(a, "--match") || !strcmp(a, "--round") || !strcmp(a, "--board"))
			json_object_set_new(req, a + 2, json_integer(atoll(v)));
		else {
			json_decref(req);
			return usage_fail();
		}
	}
	int rc;
	json_t *r = call(x, req, &rc);
	if (!r)
		return rc;
	printf("Done: %s in tournament %lld.\n", x->argv[2], id);
	json_decref(r);
	return EXIT_OK;
}

static int t_export(struct cli_ctx *x)
{
	long long id = parse_id(x->argc > 1 ? x->argv[1] : NULL);
	const char *out = NULL;
	int text = 0;
	for (int i = 2; i < x->argc; i++) {
		if (!strcmp(x->argv[i], "--text"))
			text = 1;
		else if (!strcmp(x->argv[i], "-o") && i + 1 < x->argc)
			out = x->argv[++i];
		else
			return usage_fail();
	}
	if (id < 0)
		return usage_fail();
	int rc;
	json_t *r = call(x,
	                 json_pack("{s:s,s:I,s:s}", "op", "tourney_export", "tourney",
	                           (json_int_t)id, "format", text ? "text" : "json"),
	                 &rc);
	if (!r)
		return rc;
	/* A large event's records come in pages (PROTOCOL.md, tourney_export):
	 * the file gets them all. */
	json_t *more;
	while (!text && json_is_integer(more = json_object_get(r, "more_records_after"))) {
		json_t *next = call(x,
		                    json_pack("{s:s,s:I,s:s,s:I}", "op", "tourney_export",
		                              "tourney", (json_int_t)id, "format", "json",
		                              "records_after", json_integer_value(more)),
		                    &rc);
		if (!next) {
			json_decref(r);
			return rc;
		}
		json_object_update(json_object_get(json_object_get(r, "export"), "records"),
		                   json_object_get(json_object_get(next, "export"), "records"));
		json_object_set(r, "more_records_after",
		                json_object_get(next, "more_records_after")
		                    ? json_object_get(next, "more_records_after")
		                    : json_null());
		json_decref(next);
	}
	FILE *f = out ? fopen(out, "w") : stdout;
	if (!f) {
		cli_fail("cannot write %s", out);
		json_decref(r);
		return EXIT_LOCAL;
	}
	int bad = text ? put_lines(str(r, "text"), f) != 0
	               : json_dumpf(json_object_get(r, "export"), f, JSON_INDENT(1)) != 0 ||
	                     fputc('\n', f) == EOF;
	if (out && fclose(f) != 0)
		bad = 1;
	json_decref(r);
	if (bad) {
		cli_fail("cannot write %s", out ? out : "the export");
		return EXIT_LOCAL;
	}
	if (out)
		fprintf(stderr, "Tournament %lld written to %s\n", id, out);
	return EXIT_OK;
}

int cmd_tourney(struct cli_ctx *x)
{
	const char *sub = x->argc ? x->argv[0] : "";
	if (!strcmp(sub, "list") && x->argc == 1)
		return t_list(x);
	if (!strcmp(sub, "create"))
		return t_create(x);
	if (!strcmp(sub, "show"))
		return t_show(x);
	if (!strcmp(sub, "standings"))
		return t_standings(x);
	if (!strcmp(sub, "register"))
		return t_simple(x, "tourney_register", "You are registered for");
	if (!strcmp(sub, "withdraw"))
		return t_simple(x, "tourney_withdraw", "You withdrew from");
	if (!strcmp(sub, "start"))
		return t_simple(x, "tourney_start", "Round 1 is paired: started");
	if (!strcmp(sub, "direct"))
		return t_direct(x);
	if (!strcmp(sub, "export"))
		return t_export(x);
	return usage_fail();
}

int cmd_ratings(struct cli_ctx *x)
{
	if (x->argc > 1) {
		cli_fail("usage: telegraph ratings [USER]");
		return EXIT_USAGE;
	}
	json_t *req = json_pack("{s:s}", "op", "ratings");
	if (x->argc == 1)
		json_object_set_new(req, "user", json_string(x->argv[0]));
	int rc;
	json_t *r = call(x, req, &rc);
	if (!r)
		return rc;
	json_t *list = json_object_get(r, "ratings");
	printf("Ratings of %s:%s\n", str(r, "player"), json_array_size(list) ? "" : " none yet");
	size_t i;
	json_t *e;
	json_array_foreach(list, i, e)
	    printf("  %-16s %7.1f  RD %5.1f  volatility %.5f  %lld rated games\n", str(e, "game"),
	           json_number_value(json_object_get(e, "rating")),
	           json_number_value(json_object_get(e, "deviation")),
	           json_number_value(json_object_get(e, "volatility")),
	           (long long)json_integer_value(json_object_get(e, "games")));
	json_decref(r);
	return EXIT_OK;
}

int cmd_leaderboard(struct cli_ctx *x)
{
	if (x->argc != 1) {
		cli_fail("usage: telegraph leaderboard GAME");
		return EXIT_USAGE;
	}
	int rc;
	json_t *r = call(x, json_pack("{s:s,s:s}", "op", "leaderboard", "game", x->argv[0]), &rc);
	if (!r)
		return rc;
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(r, "leaderboard"), i, e)
	    printf("%3lld %-20.20s %7.1f  RD %5.1f  %lld games\n",
	           (long long)json_integer_value(json_object_get(e, "rank")), str(e, "user"),
	           json_number_value(json_object_get(e, "rating")),
	           json_number_value(json_object_get(e, "deviation")),
	           (long long)json_integer_value(json_object_get(e, "games")));
	if (!json_array_size(json_object_get(r, "leaderboard")))
		printf("Nobody has played %s rated yet.\n", x->argv[0]);
	json_decref(r);
	return EXIT_OK;
}
