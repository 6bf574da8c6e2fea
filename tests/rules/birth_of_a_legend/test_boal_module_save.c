/* The module's save (game.h): load(save(g)) behaves exactly like g, the
 * generator and an unrevealed 16.1 bid included; a copy is independent; a
 * save of another version, or with a member out of range, is refused with
 * bad_save and a sentence. Round trips are made at every step of a game
 * driven through Dawn, the Impulses, Night and End to its result. */
#include "boal_module_testkit.h"

static char *dump(const json_t *j)
{
	return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
}

/* save -> load -> save gives the same text, and the loaded game's views
 * are the original's, byte for byte */
static int round_trip(const struct game *g)
{
	struct tg_error err = {{0}, {0}};
	json_t *s1 = BM->save(g);
	struct game *h = BM->load(s1, &err);
	if (!h) {
		fprintf(stderr, "load refused its own save: %s\n", err.message);
		json_decref(s1);
		return 0;
	}
	json_t *s2 = BM->save(h);
	char *t1 = dump(s1), *t2 = dump(s2);
	/* the same text, and the same state (a field the save leaves out shows
	 * here, not in the text) */
	int ok = strcmp(t1, t2) == 0 && bm_same_state(&g->s, &h->s);
	const char *roles[] = {"union", "confederate", "observer"};
	for (int r = 0; r < 3; r++) {
		char *v1 = bm_view_text(g, roles[r]), *v2 = bm_view_text(h, roles[r]);
		ok = ok && strcmp(v1, v2) == 0;
		free(v1);
		free(v2);
	}
	free(t1);
	free(t2);
	json_decref(s1);
	json_decref(s2);
	BM->free(h);
	return ok;
}

/* one decision of whoever is awaited, the first action offered (in an
 * Impulse, Pass). Returns false once the game is over. */
static bool step(struct game *g)
{
	struct game_status st;
	BM->status(g, &st);
	if (st.finished)
		return false;
	const char *role = bm_awaited(g);
	if (!role) {
		fprintf(stderr, "nobody awaited at step %d\n", g->s.step);
		exit(1);
	}
	json_t *v = BM->view(g, role);
	json_t *first = json_array_get(json_object_get(v, "actions"), 0);
	json_t *a = json_deep_copy(json_object_get(first, "action"));
	/* prefer ending a Night or End step, so the game moves on */
	json_t *e;
	size_t i;
	json_array_foreach(json_object_get(v, "actions"), i, e)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		if (strcmp(t, "end_night") == 0 || strcmp(t, "end_removals") == 0) {
			json_decref(a);
			a = json_deep_copy(json_object_get(e, "action"));
		}
	}
	json_decref(v);
	bm_do(g, role, a);
	return true;
}

int main(void)
{
	const char *opts[] = {NULL, "{\"advanced\":true}", "{\"bidding\":true}"};
	for (int k = 0; k < 3; k++) {
		struct game *g = bm_new((uint8_t)(7 + k), opts[k]);
		int n = 0, bad = 0;
		if (k == 2) { /* a bid written, not yet revealed, survives the save */
			bm_do(g, "union", json_pack("{s:s,s:i}", "type", "bid", "rp", 4));
			bad += !round_trip(g);
			struct tg_error err = {{0}, {0}};
			json_t *sv = BM->save(g);
			struct game *h = BM->load(sv, &err);
			json_decref(sv);
			CHECK(h && h->s.bid_made[0] && h->s.bid[0] == 4 && !h->s.bid_revealed);
			if (h)
				BM->free(h);
			bm_do(g, "confederate", json_pack("{s:s,s:i}", "type", "bid", "rp", 2));
		}
		while (n < 2000) {
			bad += !round_trip(g);
			if (!step(g))
				break;
			n++;
		}
		CHECK_EQ_INT(bad, 0);
		struct game_status st;
		BM->status(g, &st);
		CHECK(st.finished);
		CHECK(n < 2000);
		/* a copy is independent and equal */
		struct game *c = BM->copy(g);
		CHECK(c && memcmp(&c->s, &g->s, sizeof g->s) == 0);
		BM->free(c);
		BM->free(g);
	}

	/* refusals: another version, a member out of range, a missing one */
	struct game *g = bm_new(3, NULL);
	json_t *s = BM->save(g);
	struct tg_error err = {{0}, {0}};
	json_t *x = json_deep_copy(s);
	json_object_set_new(x, "version", json_integer(BOAL_SAVE_VERSION + 1));
	CHECK(BM->load(x, &err) == NULL && strcmp(err.code, TG_E_BAD_SAVE) == 0 && err.message[0]);
	json_decref(x);
	x = json_deep_copy(s);
	json_object_set_new(x, "turn", json_integer(40));
	CHECK(BM->load(x, &err) == NULL && strcmp(err.code, TG_E_BAD_SAVE) == 0);
	json_decref(x);
	x = json_deep_copy(s);
	json_array_set_new(json_array_get(json_object_get(x, "units"), 0), 0, json_integer(46));
	CHECK(BM->load(x, &err) == NULL && strcmp(err.code, TG_E_BAD_SAVE) == 0);
	json_decref(x);
	x = json_deep_copy(s);
	json_object_del(x, "rng");
	CHECK(BM->load(x, &err) == NULL && strcmp(err.code, TG_E_BAD_SAVE) == 0);
	json_decref(x);
	x = json_deep_copy(s);
	json_object_del(x, "turn");
	CHECK(BM->load(x, &err) == NULL && strcmp(err.code, TG_E_BAD_SAVE) == 0);
	json_decref(x);
	/* A save made before 10.7's leader question (40bb88f) has no
	 * imp_place_retreat: it loads, as the same game (none to place). */
	x = json_deep_copy(s);
	CHECK(json_object_del(x, "imp_place_retreat") == 0);
	struct game *old = BM->load(x, &err);
	CHECKF(old != NULL, "a save without imp_place_retreat loads: %s", err.message);
	CHECK(old && bm_same_state(&old->s, &g->s));
	if (old)
		BM->free(old);
	json_decref(x);
	x = json_deep_copy(s);
	json_object_set_new(x, "extra", json_integer(1)); /* not in the engine's form */
	CHECK(BM->load(x, &err) == NULL && strcmp(err.code, TG_E_BAD_SAVE) == 0);
	json_decref(x);
	json_decref(s);
	BM->free(g);
	return tap_done();
}
