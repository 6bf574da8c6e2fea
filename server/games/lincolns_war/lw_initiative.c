/* lw_initiative.c — 5.0 the first GiC choice and 6.0 the initiative phase. */
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"

static const struct lw_scenario *scn(const struct lw_state *s)
{
	static const char *const ids[LW_SCN_COUNT] = {"campaign", "introductory", "tournament"};
	return lw_data_scenario(lw_D(), ids[s->scenario]);
}

/* ---- 5.0 / 11.1.1: the first GiC ------------------------------------------ */

/* 5.0: "In hexes where two or more generals of equal rank are stacked,
 * players may choose which general is to command the force (place the CO
 * on top)." Before his GiC choice, u (infantry, not the CO) may be put on
 * top of his stack for free when he has the CO's rank. */
static int check_setup_co(const struct lw_state *s, int side, int u, struct tg_error *err)
{
	if (u == LW_NONE || s->unit[u].side != side || s->unit[u].where != LW_W_MAP ||
	    s->unit[u].cavalry)
		return tg_fail(err, TG_E_ILLEGAL, "5.0: choose one of your infantry generals");
	int co = lw_force_co_side(s, s->unit[u].hex, side);
	if (co == u)
		return tg_fail(err, TG_E_ILLEGAL, "5.0: he already commands his force");
	if (co == LW_NONE || s->unit[co].cavalry || s->unit[co].stars != s->unit[u].stars)
		return tg_fail(err, TG_E_ILLEGAL,
		               "5.0: only among generals of equal rank stacked together");
	return 0;
}

void lw_gic_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_scenario *sc = scn(s);
	char name[64], hex[64], id[64];
	for (int i = 0; i < 2; i++) {
		int u = lw_unit_by_id(s, sc->gic_choices[side][i]);
		if (u == LW_NONE || s->unit[u].where != LW_W_MAP)
			continue;
		lw_unit_name(s, u, name, sizeof name);
		tg_offer(
		    list,
		    tg_act(list, "{s:s,s:s}", "type", "gic", "general", sc->gic_choices[side][i]),
		    "Make %s General in Chief (three stars, in %s)", name,
		    lw_hex_label(s->unit[u].hex, hex, sizeof hex));
	}
	for (int u = 0; u < s->n_units; u++)
		if (check_setup_co(s, side, u, NULL) == 0)
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "setup_co", "general",
			                lw_unit_id(s, u, id, sizeof id)),
			         "Set-up: put %s on top of his force in %s as its CO (5.0, free)",
			         lw_unit_name(s, u, name, sizeof name),
			         lw_hex_label(s->unit[u].hex, hex, sizeof hex));
}

static int act_setup_co(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	(void)out;
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	if (check_setup_co(s, side, u, err) != 0)
		return -1;
	s->unit[u].cmd = ++s->cmd_seq;
	char name[64], hex[64];
	lw_log(s, "%s takes command of the %s force in %s (5.0).",
	       lw_unit_name(s, u, name, sizeof name), lw_side_title(side),
	       lw_hex_label(s->unit[u].hex, hex, sizeof hex));
	return 0;
}

static int act_gic(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                   struct tg_error *err)
{
	(void)out;
	const char *id = lw_a_str(a, "general");
	const struct lw_scenario *sc = scn(s);
	int u = lw_unit_by_id(s, id);
	if (!id || u == LW_NONE ||
	    (strcmp(id, sc->gic_choices[side][0]) != 0 &&
	     strcmp(id, sc->gic_choices[side][1]) != 0))
		return tg_fail(err, TG_E_ILLEGAL, "5.0: the %s GiC must be %s or %s",
		               lw_side_title(side), sc->gic_choices[side][0],
		               sc->gic_choices[side][1]);
	if (s->unit[u].where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "5.0: that general is not on the map");
	s->unit[u].stars = 3; /* 11.1.1: replaced by his three-star counter */
	s->unit[u].cmd = ++s->cmd_seq;
	s->side[side].gic = (int16_t)u;
	char name[64];
	lw_log(s, "%s chooses %s as General in Chief (5.0).", lw_side_title(side),
	       lw_unit_name(s, u, name, sizeof name));
	if (side == LW_UNION) {
		s->phasing = LW_CONFEDERATE; /* 5.0: the Confederate chooses second */
		return 0;
	}
	lw_begin_turn(s);
	return 0;
}

static int refuse_gic(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "5.0: choose the CO of a stack of equal rank (\"setup_co\") or your "
	               "General in Chief (\"gic\")");
}

/* 5.0: each side names its first GiC, after any free CO choices. */
static const struct lw_action gic_rows[] = {
    {"setup_co", "5.0", act_setup_co, 0},
    {"gic", "5.0", act_gic, 0},
};
const struct lw_actions lw_gic_actions = LW_ACTIONS("gic", gic_rows, refuse_gic);

int lw_gic_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
               struct tg_error *err)
{
	return lw_action_dispatch(&lw_gic_actions, s, side, a, out, err);
}

/* ---- 6.0 ------------------------------------------------------------------- */

static void reset_turn_flags(struct lw_state *s)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_player *p = &s->side[side];
		p->passed = 0;
		p->campaign_used = 0;
		p->campaign_card = 0;
		p->disgraced_bought = 0;
		p->admin_done = 0;
		p->seditious_redraws = 0;
		p->eastern_done = 0;
		p->richmond_bonus = 0;
		p->draw_stage = 0;
	}
	for (int i = 0; i < s->n_units; i++) {
		struct lw_unit *u = &s->unit[i];
		uint8_t lost = u->flags & LW_UF_LOST_BATTLE;
		u->flags &= (uint8_t) ~(LW_UF_PROMOTED | LW_UF_LOST_BATTLE | LW_UF_LOST_PREV |
		                        LW_UF_ACTIVATED | LW_UF_WON_BATTLE);
		if (lost)
			u->flags |=
			    LW_UF_LOST_PREV; /* 7.1.4: "lost a battle in the previous turn" */
	}
	s->ops_round = 0;
}

void lw_begin_turn(struct lw_state *s)
{
	reset_turn_flags(s);
	lw_political_begin_turn(s); /* 19.2: +3 PC a turn after British Intervention */
	lw_optional_begin_turn(s);  /* 23.4: Spring turns add the year cards */
	int u = s->side[LW_UNION].pc, c = s->side[LW_CONFEDERATE].pc;
	/* 6.0: most PC holds the initiative; a tie leaves it where it was. The
	 * first turn of a scenario keeps the scenario's holder (Union in 1861). */
	if (s->turn != s->first_turn) {
		if (u > c)
			s->initiative = LW_UNION;
		else if (c > u)
			s->initiative = LW_CONFEDERATE;
	}
	s->first = s->initiative;
	int lead = s->initiative == LW_UNION ? u - c : c - u;
	lw_log(s, "%s: the %s player has the initiative.", lw_D()->turns[s->turn].name,
	       lw_side_title(s->initiative));
	if (lead >= 10) {
		s->phase = LW_PH_INITIATIVE;
		s->phasing = s->initiative;
		return;
	}
	lw_begin_admin(s);
}

void lw_initiative_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	(void)s;
	tg_offer(list, tg_act(list, "{s:s,s:s}", "type", "initiative", "first", lw_side_name(side)),
	         "Go first this turn (6.0)");
	tg_offer(
	    list,
	    tg_act(list, "{s:s,s:s}", "type", "initiative", "first", lw_side_name(LW_OTHER(side))),
	    "Force the %s player to go first this turn (6.0)", lw_side_title(LW_OTHER(side)));
}

static int refuse_initiative(const struct lw_state *s, int side, const char *type,
                             struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_MALFORMED,
	               "6.0: send {\"type\":\"initiative\",\"first\":\"union\"|\"confederate\"}");
}

static int act_initiative(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)out;
	const char *first = lw_a_str(a, "first");
	if (!first)
		return refuse_initiative(s, side, "initiative", err);
	int f = strcmp(first, "union") == 0         ? LW_UNION
	        : strcmp(first, "confederate") == 0 ? LW_CONFEDERATE
	                                            : LW_NOSIDE;
	if (f == LW_NOSIDE)
		return tg_fail(err, TG_E_MALFORMED, "6.0: \"first\" is union or confederate");
	s->first = (int8_t)f;
	if (f != side) {
		/* 6.0: "force his opponent to accept initiative and go first for
		 * the turn": he holds it now, so a tie next turn leaves it with
		 * him ("the player holding the initiative last retains it") */
		s->initiative = (int8_t)f;
		lw_log(s,
		       "The %s player forces the %s player to accept the initiative and go "
		       "first (6.0).",
		       lw_side_title(side), lw_side_title(f));
	}
	lw_begin_admin(s);
	return 0;
}

/* 6.0: the side leading by 10 or more PC chooses who goes first. */
static const struct lw_action initiative_rows[] = {
    {"initiative", "6.0", act_initiative, 0},
};
const struct lw_actions lw_initiative_actions =
    LW_ACTIONS("initiative", initiative_rows, refuse_initiative);

int lw_initiative_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	return lw_action_dispatch(&lw_initiative_actions, s, side, a, out, err);
}
