/* 10.7.3.1 Special Campaign cards: "Play of a campaign card allows two
 * designated forces to be activated ... Both forces must end their movement
 * in the region named on the campaign card ... both forces must be
 * designated before any movement or battle takes place." Played through
 * act() with the Union's Eastern Theater (VA) card: no activation before
 * both forces are named (one offer per first force, the second a
 * parameter); a force outside Virginia cannot be named; a named force may
 * not move out of Virginia (the engine keeps it inside, so that it always
 * ends there), nor may the groups it splits into. */
#include "lincolns_war/lw_march.h"
#include "lw_groups_fixture.h"

/* Land a minor army may enter (rivers and mountains are no obstacle to it,
 * 12.2): no ocean, no city, nobody there. */
static bool gf_land(const struct game *g, int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->terrain != LW_TERRAIN_OCEAN && h->city < 0 &&
	       lw_hex_owner_force(&g->s, hex) == LW_NOSIDE;
}

/* A plain hex of `region` with a plain neighbour inside it (*in) and one
 * outside it (*out). */
static int region_hex(const struct game *g, int region, int *in, int *out, int not_this)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if ((int)h->region != region || !gf_land(g, h->id) || h->id == not_this)
			continue;
		*in = *out = LW_NO_HEX;
		int nb[6];
		int k = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int j = 0; j < k; j++) {
			const struct lw_hex *x = lw_data_hex(d, nb[j]);
			if (!gf_land(g, nb[j]) || nb[j] == not_this ||
			    (lw_data_hexside_flags(d, h->id, nb[j]) & LW_HS_IMPASSABLE))
				continue;
			if ((int)x->region == region)
				*in = nb[j];
			else if (x->region != LW_REGION_NONE && strcmp(x->state, "KY") != 0)
				*out = nb[j];
		}
		if (*in != LW_NO_HEX && *out != LW_NO_HEX)
			return h->id;
	}
	return LW_NO_HEX;
}

/* The "second" choices of the designation offered for `first`. */
static json_t *second_choices(struct game *g, const char *first)
{
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions"), *found = NULL;
	for (size_t i = 0; i < json_array_size(acts) && !found; i++) {
		json_t *e = json_array_get(acts, i);
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *f = json_string_value(json_object_get(a, "first"));
		if (t && f && strcmp(t, "campaign_forces") == 0 && strcmp(f, first) == 0)
			found = json_object_get(json_array_get(json_object_get(e, "params"), 0),
			                        "choices");
	}
	json_incref(found);
	json_decref(v);
	return found;
}

static bool has_value(const json_t *choices, const char *value)
{
	size_t i;
	const json_t *c;
	json_array_foreach(choices, i, c)
	{
		const char *v = json_string_value(json_object_get(c, "value"));
		if (v && strcmp(v, value) == 0)
			return true;
	}
	return false;
}

int main(void)
{
	struct game *g = gf_new(41, LW_UNION);
	struct lw_state *s = &g->s;
	int in1, out1, in2, out2;
	int v1 = region_hex(g, LW_REGION_EASTERN, &in1, &out1, LW_NO_HEX);
	if (!CHECK(v1 != LW_NO_HEX))
		return tap_done();
	int grant = gf_place(g, "grant", v1, 3);
	int mcpherson = gf_place(g, "mcpherson", v1, 1);
	s->unit[grant].cmd = ++s->cmd_seq;
	int v2 = region_hex(g, LW_REGION_EASTERN, &in2, &out2, in1);
	if (!CHECK(v2 != LW_NO_HEX))
		return tap_done();
	int sherman = gf_place(g, "sherman", v2, 2);
	int oh[2] = {0};
	if (!CHECK(gf_paths(g, "OH", 1, 0, oh)))
		return tap_done();
	int thomas = gf_place(g, "thomas", oh[0], 1);
	const struct lw_card *k = lw_card(LW_UNION, 58);
	if (!CHECK(k && k->kind == LW_CARD_CAMPAIGN && k->campaign_region == LW_REGION_EASTERN))
		return tap_done();
	tk_give(s, LW_UNION, 58);
	CHECKF(tk_act(g, "union", "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}") == 0,
	       "%s", tk_err.message);

	/* both forces are named before either moves */
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "designated"), "%s",
	       tk_err.message);
	json_t *ch = second_choices(g, "grant");
	CHECK(ch != NULL);
	CHECK(has_value(ch, "none"));
	CHECK(has_value(ch, "sherman"));
	CHECK(!has_value(ch, "thomas"));    /* in Ohio */
	CHECK(!has_value(ch, "mcpherson")); /* Grant's subordinate: the same force */
	json_decref(ch);
	CHECK(second_choices(g, "thomas") == NULL);
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"thomas\",\"second\":\"grant\"}") !=
	      0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "region"), "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"sherman\",\"second\":\"grant\"}") ==
	      0);
	CHECK_EQ_INT(s->play.activations_left, 2);
	/* a second designation is refused; only the named forces activate */
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"none\"}") !=
	      0);
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"thomas\"}") != 0);
	CHECKF(strstr(tk_err.message, "designated"), "%s", tk_err.message);

	/* Grant's force: out of Virginia is refused, for the whole force and for
	 * a group split from it; inside it moves */
	char buf[200];
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, out1)) != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "end their movement"),
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, v1);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"mcpherson\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, in1)) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", v1);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, out1)) != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1"), "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[mcpherson].hex, v1);
	CHECK_EQ_INT(s->unit[grant].hex, in1);

	/* Sherman, the second force, likewise */
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, out2)) != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1"), "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, in2)) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[sherman].hex, in2);
	CHECK(s->step != LW_ST_MOVE); /* the card play is over */
	(void)thomas;
	lincolns_war_module.free(g);
	return tap_done();
}
