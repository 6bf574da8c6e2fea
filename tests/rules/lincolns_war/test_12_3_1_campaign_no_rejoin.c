/* 12.3.1 "A Major Army may not move across the Mississippi River. It must
 * disperse into Minor Armies to do so and may not rejoin on the same card
 * phase. It may rejoin on the next card phase if desired." Within the
 * activation that disperses it, 12.5 keeps the parts apart; a Campaign card
 * (10.7.3: "Campaigns allow the activation of two separate Forces on a
 * single card play") moves a second force on the same card, which could
 * take one part along (12.5 pickup) into another part's hex. Played through
 * act() with the Union's Trans-Mississippi campaign card: Grant's Major
 * Army (Grant 3, Sherman 2, McPherson 2, Thomas 1) east of the Mississippi
 * disperses, Grant and Thomas crossing into W, Sherman and McPherson into Y
 * (W and Y next to each other on the west bank); then Halleck (3), the
 * second force, next to both:
 *  - the pickup-carry case: Halleck as General in Chief passes through W
 *    (11.1.3.1 / 12.5), takes Grant's part along and may not carry it into
 *    Y, where he could go without it;
 *  - the end-in-hex case: Halleck takes Sherman's part along at Y and may
 *    not end his move in W (he would join Grant, equal in rank, 12.5),
 *    where he could go without it;
 *  - the list of parts is the card play's: a save in the middle of the
 *    second activation loads as the same game with the same refusal, and
 *    it goes with the card play;
 *  - on the next card play the parts may rejoin. */
#include "lw_campaign_fixture.h"

struct mis_map {
	int x, w, y, v; /* the Major Army's hex, the two crossings, Halleck's hex */
};

static bool open_side(int a, int b)
{
	return tg_hex_adjacent(&lw_D()->grid, a, b) &&
	       !(lw_data_hexside_flags(lw_D(), a, b) & (LW_HS_RIVER | LW_HS_IMPASSABLE));
}

static bool trans_miss(const struct game *g, int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return gf_plain(g, hex) && (int)h->region == LW_REGION_TRANS_MISS;
}

/* X (east bank, clear, not Kentucky) with two neighbours W and Y across the
 * Mississippi, clear, in the Trans-Mississippi, next to each other across
 * no river, and a fourth V next to both of them the same way. */
static bool find_map(const struct game *g, struct mis_map *m)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int x = d->hexes[i].id;
		if (!gf_plain(g, x) || strcmp(d->hexes[i].state, "KY") == 0)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, x, nb);
		for (int a = 0; a < n; a++)
			for (int b = 0; b < n; b++) {
				int w = nb[a], y = nb[b];
				if (w == y || !trans_miss(g, w) || !trans_miss(g, y) ||
				    !(lw_data_hexside_flags(d, x, w) & LW_HS_MISSISSIPPI) ||
				    !(lw_data_hexside_flags(d, x, y) & LW_HS_MISSISSIPPI) ||
				    !open_side(w, y))
					continue;
				int wn[6];
				int k = tg_hex_neighbours(&d->grid, w, wn);
				for (int c = 0; c < k; c++) {
					int v = wn[c];
					if (v != x && v != y && trans_miss(g, v) &&
					    open_side(v, w) && open_side(v, y)) {
						*m = (struct mis_map){x, w, y, v};
						return true;
					}
				}
			}
	}
	return false;
}

/* Does the Union's view offer {"type":"move","to":to}? */
static bool offers_move(struct game *g, int to)
{
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	bool found = false;
	for (size_t i = 0; i < json_array_size(acts) && !found; i++) {
		json_t *a = json_object_get(json_array_get(acts, i), "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		found = t && strcmp(t, "move") == 0 &&
		        json_integer_value(json_object_get(a, "to")) == to;
	}
	json_decref(v);
	return found;
}

static int part(const struct game *g, int u)
{
	return lw_march_mis_part(&g->s, u);
}

/* The campaign card play up to the end of Grant's activation: the Major
 * Army dispersed across the Mississippi into W (Grant, Thomas) and Y
 * (Sherman, McPherson). Halleck at V (the Union GiC if `gic`). */
static struct game *dispersed(int seed, bool gic, struct mis_map *m)
{
	struct game *g = gf_new(seed, LW_UNION);
	struct lw_state *s = &g->s;
	if (!CHECK(find_map(g, m)))
		return g;
	gf_place(g, "sherman", m->x, 2);
	gf_place(g, "mcpherson", m->x, 2);
	gf_place(g, "thomas", m->x, 1);
	gf_place(g, "grant", m->x, 3); /* the last placed commands */
	int halleck = gf_place(g, "halleck", m->v, 3);
	if (gic)
		s->side[LW_UNION].gic = (int16_t)halleck;
	int card = 0;
	for (int c = LW_CARD_CAMPAIGN_FIRST; c <= LW_CARD_CAMPAIGN_LAST; c++)
		if (lw_card(LW_UNION, c)->campaign_region == LW_REGION_TRANS_MISS)
			card = c;
	if (!CHECK(card != 0))
		return g;
	tk_give(s, LW_UNION, card);
	char buf[200];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"campaign\"}", card);
	GF_OK(g, buf);
	GF_OK(g, "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"halleck\"}");
	/* 12.3.1: seven stars may not cross; leaving Sherman and McPherson
	 * behind, Grant's group is a Minor Army (12.3.4) and crosses */
	GF_OK(g, "{\"type\":\"activate\",\"general\":\"grant\"}");
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, m->w)) != 0);
	CHECKF(strstr(tk_err.message, "12.3.1") && strstr(tk_err.message, "Mississippi"), "%s",
	       tk_err.message);
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"sherman\"}");
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"mcpherson\"}");
	GF_OK(g, gf_move(buf, sizeof buf, m->w));
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->play.mis_n, 0); /* the activation is not over */
	CHECK_EQ_INT(gf_next_group(g, m->x), 0);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, m->w)) != 0); /* 12.5 */
	CHECKF(strstr(tk_err.message, "12.5"), "%s", tk_err.message);
	GF_OK(g, gf_move(buf, sizeof buf, m->y));
	GF_OK(g, "{\"type\":\"stop\"}");
	/* the activation is over: its parts are listed, one a hex */
	CHECK_EQ_INT(s->play.mis_n, 4);
	int grant = tk_unit(g, "grant"), thomas = tk_unit(g, "thomas");
	int sherman = tk_unit(g, "sherman"), mcpherson = tk_unit(g, "mcpherson");
	CHECK(part(g, grant) > 0 && part(g, grant) == part(g, thomas));
	CHECK(part(g, sherman) > 0 && part(g, sherman) == part(g, mcpherson));
	CHECK(part(g, grant) != part(g, sherman));
	CHECK_EQ_INT(part(g, halleck), 0);
	CHECK_EQ_INT(s->unit[grant].hex, m->w);
	CHECK_EQ_INT(s->unit[sherman].hex, m->y);
	return g;
}

/* load(save(g)): the same save, the card play (12.3.1's list with it) and
 * the groups byte for byte. */
static struct game *reloaded(struct game *g)
{
	const struct game_module *M = &lincolns_war_module;
	json_t *j = M->save(g);
	char *a1 = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	struct game *h = M->load(j, &tk_err);
	json_decref(j);
	if (!CHECKF(h != NULL, "load: %s", tk_err.message)) {
		free(a1);
		return NULL;
	}
	j = M->save(h);
	char *a2 = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	CHECK(strcmp(a1, a2) == 0);
	free(a1);
	free(a2);
	const struct lw_state *x = &g->s, *y = &h->s;
	CHECK(memcmp(&x->play, &y->play, sizeof x->play) == 0);
	/* (the whole struct is compared by test_playouts; here the fixture's
	 * hand-made decks leave stale bytes past the piles' counts) */
	CHECK(memcmp(&x->groups, &y->groups, sizeof x->groups) == 0);
	return h;
}

/* Halleck, General in Chief, passes through W and takes Grant's part along:
 * he may not carry it into Y (Sherman's part), where he may go alone. */
static void pickup_carry(void)
{
	struct mis_map m;
	struct game *g = dispersed(61, true, &m);
	struct lw_state *s = &g->s;
	if (s->play.mis_n != 4)
		goto out;
	char buf[200];
	GF_OK(g, "{\"type\":\"activate\",\"general\":\"halleck\"}");
	GF_OK(g, gf_move(buf, sizeof buf, m.w)); /* 11.1.3.1: the GiC passes */
	CHECK_EQ_INT(s->play.movers_n, 1);
	CHECK(offers_move(g, m.y)); /* alone he could */
	GF_OK(g, "{\"type\":\"pickup\"}");
	CHECK_EQ_INT(s->play.movers_n, 3);
	CHECK_EQ_INT(s->play.major, 1); /* seven stars: one hex more */
	CHECK(!offers_move(g, m.y));
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, m.y)) != 0);
	CHECKF(strstr(tk_err.message, "12.3.1") && strstr(tk_err.message, "rejoin"), "%s",
	       tk_err.message);
	/* the list survives a save in the middle of the card play */
	struct game *h = reloaded(g);
	if (h) {
		CHECK_EQ_INT(h->s.play.mis_n, 4);
		CHECK(tk_act(h, "union", gf_move(buf, sizeof buf, m.y)) != 0);
		CHECKF(strstr(tk_err.message, "12.3.1"), "%s", tk_err.message);
		lincolns_war_module.free(h);
	}
	/* the card play ends: the list goes with it */
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK(s->play.card == 0 || s->play.side != LW_UNION);
	CHECK_EQ_INT(s->play.mis_n, 0);
out:
	lincolns_war_module.free(g);
}

/* Halleck (not GiC) passes through Y, outranking Sherman, and takes his part
 * along: he may not end his move in W (he would join Grant, 12.5). On the
 * next card play the parts rejoin. */
static void end_in_hex(void)
{
	struct mis_map m;
	struct game *g = dispersed(62, false, &m);
	struct lw_state *s = &g->s;
	if (s->play.mis_n != 4)
		goto out;
	char buf[200];
	int halleck = tk_unit(g, "halleck"), sherman = tk_unit(g, "sherman");
	int grant = tk_unit(g, "grant");
	GF_OK(g, "{\"type\":\"activate\",\"general\":\"halleck\"}");
	GF_OK(g, gf_move(buf, sizeof buf, m.y)); /* 12.5: he outranks Sherman */
	CHECK(lw_march_step_stops(s, m.w));      /* Grant would stop him */
	CHECK(offers_move(g, m.w));              /* alone he could join Grant */
	GF_OK(g, "{\"type\":\"pickup\"}");
	CHECK_EQ_INT(s->play.movers_n, 3);
	CHECK(!offers_move(g, m.w));
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, m.w)) != 0);
	CHECKF(strstr(tk_err.message, "12.3.1") && strstr(tk_err.message, "rejoin"), "%s",
	       tk_err.message);
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->unit[halleck].hex, m.y);
	CHECK_EQ_INT(s->unit[sherman].hex, m.y);

	/* the Confederate's card play, then the Union's next: they may rejoin */
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE);
	CHECK_EQ_INT(s->play.mis_n, 0);
	const struct lw_cards *cc = &s->side[LW_CONFEDERATE].cards;
	if (!CHECK(cc->hand_n > 0))
		goto out;
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}", cc->hand[0]);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	if (!gf_activate(g, 6, "halleck"))
		goto out;
	CHECK_EQ_INT(s->play.movers_n, 3);
	GF_OK(g, gf_move(buf, sizeof buf, m.w)); /* joins Grant and stops (12.5) */
	CHECK_EQ_INT(s->unit[sherman].hex, m.w);
	CHECK_EQ_INT(s->unit[grant].hex, m.w);
out:
	lincolns_war_module.free(g);
}

int main(void)
{
	pickup_carry();
	end_in_hex();
	return tap_done();
}
