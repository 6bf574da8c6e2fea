/* 8.1.2.3 "The Hunley may roll to cancel a Union amphibious attack against
 * its port once per game. If it rolls 3-6 the attack is cancelled; a roll
 * of 1-2 has no effect. In either case, once the Hunley has been rolled
 * for, it is permanently removed from the game."
 * - "may": the Confederate chooses (he may keep it for a later attack):
 *   before the assault's battle he is asked, hunley_roll or hunley_hold;
 *   holding, the battle is fought and the Hunley stays in its port.
 * - "a Union amphibious attack": a river assault on New Orleans (an ocean
 *   port, where the Hunley may lie, and a river port) too.
 * - Hidden: the question is asked whenever the port holds a face-down
 *   Asset (an ironclad too, with hunley_hold only), so that the Union's
 *   view is the same whichever Asset it is.
 * - No Asset in the port: no question, the battle at once. */
#include "lincolns_war/lw_naval.h"
#include "lw_amphib_fixture.h"

static int slot_of(enum lw_asset_kind kind)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (lw_naval_asset_kind(i) == kind)
			return i;
	return -1;
}

static void reset(struct lw_state *s)
{
	memset(&s->battle, 0, sizeof s->battle);
	s->amphib.assault = LW_AM_NONE;
	s->amphib.ocean_turn = 0;
	s->amphib.river_turn[LW_UNION] = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		memset(&s->navy.asset[i], 0, sizeof s->navy.asset[i]);
}

/* The Union's view, without the log (which names nothing hidden either). */
static char *union_view(const struct lw_state *s)
{
	json_t *v = lw_view_json(s, LW_UNION);
	json_object_del(v, "log");
	char *t = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	return t;
}

int main(void)
{
	struct lw_state *s = fx_new(5);
	if (!s)
		return 1;
	int hunley = slot_of(LW_AK_HUNLEY), iron = slot_of(LW_AK_IRONCLAD);
	CHECK(hunley >= 0 && iron >= 0);
	int monroe = am_hex("fort_monroe"), chas = am_hex("charleston");
	int g = am_general(s, LW_UNION, monroe, 1, LW_NONE);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	char js[96];
	snprintf(js, sizeof js, "{\"type\":\"ocean_assault\",\"target\":%d}", chas);

	/* no Asset in Charleston: the battle at once */
	reset(s);
	am_activate(s, LW_UNION, &g, 1);
	AM_OK(s, LW_UNION, js);
	CHECK(s->battle.active);
	CHECK(s->step != LW_ST_HUNLEY);

	/* the Hunley there, face down: the Confederate is asked; he holds */
	reset(s);
	s->navy.asset[hunley].where = LW_NW_PORT;
	s->navy.asset[hunley].hex = (int16_t)chas;
	am_activate(s, LW_UNION, &g, 1);
	AM_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->step, LW_ST_HUNLEY);
	CHECK(!s->battle.active);
	CHECK_EQ_INT(lw_ops_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK(am_offered(s, LW_CONFEDERATE, "hunley_roll"));
	CHECK(am_offered(s, LW_CONFEDERATE, "hunley_hold"));
	CHECK(!am_offered(s, LW_UNION, "hunley_hold"));
	AM_REFUSED(s, LW_UNION, "{\"type\":\"hunley_hold\"}", "8.1.2.3");
	char *with_hunley = union_view(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"hunley_hold\"}");
	CHECK(s->battle.active); /* the assault goes in */
	CHECK_EQ_INT(s->amphib.assault, LW_AM_OCEAN_ASSAULT);
	CHECK_EQ_INT(s->navy.asset[hunley].where, LW_NW_PORT); /* kept for later */
	CHECK(lw_naval_hunley_at(s, chas));

	/* an ironclad there instead: the same question, only hunley_hold, and
	 * the Union sees the same */
	reset(s);
	s->navy.asset[iron].where = LW_NW_PORT;
	s->navy.asset[iron].hex = (int16_t)chas;
	am_activate(s, LW_UNION, &g, 1);
	AM_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->step, LW_ST_HUNLEY);
	CHECK(!am_offered(s, LW_CONFEDERATE, "hunley_roll"));
	CHECK(am_offered(s, LW_CONFEDERATE, "hunley_hold"));
	AM_REFUSED(s, LW_CONFEDERATE, "{\"type\":\"hunley_roll\"}", "8.1.2.3");
	char *with_iron = union_view(s);
	CHECKF(strcmp(with_hunley, with_iron) == 0, "the Union's view tells the Assets apart");
	free(with_hunley);
	free(with_iron);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"hunley_hold\"}");
	CHECK(s->battle.active);

	/* a river assault on New Orleans: the Hunley may roll there too; rolled,
	 * it is gone whatever the die */
	int no = am_hex("new_orleans"), br = am_city("baton_rouge");
	int brhex = am_hex("baton_rouge");
	s->city[br].owner = LW_UNION;
	int cancelled = 0, went_in = 0;
	for (int k = 0; k < 12; k++) {
		reset(s);
		s->navy.asset[hunley].where = LW_NW_PORT;
		s->navy.asset[hunley].hex = (int16_t)no;
		s->unit[g].hex = (int16_t)brhex;
		s->unit[g].where = LW_W_MAP;
		s->unit[g].stars = 1;
		am_activate(s, LW_UNION, &g, 1);
		struct tg_error e = {0};
		CHECKF(lw_amphib_check(s, LW_UNION, LW_AM_RIVER_ASSAULT, no, &e) == 0,
		       "river assault Baton Rouge -> New Orleans: %s", e.message);
		snprintf(js, sizeof js, "{\"type\":\"river_assault\",\"target\":%d}", no);
		AM_OK(s, LW_UNION, js);
		CHECK_EQ_INT(s->step, LW_ST_HUNLEY);
		CHECK(am_offered(s, LW_CONFEDERATE, "hunley_roll"));
		AM_OK(s, LW_CONFEDERATE, "{\"type\":\"hunley_roll\"}");
		CHECK_EQ_INT(s->navy.asset[hunley].where, LW_NW_GONE);
		if (am_log_has(s, "is cancelled (8.1.2.3)") && !s->battle.active) {
			cancelled++;
			CHECK_EQ_INT(s->amphib.assault, LW_AM_NONE);
			CHECK_EQ_INT(s->unit[g].hex, brhex); /* the force stays */
		} else {
			went_in++;
			CHECK(s->battle.active);
		}
		memset(s->log, 0, sizeof s->log);
	}
	printf("# New Orleans: %d cancelled, %d went in\n", cancelled, went_in);
	CHECK(cancelled > 0);
	free(s);
	return tap_done();
}
