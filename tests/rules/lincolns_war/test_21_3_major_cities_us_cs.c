/* 21.3 Victory Point Table:
 *   "Control of Major Cities | 1 VP per two-value Supply city (Petersburg,
 *   Norfolk, Raleigh, Wilmington, Columbia, Savannah, Nashville, Memphis,
 *   Baton Rouge, Mobile) | US/CS"
 *   "| 2 VP per three-value Supply city (Charleston, Atlanta, Vicksburg,
 *   New Orleans) | US/CS"
 *   "| 4 VP for Washington | CS"   "| 4 VP Richmond | US"
 *
 * "US/CS": the row scores for whichever side controls the city, the
 * Confederate holding it too (as the ports row pays him for the ports he
 * holds open); Washington and Richmond score only for the side named, so
 * only for their captor. The start-of-game scores of each scenario are
 * printed (docs/decisions.md "VP for the major cities": both readings). */
#include "lw_testkit.h"

static int city_index(const char *id)
{
	const struct lw_city *c = lw_data_city(lw_D(), id);
	return c ? (int)(c - lw_D()->cities) : -1;
}

int main(void)
{
	static const char *const scn[] = {"introductory", "tournament", "campaign"};
	for (int i = 0; i < 3; i++) {
		struct game *g = tk_new(scn[i], 5);
		if (!g)
			continue;
		int vp[LW_SIDE_SLOTS];
		lw_victory_points(&g->s, vp);
		printf("# %s at the start: Union %d VP, Confederate %d VP\n", scn[i], vp[LW_UNION],
		       vp[LW_CONFEDERATE]);
		lincolns_war_module.free(g);
	}

	struct game *g = tk_new("campaign", 5);
	if (!CHECK(g != NULL))
		return tap_done();
	struct lw_state *s = &g->s;
	int nash = city_index("nashville"), no = city_index("atlanta");
	int rich = city_index("richmond"), wash = city_index("washington");
	if (!CHECK(nash >= 0 && no >= 0 && rich >= 0 && wash >= 0))
		return tap_done();
	CHECK_EQ_INT(s->city[nash].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->city[rich].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->city[wash].owner, LW_UNION);
	int base[LW_SIDE_SLOTS], vp[LW_SIDE_SLOTS];
	lw_victory_points(s, base);

	/* the Confederate scores the major cities he holds: the listed
	 * cities are all his at the start, 10 x 1 + 4 x 2 = 18 VP of them */
	int listed = 0;
	for (size_t c = 0; c < lw_D()->n_cities; c++) {
		const struct lw_city *city = &lw_D()->cities[c];
		if (city->vp > 0 && city->control == LW_CTRL_CONFEDERATE &&
		    strcmp(city->id, "richmond") != 0 && s->city[c].owner == LW_CONFEDERATE)
			listed += city->vp;
	}
	CHECK_EQ_INT(listed, 18);

	/* Nashville (1 VP) taken by the Union: +1 US, -1 CS */
	s->city[nash].owner = LW_UNION;
	lw_victory_points(s, vp);
	CHECK_EQ_INT(vp[LW_UNION], base[LW_UNION] + 1);
	CHECK_EQ_INT(vp[LW_CONFEDERATE], base[LW_CONFEDERATE] - 1);
	/* Atlanta (2 VP, no port) too */
	s->city[no].owner = LW_UNION;
	lw_victory_points(s, vp);
	CHECK_EQ_INT(vp[LW_CONFEDERATE], base[LW_CONFEDERATE] - 3);
	/* retaken by the Confederate: his again */
	s->city[nash].owner = LW_CONFEDERATE;
	s->city[no].owner = LW_CONFEDERATE;
	lw_victory_points(s, vp);
	CHECK_EQ_INT(vp[LW_UNION], base[LW_UNION]);
	CHECK_EQ_INT(vp[LW_CONFEDERATE], base[LW_CONFEDERATE]);

	/* Richmond "US" only: held by the Confederate it scores nothing for
	 * him (so the base has no 4 VP of it); taken, 4 VP to the Union and
	 * nothing less for the Confederate */
	s->city[rich].owner = LW_UNION;
	lw_victory_points(s, vp);
	CHECK_EQ_INT(vp[LW_UNION], base[LW_UNION] + 4);
	CHECK_EQ_INT(vp[LW_CONFEDERATE], base[LW_CONFEDERATE]);
	s->city[rich].owner = LW_CONFEDERATE;
	/* Washington "CS" only */
	s->city[wash].owner = LW_CONFEDERATE;
	lw_victory_points(s, vp);
	CHECK_EQ_INT(vp[LW_CONFEDERATE], base[LW_CONFEDERATE] + 4);
	CHECK_EQ_INT(vp[LW_UNION], base[LW_UNION]);

	lincolns_war_module.free(g);
	return tap_done();
}
