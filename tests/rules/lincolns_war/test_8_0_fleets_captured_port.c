/* 8.0 / 7.1.8, silent: Union Fleets in a Union port (7.1.8: "Washington,
 * Baltimore, Philadelphia, and/or New York") when the Confederates capture
 * it. Decided (README, naval decisions, after 8.1.2.1's ironclads "moved to
 * the nearest friendly Ocean Port", 16.9.4's "by water to the nearest
 * friendly ... port" and 8.3.5's fleets "reassigned to a Friendly Port"):
 * they leave at once for the nearest 7.1.8 port the Union still holds, the
 * Union choosing among equally near ones; with none left, lost.
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

static int awaiting(struct game *g)
{
	struct game_status st;
	lincolns_war_module.status(g, &st);
	return (int)st.awaiting;
}

static int count_offers(struct game *g, const char *role, const char *part)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *acts = json_object_get(v, "actions");
	int n = 0;
	for (size_t i = 0; i < json_array_size(acts); i++) {
		char *txt =
		    json_dumps(json_object_get(json_array_get(acts, i), "action"), JSON_COMPACT);
		n += strstr(txt, part) != NULL;
		free(txt);
	}
	json_decref(v);
	return n;
}

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

/* Answers the first action offered to whoever is awaited, until the
 * Union is offered a naval_escape (true) or `max` steps. */
static bool drive_to_escape(struct game *g, int max)
{
	for (int i = 0; i < max; i++) {
		if (nv_offered(g, "union", "naval_escape"))
			return true;
		int aw = awaiting(g);
		const char *role = (aw & LW_SIDE_BIT(LW_CONFEDERATE)) ? "confederate" : "union";
		json_t *v = lincolns_war_module.view(g, role);
		json_t *a =
		    json_object_get(json_array_get(json_object_get(v, "actions"), 0), "action");
		char *txt = a ? json_dumps(a, JSON_COMPACT) : NULL;
		json_decref(v);
		if (!txt)
			return false;
		printf("# %s: %s\n", role, txt);
		int rc = tk_act(g, role, txt);
		free(txt);
		if (rc != 0)
			return false;
	}
	return false;
}

static void baltimore_battle(void)
{
	struct game *g = tk_new("campaign", 41);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 2, LW_CONFEDERATE);
	const struct lw_data *d = lw_D();
	int bal = nv_hex("baltimore");
	/* nobody in or around Baltimore */
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP &&
		    tg_hex_distance(&d->grid, s->unit[u].hex, bal) <= 2)
			s->unit[u].where = LW_W_PENDING;
	int from = fx_plain_neighbour(bal);
	if (!CHECK(from != LW_NO_HEX))
		return;
	static const char *const ids[] = {"lee", "jackson", "longstreet", "stuart"};
	static const int stars[] = {3, 2, 1, 1};
	for (int i = 0; i < 4; i++) {
		int u = tk_unit(g, ids[i]);
		tk_place(g, u, from);
		s->unit[u].stars = (uint8_t)stars[i];
		s->unit[u].it = 0;
		s->unit[u].wounds = 0;
		s->unit[u].flags = 0;
	}
	s->side[LW_CONFEDERATE].pc = 20;
	int card = -1;
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(LW_CONFEDERATE, n);
		if (k && k->kind == LW_KIND_ACTIVATION && !k->erratic &&
		    (card < 0 || k->pc > lw_card(LW_CONFEDERATE, card)->pc))
			card = n;
	}
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, card);
	tk_give_any(s, LW_CONFEDERATE);
	tk_give_any(s, LW_UNION);
	nv_fleet(s, 0, LW_NW_PORT, bal);
	nv_fleet(s, 1, LW_NW_PORT, bal);
	nv_fleet(s, 2, LW_NW_PORT, nv_hex("new_york")); /* not in Baltimore: stays */
	char buf[160];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"lee\"}", card);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	snprintf(buf, sizeof buf, "{\"type\":\"attack\",\"target\":%d}", bal);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	if (!CHECKF(drive_to_escape(g, 30), "the capture of Baltimore never asked the Union"))
		return;

	/* the capture happened; the battle waits for the Union alone */
	CHECK_EQ_INT(s->city[nv_city("baltimore")].owner, LW_CONFEDERATE);
	CHECK_EQ_INT(s->navy.fleet[0].where, LW_NW_ESCAPE);
	CHECK_EQ_INT(s->navy.fleet[1].where, LW_NW_ESCAPE);
	CHECK_EQ_INT(s->navy.fleet[2].where, LW_NW_PORT);
	CHECK_EQ_INT(awaiting(g), LW_SIDE_BIT(LW_UNION));
	CHECK(tk_offers(g, "union", "8.0, 7.1.8"));
	CHECK_EQ_INT(count_offers(g, "confederate", "\"type\""), 0);
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
	CHECK_EQ_INT(count_offers(g, "union", "naval_escape"), nn);
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
		CHECK_EQ_INT(count_offers(g2, "union", "\"fleet\":1"), nn);
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
	CHECK(awaiting(g) & LW_SIDE_BIT(LW_CONFEDERATE));
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
	CHECK_EQ_INT(awaiting(g), LW_SIDE_BIT(s->phasing));

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
