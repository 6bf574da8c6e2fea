/* 10.1 Mandatory Assault, 10.4 resolution (the Forward Unit, the dice drawn
 * attacker first, 10.4.2-10.4.4), 10.5 Rout, 10.6 the Defender's CP, 12.1
 * Heroic Defense, 6.3.1 the Sunset DR, 9.6, driven through the pending
 * table. The dice are read ahead from a copy of the generator, in the
 * rule's order (README decision 21), and a seed is searched for each
 * result.
 * 10.4.4: "Repulse: If the AT is less than the DT ... Assaulting units that
 * were Fresh are Exhausted ... Assaulting units in a Mandatory Assault must
 * retreat ... into the Area from which they entered. Stalemate: ... the
 * Point Unit and the Forward Unit are Exhausted ... If the Area was not
 * Contested at the start of the Impulse, the Assaulting units must retreat.
 * Success: ... the Point Unit and any attacking Fresh Artillery are
 * Exhausted. The Defender must then absorb Casualty Points".
 * 10.6: "the Forward Unit must suffer the first CP loss". 10.6.1: "one less
 * CP" in Entrenchments. 10.5: "there are no enemy units left in the Area
 * after the defender absorbs CP ... Friendly Leader markers ... who
 * activated the assaulting units do not become Inactive". */
#include "boal_impulse_testkit.h"

enum want { W_REPULSE, W_STALEMATE, W_SUCCESS_BIG, W_SUCCESS_SMALL };

/* A.P. Hill's infantry in Mechanicsville (3) against McCall in Ellerson's
 * Mill (6, Union Entrench +1, TEM +3) across Beaver Dam Creek (minor):
 * AV 6 (A.P. Hill 6, Lee Active); DV 6 (McCall infantry) + 2 (artillery
 * and cavalry Fresh) + 3 TEM + 1 minor water + 1 entrenchment = 13 */
static void mccall(struct boal_state *s, enum want w, int *adr, int *ddr)
{
	for (int seed = 1; seed < 5000; seed++) {
		bt_setup(s, false);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, (uint8_t)(seed >> 8), 7};
		tg_rng_init(&s->rng, key);
		bt_predict(s, adr, ddr);
		int at = 6 + *adr, dt = 13 + *ddr;
		bool ok = (w == W_REPULSE && at < dt) || (w == W_STALEMATE && at == dt) ||
		          (w == W_SUCCESS_BIG && at - dt - 1 >= 2) ||
		          (w == W_SUCCESS_SMALL && at - dt - 1 == 1);
		if (ok)
			break;
	}
	s->army_active[BOAL_CONFEDERATE] = true;
	s->unit[bt_unit("aphill_inf")].area = 3;
	s->control[3] = BOAL_CONFEDERATE;
	boal_impulse_begin(s, BOAL_CONFEDERATE);
	bt_act(s, 1, "{\"type\":\"activate\",\"area\":3}");
	bt_act(s, 1, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}");
	bt_act(s, 1, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}");
}

static const char *assault6 =
    "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\",\"units\":[\"aphill_inf\"]}";

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	const struct boal_data *d = bt_data();
	int adr, ddr;
	int hill = bt_unit("aphill_inf"), minf = bt_unit("mccall_inf"),
	    mart = bt_unit("mccall_art");

	/* Repulse: the Point Unit Exhausted, back to 3 (Mandatory) */
	mccall(&s, W_REPULSE, &adr, &ddr);
	CHECK_EQ_INT(s.unit[hill].area, 6);
	CHECK(bt_offers(&s, C, "end", NULL, 0) == 0); /* 10.1: the assault is owed */
	CHECK(bt_act(&s, C, "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_art\"}") != 0);
	CHECK_EQ_INT(bt_act(&s, C, assault6), 0);
	/* 10.4: "then the Defender selects the Forward Unit" */
	CHECK_EQ_STR(bt_pending(&s), "forward");
	CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << U);
	CHECK(bt_offers(&s, U, "forward", NULL, 0) == 3);
	CHECK(bt_act(&s, U, "{\"type\":\"forward\",\"unit\":\"aphill_inf\"}") != 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"forward\",\"unit\":\"mccall_inf\"}"), 0);
	CHECK_EQ_INT(s.imp.a_at, 6 + adr);
	CHECK_EQ_INT(s.imp.a_dt, 13 + ddr);
	/* 6.3.1: the Confederate's assault DR is the Sunset DR */
	CHECK_EQ_INT(s.imp.sunset_dr, adr);
	CHECK(s.unit[hill].exhausted);
	CHECK_EQ_INT(s.unit[hill].area, 3);
	CHECK(!s.unit[minf].exhausted);
	/* 10.7.3: "may voluntarily retreat after the Assault is resolved, even
	 * if the Attacker loses": the Defender is asked; he stands */
	CHECK_EQ_STR(bt_pending(&s), "voluntary");
	CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << U);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"done\"}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "assault_move");
	/* 9.1: "Each enemy-occupied Area may be assaulted only once per
	 * Impulse"; 9.2.2: nobody enters it again */
	CHECK(bt_offers(&s, C, "assault", NULL, 0) == 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));

	/* Stalemate: the Point Unit and the Forward Unit Exhausted; the area
	 * was not Contested at the start: back to 3 */
	mccall(&s, W_STALEMATE, &adr, &ddr);
	CHECK_EQ_INT(bt_act(&s, C, assault6), 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"forward\",\"unit\":\"mccall_inf\"}"), 0);
	CHECK_EQ_INT(s.imp.a_result, BOAL_STALEMATE);
	CHECK(s.unit[hill].exhausted && s.unit[minf].exhausted && !s.unit[mart].exhausted);
	CHECK_EQ_INT(s.unit[hill].area, 3);
	/* 10.7.3: "may voluntarily retreat after the Assault is resolved, even
	 * if the Attacker loses": the Defender is asked; he stands */
	CHECK_EQ_STR(bt_pending(&s), "voluntary");
	CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << U);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"done\"}"), 0);

	/* Success: CP = AT - DT - 1 (10.6.1), the Forward Unit first */
	mccall(&s, W_SUCCESS_BIG, &adr, &ddr);
	s.advantage = C; /* the Defender cannot declare a Heroic Defense */
	CHECK_EQ_INT(bt_act(&s, C, assault6), 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"forward\",\"unit\":\"mccall_art\"}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "casualty");
	/* the Forward Unit's 2 instead of 6: DV 9 */
	int cp = 6 + adr - 9 - ddr - 1;
	CHECK_EQ_INT(s.imp.a_cp, cp);
	CHECK(s.unit[hill].exhausted); /* the Point Unit */
	CHECK(bt_act(&s, U, "{\"type\":\"cp\",\"unit\":\"mccall_inf\",\"loss\":\"exhaust\"}") != 0);
	CHECK(bt_act(&s, U, "{\"type\":\"cp\",\"unit\":\"mccall_art\",\"loss\":\"retreat\"}") !=
	      0); /* "Only Exhausted units may retreat" */
	CHECK_EQ_INT(
	    bt_act(&s, U, "{\"type\":\"cp\",\"unit\":\"mccall_art\",\"loss\":\"exhaust\"}"), 0);
	CHECK_EQ_INT(s.imp.a_cp, cp - 1);
	CHECK(s.unit[mart].exhausted);
	static const char *const rest[] = {"8ill_cav", "mccall_inf", "mccall_art"};
	for (int k = 0; k < 3 && s.imp.step == BOAL_IS_CP; k++) {
		char buf[96];
		snprintf(buf, sizeof buf,
		         "{\"type\":\"cp\",\"unit\":\"%s\",\"loss\":\"eliminate\"}", rest[k]);
		CHECK_EQ_INT(bt_act(&s, U, buf), 0);
	}
	CHECK(s.imp.a_cp <= 0 || boal_units_in(&s, d, U, 6) == 0);
	/* defenders stand: the voluntary retreats are offered (10.7.3) */
	if (boal_units_in(&s, d, U, 6) > 0) {
		CHECK_EQ_STR(bt_pending(&s), "voluntary");
		CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"done\"}"), 0);
		CHECK_EQ_INT(s.control[6], U);
		CHECK_EQ_INT(s.unit[hill].area, 6); /* a Success: the attacker stays */
	}

	/* 12.1 Heroic Defense: the Defender holds the Advantage, the CP leave
	 * him standing: the Success becomes a Stalemate */
	mccall(&s, W_SUCCESS_SMALL, &adr, &ddr);
	s.advantage = U;
	CHECK_EQ_INT(bt_act(&s, C, assault6), 0);
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"forward\",\"unit\":\"mccall_inf\"}"), 0);
	CHECK_EQ_STR(bt_pending(&s), "heroic");
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"heroic_defense\"}"), 0);
	CHECK_EQ_INT(s.imp.step, BOAL_IS_VOLUNTARY); /* 10.7.3 after the Stalemate */
	CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"done\"}"), 0);
	CHECK_EQ_INT(s.imp.step, BOAL_IS_MOVE);
	CHECK(s.unit[minf].exhausted && s.unit[hill].exhausted);
	CHECK_EQ_INT(s.unit[hill].area, 3); /* Stalemate, not Contested: back */
	CHECK_EQ_INT(s.advantage, BOAL_NOBODY);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK_EQ_INT(s.advantage, C); /* 12.1.1 */

	/* 10.5 Rout: the White House infantry (defense 3) alone in Mechanicsville
	 * (3, TEM +2), A.P. Hill's command from Atlee's Station (4) by the road;
	 * A.P. Hill himself comes along and stays Active */
	for (int seed = 1; seed < 5000; seed++) {
		bt_setup(&s, false);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, (uint8_t)(seed >> 8), 9};
		tg_rng_init(&s.rng, key);
		/* the activation dr comes first: A.P. Hill always activates */
		struct tg_rng r = s.rng;
		tg_rng_die(&r, 6);
		int a1 = tg_rng_die(&r, 6) + tg_rng_die(&r, 6);
		int d1 = tg_rng_die(&r, 6) + tg_rng_die(&r, 6);
		/* AV 6 + 2 (A.P. Hill's Combat Rating) = 8; DV 3 + 2 = 5: CP >= 3 */
		if (8 + a1 - 5 - d1 >= 3)
			break;
	}
	bt_clear(&s);
	s.army_active[C] = true;
	bt_put(&s, "aphill_inf", 4);
	bt_put(&s, "whitehouse_inf", 3);
	s.leader[bt_leader("aphill")].area = 4;
	s.control[4] = (uint8_t)C;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":4,\"leader\":\"aphill\"}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":3}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"leader\":\"aphill\",\"to\":3}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"assault\",\"area\":3,\"point\":\"aphill_inf\"}"),
	             0);
	/* one defender: he is the Forward Unit without a question */
	CHECK_EQ_STR(bt_pending(&s), "casualty");
	CHECK_EQ_INT(s.imp.a_at - s.imp.a_dt, s.imp.a_cp);
	CHECK_EQ_INT(
	    bt_act(&s, U, "{\"type\":\"cp\",\"unit\":\"whitehouse_inf\",\"loss\":\"eliminate\"}"),
	    0);
	CHECK_EQ_INT(s.unit[bt_unit("whitehouse_inf")].area, BOAL_NOWHERE);
	CHECK(s.imp.rout);
	CHECK_EQ_INT(s.control[3], C); /* 7.2 */
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(!s.leader[bt_leader("aphill")].inactive); /* 10.5 */
	return tap_done();
}
