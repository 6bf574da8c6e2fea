/* cmd_lobby.c — games, create, join, list, resign, export. */
#include <openssl/rand.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "view_render.h"

/* 32 bytes of this machine's randomness, as the player's share of the seed. */
static json_t *player_entropy(void)
{
	unsigned char b[32];
	char hex[65];
	if (RAND_bytes(b, sizeof b) != 1)
		return NULL; /* the server then draws on the player's behalf, and says so */
	for (size_t i = 0; i < sizeof b; i++)
		snprintf(hex + 2 * i, 3, "%02x", b[i]);
	return json_string(hex);
}

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* Every printer below shows a copy fit for the terminal (view_clean): the
 * server's words, never its escape sequences. */
static void print_game(const json_t *raw)
{
	json_t *g = view_clean(raw);
	printf("%s — %s\n", str(g, "id"), str(g, "title"));
	printf("  roles:");
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(g, "roles"), i, v)
	{
		/* the role (what --side takes), and what a player reads for it */
		const char *role = json_is_string(v) ? json_string_value(v) : "?";
		const char *title = str(json_object_get(g, "role_titles"), role);
		printf("%s %s", i ? "," : "", role);
		if (*title && strcmp(title, role) != 0)
			printf(" (%s)", title);
	}
	printf("\n  scenarios:\n");
	json_array_foreach(json_object_get(g, "scenarios"), i, v)
	{
		/* wrapped at words, under its own column (the tmux pass of issue
		 * 15 saw descriptions cut mid-word by the terminal) */
		char lead[64], text[4096];
		snprintf(lead, sizeof lead, "    %-16s", str(v, "id"));
		snprintf(text, sizeof text, "%s%s%s", str(v, "title"),
		         *str(v, "description") ? " — " : "", str(v, "description"));
		view_render_wrapped(stdout, lead, text, 20);
	}
	json_t *opts = json_object_get(g, "options");
	if (json_object_size(opts)) {
		printf("  options (--option NAME=VALUE):\n");
		const char *k;
		json_object_foreach(opts, k, v)
		{
			char *def = json_dumps(json_object_get(v, "default"), JSON_ENCODE_ANY);
			char lead[300], text[4096];
			snprintf(lead, sizeof lead, "    %-20s", k);
			snprintf(text, sizeof text, "%s (%s, default %s)", str(v, "label"),
			         str(v, "type"), def ? def : "?");
			view_render_wrapped(stdout, lead, text, 24);
			free(def);
		}
	}
	json_decref(g);
}

int cmd_games(struct cli_ctx *x)
{
	if (x->argc != 0) {
		cli_fail("usage: telegraph games");
		return EXIT_USAGE;
	}
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 0);
	if (rc != EXIT_OK)
		return rc;
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(c.welcome, "games"), i, g) print_game(g);
	cli_client_close(&c);
	return EXIT_OK;
}

/* The welcome's description of game id, or NULL. */
static json_t *find_game(const json_t *welcome, const char *id)
{
	size_t i;
	json_t *g;
	json_array_foreach(json_object_get(welcome, "games"), i,
	                   g) if (!strcmp(str(g, "id"), id)) return g;
	return NULL;
}

/* "k=v": v as JSON when it parses (true, 3, "x"), else as a string. */
static int add_option(json_t *opts, const char *kv)
{
	const char *eq = strchr(kv, '=');
	if (!eq || eq == kv)
		return -1;
	char key[128];
	size_t kl = (size_t)(eq - kv);
	if (kl >= sizeof key)
		return -1;
	memcpy(key, kv, kl);
	key[kl] = '\0';
	json_t *v = json_loads(eq + 1, JSON_DECODE_ANY, NULL);
	json_object_set_new(opts, key, v ? v : json_string(eq + 1));
	return 0;
}

int cmd_create(struct cli_ctx *x)
{
	const char *game = NULL, *scenario = NULL, *side = "random";
	int private_ = 0, spectators = 1;
	json_t *opts = json_object();
	for (int i = 0; i < x->argc; i++) {
		const char *a = x->argv[i];
		int has_value = i + 1 < x->argc;
		if (!strcmp(a, "--scenario") && has_value)
			scenario = x->argv[++i];
		else if (!strcmp(a, "--side") && has_value)
			side = x->argv[++i];
		else if (!strcmp(a, "--private"))
			private_ = 1;
		else if (!strcmp(a, "--no-spectators"))
			spectators = 0;
		else if (!strcmp(a, "--option") && has_value &&
		         add_option(opts, x->argv[i + 1]) == 0)
			i++;
		else if (*a != '-' && !game)
			game = a;
		else {
			cli_fail("usage: telegraph create GAME [--scenario S] [--side ROLE] "
			         "[--private] [--no-spectators] [--option KEY=VALUE]...");
			json_decref(opts);
			return EXIT_USAGE;
		}
	}
	if (!game) {
		cli_fail("create: which game? (see telegraph games)");
		json_decref(opts);
		return EXIT_USAGE;
	}
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 1);
	if (rc != EXIT_OK) {
		json_decref(opts);
		return rc;
	}
	if (!scenario) { /* the game's first scenario */
		json_t *g = find_game(c.welcome, game);
		scenario = str(json_array_get(json_object_get(g, "scenarios"), 0), "id");
	}
	json_t *req = json_pack("{s:s, s:s, s:s, s:o, s:s, s:s, s:b}", "op", "create", "game", game,
	                        "scenario", scenario, "options", opts, "side", side, "visibility",
	                        private_ ? "private" : "public", "spectators", spectators);
	json_t *ent = player_entropy();
	if (ent)
		json_object_set_new(req, "entropy", ent);
	json_t *reply;
	rc = cli_call(&c, req, &reply);
	if (rc == EXIT_OK) {
		json_t *raw = reply;
		reply = view_clean(raw);
		json_decref(raw);
		char sc[256]; /* the welcome's first scenario when none was named */
		snprintf(sc, sizeof sc, "%s", scenario);
		view_clean_text(sc);
		/* what a player reads for his role, the role beside it where they
		 * differ (--side takes the role) */
		json_t *titles =
		    view_clean(json_object_get(find_game(c.welcome, game), "role_titles"));
		const char *role = str(reply, "role"), *title = str(titles, role);
		printf("Match %lld created: %s, scenario %s; you play %s",
		       (long long)json_integer_value(json_object_get(reply, "match")), game, sc,
		       *title ? title : role);
		if (*title && strcmp(title, role) != 0)
			printf(" (%s)", role);
		printf(".\n");
		json_decref(titles);
		printf("Seed commitment: %s\n", str(reply, "commitment"));
		long long id = (long long)json_integer_value(json_object_get(reply, "match"));
		if (*str(reply, "invite"))
			printf("Invite code (private match): %s\n"
			       "Your opponent joins with: telegraph join --invite %s\n",
			       str(reply, "invite"), str(reply, "invite"));
		else
			printf("Your opponent joins with: telegraph join %lld\n", id);
		printf("Play (it starts when the seats are filled): telegraph play %lld\n", id);
		json_decref(reply);
	}
	cli_client_close(&c);
	return rc;
}

int cmd_join(struct cli_ctx *x)
{
	const char *match = NULL, *invite = NULL, *side = "random";
	for (int i = 0; i < x->argc; i++) {
		const char *a = x->argv[i];
		if (!strcmp(a, "--invite") && i + 1 < x->argc)
			invite = x->argv[++i];
		else if (!strcmp(a, "--side") && i + 1 < x->argc)
			side = x->argv[++i];
		else if (*a != '-' && !match)
			match = a;
		else
			match = invite = NULL, i = x->argc; /* falls into the usage below */
	}
	long long id = match ? cli_parse_match(match) : 0;
	if ((!match) == (!invite) || id < 0) {
		cli_fail("usage: telegraph join MATCH | --invite CODE [--side ROLE]");
		return EXIT_USAGE;
	}
	struct cli_client c = {0};
	int rc = cli_open_session(x, &c, 1);
	if (rc != EXIT_OK)
		return rc;
	json_t *req = json_pack("{s:s, s:s}", "op", "join", "side", side);
	if (invite)
		json_object_set_new(req, "invite", json_string(invite));
	else
		json_object_set_new(req, "match", json_integer(id));
	json_t *ent = player_entropy();
	if (ent)
		json_object_set_new(req, "entropy", ent);
	json_t *reply;
	rc = cli_call(&c, req, &reply);
	if (rc == EXIT_OK) {
		json_t *raw = reply;
		reply = view_clean(raw);
		json_decref(raw);
		long long id = (long long)json_integer_value(json_object_get(reply, "match"));
		/* the role's title (the welcome's role_titles), the role beside it */
		char shown[320];
		cli_seat_title(c.welcome, str(reply, "game"), str(reply, "role"), shown,
		               sizeof shown);
		printf("Joined match %lld as %s.\nPlay it with: telegraph play %lld\n", id, shown,
		       id);
		json_decref(reply);
	}
	cli_client_close(&c);
	return rc;
}

/* "2d 3h", "5h 12m", "42m": a duration for a person. */
static void say_duration(char *out, size_t n, long long s)
{
	if (s >= 86400)
		snprintf(out, n, "%lldd %lldh", s / 86400, s % 86400 / 3600);
	else if (s >= 3600)
		snprintf(out, n, "%lldh %lldm", s / 3600, s % 3600 / 60);
	else
		snprintf(out, n, "%lldm", (s + 59) / 60);
}

/* The awaited roles' time left (issue 19), and when the last move was. */
static void print_clock(const json_t *m)
{
	const json_t *clock = json_object_get(m, "clock");
	long long now = (long long)time(NULL);
	if (json_is_object(clock)) {
		long long since = (long long)json_integer_value(json_object_get(clock, "since"));
		long long gone = now > since ? now - since : 0;
		size_t i;
		json_t *r;
		json_array_foreach(json_object_get(m, "awaiting"), i, r)
		{
			const char *role = json_string_value(r);
			if (!role)
				continue;
			long long left = (long long)json_integer_value(
			    json_object_get(json_object_get(clock, "left"), role));
			bool running = false,
			     paused =
			         json_object_get(json_object_get(clock, "paused"), role) != NULL;
			size_t j;
			json_t *x;
			json_array_foreach(json_object_get(clock, "running"), j, x) running =
			    running || (json_is_string(x) && !strcmp(json_string_value(x), role));
			if (running)
				left = left > gone ? left - gone : 0;
			char d[32];
			say_duration(d, sizeof d, left);
			printf("  %s: %s%s", role, left > 0 ? d : "out of time",
			       left > 0 ? (paused ? " left (on vacation)" : " left") : "");
		}
	}
	const json_t *last = json_object_get(m, "last_move");
	if (json_is_integer(last)) {
		long long ago = now - (long long)json_integer_value(last);
		char d[32];
		say_duration(d, sizeof d, ago > 0 ? ago : 0);
		printf("  last move %s ago", d);
	}
}

/* What the seat of role plays in match object m (seats[].text), else role. */
static const char *seat_text_of(const json_t *m, const char *role)
{
	size_t i;
	json_t *s;
	json_array_foreach(json_object_get(m, "seats"), i, s)
	{
		if (!strcmp(str(s, "role"), role) && *str(s, "text"))
			return str(s, "text");
	}
	return role;
}

static void print_match_line(const json_t *raw, int mine)
{
	json_t *m = view_clean(raw);
	printf("%6lld  %-14s %-12s %-9s",
	       (long long)json_integer_value(json_object_get(m, "match")), str(m, "game"),
	       str(m, "scenario"), str(m, "status"));
	size_t i;
	json_t *s;
	json_array_foreach(json_object_get(m, "seats"), i, s)
	{
		const char *u = json_string_value(json_object_get(s, "user"));
		const json_t *rating = json_object_get(s, "rating");
		/* what the seat plays (the game's text), for a person */
		printf(" %s:%s", *str(s, "text") ? str(s, "text") : str(s, "role"),
		       u ? u : "(free)");
		if (json_is_integer(rating)) /* the player's Glicko-2 rating, rounded */
			printf(" (%lld)", (long long)json_integer_value(rating));
	}
	if (mine && *str(m, "your_role"))
		printf("  [you: %s]", seat_text_of(m, str(m, "your_role")));
	/* held by the server's rules version (docs/OPERATIONS.md, "Rules
	 * versions"): nobody can move until its operator settles it */
	if (json_is_true(json_object_get(m, "rules_held")))
		printf("  HELD (the server's rules changed)");
	else if (mine && json_is_true(json_object_get(m, "your_turn")))
		printf("  <== waiting for you");
	else if (!strcmp(str(m, "status"), "active")) {
		printf("  (waiting for");
		json_array_foreach(json_object_get(m, "awaiting"), i, s)
		    printf("%s %s", i ? "," : "",
		           seat_text_of(m, json_is_string(s) ? json_string_value(s) : "?"));
		printf(")");
	}
	if (*str(m, "summary"))
		printf("  %s", str(m, "summary"));
	if (mine && !strcmp(str(m, "status"), "active"))
		print_clock(m);
	printf("\n");
	json_decref(m);
}

/* What each list is for, and what to say when it is empty. */
static const struct {
	const char *which, *empty, *hint;
} lists[] = {
    {"open", "No open matches.", "join one with: telegraph join MATCH"},
    {"mine", "You sit in no match.", "play one with: telegraph play MATCH"},
    {"live", "No public match in progress allows spectators.",
     "follow one with: telegraph watch MATCH"},
    {"finished", "No public match has finished.",
     "take one's record with: telegraph export MATCH -o FILE"},
};

int cmd_list(struct cli_ctx *x)
{
	const char *which = x->argc ? x->argv[0] : "open";
	size_t k = 0, n = sizeof lists / sizeof lists[0];
	while (k < n && strcmp(which, lists[k].which))
		k++;
	if (x->argc > 1 || k == n) {
		cli_fail("usage: telegraph list [open|mine|live|finished]");
		return EXIT_USAGE;
	}
	int rc;
	json_t *reply =
	    cli_call_once(x, json_pack("{s:s, s:s}", "op", "list", "which", which), 1, &rc);
	if (reply) {
		json_t *ms = json_object_get(reply, "matches");
		size_t i;
		json_t *m;
		json_array_foreach(ms, i, m) print_match_line(m, !strcmp(which, "mine"));
		printf("%s\n", json_array_size(ms) ? lists[k].hint : lists[k].empty);
		json_decref(reply);
	}
	return rc;
}

/* A command of the form `telegraph OP MATCH` with an ok reply. */
static int match_command(struct cli_ctx *x, const char *op, json_t **reply_out)
{
	long long id = x->argc >= 1 ? cli_parse_match(x->argv[0]) : -1;
	if (id < 0) {
		cli_fail("usage: telegraph %s MATCH", op);
		return EXIT_USAGE;
	}
	int rc;
	*reply_out =
	    cli_call_once(x, json_pack("{s:s, s:I}", "op", op, "match", (json_int_t)id), 1, &rc);
	return rc;
}

int cmd_resign(struct cli_ctx *x)
{
	json_t *reply;
	if (x->argc != 1) {
		cli_fail("usage: telegraph resign MATCH");
		return EXIT_USAGE;
	}
	int rc = match_command(x, "resign", &reply);
	if (rc == EXIT_OK) {
		printf("You resigned match %s.\n", x->argv[0]);
		json_decref(reply);
	}
	return rc;
}

int cmd_export(struct cli_ctx *x)
{
	const char *out = NULL;
	if (x->argc == 3 && !strcmp(x->argv[1], "-o"))
		out = x->argv[2];
	else if (x->argc != 1) {
		cli_fail("usage: telegraph export MATCH [-o FILE]");
		return EXIT_USAGE;
	}
	json_t *reply;
	int rc = match_command(x, "export", &reply);
	if (rc != EXIT_OK)
		return rc;
	json_t *record = json_object_get(reply, "record");
	int bad = !json_is_object(record);
	if (bad)
		cli_fail("the server's export reply has no record");
	else if (out) {
		bad = json_dump_file(record, out, JSON_INDENT(1)) != 0;
		if (bad)
			cli_fail("cannot write %s", out);
		else
			fprintf(stderr, "Record of match %s written to %s\n", x->argv[0], out);
	} else {
		bad = json_dumpf(record, stdout, JSON_INDENT(1)) != 0;
		putchar('\n');
	}
	json_decref(reply);
	return bad ? EXIT_LOCAL : EXIT_OK;
}
