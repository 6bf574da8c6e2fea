/* Match records: a record made by playing the fixture game verifies; every
 * kind of tampering is caught with its own error code. */
#include <string.h>

#include "core/record.h"
#include "core/seed.h"
#include "fixture_game.h"
#include "tap.h"

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

static void add_action(json_t *log, const char *role, json_t *action, bool undone)
{
	json_array_append_new(log, json_pack("{s:I,s:s,s:o,s:b,s:b}", "seq",
	                                     (json_int_t)json_array_size(log) + 1, "role", role,
	                                     "action", action, "barrier", false, "undone", undone));
}

/* Plays a sprint game to its end as the daemon would log it: alpha adds a
 * note and takes it back before the first commit. */
static json_t *make_record(void)
{
	/* A fixed secret keeps the game, and so what each tampering does, fixed. */
	const char *secret = "6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19";
	char commitment[65], seed_hex[65];
	uint8_t seed[32];
	const char *ent[2] = {"0badc0de", "5eed"};
	tg_seed_commitment(secret, commitment);
	tg_seed_derive(secret, ent, 2, seed);
	tg_hex_encode(seed, 32, seed_hex);
	struct tg_error err = {0};
	struct game *g = fixture_duel_module.setup(seed, "sprint", NULL, &err);
	json_t *log = json_array();
	add_action(log, "alpha", json_pack("{s:s,s:s}", "type", "note", "text", "hm"), true);
	add_action(log, "alpha", json_pack("{s:s,s:I}", "type", "$undo", "seq", (json_int_t)1),
	           false);
	struct game_status st;
	for (int n = 0; n < 50; n++) {
		fixture_duel_module.status(g, &st);
		if (st.finished)
			break;
		const char *role = st.awaiting == 1 ? "alpha" : "beta";
		json_t *a = json_pack("{s:s,s:i}", "type", "commit", "value", 1 + n % 3);
		CHECK(fixture_duel_module.act(g, role, a, NULL, &err) == 0);
		add_action(log, role, a, false);
	}
	json_t *rec = json_pack(
	    "{s:s,s:i,s:i,s:s,s:s,s:{},s:[{s:s,s:s},{s:s,s:s}],s:s,s:s,"
	    "s:[{s:s,s:s},{s:s,s:s}],s:s,s:o,s:{s:o,s:s}}",
	    "format", "telegraph-record", "version", 1, "match", 7, "game", "fixture-duel",
	    "scenario", "sprint", "options", "seats", "role", "alpha", "user", "grant", "role",
	    "beta", "user", "lee", "commitment", commitment, "secret", secret, "entropies", "role",
	    "alpha", "entropy", ent[0], "role", "beta", "entropy", ent[1], "seed", seed_hex,
	    "actions", log, "result", "winner",
	    st.winner < 0 ? json_null() : json_string(st.winner == 0 ? "alpha" : "beta"), "summary",
	    st.summary);
	fixture_duel_module.free(g);
	return rec;
}

static void expect_fail(json_t *rec, const char *code, const char *what)
{
	struct tg_error err = {0};
	json_t *report = NULL;
	int rc = tg_record_verify(rec, games, &report, &err);
	CHECKF(rc == -1 && strcmp(err.code, code) == 0, "%s: want %s, got rc=%d %s: %s", what, code,
	       rc, err.code, err.message);
	CHECK(report == NULL);
	json_decref(rec);
}

static json_t *action_at(json_t *rec, size_t i)
{
	return json_array_get(json_object_get(rec, "actions"), i);
}

int main(void)
{
	json_t *rec = make_record();
	struct tg_error err = {0};
	json_t *report = NULL;
	CHECKF(tg_record_verify(rec, games, &report, &err) == 0, "%s: %s", err.code, err.message);
	CHECK(report != NULL);
	CHECK_EQ_INT(json_integer_value(json_object_get(report, "undone")), 1);
	CHECK(json_integer_value(json_object_get(report, "actions")) >= 2);
	json_decref(report);

	/* Found by fuzz/record: the report was packed with "O" for the record's
	 * match number, which jansson refuses when it is absent, so a record that
	 * verified came back with no report (telegraph verify then printed
	 * "match 0, ? (?): ... 0 actions"). The match number is not checked; the
	 * report says null for it. */
	json_t *t = json_deep_copy(rec);
	json_object_del(t, "match");
	report = NULL;
	CHECKF(tg_record_verify(t, games, &report, &err) == 0, "%s: %s", err.code, err.message);
	CHECK(report != NULL);
	CHECK(json_is_null(json_object_get(report, "match")));
	CHECK_EQ_STR(json_string_value(json_object_get(report, "game")), "fixture-duel");
	CHECK(json_integer_value(json_object_get(report, "actions")) >= 2);
	json_decref(report);
	json_decref(t);

	/* A different secret no longer matches the published commitment. */
	t = json_deep_copy(rec);
	json_object_set_new(t, "secret",
	                    json_string("00000000000000000000000000000000000000000000"
	                                "00000000000000000000"));
	expect_fail(t, "commitment_mismatch", "secret replaced");

	/* Another player entropy gives another seed. */
	t = json_deep_copy(rec);
	json_object_set_new(json_array_get(json_object_get(t, "entropies"), 1), "entropy",
	                    json_string("5eee"));
	expect_fail(t, "seed_mismatch", "entropy changed");

	/* A commit value the rules refuse. */
	t = json_deep_copy(rec);
	json_object_set_new(json_object_get(action_at(t, 2), "action"), "value", json_integer(7));
	expect_fail(t, "action_rejected", "illegal commit");

	/* A legal but different commit changes the outcome or a later step. */
	t = json_deep_copy(rec);
	json_t *v = json_object_get(json_object_get(action_at(t, 2), "action"), "value");
	json_object_set_new(
	    json_object_get(action_at(t, 2), "action"), "value",
	    json_integer(json_integer_value(v) == 3 ? 1 : json_integer_value(v) + 1));
	expect_fail(t, "result_mismatch", "changed commit");

	/* An action played out of turn. */
	t = json_deep_copy(rec);
	json_object_set_new(action_at(t, 2), "role", json_string("beta"));
	expect_fail(t, "action_rejected", "out of turn");

	/* The undone note no longer marked undone: the undo names nothing. */
	t = json_deep_copy(rec);
	json_object_set_new(action_at(t, 0), "undone", json_false());
	expect_fail(t, "bad_undo", "undo mark removed");

	/* A barrier (a reveal, a die roll) can never have been taken back. */
	t = json_deep_copy(rec);
	json_object_set_new(action_at(t, 0), "barrier", json_true());
	expect_fail(t, "bad_undo", "barrier undone");

	/* A different recorded winner. */
	t = json_deep_copy(rec);
	json_t *res = json_object_get(t, "result");
	const char *w = json_string_value(json_object_get(res, "winner"));
	json_object_set_new(res, "winner",
	                    json_string(w && strcmp(w, "alpha") == 0 ? "beta" : "alpha"));
	expect_fail(t, "result_mismatch", "winner changed");

	/* A dropped last action: the game is no longer over. */
	t = json_deep_copy(rec);
	json_t *acts = json_object_get(t, "actions");
	json_array_remove(acts, json_array_size(acts) - 1);
	expect_fail(t, "result_mismatch", "truncated log");

	/* A gap in the seqs, a foreign format, an unknown game. */
	t = json_deep_copy(rec);
	json_object_set_new(action_at(t, 3), "seq", json_integer(40));
	expect_fail(t, "bad_record", "seq gap");
	t = json_deep_copy(rec);
	json_object_set_new(t, "format", json_string("chess-pgn"));
	expect_fail(t, "bad_record", "format");
	t = json_deep_copy(rec);
	json_object_set_new(t, "game", json_string("checkers"));
	expect_fail(t, "no_such_game", "game");

	/* tg_record_build refuses a match in progress. */
	json_t *row = json_pack("{s:s}", "status", "active");
	json_t *none = json_array();
	CHECK(tg_record_build(row, none, &err) == NULL);
	json_decref(none);
	CHECK_EQ_STR(err.code, "not_finished");
	json_decref(row);
	json_decref(rec);
	return tap_done();
}
