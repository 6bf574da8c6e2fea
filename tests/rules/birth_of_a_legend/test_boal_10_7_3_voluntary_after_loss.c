/* 10.7.3: "Some or all of the defenders in an Area being assaulted may
 * voluntarily retreat after the Assault is resolved, even if the Attacker
 * loses. The Forward Unit does not have to be among the units that
 * retreat." The Defender is offered his voluntary retreats after every
 * result that leaves him units in the Area: a Success (the CP taken), a
 * Stalemate and a Repulse (README decision 54), once the Attacker's own
 * retreat (10.4.4) is done.
 *
 * A.P. Hill's infantry enters Ellerson's Mill (6, not Contested) from
 * Mechanicsville (3) and makes the Mandatory Assault (10.1) on McCall and
 * Morell there; the seed is searched for each result. */
#include "boal_mccall_testkit.h"

/* the assault on 6 whose result is r (k0: the first key tried), or NULL */
static struct game *assault_with(enum boal_result r, int k0)
{
	for (int k = k0; k < k0 + 600; k++) {
		struct game *g = bk_assault_both(k);
		json_t *fw = bm_find(g, "union", "forward", "unit", 0);
		if (!fw)
			fw = bm_find(g, "union", "forward", NULL, 0);
		if (fw)
			bm_do(g, "union", fw);
		if (g->s.imp.a_result == (uint8_t)r &&
		    (r == BOAL_SUCCESS || g->s.unit[bt_unit("aphill_inf")].area != 6))
			return g;
		BM->free(g);
	}
	return NULL;
}

int main(void)
{
	const int aphill = bt_unit("aphill_inf"), mccall = bt_unit("mccall_inf"),
	          morell = bt_unit("morell_inf");
	const enum boal_result lost[] = {BOAL_REPULSE, BOAL_STALEMATE};
	for (int i = 0; i < 2; i++) {
		struct game *g = assault_with(lost[i], 1000 * i);
		CHECK(g != NULL);
		if (!g)
			return tap_done();
		/* the Attacker's retreat of 10.4.4 first: back into 3 */
		CHECK_EQ_INT(g->s.unit[aphill].area, 3);
		/* then the Defender is asked (10.7.3), both units offered */
		CHECK_EQ_STR(bm_awaited(g), "union");
		json_t *r1 = bm_find(g, "union", "retreat", NULL, 0);
		CHECK(r1 != NULL);
		json_decref(r1);
		char prompt[200];
		const char *p = boal_prompt(&g->s, 0, prompt, sizeof prompt);
		CHECK(p && strstr(p, "(10.7.3)") != NULL);
		/* McCall retreats (a tie among the Free Areas is the owner's) */
		CHECK_EQ_INT(bk_act(g, "union", "{\"type\":\"retreat\",\"unit\":\"mccall_inf\"}"),
		             0);
		json_t *tie = bm_find(g, "union", "retreat_to", NULL, 0);
		if (tie)
			bm_do(g, "union", tie);
		CHECK(g->s.unit[mccall].area != 6 && g->s.unit[mccall].area != BOAL_NOWHERE);
		CHECK(!g->s.unit[mccall].exhausted || i == 1); /* a retreat, not a CP */
		/* Morell stands; Porter, with units on both sides, is asked (10.7.3) */
		CHECK_EQ_INT(bk_act(g, "union", "{\"type\":\"done\"}"), 0);
		CHECK_EQ_INT(g->s.unit[morell].area, 6);
		json_t *stay = bm_find(g, "union", "leader_stays", NULL, 0);
		CHECK(stay != NULL);
		if (stay)
			bm_do(g, "union", stay);
		CHECK_EQ_STR(bm_awaited(g), "confederate");
		BM->free(g);
	}

	/* a Success: offered as before, once the CP are taken */
	struct game *g = assault_with(BOAL_SUCCESS, 3000);
	CHECK(g != NULL);
	if (!g)
		return tap_done();
	for (int n = 0; n < 6 && g->s.imp.step == BOAL_IS_CP; n++) {
		json_t *cp = bm_find(g, "union", "cp", NULL, 0);
		json_object_set_new(cp, "loss", json_string("exhaust"));
		struct tg_error err = {{0}, {0}};
		if (BM->act(g, "union", cp, NULL, &err) != 0)
			break;
		json_decref(cp);
	}
	if (g->s.unit[mccall].area == 6 || g->s.unit[morell].area == 6)
		CHECK_EQ_INT(g->s.imp.step, BOAL_IS_VOLUNTARY);
	BM->free(g);
	return tap_done();
}
