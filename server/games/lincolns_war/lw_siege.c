/* lw_siege.c — 16.9.5 sieges over the state (see lw_siege.h for who
 * decides what and how a siege is represented). */
#include "lw_siege.h"

#include <stdio.h>
#include <string.h>

#include "lw_amphib.h"
#include "lw_combat.h"
#include "lw_it.h"
#include "lw_march.h"

/* ---- pure rules ------------------------------------------------------------------ */

int lw_siege_refuse_pc(int level)
{
	return level >= 1 && level <= 3 ? level : 0; /* 16.9.5.1: 1 / 2 / 3 */
}

int lw_siege_capability(const int *defense_values, int n, int city_defense, int terrain_bonus)
{
	int t = 0;
	for (int i = 0; i < n; i++)
		t += defense_values[i] > 0 ? defense_values[i] : 0; /* indecisive: 0 */
	return t + (city_defense > terrain_bonus ? city_defense : terrain_bonus);
}

bool lw_siege_defeated(int it, int capability)
{
	return it >= 2 * capability;
}

/* ---- helpers ------------------------------------------------------------------------ */

static int defender_side(const struct lw_siege *g)
{
	return LW_OTHER(g->besieger);
}

static int units(const struct lw_state *s, int hex, int side, int out[LW_MAX_UNITS])
{
	return lw_units_at(s, hex, side, out);
}

static int side_it(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = units(s, hex, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

/* IT on the force of `side` at hex. `fresh`: placed during the current card
 * play (10.6.3: not removable by it); the IT of the end of a card play are
 * not. */
static void add_it_as(struct lw_state *s, int hex, int side, int n, bool fresh)
{
	int co = lw_force_co_side(s, hex, side);
	if (co == LW_NONE || n <= 0)
		return;
	s->unit[co].it = (int16_t)(s->unit[co].it + n);
	if (fresh)
		s->unit[co].it_new = (int16_t)(s->unit[co].it_new + n);
}

static int city_supply(int c)
{
	int v = lw_D()->cities[c].supply;
	return v > 0 ? v : 0;
}

static int defense_capability(const struct lw_state *s, const struct lw_siege *g)
{
	int u[LW_MAX_UNITS], v[LW_MAX_UNITS];
	int n = units(s, g->city_hex, defender_side(g), u);
	for (int i = 0; i < n; i++)
		v[i] = lw_unit_defense(s, u[i]);
	int c = lw_city_at(g->city_hex);
	const struct lw_hex *h = lw_data_hex(lw_D(), g->city_hex);
	int mountain = h && h->terrain == LW_TERRAIN_MOUNTAIN ? 2 : 0;
	return lw_siege_capability(v, n, c >= 0 ? lw_city_defense(s, c) : 0, mountain);
}

static void clear(struct lw_siege *g)
{
	memset(g, 0, sizeof *g);
	g->camp_co = LW_NONE;
}

static int free_slot(const struct lw_state *s)
{
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		if (s->amphib.sieges[i].stage == LW_SG_NONE)
			return i;
	return -1;
}

int lw_siege_at(const struct lw_state *s, int hex)
{
	if (lw_city_at(hex) < 0)
		return -1; /* the common case, and cheap */
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		if (s->amphib.sieges[i].stage == LW_SG_ON && s->amphib.sieges[i].city_hex == hex)
			return i;
	return -1;
}

int lw_siege_top_side(const struct lw_state *s, int hex)
{
	int i = lw_siege_at(s, hex);
	return i < 0 ? LW_NOSIDE : s->amphib.sieges[i].besieger;
}

bool lw_siege_besieged(const struct lw_state *s, int hex, int side)
{
	int i = lw_siege_at(s, hex);
	return i >= 0 && side == defender_side(&s->amphib.sieges[i]);
}

bool lw_siege_besieging(const struct lw_state *s, int hex, int side)
{
	int i = lw_siege_at(s, hex);
	return i >= 0 && side == s->amphib.sieges[i].besieger;
}

/* The attacking force of the battle still where it attacked from. */
static int attackers(const struct lw_state *s, int out[LW_MAX_UNITS])
{
	const struct lw_battle *b = &s->battle;
	int n = 0;
	for (int i = 0; i < b->att_n; i++) {
		const struct lw_unit *u = &s->unit[b->att_units[i]];
		if (u->where == LW_W_MAP && u->hex == b->att_hex && u->side == b->attacker)
			out[n++] = b->att_units[i];
	}
	return n;
}

/* 16.9.5.2 / 12.4: the victorious force "in its entirety" on top of the
 * defenders: only if the city hex stacks all of it (1144: stacking holds at
 * the beginning of a siege). */
static bool can_besiege(const struct lw_state *s)
{
	int u[LW_MAX_UNITS];
	int n = attackers(s, u);
	return n > 0 && lw_stack_check_hex(s, s->amphib.siege.city_hex, s->amphib.siege.besieger, u,
	                                   n, LW_NONE, 0, NULL) == 0;
}

static bool may_refuse(const struct lw_state *s)
{
	/* 14.1.3 / 14.2.2: a successful assault occupies the port (unless the
	 * force cannot stack there: then refusing is the only way out) */
	return !s->amphib.siege.assault || !can_besiege(s);
}

/* ---- offering and answering (16.9.5, 16.9.5.1) ---------------------------------------- */

bool lw_siege_may_offer(const struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	int D = LW_OTHER(b->attacker);
	if (s->amphib.siege.stage != LW_SG_NONE || free_slot(s) < 0)
		return false;
	/* 16.9.5: the defender lost; an empty city has no force to stay; a
	 * victory reversal makes the defender retreat (16.8.3); the besiegers
	 * beaten by a relief force must retreat (16.9.5.4.2) */
	if (b->winner != b->attacker || b->empty_city || s->land.disaster == LW_DISASTER_REVERSAL ||
	    lw_siege_at(s, b->def_hex) >= 0)
		return false;
	int c = lw_city_at(b->def_hex);
	if (c < 0 || lw_D()->cities[c].bracketed || city_supply(c) < 2 ||
	    lw_city_controller(s, c) != D)
		return false;
	int u[LW_MAX_UNITS];
	return units(s, b->def_hex, D, u) > 0 && attackers(s, u) > 0;
}

void lw_siege_begin_offer(struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	struct lw_siege *g = &s->amphib.siege;
	clear(g);
	g->stage = LW_SG_OFFER;
	g->besieger = b->attacker;
	g->city_hex = b->def_hex;
	g->camp_hex = b->att_hex; /* after an assault: the port it sailed from */
	g->level = (uint8_t)(b->rout ? 3 : b->result == LW_CRT_MAJOR ? 2 : 1);
	g->assault = s->amphib.assault != LW_AM_NONE;
	g->camp_co = (int16_t)lw_force_co_side(s, b->att_hex, b->attacker);
	s->step = LW_ST_SIEGE_OFFER;
	s->awaiting_side = (int8_t)LW_OTHER(b->attacker);
}

/* ---- 16.6.4: a routed Major Army staying with what stacks ------------------------------ */

/* The picks so far (s->land.group) and the defenders in the city. */
static bool picked(const struct lw_state *s, int u)
{
	for (int i = 0; i < s->land.group_n; i++)
		if (s->land.group[i] == u)
			return true;
	return false;
}

/* 16.6.4: "it may still offer siege but only with the maximum amount of
 * units to prevent overstacking in the city. Any excess must retreat."
 * The excess is a smallest set of generals whose departure leaves a legal
 * stack and that holds every pick so far (lw_stack_fewest_to_leave);
 * in_min[i] marks u[i] when such a set holds him. The search looks at the
 * first EXCESS_SEARCH generals only. Returns the size of that set (<= 0:
 * the city stacks already, or nothing makes it legal). */
enum { EXCESS_SEARCH = 14 }; /* twelve stars stack at most: bounds the search */

static int excess_need(const struct lw_state *s, const int *u, int n, bool *in_min)
{
	const struct lw_siege *g = &s->amphib.siege;
	if (n > EXCESS_SEARCH)
		n = EXCESS_SEARCH;
	unsigned must = 0;
	for (int i = 0; i < n; i++)
		if (picked(s, u[i]))
			must |= 1u << i;
	return lw_stack_fewest_to_leave(s, g->city_hex, defender_side(g), u, n, must, false,
	                                in_min);
}

/* The generals the owner may still name for the excess. */
static int excess_choices(const struct lw_state *s, int out[LW_MAX_UNITS])
{
	const struct lw_siege *g = &s->amphib.siege;
	int u[LW_MAX_UNITS], k = 0;
	bool in_min[LW_MAX_UNITS];
	int n = units(s, g->city_hex, defender_side(g), u);
	if (excess_need(s, u, n, in_min) <= 0)
		return 0;
	for (int i = 0; i < n && i < EXCESS_SEARCH; i++)
		if (in_min[i] && !picked(s, u[i]))
			out[k++] = u[i];
	return k;
}

/* Is the stack left behind by the picks legal? */
static bool excess_complete(const struct lw_state *s)
{
	const struct lw_siege *g = &s->amphib.siege;
	int set[LW_LAND_GROUP];
	for (int i = 0; i < s->land.group_n; i++)
		set[i] = s->land.group[i];
	return lw_stack_check_without(s, g->city_hex, defender_side(g), set, s->land.group_n,
	                              NULL) == 0;
}

/* The defender stays: one more IT (16.9.5), then the victor decides. */
static void stay(struct lw_state *s)
{
	struct lw_siege *g = &s->amphib.siege;
	char hl[64];
	add_it_as(s, g->city_hex, defender_side(g), 1, true);
	lw_log(s, "The %s force stays in %s and offers siege (+1 IT, 16.9.5).",
	       lw_side_title(defender_side(g)), lw_hex_label(g->city_hex, hl, sizeof hl));
	g->stage = LW_SG_ANSWER;
	s->step = LW_ST_SIEGE_ANSWER;
	s->awaiting_side = g->besieger;
}

void lw_siege_excess_retreated(struct lw_state *s)
{
	s->land.group_n = 0;
	s->land.stage = LW_BS_CASUALTY; /* the results are still being applied */
	stay(s);
}

void lw_siege_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	const struct lw_siege *g = &s->amphib.siege;
	char hl[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	if (s->step == LW_ST_SIEGE_OFFER && g->stage == LW_SG_OFFER && side == defender_side(g)) {
		tg_offer(list, tg_act(list, "{s:s}", "type", "offer_siege"),
		         "Stay in %s and offer siege, taking one more IT (16.9.5)", hl);
		tg_offer(list, tg_act(list, "{s:s}", "type", "decline_siege"),
		         "Retreat from %s instead (16.9)", hl);
	}
	if (s->step == LW_ST_SIEGE_OFFER && g->stage == LW_SG_EXCESS && side == defender_side(g)) {
		int c[LW_MAX_UNITS];
		int n = excess_choices(s, c);
		char name[64], id[48];
		for (int i = 0; i < n; i++)
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "siege_excess", "general",
			                lw_unit_id(s, c[i], id, sizeof id)),
			         "%s leaves %s with the excess and retreats (16.6.4: only what "
			         "stacks stays for the siege)",
			         lw_unit_name(s, c[i], name, sizeof name), hl);
	}
	if (s->step == LW_ST_SIEGE_ANSWER && g->stage == LW_SG_ANSWER && side == g->besieger) {
		if (can_besiege(s))
			tg_offer(list, tg_act(list, "{s:s}", "type", "besiege"),
			         "Besiege %s: your force moves on top of the defenders (16.9.5.2)",
			         hl);
		if (may_refuse(s))
			tg_offer(list, tg_act(list, "{s:s}", "type", "refuse_siege"),
			         "Refuse the siege of %s: lose %d PC to your opponent (16.9.5.1)",
			         hl, lw_siege_refuse_pc(g->level));
	}
}

static int besiege(struct lw_state *s, struct game_outcome *out)
{
	struct lw_siege *g = &s->amphib.siege;
	int slot = free_slot(s);
	int u[LW_MAX_UNITS];
	int n = attackers(s, u);
	struct lw_siege *on = &s->amphib.sieges[slot];
	*on = *g;
	on->stage = LW_SG_ON;
	on->pressed = LW_SIEGE_BEGUN;
	clear(g);
	/* 16.9.5.2 (1): the victorious force in its entirety on top of the
	 * defending units */
	int host = lw_force_co_side(s, on->city_hex, on->besieger);
	lw_co_keeps_command(s, host); /* 11.0.1 */
	for (int i = 0; i < n; i++) {
		struct lw_unit *x = &s->unit[u[i]];
		x->hex = on->city_hex;
		if (host != LW_NONE && !s->unit[host].cavalry && s->unit[host].stars >= x->stars)
			x->cmd = 0; /* 11.2.1 */
	}
	on->camp_co = (int16_t)lw_force_co_side(s, on->city_hex, on->besieger);
	char hl[64];
	lw_log(s, "The %s player besieges %s: his force moves on top of the defenders (16.9.5.2).",
	       lw_side_title(on->besieger), lw_hex_label(on->city_hex, hl, sizeof hl));
	lw_battle_close(s, out, u, n);
	lw_siege_check_defeat(s);
	return 0;
}

/* ---- the siege's steps, one handler an action type (16.9.5, 16.6.4) ---------------- */

/* LW_SG_OFFER: the defeated defender stays and offers siege, or retreats. */
static int not_defender(const struct lw_state *s, int side, struct tg_error *err)
{
	if (side != defender_side(&s->amphib.siege))
		return tg_fail(err, TG_E_NOT_YOUR_TURN,
		               "16.9.5: the defeated defender decides on the siege");
	return 0;
}

static int act_offer_siege(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)a, (void)out;
	if (not_defender(s, side, err) != 0)
		return -1;
	s->land.group_n = 0;
	int c[LW_MAX_UNITS];
	if (excess_choices(s, c) > 0) {
		/* 16.6.4: overstacked after the loss of its CO: the excess
		 * retreats first, its owner naming it */
		char hl[64];
		lw_log(s,
		       "The routed %s force offers siege in %s, but only with what stacks "
		       "there: the excess must retreat (16.6.4).",
		       lw_side_title(side), lw_hex_label(s->amphib.siege.city_hex, hl, sizeof hl));
		s->amphib.siege.stage = LW_SG_EXCESS;
		return 0;
	}
	stay(s);
	return 0;
}

static int act_decline_siege(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err)
{
	(void)a;
	if (not_defender(s, side, err) != 0)
		return -1;
	clear(&s->amphib.siege);
	lw_amphib_water_retreat(s); /* 16.9.4 */
	lw_battle_loser_retreats(s, out);
	return 0;
}

static int refuse_offer(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)type;
	if (not_defender(s, side, err) != 0)
		return -1;
	return tg_fail(err, TG_E_ILLEGAL, "16.9.5: offer_siege or decline_siege");
}

/* LW_SG_EXCESS: the routed defender names his excess, one general at a time. */
static int refuse_excess(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)type;
	if (side != defender_side(&s->amphib.siege))
		return tg_fail(err, TG_E_NOT_YOUR_TURN,
		               "16.6.4: the routed defender names his excess");
	return tg_fail(err, TG_E_ILLEGAL,
	               "16.6.4: the routed force stays \"only with the maximum amount of "
	               "units\": name a general of a smallest excess (\"siege_excess\")");
}

static int act_siege_excess(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	if (side != defender_side(&s->amphib.siege))
		return refuse_excess(s, side, "siege_excess", err);
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	int c[LW_MAX_UNITS];
	int n = excess_choices(s, c);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= c[i] == u;
	if (!ok)
		return refuse_excess(s, side, "siege_excess", err);
	s->land.group[s->land.group_n++] = (int16_t)u;
	char name[64], hl[64];
	lw_log(s, "%s leaves %s with the excess (16.6.4).", lw_unit_name(s, u, name, sizeof name),
	       lw_hex_label(s->amphib.siege.city_hex, hl, sizeof hl));
	if (excess_complete(s))
		lw_battle_excess_retreats(s, out); /* 16.9 prompts, then stay() */
	return 0;
}

/* LW_SG_ANSWER: the victor besieges the city or refuses the siege. */
static int not_besieger(const struct lw_state *s, int side, struct tg_error *err)
{
	if (side != s->amphib.siege.besieger)
		return tg_fail(err, TG_E_NOT_YOUR_TURN,
		               "16.9.5: the victor accepts or refuses the siege");
	return 0;
}

static int act_besiege(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)a;
	if (not_besieger(s, side, err) != 0)
		return -1;
	if (free_slot(s) < 0)
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5: no room for another siege");
	if (!can_besiege(s))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "16.9.5.2 / 12.4: the whole victorious force must stack in the city");
	return besiege(s, out);
}

static int act_refuse_siege(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)a;
	if (not_besieger(s, side, err) != 0)
		return -1;
	if (!may_refuse(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.1.3 / 14.2.2: a successful assault must occupy the port: "
		               "besiege it");
	struct lw_siege *g = &s->amphib.siege;
	int pc = lw_siege_refuse_pc(g->level);
	lw_lose_pc(s, side, pc);
	lw_gain_pc(s, LW_OTHER(side), pc);
	char hl[64];
	lw_log(s, "The %s player refuses the siege of %s: %d PC to his opponent (16.9.5.1).",
	       lw_side_title(side), lw_hex_label(g->city_hex, hl, sizeof hl), pc);
	clear(g);
	lw_battle_close(s, out, NULL, 0);
	return 0;
}

static int refuse_answer(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)type;
	if (not_besieger(s, side, err) != 0)
		return -1;
	return tg_fail(err, TG_E_ILLEGAL, "16.9.5: besiege or refuse_siege");
}

static const struct lw_action offer_rows[] = {
    {"offer_siege", "16.9.5", act_offer_siege, 0},
    {"decline_siege", "16.9.5", act_decline_siege, 0},
};
static const struct lw_action excess_rows[] = {
    {"siege_excess", "16.6.4", act_siege_excess, 0},
};
static const struct lw_action answer_rows[] = {
    {"besiege", "16.9.5.2", act_besiege, 0},
    {"refuse_siege", "16.9.5.1", act_refuse_siege, 0},
};
const struct lw_actions lw_siege_offer_actions =
    LW_ACTIONS("siege.offer", offer_rows, refuse_offer);
const struct lw_actions lw_siege_excess_actions =
    LW_ACTIONS("siege.excess", excess_rows, refuse_excess);
const struct lw_actions lw_siege_answer_actions =
    LW_ACTIONS("siege.answer", answer_rows, refuse_answer);

const struct lw_actions *lw_siege_actions(const struct lw_state *s)
{
	const struct lw_siege *g = &s->amphib.siege;
	if (s->step == LW_ST_SIEGE_OFFER && g->stage == LW_SG_OFFER)
		return &lw_siege_offer_actions;
	if (s->step == LW_ST_SIEGE_OFFER && g->stage == LW_SG_EXCESS)
		return &lw_siege_excess_actions;
	if (s->step == LW_ST_SIEGE_ANSWER && g->stage == LW_SG_ANSWER)
		return &lw_siege_answer_actions;
	return NULL;
}

int lw_siege_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err)
{
	const struct lw_actions *t = lw_siege_actions(s);
	if (!t) {
		if (!lw_a_str(a, "type"))
			return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5: no siege decision is pending");
	}
	return lw_action_dispatch(t, s, side, a, out, err);
}

/* ---- during the siege (16.9.5.2, 16.9.5.3) ---------------------------------------------- */

static bool besiegers_it_removable(const struct lw_state *s, const struct lw_siege *g)
{
	if (!lw_it_pc_removal_allowed(lw_D()->turns[s->turn].year))
		return false;
	int u[LW_MAX_UNITS], r = 0;
	int n = units(s, g->city_hex, g->besieger, u);
	for (int i = 0; i < n; i++) {
		if (s->unit[u[i]].flags & LW_UF_OOS)
			return false; /* 10.6.3 */
		/* 11.0: the PC left after an activation "remove IT from another
		 * Force": 16.9.5.2 sets the besiegers' price (two PC), not an
		 * exception to 11.0, so pressed this card they remove none */
		if (s->unit[u[i]].flags & LW_UF_ACTIVATED)
			return false;
		r += s->unit[u[i]].it - s->unit[u[i]].it_new;
	}
	return r > 0;
}

/* 16.9.5.2: activating the besiegers is an activation of the card (10.6.2:
 * its cost; on a campaign card one of its two designated forces, 10.7.3.1,
 * "unless he is playing a campaign card"); 0 or -1 with err. */
static int check_press(const struct lw_state *s, int side, const struct lw_siege *g,
                       struct tg_error *err)
{
	if (s->step != LW_ST_SPEND || s->play.side != side || g->besieger != side)
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5.2: you are not besieging this city");
	if (s->play.activations_left == 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.5.2: activating the besiegers is this card's activation (a "
		               "second only with a campaign card)");
	if (g->pressed == 1)
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5.2: already activated this round");
	int co = lw_force_co_side(s, g->city_hex, side);
	if (co == LW_NONE)
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5.2: no besieging force");
	return lw_check_activate_force(s, side, co, s->play.pc_left, s->play.campaign != 0, err);
}

static const struct lw_siege *siege_of(const struct lw_state *s, int side, const json_t *a)
{
	int hex, found = -1, n = 0;
	bool named = lw_a_int(a, "city", &hex);
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		const struct lw_siege *g = &s->amphib.sieges[i];
		if (g->stage != LW_SG_ON || g->besieger != side)
			continue;
		n++;
		if (!named || g->city_hex == hex)
			found = i;
	}
	if (found < 0 || (!named && n > 1))
		return NULL;
	return &s->amphib.sieges[found];
}

void lw_siege_spend_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (s->step != LW_ST_SPEND || s->play.side != side)
		return;
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		const struct lw_siege *g = &s->amphib.sieges[i];
		if (g->stage != LW_SG_ON || g->besieger != side)
			continue;
		char hl[64];
		lw_hex_label(g->city_hex, hl, sizeof hl);
		if (check_press(s, side, g, NULL) == 0) {
			int co = lw_force_co_side(s, g->city_hex, side);
			int cost = s->play.campaign ? 0 : lw_activation_cost(s, co);
			tg_offer(
			    list,
			    tg_act(list, "{s:s,s:i}", "type", "siege_press", "city", g->city_hex),
			    "Activate the force besieging %s (cost %d): two IT to both sides "
			    "this round (16.9.5.2)",
			    hl, cost);
		}
		if (s->play.pc_left >= 2 && besiegers_it_removable(s, g))
			tg_offer(list,
			         tg_act(list, "{s:s,s:i}", "type", "siege_remove_it", "city",
			                g->city_hex),
			         "Remove one IT from the force besieging %s for 2 PC (16.9.5.2)",
			         hl);
	}
}

/* The siege the besieger's action names ("city"), or NULL with err. */
static struct lw_siege *spend_siege(struct lw_state *s, int side, const json_t *a,
                                    struct tg_error *err)
{
	const struct lw_siege *cg = siege_of(s, side, a);
	if (!cg) {
		tg_fail(err, TG_E_ILLEGAL,
		        "16.9.5.2: name a city you are besieging (\"city\": hex)");
		return NULL;
	}
	return &s->amphib.sieges[cg - s->amphib.sieges];
}

int lw_siege_press_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)out;
	struct lw_siege *g = spend_siege(s, side, a, err);
	if (!g)
		return -1;
	if (check_press(s, side, g, err) != 0)
		return -1;
	int co = lw_force_co_side(s, g->city_hex, side);
	if (!s->play.campaign)
		s->play.pc_left = (int8_t)(s->play.pc_left - lw_activation_cost(s, co));
	s->play.activations_left--;
	s->unit[co].flags |= LW_UF_ACTIVATED;
	g->pressed = 1;
	const struct lw_hex *h = lw_data_hex(lw_D(), g->city_hex);
	if (side == LW_UNION && h && h->region == LW_REGION_EASTERN)
		s->side[LW_UNION].eastern_done = 1; /* 10.7.8.1: a force activated in Virginia */
	char hl[64];
	lw_log(s, "The %s player activates the force besieging %s%s (16.9.5.2).",
	       lw_side_title(side), lw_hex_label(g->city_hex, hl, sizeof hl),
	       s->play.campaign ? " as a campaign force" : "");
	return 0;
}

int lw_siege_remove_it_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)out;
	struct lw_siege *g = spend_siege(s, side, a, err);
	if (!g)
		return -1;
	if (s->play.pc_left < 2 || !besiegers_it_removable(s, g))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.5.2: the besiegers remove IT at two PC each (IT older than "
		               "this card, in supply, not in 1861; 11.0: not after their own "
		               "activation on this card)");
	int u[LW_MAX_UNITS];
	int n = units(s, g->city_hex, side, u);
	for (int i = 0; i < n; i++)
		if (s->unit[u[i]].it > s->unit[u[i]].it_new) {
			s->unit[u[i]].it--;
			break;
		}
	s->play.pc_left = (int8_t)(s->play.pc_left - 2);
	lw_log(s, "The besiegers remove one IT for 2 PC (16.9.5.2).");
	return 0;
}

bool lw_siege_blocks_activation(const struct lw_state *s, int u)
{
	if (u < 0 || u >= s->n_units || s->unit[u].where != LW_W_MAP)
		return false;
	return lw_siege_at(s, s->unit[u].hex) >= 0;
}

bool lw_siege_blocks_it_removal(const struct lw_state *s, int hex)
{
	return lw_siege_at(s, hex) >= 0;
}

bool lw_siege_blocks_entry(const struct lw_state *s, int side, int hex)
{
	return lw_siege_besieged(s, hex, side);
}

bool lw_siege_reinforces(const struct lw_state *s, int side, int hex)
{
	return lw_siege_besieging(s, hex, side);
}

void lw_siege_card_end(struct lw_state *s, int side)
{
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		struct lw_siege *g = &s->amphib.sieges[i];
		if (g->stage != LW_SG_ON || side != g->besieger)
			continue;
		if (g->pressed == LW_SIEGE_BEGUN) {
			g->pressed = 0; /* the card play that began the siege: IT from the next */
			continue;
		}
		int n = g->pressed ? 2 : 1;
		g->pressed = 0;
		add_it_as(s, g->city_hex, defender_side(g), n, false);
		add_it_as(s, g->city_hex, g->besieger, n, false);
		char hl[64];
		lw_log(s, "Siege of %s: %d IT to each side (16.9.5.2).",
		       lw_hex_label(g->city_hex, hl, sizeof hl), n);
	}
	lw_siege_check_defeat(s);
}

/* ---- the ends of a siege (16.9.5.4) ---------------------------------------------------- */

/* 16.9.5.4.1: all the defender's generals disgraced, the city captured (its
 * supply in PC both ways, lw_capture_city), the defender's CO stars in PC. */
static void defeat(struct lw_state *s, int i)
{
	struct lw_siege *g = &s->amphib.sieges[i];
	int D = defender_side(g), A = g->besieger, hex = g->city_hex;
	int it = side_it(s, hex, D), cap = defense_capability(s, g);
	int c = lw_city_at(hex);
	int co = lw_force_co_side(s, hex, D);
	int co_stars = co != LW_NONE ? s->unit[co].stars : 0;
	char hl[64], name[64];
	lw_hex_label(hex, hl, sizeof hl);
	lw_log(s,
	       "Siege of %s: %d IT reach twice the defense of %d; the defenders are "
	       "disgraced (16.9.5.4.1).",
	       hl, it, cap);
	int u[LW_MAX_UNITS];
	int n = units(s, hex, D, u);
	for (int k = 0; k < n; k++) {
		lw_log(s, "%s goes to the Disgraced Generals box.",
		       lw_unit_name(s, u[k], name, sizeof name));
		lw_disgrace(s, u[k]);
	}
	clear(g);
	if (co_stars > 0)
		lw_gain_pc(s, A, co_stars);
	if (c >= 0)
		lw_capture_city(s, A, c, false); /* city supply: + to A, - to D */
	lw_log(s, "The %s player takes %s (+%d PC for the defeated CO).", lw_side_title(A), hl,
	       co_stars);
	lw_unstack_all(s);
}

bool lw_siege_check_defeat(struct lw_state *s)
{
	bool any = false;
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		struct lw_siege *g = &s->amphib.sieges[i];
		if (g->stage != LW_SG_ON)
			continue;
		if (lw_siege_defeated(side_it(s, g->city_hex, defender_side(g)),
		                      defense_capability(s, g))) {
			defeat(s, i);
			any = true;
		}
	}
	return any;
}

bool lw_siege_broken_by_attack(const struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	int i = lw_siege_at(s, b->def_hex);
	return i >= 0 && b->attacker == defender_side(&s->amphib.sieges[i]) &&
	       b->winner == b->attacker;
}

static bool fits(const struct lw_state *s, int hex, int side, int from, const int *go, int n)
{
	return lw_stack_check_hex(s, hex, side, go, n, LW_NONE, 0, NULL) == 0 &&
	       lw_stack_check_without(s, from, side, go, n, NULL) == 0;
}

int lw_siege_relief_advance(const struct lw_state *s, const int *u, int n, int co, int *go)
{
	const struct lw_battle *b = &s->battle;
	int side = b->attacker, ng = 0;
	int here[LW_MAX_UNITS], three = 0;
	int m = units(s, b->def_hex, side, here);
	for (int i = 0; i < m; i++)
		three |= !s->unit[here[i]].cavalry && s->unit[here[i]].stars == 3;
	/* 16.9.5.4.2: a three-star CO of the victors goes first when the
	 * besieged were a Minor Army (he makes the hex a Major Army's) */
	if (co != LW_NONE && s->unit[co].stars == 3 && !three) {
		go[0] = co;
		if (fits(s, b->def_hex, side, b->att_hex, go, 1))
			ng = 1;
	}
	/* then the maximum amount of units: the fewest stars first */
	for (int st = 1; st <= 3; st++)
		for (int i = 0; i < n; i++) {
			bool in = false;
			for (int k = 0; k < ng; k++)
				in |= go[k] == u[i];
			if (in || s->unit[u[i]].stars != st)
				continue;
			go[ng] = u[i];
			if (fits(s, b->def_hex, side, b->att_hex, go, ng + 1))
				ng++;
		}
	return ng;
}

void lw_siege_settle(struct lw_state *s)
{
	if (s->battle.active)
		return; /* a battle on the siege hex is being fought, or a siege decided */
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		struct lw_siege *g = &s->amphib.sieges[i];
		if (g->stage != LW_SG_ON || g->returning)
			continue; /* (a return being chosen: return_step ends it) */
		int u[LW_MAX_UNITS];
		int D = defender_side(g), A = g->besieger;
		int nd = units(s, g->city_hex, D, u), na = units(s, g->city_hex, A, u);
		char hl[64];
		lw_hex_label(g->city_hex, hl, sizeof hl);
		if (nd > 0 && na > 0) {
			g->camp_co = (int16_t)lw_force_co_side(s, g->city_hex, A);
			continue;
		}
		if (nd == 0) {
			/* the defenders were eliminated (16.9.5.2): the besiegers
			 * stand in the city and take it (docs/amphibious_sieges.md "16.9.5.4.1
			 * capture") */
			lw_log(s, "The siege of %s ends: no defender is left (16.9.5.2).", hl);
			int hex = g->city_hex, c = lw_city_at(hex);
			clear(g);
			if (na > 0 && c >= 0)
				lw_capture_city(s, A, c, false);
			/* 12.4: besiegers held overstacked for a siege_star answer
			 * (16.9.6) are no longer held: the displacement procedure */
			lw_unstack(s, hex, A);
			continue;
		}
		/* 16.9.5.4.2: the besiegers were driven off: their CO is disgraced
		 * (unless a rout already did it: no double disgrace) */
		const struct lw_battle *b = &s->battle;
		int co =
		    b->def_hex == g->city_hex && b->attacker == D ? s->land.def_co : g->camp_co;
		char name[64];
		clear(g);
		if (co >= 0 && co < s->n_units && s->unit[co].where == LW_W_MAP &&
		    s->unit[co].side == A) {
			lw_log(s, "The siege of %s is broken: %s is disgraced (16.9.5.4.2).", hl,
			       lw_unit_name(s, co, name, sizeof name));
			lw_disgrace(s, co);
			lw_unstack_all(s);
		} else {
			lw_log(s, "The siege of %s is broken (16.9.5.4.2).", hl);
		}
	}
}

void lw_siege_before_supply(struct lw_state *s)
{
	lw_siege_settle(s);
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		struct lw_siege *g = &s->amphib.sieges[i];
		if (g->stage != LW_SG_ON)
			continue;
		int u[LW_MAX_UNITS];
		int n = units(s, g->city_hex, defender_side(g), u);
		for (int k = 0; k < n; k++) {
			s->unit[u[k]].it++; /* 16.9.5.4.3: one IT per general, no forage */
			s->unit[u[k]].flags |= LW_UF_OOS;
		}
		char hl[64];
		lw_log(s,
		       "Siege of %s at the Supply Phase: the besieged are out of supply, one IT "
		       "per general (16.9.5.4.3).",
		       lw_hex_label(g->city_hex, hl, sizeof hl));
	}
	lw_siege_check_defeat(s);
}

/* May units `go` of side end in hex (no enemy, no enemy city, stacking)? */
static bool may_stand(const struct lw_state *s, int side, int hex, const int *go, int n)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	int tmp[LW_MAX_UNITS];
	if (!h || h->terrain == LW_TERRAIN_OCEAN || units(s, hex, LW_OTHER(side), tmp) > 0)
		return false;
	int c = lw_city_at(hex);
	if (c >= 0 &&
	    ((lw_city_controller(s, c) == LW_OTHER(side) && !lw_D()->cities[c].bracketed) ||
	     (side == LW_CONFEDERATE && lw_D()->cities[c].no_confederate_entry)))
		return false;
	return lw_stack_check_hex(s, hex, side, go, n, LW_NONE, 0, NULL) == 0;
}

/* 16.9.5.4.3: where besiegers `go` may go: the hex they came from when it
 * takes them ("moves back to the hex which it came from originally"), else
 * any adjacent hex closer to a friendly supply city that takes them ("any
 * other adjacent hex closer to a friendly city or supply route must be
 * chosen": by their owner, lw_siege_return_act). */
static int return_options(const struct lw_state *s, const struct lw_siege *g, const int *go, int n,
                          int out[6])
{
	int A = g->besieger;
	if (g->camp_hex != LW_NO_HEX && may_stand(s, A, g->camp_hex, go, n)) {
		out[0] = g->camp_hex;
		return 1;
	}
	int nb[6], k = 0, here = lw_supply_city_distance(s, A, g->city_hex);
	int m = tg_hex_neighbours(&lw_D()->grid, g->city_hex, nb);
	for (int i = 0; i < m; i++) {
		if (nb[i] == g->camp_hex ||
		    (lw_data_hexside_flags(lw_D(), g->city_hex, nb[i]) & LW_HS_IMPASSABLE))
			continue;
		if (lw_supply_city_distance(s, A, nb[i]) < here && may_stand(s, A, nb[i], go, n))
			out[k++] = nb[i];
	}
	return k;
}

static void move_to(struct lw_state *s, const int *go, int n, int to)
{
	int host = n > 0 ? lw_force_co_side(s, to, s->unit[go[0]].side) : LW_NONE;
	lw_co_keeps_command(s, host); /* 11.0.1 */
	for (int i = 0; i < n; i++) {
		struct lw_unit *x = &s->unit[go[i]];
		x->hex = (int16_t)to;
		if (host != LW_NONE && !s->unit[host].cavalry && s->unit[host].stars >= x->stars)
			x->cmd = 0; /* 11.2.1 */
	}
	if (n > 0)
		lw_border_enter(s, s->unit[go[0]].side, to);
}

/* 16.9.5.4.3: the last besieger is out: their CO (the one in command at the
 * Supply Phase, camp_co) is disgraced, the defenders gain his stars. */
static void held_out_end(struct lw_state *s, int i)
{
	struct lw_siege *g = &s->amphib.sieges[i];
	int A = g->besieger, D = defender_side(g), co = g->camp_co;
	clear(g); /* the hex is the defenders' again from here */
	char name[64];
	if (co >= 0 && co < s->n_units && s->unit[co].where == LW_W_MAP && s->unit[co].side == A) {
		int stars = s->unit[co].stars;
		lw_log(s, "%s is disgraced, the %s player gains %d PC (16.9.5.4.3).",
		       lw_unit_name(s, co, name, sizeof name), lw_side_title(D), stars);
		lw_disgrace(s, co);
		lw_gain_pc(s, D, stars);
	}
	lw_unstack_all(s);
}

/* Moves the besiegers of siege i back as far as the rules leave no
 * choice; true when their owner must choose (the siege's `returning`). */
static bool return_step(struct lw_state *s, int i)
{
	struct lw_siege *g = &s->amphib.sieges[i];
	char hl[64], tl[64], name[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	for (int guard = 0; guard <= LW_MAX_UNITS; guard++) {
		int u[LW_MAX_UNITS], opts[6];
		int n = units(s, g->city_hex, g->besieger, u);
		if (n == 0)
			break;
		int no = return_options(s, g, u, n, opts);
		if (no == 1 && opts[0] == g->camp_hex) {
			move_to(s, u, n, opts[0]);
			lw_log(s, "%s held out: the besiegers go back to %s (16.9.5.4.3).", hl,
			       lw_hex_label(opts[0], tl, sizeof tl));
			continue;
		}
		bool any = no > 0;
		for (int k = 0; k < n && !any; k++)
			any = return_options(s, g, &u[k], 1, opts) > 0;
		if (any) {
			g->returning = 1;
			return true;
		}
		/* 16.9.6: nowhere to go; the CO is disgraced below anyway */
		for (int k = 0; k < n; k++) {
			lw_log(s, "%s cannot leave %s and is disgraced (16.9.6).",
			       lw_unit_name(s, u[k], name, sizeof name), hl);
			if (u[k] != g->camp_co)
				lw_disgrace(s, u[k]);
		}
		break;
	}
	held_out_end(s, i);
	return false;
}

static int returning_siege(const struct lw_state *s)
{
	if (s->phase != LW_PH_SUPPLY)
		return -1;
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		if (s->amphib.sieges[i].stage == LW_SG_ON && s->amphib.sieges[i].returning)
			return i;
	return -1;
}

int lw_siege_choice_side(const struct lw_state *s)
{
	int i = returning_siege(s);
	return i < 0 ? LW_NOSIDE : s->amphib.sieges[i].besieger;
}

const char *lw_siege_return_prompt(const struct lw_state *s)
{
	(void)s;
	return "The besieged city held: choose where your besiegers go, closer to a friendly "
	       "supply city (16.9.5.4.3)";
}

void lw_siege_return_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	int i = returning_siege(s);
	if (i < 0 || side != s->amphib.sieges[i].besieger)
		return;
	const struct lw_siege *g = &s->amphib.sieges[i];
	int u[LW_MAX_UNITS], opts[6];
	int n = units(s, g->city_hex, side, u);
	char hl[64], tl[64], name[64], id[48];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	int no = return_options(s, g, u, n, opts);
	for (int k = 0; k < no; k++)
		tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "siege_return", "to", opts[k]),
		         "The besiegers of %s go to %s (16.9.5.4.3: they cannot go back where "
		         "they came from)",
		         hl, lw_hex_label(opts[k], tl, sizeof tl));
	if (no > 0)
		return;
	for (int j = 0; j < n; j++) {
		int nj = return_options(s, g, &u[j], 1, opts);
		for (int k = 0; k < nj; k++)
			tg_offer(list,
			         tg_act(list, "{s:s,s:s,s:i}", "type", "siege_return", "general",
			                lw_unit_id(s, u[j], id, sizeof id), "to", opts[k]),
			         "%s leaves %s alone for %s (16.9.5.4.3: no hex takes the whole "
			         "force)",
			         lw_unit_name(s, u[j], name, sizeof name), hl,
			         lw_hex_label(opts[k], tl, sizeof tl));
	}
}

/* The rest of the phase once no return waits (lw_time.c). */
static bool returns_go_on(struct lw_state *s);

static int refuse_return(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)type;
	int i = returning_siege(s);
	if (i < 0 || side != s->amphib.sieges[i].besieger)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "16.9.5.4.3: no return of yours waits");
	return tg_fail(err, TG_E_ILLEGAL,
	               "16.9.5.4.3: first choose where your besiegers go (\"siege_return\" with "
	               "a hex \"to\")");
}

static int act_siege_return(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	int i = returning_siege(s);
	int to, u[LW_MAX_UNITS], opts[6];
	if (i < 0 || side != s->amphib.sieges[i].besieger || !lw_a_int(a, "to", &to))
		return refuse_return(s, side, "siege_return", err);
	struct lw_siege *g = &s->amphib.sieges[i];
	int n = units(s, g->city_hex, side, u);
	int no = return_options(s, g, u, n, opts);
	int go[1], ng = n;
	const int *set = u;
	if (json_object_get(a, "general")) {
		go[0] = lw_unit_by_id(s, lw_a_str(a, "general"));
		bool in = false;
		for (int k = 0; k < n; k++)
			in |= u[k] == go[0];
		if (no > 0 || !in)
			return tg_fail(err, TG_E_ILLEGAL,
			               "16.9.5.4.3: the besiegers go back as one force when a hex "
			               "takes them all; one general at a time only when none does");
		no = return_options(s, g, go, 1, opts);
		set = go;
		ng = 1;
	}
	bool ok = false;
	for (int k = 0; k < no; k++)
		ok |= opts[k] == to;
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.5.4.3: an adjacent hex closer to a friendly supply city, free "
		               "of the enemy, where they stack; %04d is not one",
		               to);
	char hl[64], tl[64];
	move_to(s, set, ng, to);
	lw_log(s, "%s held out: %s go%s to %s (16.9.5.4.3).",
	       lw_hex_label(g->city_hex, hl, sizeof hl), ng == n ? "the besiegers" : "a besieger",
	       ng == n ? "" : "es", lw_hex_label(to, tl, sizeof tl));
	if (out)
		out->barrier = true; /* the rest of the Supply Phase may draw */
	/* the next sieges and the rest of the phase: stage LW_SS_SIEGE records
	 * them, and the driver (lw_continue) goes on once nothing is awaited,
	 * after the CO's disgrace asked its question if it did */
	return_step(s, i);
	return 0;
}

static const struct lw_action return_rows[] = {
    {"siege_return", "16.9.5.4.3", act_siege_return, 0},
};
const struct lw_actions lw_siege_return_actions =
    LW_ACTIONS("siege_return", return_rows, refuse_return);

int lw_siege_return_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	return lw_action_dispatch(&lw_siege_return_actions, s, side, a, out, err);
}

/* The next siege on after the supply check; true when one was resolved or
 * its return choice waits, false when none is left. The end of a siege may
 * raise a question (3.6, 11.0.3: the disgraced CO's successor, 11.1.2.2 a
 * new GiC, 12.4 a general displaced), which the next siege and the rest of
 * the phase wait for, so that they see who commands and where the generals
 * stand: the phase stops in stage LW_SS_SIEGE after each siege, and the
 * driver (lw_continue, which knows what is awaited) calls
 * lw_supply_phase_done again for the next one once nothing is. */
static bool returns_go_on(struct lw_state *s)
{
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		struct lw_siege *g = &s->amphib.sieges[i];
		if (g->stage != LW_SG_ON)
			continue;
		if (!g->returning)
			g->camp_co = (int16_t)lw_force_co_side(s, g->city_hex, g->besieger);
		return_step(s, i);
		return true;
	}
	return false;
}

bool lw_siege_after_supply(struct lw_state *s)
{
	s->command.supply_stage = LW_SS_SIEGE; /* 3.6: "Resolve any ongoing sieges" */
	lw_siege_settle(s);                    /* demotions for IT may have emptied a side */
	if (returns_go_on(s))
		return true;
	s->command.supply_stage = LW_SS_NONE;
	return false;
}
