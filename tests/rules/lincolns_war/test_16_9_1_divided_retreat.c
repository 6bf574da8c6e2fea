/* 16.9.1: "all generals must retreat to the same hex if at all possible. If
 * retreating into a hex where the force would violate stacking limits ...
 * the force must be divided and retreat to two separate hexes." Who goes
 * where is the owner's choice: while no hex takes the whole force he names
 * a general and a hex that takes him alone (any of them, the CO too), and
 * the rest retreats together as soon as one hex takes it. Through act()
 * and view(). */
#include "lw_land_fixture.h"

struct bt {
	struct game *g;
	int co, a, b;
};

/* Grant and Sherman (3 + 3, + csp) attack from x Price, Early and Taylor
 * (two stars each, no three-star: six at most in a hex, 12.4) at y; every
 * other neighbour of y holds a Confederate one-star: 6 + 1 > 6, so no hex
 * takes the whole force, each general alone fits. */
static bool setup(struct bt *t, int x, int y, int csp)
{
	t->g = bx_game(2);
	if (!t->g)
		return false;
	struct lw_state *s = &t->g->s;
	const struct lw_data *d = lw_D();
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	t->co = fx_place(s, "price", y, 2);
	t->a = fx_place(s, "early", y, 2);
	t->b = fx_place(s, "taylor", y, 2);
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, y, nb), next = 0;
	for (int k = 0; k < n; k++) {
		const struct lw_hex *h = lw_data_hex(d, nb[k]);
		if (nb[k] == x || !h || h->terrain == LW_TERRAIN_OCEAN)
			continue;
		while (next < s->n_units &&
		       (s->unit[next].side != LW_CONFEDERATE || s->unit[next].gen < 0 ||
		        s->unit[next].cavalry || s->unit[next].where == LW_W_MAP))
			next++;
		if (next >= s->n_units)
			return false;
		char id[48];
		fx_place(s, lw_unit_id(s, next, id, sizeof id), nb[k], 1);
	}
	s->side[LW_UNION].csp = (int16_t)csp;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(t->g, grant, y);
	bx_commit(t->g, csp, 0);
	return true;
}

/* The "retreat" offers without a "unit" (the whole force). */
static int whole_offers(struct game *g, int *first)
{
	json_t *o = bx_offers(g, LW_CONFEDERATE, "retreat");
	int n = 0;
	size_t i;
	json_t *a;
	json_array_foreach(o, i, a) if (!json_object_get(a, "unit"))
	{
		if (n++ == 0 && first)
			*first = (int)json_integer_value(json_object_get(a, "to"));
	}
	json_decref(o);
	return n;
}

/* The first hex offered to unit u alone, or LW_NO_HEX. */
static int unit_hex(struct game *g, int u)
{
	json_t *o = bx_offers(g, LW_CONFEDERATE, "retreat");
	char id[48];
	lw_unit_id(&g->s, u, id, sizeof id);
	int to = LW_NO_HEX;
	size_t i;
	json_t *a;
	json_array_foreach(o, i, a)
	{
		const char *x = json_string_value(json_object_get(a, "unit"));
		if (x && strcmp(x, id) == 0 && to == LW_NO_HEX)
			to = (int)json_integer_value(json_object_get(a, "to"));
	}
	json_decref(o);
	return to;
}

int main(void)
{
	free(bx_game(2)); /* loads the data */
	struct bt t = {0};
	bool found = false;
	/* a clear hex of Confederate territory where the Union wins without a
	 * rout (the CSP tune the difference) */
	size_t i = 0;
	int y, x;
	while (!found && (y = fx_next_cs_clear(&i, &x)) != LW_NO_HEX) {
		for (int csp = 0; csp <= 5 && !found; csp++) {
			if (!setup(&t, x, y, csp))
				continue;
			const struct lw_state *s = &t.g->s;
			found = s->battle.active && s->step == LW_ST_RETREAT && !s->battle.rout &&
			        s->battle.winner == LW_UNION && s->land.group_n == 3;
			if (!found)
				free(t.g);
		}
	}
	if (!CHECKF(found, "a beaten, not routed, defender of three generals"))
		return tap_done();
	struct lw_state *s = &t.g->s;
	/* no hex takes the whole force: nothing offered for it, each general
	 * (the CO too) may go alone */
	CHECK_EQ_INT(whole_offers(t.g, NULL), 0);
	int hc = unit_hex(t.g, t.co), ha = unit_hex(t.g, t.a), hb = unit_hex(t.g, t.b);
	CHECK(hc != LW_NO_HEX);
	CHECK(ha != LW_NO_HEX);
	CHECK(hb != LW_NO_HEX);
	/* the engine does not pick who goes: the unit-less form is refused */
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", hc);
	BX_FAILS(t.g, LW_CONFEDERATE, a);
	/* the owner sends Price, the CO, first */
	CHECK_EQ_INT(bx_act_unit(t.g, LW_CONFEDERATE, "retreat", t.co, hc), 0);
	CHECK_EQ_INT(s->unit[t.co].hex, hc);
	/* Early and Taylor (4 + 1 <= 6) now fit together: they must go as one */
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	int to = LW_NO_HEX;
	CHECK(whole_offers(t.g, &to) > 0);
	CHECK_EQ_INT(unit_hex(t.g, t.a), LW_NO_HEX);
	CHECK(to != hc); /* 2 + 1 + 4 > 6 */
	CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "retreat", t.a, to) != 0);
	snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", to);
	BX_OK(t.g, LW_CONFEDERATE, a);
	CHECK_EQ_INT(s->unit[t.a].hex, to);
	CHECK_EQ_INT(s->unit[t.b].hex, to);
	free(t.g);
	return tap_done();
}
