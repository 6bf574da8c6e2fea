/* 16.9.5.2: "If the attacker chooses to activate the besieging force he may
 * not activate another force on the same card play unless he is playing a
 * campaign card." On a campaign card the besieging force is one of the two
 * designated forces (10.7.3.1 "both forces must be designated before any
 * movement or battle takes place"), in the card's region (10.7.3.1) or in
 * its own theater (10.7.3.2); it carries the siege's IT by 16.9.5.2 itself,
 * so the campaign's "free of IT" is not asked of it (the other force still
 * must be free of IT). siege_press is its activation (free, two IT this
 * round) and the card's other force is activated as well. Without a
 * campaign card, pressing the siege is the card's one activation. */
#include "lw_amphib_fixture.h"

static int campaign_card(int side, int region)
{
	for (int c = 1; c <= 80; c++) {
		const struct lw_card *k = lw_card(side, c);
		if (k && k->kind == LW_KIND_CAMPAIGN && (int)k->campaign_region == region)
			return c;
	}
	return 0;
}

static int region_of(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h ? (int)h->region : LW_REGION_NONE;
}

static int side_it(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

/* Does a campaign_forces offer name u first, or as a second choice? */
static bool designation_offered(const struct lw_state *s, int u)
{
	char id[48];
	lw_unit_id(s, u, id, sizeof id);
	json_t *list = json_array();
	lw_ops_offer(s, LW_UNION, TG_OFFERS_TREE(list));
	bool found = false;
	for (size_t i = 0; i < json_array_size(list); i++) {
		json_t *e = json_array_get(list, i);
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		if (!t || strcmp(t, "campaign_forces") != 0)
			continue;
		/* u among the first forces or the seconds (one entry, params
		 * "first" and "second") */
		char *txt = json_dumps(e, JSON_COMPACT);
		found |= txt && strstr(txt, id) != NULL;
		free(txt);
	}
	json_decref(list);
	return found;
}

static void campaign(struct lw_state *s, int side, int kind, int card)
{
	am_spend(s, side, 0);
	s->play.campaign = (uint8_t)kind;
	s->play.card = (uint8_t)card;
	s->play.activations_left = 2;
}

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	char js[256], id[48], id2[48];
	int nashville = am_hex("nashville"), camp = fx_plain_neighbour(nashville);
	int kytn = campaign_card(LW_UNION, LW_REGION_KY_TN);
	int east = campaign_card(LW_UNION, LW_REGION_EASTERN);
	int cs_kytn = campaign_card(LW_CONFEDERATE, LW_REGION_KY_TN);
	CHECKF(kytn && east && cs_kytn, "the Kentucky/Tennessee and Eastern campaign cards");
	CHECK_EQ_INT(region_of(nashville), LW_REGION_KY_TN);

	/* the Union besieges Nashville; its besiegers carry IT (16.9.5: the
	 * winner's, and one every besieger card play) */
	int usco = am_general(s, LW_UNION, camp, 2, LW_NONE);
	int csco = am_general(s, LW_CONFEDERATE, nashville, 2, LW_NONE);
	am_besiege(s, nashville, camp, &usco, 1);
	CHECK(lw_siege_besieging(s, nashville, LW_UNION));
	s->unit[usco].it = 2;
	/* a second Union force in Tennessee, free of IT */
	int other_hex = LW_NO_HEX;
	{
		int nb[6];
		int n = tg_hex_neighbours(&lw_D()->grid, camp, nb);
		for (int i = 0; i < n && other_hex == LW_NO_HEX; i++) {
			const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
			if (nb[i] != nashville && h && h->terrain == LW_TERRAIN_CLEAR &&
			    lw_city_at(nb[i]) < 0 && region_of(nb[i]) == LW_REGION_KY_TN)
				other_hex = nb[i];
		}
	}
	CHECKF(other_hex != LW_NO_HEX, "a clear Tennessee hex near Nashville");
	int other = am_general(s, LW_UNION, other_hex, 2, usco);
	lw_unit_id(s, usco, id, sizeof id);
	lw_unit_id(s, other, id2, sizeof id2);

	/* a Special Campaign card for Kentucky/Tennessee: the besieging force
	 * must be designated before it is activated */
	campaign(s, LW_UNION, 1, kytn);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_press\"}", "10.7.3.1");
	CHECK(!am_offered(s, LW_UNION, "siege_press"));
	CHECK(designation_offered(s, usco));
	/* the other force must still be free of IT (10.7.3) */
	s->unit[other].it = 1;
	snprintf(js, sizeof js, "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"%s\"}",
	         id, id2);
	AM_REFUSED(s, LW_UNION, js, "10.7.3");
	s->unit[other].it = 0;
	int cs_it = side_it(s, nashville, LW_CONFEDERATE), us_it = side_it(s, nashville, LW_UNION);
	AM_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->groups.camp_n, 2);
	/* the besiegers are activated by siege_press, never by activate */
	snprintf(js, sizeof js, "{\"type\":\"activate\",\"general\":\"%s\"}", id);
	AM_REFUSED(s, LW_UNION, js, "16.9.5.2");
	CHECK(am_offered(s, LW_UNION, "siege_press"));
	AM_OK(s, LW_UNION, "{\"type\":\"siege_press\"}");
	CHECK_EQ_INT(s->play.activations_left, 1); /* the card's other force is still due */
	CHECK_EQ_INT(s->play.pc_left, 0);          /* free (10.7.3.1) */
	CHECK(s->unit[usco].flags & LW_UF_ACTIVATED);
	CHECK(am_log_has(s, "as a campaign force"));
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_press\"}", "16.9.5.2");
	/* ... and the second force is activated on the same card play */
	snprintf(js, sizeof js, "{\"type\":\"activate\",\"general\":\"%s\"}", id2);
	CHECK(am_offered(s, LW_UNION, "activate"));
	AM_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK_EQ_INT(s->play.activations_left, 0);
	AM_OK(s, LW_UNION, "{\"type\":\"stop\"}");
	if (s->step == LW_ST_SPEND)
		AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	/* the card play is over: two IT to each side, the siege was pressed */
	CHECK_EQ_INT(side_it(s, nashville, LW_CONFEDERATE), cs_it + 2);
	CHECK_EQ_INT(side_it(s, nashville, LW_UNION), us_it + 2);

	/* the besieged may never be designated (16.9.5.2) */
	campaign(s, LW_CONFEDERATE, 1, cs_kytn);
	char cid[48];
	snprintf(js, sizeof js,
	         "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"none\"}",
	         lw_unit_id(s, csco, cid, sizeof cid));
	AM_REFUSED(s, LW_CONFEDERATE, js, "16.9.5.2");

	/* a campaign card of another region: the besiegers must stand in its
	 * region (10.7.3.1) */
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	campaign(s, LW_UNION, 1, east);
	CHECK(!designation_offered(s, usco));
	snprintf(js, sizeof js,
	         "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"none\"}", id);
	AM_REFUSED(s, LW_UNION, js, "10.7.3.1");

	/* a Dual-Theater campaign (10.7.3.2): the besiegers and a force in
	 * another theater; the besiegers do not move, so the only theater
	 * their owner may name for them is the besieged city's */
	int richmond = am_hex("richmond"), rhex = fx_plain_neighbour(richmond);
	CHECKF(rhex != LW_NO_HEX, "a plain hex next to Richmond");
	int va = am_general(s, LW_UNION, rhex, 1, LW_NONE);
	char id3[48];
	lw_unit_id(s, va, id3, sizeof id3);
	campaign(s, LW_UNION, 2, 1);
	snprintf(js, sizeof js, "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"%s\"}",
	         id, id3);
	AM_OK(s, LW_UNION, js);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_press\"}", "10.7.3.2"); /* not named */
	snprintf(js, sizeof js,
	         "{\"type\":\"campaign_theater\",\"general\":\"%s\",\"theater\":\"eastern\"}", id);
	AM_REFUSED(s, LW_UNION, js, "10.7.3.2");
	snprintf(js, sizeof js,
	         "{\"type\":\"campaign_theater\",\"general\":\"%s\",\"theater\":"
	         "\"kentucky_tennessee\"}",
	         id);
	AM_OK(s, LW_UNION, js);
	snprintf(js, sizeof js,
	         "{\"type\":\"campaign_theater\",\"general\":\"%s\",\"theater\":\"eastern\"}", id3);
	AM_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->groups.camp_region[0], LW_REGION_KY_TN);
	AM_OK(s, LW_UNION, "{\"type\":\"siege_press\"}");
	CHECK_EQ_INT(s->play.activations_left, 1);

	/* without a campaign card, pressing the siege is the card's one
	 * activation: no other force after it (16.9.5.2) */
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		if (s->amphib.sieges[i].stage == LW_SG_ON)
			s->amphib.sieges[i].pressed = 0;
	am_spend(s, LW_UNION, 6);
	AM_OK(s, LW_UNION, "{\"type\":\"siege_press\"}");
	CHECK_EQ_INT(s->play.activations_left, 0);
	snprintf(js, sizeof js, "{\"type\":\"activate\",\"general\":\"%s\"}", id2);
	AM_REFUSED(s, LW_UNION, js, "10.6.2");
	free(s);
	return tap_done();
}
