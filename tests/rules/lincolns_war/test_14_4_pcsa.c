/* 14.4 Captured Confederate ports and the Port City Staging Area: placing
 * (from Spring 1863, a captured port of supply 2+, New Orleans needs no
 * marker), removing (not on the turn placed), relocating (not on the turn
 * removed, then 5 PC), the Confederate recapture (marker off, the next one
 * free from the next turn), moving inland (14.4, Fort Monroe 2.3) and the
 * PCSA as a supply source (20.2.1). */
#include "lw_amphib_fixture.h"

static void spend_step(struct lw_state *s)
{
	s->phase = LW_PH_OPS;
	s->step = LW_ST_SPEND;
	memset(&s->play, 0, sizeof s->play);
	s->play.side = LW_UNION;
	s->play.card = 1;
	s->play.pc_left = 3;
	s->play.activations_left = 1;
	s->play.co = LW_NONE;
}

int main(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!s)
		return 1;
	int chas = am_city("charleston"), sav = am_city("savannah"), apa = am_city("apalachicola");
	int no = am_city("new_orleans"), monroe = am_city("fort_monroe");
	int hc = am_hex("charleston"), hs = am_hex("savannah");
	s->city[chas].owner = LW_UNION;
	s->city[sav].owner = LW_UNION;
	s->city[apa].owner = LW_UNION;
	s->side[LW_UNION].pc = 20;
	spend_step(s);
	CHECK(lw_pcsa_captured_port(s, chas));
	CHECK(!lw_pcsa_captured_port(s, monroe)); /* a Union port, not captured */
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1611}", "Spring 1863");

	/* 14.4: no moving inland from a captured ocean port without the marker;
	 * New Orleans and Fort Monroe need none */
	CHECK(!lw_pcsa_inland_ok(s, LW_UNION, hc));
	CHECK(lw_pcsa_inland_ok(s, LW_UNION, am_hex("fort_monroe")));
	s->city[no].owner = LW_UNION;
	CHECK(lw_pcsa_inland_ok(s, LW_UNION, am_hex("new_orleans")));
	CHECK(lw_pcsa_supplies(s, LW_UNION, no));
	CHECK(!lw_pcsa_supplies(s, LW_UNION, chas));
	CHECK(lw_pcsa_inland_ok(s, LW_CONFEDERATE, hc)); /* a Union restriction only */

	s->turn = 3; /* Spring 1863 */
	spend_step(s);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":714}", "New Orleans");
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1214}", "supply value of 2");
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":2005}", "captured");
	AM_REFUSED(s, LW_CONFEDERATE, "{\"type\":\"pcsa_place\",\"hex\":1611}", "card play");
	json_t *cs = json_pack("{s:s,s:i}", "type", "pcsa_place", "hex", 1611);
	CHECK_EQ_INT(lw_pcsa_place_act(s, LW_CONFEDERATE, cs, NULL, NULL),
	             -1); /* 14.4: Union only */
	json_decref(cs);
	AM_OK(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1611}");
	CHECK_EQ_INT(s->amphib.pcsa.hex, hc);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 20); /* the first placement is free */
	CHECK(lw_pcsa_inland_ok(s, LW_UNION, hc));
	CHECK(lw_pcsa_supplies(s, LW_UNION, chas));
	/* the marker is on the board: every view shows it the same */
	for (int side = LW_NOSIDE; side <= LW_CONFEDERATE; side++) {
		json_t *v = lw_view_json(s, side);
		json_t *am = json_object_get(json_object_get(v, "board"), "amphib");
		CHECKF(json_integer_value(json_object_get(am, "pcsa")) == hc,
		       "view of side %d shows the PCSA", side);
		json_decref(v);
	}
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1511}", "already");
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_remove\"}", "turn it was placed");

	/* the next turn: removed (free), not relocated the same turn */
	s->turn = 4;
	spend_step(s);
	AM_OK(s, LW_UNION, "{\"type\":\"pcsa_remove\"}");
	CHECK_EQ_INT(s->amphib.pcsa.hex, LW_NO_HEX);
	CHECK(!lw_pcsa_inland_ok(s, LW_UNION, hc));
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1511}", "turn it was removed");
	/* a later turn: relocated for 5 PC */
	s->turn = 5;
	spend_step(s);
	AM_OK(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1511}");
	CHECK_EQ_INT(s->amphib.pcsa.hex, hs);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 15);

	/* 14.4.1 (1): the Confederates retake Savannah: the marker comes off,
	 * a new one is free, but only from the next turn */
	s->city[sav].owner = LW_CONFEDERATE;
	lw_amphib_settle(s);
	CHECK_EQ_INT(s->amphib.pcsa.hex, LW_NO_HEX);
	CHECK(am_log_has(s, "staging area marker is removed"));
	AM_REFUSED(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1611}", "next turn");
	s->turn = 6;
	spend_step(s);
	AM_OK(s, LW_UNION, "{\"type\":\"pcsa_place\",\"hex\":1611}");
	CHECK_EQ_INT(s->side[LW_UNION].pc, 15); /* free after a recapture */

	/* the offers list what the handler accepts */
	json_t *list = json_array();
	s->turn = 6;
	lw_pcsa_offer(s, LW_UNION, TG_OFFERS_TREE(list));
	CHECK_EQ_INT((int)json_array_size(list), 0); /* placed this turn: nothing to do */
	json_decref(list);
	free(s);
	return tap_done();
}
