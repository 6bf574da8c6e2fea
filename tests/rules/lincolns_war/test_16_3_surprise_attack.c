/* 16.3 / 2.1 / 16.1.1 Surprise Attack! (Union 29, CS 54): "There are two
 * situations where roles are reversed: When playing a Surprise Attack!
 * card"; the Battle! marker "may eventually be moved" by it; "The defender
 * will activate his Resource card event BEFORE the attacker".
 *
 * Played face down by the defending Confederates, it is hidden from the
 * Union until both have committed; then the Confederates attack the Union
 * force in its own hex: the Union's attack-only Flank March is worth
 * nothing on defense, the Confederates add the card's +2 to their attack
 * values, the beaten Union force retreats from its own hex and the
 * Confederates advance into it; the Union's activation then ends. Played by
 * both, the defender's card goes first and the attacker's turns the roles
 * back; played by a side at zero PC (10.6.6) the roles stay. */
#include "lw_resev_fixture.h"

static const int one[] = {1};
static const int two[] = {2};
static const int two_two[] = {2, 2};

static int card_with(int side, const char *id)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k && k->resource && k->effect_id && strcmp(k->effect_id, id) == 0 &&
		    !k->erratic)
			return n;
	}
	return 0;
}

static void reversal(void)
{
	int flank = card_with(LW_UNION, "flank_march");
	CHECK(flank > 0);
	CHECK_EQ_INT(card_with(LW_CONFEDERATE, "surprise_attack"), 54);
	struct rv r;
	if (!CHECK(rv_setup(&r, 11, one, 1, two, 1, flank, 54)))
		return;
	struct lw_state *s = r.s;
	int pc_cs = s->side[LW_CONFEDERATE].pc;
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":54,\"csp\":0}");
	/* 16.3: face down: the Union sees that the Confederates committed, not what */
	json_t *b = rv_battle_view(&r, "union");
	json_t *cc = json_object_get(json_object_get(b, "commitments"), "confederate");
	CHECK(json_is_true(json_object_get(cc, "committed")));
	CHECK(json_object_get(cc, "resource") == NULL);
	CHECK(json_object_get(b, "roles_reversed") == NULL);
	json_decref(b);
	b = rv_battle_view(&r, "confederate");
	cc = json_object_get(json_object_get(b, "commitments"), "confederate");
	CHECK_EQ_INT(json_integer_value(json_object_get(json_object_get(cc, "resource"), "number")),
	             54);
	json_decref(b);
	char buf[96];
	snprintf(buf, sizeof buf, "{\"type\":\"commit\",\"resource\":%d,\"csp\":0}", flank);
	RV_OK(&r, LW_UNION, buf);

	/* the roles reversed: the Confederates attack the Union hex */
	CHECK_EQ_INT(s->battle.attacker, LW_CONFEDERATE);
	CHECK_EQ_INT(s->battle.def_hex, r.x);
	CHECK_EQ_INT(s->battle.att_hex, r.y);
	CHECK(rv_log_has(s, "the battle is in"));
	/* strengths: attack values + 2 against defense values, Flank March 0 */
	int att = rv_values(s, r.cs, r.ncs, true) + 2;
	int def = rv_values(s, r.us, r.nus, false);
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], att);
	CHECK_EQ_INT(s->battle.strength[LW_UNION], def);
	/* both cards were spent and replaced (16.7) */
	CHECK(lw_hand_find(s, LW_CONFEDERATE, 54) < 0);
	CHECK(lw_hand_find(s, LW_UNION, flank) < 0);
	/* public: everyone sees the reversal once both committed */
	const char *roles[] = {"union", "confederate", "observer"};
	for (int i = 0; i < 3; i++) {
		b = rv_battle_view(&r, roles[i]);
		CHECKF(json_is_true(json_object_get(b, "roles_reversed")), "%s sees it", roles[i]);
		CHECK_EQ_INT(json_integer_value(json_object_get(b, "hex")), r.x);
		json_decref(b);
	}
	/* the set-up gives the Confederates a Minor Victory (16.6.2) */
	CHECKF(att - def >= 2 && att - def <= 4, "%d against %d", att, def);
	CHECK_EQ_INT(s->battle.winner, LW_CONFEDERATE);
	/* the Union, defeated defender, must retreat from its own hex */
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	CHECK_EQ_INT(lw_battle_awaiting(s), LW_SIDE_BIT(LW_UNION));
	CHECK(rv_finish(&r) >= 2); /* the retreat, then the Confederate advance */
	/* the Union, defeated defender in its own hex, retreated out of it; the
	 * Confederates advanced into it */
	CHECK(!s->battle.active);
	for (int i = 0; i < r.nus; i++)
		CHECK(s->unit[r.us[i]].where != LW_W_MAP || s->unit[r.us[i]].hex != r.x);
	for (int i = 0; i < r.ncs; i++)
		CHECK_EQ_INT(s->unit[r.cs[i]].hex, r.x);
	CHECK(s->side[LW_CONFEDERATE].pc > pc_cs); /* 16.6: PC for the victory */
	/* the Union's activation is over; its card play goes on */
	CHECK_EQ_INT(s->play.side, LW_UNION);
	CHECK(s->step == LW_ST_SPEND || s->step == LW_ST_CARD);
	CHECK_EQ_INT(s->play.movers_n, 0);
	CHECK_EQ_INT(s->resev.reversed, 0);
	lincolns_war_module.free(r.g);
}

static void both_play_it(void)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 12, one, 1, two_two, 2, 29, 54)))
		return;
	struct lw_state *s = r.s;
	RV_OK(&r, LW_UNION, "{\"type\":\"commit\",\"resource\":29,\"csp\":0}");
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":54,\"csp\":0}");
	/* the defender's first: reversed; then the Union's: reversed back */
	CHECK_EQ_INT(s->battle.attacker, LW_UNION);
	CHECK_EQ_INT(s->battle.def_hex, r.y);
	CHECK_EQ_INT(s->battle.att_hex, r.x);
	CHECK_EQ_INT(s->battle.strength[LW_UNION], rv_values(s, r.us, r.nus, true) + 2);
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], rv_values(s, r.cs, r.ncs, false));
	int attacks = 0;
	for (uint32_t i = 0; i < LW_LOG_LINES && i < s->log_total; i++)
		attacks += strstr(s->log[i], "force attacks; the battle is in") != NULL;
	CHECK_EQ_INT(attacks, 2);
	CHECK(rv_finish(&r) >= 0);
	CHECK(!s->battle.active);
	lincolns_war_module.free(r.g);
}

static void attacker_plays_it(void)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 13, one, 1, one, 1, 29, 0)))
		return;
	struct lw_state *s = r.s;
	RV_OK(&r, LW_UNION, "{\"type\":\"commit\",\"resource\":29,\"csp\":0}");
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK_EQ_INT(s->battle.attacker, LW_UNION);
	CHECK_EQ_INT(s->battle.def_hex, r.y);
	CHECK_EQ_INT(s->battle.strength[LW_UNION], rv_values(s, r.us, r.nus, true) + 2);
	CHECK(rv_log_has(s, "is already the attacker"));
	CHECK(rv_finish(&r) >= 0);
	lincolns_war_module.free(r.g);
}

static void zero_pc(void)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 14, one, 1, two_two, 2, 0, 54)))
		return;
	struct lw_state *s = r.s;
	s->side[LW_CONFEDERATE].pc = 0; /* 10.6.6: no will to attack */
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":54,\"csp\":0}");
	RV_OK(&r, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK_EQ_INT(s->battle.attacker, LW_UNION);
	CHECK_EQ_INT(s->battle.def_hex, r.y);
	CHECK(rv_log_has(s, "the roles stay as they are"));
	/* the card's +2 is an attacker's: nothing on defense */
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], rv_values(s, r.cs, r.ncs, false));
	CHECK(rv_finish(&r) >= 0);
	lincolns_war_module.free(r.g);
}

int main(void)
{
	lincolns_war_module.free(tk_new("campaign", 1)); /* loads the data */
	reversal();
	both_play_it();
	attacker_plays_it();
	zero_pc();
	return tap_done();
}
