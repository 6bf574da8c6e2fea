/* 13.2.2 "Cavalry activated out of a major army may attack or raid an
 * adjacent hex even after moving two hexes." With 13.2.1 "Cavalry generals
 * are the only units in the game that may be activated separately when
 * part of an Army", 12.3 (a Major Army "may move one hex and attack an
 * adjacent hex, OR it may move two hexes but then may not initiate
 * attack"), 12.3.4 (forces dispersed from a Major Army keep its movement
 * restrictions) and 12.1 (a single-general force moves three hexes, or two
 * and then attacks).
 *
 * Grant's Major Army (Grant, Sherman, McPherson: seven infantry stars)
 * holds the cavalry Buford. Bragg's Confederate force stands at y, next to
 * x2 and x3 of the path x0 x1 x2 x3. Checked:
 *   1. Buford activated alone out of the army (11.2.2) moves two hexes and
 *      may then raid or attack y; after a third hex he may do neither.
 *   2. Buford moving with the Major Army: after one hex the raid is open,
 *      after two the army may not attack and its cavalry may not raid.
 *   3. Buford left behind by the Major Army after two hexes (12.8) moves on
 *      as a single-general force: he may attack or raid y at once, or move
 *      a third hex (a dispersed infantry general keeps the army's limits:
 *      he may do none of these). */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

static bool plain_step(int a, int b)
{
	const struct lw_data *d = lw_D();
	const struct lw_hex *h = lw_data_hex(d, b);
	return h && h->terrain == LW_TERRAIN_CLEAR && lw_city_at(b) < 0 &&
	       strcmp(h->state, "TN") == 0 && tg_hex_adjacent(&d->grid, a, b) &&
	       !(lw_data_hexside_flags(d, a, b) & (LW_HS_RIVER | LW_HS_IMPASSABLE));
}

static bool adj(int a, int b)
{
	return a != b && tg_hex_adjacent(&lw_D()->grid, a, b);
}

/* y, x2, x3 pairwise adjacent; x1 and x0 away from y, all plain Tennessee. */
static bool geometry(int x[4], int *y)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int yy = d->hexes[i].id, n2[6], n3[6], n1[6], n0[6];
		int k2 = tg_hex_neighbours(&d->grid, yy, n2);
		for (int a = 0; a < k2; a++) {
			if (!plain_step(yy, n2[a]) || !plain_step(n2[a], yy))
				continue;
			int k3 = tg_hex_neighbours(&d->grid, n2[a], n3);
			for (int b = 0; b < k3; b++) {
				if (!adj(n3[b], yy) || !plain_step(n2[a], n3[b]) ||
				    !plain_step(n3[b], yy))
					continue;
				int k1 = tg_hex_neighbours(&d->grid, n2[a], n1);
				for (int c = 0; c < k1; c++) {
					if (adj(n1[c], yy) || n1[c] == yy ||
					    !plain_step(n1[c], n2[a]))
						continue;
					int k0 = tg_hex_neighbours(&d->grid, n1[c], n0);
					for (int e = 0; e < k0; e++) {
						if (adj(n0[e], yy) || n0[e] == n2[a] ||
						    !plain_step(n0[e], n1[c]) || adj(n0[e], n3[b]))
							continue;
						x[0] = n0[e], x[1] = n1[c], x[2] = n2[a],
						x[3] = n3[b];
						*y = yy;
						return true;
					}
				}
			}
		}
	}
	return false;
}

/* One action through the operations step it belongs to (harassment is
 * answered by the Confederate "no_harass"). */
static int act(struct lw_state *s, int side, const char *json)
{
	struct game_outcome out = {0};
	struct tg_error err = {0};
	json_t *a = json_loads(json, 0, NULL);
	int rc = s->step == LW_ST_HARASS ? lw_harass_act(s, side, a, &out, &err)
	         : s->battle.active      ? lw_battle_act(s, side, a, &out, &err)
	                                 : lw_march_act(s, side, a, &out, &err);
	if (rc != 0)
		printf("# %s -> %s\n", json, err.message);
	json_decref(a);
	return rc;
}

static void move(struct lw_state *s, int to)
{
	char a[64];
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", to);
	CHECKF(act(s, LW_UNION, a) == 0, "move to %d", to);
	if (s->step == LW_ST_HARASS)
		CHECK(act(s, LW_CONFEDERATE, "{\"type\":\"no_harass\"}") == 0);
}

/* Whether the MOVE step offers the Union an action of `type` on hex y. */
static bool offered(const struct lw_state *s, const char *type, int y)
{
	return fx_march_offers(s, LW_UNION, type, strcmp(type, "move") == 0 ? "to" : "target", y);
}

struct army {
	struct lw_state *s;
	int grant, sherman, mcpherson, buford, bragg;
};

static bool army(struct army *r, const int x[4], int y)
{
	r->s = fx_new(2);
	if (!r->s)
		return false;
	struct lw_state *s = r->s;
	r->sherman = fx_place(s, "sherman", x[0], 3);
	r->grant = fx_place(s, "grant", x[0], 3); /* the latest: the CO (11.0.1) */
	r->mcpherson = fx_place(s, "mcpherson", x[0], 1);
	r->buford = fx_place(s, "buford", x[0], 1);
	r->bragg = fx_place(s, "bragg", y, 2);
	s->play.side = LW_UNION;
	return lw_force_co(s, x[0]) == r->grant;
}

int main(void)
{
	free(fx_new(2)); /* loads the data */
	int x[4] = {0}, y = 0;
	if (!CHECK(geometry(x, &y)))
		return tap_done();
	char raid[64], attack[64];
	snprintf(raid, sizeof raid, "{\"type\":\"raid\",\"target\":%d}", y);
	snprintf(attack, sizeof attack, "{\"type\":\"attack\",\"target\":%d}", y);

	/* 1. Buford activated out of the Major Army (lw_card_play.c activates a
	 * cavalry subordinate alone: lw_march_begin(.., true)). */
	{
		struct army r;
		if (!CHECK(army(&r, x, y)))
			return tap_done();
		struct lw_state *s = r.s;
		CHECK(lw_group_is_major(s,
		                        (int16_t[]){(int16_t)r.grant, (int16_t)r.sherman,
		                                    (int16_t)r.mcpherson, (int16_t)r.buford},
		                        4));
		lw_march_begin(s, r.buford, true);
		CHECK_EQ_INT(s->play.movers_n, 1);
		move(s, x[1]);
		move(s, x[2]); /* two hexes */
		CHECK(offered(s, "raid", y));
		CHECK(offered(s, "attack", y));
		CHECK(offered(s, "move", x[3]));
		move(s, x[3]); /* three: neither now */
		CHECK(!offered(s, "raid", y));
		CHECK(!offered(s, "attack", y));
		CHECK(act(s, LW_UNION, raid) != 0);
		CHECK(act(s, LW_UNION, attack) != 0);
		free(s);
	}

	/* 2. Buford moving with the Major Army. */
	{
		struct army r;
		if (!CHECK(army(&r, x, y)))
			return tap_done();
		struct lw_state *s = r.s;
		lw_march_begin(s, r.grant, false);
		CHECK_EQ_INT(s->play.movers_n, 4);
		CHECK(s->play.major);
		move(s, x[1]);
		move(s, x[2]);
		CHECK(!offered(s, "attack", y)); /* 12.3 */
		CHECK(!offered(s, "raid", y));   /* 13.2.2: as the army would attack */
		CHECK(act(s, LW_UNION, raid) != 0);
		CHECK_EQ_INT(s->unit[r.buford].hex, x[2]);
		free(s);
	}
	/* ... and after one hex its cavalry raids (Bragg next to x2 only: the
	 * path starts at x1) */
	{
		struct army r;
		if (!CHECK(army(&r, x, y)))
			return tap_done();
		struct lw_state *s = r.s;
		for (int u = 0; u < s->n_units; u++)
			if (s->unit[u].where == LW_W_MAP && s->unit[u].hex == x[0])
				s->unit[u].hex = (int16_t)x[1];
		lw_march_begin(s, r.grant, false);
		move(s, x[2]);
		CHECK(offered(s, "raid", y));
		CHECK(offered(s, "attack", y));
		free(s);
	}

	/* 3. Buford (and, as the control, McPherson) left behind at x2 by the
	 * Major Army after two hexes; the army ends its move there. */
	for (int who = 0; who < 2; who++) {
		struct army r;
		if (!CHECK(army(&r, x, y)))
			return tap_done();
		struct lw_state *s = r.s;
		int u = who == 0 ? r.buford : r.mcpherson;
		lw_march_begin(s, r.grant, false);
		move(s, x[1]);
		move(s, x[2]);
		char a[96], id[48];
		snprintf(a, sizeof a, "{\"type\":\"detach\",\"unit\":\"%s\"}",
		         lw_unit_id(s, u, id, sizeof id));
		CHECK(act(s, LW_UNION, a) == 0);
		CHECK(act(s, LW_UNION, "{\"type\":\"stop\"}") == 0);
		/* the activation goes on only if the general left behind waits */
		CHECK_EQ_INT(s->step == LW_ST_MOVE, who == 0);
		snprintf(a, sizeof a, "{\"type\":\"next_group\",\"hex\":%d}", x[2]);
		bool waits = act(s, LW_UNION, a) == 0;
		if (who == 0) {
			CHECK(waits);
			CHECK_EQ_INT(s->play.movers_n, 1);
			CHECK_EQ_INT(s->play.moved, 2);
			CHECK(offered(s, "raid", y));
			CHECK(offered(s, "attack", y));
			CHECK(offered(s, "move", x[3]));
			/* the raid goes through (no cavalry at y: the table at once) */
			CHECK(act(s, LW_UNION, raid) == 0);
			CHECK(s->play.movers_n == 0);
		} else {
			/* 12.3.4: McPherson has used the army's two hexes: he does
			 * not even wait to move */
			CHECK(!waits);
		}
		free(s);
	}
	return tap_done();
}
