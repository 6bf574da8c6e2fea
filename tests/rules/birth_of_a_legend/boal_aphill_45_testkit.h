/* boal_aphill_45_testkit.h — the board of the 9.1.2 leader-movement tests:
 * A.P. Hill's division, his artillery and Stuart's 2nd Virginia in 45 with
 * A.P. Hill, Lee in Richmond (44), McCall's division in 6; 3 and 6
 * Union-Controlled, 44, 45 and 41 Confederate-Controlled, the Confederate
 * army active. Map (data): Richmond 44 - 45 - 41 open roads; 45
 * -Mechanicsville Bridge (road)- 3 -minor, road- 6. */
#ifndef BOAL_APHILL_45_TESTKIT_H
#define BOAL_APHILL_45_TESTKIT_H

#include "boal_impulse_testkit.h"

/* the Confederate moves leader id (ba_leader_to) or unit id (ba_unit_to)
 * into to: bt_act's result */
static inline int ba_move(struct boal_state *s, const char *kind, const char *id, int to)
{
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"%s\":\"%s\",\"to\":%d}", kind, id, to);
	return bt_act(s, BOAL_CONFEDERATE, buf);
}

static inline int ba_leader_to(struct boal_state *s, const char *id, int to)
{
	return ba_move(s, "leader", id, to);
}

static inline int ba_unit_to(struct boal_state *s, const char *id, int to)
{
	return ba_move(s, "unit", id, to);
}

static inline void ba_board(struct boal_state *s)
{
	bt_setup(s, false);
	bt_clear(s);
	bt_put(s, "aphill_inf", 45);
	bt_put(s, "aphill_art", 45);
	bt_put(s, "2va_cav", 45);
	bt_put(s, "mccall_inf", 6);
	s->leader[bt_leader("aphill")].area = 45;
	s->leader[bt_leader("lee")].area = 44;
	s->control[3] = s->control[6] = (uint8_t)BOAL_UNION;
	s->control[44] = s->control[45] = s->control[41] = (uint8_t)BOAL_CONFEDERATE;
	s->army_active[BOAL_CONFEDERATE] = true;
}

/* A Confederate impulse from 45 with A.P. Hill's activation dr (8.1.1):
 * the generator, keyed by (k, 9, 1, 2, tag), is searched for a dr with
 * which he activates (succeeds) or not. Exits when none gives it. */
static inline void ba_aphill_rolls(struct boal_state *s, bool succeeds, uint8_t tag)
{
	for (int k = 0; k < 256; k++) {
		struct boal_state t = *s;
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, 9, 1, 2, tag};
		tg_rng_init(&t.rng, key);
		boal_impulse_begin(&t, BOAL_CONFEDERATE);
		if (bt_act(&t, BOAL_CONFEDERATE,
		           "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}") != 0)
			continue;
		if ((t.imp.leader[0] == bt_leader("aphill")) == succeeds) {
			*s = t;
			return;
		}
	}
	fprintf(stderr, "no generator gives A.P. Hill that activation dr\n");
	exit(1);
}

#endif
