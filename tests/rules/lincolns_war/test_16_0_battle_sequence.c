/* 16.0 combat sequence over the state: declare, decline withdrawal,
 * simultaneous commitment, Minor Victory (16.6.2), retreat by the loser's
 * choice (16.9), advance by the winner's choice (16.10.1). */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	/* a clear hex with a clear neighbour, no city, no river between */
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 3);
	int price = fx_place(s, "price", y, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	int pc = s->side[LW_UNION].pc;

	lw_march_begin(s, grant, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	ACT_OK(s, LW_UNION, a);
	CHECK_EQ_INT(s->step, LW_ST_WITHDRAW); /* 16.2: no IT, no cavalry: he may try */
	CHECK_EQ_INT(lw_battle_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE));
	ACT_FAILS(s, LW_UNION, "{\"type\":\"stand\"}"); /* not the attacker's call */
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	CHECK_EQ_INT(s->step, LW_ST_COMMIT);
	CHECK_EQ_INT(lw_battle_awaiting(s), LW_SIDE_BIT(LW_UNION) | LW_SIDE_BIT(LW_CONFEDERATE));
	ACT_OK(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK_EQ_INT(lw_battle_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE));
	ACT_FAILS(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	/* Grant (3 stars) attacks with his printed value; Price defends */
	int att = lw_unit_attack(s, grant), def = lw_unit_defense(s, price);
	CHECK_EQ_INT(s->battle.strength[LW_UNION], att);
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], def);
	if (!CHECKF(att - def >= 2 && att - def <= 4 && def >= 2,
	            "the data should make this a Minor Victory without rout (%d vs %d)", att, def))
		return tap_done();
	CHECK_EQ_INT(s->battle.winner, LW_UNION);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc + 2); /* Price's two stars */
	CHECK_EQ_INT(lw_force_it(s, y), 2);         /* the loser: two IT */
	CHECK_EQ_INT(lw_force_it(s, x), 1);         /* the attacking winner: one */
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	int to = fx_first_offer(s, LW_CONFEDERATE, "retreat", "to");
	CHECK(to != LW_NO_HEX && to != x && tg_hex_adjacent(&d->grid, y, to));
	snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", x);
	ACT_FAILS(s, LW_CONFEDERATE, a); /* not into the enemy */
	snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", to);
	ACT_OK(s, LW_CONFEDERATE, a);
	CHECK_EQ_INT(s->unit[price].hex, to);
	CHECK_EQ_INT(s->step, LW_ST_ADVANCE);
	ACT_OK(s, LW_UNION, "{\"type\":\"advance\",\"units\":\"all\"}");
	CHECK_EQ_INT(s->unit[grant].hex, y);
	CHECK_EQ_INT(lw_force_it(s, y), 1); /* the battle's IT advance with him */
	CHECK(!s->battle.active);
	CHECK(s->unit[price].flags & LW_UF_LOST_BATTLE);
	free(s);
	return tap_done();
}
