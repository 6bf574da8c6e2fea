/* lw_harass.c — 13.2.5 cavalry harassment of a moving force by the
 * non-phasing player, asked after each hex the force enters (the march is
 * one hex per action so that he can be asked between steps).
 *
 * Hidden information: he is asked whenever the force enters a hex next to
 * any of his forces that harassment could come from (no river between, the
 * hex neither a city of the mover's side nor held by another of his
 * forces) — whether or not those forces hold cavalry, so that being asked
 * tells the mover nothing. Only his own offers list the cavalry he has.
 * A harassment reveals the cavalry of both sides (13.2.5.1). */
#include <string.h>

#include "lw_cavalry.h"
#include "lw_engine.h"
#include "lw_march.h"

static int cavalry_at(const struct lw_state *s, int hex, int side)
{
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, us);
	for (int i = 0; i < n; i++)
		if (s->unit[us[i]].cavalry)
			return us[i];
	return LW_NONE;
}

int lw_harass_result(int harasser_stars, int mover_cavalry_stars)
{
	if (mover_cavalry_stars <= 0)
		return harasser_stars; /* 13.2.5.1: IT equal to the harasser's stars */
	if (harasser_stars == mover_cavalry_stars)
		return 0;
	/* the weaker side receives one IT */
	return harasser_stars > mover_cavalry_stars ? 1 : -1;
}

bool lw_harass_begin(struct lw_state *s, int hex, bool stop)
{
	int side = s->play.side, h = LW_OTHER(side);
	struct lw_cav *c = &s->cav;
	c->harass_n = 0;
	memset(c->harass_from, 0, sizeof c->harass_from);
	/* 13.2.5: not into enemy city hexes nor a hex the enemy already holds */
	int city = lw_city_at(hex);
	if (city >= 0 && lw_city_controller(s, city) == side)
		return false;
	/* the hex and its six neighbours are asked while no unit moves: one
	 * index of the units by hex (lw_units_hold) serves the seven, each
	 * a scan of every unit before (issue 17) */
	bool held = lw_units_hold(s);
	int all[LW_MAX_UNITS];
	if (lw_units_at(s, hex, side, all) > s->play.movers_n) {
		lw_units_release(held);
		return false;
	}
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	for (int i = 0; i < n && c->harass_n < LW_HARASS_HEXES; i++) {
		if (lw_data_hexside_flags(lw_D(), hex, nb[i]) & LW_HS_RIVER)
			continue; /* 13.2.5: not across a river */
		int us[LW_MAX_UNITS];
		if (lw_units_at(s, nb[i], h, us) > 0)
			c->harass_from[c->harass_n++] = (int16_t)nb[i];
	}
	lw_units_release(held);
	if (c->harass_n == 0)
		return false;
	c->harass_hex = (int16_t)hex;
	c->harass_stop = stop;
	s->step = LW_ST_HARASS;
	return true;
}

unsigned lw_harass_awaiting(const struct lw_state *s)
{
	return s->step == LW_ST_HARASS ? LW_SIDE_BIT(LW_OTHER(s->play.side)) : 0;
}

void lw_harass_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (s->step != LW_ST_HARASS || side != LW_OTHER(s->play.side))
		return;
	const struct lw_cav *c = &s->cav;
	char name[64], co[64], hl[64];
	lw_unit_name(s, lw_force_co(s, c->harass_hex), co, sizeof co);
	for (int i = 0; i < c->harass_n; i++) {
		int u = cavalry_at(s, c->harass_from[i], side);
		if (u == LW_NONE)
			continue;
		tg_offer(list,
		         tg_act(list, "{s:s,s:i}", "type", "harass", "from", c->harass_from[i]),
		         "%s at %s harasses the moving force of %s (13.2.5)",
		         lw_unit_name(s, u, name, sizeof name),
		         lw_hex_label(c->harass_from[i], hl, sizeof hl), co);
	}
	tg_offer(list, tg_act(list, "{s:s}", "type", "no_harass"),
	         "Let the force of %s go on unharassed (13.2.5)", co);
}

static void add_it(struct lw_state *s, int hex, int side, int n)
{
	int co = lw_force_co(s, hex);
	if (co == LW_NONE || s->unit[co].side != side || n <= 0)
		return;
	s->unit[co].it = (int16_t)(s->unit[co].it + n);
	s->unit[co].it_new = (int16_t)(s->unit[co].it_new + n);
}

static void resume(struct lw_state *s, struct game_outcome *out)
{
	s->cav.harass_n = 0;
	memset(s->cav.harass_from, 0, sizeof s->cav.harass_from);
	s->step = LW_ST_MOVE;
	if (s->cav.harass_stop) {
		s->cav.harass_stop = 0;
		char name[64];
		int co = lw_force_co(s, s->cav.harass_hex);
		lw_log(s, "The moving general joins the force of %s and stops (12.5).",
		       lw_unit_name(s, co, name, sizeof name));
		lw_march_joined(s, out); /* 18.2: he may still remove IT */
	}
}

static void harass(struct lw_state *s, int u, int from)
{
	int side = s->play.side;
	int mover_cav = LW_NONE;
	for (int i = 0; i < s->play.movers_n; i++)
		if (s->unit[s->play.movers[i]].cavalry)
			mover_cav = s->play.movers[i];
	/* 13.2.5.1: first, all cavalry from both sides are revealed */
	s->unit[u].flags |= LW_UF_REVEALED;
	if (mover_cav != LW_NONE)
		s->unit[mover_cav].flags |= LW_UF_REVEALED;
	int r =
	    lw_harass_result(s->unit[u].stars, mover_cav != LW_NONE ? s->unit[mover_cav].stars : 0);
	if (r > 0)
		add_it(s, s->cav.harass_hex, side, r);
	else if (r < 0)
		add_it(s, from, LW_OTHER(side), -r);
	char name[64], other[64], hl[64];
	lw_unit_name(s, u, name, sizeof name);
	lw_hex_label(from, hl, sizeof hl);
	if (mover_cav != LW_NONE)
		lw_unit_name(s, mover_cav, other, sizeof other);
	if (mover_cav == LW_NONE)
		lw_log(s,
		       "%s harasses from %s: the moving force has no cavalry and takes %d IT "
		       "(13.2.5.1).",
		       name, hl, r);
	else if (r == 0)
		lw_log(s, "%s harasses from %s and meets %s of equal rank: no effect (13.2.5.1).",
		       name, hl, other);
	else
		lw_log(s, "%s harasses from %s and meets %s: the %s force takes 1 IT (13.2.5.1).",
		       name, hl, other, r > 0 ? "moving" : "harassing");
}

static int act_no_harass(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)side, (void)a, (void)err;
	resume(s, out);
	return 0;
}

static int act_harass(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	int from, k = -1;
	if (!lw_a_int(a, "from", &from))
		return tg_fail(err, TG_E_MALFORMED, "harass needs an integer \"from\" hex");
	struct lw_cav *c = &s->cav;
	for (int i = 0; i < c->harass_n; i++)
		if (c->harass_from[i] == from)
			k = i;
	int u = k >= 0 ? cavalry_at(s, from, side) : LW_NONE;
	if (u == LW_NONE)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2.5: no cavalry of yours next to the moving force at %04d may "
		               "harass it now",
		               from);
	harass(s, u, from);
	/* 13.2.5.2: each hex one at a time; the others may still harass */
	c->harass_from[k] = c->harass_from[c->harass_n - 1];
	c->harass_from[--c->harass_n] = 0;
	if (c->harass_n == 0)
		resume(s, out);
	return 0;
}

static int refuse(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL, "13.2.5: harass or no_harass");
}

/* 13.2.5: the non-phasing player's cavalry next to the moving force. */
static const struct lw_action rows[] = {
    {"harass", "13.2.5", act_harass, 0},
    {"no_harass", "13.2.5", act_no_harass, 0},
};
const struct lw_actions lw_harass_actions = LW_ACTIONS("ops.harass", rows, refuse);

int lw_harass_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                  struct tg_error *err)
{
	if (s->step != LW_ST_HARASS || side != LW_OTHER(s->play.side))
		return tg_fail(err, TG_E_NOT_YOUR_TURN,
		               "13.2.5: only the non-phasing player harasses");
	return lw_action_dispatch(&lw_harass_actions, s, side, a, out, err);
}
