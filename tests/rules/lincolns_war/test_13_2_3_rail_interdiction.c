/* 13.2.3 rail interdiction and 13.2.4 forays: an activated cavalry general
 * places or removes one RIT on a rail hex it occupies or is adjacent to
 * (not across a river, not on an enemy-occupied hex, not with a raid in the
 * same activation); enemy cavalry next to that hex of equal rank denies it
 * (both revealed), a lower one does not (a higher one's owner is asked:
 * test_13_2_3_rit_allow_deny); a foray costs 1 PC of
 * the card play, goes into an adjacent hex, may not remove an RIT, once per
 * unit per card play, never by a unit activated this card play; an RIT cuts
 * rail transport for both sides (13.2.6, 9.1). */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

/* Winchester 1703 on the Baltimore & Ohio (1803 across the Potomac, 1603
 * west of it) and the Manassas Gap line (Manassas 1804); 1503 touches 1603
 * but not Winchester. */
enum { H1803 = 1803, WINCHESTER = 1703, H1603 = 1603, MANASSAS = 1804, H1503 = 1503 };

static int foray(struct lw_state *s, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	int rc = lw_cav_foray_act(s, LW_CONFEDERATE, a, NULL, &err);
	if (rc != 0)
		printf("# %s -> %s\n", json, err.message);
	json_decref(a);
	return rc;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	struct tg_error err;
	int stuart = fx_place(s, "stuart", WINCHESTER, 1);

	/* checks without the state machine */
	{
		int r_ = lw_rit_check(s, stuart, H1603, false, false, &err);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK(lw_rit_check(s, stuart, H1803, false, false, &err) != 0);
	CHECK(strstr(err.message, "river") != NULL);
	{
		int r_ = lw_rit_check(s, stuart, WINCHESTER, false, false, &err); /* his own hex */
		CHECK_EQ_INT(r_, 0);
	}
	CHECK(lw_rit_check(s, stuart, 1502, false, false, &err) != 0); /* two hexes away */
	CHECK(lw_rit_check(s, stuart, H1603, true, false, &err) != 0); /* nothing to remove */
	int polk = fx_place(s, "polk", WINCHESTER, 2);
	CHECK(lw_rit_check(s, polk, H1603, false, false, &err) != 0); /* cavalry only */
	s->unit[polk].where = LW_W_PENDING;
	int mcc = fx_place(s, "mcclellan", H1603, 2);
	CHECK(lw_rit_check(s, stuart, H1603, false, false, &err) != 0);
	CHECK(strstr(err.message, "occupied") != NULL);
	s->unit[mcc].where = LW_W_PENDING;

	/* through an activation (the MOVE step) */
	s->phase = LW_PH_OPS;
	s->play.side = LW_CONFEDERATE;
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(lw_rit_at(s, H1603));
	/* one RIT per activation, and no raid after it */
	ACT_FAILS(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1703,\"remove\":false}");
	CHECK(lw_raid_check(s, stuart, MANASSAS, false, &err) != 0);
	/* ... nor combat: McClellan next door may not be attacked now */
	mcc = fx_place(s, "mcclellan", 1704, 2);
	CHECK(lw_attack_target_check(s, 1704, &err) != 0);
	CHECK(strstr(err.message, "13.2.3") != NULL);
	s->unit[mcc].where = LW_W_PENDING;
	/* an RIT cuts rail transport for both sides */
	CHECK(lw_rail_interrupted(s, LW_UNION, H1603));
	CHECK(lw_rail_interrupted(s, LW_CONFEDERATE, H1603));
	/* a new activation may remove it */
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":true}");
	CHECK(!lw_rit_at(s, H1603));

	/* contested: enemy cavalry next to the hex of equal rank denies it */
	int buford = fx_place(s, "buford", H1503, 1);
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(!lw_rit_at(s, H1603));
	CHECK(s->unit[buford].flags & LW_UF_REVEALED);
	CHECK(s->unit[stuart].flags & LW_UF_REVEALED);
	/* ... a lower one does not */
	s->unit[stuart].stars = 2;
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(lw_rit_at(s, H1603));
	lw_rit_set(s, H1603, false);
	s->unit[buford].where = LW_W_PENDING;
	s->unit[stuart].stars = 1;

	/* forays (13.2.4): the SPEND step of a card play */
	s->step = LW_ST_SPEND;
	s->play.movers_n = 0;
	s->play.pc_left = 2;
	s->ops_round = 5;
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	CHECK(foray(s, "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1703,\"do\":\"rit\"}") !=
	      0); /* his own hex: a foray goes next door */
	{
		int r_ = foray(
		    s, "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1603,\"do\":\"rit\"}");
		CHECK_EQ_INT(r_, 0);
	}
	CHECK(lw_rit_at(s, H1603));
	CHECK_EQ_INT(s->play.pc_left, 1);
	/* once per unit per card play */
	CHECK(foray(s, "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1804,\"do\":\"rit\"}") !=
	      0);
	/* forays may not remove an RIT */
	CHECK(lw_rit_check(s, stuart, H1603, true, true, &err) != 0);
	CHECK(strstr(err.message, "13.2.4") != NULL);
	/* the next card play, the same unit may foray again; not one that was
	 * activated in it, and never without a PC to pay */
	s->ops_round = 6;
	s->unit[stuart].flags |= LW_UF_ACTIVATED;
	CHECK(foray(s, "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1804,\"do\":\"rit\"}") !=
	      0);
	s->unit[stuart].flags &= (uint8_t)~LW_UF_ACTIVATED;
	s->play.pc_left = 0;
	CHECK(foray(s, "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1804,\"do\":\"rit\"}") !=
	      0);
	s->play.pc_left = 1;
	{
		int r_ = foray(
		    s, "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1804,\"do\":\"rit\"}");
		CHECK_EQ_INT(r_, 0);
	}
	CHECK(lw_rit_at(s, MANASSAS));

	free(s);
	return tap_done();
}
