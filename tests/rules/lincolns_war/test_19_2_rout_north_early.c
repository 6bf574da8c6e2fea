/* 19.2: "British Intervention can be declared by the Confederate player if
 * a Union three-star CO sustains a Major Defeat, a Rout, or retreats before
 * battle AND the Confederate player has a certain lead in PC. ... British
 * Intervention may take place earlier if a Union three-star CO sustains a
 * major defeat or retreats before battle North of the North/South border,
 * or if the Confederates take Washington DC."
 *
 * Issue 22 reading: the early trigger counted the three-star CO's Major
 * Defeat North of the border but not his Rout. Decision (docs/decisions.md "19.2: a Rout in the
 * early trigger"): a Rout is the greater defeat that includes a major one: the rules rank it above
 * the Major Victory (16.9.5.1 refusing a siege: "1) Minor Victory ...
 * 2) Major Victory ... 3) Rout"), and a rout North of the border is the
 * humiliation the early trigger is about. So before Spring 1863 a Rout
 * North triggers as a Major Defeat does; South of the border it does not,
 * nor does a minor defeat without a rout. */
#include "lw_testkit.h"

static struct game *ops_game(int seed, int turn)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	tk_goto_ops(g, turn, LW_UNION);
	return g;
}

/* A finished battle: `loser` lost with a CO of co_stars and stars in all. */
static void lost_battle(struct lw_state *s, int loser, int co_stars, int stars, int result,
                        int rout, int loser_hex)
{
	int w = LW_OTHER(loser);
	s->battle.att_hex = (int16_t)loser_hex;
	s->battle.def_hex = (int16_t)loser_hex;
	lw_political_note_battle(s, w, 3, 9, loser, co_stars, stars);
	s->battle.active = 0;
	s->battle.winner = (int8_t)w;
	s->battle.result = (uint8_t)result;
	s->battle.rout = (uint8_t)rout;
	lw_political_settle(s);
}

int main(void)
{
	struct game *g = ops_game(41, 0);
	int north = tk_empty_hex(g, "PA", 0), south = tk_empty_hex(g, "TN", 0);
	lincolns_war_module.free(g);

	/* Summer 1862 (no lead needed before Spring 1863) */
	g = ops_game(42, 2);
	struct lw_state *s = &g->s;
	CHECK(lw_D()->turns[2].bi_cs_lead < 0);
	s->side[LW_UNION].pc = 40;
	s->side[LW_CONFEDERATE].pc = 10;
	lost_battle(s, LW_UNION, 3, 9, 1, 0, north); /* a minor defeat */
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	lost_battle(s, LW_UNION, 3, 9, 1, 1, south); /* a rout, South */
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	lost_battle(s, LW_UNION, 2, 9, 1, 1, north); /* a two-star CO's rout */
	CHECK_EQ_INT(s->pol.bi_offer, 0);
	lost_battle(s, LW_UNION, 3, 9, 1, 1, north); /* the three-star CO routed North */
	CHECK_EQ_INT(s->pol.bi_offer, 1);
	lincolns_war_module.free(g);
	return tap_done();
}
