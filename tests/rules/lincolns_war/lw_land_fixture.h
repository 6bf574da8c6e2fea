/* lw_land_fixture.h — helpers for the land-rules tests that need a real
 * state: a set-up Campaign game with the map cleared, generals placed by
 * hand, and decks stacked so that card draws are known. */
#ifndef LW_LAND_FIXTURE_H
#define LW_LAND_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lincolns_war/lw_engine.h"
#include "tap.h"

/* A Campaign state in the Operations phase of `turn`, nobody on the map. */
static inline struct lw_state *fx_new(int turn)
{
	static const uint8_t seed[32] = {7, 1, 8, 6, 1};
	struct lw_state *s = calloc(1, sizeof *s);
	struct tg_error err = {0};
	if (!s || lw_setup_state(s, seed, LW_SCN_CAMPAIGN, 0, &err) != 0) {
		printf("# set-up failed: %s\n", err.message);
		free(s);
		return NULL;
	}
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP) {
			s->unit[i].where = LW_W_PENDING;
			s->unit[i].hex = LW_NO_HEX;
		}
	s->turn = (uint8_t)turn;
	s->phase = LW_PH_OPS;
	s->step = LW_ST_CARD;
	s->play.side = LW_UNION;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		/* cards in hand, so that the card play goes on after a march */
		for (int k = 0; k < 4; k++)
			lw_draw_to_hand(s, side);
		s->side[side].pc = 10;
		s->side[side].csp = 0;
		s->side[side].gic = LW_NONE;
	}
	return s;
}

static inline int fx_place(struct lw_state *s, const char *id, int hex, int stars)
{
	int u = lw_unit_by_id(s, id);
	if (u == LW_NONE) {
		printf("# no general %s\n", id);
		return LW_NONE;
	}
	s->unit[u].where = LW_W_MAP;
	s->unit[u].hex = (int16_t)hex;
	s->unit[u].stars = (uint8_t)stars;
	s->unit[u].it = 0;
	s->unit[u].it_new = 0;
	s->unit[u].flags = 0;
	s->unit[u].cmd = ++s->cmd_seq;
	return u;
}

/* Stack side's draw pile: the next draws give cards whose symbols include
 * `want` (n_with of them) and then cards without any symbol. */
static inline void fx_stack_deck(struct lw_state *s, int side, unsigned want, int n_with,
                                 int n_blank)
{
	struct lw_cards *c = &s->side[side].cards;
	int with[LW_DECK_CARDS], blank[LW_DECK_CARDS], nw = 0, nb = 0;
	for (int num = 1; num <= 57; num++) {
		const struct lw_card *k = lw_card(side, num);
		if (!k)
			continue;
		if (want && (k->symbols & want) == want)
			with[nw++] = num;
		else if (k->symbols == 0)
			blank[nb++] = num;
	}
	CHECKF(nw >= n_with && nb >= n_blank, "deck has %d cards with symbols %u, %d blank", nw,
	       want, nb);
	c->draw_n = 0;
	c->discard_n = 0;
	/* the top of the pile is draw[draw_n - 1]: push the blank ones first */
	for (int i = 0; i < n_blank && i < nb; i++)
		c->draw[c->draw_n++] = (uint8_t)blank[i];
	for (int i = 0; i < n_with && i < nw; i++)
		c->draw[c->draw_n++] = (uint8_t)with[i];
}

/* Sends one action to the land rules' handlers. */
static inline int fx_act(struct lw_state *s, int side, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = s->battle.active ? lw_battle_act(s, side, a, &out, &err)
	                          : lw_march_act(s, side, a, &out, &err);
	if (rc != 0)
		printf("# %s -> %s: %s\n", json, err.code, err.message);
	json_decref(a);
	return rc;
}

/* CHECK_EQ_INT evaluates its arguments twice: actions go through these. */
#define ACT_OK(s, side, json)                                                                      \
	do {                                                                                       \
		int rc_ = fx_act((s), (side), (json));                                             \
		CHECKF(rc_ == 0, "action %s refused", (json));                                     \
	} while (0)
#define ACT_FAILS(s, side, json)                                                                   \
	do {                                                                                       \
		int rc_ = fx_act((s), (side), (json));                                             \
		CHECKF(rc_ != 0, "action %s accepted", (json));                                    \
	} while (0)

/* A neighbour of hex reachable without a river, mountain, city or ocean. */
static inline int fx_plain_neighbour(int hex)
{
	const struct lw_data *d = lw_D();
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (h && h->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[i]) < 0 &&
		    !(lw_data_hexside_flags(d, hex, nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			return nb[i];
	}
	return LW_NO_HEX;
}

/* The first clear hex of `state` without a city that has a plain
 * neighbour (fx_plain_neighbour): *x and *y, or false if there is none. */
static inline bool fx_plain_pair(const char *state, int *x, int *y)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, state) != 0)
			continue;
		int nb = fx_plain_neighbour(h->id);
		if (nb != LW_NO_HEX) {
			*x = h->id;
			*y = nb;
			return true;
		}
	}
	return false;
}

/* The integer `key` of the first battle action of `type` offered to side
 * (lw_battle_offer), or LW_NO_HEX when none is offered. */
static inline int fx_first_offer(const struct lw_state *s, int side, const char *type,
                                 const char *key)
{
	json_t *l = json_array();
	lw_battle_offer(s, side, l);
	int v = LW_NO_HEX;
	size_t i;
	json_t *o;
	json_array_foreach(l, i, o)
	{
		json_t *a = json_object_get(o, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), type) == 0) {
			v = (int)json_integer_value(json_object_get(a, key));
			break;
		}
	}
	json_decref(l);
	return v;
}

#endif
