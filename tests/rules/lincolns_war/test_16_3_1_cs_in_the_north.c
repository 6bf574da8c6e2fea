/* 16.3.1 Restriction on the Confederates in the North: "The Confederate
 * player may not use CSP in any combat in or into Union territory whether on
 * attack or defense. CSP *can* be used for defense if CS units are being
 * attacked from Union territory but they themselves are *not* in Union
 * territory." Kentucky and Missouri are not Union territory.
 * Where the CSP are barred, the Confederate commitment offers only the 0-CSP
 * card and a commitment of 3 is refused citing 16.3.1 (both directions: the
 * battle hex in Union territory, and a Confederate force IN Union territory
 * attacking OUT of it). Where they are allowed, the same battle is fought
 * twice, with the CSP card 0 and with 3 (5 banked): the difference in
 * strength and in the bank is what the CSP did. */
#include "lw_land_fixture.h"

struct result {
	int strength[LW_SIDE_SLOTS];
	int bank[LW_SIDE_SLOTS];
};

static bool duel(const char *att, int ah, const char *def, int dh, int cs_csp, struct result *r)
{
	struct lw_state *s = fx_new(1);
	if (!s)
		return false;
	int a = fx_place(s, att, ah, 2), d = fx_place(s, def, dh, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	s->side[LW_UNION].csp = 5;
	s->side[LW_CONFEDERATE].csp = 5;
	int us_csp = 0;
	bool ok = s->unit[a].side == LW_UNION ? ff_fight(s, a, dh, us_csp, cs_csp)
	                                      : ff_fight(s, a, dh, cs_csp, us_csp);
	(void)d;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		r->strength[side] = s->battle.strength[side];
		r->bank[side] = s->side[side].csp;
	}
	free(s);
	return ok;
}

/* What three Confederate CSP add to his strength, and take from his bank. */
static void cs_csp_effect(const char *what, const char *att, int ah, const char *def, int dh,
                          int want)
{
	struct result r0, r3;
	bool ok = duel(att, ah, def, dh, 0, &r0) && duel(att, ah, def, dh, 3, &r3);
	if (!CHECKF(ok, "%s: the battle is fought", what))
		return;
	CHECKF(r3.strength[LW_CONFEDERATE] - r0.strength[LW_CONFEDERATE] == want,
	       "%s: three CS CSP add %d strength (got %d)", what, want,
	       r3.strength[LW_CONFEDERATE] - r0.strength[LW_CONFEDERATE]);
	CHECKF(r3.bank[LW_CONFEDERATE] == 5 - want, "%s: %d CSP left in the bank (got %d)", what,
	       5 - want, r3.bank[LW_CONFEDERATE]);
	CHECK_EQ_INT(r3.strength[LW_UNION], r0.strength[LW_UNION]);
}

/* The battle up to the commitment: the largest CSP card offered to the
 * Confederates, and whether their 3-CSP commitment is refused citing 16.3.1
 * (a 0-CSP one then goes through). */
static void cs_csp_barred(const char *what, const char *att, int ah, const char *def, int dh)
{
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return;
	int a = fx_place(s, att, ah, 2);
	fx_place(s, def, dh, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	s->side[LW_UNION].csp = 5;
	s->side[LW_CONFEDERATE].csp = 5;
	int A = s->unit[a].side;
	s->play.side = (int8_t)A;
	lw_march_begin(s, a, false);
	char j[96];
	snprintf(j, sizeof j, "{\"type\":\"attack\",\"target\":%d}", dh);
	bool ok = fx_act(s, A, j) == 0;
	if (ok && s->step == LW_ST_WITHDRAW)
		ok = fx_act(s, LW_OTHER(A), "{\"type\":\"stand\"}") == 0;
	if (!CHECKF(ok && s->step == LW_ST_COMMIT, "%s: the battle reaches the commitment", what)) {
		free(s);
		return;
	}
	/* the offers: only the 0-CSP card */
	json_t *l = json_array();
	lw_battle_offer(s, LW_CONFEDERATE, TG_OFFERS_TREE(l));
	int max = -1, n = 0;
	size_t i;
	json_t *o;
	json_array_foreach(l, i, o)
	{
		json_t *act = json_object_get(o, "action");
		int v = (int)json_integer_value(json_object_get(act, "csp"));
		max = v > max ? v : max;
		n++;
	}
	json_decref(l);
	CHECKF(n > 0 && max == 0, "%s: the Confederates are offered only the 0-CSP card (max %d)",
	       what, max);
	/* the refusal cites the rule */
	json_t *c3 = json_pack("{s:s,s:i,s:i}", "type", "commit", "resource", 72, "csp", 3);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_battle_act(s, LW_CONFEDERATE, c3, &out, &err);
	json_decref(c3);
	CHECKF(rc != 0 && strstr(err.message, "16.3.1") != NULL,
	       "%s: three CS CSP refused citing 16.3.1 (%s)", what, rc ? err.message : "accepted");
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	ACT_OK(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECKF(s->side[LW_CONFEDERATE].csp == 5, "%s: the CS bank is untouched (%d)", what,
	       s->side[LW_CONFEDERATE].csp);
	free(s);
}

int main(void)
{
	free(fx_new(1)); /* loads the data */
	const struct lw_data *d = lw_D();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	/* in Union territory: nothing, attacking or defending */
	if (CHECK(fx_plain_pair("PA", &x, &y) || fx_plain_pair("OH", &x, &y))) {
		CHECK(lw_hex_in_territory(x, LW_UNION) && lw_hex_in_territory(y, LW_UNION));
		cs_csp_barred("CS attack into Union territory", "hardee", y, "grant", x);
		cs_csp_barred("CS defence in Union territory", "grant", y, "hardee", x);
	}
	/* Kentucky is not Union territory: the CSP count */
	if (CHECK(fx_plain_pair("KY", &x, &y)))
		cs_csp_effect("CS attack in Kentucky", "hardee", y, "grant", x, 3);
	/* a CS force outside Union territory attacked from it: the CSP count */
	int in = LW_NO_HEX, out = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && in == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (!h->state[0] || !lw_hex_in_territory(h->id, LW_CONFEDERATE) || h->city >= 0 ||
		    h->terrain != LW_TERRAIN_CLEAR)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int k = 0; k < n && in == LW_NO_HEX; k++) {
			const struct lw_hex *o = lw_data_hex(d, nb[k]);
			if (o && lw_hex_in_territory(nb[k], LW_UNION) && o->city < 0 &&
			    o->terrain == LW_TERRAIN_CLEAR &&
			    !(lw_data_hexside_flags(d, h->id, nb[k]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				in = nb[k];
				out = h->id;
			}
		}
	}
	if (CHECKF(in != LW_NO_HEX, "a Confederate hex next to a Union one")) {
		cs_csp_effect("CS defence attacked from Union territory", "grant", in, "hardee",
		              out, 3);
		/* the other direction: the Confederates stand IN Union territory and
		 * attack out of it, into their own: "in ... Union territory" */
		cs_csp_barred("CS attack out of Union territory", "hardee", in, "grant", out);
	}
	return tap_done();
}
