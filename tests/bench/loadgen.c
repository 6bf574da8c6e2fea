/* tg_loadgen — drives a running telegraphd over real TLS connections.
 *
 * Modes (--mode):
 *   play       pairs of clients register, create/join matches and play them
 *              with a random legal-action bot that reads the legal actions
 *              from the view it maintains by applying patches. Reports
 *              acknowledged actions/s, act->ok and act->opponent-patch latency
 *              percentiles, patch size against full view size, errors.
 *              The window opens only once every pair plays (--warmup s
 *              later, for --duration s). With --games N it is whole games
 *              instead: it closes once every pair has finished N games
 *              (issue 17: the CPU per action over whole games, whose late
 *              views are the largest). With --spread L each pair first plays
 *              to a random seq below L and waits; the window opens when all
 *              wait, so the matches are spread over their games' phases, and
 *              --window-actions N closes it after N acks (the same figure at
 *              1,000 matches in minutes, not a game's length at each).
 *              Lean pairs (beyond --full-views N) keep only the view's
 *              members the bot reads and build none of the rest of each
 *              patch: the generator's CPU per action drops, so that at
 *              1,000 actions/s the round trips measure the daemon.
 *              Round trips are timed to the read that brought the reply.
 *              --rx-stamps also reads each reply's software receive
 *              timestamp (SO_TIMESTAMPNS) and prints the round trips from
 *              the act sent to the kernel's receipt of the reply (*_rx_*)
 *              beside the reply's wait in the socket for this process
 *              (rx_wait_*): the generator's own scheduling delay, which a
 *              client on another machine would not add to the daemon's.
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
 * gathers them into the table), progress on stderr. Every mode prints
 * connection_resets, the connections the daemon reset (a handshake deadline
 * passed during a slow set-up): the run goes on with the others.
 * The server must run with a configuration made for benchmarking (cheap
 * scrypt, high per-user match limit): tests/bench/run.sh writes one.
 */
#include <getopt.h>
#include <math.h>
#include <openssl/rand.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <uv.h>

#include "games/kit/param_by.h"
#include "histogram.h"
#include "json_compact.h"
#include "json_patch.h"
#include "loadgen_alloc.h"
#include "loadgen_scan.h"
#include "loadgen_size.h"
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
	/* play: every sized patch (--size-every's sample), one JSON line each:
	 * its ratio, bytes, view bytes, role, the action that made it, the
	 * operations; and the view it made when the ratio is --dump-views %
	 * or more (issue 17: which patches make the wire's p99) */
	const char *dump_sampled;
	double dump_views_from;
	bool check_views;     /* at each game's end, compare the kept view with a fresh one */
	json_t *time_control; /* create's "time_control", or NULL */
	int games;            /* play: measure whole games, this many per pair (0: --duration) */
	/* idle: ms held before the server's RSS is read; past the server's
	 * tls_buffers_idle_ms, or its busy connections' TLS buffers count */
	int settle_ms;
	/* play: the pairs that keep whole views (the first N; -1: all). The
	 * others are lean: they keep only the members the bot reads (lean_keep)
	 * and build no value of the patches' other operations (the generator's
	 * CPU per action, so that the box is not saturated at 1,000/s). */
	int full_views;
	/* play: before the window, each pair stops its first game at a random
	 * seq below this (the matches spread over a game's phases); the window
	 * opens when every pair has stopped (0: no spread) */
	int spread;
	unsigned long long window_actions; /* play: the window ends after this many acks */
	double setup_timeout;              /* play: s to wait for every pair to play */
	int size_every;                    /* play: size the view every Nth patch (0: never) */
} opt = {.mode = MODE_PLAY,
         .host = "127.0.0.1",
         .port = 7700,
         .clients = 1000,
         .matches = 50,
         .duration = 10,
         .warmup = 2,
         .concurrency = 50,
         .actions = 4,
         .game = "lincolns-war",
         .scenario = "tournament",
         .seed = 1,
         .spectators = 1,
         .dump_views_from = 20,
         .settle_ms = 6000,
         .full_views = -1,
         .setup_timeout = 600,
         .size_every = 4};

/* play, --rx-stamps: the kernel's receive timestamp on every read
 * (tls_client.h): each reply's wait in the socket for this process is
 * measured and taken out of the round trips, printed beside them (*_rx_*) */
static bool opt_rx_stamps;

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
#define RATIO_BP_CAP 100000 /* 1,000 %: a larger patch is counted here */
static struct {
	bool measuring;
	double t_start, t_end;
	unsigned long long acks, patches, errors, stale, rejected, games_done;
	/* the whole run, not only the window: every patch applied, and the
	 * final views compared with the server's (--check-views) */
	unsigned long long patches_applied, views_checked, view_mismatches;
	/* sized views whose counted size was not their written text's
	 * (checked when the view is dumped: --dump-sampled, --dump-views) */
	unsigned long long size_mismatches;
	struct histogram lat_ok, lat_patch, patch_bytes, view_bytes;
	/* the patch / view ratio in basis points, counted exactly (one counter
	 * a basis point): the goal is p99 <= 25 %, and the histogram's bucket
	 * there is 64 points wide, so it printed 25.59 for a p99 of 24.96-25.59
	 * (patch_breakdown.py had to recount from the dump) */
	struct {
		uint64_t n[RATIO_BP_CAP + 1], total;
	} patch_ratio_bp;
	/* --rx-stamps: each reply's wait in the socket before this process read
	 * it (rx_wait_*), and the round trips without it: act sent -> the
	 * kernel's receipt of the reply, what a client whose own scheduling
	 * cost nothing would see (us) */
	struct histogram rx_wait_ok, rx_wait_patch, lat_ok_rx, lat_patch_rx;
	/* waits outside [0, the round trip] (the realtime clock stepped, or
	 * the stamp is not the reply's): clamped, and counted */
	unsigned long long rx_wait_out_of_range;
	/* lean players: patches applied, and their operations kept / skipped */
	unsigned long long lean_patches, lean_ops_kept, lean_ops_skipped;
	/* lean players' actions kept as text: the operations applied to the
	 * text, and the times the list was built instead (actions_built) */
	unsigned long long actions_text_ops, actions_builds;
	/* the games' lengths (the seq at each game's end), the whole run */
	unsigned long long game_len_sum, game_len_count;
	double t_run_start, t_all_playing; /* the start; when every pair played (or was refused) */
	int window_pairs_playing;          /* pairs playing when the window opened */
	unsigned long long games_at_open;
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
struct action_slot {
	const char *b, *e; /* the entry's text in actions_text, when v is NULL */
	json_t *v;
};
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
	bool registered;   /* his register answered ok */
	long long act_seq; /* the seq the act in flight was sent at */
	double act_sent;
	int retries; /* rejected acts at this seq: the bot tries another action */
	bool lean;   /* keeps only lean_keep's members of the view (opt.full_views) */
	/* a whole-view player's view sizes (--size-every): each container's
	 * size kept, only what a patch changed measured again */
	struct view_size vs;
	/* a lean player's "actions" when a patch replaced it whole: its text,
	 * not built (the view has no such member meanwhile); built when an
	 * operation goes inside it or the view is compared, and only the
	 * bot's pick when it acts (actions_built) */
	char *actions_text;
	size_t actions_len;
	/* its entries, found once when it came (act_now counts them, the
	 * patches edit them): each a span of the text, or built (v) once an
	 * operation went inside it, replaced it or the bot read it */
	struct action_slot *slots;
	size_t nslots, slots_cap;
};

/* Acts of a pair still waiting for the opponent's patch, by the seq they
 * make: the actor may act again before the opponent's patch is read (both
 * sockets are served by one loop), so one slot would lose samples. */
#define PENDING_ACTS 16
struct pending_act {
	json_int_t match; /* the pair's match when it was sent */
	long long seq;
	double sent;
	int actor;
	char type[24]; /* the action's type (--dump-sampled) */
};

struct pair {
	struct player p[2];
	long long match;
	bool join_due; /* match created; the join waits for the joiner's register */
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
	/* --spread: the seq its first game stops at before the window (-1:
	 * none), and whether it has stopped there */
	long long pause_at;
	bool paused;
};

static struct pair *pairs;
static int npairs;
static struct player **ready_q; /* players waiting for a rate token */
static size_t ready_len, ready_cap;
static double tokens;
static double last_refill;

static void window_check(void);
static void stop_cb(uv_timer_t *t);

/* ---- lean views ------------------------------------------------------ */
/* The view's members the bot reads (game.h's view format): a lean player
 * keeps these and applies only the patch operations under them. */
static const char *const lean_keep[] = {"game",     "role",   "awaiting",
                                        "finished", "result", "actions"};

/* Whether a JSON Pointer (raw, as in the patch's text) is the root or
 * under a kept member. A member name with "~" or "/" is never kept. */
static bool lean_keeps(const char *ptr, size_t n)
{
	if (n == 0)
		return true; /* the root: a whole view, stripped after */
	if (ptr[0] != '/')
		return false;
	const char *seg = ptr + 1;
	const char *slash = memchr(seg, '/', n - 1);
	size_t len = slash ? (size_t)(slash - seg) : n - 1;
	for (size_t i = 0; i < sizeof lean_keep / sizeof *lean_keep; i++)
		if (strlen(lean_keep[i]) == len && memcmp(lean_keep[i], seg, len) == 0)
			return true;
	return false;
}

static bool lean_kept_name(const char *name)
{
	for (size_t i = 0; i < sizeof lean_keep / sizeof *lean_keep; i++)
		if (strcmp(lean_keep[i], name) == 0)
			return true;
	return false;
}

/* A new object with view's kept members (shared, not copied). */
static json_t *lean_copy(json_t *view)
{
	if (!json_is_object(view))
		return json_incref(view);
	json_t *o = json_object();
	for (size_t i = 0; i < sizeof lean_keep / sizeof *lean_keep; i++) {
		json_t *v = json_object_get(view, lean_keep[i]);
		if (v)
			json_object_set(o, lean_keep[i], v);
	}
	return o;
}

/* A small scanner over the server's JSON text, enough to find a patch's
 * operations and their paths without building their values. It trusts
 * the text to be JSON (the server writes it); what it cannot follow it
 * hands back to jansson (the caller parses the line as usual). */
static const char *js_ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r'))
		p++;
	return p;
}

/* p at '"': past the closing quote, with the raw contents in *s, *n and
 * whether they hold an escape in *esc; NULL if the string does not end. */
static const char *js_str(const char *p, const char *e, const char **s, size_t *n, bool *esc)
{
	if (p >= e || *p != '"')
		return NULL;
	const char *b = ++p;
	bool x = false;
	for (;;) {
		p = lg_string_stop(p, e); /* 16 bytes a compare (loadgen_scan.h) */
		if (p >= e)
			return NULL;
		if (*p == '"') {
			*s = b;
			*n = (size_t)(p - b);
			*esc = x;
			return p + 1;
		}
		x = true; /* a backslash: it and the byte it escapes */
		p += 2;
	}
}

/* Past the value at p (after white space), or NULL. */
static const char *js_skip(const char *p, const char *e)
{
	const char *s;
	size_t n;
	bool esc;
	p = js_ws(p, e);
	if (p >= e)
		return NULL;
	if (*p == '"')
		return js_str(p, e, &s, &n, &esc);
	if (*p == '{' || *p == '[')
		return lg_skip_container(p, e); /* 64 bytes at a time (loadgen_scan.h) */
	while (p < e && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n')
		p++;
	return p;
}

/* Calls f(key, value start, value end, ud) for each member of the object
 * at p (after white space); past its '}', or NULL. A key with an escape
 * is passed raw. */
typedef void (*js_member_fn)(const char *k, size_t kn, const char *v, const char *ve, void *ud);
static const char *js_members(const char *p, const char *e, js_member_fn f, void *ud)
{
	p = js_ws(p, e);
	if (p >= e || *p != '{')
		return NULL;
	p = js_ws(p + 1, e);
	if (p < e && *p == '}')
		return p + 1;
	for (;;) {
		const char *k;
		size_t kn;
		bool esc;
		p = js_str(js_ws(p, e), e, &k, &kn, &esc);
		if (!p)
			return NULL;
		p = js_ws(p, e);
		if (p >= e || *p != ':')
			return NULL;
		const char *v = js_ws(p + 1, e);
		p = js_skip(v, e);
		if (!p)
			return NULL;
		f(k, kn, v, p, ud);
		p = js_ws(p, e);
		if (p < e && *p == ',') {
			p++;
			continue;
		}
		return p < e && *p == '}' ? p + 1 : NULL;
	}
}

static bool js_key(const char *k, size_t kn, const char *want)
{
	return strlen(want) == kn && memcmp(k, want, kn) == 0;
}

/* Whether s holds printable ASCII alone: valid UTF-8 with no NUL, so
 * jansson's checks (json_stringn's, json_object_setn_new's) can be skipped;
 * anything else takes the checking calls. */
static bool js_plain(const char *s, size_t n)
{
	unsigned char bad = 0;
	for (size_t i = 0; i < n; i++)
		bad |= (unsigned char)((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e);
	return !bad;
}

/* The value at p (no white space before it) built as jansson's json_loadb
 * would build it, *end past it; NULL for anything this reader leaves to
 * jansson (an escape in a string, a number it might read otherwise, a
 * depth past 64, text that is not JSON). jansson's parser reads a byte at
 * a time through its stream and buffers every token: it was half the
 * generator's instructions once patches took their values, most of it
 * for the lean players' kept operations (the offers). */
static json_t *js_build(const char *p, const char *e, const char **end, int depth)
{
	if (p >= e || depth > 64)
		return NULL;
	const char *s;
	size_t n;
	bool esc;
	switch (*p) {
	case '"': {
		const char *q = js_str(p, e, &s, &n, &esc);
		if (!q || esc)
			return NULL;
		*end = q;
		/* NULL if not UTF-8: jansson's say */
		return js_plain(s, n) ? json_stringn_nocheck(s, n) : json_stringn(s, n);
	}
	case '{': {
		json_t *o = json_object();
		p = js_ws(p + 1, e);
		if (p < e && *p == '}') {
			*end = p + 1;
			return o;
		}
		for (;;) {
			const char *k;
			size_t kn;
			p = js_str(p, e, &k, &kn, &esc);
			if (!p || esc)
				break;
			p = js_ws(p, e);
			if (p >= e || *p != ':')
				break;
			json_t *v = js_build(js_ws(p + 1, e), e, &p, depth + 1);
			if (!v)
				break;
			int rc;
			if (js_plain(k, kn)) {
				rc = json_object_setn_new_nocheck(o, k, kn, v);
			} else if (memchr(k, '\0', kn)) {
				json_decref(v); /* a key jansson's parser refuses */
				rc = -1;
			} else {
				rc = json_object_setn_new(o, k, kn, v);
			}
			if (rc != 0)
				break;
			p = js_ws(p, e);
			if (p < e && *p == ',') {
				p = js_ws(p + 1, e);
				continue;
			}
			if (p < e && *p == '}') {
				*end = p + 1;
				return o;
			}
			break;
		}
		json_decref(o);
		return NULL;
	}
	case '[': {
		json_t *a = json_array();
		p = js_ws(p + 1, e);
		if (p < e && *p == ']') {
			*end = p + 1;
			return a;
		}
		for (;;) {
			json_t *v = js_build(p, e, &p, depth + 1);
			if (!v || json_array_append_new(a, v) != 0)
				break;
			p = js_ws(p, e);
			if (p < e && *p == ',') {
				p = js_ws(p + 1, e);
				continue;
			}
			if (p < e && *p == ']') {
				*end = p + 1;
				return a;
			}
			break;
		}
		json_decref(a);
		return NULL;
	}
	case 't':
		if (e - p >= 4 && memcmp(p, "true", 4) == 0) {
			*end = p + 4;
			return json_true();
		}
		return NULL;
	case 'f':
		if (e - p >= 5 && memcmp(p, "false", 5) == 0) {
			*end = p + 5;
			return json_false();
		}
		return NULL;
	case 'n':
		if (e - p >= 4 && memcmp(p, "null", 4) == 0) {
			*end = p + 4;
			return json_null();
		}
		return NULL;
	default: {
		/* an integer of at most 18 digits, no leading zero: anything
		 * else (a fraction, an exponent, a larger one) goes to jansson */
		const char *q = p + (*p == '-');
		const char *d = q;
		json_int_t v = 0;
		while (q < e && *q >= '0' && *q <= '9' && q - d < 19)
			v = v * 10 + (*q++ - '0');
		size_t nd = (size_t)(q - d);
		if (nd == 0 || nd > 18 || (nd > 1 && *d == '0'))
			return NULL;
		if (q < e && (*q == '.' || *q == 'e' || *q == 'E' || (*q >= '0' && *q <= '9')))
			return NULL;
		*end = q;
		return json_integer(*p == '-' ? -v : v);
	}
	}
}

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
	window_check();
}

/* The next request's id, with its op kept to know what an ok answers. */
static json_int_t next_req(struct player *pl, const char *op)
{
	json_int_t id = ++pl->req_id;
	size_t n = strlen(op);
	if (n >= sizeof pl->req_op[0])
		n = sizeof pl->req_op[0] - 1;
	memcpy(pl->req_op[id % 64], op, n);
	pl->req_op[id % 64][n] = '\0';
	return id;
}

static void send_req(struct player *pl, json_t *m)
{
	const char *op = json_string_value(json_object_get(m, "op"));
	json_object_set_new(m, "id", json_integer(next_req(pl, op ? op : "")));
	if (opt.verbose) {
		char *text = json_dumps(m, JSON_COMPACT);
		fprintf(stderr, "%s -> %.300s\n", pl->name, text ? text : "?");
		json_free_t jfree;
		json_get_alloc_funcs(NULL, &jfree);
		jfree(text); /* jansson's allocator's (loadgen_alloc.h) */
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

/* The value of the text [p, e) as json_loadb would build it (js_build,
 * or jansson for what js_build leaves), or NULL. */
static json_t *js_value(const char *p, const char *e)
{
	const char *be = NULL;
	json_t *v = js_build(p, e, &be, 0);
	if (v && js_ws(be, e) != e) {
		json_decref(v);
		v = NULL;
	}
	return v ? v : json_loadb(p, (size_t)(e - p), JSON_DECODE_ANY, NULL);
}

/* A lean player's actions kept as text put into the view as a value:
 * false if the text is not JSON (the view is then dropped by the caller). */
static void actions_text_drop(struct player *pl);
static bool actions_built(struct player *pl)
{
	if (!pl->actions_text)
		return true;
	fig.actions_builds++;
	json_t *v = json_array();
	bool ok = v != NULL;
	for (size_t i = 0; ok && i < pl->nslots; i++) {
		struct action_slot *sl = &pl->slots[i];
		json_t *x = sl->v ? json_incref(sl->v) : js_value(sl->b, sl->e);
		ok = x && json_array_append_new(v, x) == 0;
	}
	actions_text_drop(pl);
	if (!ok || !pl->view) {
		json_decref(v); /* the entries built before the one that was not JSON */
		return false;
	}
	return json_object_set_new(pl->view, "actions", v) == 0; /* takes v either way */
}

static void actions_text_drop(struct player *pl)
{
	for (size_t i = 0; i < pl->nslots; i++)
		json_decref(pl->slots[i].v);
	pl->nslots = 0;
	free(pl->actions_text);
	pl->actions_text = NULL;
}

/* Room for one more slot. */
static bool slots_grow(struct player *pl)
{
	if (pl->nslots < pl->slots_cap)
		return true;
	size_t c = pl->slots_cap ? pl->slots_cap * 2 : 64;
	struct action_slot *a = realloc(pl->slots, c * sizeof *a);
	if (!a)
		return false;
	pl->slots = a;
	pl->slots_cap = c;
	return true;
}

/* A patch's whole /actions kept as the text v[0, n) (a copy), its entries
 * found by one walk; false if it is not an array (nothing kept then). */
static bool actions_text_set(struct player *pl, const char *v, size_t n)
{
	actions_text_drop(pl);
	pl->actions_text = malloc(n ? n : 1);
	if (!pl->actions_text)
		return false;
	memcpy(pl->actions_text, v, n);
	pl->actions_len = n;
	const char *p = pl->actions_text, *e = p + n;
	p = js_ws(p, e);
	if (p >= e || *p != '[')
		goto bad;
	p = js_ws(p + 1, e);
	if (p < e && *p == ']')
		return js_ws(p + 1, e) == e;
	for (;;) {
		const char *q = js_skip(p, e);
		if (!q || !slots_grow(pl))
			goto bad;
		pl->slots[pl->nslots++] = (struct action_slot){p, q, NULL};
		p = js_ws(q, e);
		if (p < e && *p == ',') {
			p = js_ws(p + 1, e);
			continue;
		}
		if (p < e && *p == ']' && js_ws(p + 1, e) == e)
			return true;
		goto bad;
	}
bad:
	actions_text_drop(pl);
	return false;
}

/* ---- the lean players' actions kept as text, patched by entries --------
 * A patch that went inside a lean player's /actions kept as text built
 * the whole list into the view (actions_built: 6.4 % of the generator's
 * instructions in session 26), though the daemon's operations there name
 * one entry each: replace, remove or add /actions/K, or go inside it
 * (/actions/K/params/...). Now the list is kept as its entries (struct
 * action_slot), each text until an operation goes inside it (then that
 * entry alone is built, and patched by the same apply with the path made
 * relative to it) or replaces it (the operation's value); a remove or an
 * add moves the slots. Anything else (the root, the whole /actions, a
 * "from", another op) builds the list as before. */

/* Whether a patch operation is one actions_text_op applies: add, remove
 * or replace at /actions/K, /actions/- (add) or under /actions/K, without
 * a "from". */
static bool actions_text_op_ok(const json_t *op)
{
	const char *name = json_string_value(json_object_get(op, "op"));
	const char *path = json_string_value(json_object_get(op, "path"));
	if (!name || !path || json_object_get(op, "from") || strncmp(path, "/actions/", 9) != 0)
		return false;
	bool add = strcmp(name, "add") == 0;
	if (!add && strcmp(name, "remove") != 0 && strcmp(name, "replace") != 0)
		return false;
	const char *p = path + 9;
	if (p[0] == '-')
		return p[1] == '/' || (p[1] == '\0' && add);
	return p[0] >= '0' && p[0] <= '9';
}

/* The operations of ops under the kept /actions: 0 none, 1 every one of
 * them as actions_text_op applies (moved into *text, in their order, the
 * rest left in ops), -1 one that needs the list built (the root, the
 * whole member, a "from" into or out of it, another op). */
static int actions_text_split(json_t *ops, json_t **text)
{
	size_t i;
	json_t *op;
	int found = 0;
	json_array_foreach(ops, i, op)
	{
		const char *path = json_string_value(json_object_get(op, "path"));
		const char *from = json_string_value(json_object_get(op, "from"));
		if ((from && (!*from || strncmp(from, "/actions", 8) == 0)) || (path && !*path))
			return -1;
		if (!path || strncmp(path, "/actions", 8) != 0)
			continue;
		if (!actions_text_op_ok(op))
			return -1;
		found = 1;
	}
	if (!found)
		return 0;
	*text = json_array();
	for (i = 0; i < json_array_size(ops);) {
		op = json_array_get(ops, i);
		const char *path = json_string_value(json_object_get(op, "path"));
		if (path && strncmp(path, "/actions/", 9) == 0) {
			json_array_append(*text, op);
			json_array_remove(ops, i);
		} else {
			i++;
		}
	}
	return 1;
}

/* One operation (actions_text_op_ok) applied to the kept entries; false
 * with err set if it does not apply (where the apply would fail). */
static bool actions_text_op(struct player *pl, const json_t *op, char *err, size_t errlen)
{
	const char *name = json_string_value(json_object_get(op, "op"));
	const char *p = json_string_value(json_object_get(op, "path")) + 9;
	size_t n = pl->nslots, k = 0;
	if (*p == '-') {
		k = n;
		p++;
	} else {
		if (p[0] == '0' && p[1] >= '0' && p[1] <= '9') {
			snprintf(err, errlen, "bad_index: a leading zero in an /actions index");
			return false;
		}
		for (; *p >= '0' && *p <= '9'; p++) {
			if (k > n)
				break; /* out of range whatever follows */
			k = k * 10 + (size_t)(*p - '0');
		}
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p && *p != '/') {
			snprintf(err, errlen, "bad_pointer: not an index in an /actions path");
			return false;
		}
	}
	bool add = *name == 'a', remove = name[2] == 'm';
	/* with --dump-largest the message is kept: no value shared with it */
	json_t *value = json_object_get(op, "value");
	if (*p) { /* inside entry k: that entry alone built, and patched */
		if (k >= n) {
			snprintf(err, errlen, "no_target: /actions/%zu of %zu entries", k, n);
			return false;
		}
		struct action_slot *sl = &pl->slots[k];
		if (!sl->v && !(sl->v = js_value(sl->b, sl->e))) {
			snprintf(err, errlen, "the actions kept as text are not JSON");
			return false;
		}
		json_t *rel = json_object();
		json_object_set_new(rel, "op", json_string(name));
		json_object_set_new(rel, "path", json_string(p));
		if (value)
			json_object_set(rel, "value", value);
		json_t *one = json_array();
		json_array_append_new(one, rel);
		enum tg_json_patch_status st =
		    tg_json_patch_apply_in_place(&sl->v, one, err, errlen);
		json_decref(one);
		return st == TG_JSON_PATCH_OK;
	}
	if (add ? k > n : k >= n) {
		snprintf(err, errlen, "bad_index: %s /actions/%zu of %zu entries", name, k, n);
		return false;
	}
	if (remove) {
		json_decref(pl->slots[k].v);
		memmove(pl->slots + k, pl->slots + k + 1, (n - k - 1) * sizeof *pl->slots);
		pl->nslots--;
		return true;
	}
	if (!value) {
		snprintf(err, errlen, "malformed: no value to %s", name);
		return false;
	}
	value = opt.dump_largest ? json_deep_copy(value) : json_incref(value);
	if (add) {
		if (!slots_grow(pl)) {
			json_decref(value);
			snprintf(err, errlen, "out_of_memory");
			return false;
		}
		memmove(pl->slots + k + 1, pl->slots + k, (n - k) * sizeof *pl->slots);
		pl->nslots++;
	} else {
		json_decref(pl->slots[k].v);
	}
	pl->slots[k] = (struct action_slot){NULL, NULL, value};
	return true;
}

/* An action entry's members, found in its text (act_now). */
struct entry_scan {
	const char *action, *action_end, *params, *params_end;
};

static void scan_entry(const char *k, size_t kn, const char *v, const char *ve, void *ud)
{
	struct entry_scan *es = ud;
	if (js_key(k, kn, "action")) {
		es->action = v;
		es->action_end = ve;
	} else if (js_key(k, kn, "params")) {
		es->params = v;
		es->params_end = ve;
	}
}

/* Whether the text [p, e) is an empty array. */
static bool js_empty_array(const char *p, const char *e)
{
	p = js_ws(p, e);
	if (p >= e || *p != '[')
		return false;
	p = js_ws(p + 1, e);
	return p < e && *p == ']' && js_ws(p + 1, e) == e;
}

/* The bot: a uniformly random legal action, with a random choice for each
 * parameter the entry leaves open (game.h's view format; a param "by"
 * another among the choices the other's value opens). The act's line is
 * written as text, the same bytes json_pack's message and send_req's id
 * made ({"op":"act","match":M,"seq":S,"action":A,"id":N}): an entry
 * kept as text whose action has no open parameter is sent as its text,
 * nothing built (issue 17, session 26: the pack, the action's copy and
 * the pick's build were a quarter of the bot's instructions). */
static void act_now(struct player *pl)
{
	json_t *entry = NULL, *action = NULL, *params = NULL;
	const char *atext = NULL, *atext_end = NULL; /* the action sent as its text */
	if (pl->actions_text) {
		/* kept as entries: only the pick read (or built, and kept so) */
		size_t n = pl->nslots;
		if (!n)
			return;
		struct action_slot *sl = &pl->slots[rnd((unsigned)n)];
		struct entry_scan es = {0};
		if (sl->v) {
			entry = sl->v;
		} else if (!opt.dump_sampled && js_members(sl->b, sl->e, scan_entry, &es) &&
		           es.action && *es.action == '{' &&
		           (!es.params || js_empty_array(es.params, es.params_end))) {
			atext = es.action;
			atext_end = es.action_end;
		} else if (!(sl->v = js_value(sl->b, sl->e))) {
			fig.errors++;
			return;
		} else {
			entry = sl->v;
		}
	} else {
		json_t *actions = json_object_get(pl->view, "actions");
		size_t n = json_array_size(actions);
		if (!n)
			return;
		entry = json_array_get(actions, rnd((unsigned)n));
	}
	if (entry) {
		params = json_object_get(entry, "params");
		/* the entry's action itself when no parameter is set in it */
		action = json_array_size(params) ? json_deep_copy(json_object_get(entry, "action"))
		                                 : json_incref(json_object_get(entry, "action"));
	}
	size_t i;
	json_t *p;
	json_array_foreach(params, i, p)
	{
		json_t *choices = json_object_get(p, "choices");
		size_t k = json_array_size(choices);
		if (!k)
			continue;
		/* a param "by" another: one of the choices its value opens
		 * (games/kit/param_by.h) */
		long by = tg_param_by_index(params, p), b = -1;
		if (by >= 0) {
			const json_t *q = json_array_get(params, (size_t)by);
			b = tg_param_choice_index(
			    q,
			    json_object_get(action, json_string_value(json_object_get(q, "name"))));
		}
		unsigned open = 0;
		for (size_t c = 0; c < k; c++)
			open += b < 0 || tg_param_open(p, (size_t)b, c);
		unsigned x = open ? rnd(open) : 0;
		for (size_t c = 0; c < k; c++)
			if ((b < 0 || tg_param_open(p, (size_t)b, c)) && x-- == 0) {
				json_object_set(
				    action, json_string_value(json_object_get(p, "name")),
				    json_object_get(json_array_get(choices, c), "value"));
				break;
			}
	}
	pl->in_flight = true;
	pl->act_seq = pl->seq;
	pl->act_sent = now_s();
	struct pending_act *pa = &pl->pair->pending[(pl->seq + 1) % PENDING_ACTS];
	*pa = (struct pending_act){pl->pair->match, pl->seq + 1, pl->act_sent, pl->side, ""};
	if (opt.dump_sampled) {
		const char *type = json_string_value(json_object_get(action, "type"));
		snprintf(pa->type, sizeof pa->type, "%s", type ? type : "?");
	}
	static struct tg_text line; /* reused */
	static const char op[] = "{\"op\":\"act\",\"match\":", sq[] = ",\"seq\":",
	                  ac[] = ",\"action\":", id[] = ",\"id\":";
	line.n = 0;
	tg_text_put(&line, op, sizeof op - 1);
	tg_json_compact_int(&line, (json_int_t)pl->pair->match);
	tg_text_put(&line, sq, sizeof sq - 1);
	tg_json_compact_int(&line, (json_int_t)pl->seq);
	tg_text_put(&line, ac, sizeof ac - 1);
	bool ok = true;
	if (atext)
		tg_text_put(&line, atext, (size_t)(atext_end - atext));
	else
		ok = action && tg_json_compact_append(&line, action) == 0;
	tg_text_put(&line, id, sizeof id - 1);
	tg_json_compact_int(&line, next_req(pl, "act"));
	tg_text_put(&line, "}", 1);
	if (opt.verbose)
		fprintf(stderr, "%s -> %.*s\n", pl->name, (int)(line.n < 300 ? line.n : 300),
		        line.p ? line.p : "");
	if (!ok || !pl->c || tls_client_send_text(pl->c, &line) != 0)
		fig.errors++;
	json_decref(action);
}

static void maybe_act(struct player *pl)
{
	if (pl->in_flight || pl->queued || !my_turn(pl))
		return;
	if (json_is_true(json_object_get(pl->view, "finished")))
		return;
	if (opt.mode == MODE_POPULATE && pl->pair->actions_done >= opt.actions)
		return; /* this match has its actions: the pair moves on */
	struct pair *pr = pl->pair;
	if (pr->pause_at >= 0 && pl->seq >= pr->pause_at && !fig.measuring) {
		/* --spread: the pair waits here for the window */
		if (!pr->paused) {
			pr->paused = true;
			window_check();
		}
		return;
	}
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
		if (!actions_built(pl)) { /* then the views differ: the member is missing */
			fig.errors++;
			fprintf(stderr, "loadgen: %s: the actions kept as text are not JSON\n",
			        pl->name);
		}
		pl->check_view = json_incref(pl->view);
		pl->check_match = pl->match;
		send_req(pl, json_pack("{s:s,s:I}", "op", "open", "match", pl->match));
	}
	if (pl->side == 0) {
		fig.games_done++;
		fig.game_len_sum += (unsigned long long)pl->seq;
		fig.game_len_count++;
		if (fig.measuring) {
			pr->games_measured++;
			window_check();
		} else if (pr->pause_at >= 0) {
			pr->pause_at = 0; /* --spread: stops at the next game's start */
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
		/* a lean player's: the members it keeps */
		json_t *server = pl->lean ? lean_copy(json_object_get(m, "view"))
		                          : json_incref(json_object_get(m, "view"));
		bool same = json_equal(pl->check_view, server);
		json_decref(server);
		if (!same) {
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
	view_size_reset(&pl->vs);
	actions_text_drop(pl);
	pl->view = pl->lean ? lean_copy(json_object_get(m, "view"))
	                    : json_incref(json_object_get(m, "view"));
	pl->match = match;
	pl->seq = json_integer_value(json_object_get(m, "seq"));
	pl->role = json_string_value(json_object_get(pl->view, "role"));
	struct pair *pr = pl->pair;
	if (pr->p[0].view && pr->p[1].view && !pr->played) {
		pr->played = true;
		window_check();
	}
	view_changed(pl);
}

/* The arrival time of the message being handled (tls_client.h). */
static double arrived(const struct player *pl)
{
	return pl->c && pl->c->t_read > 0 ? pl->c->t_read : now_s();
}

/* A round trip of sent -> the reply being handled, in us, into lat; with
 * --rx-stamps also the reply's wait in the socket into wait and the round
 * trip without it into lat_rx (a read without a stamp adds to neither). */
static void record_round_trip(const struct player *pl, double sent, struct histogram *lat,
                              struct histogram *wait, struct histogram *lat_rx)
{
	double rt = arrived(pl) - sent;
	hist_record(lat, (uint64_t)(rt * 1e6));
	if (!opt_rx_stamps || !pl->c || pl->c->t_kernel_rx <= 0)
		return;
	double w = pl->c->t_read_real - pl->c->t_kernel_rx;
	if (w < 0 || w > rt) {
		fig.rx_wait_out_of_range++;
		w = w < 0 ? 0 : rt;
	}
	hist_record(wait, (uint64_t)(w * 1e6));
	hist_record(lat_rx, (uint64_t)((rt - w) * 1e6));
}

/* A lean player's operations of a patch: those under kept members, or
 * NULL if one moves or copies a value across the kept and the dropped
 * members (the server's diff makes none; a lean view could not follow). */
static json_t *lean_filter(const json_t *patch)
{
	json_t *ops = json_array();
	size_t i;
	json_t *op;
	json_array_foreach(patch, i, op)
	{
		const char *path = json_string_value(json_object_get(op, "path"));
		const char *from = json_string_value(json_object_get(op, "from"));
		bool keep = path && lean_keeps(path, strlen(path));
		if (from && lean_keeps(from, strlen(from)) != keep) {
			json_decref(ops);
			return NULL;
		}
		if (keep)
			json_array_append(ops, op);
		else
			fig.lean_ops_skipped++;
	}
	fig.lean_ops_kept += json_array_size(ops);
	return ops;
}

/* A lean patch's operation that replaces (or adds) the whole /actions
 * member: its value's text, kept as text by on_patch (lean_ops). */
struct lazy_actions {
	const char *v; /* NULL: none */
	size_t n;
	bool replace;
	const char *op, *op_end; /* the operation's text */
	size_t at;               /* its place among the kept operations */
};

/* --dump-sampled: one sized patch, a JSON line: its ratio (the figure's:
 * the message's bytes against the view's), the action that made it (the
 * pair's act at that seq; pa NULL when not known), whose act it was, the
 * operations, and the view they made (vtext) when the ratio is
 * --dump-views % or more. */
static FILE *dump_sampled;

static void dump_sample(const struct player *pl, const struct pending_act *pa, const json_t *patch,
                        size_t bytes, size_t vb, const struct tg_text *vtext)
{
	double pct = 100.0 * (double)bytes / (double)vb;
	const char *by = !pa ? "?" : pa->actor == pl->side ? "self" : "opponent";
	fprintf(dump_sampled,
	        "{\"ratio_pct\":%.3f,\"patch_bytes\":%zu,\"view_bytes\":%zu,\"match\":%lld,"
	        "\"seq\":%lld,\"role\":\"%s\",\"after\":\"%s\",\"by\":\"%s\",\"patch\":",
	        pct, bytes, vb, (long long)pl->match, pl->seq, pl->role ? pl->role : "?",
	        pa ? pa->type : "?", by);
	if (json_dumpf(patch, dump_sampled, JSON_COMPACT | JSON_ENSURE_ASCII) != 0)
		fputs("null", dump_sampled);
	if (pct >= opt.dump_views_from) {
		fputs(",\"view\":", dump_sampled);
		fwrite(vtext->p, 1, vtext->n, dump_sampled);
	}
	fputs("}\n", dump_sampled);
}

/* Applies one patch of the player's match (whole, or a lean player's
 * kept operations when `kept` says the caller filtered them); m is the
 * whole message when it was parsed (for --dump-largest), else NULL. */
static void on_patch(struct player *pl, json_int_t match, json_int_t seq, const json_t *patch,
                     bool kept, json_t *m, size_t bytes, const struct lazy_actions *lazy)
{
	if (!pl->view || match != pl->match)
		return;
	json_t *ops = pl->lean && !kept ? lean_filter(patch) : json_incref((json_t *)patch);
	/* actions kept as text: the operations that go into them applied to
	 * the text (text_ops), or, for one that actions_text_op does not
	 * apply (or one that replaces the view), the list built first */
	bool bad_text = false;
	json_t *text_ops = NULL;
	if (pl->actions_text && ops && actions_text_split(ops, &text_ops) < 0)
		bad_text = !actions_built(pl);
	/* Every patch is applied, in order (PROTOCOL.md, patch): one that
	 * does not follow the view's seq or does not apply is an error, and
	 * the view, no longer the server's, is dropped (the player stops). */
	char err[256];
	enum tg_json_patch_status st = TG_JSON_PATCH_OK;
	if (bad_text)
		snprintf(err, sizeof err, "the actions kept as text are not JSON");
	else if (seq != pl->seq + 1)
		snprintf(err, sizeof err, "seq %lld after %lld", (long long)seq, pl->seq);
	else if (!ops)
		snprintf(err, sizeof err, "a move or copy across the lean view's members");
	else /* with --dump-largest the message is kept: the view must not share
	      * it; else the view takes the values (--dump-sampled writes the
	      * patch before any later one can change them; the daemon's diff
	      * adds nothing that another operation of the same patch then
	      * changes). The sizes' cache sees each operation's path first. */
		st = view_size_apply(&pl->vs, &pl->view, ops, !opt.dump_largest, err, sizeof err);
	if (!bad_text && st == TG_JSON_PATCH_OK && ops && seq == pl->seq + 1 && text_ops) {
		/* in their order; the others went to other members */
		size_t i;
		json_t *op;
		json_array_foreach(text_ops, i, op) if (!actions_text_op(pl, op, err, sizeof err))
		{
			st = TG_JSON_PATCH_NO_TARGET;
			break;
		}
		fig.actions_text_ops += json_array_size(text_ops);
	}
	json_decref(text_ops);
	if (!bad_text && st == TG_JSON_PATCH_OK && ops && seq == pl->seq + 1 && lazy && lazy->v) {
		/* the patch's whole /actions, last (no other operation of the
		 * patch goes into it: lean_ops): a replace needs the member */
		if (lazy->replace && !pl->actions_text && !json_object_get(pl->view, "actions")) {
			st = TG_JSON_PATCH_NO_TARGET;
			snprintf(err, sizeof err, "no_target: no /actions to replace");
		} else {
			json_object_del(pl->view, "actions");
			if (!actions_text_set(pl, lazy->v, lazy->n)) {
				st = TG_JSON_PATCH_MALFORMED;
				snprintf(err, sizeof err, "the actions' text is not a JSON array");
			}
		}
	}
	bool failed = bad_text || seq != pl->seq + 1 || !ops || st != TG_JSON_PATCH_OK;
	json_decref(ops);
	if (failed) {
		fprintf(stderr, "loadgen: %s: patch did not apply: %s\n", pl->name, err);
		fig.errors++;
		json_decref(pl->view);
		view_size_reset(&pl->vs);
		actions_text_drop(pl);
		pl->view = NULL;
		pl->role = NULL;
		pl->pair->broken = true;
		window_check(); /* --games and --spread do not wait for it */
		return;
	}
	if (pl->lean) {
		fig.lean_patches++;
		/* a root operation may have brought a whole view: strip it */
		const char *k;
		json_t *v;
		json_object_foreach(pl->view, k, v)
		{
			if (!lean_kept_name(k)) {
				json_t *lean = lean_copy(pl->view);
				json_decref(pl->view);
				pl->view = lean;
				break;
			}
		}
	}
	if (opt.dump_largest && m && fig.measuring && bytes > largest.bytes) {
		largest.bytes = bytes;
		json_decref(largest.patch);
		json_decref(largest.view);
		largest.patch = json_incref(m);
		largest.view = json_deep_copy(pl->view); /* the kept view changes in place */
	}
	fig.patches_applied++;
	pl->role = json_string_value(json_object_get(pl->view, "role"));
	pl->seq = seq;
	pl->retries = 0;
	struct pair *pr = pl->pair;
	if (fig.measuring) {
		fig.patches++;
		/* the act that made this seq: the joiner may read the last
		 * patches of a match after the next one began (start_match), so
		 * an act is known by its match and seq */
		struct pending_act *pa = &pr->pending[pl->seq % PENDING_ACTS];
		if (pa->match != match || pa->seq != pl->seq)
			pa = NULL;
		if (pa && pa->actor != pl->side)
			record_round_trip(pl, pa->sent, &fig.lat_patch, &fig.rx_wait_patch,
			                  &fig.lat_patch_rx);
		/* Sizing the view costs a serialization of it: every fourth patch is
		 * sample enough, and keeps the load generator's CPU for the load.
		 * The view is measured as the server sends it (a "view" message's
		 * view member, compact, ASCII), by protocol/json_compact (the same
		 * bytes as jansson's dump, at a fraction of its cost: jansson's
		 * was 43 % of this program's CPU once patches applied in place),
		 * counted without writing it: only the containers the patches
		 * changed since the last sizing are measured again (loadgen_size.h;
		 * writing the whole view was 37 % of the generator's instructions).
		 * When the view is dumped too, it is written whole and a size
		 * that is not its length is an error.
		 * A lean player has no whole view to size. */
		static unsigned long long whole_patches;
		if (!pl->lean && opt.size_every > 0 &&
		    ++whole_patches % (unsigned long long)opt.size_every == 0) {
			static struct tg_text text; /* reused */
			size_t vb = 0;
			if (view_size_of(&pl->vs, pl->view, &vb) != 0)
				vb = 0;
			if (vb == 0)
				vb = 1;
			if (dump_sampled &&
			    100.0 * (double)bytes / (double)vb >= opt.dump_views_from) {
				text.n = 0;
				size_t written =
				    tg_json_compact_append(&text, pl->view) == 0 ? text.n : 0;
				if (written != vb && !(written == 0 && vb == 1)) {
					fig.errors++;
					fig.size_mismatches++;
					fprintf(stderr,
					        "loadgen: %s: the view's size %zu at seq %lld, its "
					        "text %zu bytes\n",
					        pl->name, vb, pl->seq, written);
				}
			}
			hist_record(&fig.patch_bytes, bytes);
			hist_record(&fig.view_bytes, vb);
			uint64_t bp = (uint64_t)(10000.0 * (double)bytes / (double)vb);
			fig.patch_ratio_bp.n[bp < RATIO_BP_CAP ? bp : RATIO_BP_CAP]++;
			fig.patch_ratio_bp.total++;
			if (dump_sampled)
				dump_sample(pl, pa, patch, bytes, vb, &text);
		}
	}
	view_changed(pl);
}

/* A patch line read by a lean player without building it: the top-level
 * members and each operation's path are found by the scanner, and only
 * the operations under kept members are parsed. The patch's operations
 * are walked where the line's "patch" member is, once (the walk that
 * skipped the whole patch to find the members after it was a second pass
 * over every byte). Anything unusual (an escape in a path, a "from", text
 * the scanner cannot follow) goes back to jansson and on_patch's own
 * filter. */
struct op_scan {
	const char *path, *op, *value, *value_end;
	size_t pn, opn;
	bool has_path, path_esc, has_from;
};

static void scan_op(const char *k, size_t kn, const char *v, const char *ve, void *ud)
{
	struct op_scan *os = ud;
	if (js_key(k, kn, "path")) {
		os->has_path = js_str(v, ve, &os->path, &os->pn, &os->path_esc) != NULL;
	} else if (js_key(k, kn, "from")) {
		os->has_from = true;
	} else if (js_key(k, kn, "op")) {
		os->op = v;
		os->opn = (size_t)(ve - v);
	} else if (js_key(k, kn, "value")) {
		os->value = v;
		os->value_end = ve;
	}
}

/* The operation's text [p, oe) built and appended to ops; false if not JSON. */
static bool lean_op_build(json_t *ops, const char *p, const char *oe)
{
	const char *be = NULL;
	json_t *op = js_build(p, oe, &be, 0);
	if (op && be != oe) {
		json_decref(op);
		op = NULL;
	}
	if (!op)
		op = json_loadb(p, (size_t)(oe - p), 0, NULL);
	if (!op)
		return false;
	json_array_append_new(ops, op);
	return true;
}

/* The patch's array at p: the kept operations built into ops; past the
 * array, or NULL for anything the scanner leaves to jansson. */
static const char *lean_ops(const char *p, const char *e, json_t *ops, unsigned long long *kept,
                            unsigned long long *skipped, struct lazy_actions *lazy)
{
	if (p >= e || *p != '[')
		return NULL;
	p = js_ws(p + 1, e);
	if (p < e && *p == ']')
		return p + 1;
	for (;;) {
		struct op_scan os = {0};
		const char *oe = js_members(p, e, scan_op, &os);
		if (!oe || !os.has_path || os.path_esc || os.has_from)
			return NULL;
		if (lean_keeps(os.path, os.pn)) {
			bool whole = os.pn == 8 && memcmp(os.path, "/actions", 8) == 0;
			bool into = os.pn == 0 || whole ||
			            (os.pn > 8 && memcmp(os.path, "/actions/", 9) == 0);
			bool set =
			    os.op && ((os.opn == 9 && memcmp(os.op, "\"replace\"", 9) == 0) ||
			              (os.opn == 5 && memcmp(os.op, "\"add\"", 5) == 0));
			if (lazy->v && into) {
				/* an operation on the actions after their whole
				 * replacement: that one built, in its place */
				json_t *one = json_array();
				bool ok = lean_op_build(one, lazy->op, lazy->op_end);
				if (ok)
					json_array_insert(ops, lazy->at, json_array_get(one, 0));
				json_decref(one);
				lazy->v = NULL;
				if (!ok)
					return NULL;
			}
			if (whole && set && os.value && *os.value == '[') {
				*lazy = (struct lazy_actions){
				    os.value,    (size_t)(os.value_end - os.value),
				    os.opn == 9, p,
				    oe,          json_array_size(ops)};
			} else if (!lean_op_build(ops, p, oe)) {
				return NULL;
			}
			(*kept)++;
		} else {
			(*skipped)++;
		}
		p = js_ws(oe, e);
		if (p < e && *p == ',') {
			p = js_ws(p + 1, e);
			continue;
		}
		return p < e && *p == ']' ? p + 1 : NULL;
	}
}

static int lean_line(struct tls_client *c, const char *line, size_t len)
{
	struct player *pl = c->owner;
	static const char pre[] = "{\"op\":\"patch\"";
	if (!pl->lean || opt.verbose || len < sizeof pre - 1 ||
	    memcmp(line, pre, sizeof pre - 1) != 0)
		return 0;
	const char *e = line + len;
	json_int_t match = -1, seq = -1;
	bool is_patch = false, has_patch = false;
	struct lazy_actions lazy = {0};
	json_t *ops = json_array();
	unsigned long long kept = 0, skipped = 0;
	const char *p = js_ws(line, e);
	if (p >= e || *p != '{')
		goto parse;
	p = js_ws(p + 1, e);
	for (;;) {
		const char *k;
		size_t kn;
		bool esc;
		p = js_str(p, e, &k, &kn, &esc);
		if (!p)
			goto parse;
		p = js_ws(p, e);
		if (p >= e || *p != ':')
			goto parse;
		const char *v = js_ws(p + 1, e);
		if (js_key(k, kn, "patch")) {
			if (has_patch)
				goto parse;
			has_patch = true;
			p = lean_ops(v, e, ops, &kept, &skipped, &lazy);
		} else {
			p = js_skip(v, e);
			if (p && js_key(k, kn, "op"))
				is_patch = p - v == 7 && memcmp(v, "\"patch\"", 7) == 0;
			else if (p && js_key(k, kn, "match"))
				match = strtoll(v, NULL, 10);
			else if (p && js_key(k, kn, "seq"))
				seq = strtoll(v, NULL, 10);
		}
		if (!p)
			goto parse;
		p = js_ws(p, e);
		if (p < e && *p == ',') {
			p = js_ws(p + 1, e);
			continue;
		}
		if (p < e && *p == '}')
			break;
		goto parse;
	}
	if (!is_patch || !has_patch || match < 0 || seq < 0 || js_ws(p + 1, e) != e)
		goto parse;
	fig.lean_ops_kept += kept;
	fig.lean_ops_skipped += skipped;
	on_patch(pl, match, seq, ops, true, NULL, len + 1, &lazy);
	json_decref(ops);
	return 1;
parse:
	json_decref(ops);
	return 0;
}

/* Both are subscribed by create and join: the match starts with the join
 * and each gets his view at seq 0 (PROTOCOL.md, join). */
static void send_join(struct pair *pr)
{
	pr->join_due = false;
	send_req(&pr->p[1], json_pack("{s:s,s:I}", "op", "join", "match", (json_int_t)pr->match));
}

static void on_ok(struct player *pl, json_t *m)
{
	struct pair *pr = pl->pair;
	json_int_t id = json_integer_value(json_object_get(m, "id"));
	const char *op = pl->req_op[id % 64];
	if (strcmp(op, "register") == 0) {
		pl->registered = true;
		if (pl->side == 0) /* the creator makes the first match; the joiner waits */
			start_match(pr);
		else if (pr->join_due)
			send_join(pr);
	} else if (strcmp(op, "create") == 0) {
		pr->match = json_integer_value(json_object_get(m, "match"));
		/* The joiner's connection may still be in its handshake, hello or
		 * register (a loaded box, a stopped generator): a join sent before
		 * his register's ok is refused (not_logged_in), so it waits for it. */
		if (pr->p[1].registered)
			send_join(pr);
		else
			pr->join_due = true;
	} else if (strcmp(op, "act") == 0) {
		pl->in_flight = false;
		pr->actions_done++;
		if (fig.measuring) {
			fig.acks++;
			record_round_trip(pl, pl->act_sent, &fig.lat_ok, &fig.rx_wait_ok,
			                  &fig.lat_ok_rx);
			if (opt.window_actions && fig.acks >= opt.window_actions)
				stop_cb(NULL);
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
		json_free_t jfree;
		json_get_alloc_funcs(NULL, &jfree);
		jfree(text);
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
		on_patch(pl, match_of(m), json_integer_value(json_object_get(m, "seq")),
		         json_object_get(m, "patch"), false, m, bytes, NULL);
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
	if (pl->pair->played && !pl->pair->broken && fig.t_end == 0) {
		/* A pair that played and lost a connection plays no more: the
		 * window must not wait for its games or its pause (--games,
		 * --spread); the other pairs go on. */
		pl->pair->broken = true;
		window_check();
	}
	if (!fig.measuring || fig.t_end == 0)
		fprintf(stderr, "loadgen: %s connection closed: %s\n", pl->name, why);
}

/* Every line a player reads: a lean player's patch by lean_line, any other
 * message built by js_build (jansson's json_loadb, tls_client's, was a
 * quarter of the generator's instructions once the lean players' patches
 * no longer used it: the whole-view players' patches, every ok and view);
 * what js_build leaves goes to tls_client's json_loadb as before. */
static int player_line(struct tls_client *c, const char *line, size_t len)
{
	if (lean_line(c, line, len))
		return 1;
	if (opt.verbose)
		return 0;
	const char *e = line + len, *be = NULL;
	json_t *m = js_build(js_ws(line, e), e, &be, 0);
	if (!m || !json_is_object(m) || js_ws(be, e) != e) {
		json_decref(m);
		return 0;
	}
	player_message(c, m, len + 1);
	json_decref(m);
	return 1;
}

static const struct tls_client_ops player_ops = {player_ready, player_message, player_closed,
                                                 player_line};

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

static const struct tls_client_ops idle_ops = {idle_ready, idle_message, idle_closed, NULL};

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

static const struct tls_client_ops token_ops = {idle_ready, token_message, token_closed, NULL};

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
static const struct tls_client_ops hs_ops = {hs_ready, hs_message, hs_closed, NULL};

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

/* The whole box's busy CPU in s (every process: /proc/stat's first line,
 * all but idle and iowait), or -1: beside the daemon's and this
 * program's, it shows whether anything else ran and whether the cores
 * were saturated. */
static double box_busy_s(void)
{
	FILE *f = fopen("/proc/stat", "r");
	if (!f)
		return -1;
	unsigned long long v[8] = {0};
	int n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
	               &v[4], &v[5], &v[6], &v[7]);
	fclose(f);
	if (n < 5)
		return -1;
	unsigned long long busy = 0;
	for (int i = 0; i < 8; i++)
		busy += i == 3 || i == 4 ? 0 : v[i];
	return (double)busy / (double)sysconf(_SC_CLK_TCK);
}
static double box_before, box_after;

/* Where in their games the matches are (the seq of each playing pair's
 * current game), at the window's open and close: p10, p50, p90. */
static long long progress[2][3];
static void progress_take(int at)
{
	long long *seqs = calloc((size_t)npairs + 1, sizeof *seqs);
	int n = 0;
	for (int i = 0; i < npairs; i++) {
		struct pair *pr = &pairs[i];
		if (!pr->played || pr->broken)
			continue;
		seqs[n++] = pr->p[0].match == pr->match ? pr->p[0].seq : 0;
	}
	for (int i = 1; i < n; i++) /* insertion sort: at most a few thousand */
		for (int j = i; j > 0 && seqs[j - 1] > seqs[j]; j--) {
			long long t = seqs[j];
			seqs[j] = seqs[j - 1];
			seqs[j - 1] = t;
		}
	static const int pct[3] = {10, 50, 90};
	for (int k = 0; k < 3; k++)
		progress[at][k] = n ? seqs[(n - 1) * pct[k] / 100] : 0;
	free(seqs);
}

static void stop_cb(uv_timer_t *t)
{
	(void)t;
	if (fig.t_end != 0)
		return;
	fig.t_end = now_s();
	self_cpu_after = self_cpu_s();
	box_after = box_busy_s();
	if (opt.server_pid && fig.measuring)
		proc_stats_read(opt.server_pid, &after);
	if (opt.mode == MODE_PLAY && pairs)
		progress_take(1);
	fig.measuring = false;
	hs_running = false;
	uv_stop(loop);
}

static void warm_cb(uv_timer_t *t)
{
	(void)t;
	if (fig.measuring || fig.t_end != 0)
		return;
	if (opt.server_pid)
		proc_stats_read(opt.server_pid, &before);
	self_cpu_before = self_cpu_s();
	box_before = box_busy_s();
	fig.measuring = true;
	fig.t_start = now_s();
	fig.games_at_open = fig.games_done;
	if (opt.mode == MODE_PLAY && pairs) {
		progress_take(0);
		for (int i = 0; i < npairs; i++)
			fig.window_pairs_playing += pairs[i].played && !pairs[i].broken;
	}
}

static uv_timer_t warm_timer, stop_timer, setup_timer;
static bool setup_forced; /* --setup-timeout passed before every pair played */

/* Opens the play window when the set-up is done, never before: every
 * pair plays (or was refused), or --setup-timeout passed. Then
 *   --games N:  at once; it closes when every playing pair has finished N
 *               games in it (a game under way at the open is counted when
 *               it finishes: its opening is outside the window, as the
 *               openings of the games under way at the close are inside it,
 *               so the window holds about whole games);
 *   --spread L: once every playing pair has stopped at its seq (below L);
 *               then every pair goes on at once;
 *   otherwise:  --warmup s later, for --duration s.
 * --window-actions closes any of them after that many acks. (Before
 * session 17 the plain window opened --warmup s after the start: on a
 * loaded box 400 matches were still setting up, so it measured set-up.) */
static void window_check(void)
{
	if (opt.mode != MODE_PLAY || !pairs || fig.t_end != 0)
		return;
	int ready = 0, done = 0, playing = 0, paused = 0;
	for (int i = 0; i < npairs; i++) {
		struct pair *pr = &pairs[i];
		ready += pr->played || pr->refused;
		playing += pr->played;
		done += pr->played && (pr->games_measured >= opt.games || pr->broken);
		paused += pr->played && (pr->paused || pr->broken);
	}
	if (fig.measuring) {
		if (opt.games > 0 && done == playing)
			stop_cb(NULL);
		return;
	}
	if (ready < npairs && !setup_forced)
		return;
	if (fig.t_all_playing == 0) {
		fig.t_all_playing = now_s();
		fprintf(stderr, "loadgen: %d of %d pairs play after %.1f s of set-up\n", playing,
		        npairs, fig.t_all_playing - fig.t_run_start);
		uv_timer_stop(&setup_timer);
		if (opt.games <= 0 && opt.spread <= 0) {
			uv_timer_start(&warm_timer, warm_cb, (uint64_t)(opt.warmup * 1000), 0);
			uv_timer_start(&stop_timer, stop_cb,
			               (uint64_t)((opt.warmup + opt.duration) * 1000), 0);
		}
	}
	if (opt.games > 0) {
		fprintf(stderr, "loadgen: measuring until each pair has finished %d games\n",
		        opt.games);
		warm_cb(NULL);
	} else if (opt.spread > 0 && paused == playing) {
		fprintf(stderr, "loadgen: every pair at its seq after %.1f s: measuring\n",
		        now_s() - fig.t_run_start);
		warm_cb(NULL);
		for (int i = 0; i < npairs; i++) {
			struct pair *pr = &pairs[i];
			pr->pause_at = -1;
			pr->paused = false;
			maybe_act(&pr->p[0]);
			maybe_act(&pr->p[1]);
		}
	}
}

static void setup_timeout_cb(uv_timer_t *t)
{
	(void)t;
	int ready = 0;
	for (int i = 0; i < npairs; i++)
		ready += pairs[i].played || pairs[i].refused;
	fprintf(stderr,
	        "loadgen: only %d of %d pairs set up after --setup-timeout %.0f s: "
	        "measuring those that play\n",
	        ready, npairs, opt.setup_timeout);
	setup_forced = true;
	window_check();
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
	                "  --duration S       seconds measured (10); with --games or --spread,\n"
	                "                     the cap of the whole run\n"
	                "  --games N          play: measure whole games: from when every pair\n"
	                "                     plays until each has finished N games\n"
	                "  --spread L         play: each pair first plays its game to a random\n"
	                "                     seq below L and waits; the window opens when all\n"
	                "                     wait (the matches spread over a game's phases)\n"
	                "  --window-actions N play: the window closes after N acks\n"
	                "  --warmup S         seconds measured after every pair plays (2)\n"
	                "  --setup-timeout S  play: give up waiting for every pair after S (600)\n"
	                "  --full-views N     play: only the first N pairs keep whole views; the\n"
	                "                     rest keep the members the bot reads (-1: all)\n"
	                "  --size-every N     play: size the view every Nth patch (4; 0: never)\n"
	                "  --rx-stamps        play: each reply's wait in the socket (the kernel's\n"
	                "                     receive timestamp), and the round trips without it\n"
	                "  --concurrency N    handshake loops / connections set up at once (50)\n"
	                "  --settle-ms MS     idle: held this long before the RSS is read (6000;\n"
	                "                     past the server's tls_buffers_idle_ms, 5000)\n"
	                "  --actions N        populate: actions played in each match (4)\n"
	                "  --game ID --scenario ID                (lincolns-war tournament)\n"
	                "  --seed N           the bot's choices (1)\n"
	                "  --spectators 0|1   matches allow spectators (1)\n"
	                "  --time-control JSON  play/populate: create's time_control (none)\n"
	                "  --dump-largest FILE  play: write the largest patch and its view\n"
	                "  --dump-sampled FILE  play: every sized patch (--size-every's sample),\n"
	                "                     a JSON line each: its ratio, bytes, view bytes,\n"
	                "                     role, the action that made it, the operations\n"
	                "  --dump-views PCT   with --dump-sampled: the view they made too when\n"
	                "                     the ratio is PCT %% or more (20)\n"
	                "  --check-views      play: at each game's end, compare the view the\n"
	                "                     patches made with the server's (open)\n"
	                "  --verbose          every player message to stderr\n");
}

static void parse_args(int argc, char **argv)
{
	static const struct option lo[] = {
	    {"mode", 1, 0, 'm'},          {"server", 1, 0, 's'},     {"pid", 1, 0, 'p'},
	    {"clients", 1, 0, 'c'},       {"matches", 1, 0, 'M'},    {"rate", 1, 0, 'r'},
	    {"duration", 1, 0, 'd'},      {"warmup", 1, 0, 'w'},     {"concurrency", 1, 0, 'C'},
	    {"actions", 1, 0, 'a'},       {"game", 1, 0, 'g'},       {"scenario", 1, 0, 'S'},
	    {"seed", 1, 0, 'x'},          {"verbose", 0, 0, 'v'},    {"spectators", 1, 0, 'o'},
	    {"dump-largest", 1, 0, 'L'},  {"help", 0, 0, 'h'},       {"time-control", 1, 0, 'T'},
	    {"games", 1, 0, 'G'},         {"settle-ms", 1, 0, 'I'},  {"check-views", 0, 0, 'K'},
	    {"full-views", 1, 0, 'F'},    {"spread", 1, 0, 'P'},     {"window-actions", 1, 0, 'W'},
	    {"setup-timeout", 1, 0, 'U'}, {"size-every", 1, 0, 'Z'}, {"rx-stamps", 0, 0, 'R'},
	    {"dump-sampled", 1, 0, 'D'},  {"dump-views", 1, 0, 'V'}, {0, 0, 0, 0}};
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
		case 'D':
			opt.dump_sampled = optarg;
			break;
		case 'V':
			opt.dump_views_from = atof(optarg);
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
		case 'F':
			opt.full_views = atoi(optarg);
			break;
		case 'P':
			opt.spread = atoi(optarg);
			break;
		case 'W':
			opt.window_actions = strtoull(optarg, NULL, 10);
			break;
		case 'U':
			opt.setup_timeout = atof(optarg);
			break;
		case 'Z':
			opt.size_every = atoi(optarg);
			break;
		case 'R':
			opt_rx_stamps = true;
			break;
		default:
			usage();
			exit(ch == 'h' ? 0 : 2);
		}
	}
}

/* The patch / view ratio at percentile p, in basis points: the value at
 * the rank histogram.c's hist_percentile takes, counted exactly. */
static uint64_t ratio_percentile_bp(double p)
{
	uint64_t total = fig.patch_ratio_bp.total;
	if (!total)
		return 0;
	uint64_t want = (uint64_t)((p / 100.0) * (double)total + 0.5), seen = 0;
	if (want < 1)
		want = 1;
	for (uint64_t bp = 0; bp <= RATIO_BP_CAP; bp++) {
		seen += fig.patch_ratio_bp.n[bp];
		if (seen >= want)
			return bp;
	}
	return RATIO_BP_CAP;
}

static void report_latency(const char *name, const struct histogram *h)
{
	printf("%s_p50_us %llu\n%s_p90_us %llu\n%s_p99_us %llu\n%s_max_us %llu\n%s_count %llu\n",
	       name, (unsigned long long)hist_percentile(h, 50), name,
	       (unsigned long long)hist_percentile(h, 90), name,
	       (unsigned long long)hist_percentile(h, 99), name, (unsigned long long)h->max, name,
	       (unsigned long long)h->total);
	/* the mean: means add up where percentiles do not (round_trip_account.py) */
	printf("%s_mean_us %.1f\n", name, h->total ? (double)h->sum / (double)h->total : 0.0);
}

static void run_pairs(void)
{
	/* populate makes many matches with few users, each pair in sequence */
	npairs = opt.mode == MODE_POPULATE && opt.matches > 200 ? 200 : opt.matches;
	pairs = calloc((size_t)npairs, sizeof *pairs);
	for (int i = 0; i < npairs; i++) {
		pairs[i].matches_left = opt.matches / npairs + (i < opt.matches % npairs);
		pairs[i].pause_at = opt.mode == MODE_PLAY && opt.spread > 0
		                        ? (long long)rnd((unsigned)opt.spread)
		                        : -1;
		for (int s = 0; s < 2; s++) {
			struct player *pl = &pairs[i].p[s];
			pl->pair = &pairs[i];
			pl->side = s;
			pl->lean =
			    opt.mode == MODE_PLAY && opt.full_views >= 0 && i >= opt.full_views;
			snprintf(pl->name, sizeof pl->name, "b%s_%d_%c", run_tag, i, s ? 'b' : 'a');
			pl->c = tls_client_connect(loop, ctx, &server_addr, &player_ops, pl);
		}
	}
}

int main(int argc, char **argv)
{
	loadgen_alloc_install(); /* before any jansson value */
	parse_args(argc, argv);
	/* A write to a connection the daemon has reset (its handshake deadline
	 * passed while a slow set-up kept us from answering) raises SIGPIPE,
	 * and libuv writes TCP with write(2): the run died with no figures at
	 * 400 and 2,000 matches on a loaded box. Ignored, the write fails with
	 * EPIPE, the connection closes, and the reset is counted
	 * (connection_resets). */
	signal(SIGPIPE, SIG_IGN);
	rnd_state = opt.seed;
	if (opt.dump_sampled && !(dump_sampled = fopen(opt.dump_sampled, "w"))) {
		perror(opt.dump_sampled);
		return 2;
	}
	unsigned char tag[4];
	RAND_bytes(tag, sizeof tag);
	snprintf(run_tag, sizeof run_tag, "%02x%02x%02x%02x", tag[0], tag[1], tag[2], tag[3]);
	loop = uv_default_loop();
	ctx = tls_client_ctx(opt.mode != MODE_HANDSHAKE);
	tls_client_rx_stamps = opt_rx_stamps;
	if (uv_ip4_addr(opt.host, opt.port, &server_addr) != 0) {
		fprintf(stderr, "tg_loadgen: bad address %s\n", opt.host);
		return 2;
	}
	uv_timer_t tick;
	uv_timer_init(loop, &warm_timer);
	uv_timer_init(loop, &stop_timer);
	uv_timer_init(loop, &setup_timer);
	uv_timer_init(loop, &tick);
	uv_timer_t *stop = &stop_timer; /* the other modes' */
	fig.t_run_start = now_s();

	switch (opt.mode) {
	case MODE_PLAY:
		run_pairs();
		if (opt.rate > 0) {
			last_refill = now_s();
			uv_timer_start(&tick, rate_tick, 1, 1);
		}
		/* the window opens once the set-up is done (window_check) */
		uv_timer_start(&setup_timer, setup_timeout_cb, (uint64_t)(opt.setup_timeout * 1000),
		               0);
		if (opt.games > 0 || opt.spread > 0)
			/* the window is whole games or a spread's; --duration caps the run */
			uv_timer_start(stop, stop_cb, (uint64_t)(opt.duration * 1000), 0);
		uv_run(loop, UV_RUN_DEFAULT);
		if (opt.server_pid && after.cpu_s == 0)
			proc_stats_read(opt.server_pid, &after);
		double secs = fig.t_start > 0 ? fig.t_end - fig.t_start : 0;
		printf("play_seconds %.2f\nplay_matches %d\nplay_target_rate %.0f\n", secs,
		       opt.matches, opt.rate);
		printf("play_setup_seconds %.2f\nwindow_pairs_playing %d\n",
		       fig.t_all_playing > 0 ? fig.t_all_playing - fig.t_run_start : -1.0,
		       fig.window_pairs_playing);
		if (fig.t_start == 0)
			fprintf(stderr, "loadgen: the run ended before its window opened\n");
		printf("play_actions_measured %llu\ngames_in_window %llu\n", fig.acks,
		       fig.games_done - fig.games_at_open);
		if (fig.game_len_count)
			printf("game_length_mean %.0f\ngame_length_count %llu\n",
			       (double)fig.game_len_sum / (double)fig.game_len_count,
			       fig.game_len_count);
		printf("progress_open_seq_p10 %lld\nprogress_open_seq_p50 %lld\n"
		       "progress_open_seq_p90 %lld\nprogress_close_seq_p10 %lld\n"
		       "progress_close_seq_p50 %lld\nprogress_close_seq_p90 %lld\n",
		       progress[0][0], progress[0][1], progress[0][2], progress[1][0],
		       progress[1][1], progress[1][2]);
		{
			int lean = 0;
			for (int i = 0; i < npairs; i++)
				lean += pairs[i].p[0].lean;
			printf("lean_pairs %d\nlean_patches_applied %llu\nlean_ops_kept %llu\n"
			       "lean_ops_skipped %llu\nlean_actions_text_ops %llu\n"
			       "lean_actions_built %llu\n",
			       lean, fig.lean_patches, fig.lean_ops_kept, fig.lean_ops_skipped,
			       fig.actions_text_ops, fig.actions_builds);
		}
		if (secs > 0) {
			/* the cores each used in the window: the reader sees whether
			 * the box was saturated (the generator shares its cores) */
			printf("loadgen_cores_used %.3f\n",
			       (self_cpu_after - self_cpu_before) / secs);
			if (opt.server_pid && after.cpu_s >= before.cpu_s)
				printf("server_cores_used %.3f\n",
				       (after.cpu_s - before.cpu_s) / secs);
			if (box_before >= 0 && box_after >= box_before)
				printf("box_busy_cores %.3f\nbox_cores %ld\n",
				       (box_after - box_before) / secs,
				       sysconf(_SC_NPROCESSORS_ONLN));
		}
		printf("acked_actions_per_s %.0f\n", secs > 0 ? (double)fig.acks / secs : 0);
		printf("games_finished %llu\nerrors %llu\nstale_seq %llu\nrejected_offered %llu\n",
		       fig.games_done, fig.errors, fig.stale, fig.rejected);
		printf("patches_applied %llu\n", fig.patches_applied);
		if (opt.check_views)
			printf("views_checked %llu\nview_mismatches %llu\n", fig.views_checked,
			       fig.view_mismatches);
		if (opt.dump_sampled)
			printf("view_size_mismatches %llu\n", fig.size_mismatches);
		if (opt.games > 0) {
			/* pairs short of their games when --duration ended the run */
			int short_of_games = 0;
			for (int i = 0; i < npairs; i++)
				short_of_games +=
				    pairs[i].played && pairs[i].games_measured < opt.games;
			printf("games_each %d\npairs_short_of_games %d\n", opt.games,
			       short_of_games);
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
		if (opt_rx_stamps) {
			report_latency("act_to_ok_rx", &fig.lat_ok_rx);
			report_latency("rx_wait_ok", &fig.rx_wait_ok);
			report_latency("act_to_patch_rx", &fig.lat_patch_rx);
			report_latency("rx_wait_patch", &fig.rx_wait_patch);
			printf("rx_unstamped_reads %llu\nrx_wait_out_of_range %llu\n",
			       tls_client_rx_unstamped, fig.rx_wait_out_of_range);
		}
		printf("patch_bytes_p50 %llu\npatch_bytes_p99 %llu\nview_bytes_p50 %llu\n",
		       (unsigned long long)hist_percentile(&fig.patch_bytes, 50),
		       (unsigned long long)hist_percentile(&fig.patch_bytes, 99),
		       (unsigned long long)hist_percentile(&fig.view_bytes, 50));
		printf("patch_to_view_pct_p50 %.2f\npatch_to_view_pct_p99 %.2f\n",
		       (double)ratio_percentile_bp(50) / 100.0,
		       (double)ratio_percentile_bp(99) / 100.0);
		/* the patches behind those figures (--dump-sampled writes each) */
		printf("patches_sized %llu\n", (unsigned long long)fig.patch_ratio_bp.total);
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
		uv_timer_start(stop, stop_cb, (uint64_t)opt.settle_ms, 0);
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
		uv_timer_start(stop, stop_cb, (uint64_t)(opt.duration * 1000), 0);
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
	/* Every mode: the connections the daemon reset (the pairs they broke
	 * are in play_pairs_refused and window_pairs_playing). */
	printf("connection_resets %llu\n", tls_client_resets);
	if (opt.server_pid && after.rss_kib > 0)
		printf("server_rss_kib_before %ld\nserver_rss_kib_after %ld\nserver_cpu_s %.2f\n",
		       before.rss_kib, after.rss_kib, after.cpu_s - before.cpu_s);
	fflush(stdout);
	if (dump_sampled && fclose(dump_sampled) != 0)
		perror(opt.dump_sampled);
	/* Connections are left to the operating system: the process ends here. */
	return (fig.errors > 0 && opt.mode != MODE_PLAY) || short_of_pairs ? 1 : 0;
}
