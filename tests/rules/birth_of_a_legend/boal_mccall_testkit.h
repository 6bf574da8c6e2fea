/* boal_mccall_testkit.h — one board through the module's act, for the
 * tests of what an assault or an entry leaves behind (9.6, 11.2): A.P.
 * Hill's infantry in Mechanicsville (3), Lee with him, and Ellerson's Mill
 * (6, Union-Controlled) beyond Beaver Dam Creek; Porter's other Divisions
 * Morell (Gaines Mill, 7) and Sykes (8) and Franklin's Smith (40) at will;
 * everything else off the map. The Confederate's Impulse of June 26 has
 * activated A.P. Hill's infantry alone (8.1.1's ONE unit). */
#ifndef BOAL_MCCALL_TESTKIT_H
#define BOAL_MCCALL_TESTKIT_H

#include "boal_module_testkit.h"
#include "boal_phases.h"
#include "boal_testkit.h"

/* role sends the action text: 0, or -1 with the reason on stderr */
static inline int bk_act(struct game *g, const char *role, const char *text)
{
	json_t *a = json_loads(text, 0, NULL);
	struct tg_error err = {{0}, {0}};
	int r = BM->act(g, role, a, NULL, &err);
	if (r != 0)
		fprintf(stderr, "# %s: %s refused: %s\n", role, text, err.message);
	json_decref(a);
	return r;
}

/* The board with leader (or NULL) and McCall's infantry (or not) in 6, the
 * generator keyed by k. */
static inline struct game *bk_board(int k, const char *leader, bool mccall, bool morell, bool sykes)
{
	const struct boal_data *d = bt_data();
	struct game *g = bm_new((uint8_t)k, NULL);
	struct boal_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].area = BOAL_NOWHERE;
	for (int l = 0; l < s->n_leaders; l++)
		s->leader[l].area = BOAL_NOWHERE;
	s->unit[bt_unit("aphill_inf")].area = 3;
	if (mccall)
		s->unit[bt_unit("mccall_inf")].area = 6;
	if (morell)
		s->unit[bt_unit("morell_inf")].area = 7;
	if (sykes)
		s->unit[bt_unit("sykes_inf")].area = 8;
	s->unit[bt_unit("smith_inf")].area = 40;
	if (leader)
		s->leader[bt_leader(leader)].area = 6;
	s->leader[bt_leader("lee")].area = 3;
	s->control[3] = BOAL_CONFEDERATE;
	s->control[6] = s->control[7] = s->control[8] = s->control[40] = BOAL_UNION;
	s->army_active[BOAL_CONFEDERATE] = true;
	s->turn = (int8_t)d->first_turn;
	boal_daylight_begin(s, d);
	s->advantage = BOAL_CONFEDERATE; /* no Heroic Defense to ask */
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, (uint8_t)(k >> 8), 9, 6};
	tg_rng_init(&s->rng, key);
	if (bk_act(g, "confederate", "{\"type\":\"activate\",\"area\":3}") != 0 ||
	    bk_act(g, "confederate", "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}") != 0) {
		fprintf(stderr, "A.P. Hill's infantry could not activate\n");
		exit(1);
	}
	return g;
}

/* A.P. Hill assaults McCall alone in 6 (with leader); the seed is searched
 * for a Success of 3 CP or more, which the Union takes by eliminating
 * McCall. NULL if no seed gives it. */
static inline struct game *bk_mccall_eliminated(const char *leader, bool morell, bool sykes)
{
	for (int k = 0; k < 400; k++) {
		struct game *g = bk_board(k, leader, true, morell, sykes);
		if (bk_act(g, "confederate",
		           "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}") != 0 ||
		    bk_act(g, "confederate",
		           "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\",\"units\":["
		           "\"aphill_inf\"]}") != 0) {
			fprintf(stderr, "the assault could not be made\n");
			exit(1);
		}
		/* the Forward Unit, if asked (McCall is the only candidate) */
		json_t *fw = bm_find(g, "union", "forward", NULL, 0);
		if (fw)
			bm_do(g, "union", fw);
		if (g->s.imp.a_result != BOAL_SUCCESS || g->s.imp.a_cp < 3) {
			BM->free(g);
			continue;
		}
		if (bk_act(g, "union",
		           "{\"type\":\"cp\",\"unit\":\"mccall_inf\",\"loss\":\"eliminate\"}") != 0)
			exit(1);
		return g;
	}
	return NULL;
}

/* A.P. Hill assaults McCall and Morell together in 6, Porter with them (the
 * generator keyed by k): the game once the Assault is declared. */
static inline struct game *bk_assault_both(int k)
{
	struct game *g = bk_board(k, "porter", true, false, false);
	g->s.unit[bt_unit("morell_inf")].area = 6;
	bk_act(g, "confederate", "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}");
	bk_act(g, "confederate", "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\"}");
	return g;
}

/* ... then the Union's Forward Unit (the first offered) and the CP taken by
 * exhausting: the game at the Defender's voluntary retreats (10.7.3) with
 * McCall and Morell still in 6, or NULL (freed) when key k does not give
 * it. */
static inline struct game *bk_both_at_voluntary(int k)
{
	struct game *g = bk_assault_both(k);
	json_t *fw = bm_find(g, "union", "forward", NULL, 0);
	if (fw)
		bm_do(g, "union", fw);
	for (int n = 0; n < 4; n++) {
		json_t *cp = bm_find(g, "union", "cp", NULL, 0);
		if (!cp)
			break;
		json_object_set_new(cp, "loss", json_string("exhaust"));
		struct tg_error err = {{0}, {0}};
		int r = BM->act(g, "union", cp, NULL, &err);
		json_decref(cp);
		if (r != 0)
			break;
	}
	if (g->s.imp.step == BOAL_IS_VOLUNTARY && g->s.unit[bt_unit("mccall_inf")].area == 6 &&
	    g->s.unit[bt_unit("morell_inf")].area == 6)
		return g;
	BM->free(g);
	return NULL;
}

#endif
