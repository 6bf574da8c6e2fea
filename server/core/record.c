/* record.c — build a finished match's record, verify one, and the export op. */
#include "core/record.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seed.h"
#include "core/server_internal.h"

static const char *str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

json_t *tg_record_build(const json_t *row, const json_t *actions, struct tg_error *err)
{
	if (!str(row, "status") || strcmp(str(row, "status"), "finished") != 0) {
		tg_fail(err, "not_finished",
		        "The match is not finished: its record would reveal hidden information.");
		return NULL;
	}
	json_t *seats = json_array(), *entropies = json_array(), *log = json_array();
	size_t i;
	json_t *seat, *a;
	json_array_foreach(json_object_get(row, "seats"), i, seat)
	{
		json_array_append_new(seats,
		                      json_pack("{s:O,s:O}", "role", json_object_get(seat, "role"),
		                                "user", json_object_get(seat, "user_name")));
		json_array_append_new(entropies,
		                      json_pack("{s:O,s:O}", "role", json_object_get(seat, "role"),
		                                "entropy", json_object_get(seat, "entropy")));
	}
	json_array_foreach(actions, i, a)
	{
		json_array_append_new(
		    log,
		    json_pack("{s:O,s:O,s:O,s:b,s:b}", "seq", json_object_get(a, "seq"), "role",
		              json_object_get(a, "role"), "action", json_object_get(a, "action"),
		              "barrier", json_is_true(json_object_get(a, "barrier")), "undone",
		              json_is_true(json_object_get(a, "undone"))));
	}
	/* The rules the actions after rules_since were played under (game.h,
	 * "Rules versions"); a row from before schema 106 has none: 1, 0. */
	json_int_t rules = json_integer_value(json_object_get(row, "rules_version"));
	json_t *rec = json_pack(
	    "{s:s,s:i,s:O,s:O,s:O,s:O,s:I,s:I,s:o,s:O,s:O,s:o,s:O,s:o,s:O}", "format",
	    "telegraph-record", "version", 1, "match", json_object_get(row, "id"), "game",
	    json_object_get(row, "game"), "scenario", json_object_get(row, "scenario"), "options",
	    json_object_get(row, "options"), "rules_version", rules >= 1 ? rules : 1, "rules_since",
	    json_integer_value(json_object_get(row, "rules_since")), "seats", seats, "commitment",
	    json_object_get(row, "commitment"), "secret", json_object_get(row, "secret"),
	    "entropies", entropies, "seed", json_object_get(row, "seed"), "actions", log, "result",
	    json_object_get(row, "result"));
	if (!rec)
		tg_fail(err, "internal", "the match's stored data is incomplete");
	return rec;
}

/* A failure of a record played under other rules than the verifier's:
 * err's message says so (the change may be the cause). Returns -1. */
static int rules_note(const struct game_module *mod, unsigned rules, bool same,
                      struct tg_error *err)
{
	if (rules == mod->rules_version || !err)
		return -1;
	char msg[TG_ERR_MSG_MAX];
	snprintf(msg, sizeof msg, "%s", err->message);
	snprintf(err->message, sizeof err->message,
	         "played under %s rules version %u, replayed under this build's version %u%s: "
	         "%.200s",
	         mod->id, rules, mod->rules_version,
	         same ? " (declared to replay it the same)" : ", which may be why", msg);
	return -1;
}

/* Entropies in the game's role order (the seed is derived in that order),
 * looked up by role name: the record lists them in seat order, which for a
 * game whose second role sat first differs from the role order. */
static int entropies_in_order(const struct game_module *mod, const json_t *list, const char **out,
                              size_t *n, struct tg_error *err)
{
	size_t count = 0;
	while (mod->roles[count])
		count++;
	if (!json_is_array(list) || json_array_size(list) != count || count > TG_ROLE_MAX)
		return tg_fail(err, "bad_record",
		               "\"entropies\" must list each of the %zu roles once", count);
	for (size_t i = 0; i < count; i++) {
		out[i] = NULL;
		size_t j;
		json_t *e;
		json_array_foreach(list, j, e)
		{
			if (!str(e, "role") || strcmp(str(e, "role"), mod->roles[i]) != 0)
				continue;
			if (out[i] || !tg_seed_entropy_valid(str(e, "entropy")))
				return tg_fail(err, "bad_record",
				               "the entropy of role %s must appear once, as "
				               "{\"role\":\"%s\", \"entropy\": hex}",
				               mod->roles[i], mod->roles[i]);
			out[i] = str(e, "entropy");
		}
		if (!out[i])
			return tg_fail(err, "bad_record", "no entropy for role %s", mod->roles[i]);
	}
	*n = count;
	return 0;
}

/* Undo entries must each name an earlier action of the same role, marked
 * undone, and every undone action must be named by exactly one of them. */
static int check_undos(const json_t *actions, struct tg_error *err)
{
	size_t n = json_array_size(actions);
	unsigned char *named = calloc(n + 1, 1);
	if (!named)
		return tg_fail(err, "internal", "out of memory");
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		json_t *a = json_array_get(actions, i);
		const json_t *act = json_object_get(a, "action");
		if (!str(act, "type") || strcmp(str(act, "type"), "$undo") != 0)
			continue;
		json_int_t t = json_integer_value(json_object_get(act, "seq"));
		json_t *target =
		    t >= 1 && (size_t)t <= n ? json_array_get(actions, (size_t)t - 1) : NULL;
		if (!target || (size_t)t > i || named[t] ||
		    !json_is_true(json_object_get(target, "undone")) ||
		    json_is_true(json_object_get(target, "barrier")) ||
		    strcmp(str(target, "role"), str(a, "role")) != 0 ||
		    !str(json_object_get(target, "action"), "type") ||
		    str(json_object_get(target, "action"), "type")[0] == '$')
			rc = tg_fail(
			    err, "bad_undo",
			    "seq %zu takes back seq %lld, which is not an earlier action of "
			    "the same role, marked undone and not a barrier",
			    i + 1, (long long)t);
		else
			named[t] = 1;
	}
	for (size_t i = 0; i < n && rc == 0; i++)
		if (json_is_true(json_object_get(json_array_get(actions, i), "undone")) &&
		    !named[i + 1])
			rc = tg_fail(err, "bad_undo",
			             "seq %zu is marked undone but no undo names it", i + 1);
	free(named);
	return rc;
}

static int check_result(const struct game_module *mod, const struct game *g, const json_t *result,
                        struct tg_error *err)
{
	struct game_status st;
	mod->status(g, &st);
	const json_t *w = json_object_get(result, "winner");
	/* A timeout is, to the rules, what a resignation is: the game stopped
	 * before its end, and the other side won. */
	const char *resigned = str(result, "resigned");
	bool timeout = !resigned && str(result, "timeout");
	const char *how = timeout ? "ran out of time" : "resigned";
	if (timeout)
		resigned = str(result, "timeout");
	if (!json_is_object(result) || (!json_is_null(w) && !json_is_string(w)))
		return tg_fail(err, "bad_record",
		               "\"result\" must be {\"winner\": role|null, ...}");
	if (resigned) {
		int r = tg_game_role_index(mod, resigned);
		if (r < 0 || st.finished)
			return tg_fail(err, "result_mismatch",
			               "the record says %s %s, but the replayed game %s", resigned,
			               how, st.finished ? "ended on its own" : "has no such role");
		const char *other = mod->roles[r == 0 ? 1 : 0];
		/* Both clocks may have run out (a simultaneous choice): nobody wins. */
		bool both_out = timeout && json_is_null(w);
		if (!both_out && (!json_is_string(w) || strcmp(json_string_value(w), other) != 0))
			return tg_fail(err, "result_mismatch", "after %s %s the winner must be %s",
			               resigned, how, other);
		return 0;
	}
	if (!st.finished)
		return tg_fail(err, "result_mismatch",
		               "the replayed game is not over (%s), but the record has a result",
		               st.summary);
	const char *want = st.winner >= 0 ? mod->roles[st.winner] : NULL;
	const char *got = json_string_value(w);
	if ((want == NULL) != (got == NULL) || (want && strcmp(want, got) != 0))
		return tg_fail(err, "result_mismatch",
		               "the replayed game's winner is %s, the record says %s",
		               want ? want : "nobody", got ? got : "nobody");
	return 0;
}

int tg_record_verify(const json_t *record, const struct game_module *const *games, json_t **report,
                     struct tg_error *err)
{
	if (report)
		*report = NULL;
	if (!json_is_object(record) || !str(record, "format") ||
	    strcmp(str(record, "format"), "telegraph-record") != 0 ||
	    json_integer_value(json_object_get(record, "version")) != 1)
		return tg_fail(err, "bad_record", "not a telegraph-record, version 1");
	const char *game = str(record, "game"), *scenario = str(record, "scenario");
	const char *secret = str(record, "secret"), *commitment = str(record, "commitment");
	const char *seed_hex = str(record, "seed");
	const json_t *actions = json_object_get(record, "actions");
	if (!game || !scenario || !secret || !commitment || !seed_hex || !json_is_array(actions))
		return tg_fail(
		    err, "bad_record",
		    "a record needs game, scenario, secret, commitment, seed and actions");
	const struct game_module *mod = tg_game_find(games, game);
	if (!mod)
		return tg_fail(err, "no_such_game", "this build has no game \"%s\"", game);
	char c[65];
	if (tg_seed_commitment(secret, c) != 0 || strcmp(c, commitment) != 0)
		return tg_fail(err, "commitment_mismatch",
		               "SHA-256 of the secret is %s, not the published commitment %s",
		               tg_seed_commitment(secret, c) == 0 ? c : "(secret is not 32 bytes)",
		               commitment);
	const char *ent[TG_ROLE_MAX];
	size_t n = 0;
	uint8_t seed[32];
	char seed_calc[65];
	if (entropies_in_order(mod, json_object_get(record, "entropies"), ent, &n, err) != 0)
		return -1;
	if (tg_seed_derive(secret, ent, n, seed) != 0)
		return tg_fail(err, "bad_record", "the seed material is not hex");
	tg_hex_encode(seed, 32, seed_calc);
	if (strcmp(seed_calc, seed_hex) != 0)
		return tg_fail(err, "seed_mismatch",
		               "SHA-256(secret || entropies) is %s, not the recorded seed %s",
		               seed_calc, seed_hex);
	size_t i;
	json_t *a;
	json_array_foreach(actions, i, a)
	{
		if (json_integer_value(json_object_get(a, "seq")) != (json_int_t)i + 1 ||
		    tg_game_role_index(mod, str(a, "role")) < 0 ||
		    !json_is_object(json_object_get(a, "action")))
			return tg_fail(err, "bad_record",
			               "action %zu must have seq %zu, a role of the game and an "
			               "action object",
			               i + 1, i + 1);
	}
	if (check_undos(actions, err) != 0)
		return -1;
	/* The rules (game.h, "Rules versions"): a record exported before the
	 * versions has none and reads 1. One resumed from a saved state under
	 * newer rules cannot be replayed from its seed by any build. */
	const json_t *jrules = json_object_get(record, "rules_version");
	const json_t *jsince = json_object_get(record, "rules_since");
	if ((jrules && (!json_is_integer(jrules) || json_integer_value(jrules) < 1 ||
	                json_integer_value(jrules) > UINT32_MAX)) ||
	    (jsince && (!json_is_integer(jsince) || json_integer_value(jsince) < 0)))
		return tg_fail(err, "bad_record",
		               "\"rules_version\" must be an integer of 1 or more, \"rules_since\" "
		               "one of 0 or more");
	unsigned rules = jrules ? (unsigned)json_integer_value(jrules) : 1;
	if (jsince && json_integer_value(jsince) > 0)
		return tg_fail(
		    err, "rules_changed",
		    "the match was resumed under %s rules version %u from its saved state "
		    "at seq %lld: the actions up to there were played under an older "
		    "version, which no build replays; commitment and seed hold",
		    mod->title, rules, (long long)json_integer_value(jsince));
	bool same_rules = tg_game_rules_replay(mod, rules);
	const json_t *options = json_object_get(record, "options");
	struct game *g = mod->setup(seed, scenario, json_is_object(options) ? options : NULL, err);
	if (!g)
		return rules_note(mod, rules, same_rules, err);
	size_t applied = 0, undone = 0;
	json_array_foreach(actions, i, a)
	{
		const json_t *act = json_object_get(a, "action");
		if (json_is_true(json_object_get(a, "undone"))) {
			undone++;
			continue;
		}
		if (str(act, "type") && str(act, "type")[0] == '$')
			continue;
		struct tg_error ae = {0};
		if (mod->act(g, str(a, "role"), act, NULL, &ae) != 0) {
			tg_fail(err, "action_rejected",
			        "seq %zu (%s) is refused by the rules: %s: %s", i + 1,
			        str(a, "role"), ae.code, ae.message);
			mod->free(g);
			return rules_note(mod, rules, same_rules, err);
		}
		applied++;
	}
	const json_t *result = json_object_get(record, "result");
	if (check_result(mod, g, result, err) != 0) {
		mod->free(g);
		return rules_note(mod, rules, same_rules, err);
	}
	struct game_status st;
	mod->status(g, &st);
	/* What each seat plays at the end (game.h seat_text, else the role's
	 * title), so that verify says the winner as the game does. */
	json_t *seats = report ? json_object() : NULL;
	for (int r = 0; seats && mod->roles[r]; r++) {
		char buf[TG_SEAT_TEXT_MAX];
		json_object_set_new(seats, mod->roles[r],
		                    json_string(tg_game_seat_text(mod, g, r, buf, sizeof buf)));
	}
	mod->free(g);
	/* O?: the match number is not checked and may be absent (then null);
	 * plain O made json_pack fail, and a verified record had no report. */
	if (report)
		*report = json_pack(
		    "{s:s,s:s,s:O?,s:I,s:I,s:O?,s:s,s:I,s:b,s:I,s:b,s:b,s:o*}", "game", game,
		    "scenario", scenario, "match", json_object_get(record, "match"), "actions",
		    (json_int_t)applied, "undone", (json_int_t)undone, "result", result, "final",
		    st.summary, "rules_version", (json_int_t)rules, "rules_named", jrules != NULL,
		    "rules_replayed", (json_int_t)mod->rules_version, "rules_compatible",
		    same_rules, "rules_other", rules != mod->rules_version, "seats", seats);
	return 0;
}

void op_export(struct tg_session *s, const json_t *req)
{
	struct tg_match *m = req_match(s, req);
	if (!m)
		return;
	struct tg_error err = {0};
	if (strcmp(match_status(m), "finished") != 0) {
		srv_error(s, req, "not_finished",
		          "Match %lld is %s: only finished matches are exported, so that no hidden "
		          "information leaves the server.",
		          (long long)m->id, match_status(m));
		return;
	}
	json_t *actions = tg_store_action_list(s->srv->store, m->id, 0, &err);
	json_t *rec = actions ? tg_record_build(m->row, actions, &err) : NULL;
	json_decref(actions);
	if (!rec) {
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:I,s:o}", "match", (json_int_t)m->id, "record", rec));
}
