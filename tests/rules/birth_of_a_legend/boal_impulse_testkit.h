/* boal_impulse_testkit.h — the impulse tests drive the pending table
 * directly: the impulse's kinds (BOAL_IMPULSE_PENDING) as the module's
 * table holds them, an action from JSON text, the offers of a role. */
#ifndef BOAL_IMPULSE_TESTKIT_H
#define BOAL_IMPULSE_TESTKIT_H

#include "boal_impulse.h"
#include "boal_mechanics.h"
#include "boal_testkit.h"

static const struct tg_pending bt_table[] = {BOAL_IMPULSE_PENDING};
#define BT_N (sizeof bt_table / sizeof *bt_table)

static struct tg_error bt_err;

/* role's action (JSON text): 0 or -1 (bt_err holds why) */
static inline int bt_act(struct boal_state *s, int role, const char *text)
{
	json_error_t je;
	json_t *a = json_loads(text, 0, &je);
	if (!a) {
		fprintf(stderr, "bad JSON in test: %s\n", text);
		exit(1);
	}
	struct game_outcome out = {false};
	memset(&bt_err, 0, sizeof bt_err);
	int r = tg_pending_act(bt_table, BT_N, s, role, a, &out, &bt_err);
	json_decref(a);
	return r;
}

static inline const char *bt_pending(const struct boal_state *s)
{
	const struct tg_pending *p = tg_pending_now(bt_table, BT_N, s);
	return p ? p->name : "none";
}

/* how many of role's offers have "type" t (and "unit"/"leader" id, "to" n when given) */
static inline int bt_offers(const struct boal_state *s, int role, const char *t, const char *id,
                            int to)
{
	json_t *l = tg_pending_legal(bt_table, BT_N, s, role);
	size_t i;
	json_t *o;
	int n = 0;
	json_array_foreach(l, i, o)
	{
		json_t *a = json_object_get(o, "action");
		const char *ty = json_string_value(json_object_get(a, "type"));
		const char *u = json_string_value(json_object_get(a, "unit"));
		if (!u)
			u = json_string_value(json_object_get(a, "leader"));
		json_t *too = json_object_get(a, "to");
		if (!too)
			too = json_object_get(a, "area");
		if (ty && !strcmp(ty, t) && (!id || (u && !strcmp(u, id))) &&
		    (!to || json_integer_value(too) == to))
			n++;
	}
	json_decref(l);
	return n;
}

/* the next two DRs the generator will give, attacker's first (10.4.1) */
static inline void bt_predict(const struct boal_state *s, int *adr, int *ddr)
{
	struct tg_rng r = s->rng;
	*adr = tg_rng_die(&r, 6) + tg_rng_die(&r, 6);
	*ddr = tg_rng_die(&r, 6) + tg_rng_die(&r, 6);
}

/* an empty board but for what a test places: every unit off the map */
static inline void bt_clear(struct boal_state *s)
{
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].area = BOAL_NOWHERE;
	for (int l = 0; l < s->n_leaders; l++)
		s->leader[l].area = BOAL_NOWHERE;
}

static inline void bt_put(struct boal_state *s, const char *id, int area)
{
	s->unit[bt_unit(id)].area = (uint8_t)area;
}

/* Seeds s's generator with the first key (seed, seed >> 8, tag) whose
 * next two DRs satisfy ok(adr, ddr) (10.4.1); tag keeps each test's keys
 * its own. */
static inline void bt_seed_for(struct boal_state *s, uint8_t tag, bool (*ok)(int, int))
{
	for (int seed = 1; seed < 5000; seed++) {
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, (uint8_t)(seed >> 8), tag};
		tg_rng_init(&s->rng, key);
		int a, d;
		bt_predict(s, &a, &d);
		if (ok(a, d))
			return;
	}
}

/* A.P. Hill's infantry and Johnson's (an Independent) in a Confederate
 * Mechanicsville (3), the Confederate army active: its impulse begun, the
 * area activated and A.P. Hill's unit with it (the start of an assault
 * into McCall's Ellerson's Mill, 6). */
static inline void bt_hill_johnson_at_mechanicsville(struct boal_state *s, bool advanced)
{
	const int C = BOAL_CONFEDERATE;
	bt_setup(s, advanced);
	s->army_active[C] = true;
	bt_put(s, "aphill_inf", 3);
	bt_put(s, "johnson_inf", 3);
	s->control[3] = (uint8_t)C;
	boal_impulse_begin(s, C);
	CHECK_EQ_INT(bt_act(s, C, "{\"type\":\"activate\",\"area\":3}"), 0);
	CHECK_EQ_INT(bt_act(s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
}

#endif
