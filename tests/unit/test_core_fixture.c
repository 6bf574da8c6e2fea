/* The fixture game's rules through game.h: setup, acting, rejections that
 * leave the state unchanged, hidden information, save/load. */
#include <string.h>

#include "fixture_game.h"
#include "tap.h"

static const struct game_module *M = &fixture_duel_module;

static json_t *act_json(const char *type, int value)
{
	return json_pack("{s:s,s:i}", "type", type, "value", value);
}

/* Acts and checks the outcome; returns 0 or -1 with err filled. */
static int act(struct game *g, const char *role, json_t *action, struct game_outcome *out,
               struct tg_error *err)
{
	int rc = M->act(g, role, action, out, err);
	json_decref(action);
	return rc;
}

static bool same_save(const struct game *a, const struct game *b)
{
	json_t *x = M->save(a), *y = M->save(b);
	bool eq = json_equal(x, y);
	json_decref(x);
	json_decref(y);
	return eq;
}

static bool same_view(const struct game *a, const struct game *b, const char *role)
{
	json_t *x = M->view(a, role), *y = M->view(b, role);
	char *sx = json_dumps(x, JSON_SORT_KEYS | JSON_COMPACT);
	char *sy = json_dumps(y, JSON_SORT_KEYS | JSON_COMPACT);
	bool eq = strcmp(sx, sy) == 0;
	free(sx);
	free(sy);
	json_decref(x);
	json_decref(y);
	return eq;
}

static void test_setup_errors(void)
{
	uint8_t seed[32] = {1};
	struct tg_error err = {0};
	CHECK(M->setup(seed, "nope", NULL, &err) == NULL);
	CHECK_EQ_STR(err.code, "bad_scenario");
	json_t *opts = json_pack("{s:i}", "colour", 3);
	CHECK(M->setup(seed, "standard", opts, &err) == NULL);
	CHECK_EQ_STR(err.code, "bad_options");
	json_decref(opts);
	opts = json_pack("{s:i}", "target", 99);
	CHECK(M->setup(seed, "standard", opts, &err) == NULL);
	CHECK_EQ_STR(err.code, "bad_options");
	json_decref(opts);
	opts = json_pack("{s:i}", "target", 4);
	struct game *g = M->setup(seed, "sprint", opts, &err);
	CHECK(g != NULL);
	json_t *v = M->view(g, "observer");
	CHECK_EQ_INT(json_integer_value(json_object_get(json_object_get(v, "board"), "target")), 4);
	json_decref(v);
	json_decref(opts);
	M->free(g);
}

static void test_round_and_hidden_commit(void)
{
	uint8_t seed[32] = {7, 7, 7};
	struct tg_error err = {0};
	struct game_outcome out;
	struct game *g = M->setup(seed, "standard", NULL, &err);
	CHECK(g != NULL);
	struct game_status st;
	M->status(g, &st);
	CHECK_EQ_INT(st.awaiting, 1); /* alpha leads round 1 */
	CHECK_EQ_INT(st.turn, 1);

	/* beta may not act; a bad value is illegal; neither changes the state. */
	json_t *before = M->save(g);
	CHECK(act(g, "beta", act_json("commit", 2), &out, &err) == -1);
	CHECK_EQ_STR(err.code, "not_your_turn");
	CHECK(act(g, "alpha", act_json("commit", 4), &out, &err) == -1);
	CHECK_EQ_STR(err.code, "illegal_action");
	CHECK(act(g, "alpha", json_pack("{s:s}", "type", "commit"), &out, &err) == -1);
	CHECK_EQ_STR(err.code, "malformed_action");
	CHECK(act(g, "alpha", json_pack("{s:s}", "type", "fly"), &out, &err) == -1);
	CHECK_EQ_STR(err.code, "illegal_action");
	CHECK(act(g, "alpha", json_string("commit"), &out, &err) == -1);
	CHECK_EQ_STR(err.code, "malformed_action");
	json_t *after = M->save(g);
	CHECK(json_equal(before, after));
	json_decref(before);
	json_decref(after);

	/* A note is not a barrier. */
	CHECK(act(g, "alpha", json_pack("{s:s,s:s}", "type", "note", "text", "hm"), &out, &err) ==
	      0);
	CHECK(!out.barrier);

	/* Two games that differ only in alpha's hidden commit look the same to
	 * beta and to observers, and different to alpha. */
	json_t *saved = M->save(g);
	struct game *h = M->load(saved, &err);
	json_decref(saved);
	CHECK(h != NULL);
	CHECK(act(g, "alpha", act_json("commit", 1), &out, &err) == 0);
	CHECK(!out.barrier);
	CHECK(act(h, "alpha", act_json("commit", 3), &out, &err) == 0);
	CHECK(same_view(g, h, "beta"));
	CHECK(same_view(g, h, "observer"));
	CHECK(!same_view(g, h, "alpha"));
	M->status(g, &st);
	CHECK_EQ_INT(st.awaiting, 2);

	/* beta's commit reveals and rolls: a barrier; round 2, beta leads. */
	CHECK(act(g, "beta", act_json("commit", 2), &out, &err) == 0);
	CHECK(out.barrier);
	M->status(g, &st);
	CHECK_EQ_INT(st.turn, 2);
	CHECK_EQ_INT(st.awaiting, 2);
	json_t *v = M->view(g, "observer");
	json_t *board = json_object_get(v, "board");
	json_t *scores = json_object_get(board, "scores");
	json_t *last = json_object_get(board, "last_round");
	int die = (int)json_integer_value(json_object_get(last, "die"));
	CHECK(die >= 1 && die <= 6);
	CHECK_EQ_INT(json_integer_value(json_object_get(scores, "alpha")), 1 + die);
	CHECK_EQ_INT(json_integer_value(json_object_get(scores, "beta")), 2);
	CHECK(json_array_size(json_object_get(v, "actions")) == 0);
	json_decref(v);
	v = M->view(g, "beta");
	CHECK(json_array_size(json_object_get(v, "actions")) == 4);
	CHECK(json_is_string(json_object_get(v, "prompt")));
	json_decref(v);
	M->free(h);
	M->free(g);
}

/* Same seed and actions: the same state; save/load mid-game continues alike. */
static void test_determinism_and_save_load(void)
{
	uint8_t seed[32] = {42};
	struct tg_error err = {0};
	struct game *a = M->setup(seed, "standard", NULL, &err);
	struct game *b = M->setup(seed, "standard", NULL, &err);
	struct game *c = NULL;
	struct game_status st;
	int n = 0;
	for (;;) {
		M->status(a, &st);
		if (st.finished)
			break;
		const char *role = st.awaiting == 1 ? "alpha" : "beta";
		int value = 1 + (n * 7 + 3) % 3;
		CHECK(act(a, role, act_json("commit", value), NULL, &err) == 0);
		CHECK(act(b, role, act_json("commit", value), NULL, &err) == 0);
		if (c)
			CHECK(act(c, role, act_json("commit", value), NULL, &err) == 0);
		if (n == 3) {
			json_t *s = M->save(a);
			c = M->load(s, &err);
			json_decref(s);
			CHECK(c != NULL);
		}
		n++;
		CHECKF(n < 100, "the game ends");
		if (n >= 100)
			break;
	}
	CHECK(same_save(a, b));
	CHECK(c && same_save(a, c));
	CHECK(c && same_view(a, c, "alpha"));
	CHECK(st.finished);
	json_t *v = M->view(a, "alpha");
	CHECK(json_is_true(json_object_get(v, "finished")));
	CHECK(json_is_object(json_object_get(v, "result")));
	json_decref(v);
	struct tg_error e2 = {0};
	CHECK(act(a, "alpha", act_json("commit", 1), NULL, &e2) == -1);
	M->free(a);
	M->free(b);
	M->free(c);

	/* A corrupt save is refused. */
	json_t *bad = json_pack("{s:i}", "round", 1);
	CHECK(M->load(bad, &err) == NULL);
	CHECK_EQ_STR(err.code, "bad_save");
	json_decref(bad);
}

int main(void)
{
	test_setup_errors();
	test_round_and_hidden_commit();
	test_determinism_and_save_load();
	return tap_done();
}
