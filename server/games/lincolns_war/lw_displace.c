/* lw_displace.c — 12.4 displacement: when an involuntary change (a
 * demotion, a disgrace, a death, a GiC arriving or leaving) leaves a side's
 * stack overstacked, "displace enough stars from the stack to an adjacent
 * space until stacking limits are met. If there are no adjacent spaces to
 * displace excess units to, place them in the nearest friendly city"
 * (11.1.2.3, the one procedure the text gives). Here: where a general may
 * go (lw_displace_dests), the procedure that restores the stack at once
 * (lw_fix_overstack; lw_command.c then asks the owner who goes and where),
 * and the besieged or besieging force, which may not leave the city
 * (16.9.5.2) and sheds stars instead, as 16.9.6 has a force that cannot
 * move within the stacking limits do. docs/decisions.md "Overstacking after an involuntary change
 * (12.4)". */
#include <stdio.h>
#include <string.h>

#include "lw_command.h"
#include "lw_engine.h"
#include "lw_move.h"
#include "lw_siege.h"

/* 12.4: would g stand legally in side's stack at dest, `away` (a general
 * standing there now who is thought back in the displaced hex) not
 * counted? */
static bool fits(const struct lw_state *s, int dest, int side, int g, int away)
{
	struct lw_stack_unit su[LW_MAX_UNITS];
	int n = 0;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *x = &s->unit[i];
		bool here = x->where == LW_W_MAP && x->hex == dest && x->side == side;
		if ((here && i != away && i != g) || i == g) {
			su[n].stars = x->stars;
			su[n].cavalry = x->cavalry;
			n++;
		}
	}
	const struct lw_hex *h = lw_data_hex(lw_D(), dest);
	return lw_stack_check(su, n, h && h->terrain == LW_TERRAIN_MOUNTAIN, NULL) == 0;
}

/* An adjacent space a displaced general of side may be put in: land, not
 * across an impassable hexside, no enemy force (the besiegers of a siege
 * hex included: 16.9.5.3), no enemy or neutral city, and not neutral
 * Kentucky nor a city closed to the Confederates. */
static bool adjacent_space(const struct lw_state *s, int from, int to, int side)
{
	const struct lw_data *d = lw_D();
	const struct lw_hex *h = lw_data_hex(d, to);
	if (!h || h->terrain == LW_TERRAIN_OCEAN ||
	    (lw_data_hexside_flags(d, from, to) & LW_HS_IMPASSABLE))
		return false;
	int occ = lw_hex_owner_force(s, to);
	if (occ != LW_NOSIDE && occ != side)
		return false;
	int c = lw_city_at(to);
	if (c >= 0 && (lw_city_controller(s, c) != side ||
	               (side == LW_CONFEDERATE && d->cities[c].no_confederate_entry)))
		return false;
	return !(lw_is_kentucky(to) && s->kentucky.violator == LW_NOSIDE);
}

bool lw_displace_held(const struct lw_state *s, int hex, int side)
{
	/* 16.9.5.2: the besieged may not "move out of the city, nor may the
	 * attacker disengage from the siege" */
	return lw_siege_besieged(s, hex, side) || lw_siege_besieging(s, hex, side);
}

int lw_displace_dests(const struct lw_state *s, int hex, int g, int away, int out[LW_DISPLACE_MAX])
{
	const struct lw_data *d = lw_D();
	int side = s->unit[g].side, n = 0;
	if (lw_displace_held(s, hex, side))
		return 0;
	int nb[6];
	int nn = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < nn; i++)
		if (adjacent_space(s, hex, nb[i], side) && fits(s, nb[i], side, g, away))
			out[n++] = nb[i];
	if (n > 0)
		return n;
	/* "no adjacent spaces": the nearest friendly city (ties: the owner
	 * chooses among them) */
	int best = 1 << 30;
	for (size_t i = 0; i < d->n_cities; i++) {
		int c = d->cities[i].hex;
		if (c == hex || lw_city_controller(s, (int)i) != side)
			continue;
		int occ = lw_hex_owner_force(s, c);
		if ((occ != LW_NOSIDE && occ != side) ||
		    (side == LW_CONFEDERATE && d->cities[i].no_confederate_entry) ||
		    !fits(s, c, side, g, away))
			continue;
		int dist = tg_hex_distance(&d->grid, hex, c);
		if (dist < 0)
			dist = 1 << 20;
		if (dist < best) {
			best = dist;
			n = 0;
		}
		if (dist == best && n < LW_DISPLACE_MAX)
			out[n++] = c;
	}
	return n;
}

int lw_displace_target(const struct lw_state *s, int hex, int side, int pick)
{
	(void)side;
	int to[LW_DISPLACE_MAX];
	return lw_displace_dests(s, hex, pick, LW_NONE, to) > 0 ? to[0] : LW_NO_HEX;
}

void lw_displace_move(struct lw_state *s, int u, int to)
{
	int from = s->unit[u].hex;
	char name[64], h0[64], h1[64];
	/* the public log names him only if the enemy saw him where he stood
	 * and sees him where he goes (12.7; who commands there may still be
	 * settled after, 11.0.1) */
	bool seen = lw_unit_seen(s, u);
	lw_unit_leave_it(s, u, 0);
	lw_unit_place(s, u, to);
	if (seen && lw_unit_seen(s, u))
		lw_unit_name(s, u, name, sizeof name);
	else
		snprintf(name, sizeof name, "A %s general", lw_side_title(s->unit[u].side));
	lw_log(s, "%s is displaced from %s to %s to meet the stacking limit (12.4).", name,
	       lw_hex_label(from, h0, sizeof h0), lw_hex_label(to, h1, sizeof h1));
}

int lw_displace_unit(struct lw_state *s, int hex, int side, int pick)
{
	int to = lw_displace_target(s, hex, side, pick);
	if (!to) {
		char name[64];
		lw_log(s, "%s cannot be displaced from an overstacked hex: disgraced (12.4).",
		       lw_unit_name(s, pick, name, sizeof name));
		lw_disgrace(s, pick);
		return LW_NO_HEX;
	}
	lw_displace_move(s, pick, to);
	return to;
}

/* The general whose leaving helps: a cavalry general outranking the
 * infantry (13.1.1), else the junior infantry subordinate (fewest stars,
 * latest to join); never the CO or the GiC ("stars from the stack" under
 * them, 11.1.2.3). LW_NONE if only they are left. */
static int junior(const struct lw_state *s, int hex, int side)
{
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, us);
	int co = lw_force_co_side(s, hex, side), top = 0, cav = LW_NONE, pick = LW_NONE;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[us[i]];
		if (x->cavalry)
			cav = us[i];
		else if (x->stars > top)
			top = x->stars;
	}
	if (cav != LW_NONE && cav != co && s->unit[cav].stars > top)
		return cav;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[us[i]];
		if (us[i] == co || s->side[side].gic == us[i] || (x->cavalry && top > 0))
			continue;
		if (pick == LW_NONE || x->stars < s->unit[pick].stars ||
		    (x->stars == s->unit[pick].stars && x->cmd < s->unit[pick].cmd))
			pick = us[i];
	}
	return pick;
}

/* The queue of siege_star questions is full (never, with one entry per
 * force held in a siege): the procedure's junior (docs/decisions.md "Overstacking in a siege
 * (12.4, 16.9.5.2)"). */
static int junior_or(const struct lw_state *s, int hex, int side, int dflt)
{
	int j = junior(s, hex, side);
	return j == LW_NONE ? dflt : j;
}

int lw_siege_star_candidates(const struct lw_state *s, int hex, int side, int out[])
{
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, us), k = 0;
	int co = lw_force_co_side(s, hex, side);
	for (int i = 0; i < n; i++)
		if (us[i] != co && s->side[side].gic != us[i])
			out[k++] = us[i];
	if (k == 0 && co != LW_NONE)
		out[k++] = co; /* 16.9.6: "before the CO loses stars" */
	return k;
}

void lw_fix_overstack(struct lw_state *s, int hex, int side)
{
	for (int guard = 0; guard < LW_MAX_UNITS; guard++) {
		if (lw_stack_check_hex(s, hex, side, NULL, 0, LW_NONE, 0, NULL) == 0)
			return;
		if (lw_displace_held(s, hex, side)) {
			/* 16.9.5.2 holds the force in the city; as 16.9.6 says of a
			 * force that cannot move within the limits, "subordinates must
			 * lose stars to satisfy stacking restrictions before the CO
			 * loses stars" (a one-star is disgraced). Which subordinate
			 * is the owner's choice (lw_command.c, "siege_star"). */
			int c[LW_MAX_UNITS];
			int n = lw_siege_star_candidates(s, hex, side, c);
			if (n == 0)
				return;
			if (n > 1 && lw_command_note_siege_star(s, hex, side))
				return; /* the owner is asked in turn; the stack waits */
			char hl[64];
			lw_log(s,
			       "The %s force held in the siege of %s is overstacked: a general "
			       "loses a star (12.4, 16.9.5.2, 16.9.6).",
			       lw_side_title(side), lw_hex_label(hex, hl, sizeof hl));
			lw_demote(s, n > 1 ? junior_or(s, hex, side, c[0]) : c[0]);
			continue;
		}
		int pick = junior(s, hex, side);
		if (pick == LW_NONE)
			return;
		int to = lw_displace_unit(s, hex, side, pick);
		if (to != LW_NO_HEX)
			lw_command_note_displaced(s, hex, pick, to); /* 12.4: owner's choice */
	}
}
