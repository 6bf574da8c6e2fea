/* 15.4.4 Union Engineers: "The Union player may gain a +1 dr to his Repair
 * dr by placing the Union Engineer marker on the destroyed bridge. Once
 * played the marker may not be removed until either the bridge is repaired
 * or the Daylight Phase ends. The Union player may remove the Engineer
 * marker from the map during each Night Phase." (README decision 47: the
 * marker stays on its bridge until the Union removes it in his Night Phase;
 * left there, it binds him to that bridge again the next day.)
 *
 * Through the module (game.h act and view): New Bridge joins Ellerson's
 * Mill (6) and Old Tavern (41); Bottom's Bridge (15-33) and White Oak Swamp
 * (33-34) both touch area 33. */
#include "boal_module_testkit.h"
#include "boal_phases.h"
#include "boal_testkit.h"

static struct tg_error err;

static int act(struct game *g, const char *role, const char *text)
{
	json_t *a = json_loads(text, 0, NULL);
	if (!a) {
		fprintf(stderr, "bad JSON in test: %s\n", text);
		exit(1);
	}
	memset(&err, 0, sizeof err);
	int r = BM->act(g, role, a, NULL, &err);
	json_decref(a);
	return r;
}

/* the view's marker: the index of the bridge role sees the Engineers on, or -1 */
static int engineers_seen(const struct game *g, const char *role)
{
	json_t *v = BM->view(g, role);
	json_t *bridges = json_object_get(json_object_get(v, "board"), "bridges"), *b;
	size_t i;
	int at = -1, n = 0;
	json_array_foreach(bridges, i, b) if (json_is_true(json_object_get(b, "engineers")))
	{
		at = (int)i;
		n++;
	}
	json_decref(v);
	return n > 1 ? -2 : at;
}

static int offers(const struct game *g, const char *role, const char *type, const char *key,
                  long val)
{
	json_t *v = BM->view(g, role), *e;
	size_t i;
	int n = 0;
	json_array_foreach(json_object_get(v, "actions"), i, e)
	{
		json_t *a = json_object_get(e, "action");
		json_t *m = key ? json_object_get(a, key) : NULL;
		long x = json_is_boolean(m) ? json_is_true(m) : (long)json_integer_value(m);
		if (!strcmp(json_string_value(json_object_get(a, "type")), type) &&
		    (!key || (m && x == val)))
			n++;
	}
	json_decref(v);
	return n;
}

/* A Union Impulse of turn (the Union first: Lee inactive) on the Advanced
 * game's board, from area with its one unit (8.1.1's ONE unit). */
static void union_impulse(struct game *g, int turn, int area, const char *unit)
{
	const struct boal_data *d = bt_data();
	g->s.turn = (int8_t)turn;
	g->s.army_active[BOAL_CONFEDERATE] = false;
	g->s.unit[bt_unit(unit)].area = (uint8_t)area;
	boal_daylight_begin(&g->s, d);
	CHECK_EQ_STR(bm_awaited(g), "union");
	char text[128];
	snprintf(text, sizeof text, "{\"type\":\"activate\",\"area\":%d}", area);
	CHECK_EQ_INT(act(g, "union", text), 0);
	snprintf(text, sizeof text, "{\"type\":\"activate_unit\",\"unit\":\"%s\"}", unit);
	CHECK_EQ_INT(act(g, "union", text), 0);
}

/* The Union ends his Impulse on the Impulses Track's last space: the
 * Daylight Phase ends (6.3.1) and the Night begins with the Union's. */
static void end_daylight(struct game *g)
{
	g->s.impulse = (int8_t)bt_data()->impulse_last;
	CHECK_EQ_INT(act(g, "union", "{\"type\":\"end\"}"), 0);
	while (g->s.phase == BOAL_DAYLIGHT && offers(g, "union", "keep", NULL, 0))
		CHECK_EQ_INT(act(g, "union", "{\"type\":\"keep\"}"), 0);
	CHECK_EQ_INT(g->s.phase, BOAL_NIGHT);
	CHECK_EQ_INT(g->s.step, BOAL_STEP_NIGHT);
	CHECK_EQ_INT(g->s.night_side, BOAL_UNION);
}

/* A game whose Union Engineers were placed on a destroyed New Bridge by a
 * failed repair attempt in a Union Impulse from 6. */
static struct game *engineers_on_new_bridge(int nb)
{
	const struct boal_data *d = bt_data();
	for (int k = 0; k < 64; k++) {
		struct game *g = bm_new((uint8_t)k, "{\"advanced\":true}");
		g->s.bridge[nb] = BOAL_NOBODY;
		union_impulse(g, d->first_turn + 1, 6, "mccall_inf");
		struct tg_rng ahead = g->s.rng;
		/* 6 Free +3, 41 enemy-Controlled +0, the Engineers +1: >= 7 repairs */
		if (tg_rng_die(&ahead, 6) + 4 >= 7) {
			BM->free(g);
			continue;
		}
		CHECK_EQ_INT(act(g, "union", "{\"type\":\"repair\",\"to\":41,\"engineers\":true}"),
		             0);
		CHECK_EQ_INT(g->s.bridge[nb], BOAL_NOBODY);
		return g;
	}
	fprintf(stderr, "no seed fails the repair\n");
	exit(1);
}

int main(void)
{
	const struct boal_data *d = bt_data();
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE, T1 = d->first_turn;
	const int nb = boal_data_bridge(d, 6, 41), bb = boal_data_bridge(d, 15, 33),
	          wo = boal_data_bridge(d, 33, 34);
	CHECK(nb >= 0 && bb >= 0 && wo >= 0);

	/* placed: both seats see the marker on New Bridge for the rest of the
	 * Daylight Phase */
	struct game *g = engineers_on_new_bridge(nb);
	CHECK_EQ_INT(engineers_seen(g, "union"), nb);
	CHECK_EQ_INT(engineers_seen(g, "confederate"), nb);

	/* "may not be removed until ... the Daylight Phase ends": no removal in
	 * the Daylight Phase */
	CHECK_EQ_INT(offers(g, "union", "remove_engineers", NULL, 0), 0);
	CHECK(act(g, "union", "{\"type\":\"remove_engineers\"}") != 0);

	/* the Daylight Phase ends: the marker is still on its bridge, and the
	 * Union's Night Phase offers its removal, once */
	end_daylight(g);
	CHECK_EQ_INT(engineers_seen(g, "confederate"), nb);
	CHECK_EQ_INT(offers(g, "union", "remove_engineers", NULL, 0), 1);
	CHECK_EQ_INT(act(g, "union", "{\"type\":\"remove_engineers\"}"), 0);
	CHECK_EQ_INT(g->s.imp.engineers, 0);
	CHECK_EQ_INT(engineers_seen(g, "union"), -1);
	CHECK_EQ_INT(engineers_seen(g, "confederate"), -1);
	CHECK(act(g, "union", "{\"type\":\"remove_engineers\"}") != 0);
	CHECK(strstr(err.message, "15.4.4") != NULL);
	CHECK_EQ_INT(offers(g, "union", "remove_engineers", NULL, 0), 0);
	/* the next day they may go on any destroyed bridge: both of area 33's */
	g->s.bridge[bb] = g->s.bridge[wo] = BOAL_NOBODY;
	union_impulse(g, T1 + 2, 33, "mccall_inf");
	CHECK_EQ_INT(offers(g, "union", "repair", "engineers", 1), 2);
	BM->free(g);

	/* not removed: the Confederate's Night does not offer it, and the next
	 * day the marker binds the Union to New Bridge again */
	g = engineers_on_new_bridge(nb);
	end_daylight(g);
	CHECK_EQ_INT(act(g, "union", "{\"type\":\"end_night\"}"), 0);
	CHECK_EQ_INT(g->s.night_side, C);
	CHECK_EQ_INT(offers(g, "confederate", "remove_engineers", NULL, 0), 0);
	CHECK(act(g, "confederate", "{\"type\":\"remove_engineers\"}") != 0);
	CHECK_EQ_INT(engineers_seen(g, "union"), nb);
	g->s.bridge[bb] = g->s.bridge[wo] = BOAL_NOBODY;
	union_impulse(g, T1 + 2, 33, "mccall_inf");
	CHECK_EQ_INT(offers(g, "union", "repair", "engineers", 1), 0);
	CHECK_EQ_INT(offers(g, "union", "repair", NULL, 0), 2);
	CHECK(act(g, "union", "{\"type\":\"repair\",\"to\":15,\"engineers\":true}") != 0);
	CHECK(strstr(err.message, "15.4.4") != NULL);
	BM->free(g);

	/* "until either the bridge is repaired": a Confederate repair of New
	 * Bridge (41 Free +3, 6 Union +0: a 4 or more) takes the marker off */
	int repaired = 0;
	for (int k = 0; k < 64 && !repaired; k++) {
		g = engineers_on_new_bridge(nb);
		end_daylight(g);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, 15, 44};
		tg_rng_init(&g->s.rng, key);
		g->s.army_active[C] = true;
		g->s.turn = (int8_t)(T1 + 2);
		g->s.unit[bt_unit("jones_inf")].area = 41;
		boal_daylight_begin(&g->s, d);
		CHECK_EQ_STR(bm_awaited(g), "confederate");
		CHECK_EQ_INT(act(g, "confederate", "{\"type\":\"activate\",\"area\":41}"), 0);
		CHECK_EQ_INT(
		    act(g, "confederate", "{\"type\":\"activate_unit\",\"unit\":\"jones_inf\"}"),
		    0);
		struct tg_rng ahead = g->s.rng;
		int dr = tg_rng_die(&ahead, 6);
		CHECK_EQ_INT(act(g, "confederate", "{\"type\":\"repair\",\"to\":6}"), 0);
		if (dr + 3 >= 7) {
			CHECK_EQ_INT(g->s.bridge[nb], C);
			CHECK_EQ_INT(g->s.imp.engineers, 0);
			CHECK_EQ_INT(engineers_seen(g, "union"), -1);
			repaired = 1;
		} else {
			CHECK_EQ_INT(engineers_seen(g, "union"), nb);
		}
		BM->free(g);
	}
	CHECK(repaired);
	(void)U;
	return tap_done();
}
