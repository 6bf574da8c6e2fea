/* boal_assault.c — 10.0-10.6 one assault: its declaration (10.1
 * Mandatory, 10.2 Optional, 10.3 Contested Area Activation, the Point
 * Unit), the Defender's Forward Unit (10.4), the dice drawn attacker first
 * (10.4.1, README decision 21), the Attack and Defense Values (10.4.2,
 * 10.4.3, 15.3, 15.6), 15.2 leader casualties, the result (10.4.4, 13.1),
 * 12.1 Heroic Defense, the Defender's Casualty Points (10.6), 10.5 Rout,
 * 10.7.3 voluntary retreats, 11.2 capture and 15.4 bridges changing hands. */
#include <string.h>

#include "boal_impulse_internal.h"

void bi_screen_done(struct boal_state *s, const struct boal_data *d);

static bool in_assault(const struct boal_state *s, int u)
{
	return (s->imp.uflag[u] & BOAL_IU_ASSAULT) != 0;
}

/* who may assault area a: 10.3 the units that started in a Contested Active
 * Area, before any unit moved; otherwise (9.1, 10.1, 10.2) those that
 * entered it this impulse */
static bool candidate(const struct boal_state *s, const struct boal_data *d, int u, int a)
{
	const struct boal_impulse *m = &s->imp;
	if (s->unit[u].area != a || d->unit[u].side != m->side || !(m->uflag[u] & BOAL_IU_ACTIVE))
		return false;
	if (a == m->area && m->contested0[a])
		return !(m->uflag[u] & BOAL_IU_MOVED) && !(m->uflag[u] & BOAL_IU_STOPPED);
	return (m->uflag[u] & BOAL_IU_MOVED) && m->from[u] != 0;
}

static bool anyone_moved(const struct boal_state *s)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->imp.uflag[u] & BOAL_IU_MOVED)
			return true;
	return false;
}

static bool assault_open(const struct boal_state *s, const struct boal_data *d, int a)
{
	const struct boal_impulse *m = &s->imp;
	if (m->assaulted[a] || boal_units_in(s, d, !m->side, a) == 0)
		return false;
	if (a == m->area && m->contested0[a] && anyone_moved(s))
		return false; /* 10.3: "may Assault before they begin movement" */
	for (int u = 0; u < s->n_units; u++)
		if (candidate(s, d, u, a))
			return true;
	return false;
}

int bi_mandatory_pending(const struct boal_state *s, const struct boal_data *d)
{
	for (int u = 0; u < s->n_units; u++)
		if ((s->imp.uflag[u] & BOAL_IU_MANDATORY) && s->unit[u].area != BOAL_NOWHERE &&
		    !s->imp.assaulted[s->unit[u].area] &&
		    boal_units_in(s, d, !s->imp.side, s->unit[u].area) > 0)
			return s->unit[u].area;
	return 0;
}

static bool point_ok(const struct boal_state *s, const struct boal_data *d, int u, int a)
{
	/* 9.3: "A unit must be Fresh to act as a Point unit. An artillery unit
	 * may not be the Point Unit in an Assault unless activating within a
	 * contested Area (Section 10.3)." */
	bool contested_activation = a == s->imp.area && s->imp.contested0[a];
	return !s->unit[u].exhausted && (contested_activation || !bi_is_artillery(d, u));
}

/* 10.1: whether an assault on a would be Mandatory: a unit that may make it
 * entered the enemy-occupied Area when it was not Contested at the start */
static bool mandatory_at(const struct boal_state *s, const struct boal_data *d, int a)
{
	for (int u = 0; u < s->n_units; u++)
		if (candidate(s, d, u, a) && (s->imp.uflag[u] & BOAL_IU_MANDATORY))
			return true;
	return false;
}

static json_t *unit_choice(const struct boal_data *d, int u)
{
	return json_pack("{s:s,s:s}", "value", d->unit[u].id, "label", d->unit[u].name);
}

/* 10.4: "the Attacker selects the Point Unit and all Assaulting units": one
 * offer an area open to an assault, its choices as params (game.h). The
 * Point Unit (9.3) is a param where more than one may be; 10.2: "Unless
 * required to conduct a Mandatory Assault, the Attacker may Assault with
 * some, all, or none of his units that entered the Area. If he chooses to
 * Assault, at least one Point Unit must Assault": the others are a param
 * of several choices ("many": any of the units that may assault, the
 * Point Unit assaulting in any case), so every combination of the choices
 * is legal; 10.3's Contested Area Activation the same ("all, some or
 * none"). 10.1: a Mandatory Assault is made by every unit that entered,
 * so they are named in the action, not chosen. */
void bi_assault_offer(const struct boal_state *s, const struct boal_data *d, struct tg_offers *list)
{
	for (int a = 1; a <= BOAL_AREAS; a++) {
		if (!assault_open(s, d, a))
			continue;
		json_t *points = json_array(), *units = json_array(), *ids = json_array();
		int np = 0, nc = 0, only = -1;
		for (int u = 0; u < s->n_units; u++) {
			if (!candidate(s, d, u, a))
				continue;
			nc++;
			json_array_append_new(units, unit_choice(d, u));
			json_array_append_new(ids, json_string(d->unit[u].id));
			if (point_ok(s, d, u, a)) {
				np++;
				only = u;
				json_array_append_new(points, unit_choice(d, u));
			}
		}
		if (np == 0) { /* 10.2: no Point Unit, no assault */
			json_decref(points);
			json_decref(units);
			json_decref(ids);
			continue;
		}
		json_t *action = json_pack("{s:s,s:i}", "type", "assault", "area", a);
		json_t *params = json_array();
		char with[BOAL_NAME_MAX + 24] = "", label[2 * BOAL_NAME_MAX + 64];
		bool mandatory = mandatory_at(s, d, a), some = !mandatory && nc > 1;
		/* the Point Unit named where he is the only one, but beside the
		 * others' param (an action of several params is one a reply by
		 * email cannot give, PROTOCOL.md: it is not offered there as one
		 * it could) */
		if (np == 1 && !some) {
			json_object_set_new(action, "point", json_string(d->unit[only].id));
			json_decref(points);
			snprintf(with, sizeof with, " with Point Unit %s", d->unit[only].name);
		} else {
			json_array_append_new(params, json_pack("{s:s,s:s,s:o}", "name", "point",
			                                        "label", "Point Unit (9.3, 10.4.2)",
			                                        "choices", points));
		}
		if (!some) {
			json_object_set_new(action, "units", ids);
			json_decref(units);
		} else {
			json_decref(ids);
			json_array_append_new(
			    params,
			    json_pack("{s:s,s:s,s:b,s:o}", "name", "units", "label",
			              "Other assaulting units: any, none or all (10.2, 10.3; the "
			              "Point Unit assaults in any case)",
			              "many", 1, "choices", units));
		}
		snprintf(label, sizeof label, "Assault %s%s (%s, 10.4)", d->area[a].name, with,
		         mandatory          ? "10.1 Mandatory"
		         : a == s->imp.area ? "10.3"
		                            : "10.2 Optional");
		tg_offer_entry(list, json_pack("{s:s,s:o,s:o}", "label", label, "action", action,
		                               "params", params));
	}
}

static void resolve(struct boal_state *s, const struct boal_data *d, struct game_outcome *out);

int bi_assault_declare(struct boal_state *s, const struct boal_data *d, const json_t *a,
                       struct game_outcome *out, struct tg_error *err)
{
	struct boal_impulse *m = &s->imp;
	int area = bi_area(a, "area"), side = m->side;
	if (!area)
		return tg_fail(err, TG_E_MALFORMED, "10.0: \"area\" is the area assaulted, 1-45");
	if (m->assaulted[area])
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.1: each enemy-occupied Area may be assaulted only once per "
		               "Impulse");
	if (!assault_open(s, d, area))
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.0: only units that begin the Impulse in the Active Area and "
		               "entered %s (or, 10.3, start in it before any movement) assault it",
		               d->area[area].name);
	bool chosen[BOAL_UNITS_MAX] = {false};
	const json_t *list = json_object_get(a, "units");
	bool mandatory = mandatory_at(s, d, area);
	int n = 0;
	int p = bi_unit(d, a, "point");
	if (list) {
		if (!json_is_array(list))
			return tg_fail(err, TG_E_MALFORMED,
			               "10.4: \"units\" lists the assaulting units");
		size_t i;
		const json_t *x;
		json_array_foreach(list, i, x)
		{
			int u = json_is_string(x) ? boal_data_unit(d, json_string_value(x)) : -1;
			if (u < 0 || !candidate(s, d, u, area))
				return tg_fail(err, TG_E_ILLEGAL, "10.0: %s may not assault %s",
				               json_is_string(x) ? json_string_value(x) : "?",
				               d->area[area].name);
			chosen[u] = true;
		}
		/* 10.4: the Point Unit is an assaulting unit, listed or not (the
		 * offer's "units" param names the others) */
		if (p >= 0 && candidate(s, d, p, area))
			chosen[p] = true;
	} else {
		for (int u = 0; u < s->n_units; u++)
			chosen[u] = candidate(s, d, u, area);
	}
	for (int u = 0; u < s->n_units; u++) {
		/* 10.1: "A friendly unit must make a Mandatory Assault whenever it
		 * enters an enemy-occupied Area that was not Contested" */
		if (mandatory && candidate(s, d, u, area) && !chosen[u])
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "10.1: every unit that entered %s makes the Mandatory Assault",
			    d->area[area].name);
		n += chosen[u];
	}
	/* 10.2: "If he chooses to Assault, at least one Point Unit must Assault" */
	if (n == 0 || p < 0 || !chosen[p] || !point_ok(s, d, p, area))
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.3, 10.4.2: \"point\" is a Fresh assaulting unit (not artillery "
		               "but in a Contested Active Area)");
	m->a_area = (uint8_t)area;
	m->a_mandatory = mandatory;
	m->a_point = (int8_t)p;
	m->a_forward = -1;
	m->a_first_cp = false;
	m->l_asked = 0;
	m->r_dest[0] = m->r_dest[1] = 0;
	m->assaulted[area] = true;
	for (int u = 0; u < s->n_units; u++)
		if (chosen[u])
			m->uflag[u] |= BOAL_IU_ASSAULT;
	if (area == m->area && m->contested0[area])
		/* 10.3: "1 MF if only Exhausted defenders were in that Area, or ...
		 * 2 MF if there was at least one Fresh defender ... prior to the
		 * Assault" */
		m->exit_cost = boal_fresh_units_in(s, d, !side, area) > 0 ? 2 : 1;
	/* 10.4: "then the Defender selects the Forward Unit" (asked only when
	 * there is a choice) */
	int only = -1, count = 0;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area == area && d->unit[u].side != side) {
			only = u;
			count++;
		}
	if (count == 1) {
		m->a_forward = (int8_t)only;
		resolve(s, d, out);
	} else {
		m->step = BOAL_IS_FORWARD;
	}
	return 0;
}

/* ---- 10.4.2, 10.4.3, 10.4.4 ---- */

static int attack_value(const struct boal_state *s, const struct boal_data *d)
{
	const struct boal_impulse *m = &s->imp;
	int side = m->side, area = m->a_area;
	struct boal_attack at = {.point_attack = boal_unit_attack(s, d, m->a_point)};
	bool cmd[BOAL_COMMANDS_MAX] = {false};
	int commands = 0;
	for (int u = 0; u < s->n_units; u++) {
		if (!in_assault(s, u))
			continue;
		int c = d->unit[u].command;
		/* README decision 32: Independent units add no Command ID */
		if (!bi_independent(d, u) && !cmd[c]) {
			cmd[c] = true;
			commands++;
		}
		if (u == m->a_point)
			continue;
		bool infantry = d->unit[u].type == BOAL_INFANTRY;
		/* 15.3: "Fresh Infantry units that Assault at the conclusion of a
		 * Forced March are treated as Exhausted" */
		bool fresh = !s->unit[u].exhausted && !(infantry && (m->uflag[u] & BOAL_IU_FORCED));
		if (infantry && fresh)
			at.fresh_infantry++;
		else if (infantry)
			at.exhausted_infantry++;
		else if (fresh)
			at.fresh_other++;
	}
	at.commands = commands > 0 ? commands : 1;
	/* "+? The Combat Rating of any Activated Subordinate Leader(s)": the
	 * activating leaders present in the assaulted area (15.2: not killed) */
	for (int i = 0; i < 2; i++) {
		int l = m->leader[i];
		if (l >= 0 && s->leader[l].area == area && !s->leader[l].killed)
			at.leader_combat += d->leader[l].combat;
	}
	at.army_leader_inactive = !s->army_active[side];
	at.rain = s->advanced && s->rain;
	return boal_attack_value(&at);
}

static int defense_value(const struct boal_state *s, const struct boal_data *d)
{
	const struct boal_impulse *m = &s->imp;
	int def = !m->side, area = m->a_area;
	struct boal_defense dv = {.forward_defense = boal_unit_defense(s, d, m->a_forward),
	                          .tem = d->area[area].tem};
	for (int u = 0; u < s->n_units; u++) {
		if (s->unit[u].area == area && d->unit[u].side == def && u != m->a_forward &&
		    !s->unit[u].exhausted)
			dv.fresh_others++;
		/* "+1 If any of the attacking units crossed a Minor Water Boundary
		 * while making a Mandatory Assault and an additional +1 if any unit
		 * crossed a Major Water Boundary" */
		if (in_assault(s, u) && m->a_mandatory) {
			dv.minor_crossed |= m->via[u] == TG_BOUNDARY_MINOR;
			dv.major_crossed |= m->via[u] == TG_BOUNDARY_MAJOR;
		}
	}
	if (s->entrench_side[area] == def)
		dv.entrenchment = s->entrench_level[area];
	dv.union_train_away = def == BOAL_UNION && s->train_area != BOAL_WHITE_HOUSE &&
	                      s->train_area != BOAL_HARRISONS;
	return boal_defense_value(&dv);
}

/* 15.2: side's leaders in the Assaulted Area */
static int lc_candidates(const struct boal_state *s, const struct boal_data *d, int side,
                         int *first)
{
	int n = 0;
	for (int l = 0; l < d->n_leaders; l++)
		if (s->leader[l].area == s->imp.a_area && s->imp.a_area != BOAL_NOWHERE &&
		    d->leader[l].side == side && n++ == 0 && first)
			*first = l;
	return n;
}

/* 15.2: "Add a +1 DRM to the DR if the Leader added their Command Rating to
 * the Assault": an activating leader of the attacker, present and not
 * killed (attack_value's reading) */
static bool lc_added(const struct boal_state *s, const struct boal_data *d, int l)
{
	if (d->leader[l].side != s->imp.side || s->leader[l].killed || d->leader[l].combat <= 0)
		return false;
	return s->imp.leader[0] == l || s->imp.leader[1] == l;
}

/* 15.2: leader l makes his side's DR (README decision 9) */
static void leader_casualty(struct boal_state *s, const struct boal_data *d, int l)
{
	int dr = boal_roll_dr(s, d->leader[l].side);
	enum boal_casualty c = boal_leader_casualty(dr, lc_added(s, d, l));
	if (c == BOAL_LEADER_UNHURT)
		return;
	/* "Place the Leader marker on the Game Turn Track in the space for the
	 * Next Turn" */
	s->leader[l].area = BOAL_NOWHERE;
	s->leader[l].back_turn = (int8_t)(s->turn + 1);
	if (c == BOAL_LEADER_KILLED)
		s->leader[l].killed = true;
}

/* the side whose 15.2 check comes next (the attacker first), or -1 */
static int lc_side(const struct boal_state *s)
{
	int side = s->imp.side;
	if (s->imp.a_lc & BI_BIT(side))
		return side;
	return s->imp.a_lc & BI_BIT(!side) ? !side : -1;
}

static void result(struct boal_state *s, const struct boal_data *d);

/* 15.2: the checks still due, each side's in turn: with one leader there
 * he rolls; with several the player is asked first ("he may choose the one
 * who is potentially killed or wounded before making the DR"). Then the
 * assault's result. */
static void leader_checks(struct boal_state *s, const struct boal_data *d)
{
	for (int side; (side = lc_side(s)) >= 0;) {
		int first = -1, n = lc_candidates(s, d, side, &first);
		if (n > 1) {
			s->imp.step = BOAL_IS_LEADER_CASUALTY;
			return;
		}
		s->imp.a_lc &= (uint8_t)~BI_BIT(side);
		if (n == 1)
			leader_casualty(s, d, first);
	}
	result(s, d);
}

static void attackers_retreat(struct boal_state *s, const struct boal_data *d)
{
	for (int u = 0; u < s->n_units; u++)
		if (in_assault(s, u) && s->unit[u].area == s->imp.a_area)
			s->imp.uflag[u] |= BOAL_IU_RETREAT;
	bi_retreat_start(s, d, s->imp.side, s->imp.a_area, 1);
}

static void exhaust_attacking_artillery(struct boal_state *s, const struct boal_data *d)
{
	/* 10.4.4, 13.1: "Attacking Fresh Artillery are also Exhausted" */
	for (int u = 0; u < s->n_units; u++)
		if (in_assault(s, u) && bi_is_artillery(d, u))
			boal_exhaust(s, u);
}

static void stalemate(struct boal_state *s, const struct boal_data *d)
{
	struct boal_impulse *m = &s->imp;
	/* 10.4.4: "the Point Unit and the Forward Unit are Exhausted; if the
	 * Forward unit was already Exhausted it is eliminated instead. ... If
	 * the Area was not Contested at the start of the Impulse, the Assaulting
	 * units must retreat." */
	m->a_result = BOAL_STALEMATE;
	boal_exhaust(s, m->a_point);
	if (s->unit[m->a_forward].exhausted)
		boal_eliminate(s, d, m->a_forward);
	else
		boal_exhaust(s, m->a_forward);
	exhaust_attacking_artillery(s, d);
	if (!m->contested0[m->a_area])
		attackers_retreat(s, d);
	else
		bi_assault_resolved(s, d);
}

static int defenders_left(const struct boal_state *s, const struct boal_data *d)
{
	return boal_units_in(s, d, !s->imp.side, s->imp.a_area);
}

/* 10.7.3: "Some or all of the defenders in an Area being assaulted may
 * voluntarily retreat after the Assault is resolved, even if the Attacker
 * loses." After a Repulse or a Stalemate (once the Attacker's retreat of
 * 10.4.4 is done) as after a Success, while defenders are left (README
 * decision 54). */
void bi_assault_resolved(struct boal_state *s, const struct boal_data *d)
{
	if (defenders_left(s, d) > 0)
		s->imp.step = BOAL_IS_VOLUNTARY;
	else
		bi_assault_finish(s, d);
}

static void cp_step(struct boal_state *s, const struct boal_data *d);

static void resolve(struct boal_state *s, const struct boal_data *d, struct game_outcome *out)
{
	struct boal_impulse *m = &s->imp;
	int side = m->side, area = m->a_area;
	int av = attack_value(s, d), dv = defense_value(s, d);
	/* 10.4.1: both roll "simultaneously": the attacker's DR is drawn first
	 * (README decision 21) */
	out->barrier = true;
	int adr = boal_roll_dr(s, side), ddr = boal_roll_dr(s, !side);
	int at = av + adr, dt = dv + ddr;
	m->a_lc = 0;
	if (s->advanced) {
		/* 15.6: "+1 dr to any Union Attack Total into any Area adjacent to
		 * the James River"; "+1 dr to the Union Defense Total in White House
		 * Landing and the following Areas adjacent to the James River" */
		if (side == BOAL_UNION && d->area[area].james_river)
			at++;
		if (side != BOAL_UNION && d->area[area].gunboat_defense)
			dt++;
		/* 15.2: "If the original (unmodified) Attack and Defender DRs in an
		 * Assault are equal, and the player has a Leader marker present in
		 * the Assaulted Area, he must make a DR" */
		if (boal_leader_check_due(adr, ddr))
			m->a_lc = (uint8_t)(BI_BIT(side) | BI_BIT(!side));
	}
	m->a_at = (int8_t)at;
	m->a_dt = (int8_t)dt;
	leader_checks(s, d);
}

/* 10.4.4: the result of the totals (m->a_at, m->a_dt) */
static void result(struct boal_state *s, const struct boal_data *d)
{
	struct boal_impulse *m = &s->imp;
	int side = m->side, area = m->a_area, at = m->a_at, dt = m->a_dt;
	int cp = 0;
	bool entrenched = s->entrench_side[area] == !side;
	enum boal_result r = boal_assault_result(at, dt, entrenched, &cp);
	m->a_cp = (int8_t)cp;
	m->a_result = (uint8_t)r;
	if (r == BOAL_REPULSE) {
		/* 10.4.4: "Assaulting units that were Fresh are Exhausted; units
		 * already Exhausted are Eliminated. ... Assaulting units in a
		 * Mandatory Assault must retreat." (README decision 4) */
		for (int u = 0; u < s->n_units; u++) {
			if (!in_assault(s, u))
				continue;
			if (s->unit[u].exhausted)
				boal_eliminate(s, d, u);
			else
				boal_exhaust(s, u);
		}
		/* "Assaulting units in an Optional Assault may retreat unless they
		 * started the Impulse in the Assaulted Area": the Attacker's choice */
		if (m->a_mandatory)
			attackers_retreat(s, d);
		else if (area == m->area && m->contested0[area])
			bi_assault_resolved(s, d);
		else if (boal_units_in(s, d, side, area) > 0)
			m->step = BOAL_IS_FALL_BACK;
		else
			bi_assault_resolved(s, d);
		return;
	}
	if (r == BOAL_STALEMATE) {
		stalemate(s, d);
		return;
	}
	/* Success: "the Point Unit and any attacking Fresh Artillery are
	 * Exhausted" */
	boal_exhaust(s, m->a_point);
	exhaust_attacking_artillery(s, d);
	/* 12.1 Heroic Defense (README decision 13): offered while the CP leave
	 * a defender standing, and the Defender holds the Advantage */
	int fresh = boal_fresh_units_in(s, d, !side, area);
	int all = defenders_left(s, d);
	if (s->advantage == !side && cp < boal_cp_capacity_staying(d, fresh, all - fresh)) {
		m->step = BOAL_IS_HEROIC;
		return;
	}
	cp_step(s, d);
}

/* ---- 10.4 the Forward Unit (the Defender) ---- */

bool boal_forward_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_FORWARD;
}

unsigned boal_forward_who(const void *st)
{
	return BI_BIT(!BI_ST(st)->imp.side);
}

void boal_forward_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	for (int u = 0; d && u < s->n_units; u++)
		if (s->unit[u].area == s->imp.a_area && d->unit[u].side != s->imp.side)
			tg_offer(
			    list,
			    tg_act(list, "{s:s,s:s}", "type", "forward", "unit", d->unit[u].id),
			    "%s is the Forward Unit, defense %d (10.4.3)", d->unit[u].name,
			    boal_unit_defense(s, d, u));
}

int boal_forward_act(void *st, int role, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	(void)role;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t || strcmp(t, "forward"))
		return tg_fail(err, TG_E_MALFORMED,
		               "10.4: the answer is {\"type\": \"forward\", \"unit\": id}");
	int u = bi_unit(d, a, "unit");
	if (u < 0 || s->unit[u].area != s->imp.a_area || d->unit[u].side == s->imp.side)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.4.3: the Forward Unit is a defending unit in the Area being "
		               "assaulted");
	s->imp.a_forward = (int8_t)u;
	s->imp.step = BOAL_IS_MOVE;
	resolve(s, d, out);
	return 0;
}

const char *boal_forward_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	const struct boal_data *d = bi_data();
	return bi_say(buf, n, "%s is assaulted: choose your Forward Unit (10.4)",
	              d ? d->area[BI_ST(st)->imp.a_area].name : "An area");
}

/* ---- 15.2 the leader who makes the casualty DR (his owner) ---- */

/* the leaders of the side whose check comes next in the Assaulted Area */
static uint32_t lc_leaders(const struct boal_state *s, const struct boal_data *d)
{
	int side = lc_side(s);
	uint32_t m = 0;
	for (int l = 0; side >= 0 && l < d->n_leaders; l++)
		if (s->leader[l].area == s->imp.a_area && d->leader[l].side == side)
			m |= 1u << l;
	return m;
}

static const char *lc_label(const struct boal_state *s, const struct boal_data *d, int l, int area,
                            char *buf, size_t n)
{
	(void)area;
	return bi_say(buf, n, "%s makes the casualty DR%s (15.2)", d->leader[l].name,
	              lc_added(s, d, l) ? ", +1: he added his Combat Rating" : "");
}

static void lc_answer(struct boal_state *s, const struct boal_data *d, int l, int area,
                      struct game_outcome *out)
{
	(void)area;
	out->barrier = true;
	s->imp.a_lc &= (uint8_t)~BI_BIT(d->leader[l].side);
	leader_casualty(s, d, l);
	leader_checks(s, d);
}

static const char *lc_prompt(const struct boal_state *s, const struct boal_data *d, int l,
                             char *buf, size_t n)
{
	(void)l;
	return bi_say(buf, n,
	              "Equal DRs in the assault on %s: choose which of your leaders there makes "
	              "the casualty DR (15.2)",
	              d ? d->area[s->imp.a_area].name : "an area");
}

static const struct bi_leader_question lc_q = {
    "15.2",
    BOAL_IS_LEADER_CASUALTY,
    "leader_casualty",
    NULL,
    lc_leaders,
    NULL,
    lc_label,
    lc_answer,
    lc_prompt,
    "15.2: the answer is {\"type\": \"leader_casualty\", \"leader\": id}",
    "15.2: the leader who makes the DR is one of yours in the Assaulted Area",
    "",
};
BI_LEADER_QUESTION_KIND(leader_casualty, lc_q)

/* ---- 12.1 Heroic Defense (the Defender) ---- */

static int defender(const struct boal_state *s)
{
	return !s->imp.side;
}

static void heroic_answer(struct boal_state *s, const struct boal_data *d, int role, bool yes,
                          struct game_outcome *out)
{
	(void)out;
	if (!yes) {
		cp_step(s, d);
		return;
	}
	boal_advantage_spend(s, role, NULL);
	/* 12.1: "the Defender may turn a Success result into a Stalemate": the
	 * Stalemate's effects (the Point Unit and artillery are Exhausted
	 * already) */
	s->imp.a_cp = 0;
	stalemate(s, d);
}

static const char *heroic_prompt(const struct boal_state *s, const struct boal_data *d, char *buf,
                                 size_t n)
{
	(void)d;
	return bi_say(buf, n,
	              "The assault succeeds (%d against %d, %d CP): declare a Heroic Defense? "
	              "(12.1)",
	              s->imp.a_at, s->imp.a_dt, s->imp.a_cp);
}

static const struct bi_question heroic_q = {
    {"12.1", "heroic_defense", "decline", NULL},
    BOAL_IS_HEROIC,
    defender,
    "Spend the Advantage: Heroic Defense turns the Success into a Stalemate (12.1)",
    "Take the Casualty Points (10.6)",
    NULL,
    heroic_answer,
    heroic_prompt,
};
BI_QUESTION_KIND(heroic, heroic_q)

/* ---- 10.6 Casualty Points (the Defender) ---- */

static void after_cp(struct boal_state *s, const struct boal_data *d);

static void cp_step(struct boal_state *s, const struct boal_data *d)
{
	if (s->imp.a_cp <= 0 || defenders_left(s, d) == 0) {
		after_cp(s, d);
		return;
	}
	s->imp.step = BOAL_IS_CP;
}

bool boal_casualty_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_CP;
}

unsigned boal_casualty_who(const void *st)
{
	return BI_BIT(!BI_ST(st)->imp.side);
}

static const char *const loss_name[] = {"exhaust", "eliminate", "retreat", "exhaust_retreat"};

static int loss_parse(const char *s)
{
	for (int i = 0; s && i < 4; i++)
		if (!strcmp(s, loss_name[i]))
			return i;
	return -1;
}

static int loss_check(const struct boal_state *s, const struct boal_data *d, int u, int loss,
                      struct tg_error *err)
{
	const struct boal_impulse *m = &s->imp;
	if (u < 0 || s->unit[u].area != m->a_area || d->unit[u].side == m->side)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.6: the CP are taken by the units in the defending Area");
	/* 10.6: "except that the Forward Unit must suffer the first CP loss" */
	if (!m->a_first_cp && u != m->a_forward)
		return tg_fail(err, TG_E_ILLEGAL, "10.6: the Forward Unit, %s, takes the first CP",
		               d->unit[m->a_forward].name);
	if (loss < 0 || boal_loss_cp(d, !s->unit[u].exhausted, (enum boal_loss)loss) < 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.6: that loss is not open to an %s unit (only Exhausted units "
		               "retreat)",
		               s->unit[u].exhausted ? "Exhausted" : "Fresh");
	return 0;
}

void boal_casualty_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	for (int u = 0; d && u < s->n_units; u++)
		for (int k = 0; k < 4; k++)
			if (loss_check(s, d, u, k, NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:s,s:s}", "type", "cp", "unit",
				                d->unit[u].id, "loss", loss_name[k]),
				         "%s: %s, %d CP (10.6)", d->unit[u].name, loss_name[k],
				         boal_loss_cp(d, !s->unit[u].exhausted, (enum boal_loss)k));
}

int boal_casualty_act(void *st, int role, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)role;
	(void)out;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t || strcmp(t, "cp"))
		return tg_fail(err, TG_E_MALFORMED,
		               "10.6: the answer is {\"type\": \"cp\", \"unit\": id, \"loss\": "
		               "exhaust|eliminate|retreat|exhaust_retreat}");
	int u = bi_unit(d, a, "unit");
	int loss = loss_parse(json_string_value(json_object_get(a, "loss")));
	if (loss_check(s, d, u, loss, err) != 0)
		return -1;
	struct boal_impulse *m = &s->imp;
	m->a_first_cp = true;
	m->a_cp = (int8_t)(m->a_cp - boal_loss_cp(d, !s->unit[u].exhausted, (enum boal_loss)loss));
	switch ((enum boal_loss)loss) {
	case BOAL_LOSS_EXHAUST:
		boal_exhaust(s, u);
		break;
	case BOAL_LOSS_ELIMINATE:
		boal_eliminate(s, d, u); /* 15.5: a reduced counter may take more */
		break;
	case BOAL_LOSS_EXHAUST_RETREAT:
		/* 13.1: "A Fresh defending unit that takes Casualty Points must
		 * become Exhausted before retreating." */
		boal_exhaust(s, u);
		/* fall through */
	case BOAL_LOSS_RETREAT:
		m->uflag[u] |= BOAL_IU_RETREAT;
		m->step = BOAL_IS_MOVE;
		bi_retreat_start(s, d, !m->side, m->a_area, 0);
		return 0;
	}
	cp_step(s, d);
	return 0;
}

/* the retreat queue of a CP loss is empty (r_back 0) */
void bi_cp_resume(struct boal_state *s, const struct boal_data *d)
{
	cp_step(s, d);
}

const char *boal_casualty_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	return bi_say(buf, n, "Absorb %d Casualty Point%s (10.6)%s", s->imp.a_cp,
	              s->imp.a_cp == 1 ? "" : "s",
	              s->imp.a_first_cp ? "" : ": the Forward Unit takes the first");
}

/* ---- after the CP: 10.5 Rout, 10.7.3, 10.3, 11.2, 15.4 ---- */

static void after_cp(struct boal_state *s, const struct boal_data *d)
{
	struct boal_impulse *m = &s->imp;
	int area = m->a_area, side = m->side;
	if (defenders_left(s, d) == 0) {
		/* 10.5: "A Rout may not occur in any Area that contained enemy
		 * entrenchments, the city of Richmond, or if the Attacker entered the
		 * assaulted Area without using a Road." */
		bool offroad = false;
		for (int u = 0; u < s->n_units; u++)
			offroad |= in_assault(s, u) && (m->uflag[u] & BOAL_IU_OFFROAD) &&
			           !(area == m->area && m->contested0[area]);
		if (s->entrench_side[area] != !side && area != BOAL_RICHMOND && !offroad)
			m->rout = true;
		bi_assault_finish(s, d);
		return;
	}
	/* 10.7.3: "Some or all of the defenders in an Area being assaulted may
	 * voluntarily retreat after the Assault is resolved" */
	bi_assault_resolved(s, d);
}

static int leader_retreat_next(const struct boal_state *s, const struct boal_data *d);

void bi_assault_finish(struct boal_state *s, const struct boal_data *d)
{
	struct boal_impulse *m = &s->imp;
	int area = m->a_area, side = m->side;
	/* 10.7.3: "If only some units are required to retreat, the owning
	 * player decides whether a Leader marker present in the Area will
	 * remain or retreat" */
	if (leader_retreat_next(s, d) >= 0) {
		m->step = BOAL_IS_LEADER_RETREAT;
		return;
	}
	bool cleared = boal_units_in(s, d, !side, area) == 0 && boal_units_in(s, d, side, area) > 0;
	if (cleared) {
		/* 11.2 Capture: "an enemy Entrench +1 or Entrench +2 marker may be
		 * replaced by a friendly Entrench +1 marker" (README decision 31:
		 * the Attacker is asked once the assault is over) */
		if (s->entrench_side[area] == !side)
			bi_capture(s, d, area);
		boal_update_control(s, d, area);
	}
	/* 15.4: "Bridges can change hands ... Crossed during an Assault that
	 * resulted in a Stalemate or a Success" */
	if (s->advanced && m->a_result != BOAL_REPULSE)
		for (int u = 0; u < s->n_units; u++) {
			if (!in_assault(s, u) || !m->from[u])
				continue;
			const struct tg_area_edge *e =
			    tg_areagraph_edge(&d->graph, m->from[u], area);
			if (e && e->bridge >= 0 && s->bridge[e->bridge] != BOAL_NOBODY)
				s->bridge[e->bridge] = (int8_t)side;
		}
	bool contested_activation = area == m->area && m->contested0[area];
	for (int u = 0; u < s->n_units; u++) {
		if (!in_assault(s, u))
			continue;
		m->uflag[u] &= (uint8_t) ~(BOAL_IU_ASSAULT | BOAL_IU_MANDATORY);
		/* 10.3: "If any defending units remain in the Active Area after the
		 * Assault has been resolved the assaulting units may not Assault
		 * again or move; their Impulse is over. If the Attacker loses the
		 * Assault, the assaulting units do not retreat" */
		if (contested_activation && boal_units_in(s, d, !side, area) > 0)
			m->uflag[u] |= BOAL_IU_STOPPED;
	}
	if (contested_activation)
		m->assaulted_active = true;
	/* 9.6: leaders left alone in the area by eliminations */
	m->r_last = 0;
	bi_leaders_follow(s, d, side, area);
	bi_leaders_follow(s, d, !side, area);
	m->a_area = 0;
	m->a_point = m->a_forward = -1;
	bi_go_on(s);
}

/* ---- 10.7.3 voluntary retreats (the Defender) ---- */

bool boal_voluntary_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_VOLUNTARY;
}

unsigned boal_voluntary_who(const void *st)
{
	return BI_BIT(!BI_ST(st)->imp.side);
}

void boal_voluntary_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	for (int u = 0; d && u < s->n_units; u++)
		if (s->unit[u].area == s->imp.a_area && d->unit[u].side != s->imp.side)
			tg_offer(
			    list,
			    tg_act(list, "{s:s,s:s}", "type", "retreat", "unit", d->unit[u].id),
			    "%s retreats voluntarily (10.7.3)", d->unit[u].name);
	tg_offer(list, tg_act(list, "{s:s}", "type", "done"), "The others stand (10.7.3)");
}

int boal_voluntary_act(void *st, int role, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)role;
	(void)out;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t || (strcmp(t, "retreat") && strcmp(t, "done")))
		return tg_fail(err, TG_E_MALFORMED, "10.7.3: \"retreat\" a unit or \"done\"");
	if (!strcmp(t, "done")) {
		bi_assault_finish(s, d);
		return 0;
	}
	int u = bi_unit(d, a, "unit");
	if (u < 0 || s->unit[u].area != s->imp.a_area || d->unit[u].side == s->imp.side)
		return tg_fail(err, TG_E_ILLEGAL, "10.7.3: a defender of the assaulted area");
	s->imp.uflag[u] |= BOAL_IU_RETREAT;
	s->imp.step = BOAL_IS_MOVE;
	bi_retreat_start(s, d, !s->imp.side, s->imp.a_area, 2);
	return 0;
}

/* the retreat of a voluntary unit is done (r_back 2) */
void bi_voluntary_resume(struct boal_state *s, const struct boal_data *d)
{
	if (defenders_left(s, d) == 0) {
		bi_assault_finish(s, d); /* no Rout: the Success did not empty it (10.5) */
		return;
	}
	s->imp.step = BOAL_IS_VOLUNTARY;
}

const char *boal_voluntary_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	(void)st;
	return bi_say(buf, n, "Retreat any defenders voluntarily, then done (10.7.3)");
}

/* ---- 10.7.3 a leader where only some units retreated (his owner) ---- */

/* the next leader to ask about, or -1: one in the assaulted area whose
 * side's units both retreated out of it and remain in it */
static int leader_retreat_next(const struct boal_state *s, const struct boal_data *d)
{
	const struct boal_impulse *m = &s->imp;
	for (int l = 0; l < d->n_leaders; l++) {
		int side = d->leader[l].side;
		if (s->leader[l].area == m->a_area && m->a_area && !(m->l_asked >> l & 1u) &&
		    m->r_dest[side] && boal_units_in(s, d, side, m->a_area) > 0)
			return l;
	}
	return -1;
}

static uint32_t lr_leaders(const struct boal_state *s, const struct boal_data *d)
{
	int l = leader_retreat_next(s, d);
	return l >= 0 ? 1u << l : 0;
}

/* the Areas a unit of his side retreated into */
static uint64_t lr_areas(const struct boal_state *s, const struct boal_data *d, int l)
{
	return s->imp.r_dest[d->leader[l].side];
}

static const char *lr_label(const struct boal_state *s, const struct boal_data *d, int l, int area,
                            char *buf, size_t n)
{
	if (!area)
		return bi_say(buf, n, "%s remains in %s (10.7.3)", d->leader[l].name,
		              d->area[s->imp.a_area].name);
	return bi_say(buf, n, "%s retreats to %s with the units that went there (10.7.3)",
	              d->leader[l].name, d->area[area].name);
}

static void lr_answer(struct boal_state *s, const struct boal_data *d, int l, int area,
                      struct game_outcome *out)
{
	(void)out;
	s->imp.l_asked |= 1u << l;
	if (area)
		s->leader[l].area = (uint8_t)area;
	bi_assault_finish(s, d);
}

static const char *lr_prompt(const struct boal_state *s, const struct boal_data *d, int l,
                             char *buf, size_t n)
{
	return bi_say(buf, n,
	              "Some of your units retreated from %s and some remain: does %s remain or "
	              "retreat? (10.7.3)",
	              d ? d->area[s->imp.a_area].name : "the area",
	              d && l >= 0 ? d->leader[l].name : "your leader");
}

static const struct bi_leader_question lr_q = {
    "10.7.3",
    BOAL_IS_LEADER_RETREAT,
    "leader_retreats",
    "leader_stays",
    lr_leaders,
    lr_areas,
    lr_label,
    lr_answer,
    lr_prompt,
    "10.7.3: the answer is \"leader_stays\" or \"leader_retreats\" with \"area\"",
    "10.7.3: the leader asked about now is %s",
    "10.7.3: %s retreats into an Area a retreating unit went to",
};
BI_LEADER_QUESTION_KIND(leader_retreat, lr_q)

/* ---- 10.4.4 an Optional Assault's Repulse (the Attacker) ---- */

static int attacker(const struct boal_state *s)
{
	return s->imp.side;
}

static void fall_back_answer(struct boal_state *s, const struct boal_data *d, int role, bool yes,
                             struct game_outcome *out)
{
	(void)role;
	(void)out;
	if (yes)
		attackers_retreat(s, d);
	else
		bi_assault_resolved(s, d);
}

static const char *fall_back_prompt(const struct boal_state *s, const struct boal_data *d,
                                    char *buf, size_t n)
{
	(void)s;
	(void)d;
	return bi_say(buf, n, "Your Optional Assault was repulsed: retreat, or stay? (10.4.4)");
}

static const struct bi_question fall_back_q = {
    {"10.4.4", "fall_back", "hold", NULL},
    BOAL_IS_FALL_BACK,
    attacker,
    "Retreat the assaulting units into the areas they entered from (10.4.4)",
    "Stay in the area (10.4.4)",
    NULL,
    fall_back_answer,
    fall_back_prompt,
};
BI_QUESTION_KIND(fall_back, fall_back_q)
