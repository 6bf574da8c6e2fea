/* tg_loadgen — drives a running telegraphd over real TLS connections.
 *
 * Modes (--mode):
 *   play       pairs of clients register, create/join matches and play them
 *              with a random legal-action bot that reads the legal actions
 *              from the view it maintains by applying patches. Reports
 *              acknowledged actions/s, act->ok and act->opponent-patch latency
 *              percentiles, patch size against full view size, errors.
 *              With --games N the window is whole games instead of
 *              --duration: it opens once every pair plays and closes once
 *              every pair has finished N games (issue 17: the CPU per action
 *              over whole games, whose late views are the largest, at 10,
 *              100 and 1,000 matches).
 *   idle       opens --clients connections, each hello + resume (tokens of a
 *              few registered users), holds them --settle-ms (past the
 *              server's tls_buffers_idle_ms), reports server RSS per
 *              connection.
 *   handshake  --concurrency loops of connect, full TLS handshake, close, for
 *              --duration seconds; reports handshakes/s and per server CPU-s.
 *   populate   up to 200 pairs of users create --matches matches between
 *              them, one after another per pair, and play --actions actions
 *              in each (for the restart figure).
 *
 * Output: one "name value" line per figure on stdout (tests/bench/run.sh
 * gathers them into the table), progress on stderr.
 * The server must run with a configuration made for benchmarking (cheap
 * scrypt, high per-user match limit): tests/bench/run.sh writes one.
 */
#include <getopt.h>
#include <math.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <uv.h>

#include "histogram.h"
#include "json_compact.h"
#include "json_patch.h"
#include "proc_stats.h"
#include "tls_client.h"

enum mode { MODE_PLAY, MODE_IDLE, MODE_HANDSHAKE, MODE_POPULATE };

static struct {
	enum mode mode;
	const char *host;
	int port;
	int server_pid;
	int clients;     /* idle */
	int matches;     /* play, populate */
	double rate;     /* play: target actions/s in all, 0 = as fast as possible */
	double duration; /* s of measurement */
	double warmup;   /* s before measuring */
	int concurrency; /* handshake, and connection set-up */
	int actions;     /* populate: actions per match */
	const char *game, *scenario;
	unsigned seed;
	bool verbose;   /* every message of the players to stderr */
	int spectators; /* create's "spectators": 1 makes the server keep observer views */
	const char *dump_largest; /* file for the largest patch seen and the view it made */
	bool check_views;         /* at each game's end, compare the kept view with a fresh one */
	json_t *time_control;     /* create's "time_control", or NULL */
	int games; /* play: measure whole games, this many per pair (0: --duration) */
	/* idle: ms held before the server's RSS is read; past the server's
	 * tls_buffers_idle_ms, or its busy connections' TLS buffers count */
	int settle_ms;
} opt = {MODE_PLAY,      "127.0.0.1",  7700, 0,     1000, 50,   0,     10,   2, 50,  4,
         "lincolns-war", "tournament", 1,    false, 1,    NULL, false, NULL, 0, 6000};

static uv_loop_t *loop;
static SSL_CTX *ctx;
static struct sockaddr_in server_addr;
static char run_tag[16]; /* makes user names unique per run */

static double now_s(void)
{
	return (double)uv_hrtime() / 1e9;
}

static unsigned rnd_state;
static unsigned rnd(unsigned n)
{
	rnd_state = rnd_state * 1103515245u + 12345u; /* the bot's choices need no quality */
	return n ? (rnd_state >> 8) % n : 0;
}

/* ---- figures --------------------------------------------------------- */
static struct {
	bool measuring;
	double t_start, t_end;
	unsigned long long acks, patches, errors, stale, rejected, games_done;
	/* the whole run, not only the window: every patch applied, and the
	 * final views compared with the server's (--check-views) */
	unsigned long long patches_applied, views_checked, view_mismatches;
	struct histogram lat_ok, lat_patch, patch_ratio_bp, patch_bytes, view_bytes;
	unsigned long long handshakes, connect_failures;
	int ready_conns;
} fig;

static const char *last_error_code = "";
static bool short_of_pairs; /* play: fewer pairs played than --matches (exit 1) */
static char first_refused[96] = "none";
static int pairs_refused; /* play: pairs refused before they played (struct pair) */

/* The largest patch measured, with the view it produced: for looking into a
 * patch that is larger than it should be (--dump-largest). */
static struct {
	size_t bytes;
	json_t *patch, *view;
} largest;

/* ---- players --------------------------------------------------------- */
struct pair;
struct player {
	struct tls_client *c;
	struct pair *pair;
	int side; /* 0: creator, 1: joiner */
	char name[48];
	json_int_t req_id;
	char req_op[64][16]; /* op of request id % 64, to know what an ok answers */
	json_t *view;
	json_int_t match; /* the match the view is of (the pair may have moved on) */
	long long seq;
	/* --check-views: the kept view of a finished match, until the server's
	 * own view of it (asked by open) comes to be compared */
	json_t *check_view;
	json_int_t check_match;
	json_int_t ended_match; /* the last match whose end was counted */
	const char *role;       /* from the view */
	bool in_flight, queued;
	long long act_seq; /* the seq the act in flight was sent at */
	double act_sent;
	int retries; /* rejected acts at this seq: the bot tries another action */
};

/* Acts of a pair still waiting for the opponent's patch, by the seq they
 * make: the actor may act again before the opponent's patch is read (both
 * sockets are served by one loop), so one slot would lose samples. */
#define PENDING_ACTS 16
struct pending_act {
	long long seq;
	double sent;
	int actor;
};

struct pair {
	struct player p[2];
	long long match;
	struct pending_act pending[PENDING_ACTS];
	int actions_done;
	int matches_left; /* populate: matches still to create */
	int matches_done;
	/* play: whether both players ever had a view of a match (the pair
	 * plays), or why the daemon refused it (register, create or join
	 * answered by an error, or a connection closed before it played). A
	 * refused pair plays no match: the run measures fewer matches than
	 * --matches says, so it is counted, printed and fails the run. */
	bool played;
	const char *refused;
	int games_measured; /* --games: games finished inside the window */
	bool broken;        /* a player's view was dropped (a patch did not apply) */
};

static struct pair *pairs;
static int npairs;
static struct player **ready_q; /* players waiting for a rate token */
static size_t ready_len, ready_cap;
static double tokens;
static double last_refill;

static void games_window_check(void);

/* A pair the daemon would not let play (see struct pair). The first few
 * reasons go to stderr; the count goes into the figures and the exit
 * status. */
static void pair_refused(struct pair *pr, const char *why)
{
	if (pr->played || pr->refused)
		return;
	static char whys[8][96];
	int k = pairs_refused++;
	if (k == 0)
		snprintf(first_refused, sizeof first_refused, "%s", why ? why : "?");
	snprintf(whys[k % 8], sizeof whys[0], "%s", why ? why : "?");
	pr->refused = whys[k % 8];
	if (k < 5)
		fprintf(stderr, "loadgen: pair %s/%s refused before it played: %s\n", pr->p[0].name,
		        pr->p[1].name, pr->refused);
	games_window_check();
}

static void send_req(struct player *pl, json_t *m)
{
	json_object_set_new(m, "id", json_integer(++pl->req_id));
	snprintf(pl->req_op[pl->req_id % 64], sizeof pl->req_op[0], "%s",
	         json_string_value(json_object_get(m, "op")));
	if (opt.verbose) {
		char *text = json_dumps(m, JSON_COMPACT);
		fprintf(stderr, "%s -> %.300s\n", pl->name, text ? text : "?");
		free(text);
	}
	if (!pl->c || tls_client_send(pl->c, m) != 0)
		fig.errors++;
	json_decref(m);
}

static bool my_turn(struct player *pl)
{
	if (!pl->view || !pl->role || pl->match != pl->pair->match)
		return false; /* no view, or that of the pair's previous match */
	json_t *aw = json_object_get(pl->view, "awaiting");
	size_t i;
	json_t *r;
	json_array_foreach(aw, i, r) if (json_is_string(r) &&
	                                 strcmp(json_string_value(r), pl->role) == 0) return true;
	return false;
}

/* The bot: a uniformly random legal action, with a random choice for each
 * parameter the entry leaves open (game.h's view format). */
static void act_now(struct player *pl)
{
	json_t *actions = json_object_get(pl->view, "actions");
	size_t n = json_array_size(actions);
	if (!n)
		return;
	json_t *entry = json_array_get(actions, rnd((unsigned)n));
	json_t *action = json_deep_copy(json_object_get(entry, "action"));
	json_t *params = json_object_get(entry, "params");
	size_t i;
	json_t *p;
	json_array_foreach(params, i, p)
	{
		json_t *choices = json_object_get(p, "choices");
		size_t k = json_array_size(choices);
		if (!k)
			continue;
		json_t *choice = json_array_get(choices, rnd((unsigned)k));
		json_object_set(action, json_string_value(json_object_get(p, "name")),
		                json_object_get(choice, "value"));
	}
	pl->in_flight = true;
	pl->act_seq = pl->seq;
	pl->act_sent = now_s();
	pl->pair->pending[(pl->seq + 1) % PENDING_ACTS] =
	    (struct pending_act){pl->seq + 1, pl->act_sent, pl->side};
	send_req(pl,
	         json_pack("{s:s,s:I,s:I,s:o}", "op", "act", "match", (json_int_t)pl->pair->match,
	                   "seq", (json_int_t)pl->seq, "action", action));
}

static void maybe_act(struct player *pl)
{
	if (pl->in_flight || pl->queued || !my_turn(pl))
		return;
	if (json_is_true(json_object_get(pl->view, "finished")))
		return;
	if (opt.mode == MODE_POPULATE && pl->pair->actions_done >= opt.actions)
		return; /* this match has its actions: the pair moves on */
	if (opt.rate <= 0 || opt.mode == MODE_POPULATE) {
		act_now(pl);
		return;
	}
	if (ready_len == ready_cap) {
		ready_cap = ready_cap ? ready_cap * 2 : 256;
		ready_q = realloc(ready_q, ready_cap * sizeof *ready_q);
	}
	pl->queued = true;
	ready_q[ready_len++] = pl;
}

static void rate_tick(uv_timer_t *t)
{
	(void)t;
	double now = now_s();
	tokens += (now - last_refill) * opt.rate;
	last_refill = now;
	if (tokens > opt.rate * 0.01 + 1)
		tokens = opt.rate * 0.01 + 1; /* at most 10 ms of burst */
	size_t i = 0;
	while (i < ready_len && tokens >= 1) {
		struct player *pl = ready_q[i++];
		pl->queued = false;
		if (!pl->in_flight && my_turn(pl)) {
			tokens -= 1;
			act_now(pl);
		}
	}
	memmove(ready_q, ready_q + i, (ready_len - i) * sizeof *ready_q);
	ready_len -= i;
}

static void start_match(struct pair *pr)
{
	struct player *a = &pr->p[0];
	/* Each player keeps his view of the last match until the new one's
	 * comes: the joiner may not have had the last patch yet. */
	a->in_flight = pr->p[1].in_flight = false;
	pr->actions_done = 0;
	memset(pr->pending, 0, sizeof pr->pending);
	json_t *req = json_pack("{s:s,s:s,s:s,s:s,s:s,s:b}", "op", "create", "game", opt.game,
	                        "scenario", opt.scenario, "side", "random", "visibility", "public",
	                        "spectators", opt.spectators != 0);
	if (req && opt.time_control)
		json_object_set(req, "time_control", opt.time_control);
	send_req(a, req);
}

/* After the kept view changed, by a view or a patch: the game's end (once
 * a match: the server sends a finished match's view again on open), or
 * the bot's turn. A game may end by either: the server sends a view
 * instead of a patch when that is shorter (the fixture game's small views
 * always), and before session 16 a game ended so was never counted, nor
 * the pair's next match made. */
static void view_changed(struct player *pl)
{
	struct pair *pr = pl->pair;
	if (!json_is_true(json_object_get(pl->view, "finished"))) {
		maybe_act(pl);
		return;
	}
	if (pl->ended_match == pl->match)
		return;
	pl->ended_match = pl->match;
	if (opt.check_views && !pl->check_view && pl->c) {
		pl->check_view = json_incref(pl->view);
		pl->check_match = pl->match;
		send_req(pl, json_pack("{s:s,s:I}", "op", "open", "match", pl->match));
	}
	if (pl->side == 0) {
		fig.games_done++;
		if (fig.measuring) {
			pr->games_measured++;
			games_window_check();
		}
		if (opt.mode == MODE_PLAY)
			start_match(pr);
	}
}

static json_int_t match_of(const json_t *m)
{
	return json_integer_value(json_object_get(m, "match"));
}

static void on_view(struct player *pl, json_t *m)
{
	json_int_t match = match_of(m);
	if (pl->check_view && match == pl->check_match) {
		/* --check-views: the server's view of the finished match */
		fig.views_checked++;
		if (!json_equal(pl->check_view, json_object_get(m, "view"))) {
			fig.view_mismatches++;
			fig.errors++;
			fprintf(stderr,
			        "loadgen: %s: the view made by the patches of match %lld is not "
			        "the server's\n",
			        pl->name, (long long)match);
		}
		json_decref(pl->check_view);
		pl->check_view = NULL;
		return;
	}
	/* A view of the pair's match, or of the one this player's view is of
	 * (the joiner's last view of a game may cross the next match's
	 * set-up); other pushes of earlier matches are not about these. */
	if (match != pl->pair->match && match != pl->match)
		return;
	json_decref(pl->view);
	pl->view = json_incref(json_object_get(m, "view"));
	pl->match = match;
	pl->seq = json_integer_value(json_object_get(m, "seq"));
	pl->role = json_string_value(json_object_get(pl->view, "role"));
	struct pair *pr = pl->pair;
	if (pr->p[0].view && pr->p[1].view && !pr->played) {
		pr->played = true;
		games_window_check();
	}
	view_changed(pl);
}

static void on_patch(struct player *pl, json_t *m, size_t bytes)
{
	if (!pl->view || match_of(m) != pl->match)
		return;
	/* Every patch is applied, in order (PROTOCOL.md, patch): one that
	 * does not follow the view's seq or does not apply is an error, and
	 * the view, no longer the server's, is dropped (the player stops). */
	json_int_t seq = json_integer_value(json_object_get(m, "seq"));
	char err[256];
	enum tg_json_patch_status st = TG_JSON_PATCH_OK;
	if (seq != pl->seq + 1)
		snprintf(err, sizeof err, "seq %lld after %lld", (long long)seq, pl->seq);
	else
		st = tg_json_patch_apply_in_place(&pl->view, json_object_get(m, "patch"), err,
		                                  sizeof err);
	if (seq != pl->seq + 1 || st != TG_JSON_PATCH_OK) {
		fprintf(stderr, "loadgen: %s: patch did not apply: %s\n", pl->name, err);
		fig.errors++;
		json_decref(pl->view);
		pl->view = NULL;
		pl->role = NULL;
		pl->pair->broken = true;
		games_window_check(); /* --games does not wait for it */
		return;
	}
	if (opt.dump_largest && fig.measuring && bytes > largest.bytes) {
		largest.bytes = bytes;
		json_decref(largest.patch);
		json_decref(largest.view);
		largest.patch = json_incref(m);
		largest.view = json_deep_copy(pl->view); /* the kept view changes in place */
	}
	fig.patches_applied++;
	pl->role = json_string_value(json_object_get(pl->view, "role"));
	pl->seq = json_integer_value(json_object_get(m, "seq"));
	pl->retries = 0;
	struct pair *pr = pl->pair;
	if (fig.measuring) {
		fig.patches++;
		struct pending_act *pa = &pr->pending[pl->seq % PENDING_ACTS];
		if (pa->seq == pl->seq && pa->actor != pl->side)
			hist_record(&fig.lat_patch, (uint64_t)((now_s() - pa->sent) * 1e6));
		/* Sizing the view costs a serialization of it: every fourth patch is
		 * sample enough, and keeps the load generator's CPU for the load.
		 * The view is measured as the server sends it (a "view" message's
		 * view member, compact, ASCII), by protocol/json_compact (the same
		 * bytes as jansson's dump, at a fraction of its cost: jansson's
		 * was 43 % of this program's CPU once patches applied in place). */
		if (fig.patches % 4 == 0) {
			static struct tg_text text; /* reused */
			text.n = 0;
			size_t vb = tg_json_compact_append(&text, pl->view) == 0 ? text.n : 0;
			if (vb == 0)
				vb = 1;
			hist_record(&fig.patch_bytes, bytes);
			hist_record(&fig.view_bytes, vb);
			hist_record(&fig.patch_ratio_bp,
			            (uint64_t)(10000.0 * (double)bytes / (double)vb));
		}
	}
	view_changed(pl);
}

static void on_ok(struct player *pl, json_t *m)
{
	struct pair *pr = pl->pair;
	json_int_t id = json_integer_value(json_object_get(m, "id"));
	const char *op = pl->req_op[id % 64];
	if (strcmp(op, "register") == 0) {
		if (pl->side == 0) /* the creator makes the first match; the joiner waits */
			start_match(pr);
	} else if (strcmp(op, "create") == 0) {
		pr->match = json_integer_value(json_object_get(m, "match"));
		/* Both are subscribed by create and join: the match starts with the
		 * join and each gets his view at seq 0 (PROTOCOL.md, join). */
		send_req(&pr->p[1],
		         json_pack("{s:s,s:I}", "op", "join", "match", (json_int_t)pr->match));
	} else if (strcmp(op, "act") == 0) {
		pl->in_flight = false;
		pr->actions_done++;
		if (fig.measuring) {
			fig.acks++;
			hist_record(&fig.lat_ok, (uint64_t)((now_s() - pl->act_sent) * 1e6));
		}
		if (opt.mode == MODE_POPULATE && pr->actions_done == opt.actions) {
			pr->matches_done++;
			if (--pr->matches_left > 0)
				start_match(pr);
		}
	}
}

static void player_message(struct tls_client *c, json_t *m, size_t bytes)
{
	struct player *pl = c->owner;
	const char *op = json_string_value(json_object_get(m, "op"));
	if (opt.verbose) {
		char *text = json_dumps(m, JSON_COMPACT);
		fprintf(stderr, "%s <- %.300s\n", pl->name, text ? text : "?");
		free(text);
	}
	if (!op)
		return;
	if (strcmp(op, "welcome") == 0) {
		send_req(pl, json_pack("{s:s,s:s,s:s}", "op", "register", "name", pl->name,
		                       "password", "benchmark-password"));
	} else if (strcmp(op, "ok") == 0) {
		on_ok(pl, m);
	} else if (strcmp(op, "view") == 0) {
		on_view(pl, m);
	} else if (strcmp(op, "patch") == 0) {
		on_patch(pl, m, bytes);
	} else if (strcmp(op, "error") == 0) {
		const char *code = json_string_value(json_object_get(m, "code"));
		pl->in_flight = false;
		if (code && strcmp(code, "stale_seq") == 0) {
			fig.stale++; /* both roles awaited at once: one of them lost the race */
			/* The patch that made the act stale may have come first
			 * (while the act was in flight, so the bot did not act on
			 * it): act on it now, or the pair waits for ever. If it has
			 * not come yet, its arrival makes the bot act. */
			if (pl->seq != pl->act_seq)
				maybe_act(pl);
		} else if (code &&
		           strcmp(pl->req_op[json_integer_value(json_object_get(m, "id")) % 64],
		                  "act") == 0 &&
		           pl->retries < 3) {
			/* The bot's pick was refused although the view offered it (a
			 * rules bug, counted): try another one so the match goes on. */
			fig.rejected++;
			pl->retries++;
			if (fig.rejected <= 5)
				fprintf(stderr, "loadgen: offered action refused: %s: %s\n", code,
				        json_string_value(json_object_get(m, "message")));
			maybe_act(pl);
		} else {
			const char *req_op =
			    pl->req_op[json_integer_value(json_object_get(m, "id")) % 64];
			if (strcmp(req_op, "hello") == 0 || strcmp(req_op, "register") == 0 ||
			    strcmp(req_op, "create") == 0 || strcmp(req_op, "join") == 0)
				pair_refused(pl->pair, code ? code : "?");
			fig.errors++;
			last_error_code = code ? code : "?";
			if (fig.errors <= 5)
				fprintf(stderr, "loadgen: error %s: %s\n", last_error_code,
				        json_string_value(json_object_get(m, "message")));
		}
	}
}

static void player_ready(struct tls_client *c)
{
	struct player *pl = c->owner;
	send_req(pl,
	         json_pack("{s:s,s:i,s:s}", "op", "hello", "protocol", 1, "client", "tg_loadgen"));
}

static void player_closed(struct tls_client *c, const char *why)
{
	struct player *pl = c->owner;
	pl->c = NULL;
	pair_refused(pl->pair, why);
	if (!fig.measuring || fig.t_end == 0)
		fprintf(stderr, "loadgen: %s connection closed: %s\n", pl->name, why);
}

static const struct tls_client_ops player_ops = {player_ready, player_message, player_closed};

/* ---- idle ------------------------------------------------------------ */
struct idle_conn {
	struct tls_client *c;
	const char *token;
	bool authed;
};
static char **idle_tokens;
static int idle_users, idle_tokens_have, idle_next, idle_open;
static struct idle_conn *idle;

static void idle_connect_more(void);

static void idle_message(struct tls_client *c, json_t *m, size_t bytes)
{
	(void)bytes;
	struct idle_conn *ic = c->owner;
	const char *op = json_string_value(json_object_get(m, "op"));
	if (!op)
		return;
	if (strcmp(op, "welcome") == 0) {
		if (ic->token)
			tls_client_send(c,
			                json_pack("{s:s,s:s}", "op", "resume", "token", ic->token));
	} else if (strcmp(op, "ok") == 0 && !ic->authed) {
		ic->authed = true;
		fig.ready_conns++;
		idle_open--;
		idle_connect_more();
	} else if (strcmp(op, "error") == 0) {
		fig.errors++;
		if (fig.errors <= 5)
			fprintf(stderr, "loadgen: idle error %s\n",
			        json_string_value(json_object_get(m, "code")));
	}
}

static void idle_ready(struct tls_client *c)
{
	tls_client_send(
	    c, json_pack("{s:s,s:i,s:s}", "op", "hello", "protocol", 1, "client", "tg_loadgen"));
}

static void idle_closed(struct tls_client *c, const char *why)
{
	struct idle_conn *ic = c->owner;
	if (!ic->authed) {
		fig.connect_failures++;
		idle_open--;
		if (fig.connect_failures <= 5)
			fprintf(stderr, "loadgen: idle connection failed: %s\n", why);
		idle_connect_more();
	}
	ic->c = NULL;
}

static const struct tls_client_ops idle_ops = {idle_ready, idle_message, idle_closed};

static void idle_connect_more(void)
{
	while (idle_open < opt.concurrency && idle_next < opt.clients) {
		struct idle_conn *ic = &idle[idle_next];
		ic->token = idle_tokens[idle_next % idle_users];
		idle_next++;
		ic->c = tls_client_connect(loop, ctx, &server_addr, &idle_ops, ic);
		if (!ic->c) {
			fig.connect_failures++;
			continue;
		}
		idle_open++;
	}
	if (idle_next >= opt.clients && idle_open == 0)
		uv_stop(loop);
}

/* The users whose tokens idle connections resume with: registered over
 * ordinary connections first (this is also a check that login works). */
static void token_message(struct tls_client *c, json_t *m, size_t bytes)
{
	(void)bytes;
	intptr_t i = (intptr_t)c->owner;
	const char *op = json_string_value(json_object_get(m, "op"));
	if (op && strcmp(op, "welcome") == 0) {
		char name[64];
		snprintf(name, sizeof name, "idle%s_%ld", run_tag, (long)i);
		tls_client_send(c, json_pack("{s:s,s:s,s:s}", "op", "register", "name", name,
		                             "password", "benchmark-password"));
	} else if (op && strcmp(op, "ok") == 0) {
		idle_tokens[i] = strdup(json_string_value(json_object_get(m, "token")));
		idle_tokens_have++;
		tls_client_close(c, "done");
		if (idle_tokens_have == idle_users)
			uv_stop(loop);
	} else if (op && strcmp(op, "error") == 0) {
		fprintf(stderr, "loadgen: cannot register an idle user: %s\n",
		        json_string_value(json_object_get(m, "message")));
		exit(1);
	}
}

static void token_closed(struct tls_client *c, const char *why)
{
	(void)c;
	(void)why;
}

static const struct tls_client_ops token_ops = {idle_ready, token_message, token_closed};

/* ---- handshake -------------------------------------------------------- */
static bool hs_running;
static void hs_start(void);

static void hs_ready(struct tls_client *c)
{
	if (hs_running)
		fig.handshakes++;
	tls_client_close(c, "done");
}
static void hs_message(struct tls_client *c, json_t *m, size_t b)
{
	(void)c;
	(void)m;
	(void)b;
}
static void hs_closed(struct tls_client *c, const char *why)
{
	if (!c->ready) {
		fig.connect_failures++;
		if (fig.connect_failures <= 5)
			fprintf(stderr, "loadgen: handshake failed: %s\n", why);
	}
	if (hs_running)
		hs_start(); /* keep the concurrency level */
}
static const struct tls_client_ops hs_ops = {hs_ready, hs_message, hs_closed};

static void hs_start(void)
{
	if (!tls_client_connect(loop, ctx, &server_addr, &hs_ops, NULL))
		fig.connect_failures++;
}

/* ---- timers ---------------------------------------------------------- */
static struct proc_stats before, after;
static double self_cpu_before, self_cpu_after; /* the load generator's own CPU-s */

static double self_cpu_s(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* The daemon's CPU per action split into its event loop's (the main
 * thread: I/O, TLS, SQLite, the act) and its other threads' (the views'
 * fan-out workers), and the ceiling they give: the loop is one thread, the
 * rest share the cores (issue 17, "all cores"; on a box where this load
 * generator takes part of the cores, the measured rate is not the
 * server's). */
static void print_loop_share(const struct proc_stats *b, const struct proc_stats *a,
                             unsigned long long acks)
{
	if (b->main_cpu_s < 0 || a->main_cpu_s < b->main_cpu_s || a->cpu_s < b->cpu_s)
		return;
	double total = (a->cpu_s - b->cpu_s) / (double)acks;
	double loop_s = (a->main_cpu_s - b->main_cpu_s) / (double)acks;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	printf("server_loop_cpu_ms_per_action %.3f\nserver_other_cpu_ms_per_action %.3f\n",
	       1000.0 * loop_s, 1000.0 * (total - loop_s));
	printf("server_cores %ld\nserver_ceiling_actions_per_s %.0f\n", cores,
	       proc_stats_ceiling(loop_s, total, (int)cores));
}

static void stop_cb(uv_timer_t *t)
{
	(void)t;
	fig.t_end = now_s();
	self_cpu_after = self_cpu_s();
	fig.measuring = false;
	hs_running = false;
	uv_stop(loop);
}

static void warm_cb(uv_timer_t *t)
{
	(void)t;
	if (opt.server_pid)
		proc_stats_read(opt.server_pid, &before);
	self_cpu_before = self_cpu_s();
	fig.measuring = true;
	fig.t_start = now_s();
}

/* --games: the window opens when every pair plays (or was refused) and
 * closes when every playing pair has finished opt.games games in it. A
 * game under way when the window opens is counted when it finishes: its
 * opening is outside the window, as the openings of the games still under
 * way when it closes are inside it, so the window holds about whole games. */
static void games_window_check(void)
{
	if (opt.mode != MODE_PLAY || opt.games <= 0 || !pairs)
		return;
	int ready = 0, done = 0, playing = 0;
	for (int i = 0; i < npairs; i++) {
		ready += pairs[i].played || pairs[i].refused;
		playing += pairs[i].played;
		done +=
		    pairs[i].played && (pairs[i].games_measured >= opt.games || pairs[i].broken);
	}
	if (!fig.measuring && fig.t_end == 0 && ready == npairs) {
		fprintf(stderr,
		        "loadgen: every pair plays: measuring until each has finished %d games\n",
		        opt.games);
		warm_cb(NULL);
	} else if (fig.measuring && done == playing) {
		stop_cb(NULL);
	}
}

static void populate_check(uv_timer_t *t)
{
	(void)t;
	int done = 0;
	for (int i = 0; i < npairs; i++)
		done += pairs[i].matches_done;
	static int last = -1;
	static double last_progress;
	if (done != last) {
		fprintf(stderr, "loadgen: populate %d/%d matches ready\n", done, opt.matches);
		last = done;
		last_progress = now_s();
	}
	if (done == opt.matches) {
		uv_stop(loop);
	} else if (now_s() - last_progress > 60) {
		/* A pair whose request was refused (a limit of the daemon's
		 * configuration) or whose connection closed makes no more
		 * matches: waiting for all of them would wait for ever. */
		fprintf(stderr,
		        "loadgen: populate stalled at %d/%d matches after %llu errors (last: %s)\n",
		        done, opt.matches, fig.errors, last_error_code);
		fig.errors++; /* the exit status says it */
		uv_stop(loop);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: tg_loadgen [options]\n"
	                "  --mode play|idle|handshake|populate   (play)\n"
	                "  --server HOST:PORT                    (127.0.0.1:7700)\n"
	                "  --pid PID          server process, for RSS and CPU figures from /proc\n"
	                "  --clients N        idle: connections (1000)\n"
	                "  --matches N        play/populate: concurrent matches (50)\n"
	                "  --rate R           play: target actions/s in all; 0 = unthrottled (0)\n"
	                "  --duration S       seconds measured (10); with --games, the cap\n"
	                "  --games N          play: measure whole games: from when every pair\n"
	                "                     plays until each has finished N games\n"
	                "  --warmup S         seconds before measuring (2)\n"
	                "  --concurrency N    handshake loops / connections set up at once (50)\n"
	                "  --settle-ms MS     idle: held this long before the RSS is read (6000;\n"
	                "                     past the server's tls_buffers_idle_ms, 5000)\n"
	                "  --actions N        populate: actions played in each match (4)\n"
	                "  --game ID --scenario ID                (lincolns-war tournament)\n"
	                "  --seed N           the bot's choices (1)\n"
	                "  --spectators 0|1   matches allow spectators (1)\n"
	                "  --time-control JSON  play/populate: create's time_control (none)\n"
	                "  --dump-largest FILE  play: write the largest patch and its view\n"
	                "  --check-views      play: at each game's end, compare the view the\n"
	                "                     patches made with the server's (open)\n"
	                "  --verbose          every player message to stderr\n");
}

static void parse_args(int argc, char **argv)
{
	static const struct option lo[] = {{"mode", 1, 0, 'm'},        {"server", 1, 0, 's'},
	                                   {"pid", 1, 0, 'p'},         {"clients", 1, 0, 'c'},
	                                   {"matches", 1, 0, 'M'},     {"rate", 1, 0, 'r'},
	                                   {"duration", 1, 0, 'd'},    {"warmup", 1, 0, 'w'},
	                                   {"concurrency", 1, 0, 'C'}, {"actions", 1, 0, 'a'},
	                                   {"game", 1, 0, 'g'},        {"scenario", 1, 0, 'S'},
	                                   {"seed", 1, 0, 'x'},        {"verbose", 0, 0, 'v'},
	                                   {"spectators", 1, 0, 'o'},  {"dump-largest", 1, 0, 'L'},
	                                   {"help", 0, 0, 'h'},        {"time-control", 1, 0, 'T'},
	                                   {"games", 1, 0, 'G'},       {"settle-ms", 1, 0, 'I'},
	                                   {"check-views", 0, 0, 'K'}, {0, 0, 0, 0}};
	int ch;
	while ((ch = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (ch) {
		case 'm':
			opt.mode = strcmp(optarg, "idle") == 0        ? MODE_IDLE
			           : strcmp(optarg, "handshake") == 0 ? MODE_HANDSHAKE
			           : strcmp(optarg, "populate") == 0  ? MODE_POPULATE
			                                              : MODE_PLAY;
			break;
		case 's': {
			static char host[256];
			const char *colon = strrchr(optarg, ':');
			if (!colon || (size_t)(colon - optarg) >= sizeof host) {
				usage();
				exit(2);
			}
			memcpy(host, optarg, (size_t)(colon - optarg));
			host[colon - optarg] = 0;
			opt.host = host;
			opt.port = atoi(colon + 1);
			break;
		}
		case 'p':
			opt.server_pid = atoi(optarg);
			break;
		case 'T':
			json_decref(opt.time_control);
			opt.time_control = json_loads(optarg, 0, NULL);
			if (!json_is_object(opt.time_control)) {
				fprintf(stderr, "loadgen: --time-control takes a JSON object\n");
				exit(2);
			}
			break;
		case 'c':
			opt.clients = atoi(optarg);
			break;
		case 'M':
			opt.matches = atoi(optarg);
			break;
		case 'r':
			opt.rate = atof(optarg);
			break;
		case 'd':
			opt.duration = atof(optarg);
			break;
		case 'w':
			opt.warmup = atof(optarg);
			break;
		case 'C':
			opt.concurrency = atoi(optarg);
			break;
		case 'a':
			opt.actions = atoi(optarg);
			break;
		case 'g':
			opt.game = optarg;
			break;
		case 'S':
			opt.scenario = optarg;
			break;
		case 'x':
			opt.seed = (unsigned)atoi(optarg);
			break;
		case 'v':
			opt.verbose = true;
			break;
		case 'o':
			opt.spectators = atoi(optarg);
			break;
		case 'L':
			opt.dump_largest = optarg;
			break;
		case 'K':
			opt.check_views = true;
			break;
		case 'G':
			opt.games = atoi(optarg);
			break;
		case 'I':
			opt.settle_ms = atoi(optarg);
			break;
		default:
			usage();
			exit(ch == 'h' ? 0 : 2);
		}
	}
}

static void report_latency(const char *name, const struct histogram *h)
{
	printf("%s_p50_us %llu\n%s_p90_us %llu\n%s_p99_us %llu\n%s_max_us %llu\n%s_count %llu\n",
	       name, (unsigned long long)hist_percentile(h, 50), name,
	       (unsigned long long)hist_percentile(h, 90), name,
	       (unsigned long long)hist_percentile(h, 99), name, (unsigned long long)h->max, name,
	       (unsigned long long)h->total);
}

static void run_pairs(void)
{
	/* populate makes many matches with few users, each pair in sequence */
	npairs = opt.mode == MODE_POPULATE && opt.matches > 200 ? 200 : opt.matches;
	pairs = calloc((size_t)npairs, sizeof *pairs);
	for (int i = 0; i < npairs; i++) {
		pairs[i].matches_left = opt.matches / npairs + (i < opt.matches % npairs);
		for (int s = 0; s < 2; s++) {
			struct player *pl = &pairs[i].p[s];
			pl->pair = &pairs[i];
			pl->side = s;
			snprintf(pl->name, sizeof pl->name, "b%s_%d_%c", run_tag, i, s ? 'b' : 'a');
			pl->c = tls_client_connect(loop, ctx, &server_addr, &player_ops, pl);
		}
	}
}

int main(int argc, char **argv)
{
	parse_args(argc, argv);
	rnd_state = opt.seed;
	unsigned char tag[4];
	RAND_bytes(tag, sizeof tag);
	snprintf(run_tag, sizeof run_tag, "%02x%02x%02x%02x", tag[0], tag[1], tag[2], tag[3]);
	loop = uv_default_loop();
	ctx = tls_client_ctx(opt.mode != MODE_HANDSHAKE);
	if (uv_ip4_addr(opt.host, opt.port, &server_addr) != 0) {
		fprintf(stderr, "tg_loadgen: bad address %s\n", opt.host);
		return 2;
	}
	uv_timer_t warm, stop, tick;
	uv_timer_init(loop, &warm);
	uv_timer_init(loop, &stop);
	uv_timer_init(loop, &tick);

	switch (opt.mode) {
	case MODE_PLAY:
		run_pairs();
		if (opt.rate > 0) {
			last_refill = now_s();
			uv_timer_start(&tick, rate_tick, 1, 1);
		}
		if (opt.games <= 0) {
			uv_timer_start(&warm, warm_cb, (uint64_t)(opt.warmup * 1000), 0);
			uv_timer_start(&stop, stop_cb,
			               (uint64_t)((opt.warmup + opt.duration) * 1000), 0);
		} else {
			/* the window is whole games; --duration caps the run */
			uv_timer_start(&stop, stop_cb, (uint64_t)(opt.duration * 1000), 0);
		}
		uv_run(loop, UV_RUN_DEFAULT);
		if (opt.server_pid)
			proc_stats_read(opt.server_pid, &after);
		double secs = fig.t_end - fig.t_start;
		printf("play_seconds %.2f\nplay_matches %d\nplay_target_rate %.0f\n", secs,
		       opt.matches, opt.rate);
		printf("acked_actions_per_s %.0f\n", secs > 0 ? (double)fig.acks / secs : 0);
		printf("games_finished %llu\nerrors %llu\nstale_seq %llu\nrejected_offered %llu\n",
		       fig.games_done, fig.errors, fig.stale, fig.rejected);
		printf("patches_applied %llu\n", fig.patches_applied);
		if (opt.check_views)
			printf("views_checked %llu\nview_mismatches %llu\n", fig.views_checked,
			       fig.view_mismatches);
		if (opt.games > 0) {
			/* pairs short of their games when --duration ended the run */
			int short_of_games = 0;
			for (int i = 0; i < npairs; i++)
				short_of_games +=
				    pairs[i].played && pairs[i].games_measured < opt.games;
			printf(
			    "games_each %d\nplay_actions_measured %llu\npairs_short_of_games %d\n",
			    opt.games, fig.acks, short_of_games);
			if (short_of_games > 0 || !fig.t_start)
				fprintf(
				    stderr,
				    "loadgen: --duration %.0f s ended the run with %d pairs short "
				    "of %d games\n",
				    opt.duration, short_of_games, opt.games);
		}
		{
			/* Every pair must have played: a refused or never started
			 * pair makes the figures those of fewer matches. */
			int played = 0;
			for (int i = 0; i < npairs; i++)
				played += pairs[i].played;
			printf("play_pairs_played %d\nplay_pairs_refused %d\n", played,
			       pairs_refused);
			if (played < opt.matches) {
				fprintf(
				    stderr,
				    "loadgen: only %d of %d matches played (%d pairs refused, "
				    "first: %s; "
				    "%d never started): the figures are not those of %d matches\n",
				    played, opt.matches, pairs_refused, first_refused,
				    opt.matches - played - pairs_refused, opt.matches);
				short_of_pairs = true;
			}
		}
		if (opt.server_pid && fig.acks > 0 && after.cpu_s >= before.cpu_s)
			printf("server_cpu_ms_per_action %.3f\n",
			       1000.0 * (after.cpu_s - before.cpu_s) / (double)fig.acks);
		if (opt.server_pid && fig.acks > 0)
			print_loop_share(&before, &after, fig.acks);
		if (fig.acks > 0)
			printf("loadgen_cpu_ms_per_action %.3f\n",
			       1000.0 * (self_cpu_after - self_cpu_before) / (double)fig.acks);
		if (opt.dump_largest && largest.patch) {
			json_t *d =
			    json_pack("{s:I,s:O,s:O}", "patch_bytes", (json_int_t)largest.bytes,
			              "message", largest.patch, "view_after", largest.view);
			if (!d || json_dump_file(d, opt.dump_largest, JSON_INDENT(1)) != 0)
				fprintf(stderr, "loadgen: cannot write %s\n", opt.dump_largest);
			json_decref(d);
		}
		report_latency("act_to_ok", &fig.lat_ok);
		report_latency("act_to_patch", &fig.lat_patch);
		printf("patch_bytes_p50 %llu\npatch_bytes_p99 %llu\nview_bytes_p50 %llu\n",
		       (unsigned long long)hist_percentile(&fig.patch_bytes, 50),
		       (unsigned long long)hist_percentile(&fig.patch_bytes, 99),
		       (unsigned long long)hist_percentile(&fig.view_bytes, 50));
		printf("patch_to_view_pct_p50 %.2f\npatch_to_view_pct_p99 %.2f\n",
		       (double)hist_percentile(&fig.patch_ratio_bp, 50) / 100.0,
		       (double)hist_percentile(&fig.patch_ratio_bp, 99) / 100.0);
		break;
	case MODE_IDLE: {
		idle_users = opt.clients < 50 ? opt.clients : 50;
		idle_tokens = calloc((size_t)idle_users, sizeof *idle_tokens);
		for (intptr_t i = 0; i < idle_users; i++)
			tls_client_connect(loop, ctx, &server_addr, &token_ops, (void *)i);
		uv_run(loop, UV_RUN_DEFAULT);
		if (opt.server_pid)
			proc_stats_read(opt.server_pid, &before);
		idle = calloc((size_t)opt.clients, sizeof *idle);
		double t0 = now_s();
		idle_connect_more();
		uv_run(loop, UV_RUN_DEFAULT);
		double t1 = now_s();
		/* Hold until the server's memory settles (the connections' TLS
		 * buffers freed after tls_buffers_idle_ms), then measure. */
		uv_timer_start(&stop, stop_cb, (uint64_t)opt.settle_ms, 0);
		uv_run(loop, UV_RUN_DEFAULT);
		if (opt.server_pid)
			proc_stats_read(opt.server_pid, &after);
		printf("idle_connections %d\nidle_connect_failures %llu\nidle_setup_seconds %.2f\n",
		       fig.ready_conns, fig.connect_failures, t1 - t0);
		if (opt.server_pid && fig.ready_conns > 0)
			printf("server_rss_per_conn_kib %.2f\n",
			       (double)(after.rss_kib - before.rss_kib) / (double)fig.ready_conns);
		break;
	}
	case MODE_HANDSHAKE:
		hs_running = true;
		self_cpu_before = self_cpu_s();
		for (int i = 0; i < opt.concurrency; i++)
			hs_start();
		fig.t_start = now_s();
		if (opt.server_pid)
			proc_stats_read(opt.server_pid, &before);
		uv_timer_start(&stop, stop_cb, (uint64_t)(opt.duration * 1000), 0);
		uv_run(loop, UV_RUN_DEFAULT);
		if (opt.server_pid)
			proc_stats_read(opt.server_pid, &after);
		printf("handshakes_per_s %.0f\nhandshake_failures %llu\n",
		       (double)fig.handshakes / (fig.t_end - fig.t_start), fig.connect_failures);
		if (fig.handshakes > 0)
			printf("loadgen_cpu_ms_per_handshake %.3f\n",
			       1000.0 * (self_cpu_after - self_cpu_before) /
			           (double)fig.handshakes);
		if (opt.server_pid && after.cpu_s > before.cpu_s)
			printf("handshakes_per_server_cpu_s %.0f\n",
			       (double)fig.handshakes / (after.cpu_s - before.cpu_s));
		break;
	case MODE_POPULATE:
		fig.measuring = false;
		run_pairs();
		uv_timer_start(&tick, populate_check, 500, 500);
		uv_run(loop, UV_RUN_DEFAULT);
		{
			int done = 0;
			for (int i = 0; i < npairs; i++)
				done += pairs[i].matches_done;
			printf("populated_matches %d\nerrors %llu\n", done, fig.errors);
		}
		break;
	}
	if (opt.server_pid && after.rss_kib > 0)
		printf("server_rss_kib_before %ld\nserver_rss_kib_after %ld\nserver_cpu_s %.2f\n",
		       before.rss_kib, after.rss_kib, after.cpu_s - before.cpu_s);
	fflush(stdout);
	/* Connections are left to the operating system: the process ends here. */
	return (fig.errors > 0 && opt.mode != MODE_PLAY) || short_of_pairs ? 1 : 0;
}
