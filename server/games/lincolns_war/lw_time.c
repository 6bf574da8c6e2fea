/* lw_time.c — the end of the Operations phase (10.7.8.1 Eastern Theater,
 * 10.5 retained cards), the Supply phase in the order of 3.6 (20.3 the
 * Assassination Plot first, then 20.4-20.7 in lw_supply.c, the sieges'
 * ends in lw_siege.c) and the Timekeeping phase (21.0): political
 * collapse, CSP reset, the next turn, and the victory points of the last
 * turn (21.3). */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_supply.h"

static const struct lw_scenario *scn(const struct lw_state *s)
{
	static const char *const ids[LW_SCN_COUNT] = {"campaign", "introductory", "tournament"};
	return lw_data_scenario(lw_D(), ids[s->scenario]);
}

static void finish(struct lw_state *s, int winner, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#include <stdarg.h>
static void finish(struct lw_state *s, int winner, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->result, sizeof s->result, fmt, ap);
	va_end(ap);
	s->winner = (int8_t)winner;
	s->phase = LW_PH_OVER;
	lw_log(s, "%s", s->result);
}

/* 21.1: a player at 0 PC and 0 CSP at the end of a turn has collapsed. */
bool lw_check_collapse(struct lw_state *s)
{
	bool u = s->side[LW_UNION].pc == 0 && s->side[LW_UNION].csp == 0;
	bool c = s->side[LW_CONFEDERATE].pc == 0 && s->side[LW_CONFEDERATE].csp == 0;
	if (u && c) {
		/* Not in the text: both collapse at once. We call it a draw. */
		finish(s, LW_NOSIDE, "Both sides collapse politically at once: a draw (21.1)");
		return true;
	}
	if (u || c) {
		int w = u ? LW_CONFEDERATE : LW_UNION;
		finish(s, w, "%s political victory: the %s will to fight collapses (21.1)",
		       lw_side_title(w), u ? "Union" : "Confederate");
		return true;
	}
	return false;
}

static int controls_count(const struct lw_state *s, const char *state, int side, int *total)
{
	const struct lw_data *d = lw_D();
	int n = 0;
	*total = 0;
	for (size_t i = 0; i < d->n_cities; i++) {
		const struct lw_hex *h = lw_data_hex(d, d->cities[i].hex);
		if (!h || strcmp(h->state, state) != 0)
			continue;
		(*total)++;
		if (s->city[i].owner == side)
			n++;
	}
	return n;
}

/* 21.3 Victory Point table; vp[LW_UNION], vp[LW_CONFEDERATE]. */
void lw_victory_points(const struct lw_state *s, int vp[LW_SIDE_SLOTS])
{
	const struct lw_data *d = lw_D();
	const struct lw_scenario *sc = scn(s);
	vp[0] = vp[LW_UNION] = vp[LW_CONFEDERATE] = 0;
	for (size_t e = 0; e < d->tables.n_vp; e++) {
		const struct lw_vp_entry *v = &d->tables.vp[e];
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			if (!(v->side_mask & (1 << side)))
				continue;
			int other = LW_OTHER(side), total = 0;
			switch (v->kind) {
			case LW_VP_PC_REMAINING:
				vp[side] += v->param > 0 ? s->side[side].pc / v->param * v->vp : 0;
				break;
			case LW_VP_NO_EMANCIPATION: /* 19.0, 7.1.9: lw_political_19.c */
			case LW_VP_NO_BRITISH_INTERVENTION:
			case LW_VP_ASSASSINATED_PRESIDENT:
			case LW_VP_ASSASSINATED_CO:
				vp[side] += lw_political_vp(s, v->kind, side, v->vp);
				break;
			case LW_VP_ENEMY_STARS_OOS:
				for (int u = 0; u < s->n_units; u++)
					if (s->unit[u].side == other &&
					    s->unit[u].where == LW_W_MAP &&
					    (s->unit[u].flags & LW_UF_OOS))
						vp[side] += v->vp * s->unit[u].stars;
				break;
			case LW_VP_CONTROL_KENTUCKY:
				if (controls_count(s, "KY", side, &total) >=
				    d->tables.kentucky_cities_for_control)
					vp[side] += v->vp;
				break;
			case LW_VP_CONTROL_MISSOURI:
				if (controls_count(s, "MO", side, &total) >=
				    d->tables.missouri_cities_for_control)
					vp[side] += v->vp;
				break;
			case LW_VP_CITY:
				for (size_t c = 0; c < d->n_cities; c++) {
					const struct lw_city *city = &d->cities[c];
					if (city->vp <= 0 || s->city[c].owner != side)
						continue;
					/* 21.3: the major cities' rows are "US/CS": each
					 * scores for the side that controls it, its original
					 * owner too; the rows of Washington ("CS") and
					 * Richmond ("US") name only the enemy (issue 16,
					 * docs/decisions.md "VP for the major cities") */
					bool own = city->control == (side == LW_UNION
					                                 ? LW_CTRL_UNION
					                                 : LW_CTRL_CONFEDERATE);
					if (own && city->hex == lw_capital_hex(side))
						continue;
					vp[side] += city->vp;
				}
				break;
			case LW_VP_MISSISSIPPI: {
				if (sc->ignore_mississippi_and_ports)
					break;
				bool all = true;
				for (size_t c = 0; c < d->n_cities; c++)
					if (d->cities[c].mississippi_vp && s->city[c].owner != side)
						all = false;
				if (all)
					vp[side] += v->vp;
				break;
			}
			case LW_VP_SOUTHERN_PORT_US:
			case LW_VP_SOUTHERN_PORT_CS:
				if (sc->ignore_mississippi_and_ports)
					break;
				/* 8.2: blockaded or held (US); open and not occupied (CS) */
				for (size_t c = 0; c < d->n_cities; c++)
					vp[side] += lw_naval_port_vp(s, (int)c, side) *
					            (v->kind == LW_VP_SOUTHERN_PORT_US ? v->vp : 1);
				break;
			case LW_VP_RAIDERS: /* 8.3.4: Raiders on the track, not in port */
				vp[side] += v->vp * lw_naval_raiders_on_track(s);
				break;
			}
		}
	}
}

static void final_victory(struct lw_state *s)
{
	const struct lw_scenario *sc = scn(s);
	int vp[LW_SIDE_SLOTS];
	lw_victory_points(s, vp);
	int side = sc->vp_side == LW_CONFEDERATE ? LW_CONFEDERATE : LW_UNION;
	int lead = vp[side] - vp[LW_OTHER(side)];
	int w = lead >= sc->vp_margin ? side : LW_OTHER(side);
	finish(s, w,
	       "%s victory on points: Union %d VP, Confederate %d VP (the %s needed a %d VP lead, "
	       "21.3)",
	       lw_side_title(w), vp[LW_UNION], vp[LW_CONFEDERATE], lw_side_title(side),
	       sc->vp_margin);
}

void lw_end_operations(struct lw_state *s, struct game_outcome *out)
{
	if (out)
		out->barrier = true; /* forage draws and river rolls follow */
	/* 10.7.8.1 */
	if (!s->side[LW_UNION].eastern_done) {
		lw_lose_pc(s, LW_UNION, 2);
		lw_log(
		    s,
		    "No Union force was activated in Virginia: the Union loses 2 PC (10.7.8.1).");
	}
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_player *p = &s->side[side];
		/* 10.5: never hold over a campaign card or the Committee card */
		for (int i = p->cards.hand_n - 1; i >= 0; i--) {
			const struct lw_card *k = lw_card(side, p->cards.hand[i]);
			if (k->kind == LW_KIND_CAMPAIGN) {
				int c = p->cards.hand[i];
				lw_hand_remove(s, side, i);
				lw_discard(s, side, c);
			}
		}
		p->campaign_card = 0;
	}
	/* 10.7.9: whoever took the Committee card this turn passes it on */
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_player *p = &s->side[side];
		if (p->committee_hand || p->committee_spent) {
			p->committee_hand = 0;
			p->committee_spent = 0;
			s->side[LW_OTHER(side)].committee = 1;
		}
	}
	s->phase = LW_PH_SUPPLY;
	s->step = LW_ST_CARD;
	/* 3.6, 20.3: "Play Assassination Plot Card" is the Supply Phase's first
	 * step, before supply, forage, the 20.4 demotions and the sieges: a
	 * general it kills is not there for them, his successor is */
	s->command.supply_stage = LW_SS_PLOT;
	lw_political_supply_phase(s); /* 7.1.9 (lw_political.c) */
	/* the plot's questions first (7.1.9.3 retaliation, 7.1.9.2 / 11.1.2.2 a
	 * new GiC and where he goes, 11.0.3 a new CO): the stage records what
	 * comes next, and the driver (lw_continue, lw_actions.c) runs
	 * lw_supply_after_plot once no question waits, at once if none was
	 * asked (7.1.9.2: a GiC's successor that could not be paid ended the
	 * game, and nothing comes next) */
}

void lw_supply_after_plot(struct lw_state *s)
{
	if (s->phase != LW_PH_SUPPLY || s->command.supply_stage != LW_SS_PLOT)
		return;
	s->command.supply_stage = LW_SS_NONE;
	lw_siege_before_supply(s); /* 16.9.5.4.3 (lw_siege.c) */
	lw_supply_phase(s);
	if (s->command.supply_stage != LW_SS_NONE)
		return; /* 20.4 / 20.5: an owner chooses a demotion (lw_command.c) */
	lw_supply_phase_done(s);
}

void lw_supply_phase_done(struct lw_state *s)
{
	/* 3.6: the sieges are resolved after supply and forage (16.9.5.4.3 "after
	 * the supply check is done"), so after the plot and 20.4 / 20.5; they
	 * hold the phase in stage LW_SS_SIEGE while their owner chooses where the
	 * besiegers go or who succeeds their disgraced CO (lw_siege.c) */
	if (lw_siege_after_supply(s))
		return;
	lw_supply_phase_rest(s);
}

void lw_supply_phase_rest(struct lw_state *s)
{
	lw_irr_supply_phase(s); /* 23.2 (reconstructed): the Irregulars raid */
	lw_end_turn_after_supply(s);
}

void lw_end_turn_after_supply(struct lw_state *s)
{
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].flags &= (uint8_t) ~(LW_UF_RELUCTANT | LW_UF_REVEALED); /* 10.7.4 */
	/* 21.0 Timekeeping */
	if (lw_check_collapse(s))
		return;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		s->side[side].csp = 0; /* 21.2 */
	if (s->turn >= s->last_turn) {
		final_victory(s);
		return;
	}
	s->turn++;
	lw_begin_turn(s);
}
