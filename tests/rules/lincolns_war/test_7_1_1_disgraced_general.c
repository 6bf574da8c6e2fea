/* 7.1.1 Purchasing a disgraced general: one PC brings back ONE general from
 * the Disgraced box per turn, at one star, in his starting hex or, if that
 * hex is enemy controlled, in the nearest friendly city; he may not be
 * promoted the same turn. */
#include "lw_testkit.h"

/* The first non-cavalry Union general printed with a starting hex, not u0. */
static int pick(const struct game *g, int u0)
{
	const struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (u == u0 || x->gen < 0 || x->side != LW_UNION || x->cavalry ||
		    u == s->side[LW_UNION].gic || !lw_D()->generals[x->gen].setup_hex)
			continue;
		return u;
	}
	return LW_NONE;
}

static void disgrace(struct game *g, int u)
{
	g->s.unit[u].where = LW_W_DISGRACED;
	g->s.unit[u].hex = LW_NO_HEX;
	g->s.unit[u].stars = 2;
	g->s.unit[u].it = 0;
}

int main(void)
{
	struct game *g = tk_new("campaign", 71);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	int a = pick(g, LW_NONE), b = pick(g, a);
	if (!CHECK(a != LW_NONE && b != LW_NONE))
		return tap_done();
	int home = lw_D()->generals[s->unit[a].gen].setup_hex;
	disgrace(g, a);
	disgrace(g, b);
	char ida[64], idb[64], buf[160];
	lw_unit_id(s, a, ida, sizeof ida);
	lw_unit_id(s, b, idb, sizeof idb);

	/* it costs one PC */
	s->side[LW_UNION].pc = 0;
	snprintf(buf, sizeof buf, "{\"type\":\"rehabilitate\",\"general\":\"%s\"}", ida);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(strstr(tk_err.message, "7.1.1") != NULL);
	CHECK_EQ_INT(s->unit[a].where, LW_W_DISGRACED);
	s->side[LW_UNION].pc = 5;
	CHECK(tk_offers(g, "union", "Disgraced"));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 4);
	CHECK_EQ_INT(s->unit[a].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[a].stars, 1); /* back at one star */
	CHECK_EQ_INT(s->unit[a].hex, home);
	/* no promotion the same turn */
	snprintf(buf, sizeof buf, "{\"type\":\"promote\",\"general\":\"%s\"}", ida);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK_EQ_INT(s->unit[a].stars, 1);
	/* only one disgraced general per turn */
	snprintf(buf, sizeof buf, "{\"type\":\"rehabilitate\",\"general\":\"%s\"}", idb);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(strstr(tk_err.message, "one disgraced general per turn") != NULL);
	CHECK_EQ_INT(s->unit[b].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 4);

	/* next turn: b's starting hex is held by the enemy -> nearest friendly city */
	s->side[LW_UNION].disgraced_bought = 0;
	int bhome = lw_D()->generals[s->unit[b].gen].setup_hex;
	int cs = tk_unit(g, "longstreet");
	tk_place(g, cs, bhome);
	int c = lw_city_at(bhome);
	if (c >= 0)
		s->city[c].owner = LW_CONFEDERATE;
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	int to = s->unit[b].hex;
	CHECK(to != bhome);
	int tc = lw_city_at(to);
	CHECKF(tc >= 0 && lw_city_controller(s, tc) == LW_UNION, "placed in a Union city (%04d)",
	       to);
	/* no friendly city that could take him is nearer than the one chosen */
	const struct lw_data *d = lw_D();
	int dist = tg_hex_distance(&d->grid, bhome, to);
	for (size_t i = 0; i < d->n_cities; i++) {
		int h = d->cities[i].hex;
		if (lw_city_controller(s, (int)i) != LW_UNION ||
		    lw_hex_owner_force(s, h) == LW_CONFEDERATE)
			continue;
		if (tg_hex_distance(&d->grid, bhome, h) < dist)
			CHECKF(lw_stack_check_hex(s, h, LW_UNION, &b, 1, LW_NONE, 0, NULL) != 0 ||
			           h == to,
			       "%s (%04d) is nearer than %04d", d->cities[i].name, h, to);
	}
	CHECK_EQ_INT(s->unit[b].stars, 1);
	lincolns_war_module.free(g);
	return tap_done();
}
