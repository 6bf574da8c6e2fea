/* 11.0.1 "The CO is the top general in a force. He must be the highest
 * ranking general and/or the general who occupied the hex into which other
 * general(s) of equal or lesser rank have moved"; 11.2.1 "Any general who
 * moves into a hex occupied by a CO of equal or greater rank becomes a
 * subordinate of that commander."
 *
 * The stationary CO keeps command against an equal-ranked newcomer also when
 * he himself once joined that hex as a subordinate (and his CO left since):
 * Y joins X's hex, X marches away leaving Y there, then Z, of Y's rank,
 * marches in: Y commands, whatever the generals' order in the unit table. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

/* u's force marches one hex to `to`, leaving `leave` behind (LW_NONE: none) */
static void move(struct lw_state *s, int u, int to, int leave)
{
	char act[96], id[16];
	s->phase = LW_PH_OPS;
	s->step = LW_ST_CARD;
	s->play.side = LW_UNION;
	lw_march_begin(s, u, false);
	if (leave != LW_NONE) {
		snprintf(act, sizeof act, "{\"type\":\"detach\",\"unit\":\"%s\"}",
		         lw_unit_id(s, leave, id, sizeof id));
		ACT_OK(s, LW_UNION, act);
	}
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", to);
	ACT_OK(s, LW_UNION, act);
	if (s->step == LW_ST_MOVE)
		ACT_OK(s, LW_UNION, "{\"type\":\"stop\"}");
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	/* a - b - c, clear, no city, no river */
	int a = LW_NO_HEX, b = LW_NO_HEX, c = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && c == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, "OH") != 0)
			continue;
		int n = fx_plain_neighbour(h->id);
		if (n == LW_NO_HEX)
			continue;
		int nb[6], k = tg_hex_neighbours(&d->grid, n, nb);
		for (int j = 0; j < k && c == LW_NO_HEX; j++) {
			const struct lw_hex *g = lw_data_hex(d, nb[j]);
			if (nb[j] != h->id && g && g->terrain == LW_TERRAIN_CLEAR && g->city < 0 &&
			    !(lw_data_hexside_flags(d, n, nb[j]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				a = h->id;
				b = n;
				c = nb[j];
			}
		}
	}
	if (!CHECK(c != LW_NO_HEX))
		return tap_done();
	/* Y the later general of the unit table, Z the earlier one */
	int u1 = lw_unit_by_id(s, "thomas"), u2 = lw_unit_by_id(s, "buell");
	if (!CHECK(u1 != LW_NONE && u2 != LW_NONE))
		return tap_done();
	const char *yid = u1 > u2 ? "thomas" : "buell", *zid = u1 > u2 ? "buell" : "thomas";
	int x = fx_place(s, "rosecrans", b, 2);
	int y = fx_place(s, yid, a, 2);
	move(s, y, b, LW_NONE); /* Y joins X, of his rank: X commands (11.2.1) */
	CHECK_EQ_INT(lw_force_co(s, b), x);
	/* X marches on to c and leaves Y behind (12.8) */
	move(s, x, c, y);
	CHECK_EQ_INT(s->unit[x].hex, c);
	CHECK_EQ_INT(s->unit[y].hex, b);
	CHECK_EQ_INT(lw_force_co(s, b), y);
	/* Z, of Y's rank, marches into Y's hex: he stops under Y (11.2.1) */
	int z = fx_place(s, zid, a, 2);
	CHECKF(z < y, "Z (%d) comes before Y (%d) in the unit table", z, y);
	move(s, z, b, LW_NONE);
	CHECK_EQ_INT(s->unit[z].hex, b);
	CHECKF(lw_force_co(s, b) == y,
	       "11.0.1: the general who occupied the hex commands (got %d, "
	       "Y %d, Z %d)",
	       lw_force_co(s, b), y, z);
	free(s);
	return tap_done();
}
