/* 7.3 / 2.1: "If placement would cause overstacking (See 12.4), or if the
 * entry hex is enemy occupied, the reinforcing general is placed instead in
 * the nearest friendly city. If a cavalry reinforcement is slated to arrive
 * in a hex already containing a cavalry general, place the new arrival in an
 * adjacent friendly hex." 2.1: "This also applies to purchased disgraced
 * generals" (7.1.1).
 * - Wheeler (cavalry, Spring 1862, entry 0808) meeting Forrest there goes
 *   next door;
 * - Wheeler finding his entry hex held by the enemy goes to the nearest
 *   friendly city, not next door (the adjacent-hex rule is for cavalry
 *   meeting cavalry only);
 * - Stuart bought back from disgrace while another Confederate cavalry
 *   general stands in his starting hex goes next door, not to a city. */
#include "lw_place_choice.h"

/* Where several hexes are legal the owner is asked (7.3 / 2.1, the
 * place_arrival prompt, test_07_3_placement_choice): answer with the last. */
static void answer_arrival(struct game *g)
{
	json_t *e = pc_entry(g, LW_CONFEDERATE, "place_arrival", NULL);
	if (!e)
		return;
	int opt[64], n = pc_choices(e, opt, 64);
	CHECK(n > 1);
	CHECKF(n > 1 && pc_send(g, "confederate", e, opt[n - 1]) == 0, "%s", tk_err.message);
	json_decref(e);
}

/* The turn-1 Administration Phase ends; a placement prompt is answered. */
static void end_admin(struct game *g)
{
	pc_end_admin(g);
	answer_arrival(g);
}

static bool adjacent(int a, int b)
{
	return tg_hex_adjacent(&lw_D()->grid, a, b);
}

static void reinforcement(bool enemy)
{
	int wheeler, entry;
	struct game *g = pc_wheeler_game(73, enemy ? "grant" : "forrest", &wheeler, &entry);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->unit[wheeler].where, LW_W_PENDING);
	CHECK_EQ_INT(s->unit[wheeler].arrive_turn, 1);
	int city = lw_nearest_friendly_city(s, LW_CONFEDERATE, entry, &wheeler, 1);
	end_admin(g);
	int at = s->unit[wheeler].hex;
	CHECK_EQ_INT(s->unit[wheeler].where, LW_W_MAP);
	CHECK(at != entry);
	if (enemy) {
		/* the nearest friendly city, which is not next door */
		CHECK(!adjacent(city, entry));
		const struct tg_hexgrid *gr = &lw_D()->grid;
		CHECK_EQ_INT(tg_hex_distance(gr, at, entry), tg_hex_distance(gr, city, entry));
		CHECK(lw_city_at(at) >= 0);
	} else {
		CHECK(adjacent(at, entry));
		CHECK(lw_hex_owner_force(s, at) == LW_CONFEDERATE);
	}
	lincolns_war_module.free(g);
}

static void disgraced(void)
{
	int stuart, start;
	struct game *g = pc_stuart_game(74, &stuart, &start);
	struct lw_state *s = &g->s;
	/* the cities next to his starting hex in Union hands, so that the
	 * nearest friendly city is not next door */
	int nb[6];
	int nn = tg_hex_neighbours(&lw_D()->grid, start, nb);
	for (int i = 0; i < nn; i++)
		if (lw_city_at(nb[i]) >= 0)
			s->city[lw_city_at(nb[i])].owner = LW_UNION;
	int city = lw_nearest_friendly_city(s, LW_CONFEDERATE, start, &stuart, 1);
	CHECK(city != LW_NO_HEX && !adjacent(city, start));
	pc_rehab_admin(s);
	json_t *e = pc_entry(g, LW_CONFEDERATE, "rehabilitate", NULL);
	int opt[64], n = e ? pc_choices(e, opt, 64) : 0;
	CHECKF(e && pc_send(g, "confederate", e, n ? opt[n - 1] : 0) == 0, "%s", tk_err.message);
	json_decref(e);
	int at = s->unit[stuart].hex;
	CHECK_EQ_INT(s->unit[stuart].where, LW_W_MAP);
	CHECK(adjacent(at, start)); /* next door, not the nearest city */
	CHECK(at != city);
	CHECK_EQ_INT(lw_city_at(at), -1);
	lincolns_war_module.free(g);
}

int main(void)
{
	reinforcement(false);
	reinforcement(true);
	disgraced();
	return tap_done();
}
