/* 19.1 / 16.8.3: a Victory Reversal is no Confederate "defeat". 16.8.3:
 * "Ignore the normal combat results. Instead, both sides take three IT ...":
 * the engine gives neither side the victory's PC nor the loser's
 * LOST_BATTLE mark (7.1.4, 10.7.9), and keeps battle.winner only to move
 * the forces (the reversed attacker back, or the reversed defender out with
 * the attacker advancing). The EP trigger read that winner and declared the
 * Emancipation Proclamation when a Union victory over a six-star CS force
 * was reversed (and when a CS victory was reversed into a retreat). Now a
 * reversal triggers neither 19.1 nor 19.2; the same battles without the
 * reversal (a Minor or Major Victory) still do. */
#include "lw_testkit.h"

static struct game *ops_game(int seed, int turn)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	tk_goto_ops(g, turn, LW_UNION);
	return g;
}

/* A finished battle the Union won (result) over a CS force of a two-star
 * CO and eight stars, with the Union 15 PC ahead (the Summer 1861 lead is
 * 10); `attacker` is the side that attacked. */
static void battle(struct lw_state *s, int attacker, int result, int hex)
{
	s->side[LW_UNION].pc = 30;
	s->side[LW_CONFEDERATE].pc = 15;
	s->battle.att_hex = (int16_t)hex;
	s->battle.def_hex = (int16_t)hex;
	s->battle.attacker = (int8_t)attacker;
	if (attacker == LW_UNION)
		lw_political_note_battle(s, LW_UNION, 3, 9, LW_CONFEDERATE, 2, 8);
	else
		lw_political_note_battle(s, LW_CONFEDERATE, 2, 8, LW_UNION, 3, 9);
	s->battle.active = 0;
	/* the Union won; after a reversal battle.winner is kept for the
	 * movement: the reversed Union attacker stays "winner" (and goes
	 * back), a reversed CS defender retreats and the Union attacker is
	 * made "winner" (lw_battle_flow.c) */
	s->battle.winner = LW_UNION;
	s->battle.result = (uint8_t)result;
	s->battle.rout = 0;
	lw_political_settle(s);
}

int main(void)
{
	struct game *g = ops_game(31, 0);
	int hex = tk_empty_hex(g, "TN", 0);
	lincolns_war_module.free(g);
	/* after a Victory Reversal that leaves a CS force "beaten", the Union
	 * attacked: his reversed victory (he goes back) or a reversed CS
	 * defender's victory (the CS force retreats, the Union advances) */
	g = ops_game(32, 0);
	battle(&g->s, LW_UNION, 3, hex);
	CHECKF(g->s.pol.ep == 0, "a Victory Reversal declared the EP");
	CHECK_EQ_INT(g->s.side[LW_CONFEDERATE].pc, 15);
	lincolns_war_module.free(g);
	/* controls: a Minor or a Major Union victory, attacking or defending,
	 * does declare it */
	for (int attacker = LW_UNION; attacker <= LW_CONFEDERATE; attacker++)
		for (int result = 1; result <= 2; result++) {
			g = ops_game(40 + 2 * attacker + result, 0);
			battle(&g->s, attacker, result, hex);
			CHECKF(g->s.pol.ep == 1, "attacker %d result %d: no EP", attacker, result);
			CHECK_EQ_INT(g->s.side[LW_CONFEDERATE].pc, 17);
			lincolns_war_module.free(g);
		}
	/* 19.2: a reversal of a CS Major Victory over a Union three-star CO is
	 * no Major Defeat either (from Spring 1863, with the CS lead) */
	g = ops_game(50, 4);
	struct lw_state *s = &g->s;
	s->side[LW_UNION].pc = 5;
	s->side[LW_CONFEDERATE].pc = 30;
	s->battle.att_hex = (int16_t)hex;
	s->battle.def_hex = (int16_t)hex;
	lw_political_note_battle(s, LW_CONFEDERATE, 2, 8, LW_UNION, 3, 9);
	s->battle.active = 0;
	s->battle.winner = LW_CONFEDERATE;
	s->battle.result = 3;
	lw_political_settle(s);
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	lincolns_war_module.free(g);
	return tap_done();
}
