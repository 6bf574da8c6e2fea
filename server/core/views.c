/* views.c — who follows which match, and what they receive: full views,
 * RFC 6902 patches between two views of the same role (serialized once per
 * role), the kept patches for `since`, and the match object pushes. A role's
 * last view is kept as the text sent (kit/view_sections.h): a full view's
 * line is that text with the message around it, no tree is dumped.
 *
 * Every seated role's view is computed after every change, whether or not
 * anyone of that role is connected: a player who reconnects with `since` is
 * exactly the one who was away, and must find his patches kept. The
 * observer's view is computed only while a spectator follows the match; its
 * kept patches start when the first one subscribes. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "core/server_internal.h"
#include "json_compact.h"
#include "json_patch.h"
#include "kit/json_arena.h"
#include "kit/scratch.h"
#include "util/log.h"

static const char *role_name(const struct tg_match *m, int role)
{
	return role < m->nroles ? m->mod->roles[role] : "observer";
}

/* Ended by the server, not by the game's rules: a resignation, a timeout,
 * an operator's ban, a tournament director's result or a withdrawal's
 * forfeit. The match is finished while the game itself is not. */
static bool ended_by_server(const struct tg_match *m)
{
	return !m->st.finished && strcmp(match_status(m), "finished") == 0;
}

json_t *views_view(const struct tg_match *m, int role)
{
	json_t *v = m->mod->view(m->g, role_name(m, role));
	if (v && ended_by_server(m)) {
		/* The game does not know about resignation: the server says it. */
		json_object_set_new(v, "finished", json_true());
		json_object_set(v, "result", json_object_get(m->row, "result"));
		json_object_set_new(v, "awaiting", json_array());
		json_object_set_new(v, "actions", json_array());
		json_object_set_new(v, "prompt", json_null());
	}
	return v;
}

/* A participant subscription counts only while its user holds that seat. */
static bool sub_valid(const struct tg_match *m, const struct tg_sub *sub)
{
	if (sub->s->closed)
		return false;
	return sub->role == m->nroles || match_seat_of(m, sub->s->user_id) == sub->role;
}

/* Someone of role follows the match live (a connection subscribed). */
static bool role_followed(const struct tg_match *m, int role)
{
	for (unsigned i = 0; i < m->nsubs; i++)
		if (m->subs[i].role == role && sub_valid(m, &m->subs[i]))
			return true;
	return false;
}

/* Seated roles always (a returning player finds his patches kept); the
 * observer only while a spectator follows the match: nobody else needs it,
 * and a spectator who subscribes gets a fresh view (send_state). followed
 * is role_followed(m, role), which the fan-out has already walked the
 * subscriptions for. */
static bool role_computed_followed(const struct tg_match *m, int role, bool followed)
{
	if (role < m->nroles)
		return true;
	return followed && json_is_true(json_object_get(m->row, "spectators"));
}

static bool role_computed(const struct tg_match *m, int role)
{
	return role < m->nroles || role_computed_followed(m, role, role_followed(m, role));
}

static void ring_clear(struct tg_patch_ring *r)
{
	for (unsigned i = 0; i < r->count; i++) {
		unsigned k = (r->start + i) % r->cap;
		free(r->line[k]);
		r->line[k] = NULL;
	}
	r->start = r->count = 0;
	r->bytes = 0;
}

/* Forgets a role's view and kept patches (the observer's, once unwatched). */
static void drop_view(struct tg_match *m, int role)
{
	ring_clear(&m->ring[role]);
	tg_view_kept_clear(&m->view[role]);
	m->views_asleep &= ~(1u << role);
}

/* Keeps a full view of role (and its sections' stamps); server_ended:
 * ended_by_server(m), decided by the loop (m->row is the loop's). */
static void keep_full(struct tg_match *m, int role, bool server_ended)
{
	if (server_ended) {
		json_t *v = views_view(m, role);
		if (!v || tg_view_keep_tree(&m->view[role], v) != 0)
			tg_view_kept_clear(&m->view[role]);
		json_decref(v);
	} else {
		tg_view_keep_full(&m->view[role], m->mod, m->g, role_name(m, role));
	}
}

/* Brings role's kept view up to date, appending the patch to ops: by the
 * sections that moved, or whole once the server overrides the game's view
 * (its own result). -1: keep a full view instead. */
static int update_view(struct tg_match *m, int role, bool server_ended, struct tg_patch_text *ops)
{
	struct tg_view_kept *k = &m->view[role];
	if (!k->text)
		return -1;
	if (!server_ended)
		return tg_view_update_text(k, m->mod, m->g, role_name(m, role), ops);
	json_t *now = views_view(m, role);
	int rc = now ? tg_view_update_whole(k, m->mod, m->g, role_name(m, role), now, ops) : -1;
	json_decref(now);
	return rc;
}

static void ring_drop_oldest(struct tg_patch_ring *r)
{
	r->bytes -= r->len[r->start];
	free(r->line[r->start]);
	r->line[r->start] = NULL;
	r->start = (r->start + 1) % r->cap;
	r->count--;
}

/* The ring's arrays resized to n entries (n >= count), the kept patches
 * moved to the front in order. -1: out of memory (nothing changed). */
static int ring_resize(struct tg_patch_ring *r, unsigned n)
{
	char **line = malloc(n * sizeof *line);
	size_t *len = malloc(n * sizeof *len);
	int64_t *seq = malloc(n * sizeof *seq);
	if (!line || !len || !seq) {
		free(line);
		free(len);
		free(seq);
		return -1;
	}
	for (unsigned i = 0; i < r->count; i++) {
		unsigned k = (r->start + i) % r->cap;
		line[i] = r->line[k];
		len[i] = r->len[k];
		seq[i] = r->seq[k];
	}
	free(r->line);
	free(r->len);
	free(r->seq);
	r->line = line;
	r->len = len;
	r->seq = seq;
	r->start = 0;
	r->cap = n;
	return 0;
}

/* Room for one more patch: the arrays grow by doubling up to cap, so that a
 * role with a few patches kept holds a few entries, not cap (issue 17: the
 * 200 entries of the default patch_history, 24 bytes each, took 9.6 KB of
 * a followed two-player match from its first patch on). -1: out of memory
 * (nothing changed). */
static int ring_grow(struct tg_patch_ring *r, unsigned cap)
{
	if (r->count < r->cap || r->cap >= cap)
		return 0;
	unsigned n = r->cap ? 2 * r->cap : 4;
	return ring_resize(r, n > cap ? cap : n);
}

/* And they shrink by half once a quarter or less is used (a ring grown
 * while nobody followed the role, followed again: its short tail needs a
 * few entries). Out of memory: they stay as they are. */
static void ring_shrink(struct tg_patch_ring *r)
{
	if (r->cap > 4 && 4 * r->count <= r->cap)
		(void)ring_resize(r, r->cap / 2);
}

/* Keeps line (seq's patch, len bytes) as the newest of r's patches: at
 * most cap entries (patch_history; 0: none), then the oldest dropped while
 * more than keep are kept or more than max_bytes: the newest too when
 * !keep_newest, else it stays whatever its size. */
static void ring_push(struct tg_patch_ring *r, unsigned cap, unsigned keep, size_t max_bytes,
                      bool keep_newest, int64_t seq, char *line, size_t len)
{
	unsigned least = keep_newest ? 1 : 0;
	if (cap == 0 || (ring_grow(r, cap) != 0 && r->cap == 0)) {
		free(line);
		return;
	}
	/* full at cap (or unable to grow): the oldest patch makes room */
	if (r->count == r->cap)
		ring_drop_oldest(r);
	unsigned k = (r->start + r->count) % r->cap;
	r->line[k] = line;
	r->len[k] = len;
	r->seq[k] = seq;
	r->count++;
	r->bytes += len;
	while (r->count > least && (r->count > keep || r->bytes > max_bytes))
		ring_drop_oldest(r);
	ring_shrink(r);
}

/* What a role's ring keeps (issue 17, memory per match). Past the view's
 * own bytes a view is the cheaper catch-up. While someone follows the role
 * live, he has every patch already but those in flight when his connection
 * drops: the ring keeps only the last RING_FOLLOWED_KEEP patches and 1 KiB
 * of them (none when the newest alone is longer: ring_push) for a client
 * that comes straight back with `since`, who otherwise gets the view; the
 * patches made while nobody follows it grow the ring up to the view's
 * bytes (and patch_history). Until session 17 a followed role kept an
 * eighth of its view and 1 KiB: 8.6 KB a Lincoln's War match measured in
 * the daemon, both following; then at least its newest patch whatever its
 * size: 4.9 KB, most of it one offer list replaced whole. */
#define RING_FOLLOWED_KEEP 4u
static size_t ring_cap_bytes(const struct tg_patch_ring *r, bool followed)
{
	return (followed ? 0 : r->view_bytes) + 1024;
}

/* The size of a full view just serialized: the byte cap's new yardstick. */
static void note_view_bytes(struct tg_patch_ring *r, size_t bytes)
{
	r->view_bytes = bytes;
	r->drift = 0;
}

/* The view message around a view's text (kept serialized: no tree is
 * built or dumped to send it). The bytes are those of json_dumps of
 * {"op","match","seq","role","view"} in that order; role names are plain
 * ASCII ids. */
static int view_head(const struct tg_match *m, int64_t seq, int role, char *head, size_t size)
{
	int n = snprintf(head, size,
	                 "{\"op\":\"view\",\"match\":%lld,\"seq\":%lld,\"role\":\"%s\",\"view\":",
	                 (long long)m->id, (long long)seq, role_name(m, role));
	return n < 0 || (size_t)n >= size ? -1 : n;
}

/* The view's line, its length in *out. */
static char *view_line(const struct tg_match *m, int64_t seq, int role, const char *view,
                       size_t len, size_t *out)
{
	char head[160];
	int n = view_head(m, seq, role, head, sizeof head);
	if (n < 0)
		return NULL;
	char *line = malloc((size_t)n + len + 2);
	if (!line)
		return NULL;
	memcpy(line, head, (size_t)n);
	memcpy(line + n, view, len);
	memcpy(line + (size_t)n + len, "}", 2);
	*out = (size_t)n + len + 1;
	return line;
}

/* The line of a kept view of the state m->g (the sections it keeps as
 * stamps are built again from it: kit/view_sections.h), its length in
 * *out. */
static char *kept_line_of(const struct tg_match *m, int64_t seq, int role,
                          const struct tg_view_kept *k, size_t *out)
{
	if (!k->text)
		return NULL;
	if (!k->items)
		return view_line(m, seq, role, k->text, k->len, out);
	char *text = tg_view_kept_text(k, m->mod, m->g, role_name(m, role));
	char *line = text ? view_line(m, seq, role, text, k->vlen, out) : NULL;
	free(text);
	return line;
}

/* The length of that line, without making it. */
static size_t kept_line_len(const struct tg_match *m, int64_t seq, int role,
                            const struct tg_view_kept *k)
{
	char head[160];
	int n = view_head(m, seq, role, head, sizeof head);
	return n < 0 ? 0 : (size_t)n + k->vlen + 1;
}

static char *kept_line(const struct tg_match *m, int role, size_t *out)
{
	return kept_line_of(m, m->seq, role, &m->view[role], out);
}

/* Sends *line (malloc'd, len bytes) to every valid follower of role,
 * handed over: the role's last follower takes it (*line is NULL after),
 * any other gets a copy (issue 17: every follower's line was a copy on the
 * loop, and a role has one follower nearly always). now: the line belongs
 * to a turn already committed (a fan-out worker's result): sent at once
 * rather than held behind this turn's commit, whose failure would drop
 * it. */
static void send_to_role(struct tg_match *m, int role, char **line, size_t len, bool now)
{
	if (!*line)
		return;
	struct tg_session *prev = NULL;
	for (unsigned i = 0; i < m->nsubs; i++) {
		if (m->subs[i].role != role || !sub_valid(m, &m->subs[i]))
			continue;
		if (prev) {
			if (now)
				srv_send_line_now(prev, *line, len);
			else
				srv_send_line(prev, *line, len);
		}
		prev = m->subs[i].s;
	}
	if (prev) {
		srv_send_line_take(prev, *line, len, now);
		*line = NULL;
	}
}

/* Rebuilds role's kept view that the idle sweep dropped: from the state it
 * was dropped at, since no change went by without views_wake (a change
 * that did finds no kept view in views_fanout and sends full views, which
 * PROTOCOL.md allows at any seq). The ring stays: it still leads to the
 * view. An observer nobody watches any longer loses its ring too. */
static void wake_role(struct tg_match *m, int role)
{
	if (!(m->views_asleep & (1u << role)))
		return;
	if (m->g && role_computed(m, role)) {
		keep_full(m, role, ended_by_server(m));
		m->views_at = srv_now();
	} else {
		drop_view(m, role);
	}
	m->views_asleep &= ~(1u << role);
}

void views_wake(struct tg_match *m)
{
	if (!m->views_asleep)
		return;
	/* the roles' full views of one state: one update's window, as in
	 * views_fanout_compute (what all their stamps read is computed once) */
	tg_view_update_begin(m->g);
	for (int r = 0; r <= m->nroles && m->views_asleep; r++)
		wake_role(m, r);
	tg_view_update_end();
}

void views_sleep_idle(struct tg_server *srv)
{
	if (srv->cfg.evict_views_after_s == 0 || srv->tx_open)
		return;
	int64_t before = srv_now() - (int64_t)srv->cfg.evict_views_after_s;
	unsigned slept = 0;
	for (int b = 0; b < TG_MATCH_BUCKETS; b++)
		for (struct tg_match *m = srv->matches[b]; m; m = m->next) {
			/* A match whose fan-out job runs is the worker's. */
			if (m->dirty || m->job || m->views_at > before)
				continue;
			bool any = false;
			for (int r = 0; r <= m->nroles; r++) {
				if (!m->view[r].text)
					continue;
				tg_view_kept_clear(&m->view[r]);
				m->views_asleep |= 1u << r;
				any = true;
			}
			slept += any;
		}
	if (!slept)
		return;
#ifdef __GLIBC__
	/* As after an eviction (match.c): the freed text lies among blocks
	 * in use, and glibc returns those pages only when asked. */
	malloc_trim(0);
#endif
	TG_INFO(0, 0, "dropped the kept views of %u idle matches", slept);
}

void views_reset(struct tg_server *srv, struct tg_match *m)
{
	(void)srv;
	m->views_asleep = 0;
	m->views_at = srv_now();
	tg_view_update_begin(m->g); /* as views_wake */
	for (int r = 0; r <= m->nroles; r++) {
		ring_clear(&m->ring[r]);
		tg_view_kept_clear(&m->view[r]);
		if (!m->g || !role_computed(m, r))
			continue;
		keep_full(m, r, ended_by_server(m));
		size_t len = 0;
		char *line = kept_line(m, r, &len);
		if (line)
			note_view_bytes(&m->ring[r], len);
		send_to_role(m, r, &line, len, false);
		free(line); /* nobody took it */
	}
	tg_view_update_end();
}

/* A hash of what each seat plays (game.h seat_text): 0 while every seat
 * reads its role's title. */
static uint64_t seat_texts_stamp(const struct tg_match *m)
{
	if (!m->g || !m->mod->seat_text)
		return 0;
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	bool any = false;
	for (int r = 0; r < m->nroles; r++) {
		char buf[TG_SEAT_TEXT_MAX];
		const char *t = m->mod->seat_text(m->g, r, buf, sizeof buf);
		any = any || t;
		for (const char *c = t ? t : "";; c++) {
			h = (h ^ (unsigned char)*c) * 1099511628211ull;
			if (!*c)
				break;
		}
	}
	return any ? h | 1 : 0;
}

/* Whether s follows m in a seat (and so gets views_push_match's object). */
static bool follows_seated(const struct tg_match *m, const struct tg_session *s)
{
	for (unsigned i = 0; i < m->nsubs; i++)
		if (m->subs[i].s == s && m->subs[i].role != m->nroles && sub_valid(m, &m->subs[i]))
			return true;
	return false;
}

/* The match object to the spectators (PROTOCOL.md "open and watch"), when
 * what a seat plays changed: their "waiting for" and the seats they show
 * read the new texts too. Those who sit in none of its seats get one text,
 * made once; a player who only watches gets his own (your_role). */
static void push_match_to_spectators(struct tg_server *srv, struct tg_match *m)
{
	char *line = NULL;
	for (unsigned i = 0; i < m->nsubs; i++) {
		struct tg_sub *sub = &m->subs[i];
		if (sub->role != m->nroles || !sub_valid(m, sub) || follows_seated(m, sub->s))
			continue;
		if (match_seat_of(m, sub->s->user_id) >= 0) {
			srv_send(sub->s, lobby_match_info(srv, m->row, sub->s->user_id),
			         TG_OUT_PUSH, NULL);
			continue;
		}
		if (!line) {
			json_t *info = lobby_match_info(srv, m->row, 0);
			line = info ? json_dumps(info, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
			json_decref(info);
			if (!line)
				return;
		}
		srv_send_line(sub->s, line, strlen(line));
	}
	free(line);
}

void views_fanout_prepare(struct tg_server *srv, struct tg_match *m, struct views_batch *b)
{
	/* Where what a seat plays changed with this state (16.1.1's bid
	 * exchanging seats and sides), the match object goes to its players
	 * and spectators first, so that a client reads the new view with the new texts: its
	 * seats' texts are the lobby's and a client's "you play" (PROTOCOL.md,
	 * "The match object"). */
	uint64_t seats = seat_texts_stamp(m);
	if (seats != m->seat_stamp) {
		m->seat_stamp = seats;
		views_push_match(srv, m);
		push_match_to_spectators(srv, m);
	}
	memset(b, 0, sizeof *b);
	/* Views still asleep here mean a change went by without views_wake:
	 * they are of an older state, so these roles get full views in the
	 * compute step (no kept text) and their rings restart. Set here, on
	 * the loop, which alone reads them (the sweep, views_wake). */
	m->views_asleep = 0;
	m->views_at = srv_now();
	b->seq = m->seq;
	b->server_ended = ended_by_server(m);
	b->patch_history = srv->cfg.patch_history;
	for (int r = 0; r <= m->nroles; r++) {
		bool followed = role_followed(m, r);
		if (role_computed_followed(m, r, followed))
			b->roles |= 1u << r;
		else
			drop_view(m, r);
		if (followed)
			b->followed |= 1u << r;
	}
}

/* x's decimal text at h (at most 20 bytes and a sign), as json_dumps
 * writes an integer: one past it. */
static char *put_int(char *h, int64_t x)
{
	char num[24];
	uint64_t u = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
	char *e = num + sizeof num, *d = tg_decimal_end(e, u);
	if (x < 0)
		*--d = '-';
	memcpy(h, d, (size_t)(e - d));
	return h + (e - d);
}

/* The patch message {"op","match","seq","patch"}: the bytes json_dumps
 * (JSON_COMPACT | JSON_ENSURE_ASCII) gives for it, written with
 * protocol/json_compact (issue 17: jansson's dump of the patches was 17 %
 * of an action's view work, about a hundred instructions a byte), its
 * length in *out. Written straight into a block of its size (it was
 * written into the worker's buffer and copied out, then measured again
 * by strlen three times on its way). NULL when out of memory. */
static char *patch_line(const struct tg_match *m, int64_t seq, const struct tg_patch_text *ops,
                        size_t *out)
{
	/* the head by hand: snprintf's was about 1,300 instructions a line
	 * (callgrind_loop.py, the fan-out workers) */
	static const char op[] = "{\"op\":\"patch\",\"match\":", s[] = ",\"seq\":",
	                  p[] = ",\"patch\":[";
	char head[sizeof op + sizeof s + sizeof p + 2 * 21];
	char *h = head;
	memcpy(h, op, sizeof op - 1);
	h = put_int(h + sizeof op - 1, m->id);
	memcpy(h, s, sizeof s - 1);
	h = put_int(h + sizeof s - 1, seq);
	memcpy(h, p, sizeof p - 1);
	h += sizeof p - 1;
	size_t n = (size_t)(h - head);
	size_t body = ops->t.p ? ops->t.n : 0, len = n + body + 2;
	char *line = malloc(len + 1);
	if (!line)
		return NULL;
	memcpy(line, head, n);
	if (body)
		memcpy(line + n, ops->t.p, body);
	memcpy(line + n + body, "]}", 3);
	*out = len;
	return line;
}

/* Copies a line to send (the kept one stays in the ring). */
static char *line_dup(const char *line, size_t len)
{
	char *c = malloc(len + 1);
	if (c)
		memcpy(c, line, len + 1);
	return c;
}

void views_fanout_compute(struct tg_match *m, struct views_batch *b)
{
	/* The jansson trees the views' work still builds and frees take their
	 * blocks from this thread's region, all dropped at the end
	 * (kit/json_arena.h: what the job leaves is text, never a tree). */
	tg_json_arena_begin();
	/* the roles' views of one state: what all their stamps read is
	 * computed once (kit/view_sections.h; the loop leaves m->g alone
	 * until the job is done) */
	tg_view_update_begin(m->g);
	for (int r = 0; r <= m->nroles; r++) {
		if (!(b->roles & (1u << r)))
			continue;
		char *line = NULL;
		size_t len = 0;
		struct tg_patch_text ops = {0};
		tg_text_take(&ops.t, TG_SCRATCH_OPS);
		if (update_view(m, r, b->server_ended, &ops) == 0) {
			line = patch_line(m, b->seq, &ops, &len);
		} else {
			/* No earlier view, or no memory for the patch: a full view. */
			keep_full(m, r, b->server_ended);
		}
		tg_text_give(&ops.t, TG_SCRATCH_OPS);
		if (!m->view[r].text) {
			free(line);
			continue;
		}
		struct tg_patch_ring *ring = &m->ring[r];
		char *full = NULL;
		size_t flen = 0;
		if (line) {
			ring->drift += len;
			if (8 * len > ring->view_bytes || ring->drift > ring->view_bytes) {
				/* The patch may be longer than the view (a large
				 * patch can come with a view that shrank below the
				 * last measure), or the yardstick is due: measure
				 * the view's line (its length is kept: it is made
				 * only to be sent), and send it instead when it is
				 * the shorter. */
				note_view_bytes(ring, kept_line_len(m, b->seq, r, &m->view[r]));
				if (ring->view_bytes < len)
					full = kept_line_of(m, b->seq, r, &m->view[r], &flen);
				if (full) {
					free(line);
					line = NULL;
				}
			}
		}
		if (line) {
			b->line[r] = line_dup(line, len);
			b->len[r] = len;
			bool followed = b->followed & (1u << r);
			ring_push(ring, b->patch_history, followed ? RING_FOLLOWED_KEEP : UINT_MAX,
			          ring_cap_bytes(ring, followed), !followed, b->seq, line, len);
		} else {
			/* No earlier view to diff against, no patch, or a patch
			 * longer than the view: a full view (PROTOCOL.md allows one
			 * at any seq), and the kept history restarts. */
			ring_clear(ring);
			if (!full)
				full = kept_line_of(m, b->seq, r, &m->view[r], &flen);
			if (full)
				note_view_bytes(ring, flen);
			b->line[r] = full;
			b->len[r] = flen;
		}
	}
	tg_view_update_end();
	tg_json_arena_end();
}

void views_fanout_send(struct tg_match *m, struct views_batch *b, bool now)
{
	for (int r = 0; r <= m->nroles; r++) {
		send_to_role(m, r, &b->line[r], b->len[r], now);
		views_batch_clear_role(b, r);
	}
}

void views_batch_clear_role(struct views_batch *b, int role)
{
	free(b->line[role]);
	b->line[role] = NULL;
	b->len[role] = 0;
}

void views_fanout(struct tg_server *srv, struct tg_match *m)
{
	struct views_batch b;
	views_fanout_prepare(srv, m, &b);
	views_fanout_compute(m, &b);
	views_fanout_send(m, &b, false);
}

void views_push_match(struct tg_server *srv, struct tg_match *m)
{
	for (unsigned i = 0; i < m->nsubs; i++) {
		struct tg_sub *sub = &m->subs[i];
		if (sub->role == m->nroles || !sub_valid(m, sub))
			continue;
		srv_send(sub->s, lobby_match_info(srv, m->row, sub->s->user_id), TG_OUT_PUSH, NULL);
	}
}

int views_subscribe(struct tg_session *s, struct tg_match *m, int role)
{
	for (unsigned i = 0; i < m->nsubs; i++)
		if (m->subs[i].s == s && m->subs[i].role == role)
			return 0;
	bool listed = false;
	for (unsigned i = 0; i < s->nsubs; i++)
		listed = listed || s->subs[i] == m->id;
	if (!listed && s->nsubs == TG_SESSION_SUBS_MAX)
		return -1;
	if (m->nsubs == m->capsubs) {
		unsigned cap = m->capsubs ? 2 * m->capsubs : 4;
		struct tg_sub *n = realloc(m->subs, cap * sizeof *n);
		if (!n)
			return -1;
		m->subs = n;
		m->capsubs = cap;
	}
	m->subs[m->nsubs++] = (struct tg_sub){.s = s, .role = role};
	if (!listed)
		s->subs[s->nsubs++] = m->id;
	return 0;
}

/* Removes s's subscriptions from m (not from s's list). */
static void remove_subs(struct tg_match *m, const struct tg_session *s)
{
	unsigned k = 0;
	for (unsigned i = 0; i < m->nsubs; i++)
		if (m->subs[i].s != s)
			m->subs[k++] = m->subs[i];
	m->nsubs = k;
}

void views_unsubscribe(struct tg_session *s, struct tg_match *m)
{
	remove_subs(m, s);
	for (unsigned i = 0; i < s->nsubs; i++)
		if (s->subs[i] == m->id) {
			s->subs[i] = s->subs[--s->nsubs];
			break;
		}
}

void views_unsubscribe_all(struct tg_session *s)
{
	for (unsigned i = 0; i < s->nsubs; i++) {
		/* the subscriptions are the loop's: no need to wait for a job */
		struct tg_match *m = match_peek(s->srv, s->subs[i]);
		if (m) {
			remove_subs(m, s);
			match_release_if_idle(s->srv, m);
		}
	}
	s->nsubs = 0;
}

void views_drop_match_subs(struct tg_server *srv, struct tg_match *m)
{
	(void)srv;
	for (unsigned i = 0; i < m->nsubs; i++) {
		struct tg_session *s = m->subs[i].s;
		for (unsigned j = 0; j < s->nsubs; j++)
			if (s->subs[j] == m->id) {
				s->subs[j] = s->subs[--s->nsubs];
				break;
			}
	}
	m->nsubs = 0;
}

/* The view now, or the kept patches after since. */
static void send_state(struct tg_session *s, struct tg_match *m, int role, const json_t *since)
{
	if (!m->g)
		return;
	wake_role(m, role);
	if (!m->view[role].text && role_computed(m, role)) {
		/* The first follower of an uncomputed role (a spectator): the
		 * patches from here on are made from this view; none are kept
		 * from before. */
		keep_full(m, role, ended_by_server(m));
		ring_clear(&m->ring[role]);
	}
	struct tg_patch_ring *r = &m->ring[role];
	if (json_is_integer(since) && strcmp(match_status(m), "finished") != 0) {
		int64_t n = json_integer_value(since);
		if (n == m->seq)
			return;
		int64_t oldest = r->count ? r->seq[r->start] : m->seq + 1;
		if (n >= 0 && n < m->seq && oldest <= n + 1) {
			for (unsigned i = 0; i < r->count; i++) {
				unsigned k = (r->start + i) % r->cap;
				if (r->seq[k] > n)
					srv_send_line(s, r->line[k], r->len[k]);
			}
			return;
		}
	}
	size_t len = 0;
	char *line = kept_line(m, role, &len);
	if (!line) {
		/* an uncomputed role (no spectators allowed): made for this one */
		struct tg_view_kept once = {0};
		json_t *view = views_view(m, role);
		if (view && tg_view_keep_tree(&once, view) == 0)
			line = kept_line_of(m, m->seq, role, &once, &len);
		json_decref(view);
		tg_view_kept_clear(&once);
	}
	if (line)
		srv_send_line(s, line, len);
	free(line);
}

static void send_chat_line(struct tg_session *s, struct tg_match *m, const json_t *c)
{
	srv_send(s,
	         json_pack("{s:s,s:I,s:O,s:O,s:O,s:O,s:O}", "op", "chat", "match",
	                   (json_int_t)m->id, "id", json_object_get(c, "id"), "role",
	                   json_object_get(c, "role"), "from", json_object_get(c, "user"), "text",
	                   json_object_get(c, "text"), "time", json_object_get(c, "time")),
	         TG_OUT_PUSH, NULL);
}

/* The last TG_CHAT_REPLAY_MAX messages after `after`. The store returns
 * pages (of CHAT_PAGE, store.c's list limit) oldest first, so read to the
 * last page and keep the one before it. */
#define CHAT_PAGE 1000
static void send_chat_since(struct tg_session *s, struct tg_match *m, int64_t after)
{
	struct tg_error err = {0};
	json_t *prev = NULL, *cur = tg_store_chat_list(s->srv->store, m->id, after, &err);
	while (cur && json_array_size(cur) > 0 && json_array_size(cur) >= CHAT_PAGE) {
		json_t *last = json_array_get(cur, json_array_size(cur) - 1);
		json_t *next = tg_store_chat_list(
		    s->srv->store, m->id, json_integer_value(json_object_get(last, "id")), &err);
		if (!next || json_array_size(next) == 0) {
			json_decref(next);
			break;
		}
		json_decref(prev);
		prev = cur;
		cur = next;
	}
	if (!cur) {
		json_decref(prev);
		return;
	}
	size_t np = prev ? json_array_size(prev) : 0, nc = json_array_size(cur);
	size_t total = np + nc, skip = total > TG_CHAT_REPLAY_MAX ? total - TG_CHAT_REPLAY_MAX : 0;
	for (size_t i = skip; i < total; i++) {
		json_t *line = i < np ? json_array_get(prev, i) : json_array_get(cur, i - np);
		int64_t from = json_integer_value(json_object_get(line, "user_id"));
		if (from != s->user_id && blocks_has(s->srv, s->user_id, from))
			continue; /* blocked (blocks.c) */
		send_chat_line(s, m, line);
	}
	json_decref(prev);
	json_decref(cur);
}

static bool since_ok(struct tg_session *s, const json_t *req, const char *key)
{
	json_t *v = json_object_get(req, key);
	if (v && !json_is_null(v) && (!json_is_integer(v) || json_integer_value(v) < 0)) {
		srv_error(s, req, "malformed_request", "\"%s\" must be a non-negative integer.",
		          key);
		return false;
	}
	return true;
}

static void subscribed_ok(struct tg_session *s, const json_t *req, struct tg_match *m, int role)
{
	if (views_subscribe(s, m, role) != 0) {
		srv_error(s, req, "too_many_matches",
		          "This connection follows %d matches already; reconnect to follow others.",
		          TG_SESSION_SUBS_MAX);
		return;
	}
	/* what each seat plays, for "you play" and "waiting for" (game.h
	 * seat_text; PROTOCOL.md "open") */
	json_t *texts = json_object();
	for (int r = 0; r < m->nroles; r++) {
		char buf[TG_SEAT_TEXT_MAX];
		json_object_set_new(
		    texts, m->mod->roles[r],
		    json_string(tg_game_seat_text(m->mod, m->g, r, buf, sizeof buf)));
	}
	srv_ok(s, req,
	       json_pack("{s:I,s:s,s:s,s:I,s:o}", "match", (json_int_t)m->id, "role",
	                 role_name(m, role), "status", match_status(m), "seq", (json_int_t)m->seq,
	                 "seat_texts", texts));
	send_state(s, m, role, json_object_get(req, "since"));
}

void op_open(struct tg_session *s, const json_t *req)
{
	if (!since_ok(s, req, "since") || !since_ok(s, req, "since_chat"))
		return;
	struct tg_match *m = req_match(s, req);
	if (!m)
		return;
	int role = match_seat_of(m, s->user_id);
	if (role < 0) {
		srv_error(s, req, "not_a_participant",
		          "You do not sit in match %lld (spectators use watch).", (long long)m->id);
		return;
	}
	subscribed_ok(s, req, m, role);
	json_t *sc = json_object_get(req, "since_chat");
	send_chat_since(s, m, json_is_integer(sc) ? json_integer_value(sc) : 0);
}

void op_watch(struct tg_session *s, const json_t *req)
{
	if (!since_ok(s, req, "since"))
		return;
	struct tg_match *m = req_match(s, req);
	if (!m)
		return;
	if (!json_is_true(json_object_get(m->row, "spectators"))) {
		srv_error(s, req, "spectators_not_allowed", "Match %lld allows no spectators.",
		          (long long)m->id);
		return;
	}
	subscribed_ok(s, req, m, m->nroles);
}
