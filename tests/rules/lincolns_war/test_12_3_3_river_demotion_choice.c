/* 12.3.3: "If forced to retreat across a river, a subordinate general of
 * the Major army must be demoted or disgraced." (also 16.9.6). The owner
 * picks the subordinate (LW_ST_DEMOTE), never the CO; a retreat that
 * crosses no river demotes nobody. Through act() and view(). */
#include "lw_land_fixture.h"

struct bt {
	struct game *g;
	int co, sub2, sub1a, sub1b;
};

/* Grant and Sherman (8 + 5 CSP) beat Johnston's Major Army (3 + 2 + 1 + 1
 * stars, defense 4 + 3 + 2 + 2) at y by two: a Minor Victory, it retreats. */
static bool setup(struct bt *t, int x, int y)
{
	t->g = bx_game(2);
	if (!t->g)
		return false;
	struct lw_state *s = &t->g->s;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	t->co = fx_place(s, "je_johnston", y, 3);
	t->sub2 = fx_place(s, "hardee", y, 2);
	t->sub1a = fx_place(s, "ewell", y, 1);
	t->sub1b = fx_place(s, "dh_hill", y, 1);
	s->side[LW_UNION].csp = 5;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(t->g, grant, y);
	bx_commit(t->g, 5, 0);
	return s->step == LW_ST_RETREAT && !s->battle.rout;
}

/* An offered retreat hex across (river) or not across a river from y. */
static int offered(struct bt *t, int y, bool river)
{
	json_t *o = bx_offers(t->g, LW_CONFEDERATE, "retreat");
	int r = LW_NO_HEX;
	size_t i;
	json_t *a;
	json_array_foreach(o, i, a)
	{
		int to = (int)json_integer_value(json_object_get(a, "to"));
		bool across = (lw_data_hexside_flags(lw_D(), y, to) & LW_HS_RIVER) != 0;
		if (across == river && r == LW_NO_HEX)
			r = to;
	}
	json_decref(o);
	return r;
}

int main(void)
{
	free(bx_game(2)); /* loads the data */
	const struct lw_data *d = lw_D();
	struct bt t = {0};
	int y = LW_NO_HEX, r = LW_NO_HEX, y2 = LW_NO_HEX, r2 = LW_NO_HEX;
	struct game *dry = NULL;
	for (size_t i = 0; i < d->n_hexes && (r == LW_NO_HEX || r2 == LW_NO_HEX); i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 ||
		    !lw_hex_in_territory(h->id, LW_CONFEDERATE))
			continue;
		int x = fx_plain_neighbour(h->id);
		if (x == LW_NO_HEX)
			continue;
		struct bt k;
		if (!setup(&k, x, h->id)) {
			free(k.g);
			continue;
		}
		int across = offered(&k, h->id, true), plain = offered(&k, h->id, false);
		if (r == LW_NO_HEX && across != LW_NO_HEX) {
			t = k;
			y = h->id;
			r = across;
		} else if (r2 == LW_NO_HEX && across == LW_NO_HEX && plain != LW_NO_HEX) {
			dry = k.g;
			y2 = h->id;
			r2 = plain;
			(void)y2;
		} else {
			free(k.g);
		}
	}
	if (!CHECKF(r != LW_NO_HEX, "a Major Army offered a retreat across a river"))
		return tap_done();
	struct lw_state *s = &t.g->s;
	char act[96];
	snprintf(act, sizeof act, "{\"type\":\"retreat\",\"to\":%d}", r);
	BX_OK(t.g, LW_CONFEDERATE, act);
	CHECK_EQ_INT(s->unit[t.co].hex, r);
	if (!CHECK_EQ_INT(s->step, LW_ST_DEMOTE))
		return tap_done();
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	json_t *o = bx_offers(t.g, LW_CONFEDERATE, "demote");
	CHECK_EQ_INT(bx_units_offered(o), 3); /* the subordinates, not the CO */
	CHECK(!bx_has_unit(t.g, o, t.co, LW_NO_HEX));
	CHECK(bx_has_unit(t.g, o, t.sub2, LW_NO_HEX));
	json_decref(o);
	CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "demote", t.co, LW_NO_HEX) != 0);
	CHECK(bx_act_unit(t.g, LW_UNION, "demote", t.sub2, LW_NO_HEX) != 0);
	/* the two-star, which the old choice (the lowest-ranked) never took */
	CHECK(bx_act_unit(t.g, LW_CONFEDERATE, "demote", t.sub2, LW_NO_HEX) == 0);
	CHECK_EQ_INT(s->unit[t.sub2].stars, 1);
	CHECK_EQ_INT(s->unit[t.co].stars, 3);
	CHECK_EQ_INT(s->unit[t.sub1a].stars, 1);
	CHECK_EQ_INT(s->unit[t.sub1b].stars, 1);
	CHECK(s->step == LW_ST_ADVANCE || !s->battle.active); /* on to the advance */
	free(t.g);
	(void)y;

	/* no river crossed: nobody demoted */
	if (CHECKF(dry != NULL, "a retreat that crosses no river")) {
		struct lw_state *s2 = &dry->s;
		int stars = 0, u[LW_MAX_UNITS];
		int n = lw_units_at(s2, s2->battle.def_hex, LW_CONFEDERATE, u);
		for (int i = 0; i < n; i++)
			stars += s2->unit[u[i]].stars;
		snprintf(act, sizeof act, "{\"type\":\"retreat\",\"to\":%d}", r2);
		BX_OK(dry, LW_CONFEDERATE, act);
		CHECK(s2->step != LW_ST_DEMOTE);
		int after = 0;
		n = lw_units_at(s2, r2, LW_CONFEDERATE, u);
		for (int i = 0; i < n; i++)
			after += s2->unit[u[i]].stars;
		CHECK_EQ_INT(after, stars);
		free(dry);
	}
	return tap_done();
}
