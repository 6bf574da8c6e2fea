/* 20.6 "OOS tokens are automatically removed from forces as soon as a line
 * of supply is opened up." lw_supply_reopen keeps its answers with the
 * inputs they were traced on, and a force asked again on the same inputs
 * is not traced again (issue 17). The line opens by a change of any one of
 * them with nothing else changed, and each must take the token off at the
 * next call: a city retaken (20.2: the ports by sea), a Raided token gone
 * (20.7.2), a unit leaving the force or the enemy ring (where and stars),
 * and a general's rank (the force's stars to feed). Between the changes
 * the same call is made twice on the same state: the token stays. */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

static struct lw_state *S;
static int FORCE[3];

static void tokens_on(void)
{
	for (int i = 0; i < 3; i++)
		S->unit[FORCE[i]].flags |= LW_UF_OOS;
}

/* every general of the force still carries his token after two calls on
 * the same state (the second answered from what the first kept) */
static bool still_cut(void)
{
	bool all = true;
	for (int call = 0; call < 2; call++) {
		lw_supply_reopen(S);
		for (int i = 0; i < 3; i++)
			all = all && (S->unit[FORCE[i]].flags & LW_UF_OOS);
	}
	return all;
}

static bool reopened(void)
{
	lw_supply_reopen(S);
	bool none = true;
	for (int i = 0; i < 3; i++)
		none = none && !(S->unit[FORCE[i]].flags & LW_UF_OOS);
	return none;
}

int main(void)
{
	S = fx_new(2);
	if (!CHECK(S != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	int wash = lw_city_at(1903);
	if (!CHECK(wash >= 0 && d->cities[wash].supply == 4))
		return tap_done();
	/* 7 stars in Washington (4), ringed by Confederates: only the sea's
	 * ports can feed them (20.2) */
	FORCE[0] = fx_place(S, "grant", 1903, 3);
	FORCE[1] = fx_place(S, "thomas", 1903, 1);
	FORCE[2] = fx_place(S, "sherman", 1903, 3);
	static const char *const cs[] = {"lee",   "longstreet", "jackson", "beauregard",
	                                 "ewell", "dh_hill",    "early"};
	int ring[7], ring_hex[7], k = 0, nb[6];
	int n = tg_hex_neighbours(&d->grid, 1903, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (h && h->terrain != LW_TERRAIN_OCEAN && k < 7) {
			ring_hex[k] = nb[i];
			ring[k] = fx_place(S, cs[k], nb[i], 1);
			k++;
		}
	}
	if (!CHECK(k > 0))
		return tap_done();
	static const char *const ports[] = {"baltimore", "philadelphia", "new_york"};
	int port[3];
	for (int i = 0; i < 3; i++) {
		port[i] = (int)(lw_data_city(d, ports[i]) - d->cities);
		S->city[port[i]].owner = LW_CONFEDERATE;
	}
	tokens_on();
	CHECK(still_cut());

	/* a city's owner: the ports back, by sea */
	for (int i = 0; i < 3; i++)
		S->city[port[i]].owner = LW_UNION;
	CHECKF(reopened(), "the ports retaken open the line at the next call");
	for (int i = 0; i < 3; i++)
		S->city[port[i]].owner = LW_CONFEDERATE;
	tokens_on();
	CHECK(still_cut());

	/* a unit's rank: Sherman a one-star general, 5 stars against
	 * Washington's 4 and the sea's, lost: still cut; Grant too, 3 against
	 * 4 */
	S->unit[FORCE[2]].stars = 1;
	CHECK(still_cut());
	S->unit[FORCE[0]].stars = 1;
	CHECKF(reopened(), "the force's fewer stars are fed at the next call");
	S->unit[FORCE[0]].stars = 3;
	S->unit[FORCE[2]].stars = 3;
	tokens_on();
	CHECK(still_cut());

	/* a unit's place: the ring lifted, the rails and rivers bring more */
	for (int i = 0; i < k; i++) {
		S->unit[ring[i]].where = LW_W_PENDING;
		S->unit[ring[i]].hex = LW_NO_HEX;
	}
	CHECKF(reopened(), "the ring lifted opens the line at the next call");
	for (int i = 0; i < k; i++) {
		S->unit[ring[i]].where = LW_W_MAP;
		S->unit[ring[i]].hex = (int16_t)ring_hex[i];
	}
	/* 20.7.2: Washington Raided feeds nothing even for 4 stars, and its
	 * token gone it feeds them again */
	S->unit[FORCE[2]].where = LW_W_PENDING;
	S->unit[FORCE[2]].hex = LW_NO_HEX;
	FORCE[2] = FORCE[1]; /* the force is Grant and Thomas now */
	S->city[wash].raided = 1;
	tokens_on();
	CHECK(still_cut());
	S->city[wash].raided = 0;
	CHECKF(reopened(), "the Raided token gone opens the line at the next call");
	free(S);
	return tap_done();
}
