/* 11.1.3.2 Consolidation Move, played through act(): the GiC's owner picks
 * which adjacent generals join ("any or all"), the whole move costs one
 * movement point however many hexes they come from, more than twelve stars
 * (six in a mountain hex) may stand in his hex until the end of his move
 * but never after it (sent back, or left behind as he moves on), a Major
 * Army may then move one hex or attack, a Minor Army two hexes or one and
 * attack, and up to three IT of the forces drawn in go (18.2), if the GiC's
 * own force carries none. Refusals cite 11.1.3.2. */
#include "lincolns_war/lw_consolidation.h"
#include "lincolns_war/lw_march.h"
#include "lw_groups_fixture.h"

static char buf[256];

static bool plain_step(const struct game *g, int a, int b)
{
	return gf_plain(g, b) &&
	       !(lw_data_hexside_flags(lw_D(), a, b) & (LW_HS_RIVER | LW_HS_IMPASSABLE));
}

/* A plain hex h outside Kentucky with five plain neighbours nb[0..4] (no
 * river between), and a plain hex nb[5] next to nb[4] but not to h. */
static bool geometry(const struct game *g, int *h, int nb[6])
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *x = &d->hexes[i];
		if (!gf_plain(g, x->id) || strcmp(x->state, "KY") == 0 ||
		    strcmp(x->state, "MO") == 0)
			continue;
		int all[6], k = 0;
		int n = tg_hex_neighbours(&d->grid, x->id, all);
		for (int j = 0; j < n && k < 5; j++) {
			const struct lw_hex *y = lw_data_hex(d, all[j]);
			if (plain_step(g, x->id, all[j]) && strcmp(y->state, "KY") != 0 &&
			    strcmp(y->state, "MO") != 0)
				nb[k++] = all[j];
		}
		if (k < 5)
			continue;
		int far[6];
		int m = tg_hex_neighbours(&d->grid, nb[4], far);
		for (int j = 0; j < m; j++)
			if (far[j] != x->id && !tg_hex_adjacent(&d->grid, x->id, far[j]) &&
			    plain_step(g, nb[4], far[j]) &&
			    strcmp(lw_data_hex(d, far[j])->state, "KY") != 0) {
				nb[5] = far[j];
				*h = x->id;
				return true;
			}
	}
	return false;
}

static const char *join(const char *id)
{
	snprintf(buf, sizeof buf, "{\"type\":\"consolidate\",\"general\":\"%s\"}", id);
	return buf;
}

static const char *send_back(const char *id)
{
	snprintf(buf, sizeof buf, "{\"type\":\"consolidate_return\",\"general\":\"%s\"}", id);
	return buf;
}

static const char *move_to(int hex)
{
	return gf_move(buf, sizeof buf, hex);
}

/* Is an action of `type` (naming `general`, if not NULL) offered to the Union? */
static bool offered(struct game *g, const char *type, const char *general)
{
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	bool found = false;
	for (size_t i = 0; i < json_array_size(acts) && !found; i++) {
		json_t *a = json_object_get(json_array_get(acts, i), "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *gen = json_string_value(json_object_get(a, "general"));
		found =
		    t && strcmp(t, type) == 0 && (!general || (gen && strcmp(gen, general) == 0));
	}
	json_decref(v);
	return found;
}

/* The choices of the "remove_it" parameter of consolidate_done, -1 if the
 * entry has none, -2 if it is not offered. */
static int it_choices(struct game *g)
{
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	int n = -2;
	for (size_t i = 0; i < json_array_size(acts); i++) {
		json_t *e = json_array_get(acts, i);
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		if (!t || strcmp(t, "consolidate_done") != 0)
			continue;
		json_t *p = json_array_get(json_object_get(e, "params"), 0);
		n = p ? (int)json_array_size(json_object_get(p, "choices")) : -1;
	}
	json_decref(v);
	return n;
}

static bool refused_citing(struct game *g, const char *json, const char *rule)
{
	if (tk_act(g, "union", json) == 0) {
		printf("# %s accepted\n", json);
		return false;
	}
	if (!strstr(tk_err.message, rule)) {
		printf("# %s: %s\n", json, tk_err.message);
		return false;
	}
	return true;
}

/* A Union game with GiC Grant (three stars) at h, activated. */
static struct game *setup(int *h, int nb[6])
{
	struct game *g = gf_new(41, LW_UNION);
	if (!geometry(g, h, nb)) {
		printf("# no geometry\n");
		exit(1);
	}
	int grant = gf_place(g, "grant", *h, 3);
	g->s.side[LW_UNION].gic = (int16_t)grant;
	return g;
}

static void activate(struct game *g, const char *who)
{
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}",
	         gf_card(g, LW_UNION, 3), who);
	CHECKF(tk_act(g, "union", buf) == 0, "activation: %s", tk_err.message);
	CHECK_EQ_INT(g->s.step, LW_ST_MOVE);
}

static int stars_at(const struct lw_state *s, int hex)
{
	int us[LW_MAX_UNITS], n = lw_units_at(s, hex, LW_UNION, us), t = 0;
	for (int i = 0; i < n; i++)
		t += s->unit[us[i]].cavalry ? 0 : s->unit[us[i]].stars;
	return t;
}

/* "any or all": only the chosen generals join; one movement point for
 * generals from two hexes; a Major Army then moves one hex, or attacks. */
static void chosen_generals_major(void)
{
	int h, nb[6];
	struct game *g = setup(&h, nb);
	struct lw_state *s = &g->s;
	gf_place(g, "sherman", h, 2);
	int mcp = gf_place(g, "mcpherson", nb[0], 2);
	int thomas = gf_place(g, "thomas", nb[0], 2);
	int buell = gf_place(g, "buell", nb[1], 1);
	int hooker = gf_place(g, "hooker", nb[2], 2);
	gf_place(g, "halleck", nb[5], 2); /* two hexes away */
	activate(g, "grant");
	CHECK(offered(g, "consolidate", "mcpherson"));
	CHECK(offered(g, "consolidate", "thomas"));
	CHECK(offered(g, "consolidate", "buell"));
	CHECK(offered(g, "consolidate", "hooker"));
	CHECK(!offered(g, "consolidate", "halleck"));
	CHECK(refused_citing(g, join("halleck"), "11.1.3.2"));
	CHECK(refused_citing(g, "{\"type\":\"consolidate\"}", "11.1.3.2"));

	CHECKF(tk_act(g, "union", join("thomas")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[thomas].hex, h);
	CHECK_EQ_INT(s->unit[mcp].hex, nb[0]); /* his force-mate was not chosen */
	CHECK_EQ_INT(s->play.moved, 1);
	CHECK_EQ_INT(s->play.consolidated, 2);
	/* while choosing, only the consolidation's actions */
	CHECK(!offered(g, "stop", NULL));
	CHECK(!offered(g, "move", NULL));
	CHECK(offered(g, "consolidate_done", NULL));
	CHECK(refused_citing(g, "{\"type\":\"stop\"}", "11.1.3.2"));
	CHECK(refused_citing(g, move_to(nb[4]), "11.1.3.2"));
	CHECK(!offered(g, "consolidate", "thomas")); /* already in */

	CHECKF(tk_act(g, "union", join("buell")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[buell].hex, h);
	CHECK_EQ_INT(s->play.moved, 1);  /* still one point, from a second hex */
	CHECK_EQ_INT(it_choices(g), -1); /* no IT anywhere: nothing to ask */
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[hooker].hex, nb[2]); /* not chosen */
	CHECK_EQ_INT(s->unit[mcp].hex, nb[0]);
	CHECK_EQ_INT(stars_at(s, h), 8);
	CHECK_EQ_INT(s->play.major, 1); /* 3 + 2 + 2 + 1 stars: a Major Army */
	CHECK_EQ_INT(s->play.consolidated, 1);
	CHECK(!offered(g, "consolidate", NULL)); /* once */
	CHECK(refused_citing(g, join("hooker"), "11.1.3.2"));
	CHECK_EQ_INT(s->groups.from[lw_groups_find(&s->groups, thomas)], nb[0]);

	/* Major Army: attack from the hex without moving ... */
	struct lw_move_track t;
	struct lw_hexstep st = {0};
	lw_march_track(s, &t);
	CHECK(lw_attack_check(&t, &st, NULL) == 0);
	/* ... or one more hex, after which neither a hex nor an attack */
	CHECKF(tk_act(g, "union", move_to(nb[4])) == 0, "%s", tk_err.message);
	lw_march_track(s, &t);
	CHECK(lw_attack_check(&t, &st, NULL) != 0);
	CHECK(refused_citing(g, move_to(nb[5]), "12.3"));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[thomas].hex, nb[4]);
	CHECK_EQ_INT(s->unit[buell].hex, nb[4]);
	lincolns_war_module.free(g);
}

/* A Minor Army after the consolidation: two more hexes, or one and attack. */
static void minor_allowance(void)
{
	int h, nb[6];
	struct game *g = setup(&h, nb);
	struct lw_state *s = &g->s;
	int buell = gf_place(g, "buell", nb[1], 1);
	gf_place(g, "thomas", nb[0], 2);
	activate(g, "grant");
	CHECKF(tk_act(g, "union", join("buell")) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.major, 0);
	CHECK_EQ_INT(s->play.moved, 1);
	struct lw_move_track t;
	struct lw_hexstep st = {0};
	CHECKF(tk_act(g, "union", move_to(nb[4])) == 0, "%s", tk_err.message);
	lw_march_track(s, &t);
	CHECK(lw_attack_check(&t, &st, NULL) == 0); /* one hex plus an attack */
	CHECKF(tk_act(g, "union", move_to(nb[5])) == 0, "%s", tk_err.message);
	lw_march_track(s, &t);
	CHECK(lw_attack_check(&t, &st, NULL) != 0); /* two hexes: no attack */
	int far = gf_next(g, nb[5], "", (int[]){h, nb[4]}, 2);
	if (far != LW_NO_HEX)
		CHECK(refused_citing(g, move_to(far), "12.2"));
	CHECK_EQ_INT(s->unit[buell].hex, nb[5]);
	lincolns_war_module.free(g);
}

/* Fourteen stars in the GiC's hex for a while; his move may not end so. */
static struct game *overstack(int *h, int nb[6])
{
	struct game *g = setup(h, nb);
	gf_place(g, "sherman", *h, 3);
	gf_place(g, "mcpherson", *h, 3);
	gf_place(g, "thomas", nb[0], 3);
	gf_place(g, "buell", nb[1], 2);
	gf_place(g, "lee", nb[3], 1); /* an enemy next to the GiC */
	activate(g, "grant");
	CHECKF(tk_act(g, "union", join("thomas")) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", join("buell")) == 0, "%s", tk_err.message); /* 14 stars */
	CHECK_EQ_INT(stars_at(&g->s, *h), 14);
	CHECK(lw_stack_check_hex(&g->s, *h, LW_UNION, NULL, 0, LW_NONE, 0, NULL) != 0);
	CHECK(lw_consolidation_overstacked(&g->s));
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s", tk_err.message);
	/* the move may not end over the limit, nor an attack be made from it */
	CHECK(!offered(g, "stop", NULL));
	CHECK(!offered(g, "attack", NULL));
	CHECK(refused_citing(g, "{\"type\":\"stop\"}", "11.1.3.2"));
	snprintf(buf, sizeof buf, "{\"type\":\"attack\",\"target\":%d}", nb[3]);
	CHECK(refused_citing(g, buf, "11.1.3.2"));
	CHECK(refused_citing(g, move_to(nb[4]), "12.4")); /* all fourteen together */
	CHECK(offered(g, "consolidate_return", "thomas"));
	CHECK(offered(g, "consolidate_return", "buell"));
	CHECK(!offered(g, "consolidate_return", "sherman")); /* he was not drawn in */
	return g;
}

static void overstack_sent_back(void)
{
	int h, nb[6];
	struct game *g = overstack(&h, nb);
	struct lw_state *s = &g->s;
	CHECK(refused_citing(g, send_back("sherman"), "11.1.3.2"));
	CHECKF(tk_act(g, "union", send_back("buell")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[tk_unit(g, "buell")].hex, nb[1]); /* where he came from */
	CHECK_EQ_INT(stars_at(s, h), 12);
	CHECK(!lw_consolidation_overstacked(s));
	/* legal again: no more sending back, and the move may end */
	CHECK(refused_citing(g, send_back("thomas"), "11.1.3.2"));
	CHECK(offered(g, "stop", NULL));
	CHECK(offered(g, "attack", NULL)); /* the Major Army may attack without moving */
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.cons_hex, 0);
	CHECK(lw_stack_check_hex(s, h, LW_UNION, NULL, 0, LW_NONE, 0, NULL) == 0);
	lincolns_war_module.free(g);
}

static void overstack_left_behind(void)
{
	int h, nb[6];
	struct game *g = overstack(&h, nb);
	struct lw_state *s = &g->s;
	/* leaving a general behind is allowed while over the limit; he stays
	 * in the hex, which is still over it */
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECK(lw_consolidation_overstacked(s));
	CHECK(refused_citing(g, "{\"type\":\"stop\"}", "11.1.3.2"));
	/* Grant, McPherson, Thomas and Buell (11) go on; Sherman (3) stays */
	CHECKF(tk_act(g, "union", move_to(nb[4])) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.cons_hex, 0);
	CHECK_EQ_INT(stars_at(s, h), 3);
	CHECK_EQ_INT(stars_at(s, nb[4]), 11);
	CHECK(lw_stack_check_hex(s, h, LW_UNION, NULL, 0, LW_NONE, 0, NULL) == 0);
	CHECK(!offered(g, "consolidate_return", NULL));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	lincolns_war_module.free(g);
}

/* The first choice of the "to" parameter of the entry sending `general`
 * back, -1 if the entry has no parameter, -2 if it is not offered. */
static int return_choice(struct game *g, const char *general, int avoid)
{
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	int r = -2;
	for (size_t i = 0; i < json_array_size(acts); i++) {
		json_t *e = json_array_get(acts, i), *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *gen = json_string_value(json_object_get(a, "general"));
		if (!t || strcmp(t, "consolidate_return") != 0 || !gen || strcmp(gen, general) != 0)
			continue;
		json_t *p = json_array_get(json_object_get(e, "params"), 0);
		json_t *c = json_object_get(p, "choices");
		r = json_array_size(c) ? -3 : -1;
		for (size_t k = 0; k < json_array_size(c); k++) {
			int h =
			    (int)json_integer_value(json_object_get(json_array_get(c, k), "value"));
			if (h == avoid)
				r = -4; /* the hex he came from is not a displacement */
			else if (r == -3)
				r = h;
		}
	}
	json_decref(v);
	return r;
}

/* One who cannot go back (a cavalry general would outrank the one-star
 * left there, 13.1.1) is displaced where the owner chooses (12.4). */
static void overstack_displaced(void)
{
	int h, nb[6];
	struct game *g = setup(&h, nb);
	struct lw_state *s = &g->s;
	gf_place(g, "sherman", h, 3);
	gf_place(g, "mcpherson", h, 3);
	gf_place(g, "thomas", nb[0], 3);
	gf_place(g, "hooker", nb[0], 1);
	int pleas = gf_place(g, "pleasonton", nb[0], 2);
	gf_place(g, "buell", nb[1], 2);
	activate(g, "grant");
	CHECKF(tk_act(g, "union", join("pleasonton")) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", join("thomas")) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", join("buell")) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s", tk_err.message);
	CHECK(lw_consolidation_overstacked(s));
	CHECK_EQ_INT(return_choice(g, "thomas", nb[0]), -1); /* he goes back */
	int to = return_choice(g, "pleasonton", nb[0]);
	CHECKF(to > 0, "choice %d", to);
	CHECK(refused_citing(g, send_back("pleasonton"), "12.4")); /* where? */
	snprintf(buf, sizeof buf,
	         "{\"type\":\"consolidate_return\",\"general\":\"pleasonton\",\"to\":%d}", nb[0]);
	CHECK(refused_citing(g, buf, "12.4"));
	snprintf(buf, sizeof buf,
	         "{\"type\":\"consolidate_return\",\"general\":\"pleasonton\",\"to\":%d}", to);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[pleas].hex, to);
	CHECK(lw_consolidation_overstacked(s)); /* cavalry stars do not count */
	CHECKF(tk_act(g, "union", send_back("thomas")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(stars_at(s, h), 11);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	lincolns_war_module.free(g);
}

/* Six stars in a mountain hex: exceeded during the consolidation only. */
static void mountain(void)
{
	struct game *g = gf_new(43, LW_UNION);
	struct lw_state *s = &g->s;
	const struct lw_data *d = lw_D();
	int m = LW_NO_HEX, adj = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && m == LW_NO_HEX; i++) {
		const struct lw_hex *x = &d->hexes[i];
		if (x->terrain != LW_TERRAIN_MOUNTAIN || x->city >= 0 ||
		    strcmp(x->state, "KY") == 0)
			continue;
		int nb[6], n = tg_hex_neighbours(&d->grid, x->id, nb);
		for (int j = 0; j < n && m == LW_NO_HEX; j++)
			if (plain_step(g, x->id, nb[j]) &&
			    strcmp(lw_data_hex(d, nb[j])->state, "KY"))
				m = x->id, adj = nb[j];
	}
	if (!CHECK(m != LW_NO_HEX))
		return;
	int grant = gf_place(g, "grant", m, 3);
	s->side[LW_UNION].gic = (int16_t)grant;
	gf_place(g, "sherman", m, 2);
	int buell = gf_place(g, "buell", adj, 2);
	activate(g, "grant");
	CHECKF(tk_act(g, "union", join("buell")) == 0, "%s", tk_err.message); /* 7 > 6 */
	CHECK_EQ_INT(s->unit[buell].hex, m);
	CHECK(lw_consolidation_overstacked(s));
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s", tk_err.message);
	CHECK(refused_citing(g, "{\"type\":\"stop\"}", "11.1.3.2"));
	CHECKF(tk_act(g, "union", send_back("buell")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[buell].hex, adj);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	lincolns_war_module.free(g);
}

/* 18.2: up to three IT of the forces drawn in, only if the GiC's own force
 * has none; a general drawn from a force leaves its IT with it. */
static void it_removal(void)
{
	int h, nb[6];
	struct game *g = setup(&h, nb);
	struct lw_state *s = &g->s;
	int thomas = gf_place(g, "thomas", nb[0], 2);
	s->unit[thomas].it = 4;
	int buell = gf_place(g, "buell", nb[1], 1);
	s->unit[buell].it = 1;
	int mcp = gf_place(g, "mcpherson", nb[2], 2);
	int hooker = gf_place(g, "hooker", nb[2], 1);
	s->unit[mcp].it = 2;
	activate(g, "grant");
	CHECKF(tk_act(g, "union", join("thomas")) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", join("buell")) == 0, "%s", tk_err.message);
	/* McPherson leaves his force's two IT with Hooker */
	CHECKF(tk_act(g, "union", join("mcpherson")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_it(s, nb[2]), 2);
	CHECK_EQ_INT(s->unit[hooker].hex, nb[2]);
	CHECK_EQ_INT(lw_force_it(s, h), 5);
	CHECK_EQ_INT(it_choices(g), 4); /* 3, 2, 1 or 0 */
	CHECK(refused_citing(g, "{\"type\":\"consolidate_done\",\"remove_it\":4}", "11.1.3.2"));
	CHECK(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") != 0); /* say how many */
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\",\"remove_it\":3}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(lw_force_it(s, h), 2);
	CHECK_EQ_INT(lw_force_it(s, nb[2]), 2);
	lincolns_war_module.free(g);

	/* an encumbered GiC removes none */
	g = setup(&h, nb);
	s = &g->s;
	s->unit[s->side[LW_UNION].gic].it = 1;
	thomas = gf_place(g, "thomas", nb[0], 2);
	s->unit[thomas].it = 2;
	activate(g, "grant");
	CHECKF(tk_act(g, "union", join("thomas")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(it_choices(g), -1);
	CHECK(refused_citing(g, "{\"type\":\"consolidate_done\",\"remove_it\":1}", "11.1.3.2"));
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_it(s, h), 3);
	lincolns_war_module.free(g);
}

/* Who may consolidate, and when; cavalry limits stay; save/load midway. */
static void refusals_and_save(void)
{
	int h, nb[6];
	struct game *g = setup(&h, nb);
	gf_place(g, "sherman", nb[3], 2);
	gf_place(g, "buford", h, 1);
	gf_place(g, "pleasonton", nb[0], 1); /* a second cavalry general */
	gf_place(g, "thomas", nb[1], 3);
	gf_place(g, "buell", nb[1], 3);
	activate(g, "sherman"); /* not the GiC */
	CHECK(!offered(g, "consolidate", NULL));
	CHECK(refused_citing(g, join("thomas"), "11.1.3.2"));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	lincolns_war_module.free(g);

	g = setup(&h, nb);
	gf_place(g, "buford", h, 1);
	gf_place(g, "pleasonton", nb[0], 1);
	gf_place(g, "thomas", nb[1], 3);
	gf_place(g, "buell", nb[1], 3);
	activate(g, "grant");
	CHECK(!offered(g, "consolidate", "pleasonton"));
	CHECK(refused_citing(g, join("pleasonton"), "13.1.1"));
	CHECK(offered(g, "consolidate", "thomas"));
	CHECK(refused_citing(g, send_back("thomas"), "11.1.3.2"));
	/* after a step, no consolidation: it starts the activation */
	CHECKF(tk_act(g, "union", move_to(nb[4])) == 0, "%s", tk_err.message);
	CHECK(!offered(g, "consolidate", NULL));
	CHECK(refused_citing(g, join("thomas"), "11.1.3.2"));
	lincolns_war_module.free(g);

	/* save/load while choosing keeps the open consolidation */
	g = setup(&h, nb);
	gf_place(g, "sherman", h, 3);
	gf_place(g, "mcpherson", h, 3);
	gf_place(g, "thomas", nb[0], 3);
	gf_place(g, "buell", nb[1], 3);
	activate(g, "grant");
	CHECKF(tk_act(g, "union", join("thomas")) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", join("buell")) == 0, "%s", tk_err.message);
	json_t *saved = lincolns_war_module.save(g);
	struct tg_error e = {0};
	struct game *g2 = lincolns_war_module.load(saved, &e);
	CHECKF(g2 != NULL, "load: %s", e.message);
	if (g2) {
		CHECK_EQ_INT(g2->s.play.consolidated, 2);
		CHECK_EQ_INT(g2->s.play.cons_hex, h);
		CHECK_EQ_INT(g2->s.groups.from[lw_groups_find(&g2->s.groups, tk_unit(g, "buell"))],
		             nb[1]);
		json_t *again = lincolns_war_module.save(g2);
		char *a = json_dumps(saved, JSON_COMPACT | JSON_SORT_KEYS);
		char *b = json_dumps(again, JSON_COMPACT | JSON_SORT_KEYS);
		CHECK(a && b && strcmp(a, b) == 0);
		free(a);
		free(b);
		json_decref(again);
		CHECKF(tk_act(g2, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s",
		       tk_err.message);
		CHECK(refused_citing(g2, "{\"type\":\"stop\"}", "11.1.3.2"));
		lincolns_war_module.free(g2);
	}
	json_decref(saved);
	lincolns_war_module.free(g);
}

/* Grant activated in hex *h with Sherman and McPherson (3 + 3 + 3 stars),
 * Thomas (3), Buell (2) and Hooker (2) consolidated in from nb[0..2]: 16
 * stars in the hex, over the 12 of 11.1.3.2, the consolidation done. */
static struct game *sixteen_stars_consolidated(int *hp, int nb[6])
{
	struct game *g = setup(hp, nb);
	int h = *hp;
	gf_place(g, "sherman", h, 3);
	gf_place(g, "mcpherson", h, 3);
	gf_place(g, "thomas", nb[0], 3);
	gf_place(g, "buell", nb[1], 2);
	gf_place(g, "hooker", nb[2], 2);
	activate(g, "grant");
	const char *in[] = {"thomas", "buell", "hooker"};
	for (size_t i = 0; i < sizeof in / sizeof in[0]; i++)
		CHECKF(tk_act(g, "union", join(in[i])) == 0, "%s: %s", in[i], tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(stars_at(&g->s, h), 16);
	return g;
}

/* 11.1.3.2: "More than twelve stars ... may overstack temporarily in a hex
 * during GiC consolidation, as long as stacking restrictions are met by the
 * end of the GiC's move." With the others left behind (12.8), sending the
 * last mover back would end the group's move, the hex still over the limit
 * (seed 1000436 of the campaign playouts): refused and not offered; the
 * generals drawn in and left behind are sent back instead. */
static void overstack_last_mover_kept(void)
{
	int h, nb[6];
	struct game *g = sixteen_stars_consolidated(&h, nb);
	struct lw_state *s = &g->s;
	const char *behind[] = {"grant", "sherman", "mcpherson", "buell", "hooker"};
	for (size_t i = 0; i < sizeof behind / sizeof behind[0]; i++) {
		snprintf(buf, sizeof buf, "{\"type\":\"detach\",\"unit\":\"%s\"}", behind[i]);
		CHECKF(tk_act(g, "union", buf) == 0, "%s: %s", behind[i], tk_err.message);
	}
	CHECK_EQ_INT(s->play.movers_n, 1); /* Thomas, drawn in, goes on alone */
	CHECK(lw_consolidation_overstacked(s));
	/* without him the hex would still hold 13 stars: his move may not end */
	CHECK(!offered(g, "consolidate_return", "thomas"));
	CHECK(refused_citing(g, send_back("thomas"), "11.1.3.2"));
	CHECK_EQ_INT(s->unit[tk_unit(g, "thomas")].hex, h);
	CHECK_EQ_INT(s->play.cons_hex, h);
	/* the generals drawn in and left behind go back instead */
	CHECK(offered(g, "consolidate_return", "buell"));
	CHECK(offered(g, "consolidate_return", "hooker"));
	CHECKF(tk_act(g, "union", send_back("hooker")) == 0, "%s", tk_err.message);
	CHECK(lw_consolidation_overstacked(s));
	CHECKF(tk_act(g, "union", send_back("buell")) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(stars_at(s, h), 12);
	CHECK(!lw_consolidation_overstacked(s));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK(lw_stack_check_hex(s, h, LW_UNION, NULL, 0, LW_NONE, 0, NULL) == 0);
	lincolns_war_module.free(g);
}

/* ---- every way out of the overstack (session 18's question) ---- */

struct walk {
	int h, nb[6];
	char (*seen)[160];
	int n_seen, max_seen;
	int leaves, acts;
};

/* Where the Union generals stand and who still moves: one state of the
 * walk (what else the actions change follows from it here). */
static void walk_key(const struct lw_state *s, char *k, size_t n)
{
	size_t o = (size_t)snprintf(k, n, "%d/%d/%d:", s->play.cons_hex, s->play.movers_n, s->step);
	for (int u = 0; u < s->n_units && o < n; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->side != LW_UNION || x->where != LW_W_MAP)
			continue;
		bool mover = false;
		for (int i = 0; i < s->play.movers_n; i++)
			mover |= s->play.movers[i] == u;
		int gi = lw_groups_find(&s->groups, u);
		o += (size_t)snprintf(k + o, n - o, "%d@%d%c%c,", u, x->hex, mover ? 'm' : '-',
		                      gi >= 0 && s->groups.wait[gi] ? 'w' : '-');
	}
}

/* The offer e as an action, its parameters given their first choice. */
static char *walk_action(json_t *e)
{
	json_t *a = json_deep_copy(json_object_get(e, "action"));
	json_t *params = json_object_get(e, "params");
	for (size_t i = 0; i < json_array_size(params); i++) {
		json_t *p = json_array_get(params, i);
		json_t *c =
		    json_object_get(json_array_get(json_object_get(p, "choices"), 0), "value");
		const char *name = json_string_value(json_object_get(p, "name"));
		if (name && c)
			json_object_set(a, name, c);
	}
	char *txt = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	return txt;
}

static void walk(struct walk *w, struct game *g, int depth)
{
	struct lw_state *s = &g->s;
	if (!lw_consolidation_open(s)) {
		/* the GiC's group left his hex or ended its move: "stacking
		 * restrictions are met by the end of the GiC's move" */
		w->leaves++;
		CHECKF(lw_stack_check_hex(s, w->h, LW_UNION, NULL, 0, LW_NONE, 0, NULL) == 0,
		       "the GiC's move ended with %d stars in his hex", stars_at(s, w->h));
		return;
	}
	char key[160];
	walk_key(s, key, sizeof key);
	for (int i = 0; i < w->n_seen; i++)
		if (strcmp(w->seen[i], key) == 0)
			return;
	if (w->n_seen == w->max_seen) {
		CHECKF(false, "the walk has more than %d states", w->max_seen);
		return;
	}
	snprintf(w->seen[w->n_seen++], sizeof w->seen[0], "%s", key);
	CHECK(depth < 32);
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	/* the owner is never left without a legal action */
	CHECKF(json_array_size(acts) > 0, "nothing offered at %s", key);
	for (size_t i = 0; i < json_array_size(acts); i++) {
		char *a = walk_action(json_array_get(acts, i));
		struct game *c = malloc(sizeof *c);
		if (!c)
			exit(1);
		*c = *g;
		w->acts++;
		if (tk_act(c, "union", a) != 0) {
			CHECKF(false, "offered %s refused at %s: %s", a, key, tk_err.message);
		} else {
			CHECKF(!lw_consolidation_open(&c->s) ||
			           lw_consolidation_overstacked(&c->s) ||
			           lw_stack_check_hex(&c->s, w->h, LW_UNION, NULL, 0, LW_NONE, 0,
			                              NULL) == 0,
			       "%s", a);
			walk(w, c, depth + 1);
		}
		lincolns_war_module.free(c);
		free(a);
	}
	json_decref(v);
}

/* 11.1.3.2 with 12.8. Session 18 left the question: leaving generals
 * behind (12.8) is offered freely while the GiC's hex is over the limit,
 * and lw_march_finish restacks only a group that still moves (12.4's
 * pass-through), not this hex. The rule: "More than twelve stars ... may
 * overstack temporarily in a hex during GiC consolidation, as long as
 * stacking restrictions are met by the end of the GiC's move", and 12.4
 * "You may NEVER do anything that would create an overstacked condition
 * (Exception: GiC consolidation move)". From the sixteen stars of
 * overstack_last_mover_kept every sequence of offered actions is walked
 * (any generals left behind in any order, any sent back, the group
 * stepping out): something is always offered, every offer is accepted,
 * and wherever the group's move ends or it leaves the hex, the hex is
 * within the limit: no way ends the GiC's move over it, so lw_march_finish
 * never meets it. */
static void overstack_every_way_ends_legal(void)
{
	int h, nb[6];
	struct game *g = sixteen_stars_consolidated(&h, nb);
	struct walk w = {.h = h, .max_seen = 4096};
	memcpy(w.nb, nb, sizeof w.nb);
	w.seen = calloc((size_t)w.max_seen, sizeof *w.seen);
	if (!w.seen)
		exit(1);
	walk(&w, g, 0);
	printf("# %d states, %d actions, %d ends\n", w.n_seen, w.acts, w.leaves);
	CHECK(w.n_seen > 50); /* left behind and sent back in many orders */
	CHECK(w.leaves > 50);
	free(w.seen);
	lincolns_war_module.free(g);
}

int main(void)
{
	chosen_generals_major();
	minor_allowance();
	overstack_sent_back();
	overstack_left_behind();
	overstack_last_mover_kept();
	overstack_every_way_ends_legal();
	overstack_displaced();
	mountain();
	it_removal();
	refusals_and_save();
	return tap_done();
}
