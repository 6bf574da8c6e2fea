/* lw_cav_city.c — 13.1.3 controlling enemy cities with cavalry: a city
 * taken by lone cavalry is captured only while the cavalry stays; when it
 * leaves, control reverts to the side that held it before, unless the
 * holder's infantry has come in and placed its garrison token meanwhile.
 *
 * Decision (README): the reversion moves no PC — the text speaks only of
 * control; the PC of the capture (16.10) stay with the raider. */
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
	set_held(s, c, by_cavalry);
	if (by_cavalry)
		s->cav.held_from[c] = (int8_t)from;
}

void lw_cav_city_settle(struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	for (int c = 0; c < s->n_cities && c < LW_MAX_CITIES; c++) {
		if (!lw_cav_city_held(s, c))
			continue;
		int holder = s->city[c].owner, hex = d->cities[c].hex;
		int us[LW_MAX_UNITS];
		int n = holder == LW_NOSIDE ? 0 : lw_units_at(s, hex, holder, us);
		bool infantry = false;
		for (int i = 0; i < n; i++)
			infantry |= !s->unit[us[i]].cavalry;
		if (infantry) {
			/* "unless an infantry unit can be moved in and a Garrison
			 * Token placed" */
			bool own = (d->cities[c].control == LW_CTRL_UNION && holder == LW_UNION) ||
			           (d->cities[c].control == LW_CTRL_CONFEDERATE &&
			            holder == LW_CONFEDERATE);
			s->city[c].garrison = own ? 0 : 1;
			set_held(s, c, false);
			lw_log(
			    s,
			    "%s infantry holds %s: a garrison token replaces the cavalry (13.1.3).",
			    lw_side_title(holder), d->cities[c].name);
			continue;
		}
		if (n > 0)
			continue; /* the cavalry is still there */
		int back = s->cav.held_from[c];
		s->city[c].owner = (int8_t)back;
		s->city[c].garrison = 0;
		set_held(s, c, false);
		lw_log(s, "The cavalry left %s: control reverts to %s (13.1.3).", d->cities[c].name,
		       back == LW_NOSIDE ? "neutrality" : lw_side_title(back));
	}
}
