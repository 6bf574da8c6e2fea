/* match.c — live matches: loading (latest snapshot + replay of the action
 * log), starting (seed from the committed secret and the players' entropy),
 * acting, snapshots, finishing and resigning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__ /* defined by the headers above */
#include <malloc.h>
#endif

#include "core/offered_types.h"
#include "core/seed.h"
#include "core/server_internal.h"
#include "json_compact.h"
#include "net/message.h"
#include "util/log.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

bool match_action_in_effect(const json_t *entry)
{
	const char *type = str(json_object_get(entry, "action"), "type");
	return !json_is_true(json_object_get(entry, "undone")) && !(type && type[0] == '$');
}

struct tg_match *match_peek(struct tg_server *srv, int64_t id)
{
	for (struct tg_match *m = srv->matches[(uint64_t)id % TG_MATCH_BUCKETS]; m; m = m->next)
		if (m->id == id)
			return m;
	return NULL;
}

struct tg_match *match_find(struct tg_server *srv, int64_t id)
{
	struct tg_match *m = match_peek(srv, id);
	if (m && m->job)
		fanout_join(srv, m, true);
	return m;
}

void match_unlink(struct tg_server *srv, struct tg_match *m)
{
	tg_heap_remove(&srv->deadlines, &m->heap_slot);
	struct tg_match **p = &srv->matches[(uint64_t)m->id % TG_MATCH_BUCKETS];
	while (*p && *p != m)
		p = &(*p)->next;
	if (*p)
		*p = m->next;
}

/* Adds m's kept bytes to out. */
static void memory_of(const struct tg_match *m, struct tg_engine_match_memory *out)
{
	out->base += match_base_bytes(m);
	for (int r = 0; r <= TG_ROLE_MAX; r++) {
		out->views += tg_view_kept_bytes(&m->view[r]);
		const struct tg_patch_ring *g = &m->ring[r];
		if (g->line)
			out->rings +=
			    g->bytes + g->cap * (sizeof *g->line + sizeof *g->len + sizeof *g->seq);
	}
}

int tg_engine_match_memory(struct tg_server *srv, int64_t match, struct tg_engine_match_memory *out)
{
	struct tg_match *m = match_find(srv, match);
	memset(out, 0, sizeof *out);
	if (!m)
		return -1;
	memory_of(m, out);
	return 0;
}

void match_memory_sum(struct tg_server *srv, struct match_memory_sum *out)
{
	memset(out, 0, sizeof *out);
	struct tg_engine_match_memory mm = {0};
	for (int b = 0; b < TG_MATCH_BUCKETS; b++)
		for (const struct tg_match *m = srv->matches[b]; m; m = m->next) {
			if (!m->g)
				continue;
			if (m->job) {
				out->busy++;
				continue;
			}
			out->matches++;
			memory_of(m, &mm);
		}
	out->views = mm.views;
	out->rings = mm.rings;
	out->base = mm.base;
}

static void ring_free(struct tg_patch_ring *r)
{
	for (unsigned i = 0; i < r->count; i++)
		free(r->line[(r->start + i) % r->cap]);
	free(r->line);
	free(r->len);
	free(r->seq);
	memset(r, 0, sizeof *r);
}

void match_free(struct tg_match *m)
{
	if (!m)
		return;
	if (m->g)
		m->mod->free(m->g);
	for (int r = 0; r <= TG_ROLE_MAX; r++) {
		tg_view_kept_clear(&m->view[r]);
		ring_free(&m->ring[r]);
	}
	json_decref(m->row);
	match_base_drop(m);
	free(m->subs);
	free(m);
}

const char *match_status(const struct tg_match *m)
{
	return m->row_status ? m->row_status : "open";
}

void match_set_row(struct tg_match *m, json_t *row)
{
	if (m->row != row)
		json_decref(m->row);
	m->row = row;
	const char *vis = str(row, "visibility");
	m->row_private = vis && strcmp(vis, "private") == 0;
	m->row_status = str(row, "status");
	json_t *seats = json_object_get(row, "seats");
	m->seats_n = (unsigned)json_array_size(seats);
	if (m->seats_n > TG_ROLE_MAX)
		return;
	size_t i;
	json_t *seat;
	json_array_foreach(seats, i, seat)
	{
		m->seat_uid[i].user_id = json_integer_value(json_object_get(seat, "user_id"));
		m->seat_uid[i].role = tg_game_role_index(m->mod, str(seat, "role"));
	}
}

int match_seat_of(const struct tg_match *m, int64_t user_id)
{
	if (user_id <= 0)
		return -1;
	if (m->seats_n <= TG_ROLE_MAX) {
		for (unsigned i = 0; i < m->seats_n; i++)
			if (m->seat_uid[i].user_id == user_id)
				return m->seat_uid[i].role;
		return -1;
	}
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(m->row, "seats"), i, seat)
	{
		if (json_integer_value(json_object_get(seat, "user_id")) == user_id)
			return tg_game_role_index(m->mod, str(seat, "role"));
	}
	return -1;
}

int match_refresh(struct tg_match *m, struct tg_server *srv, struct tg_error *err)
{
	json_t *row = tg_store_match_get(srv->store, m->id, err);
	if (!row)
		return -1;
	match_set_row(m, row);
	clock_load(srv, m);
	return 0;
}

static int seed_of(const struct tg_match *m, uint8_t seed[32], struct tg_error *err)
{
	const char *hex = str(m->row, "seed");
	if (!hex || strlen(hex) != 64 || tg_hex_decode(hex, seed, 32) != 32)
		return tg_fail(err, "internal", "match %lld has no valid seed", (long long)m->id);
	return 0;
}

int match_replay_onto(struct tg_server *srv, struct tg_match *m, struct game *g, int64_t after,
                      struct tg_error *err)
{
	json_t *actions = tg_store_action_list(srv->store, m->id, after, err);
	if (!actions) {
		m->mod->free(g);
		return -1;
	}
	int64_t seq = after;
	unsigned replayed = 0;
	size_t i;
	json_t *a;
	json_array_foreach(actions, i, a)
	{
		seq = json_integer_value(json_object_get(a, "seq"));
		if (!match_action_in_effect(a))
			continue;
		struct tg_error ae = {0};
		if (m->mod->act(g, str(a, "role"), json_object_get(a, "action"), NULL, &ae) != 0) {
			tg_fail(err, "internal", "replaying action %lld of match %lld failed: %s",
			        (long long)seq, (long long)m->id, ae.message);
			json_decref(actions);
			m->mod->free(g);
			return -1;
		}
		replayed++;
	}
	json_decref(actions);
	if (m->g)
		m->mod->free(m->g);
	m->g = g;
	m->seq = seq;
	m->since_snapshot = replayed;
	m->mod->status(g, &m->st);
	m->summary_unmade = false;
	return 0;
}

int match_replay_and_install(struct tg_server *srv, struct tg_match *m, struct game *g,
                             int64_t after, struct tg_error *err)
{
	if (match_replay_onto(srv, m, g, after, err) != 0)
		return -1;
	/* Another game in m->g: a flat base's runs no longer describe it. */
	match_base_forget(m);
	return 0;
}

int match_build_game_before(struct tg_server *srv, struct tg_match *m, int64_t before,
                            struct tg_error *err)
{
	/* Rules the module no longer replays (game.h, "Rules versions"). */
	if (!match_rules_replay(m))
		return match_rules_resume(srv, m, err);
	struct tg_error e2 = {0};
	int64_t after = 0;
	struct game *g = NULL;
	json_t *snap = tg_store_snapshot_latest(srv->store, m->id, &e2);
	/* A snapshot the game refuses (bad_save: written by an older version of
	 * the game, or damaged), or whose text does not parse (bad_snapshot:
	 * the store does not check it, 260), is only a cache: the match is
	 * rebuilt from its seed and whole action log under the current rules,
	 * and a snapshot in the current format replaces it. */
	char refused[TG_ERR_MSG_MAX] = "";
	if (!snap && strcmp(e2.code, "bad_snapshot") == 0) {
		snprintf(refused, sizeof refused, "%s", e2.message);
		TG_WARN(0, m->id, "%s: rebuilding from the seed and the whole action log", refused);
	} else if (!snap && strcmp(e2.code, "no_snapshot") != 0) {
		*err = e2;
		return -1;
	}
	if (snap && json_integer_value(json_object_get(snap, "seq")) < before) {
		after = json_integer_value(json_object_get(snap, "seq"));
		struct tg_error le = {0};
		g = m->mod->load(json_object_get(snap, "state"), &le);
		if (!g && strcmp(le.code, TG_E_BAD_SAVE) != 0) {
			if (err)
				*err = le;
			json_decref(snap);
			return -1;
		}
		if (!g) {
			snprintf(refused, sizeof refused, "%s", le.message);
			TG_WARN(
			    0, m->id,
			    "snapshot at action %lld refused (%s): rebuilding from the seed and "
			    "the whole action log",
			    (long long)after, refused);
			after = 0;
		}
	}
	/* Resumed under these rules from a saved state (rules_since): an
	 * earlier snapshot (an undo deleted the later ones) serves only if no
	 * action in effect lies between it and that state, as those were
	 * played under older rules. */
	int64_t since = match_rules_since(m);
	if (g && since > after) {
		int older = match_rules_acts_between(srv, m, after, since, err);
		if (older != 0) {
			m->mod->free(g);
			json_decref(snap);
			if (older < 0)
				return -1;
			return tg_fail(
			    err, TG_E_RULES_CHANGED,
			    "Match %lld was resumed under %s rules version %u from its "
			    "saved state at action %lld; its state before that cannot be "
			    "rebuilt (actions up to it were played under older rules).",
			    (long long)m->id, m->mod->title, match_rules_version(m),
			    (long long)since);
		}
	}
	if (!g && since > 0) {
		/* Resumed under these rules from a saved state: the actions
		 * before it were played under older ones and are not replayed. */
		json_decref(snap);
		return tg_fail(err, TG_E_RULES_CHANGED,
		               "Match %lld was resumed under %s rules version %u from its saved "
		               "state at action %lld; its state before that cannot be rebuilt "
		               "(those actions were played under older rules)%s%s.",
		               (long long)m->id, m->mod->title, match_rules_version(m),
		               (long long)match_rules_since(m),
		               refused[0] ? ", and the saved state "
		                            "is refused: "
		                          : "",
		               refused);
	}
	if (!g) {
		uint8_t seed[32];
		if (seed_of(m, seed, err) == 0)
			g = m->mod->setup(seed, str(m->row, "scenario"),
			                  json_object_get(m->row, "options"), err);
	}
	json_decref(snap);
	if (!g)
		return -1;
	if (match_replay_and_install(srv, m, g, after, err) != 0) {
		if (refused[0] && err) {
			char msg[TG_ERR_MSG_MAX];
			snprintf(msg, sizeof msg, "%s", err->message);
			tg_fail(err, "internal",
			        "its snapshot was refused (%s) and its log does not replay under "
			        "this version's rules: %s",
			        refused, msg);
		}
		return -1;
	}
	if (refused[0]) {
		struct tg_error se = {0};
		m->since_snapshot = srv->cfg.snapshot_every; /* forces the snapshot */
		if (match_maybe_snapshot(srv, m, true, &se) != 0)
			TG_WARN(0, m->id, "rebuilt, but its new snapshot was not saved: %s",
			        se.message);
		else
			TG_INFO(0, m->id, "rebuilt from its log; snapshot at action %lld saved",
			        (long long)m->seq);
	}
	/* The loaded state may end in undoable actions: a base taken now would
	 * be after them, which the undo check (base_seq < target) refuses. */
	match_base_forget(m);
	return 0;
}

int match_build_game(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	return match_build_game_before(srv, m, INT64_MAX, err);
}

struct tg_match *match_get(struct tg_server *srv, int64_t id, struct tg_error *err)
{
	struct tg_match *m = match_find(srv, id);
	if (m) {
		m->used = srv_now();
		return m;
	}
	json_t *row = tg_store_match_get(srv->store, id, err);
	if (!row)
		return NULL;
	const struct game_module *mod = tg_game_find(srv->games, str(row, "game"));
	if (!mod) {
		tg_fail(err, "no_such_game", "match %lld is of a game this server does not offer",
		        (long long)id);
		json_decref(row);
		return NULL;
	}
	m = calloc(1, sizeof *m);
	if (!m) {
		json_decref(row);
		tg_fail(err, "internal", "out of memory");
		return NULL;
	}
	m->id = id;
	m->mod = mod;
	match_set_row(m, row);
	m->heap_slot = TG_HEAP_NONE;
	m->used = srv_now();
	while (mod->roles[m->nroles] && m->nroles < TG_ROLE_MAX)
		m->nroles++;
	const char *st = match_status(m);
	if ((strcmp(st, "active") == 0 || strcmp(st, "finished") == 0) &&
	    match_build_game(srv, m, err) != 0) {
		/* The game's own codes (game_data, bad_save...) are not protocol
		 * codes: to a client this is the server failing. */
		if (err && strcmp(err->code, "storage") != 0 &&
		    strcmp(err->code, TG_E_RULES_CHANGED) != 0) {
			char msg[TG_ERR_MSG_MAX];
			snprintf(msg, sizeof msg, "%s", err->message);
			tg_fail(err, "internal", "Match %lld cannot be loaded: %s", (long long)id,
			        msg);
		}
		match_free(m);
		return NULL;
	}
	m->next = srv->matches[(uint64_t)id % TG_MATCH_BUCKETS];
	srv->matches[(uint64_t)id % TG_MATCH_BUCKETS] = m;
	clock_load(srv, m);
	return m;
}

void match_release_if_idle(struct tg_server *srv, struct tg_match *m)
{
	if (m->nsubs == 0 && !m->dirty && !m->job && strcmp(match_status(m), "active") != 0) {
		match_unlink(srv, m);
		match_free(m);
	}
}

void match_evict_idle(struct tg_server *srv)
{
	if (srv->cfg.evict_after_s == 0 || srv->tx_open)
		return;
	int64_t before = srv_now() - (int64_t)srv->cfg.evict_after_s;
	unsigned evicted = 0;
	for (int b = 0; b < TG_MATCH_BUCKETS; b++) {
		struct tg_match *m = srv->matches[b], *next;
		for (; m; m = next) {
			next = m->next;
			/* Followed matches stay (their subscribers hold them), and
			 * so do running clocks (the deadline heap holds them). All
			 * that is dropped is in the store (nothing dirty) but the
			 * kept patches for `since`: PROTOCOL.md lets the server
			 * answer `since` with a full view. */
			if (m->nsubs || m->dirty || m->job || m->heap_slot != TG_HEAP_NONE ||
			    m->used > before)
				continue;
			/* Saved after its last action first: a newer rules version
			 * resumes it from there (match_rules.c). */
			struct tg_error se = {0};
			if (match_save_head(srv, m, &se) != 0) {
				TG_WARN(0, m->id, "kept in memory: its state was not saved: %s",
				        se.message);
				srv_tx_fail(srv);
				continue;
			}
			match_unlink(srv, m);
			match_free(m);
			evicted++;
		}
	}
	if (srv->tx_open)
		srv_turn_commit(srv); /* the snapshots of match_save_head */
	if (!evicted)
		return;
#ifdef __GLIBC__
	/* The freed matches lie among blocks still in use: glibc's malloc
	 * returns such pages only when asked. Without this 2,000 evicted
	 * matches left the daemon at 261 MiB, as if none had gone (27 MiB
	 * with it). At most once a sweep, and only after an eviction. */
	malloc_trim(0);
#endif
	TG_INFO(0, 0, "evicted %u idle matches from memory", evicted);
}

int match_start_if_full(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	const char *entropies[TG_ROLE_MAX];
	json_t *seats = json_object_get(m->row, "seats");
	for (int r = 0; r < m->nroles; r++) {
		entropies[r] = NULL;
		size_t i;
		json_t *seat;
		json_array_foreach(seats, i,
		                   seat) if (strcmp(str(seat, "role"), m->mod->roles[r]) == 0)
		    entropies[r] = str(seat, "entropy");
		if (!entropies[r])
			return 0; /* a seat is still free */
	}
	uint8_t seed[32];
	char seed_hex[65];
	if (tg_seed_derive(str(m->row, "secret"), entropies, (size_t)m->nroles, seed) != 0)
		return tg_fail(err, "internal", "the seed material of match %lld is corrupt",
		               (long long)m->id);
	tg_hex_encode(seed, 32, seed_hex);
	struct game *g =
	    m->mod->setup(seed, str(m->row, "scenario"), json_object_get(m->row, "options"), err);
	if (!g)
		return -1;
	/* Set up now: played under this server's rules, whatever the version
	 * when the match was created. */
	bool rules_moved = match_rules_version(m) != m->mod->rules_version;
	if (srv_tx(srv, err) != 0 ||
	    (rules_moved &&
	     tg_store_match_set_rules(srv->store, m->id, m->mod->rules_version, 0, err) != 0) ||
	    tg_store_match_set_status(srv->store, m->id, "active", seed_hex, NULL, err) != 0 ||
	    match_refresh(m, srv, err) != 0) {
		m->mod->free(g);
		return -1;
	}
	match_touch(srv, m);
	if (m->g)
		m->mod->free(m->g);
	m->g = g;
	m->seq = 0;
	m->since_snapshot = 0;
	match_base_forget(m);
	m->mod->status(g, &m->st);
	m->summary_unmade = false;
	if (clock_sync(srv, m, err) != 0 || notify_match_started(srv, m, err) != 0)
		return -1;
	TG_INFO(0, m->id, "started");
	views_push_match(srv, m);
	views_reset(srv, m);
	return 0;
}

int match_maybe_snapshot(struct tg_server *srv, struct tg_match *m, bool turn_changed,
                         struct tg_error *err)
{
	if (!turn_changed && m->since_snapshot < srv->cfg.snapshot_every)
		return 0;
	/* The game's save written as text where it can (game.h save_text;
	 * issue 17: no tree built and freed), else save()'s tree: the same bytes. */
	int rc;
	struct tg_text text = {0};
	if (m->mod->save_text && m->mod->save_text(m->g, &text) == 0) {
		rc = tg_store_snapshot_put_text(srv->store, m->id, m->seq, text.p, text.n, err);
	} else {
		json_t *state = m->mod->save(m->g);
		rc = state ? tg_store_snapshot_put(srv->store, m->id, m->seq, state, err)
		           : tg_fail(err, "internal", "the game could not save its state");
		json_decref(state);
	}
	free(text.p);
	if (rc == 0)
		m->since_snapshot = 0;
	return rc;
}

int match_save_head(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	if (!m->g || m->since_snapshot == 0 || strcmp(match_status(m), "active") != 0)
		return 0;
	if (srv_tx(srv, err) != 0)
		return -1;
	return match_maybe_snapshot(srv, m, true, err);
}

int match_finish(struct tg_server *srv, struct tg_match *m, json_t *result, struct tg_error *err)
{
	int rc = -1;
	if (srv_tx(srv, err) == 0 &&
	    tg_store_match_set_status(srv->store, m->id, "finished", NULL, result, err) == 0 &&
	    match_refresh(m, srv, err) == 0)
		rc = 0;
	json_decref(result);
	if (rc != 0 || clock_sync(srv, m, err) != 0)
		return -1;
	match_touch(srv, m);
	TG_INFO(0, m->id, "finished: %s", str(json_object_get(m->row, "result"), "summary"));
	/* Ratings and a tournament game's result count at once, in this turn. */
	if (ratings_match_finished(srv, m, err) != 0 || notify_match_finished(srv, m, err) != 0)
		return -1;
	return tourney_match_finished(srv, m, err);
}

bool match_barrier_after(const struct tg_match *m, int role)
{
	return m->st.finished || (m->st.awaiting & ~(1u << role)) != 0;
}

/* The game's summary line: st's, or made in *scratch when the last act
 * left it unmade (game.h status_brief). m->g must be the loop's: no
 * fan-out job holds it. */
static const char *summary_of(const struct tg_match *m, struct game_status *scratch)
{
	if (!m->summary_unmade || !m->g)
		return m->st.summary;
	m->mod->status(m->g, scratch);
	return scratch->summary;
}

const char *match_summary(struct tg_server *srv, struct tg_match *m, struct game_status *scratch)
{
	if (m->summary_unmade && m->g &&
	    m->job) /* a worker owns m->g until its job is taken back */
		fanout_join(srv, m, true);
	return summary_of(m, scratch);
}

json_t *match_result_json(const struct tg_match *m)
{
	/* asked after the act, whose op waited for any job (match_find), and
	 * before the last fan-out is dispatched: m->g is the loop's */
	struct game_status scratch;
	return json_pack("{s:o,s:s}", "winner",
	                 m->st.winner >= 0 && m->st.winner < m->nroles
	                     ? json_string(m->mod->roles[m->st.winner])
	                     : json_null(),
	                 "summary", summary_of(m, &scratch));
}

/* The seat role of the requester in an active match, or -1 after replying.
 * Shared checks of act, undo and resign. */
int match_player_role(struct tg_session *s, const json_t *req, struct tg_match *m)
{
	int role = match_seat_of(m, s->user_id);
	if (role < 0) {
		srv_error(s, req, "not_a_participant", "You do not sit in match %lld.",
		          (long long)m->id);
		return -1;
	}
	const char *st = match_status(m);
	if (strcmp(st, "finished") == 0) {
		srv_error(s, req, "match_finished", "Match %lld is over.", (long long)m->id);
		return -1;
	}
	if (strcmp(st, "active") != 0 || !m->g) {
		srv_error(s, req, "match_not_active", "Match %lld is %s, not being played.",
		          (long long)m->id, st);
		return -1;
	}
	return role;
}

/* 0 if the request's seq is the match's, else -1 after replying. */
int match_check_seq(struct tg_session *s, const json_t *req, struct tg_match *m)
{
	json_t *seq = json_object_get(req, "seq");
	if (!json_is_integer(seq)) {
		srv_error(s, req, "malformed_request",
		          "\"seq\" must be the seq of your latest view.");
		return -1;
	}
	if (json_integer_value(seq) != m->seq) {
		json_t *e = json_pack("{s:s,s:s,s:s,s:I}", "op", "error", "code", "stale_seq",
		                      "message", "", "seq", (json_int_t)m->seq);
		char msg[160];
		snprintf(msg, sizeof msg, "The match is at seq %lld, not %lld: catch up and retry.",
		         (long long)m->seq, (long long)json_integer_value(seq));
		json_object_set_new(e, "message", json_string(msg));
		srv_send(s, e, TG_OUT_ERROR, json_object_get(req, "id"));
		return -1;
	}
	return 0;
}

/* A refused action of a type the player is not offered now is reported as
 * that, with the types he is offered, rather than as whatever the game's
 * handler made of it (issue 15: Lincoln's War's administration answered
 * "bogus needs a \"general\""). Only the sentence of a refusal changes, so
 * what the game accepts stays its own business; the view is computed only
 * for a refusal, on the unchanged state. */
static void explain_unoffered_type(const struct tg_match *m, const char *role, const char *type,
                                   struct tg_error *err)
{
	if (!type || (strcmp(err->code, "illegal_action") && strcmp(err->code, "malformed_action")))
		return;
	json_t *view = m->mod->view(m->g, role);
	/* a param named "type" offers its values too (PROTOCOL.md) */
	json_t *offered = tg_offered_types(json_object_get(view, "actions"));
	size_t j;
	json_t *t;
	bool known = false;
	json_array_foreach(offered, j, t) known |= !strcmp(json_string_value(t), type);
	if (!known && json_array_size(offered)) {
		char list[TG_ERR_MSG_MAX / 2] = "";
		size_t len = 0;
		json_array_foreach(offered, j, t)
		{
			if (len < sizeof list)
				len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
				                        j ? ", " : "", json_string_value(t));
		}
		snprintf(err->code, sizeof err->code, "illegal_action");
		snprintf(err->message, sizeof err->message,
		         "no action of type \"%.60s\" now: the actions offered (the view's "
		         "\"actions\") are of type %s",
		         type, list);
	}
	json_decref(offered);
	json_decref(view);
}

int match_act(struct tg_server *srv, struct tg_match *m, int role, const json_t *action,
              int (*in_tx)(void *ctx, struct tg_error *err), void *ctx, struct tg_error *err)
{
	const char *role_name = m->mod->roles[role];
	struct game_outcome out = {0};
	uint32_t turn = m->st.turn;
	unsigned awaited_before = m->st.awaiting;
	views_wake(m);
	/* The state after the latest barrier, taken now if due (undo_base.c);
	 * a refusal changes nothing (game.h act), so the base's runs hold. */
	match_base_before_act(m);
	if (m->mod->act(m->g, role_name, action, &out, err) != 0) {
		explain_unoffered_type(m, role_name, str(action, "type"), err);
		return -1;
	}
	/* From here the live state has changed: any failure rolls the turn back
	 * and reloads this match from the store. */
	match_touch(srv, m);
	m->seq++;
	m->since_snapshot++;
	/* the summary line only when read (match_summary): 1.7 K instructions
	 * an act for Lincoln's War, read by the lobby's list and the result */
	if (m->mod->status_brief) {
		m->mod->status_brief(m->g, &m->st);
		m->summary_unmade = true;
	} else {
		m->mod->status(m->g, &m->st);
		m->summary_unmade = false;
	}
	bool barrier = out.barrier || match_barrier_after(m, role);
	/* No undo reaches behind a barrier: its base goes now, not at the next
	 * action (issue 17: 18 KB a Lincoln's War match held for nothing while
	 * the other player thinks). */
	if (barrier)
		match_base_forget(m);
	else
		match_base_after_act(srv, m, &out);
	/* the message's own text of the action when it is the compact dump
	 * (net/message.h): the log row then costs no second serialisation */
	size_t text_len = 0;
	const char *text = tg_net_message_text(action, &text_len);
	if (srv_tx(srv, err) != 0 ||
	    tg_store_action_append_text(srv->store, m->id, m->seq, role_name, action, text,
	                                text_len, barrier, srv_now(), err) != 0 ||
	    (in_tx && in_tx(ctx, err) != 0) || clock_sync(srv, m, err) != 0 ||
	    match_maybe_snapshot(srv, m, m->st.turn != turn || m->st.finished, err) != 0 ||
	    notify_awaited(srv, m, awaited_before, role, in_tx != NULL, err) != 0) {
		srv_tx_fail(srv);
		char msg[TG_ERR_MSG_MAX];
		snprintf(msg, sizeof msg, "%s", err->message);
		tg_fail(err, "storage", "The database could not save the action: %s", msg);
		return -1;
	}
	TG_DEBUG(0, m->id, "action seq=%lld by %s%s", (long long)m->seq, role_name,
	         barrier ? " (barrier)" : "");
	status_count_action(srv);
	return 0;
}

void match_act_after(struct tg_server *srv, struct tg_match *m)
{
	/* A worker's (fanout.c), unless the game ended: the last patch then
	 * goes before the match push, as it always did. */
	if (!m->st.finished && fanout_dispatch(srv, m))
		return;
	views_fanout(srv, m);
	if (!m->st.finished)
		return;
	struct tg_error err = {0};
	if (match_finish(srv, m, match_result_json(m), &err) != 0) {
		srv_tx_fail(srv);
		TG_ERROR(0, m->id, "could not finish: %s", err.message);
		return;
	}
	views_push_match(srv, m);
}

void op_act(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_match *m = req_match(s, req);
	int role = m ? match_player_role(s, req, m) : -1;
	if (role < 0 || match_check_seq(s, req, m) != 0)
		return;
	const json_t *action = json_object_get(req, "action");
	if (!json_is_object(action)) {
		srv_error(s, req, "malformed_request", "\"action\" must be an object.");
		return;
	}
	const char *type = str(action, "type");
	if (type && type[0] == '$') {
		srv_error(s, req, "illegal_action",
		          "Action types starting with '$' are the server's.");
		return;
	}
	struct tg_error err = {0};
	if (match_act(srv, m, role, action, NULL, NULL, &err) != 0) {
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok_seq(s, req, m->id, m->seq);
	match_act_after(srv, m);
}

void op_resign(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_match *m = req_match(s, req);
	int role = m ? match_player_role(s, req, m) : -1;
	if (role < 0)
		return;
	int winner = m->nroles == 2 ? 1 - role : -1;
	char summary[160];
	snprintf(summary, sizeof summary, "%s (%s) resigned", s->user_name, m->mod->roles[role]);
	json_t *result = json_pack("{s:o,s:s,s:s}", "winner",
	                           winner >= 0 ? json_string(m->mod->roles[winner]) : json_null(),
	                           "summary", summary, "resigned", m->mod->roles[role]);
	struct tg_error err = {0};
	if (match_finish(srv, m, result, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:I}", "match", (json_int_t)m->id));
	views_push_match(srv, m);
	views_reset(srv, m);
}
