/* 13.2.3 "Cavalry may not lay an RIT and conduct combat or Raid on the same
 * activation": only an RIT laid bars them. A placement denied by enemy
 * cavalry of equal rank lays nothing, and removing an RIT lays nothing:
 * after either the activated cavalry may still raid, and its force attack.
 * Either spends the activation's one RIT action ("one RIT per
 * activation"); an RIT laid still bars both. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

/* Winchester 1703 on the Baltimore & Ohio; 1603 west of it on the line;
 * 1503 touches 1603 but not Winchester; Manassas 1804, 1704 next to
 * Winchester. */
enum { WINCHESTER = 1703, H1603 = 1603, H1503 = 1503, H1704 = 1704 };

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	struct tg_error err;
	int stuart = fx_place(s, "stuart", WINCHESTER, 1);
	int buford = fx_place(s, "buford", H1503, 1); /* equal rank, next to 1603 */
	int mcc = fx_place(s, "mcclellan", H1704, 2); /* a Union force to raid or attack */
	CHECK(stuart != LW_NONE && buford != LW_NONE && mcc != LW_NONE);
	s->phase = LW_PH_OPS;
	s->play.side = LW_CONFEDERATE;

	/* a placement denied by Buford: nothing laid */
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(!lw_rit_at(s, H1603));
	CHECK(s->unit[buford].flags & LW_UF_REVEALED);
	/* the raid and the attack stay open */
	{
		int r_ = lw_raid_check(s, stuart, H1704, false, &err);
		CHECK_EQ_INT(r_, 0);
	}
	{
		int r_ = lw_attack_target_check(s, H1704, &err);
		CHECK_EQ_INT(r_, 0);
	}
	/* ... but the activation's RIT action is spent */
	ACT_FAILS(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1703,\"remove\":false}");
	/* and the raid goes through the MOVE step */
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"raid\",\"target\":1704}");
	s->unit[buford].where = LW_W_PENDING;

	/* a removal lays nothing: the raid and the attack stay open */
	s->phase = LW_PH_OPS;
	s->step = LW_ST_CARD;
	s->play.side = LW_CONFEDERATE;
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	memset(s->cav.raided, 0, sizeof s->cav.raided);
	lw_rit_set(s, H1603, true);
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":true}");
	CHECK(!lw_rit_at(s, H1603));
	{
		int r_ = lw_raid_check(s, stuart, H1704, false, &err);
		CHECK_EQ_INT(r_, 0);
	}
	{
		int r_ = lw_attack_target_check(s, H1704, &err);
		CHECK_EQ_INT(r_, 0);
	}

	/* an RIT laid bars both (as before) */
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(lw_rit_at(s, H1603));
	CHECK(lw_raid_check(s, stuart, H1704, false, &err) != 0);
	CHECK(strstr(err.message, "13.2.3") != NULL);
	CHECK(lw_attack_target_check(s, H1704, &err) != 0);
	CHECK(strstr(err.message, "13.2.3") != NULL);

	/* the state saves and loads with a spent-but-unlaid RIT action */
	s->cav.act_rit = 2; /* LW_ACT_RIT_TRIED */
	json_t *j = lw_cav_save(&s->cav);
	struct lw_cav back;
	{
		int r_ = lw_cav_load(&back, j);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(back.act_rit, 2);
	json_decref(j);
	free(s);
	return tap_done();
}
