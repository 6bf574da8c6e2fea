/* 10.7.3.1 "Both forces must end their movement in the region named on the
 * campaign card": a force whose every way into the region is walled by the
 * enemy may not be designated (lw_campaign.c refuses a force that could not
 * end its movement in the region).
 *
 * The position is the one seeded Campaign playouts met (test_playouts with
 * LW_REACH_TALLY=2: seeds 1000009 and 1000029, a Union force of seven and
 * more generals at Washington, the Eastern Theater one hex away behind an
 * enemy-held hex and an enemy city): a large force (a three-star CO and
 * six one-star generals) one hex from the region, every hex of the region
 * within three hexes held by the enemy, no water move left (14.1.1 /
 * 14.2.1 made this turn). The search's old bound counted only hexes
 * (terrain and enemy ignored): every general stayed "near" the region, so
 * the search enumerated the force's splits (12.8) until its cap, and what
 * the cap left unproven counted as a way: the force was offered and could
 * be designated although it could not end its movement in the region. The
 * bound now walks only into hexes a step may enter (lw_campaign.c near():
 * no enemy hex or enemy city, no ocean, no impassable hexside), so the
 * question is decided at once: no way. With one wall removed the way is
 * found (the bound cuts nothing it must not). */
#include "lw_campaign_fixture.h"

#include "lincolns_war/lw_amphib.h"

#define MAX_WALLS 20

struct spot {
	int h, region, walls[MAX_WALLS], n_walls, gate; /* gate: a wall next to h */
};

/* A plain hex h next to region r (not in it) with at least three plain
 * neighbours outside r (room to split and wander), at most MAX_WALLS land
 * hexes of r within three hexes of it, none in Kentucky (2.4.3). */
static bool find_spot(const struct game *g, struct spot *sp)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int h = d->hexes[i].id;
		if (!cf_plain(g, h) || cf_region(h) == LW_REGION_NONE)
			continue;
		for (int r = 1; r < LW_REGION_COUNT; r++) {
			if (r == cf_region(h) || cf_dist(h, r) != 1)
				continue;
			int nb[6], c = tg_hex_neighbours(&d->grid, h, nb), out = 0;
			sp->gate = LW_NO_HEX;
			for (int j = 0; j < c; j++) {
				if (cf_region(nb[j]) != r && cf_plain(g, nb[j]))
					out++;
				if (cf_region(nb[j]) == r && cf_step(g, h, nb[j]) &&
				    cf_plain(g, nb[j]) &&
				    !(lw_data_hexside_flags(d, h, nb[j]) & LW_HS_RIVER))
					sp->gate = nb[j]; /* (a Major Army steps in, 12.3) */
			}
			if (out < 3 || sp->gate == LW_NO_HEX)
				continue;
			if (!cf_walls(h, r, LW_NO_HEX, sp->walls, &sp->n_walls, MAX_WALLS))
				continue;
			sp->h = h;
			sp->region = r;
			return true;
		}
	}
	return false;
}

int main(void)
{
	struct game *g = gf_new(91, LW_UNION);
	struct lw_state *s = &g->s;
	struct spot sp = {0};
	if (!CHECK(find_spot(g, &sp)))
		return tap_done();
	for (int i = 0; i < 6; i++)
		cf_put_any(g, LW_UNION, sp.h, 1);
	int co = cf_put_any(g, LW_UNION, sp.h, 3); /* the CO (placed last) */
	int wall[MAX_WALLS];
	for (int i = 0; i < sp.n_walls; i++)
		CHECK((wall[i] = cf_put_any(g, LW_CONFEDERATE, sp.walls[i], 1)) != LW_NONE);
	printf("# force at %04d, region %d, %d walls\n", sp.h, sp.region, sp.n_walls);
	cf_no_water(s);
	CHECK_EQ_INT(lw_force_co(s, sp.h), co);

	/* no way in, decided (not left to the cap): the force is neither
	 * offered nor designated (10.7.3.1) */
	char id[48];
	cf_check_no_way(g, co, sp.region, id);
	unsigned want = LW_CAMP_BIT(sp.region);
	struct lw_reach_stats st;
	json_t *ch;

	/* one wall gone (the one next to h): the way is found, the force offered */
	for (int i = 0; i < sp.n_walls; i++)
		if (sp.walls[i] == sp.gate) {
			s->unit[wall[i]].where = LW_W_PENDING;
			s->unit[wall[i]].hex = LW_NO_HEX;
		}
	CHECK_EQ_INT((int)lw_campaign_reach_force_stats(s, LW_UNION, co, want, 1, &st), (int)want);
	CHECK(!st.capped);
	ch = cf_second_choices(g, "union", id);
	CHECKF(ch != NULL, "the force at %04d is offered once the way is open", sp.h);
	json_decref(ch);

	/* the gate held by a friendly force of six stars, its CO two stars: the
	 * CO of three stars and three of the six may enter it (12.4: twelve
	 * stars with a three-star general), then nobody else (12.4, and 12.5:
	 * the first group in closes it to the others); every other hex walled.
	 * No way in, but only trying the force's splits shows it (the bound
	 * sees the gate open): the six one-star generals are alike
	 * (classes_init), so the search tries how many go with the CO, not
	 * which, and decides it; before, it tried every subset and hit the cap
	 * (the force offered, counted as a way) */
	for (int i = 0; i < 2; i++)
		cf_put_any(g, LW_UNION, sp.gate, 2);
	cf_put_any(g, LW_UNION, sp.gate, 2);
	CHECK_EQ_INT((int)lw_campaign_reach_force_stats(s, LW_UNION, co, want, 1, &st), 0);
	CHECKF(!st.capped && st.unproven == 0, "decided: %ld nodes, capped %d", st.nodes,
	       st.capped);
	ch = cf_second_choices(g, "union", id);
	CHECKF(ch == NULL, "the force at %04d is offered, the gate full", sp.h);
	json_decref(ch);
	lincolns_war_module.free(g);
	return tap_done();
}
