/* boal_move.c — the Assault impulse's movement: 9.1 one unit and one area
 * at a time, 9.1.2 leaders (9.1.2a the Army Leader, 9.1.2b Fall Back!),
 * 9.2 costs with 9.2.1 and 10.3, 9.3 Point Units, 9.5 stacking and the
 * bridge limit, 7.2 control on the way, 11.2 capture of an empty
 * entrenchment, 15.3 Forced March; and 9.4 Cavalry Screening, the
 * Defender's interrupt when his cavalry is entered. */
#include <string.h>

#include "boal_impulse_internal.h"

static bool enemy_controlled_open(const struct boal_state *s, const struct boal_data *d, int side,
                                  int a)
{
	/* 9.3: "Uncontested, Enemy-Controlled Area (whether Vacant or not)" */
	return s->control[a] != side && !boal_contested(s, d, a);
}

static bool fresh_enemy_artillery_near(const struct boal_state *s, const struct boal_data *d,
                                       int side, int a)
{
	int b[TG_AREA_DEGREE];
	int nb = tg_areagraph_neighbours(&d->graph, a, b);
	for (int i = 0; i < nb; i++)
		for (int u = 0; u < s->n_units; u++)
			if (s->unit[u].area == b[i] && d->unit[u].side != side &&
			    !s->unit[u].exhausted && bi_is_artillery(d, u))
				return true;
	return false;
}

/* 9.2: the one cost of entering `to` across e */
static int entry_cost(const struct boal_state *s, const struct boal_data *d, int side, int to,
                      const struct tg_area_edge *e, bool mounted)
{
	int enemy = boal_units_in(s, d, !side, to), fresh = boal_fresh_units_in(s, d, !side, to);
	struct boal_entry en = {
	    .enemy_fresh = fresh,
	    .enemy_exhausted = enemy - fresh,
	    .by_fresh_enemy_artillery = enemy == 0 && fresh_enemy_artillery_near(s, d, side, to),
	    .road = e->road,
	    .mounted = mounted,
	};
	return boal_entry_cost(d, &en);
}

/* 10.3: leaving the Contested Active Area after its assault */
static int exit_extra(const struct boal_state *s, int from)
{
	return from == s->imp.area && s->imp.assaulted_active ? s->imp.exit_cost : 0;
}

int bi_move_check(const struct boal_state *s, const struct boal_data *d, int u, int to, int *cost,
                  struct tg_error *err)
{
	const struct boal_impulse *m = &s->imp;
	int side = m->side, from = s->unit[u].area;
	if (!(m->uflag[u] & BOAL_IU_ACTIVE))
		return tg_fail(err, TG_E_ILLEGAL, "9.1.1: %s is not activated", d->unit[u].name);
	if (m->uflag[u] & BOAL_IU_STOPPED)
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.2, 10.3: %s has entered an enemy-occupied area or its impulse is "
		               "over",
		               d->unit[u].name);
	const struct tg_area_edge *e = to ? bi_edge(s, d, from, to) : NULL;
	if (!e)
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.1: not an adjacent area (9.5.2: Major Water only at a bridge)");
	/* 9.2.2: "Once an Area is assaulted, additional units may not move into
	 * that Area during the same Impulse" */
	if (m->assaulted[to])
		return tg_fail(err, TG_E_ILLEGAL, "9.2.2: %s has been assaulted this impulse",
		               d->area[to].name);
	/* 9.5.1 */
	if (boal_fully_stacked(s, d, side, to))
		return tg_fail(err, TG_E_ILLEGAL, "9.5.1: %s is fully stacked", d->area[to].name);
	/* 9.5.2: "A maximum of five units may cross at a single bridge during a
	 * single Impulse" */
	if (e->bridge >= 0 && m->crossed[e->bridge] >= d->bridge_crossing_max)
		return tg_fail(err, TG_E_ILLEGAL, "9.5.2: %d units have crossed %s this impulse",
		               d->bridge_crossing_max, d->bridge[e->bridge].name);
	/* 9.2: "Units may exit a Contested Area at normal MF costs, so long as
	 * the next Area entered is Free." */
	if (boal_contested(s, d, from) && !boal_free(s, d, side, to))
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.2: a unit leaves a Contested Area only into a Free area");
	/* 9.3: "Only Point units may enter an Uncontested, Enemy-Controlled Area
	 * ... A unit must be Fresh ... An artillery unit may not be the Point
	 * Unit" (README decision 30: Stuart's Horse Artillery is artillery) */
	if (enemy_controlled_open(s, d, side, to) && !m->pointed[to] &&
	    (s->unit[u].exhausted || bi_is_artillery(d, u)))
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.3: only a Fresh, non-artillery Point Unit enters %s first",
		               d->area[to].name);
	/* 10.1, 10.2: "at least one Point Unit must Assault": the first unit
	 * into an enemy-occupied area that was not Contested must be able to be
	 * the Point Unit of the assault it owes (else nobody could make it) */
	if (boal_units_in(s, d, !side, to) > 0 && !m->contested0[to] && !m->pointed[to] &&
	    (s->unit[u].exhausted || bi_is_artillery(d, u)))
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.3, 10.1: a Fresh, non-artillery Point Unit enters %s first",
		               d->area[to].name);
	int c = entry_cost(s, d, side, to, e, bi_is_mounted(d, u));
	if (c != BOAL_MF_ALL)
		c += exit_extra(s, from);
	int left = boal_pay(m->mf_full[u], m->mf[u], c);
	if (left < 0)
		return tg_fail(err, TG_E_ILLEGAL, "9.2: %s has %d MF left; entering %s costs %s",
		               d->unit[u].name, m->mf[u], d->area[to].name,
		               c == BOAL_MF_ALL ? "all its MF (off road)" : "more");
	*cost = m->mf[u] - left;
	return 0;
}

static bool leader_may_move(const struct boal_state *s, const struct boal_data *d, int l)
{
	const struct boal_impulse *m = &s->imp;
	if (m->lmf[l] >= 0)
		return m->lmf[l] > 0;
	int side = d->leader[l].side;
	if (side != m->side || s->leader[l].area == BOAL_NOWHERE)
		return false;
	/* 9.1.2a: "An Army Leader may always move once per turn during an
	 * Impulse in which a Subordinate Leader activates an Area" */
	if (d->leader[l].army)
		return m->leader[0] >= 0 && m->army_moved[side] != s->turn + 1;
	/* 9.1.2b: "An Exhausted Leader may also activate in an Area if any
	 * friendly unit in the same Area also activates to move"; an Active one
	 * who did not activate stays (8.1.1: "Other Leader markers ... may not
	 * move/attack", README decision 53) */
	if (!s->leader[l].inactive || s->leader[l].area != m->area)
		return false;
	for (int u = 0; u < s->n_units; u++)
		if ((m->uflag[u] & BOAL_IU_MOVED) && d->unit[u].side == side)
			return true;
	return false;
}

int bi_leader_move_check(const struct boal_state *s, const struct boal_data *d, int l, int to,
                         int *cost, struct tg_error *err)
{
	const struct boal_impulse *m = &s->imp;
	int side = m->side, from = s->leader[l].area;
	if (!leader_may_move(s, d, l))
		return tg_fail(err, TG_E_ILLEGAL,
		               "8.1.1, 9.1.2: %s did not activate (9.1.2a, 9.1.2b) or has no MF",
		               d->leader[l].name);
	const struct tg_area_edge *e = to ? bi_edge(s, d, from, to) : NULL;
	if (!e)
		return tg_fail(err, TG_E_ILLEGAL, "9.1: not an adjacent area");
	/* 9.3: "Leader markers may not enter a Contested Area across a boundary
	 * requiring a Mandatory Assault (Section 10.1) unless accompanied by a
	 * Point Unit"; nor an Uncontested enemy one before a Point Unit */
	bool need_point = enemy_controlled_open(s, d, side, to) ||
	                  (boal_units_in(s, d, !side, to) > 0 && !m->contested0[to]);
	if (need_point && !m->pointed[to])
		return tg_fail(err, TG_E_ILLEGAL, "9.3: a leader follows a Point Unit into %s",
		               d->area[to].name);
	int full = d->leader_mf, left0 = m->lmf[l] >= 0 ? m->lmf[l] : full;
	int c = entry_cost(s, d, side, to, e, false);
	if (c != BOAL_MF_ALL)
		c += exit_extra(s, from);
	int left = boal_pay(full, left0, c);
	if (left < 0)
		return tg_fail(err, TG_E_ILLEGAL, "9.2: %s lacks the MF to enter %s",
		               d->leader[l].name, d->area[to].name);
	*cost = left0 - left;
	return 0;
}

void bi_entered(struct boal_state *s, const struct boal_data *d, int side, int to)
{
	/* 7.2: "Control can be gained during movement without stopping" */
	boal_update_control(s, d, to);
	/* 11.2: "If a friendly unit enters an Area containing an enemy
	 * entrenchment marker and there are no enemy units in the Area to
	 * assault, that entrenchment marker is removed and a friendly Entrench
	 * +1 marker may be placed at the discretion of the moving player"
	 * (README decision 31: he is asked) */
	if (s->entrench_side[to] == !side && boal_units_in(s, d, !side, to) == 0)
		bi_capture(s, d, to);
	/* 9.6: "There are no friendly units in his Area and that Area is entered
	 * by an enemy Point Unit." */
	if (boal_units_in(s, d, !side, to) == 0)
		for (int l = 0; l < d->n_leaders; l++)
			if (s->leader[l].area == to && d->leader[l].side == !side &&
			    !d->leader[l].army)
				s->leader[l].inactive = true;
}

/* 9.4: the area holds only the Defender's cavalry (Stuart's Horse Artillery
 * with it), at least one Cavalry unit */
static bool cavalry_only(const struct boal_state *s, const struct boal_data *d, int side, int a)
{
	int cav = 0;
	for (int u = 0; u < s->n_units; u++) {
		if (s->unit[u].area != a || d->unit[u].side != side)
			continue;
		if (!bi_is_mounted(d, u))
			return false;
		cav += d->unit[u].type == BOAL_CAVALRY;
	}
	return cav > 0;
}

static void unit_move(struct boal_state *s, const struct boal_data *d, int u, int to, int cost)
{
	struct boal_impulse *m = &s->imp;
	int side = m->side, from = s->unit[u].area;
	const struct tg_area_edge *e = bi_edge(s, d, from, to);
	bool first = (enemy_controlled_open(s, d, side, to) ||
	              (boal_units_in(s, d, !side, to) > 0 && !m->contested0[to])) &&
	             !m->pointed[to];
	m->mf[u] = (int8_t)(m->mf[u] - cost);
	m->uflag[u] |= BOAL_IU_MOVED;
	m->uflag[u] &= (uint8_t)~BOAL_IU_OFFROAD;
	if (!e->road)
		m->uflag[u] |= BOAL_IU_OFFROAD;
	m->from[u] = (uint8_t)from;
	m->via[u] = e->type;
	if (e->bridge >= 0)
		m->crossed[e->bridge]++;
	if (first)
		m->pointed[to] = true; /* 9.3: "Once a Point Unit ... has entered an Area,
		                          any type of unit may enter" */
	s->unit[u].area = (uint8_t)to;
	if (boal_units_in(s, d, !side, to) > 0) {
		/* 9.2: movement ends in an area "occupied by an enemy unit"; 10.1 */
		m->uflag[u] |= BOAL_IU_STOPPED;
		if (!m->contested0[to])
			m->uflag[u] |= BOAL_IU_MANDATORY;
		if (cavalry_only(s, d, !side, to)) {
			m->screen_area = (uint8_t)to;
			m->screen_mover = (int8_t)u;
			m->step = BOAL_IS_SCREEN;
		}
		return;
	}
	bi_entered(s, d, side, to);
	bi_go_on(s);
}

/* 15.3: "units in the Active Area ... Only Fresh units may be selected for
 * a Forced March": an activated, Fresh unit still in the Active Area that
 * has not moved, marched or stopped (the declaration precedes its move) */
static bool may_force_march(const struct boal_state *s, int u)
{
	const struct boal_impulse *m = &s->imp;
	return s->advanced && (m->uflag[u] & BOAL_IU_ACTIVE) && !s->unit[u].exhausted &&
	       s->unit[u].area == m->area &&
	       !(m->uflag[u] & (BOAL_IU_MOVED | BOAL_IU_FORCED | BOAL_IU_STOPPED));
}

static int act_forced_march(struct boal_state *s, const struct boal_data *d, const json_t *a,
                            struct tg_error *err)
{
	const json_t *f = json_object_get(a, "units");
	if (!json_is_array(f) || json_array_size(f) == 0)
		return tg_fail(err, TG_E_MALFORMED, "15.3: \"units\" lists the units");
	if (!s->advanced)
		return tg_fail(err, TG_E_ILLEGAL, "15.3: Forced March is an Advanced game rule");
	bool named[BOAL_UNITS_MAX] = {false};
	size_t i;
	const json_t *x;
	json_array_foreach(f, i, x)
	{
		int u = json_is_string(x) ? boal_data_unit(d, json_string_value(x)) : -1;
		if (u < 0 || !may_force_march(s, u))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "15.3: only Fresh activated units of the Active Area that have "
			    "not moved may Forced March");
		/* "one additional MF that Impulse": one, however often named */
		if (named[u])
			return tg_fail(err, TG_E_ILLEGAL, "15.3: %s is named twice",
			               d->unit[u].name);
		named[u] = true;
	}
	json_array_foreach(f, i, x)
	{
		int u = boal_data_unit(d, json_string_value(x));
		s->imp.uflag[u] |= BOAL_IU_FORCED;
		s->imp.mf_full[u]++; /* "receive one additional MF that Impulse" */
		s->imp.mf[u]++;
	}
	return 0;
}

/* 15.3 offered as one entry: its "units" each Fresh unit that may march
 * alone, or all of them (any other set is several such declarations) */
static void offer_forced_march(const struct boal_state *s, const struct boal_data *d,
                               struct tg_offers *list)
{
	json_t *choices = json_array(), *all = json_array();
	for (int u = 0; u < s->n_units; u++) {
		if (!may_force_march(s, u))
			continue;
		json_array_append_new(choices, json_pack("{s:[s],s:s}", "value", d->unit[u].id,
		                                         "label", d->unit[u].name));
		json_array_append_new(all, json_string(d->unit[u].id));
	}
	size_t n = json_array_size(all);
	if (n > 1) {
		char label[64];
		snprintf(label, sizeof label, "All %zu of them", n);
		json_array_append_new(choices,
		                      json_pack("{s:o,s:s}", "value", all, "label", label));
	} else {
		json_decref(all);
	}
	if (n == 0) {
		json_decref(choices);
		return;
	}
	tg_offer_choice(list, tg_act(list, "{s:s}", "type", "forced_march"), "units",
	                "Fresh units that have not moved", choices,
	                "Forced March: one more MF this Impulse; Infantry that then assaults "
	                "counts as Exhausted (15.3, 10.4.2)");
}

/* ---- the Attacker's moves (9.1) ---- */

bool boal_assault_move_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_MOVE;
}

unsigned boal_assault_move_who(const void *st)
{
	return BI_BIT(BI_ST(st)->imp.side);
}

void boal_assault_move_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	if (!d)
		return;
	int cost;
	for (int u = 0; u < s->n_units; u++) {
		if (!(s->imp.uflag[u] & BOAL_IU_ACTIVE) || s->unit[u].area == BOAL_NOWHERE)
			continue;
		int b[TG_AREA_DEGREE];
		int nb = tg_areagraph_neighbours(&d->graph, s->unit[u].area, b);
		for (int i = 0; i < nb; i++)
			if (bi_move_check(s, d, u, b[i], &cost, NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:s,s:i}", "type", "move", "unit",
				                d->unit[u].id, "to", b[i]),
				         "Move %s to %s, %d MF (9.1, 9.2)", d->unit[u].name,
				         d->area[b[i]].name, cost);
	}
	for (int l = 0; l < d->n_leaders; l++) {
		if (d->leader[l].side != s->imp.side || s->leader[l].area == BOAL_NOWHERE)
			continue;
		int b[TG_AREA_DEGREE];
		int nb = tg_areagraph_neighbours(&d->graph, s->leader[l].area, b);
		for (int i = 0; i < nb; i++)
			if (bi_leader_move_check(s, d, l, b[i], &cost, NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:s,s:i}", "type", "move", "leader",
				                d->leader[l].id, "to", b[i]),
				         "Move %s to %s (9.1.2)", d->leader[l].name,
				         d->area[b[i]].name);
	}
	bi_assault_offer(s, d, list);
	offer_forced_march(s, d, list);
	if (s->advanced)
		bi_repair_offer(s, d, list);
	if (!bi_mandatory_pending(s, d))
		tg_offer(list, tg_act(list, "{s:s}", "type", "end"), "End the impulse (9.1)");
}

int boal_assault_move_act(void *st, int role, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)role;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t)
		return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	if (!strcmp(t, "assault"))
		return bi_assault_declare(s, d, a, out, err);
	if (!strcmp(t, "forced_march"))
		return act_forced_march(s, d, a, err);
	if (!strcmp(t, "repair"))
		return bi_repair(s, d, a, out, err);
	if (!strcmp(t, "end")) {
		int m = bi_mandatory_pending(s, d);
		if (m)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "10.1: the units that entered %s must make a Mandatory Assault",
			    d->area[m].name);
		bi_end(s, d);
		return 0;
	}
	if (strcmp(t, "move"))
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.1: move, assault, forced_march or end; \"%s\" is none", t);
	int to = bi_area(a, "to"), cost = 0;
	if (json_object_get(a, "leader")) {
		int l = bi_leader(d, a, "leader");
		if (l < 0)
			return tg_fail(err, TG_E_MALFORMED, "9.1.2: unknown leader");
		if (bi_leader_move_check(s, d, l, to, &cost, err) != 0)
			return -1;
		int side = d->leader[l].side;
		if (s->imp.lmf[l] < 0) {
			s->imp.lmf[l] = (int8_t)d->leader_mf;
			if (d->leader[l].army)
				s->imp.army_moved[side] = (int8_t)(s->turn + 1);
		}
		s->imp.lmf[l] = (int8_t)(s->imp.lmf[l] - cost);
		s->leader[l].area = (uint8_t)to;
		return 0;
	}
	int u = bi_unit(d, a, "unit");
	if (u < 0)
		return tg_fail(err, TG_E_MALFORMED, "9.1: \"unit\" names a unit (or \"leader\")");
	if (bi_move_check(s, d, u, to, &cost, err) != 0)
		return -1;
	unit_move(s, d, u, to, cost);
	return 0;
}

const char *boal_assault_move_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	int m = d ? bi_mandatory_pending(s, d) : 0;
	if (m)
		return bi_say(buf, n,
		              "Move on, or assault %s: the units that entered it must (10.1)",
		              d->area[m].name);
	return bi_say(buf, n,
	              "Move your activated units one area at a time, assault, or end the "
	              "impulse (9.1, 10.0)");
}

/* ---- 9.4 Cavalry Screening (the Defender) ---- */

static int defender(const struct boal_state *s)
{
	return !s->imp.side;
}

static void screen_answer(struct boal_state *s, const struct boal_data *d, int role, bool yes,
                          struct game_outcome *out)
{
	(void)role;
	(void)out;
	struct boal_impulse *m = &s->imp;
	int area = m->screen_area, def = !m->side;
	if (!yes)
		return;
	/* 9.4: "any and all friendly Cavalry units (including the Stuart
	 * (Horse) Artillery unit) may retreat ... normal retreat priorities
	 * ... do not become Exhausted ... No Assault takes place ... If the
	 * enemy units have any MF remaining ... may continue moving" */
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area == area && d->unit[u].side == def)
			m->uflag[u] |= BOAL_IU_RETREAT;
	bi_retreat_start(s, d, def, area, 3);
}

static const char *screen_prompt(const struct boal_state *s, const struct boal_data *d, char *buf,
                                 size_t n)
{
	return bi_say(buf, n, "Enemy units entered %s, held only by your cavalry: screen? (9.4)",
	              d->area[s->imp.screen_area].name);
}

static const struct bi_question screen_q = {
    {"9.4", "screen", "stand", NULL},
    BOAL_IS_SCREEN,
    defender,
    "Screen: your cavalry retreats, not Exhausted (9.4)",
    "Stand and be assaulted (9.4)",
    NULL,
    screen_answer,
    screen_prompt,
};
BI_QUESTION_KIND(screen, screen_q)

/* once the screening cavalry is gone: the movers go on (retreat r_back 3) */
void bi_screen_done(struct boal_state *s, const struct boal_data *d)
{
	struct boal_impulse *m = &s->imp;
	int area = m->screen_area;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area == area && d->unit[u].side == m->side) {
			m->uflag[u] &= (uint8_t) ~(BOAL_IU_STOPPED | BOAL_IU_MANDATORY);
		}
	if (boal_units_in(s, d, !m->side, area) == 0)
		bi_entered(s, d, m->side, area);
	m->screen_area = 0;
	m->screen_mover = -1;
	bi_go_on(s);
}
