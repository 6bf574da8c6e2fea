/* 12.4 / 11.1.2.3: "displace enough stars from the stack to an adjacent
 * space until stacking limits are met. If there are no adjacent spaces to
 * displace excess units to, place them in the nearest friendly city."
 * Where the displaced general goes is his owner's choice: every adjacent
 * space that can take him is offered (not one the enemy holds), and only
 * when there is none the nearest friendly cities (all of them when several
 * are equally near); anything else is refused citing the rule. Through the
 * module's act() and view. */
#include "lw_displace_fixture.h"

/* A Confederate general (off the map first), placed alone at hex. */
static void enemy_at(struct game *g, int hex)
{
	struct lw_state *s = &g->s;
	for (int pass = 0; pass < 2; pass++)
		for (int u = 0; u < s->n_units; u++) {
			struct lw_unit *x = &s->unit[u];
			if (x->side != LW_CONFEDERATE || x->gen < 0 || x->cavalry ||
			    s->side[LW_CONFEDERATE].gic == u ||
			    (x->where == LW_W_MAP) != (pass == 1) ||
			    (x->where == LW_W_MAP && x->hex == hex) || x->where == LW_W_DECEASED)
				continue;
			x->where = LW_W_MAP;
			x->hex = (int16_t)hex;
			x->stars = 1;
			x->it = 0;
			return;
		}
	printf("# no Confederate general left\n");
	exit(1);
}

/* Nobody on hex (a GiC goes to a far hex of his side). */
static void clear_hex(struct game *g, int hex)
{
	struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++) {
		struct lw_unit *x = &s->unit[u];
		if (x->where != LW_W_MAP || x->hex != hex)
			continue;
		if (s->side[x->side].gic == u) {
			x->hex = (int16_t)tk_empty_hex(g, x->side == LW_UNION ? "NY" : "GA", 0);
		} else {
			x->where = LW_W_PENDING;
			x->hex = LW_NO_HEX;
		}
	}
}

/* Land neighbours of hex a general may be put in (11.1.2.3: an adjacent
 * space), by the map alone: no ocean, no impassable hexside, no city the
 * Union does not hold. */
static int land_neighbours(const struct lw_state *s, int hex, int out[6])
{
	const struct lw_data *d = lw_D();
	int nb[6], k = 0;
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		int c = lw_city_at(nb[i]);
		if (h && h->terrain != LW_TERRAIN_OCEAN &&
		    !(lw_data_hexside_flags(d, hex, nb[i]) & LW_HS_IMPASSABLE) &&
		    (c < 0 || lw_city_controller(s, c) == LW_UNION))
			out[k++] = nb[i];
	}
	return k;
}

/* How many Union cities are nearest to hex (none held by the enemy). */
static int nearest_cities(const struct lw_state *s, int hex, int *best_out)
{
	const struct lw_data *d = lw_D();
	int best = 1 << 30, n = 0;
	for (size_t i = 0; i < d->n_cities; i++) {
		int c = d->cities[i].hex;
		if (lw_city_controller(s, (int)i) != LW_UNION || c == hex ||
		    lw_hex_owner_force(s, c) == LW_CONFEDERATE)
			continue;
		int dist = tg_hex_distance(&d->grid, hex, c);
		if (dist < best) {
			best = dist;
			n = 0;
		}
		n += dist == best;
	}
	*best_out = best;
	return n;
}

/* An empty clear hex of the Union's own states two or more Union cities
 * are equally near (11.1.2.3's tie: the owner chooses), else any empty
 * Pennsylvania one. */
static int tie_hex(const struct game *g)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		int best;
		if (lw_hex_in_territory(h->id, LW_UNION) && h->terrain == LW_TERRAIN_CLEAR &&
		    h->city < 0 && lw_hex_owner_force(&g->s, h->id) == LW_NOSIDE &&
		    nearest_cities(&g->s, h->id, &best) >= 2 && best >= 2)
			return h->id;
	}
	return tk_empty_hex(g, "PA", 0);
}

/* Hooker's army of eight stars at a PA hex whose neighbours are cleared;
 * `enemies` of those neighbours get a Confederate general (all: -1); then
 * the Committee demotes Hooker and Meade, the junior, is displaced. */
static struct game *position(int *hex, int enemies)
{
	struct game *g = tk_committee_game(5);
	struct lw_state *s = &g->s;
	int h = tie_hex(g);
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, h, nb);
	for (int i = 0; i < n; i++)
		clear_hex(g, nb[i]);
	int land[6];
	int nl = land_neighbours(s, h, land);
	for (int i = 0; i < nl && (enemies < 0 || i < enemies); i++)
		enemy_at(g, land[i]);
	dx_hooker_army(g, h);
	dx_demote_hooker(g);
	*hex = h;
	return g;
}

/* The hexes the Union view offers for general id's displacement (the
 * action's "to", or the choices of its parameter); -1 if not offered. */
static int offered_dests(struct game *g, const char *id, int out[32])
{
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	int n = -1;
	for (size_t i = 0; i < json_array_size(acts); i++) {
		json_t *e = json_array_get(acts, i);
		json_t *a = json_object_get(e, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "displace") != 0 ||
		    strcmp(json_string_value(json_object_get(a, "general")), id) != 0)
			continue;
		n = 0;
		json_t *to = json_object_get(a, "to");
		if (to) {
			out[n++] = (int)json_integer_value(to);
			break;
		}
		json_t *p = json_array_get(json_object_get(e, "params"), 0);
		CHECK(strcmp(json_string_value(json_object_get(p, "name")), "to") == 0);
		json_t *ch = json_object_get(p, "choices");
		for (size_t k = 0; k < json_array_size(ch) && n < 32; k++)
			out[n++] = (int)json_integer_value(
			    json_object_get(json_array_get(ch, k), "value"));
		break;
	}
	json_decref(v);
	return n;
}

static bool has(const int *a, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (a[i] == x)
			return true;
	return false;
}

static int send(struct game *g, int hex, const char *gen, int to)
{
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"displace\",\"hex\":%d,\"general\":\"%s\",\"to\":%d}",
	         hex, gen, to);
	return tk_act(g, "union", buf);
}

int main(void)
{
	int hex = 0;
	/* one neighbour held by the enemy: every other adjacent space offered */
	struct game *g = position(&hex, 1);
	struct lw_state *s = &g->s;
	int meade = tk_unit(g, "meade");
	int land[6], offered[32];
	int nl = land_neighbours(s, hex, land);
	CHECKF(nl >= 3, "a PA hex with three land neighbours (%d)", nl);
	int enemy_hex = land[0];
	CHECK_EQ_INT(lw_hex_owner_force(s, enemy_hex), LW_CONFEDERATE);
	int first = s->unit[meade].hex;
	CHECK(has(land, nl, first) && first != enemy_hex); /* the procedure's hex */
	int no = offered_dests(g, "meade", offered);
	CHECK_EQ_INT(no, nl - 1);
	for (int i = 1; i < nl; i++)
		CHECKF(has(offered, no, land[i]), "adjacent space %04d offered", land[i]);
	CHECK(!has(offered, no, enemy_hex));
	/* refused: the enemy's hex, a hex two away, the hex itself */
	CHECK(send(g, hex, "meade", enemy_hex) != 0);
	CHECK(strstr(tk_err.message, "11.1.2.3") != NULL);
	int far = tk_empty_hex(g, "NY", 0);
	CHECK(send(g, hex, "meade", far) != 0);
	CHECK(strstr(tk_err.message, "11.1.2.3") != NULL);
	CHECK(send(g, hex, "meade", hex) != 0);
	/* the owner sends him elsewhere than the procedure did */
	int other = land[1] == first ? land[2] : land[1];
	CHECKF(send(g, hex, "meade", other) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[meade].hex, other);
	CHECK_EQ_INT(s->command.dsp_n, 0);
	CHECK_EQ_INT(lw_stack_check_hex(s, hex, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	CHECK(offered_dests(g, "meade", offered) < 0);
	lincolns_war_module.free(g);

	/* every adjacent space held by the enemy: the nearest friendly cities */
	g = position(&hex, -1);
	s = &g->s;
	meade = tk_unit(g, "meade");
	const struct lw_data *d = lw_D();
	int best = 1 << 30, nearest[32], nn = 0, farther = LW_NO_HEX;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < d->n_cities; i++) {
			int c = d->cities[i].hex;
			if (lw_city_controller(s, (int)i) != LW_UNION ||
			    lw_hex_owner_force(s, c) == LW_CONFEDERATE || c == hex)
				continue;
			int dist = tg_hex_distance(&d->grid, hex, c);
			if (pass == 0 && dist < best)
				best = dist;
			if (pass == 1 && dist == best && nn < 32)
				nearest[nn++] = c;
			if (pass == 1 && dist > best && farther == LW_NO_HEX)
				farther = c;
		}
	CHECK(nn > 0 && farther != LW_NO_HEX);
	CHECK(has(nearest, nn, s->unit[meade].hex)); /* the procedure's */
	no = offered_dests(g, "meade", offered);
	printf("# %d nearest friendly cities at %d hexes, %d offered\n", nn, best, no);
	if (no < 0) {
		/* one nearest city and nobody else can go: nothing to choose */
		CHECK_EQ_INT(nn, 1);
	} else {
		CHECK_EQ_INT(no, nn); /* all the equally near cities, no other */
		for (int i = 0; i < nn; i++)
			CHECK(has(offered, no, nearest[i]));
		CHECK(send(g, hex, "meade", farther) != 0);
		CHECK(strstr(tk_err.message, "11.1.2.3") != NULL);
		nl = land_neighbours(s, hex, land);
		CHECK(send(g, hex, "meade", land[0]) != 0); /* enemy-held */
		CHECKF(send(g, hex, "meade", nearest[nn - 1]) == 0, "%s", tk_err.message);
		CHECK_EQ_INT(s->unit[meade].hex, nearest[nn - 1]);
	}
	lincolns_war_module.free(g);

	/* the random bot of the playouts answers with a hex of its choice */
	for (int seed = 1; seed <= 6; seed++) {
		g = position(&hex, seed % 3);
		dx_bot_answers(g, hex, seed);
	}
	return tap_done();
}
