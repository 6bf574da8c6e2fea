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

static int hex_it(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = units(s, hex, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

/* IT on the force at hex. `fresh`: placed during the current card play
 * (10.6.3: not removable by it); the IT of the end of a card play are not. */
static void add_it_as(struct lw_state *s, int hex, int side, int n, bool fresh)
{
	int co = lw_force_co(s, hex);
	if (co == LW_NONE || s->unit[co].side != side || n <= 0)
		return;
	s->unit[co].it = (int16_t)(s->unit[co].it + n);
	if (fresh)
		s->unit[co].it_new = (int16_t)(s->unit[co].it_new + n);
}

static void add_it(struct lw_state *s, int hex, int side, int n)
{
	add_it_as(s, hex, side, n, true);
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

static void end_siege(struct lw_state *s)
{
	struct lw_siege *g = &s->amphib.siege;
	memset(g, 0, sizeof *g);
	g->camp_co = LW_NONE;
}

/* ---- offering and answering (16.9.5, 16.9.5.1) ---------------------------------------- */

bool lw_siege_may_offer(const struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	int D = LW_OTHER(b->attacker);
	if (s->amphib.siege.stage != LW_SG_NONE || s->amphib.assault != LW_AM_NONE)
		return false; /* one siege at a time; none against an amphibious assault */
	if (b->winner != b->attacker || b->empty_city || s->land.disaster == LW_DISASTER_REVERSAL)
		return false;
	int c = lw_city_at(b->def_hex);
	if (c < 0 || lw_D()->cities[c].bracketed || city_supply(c) < 2 ||
	    lw_city_controller(s, c) != D)
		return false;
	if (!tg_hex_adjacent(&lw_D()->grid, b->att_hex, b->def_hex))
		return false;
	int u[LW_MAX_UNITS];
	return units(s, b->def_hex, D, u) > 0 && units(s, b->att_hex, b->attacker, u) > 0;
}

void lw_siege_begin_offer(struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	struct lw_siege *g = &s->amphib.siege;
	g->stage = LW_SG_OFFER;
	g->besieger = b->attacker;
	g->city_hex = b->def_hex;
	g->camp_hex = b->att_hex;
	g->level = (uint8_t)(b->rout ? 3 : b->result == LW_CRT_MAJOR ? 2 : 1);
	g->pressed = 0;
	g->camp_co = (int16_t)lw_force_co(s, b->att_hex);
	s->step = LW_ST_SIEGE_OFFER;
	s->awaiting_side = (int8_t)LW_OTHER(b->attacker);
}

void lw_siege_offer(const struct lw_state *s, int side, json_t *list)
{
	const struct lw_siege *g = &s->amphib.siege;
	char hl[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	if (s->step == LW_ST_SIEGE_OFFER && g->stage == LW_SG_OFFER && side == defender_side(g)) {
		lw_offer(list, json_pack("{s:s}", "type", "offer_siege"),
		         "Stay in %s and offer siege, taking one more IT (16.9.5)", hl);
		lw_offer(list, json_pack("{s:s}", "type", "decline_siege"),
		         "Retreat from %s instead (16.9)", hl);
	}
	if (s->step == LW_ST_SIEGE_ANSWER && g->stage == LW_SG_ANSWER && side == g->besieger) {
		lw_offer(list, json_pack("{s:s}", "type", "besiege"), "Besiege %s (16.9.5.2)", hl);
		lw_offer(list, json_pack("{s:s}", "type", "refuse_siege"),
		         "Refuse the siege of %s: lose %d PC to your opponent (16.9.5.1)", hl,
		         lw_siege_refuse_pc(g->level));
	}
}

int lw_siege_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err)
{
	struct lw_siege *g = &s->amphib.siege;
	const char *type = lw_a_str(a, "type");
	char hl[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	if (s->step == LW_ST_SIEGE_OFFER && g->stage == LW_SG_OFFER) {
		if (side != defender_side(g))
			return tg_fail(err, TG_E_NOT_YOUR_TURN,
			               "16.9.5: the defeated defender decides on the siege");
		if (strcmp(type, "offer_siege") == 0) {
			add_it(s, g->city_hex, side, 1);
			lw_log(s, "The %s force stays in %s and offers siege (+1 IT, 16.9.5).",
			       lw_side_title(side), hl);
			g->stage = LW_SG_ANSWER;
			s->step = LW_ST_SIEGE_ANSWER;
			s->awaiting_side = g->besieger;
			return 0;
		}
		if (strcmp(type, "decline_siege") == 0) {
			end_siege(s);
			lw_amphib_water_retreat(s); /* 16.9.4 */
			lw_battle_loser_retreats(s, out);
			return 0;
		}
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5: offer_siege or decline_siege");
	}
	if (s->step == LW_ST_SIEGE_ANSWER && g->stage == LW_SG_ANSWER) {
		if (side != g->besieger)
			return tg_fail(err, TG_E_NOT_YOUR_TURN,
			               "16.9.5: the victor accepts or refuses the siege");
		if (strcmp(type, "besiege") == 0) {
			g->stage = LW_SG_ON;
			g->pressed = LW_SIEGE_BEGUN;
			g->camp_co = (int16_t)lw_force_co(s, g->camp_hex);
			lw_log(s, "The %s player besieges %s (16.9.5.2).", lw_side_title(side), hl);
			lw_battle_close(s, out);
			lw_siege_check_defeat(s);
			return 0;
		}
		if (strcmp(type, "refuse_siege") == 0) {
			int pc = lw_siege_refuse_pc(g->level);
			lw_lose_pc(s, side, pc);
			lw_gain_pc(s, LW_OTHER(side), pc);
			lw_log(s,
			       "The %s player refuses the siege of %s: %d PC to his opponent "
			       "(16.9.5.1).",
			       lw_side_title(side), hl, pc);
			end_siege(s);
			lw_battle_close(s, out);
			return 0;
		}
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5: besiege or refuse_siege");
	}
	return tg_fail(err, TG_E_ILLEGAL, "16.9.5: no siege decision is pending");
}

/* ---- during the siege (16.9.5.2, 16.9.5.3) ---------------------------------------------- */

static int camp_cost(const struct lw_state *s)
{
	int co = lw_force_co(s, s->amphib.siege.camp_hex);
	return co == LW_NONE ? -1 : lw_activation_cost(s, co);
}

static bool camp_it_removable(const struct lw_state *s)
{
	const struct lw_siege *g = &s->amphib.siege;
	if (!lw_it_pc_removal_allowed(lw_D()->turns[s->turn].year))
		return false;
	int u[LW_MAX_UNITS], r = 0;
	int n = units(s, g->camp_hex, g->besieger, u);
	for (int i = 0; i < n; i++) {
		if (s->unit[u[i]].flags & LW_UF_OOS)
			return false; /* 10.6.3 */
		r += s->unit[u[i]].it - s->unit[u[i]].it_new;
	}
	return r > 0;
}

void lw_siege_spend_offer(const struct lw_state *s, int side, json_t *list)
{
	const struct lw_siege *g = &s->amphib.siege;
	if (g->stage != LW_SG_ON || side != g->besieger || s->step != LW_ST_SPEND ||
	    s->play.side != side)
		return;
	char hl[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	int cost = camp_cost(s);
	if (s->play.activations_left > 0 && !s->play.campaign && g->pressed != 1 && cost >= 0 &&
	    cost <= s->play.pc_left)
		lw_offer(list, json_pack("{s:s}", "type", "siege_press"),
		         "Activate the force besieging %s (cost %d): two IT to both sides this "
		         "round (16.9.5.2)",
		         hl, cost);
	if (s->play.pc_left >= 2 && camp_it_removable(s))
		lw_offer(list, json_pack("{s:s}", "type", "siege_remove_it"),
		         "Remove one IT from the force besieging %s for 2 PC (16.9.5.2)", hl);
}

int lw_siege_spend_act(struct lw_state *s, int side, const json_t *a, struct tg_error *err)
{
	struct lw_siege *g = &s->amphib.siege;
	const char *type = lw_a_str(a, "type");
	if (!type || (strcmp(type, "siege_press") != 0 && strcmp(type, "siege_remove_it") != 0))
		return 1;
	if (g->stage != LW_SG_ON || side != g->besieger)
		return tg_fail(err, TG_E_ILLEGAL, "16.9.5.2: you are not besieging a city");
	if (strcmp(type, "siege_press") == 0) {
		int cost = camp_cost(s);
		if (s->play.activations_left == 0 || s->play.campaign)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "16.9.5.2: activating the besiegers is this card's activation");
		if (g->pressed == 1)
			return tg_fail(err, TG_E_ILLEGAL, "16.9.5.2: already activated this round");
		if (cost < 0 || cost > s->play.pc_left)
			return tg_fail(err, TG_E_ILLEGAL,
			               "10.6.2: activating costs %d PC, the card has %d left", cost,
			               s->play.pc_left);
		s->play.pc_left = (int8_t)(s->play.pc_left - cost);
		s->play.activations_left--;
		g->pressed = 1;
		lw_log(s, "The %s player presses the siege (16.9.5.2).", lw_side_title(side));
		return 0;
	}
	if (s->play.pc_left < 2 || !camp_it_removable(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.9.5.2: the besiegers remove IT at two PC each (IT older than "
		               "this card, in supply, not in 1861)");
	int u[LW_MAX_UNITS];
	int n = units(s, g->camp_hex, side, u);
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
	const struct lw_siege *g = &s->amphib.siege;
	if (g->stage != LW_SG_ON || u < 0 || u >= s->n_units || s->unit[u].where != LW_W_MAP)
		return false;
	return s->unit[u].hex == g->city_hex || s->unit[u].hex == g->camp_hex;
}

bool lw_siege_blocks_it_removal(const struct lw_state *s, int hex)
{
	const struct lw_siege *g = &s->amphib.siege;
	return g->stage == LW_SG_ON && (hex == g->city_hex || hex == g->camp_hex);
}

bool lw_siege_blocks_entry(const struct lw_state *s, int side, int hex)
{
	const struct lw_siege *g = &s->amphib.siege;
	return g->stage == LW_SG_ON && hex == g->city_hex && side == defender_side(g);
}

void lw_siege_card_end(struct lw_state *s, int side)
{
	struct lw_siege *g = &s->amphib.siege;
	if (g->stage != LW_SG_ON || side != g->besieger)
		return;
	if (g->pressed == LW_SIEGE_BEGUN) {
		g->pressed = 0; /* the card play that began the siege: IT from the next one */
		return;
	}
	int n = g->pressed ? 2 : 1;
	g->pressed = 0;
	add_it_as(s, g->city_hex, defender_side(g), n, false);
	add_it_as(s, g->camp_hex, g->besieger, n, false);
	char hl[64];
	lw_log(s, "Siege of %s: %d IT to each side (16.9.5.2).",
	       lw_hex_label(g->city_hex, hl, sizeof hl), n);
	lw_siege_check_defeat(s);
}

/* ---- the ends of a siege (16.9.5.4) ---------------------------------------------------- */

bool lw_siege_check_defeat(struct lw_state *s)
{
	struct lw_siege *g = &s->amphib.siege;
	if (g->stage != LW_SG_ON)
		return false;
	int D = defender_side(g), A = g->besieger;
	int it = hex_it(s, g->city_hex, D), cap = defense_capability(s, g);
	if (!lw_siege_defeated(it, cap))
		return false;
	int c = lw_city_at(g->city_hex);
	int co = lw_force_co(s, g->city_hex);
	int co_stars = co != LW_NONE ? s->unit[co].stars : 0;
	char hl[64], name[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	lw_log(s,
	       "Siege of %s: %d IT reach twice the defense of %d; the defenders are "
	       "disgraced (16.9.5.4.1).",
	       hl, it, cap);
	int u[LW_MAX_UNITS];
	int n = units(s, g->city_hex, D, u);
	for (int i = 0; i < n; i++) {
		lw_log(s, "%s goes to the Disgraced Generals box.",
		       lw_unit_name(s, u[i], name, sizeof name));
		lw_disgrace(s, u[i]);
	}
	/* the besiegers take the city: as many as the hex stacks, CO first */
	int go[LW_MAX_UNITS], ng = 0;
	n = units(s, g->camp_hex, A, u);
	int camp_co = lw_force_co(s, g->camp_hex);
	if (camp_co != LW_NONE)
		go[ng++] = camp_co;
	for (int st = 3; st >= 1; st--)
		for (int i = 0; i < n; i++)
			if (u[i] != camp_co && s->unit[u[i]].stars == st) {
				go[ng] = u[i];
				if (lw_stack_check_hex(s, g->city_hex, A, go, ng + 1, LW_NONE, 0,
				                       NULL) == 0 &&
				    lw_stack_check_without(s, g->camp_hex, A, go, ng + 1, NULL) ==
				        0)
					ng++;
			}
	for (int i = 0; i < ng; i++)
		s->unit[go[i]].hex = g->city_hex;
	end_siege(s);
	if (co_stars > 0)
		lw_gain_pc(s, A, co_stars);
	if (c >= 0)
		lw_capture_city(s, A, c, false); /* city supply: + to A, - to D */
	lw_log(s, "The %s player takes %s (+%d PC for the defeated CO).", lw_side_title(A), hl,
	       co_stars);
	lw_unstack_all(s);
	return true;
}

bool lw_siege_broken_by_attack(const struct lw_state *s)
{
	const struct lw_siege *g = &s->amphib.siege;
	const struct lw_battle *b = &s->battle;
	return g->stage == LW_SG_ON && b->def_hex == g->camp_hex &&
	       b->attacker == defender_side(g) && b->winner == b->attacker;
}

void lw_siege_settle(struct lw_state *s)
{
	struct lw_siege *g = &s->amphib.siege;
	if (g->stage != LW_SG_ON)
		return;
	int u[LW_MAX_UNITS];
	int D = defender_side(g), A = g->besieger;
	char hl[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	if (units(s, g->city_hex, D, u) == 0) {
		lw_log(s, "The siege of %s ends: no defender is left (16.9.5.4).", hl);
		end_siege(s);
		return;
	}
	if (s->battle.active)
		return; /* a battle against the camp is being fought */
	if (units(s, g->camp_hex, A, u) > 0) {
		g->camp_co = (int16_t)lw_force_co(s, g->camp_hex);
		return;
	}
	/* 16.9.5.4.2: the besiegers were driven off: their CO is disgraced
	 * (unless a rout already did it: no double disgrace) */
	const struct lw_battle *b = &s->battle;
	int co = b->def_hex == g->camp_hex ? s->land.def_co : g->camp_co;
	char name[64];
	if (co >= 0 && co < s->n_units && s->unit[co].where == LW_W_MAP && s->unit[co].side == A) {
		lw_log(s, "The siege of %s is broken: %s is disgraced (16.9.5.4.2).", hl,
		       lw_unit_name(s, co, name, sizeof name));
		lw_disgrace(s, co);
		lw_unstack_all(s);
	} else {
		lw_log(s, "The siege of %s is broken (16.9.5.4.2).", hl);
	}
	end_siege(s);
}

void lw_siege_before_supply(struct lw_state *s, int16_t *keep_it)
{
	for (int i = 0; i < LW_MAX_UNITS; i++)
		keep_it[i] = -1;
	lw_siege_settle(s);
	struct lw_siege *g = &s->amphib.siege;
	if (g->stage != LW_SG_ON)
		return;
	int D = defender_side(g), A = g->besieger;
	int u[LW_MAX_UNITS];
	int n = units(s, g->city_hex, D, u);
	for (int i = 0; i < n; i++) {
		s->unit[u[i]].it++; /* 16.9.5.4.3: one IT per general, no forage */
		s->unit[u[i]].flags |= LW_UF_OOS;
	}
	char hl[64], name[64];
	lw_hex_label(g->city_hex, hl, sizeof hl);
	lw_log(s,
	       "Siege of %s at the Supply Phase: the besieged are out of supply, one IT per "
	       "general (16.9.5.4.3).",
	       hl);
	if (lw_siege_check_defeat(s))
		return;
	n = units(s, g->city_hex, D, u);
	for (int i = 0; i < n; i++)
		keep_it[u[i]] = s->unit[u[i]].it;
	/* the defenders held: the besiegers stay (they never left their hex),
	 * their CO is disgraced and the defenders gain his stars in PC */
	int co = lw_force_co(s, g->camp_hex);
	if (co != LW_NONE && s->unit[co].side == A) {
		int stars = s->unit[co].stars;
		lw_log(s, "%s held out: %s is disgraced, the %s player gains %d PC (16.9.5.4.3).",
		       hl, lw_unit_name(s, co, name, sizeof name), lw_side_title(D), stars);
		lw_disgrace(s, co);
		lw_gain_pc(s, D, stars);
		lw_unstack_all(s);
	}
	end_siege(s);
}

void lw_siege_after_supply(struct lw_state *s, const int16_t *keep_it)
{
	/* the survivors were out of supply this phase: their IT stay (20.4) */
	for (int u = 0; u < s->n_units && u < LW_MAX_UNITS; u++)
		if (keep_it[u] >= 0 && s->unit[u].where == LW_W_MAP) {
			if (s->unit[u].it < keep_it[u])
				s->unit[u].it = keep_it[u];
			s->unit[u].flags |= LW_UF_OOS;
		}
}
