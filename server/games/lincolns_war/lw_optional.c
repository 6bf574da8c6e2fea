/* lw_optional.c — which optional cards are dealt (1.2, 10.7.1.1, 23.x) and
 * 23.4 / 10.1: inserting the year cards in the Spring turns (option
 * "spring_decks"). The Irregulars are lw_irregulars.c's. See lw_optional.h
 * for what is reconstructed. */
#include <string.h>

#include "lw_engine.h"
#include "lw_optional.h"

bool lw_optional_in_deck(unsigned options, int side, int number)
{
	if (number == 74 || number == 75)
		return options & LW_OPT_KICKSTARTERS; /* 10.7.1.1 */
	if (number == 69 && side == LW_CONFEDERATE)
		return options & LW_OPT_IRREGULARS; /* 23.2 */
	if (number == 70 || number == 71)
		return options & LW_OPT_PECULIAR; /* Peculiar Generals (1.2) */
	if (number == 73 && side == LW_UNION)
		return options & LW_OPT_TRAP; /* Laying a Trap (1.2) */
	return false;
}

int lw_card_year(int side, int number)
{
	const struct lw_data *d = lw_D();
	const struct lw_card *k = lw_card(side, number);
	if (!d || !k || !k->name || k->kind != LW_KIND_ACTIVATION)
		return 0;
	for (size_t i = 0; i < d->n_generals; i++) {
		const struct lw_general *g = &d->generals[i];
		if ((int)g->side != side || g->arrival_turn < 0 || strcmp(g->name, k->name) != 0)
			continue;
		int y = d->turns[g->arrival_turn].year;
		return y > 1861 ? y : 0;
	}
	return 0;
}

/* The year of the first turn of the scenario: cards of that year or before
 * start in the deck. */
static int start_year(const struct lw_state *s)
{
	return lw_D()->turns[s->first_turn].year;
}

void lw_optional_setup(struct lw_state *s)
{
	if (!(s->options & LW_OPT_SPRING_DECKS))
		return;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_cards *c = &s->side[side].cards;
		for (int i = 0; i < c->draw_n; i++) {
			int y = lw_card_year(side, c->draw[i]);
			if (y == 0 || y <= start_year(s) || c->out_n >= LW_DECK_CARDS)
				continue;
			c->out[c->out_n++] = c->draw[i];
			memmove(&c->draw[i], &c->draw[i + 1], (size_t)(c->draw_n - i - 1));
			c->draw[--c->draw_n] = 0;
			i--;
		}
	}
}

void lw_optional_begin_turn(struct lw_state *s)
{
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	if (!(s->options & LW_OPT_SPRING_DECKS) || !t->spring || s->turn == s->first_turn)
		return;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_cards *c = &s->side[side].cards;
		int n = 0;
		for (int i = 0; i < c->out_n; i++) {
			int card = c->out[i];
			if (lw_card_year(side, card) != t->year || c->draw_n >= LW_DECK_CARDS)
				continue;
			memmove(&c->out[i], &c->out[i + 1], (size_t)(c->out_n - i - 1));
			c->out[--c->out_n] = 0;
			i--;
			c->draw[c->draw_n++] = (uint8_t)card;
			n++;
		}
		if (n == 0)
			continue;
		int tmp[LW_DECK_CARDS];
		for (int i = 0; i < c->draw_n; i++)
			tmp[i] = c->draw[i];
		tg_rng_shuffle_int(&s->rng, tmp, c->draw_n);
		for (int i = 0; i < c->draw_n; i++)
			c->draw[i] = (uint8_t)tmp[i];
		lw_log(s, "The %s player shuffles %d card%s of %d into his deck (23.4).",
		       lw_side_title(side), n, n == 1 ? "" : "s", t->year);
	}
}
