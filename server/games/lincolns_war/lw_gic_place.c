/* lw_gic_place.c — 11.1.2.3 Replacement Procedures: where a new GiC goes.
 *
 * "All new GiCs must be placed in their respective capitals unless under
 * enemy control." Placement that overstacks the capital displaces stars
 * (lw_fix_overstack, the owner then choosing who and where). "If the
 * capital is enemy controlled, players have the choice to relocate him to
 * the city closest to their captured capital (if there is more than one
 * city fitting this description then the owner chooses), OR they may be
 * brought into the nearest Major Army to the captured capital ... you may
 * select the current CO of that army (in which case no relocation takes
 * place), or replace him with your desired choice." That choice is the
 * prompt `gic_place {to[, general]}` to the owner (s->side[].gic_place),
 * asked like the GiC choice before any other action. docs/decisions.md "GiC placement (11.1.2.3)".
 */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_move.h"
#include "lw_siege.h"

#define PLACE_MAX 32

/* A capital the new GiC cannot be put in: enemy controlled, or its own
 * side besieged there (16.9.5.3: the besieged are never reinforced). */
static bool capital_closed(const struct lw_state *s, int side, int cap)
{
	int c = lw_city_at(cap);
	return c < 0 || lw_city_controller(s, c) != side ||
	       lw_hex_owner_force(s, cap) == LW_OTHER(side);
}

/* Does side have a Major Army at hex (12.3: seven to twelve infantry
 * stars, lw_army_kind)? Not a besieged one (16.9.5.3: never reinforced). */
static bool major_army(const struct lw_state *s, int side, int hex)
{
	if (lw_siege_besieged(s, hex, side))
		return false;
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, u), inf = 0, stars = 0;
	for (int i = 0; i < n; i++)
		if (!s->unit[u[i]].cavalry) {
			inf++;
			stars += s->unit[u[i]].stars;
		}
	return lw_army_kind(inf, stars) == LW_ARMY_MAJOR;
}

/* The two kinds of places for a GiC whose capital is enemy controlled:
 * the friendly cities closest to it (ties: all), and the Major Armies
 * nearest it (ties: all). Returns the count; kind[i] 0 city, 1 army. */
static int place_options(const struct lw_state *s, int side, int out[PLACE_MAX],
                         int kind[PLACE_MAX])
{
	const struct lw_data *d = lw_D();
	int cap = lw_capital_hex(side), n = 0;
	if (!cap)
		return 0;
	int best = 1 << 30;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < d->n_cities; i++) {
			int c = d->cities[i].hex;
			int occ = lw_hex_owner_force(s, c);
			if (c == cap || lw_city_controller(s, (int)i) != side ||
			    (occ != LW_NOSIDE && occ != side) ||
			    (side == LW_CONFEDERATE && d->cities[i].no_confederate_entry))
				continue;
			int dist = tg_hex_distance(&d->grid, cap, c);
			if (pass == 0 && dist < best)
				best = dist;
			if (pass == 1 && dist == best && n < PLACE_MAX / 2) {
				kind[n] = 0;
				out[n++] = c;
			}
		}
	int cities = n;
	best = 1 << 30;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < s->n_units; i++) {
			const struct lw_unit *x = &s->unit[i];
			if (x->side != side || x->where != LW_W_MAP || !major_army(s, side, x->hex))
				continue;
			int dist = tg_hex_distance(&d->grid, cap, x->hex);
			if (pass == 0 && dist < best)
				best = dist;
			bool seen = false;
			for (int k = cities; k < n; k++)
				seen |= out[k] == x->hex;
			if (pass == 1 && dist == best && !seen && n < PLACE_MAX) {
				kind[n] = 1;
				out[n++] = x->hex;
			}
		}
	return n;
}

/* The CO of the Major Army at hex, if he may take the GiC token instead of
 * the general chosen (a regular three-star general, not the GiC just
 * replaced; after a voluntary appointment also not one who lost a battle
 * the previous turn, 11.1.2.1); else LW_NONE. */
static int army_co_option(const struct lw_state *s, int side, int hex)
{
	int co = lw_force_co_side(s, hex, side);
	const struct lw_player *p = &s->side[side];
	if (co == LW_NONE || co == p->gic)
		return LW_NONE;
	const struct lw_unit *x = &s->unit[co];
	if (x->gen < 0 || x->cavalry || x->stars != 3 || co == p->gic_old ||
	    (p->gic_place == LW_GIC_PLACE_VOLUNTARY && (x->flags & LW_UF_LOST_PREV)))
		return LW_NONE;
	return co;
}

static void move_gic(struct lw_state *s, int side, int u, int to)
{
	int from = s->unit[u].hex;
	if (from == to)
		return;
	lw_unit_leave_it(s, u, 0);
	lw_unit_place(s, u, to);
	char name[64], hl[64];
	lw_log(s, "%s, the new %s General in Chief, goes to %s (11.1.2.3).",
	       lw_unit_name(s, u, name, sizeof name), lw_side_title(side),
	       lw_hex_label(to, hl, sizeof hl));
	lw_fix_overstack(s, from, side);
	/* "displace enough stars from the stack" where he arrives (12.4) */
	lw_fix_overstack(s, to, side);
}

void lw_gic_relocate(struct lw_state *s, int side, int u, int how)
{
	struct lw_player *p = &s->side[side];
	p->gic_place = 0;
	const struct lw_unit *x = &s->unit[u];
	if (x->where != LW_W_MAP)
		return;
	if (lw_displace_held(s, x->hex, side)) {
		char name[64];
		lw_log(s, "%s is held in a siege and stays there (11.1.2.3, 16.9.5.2).",
		       lw_unit_name(s, u, name, sizeof name));
		return;
	}
	int cap = lw_capital_hex(side);
	if (cap && !capital_closed(s, side, cap)) {
		move_gic(s, side, u, cap);
		return;
	}
	int opt[PLACE_MAX], kind[PLACE_MAX];
	if (place_options(s, side, opt, kind) > 0)
		p->gic_place = (uint8_t)how; /* the owner chooses (a prompt) */
}

int lw_gic_place_side(const struct lw_state *s)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		const struct lw_player *p = &s->side[side];
		int opt[PLACE_MAX], kind[PLACE_MAX];
		if (p->gic_place && p->gic != LW_NONE && s->unit[p->gic].where == LW_W_MAP &&
		    place_options(s, side, opt, kind) > 0)
			return side;
	}
	return LW_NOSIDE;
}

void lw_gic_place_settle(struct lw_state *s)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		if (s->side[side].gic_place && lw_gic_place_side(s) != side)
			s->side[side].gic_place = 0; /* nothing left to choose */
}

void lw_gic_place_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	int opt[PLACE_MAX], kind[PLACE_MAX];
	int n = place_options(s, side, opt, kind), g = s->side[side].gic;
	char name[64], co_name[64], hl[64], cl[64], id[48];
	lw_unit_name(s, g, name, sizeof name);
	lw_hex_label(lw_capital_hex(side), cl, sizeof cl);
	for (int i = 0; i < n; i++) {
		lw_hex_label(opt[i], hl, sizeof hl);
		if (kind[i] == 0) {
			tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "gic_place", "to", opt[i]),
			         "Place %s at %s, the city closest to captured %s (11.1.2.3)", name,
			         hl, cl);
			continue;
		}
		tg_offer(
		    list, tg_act(list, "{s:s,s:i}", "type", "gic_place", "to", opt[i]),
		    "Bring %s into the Major Army at %s, the nearest to captured %s (11.1.2.3)",
		    name, hl, cl);
		int co = army_co_option(s, side, opt[i]);
		if (co != LW_NONE)
			tg_offer(
			    list,
			    tg_act(list, "{s:s,s:i,s:s}", "type", "gic_place", "to", opt[i],
			           "general", lw_unit_id(s, co, id, sizeof id)),
			    "Make %s, CO of the Major Army at %s, General in Chief instead of %s: "
			    "no relocation (11.1.2.3)",
			    lw_unit_name(s, co, co_name, sizeof co_name), hl, name);
	}
}

static int refuse_place(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "11.1.2.3: your capital is enemy controlled: first choose where the new "
	               "General in Chief goes (\"gic_place\" with \"to\")");
}

static int act_gic_place(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)out;
	int to = 0;
	if (!lw_a_int(a, "to", &to))
		return refuse_place(s, side, "gic_place", err);
	int opt[PLACE_MAX], kind[PLACE_MAX];
	int n = place_options(s, side, opt, kind), k = -1;
	for (int i = 0; i < n; i++)
		if (opt[i] == to)
			k = i;
	if (k < 0)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "11.1.2.3: with the capital enemy controlled the new GiC goes to the "
		    "friendly city closest to it or into the Major Army nearest to it");
	struct lw_player *p = &s->side[side];
	const char *gen = lw_a_str(a, "general");
	if (gen) {
		int co = kind[k] == 1 ? army_co_option(s, side, to) : LW_NONE;
		if (co == LW_NONE || lw_unit_by_id(s, gen) != co)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "11.1.2.3: only the current CO of that Major Army may take the "
			    "GiC token instead (a regular three-star general)");
		char name[64], hl[64];
		p->gic = (int16_t)co;
		p->gic_place = 0;
		lw_log(s,
		       "%s, commanding the Major Army at %s, becomes the %s General in Chief "
		       "(11.1.2.3).",
		       lw_unit_name(s, co, name, sizeof name), lw_hex_label(to, hl, sizeof hl),
		       lw_side_title(side));
		return 0;
	}
	p->gic_place = 0;
	move_gic(s, side, p->gic, to);
	return 0;
}

/* 11.1.2.3: with the capital enemy controlled, where the new GiC goes. */
static const struct lw_action place_rows[] = {
    {"gic_place", "11.1.2.3", act_gic_place, 0},
};
const struct lw_actions lw_gic_place_actions =
    LW_ACTIONS("gic_choice.place", place_rows, refuse_place);
