/* 11.2 Capture: "During an Assault Impulse, if there are no defending units
 * left in the assaulted Area after combat resolution, and there are no
 * friendly Entrench markers already in the Area, an enemy Entrench +1 or
 * Entrench +2 marker may be replaced by a friendly Entrench +1 marker. If a
 * friendly unit enters an Area containing an enemy entrenchment marker and
 * there are no enemy units in the Area to assault, that entrenchment
 * marker is removed and a friendly Entrench +1 marker may be placed in the
 * Area at the discretion of the moving player." (README decision 31.)
 *
 * Through the module's act (boal_mccall_testkit.h): Ellerson's Mill (6)
 * holds a Union Entrench +2. Whether the friendly +1 is placed is the
 * moving player's ("may"): where the view offers him that choice, he takes
 * the +1; the enemy marker goes either way. */
#include "boal_mccall_testkit.h"

/* the Confederate answers a capture question with the +1, if he is asked
 * one (an offer naming the area and no unit); how many he answered */
static int place_if_asked(struct game *g)
{
	int n = 0;
	for (int round = 0; round < 3; round++) {
		json_t *v = BM->view(g, "confederate"), *e, *pick = NULL;
		size_t i;
		json_array_foreach(json_object_get(v, "actions"), i, e)
		{
			json_t *a = json_object_get(e, "action");
			const char *t = json_string_value(json_object_get(a, "type"));
			if (t && strstr(t, "entrench") && !json_object_get(a, "unit") &&
			    !json_is_false(json_object_get(a, "place")) && !pick)
				pick = json_deep_copy(a);
		}
		json_decref(v);
		if (!pick)
			break;
		bm_do(g, "confederate", pick);
		n++;
	}
	return n;
}

static void entrenched(struct game *g)
{
	g->s.entrench_side[6] = BOAL_UNION;
	g->s.entrench_level[6] = 2;
}

int main(void)
{
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;

	/* the second form: A.P. Hill's infantry enters the empty, entrenched 6
	 * as its Point Unit (9.3): the Union +2 goes, a Confederate +1 comes */
	struct game *g = bk_board(1, NULL, false, true, true);
	entrenched(g);
	CHECK_EQ_INT(
	    bk_act(g, "confederate", "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}"), 0);
	place_if_asked(g);
	CHECK_EQ_INT(g->s.control[6], C);
	CHECK_EQ_INT(g->s.entrench_side[6], C);
	CHECK_EQ_INT(g->s.entrench_level[6], 1);
	BM->free(g);

	/* no capture while an enemy unit stands there (an assault is owed) */
	g = bk_board(1, NULL, true, true, true);
	entrenched(g);
	CHECK_EQ_INT(
	    bk_act(g, "confederate", "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}"), 0);
	CHECK_EQ_INT(g->s.entrench_side[6], U);
	CHECK_EQ_INT(g->s.entrench_level[6], 2);
	BM->free(g);

	/* the first form: the assault leaves no defender (McCall eliminated for
	 * the CP): the Union +2 is replaced by a Confederate +1 */
	for (int k = 0; k < 400; k++) {
		g = bk_board(k, NULL, true, true, true);
		entrenched(g);
		bk_act(g, "confederate", "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}");
		bk_act(g, "confederate",
		       "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\",\"units\":["
		       "\"aphill_inf\"]}");
		json_t *fw = bm_find(g, "union", "forward", NULL, 0);
		if (fw)
			bm_do(g, "union", fw);
		if (g->s.imp.a_result == BOAL_SUCCESS && g->s.imp.a_cp >= 3)
			break;
		BM->free(g);
		g = NULL;
	}
	CHECK(g != NULL);
	if (!g)
		return tap_done();
	/* the CP are not yet taken: McCall stands, the marker is the Union's */
	CHECK_EQ_INT(g->s.entrench_side[6], U);
	CHECK_EQ_INT(
	    bk_act(g, "union", "{\"type\":\"cp\",\"unit\":\"mccall_inf\",\"loss\":\"eliminate\"}"),
	    0);
	place_if_asked(g);
	CHECK_EQ_INT(g->s.unit[bt_unit("mccall_inf")].area, BOAL_NOWHERE);
	CHECK_EQ_INT(g->s.entrench_side[6], C);
	CHECK_EQ_INT(g->s.entrench_level[6], 1);
	CHECK_EQ_INT(g->s.control[6], C);
	BM->free(g);
	return tap_done();
}
