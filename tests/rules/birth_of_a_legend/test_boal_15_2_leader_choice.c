/* 15.2: "If more than one Leader marker is present in the Area, he may
 * choose the one who is potentially killed or wounded before making the DR
 * (but the +1 DRM for adding their Command Rating still applies)." "He" is
 * "the player [who] has a Leader marker present in the Assaulted Area" and
 * "must make a DR": each player chooses among his own leaders there, the
 * attacker first (README decision 9), before his DR is drawn; with one
 * leader there is nothing to choose. */
#include "boal_hill_assault_testkit.h"

static bool hurt(const struct boal_state *s, int l)
{
	return s->leader[l].area == BOAL_NOWHERE;
}

int main(void)
{
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	int hill = bt_leader("aphill"), lee = bt_leader("lee"), porter = bt_leader("porter"),
	    mac = bt_leader("mcclellan");
	char buf[160];

	/* A.P. Hill (Combat 2, activating) leads his infantry from
	 * Mechanicsville into Ellerson's Mill, where Lee has gone ahead; Porter
	 * and McClellan stand with McCall. Equal DRs: both players choose. */
	int checks = 0;
	for (int k = 0; k < 40000 && checks < 8; k++) {
		int r[4];
		int refused = bh_hill_assault(&s, true, k, 152, r, true, true);
		if (refused < 0)
			continue;
		CHECK_EQ_INT(refused, 0);
		bool pick_hill = checks % 2 == 0, pick_mac = checks % 4 < 2;
		checks++;
		/* the attacker is asked first, between his two leaders there */
		CHECK_EQ_STR(bt_pending(&s), "leader_casualty");
		CHECK_EQ_INT(bt_offers(&s, C, "leader_casualty", NULL, 0), 2);
		CHECK_EQ_INT(bt_offers(&s, C, "leader_casualty", "aphill", 0), 1);
		CHECK_EQ_INT(bt_offers(&s, C, "leader_casualty", "lee", 0), 1);
		CHECK_EQ_INT(bt_offers(&s, U, "leader_casualty", NULL, 0), 0);
		CHECK(strstr(tg_pending_prompt(bt_table, BT_N, &s, C, buf, sizeof buf), "(15.2)"));
		/* not the other side's leader, nor a leader elsewhere */
		CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"leader_casualty\",\"leader\":\"porter\"}"),
		             -1);
		CHECK(strstr(bt_err.message, "15.2") == bt_err.message);
		CHECK_EQ_INT(bt_act(&s, C, "{\"type\":\"leader_casualty\",\"leader\":\"jackson\"}"),
		             -1);
		CHECK_EQ_INT(
		    bt_act(&s, U, "{\"type\":\"leader_casualty\",\"leader\":\"mcclellan\"}"), -1);
		CHECK_EQ_STR(bt_err.code, TG_E_NOT_YOUR_TURN);
		/* nothing was drawn before the choice */
		int again[4];
		bh_dice(&s, 0, again, 2);
		CHECK_EQ_INT(again[0], r[2]);
		CHECK_EQ_INT(bt_act(&s, C,
		                    pick_hill
		                        ? "{\"type\":\"leader_casualty\",\"leader\":\"aphill\"}"
		                        : "{\"type\":\"leader_casualty\",\"leader\":\"lee\"}"),
		             0);
		/* then the defender, between Porter and McClellan */
		CHECK_EQ_STR(bt_pending(&s), "leader_casualty");
		CHECK_EQ_INT(bt_offers(&s, U, "leader_casualty", NULL, 0), 2);
		CHECK_EQ_INT(bt_offers(&s, C, "leader_casualty", NULL, 0), 0);
		CHECK_EQ_INT(bt_act(&s, U,
		                    pick_mac
		                        ? "{\"type\":\"leader_casualty\",\"leader\":\"mcclellan\"}"
		                        : "{\"type\":\"leader_casualty\",\"leader\":\"porter\"}"),
		             0);
		CHECK(strcmp(bt_pending(&s), "leader_casualty") != 0);
		/* the chosen leader made the DR, +1 only for A.P. Hill, who added
		 * his Combat Rating; the other was not touched */
		enum boal_casualty a = boal_leader_casualty(r[2], pick_hill);
		enum boal_casualty d = boal_leader_casualty(r[3], false);
		int ca = pick_hill ? hill : lee, oa = pick_hill ? lee : hill;
		int cd = pick_mac ? mac : porter, od = pick_mac ? porter : mac;
		CHECK_EQ_INT(hurt(&s, ca), a != BOAL_LEADER_UNHURT);
		CHECK_EQ_INT(s.leader[ca].killed, a == BOAL_LEADER_KILLED);
		CHECK_EQ_INT(hurt(&s, cd), d != BOAL_LEADER_UNHURT);
		CHECK_EQ_INT(s.leader[cd].killed, d == BOAL_LEADER_KILLED);
		CHECK(!s.leader[oa].killed && s.leader[oa].back_turn < 0);
		CHECK(!s.leader[od].killed && s.leader[od].back_turn < 0);
	}
	CHECK_EQ_INT(checks, 8);
	return tap_done();
}
