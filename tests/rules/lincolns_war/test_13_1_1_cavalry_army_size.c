/* 13.1.1 "Cavalry stars never count in calculating an Army size. A force
 * with five infantry stars and two cavalry stars would still be considered
 * a five star Minor Army."
 *
 * Every rule that sizes a force by its stars counts its infantry stars
 * only:
 * - 16.6.5 "when a force attacks and defeats an enemy force that contains
 *   twice as many stars as the attacker": Grant (one star) with Stoneman
 *   (one-star cavalry) beats Hardee and Price (two stars): a force of one
 *   star beat twice its size, Grant is promoted; Grant alone beating Hardee
 *   and Wheeler (one-star cavalry) beat a force of one star: no promotion.
 * - 19.1 "a Confederate two- or three-star CO commanding a force of six
 *   stars or more": Hardee (two stars) with five infantry stars and
 *   Wheeler is a five-star force, short of the trigger, whether he is
 *   beaten or withdraws.
 * A force of cavalry alone is no Army (13.1.1 "Only infantry generals may
 * be COs of an Army"); its size is its own stars, so cavalry-only battles
 * (13.2.2) still compare the cavalry generals' stars. */
#include "lw_land_fixture.h"

/* grant (one star, and stoneman when with_cav) attacks hardee and `other`
 * (one star each) with 4 CSP: 2 + 1 + 4 = 7 (or 6) against 2 + 1 on a
 * plain hex, a Union victory. Returns the state after the results. */
static struct lw_state *battle(bool with_cav, const char *other)
{
	struct lw_state *s = fx_new(1);
	if (!s)
		return NULL;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!fx_plain_pair("TN", &x, &y)) {
		free(s);
		return NULL;
	}
	int grant = fx_place(s, "grant", x, 1);
	if (with_cav)
		fx_place(s, "stoneman", x, 1);
	fx_place(s, "hardee", y, 1);
	fx_place(s, other, y, 1);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	s->side[LW_UNION].csp = 4;
	if (!ff_fight(s, grant, y, 4, 0)) {
		free(s);
		return NULL;
	}
	return s;
}

int main(void)
{
	/* 16.6.5, the attacker's cavalry: one star beat two */
	struct lw_state *s = battle(true, "price");
	if (CHECKF(s != NULL, "Grant and Stoneman attack Hardee and Price")) {
		CHECK_EQ_INT(s->battle.winner, LW_UNION);
		CHECKF(s->land.auto_promote, "a force of one infantry star beat two stars");
		free(s);
	}
	/* 16.6.5, the defender's cavalry: one star beat one */
	s = battle(false, "wheeler");
	if (CHECKF(s != NULL, "Grant attacks Hardee and Wheeler")) {
		CHECK_EQ_INT(s->battle.winner, LW_UNION);
		CHECKF(!s->land.auto_promote, "Wheeler's star made the force twice Grant's");
		free(s);
	}

	/* 19.1: five infantry stars and a cavalry star are a five-star force */
	s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	fx_place(s, "hardee", y, 2);
	fx_place(s, "early", y, 2);
	fx_place(s, "price", y, 1);
	fx_place(s, "wheeler", y, 1);
	lw_political_note_withdrawal(s, LW_CONFEDERATE, y);
	CHECK_EQ_INT(s->pol.note.co_stars[LW_CONFEDERATE], 2);
	CHECK_EQ_INT(s->pol.note.stars[LW_CONFEDERATE], 5);
	/* a sixth infantry star makes it six */
	fx_place(s, "early", y, 2);
	fx_place(s, "price", y, 2);
	lw_political_note_withdrawal(s, LW_CONFEDERATE, y);
	CHECK_EQ_INT(s->pol.note.stars[LW_CONFEDERATE], 6);
	/* cavalry alone: its own stars */
	struct lw_state *c = fx_new(1);
	if (CHECK(c != NULL)) {
		fx_place(c, "stuart", y, 2);
		lw_political_note_withdrawal(c, LW_CONFEDERATE, y);
		CHECK_EQ_INT(c->pol.note.stars[LW_CONFEDERATE], 2);
		free(c);
	}
	free(s);
	return tap_done();
}
