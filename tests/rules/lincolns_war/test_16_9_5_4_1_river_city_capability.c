/* 16.9.5.4.1: "If the defender accumulates ITs equal to or greater than
 * double his total defense capability (total defense capability = defense
 * value of all his generals + either the city or the terrain defense bonus,
 * whichever is greater ...)". 15.0: "Defenders in mountains gain +2
 * strength points in combat"; "Defenders attacked across a river gains +2
 * strength points in combat."
 *
 * Issue 22 reading: only mountains count as terrain in the besieged's
 * defense capability; a river city's bonus never does. Readings: (a) the
 * terrain bonus is the one the besieged would have in the hex, and a river
 * gives it only against an attack across the river (15.0), which a siege
 * is not: the besiegers stand in the city with him (16.9.5.2 "on top of the
 * defending units"); (b) a city on a river has the river's +2 as its
 * terrain. Decision (docs/decisions.md "16.9.5.4.1: terrain in the besieged's defense capability"):
 * (a), the engine as it was. So a Union force besieged in Nashville (a Confederate river city it
 * holds with its garrison: defense 2 - 1 = 1, 16.10.2) counts 1, not the river's 2, and falls at
 * twice his generals' defense plus 1. */
#include "lw_amphib_fixture.h"

/* The Confederate force `att` won a Minor Victory over the Union force in
 * city from hex `from`, and besieges it (16.9.5) through the two prompts. */
static void cs_besiege(struct lw_state *s, int city, int from, int att)
{
	struct lw_battle *b = &s->battle;
	memset(b, 0, sizeof *b);
	b->active = 1;
	b->attacker = LW_CONFEDERATE;
	b->att_hex = (int16_t)from;
	b->def_hex = (int16_t)city;
	b->att_units[b->att_n++] = (int16_t)att;
	b->winner = LW_CONFEDERATE;
	b->result = LW_CRT_MINOR;
	b->csp[LW_UNION] = b->csp[LW_CONFEDERATE] = -1;
	memset(&s->land, 0, sizeof s->land);
	s->phase = LW_PH_OPS;
	memset(&s->play, 0, sizeof s->play);
	s->play.side = LW_CONFEDERATE;
	s->play.co = (int16_t)att;
	s->play.movers[s->play.movers_n++] = (int16_t)att;
	s->play.attacked = 1;
	s->phasing = LW_CONFEDERATE;
	CHECK(lw_siege_may_offer(s));
	lw_siege_begin_offer(s);
	AM_OK(s, LW_UNION, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"besiege\"}");
}

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	int nh = am_hex("nashville"), c = am_city("nashville");
	const struct lw_hex *h = lw_data_hex(lw_D(), nh);
	int camp = fx_plain_neighbour(nh);
	if (!CHECK(h && h->terrain == LW_TERRAIN_CLEAR && camp != LW_NO_HEX && c >= 0))
		return tap_done();
	bool river = false;
	int nb[6];
	int nn = tg_hex_neighbours(&lw_D()->grid, nh, nb);
	for (int i = 0; i < nn; i++)
		river |= (lw_data_hexside_flags(lw_D(), nh, nb[i]) & LW_HS_RIVER) != 0;
	CHECK(river);
	s->city[c].owner = LW_UNION;
	s->city[c].garrison = 1;
	CHECK_EQ_INT(lw_city_defense(s, c), 1);
	int cs = am_general(s, LW_CONFEDERATE, camp, 3, LW_NONE);
	int co = am_general(s, LW_UNION, nh, 2, LW_NONE);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	cs_besiege(s, nh, camp, cs);
	if (!CHECK(lw_siege_besieged(s, nh, LW_UNION)))
		return tap_done();
	int cap = lw_unit_defense(s, co) + 1; /* the city's 1; the river counts nothing */
	s->unit[co].it = (int16_t)(2 * cap - 1);
	lw_siege_check_defeat(s);
	CHECK_EQ_INT(s->unit[co].where, LW_W_MAP);
	CHECK(lw_siege_besieged(s, nh, LW_UNION));
	s->unit[co].it = (int16_t)(2 * cap);
	lw_siege_check_defeat(s);
	CHECK(s->unit[co].where != LW_W_MAP); /* disgraced: the siege is won */
	CHECK_EQ_INT(lw_city_controller(s, c), LW_CONFEDERATE);
	free(s);
	return tap_done();
}
