/* 16.6.4: "If a routed defending force retreats it has the option to break
 * up and retreat to different hexes as long as each separate force
 * retreats closer to a friendly city OR supply line." Offered as one
 * general at a time ({"type":"retreat","unit":ID,"to":HEX}) among the
 * 16.9.1 priority hexes for him alone that are a friendly city or nearer a
 * friendly supply city; the whole force may still retreat together. A force
 * that is not routed may not disperse (16.9.1). Through act() and view(). */
#include "lw_land_fixture.h"

struct bt {
	struct game *g;
	int x, y, co, a, b;
};

/* The Union (Grant and Sherman, 8 + CSP) attacks Price, Early and Taylor
 * (2 + 1 + 1 defense) at y in Confederate territory. */
static bool setup(struct bt *t, int x, int y, int csp)
{
	t->g = bx_game(2);
	if (!t->g)
		return false;
	struct lw_state *s = &t->g->s;
	t->x = x;
	t->y = y;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	t->co = fx_place(s, "price", y, 2);
	t->a = fx_place(s, "early", y, 1);
	t->b = fx_place(s, "taylor", y, 1);
	s->side[LW_UNION].csp = (int16_t)csp;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(t->g, grant, y);
	bx_commit(t->g, csp, 0);
	/* 11.0.3: after a rout the Confederate names Price's successor
	 * (Early or Taylor) before the retreat */
	bx_answer_commands(t->g);
	return true;
}

/* The distinct hexes offered for unit u to break away to. */
static int split_hexes(struct bt *t, int u, int out[6])
{
	json_t *o = bx_offers(t->g, LW_CONFEDERATE, "retreat");
	char id[48];
	lw_unit_id(&t->g->s, u, id, sizeof id);
	int n = 0;
	size_t i;
	json_t *a;
	json_array_foreach(o, i, a)
	{
		const char *x = json_string_value(json_object_get(a, "unit"));
		if (x && strcmp(x, id) == 0 && n < 6)
			out[n++] = (int)json_integer_value(json_object_get(a, "to"));
	}
	json_decref(o);
	return n;
}

static int nearest_supply(const struct lw_state *s, int hex)
{
	const struct lw_data *d = lw_D();
	int best = 1 << 20;
	for (size_t c = 0; c < d->n_cities; c++)
		if (lw_city_controller(s, (int)c) == LW_CONFEDERATE && d->cities[c].supply > 0) {
			int dist = tg_hex_distance(&d->grid, hex, d->cities[c].hex);
			if (dist >= 0 && dist < best)
				best = dist;
		}
	return best;
}

int main(void)
{
	free(bx_game(2)); /* loads the data */
	struct bt t = {0};
	bool found = false;
	/* a battle hex in Confederate territory where each general alone has
	 * two hexes to break away to */
	size_t at = 0;
	int ground, from;
	while (!found && (ground = fx_next_cs_clear(&at, &from)) != LW_NO_HEX) {
		if (!setup(&t, from, ground, 5))
			continue;
		int hx[6];
		found = t.g->s.battle.rout && t.g->s.step == LW_ST_RETREAT &&
		        split_hexes(&t, t.a, hx) >= 2 && split_hexes(&t, t.b, hx) >= 2;
		if (!found)
			free(t.g);
	}
	if (!CHECKF(found, "a routed defender with two break-away hexes each"))
		return tap_done();
	struct lw_state *s = &t.g->s;
	/* 8 + 5 against 4: a rout; the CO is disgraced, IT = stars */
	CHECK_EQ_INT(s->unit[t.co].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	int ha[6], hb[6];
	int na = split_hexes(&t, t.a, ha), nb = split_hexes(&t, t.b, hb);
	/* every break-away hex is a friendly city or nearer supply */
	for (int k = 0; k < na; k++) {
		int c = lw_city_at(ha[k]);
		CHECKF((c >= 0 && lw_city_controller(s, c) == LW_CONFEDERATE) ||
		           nearest_supply(s, ha[k]) < nearest_supply(s, t.y),
		       "%04d is closer to a friendly city or supply", ha[k]);
	}
	/* the whole force may still go together */
	json_t *o = bx_offers(t.g, LW_CONFEDERATE, "retreat");
	bool whole = false;
	size_t i;
	json_t *a;
	json_array_foreach(o, i, a) whole |= json_object_get(a, "unit") == NULL;
	json_decref(o);
	CHECK(whole);
	/* the attacker cannot break the defender up; a hex not offered is refused */
	CHECK(bx_act_unit(t.g, LW_UNION, "retreat", t.a, ha[0]) != 0);
	CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "retreat", t.a, t.x) != 0);
	/* Early goes one way, Taylor another */
	CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "retreat", t.a, ha[0]) == 0);
	CHECK_EQ_INT(s->unit[t.a].hex, ha[0]);
	CHECK_EQ_INT(s->unit[t.a].it, 1); /* he takes his IT (= stars) with him */
	CHECK_EQ_INT(s->unit[t.b].hex, t.y);
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	/* the last one is the rest of the force: the 16.9.1 retreat */
	CHECK_EQ_INT(split_hexes(&t, t.b, hb), 0);
	o = bx_offers(t.g, LW_CONFEDERATE, "retreat");
	int other = LW_NO_HEX;
	json_array_foreach(o, i, a)
	{
		int to = (int)json_integer_value(json_object_get(a, "to"));
		if (other == LW_NO_HEX || to != ha[0])
			other = to;
	}
	json_decref(o);
	char act[96];
	snprintf(act, sizeof act, "{\"type\":\"retreat\",\"to\":%d}", other);
	BX_OK(t.g, LW_CONFEDERATE, act);
	CHECK_EQ_INT(s->unit[t.b].hex, other);
	/* everyone out: the victor advances with the whole force (16.6.4) */
	CHECK(!s->battle.active);
	CHECK_EQ_INT(lw_hex_owner_force(s, t.y), LW_UNION);
	free(t.g);
	(void)na;
	(void)nb;

	/* a Minor Victory (8 + 1 against 4... no rout): no break-up offered or
	 * accepted (16.9.1: "may not voluntarily disperse unless a Rout") */
	size_t k = 0;
	int x = LW_NO_HEX, y = fx_next_cs_clear(&k, &x);
	if (!CHECK(y != LW_NO_HEX) || !CHECK(setup(&t, x, y, 0)))
		return tap_done();
	s = &t.g->s;
	CHECKF(!s->battle.rout && s->battle.winner == LW_UNION, "a Union victory without rout");
	if (s->step == LW_ST_RETREAT) {
		int hx[6];
		CHECK_EQ_INT(split_hexes(&t, t.a, hx), 0);
		int opts[6];
		(void)opts;
		json_t *r = bx_offers(t.g, LW_CONFEDERATE, "retreat");
		int to = (int)json_integer_value(json_object_get(json_array_get(r, 0), "to"));
		json_decref(r);
		CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "retreat", t.a, to) != 0);
	} else {
		CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	}
	free(t.g);
	return tap_done();
}
