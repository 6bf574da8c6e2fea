/* 15.4 Bridges inside an Assault Impulse (Advanced game).
 * 15.4.1: "A demolition attempt for each bridge on any or all boundaries of
 * the Active Area may be made at the end of an Assault Impulse by the side
 * that Controls those bridges if the enemy Contests or Controls at least one
 * of the bridge's two Areas. A friendly unit must be present in the Active
 * Area at the beginning of the Impulse ... successful on a dr > 8" with
 * 15.4.2 "+3 Free, +2 Contested Friend-Controlled, +1 Contested,
 * Enemy-Controlled" (README decision 10: both areas summed).
 * 15.4.3: "If the Active Area is friendly-Controlled a repair attempt may be
 * made at the start of an Assault Impulse to any one bridge on its
 * boundaries ... successful on a dr greater than or equal to 7 ... A maximum
 * of one bridge may be repaired per Turn by the Union player"; 15.4.4 the
 * Engineers +1. New Bridge joins Ellerson's Mill (6, Union, McCall) and Old
 * Tavern (41, Confederate, Magruder). */
#include "boal_impulse_testkit.h"

static int die_ahead(const struct boal_state *s)
{
	struct tg_rng r = s->rng;
	return tg_rng_die(&r, 6);
}

static void union_from_6(struct boal_state *s)
{
	boal_impulse_begin(s, BOAL_UNION);
	bt_act(s, 0, "{\"type\":\"activate\",\"area\":6}");
	bt_act(s, 0, "{\"type\":\"activate_unit\",\"unit\":\"mccall_inf\"}");
}

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	const struct boal_data *d = bt_data();
	int nb = boal_data_bridge(d, 6, 41);

	/* the Union's own impulse from 6: asked at its end about New Bridge
	 * (41 is enemy-Controlled); 6 Free +3, 41 +0: a 6 blows it */
	for (int k = 0; k < 40; k++) {
		bt_setup(&s, true);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, 15, 4};
		tg_rng_init(&s.rng, key);
		union_from_6(&s);
		CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"end\"}"), 0);
		CHECK_EQ_STR(bt_pending(&s), "demolish");
		CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << U);
		int dr = die_ahead(&s);
		CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"demolish\"}"), 0);
		CHECK_EQ_INT(s.bridge[nb] == BOAL_NOBODY, dr + 3 > 8);
		CHECK(boal_impulse_over(&s));
	}
	/* declining leaves it; the Basic game asks nothing */
	bt_setup(&s, true);
	union_from_6(&s);
	bt_act(&s, U, "{\"type\":\"end\"}");
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"keep\"}"), 0);
	CHECK_EQ_INT(s.bridge[nb], U);
	CHECK(boal_impulse_over(&s));
	bt_setup(&s, false);
	union_from_6(&s);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));

	/* the Defender's interrupt: a Confederate impulse from a Contested Old
	 * Tavern where a Union unit stood at the start */
	bt_setup(&s, true);
	bt_put(&s, "emory_cav", 41);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":41}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"jones_inf\"}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "demolish");
	CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << U);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"keep\"}"), 0);
	/* no Union unit in the Active Area at the start: not asked */
	bt_setup(&s, true);
	boal_impulse_begin(&s, C);
	bt_act(&s, C, "{\"type\":\"activate\",\"area\":41}");
	bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"jones_inf\"}");
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));

	/* 15.4.3 repair: 6 Free +3, 41 +0: a dr of 4 or more; once an impulse,
	 * before any movement, once a Turn */
	for (int k = 0; k < 40; k++) {
		bt_setup(&s, true);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, 15, 3};
		tg_rng_init(&s.rng, key);
		s.bridge[nb] = BOAL_NOBODY;
		union_from_6(&s);
		CHECK_EQ_INT(bt_offers(&s, U, "repair", NULL, 41), 2); /* with Engineers or not */
		int dr = die_ahead(&s);
		CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"repair\",\"to\":41}"), 0);
		CHECK_EQ_INT(s.bridge[nb] == U, dr + 3 >= 7);
		CHECK(bt_act(&s, U, "{\"type\":\"repair\",\"to\":41}") != 0);
		if (s.bridge[nb] == U) {
			bt_act(&s, U, "{\"type\":\"end\"}");
			if (!boal_impulse_over(&s))
				bt_act(&s, U, "{\"type\":\"keep\"}");
			s.bridge[nb] = BOAL_NOBODY;
			union_from_6(&s);
			CHECK(bt_act(&s, U, "{\"type\":\"repair\",\"to\":41}") !=
			      0); /* this Turn */
		}
	}
	/* the Engineers add 1: a 3 is enough */
	for (int k = 0; k < 40; k++) {
		bt_setup(&s, true);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, 15, 5};
		tg_rng_init(&s.rng, key);
		s.bridge[nb] = BOAL_NOBODY;
		union_from_6(&s);
		int dr = die_ahead(&s);
		CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"repair\",\"to\":41,\"engineers\":true}"),
		             0);
		CHECK_EQ_INT(s.bridge[nb] == U, dr + 4 >= 7);
	}
	/* not after a move; not in the Basic game */
	bt_setup(&s, true);
	s.bridge[nb] = BOAL_NOBODY;
	union_from_6(&s);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"move\",\"unit\":\"mccall_inf\",\"to\":5}"), 0);
	CHECK(bt_act(&s, U, "{\"type\":\"repair\",\"to\":41}") != 0);
	bt_setup(&s, false);
	s.bridge[nb] = BOAL_NOBODY;
	union_from_6(&s);
	CHECK(bt_act(&s, U, "{\"type\":\"repair\",\"to\":41}") != 0);
	return tap_done();
}
