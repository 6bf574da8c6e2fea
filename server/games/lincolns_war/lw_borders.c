/* lw_borders.c — 2.3 unique cities and 2.4 border states: city defense and
 * capture, Kentucky neutrality, neutral cities of Missouri and Kentucky. */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"

bool lw_is_kentucky(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->kentucky; /* state "KY", set once at load (lw_data_map.c) */
}

static int supply_value(int c)
{
	int v = lw_D()->cities[c].supply;
	return v > 0 ? v : 0; /* "*" and "X" are worth nothing (2.2) */
}

/* lw_city_defense with the navy's change to it (lw_naval_defense_mod) */
static int defense_with(const struct lw_state *s, int c, int naval_mod)
{
	const struct lw_city *city = &lw_D()->cities[c];
	const struct lw_turn *t = &lw_D()->turns[s->turn];
	int d = city->defense;
	if (d == LW_VALUE_VARIABLE) /* 2.3: from the turn track */
		d = city->control == LW_CTRL_UNION ? t->washington_defense : t->richmond_defense;
	else if (d < 0)
		d = 0; /* 2.3 New Orleans "X"; "*" cannot be attacked anyway */
	/* 16.10.2: a garrison in a city that started enemy-held defends at -1 */
	/* 13.1.3: a cavalry holder defends as if garrisoned (lw_cav_city.c) */
	if ((s->city[c].garrison || lw_cav_city_held(s, c)) && city->control != LW_CTRL_NEUTRAL &&
	    d > 0)
		d--;
	d += naval_mod; /* 8.2.1 blockade -1, 8.1.2.1 ironclad +1 */
	return d > 0 ? d : 0;
}

int lw_city_defense(const struct lw_state *s, int c)
{
	return defense_with(s, c, lw_naval_defense_mod(s, c));
}

void lw_city_defenses(const struct lw_state *s, int32_t defense[LW_MAX_CITIES])
{
	int mod[LW_MAX_CITIES];
	lw_naval_defense_mods(s, mod);
	int n = s->n_cities < LW_MAX_CITIES ? s->n_cities : LW_MAX_CITIES;
	for (int c = 0; c < n; c++)
		defense[c] = defense_with(s, c, mod[c]);
}

void lw_capture_city(struct lw_state *s, int side, int c, bool by_cavalry)
{
	const struct lw_city *city = &lw_D()->cities[c];
	int old = s->city[c].owner;
	if (old == side)
		return;
	int v = supply_value(c);
	if (old != LW_NOSIDE)
		/* 16.6.2 / 2.4.2 "the loser will still lose PC equal to the
		 * supply value"; at zero PC the rest is CSP (10.6.6) */
		lw_lose_pc(s, old, v);
	lw_gain_pc(s, side, v);
	s->city[c].owner = (int8_t)side;
	lw_cav_city_captured(s, c, old, by_cavalry); /* 13.1.3 (lw_cav_city.c) */
	/* 16.10.2: a garrison token marks a city held against its original
	 * side, or a neutral one; retaking your own removes it. Cavalry never
	 * places one (13.1.3: the city is held while it stays, lw_cav_city.c);
	 * cavalry handing a city back to its holder before a raid restores his. */
	bool own_again = (city->control == LW_CTRL_UNION && side == LW_UNION) ||
	                 (city->control == LW_CTRL_CONFEDERATE && side == LW_CONFEDERATE);
	s->city[c].garrison = (uint8_t)(own_again || lw_cav_city_held(s, c) ? 0 : 1);
	/* 16.10.1.1: the CO of the capturing force takes one IT */
	int co = lw_force_co(s, city->hex);
	if (co != LW_NONE && s->unit[co].side == side) {
		s->unit[co].it++;
		s->unit[co].it_new++;
	}
	lw_log(s, "The %s player captures %s (+%d PC%s).", lw_side_title(side), city->name, v,
	       old != LW_NOSIDE ? ", the loser pays as much" : "");
	lw_naval_port_captured(s, c, false); /* 8.1.2.1, 8.3.4: ships in the port */
}

void lw_kentucky_violate(struct lw_state *s, int side)
{
	if (s->kentucky.violator != LW_NOSIDE)
		return;
	/* 2.4.3: the first to enter violates neutrality; +5 PC to the other */
	s->kentucky.violator = (int8_t)side;
	s->kentucky.pending = 1;
	lw_gain_pc(s, LW_OTHER(side), lw_D()->tables.kentucky_violation_pc);
	lw_log(s,
	       "The %s player violates Kentucky's neutrality: the %s player gains %d PC "
	       "(2.4.3).",
	       lw_side_title(side), lw_side_title(LW_OTHER(side)),
	       lw_D()->tables.kentucky_violation_pc);
}

void lw_border_enter(struct lw_state *s, int side, int hex)
{
	if (lw_is_kentucky(hex))
		lw_kentucky_violate(s, side);
	int c = lw_city_at(hex);
	/* 2.4.2 / 2.4.3: a neutral city falls to the first force that enters;
	 * to lone cavalry only while it stays (13.1.3, 16.10.2 "Cavalry CO
	 * never place garrison tokens"; issue 16) */
	if (c >= 0 && s->city[c].owner == LW_NOSIDE &&
	    (!lw_is_kentucky(hex) || s->kentucky.violator != LW_NOSIDE)) {
		int us[LW_MAX_UNITS];
		int n = lw_units_at(s, hex, side, us);
		bool cav = n > 0;
		for (int i = 0; i < n; i++)
			cav &= s->unit[us[i]].cavalry != 0;
		lw_capture_city(s, side, c, cav);
	}
}

void lw_border_card_end(struct lw_state *s)
{
	if (!s->kentucky.pending)
		return;
	s->kentucky.pending = 0;
	int other = LW_OTHER(s->kentucky.violator);
	const struct lw_data *d = lw_D();
	/* 2.4.3: Kentucky cities left unoccupied go to the opponent */
	for (size_t i = 0; i < d->n_cities; i++)
		if (lw_is_kentucky(d->cities[i].hex) && s->city[i].owner == LW_NOSIDE)
			lw_capture_city(s, other, (int)i, false);
}

int lw_may_attack_hex(const struct lw_state *s, int side, int hex, struct tg_error *err)
{
	int c = lw_city_at(hex);
	int occ = lw_hex_owner_force(s, hex);
	const struct lw_city *city = c >= 0 ? &lw_D()->cities[c] : NULL;
	if (s->side[side].pc <= 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.6.6: with zero PC you may not attack");
	if (occ == side)
		return tg_fail(err, TG_E_ILLEGAL, "16.1: that hex holds your own force");
	if (occ == LW_NOSIDE && !(city && s->city[c].owner == LW_OTHER(side)))
		return tg_fail(err, TG_E_ILLEGAL, "16.1: there is no enemy force or city there");
	if (city && side == LW_CONFEDERATE && city->no_confederate_entry)
		return tg_fail(err, TG_E_ILLEGAL, "2.3: Confederates may not attack or enter %s",
		               city->name);
	/* 2.2: a "*" defense "indicates that the city may not be attacked";
	 * 2.3: a bracketed region "occupied by an opposing player" lends no
	 * defense "to the occupying force": its owner may attack that force
	 * (never the vacant region, 12.6, nor his own force there; docs/decisions.md "A force in a
	 * bracketed region") */
	bool invader =
	    city && city->bracketed && occ == LW_OTHER(side) && lw_city_controller(s, c) == side;
	if (city && city->defense == LW_VALUE_UNATTACKABLE && !invader)
		return tg_fail(err, TG_E_ILLEGAL, "2.2: %s may not be attacked", city->name);
	if (city && city->capital && s->turn == 0)
		return tg_fail(err, TG_E_ILLEGAL, "10.2: no attack on %s in the first turn",
		               city->name);
	return 0;
}
