/* 16.10.1: "When the attacker wins a Minor Victory, he advances as many
 * involved generals as he wishes into the hex abandoned by the defender, up
 * to his entire attacking force. The attacker must always advance at least
 * one general or he receives one additional IT. Any generals who advance
 * must take any IT incurred during the battle." (16.2: the same after a
 * withdrawal before battle.)
 *
 * Through the module's act() and view(): after a withdrawal Grant's force of
 * three generals is offered every group that stacks (here: two subordinates
 * without their CO), the group advances, the CO stays, the new IT go with
 * the group; refusals for generals not in the battle, repeats, and the whole
 * force written as a list. */
#include "lw_land_fixture.h"

/* The choices of the view's "advance" entry whose action leaves "units"
 * open, as a JSON array (caller frees); NULL if none. */
static json_t *group_choices(struct game *g)
{
	json_t *v = lincolns_war_module.view(g, "union"), *r = NULL;
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(v, "actions"), i, e)
	{
		json_t *p = json_array_get(json_object_get(e, "params"), 0);
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		const char *name = json_string_value(json_object_get(p, "name"));
		if (t && strcmp(t, "advance") == 0 && name && strcmp(name, "units") == 0)
			r = json_deep_copy(json_object_get(p, "choices"));
	}
	json_decref(v);
	return r;
}

/* Is the group {a, b} (ids, any order; b NULL for one) among the choices? */
static bool has_group(json_t *choices, const char *a, const char *b)
{
	size_t i;
	json_t *c;
	json_array_foreach(choices, i, c)
	{
		json_t *ids = json_object_get(c, "value");
		size_t n = json_array_size(ids);
		if (n != (b ? 2u : 1u))
			continue;
		bool fa = false, fb = !b;
		for (size_t k = 0; k < n; k++) {
			const char *x = json_string_value(json_array_get(ids, k));
			fa |= strcmp(x, a) == 0;
			fb |= b && strcmp(x, b) == 0;
		}
		if (fa && fb)
			return true;
	}
	return false;
}

int main(void)
{
	struct bx_advance bt;
	if (!bx_advance_prompt(&bt))
		return tap_done();
	struct game *g = bt.g;
	struct lw_state *s = &g->s;
	int x = bt.x, y = bt.y, grant = bt.grant, sherman = bt.sherman, thomas = bt.thomas;

	/* every group that stacks, beyond "all" and "co": the subordinates */
	json_t *ch = group_choices(g);
	if (!CHECK(ch != NULL))
		return tap_done();
	CHECK(has_group(ch, "sherman", "thomas"));
	CHECK(has_group(ch, "sherman", NULL));
	CHECK(has_group(ch, "grant", "thomas"));
	CHECK(!has_group(ch, "grant", NULL)); /* the CO alone is its own entry */
	json_decref(ch);

	/* refusals, nothing changed */
	BX_FAILS(g, LW_UNION, "{\"type\":\"advance\",\"units\":[\"stuart\"]}");
	BX_FAILS(g, LW_UNION, "{\"type\":\"advance\",\"units\":[\"sherman\",\"sherman\"]}");
	BX_FAILS(g, LW_UNION,
	         "{\"type\":\"advance\",\"units\":[\"grant\",\"sherman\",\"thomas\"]}");
	BX_FAILS(g, LW_UNION, "{\"type\":\"advance\",\"units\":[]}");
	CHECK_EQ_INT(s->step, LW_ST_ADVANCE);

	/* the two subordinates advance; Grant stays where he attacked from */
	BX_OK(g, LW_UNION, "{\"type\":\"advance\",\"units\":[\"sherman\",\"thomas\"]}");
	CHECK_EQ_INT(s->unit[sherman].hex, y);
	CHECK_EQ_INT(s->unit[thomas].hex, y);
	CHECK_EQ_INT(s->unit[grant].hex, x);
	/* the new IT go with the advancing generals, the older stay */
	CHECK_EQ_INT(lw_force_it(s, y), 1);
	CHECK_EQ_INT(lw_force_it(s, x), 2);
	CHECK(s->step != LW_ST_ADVANCE);
	free(g);
	return tap_done();
}
