/* lw_resource_events.c — 16.3 the events of the Resource cards of a battle
 * (see lw_resource_events.h for who decides what, and when). */
#include "lw_resource_events.h"

#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_ints.h"
#include "lw_march.h"

/* ---- the cards ------------------------------------------------------------------ */

static const struct lw_card *spent_card(const struct lw_state *s, int side)
{
	int card = s->battle.res_card[side];
	if (!s->resev.works[side] || card == 0 || card == LW_CARD_ZERO_RESOURCE)
		return NULL;
	return lw_card(side, card);
}

static bool effect_flag(const struct lw_card *c, const char *key)
{
	return c && c->effect && json_is_true(json_object_get(c->effect, key));
}

static bool effect_is(const struct lw_card *c, const char *kind, const char *id)
{
	return c && c->effect_kind && strcmp(c->effect_kind, kind) == 0 && c->effect_id &&
	       strcmp(c->effect_id, id) == 0;
}

/* 16.7 / 10.6.5: the card leaves the hand, is replaced, and an erratic card
 * works only on 3-6. */
static void spend(struct lw_state *s, int side)
{
	struct lw_battle *b = &s->battle;
	int card = b->res_card[side];
	s->resev.works[side] = 0;
	if (card == 0 || card == LW_CARD_ZERO_RESOURCE)
		return;
	int idx = lw_hand_find(s, side, card);
	if (idx < 0)
		return;
	lw_hand_remove(s, side, idx);
	lw_discard(s, side, card);
	lw_draw_to_hand(s, side); /* 16.7: replace a spent resource card */
	const struct lw_card *c = lw_card(side, card);
	if (!c || !c->effect)
		return;
	if (c->erratic) {
		int die = tg_rng_die(&s->rng, 6);
		if (die < 3) {
			lw_log(s, "The %s erratic resource %s rolls %d and fails (10.6.5).",
			       lw_side_title(side), c->name, die);
			return;
		}
	}
	s->resev.works[side] = 1;
}

/* ---- the forces ------------------------------------------------------------------ */

static int defender(const struct lw_state *s)
{
	return LW_OTHER(s->battle.attacker);
}

/* The attacking group as the battle sees it (lw_battle_group.c): the listed units still in
 * the hex they attack from. */
static int attackers(const struct lw_state *s, int16_t out[LW_RESEV_UNITS])
{
	const struct lw_battle *b = &s->battle;
	int n = 0;
	for (int i = 0; i < b->att_n && n < LW_RESEV_UNITS; i++) {
		const struct lw_unit *u = &s->unit[b->att_units[i]];
		if (u->where == LW_W_MAP && u->hex == b->att_hex && u->side == b->attacker)
			out[n++] = b->att_units[i];
	}
	return n;
}

static int hex_units16(const struct lw_state *s, int hex, int side, int16_t out[LW_RESEV_UNITS])
{
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, u);
	if (n > LW_RESEV_UNITS)
		n = LW_RESEV_UNITS;
	for (int i = 0; i < n; i++)
		out[i] = (int16_t)u[i];
	return n;
}

/* May a group standing in `from` attack `to`, as 16.1 / 12.3 / 15.0 allow a
 * force that has not moved? */
static bool may_strike(const struct lw_state *s, const int16_t *units, int n, int from, int to)
{
	if (!tg_hex_adjacent(&lw_D()->grid, from, to))
		return false;
	struct lw_hexstep st;
	lw_hexstep_between(s, from, to, lw_group_is_major(s, units, n), &st);
	struct lw_move_track t;
	memset(&t, 0, sizeof t);
	return lw_attack_check(&t, &st, NULL) == 0;
}

/* Battles the events leave alone (docs/decisions.md "16.3 Resource card events"): a city without a
 * force, an amphibious assault, a battle at a siege's camp or city. */
static bool plain_battle(const struct lw_state *s)
{
	const struct lw_battle *b = &s->battle;
	const struct lw_siege *g = &s->amphib.siege;
	if (b->empty_city || s->amphib.assault != LW_AM_NONE)
		return false;
	if (g->stage != LW_SG_NONE) {
		int h[2] = {b->att_hex, b->def_hex};
		for (int i = 0; i < 2; i++)
			if (h[i] == g->city_hex || h[i] == g->camp_hex)
				return false;
	}
	return true;
}

/* ---- Surprise Attack! (2.1, 16.1.1) -------------------------------------------------- */

static void surprise_attack(struct lw_state *s, int side, const struct lw_card *c)
{
	struct lw_battle *b = &s->battle;
	char hl[64];
	if (b->attacker == side) {
		lw_log(s, "Surprise Attack! (%s): the %s player is already the attacker (2.1).",
		       c->name, lw_side_title(side));
		return;
	}
	int16_t u[LW_RESEV_UNITS];
	int n = 0;
	if (side == s->resev.declarer) {
		/* reversed back (both played one): the force that declared */
		for (int i = 0; i < s->resev.force_n; i++) {
			const struct lw_unit *x = &s->unit[s->resev.force[i]];
			if (x->where == LW_W_MAP && x->hex == b->def_hex && x->side == side)
				u[n++] = s->resev.force[i];
		}
	} else {
		n = hex_units16(s, b->def_hex, side, u);
	}
	int target = b->att_hex;
	const char *why = NULL;
	if (!plain_battle(s) || n == 0)
		why = "there is no force on both sides of a land hexside";
	else if (lw_may_attack_hex(s, side, target, NULL) != 0)
		why = "his force may not attack that hex (2.2, 2.3, 10.2, 10.6.6)";
	else if (!may_strike(s, u, n, b->def_hex, target))
		why = "his force may not attack across that hexside (12.3, 16.1)";
	if (why) {
		lw_log(s, "Surprise Attack! (%s): the roles stay as they are: %s.", c->name, why);
		return;
	}
	/* the roles reverse: the battle is fought in the other force's hex */
	int16_t was_hex = b->def_hex;
	b->attacker = (int8_t)side;
	b->def_hex = (int16_t)target;
	b->att_hex = was_hex;
	b->att_n = 0;
	for (int i = 0; i < n; i++)
		b->att_units[b->att_n++] = u[i];
	s->resev.reversed = (uint8_t)!s->resev.reversed;
	lw_log(s, "Surprise Attack! (%s): the %s force attacks; the battle is in %s (2.1, 16.1.1).",
	       c->name, lw_side_title(side), lw_hex_label(target, hl, sizeof hl));
}

/* ---- To Steal a March (16.1.1) ------------------------------------------------------- */

/* The hexes the defending force may march into before the battle: adjacent
 * to its hex, enterable by the whole force in one step (12.3, 12.4, 15.0,
 * no enemy force or enemy city, 2.3), and still open to the attacking
 * force's blow from its own hex. */
static int march_options(const struct lw_state *s, int out[6])
{
	const struct lw_battle *b = &s->battle;
	const struct lw_data *d = lw_D();
	int side = defender(s), from = b->def_hex;
	int16_t dv[LW_RESEV_UNITS], av[LW_RESEV_UNITS];
	int dn = hex_units16(s, from, side, dv), an = attackers(s, av);
	if (dn == 0 || an == 0)
		return 0;
	int dint[LW_RESEV_UNITS];
	for (int i = 0; i < dn; i++)
		dint[i] = dv[i];
	bool major = lw_group_is_major(s, dv, dn);
	int nb[6], k = 0;
	int nn = tg_hex_neighbours(&d->grid, from, nb);
	for (int i = 0; i < nn; i++) {
		int h = nb[i];
		const struct lw_hex *hx = lw_data_hex(d, h);
		if (!hx || hx->terrain == LW_TERRAIN_OCEAN || h == b->att_hex)
			continue;
		int tmp[LW_MAX_UNITS];
		if (lw_units_at(s, h, LW_OTHER(side), tmp) > 0)
			continue;
		int c = lw_city_at(h);
		if (c >= 0 && (lw_city_controller(s, c) == LW_OTHER(side) ||
		               (side == LW_CONFEDERATE && d->cities[c].no_confederate_entry)))
			continue;
		struct lw_hexstep st;
		lw_hexstep_between(s, from, h, major, &st);
		struct lw_move_track t;
		memset(&t, 0, sizeof t);
		if (lw_move_step_check(&t, &st, NULL) != 0)
			continue;
		if (lw_stack_check_hex(s, h, side, dint, dn, LW_NONE, 0, NULL) != 0)
			continue;
		if (!may_strike(s, av, an, b->att_hex, h))
			continue;
		out[k++] = h;
	}
	return k;
}

/* true when the player must now choose */
static bool steal_a_march(struct lw_state *s, int side, const struct lw_card *c)
{
	if (defender(s) != side) {
		lw_log(s,
		       "To Steal a March (%s): the %s force is the attacker; the battle stays in "
		       "place (16.1.1).",
		       c->name, lw_side_title(side));
		return false;
	}
	int opts[6];
	if (!plain_battle(s) || march_options(s, opts) == 0) {
		lw_log(s, "To Steal a March (%s): the %s force has no hex to march into (16.1.1).",
		       c->name, lw_side_title(side));
		return false;
	}
	s->resev.stage = LW_RE_MARCH;
	s->step = LW_ST_STEAL_MARCH;
	s->awaiting_side = (int8_t)side;
	return true;
}

static void march_to(struct lw_state *s, int to)
{
	struct lw_battle *b = &s->battle;
	int side = defender(s), from = b->def_hex;
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, from, side, u);
	int host = lw_force_co(s, to);
	if (host != LW_NONE && s->unit[host].side == side)
		lw_co_keeps_command(s, host); /* 11.0.1 */
	for (int i = 0; i < n; i++) {
		struct lw_unit *x = &s->unit[u[i]];
		x->hex = (int16_t)to;
		if (host != LW_NONE && s->unit[host].side == side && !s->unit[host].cavalry &&
		    s->unit[host].stars >= x->stars)
			x->cmd = 0; /* 11.2.1 */
	}
	b->def_hex = (int16_t)to;
	s->resev.marched_from = (int16_t)from;
	char hl[64], h2[64];
	lw_log(s,
	       "To Steal a March: the %s force marches from %s to %s; the battle is fought "
	       "there (16.1.1).",
	       lw_side_title(side), lw_hex_label(from, h2, sizeof h2),
	       lw_hex_label(to, hl, sizeof hl));
	lw_border_enter(s, side, to); /* 2.4: entering Kentucky or a neutral city */
}

/* ---- Reluctant to Follow Orders (10.7.4) ------------------------------------------- */

static void reluctant(struct lw_state *s, int side, const struct lw_card *c)
{
	const struct lw_battle *b = &s->battle;
	int enemy = LW_OTHER(side);
	int hex = enemy == b->attacker ? b->att_hex : b->def_hex;
	int co = LW_NONE;
	if (enemy == b->attacker) {
		int16_t av[LW_RESEV_UNITS];
		int an = attackers(s, av);
		for (int i = 0; i < an && co == LW_NONE; i++)
			if (av[i] == s->play.co)
				co = av[i];
	}
	if (co == LW_NONE && !(enemy == defender(s) && b->empty_city))
		co = lw_force_co(s, hex);
	char name[64];
	if (co == LW_NONE) {
		lw_log(s, "Reluctant to Follow Orders (%s): there is no enemy CO (10.7.4).",
		       c->name);
		return;
	}
	lw_public_name(s, co, name, sizeof name);
	if (s->unit[co].flags & LW_UF_RELUCTANT) {
		lw_log(s, "Reluctant to Follow Orders (%s): %s already has the token (10.7.4).",
		       c->name, name);
		return;
	}
	s->unit[co].flags |= LW_UF_RELUCTANT;
	lw_log(s,
	       "Reluctant to Follow Orders (%s): %s is Reluctant to Follow Orders until the "
	       "supply phase (10.7.4).",
	       c->name, name);
}

/* ---- the sequence -------------------------------------------------------------------- */

/* Applies the events from resev.next on; true when a prompt waits. */
static bool run_events(struct lw_state *s)
{
	struct lw_resev *r = &s->resev;
	while (r->next < 2) {
		int side = r->order[r->next++];
		const struct lw_card *c = spent_card(s, side);
		if (!c)
			continue;
		if (effect_flag(c, "reverse_roles"))
			surprise_attack(s, side, c);
		else if (effect_flag(c, "move_battle")) {
			if (steal_a_march(s, side, c))
				return true;
		} else if (effect_is(c, "event", "reluctant_to_follow_orders"))
			reluctant(s, side, c);
		else if (effect_is(c, "resource", "sharpshooter"))
			s->land.sharp[side] = 1; /* 16.8: resolved with the casualty checks */
	}
	r->stage = LW_RE_NONE;
	return false;
}

bool lw_resev_reveal(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	struct lw_resev *r = &s->resev;
	if (out)
		out->barrier = true; /* the cards are turned over, dice may roll */
	memset(r, 0, sizeof *r);
	r->declarer = b->attacker;
	r->declared_hex = b->def_hex;
	int16_t av[LW_RESEV_UNITS];
	r->force_n = (uint8_t)attackers(s, av);
	for (int i = 0; i < r->force_n; i++)
		r->force[i] = av[i];
	/* 16.3: "The defender will activate his Resource card event BEFORE the
	 * attacker" */
	r->order[0] = (int8_t)defender(s);
	r->order[1] = b->attacker;
	spend(s, r->order[0]);
	spend(s, r->order[1]);
	char names[2][64];
	for (int k = 0; k < 2; k++) {
		int card = b->res_card[r->order[k]];
		const struct lw_card *c =
		    card && card != LW_CARD_ZERO_RESOURCE ? lw_card(r->order[k], card) : NULL;
		snprintf(names[k], sizeof names[k], "%s", c ? c->name : "the 0 card");
	}
	lw_log(s,
	       "The Resource cards are turned over: %s for the %s defender, %s for the %s "
	       "attacker (16.3).",
	       names[0], lw_side_title(r->order[0]), names[1], lw_side_title(r->order[1]));
	r->stage = LW_RE_EVENTS;
	return run_events(s);
}

int lw_resev_strength(const struct lw_state *s, int side, bool attacking, bool across_river)
{
	const struct lw_card *c = spent_card(s, side);
	if (!c || !c->effect_kind || strcmp(c->effect_kind, "resource") != 0)
		return 0; /* the 0 card, a failed erratic roll, or an event */
	const char *when = json_string_value(json_object_get(c->effect, "when"));
	if (when && strstr(when, "river") && (!attacking || !across_river))
		return 0;
	json_int_t v =
	    json_integer_value(json_object_get(c->effect, attacking ? "attack" : "defense"));
	return v > 0 && v < 20 ? (int)v : 0;
}

int lw_resev_battle_end(struct lw_state *s, int movers[LW_RESEV_UNITS])
{
	struct lw_resev *r = &s->resev;
	struct lw_battle *b = &s->battle;
	int n = -1;
	if (r->reversed && r->declarer == s->play.side) {
		/* the activated force goes back to being the battle's attacker, so
		 * that its march ends where it now stands (lw_march_finish) */
		n = 0;
		b->attacker = r->declarer;
		b->att_n = 0;
		for (int i = 0; i < r->force_n; i++) {
			const struct lw_unit *x = &s->unit[r->force[i]];
			if (x->where == LW_W_MAP && x->side == r->declarer) {
				movers[n++] = r->force[i];
				b->att_units[b->att_n++] = r->force[i];
			}
		}
		if (n > 0)
			b->att_hex = s->unit[movers[0]].hex;
	}
	memset(r, 0, sizeof *r);
	return n;
}

/* ---- the prompt ------------------------------------------------------------------------ */

void lw_resev_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (s->resev.stage != LW_RE_MARCH || side != defender(s))
		return;
	int opts[6];
	int n = march_options(s, opts);
	char hl[64];
	for (int i = 0; i < n; i++)
		tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "steal_march", "to", opts[i]),
		         "To Steal a March: fight in %s instead (16.1.1)",
		         lw_hex_label(opts[i], hl, sizeof hl));
	tg_offer(list, tg_act(list, "{s:s}", "type", "steal_march_hold"),
	         "To Steal a March: fight where you stand");
}

/* The march stolen or not: the reveal goes on. */
static int march_decided(struct lw_state *s, struct game_outcome *out)
{
	s->step = LW_ST_COMMIT; /* the reveal goes on (the flow sets the next step) */
	s->awaiting_side = LW_NOSIDE;
	s->resev.stage = LW_RE_EVENTS;
	if (!run_events(s))
		lw_battle_resolve(s, out);
	return 0;
}

static int act_steal_march(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	(void)side;
	int to;
	if (!lw_a_int(a, "to", &to))
		return tg_fail(err, TG_E_MALFORMED, "steal_march needs an integer \"to\" hex");
	int opts[6];
	int n = march_options(s, opts);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= opts[i] == to;
	if (!ok)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "16.1.1 / 12.3 / 12.4: the force may steal a march only into an "
		    "adjacent hex it may enter, free of the enemy, that the attacker can "
		    "still strike; %04d is not one",
		    to);
	march_to(s, to);
	return march_decided(s, out);
}

static int act_steal_march_hold(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err)
{
	(void)a, (void)err;
	lw_log(s, "To Steal a March: the %s force fights where it stands.", lw_side_title(side));
	return march_decided(s, out);
}

static int refuse(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_MALFORMED,
	               "16.1.1: steal_march {to} or steal_march_hold is expected");
}

/* 16.1.1: the defender steals a march into an adjacent hex, or holds. */
static const struct lw_action rows[] = {
    {"steal_march", "16.1.1", act_steal_march, 0},
    {"steal_march_hold", "16.1.1", act_steal_march_hold, 0},
};
const struct lw_actions lw_resev_actions = LW_ACTIONS("battle.steal_march", rows, refuse);

int lw_resev_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err)
{
	if (s->resev.stage != LW_RE_MARCH || side != defender(s))
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "16.1.1: no march to steal now");
	return lw_action_dispatch(&lw_resev_actions, s, side, a, out, err);
}

/* ---- view and save -------------------------------------------------------------------- */

void lw_resev_view(const struct lw_state *s, json_t *battle)
{
	const struct lw_resev *r = &s->resev;
	json_object_set_new(battle, "roles_reversed", json_boolean(r->reversed));
	json_object_set_new(battle, "marched_from",
	                    r->marched_from ? json_integer(r->marched_from) : json_null());
	json_object_set_new(battle, "stealing_a_march", json_boolean(r->stage == LW_RE_MARCH));
}

#define RESEV_INTS (8 + 3 + LW_RESEV_UNITS + 1)

static void resev_ints(const struct lw_resev *r, long long *v)
{
	int k = 0;
	v[k++] = r->stage;
	v[k++] = r->next;
	v[k++] = r->order[0];
	v[k++] = r->order[1];
	for (int i = 0; i < 3; i++)
		v[k++] = r->works[i];
	v[k++] = r->reversed;
	v[k++] = r->declarer;
	v[k++] = r->declared_hex;
	v[k++] = r->marched_from;
	for (int i = 0; i < LW_RESEV_UNITS; i++)
		v[k++] = r->force[i];
	v[k++] = r->force_n;
}

json_t *lw_resev_save(const struct lw_resev *r)
{
	long long v[RESEV_INTS];
	resev_ints(r, v);
	return lw_ints_json(v, RESEV_INTS);
}

void lw_resev_save_text(struct tg_jw *w, const struct lw_resev *r)
{
	long long v[RESEV_INTS];
	resev_ints(r, v);
	lw_ints_text(w, v, RESEV_INTS);
}

int lw_resev_load(struct lw_resev *r, const json_t *saved)
{
	long long v[RESEV_INTS];
	if (lw_ints_read(saved, v, RESEV_INTS) != 0)
		return -1;
	struct lw_resev n;
	memset(&n, 0, sizeof n);
	int k = 0;
	n.stage = (uint8_t)v[k++];
	n.next = (uint8_t)v[k++];
	n.order[0] = (int8_t)v[k++];
	n.order[1] = (int8_t)v[k++];
	for (int i = 0; i < 3; i++)
		n.works[i] = (uint8_t)v[k++];
	n.reversed = (uint8_t)v[k++];
	n.declarer = (int8_t)v[k++];
	n.declared_hex = (int16_t)v[k++];
	n.marched_from = (int16_t)v[k++];
	for (int i = 0; i < LW_RESEV_UNITS; i++)
		n.force[i] = (int16_t)v[k++];
	n.force_n = (uint8_t)v[k++];
	if (n.stage > LW_RE_MARCH || n.next > 2 || n.force_n > LW_RESEV_UNITS ||
	    n.order[0] < LW_NOSIDE || n.order[0] > LW_CONFEDERATE || n.order[1] < LW_NOSIDE ||
	    n.order[1] > LW_CONFEDERATE || n.declarer < LW_NOSIDE || n.declarer > LW_CONFEDERATE)
		return -1;
	for (int i = 0; i < 3; i++)
		if (n.works[i] > 1)
			return -1;
	for (int i = 0; i < n.force_n; i++)
		if (n.force[i] < 0 || n.force[i] >= LW_MAX_UNITS)
			return -1;
	*r = n;
	return 0;
}
