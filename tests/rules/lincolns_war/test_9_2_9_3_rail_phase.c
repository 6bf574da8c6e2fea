/* 9.0 the Rail Phase as a phase: who rails when, 9.2 absorbing TCO stars
 * after rail movement (lw_tco's 17.5 helper, one PC, one star per general
 * per turn, then no more railing), 9.3 every RIT removed at its end, the
 * Raided markers of the last turn gone (13.2.2.1), then the card draw. */
#include "kit/param_by.h"
#include "lw_rail_fixture.h"

static bool offers(const struct lw_state *s, int side, const char *type)
{
	json_t *l = json_array();
	lw_rail_offer(s, side, TG_OFFERS_TREE(l));
	bool found = false;
	for (size_t i = 0; i < json_array_size(l); i++) {
		const char *t = json_string_value(
		    json_object_get(json_object_get(json_array_get(l, i), "action"), "type"));
		found |= t && strcmp(t, type) == 0;
	}
	json_decref(l);
	return found;
}

/* Every rail entry leaves the general and his destination to choose, as
 * the params "unit" and "to", "to" by "unit" (issue 17: one list of
 * destinations for many generals, each general's open ones given by his
 * "only"/"except" list); every general with each destination his list
 * opens, filled in, is an action the phase accepts, and each it shuts one
 * it refuses (checked on a copy of the state). */
static void check_rail_params(const struct lw_state *s, int side)
{
	json_t *l = json_array();
	lw_rail_offer(s, side, TG_OFFERS_TREE(l));
	int entries = 0;
	for (size_t i = 0; i < json_array_size(l); i++) {
		json_t *e = json_array_get(l, i);
		json_t *a = json_object_get(e, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "rail") != 0)
			continue;
		entries++;
		json_t *pu = json_array_get(json_object_get(e, "params"), 0);
		json_t *pt = json_array_get(json_object_get(e, "params"), 1);
		CHECK_EQ_STR(json_string_value(json_object_get(pu, "name")), "unit");
		CHECK_EQ_STR(json_string_value(json_object_get(pt, "name")), "to");
		CHECK(json_object_get(a, "unit") == NULL && json_object_get(a, "to") == NULL);
		json_t *units = json_object_get(pu, "choices"),
		       *to = json_object_get(pt, "choices");
		CHECK(json_array_size(units) > 0 && json_array_size(to) > 0);
		CHECK_EQ_STR(json_string_value(json_object_get(pt, "by")), "unit");
		for (size_t u = 0; u < json_array_size(units); u++)
			for (size_t c = 0; c < json_array_size(to); c++) {
				bool open = tg_param_open(pt, u, c);
				json_t *filled = json_deep_copy(a);
				json_object_set(filled, "unit",
				                json_object_get(json_array_get(units, u), "value"));
				json_object_set(filled, "to",
				                json_object_get(json_array_get(to, c), "value"));
				char *txt = json_dumps(filled, JSON_COMPACT);
				struct lw_state *copy = malloc(sizeof *copy);
				memcpy(copy, s, sizeof *copy);
				CHECKF((rx_rail(copy, side, txt) == 0) == open,
				       "offered rail move %s: %s", open ? "accepted" : "refused",
				       txt);
				free(copy);
				free(txt);
				json_decref(filled);
			}
	}
	CHECK(entries > 0);
	json_decref(l);
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	s->first = LW_UNION;
	/* Grant and a two-star TCO at Washington, an RIT somewhere, a Raided CO */
	int grant = fx_place(s, "grant", 1903, 1);
	int t = LW_NONE;
	for (int i = 0; i < s->n_units && t == LW_NONE; i++)
		if (s->unit[i].gen < 0 && s->unit[i].side == LW_UNION &&
		    s->unit[i].where == LW_W_UNUSED)
			t = i;
	if (!CHECK(t != LW_NONE))
		return tap_done();
	s->unit[t].where = LW_W_MAP;
	s->unit[t].hex = 1903;
	s->unit[t].stars = 2;
	s->unit[t].cavalry = 0;
	lw_rit_set(s, 1804, true);
	s->cav.raided[grant / 8] |= (uint8_t)(1u << (grant % 8));
	CHECK(lw_co_raided(s, grant));

	struct game_outcome out = {0};
	CHECK(lw_rail_pending(s));
	lw_rail_begin(s, &out);
	CHECK_EQ_INT(s->phase, LW_PH_RAIL);
	CHECK_EQ_INT(s->phasing, LW_UNION); /* the turn's first player (6.0) */
	CHECK(!lw_co_raided(s, grant));
	CHECK(lw_rit_at(s, 1804)); /* RIT still stand while railing (9.1) */
	CHECK(offers(s, LW_UNION, "rail"));
	check_rail_params(s, LW_UNION);
	CHECK(offers(s, LW_UNION, "absorb_tco"));
	CHECK(offers(s, LW_UNION, "end_rail"));
	/* not the Confederate's turn yet */
	CHECK(rx_rail(s, LW_CONFEDERATE, "{\"type\":\"end_rail\"}") != 0);

	/* 9.2: one PC, Grant promoted, one TCO star gone */
	char a[160], tid[32];
	lw_unit_id(s, t, tid, sizeof tid);
	snprintf(a, sizeof a, "{\"type\":\"absorb_tco\",\"tco\":\"%s\",\"general\":\"grant\"}",
	         tid);
	int pc = s->side[LW_UNION].pc;
	{
		int r_ = rx_rail(s, LW_UNION, a);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(s->unit[grant].stars, 2);
	CHECK_EQ_INT(s->unit[t].stars, 1);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc - 1);
	/* one star per general per turn */
	CHECK(rx_rail(s, LW_UNION, a) != 0);
	/* rail movement is over once absorbing began (9.2 "once rail movement
	 * is completed") */
	CHECK(!offers(s, LW_UNION, "rail"));
	CHECK(rx_rail(s, LW_UNION,
	              "{\"type\":\"rail\",\"unit\":\"grant\",\"to\":1902,\"force\":true}") != 0);

	{
		int r_ = rx_rail(s, LW_UNION, "{\"type\":\"end_rail\"}");
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(s->phase, LW_PH_RAIL);
	CHECK_EQ_INT(s->phasing, LW_CONFEDERATE);
	{
		int r_ = rx_rail(s, LW_CONFEDERATE, "{\"type\":\"end_rail\"}");
		CHECK_EQ_INT(r_, 0);
	}
	/* 9.3: all RIT removed; the card draw follows (3.5) */
	CHECK(!lw_rit_at(s, 1804));
	CHECK_EQ_INT(s->cav.rit_n, 0);
	CHECK(s->phase != LW_PH_RAIL);
	CHECK(s->phase == LW_PH_DRAW || s->phase == LW_PH_OPS);
	CHECK(!lw_rail_pending(s));
	free(s);
	return tap_done();
}
