/* 10.7.3.1 "Both forces must end their movement in the region named on the
 * campaign card", with 12.4's room and 12.5's closed hexes: a force whose
 * way in is barred only by them may not be designated, and the question is
 * decided, not left to the search's cap.
 *
 * The position is the one seeded Campaign playouts met (test_playouts with
 * LW_REACH_TALLY=2: seed 1000009, a Union Major Army of 3, 2, 1, 1 and 1
 * stars in Maryland, the Eastern Theater one hex away, its only hex within
 * reach a mountain): a Major Army (12.3, here a three-star CO, a two-star
 * and three one-star generals told apart by their battle record, 8 stars) next to a
 * mountain hex of the region, every other hex of the region within three
 * hexes held by the enemy, no water move left (14.1.1 / 14.2.1 made this
 * turn). A Major Army may not enter a mountain (12.3) and no part of it
 * stacks more than six stars there (12.4); dispersed (12.3.4), its parts may
 * go in, but the first to enter closes the hex to the others (12.5: "Units
 * may not be dispersed from a force and re-enter the same force on the same
 * activation"): no way in. The search's bounds saw the mountain hex within
 * reach, so it tried the force's splits (12.8) until its cap, and what the
 * cap left unproven counted as a way: the force was offered and could be
 * designated. The bound for the room and the closed hexes (lw_campaign.c
 * room_ok: each group needs hexes of its own, enough to hold its stars)
 * decides it at once. Without the two-star and one one-star general the
 * force is a Minor Army of six stars that walks in whole: found (the bound
 * cuts nothing it must not). The uncapped searches before and after the
 * bound agreed on every question of the playouts (docs/decisions.md "Campaign regions (10.7.3)").
 */
#include "lw_campaign_fixture.h"

#include "lincolns_war/lw_amphib.h"

#define MAX_WALLS 24

struct spot {
	int h, region, mountain, walls[MAX_WALLS], n_walls;
};

/* A plain hex h outside region r, next to a mountain hex of r (no city,
 * not Kentucky, no river or impassable hexside between: a minor army steps
 * in), with at least three plain neighbours outside r (room to split and
 * wander); every other land hex of r within three hexes of h (at most
 * MAX_WALLS, none in Kentucky, 2.4.3) is a wall for the enemy. */
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
			sp->mountain = LW_NO_HEX;
			for (int j = 0; j < c; j++) {
				const struct lw_hex *x = lw_data_hex(d, nb[j]);
				if (cf_region(nb[j]) != r && cf_plain(g, nb[j]))
					out++;
				if (cf_region(nb[j]) == r && cf_land(g, nb[j]) &&
				    x->terrain == LW_TERRAIN_MOUNTAIN &&
				    !(lw_data_hexside_flags(d, h, nb[j]) &
				      (LW_HS_RIVER | LW_HS_IMPASSABLE)))
					sp->mountain = nb[j];
			}
			if (out < 3 || sp->mountain == LW_NO_HEX)
				continue;
			if (!cf_walls(h, r, sp->mountain, sp->walls, &sp->n_walls, MAX_WALLS))
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
	/* 8 stars, a Major Army (12.3); the one-star generals told apart by
	 * their battle record (none, lost one last turn, won one this turn:
	 * neither bars a move), so the search cannot merge them */
	static const uint8_t record[3] = {0, LW_UF_LOST_PREV, LW_UF_WON_BATTLE};
	int two = cf_put_any(g, LW_UNION, sp.h, 2);
	int one[3];
	for (int i = 0; i < 3; i++) {
		one[i] = cf_put_any(g, LW_UNION, sp.h, 1);
		s->unit[one[i]].flags = record[i];
	}
	int co = cf_put_any(g, LW_UNION, sp.h, 3); /* the CO (placed last) */
	for (int i = 0; i < sp.n_walls; i++)
		CHECK(cf_put_any(g, LW_CONFEDERATE, sp.walls[i], 1) != LW_NONE);
	printf("# force at %04d, region %d, mountain %04d, %d walls\n", sp.h, sp.region,
	       sp.mountain, sp.n_walls);
	cf_no_water(s);
	CHECK_EQ_INT(lw_force_co(s, sp.h), co);

	/* no way in, decided (not left to the cap): the force is neither
	 * offered nor designated (10.7.3.1) */
	char id[48];
	cf_check_no_way(g, co, sp.region, id);
	unsigned want = LW_CAMP_BIT(sp.region);
	struct lw_reach_stats st;
	json_t *ch;

	/* the two-star and one one-star general gone: a Minor Army of six
	 * stars (12.2) walks into the mountain whole; found, and offered */
	int gone[2] = {two, one[0]};
	for (int i = 0; i < 2; i++) {
		s->unit[gone[i]].where = LW_W_PENDING;
		s->unit[gone[i]].hex = LW_NO_HEX;
	}
	CHECK_EQ_INT((int)lw_campaign_reach_force_stats(s, LW_UNION, co, want, 1, &st), (int)want);
	CHECK(!st.capped);
	ch = cf_second_choices(g, "union", id);
	CHECKF(ch != NULL, "the Minor Army at %04d is offered", sp.h);
	json_decref(ch);
	lincolns_war_module.free(g);
	return tap_done();
}
