/* 9.1.2 Leader Marker Movement, 9.1.2a, 9.1.2b and 9.3's rule on leaders,
 * through the impulse's pending table.
 * 9.1.2: "All Leader markers have 7 Movement Factors (MF)."
 * 9.1.2a: "An Army Leader may always move once per turn during an Impulse
 * in which a Subordinate Leader activates an Area, even if he himself was
 * not in the Active Area."
 * 9.1.2b: "Fall Back! An Exhausted Leader may also activate in an Area if
 * any friendly unit in the same Area also activates to move."
 * 9.3: "Only Point units may enter an Uncontested, Enemy-Controlled Area
 * (whether Vacant or not). ... Leader markers may not enter a Contested
 * Area across a boundary requiring a Mandatory Assault (Section 10.1)
 * unless accompanied by a Point Unit".
 * Map (data): Richmond 44 - 45 - 41 open roads; 45 -Mechanicsville Bridge
 * (road)- 3 (Union, vacant) -minor, road- 6 (McCall, Union). */
#include "boal_impulse_testkit.h"

static int leader_to(struct boal_state *s, const char *id, int to)
{
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"leader\":\"%s\",\"to\":%d}", id, to);
	return bt_act(s, BOAL_CONFEDERATE, buf);
}

static int unit_to(struct boal_state *s, const char *id, int to)
{
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"move\",\"unit\":\"%s\",\"to\":%d}", id, to);
	return bt_act(s, BOAL_CONFEDERATE, buf);
}

/* A.P. Hill's division and Stuart's 2nd Virginia in 45, A.P. Hill there,
 * Lee in Richmond (44), McCall's division in 6; 3 Union-Controlled. */
static void board(struct boal_state *s)
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

/* A Confederate impulse from 45 that A.P. Hill activates (8.1.1): the
 * generator is set so that his activation dr succeeds. */
static void aphill_activates(struct boal_state *s)
{
	for (int k = 0; k < 256; k++) {
		struct boal_state t = *s;
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, 9, 1, 2};
		tg_rng_init(&t.rng, key);
		boal_impulse_begin(&t, BOAL_CONFEDERATE);
		if (bt_act(&t, BOAL_CONFEDERATE,
		           "{\"type\":\"activate\",\"area\":45,\"leader\":\"aphill\"}") == 0 &&
		    t.imp.leader[0] == bt_leader("aphill")) {
			*s = t;
			return;
		}
	}
	fprintf(stderr, "A.P. Hill never activates\n");
	exit(1);
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;
	const int lee = bt_leader("lee"), aphill = bt_leader("aphill");

	/* 9.1.2a: Lee, outside the Active Area, moves in an Impulse A.P. Hill
	 * activates; with 7 MF he goes on within it (44 -> 41 -> 44 -> 45) */
	board(&s);
	aphill_activates(&s);
	CHECK(bt_offers(&s, C, "move", "lee", 41) == 1);
	CHECK_EQ_INT(leader_to(&s, "lee", 41), 0);
	CHECK_EQ_INT(s.leader[lee].area, 41);
	CHECK_EQ_INT(leader_to(&s, "lee", 44), 0);
	CHECK_EQ_INT(leader_to(&s, "lee", 45), 0);
	CHECK_EQ_INT(s.leader[lee].area, 45);
	CHECK_EQ_INT(s.imp.lmf[lee], 7 - 3);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"end\"}"), 0);
	CHECK(boal_impulse_over(&s));
	/* "once per turn": not in a later Impulse of the same turn, though a
	 * Subordinate Leader activates again */
	s.leader[aphill].inactive = false;
	aphill_activates(&s);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "lee", 0), 0);
	CHECK(leader_to(&s, "lee", 44) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	CHECK_EQ_INT(s.leader[lee].area, 45);
	/* the next turn he may again */
	bt_act(&s, C, "{\"type\":\"end\"}");
	s.turn++;
	s.leader[aphill].inactive = false;
	aphill_activates(&s);
	CHECK_EQ_INT(leader_to(&s, "lee", 44), 0);

	/* 9.1.2a needs a Subordinate Leader's activation: with the ONE unit of
	 * 8.1.1 Lee stays */
	board(&s);
	s.leader[aphill].area = 41;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "lee", 0), 0);
	CHECK(leader_to(&s, "lee", 41) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	/* nor does a Subordinate Leader outside the Active Area move */
	CHECK(leader_to(&s, "aphill", 44) != 0);

	/* 9.1.2b Fall Back!: an Inactive A.P. Hill in the Active Area may move
	 * once a friendly unit of his Area moves, not before */
	board(&s);
	s.leader[aphill].inactive = true;
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 0), 0);
	CHECK(leader_to(&s, "aphill", 41) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	CHECK_EQ_INT(unit_to(&s, "aphill_inf", 3), 0);
	CHECK(bt_offers(&s, C, "move", "aphill", 3) == 1);
	CHECK_EQ_INT(leader_to(&s, "aphill", 3), 0);
	CHECK_EQ_INT(s.leader[aphill].area, 3);
	CHECK(s.leader[aphill].inactive); /* moving does not make him Active */

	/* 9.3: A.P. Hill may not enter Union-Controlled, uncontested 3 before a
	 * Point Unit has entered it, nor McCall's 6 (a Mandatory Assault's
	 * boundary, 10.1) before one has; after one, he follows */
	board(&s);
	aphill_activates(&s);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 3), 0);
	CHECK(leader_to(&s, "aphill", 3) != 0);
	CHECK(strstr(bt_err.message, "9.3") != NULL);
	CHECK_EQ_INT(unit_to(&s, "2va_cav", 3), 0); /* the Point Unit of 3 */
	CHECK_EQ_INT(leader_to(&s, "aphill", 3), 0);
	CHECK(leader_to(&s, "aphill", 6) != 0);
	CHECK(strstr(bt_err.message, "9.3") != NULL);
	CHECK_EQ_INT(unit_to(&s, "2va_cav", 6), 0); /* the Point Unit of 6 */
	CHECK(s.imp.pointed[6]);
	CHECK_EQ_INT(leader_to(&s, "aphill", 6), 0);
	CHECK_EQ_INT(s.leader[aphill].area, 6);
	return tap_done();
}
