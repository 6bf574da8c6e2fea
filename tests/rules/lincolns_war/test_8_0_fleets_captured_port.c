/* 8.0 / 7.1.8, silent: Union Fleets in a Union port (7.1.8: "Washington,
 * Baltimore, Philadelphia, and/or New York") when the Confederates capture
 * it. Decided (docs/naval.md "Union Fleets in a port the Confederates capture", after 8.1.2.1's
 * ironclads "moved to the nearest friendly Ocean Port", 16.9.4's "by water to the nearest friendly
 * ... port" and 8.3.5's fleets "reassigned to a Friendly Port"): they leave at once for the
 * nearest 7.1.8 port the Union still holds, the Union choosing among equally near ones; with none
 * left, lost.
 *
 * Through act(): a Confederate force storms an empty Baltimore holding two
 * Fleets. The battle stops at the capture: the Union alone is awaited,
 * offered exactly the nearest Union-held ports of his four, a farther one
 * refused; each Fleet is asked in turn, a save/load in between keeps the
 * question, and the Confederate's card play resumes. Then Washington taken
 * with a Fleet whose nearest port is a single one: it goes there at once,
 * nobody asked; and the nearest port gone too, the next nearest. */
#include "lw_land_fixture.h"
#include "lw_naval_fixture.h"

static const char *const ports[] = {"washington", "baltimore", "philadelphia", "new_york"};

/* The Union-held ports of 7.1.8 nearest to hex `from` (hex distance). */
static int nearest(const struct lw_state *s, int from, int out[4])
{
	int n = 0, best = 1 << 20;
	for (int i = 0; i < 4; i++) {
		int h = nv_hex(ports[i]);
		if (h == from || s->city[nv_city(ports[i])].owner != LW_UNION)
			continue;
		int dist = tg_hex_distance(&lw_D()->grid, from, h);
		if (dist < best) {
			best = dist;
			n = 0;
		}
		if (dist == best)
			out[n++] = h;
	}
	return n;
}

static void baltimore_battle(void)
{
	static const char *const ids[] = {"lee", "jackson", "longstreet", "stuart"};
	int card, from;
	struct game *g = nv_storm_setup(41, LW_CONFEDERATE, "baltimore", ids, &card, &from);
	if (!g)
		return;
	struct lw_state *s = &g->s;
	int bal = nv_hex("baltimore");
	nv_fleet(s, 0, LW_NW_PORT, bal);
	nv_fleet(s, 1, LW_NW_PORT, bal);
	nv_fleet(s, 2, LW_NW_PORT, nv_hex("new_york")); /* not in Baltimore: stays */
	char buf[160];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"lee\"}", card);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	snprintf(buf, sizeof buf, "{\"type\":\"attack\",\"target\":%d}", bal);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	if (!CHECKF(nv_drive_to_escape(g, LW_UNION, 30),
	            "the capture of Baltimore never asked the Union"))
		return;

	/* the capture happened; the battle waits for the Union alone */
	CHECK_EQ_INT(s->city[nv_city("baltimore")].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->navy.fleet[0].where, LW_NW_ESCAPE);
	CHECK_EQ_INT(s->navy.fleet[1].where, LW_NW_ESCAPE);
	CHECK_EQ_INT(s->navy.fleet[2].where, LW_NW_PORT);
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_UNION));
	CHECK(tk_offers(g, "union", "8.0, 7.1.8"));
	CHECK_EQ_INT(tk_count_offers(g, "confederate", "\"type\""), 0);
	CHECK(tk_act(g, "confederate", "{\"type\":\"pass\"}") != 0);
	/* the view shows both waiting, to both sides */
	json_t *v = lincolns_war_module.view(g, "confederate");
	char *txt = json_dumps(v, JSON_COMPACT);
	CHECK(strstr(txt, "\"kind\":\"fleet\"") != NULL);
	free(txt);
	json_decref(v);

	/* exactly the nearest Union-held ports; Washington and Philadelphia
	 * both touch Baltimore */
	int near[4];
	int nn = nearest(s, bal, near);
	printf("# %d nearest port(s) to Baltimore\n", nn);
	CHECK(nn == 2);
	CHECK_EQ_INT(tk_count_offers(g, "union", "naval_escape"), nn);
	for (int i = 0; i < nn; i++) {
		char want[64];
		snprintf(want, sizeof want, "\"fleet\":0,\"hex\":%d", near[i]);
		CHECK(nv_offered(g, "union", want));
	}
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"fleet\":0,\"hex\":%d}",
	         nv_hex("new_york"));
	CHECK(tk_act(g, "union", buf) != 0); /* farther */
	CHECK(strstr(tk_err.message, "8.0") != NULL);
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"fleet\":1,\"hex\":%d}", near[0]);
	CHECK(tk_act(g, "union", buf) != 0); /* fleet 0 is asked first */
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"fleet\":0,\"hex\":%d}",
	         near[nn - 1]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.fleet[0].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.fleet[0].hex, near[nn - 1]);

	/* a save/load keeps the second question */
	json_t *saved = lincolns_war_module.save(g);
	struct game *g2 = lincolns_war_module.load(saved, &tk_err);
	json_decref(saved);
	if (CHECKF(g2 != NULL, "%s", tk_err.message)) {
		CHECK_EQ_INT(g2->s.navy.fleet[1].where, LW_NW_ESCAPE);
		CHECK_EQ_INT(tk_count_offers(g2, "union", "\"fleet\":1"), nn);
		lincolns_war_module.free(g2);
	}
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"fleet\":1,\"hex\":%d}", near[0]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.fleet[1].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.fleet[1].hex, near[0]);
	CHECK(nv_log(s, "A Union Fleet leaves captured Baltimore") != NULL);

	/* the Confederate's card play resumes */
	CHECK(!nv_offered(g, "union", "naval_escape"));
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->phase, LW_PH_OPS);
	CHECK(tk_awaiting(g) & LW_SIDE_BIT(LW_CONFEDERATE));
	lincolns_war_module.free(g);
}

/* One nearest port: the Fleet goes at once; the nearest gone too, the next. */
static void washington_taken(void)
{
	struct game *g = nv_game(42);
	struct lw_state *s = &g->s;
	int was = nv_hex("washington");
	nv_fleet(s, 0, LW_NW_PORT, was);
	int near[4];
	int nn = nearest(s, was, near);
	CHECK_EQ_INT(nn, 1);
	CHECK_EQ_INT(near[0], nv_hex("baltimore"));
	lw_capture_city(s, LW_CONFEDERATE, nv_city("washington"), false);
	CHECK_EQ_INT(lw_naval_escape_side(s), LW_NOSIDE);
	CHECK_EQ_INT(s->navy.fleet[0].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.fleet[0].hex, nv_hex("baltimore"));
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(s->phasing));

	/* Baltimore falls in its turn: Philadelphia alone is left nearest */
	nn = nearest(s, nv_hex("baltimore"), near);
	CHECK_EQ_INT(nn, 1);
	CHECK_EQ_INT(near[0], nv_hex("philadelphia"));
	lw_capture_city(s, LW_CONFEDERATE, nv_city("baltimore"), false);
	CHECK_EQ_INT(s->navy.fleet[0].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.fleet[0].hex, nv_hex("philadelphia"));
	/* and Philadelphia: New York, which the Confederates may not enter */
	lw_capture_city(s, LW_CONFEDERATE, nv_city("philadelphia"), false);
	CHECK_EQ_INT(s->navy.fleet[0].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.fleet[0].hex, nv_hex("new_york"));
	lincolns_war_module.free(g);
}

int main(void)
{
	baltimore_battle();
	washington_taken();
	return tap_done();
}
