/* test_19_ep_bi_playouts.c — the random bot plays Campaign games in which
 * 19.0 and 7.1.9 really happen: the EP is declared at a card play, or BI's
 * trigger is met (once the Confederate has discards to exchange with) at
 * the first card play of every turn until he declares it, and a
 * Confederate plot is planted in every Administration Phase. The political
 * prompts (free promotion, BI declared or not, BI card exchange, and
 * 7.1.9.3 retaliation when it
 * arises; that one is also tested in test_7_1_9) must be answered through
 * the offered actions, no awaited role may be left without an action, the
 * game must end, Hincks must arrive the turn after the EP, and save/load
 * must keep the block.
 *   test_19_ep_bi_playouts [games] */
#include <stdlib.h>

#include "lw_bot.h"
#include "lw_testkit.h"

static int promotions, swaps, retaliations, plots, hincks_in, bi_declared, bi_declined;

static void count(const json_t *a)
{
	const char *t = json_string_value(json_object_get(a, "type"));
	if (!t)
		return;
	promotions += strcmp(t, "ep_promotion") == 0;
	swaps += strcmp(t, "bi_swap") == 0 || strcmp(t, "bi_keep") == 0;
	bi_declared += strcmp(t, "bi_declare") == 0;
	bi_declined += strcmp(t, "bi_decline") == 0;
	retaliations += strcmp(t, "retaliate") == 0 || strcmp(t, "no_retaliation") == 0;
}

static void play(int seed, bool ep)
{
	struct game *g = tk_new("campaign", seed);
	struct lw_state *s = &g->s;
	struct lw_bot bot;
	lw_bot_init(&bot, (uint64_t)seed * 7919u + 1);
	bool declared = false;
	int ep_turn = -1, planted_turn = -1, offered_turn = -1;
	for (int step = 0; step < 20000 && s->phase != LW_PH_OVER; step++) {
		if (!declared && s->phase == LW_PH_OPS && s->step == LW_ST_CARD &&
		    offered_turn != s->turn &&
		    (ep || s->side[LW_CONFEDERATE].cards.discard_n > 0)) {
			offered_turn = s->turn;
			if (ep) {
				declared = true;
				ep_turn = s->turn;
				lw_political_declare_ep(s);
			} else {
				lw_political_offer_bi(s); /* 19.2: he may decline */
			}
		}
		declared |= s->pol.bi;
		if (s->phase == LW_PH_ADMIN && planted_turn != s->turn &&
		    lw_plot_buyer(&s->pol) == LW_CONFEDERATE && !s->pol.plot_bought) {
			planted_turn = s->turn;
			s->pol.plot_bought = LW_CONFEDERATE;
			plots++;
		}
		int h = tk_unit(g, "hincks");
		if (ep && ep_turn >= 0 && s->turn > ep_turn && s->phase == LW_PH_OPS)
			hincks_in +=
			    s->unit[h].where != LW_W_PENDING && s->unit[h].where != LW_W_REMOVED;
		char role[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		int r = lw_bot_choose(&bot, &lincolns_war_module, g, role, &a);
		if (!CHECKF(r == 1, "seed %d: dead end (%d) in phase %d", seed, r, s->phase))
			break;
		count(a);
		struct game_outcome out = {0};
		int rc = lincolns_war_module.act(g, role, a, &out, &tk_err);
		if (!CHECKF(rc == 0, "seed %d: offered action refused: %s", seed, tk_err.message)) {
			json_decref(a);
			break;
		}
		json_decref(a);
		if (step % 97 == 0) { /* the block survives save/load */
			json_t *j = lincolns_war_module.save(g);
			struct game *c = lincolns_war_module.load(j, &tk_err);
			json_decref(j);
			CHECK(c && memcmp(&c->s.pol, &s->pol, sizeof s->pol) == 0);
			if (c)
				lincolns_war_module.free(c);
		}
	}
	CHECKF(s->phase == LW_PH_OVER, "seed %d: the game did not end", seed);
	if (ep)
		CHECK(s->pol.ep == 1);
	CHECK_EQ_INT(s->pol.bi_offer, 0); /* every question was answered */
	lincolns_war_module.free(g);
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 24;
	for (int i = 0; i < games; i++)
		play(100 + i, i % 2 == 0);
	printf("# %d plots planted; prompts answered: %d promotions, BI %d declared %d "
	       "declined, %d BI exchanges, %d retaliations; Hincks seen on the map %d times\n",
	       plots, promotions, bi_declared, bi_declined, swaps, retaliations, hincks_in);
	CHECK(promotions > 0);
	CHECK(swaps > 0);
	CHECK(bi_declared > 0);
	CHECK(bi_declined > 0);
	CHECK(plots > 0);
	CHECK(hincks_in > 0);
	return tap_done();
}
