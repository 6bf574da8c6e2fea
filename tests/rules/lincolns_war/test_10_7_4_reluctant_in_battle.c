/* 10.7.4: "Each deck holds a Reluctant to Follow Orders card which is
 * played as a Resource card in combat. Using the Reluctant to Follow Orders
 * event increases a CO's activation number by two and prevents the
 * detachment of subordinates for the remainder of the turn." Committed as
 * the Resource card of a battle (Union 20 George Meade, CS 55 James
 * Longstreet), the token goes on the CO of the enemy force when the cards
 * are revealed (16.3); it adds no strength. The 0 card does nothing. */
#include "lw_resev_fixture.h"

static const int one[] = {1};
static const int two_one[] = {2, 1};

/* The defender's card holds back the attacking CO. */
static void confederate_card(int card, bool expect)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 31, two_one, 2, one, 1, 0, card == 55 ? 55 : 0)))
		return;
	struct lw_state *s = r.s;
	int co = r.us[0];
	int cost = lw_activation_cost(s, co);
	char buf[96];
	snprintf(buf, sizeof buf, "{\"type\":\"commit\",\"resource\":%d,\"csp\":0}", card);
	RV_OK(&r, LW_CONFEDERATE, buf);
	RV_OK(&r, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK_EQ_INT((s->unit[co].flags & LW_UF_RELUCTANT) != 0, expect);
	CHECK(!(s->unit[r.us[1]].flags & LW_UF_RELUCTANT)); /* the CO only */
	CHECK_EQ_INT(rv_log_has(s, "Reluctant to Follow Orders until the supply phase"), expect);
	/* no strength: the defense values alone */
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], rv_values(s, r.cs, r.ncs, false));
	CHECK(rv_finish(&r) >= 0);
	if (expect && s->unit[co].where == LW_W_MAP) {
		/* +2 activation (IT taken in the battle aside) */
		int it = s->unit[co].it;
		s->unit[co].it = 0;
		CHECK_EQ_INT(lw_activation_cost(s, co), cost + 2);
		s->unit[co].it = (int16_t)it;
	}
	lincolns_war_module.free(r.g);
}

/* The attacker's card holds back the defending CO. */
static void union_card(void)
{
	struct rv r;
	if (!CHECK(rv_setup(&r, 32, two_one, 2, one, 1, 20, 0)))
		return;
	struct lw_state *s = r.s;
	RV_OK(&r, LW_UNION, "{\"type\":\"commit\",\"resource\":20,\"csp\":0}");
	RV_OK(&r, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK(s->unit[r.cs[0]].flags & LW_UF_RELUCTANT);
	CHECK(!(s->unit[r.us[0]].flags & LW_UF_RELUCTANT));
	CHECK_EQ_INT(s->battle.strength[LW_UNION], rv_values(s, r.us, r.nus, true));
	CHECK(lw_hand_find(s, LW_UNION, 20) < 0); /* spent and replaced (16.7) */
	CHECK(rv_finish(&r) >= 0);
	lincolns_war_module.free(r.g);
}

int main(void)
{
	lincolns_war_module.free(tk_new("campaign", 1)); /* loads the data */
	CHECK_EQ_INT(strcmp(lw_card(LW_UNION, 20)->effect_id, "reluctant_to_follow_orders"), 0);
	CHECK_EQ_INT(strcmp(lw_card(LW_CONFEDERATE, 55)->effect_id, "reluctant_to_follow_orders"),
	             0);
	confederate_card(55, true);
	confederate_card(72, false);
	union_card();
	return tap_done();
}
