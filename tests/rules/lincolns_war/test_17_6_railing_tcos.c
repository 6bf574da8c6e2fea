/* 17.6 Railing TCOs: a TCO rails like any other force, its stars counted as
 * a regular general's (9.1 capacity); absorbing TCO stars comes after the
 * rail moves, so a TCO may be railed to a general who then absorbs it
 * (17.5, 9.2). Map hexes as in test_9_1_rail_transport (Atlanta 1210 -
 * Savannah 1511, reconstructed). */
#include "lincolns_war/lw_rail.h"
#include "lincolns_war/lw_tco.h"
#include "lw_land_fixture.h"

enum { ATLANTA = 1210, SAVANNAH = 1511, CHATTANOOGA = 1208 };

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	s->phase = LW_PH_RAIL;
	s->phasing = LW_CONFEDERATE;
	lw_rit_set(s, CHATTANOOGA, true);
	int hardee = fx_place(s, "hardee", ATLANTA, 2);
	int polk = fx_place(s, "polk", SAVANNAH, 1);
	lw_kill(s, hardee);
	int tco = fx_tco_at(s, ATLANTA);
	if (!CHECK(tco != LW_NONE))
		return tap_done();
	CHECK_EQ_INT(s->unit[tco].stars, 2);
	/* its stars count as a regular general's */
	CHECK_EQ_INT(lw_rail_cost(s, tco, true), 2);
	struct tg_error err = {0};
	CHECKF(lw_rail_check(s, tco, SAVANNAH, true, &err) == 0, "%s", err.message);
	char id[32], a[128];
	snprintf(a, sizeof a, "{\"type\":\"rail\",\"unit\":\"%s\",\"to\":%d,\"force\":true}",
	         lw_unit_id(s, tco, id, sizeof id), SAVANNAH);
	json_t *j = json_loads(a, 0, NULL);
	struct game_outcome out = {0};
	int rc = lw_rail_act(s, LW_CONFEDERATE, j, &out, &err);
	json_decref(j);
	CHECKF(rc == 0, "the TCO rails: %s", err.message);
	CHECK_EQ_INT(s->unit[tco].hex, SAVANNAH);
	CHECK_EQ_INT(s->rail.used[LW_CONFEDERATE], 2);
	CHECK(lw_rail_used_by(s, tco));
	/* railed to Polk, it may be absorbed by him (17.5, after the rail moves) */
	s->side[LW_CONFEDERATE].pc = 5;
	CHECKF(lw_tco_absorb_check(s, tco, polk, &err) == 0, "%s", err.message);
	rc = lw_tco_absorb(s, tco, polk, &err);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->unit[polk].stars, 2);
	CHECK_EQ_INT(s->unit[tco].stars, 1);
	free(s);
	return tap_done();
}
