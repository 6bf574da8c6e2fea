/* cmd_play.c — `telegraph play MATCH` and `telegraph watch MATCH`: keep the
 * view of one match current (a fresh view, then patches applied in order),
 * show it, and (play) send the player's choices. A lost connection is
 * re-established with `since` so that only the missed patches come. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "action_menu.h"
#include "cli.h"
#include "json_patch.h"
#include "param_many.h"
#include "view_render.h"

#define RECONNECT_TRIES 8
#define STDIN_LINE_MAX 65536
/* While it waits (a slow opponent, a spectator), the client pings this often
 * so that the server's idle timeout (idle_timeout_ms, 600 s by default) never
 * drops it; $TELEGRAPH_PING_S changes it for a server set shorter. */
#define PING_DEFAULT_S 60

struct follow {
	struct cli_ctx *x;
	struct cli_client c;
	long long match;
	int watching; /* spectator: no input but 'q' */
	json_t *view; /* the current view, or NULL before the first */
	long long seq;
	long long chat_since;
	int finished;
	int need_resync; /* a gap or a failed patch: ask again with since / fresh */
	/* stdin, read with read(2) so that poll(2) stays truthful */
	char in[STDIN_LINE_MAX];
	size_t inlen;
	int in_eof;
	long long ping_ms;   /* interval between pings while idle */
	long long last_sent; /* monotonic ms of the last request sent */
};

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* "beta" or "alpha and beta": whom the game waits for, in words (what each
 * seat plays, view_render_seat). */
static void awaited_text(const json_t *view, char *out, size_t len)
{
	size_t i, n = json_array_size(json_object_get(view, "awaiting")), at = 0;
	json_t *a;
	out[0] = '\0';
	json_array_foreach(json_object_get(view, "awaiting"), i, a)
	{
		const char *who = json_string_value(a);
		if (at < len)
			at += (size_t)snprintf(out + at, len - at, "%s%s",
			                       i == 0       ? ""
			                       : i + 1 == n ? " and "
			                                    : ", ",
			                       view_render_seat(who));
	}
	view_clean_text(out);
}

/* The line that asks for input: whose move it is, and what may be typed. */
static void prompt_line(struct follow *f)
{
	if (!f->watching && f->view && !f->finished) {
		if (json_array_size(json_object_get(f->view, "actions")))
			printf("Your move (number, b=board, h=help, q=quit): ");
		else {
			char who[256];
			awaited_text(f->view, who, sizeof who);
			printf(
			    "Not your move: waiting for %s (b=board, u=undo, c TEXT=chat, h=help, "
			    "q=quit) ",
			    *who ? who : "nobody");
		}
	}
	fflush(stdout);
}

static void show(struct follow *f)
{
	if (f->view)
		view_render(stdout, f->match, f->seq, f->view);
	prompt_line(f);
}

static void on_push(json_t *m, void *ud)
{
	struct follow *f = ud;
	const char *op = cli_op(m);
	long long match = (long long)json_integer_value(json_object_get(m, "match"));
	if (!strcmp(op, "error")) {
		char text[600];
		cli_error_text(m, text, sizeof text);
		printf("\nRefused: %s\n", text);
		prompt_line(f);
		return;
	}
	if (match != f->match)
		return;
	if (!strcmp(op, "view")) {
		json_t *nv = json_object_get(m, "view");
		long long seq = (long long)json_integer_value(json_object_get(m, "seq"));
		bool update = f->view && seq > f->seq; /* a fresh view instead of patches */
		if (update)
			view_render_update(stdout, f->match, seq, f->view, nv, NULL);
		json_decref(f->view);
		f->view = json_incref(nv);
		f->seq = seq;
		f->finished = json_is_true(json_object_get(f->view, "finished"));
		if (update)
			prompt_line(f);
		else
			show(f);
	} else if (!strcmp(op, "patch")) {
		long long seq = (long long)json_integer_value(json_object_get(m, "seq"));
		if (!f->view || seq <= f->seq)
			return; /* before our view, or already in it */
		if (seq != f->seq + 1) {
			f->need_resync = 1;
			return;
		}
		char err[300];
		json_t *nv =
		    tg_json_patch_apply(f->view, json_object_get(m, "patch"), err, sizeof err);
		if (!nv) {
			view_clean_text(err); /* it may quote the patch */
			printf("\n(a patch did not apply: %s; asking for a fresh view)\n", err);
			json_decref(f->view);
			f->view = NULL;
			f->need_resync = 1;
			return;
		}
		/* what changed, not the whole board again (b shows it) */
		view_render_update(stdout, f->match, seq, f->view, nv, json_object_get(m, "patch"));
		json_decref(f->view);
		f->view = nv;
		f->seq = seq;
		f->finished = json_is_true(json_object_get(f->view, "finished"));
		prompt_line(f);
	} else if (!strcmp(op, "chat")) {
		long long id = (long long)json_integer_value(json_object_get(m, "id"));
		if (id > f->chat_since)
			f->chat_since = id;
		/* the opponent's words, not escape sequences for our terminal */
		json_t *shown = view_clean(m);
		const char *from = json_string_value(json_object_get(shown, "from"));
		const char *text = json_string_value(json_object_get(shown, "text"));
		printf("\n[chat] %s: %s\n", from ? from : "?", text ? text : "");
		json_decref(shown);
		fflush(stdout);
	} else if (!strcmp(op, "match")) {
		/* what each seat plays may have changed (16.1.1's bid) */
		view_render_seats_of_match(m);
		json_t *shown = view_clean(m);
		const char *status = json_string_value(json_object_get(shown, "status"));
		const char *summary = json_string_value(json_object_get(shown, "summary"));
		printf("\n[match %lld] %s%s%s\n", f->match, status ? status : "?",
		       summary ? " — " : "", summary ? summary : "");
		json_decref(shown);
		fflush(stdout);
	}
}

/* Subscribes (open or watch), with since when we hold a view. */
static int subscribe(struct follow *f)
{
	json_t *req = json_pack("{s:s, s:I}", "op", f->watching ? "watch" : "open", "match",
	                        (json_int_t)f->match);
	if (f->view)
		json_object_set_new(req, "since", json_integer(f->seq));
	if (!f->watching)
		json_object_set_new(req, "since_chat", json_integer(f->chat_since));
	json_t *reply;
	if (cli_client_request(&f->c, req, &reply, on_push, f) < 0) {
		cli_fail("%s", f->c.err);
		return EXIT_CONN;
	}
	if (cli_is_error(reply)) {
		char text[600];
		cli_error_text(reply, text, sizeof text);
		cli_fail("%s", text);
		json_decref(reply);
		return EXIT_REFUSED;
	}
	view_render_seat_texts(json_object_get(reply, "seat_texts"));
	const char *status = json_string_value(json_object_get(reply, "status"));
	if (status && !strcmp(status, "open"))
		printf("Match %lld has not started yet: waiting for players...\n", f->match);
	json_decref(reply);
	f->need_resync = 0;
	return EXIT_OK;
}

/* (Re)connects and subscribes; retries with a growing pause when the
 * connection cannot be made. */
static int connect_follow(struct follow *f, int first)
{
	int pause_s = 1;
	for (int attempt = 0;; attempt++) {
		cli_client_close(&f->c);
		int rc = cli_open_session(f->x, &f->c, 1);
		if (rc == EXIT_OK) {
			rc = subscribe(f);
			if (rc == EXIT_OK) {
				if (!first)
					fprintf(stderr, "telegraph: reconnected to %s\n",
					        f->x->server);
				return EXIT_OK;
			}
		}
		if (rc != EXIT_CONN || first || attempt + 1 >= RECONNECT_TRIES)
			return rc;
		fprintf(stderr, "telegraph: reconnecting in %d s...\n", pause_s);
		sleep((unsigned)pause_s);
		if (pause_s < 16)
			pause_s *= 2;
	}
}

static int send_async(struct follow *f, json_t *req)
{
	int rc = cli_client_send(&f->c, req, NULL);
	json_decref(req);
	f->last_sent = mono_ms();
	return rc;
}

/* Reads what stdin has into f->in. */
static void fill_stdin(struct follow *f)
{
	if (f->inlen >= sizeof f->in - 1) {
		f->inlen = 0; /* an absurdly long line: dropped */
		printf("(input line too long: ignored)\n");
	}
	ssize_t n = read(STDIN_FILENO, f->in + f->inlen, sizeof f->in - 1 - f->inlen);
	if (n < 0 && errno == EINTR)
		return;
	if (n <= 0) {
		f->in_eof = 1;
		return;
	}
	f->inlen += (size_t)n;
}

/* Takes one whole line from f->in into out; 1 if there was one. */
static int take_line(struct follow *f, char *out, size_t outlen)
{
	char *nl = memchr(f->in, '\n', f->inlen);
	if (!nl) {
		if (!f->in_eof || !f->inlen)
			return 0;
		nl = f->in + f->inlen; /* last line without a newline */
	}
	size_t len = (size_t)(nl - f->in);
	size_t keep = len < outlen - 1 ? len : outlen - 1;
	memcpy(out, f->in, keep);
	out[keep] = '\0';
	size_t used = len < f->inlen ? len + 1 : len;
	memmove(f->in, f->in + used, f->inlen - used);
	f->inlen -= used;
	out[strcspn(out, "\r")] = '\0';
	return 1;
}

/* Blocks for one line of input (while choosing an action's parameters). */
static int read_line_blocking(struct follow *f, char *out, size_t outlen)
{
	while (!take_line(f, out, outlen)) {
		if (f->in_eof)
			return 0;
		fill_stdin(f);
	}
	return 1;
}

/* Completes an action from the view: asks for each parameter by number. */
static json_t *complete_action(struct follow *f, const json_t *raw)
{
	/* What is shown comes from a copy fit for the terminal (same arrays,
	 * same order); the name and the value sent come as the server gave them. */
	json_t *shown = view_clean(raw);
	json_t *action = json_deep_copy(json_object_get(raw, "action"));
	if (!json_is_object(action)) {
		json_decref(action);
		action = json_object();
	}
	json_t *raw_params = json_object_get(raw, "params");
	size_t i;
	json_t *p;
	json_array_foreach(json_object_get(shown, "params"), i, p)
	{
		json_t *rp = json_array_get(raw_params, i);
		const char *name = json_string_value(json_object_get(rp, "name"));
		const char *label = json_string_value(json_object_get(p, "label"));
		if (!label)
			label = json_string_value(json_object_get(p, "name"));
		json_t *choices = json_object_get(p, "choices");
		/* the choices open now: a param "by" another, those its value
		 * opens (PROTOCOL.md), numbered 1.. among themselves */
		size_t *open = malloc((json_array_size(choices) + 1) * sizeof *open);
		size_t n = open ? param_open_choices(raw_params, rp, action, open) : 0;
		if (!name || !n) {
			printf("(this action's parameter %zu offers no choice)\n", i + 1);
			free(open);
			json_decref(action);
			json_decref(shown);
			return NULL;
		}
		printf("%s:\n", label);
		for (size_t k = 0; k < n; k++) {
			const json_t *ch = json_array_get(choices, open[k]);
			/* a choice without a label by its value (PROTOCOL.md) */
			const char *cl = json_string_value(json_object_get(ch, "label"));
			const json_t *cv = json_object_get(ch, "value");
			if (cl || json_is_string(cv))
				printf("  %2zu) %s\n", k + 1, cl ? cl : json_string_value(cv));
			else if (json_is_integer(cv))
				printf("  %2zu) %" JSON_INTEGER_FORMAT "\n", k + 1,
				       json_integer_value(cv));
			else
				printf("  %2zu) ?\n", k + 1);
		}
		/* "many": any number of the choices, an array of their values */
		while (json_is_true(json_object_get(rp, "many"))) {
			char line[256];
			printf("Choose any of 1-%zu (numbers separated by spaces; a for all; Enter "
			       "for none; q to cancel): ",
			       n);
			fflush(stdout);
			if (!read_line_blocking(f, line, sizeof line) || !strcmp(line, "q")) {
				free(open);
				json_decref(action);
				json_decref(shown);
				return NULL;
			}
			json_t *v = param_many_pick(json_object_get(rp, "choices"), line);
			if (v) {
				json_object_set_new(action, name, v);
				break;
			}
		}
		if (json_is_true(json_object_get(rp, "many"))) {
			free(open);
			continue;
		}
		for (;;) {
			char line[256];
			printf("Choose 1-%zu (q to cancel): ", n);
			fflush(stdout);
			if (!read_line_blocking(f, line, sizeof line) || !strcmp(line, "q")) {
				free(open);
				json_decref(action);
				json_decref(shown);
				return NULL;
			}
			char *end;
			long pick = strtol(line, &end, 10);
			if (*line && !*end && pick >= 1 && (size_t)pick <= n) {
				json_t *rc =
				    json_array_get(json_object_get(rp, "choices"), open[pick - 1]);
				json_object_set(action, name, json_object_get(rc, "value"));
				break;
			}
		}
		free(open);
	}
	json_decref(shown);
	return action;
}

/* Opens a group of the action menu, level by level, until one entry is
 * chosen: its index in the view's actions, or -1 when the player cancels. */
static long choose_in_group(struct follow *f, const json_t *shown, const struct action_item *it)
{
	struct action_item held = {0}; /* the group chosen on the level before */
	long entry = -1;
	while (it->count > 1) {
		struct action_menu sub;
		if (action_menu_build(&sub, shown, it->idx, it->count) < 0)
			goto out;
		printf("%s:\n", it->label);
		action_menu_print(stdout, &sub);
		long pick = 0;
		for (;;) {
			char line[256];
			printf("Choose 1-%zu (q to cancel): ", sub.n);
			fflush(stdout);
			if (!read_line_blocking(f, line, sizeof line) || !strcmp(line, "q")) {
				action_menu_free(&sub);
				goto out;
			}
			char *end;
			pick = strtol(line, &end, 10);
			if (*line && !*end && pick >= 1 && (size_t)pick <= sub.n)
				break;
		}
		free(held.idx);
		free(held.label);
		held = sub.items[pick - 1];
		sub.items[pick - 1] = (struct action_item){0};
		action_menu_free(&sub);
		it = &held;
	}
	entry = (long)it->idx[0];
out:
	free(held.idx);
	free(held.label);
	return entry;
}

/* 'b [SECTION [TEXT]]' and 'l': look at the board and the log at leisure,
 * without waiting for the next update. Returns true when line was one. */
static bool on_look(struct follow *f, const char *line)
{
	if (!strcmp(line, "l")) {
		view_render_log(stdout, f->view, 0);
		return true;
	}
	if (line[0] != 'b' || (line[1] && line[1] != ' '))
		return false;
	char section[128] = "", filter[256] = "";
	sscanf(line + 1, " %127s %255[^\n]", section, filter);
	if (!view_render_board(stdout, f->view, *section ? section : NULL, *filter ? filter : NULL,
	                       true)) {
		if (*section)
			printf("No board section \"%s\".\n", section);
		view_render_sections(stdout, f->view);
	}
	return true;
}

static void help(void)
{
	printf("  NUMBER   play that action, or open that group of actions [N choices]\n"
	       "           (then choose in it, and each parameter, by number)\n"
	       "  b        the whole board; b SECTION: one part of it in full;\n"
	       "           b SECTION TEXT: only its lines that contain TEXT (b forces grant);\n"
	       "           a number matches whole numbers (b forces 0703: hex 703, not 1703)\n"
	       "  l        the whole log the view holds\n"
	       "  {...}    send this JSON object as the action\n"
	       "  u        take back your last action\n"
	       "  c TEXT   chat with your opponent\n"
	       "  r        resign (asks to confirm)\n"
	       "  q        quit (the match goes on; come back with `telegraph play`)\n");
}

/* One line typed by the player. Returns 1 to quit, -1 on a lost connection. */
static int on_input(struct follow *f, char *line)
{
	while (*line == ' ')
		line++;
	if (!strcmp(line, "q"))
		return 1;
	if (f->view && on_look(f, line)) {
		prompt_line(f);
		return 0;
	}
	if (f->watching) {
		if (*line)
			printf("(watching: b, l or q)\n");
		return 0;
	}
	if (!*line) {
		show(f);
		return 0;
	}
	json_t *req = NULL;
	if (!strcmp(line, "h") || !strcmp(line, "?")) {
		help();
	} else if (!strcmp(line, "u")) {
		req = json_pack("{s:s, s:I, s:I}", "op", "undo", "match", (json_int_t)f->match,
		                "seq", (json_int_t)f->seq);
	} else if (line[0] == 'c' && line[1] == ' ') {
		req = json_pack("{s:s, s:I, s:s}", "op", "chat", "match", (json_int_t)f->match,
		                "text", line + 2);
	} else if (!strcmp(line, "r")) {
		char yes[16];
		printf("Resign match %lld? Type yes to confirm: ", f->match);
		fflush(stdout);
		if (read_line_blocking(f, yes, sizeof yes) && !strcmp(yes, "yes"))
			req =
			    json_pack("{s:s, s:I}", "op", "resign", "match", (json_int_t)f->match);
	} else if (line[0] == '{') {
		json_error_t je;
		json_t *action = json_loads(line, 0, &je);
		if (!json_is_object(action)) {
			printf("Not a JSON object: %s\n", action ? "" : je.text);
			json_decref(action);
		} else
			req = json_pack("{s:s, s:I, s:I, s:o}", "op", "act", "match",
			                (json_int_t)f->match, "seq", (json_int_t)f->seq, "action",
			                action);
	} else {
		char *end;
		long pick = strtol(line, &end, 10);
		json_t *actions = json_object_get(f->view, "actions");
		json_t *shown = view_clean(actions); /* the labels the menu showed */
		struct action_menu menu;
		if (action_menu_build(&menu, shown, NULL, 0) < 0) {
			json_decref(shown);
			return -1;
		}
		size_t n = menu.n;
		if (!*end && pick >= 1 && n == 0) {
			char who[256];
			awaited_text(f->view, who, sizeof who);
			if (f->finished)
				printf("The match is over: there is nothing to play.\n");
			else
				printf("It is not your move: the game waits for %s.\n",
				       *who ? who : "nobody");
		} else if (*end || pick < 1 || (size_t)pick > n) {
			printf("No such choice: \"%s\" (1-%zu, or h for help)\n", line, n);
		} else {
			long entry = choose_in_group(f, shown, &menu.items[pick - 1]);
			json_t *action =
			    entry < 0 ? NULL
			              : complete_action(f, json_array_get(actions, (size_t)entry));
			if (action)
				req = json_pack("{s:s, s:I, s:I, s:o}", "op", "act", "match",
				                (json_int_t)f->match, "seq", (json_int_t)f->seq,
				                "action", action);
		}
		action_menu_free(&menu);
		json_decref(shown);
	}
	if (!req) {
		/* what was just printed (help, a refusal, a look at the board) stays
		 * on the screen: only the prompt again, not the whole view */
		prompt_line(f);
		return 0;
	}
	return send_async(f, req) < 0 ? -1 : 0;
}

/* Handles what the server has sent. -1 on a lost connection. */
static int pump_server(struct follow *f, int timeout_ms)
{
	do {
		json_t *m;
		int rc = cli_client_recv(&f->c, timeout_ms, &m, NULL);
		if (rc < 0)
			return -1;
		if (rc == 0)
			return 0;
		if (!strcmp(cli_op(m), "goodbye")) {
			json_decref(m);
			snprintf(f->c.err, sizeof f->c.err, "the server is shutting down");
			return -1;
		}
		if (strcmp(cli_op(m), "ok"))
			on_push(m, f);
		else if (json_object_get(m, "undone")) /* the patches that follow show it */
			printf("\nTook back your action (seq %lld).\n",
			       (long long)json_integer_value(json_object_get(m, "undone")));
		json_decref(m);
		timeout_ms = 0;
	} while (tls_conn_has_pending(f->c.conn));
	return 0;
}

static int follow_loop(struct follow *f)
{
	int rc = connect_follow(f, 1);
	if (rc != EXIT_OK)
		return rc;
	f->last_sent = mono_ms();
	for (;;) {
		if (f->finished)
			return EXIT_OK;
		char line[STDIN_LINE_MAX];
		while (take_line(f, line, sizeof line)) {
			int r = on_input(f, line);
			if (r > 0)
				return EXIT_OK;
			if (r < 0)
				f->need_resync = 2; /* lost: reconnect */
		}
		if (f->in_eof && !f->watching)
			return EXIT_OK;
		if (f->need_resync) {
			int lost = f->need_resync == 2;
			if (lost) {
				fprintf(stderr, "telegraph: %s\n", f->c.err);
				rc = connect_follow(f, 0);
			} else
				rc = subscribe(f);
			if (rc != EXIT_OK)
				return rc;
			f->last_sent = mono_ms();
			continue;
		}
		if (tls_conn_has_pending(f->c.conn)) {
			if (pump_server(f, 0) < 0)
				f->need_resync = 2;
			continue;
		}
		struct pollfd p[2] = {{.fd = tls_conn_fd(f->c.conn), .events = POLLIN},
		                      {.fd = STDIN_FILENO, .events = POLLIN}};
		long long wait = f->last_sent + f->ping_ms - mono_ms();
		if (wait <= 0) {
			if (send_async(f, json_pack("{s:s}", "op", "ping")) < 0)
				f->need_resync = 2;
			continue;
		}
		int n = poll(p, f->in_eof ? 1 : 2, (int)wait);
		if (n < 0 && errno != EINTR) {
			cli_fail("poll: %s", strerror(errno));
			return EXIT_LOCAL;
		}
		if (n <= 0)
			continue;
		if (p[0].revents && pump_server(f, 0) < 0)
			f->need_resync = 2;
		if (!f->in_eof && p[1].revents)
			fill_stdin(f);
	}
}

static int follow_match(struct cli_ctx *x, int watching)
{
	long long id = x->argc == 1 ? cli_parse_match(x->argv[0]) : -1;
	if (id < 0) {
		cli_fail("usage: telegraph %s MATCH", watching ? "watch" : "play");
		return EXIT_USAGE;
	}
	struct follow *f = calloc(1, sizeof *f);
	if (!f)
		return EXIT_LOCAL;
	f->x = x;
	f->match = id;
	f->watching = watching;
	const char *ping = getenv("TELEGRAPH_PING_S");
	long ping_s = ping ? strtol(ping, NULL, 10) : 0;
	f->ping_ms = (ping_s > 0 && ping_s <= 86400 ? ping_s : PING_DEFAULT_S) * 1000LL;
	int rc = follow_loop(f);
	cli_client_close(&f->c);
	json_decref(f->view);
	free(f);
	return rc;
}

int cmd_play(struct cli_ctx *x)
{
	return follow_match(x, 0);
}
int cmd_watch(struct cli_ctx *x)
{
	return follow_match(x, 1);
}
