/* 6.4 / 13.2 the Night Phase as a sequence (boal_night.c) with its
 * decisions. 6.4: "Return the Advantage marker to the "0" space on the
 * Impulses Track. The Union player spends his available Replacement points
 * and builds entrenchments. The Confederate player then spends his
 * available Replacement Points and builds entrenchments. Replacement
 * Points not spent by either player are marked on the Record Track."
 * 13.2: "Artillery Refit ... automatic", "Replace Losses", "Entrench".
 * 13.3: "The Confederate player receives 1 Replacement Point each Night
 * Phase. The Union player receives 2 ... if the Union Supply Train is in
 * either White House Landing or Harrison's Landing. Otherwise he receives
 * 1 ... one extra Replacement Point during his Night Phase by spending the
 * Advantage ... Exception: Neither player receives replacements during the
 * July 2nd Night Phase regardless of who has the Advantage". 15.2: a
 * wounded Leader returns "During the Night Phase ... in any Area
 * containing either Friendly units under his command or at least one
 * Independent unit". */
#include "boal_module_testkit.h"
#include "boal_testkit.h"

static struct game *night(int turn)
{
	struct game *g = bm_new(2, NULL);
	g->s.turn = (int8_t)turn;
	g->s.impulse = 9;
	boal_night_begin(&g->s, bt_data());
	return g;
}

int main(void)
{
	const struct boal_data *d = bt_data();
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE, T1 = d->first_turn;
	struct tg_error err = {{0}, {0}};

	/* the marker to 0; the Union first, with 2 points (train at White
	 * House Landing); his exhausted artillery refit at once */
	int art = -1, inf = -1, cinf = -1;
	for (int u = 0; u < d->n_units; u++) {
		if (art < 0 && d->unit[u].side == U && d->unit[u].type == BOAL_ARTILLERY)
			art = u;
		if (inf < 0 && d->unit[u].side == U && d->unit[u].type == BOAL_INFANTRY)
			inf = u;
		if (cinf < 0 && d->unit[u].side == C && d->unit[u].type == BOAL_INFANTRY)
			cinf = u;
	}
	struct game *g = bm_new(2, NULL);
	g->s.turn = (int8_t)(T1 + 1);
	g->s.unit[art].exhausted = g->s.unit[inf].exhausted = g->s.unit[cinf].exhausted = true;
	g->s.impulse = 9;
	boal_night_begin(&g->s, d);
	CHECK_EQ_INT(g->s.impulse, 0);
	CHECK_EQ_INT(g->s.phase, BOAL_NIGHT);
	CHECK_EQ_STR(bm_awaited(g), "union");
	CHECK(!g->s.unit[art].exhausted);
	CHECK_EQ_INT(g->s.reserve[U], 2);
	/* the Confederate's artillery has not refit yet: his Night comes after */
	CHECK_EQ_INT(g->s.reserve[C], 0);
	/* Replace Losses: one point flips the Exhausted infantry */
	bm_do(g, "union", bm_find(g, "union", "replace", NULL, 0));
	CHECK_EQ_INT(g->s.reserve[U], 1);
	CHECK(!g->s.unit[inf].exhausted);
	/* Entrench where Union infantry stands; then no more Replace Losses */
	json_t *e = bm_find(g, "union", "entrench", NULL, 0);
	int area = (int)json_integer_value(json_object_get(e, "area"));
	bm_do(g, "union", e);
	CHECK_EQ_INT(g->s.entrench_side[area], U);
	g->s.unit[inf].exhausted = true;
	json_t *r = json_pack("{s:s,s:s}", "type", "replace", "unit", d->unit[inf].id);
	CHECK(BM->act(g, "union", r, NULL, &err) == -1);
	CHECK(strstr(err.message, "13.2") != NULL);
	json_decref(r);
	/* one announcement an area a Night (README 42) */
	json_t *twice = json_pack("{s:s,s:i}", "type", "entrench", "area", area);
	CHECK(BM->act(g, "union", twice, NULL, &err) == -1);
	json_decref(twice);
	/* the Confederate may not act in the Union's Night */
	json_t *end = json_pack("{s:s}", "type", "end_night");
	CHECK(BM->act(g, "confederate", end, NULL, &err) == -1);
	CHECK_EQ_STR(err.code, TG_E_NOT_YOUR_TURN);
	json_decref(end);
	bm_do(g, "union", bm_find(g, "union", "end_night", NULL, 0));
	/* the unspent point stays on the Record Track; the Confederate's Night:
	 * 1 point */
	CHECK_EQ_INT(g->s.reserve[U], 1);
	CHECK_EQ_STR(bm_awaited(g), "confederate");
	CHECK_EQ_INT(g->s.reserve[C], 1);
	/* 12.1 "Increase Replacements": the Confederate holds the Advantage */
	bm_do(g, "confederate", bm_find(g, "confederate", "advantage_replacement", NULL, 0));
	CHECK_EQ_INT(g->s.reserve[C], 2);
	CHECK_EQ_INT(g->s.advantage, BOAL_NOBODY);
	CHECK(bm_find(g, "confederate", "advantage_replacement", NULL, 0) == NULL);
	bm_do(g, "confederate", bm_find(g, "confederate", "end_night", NULL, 0));
	/* the Advantage passes at the end of the Night Phase (12.1.1) */
	CHECK_EQ_INT(g->s.advantage, U);
	CHECK(g->s.phase == BOAL_END || g->s.phase == BOAL_DAWN || g->s.phase == BOAL_DAYLIGHT);
	BM->free(g);

	/* 13.3: the train away from both landings: the Union receives 1 */
	g = bm_new(2, NULL);
	g->s.turn = (int8_t)(T1 + 2);
	g->s.train_moved = true;
	g->s.train_area = BOAL_NOWHERE;
	g->s.train_arrives = (int8_t)(T1 + 4);
	boal_night_begin(&g->s, d);
	CHECK_EQ_INT(g->s.reserve[U], 1);
	BM->free(g);

	/* July 2nd: no replacements, and the Advantage buys none */
	g = night(d->n_turns - 1);
	CHECK_EQ_INT(g->s.reserve[U], 0);
	g->s.advantage = (int8_t)U;
	CHECK(bm_find(g, "union", "advantage_replacement", NULL, 0) == NULL);
	json_t *adv = json_pack("{s:s}", "type", "advantage_replacement");
	CHECK(BM->act(g, "union", adv, NULL, &err) == -1);
	CHECK(strstr(err.message, "13.3") != NULL);
	json_decref(adv);
	BM->free(g);

	/* 15.2: a wounded Confederate Leader returns at the Night, to an Area
	 * with units of his command or an Independent unit, before the Union's
	 * Night begins */
	g = bm_new(2, NULL);
	int jackson = bt_leader("jackson");
	g->s.leader[jackson].area = BOAL_NOWHERE;
	g->s.leader[jackson].back_turn = (int8_t)(T1 + 2);
	g->s.turn = (int8_t)(T1 + 1);
	boal_night_begin(&g->s, d);
	CHECK_EQ_INT(g->s.step, BOAL_STEP_LEADER_RETURN);
	CHECK_EQ_STR(bm_awaited(g), "confederate");
	json_t *ret = bm_find(g, "confederate", "return_leader", NULL, 0);
	int to = (int)json_integer_value(json_object_get(ret, "area"));
	CHECK(boal_leader_return_ok(&g->s, d, jackson, to));
	bm_do(g, "confederate", ret);
	CHECK_EQ_INT(g->s.leader[jackson].area, to);
	CHECK_EQ_INT(g->s.step, BOAL_STEP_NIGHT);
	CHECK_EQ_STR(bm_awaited(g), "union");
	/* an area with neither his units nor an Independent is refused */
	int empty = -1;
	for (int a = 1; a <= BOAL_AREAS && empty < 0; a++)
		if (boal_units_in(&g->s, d, C, a) == 0)
			empty = a;
	CHECK(!boal_leader_return_ok(&g->s, d, jackson, empty));
	BM->free(g);
	return tap_done();
}
