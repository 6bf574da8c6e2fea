/* 10.7.3.2 Dual-Theater Secret Campaigns: "Campaigns conducted by this
 * manner MUST take place in two separate theaters of the player's choice
 * ... is only announced to your opponent when the card is played ... both
 * activated forces must ... end their movement in two separate theaters".
 * The player names each designated force's theater (campaign_theater,
 * right after campaign_forces and before either force moves; docs/decisions.md "Campaign regions
 * (10.7.3)"). Played through act() with a Union 6-PC card and one-star generals (three hexes at
 * most, 12.2) on hexes with no river (no boat):
 *  - the prompt offers exactly the theaters the force can end its movement
 *    in: next to another theater, its own and that one; a theater out of
 *    its reach is refused;
 *  - the two forces may not name the same theater: once one is named it is
 *    no longer offered to the other, and naming it is refused;
 *  - a force is held to its named theater: it may not end its move where
 *    it stands, outside it, while it can still get in; it may when nothing
 *    brings it in any more (the last resort of 10.7.3.1's regions);
 *  - the names are public once named (the card's play is announced): the
 *    opponent's view shows them, and the log says so; they survive a save;
 *    the opponent is offered nothing. */
#include "lw_campaign_fixture.h"

static int play_six(struct game *g)
{
	int six = gf_card(g, LW_UNION, 6);
	char buf[200];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"dual_campaign\"}", six);
	return tk_act(g, "union", buf);
}

/* Grant Down South next to the Trans-Mississippi (far from the other
 * theaters), Thomas deep Up North; both designated. */
static struct game *grant_thomas(int seed, int *ds, int *tm)
{
	struct game *g = gf_new(seed, LW_UNION);
	*ds = cf_border(g, LW_REGION_DOWN_SOUTH, LW_REGION_TRANS_MISS, 4, tm, NULL, 0);
	int un = cf_deep(g, LW_REGION_UP_NORTH, 4, LW_NO_HEX);
	if (!CHECK(*ds != LW_NO_HEX && un != LW_NO_HEX)) {
		lincolns_war_module.free(g);
		return NULL;
	}
	gf_place(g, "grant", *ds, 1);
	gf_place(g, "thomas", un, 1);
	CHECKF(play_six(g) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union",
	              "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"thomas\"}") ==
	           0,
	       "%s", tk_err.message);
	return g;
}

static const char *const all[] = {"eastern", "up_north", "kentucky_tennessee", "down_south",
                                  "trans_mississippi"};

/* The choices hold exactly the theaters of `want` (a '|'-separated list). */
static bool exactly(const json_t *ch, const char *want)
{
	if (!ch)
		return false;
	size_t n = 0;
	for (int i = 0; i < 5; i++) {
		char pat[40];
		snprintf(pat, sizeof pat, "|%s|", all[i]);
		char w[200];
		snprintf(w, sizeof w, "|%s|", want);
		bool in = strstr(w, pat) != NULL;
		if (in != cf_has_value(ch, all[i]))
			return false;
		n += in;
	}
	return json_array_size(ch) == n;
}

static void offers_the_reach(void)
{
	int ds, tm;
	struct game *g = grant_thomas(61, &ds, &tm);
	if (!g)
		return;
	json_t *ch = cf_theater_choices(g, "union", "grant");
	CHECK(exactly(ch, "down_south|trans_mississippi"));
	/* the human labels */
	bool label = false;
	size_t i;
	json_t *c;
	json_array_foreach(ch, i, c) label |=
	    strcmp(json_string_value(json_object_get(c, "label")),
	           "Campaign Down South (NC, SC, GA, FL, AL, MS)") == 0;
	CHECK(label);
	json_decref(ch);
	ch = cf_theater_choices(g, "union", "thomas");
	CHECK(exactly(ch, "up_north"));
	json_decref(ch);
	/* out of reach, unknown, not a campaign force */
	CHECK(cf_name_theater(g, "grant", "eastern") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "could not end"), "%s",
	       tk_err.message);
	CHECK(cf_name_theater(g, "thomas", "down_south") != 0);
	CHECK(cf_name_theater(g, "grant", "the_west") != 0);
	CHECK(cf_name_theater(g, "sherman", "down_south") != 0);
	CHECK_EQ_INT(g->s.groups.camp_region[0], LW_REGION_NONE);
	CHECK_EQ_INT(g->s.groups.camp_region[1], LW_REGION_NONE);
	lincolns_war_module.free(g);
}

static void two_separate_theaters(void)
{
	struct game *g = gf_new(63, LW_UNION);
	struct lw_state *s = &g->s;
	int t1, d2;
	int a1 = cf_border(g, LW_REGION_DOWN_SOUTH, LW_REGION_TRANS_MISS, 4, &t1, NULL, 0);
	int used[2] = {a1, t1};
	int a2 = cf_border(g, LW_REGION_TRANS_MISS, LW_REGION_DOWN_SOUTH, 0, &d2, used, 2);
	if (!CHECK(a1 != LW_NO_HEX && a2 != LW_NO_HEX))
		return;
	gf_place(g, "grant", a1, 1);
	gf_place(g, "sherman", a2, 1);
	CHECKF(play_six(g) == 0, "%s", tk_err.message);
	GF_OK(g, "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"sherman\"}");
	/* Sherman, across the line (perhaps by a river too), may end in both */
	json_t *ch = cf_theater_choices(g, "union", "sherman");
	CHECK(cf_has_value(ch, "down_south") && cf_has_value(ch, "trans_mississippi"));
	json_decref(ch);
	CHECKF(cf_name_theater(g, "grant", "down_south") == 0, "%s", tk_err.message);
	ch = cf_theater_choices(g, "union", "sherman");
	CHECK(!cf_has_value(ch, "down_south") && cf_has_value(ch, "trans_mississippi"));
	json_decref(ch);
	CHECK(cf_theater_choices(g, "union", "grant") == NULL); /* named */
	CHECK(cf_name_theater(g, "sherman", "down_south") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "separate theaters"),
	       "%s", tk_err.message);
	CHECK(cf_name_theater(g, "grant", "trans_mississippi") != 0); /* no renaming */
	CHECKF(cf_name_theater(g, "sherman", "trans_mississippi") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->groups.camp_region[0], LW_REGION_DOWN_SOUTH);
	CHECK_EQ_INT(s->groups.camp_region[1], LW_REGION_TRANS_MISS);
	CHECK(cf_theater_choices(g, "union", "sherman") == NULL);
	lincolns_war_module.free(g);
}

static void held_to_the_name(void)
{
	int ds, tm;
	struct game *g = grant_thomas(65, &ds, &tm);
	if (!g)
		return;
	struct lw_state *s = &g->s;
	int grant = tk_unit(g, "grant");
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") != 0);
	CHECKF(cf_name_theater(g, "grant", "trans_mississippi") == 0, "%s", tk_err.message);
	CHECKF(cf_name_theater(g, "thomas", "up_north") == 0, "%s", tk_err.message);
	GF_OK(g, "{\"type\":\"activate\",\"general\":\"grant\"}");
	/* Grant stands Down South, a theater he could end in: not his */
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "Trans-Mississippi"),
	       "%s", tk_err.message);
	char buf[100];
	GF_OK(g, gf_move(buf, sizeof buf, tm));
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->unit[grant].hex, tm);
	lincolns_war_module.free(g);

	/* the last resort: once nothing brings him in (here he is carried
	 * deep into the South after the naming, as a closed way would leave
	 * him), he may end where he is */
	g = grant_thomas(67, &ds, &tm);
	if (!g)
		return;
	s = &g->s;
	grant = tk_unit(g, "grant");
	CHECKF(cf_name_theater(g, "grant", "trans_mississippi") == 0, "%s", tk_err.message);
	CHECKF(cf_name_theater(g, "thomas", "up_north") == 0, "%s", tk_err.message);
	int deep = cf_deep(g, LW_REGION_DOWN_SOUTH, 4, LW_NO_HEX);
	if (CHECK(deep != LW_NO_HEX)) {
		tk_place(g, grant, deep);
		GF_OK(g, "{\"type\":\"activate\",\"general\":\"grant\"}");
		GF_OK(g, "{\"type\":\"stop\"}");
		CHECK_EQ_INT(s->unit[grant].hex, deep);
	}
	lincolns_war_module.free(g);
}

static char *view_of(struct game *g, const char *role)
{
	json_t *v = lincolns_war_module.view(g, role);
	char *txt = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	return txt;
}

static json_t *regions_seen(struct game *g, const char *role)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *r = json_object_get(json_object_get(json_object_get(v, "board"), "play"),
	                            "campaign_regions");
	json_incref(r);
	json_decref(v);
	return r;
}

static void public_once_named(void)
{
	int ds, tm;
	struct game *g = grant_thomas(69, &ds, &tm);
	if (!g)
		return;
	json_t *r = regions_seen(g, "confederate");
	CHECK(json_is_array(r) && json_array_size(r) == 2 && json_is_null(json_array_get(r, 0)) &&
	      json_is_null(json_array_get(r, 1)));
	json_decref(r);
	char *v = view_of(g, "confederate");
	CHECK(strstr(v, "campaign_theater") == NULL); /* nothing offered to him */
	free(v);
	CHECKF(cf_name_theater(g, "grant", "down_south") == 0, "%s", tk_err.message);
	CHECKF(cf_name_theater(g, "thomas", "up_north") == 0, "%s", tk_err.message);
	for (int k = 0; k < 2; k++) {
		r = regions_seen(g, k ? "confederate" : "observer");
		const char *a = json_string_value(json_array_get(r, 0));
		const char *b = json_string_value(json_array_get(r, 1));
		CHECK(a && b && strcmp(a, "down_south") == 0 && strcmp(b, "up_north") == 0);
		json_decref(r);
	}
	v = view_of(g, "confederate");
	CHECK(strstr(v, "names Down South (NC, SC, GA, FL, AL, MS) as the theater") != NULL);
	free(v);
	/* a save keeps them */
	json_t *j = lincolns_war_module.save(g);
	CHECK_EQ_INT((int)json_integer_value(json_object_get(j, "version")), LW_SAVE_VERSION);
	struct game *h = lincolns_war_module.load(j, &tk_err);
	json_decref(j);
	if (CHECKF(h != NULL, "%s", tk_err.message)) {
		const struct lw_state *t = &((struct game *)h)->s;
		CHECK_EQ_INT(t->groups.camp_region[0], LW_REGION_DOWN_SOUTH);
		CHECK_EQ_INT(t->groups.camp_region[1], LW_REGION_UP_NORTH);
		lincolns_war_module.free(h);
	}
	lincolns_war_module.free(g);
}

int main(void)
{
	offers_the_reach();
	two_separate_theaters();
	held_to_the_name();
	public_once_named();
	return tap_done();
}
