/* match_rules.c — a stored match's rules version against its module's
 * (game.h, "Rules versions"; docs/ARCHITECTURE.md, "Rules versions").
 *
 * A match's log is replayed only under the rules it was played under, or
 * under a version whose module lists that one in rules_compatible. A match
 * whose rules the module no longer replays resumes from its latest saved
 * state if no action in effect follows it (the state is what the old rules
 * made of the log, so nothing is replayed), and from then on records the
 * module's version and the action it applies after (rules_since). Anything
 * else is refused with the error "rules_changed": the match waits for the
 * operator (docs/OPERATIONS.md, "Rules versions") instead of being replayed
 * into a state its players never saw. Active matches load at start-up, so
 * an active match whose recorded version its game does not replay is one
 * waiting so: the operators' status lists them (match_rules_held). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/server_internal.h"
#include "util/log.h"

static unsigned row_rules_version(const json_t *row)
{
	json_int_t v = json_integer_value(json_object_get(row, "rules_version"));
	return v >= 1 && v <= UINT32_MAX ? (unsigned)v : 1;
}

unsigned match_rules_version(const struct tg_match *m)
{
	return row_rules_version(m->row);
}

bool match_rules_row_held(const struct game_module *mod, const json_t *row)
{
	const char *status = json_string_value(json_object_get(row, "status"));
	return mod && status && strcmp(status, "active") == 0 &&
	       !tg_game_rules_replay(mod, row_rules_version(row));
}

int64_t match_rules_since(const struct tg_match *m)
{
	return json_integer_value(json_object_get(m->row, "rules_since"));
}

bool match_rules_replay(const struct tg_match *m)
{
	return tg_game_rules_replay(m->mod, match_rules_version(m));
}

int match_rules_refuse(const struct tg_match *m, const char *why, struct tg_error *err)
{
	return tg_fail(err, TG_E_RULES_CHANGED,
	               "Match %lld was played under %s rules version %u; this server has "
	               "version %u, %s.",
	               (long long)m->id, m->mod->title, match_rules_version(m),
	               m->mod->rules_version, why);
}

#define HELD " It waits for the server's operator (docs/OPERATIONS.md, \"Rules versions\")"

int match_rules_acts_between(struct tg_server *srv, const struct tg_match *m, int64_t after,
                             int64_t upto, struct tg_error *err)
{
	json_t *later = tg_store_action_list(srv->store, m->id, after, err);
	if (!later)
		return -1;
	int n = 0;
	size_t i;
	json_t *a;
	json_array_foreach(later, i, a)
	{
		if (json_integer_value(json_object_get(a, "seq")) <= upto)
			n += match_action_in_effect(a);
	}
	json_decref(later);
	return n;
}

int match_rules_resume(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	struct tg_error e2 = {0};
	json_t *snap = tg_store_snapshot_latest(srv->store, m->id, &e2);
	if (!snap) {
		/* Its text does not parse (not checked when written, 260): the
		 * seed cannot rebuild it under these rules either, so it waits
		 * as a saved state the game refuses does. */
		if (strcmp(e2.code, "bad_snapshot") == 0) {
			char why[TG_ERR_MSG_MAX];
			snprintf(why, sizeof why,
			         "which does not replay that version's logs, and its last saved "
			         "state does not load (%.120s)." HELD,
			         e2.message);
			return match_rules_refuse(m, why, err);
		}
		if (strcmp(e2.code, "no_snapshot") != 0) {
			*err = e2;
			return -1;
		}
		return match_rules_refuse(
		    m,
		    "which does not replay that version's logs, and the match has no saved "
		    "state." HELD,
		    err);
	}
	int64_t at = json_integer_value(json_object_get(snap, "seq"));
	int later = match_rules_acts_between(srv, m, at, INT64_MAX, err);
	struct tg_error le = {0};
	struct game *g = later == 0 ? m->mod->load(json_object_get(snap, "state"), &le) : NULL;
	json_decref(snap);
	if (later < 0)
		return -1;
	char why[TG_ERR_MSG_MAX];
	if (later > 0) {
		snprintf(
		    why, sizeof why,
		    "which does not replay that version's logs, and %d action%s after its last "
		    "saved state (action %lld) would be." HELD,
		    later, later == 1 ? "" : "s", (long long)at);
		return match_rules_refuse(m, why, err);
	}
	if (!g) {
		snprintf(why, sizeof why,
		         "which does not replay that version's logs, and its saved state at action "
		         "%lld does not load (%.120s)." HELD,
		         (long long)at, le.message);
		return match_rules_refuse(m, why, err);
	}
	unsigned old = match_rules_version(m);
	/* Nothing in effect follows the snapshot: this only moves m->seq past
	 * the undone and server entries. */
	if (match_replay_and_install(srv, m, g, at, err) != 0)
		return -1;
	/* A finished match is only shown: it keeps the version it was played
	 * under, which its record carries. A running one goes on under the new
	 * rules from here. */
	if (strcmp(match_status(m), "active") == 0) {
		if (tg_store_match_set_rules(srv->store, m->id, m->mod->rules_version, at, err) !=
		    0)
			return -1;
		json_object_set_new(m->row, "rules_version", json_integer(m->mod->rules_version));
		json_object_set_new(m->row, "rules_since", json_integer(at));
		TG_WARN(0, m->id,
		        "played under %s rules version %u: resumed from its saved state at action "
		        "%lld, under version %u from here on",
		        m->mod->title, old, (long long)at, m->mod->rules_version);
	}
	return 0;
}

json_t *match_rules_held(struct tg_server *srv, struct tg_error *err)
{
	json_t *groups = tg_store_match_rules_counts(srv->store, err);
	if (!groups)
		return NULL;
	json_t *ids = json_array();
	json_int_t count = 0;
	size_t i;
	json_t *grp;
	json_array_foreach(groups, i, grp)
	{
		const char *game = json_string_value(json_object_get(grp, "game"));
		json_int_t v = json_integer_value(json_object_get(grp, "rules_version"));
		const struct game_module *mod = game ? tg_game_find(srv->games, game) : NULL;
		/* A game not offered is another matter (no_such_game). */
		if (!mod || v < 1 || v > UINT32_MAX || tg_game_rules_replay(mod, (unsigned)v))
			continue;
		count += json_integer_value(json_object_get(grp, "count"));
		size_t have = json_array_size(ids);
		if (have >= TG_RULES_HELD_LISTED)
			continue;
		json_t *some = tg_store_match_rules_ids(srv->store, game, (unsigned)v,
		                                        (int)(TG_RULES_HELD_LISTED - have), err);
		if (!some) {
			json_decref(groups);
			json_decref(ids);
			return NULL;
		}
		json_array_extend(ids, some);
		json_decref(some);
	}
	json_decref(groups);
	return json_pack("{s:I,s:o}", "count", count, "matches", ids);
}
