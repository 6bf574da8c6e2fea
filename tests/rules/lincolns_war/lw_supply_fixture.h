/* lw_supply_fixture.h — set-ups shared by the Supply Phase tests (20.3,
 * 20.4, 20.5, 11.0.3 and 12.4 in the middle of the phase): finding a hex
 * where a general does or does not trace supply, and a deck without
 * forage. */
#ifndef LW_SUPPLY_FIXTURE_H
#define LW_SUPPLY_FIXTURE_H

#include "lincolns_war/lw_supply.h"
#include "lw_testkit.h"

/* A Campaign game in the Union's Operations of turn 1, nobody carrying IT
 * (the GiCs stay where they are): the Supply Phase tests' start. */
static inline struct game *sx_game(void)
{
	struct game *g = tk_new("campaign", 11);
	tk_choose_gics(g);
	tk_goto_ops(g, 1, LW_UNION);
	for (int u = 0; u < g->s.n_units; u++)
		g->s.unit[u].it = 0;
	return g;
}

/* A clear, empty, non-city hex of `state` with no enemy force next to it
 * where side's general u traces supply (want true) or does not (want
 * false). With oos_neighbour, one of its clear empty neighbours must be out
 * of supply too (somewhere a displaced general forages). u is left
 * pending. LW_NO_HEX if none. */
static inline int sx_supply_hex(struct game *g, const char *state, int side, int u, bool want,
                                bool oos_neighbour)
{
	const struct lw_data *d = lw_D();
	struct lw_state *s = &g->s;
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, state) != 0 || h->terrain != LW_TERRAIN_CLEAR ||
		    h->city >= 0 || lw_hex_owner_force(s, h->id) != LW_NOSIDE)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb), enemy = 0, oos_nb = 0;
		for (int k = 0; k < n; k++)
			enemy += lw_hex_owner_force(s, nb[k]) == LW_OTHER(side);
		if (enemy)
			continue;
		tk_place(g, u, h->id);
		bool ok = lw_supply_traced(s, h->id, side, NULL);
		for (int k = 0; k < n && oos_neighbour && ok == want; k++) {
			const struct lw_hex *x = lw_data_hex(d, nb[k]);
			if (!x || x->terrain != LW_TERRAIN_CLEAR || x->city >= 0 ||
			    lw_hex_owner_force(s, nb[k]) != LW_NOSIDE)
				continue;
			tk_place(g, u, nb[k]);
			oos_nb += !lw_supply_traced(s, nb[k], side, NULL);
		}
		s->unit[u].where = LW_W_PENDING;
		if (ok == want && (!oos_neighbour || oos_nb > 0))
			return h->id;
	}
	return LW_NO_HEX;
}

/* Every draw of side gives a card without a haystack (20.5 forage fails). */
static inline void sx_no_forage(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	int k = 0;
	for (int i = 0; i < c->draw_n; i++) {
		const struct lw_card *x = lw_card(side, c->draw[i]);
		if (x && !(x->symbols & LW_SYM_FORAGE))
			c->draw[k++] = c->draw[i];
	}
	c->draw_n = (uint8_t)k;
}

#endif
