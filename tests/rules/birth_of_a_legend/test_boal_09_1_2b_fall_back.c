/* 9.1.2b: "Fall Back! An Exhausted Leader may also activate in an Area if
 * any friendly unit in the same Area also activates to move." The Leader
 * who falls back is an Exhausted (Inactive, 4.4.1) one; an Active Leader
 * who did not activate the Area stays, by 8.1.1: "If the die roll is equal
 * to or greater than that Leader's Initiative Rating, any and all units
 * sharing the same Command ID may move/attack. Other Leader markers, and
 * units with a different Command ID, may not move/attack." and "If the die
 * roll is less than that Leader marker's Initiative Rating ... The Leader
 * marker is unaffected and may attempt to activate in a later Impulse."
 * (README decision 53: the two readings of "Exhausted Leader" and the
 * choice.)
 *
 * A.P. Hill's division, his artillery and Stuart's 2nd Virginia in 45 with
 * A.P. Hill (and Longstreet); Lee in Richmond (44); McCall in 6. */
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

static void board(struct boal_state *s, bool longstreet_inactive)
{
	bt_setup(s, false);
	bt_clear(s);
	bt_put(s, "aphill_inf", 45);
	bt_put(s, "aphill_art", 45);
	bt_put(s, "2va_cav", 45);
	bt_put(s, "mccall_inf", 6);
	s->leader[bt_leader("aphill")].area = 45;
	s->leader[bt_leader("longstreet")].area = 45;
	s->leader[bt_leader("longstreet")].inactive = longstreet_inactive;
	s->leader[bt_leader("lee")].area = 44;
	s->control[3] = s->control[6] = (uint8_t)BOAL_UNION;
	s->control[44] = s->control[45] = s->control[41] = (uint8_t)BOAL_CONFEDERATE;
	s->army_active[BOAL_CONFEDERATE] = true;
}

/* The impulse from 45 with A.P. Hill's dr: `succeeds` picks a generator
 * whose dr gives that outcome (Lee Inactive: no +1 drm, so a 1 fails). */
static void aphill_rolls(struct boal_state *s, bool succeeds)
{
	for (int k = 0; k < 256; k++) {
		struct boal_state t = *s;
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)k, 9, 1, 2, 'b'};
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
	fprintf(stderr, "no generator gives that activation dr\n");
	exit(1);
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;
	const int aphill = bt_leader("aphill"), longstreet = bt_leader("longstreet");

	/* an Active A.P. Hill who did not activate the Area (the ONE unit of
	 * 8.1.1 was chosen without his dr) does not fall back when his
	 * infantry moves out */
	board(&s, false);
	boal_impulse_begin(&s, C);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate\",\"area\":45}"), 0);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(unit_to(&s, "aphill_inf", 41), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 0), 0);
	CHECK(leader_to(&s, "aphill", 41) != 0);
	CHECK(strstr(bt_err.message, "9.1.2") != NULL);
	CHECK_EQ_INT(s.leader[aphill].area, 45);

	/* nor one whose activation dr failed (8.1.1: "unaffected"): the ONE
	 * unit moves, he stays */
	board(&s, false);
	s.army_active[C] = false;
	aphill_rolls(&s, false);
	CHECK(!s.leader[aphill].inactive);
	CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(unit_to(&s, "aphill_inf", 41), 0);
	CHECK_EQ_INT(bt_offers(&s, C, "move", "aphill", 0), 0);
	CHECK(leader_to(&s, "aphill", 41) != 0);
	CHECK_EQ_INT(s.leader[aphill].area, 45);

	/* A.P. Hill activates; an Active Longstreet beside him, who did not,
	 * stays ("Other Leader markers ... may not move"), an Inactive one
	 * falls back once a unit of the Area moved */
	for (int inactive = 0; inactive < 2; inactive++) {
		board(&s, inactive);
		aphill_rolls(&s, true);
		CHECK_EQ_INT(bt_offers(&s, C, "move", "longstreet", 0), 0);
		CHECK_EQ_INT(unit_to(&s, "aphill_inf", 41), 0);
		CHECK_EQ_INT(bt_offers(&s, C, "move", "longstreet", 41), inactive);
		CHECK_EQ_INT(leader_to(&s, "longstreet", 41), inactive ? 0 : -1);
		CHECK_EQ_INT(s.leader[longstreet].area, inactive ? 41 : 45);
		CHECK_EQ_INT(s.leader[longstreet].inactive, inactive);
	}
	return tap_done();
}
