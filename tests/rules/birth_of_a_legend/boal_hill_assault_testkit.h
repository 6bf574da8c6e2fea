/* boal_hill_assault_testkit.h — 15.2's assault with equal DRs, read
 * against the dice drawn ahead (the activation dr, then the attacker's DR,
 * the defender's, then 15.2's DRs, attacker first: README decisions 9,
 * 21), as the 15.2 tests set it up: A.P. Hill (Combat 2, activating, +1)
 * leads his infantry from Mechanicsville (3) into McCall and Porter at
 * Ellerson's Mill (6). */
#ifndef BOAL_HILL_ASSAULT_TESTKIT_H
#define BOAL_HILL_ASSAULT_TESTKIT_H

#include "boal_impulse_testkit.h"

/* n DRs (2d6) the generator will draw after skip_dies dies */
static inline void bh_dice(const struct boal_state *s, int skip_dies, int *out, int n)
{
	struct tg_rng r = s->rng;
	for (int i = 0; i < skip_dies; i++)
		tg_rng_die(&r, 6);
	for (int i = 0; i < n; i++)
		out[i] = tg_rng_die(&r, 6) + tg_rng_die(&r, 6);
}

/* the generator keyed by (k, tag) */
static inline void bh_reseed(struct boal_state *s, int k, int tag)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, (uint8_t)(k >> 8), (uint8_t)tag, 15};
	tg_rng_init(&s->rng, key);
}

/* The set-up (Advanced or not) with the generator keyed by (k, tag); r[0..3]
 * the DRs drawn after the activation dr: the attack's, the defense's, then
 * 15.2's, the attacker's first. -1 when r[0] != r[1] (no equal DRs: the
 * game is set up but nothing played). Otherwise the assault up to the
 * Defender's Forward Unit (McCall), with McClellan standing in Ellerson's
 * Mill too when mac, and Lee gone ahead there once A.P. Hill has entered
 * when lee; returns how many of the actions were refused (0: all played). */
static inline int bh_hill_assault(struct boal_state *s, bool advanced, int k, int tag, int r[4],
                                  bool mac, bool lee)
{
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	bt_setup(s, advanced);
	bh_reseed(s, k, tag);
	bh_dice(s, 1, r, 4);
	if (r[0] != r[1])
		return -1;
	s->army_active[C] = true;
	bt_put(s, "aphill_inf", 3);
	s->leader[bt_leader("aphill")].area = 3;
	if (mac)
		s->leader[bt_leader("mcclellan")].area = 6;
	s->control[3] = (uint8_t)C;
	boal_impulse_begin(s, C);
	int refused = 0;
	refused += bt_act(s, C, "{\"type\":\"activate\",\"area\":3,\"leader\":\"aphill\"}") != 0;
	refused += bt_act(s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}") != 0;
	refused += bt_act(s, C, "{\"type\":\"move\",\"leader\":\"aphill\",\"to\":6}") != 0;
	if (lee)
		s->leader[bt_leader("lee")].area = 6;
	refused += bt_act(s, C, "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\"}") != 0;
	refused += bt_act(s, U, "{\"type\":\"forward\",\"unit\":\"mccall_inf\"}") != 0;
	return refused;
}

#endif
