/* 10.6 worked example: "Even when a general has been killed in combat and his
 * counter removed to the Deceased Generals Box, it has no effect on the play
 * of the card that bears his portrait. The card along with its abilities
 * stays in play and is not removed."
 *
 * The Jubal A. Early card (CS, one PC, event: bank one PC) in the Confederate
 * hand; Early the general is killed (lw_kill, 16.8.2) and goes to the
 * Deceased box. The card stays in the hand, its event is still offered and
 * banks its one PC; in a second game it still activates another general
 * with its PC. */
#include "lw_testkit.h"

static struct game *early_dead(int seed, int *card, int *early)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	*card = tk_card(LW_CONFEDERATE, "Jubal A. Early");
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, *card);
	tk_give_any(s, LW_UNION);
	*early = tk_unit(g, "early");
	int hex = tk_empty_hex(g, "TN", 0);
	tk_put(g, "early", hex, 1, 0);
	lw_kill(s, *early); /* killed in combat (16.8.2) */
	return g;
}

static bool in_hand(const struct lw_state *s, int side, int card)
{
	for (int i = 0; i < s->side[side].cards.hand_n; i++)
		if (s->side[side].cards.hand[i] == card)
			return true;
	return false;
}

int main(void)
{
	int card, early;
	struct game *g = early_dead(1, &card, &early);
	struct lw_state *s = &g->s;
	const struct lw_card *c = lw_card(LW_CONFEDERATE, card);
	CHECK_EQ_INT(c->pc, 1);
	CHECK(!c->erratic); /* not a die-roll card (10.6.5) */
	CHECK_EQ_INT(s->unit[early].where, LW_W_DECEASED);
	/* the card stays in play: still in the hand, still offered */
	CHECK(in_hand(s, LW_CONFEDERATE, card));
	char buf[200];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"event\"}", card);
	int pc0 = s->side[LW_CONFEDERATE].pc;
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc0 + 1); /* its ability, unchanged */
	CHECK_EQ_INT(s->unit[early].where, LW_W_DECEASED);
	lincolns_war_module.free(g);

	/* its PC: Lee (activation 1) activated with the dead Early's card */
	g = early_dead(2, &card, &early);
	s = &g->s;
	int lee = tk_unit(g, "lee");
	tk_put(g, "lee", tk_empty_hex(g, "VA", 0), 1, 0);
	CHECK_EQ_INT(lw_activation_cost(s, lee), 1);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"lee\"}", card);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK(s->unit[lee].flags & LW_UF_ACTIVATED);
	CHECK_EQ_INT(s->play.pc_left, 0);         /* its one PC spent on Lee */
	CHECK(!in_hand(s, LW_CONFEDERATE, card)); /* played */
	lincolns_war_module.free(g);
	return tap_done();
}
