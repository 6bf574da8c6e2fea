/* 12.3.3 Major army retreating across a river: "If forced to retreat across
 * a river, a subordinate general of the Major army must be demoted or
 * disgraced." A seven-star Confederate Major Army beaten in a hex whose only
 * free neighbour lies across a river retreats there and loses one
 * subordinate's star (the CO keeps his); a Minor Army retreating across the
 * same river loses nothing. */
#include "lw_land_fixture.h"

static bool usable(const struct lw_data *d, int hex)
{
	const struct lw_hex *h = lw_data_hex(d, hex);
	return h && h->terrain == LW_TERRAIN_CLEAR && h->city < 0 && !lw_is_kentucky(hex) &&
	       strcmp(h->state, "MO") != 0;
}

/* def: the battle hex; att: a neighbour across no river; riv: a neighbour
 * across a river; the other neighbours get Union blockers. */
static bool geometry(int *def, int *att, int *riv)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int h = d->hexes[i].id;
		if (!usable(d, h))
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h, nb);
		*att = *riv = LW_NO_HEX;
		for (int k = 0; k < n; k++) {
			unsigned f = lw_data_hexside_flags(d, h, nb[k]);
			if (!usable(d, nb[k]) || (f & LW_HS_IMPASSABLE))
				continue;
			if (f & LW_HS_MISSISSIPPI)
				continue; /* 12.3: a Major Army never crosses it */
			if ((f & LW_HS_RIVER) && *riv == LW_NO_HEX)
				*riv = nb[k];
			else if (!(f & LW_HS_RIVER) && *att == LW_NO_HEX)
				*att = nb[k];
		}
		if (*att != LW_NO_HEX && *riv != LW_NO_HEX) {
			*def = h;
			return true;
		}
	}
	return false;
}

static const char *const blockers[] = {"mcclellan", "mcdowell", "fremont",  "lyon",
                                       "butler",    "banks",    "patterson"};

/* Returns the Confederate infantry stars lost in the retreat (-1: no
 * retreat across the river happened). */
static int beaten(const char *const *cs, const int *stars, int n_cs, int *co_stars_lost)
{
	struct lw_state *s = fx_new(2);
	int def, att, riv;
	if (!s || !geometry(&def, &att, &riv)) {
		free(s);
		return -1;
	}
	const struct lw_data *d = lw_D();
	int nb[6], nn = tg_hex_neighbours(&d->grid, def, nb), b = 0;
	for (int k = 0; k < nn; k++)
		if (nb[k] != att && nb[k] != riv && lw_data_hex(d, nb[k]) &&
		    lw_data_hex(d, nb[k])->terrain != LW_TERRAIN_OCEAN)
			fx_place(s, blockers[b++], nb[k], 1);
	int grant = fx_place(s, "grant", att, 3);
	fx_place(s, "sherman", att, 3);
	int units[8], before = 0;
	for (int i = 0; i < n_cs; i++) {
		units[i] = fx_place(s, cs[i], def, stars[i]);
		before += stars[i];
	}
	int co = lw_force_co(s, def), co_stars = s->unit[co].stars;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	int lost = -1;
	if (ff_fight(s, grant, def, 0, 0) && s->battle.winner == LW_UNION && !s->battle.rout &&
	    s->step == LW_ST_RETREAT) {
		int to = fx_first_offer(s, LW_CONFEDERATE, "retreat", "to");
		CHECKF(to == riv, "the only retreat is across the river (%04d, offered %04d)", riv,
		       to);
		char a[64];
		snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", to);
		ACT_OK(s, LW_CONFEDERATE, a);
		/* the owner may be asked which subordinate (a demotion prompt):
		 * take the first offered */
		for (int k = 0; k < 3 && s->step == LW_ST_DEMOTE; k++) {
			json_t *l = json_array();
			lw_battle_offer(s, LW_CONFEDERATE, TG_OFFERS_TREE(l));
			json_t *first = json_object_get(json_array_get(l, 0), "action");
			char *txt = first ? json_dumps(first, JSON_COMPACT) : NULL;
			json_decref(l);
			if (!txt)
				break;
			ACT_OK(s, LW_CONFEDERATE, txt);
			free(txt);
		}
		int after = 0;
		for (int i = 0; i < n_cs; i++)
			if (s->unit[units[i]].where == LW_W_MAP)
				after += s->unit[units[i]].stars;
		lost = before - after;
		*co_stars_lost = co_stars - s->unit[co].stars;
	} else {
		printf("# winner %d rout %d step %d\n", s->battle.winner, s->battle.rout, s->step);
	}
	free(s);
	return lost;
}

int main(void)
{
	free(fx_new(2)); /* loads the data */
	int def, att, riv;
	if (!CHECKF(geometry(&def, &att, &riv), "a hex with a river on one side"))
		return tap_done();
	/* a Major Army: 3 + 2 + 2 infantry stars (seven stars need a
	 * three-star general to stack, 12.4), defense 5 */
	static const char *const major[] = {"bragg", "pillow", "floyd"};
	static const int major_stars[] = {3, 2, 2};
	int co_lost = 0;
	int lost = beaten(major, major_stars, 3, &co_lost);
	CHECK_EQ_INT(lost, 1);
	CHECK_EQ_INT(co_lost, 0);
	/* a Minor Army of the same strength (defense 5) across the same river:
	 * no loss */
	static const char *const minor[] = {"je_johnston", "hardee"};
	static const int minor_stars[] = {2, 1};
	lost = beaten(minor, minor_stars, 2, &co_lost);
	CHECK_EQ_INT(lost, 0);
	return tap_done();
}
