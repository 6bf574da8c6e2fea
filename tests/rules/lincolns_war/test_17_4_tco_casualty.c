/* 17.4 Effects of battle on TCO: a general casualty may not fall on a TCO
 * while a regular general is in the force; a TCO alone must take it; a TCO
 * disgraced is removed from play, not put in the Disgraced box; a TCO
 * subordinate that survives a rout carries IT equal to its stars. */
#include "lw_land_fixture.h"

/* Units offered to the chooser of the casualty now, as a bit per unit. */
static bool offered(const struct lw_state *s, int u)
{
	json_t *l = json_array();
	lw_battle_offer(s, s->battle.casualty_side, TG_OFFERS_TREE(l));
	char id[32];
	lw_unit_id(s, u, id, sizeof id);
	bool found = false;
	size_t i;
	json_t *o;
	json_array_foreach(l, i, o)
	{
		json_t *a = json_object_get(o, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *v = json_string_value(json_object_get(a, "unit"));
		found |= t && v && strcmp(t, "casualty") == 0 && strcmp(v, id) == 0;
	}
	json_decref(l);
	return found;
}

int main(void)
{
	int x = LW_NO_HEX, y = LW_NO_HEX;
	/* two regular generals and a TCO: only the regulars may be picked */
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL) || !CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 2);
	int sherman = fx_place(s, "sherman", x, 2);
	int thomas = fx_place(s, "thomas", x, 1);
	fx_place(s, "hardee", y, 2);
	lw_kill(s, thomas);
	int tco = fx_tco_at(s, x);
	if (!CHECK(tco != LW_NONE))
		return tap_done();
	fx_stack_deck(s, LW_UNION, LW_SYM_CASUALTY, 6, 6);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	CHECK(ff_fight(s, grant, y, 0, 0));
	if (CHECKF(s->step == LW_ST_CASUALTY && s->battle.casualty_victim_side == LW_UNION,
	           "the Union casualty is to be chosen (step %d)", s->step)) {
		CHECK(offered(s, grant));
		CHECK(offered(s, sherman));
		CHECK(!offered(s, tco));
		char a[96], id[32];
		snprintf(a, sizeof a, "{\"type\":\"casualty\",\"unit\":\"%s\"}",
		         lw_unit_id(s, tco, id, sizeof id));
		json_t *j = json_loads(a, 0, NULL);
		struct tg_error err = {0};
		struct game_outcome out = {0};
		CHECK(lw_battle_act(s, s->battle.casualty_side, j, &out, &err) != 0);
		CHECK(strstr(err.message, "17.4") != NULL);
		json_decref(j);
	}
	free(s);

	/* a TCO with no regular general left takes the casualty roll */
	s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	/* a three-star TCO (+2 on its roll) against one-star Pillow (defense 1):
	 * never routed, so it is not exempt (16.6.4) */
	thomas = fx_place(s, "thomas", x, 3);
	fx_place(s, "pillow", y, 1);
	lw_kill(s, thomas);
	tco = fx_tco_at(s, x);
	if (!CHECK(tco != LW_NONE))
		return tap_done();
	fx_stack_deck(s, LW_UNION, LW_SYM_CASUALTY, 6, 6);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	char name[64];
	lw_unit_name(s, tco, name, sizeof name);
	uint32_t from = s->log_total;
	CHECK(ff_fight(s, tco, y, 0, 0));
	if (!CHECK(ff_logged(s, from, "Casualty roll", name)))
		for (uint32_t i = from; i < s->log_total; i++)
			printf("# %s\n", s->log[i % LW_LOG_LINES]);

	/* a TCO subordinate surviving a rout carries IT equal to its stars */
	{
		struct lw_state *r = fx_new(1);
		if (!CHECK(r != NULL))
			return tap_done();
		/* Thomas first: Halleck, the later, commands (11.0.1), as the
		 * activated CO must */
		int sub = fx_place(r, "thomas", x, 1);
		int hal = fx_place(r, "halleck", x, 1);
		fx_place(r, "je_johnston", y, 3);
		fx_place(r, "lee", y, 3);
		lw_kill(r, sub);
		int t = fx_tco_at(r, x);
		fx_stack_deck(r, LW_UNION, 0, 0, 12);
		fx_stack_deck(r, LW_CONFEDERATE, 0, 0, 12);
		if (CHECK(t != LW_NONE) && CHECK(ff_fight(r, hal, y, 0, 0)) &&
		    CHECKF(r->battle.rout && r->battle.winner == LW_CONFEDERATE,
		           "the Union attack is routed")) {
			CHECK_EQ_INT(r->unit[hal].where, LW_W_DISGRACED); /* 16.6.4 */
			CHECK_EQ_INT(r->unit[t].where, LW_W_MAP);
			CHECK_EQ_INT(r->unit[t].it, r->unit[t].stars);
		}
		free(r);
	}

	/* a TCO disgraced is removed from play, a general goes to the box */
	int sher = fx_place(s, "sherman", x, 1);
	lw_disgrace(s, sher);
	CHECK_EQ_INT(s->unit[sher].where, LW_W_DISGRACED);
	if (s->unit[tco].where == LW_W_MAP) {
		lw_disgrace(s, tco);
		CHECK_EQ_INT(s->unit[tco].where, LW_W_REMOVED);
	} else {
		/* the roll killed it: take a fresh TCO */
		int hal = fx_place(s, "halleck", x, 1);
		lw_kill(s, hal);
		int t2 = fx_tco_at(s, x);
		if (CHECK(t2 != LW_NONE)) {
			lw_disgrace(s, t2);
			CHECK_EQ_INT(s->unit[t2].where, LW_W_REMOVED);
		}
	}
	free(s);
	return tap_done();
}
