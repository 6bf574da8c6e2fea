/* 10.7.3.1 "Both forces must end their movement in the region named on the
 * campaign card", searched over the engine's own actions for the rest of
 * the activation (lw_campaign.c): a campaign force may end its movement
 * outside only when no sequence of legal actions brings every general of
 * it in. Three positions whose only way in the older one-split search did
 * not foresee (each check below failed with it):
 *  - walk_split_twice: three two-star generals outside the region, next to
 *    three friendly forces of four stars inside it, each with room for one
 *    of them only (12.4: six stars without a three-star general), no river,
 *    the enemy everywhere else: the group leaves two generals behind, and
 *    the two left behind, moving on as one group (12.8), split again;
 *  - room_taken: next to one force with room for two stars and one with
 *    room for one, a two-star general left behind and a one-star general
 *    moving on: the one-star's step into the larger room, inside the
 *    region, is refused (it takes the room the other needs, 12.4), the
 *    smaller one is his;
 *  - water_later: on a river, Union (14.1.1: two stars by boat), generals
 *    of 2, 2 and 1 stars next to rooms for two and for one star: one
 *    two-star general walks in, and of the two left behind at the start one
 *    walks in and the other goes by river afterwards (14.1.1 "They may be
 *    dispersed from a larger activated force to perform this movement",
 *    12.8). */
#include "lw_campaign_fixture.h"

#include "lincolns_war/lw_amphib.h"

static bool plain_land(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->terrain != LW_TERRAIN_OCEAN && h->terrain != LW_TERRAIN_MOUNTAIN &&
	       h->city < 0 && strcmp(h->state, "KY") != 0;
}

struct spot {
	int h, region, n[3], land;
};

/* A hex h outside a region with at least k land neighbours in it, none a
 * city or in Kentucky, none across an impassable hexside: the first k with
 * room[i] stars of room each (12.4: a friendly force of 6 - room[i] stars,
 * its CO two stars), any other with none (six stars); every land neighbour
 * outside the region held by the enemy. With `river`: on a river, with a
 * landing in the region by river that is none of those neighbours; without:
 * no water move (h not on a river, or the Union's river move of the turn
 * already made, 14.1.1). The geometry is placed on a fresh game *gp (the
 * Union to play); false if the map has no such place. */
static bool set_up(struct game **gp, int seed, int k, const int *room, bool river, struct spot *sp)
{
	struct game *g = gf_new(seed, LW_UNION); /* (loads the map data) */
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int h = d->hexes[i].id;
		if (!plain_land(h) || (river && !d->hexes[i].river))
			continue;
		int nb[6], c = tg_hex_neighbours(&d->grid, h, nb);
		for (int r = 1; r < LW_REGION_COUNT; r++) {
			if (r == cf_region(h))
				continue;
			int in[6], ni = 0;
			bool ok = true;
			for (int j = 0; j < c && ok; j++) {
				const struct lw_hex *x = lw_data_hex(d, nb[j]);
				if (!x || x->terrain == LW_TERRAIN_OCEAN || cf_region(nb[j]) != r)
					continue;
				ok = x->city < 0 && strcmp(x->state, "KY") != 0 &&
				     !(lw_data_hexside_flags(d, h, nb[j]) & LW_HS_IMPASSABLE);
				in[ni++] = nb[j];
			}
			if (!ok || ni < k)
				continue;
			if (!g)
				g = gf_new(seed, LW_UNION);
			struct lw_state *s = &g->s;
			for (int j = 0; j < ni; j++) {
				/* 6 - room stars, the CO (two stars) placed last */
				int left = 6 - (j < k ? room[j] : 0);
				while (left > 2) {
					int st = left - 2 >= 2 ? 2 : 1;
					cf_put_any(g, LW_UNION, in[j], st);
					left -= st;
				}
				cf_put_any(g, LW_UNION, in[j], left);
			}
			for (int j = 0; j < c; j++) {
				const struct lw_hex *x = lw_data_hex(d, nb[j]);
				if (x && x->terrain != LW_TERRAIN_OCEAN && cf_region(nb[j]) != r)
					cf_put_any(g, LW_CONFEDERATE, nb[j], 1);
			}
			int found = LW_NO_HEX;
			if (river) {
				int *land = malloc(512 * sizeof *land), ports[64], np = 0;
				int nl = lw_amphib_river_reach(s, LW_UNION, h, land, 512, ports,
				                               &np, 64);
				for (int q = 0; q < nl && found == LW_NO_HEX; q++) {
					bool near = false;
					for (int j = 0; j < ni; j++)
						near |= land[q] == in[j];
					if (!near && cf_region(land[q]) == r &&
					    plain_land(land[q]) &&
					    lw_hex_owner_force(s, land[q]) == LW_NOSIDE)
						found = land[q];
				}
				free(land);
				if (found == LW_NO_HEX) {
					lincolns_war_module.free(g);
					g = NULL;
					continue;
				}
			} else {
				s->amphib.river_turn[LW_UNION] =
				    (uint8_t)(s->turn + 1); /* 14.1.1 */
			}
			sp->h = h;
			sp->region = r;
			for (int j = 0; j < k; j++)
				sp->n[j] = in[j];
			sp->land = found;
			*gp = g;
			return true;
		}
	}
	if (g)
		lincolns_war_module.free(g);
	return false;
}

static const char *id_of(const struct game *g, int u, char *buf, size_t n)
{
	return lw_unit_id(&g->s, u, buf, n);
}

/* Plays the card and designates co's force alone; true when it could be
 * designated (10.7.3.1: it can end its movement in the region). */
static bool designate(struct game *g, const struct spot *sp, int co)
{
	char buf[200], id[48];
	int card = cf_campaign_card(sp->region);
	if (!CHECK(card != 0))
		return false;
	tk_give(&g->s, LW_UNION, card);
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"campaign\"}", card);
	if (!CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message))
		return false;
	id_of(g, co, id, sizeof id);
	json_t *ch = cf_second_choices(g, "union", id);
	bool offered = ch != NULL;
	json_decref(ch);
	if (!CHECKF(offered, "the force at %04d may be designated for region %d", sp->h,
	            sp->region))
		return false;
	snprintf(buf, sizeof buf,
	         "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"none\"}", id);
	if (!CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message))
		return false;
	snprintf(buf, sizeof buf, "{\"type\":\"activate\",\"general\":\"%s\"}", id);
	return CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
}

static bool act_ok(struct game *g, const char *json)
{
	bool ok = CHECKF(tk_act(g, "union", json) == 0, "%s: %s", json, tk_err.message);
	if (g->s.step == LW_ST_HARASS) /* 13.2.5 asked */
		CHECKF(tk_act(g, "confederate", "{\"type\":\"no_harass\"}") == 0, "%s",
		       tk_err.message);
	return ok;
}

static bool refused_103(struct game *g, const char *json)
{
	int rc = tk_act(g, "union", json);
	return CHECKF(rc != 0 && strstr(tk_err.message, "10.7.3.1"), "%s refused (10.7.3.1): %s",
	              json, rc ? tk_err.message : "accepted");
}

static char *detach(const struct game *g, int u, char *buf, size_t n)
{
	char id[48];
	snprintf(buf, n, "{\"type\":\"detach\",\"unit\":\"%s\"}", id_of(g, u, id, sizeof id));
	return buf;
}

static char *next_group(char *buf, size_t n, int hex)
{
	snprintf(buf, n, "{\"type\":\"next_group\",\"hex\":%d}", hex);
	return buf;
}

static void walk_split_twice(void)
{
	struct spot sp;
	struct game *g = NULL;
	const int room[3] = {2, 2, 2};
	if (!CHECK(set_up(&g, 71, 3, room, false, &sp))) {
		return;
	}
	struct lw_state *s = &g->s;
	int z = cf_put_any(g, LW_UNION, sp.h, 2);
	int y = cf_put_any(g, LW_UNION, sp.h, 2);
	int x = cf_put_any(g, LW_UNION, sp.h, 2); /* the CO (placed last) */
	char buf[200];
	if (!designate(g, &sp, x)) {
		lincolns_war_module.free(g);
		return;
	}
	/* every general can still end inside (and standing, in h's region) */
	unsigned both = LW_CAMP_BIT(sp.region) | LW_CAMP_BIT(cf_region(sp.h));
	CHECK_EQ_INT((int)lw_campaign_reach_now(s, LW_CAMP_THEATERS), (int)both);
	/* six stars fit in none of the rooms; no stop outside */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, sp.n[0])) != 0);
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	act_ok(g, detach(g, y, buf, sizeof buf));
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	act_ok(g, detach(g, z, buf, sizeof buf));
	act_ok(g, gf_move(buf, sizeof buf, sp.n[0]));
	CHECK_EQ_INT(s->unit[x].hex, sp.n[0]);
	/* the two left behind may not stay outside: they move as one group */
	CHECK(!tk_offers(g, "union", "End the activation"));
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	act_ok(g, next_group(buf, sizeof buf, sp.h));
	CHECK_EQ_INT(s->play.movers_n, 2);
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	CHECK_EQ_INT((int)lw_campaign_reach_now(s, LW_CAMP_THEATERS), (int)both);
	/* ... and split again */
	act_ok(g, detach(g, z, buf, sizeof buf));
	act_ok(g, gf_move(buf, sizeof buf, sp.n[1]));
	act_ok(g, next_group(buf, sizeof buf, sp.h));
	act_ok(g, gf_move(buf, sizeof buf, sp.n[2]));
	CHECK_EQ_INT(s->unit[y].hex, sp.n[1]);
	CHECK_EQ_INT(s->unit[z].hex, sp.n[2]);
	CHECK(s->step != LW_ST_MOVE); /* all in: the card play goes on */
	lincolns_war_module.free(g);
}

static void room_taken(void)
{
	struct spot sp;
	struct game *g = NULL;
	const int room[2] = {2, 1};
	if (!CHECK(set_up(&g, 73, 2, room, false, &sp)))
		return;
	struct lw_state *s = &g->s;
	int y = cf_put_any(g, LW_UNION, sp.h, 1);
	int x = cf_put_any(g, LW_UNION, sp.h, 2); /* the CO */
	char buf[200];
	if (!designate(g, &sp, x)) {
		lincolns_war_module.free(g);
		return;
	}
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	/* the CO stays behind; the one-star general moves first */
	act_ok(g, detach(g, x, buf, sizeof buf));
	CHECK(!tk_offers(g, "union", "End "));
	/* the larger room, inside the region, is the only one the CO fits */
	CHECK(refused_103(g, gf_move(buf, sizeof buf, sp.n[0])));
	CHECKF(strstr(tk_err.message, "12.4"), "%s", tk_err.message);
	act_ok(g, gf_move(buf, sizeof buf, sp.n[1]));
	CHECK_EQ_INT(s->unit[y].hex, sp.n[1]);
	act_ok(g, next_group(buf, sizeof buf, sp.h));
	act_ok(g, gf_move(buf, sizeof buf, sp.n[0]));
	CHECK_EQ_INT(s->unit[x].hex, sp.n[0]);
	CHECK(s->step != LW_ST_MOVE);
	lincolns_war_module.free(g);
}

static void water_later(void)
{
	struct spot sp;
	struct game *g = NULL;
	const int room[2] = {2, 1};
	if (!CHECK(set_up(&g, 75, 2, room, true, &sp)))
		return;
	struct lw_state *s = &g->s;
	int z = cf_put_any(g, LW_UNION, sp.h, 1);
	int y = cf_put_any(g, LW_UNION, sp.h, 2);
	int x = cf_put_any(g, LW_UNION, sp.h, 2); /* the CO */
	char buf[200];
	if (!designate(g, &sp, x)) {
		lincolns_war_module.free(g);
		return;
	}
	snprintf(buf, sizeof buf, "{\"type\":\"river_move\",\"to\":%d}", sp.land);
	CHECK(tk_act(g, "union", buf) != 0); /* 14.1.1: five stars */
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	act_ok(g, detach(g, y, buf, sizeof buf));
	act_ok(g, detach(g, z, buf, sizeof buf));
	act_ok(g, gf_move(buf, sizeof buf, sp.n[0])); /* the CO walks in */
	CHECK(!tk_offers(g, "union", "End the activation"));
	act_ok(g, next_group(buf, sizeof buf, sp.h)); /* the two left at the start */
	CHECK_EQ_INT(s->play.movers_n, 2);
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	act_ok(g, detach(g, y, buf, sizeof buf));
	act_ok(g, gf_move(buf, sizeof buf, sp.n[1]));
	act_ok(g, next_group(buf, sizeof buf, sp.h));
	CHECK(refused_103(g, "{\"type\":\"stop\"}"));
	/* the general left behind at the start goes by water, later */
	snprintf(buf, sizeof buf, "{\"type\":\"river_move\",\"to\":%d}", sp.land);
	act_ok(g, buf);
	CHECK_EQ_INT(s->unit[x].hex, sp.n[0]);
	CHECK_EQ_INT(s->unit[z].hex, sp.n[1]);
	CHECK_EQ_INT(s->unit[y].hex, sp.land);
	CHECK_EQ_INT(cf_region(sp.land), sp.region);
	CHECK(s->step != LW_ST_MOVE);
	lincolns_war_module.free(g);
}

int main(void)
{
	walk_split_twice();
	room_taken();
	water_later();
	return tap_done();
}
