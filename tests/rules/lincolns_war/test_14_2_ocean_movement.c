/* 14.2 Ocean movement and ocean assault (the turn track's stars, friendly
 * ports at both ends, Fort Monroe, Charleston), 14.3 no sea and river move
 * by one force in a turn, and the Hunley's cancel roll (8.1.2.3) through
 * the naval hook. */
#include "lw_amphib_fixture.h"

static int hunley_hex, hunley_removed;
static bool t_hunley_at(const struct lw_state *s, int hex)
{
	(void)s;
	return hex == hunley_hex;
}
static void t_hunley_remove(struct lw_state *s, int hex)
{
	(void)s;
	if (hex == hunley_hex) {
		hunley_removed++;
		hunley_hex = LW_NO_HEX;
	}
}

int main(void)
{
	struct lw_state *s = fx_new(0); /* Summer 1861: nobody sails yet */
	if (!s)
		return 1;
	int monroe = am_hex("fort_monroe"), ny = am_hex("new_york"), balt = am_hex("baltimore");
	int charleston = am_hex("charleston"), norfolk = am_hex("norfolk");
	int g = am_general(s, LW_UNION, monroe, 1, LW_NONE);
	am_activate(s, LW_UNION, &g, 1);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":2201}", "14.2.1");

	/* Spring 1862: one star by sea, from Fort Monroe (a Union port, 2.3) */
	s->turn = 1;
	CHECK_EQ_INT(lw_D()->turns[1].amphib_stars, 1);
	int h = am_general(s, LW_UNION, monroe, 1, g);
	int both[2] = {g, h};
	am_activate(s, LW_UNION, both, 2);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":2201}", "14.2.1");
	s->unit[h].where = LW_W_PENDING;
	am_activate(s, LW_UNION, &g, 1);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":1611}", "14.2.1"); /* enemy */
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":1805}",
	           "14.2"); /* no ocean port */
	AM_OK(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":2201}");
	CHECK_EQ_INT(s->unit[g].hex, ny);
	CHECK_EQ_INT(s->amphib.ocean_turn, 2);
	/* once per turn, and 14.3: the same force may not go on by river */
	am_activate(s, LW_UNION, &g, 1);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":1902}", "14.2.1");
	s->unit[g].hex = (int16_t)am_hex("washington"); /* both kinds of port */
	am_activate(s, LW_UNION, &g, 1);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_move\",\"to\":1904}", "14.3");

	/* Summer 1863 (four stars): an ocean assault on Charleston needs 10 PC;
	 * Richmond is no ocean port */
	s->turn = 4;
	s->unit[g].hex = (int16_t)monroe;
	s->unit[g].stars = 2;
	am_activate(s, LW_UNION, &g, 1);
	s->side[LW_UNION].pc = 9;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_assault\",\"target\":1611}", "14.2.2");
	s->side[LW_UNION].pc = 15;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_assault\",\"target\":1805}", "14.2");
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_assault\",\"target\":1902}", "14.2.2");
	CHECK_EQ_INT(lw_amphib_check(s, LW_UNION, LW_AM_OCEAN_ASSAULT, norfolk, NULL), 0);
	AM_OK(s, LW_UNION, "{\"type\":\"ocean_assault\",\"target\":1611}");
	CHECK(s->battle.active);
	CHECK_EQ_INT(s->battle.def_hex, charleston);
	/* 14.2.2: failed (Charleston holds): back in the port, CO demoted */
	s->battle.active = 0;
	lw_amphib_settle(s);
	CHECK_EQ_INT(s->unit[g].stars, 1);
	CHECK_EQ_INT(s->unit[g].hex, monroe);
	(void)balt;

	/* the Hunley: 3-6 cancels, 1-2 does nothing; rolled once, then gone */
	for (int d = 1; d <= 6; d++)
		CHECK_EQ_INT(lw_amphib_hunley_cancels(d), d >= 3);
	struct lw_amphib_naval_hooks naval = lw_amphib_naval; /* the naval rules' own */
	lw_amphib_naval.hunley_at = t_hunley_at;
	lw_amphib_naval.hunley_remove = t_hunley_remove;
	s->turn = 5;
	hunley_hex = charleston;
	am_activate(s, LW_UNION, &g, 1);
	AM_OK(s, LW_UNION, "{\"type\":\"ocean_assault\",\"target\":1611}");
	CHECK_EQ_INT(s->step, LW_ST_HUNLEY); /* he may roll: test_8_1_2_3_hunley_choice */
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"hunley_roll\"}");
	CHECK_EQ_INT(hunley_removed, 1);
	bool cancelled = am_log_has(s, "is cancelled (8.1.2.3)");
	bool went_in = am_log_has(s, "is spent; the assault");
	CHECK(cancelled != went_in);
	CHECK_EQ_INT(s->battle.active, went_in);
	lw_amphib_naval = naval;

	/* 14.2.2: a successful assault must occupy the port: no declining */
	s->amphib.assault = LW_AM_OCEAN_ASSAULT;
	s->battle.active = 1;
	s->step = LW_ST_ADVANCE;
	json_t *offers = json_array();
	struct tg_offers list;
	struct tg_offers_keep was;
	tg_offers_tree(&list, offers);
	lw_amphib_battle_filter(s, &list, &was);
	tg_offer(&list, json_pack("{s:s,s:s}", "type", "advance", "units", "all"), "Advance");
	tg_offer(&list, json_pack("{s:s}", "type", "decline"), "Decline");
	tg_offers_unfilter(&list, &was);
	CHECK_EQ_INT((int)json_array_size(offers), 1);
	tg_offer(&list, json_pack("{s:s}", "type", "decline"), "Decline");
	CHECK_EQ_INT((int)json_array_size(offers), 2); /* the filter is off again */
	json_t *dec = json_pack("{s:s}", "type", "decline"),
	       *adv = json_pack("{s:s}", "type", "advance");
	struct tg_error e = {0};
	CHECK_EQ_INT(lw_amphib_must_occupy(s, &e), -1);
	CHECK(strstr(e.message, "14.2.2") != NULL);
	/* the decline's row asks it and refuses; the advance's row is another */
	struct game_outcome o = {0};
	const struct lw_action *dx = lw_action_find(&lw_battle_advance_actions, "decline");
	CHECK(dx != NULL && dx != lw_action_find(&lw_battle_advance_actions, "advance"));
	memset(&e, 0, sizeof e);
	CHECK_EQ_INT(dx->act(s, LW_UNION, dec, &o, &e), -1);
	CHECK(strstr(e.message, "14.2.2") != NULL);
	(void)adv;
	s->amphib.assault = LW_AM_NONE; /* an ordinary battle may decline */
	CHECK_EQ_INT(lw_amphib_must_occupy(s, NULL), 0);
	s->battle.active = 0;
	json_decref(offers);
	json_decref(dec);
	json_decref(adv);

	/* with the naval rules' own Hunley (lw_naval.c): rolled once, then gone */
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (lw_naval_asset_kind(i) == LW_AK_HUNLEY) {
			s->navy.asset[i].where = LW_NW_PORT;
			s->navy.asset[i].hex = (int16_t)charleston;
			s->turn = 6;
			s->amphib.ocean_turn = 0;
			s->battle.active = 0;
			s->unit[g].hex = (int16_t)monroe;
			s->unit[g].where = LW_W_MAP;
			s->unit[g].stars = 2;
			am_activate(s, LW_UNION, &g, 1);
			AM_OK(s, LW_UNION, "{\"type\":\"ocean_assault\",\"target\":1611}");
			AM_OK(s, LW_CONFEDERATE, "{\"type\":\"hunley_roll\"}");
			CHECK_EQ_INT(s->navy.asset[i].where, LW_NW_GONE);
			CHECK(!lw_naval_hunley_at(s, charleston));
			s->battle.active = 0;
			s->amphib.assault = LW_AM_NONE;
		}

	/* the Confederates never go by sea */
	s->turn = 6;
	int rebel = am_general(s, LW_CONFEDERATE, charleston, 1, LW_NONE);
	am_activate(s, LW_CONFEDERATE, &rebel, 1);
	AM_REFUSED(s, LW_CONFEDERATE, "{\"type\":\"ocean_move\",\"to\":2006}", "14.1-14.2");
	free(s);
	return tap_done();
}
