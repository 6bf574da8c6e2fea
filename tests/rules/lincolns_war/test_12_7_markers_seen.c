/* test_12_7_markers_seen.c — 12.7 hides what is in a force, not the
 * markers placed on it:
 *   12.7: "A force can only be examined by its controlling player."
 *   20.6: "Any general(s) detached from an out-of-supply force receive an
 *         Out-of-Supply token. OOS tokens are automatically removed from
 *         forces as soon as a line of supply is opened up."
 *   10.7.4: "This is indicated by placing the RELUCTANT TO FOLLOW ORDERS
 *         token on the designated CO."
 * Both tokens sit on the stack, in plain sight, like the IT markers: the
 * opponent and the observers see a force's Out-of-Supply token and its CO's
 * Reluctant token; the subordinates under them stay hidden (issue 16
 * item 4). */
#include "lw_testkit.h"

/* The force object of `side` at `hex` in `role`'s view (a new reference),
 * or NULL. */
static json_t *force_in_view(struct game *g, const char *role, int hex, const char *side)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *forces = json_object_get(json_object_get(v, "board"), "forces");
	json_t *found = NULL, *f;
	size_t i;
	json_array_foreach(forces, i, f)
	{
		if (json_integer_value(json_object_get(f, "hex")) == hex &&
		    strcmp(json_string_value(json_object_get(f, "side")), side) == 0)
			found = json_incref(f);
	}
	json_decref(v);
	return found;
}

static bool flag(const json_t *o, const char *key)
{
	return json_is_true(json_object_get(o, key));
}

int main(void)
{
	struct game *g = tk_new("campaign", 3);
	struct lw_state *s = &g->s;
	int hex = tk_empty_hex(g, "KY", LW_NO_HEX);
	int co = tk_put(g, "mcclellan", hex, 3, 0);
	int sub = tk_put(g, "sherman", hex, 1, 0);
	CHECK_EQ_INT(lw_force_co(s, hex), co);

	/* no token: nobody sees one */
	const char *roles[] = {"confederate", "observer", "union"};
	for (int r = 0; r < 3; r++) {
		json_t *f = force_in_view(g, roles[r], hex, "union");
		if (!CHECKF(f, "%s sees the force", roles[r]))
			continue;
		CHECKF(!flag(f, "out_of_supply"), "%s: no OOS token yet", roles[r]);
		CHECKF(!flag(json_object_get(f, "co"), "reluctant"), "%s: no Reluctant token",
		       roles[r]);
		json_decref(f);
	}

	/* 20.6: the force is out of supply (the token is the force's: every
	 * general in it carries it); 10.7.4: its CO is Reluctant */
	s->unit[co].flags |= LW_UF_OOS | LW_UF_RELUCTANT;
	s->unit[sub].flags |= LW_UF_OOS;
	for (int r = 0; r < 3; r++) {
		json_t *f = force_in_view(g, roles[r], hex, "union");
		if (!CHECKF(f, "%s sees the force", roles[r]))
			continue;
		CHECKF(flag(f, "out_of_supply"), "%s sees the force's Out-of-Supply token (20.6)",
		       roles[r]);
		CHECKF(flag(json_object_get(f, "co"), "out_of_supply"),
		       "%s sees the token on the CO", roles[r]);
		CHECKF(flag(json_object_get(f, "co"), "reluctant"),
		       "%s sees the CO's Reluctant to Follow Orders token (10.7.4)", roles[r]);
		/* 12.7: what is under the tokens stays the owner's */
		bool own = strcmp(roles[r], "union") == 0;
		CHECKF((json_object_get(f, "subordinates") != NULL) == own,
		       "%s: subordinates listed only for the owner", roles[r]);
		char *t = json_dumps(f, JSON_COMPACT);
		CHECKF((strstr(t, "sherman") != NULL) == own, "%s: Sherman named only to the owner",
		       roles[r]);
		free(t);
		json_decref(f);
	}
	lincolns_war_module.free(g);
	return tap_done();
}
