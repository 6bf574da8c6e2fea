/* The Advanced game's checks inside an assault, and 10.7.4's Richmond
 * Garrison, read against the dice drawn ahead (attacker's DR first, then
 * the defender's, then 15.2's DRs, attacker first: README decisions 9, 21).
 * 15.2: "If the original (unmodified) Attack and Defender DRs in an Assault
 * are equal, and the player has a Leader marker present in the Assaulted
 * Area, he must make a DR. Add a +1 DRM to the DR if the Leader added their
 * Command Rating ... less than 7 there is no effect ... greater than 7 the
 * leader is a casualty. Place the Leader marker on the Game Turn Track in
 * the space for the Next Turn ... equals 7 the Leader is killed".
 * 15.6: "+1 dr to any Union Attack Total into any Area adjacent to the James
 * River"; "+1 dr to the Union Defense Total in White House Landing and the
 * following Areas". 15.1.2: "Assaulting units suffer a -1 modifier to
 * their ... Attack Factors" (README decision 24: -1 once).
 * 10.7.4: "If the Richmond Garrison unit is forced to retreat into an Area
 * outside of Richmond it is eliminated." */
#include "boal_hill_assault_testkit.h"

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	int hill = bt_leader("aphill"), porter = bt_leader("porter");

	/* 15.2: A.P. Hill (Combat 2, activating, +1) leads his infantry from
	 * Mechanicsville into McCall and Porter at Ellerson's Mill; equal DRs */
	int checks = 0;
	for (int k = 0; k < 20000 && checks < 6; k++) {
		int r[4];
		int refused = bh_hill_assault(&s, true, k, 1, r, false, false);
		if (refused < 0)
			continue;
		CHECK_EQ_INT(refused, 0);
		checks++;
		/* AV 6 + 2; DV 13 */
		CHECK_EQ_INT(s.imp.a_at, 8 + r[0]);
		CHECK_EQ_INT(s.imp.a_dt, 13 + r[1]);
		enum boal_casualty a = boal_leader_casualty(r[2], true);
		enum boal_casualty d = boal_leader_casualty(r[3], false);
		CHECK_EQ_INT(s.leader[hill].area == BOAL_NOWHERE, a != BOAL_LEADER_UNHURT);
		CHECK_EQ_INT(s.leader[hill].killed, a == BOAL_LEADER_KILLED);
		if (a != BOAL_LEADER_UNHURT)
			CHECK_EQ_INT(s.leader[hill].back_turn, s.turn + 1);
		CHECK_EQ_INT(s.leader[porter].area == BOAL_NOWHERE, d != BOAL_LEADER_UNHURT);
		CHECK_EQ_INT(s.leader[porter].killed, d == BOAL_LEADER_KILLED);
	}
	CHECK_EQ_INT(checks, 6);
	/* not in the Basic game */
	for (int k = 0; k < 20000; k++) {
		int r[4];
		if (bh_hill_assault(&s, false, k, 2, r, false, false) < 0 ||
		    boal_leader_casualty(r[2], true) == BOAL_LEADER_UNHURT)
			continue;
		/* unhurt: he went back with his repulsed unit */
		CHECK(s.leader[hill].area == 3 && !s.leader[hill].killed);
		break;
	}

	/* 15.6 and 15.1.2: Hooker (attack 5, McClellan Active) from New Market
	 * (36) over Bailey's Creek into Chaffin's Bluff (37, James River, TEM +3)
	 * held by Wise (defense 2): AV 5, +1 to the Union AT; Rain -1 */
	for (int rain = 0; rain < 2; rain++)
		for (int adv = 0; adv < 2; adv++) {
			bt_setup(&s, adv);
			bt_clear(&s);
			s.rain = rain;
			s.army_active[U] = true;
			bt_put(&s, "hooker_inf", 36);
			bt_put(&s, "wise_inf", 37);
			s.control[36] = (uint8_t)U;
			s.control[37] = (uint8_t)C;
			int r[2];
			bh_dice(&s, 0, r, 2);
			boal_impulse_begin(&s, U);
			bt_act(&s, U, "{\"type\":\"activate\",\"area\":36}");
			bt_act(&s, U, "{\"type\":\"activate_unit\",\"unit\":\"hooker_inf\"}");
			CHECK_EQ_INT(
			    bt_act(&s, U, "{\"type\":\"move\",\"unit\":\"hooker_inf\",\"to\":37}"),
			    0);
			CHECK_EQ_INT(
			    bt_act(&s, U,
			           "{\"type\":\"assault\",\"area\":37,\"point\":\"hooker_inf\"}"),
			    0);
			int av = 5 + (adv ? 1 : 0) - (adv && rain ? 1 : 0);
			CHECK_EQ_INT(s.imp.a_at, av + r[0]);
			/* DV: 2 + TEM 3 + 1 major water crossed (Mandatory) */
			CHECK_EQ_INT(s.imp.a_dt, 2 + 3 + 1 + r[1]);
		}
	/* 15.6: the Union Defense Total at White House Landing (17, TEM +1):
	 * the White House infantry (3) against Winder from Tunstall's (12) */
	for (int adv = 0; adv < 2; adv++) {
		bt_setup(&s, adv);
		bt_clear(&s);
		s.army_active[C] = true;
		bt_put(&s, "winder_inf", 12);
		bt_put(&s, "whitehouse_inf", 17);
		s.control[12] = (uint8_t)C;
		int r[2];
		bh_dice(&s, 0, r, 2);
		boal_impulse_begin(&s, C);
		bt_act(&s, C, "{\"type\":\"activate\",\"area\":12}");
		bt_act(&s, C, "{\"type\":\"activate_unit\",\"unit\":\"winder_inf\"}");
		CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"move\",\"unit\":\"winder_inf\",\"to\":17}"),
		             0);
		CHECK_EQ_INT(
		    bt_act(&s, C, "{\"type\":\"assault\",\"area\":17,\"point\":\"winder_inf\"}"),
		    0);
		CHECK_EQ_INT(s.imp.a_dt, 3 + 1 + (adv ? 1 : 0) + r[1]);
	}

	/* 10.7.4: the Richmond Garrison (Exhausted) retreats out of Richmond as
	 * a CP loss: eliminated. Hooker from Laurel Hill Church (43) against
	 * Jones (Forward, 3) in Richmond (TEM +4, entrenchment lifted): AV 5,
	 * DV 7; a dr lead of 4 gives 2 CP */
	for (int k = 0; k < 20000; k++) {
		bt_setup(&s, false);
		bh_reseed(&s, k, 3);
		int r[2];
		bh_dice(&s, 0, r, 2);
		if (5 + r[0] - 7 - r[1] < 2)
			continue;
		bt_clear(&s);
		s.army_active[U] = true;
		s.advantage = (int8_t)U; /* no Heroic Defense */
		s.entrench_side[44] = BOAL_NOBODY;
		s.entrench_level[44] = 0;
		bt_put(&s, "hooker_inf", 43);
		bt_put(&s, "jones_inf", 44);
		bt_put(&s, "richmond_garrison", 44);
		s.unit[bt_unit("richmond_garrison")].exhausted = true;
		s.control[43] = (uint8_t)U;
		boal_impulse_begin(&s, U);
		bt_act(&s, U, "{\"type\":\"activate\",\"area\":43}");
		bt_act(&s, U, "{\"type\":\"activate_unit\",\"unit\":\"hooker_inf\"}");
		CHECK_EQ_INT(bt_act(&s, U, "{\"type\":\"move\",\"unit\":\"hooker_inf\",\"to\":44}"),
		             0);
		CHECK_EQ_INT(
		    bt_act(&s, U, "{\"type\":\"assault\",\"area\":44,\"point\":\"hooker_inf\"}"),
		    0);
		CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"forward\",\"unit\":\"jones_inf\"}"), 0);
		CHECK_EQ_STR(bt_pending(&s), "casualty");
		CHECK_EQ_INT(
		    bt_act(&s, C, "{\"type\":\"cp\",\"unit\":\"jones_inf\",\"loss\":\"exhaust\"}"),
		    0);
		CHECK_EQ_INT(
		    bt_act(&s, C,
		           "{\"type\":\"cp\",\"unit\":\"richmond_garrison\",\"loss\":\"retreat\"}"),
		    0);
		CHECK_EQ_INT(s.unit[bt_unit("richmond_garrison")].area, BOAL_NOWHERE);
		break;
	}
	return tap_done();
}
