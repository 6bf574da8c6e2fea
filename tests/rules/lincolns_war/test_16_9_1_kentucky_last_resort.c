/* 16.9.1: "A force may be required to violate Kentucky neutrality if no
 * other option exists, that is to say a Union force would retreat into
 * Kentucky to avoid retreating south. A Confederate force would retreat into
 * Kentucky to avoid retreating north."
 *
 * The priority (lw_retreat_choices): a neutral Kentucky hex only when the
 * hexes considered (those toward home first) hold no other legal hex. Then
 * over the state: a lone Confederate cavalry general withdrawing (16.2,
 * automatic) from every Tennessee hex next to neutral Kentucky never
 * and every Union one in Indiana, Ohio, Illinois, Virginia, Missouri next
 * to it) never retreats into Kentucky while another hex of the first set
 * 16.9.1 considers is open to him; outside its own territory, with only
 * Kentucky toward home, it does go there (the text's example). */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

static void priority(void)
{
	int out[6];
	/* at home: the Kentucky hex is a friendly-city-class hex, the other only
	 * "any legal": the other is still taken */
	struct lw_retreat_cand c[] = {
	    {.hex = 101, .legal = true, .friendly_city = true, .violates = true},
	    {.hex = 102, .legal = true},
	};
	CHECK_EQ_INT(lw_retreat_choices(false, c, 2, out), 1);
	CHECK_EQ_INT(out[0], 102);
	/* no other option: Kentucky */
	c[1].legal = false;
	CHECK_EQ_INT(lw_retreat_choices(false, c, 2, out), 1);
	CHECK_EQ_INT(out[0], 101);
	/* once Kentucky is no longer neutral it is an ordinary hex */
	c[1].legal = true;
	c[0].violates = false;
	CHECK_EQ_INT(lw_retreat_choices(false, c, 2, out), 1);
	CHECK_EQ_INT(out[0], 101);

	/* the example: a Union force outside its territory whose hexes to the
	 * north are in Kentucky retreats into Kentucky rather than south */
	struct lw_retreat_cand d[] = {
	    {.hex = 201, .legal = true, .toward_home = true, .violates = true},
	    {.hex = 202, .legal = true, .friendly_city = true},
	};
	CHECK_EQ_INT(lw_retreat_choices(true, d, 2, out), 1);
	CHECK_EQ_INT(out[0], 201);
	/* a northern hex outside Kentucky comes first */
	struct lw_retreat_cand e[] = {
	    {.hex = 301, .legal = true, .toward_home = true, .violates = true, .defensible = true},
	    {.hex = 302, .legal = true, .toward_home = true},
	    {.hex = 303, .legal = true, .friendly_city = true},
	};
	CHECK_EQ_INT(lw_retreat_choices(true, e, 3, out), 1);
	CHECK_EQ_INT(out[0], 302);
}

/* Could a lone cavalry general of `side` stand in hex h (not Kentucky)? */
static bool open_hex(const struct lw_state *s, int side, int from, int h)
{
	const struct lw_data *d = lw_D();
	const struct lw_hex *x = lw_data_hex(d, h);
	if (!x || x->terrain == LW_TERRAIN_OCEAN || lw_is_kentucky(h) ||
	    (lw_data_hexside_flags(d, from, h) & LW_HS_IMPASSABLE) ||
	    lw_hex_owner_force(s, h) != LW_NOSIDE)
		return false;
	int c = lw_city_at(h);
	if (c >= 0 && side == LW_CONFEDERATE && d->cities[c].no_confederate_entry)
		return false;
	return c < 0 || (lw_city_controller(s, c) == side && !d->cities[c].bracketed);
}

/* A neutral Kentucky hex a retreat could enter. */
static bool ky_open(const struct lw_state *s, int from, int h)
{
	const struct lw_data *d = lw_D();
	const struct lw_hex *x = lw_data_hex(d, h);
	return x && lw_is_kentucky(h) && x->terrain != LW_TERRAIN_OCEAN &&
	       !(lw_data_hexside_flags(d, from, h) & LW_HS_IMPASSABLE) &&
	       lw_hex_owner_force(s, h) == LW_NOSIDE;
}

static int tried, ky_offered_alone, ky_taken_alone;

/* A lone cavalry general of `side` in hex h withdraws (automatic, 16.2)
 * before an attack from the first plain neighbour outside Kentucky. */
static void withdraw_from(int side, const struct lw_hex *h)
{
	const struct lw_data *d = lw_D();
	if (d) {
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb), ky = 0, att = LW_NO_HEX;
		for (int k = 0; k < n; k++) {
			const struct lw_hex *g = lw_data_hex(d, nb[k]);
			if (lw_is_kentucky(nb[k]))
				ky++;
			else if (att == LW_NO_HEX && g && g->terrain == LW_TERRAIN_CLEAR &&
			         g->city < 0 &&
			         !(lw_data_hexside_flags(d, h->id, nb[k]) &
			           (LW_HS_RIVER | LW_HS_IMPASSABLE)))
				att = nb[k];
		}
		if (ky == 0 || att == LW_NO_HEX)
			return;
		struct lw_state *s = fx_new(1);
		if (!s)
			return;
		int enemy = LW_OTHER(side);
		int grant = fx_place(s, side == LW_UNION ? "lee" : "grant", att, 2);
		int stuart = fx_place(s, side == LW_UNION ? "stoneman" : "stuart", h->id, 1);
		s->play.side = (int8_t)enemy;
		s->phasing = (int8_t)enemy;
		fx_stack_deck(s, LW_UNION, 0, 0, 10);
		fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
		/* is a hex outside Kentucky open among those 16.9.1 considers
		 * first (outside its own territory: the three toward home, when
		 * any of them is open, Kentucky included)? */
		bool outside = !lw_hex_in_territory(h->id, side), home_open = false;
		bool other = false, other_home = false;
		for (int dir = 0; dir < 6; dir++) {
			int x = tg_hex_neighbour(&d->grid, h->id, (enum tg_hex_dir)dir);
			if (x < 0)
				continue;
			bool home = side == LW_UNION
			                ? (dir == TG_HEX_N || dir == TG_HEX_NE || dir == TG_HEX_NW)
			                : (dir == TG_HEX_S || dir == TG_HEX_SE || dir == TG_HEX_SW);
			bool ok = open_hex(s, side, h->id, x);
			other |= ok;
			other_home |= ok && home;
			home_open |= home && (ok || ky_open(s, h->id, x));
		}
		if (outside && home_open)
			other = other_home;
		lw_march_begin(s, grant, false);
		char a[96];
		snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", h->id);
		ACT_OK(s, enemy, a);
		if (s->step != LW_ST_WITHDRAW) {
			free(s);
			return;
		}
		ACT_OK(s, side, "{\"type\":\"withdraw\"}");
		tried++;
		if (s->step == LW_ST_RETREAT) {
			json_t *l = json_array();
			lw_battle_offer(s, side, TG_OFFERS_TREE(l));
			size_t j;
			json_t *o;
			int first = LW_NO_HEX;
			json_array_foreach(l, j, o)
			{
				json_t *act = json_object_get(o, "action");
				if (strcmp(json_string_value(json_object_get(act, "type")),
				           "retreat"))
					continue;
				int to = (int)json_integer_value(json_object_get(act, "to"));
				if (first == LW_NO_HEX)
					first = to;
				CHECKF(
				    !other || !lw_is_kentucky(to),
				    "from %04d: Kentucky %04d offered though another hex is open",
				    h->id, to);
				ky_offered_alone += !other && lw_is_kentucky(to);
			}
			json_decref(l);
			snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", first);
			ACT_OK(s, side, a);
		}
		ky_taken_alone += !other && lw_is_kentucky(s->unit[stuart].hex);
		if (other)
			CHECKF(s->kentucky.violator == LW_NOSIDE &&
			           !lw_is_kentucky(s->unit[stuart].hex),
			       "from %04d: the withdrawal went into Kentucky (%04d)", h->id,
			       s->unit[stuart].hex);
		free(s);
	}
}

static void over_the_state(void)
{
	free(fx_new(1)); /* loads the data */
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (lw_is_kentucky(h->id) || h->city >= 0 || h->terrain != LW_TERRAIN_CLEAR)
			continue;
		withdraw_from(LW_UNION, h);
		withdraw_from(LW_CONFEDERATE, h);
	}
	CHECKF(tried > 0, "%d Tennessee hexes next to Kentucky tried", tried);
	printf("# %d positions tried; with nothing else open: %d Kentucky offers, %d taken\n",
	       tried, ky_offered_alone, ky_taken_alone);
}

int main(void)
{
	priority();
	over_the_state();
	return tap_done();
}
