/* 10.7.3.2 Dual-Theater Secret Campaigns: "Campaigns conducted by this
 * manner MUST take place in two separate theaters of the player's choice
 * ... both activated forces must be free of IT and must end their movement
 * in two separate theaters"; 10.7.3.1's designation of both forces before
 * any movement applies ("All other rules regarding theater operations
 * apply"). The theaters are the five campaign regions. Played through act()
 * with a Union 6-PC card:
 *  - two forces that could only end their movement in one and the same
 *    theater cannot be designated together; two forces standing in one
 *    theater that can each reach another may;
 *  - the player names each force's theater before either moves (no force
 *    is activated before), and the force is held to it: a force named for
 *    the theater next door may not end where it stands, the other may not
 *    take the first one's theater; the names stay as named (nothing is
 *    taken from where a force ends any more);
 *  - a force that can end in one theater only leaves that theater to
 *    itself: the other force is not offered it, and naming it is refused;
 *  - the 6-PC card is secret until played (the opponent's view does not
 *    change with it; test_hidden_info permutes whole hands). */
#include "lw_campaign_fixture.h"

static int play_six(struct game *g)
{
	int six = gf_card(g, LW_UNION, 6);
	char buf[200];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"dual_campaign\"}", six);
	return tk_act(g, "union", buf);
}

/* Both forces could end in both theaters: the player names them, and each
 * force is held to its own. */
static void open_theaters(void)
{
	struct game *g = gf_new(51, LW_UNION);
	struct lw_state *s = &g->s;
	int b1, va2;
	int a1 = cf_border(g, LW_REGION_EASTERN, LW_REGION_UP_NORTH, 0, &b1, NULL, 0);
	int used[2] = {a1, b1};
	int c2 = cf_border(g, LW_REGION_UP_NORTH, LW_REGION_EASTERN, 0, &va2, used, 2);
	int d1 = cf_deep(g, LW_REGION_DOWN_SOUTH, 4, LW_NO_HEX);
	int d2 = cf_deep(g, LW_REGION_DOWN_SOUTH, 4, d1);
	if (!CHECK(a1 != LW_NO_HEX && c2 != LW_NO_HEX && d1 != LW_NO_HEX && d2 != LW_NO_HEX))
		return;
	int grant = gf_place(g, "grant", a1, 3);
	int sherman = gf_place(g, "sherman", c2, 2);
	gf_place(g, "thomas", d1, 1);
	gf_place(g, "hooker", d2, 1);
	CHECKF(play_six(g) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"sherman\"}") != 0);
	CHECKF(strstr(tk_err.message, "designated"), "%s", tk_err.message);
	/* Thomas and Hooker, deep in the South, can only end there: one theater */
	json_t *ch = cf_second_choices(g, "union", "thomas");
	CHECK(ch != NULL && !cf_has_value(ch, "hooker"));
	json_decref(ch);
	ch = cf_second_choices(g, "union", "grant");
	CHECK(ch != NULL && cf_has_value(ch, "thomas") && cf_has_value(ch, "hooker") &&
	      cf_has_value(ch, "sherman"));
	json_decref(ch);
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"thomas\",\"second\":\"hooker\"}") !=
	      0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "separate theaters"),
	       "%s", tk_err.message);
	CHECKF(
	    tk_act(g, "union",
	           "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"sherman\"}") ==
	        0,
	    "%s", tk_err.message);
	CHECK_EQ_INT(s->play.pc_left, 0);                       /* all six PC are expended */
	CHECK_EQ_INT(s->groups.camp_region[0], LW_REGION_NONE); /* not named yet */
	CHECK_EQ_INT(s->groups.camp_region[1], LW_REGION_NONE);
	/* nobody moves before both theaters are named */
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "named"), "%s",
	       tk_err.message);
	/* Grant, in Virginia, is to campaign Up North; Sherman, Up North, may
	 * not have the same theater: he goes into Virginia */
	CHECKF(cf_name_theater(g, "grant", "up_north") == 0, "%s", tk_err.message);
	CHECK(cf_name_theater(g, "sherman", "up_north") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "separate theaters"),
	       "%s", tk_err.message);
	CHECKF(cf_name_theater(g, "sherman", "eastern") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->groups.camp_region[0], LW_REGION_UP_NORTH);
	CHECK_EQ_INT(s->groups.camp_region[1], LW_REGION_EASTERN);

	/* Grant may not end his move in Virginia, where he stands */
	char buf[200];
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "Up North"), "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, b1)) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, b1);
	CHECK_EQ_INT(s->groups.camp_region[0], LW_REGION_UP_NORTH);
	/* Sherman, Up North, may not end there: into Virginia */
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "separate theaters"),
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, va2)) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[sherman].hex, va2);
	CHECK_EQ_INT(s->groups.camp_region[1], LW_REGION_EASTERN);
	CHECK(s->step != LW_ST_MOVE);
	lincolns_war_module.free(g);
}

/* Thomas, deep in the South, can end Down South only: only that theater is
 * offered to him and it is not offered to Grant, standing Down South, who
 * must end elsewhere. */
static void one_theater_only(void)
{
	struct game *g = gf_new(53, LW_UNION);
	struct lw_state *s = &g->s;
	int b1;
	int a1 = cf_border(g, LW_REGION_DOWN_SOUTH, LW_REGION_EASTERN, 0, &b1, NULL, 0);
	int d1 = cf_deep(g, LW_REGION_DOWN_SOUTH, 4, LW_NO_HEX);
	if (!CHECK(a1 != LW_NO_HEX && d1 != LW_NO_HEX))
		return;
	int grant = gf_place(g, "grant", a1, 3);
	int thomas = gf_place(g, "thomas", d1, 1);
	CHECKF(play_six(g) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union",
	              "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"thomas\"}") ==
	           0,
	       "%s", tk_err.message);
	/* Thomas is offered Down South only; Grant, who could end there too,
	 * is not offered it (it would leave Thomas no theater) */
	json_t *ch = cf_theater_choices(g, "union", "thomas");
	CHECK(ch != NULL && json_array_size(ch) == 1 && cf_has_value(ch, "down_south"));
	json_decref(ch);
	ch = cf_theater_choices(g, "union", "grant");
	CHECK(ch != NULL && !cf_has_value(ch, "down_south") && cf_has_value(ch, "eastern"));
	json_decref(ch);
	CHECK(cf_name_theater(g, "grant", "down_south") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "other force"), "%s",
	       tk_err.message);
	CHECKF(cf_name_theater(g, "grant", "eastern") == 0, "%s", tk_err.message);
	CHECKF(cf_name_theater(g, "thomas", "down_south") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->groups.camp_region[0], LW_REGION_EASTERN);
	CHECK_EQ_INT(s->groups.camp_region[1], LW_REGION_DOWN_SOUTH);
	char buf[200];
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "Eastern"), "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, b1)) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, b1);
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"thomas\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[thomas].hex, d1);
	CHECK(s->step != LW_ST_MOVE);
	lincolns_war_module.free(g);
}

static char *view_of(struct game *g, const char *role)
{
	json_t *v = lincolns_war_module.view(g, role);
	char *txt = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	return txt;
}

/* "you don't have to tell your opponent in advance that you hold a card
 * that will allow you to conduct a campaign ... only announced to your
 * opponent when the card is played": the Confederate's view is the same
 * whether the Union hand holds a 6-PC card or another card in its place;
 * the play is announced. */
static void secret_until_played(void)
{
	struct game *g = gf_new(55, LW_UNION);
	struct lw_state *s = &g->s;
	int six = gf_card(g, LW_UNION, 6);
	struct lw_cards *c = &s->side[LW_UNION].cards;
	int hi = lw_hand_find(s, LW_UNION, six), di = -1;
	for (int i = 0; i < c->draw_n && di < 0; i++) {
		const struct lw_card *k = lw_card(LW_UNION, c->draw[i]);
		if (k && k->kind == LW_KIND_ACTIVATION && k->pc != 6)
			di = i;
	}
	if (!CHECK(hi >= 0 && di >= 0))
		return;
	char *with = view_of(g, "confederate"), *own = view_of(g, "union");
	uint8_t tmp = c->hand[hi];
	c->hand[hi] = c->draw[di];
	c->draw[di] = tmp;
	char *without = view_of(g, "confederate"), *own2 = view_of(g, "union");
	CHECK(strcmp(with, without) == 0);
	CHECK(strcmp(own, own2) != 0); /* the owner does see the difference */
	c->draw[di] = c->hand[hi];
	c->hand[hi] = tmp;
	CHECKF(play_six(g) == 0, "%s", tk_err.message);
	char *after = view_of(g, "confederate");
	CHECK(strstr(after, "for a Dual-Theater campaign") != NULL);
	free(with);
	free(own);
	free(without);
	free(own2);
	free(after);
	lincolns_war_module.free(g);
}

int main(void)
{
	open_theaters();
	one_theater_only();
	secret_until_played();
	return tap_done();
}
