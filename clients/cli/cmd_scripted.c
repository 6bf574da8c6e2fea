/* cmd_scripted.c — `telegraph --json`: requests from stdin, every server
 * message to stdout as received. Made for scripts and the integration tests.
 *
 * Replies are matched to requests by id to know when the replies due are all
 * in (see --help). The session token of a successful login/register is
 * stored, and forgotten on a successful logout, so that the next run resumes.
 *
 * With --follow, the end of input does not end the run while a match the
 * client follows (a successful open, watch, create or join) is still going:
 * its pushes are printed until it is finished or aborted, with a ping
 * whenever nothing was sent for $TELEGRAPH_PING_S (60) seconds, so that a
 * bot can write its requests and read the match to its end. */
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define MAX_OUTSTANDING 1024
#define MAX_INPUT_LINE (1024 * 1024)
#define MAX_FOLLOWED 64 /* the server follows at most TG_SESSION_SUBS_MAX */
#define PING_DEFAULT_S 60

struct pending {
	char *id; /* the id as compact JSON, so 7 and "7" differ */
	char op[16];
};

struct scripted {
	struct cli_ctx *x;
	struct cli_client c;
	struct pending due[MAX_OUTSTANDING];
	int ndue;
	char *in; /* stdin bytes not yet a whole line */
	size_t inlen, incap;
	int in_eof;
	int bad_input;
	long long followed[MAX_FOLLOWED]; /* --follow: matches still going */
	int nfollowed;
	long long last_sent; /* monotonic ms */
};

static void follow_add(struct scripted *s, long long match)
{
	for (int i = 0; i < s->nfollowed; i++)
		if (s->followed[i] == match)
			return;
	if (s->nfollowed < MAX_FOLLOWED)
		s->followed[s->nfollowed++] = match;
}

static void follow_drop(struct scripted *s, long long match)
{
	for (int i = 0; i < s->nfollowed; i++)
		if (s->followed[i] == match) {
			s->followed[i] = s->followed[--s->nfollowed];
			return;
		}
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static char *id_key(const json_t *id)
{
	return json_dumps(id, JSON_ENCODE_ANY | JSON_COMPACT);
}

static int is_reply_op(const char *op)
{
	return !strcmp(op, "ok") || !strcmp(op, "error") || !strcmp(op, "pong") ||
	       !strcmp(op, "welcome");
}

static void save_config(struct scripted *s)
{
	char err[512];
	if (cli_config_save(&s->x->cfg, err, sizeof err) < 0)
		cli_fail("%s", err);
}

/* Keeps the stored session in step with login/register/logout replies, and
 * the followed matches with open/watch/create/join. */
static void track_session(struct scripted *s, const char *op, const json_t *reply)
{
	if (strcmp(cli_op(reply), "ok"))
		return;
	json_t *match = json_object_get(reply, "match");
	if (json_is_integer(match) && (!strcmp(op, "open") || !strcmp(op, "watch") ||
	                               !strcmp(op, "create") || !strcmp(op, "join"))) {
		if (strcmp(op, "open") && strcmp(op, "watch") &&
		    !json_is_true(json_object_get(reply, "following")))
			return;
		follow_add(s, (long long)json_integer_value(match));
		return;
	}
	if (!strcmp(op, "login") || !strcmp(op, "register")) {
		const char *token = json_string_value(json_object_get(reply, "token"));
		const char *user =
		    json_string_value(json_object_get(json_object_get(reply, "user"), "name"));
		if (!token)
			return;
		snprintf(s->x->cfg.token, sizeof s->x->cfg.token, "%s", token);
		snprintf(s->x->cfg.user, sizeof s->x->cfg.user, "%s", user ? user : "");
		save_config(s);
	} else if (!strcmp(op, "logout")) {
		s->x->cfg.token[0] = '\0';
		save_config(s);
	}
}

/* Does this patch make the view finished? */
static bool patch_finishes(const json_t *patch)
{
	size_t i;
	json_t *p;
	json_array_foreach(patch, i, p)
	{
		const char *path = json_string_value(json_object_get(p, "path"));
		if (path && !strcmp(path, "/finished") && json_is_true(json_object_get(p, "value")))
			return true;
	}
	return false;
}

/* A push that ends a followed match: a match push with its end, or a view
 * or patch that says the match is finished. */
static void track_end(struct scripted *s, const json_t *m)
{
	const char *op = cli_op(m);
	long long match = (long long)json_integer_value(json_object_get(m, "match"));
	const char *status = json_string_value(json_object_get(m, "status"));
	if ((!strcmp(op, "match") && status &&
	     (!strcmp(status, "finished") || !strcmp(status, "aborted"))) ||
	    (!strcmp(op, "view") &&
	     json_is_true(json_object_get(json_object_get(m, "view"), "finished"))) ||
	    (!strcmp(op, "patch") && patch_finishes(json_object_get(m, "patch"))))
		follow_drop(s, match);
}

/* A message from the server (already echoed to stdout). */
static void on_message(struct scripted *s, const json_t *m)
{
	track_end(s, m);
	json_t *id = json_object_get(m, "id");
	if (!id || !is_reply_op(cli_op(m)))
		return;
	char *key = id_key(id);
	for (int i = 0; key && i < s->ndue; i++) {
		if (strcmp(s->due[i].id, key))
			continue;
		track_session(s, s->due[i].op, m);
		free(s->due[i].id);
		s->due[i] = s->due[--s->ndue];
		break;
	}
	free(key);
}

/* One line of input: a request to send. -1 on a lost connection. */
static int send_request(struct scripted *s, const char *line)
{
	while (*line == ' ' || *line == '\t' || *line == '\r')
		line++;
	if (!*line)
		return 0;
	json_error_t je;
	json_t *req = json_loads(line, 0, &je);
	if (!json_is_object(req)) {
		cli_fail("input line skipped: not a JSON object (%s)",
		         req ? "not an object" : je.text);
		s->bad_input = 1;
		json_decref(req);
		return 0;
	}
	const char *idp;
	if (cli_client_send(&s->c, req, &idp) < 0) {
		json_decref(req);
		return -1;
	}
	s->last_sent = now_ms();
	struct pending *p = &s->due[s->ndue++];
	p->id = id_key(json_object_get(req, "id"));
	snprintf(p->op, sizeof p->op, "%s", cli_op(req));
	json_decref(req);
	return 0;
}

/* Reads what stdin has; sends every whole line. -1 on a lost connection. */
static int read_input(struct scripted *s)
{
	if (s->incap - s->inlen < 4096) {
		size_t ncap = s->incap ? s->incap * 2 : 65536;
		char *nb = realloc(s->in, ncap);
		if (!nb)
			return -1;
		s->in = nb;
		s->incap = ncap;
	}
	ssize_t n = read(STDIN_FILENO, s->in + s->inlen, s->incap - s->inlen - 1);
	if (n < 0 && errno == EINTR)
		return 0;
	if (n <= 0) {
		s->in_eof = 1;
		if (s->inlen) { /* a last line without its newline */
			s->in[s->inlen] = '\0';
			s->inlen = 0;
			return send_request(s, s->in);
		}
		return 0;
	}
	s->inlen += (size_t)n;
	size_t start = 0;
	char *nl;
	while (s->ndue < MAX_OUTSTANDING &&
	       (nl = memchr(s->in + start, '\n', s->inlen - start)) != NULL) {
		*nl = '\0';
		if (send_request(s, s->in + start) < 0)
			return -1;
		start = (size_t)(nl - s->in) + 1;
	}
	memmove(s->in, s->in + start, s->inlen - start);
	s->inlen -= start;
	if (s->inlen > MAX_INPUT_LINE) {
		cli_fail("an input line is over %d bytes", MAX_INPUT_LINE);
		return -1;
	}
	return 0;
}

/* Sends the lines already buffered (held back while too many were due). */
static int drain_buffered_input(struct scripted *s)
{
	char *nl;
	while (s->inlen && s->ndue < MAX_OUTSTANDING &&
	       (nl = memchr(s->in, '\n', s->inlen)) != NULL) {
		size_t used = (size_t)(nl - s->in) + 1;
		*nl = '\0';
		if (send_request(s, s->in) < 0)
			return -1;
		memmove(s->in, s->in + used, s->inlen - used);
		s->inlen -= used;
	}
	return 0;
}

static int run(struct scripted *s)
{
	long long deadline = -1;
	const char *ping = getenv("TELEGRAPH_PING_S");
	long ping_s = ping ? strtol(ping, NULL, 10) : 0;
	long long ping_ms = (ping_s > 0 && ping_s <= 86400 ? ping_s : PING_DEFAULT_S) * 1000LL;
	for (;;) {
		/* Server lines already decrypted first: poll cannot see them. */
		while (tls_conn_has_pending(s->c.conn)) {
			json_t *m;
			int rc = cli_client_recv(&s->c, 0, &m, NULL);
			if (rc < 0)
				return -1;
			if (rc == 0)
				break;
			on_message(s, m);
			json_decref(m);
		}
		if (drain_buffered_input(s) < 0)
			return -1;
		bool following = s->x->follow && s->nfollowed > 0;
		if (s->in_eof && s->ndue == 0 && !following)
			return 0;
		if (s->in_eof && s->ndue > 0 && deadline < 0)
			deadline = now_ms() + (long long)s->x->timeout_s * 1000;
		int wait = -1;
		if (following && s->in_eof && s->ndue == 0) {
			/* only the pushes of followed matches are awaited: no deadline,
			 * a ping keeps the server's idle timeout away */
			deadline = -1;
			long long left = s->last_sent + ping_ms - now_ms();
			if (left <= 0) {
				if (send_request(s, "{\"op\":\"ping\"}") < 0)
					return -1;
				continue;
			}
			wait = (int)left;
		} else if (deadline >= 0) {
			long long left = deadline - now_ms();
			if (left <= 0) {
				cli_fail("%d repl%s still due after %d s", s->ndue,
				         s->ndue == 1 ? "y" : "ies", s->x->timeout_s);
				return 1;
			}
			wait = (int)left;
		}
		struct pollfd p[2] = {{.fd = tls_conn_fd(s->c.conn), .events = POLLIN},
		                      {.fd = STDIN_FILENO, .events = POLLIN}};
		int np = (!s->in_eof && s->ndue < MAX_OUTSTANDING) ? 2 : 1;
		int n = poll(p, (nfds_t)np, wait);
		if (n < 0 && errno != EINTR) {
			cli_fail("poll: %s", strerror(errno));
			return -1;
		}
		if (n <= 0)
			continue;
		if (p[0].revents) {
			json_t *m;
			int rc = cli_client_recv(&s->c, 0, &m, NULL);
			if (rc < 0)
				return -1;
			if (rc == 1) {
				on_message(s, m);
				json_decref(m);
			}
		}
		if (np == 2 && p[1].revents && read_input(s) < 0)
			return -1;
	}
}

int cmd_scripted(struct cli_ctx *x)
{
	struct scripted *s = calloc(1, sizeof *s);
	if (!s)
		return EXIT_LOCAL;
	s->x = x;
	s->c.echo = stdout;
	s->last_sent = now_ms();
	int rc = EXIT_OK;
	if (cli_client_connect(&s->c, x->server, &x->tls) < 0) {
		cli_fail("%s", s->c.err);
		rc = EXIT_CONN;
		goto out;
	}
	/* Remember a server/pin given on the command line for the next run. */
	if (strcmp(x->cfg.server, x->server) == 0)
		save_config(s);
	if (*x->cfg.token) {
		json_t *reply;
		json_t *req = json_pack("{s:s, s:s, s:s}", "op", "resume", "token", x->cfg.token,
		                        "id", "cli-resume");
		if (cli_client_request(&s->c, req, &reply, NULL, NULL) < 0) {
			cli_fail("%s", s->c.err);
			rc = EXIT_CONN;
			goto out;
		}
		json_decref(reply); /* printed already; a refused resume leaves us logged out */
	}
	int r = run(s);
	if (r < 0) {
		cli_fail("%s", *s->c.err ? s->c.err : "connection lost");
		rc = EXIT_CONN;
	} else if (r > 0)
		rc = EXIT_CONN;
	else if (s->bad_input)
		rc = EXIT_USAGE;
out:
	for (int i = 0; i < s->ndue; i++)
		free(s->due[i].id);
	cli_client_close(&s->c);
	free(s->in);
	free(s);
	return rc;
}
