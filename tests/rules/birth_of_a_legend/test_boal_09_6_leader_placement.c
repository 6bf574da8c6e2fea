/* 9.6: "All friendly units in his Area are eliminated. Place a Subordinate
 * Leader with any friendly Division he commands, regardless of the
 * distance between the Leader and the unit. Place an Army Leader with any
 * friendly Division." "any" is the owner's choice (README decision 33):
 * where more than one Area holds such a Division he is asked
 * (place_leader, 9.6), and a placement the rule does not allow is refused
 * citing it; with one Area he goes there unasked.
 *
 * A.P. Hill's infantry takes Ellerson's Mill (6) from McCall, alone there
 * with Porter (or McClellan); the Union eliminates McCall for the CP.
 * Porter's other Divisions: Morell (Gaines Mill, 7), Sykes (8); Smith (40)
 * is Franklin's. */
#include "boal_mccall_testkit.h"

static int place_offers(const struct game *g)
{
	json_t *v = BM->view(g, "union"), *e;
	size_t i;
	int n = 0;
	json_array_foreach(json_object_get(v, "actions"), i, e)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		n += t && !strcmp(t, "place_leader");
	}
	json_decref(v);
	return n;
}

int main(void)
{
	const int porter = bt_leader("porter"), mac = bt_leader("mcclellan");

	for (int pick = 7; pick <= 8; pick++) {
		struct game *g = bk_mccall_eliminated("porter", true, true);
		CHECK(g != NULL);
		if (!g)
			return tap_done();
		/* the Union is asked, between Morell's and Sykes's Areas */
		CHECK_EQ_STR(bm_awaited(g), "union");
		CHECK_EQ_INT(place_offers(g), 2);
		json_t *a7 = bm_find(g, "union", "place_leader", "area", 7);
		json_t *a8 = bm_find(g, "union", "place_leader", "area", 8);
		CHECK(a7 && a8);
		CHECK_EQ_STR(json_string_value(json_object_get(a7, "leader")), "porter");
		json_decref(a7);
		json_decref(a8);
		char prompt[200];
		CHECK(strstr(boal_prompt(&g->s, 0, prompt, sizeof prompt), "(9.6)"));
		/* not with Smith, who is Franklin's, nor where he stood */
		CHECK_EQ_INT(
		    bk_act(g, "union",
		           "{\"type\":\"place_leader\",\"leader\":\"porter\",\"area\":40}"),
		    -1);
		CHECK_EQ_INT(bk_act(g, "union",
		                    "{\"type\":\"place_leader\",\"leader\":\"porter\",\"area\":6}"),
		             -1);
		/* only the leader asked about, only with the answer asked */
		CHECK_EQ_INT(
		    bk_act(g, "union",
		           "{\"type\":\"place_leader\",\"leader\":\"mcclellan\",\"area\":7}"),
		    -1);
		CHECK_EQ_INT(
		    bk_act(g, "union", "{\"type\":\"leader_stays\",\"leader\":\"porter\"}"), -1);
		CHECK_EQ_INT(place_offers(g), 2);
		char text[96];
		snprintf(text, sizeof text,
		         "{\"type\":\"place_leader\",\"leader\":\"porter\",\"area\":%d}", pick);
		CHECK_EQ_INT(bk_act(g, "union", text), 0);
		CHECK_EQ_INT(g->s.leader[porter].area, pick);
		CHECK(g->s.leader[porter].inactive);
		/* answered: the Attacker's impulse goes on */
		CHECK_EQ_STR(bm_awaited(g), "confederate");
		CHECK_EQ_INT(place_offers(g), 0);
		BM->free(g);
	}

	/* one Area with a Division of his: placed there, nothing asked */
	struct game *g = bk_mccall_eliminated("porter", false, true);
	CHECK(g != NULL);
	CHECK_EQ_INT(place_offers(g), 0);
	CHECK_EQ_INT(g->s.leader[porter].area, 8);
	BM->free(g);

	/* an Army Leader: any friendly Division, Smith's too */
	g = bk_mccall_eliminated("mcclellan", true, true);
	CHECK(g != NULL);
	CHECK_EQ_INT(place_offers(g), 3);
	json_t *smith = bm_find(g, "union", "place_leader", "area", 40);
	CHECK(smith != NULL);
	json_decref(smith);
	CHECK_EQ_INT(
	    bk_act(g, "union", "{\"type\":\"place_leader\",\"leader\":\"mcclellan\",\"area\":40}"),
	    0);
	CHECK_EQ_INT(g->s.leader[mac].area, 40);
	BM->free(g);
	return tap_done();
}
