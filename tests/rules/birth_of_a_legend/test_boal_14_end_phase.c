/* 6.5 the End Phase and 14 Victory as the sequence of play checks them
 * (boal_victory.c). 6.5: "Determine if either player has won an Automatic
 * Victory (Section 14.1, Section 14.2). If neither player has won an
 * automatic Victory advance the Turn marker ... The Union player has the
 * option to remove Entrenchment markers. The Confederate player then has
 * the option ... If the game has reached the End Phase of the July 2nd
 * Turn, determine who has won the game." 14.1 and 14.2 hold "at the end of
 * the Daylight Phase"; 14.2 also "if either White House Landing (Area 17)
 * or Harrison's Landing (Area 27) is captured with the Union Supply Train
 * present"; 14.3: "If the Union player has not moved his Supply Train the
 * Confederate player wins by controlling Providence Church (Area 19) and
 * Harrison's Landing by the end of the game ... The Union player wins by
 * preventing the Confederate player from fulfilling his Victory
 * Conditions." */
#include "boal_module_testkit.h"
#include "boal_testkit.h"

static void end_daylight(struct game *g)
{
	g->s.phase = BOAL_DAYLIGHT;
	g->s.step = BOAL_STEP_IMPULSE;
	g->s.active = BOAL_CONFEDERATE;
	g->s.impulse = 8;
	g->s.imp.sunset_dr = 3; /* at or under the impulse: the day ends */
	boal_impulse_done(&g->s, bt_data());
}

int main(void)
{
	const struct boal_data *d = bt_data();
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	struct tg_error err = {{0}, {0}};
	struct game_status st;

	/* nobody wins at the set-up's lines: the day ends into the Night */
	struct game *g = bm_new(4, NULL);
	end_daylight(g);
	CHECK_EQ_INT(g->s.phase, BOAL_NIGHT);
	BM->free(g);

	/* 14.1: a Fresh Union unit in a Union-Controlled Richmond, tracing to
	 * the train at White House Landing, at the end of the Daylight Phase */
	g = bm_new(4, NULL);
	for (int a = 1; a <= BOAL_AREAS; a++)
		g->s.control[a] = (uint8_t)U;
	for (int u = 0; u < d->n_units; u++)
		if (d->unit[u].side == C && g->s.unit[u].area == BOAL_RICHMOND)
			g->s.unit[u].area = 43;
	int inf = -1;
	for (int u = 0; u < d->n_units && inf < 0; u++)
		if (d->unit[u].side == U && d->unit[u].type == BOAL_INFANTRY)
			inf = u;
	g->s.unit[inf].area = BOAL_RICHMOND;
	g->s.unit[inf].exhausted = true; /* Exhausted: no victory */
	struct game *h = BM->copy(g);
	end_daylight(h);
	CHECK_EQ_INT(h->s.phase, BOAL_NIGHT);
	BM->free(h);
	g->s.unit[inf].exhausted = false;
	end_daylight(g);
	BM->status(g, &st);
	CHECK(st.finished);
	CHECK_EQ_INT(st.winner, 0);
	CHECK_EQ_INT(g->s.result, BOAL_OUTCOME_UNION_AUTOMATIC);
	char *v = bm_view_text(g, "observer");
	CHECK(strstr(v, "\"winner\":\"union\"") != NULL && strstr(v, "(14.1)") != NULL);
	free(v);
	json_t *late = json_pack("{s:s}", "type", "end_night");
	CHECK(BM->act(g, "union", late, NULL, &err) == -1);
	json_decref(late);
	BM->free(g);

	/* 14.2: both landings Confederate-Controlled, tracing to Richmond */
	g = bm_new(4, NULL);
	for (int a = 1; a <= BOAL_AREAS; a++)
		g->s.control[a] = (uint8_t)C;
	end_daylight(g);
	CHECK_EQ_INT(g->s.phase, BOAL_OVER);
	CHECK_EQ_INT(g->s.winner, C);
	CHECK_EQ_INT(g->s.result, BOAL_OUTCOME_CONFEDERATE_AUTOMATIC);
	BM->free(g);

	/* 14.2, the capture: White House Landing taken with the train there */
	g = bm_new(4, NULL);
	CHECK(!boal_capture_victory(&g->s, d, BOAL_WHITE_HOUSE)); /* Union-held */
	for (int a = 1; a <= BOAL_AREAS; a++)
		g->s.control[a] = (uint8_t)C;
	CHECK(!boal_capture_victory(&g->s, d, BOAL_HARRISONS)); /* no train there */
	CHECK(boal_capture_victory(&g->s, d, BOAL_WHITE_HOUSE));
	CHECK_EQ_INT(g->s.result, BOAL_OUTCOME_CONFEDERATE_CAPTURE);
	BM->free(g);

	/* "captured" is an event: a train that arrives (6.2.2) in a Harrison's
	 * Landing the Confederate already controls is not captured by the next
	 * action of the day (README decision 46) */
	g = bm_new(4, NULL);
	for (int a = 1; a <= BOAL_AREAS; a++) /* a path to Richmond (14.2) */
		g->s.control[a] = (uint8_t)(a == BOAL_WHITE_HOUSE ? U : C);
	g->s.train_moved = true;
	g->s.train_area = BOAL_HARRISONS;
	CHECK_EQ_INT(g->s.step, BOAL_STEP_IMPULSE);
	bm_do(g, "confederate", bm_find(g, "confederate", "pass", NULL, 0));
	CHECK(g->s.phase != BOAL_OVER);
	BM->free(g);

	/* 11.3: the Union removes first, then the Confederate; then the turn
	 * advances and the next Dawn begins */
	g = bm_new(4, NULL);
	int turn = g->s.turn;
	g->s.entrench_side[9] = (int8_t)U;
	g->s.entrench_level[9] = 1;
	boal_end_begin(&g->s, d);
	CHECK_EQ_INT(g->s.phase, BOAL_END);
	CHECK_EQ_STR(bm_awaited(g), "union");
	json_t *wrong =
	    json_pack("{s:s,s:i}", "type", "remove_entrenchment", "area", BOAL_RICHMOND);
	CHECK(BM->act(g, "union", wrong, NULL, &err) == -1); /* not his marker */
	CHECK(strstr(err.message, "11.3") != NULL);
	json_decref(wrong);
	bm_do(g, "union", bm_find(g, "union", "remove_entrenchment", "area", 9));
	CHECK_EQ_INT(g->s.entrench_side[9], BOAL_NOBODY);
	bm_do(g, "union", bm_find(g, "union", "end_removals", NULL, 0));
	if (boal_entrench_markers_used(&g->s, C) > 0) {
		CHECK_EQ_STR(bm_awaited(g), "confederate");
		bm_do(g, "confederate", bm_find(g, "confederate", "end_removals", NULL, 0));
	}
	CHECK_EQ_INT(g->s.turn, turn + 1);
	CHECK(g->s.phase == BOAL_DAWN || g->s.phase == BOAL_DAYLIGHT);
	BM->free(g);

	/* 14.3 at the End of July 2nd, train not moved: Providence Church (19)
	 * and Harrison's Landing (27) */
	for (int k = 0; k < 4; k++) {
		g = bm_new(4, NULL);
		g->s.turn = (int8_t)(d->n_turns - 1);
		for (int a = 1; a <= BOAL_AREAS; a++)
			if (g->s.entrench_side[a] != BOAL_NOBODY)
				g->s.entrench_side[a] = BOAL_NOBODY, g->s.entrench_level[a] = 0;
		g->s.control[BOAL_PROVIDENCE] = (uint8_t)(k & 1 ? C : U);
		g->s.control[BOAL_HARRISONS] = (uint8_t)(k & 2 ? C : U);
		boal_end_begin(&g->s, d);
		CHECK_EQ_INT(g->s.phase, BOAL_OVER);
		CHECK_EQ_INT(g->s.winner, k == 3 ? C : U);
		CHECK_EQ_INT(g->s.result,
		             k == 3 ? BOAL_OUTCOME_CONFEDERATE_FINAL : BOAL_OUTCOME_UNION_FINAL);
		BM->free(g);
	}
	/* train moved: Malvern Hill (35) and either landing */
	g = bm_new(4, NULL);
	g->s.turn = (int8_t)(d->n_turns - 1);
	g->s.train_moved = true;
	g->s.train_area = BOAL_HARRISONS;
	memset(g->s.entrench_side, BOAL_NOBODY, sizeof g->s.entrench_side);
	g->s.control[BOAL_MALVERN] = (uint8_t)C;
	g->s.control[BOAL_WHITE_HOUSE] = (uint8_t)C;
	g->s.control[BOAL_HARRISONS] = (uint8_t)U;
	boal_end_begin(&g->s, d);
	CHECK_EQ_INT(g->s.winner, C);
	BM->free(g);
	return tap_done();
}
