/* lw_cav_city.c — 13.1.3 / 16.10.2 controlling cities with cavalry: a city
 * taken by lone cavalry (an enemy city after a battle, or a neutral one on
 * entry, 2.4.2) is captured only while the cavalry stays; when it leaves,
 * control reverts to the side that held it before, unless the holder's
 * infantry has come in and placed its garrison token meanwhile.
 *
 * Decision (docs/decisions.md "13.1.3 / 16.10.2 / 8.2: what a city held by cavalry reverts to",
 * issue 22): the reversion undoes the capture in the whole state: the former holder's garrison
 * token comes back where he had one (16.10.2's -1, 8.2's blockade count), and the supply value in
 * PC goes back (the raider returns it, the former holder regains it). */
#include <string.h>

#include "lw_cavalry.h"
#include "lw_engine.h"

_Static_assert(LW_CAV_CITIES == LW_MAX_CITIES, "lw_cav.held must cover every city");

static void set_held(struct lw_state *s, int c, bool on)
{
	uint8_t m = (uint8_t)(1u << (c % 8));
	if (on)
		s->cav.held[c / 8] |= m;
	else
		s->cav.held[c / 8] &= (uint8_t)~m;
	if (!on)
		s->cav.held_from[c] = 0;
}

bool lw_cav_city_held(const struct lw_state *s, int c)
{
	return c >= 0 && c < LW_MAX_CITIES && (s->cav.held[c / 8] & (1u << (c % 8)));
}

void lw_cav_city_captured(struct lw_state *s, int c, int old_owner, bool by_cavalry)
{
	if (c < 0 || c >= LW_MAX_CITIES)
		return;
	/* a second capture by cavalry keeps the first owner to revert to */
	int from = lw_cav_city_held(s, c) ? s->cav.held_from[c] : old_owner;
	/* cavalry retaking a city for the side that held it before the raid
	 * just gives it back: nothing left to revert */
	bool held = by_cavalry && from != s->city[c].owner;
	set_held(s, c, held);
	if (held)
		s->cav.held_from[c] = (int8_t)from;
}

/* 16.10.2: a side holding a city against its original side (or a neutral
 * one) has its garrison token there; its own city carries none. */
static bool garrisoned_by(int c, int side)
{
	int ctrl = lw_D()->cities[c].control;
	bool own = (ctrl == LW_CTRL_UNION && side == LW_UNION) ||
	           (ctrl == LW_CTRL_CONFEDERATE && side == LW_CONFEDERATE);
	return side != LW_NOSIDE && !own;
}

/* 13.1.3: city c, held by cavalry: taken over by the holder's infantry,
 * kept while the cavalry stays, or reverted */
static void settle_city(struct lw_state *s, const struct lw_data *d, int c)
{
	int holder = s->city[c].owner, hex = d->cities[c].hex;
	int us[LW_MAX_UNITS];
	int n = holder == LW_NOSIDE ? 0 : lw_units_at(s, hex, holder, us);
	bool infantry = false;
	for (int i = 0; i < n; i++)
		infantry |= !s->unit[us[i]].cavalry;
	if (infantry) {
		/* "unless an infantry unit can be moved in and a Garrison
		 * Token placed" */
		s->city[c].garrison = garrisoned_by(c, holder) ? 1 : 0;
		set_held(s, c, false);
		lw_log(s, "%s infantry holds %s: a garrison token replaces the cavalry (13.1.3).",
		       lw_side_title(holder), d->cities[c].name);
		return;
	}
	if (n > 0)
		return; /* the cavalry is still there */
	int back = s->cav.held_from[c];
	int v = d->cities[c].supply > 0 ? d->cities[c].supply : 0;
	s->city[c].owner = (int8_t)back;
	s->city[c].garrison = garrisoned_by(c, back) ? 1 : 0;
	set_held(s, c, false);
	/* the capture's PC go back with the city (docs/decisions.md "13.1.3: the PC of the
	 * capture on reversion", issue 22) */
	if (holder != LW_NOSIDE)
		lw_lose_pc(s, holder, v);
	if (back != LW_NOSIDE)
		lw_gain_pc(s, back, v);
	lw_log(s, "The cavalry left %s: control reverts to %s, and its %d PC with it (13.1.3).",
	       d->cities[c].name, back == LW_NOSIDE ? "neutrality" : lw_side_title(back), v);
}

/* The cities held by cavalry are few (most calls: none), and this runs
 * after every Operations and Rail action: the held bits are read a byte at
 * a time, each held city's in city order as before (issue 17: the test of
 * every city's bit was 1.2 K instructions a call, 5.7 M of bench_rules 6
 * 6's lw_act). Settling city c clears c's bit alone. */
void lw_cav_city_settle(struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	int n_cities = s->n_cities < LW_MAX_CITIES ? s->n_cities : LW_MAX_CITIES;
	for (int b = 0; b * 8 < n_cities; b++) {
		for (unsigned m = s->cav.held[b]; m; m &= m - 1) {
			int c = b * 8 + __builtin_ctz(m);
			if (c >= n_cities)
				break;
			settle_city(s, d, c);
		}
	}
}
