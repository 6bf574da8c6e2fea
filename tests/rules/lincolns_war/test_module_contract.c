/* game.h contract: unknown scenario/options fail; a rejected action leaves
 * the state exactly as it was (save identical); actions from a role that is
 * not awaited fail with not_your_turn; load() rejects corrupt saves. */
#include "lw_testkit.h"

static char *save_str(const struct game *g)
{
	json_t *j = lincolns_war_module.save(g);
	char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	return s;
}

int main(void)
{
	const struct game_module *m = &lincolns_war_module;
	uint8_t key[TG_SEED_BYTES] = {1};
	struct tg_error err;
	CHECK(m->setup(key, "gettysburg", NULL, &err) == NULL);
	CHECK_EQ_STR(err.code, TG_E_BAD_SCENARIO);
	json_t *bad = json_pack("{s:b}", "nonsense", 1);
	CHECK(m->setup(key, "campaign", bad, &err) == NULL);
	CHECK_EQ_STR(err.code, TG_E_BAD_OPTIONS);
	json_decref(bad);
	json_t *opts = m->options();
	CHECK(json_object_get(opts, "kickstarters") != NULL);
	json_decref(opts);

	struct game *g = tk_new("campaign", 80);
	char *before = save_str(g);
	CHECK(tk_act(g, "confederate", "{\"type\":\"gic\",\"general\":\"as_johnston\"}") != 0);
	CHECK_EQ_STR(tk_err.code, TG_E_NOT_YOUR_TURN);
	CHECK(tk_act(g, "union", "{\"nothing\":1}") != 0);
	CHECK_EQ_STR(tk_err.code, TG_E_MALFORMED);
	CHECK(tk_act(g, "union", "{\"type\":\"gic\",\"general\":\"lee\"}") != 0);
	CHECK_EQ_STR(tk_err.code, TG_E_ILLEGAL);
	CHECK(tk_act(g, "spectator", "{\"type\":\"gic\"}") != 0);
	char *after = save_str(g);
	CHECK_EQ_STR(before, after);
	free(before);
	free(after);

	/* a rejected act deep in a card play also leaves no trace */
	tk_choose_gics(g);
	tk_goto_ops(g, 1, LW_UNION);
	before = save_str(g);
	CHECK(tk_act(g, "union", "{\"type\":\"play\",\"card\":999,\"use\":\"pc\"}") != 0);
	after = save_str(g);
	CHECK_EQ_STR(before, after);
	free(after);

	/* load(save) round trip, and corrupt saves */
	json_t *j = m->save(g);
	struct game *h = m->load(j, &err);
	CHECK(h != NULL);
	if (h) {
		after = save_str(h);
		CHECK_EQ_STR(before, after);
		free(after);
		m->free(h);
	}
	json_object_set_new(j, "version", json_integer(99));
	CHECK(m->load(j, &err) == NULL);
	CHECK_EQ_STR(err.code, TG_E_BAD_SAVE);
	json_decref(j);
	j = m->save(g);
	json_t *sides = json_object_get(j, "sides");
	json_object_set_new(json_array_get(sides, 0), "pc", json_integer(-5));
	CHECK(m->load(j, &err) == NULL);
	json_decref(j);
	j = m->save(g);
	json_t *draw = json_object_get(
	    json_object_get(json_array_get(json_object_get(j, "sides"), 0), "cards"), "draw");
	json_array_append_new(draw, json_integer(json_integer_value(json_array_get(draw, 0))));
	CHECK(m->load(j, &err) == NULL); /* a card twice */
	json_decref(j);
	/* a number too wide for its field is refused, not cut to a legal-looking
	 * one (fuzz/lw_save found amphib[0], a uint8_t turn, read 1648 as 112) */
	j = m->save(g);
	json_array_set_new(json_object_get(j, "amphib"), 0, json_integer(1648));
	CHECK(m->load(j, &err) == NULL);
	CHECK_EQ_STR(err.code, TG_E_BAD_SAVE);
	CHECKF(strstr(err.message, "/amphib/0") != NULL, "the refusal names the value: %s",
	       err.message);
	json_decref(j);
	json_t *not_a_save = json_string("x");
	CHECK(m->load(not_a_save, &err) == NULL);
	json_decref(not_a_save);
	free(before);
	m->free(g);
	return tap_done();
}
