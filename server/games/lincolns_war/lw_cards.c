/* lw_cards.c — the Operations decks (10.3): drawing, reshuffling, discards,
 * hand sizes, and the PC/CSP tracks (10.6.4, 10.6.6). */
#include <string.h>

#include "lw_engine.h"

const struct lw_card *lw_card(int side, int number)
{
	if (number < 1 || number > LW_DECK_CARDS)
		return NULL;
	return &lw_D()->cards[side][number - 1];
}

void lw_gain_pc(struct lw_state *s, int side, int n)
{
	if (n <= 0)
		return;
	int pc = s->side[side].pc + n;
	s->side[side].pc = (int16_t)(pc > 999 ? 999 : pc);
}

/* 10.6.6: "A player who is reduced to zero PC and then is required to lose
 * more PC, must first lose an equal amount of CSP if he possesses them, or
 * as much as he has". 10.6.6 is the rule 7.1.6.1 asks for ("only when
 * explicitly allowed by the rules"), so every loss takes the rest from the
 * CSP. A price (the plot, PCSA, a TCO star ...) is checked affordable in PC
 * before it is paid here, so a payment never reaches the CSP. */
void lw_lose_pc(struct lw_state *s, int side, int n)
{
	if (n <= 0)
		return;
	struct lw_player *p = &s->side[side];
	int from_pc = n < p->pc ? n : p->pc;
	p->pc = (int16_t)(p->pc - from_pc);
	int rest = n - from_pc;
	p->csp = (int16_t)(rest < p->csp ? p->csp - rest : 0);
}

/* 10.3.1: drawing the last card triggers a reshuffle of the discards. */
void lw_reshuffle(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	int tmp[LW_DECK_CARDS];
	int n = 0;
	for (int i = 0; i < c->draw_n; i++)
		tmp[n++] = c->draw[i];
	for (int i = 0; i < c->discard_n; i++)
		tmp[n++] = c->discard[i];
	c->discard_n = 0;
	memset(c->discard, 0, sizeof c->discard); /* unused slots stay zero: canonical state */
	tg_rng_shuffle_int(&s->rng, tmp, (size_t)n);
	for (int i = 0; i < n; i++)
		c->draw[i] = (uint8_t)tmp[i];
	c->draw_n = (uint8_t)n;
	lw_log(s, "The %s deck is reshuffled (10.3.1).", lw_side_title(side));
}

int lw_draw_card(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	if (c->draw_n == 0)
		lw_reshuffle(s, side);
	if (c->draw_n == 0)
		return 0;
	int card = c->draw[--c->draw_n];
	c->draw[c->draw_n] = 0;
	if (c->draw_n == 0)
		lw_reshuffle(s, side);
	return card;
}

/* Draws into the hand; false if the hand is full or no card is left. */
bool lw_draw_to_hand(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	if (c->hand_n >= LW_HAND_MAX)
		return false;
	int card = lw_draw_card(s, side);
	if (!card)
		return false;
	c->hand[c->hand_n++] = (uint8_t)card;
	return true;
}

void lw_discard(struct lw_state *s, int side, int card)
{
	struct lw_cards *c = &s->side[side].cards;
	const struct lw_card *k = lw_card(side, card);
	if (card == LW_CARD_ZERO_RESOURCE)
		return; /* 10.3: it returns to the hand at once */
	if (k && k->kind == LW_KIND_CAMPAIGN) {
		c->out[c->out_n++] = (uint8_t)card; /* back to the pool (10.7.3.1) */
		return;
	}
	if (c->discard_n < LW_DECK_CARDS)
		c->discard[c->discard_n++] = (uint8_t)card;
}

int lw_hand_find(const struct lw_state *s, int side, int card)
{
	const struct lw_cards *c = &s->side[side].cards;
	for (int i = 0; i < c->hand_n; i++)
		if (c->hand[i] == card)
			return i;
	return -1;
}

void lw_hand_remove(struct lw_state *s, int side, int idx)
{
	struct lw_cards *c = &s->side[side].cards;
	memmove(&c->hand[idx], &c->hand[idx + 1], (size_t)(c->hand_n - idx - 1));
	c->hand[--c->hand_n] = 0;
}

/* Removes a card from `out` (the pools); false if absent. */
bool lw_out_take(struct lw_state *s, int side, int card)
{
	struct lw_cards *c = &s->side[side].cards;
	for (int i = 0; i < c->out_n; i++)
		if (c->out[i] == card) {
			memmove(&c->out[i], &c->out[i + 1], (size_t)(c->out_n - i - 1));
			c->out[--c->out_n] = 0;
			return true;
		}
	return false;
}

bool lw_out_has(const struct lw_state *s, int side, int card)
{
	const struct lw_cards *c = &s->side[side].cards;
	for (int i = 0; i < c->out_n; i++)
		if (c->out[i] == card)
			return true;
	return false;
}

/* 10.3 hand size from the turn track; 7.1.9.1 one fewer after an assassination. */
int lw_hand_size_for_turn(const struct lw_state *s, int side)
{
	int n = lw_D()->turns[s->turn].hand_size - (s->side[side].president_killed ? 1 : 0);
	return n < 1 ? 1 : n > LW_HAND_MAX ? LW_HAND_MAX : n;
}

int lw_count_seditious(const struct lw_state *s, int side)
{
	const struct lw_cards *c = &s->side[side].cards;
	int n = 0;
	for (int i = 0; i < c->hand_n; i++) {
		const struct lw_card *k = lw_card(side, c->hand[i]);
		if (k && k->kind == LW_KIND_SEDITIOUS)
			n++;
	}
	return n;
}
