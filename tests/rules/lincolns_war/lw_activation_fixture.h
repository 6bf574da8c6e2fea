/* lw_activation_fixture.h — the 11.0 worked example's set-up shared by its
 * tests: Grant (activation 1) and a "2" activation card in the Union's hand
 * at the card play of Spring 1862, then Grant activated with it. */
#ifndef LW_ACTIVATION_FIXTURE_H
#define LW_ACTIVATION_FIXTURE_H

#include "lw_testkit.h"

/* An activation card of exactly `pc` PC that is not erratic; -1 if none. */
static inline int ax_card_of(int side, int pc)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k->kind == LW_KIND_ACTIVATION && k->pc == pc && !k->erratic)
			return n;
	}
	return -1;
}

/* The Union plays `card` to activate general `id` (10.6); act()'s result. */
static inline int ax_activate(struct game *g, int card, const char *id)
{
	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}", card,
	         id);
	return tk_act(g, "union", buf);
}

/* A Campaign game at the Union's card play of Spring 1862 (10.6.3: IT may
 * be removed with PC), his hand the "2" card only (*two, -1 if the deck has
 * none), the Confederate holding a card; Grant, one star, no flags, placed
 * alone in an empty hex of `state` (*gh). Returns the game; *grant his unit. */
static inline struct game *ax_grant_game(int seed, const char *state, int *two, int *grant, int *gh)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_UNION);
	*two = ax_card_of(LW_UNION, 2);
	tk_clear_hand(s, LW_UNION);
	if (*two > 0)
		tk_give(s, LW_UNION, *two);
	tk_give_any(s, LW_CONFEDERATE);
	*grant = tk_unit(g, "grant");
	*gh = tk_empty_hex(g, state, 0);
	tk_place(g, *grant, *gh);
	s->unit[*grant].stars = 1;
	s->unit[*grant].flags = 0;
	return g;
}

/* 11.0's example: Grant activated with the "2" card, moves nowhere; one PC
 * is left over. */
static inline void ax_grant_with_two(struct game *g, int two)
{
	CHECK_EQ_INT(lw_activation_cost(&g->s, tk_unit(g, "grant")), 1);
	CHECKF(ax_activate(g, two, "grant") == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(g->s.play.pc_left, 1);
}

#endif
