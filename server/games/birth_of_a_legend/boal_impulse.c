/* boal_impulse.c — the impulse's start, its choice of type (8.1), the
 * activation (8.1.1, 9.1.1, 9.1.3, 12.1 Rally and Combined Assault, 8.1.4,
 * 15.3), the offers of 8.1.2's Regroup and 12.1's Combined Regroup, Pass
 * (8.1.3), the turn-1 Supply Train relocation (6.2.2, README decision 7)
 * and the end of the impulse (9.6, 12.1.1). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "boal_impulse_internal.h"

/* ---- shared helpers ---- */

const struct boal_data *bi_data(void)
{
	return boal_data(NULL);
}

const char *bi_say(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return buf;
}

const char *bi_type(const json_t *a)
{
	return json_string_value(json_object_get(a, "type"));
}

int bi_unit(const struct boal_data *d, const json_t *a, const char *key)
{
	const char *id = json_string_value(json_object_get(a, key));
	return id ? boal_data_unit(d, id) : -1;
}

int bi_leader(const struct boal_data *d, const json_t *a, const char *key)
{
	const char *id = json_string_value(json_object_get(a, key));
	return id ? boal_data_leader(d, id) : -1;
}

int bi_area(const json_t *a, const char *key)
{
	const json_t *x = json_object_get(a, key);
	if (!json_is_integer(x))
		return 0;
	json_int_t v = json_integer_value(x);
	return v >= 1 && v <= BOAL_AREAS ? (int)v : 0;
}

bool bi_is_artillery(const struct boal_data *d, int u)
{
	return d->unit[u].type == BOAL_ARTILLERY || d->unit[u].type == BOAL_HORSE_ARTILLERY;
}

bool bi_is_mounted(const struct boal_data *d, int u)
{
	return d->unit[u].type == BOAL_CAVALRY || d->unit[u].type == BOAL_HORSE_ARTILLERY;
}

bool bi_independent(const struct boal_data *d, int u)
{
	return d->command[d->unit[u].command].independent;
}

const struct tg_area_edge *bi_edge(const struct boal_state *s, const struct boal_data *d, int from,
                                   int to)
{
	const struct tg_area_edge *e = tg_areagraph_edge(&d->graph, from, to);
	/* 9.5.2: "Units may cross a Major Water boundary only at a bridge";
	 * 15.4: a Destroyed bridge carries nobody (README decision 20: in the
	 * Basic game no bridge is ever destroyed) */
	if (e && e->bridge >= 0 && s->bridge[e->bridge] == BOAL_NOBODY)
		return NULL;
	return e;
}

int boal_roll_dr(struct boal_state *s, int side)
{
	int dr = tg_rng_die(&s->rng, 6) + tg_rng_die(&s->rng, 6);
	/* 6.3.1: "The first Confederate DR made for any purpose during a
	 * Confederate Impulse also serves as the Sunset DR" */
	if (side == BOAL_CONFEDERATE && s->imp.side == BOAL_CONFEDERATE && s->imp.sunset_dr == 0 &&
	    s->imp.step != BOAL_IS_IDLE)
		s->imp.sunset_dr = (int8_t)dr;
	return dr;
}

/* ---- begin, over, end ---- */

void boal_impulse_begin(struct boal_state *s, int side)
{
	int8_t lee = s->imp.lee_commanded;
	int8_t moved[2] = {s->imp.army_moved[0], s->imp.army_moved[1]};
	int8_t repaired[2] = {s->imp.repaired[0], s->imp.repaired[1]};
	uint8_t engineers = s->imp.engineers;
	const struct boal_data *d = bi_data();
	memset(&s->imp, 0, sizeof s->imp);
	s->imp.lee_commanded = lee;
	s->imp.army_moved[0] = moved[0];
	s->imp.army_moved[1] = moved[1];
	s->imp.repaired[0] = repaired[0];
	s->imp.repaired[1] = repaired[1];
	s->imp.engineers = engineers;
	s->imp.step = BOAL_IS_CHOOSE;
	s->imp.side = (int8_t)side;
	s->imp.leader[0] = s->imp.leader[1] = s->imp.army_leader = -1;
	s->imp.a_point = s->imp.a_forward = s->imp.screen_mover = s->imp.r_unit = -1;
	for (int l = 0; l < BOAL_LEADERS_MAX; l++)
		s->imp.lmf[l] = -1;
	/* 10.1: "an enemy-occupied Area that was not Contested at the beginning
	 * of the Impulse" */
	for (int a = 1; a <= BOAL_AREAS; a++)
		s->imp.contested0[a] = d && boal_contested(s, d, a);
}

bool boal_impulse_over(const struct boal_state *s)
{
	return s->imp.step == BOAL_IS_OVER;
}

void boal_impulse_clear(struct boal_state *s)
{
	s->imp.step = BOAL_IS_IDLE;
}

void bi_end(struct boal_state *s, const struct boal_data *d)
{
	struct boal_impulse *m = &s->imp;
	/* 15.4.1: "at the end of an Assault Impulse", each bridge's holder asked */
	if (bi_demolition_next(s, d))
		return;
	if (m->kind == BOAL_IK_ASSAULT) {
		/* 9.6: "A Subordinate Leader who was either automatically Activated
		 * by an Army Leader (Section 12.1), or who activated on his own, to
		 * conduct an Assault Impulse. Exception: Rout (Section 10.5)." */
		for (int i = 0; i < 2; i++)
			if (m->leader[i] >= 0 && !m->rout)
				s->leader[m->leader[i]].inactive = true;
		/* 12.1 Combined Assault: the Army Leader "becomes Inactive at the
		 * end of the Impulse regardless of the combat result"; 9.6: "Lee
		 * becomes inactive if the player uses his "Lee Commands"" */
		if (m->army_leader >= 0) {
			s->leader[m->army_leader].inactive = true;
			s->army_active[d->leader[m->army_leader].side] = false;
		}
	}
	/* 12.1.1: "at the end of the current Phase or Impulse ... it becomes the
	 * property of the player who did not use it" */
	boal_advantage_settle(s);
	m->step = BOAL_IS_OVER;
}

/* ---- 8.1 the Attacker's choice ---- */

bool boal_impulse_choice_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_CHOOSE;
}

unsigned boal_impulse_choice_who(const void *st)
{
	return BI_BIT(BI_ST(st)->imp.side);
}

static int army_leader_of(const struct boal_data *d, int side)
{
	for (int l = 0; l < d->n_leaders; l++)
		if (d->leader[l].army && d->leader[l].side == side)
			return l;
	return -1;
}

static bool sub_leader_here(const struct boal_state *s, const struct boal_data *d, int l, int side,
                            int a)
{
	return l >= 0 && l < d->n_leaders && !d->leader[l].army && d->leader[l].side == side &&
	       s->leader[l].area == a;
}

static bool lee_commands_open(const struct boal_state *s, const struct boal_data *d)
{
	/* 8.1.4: "Once per turn, if Lee is Active" */
	(void)d;
	return s->imp.side == BOAL_CONFEDERATE && s->army_active[BOAL_CONFEDERATE] &&
	       s->imp.lee_commanded != s->turn + 1;
}

static int act_activate(struct boal_state *s, const struct boal_data *d, const json_t *a,
                        struct game_outcome *out, struct tg_error *err);

/* 12.1 Combined Assault: "an Active Army Leader marker may automatically
 * activate any two Active Subordinate Leader markers in a single Area. The
 * Army Leader marker must be present"; 8.1.4: "Once per turn, if Lee is
 * Active, the Confederate player may conduct a Combined Assault ... He need
 * not possess the Advantage". One offer for each pair of Subordinate
 * Leaders of area a, each the act accepts (tried on a copy: no die is
 * rolled for them). */
static void offer_combined(const struct boal_state *s, const struct boal_data *d, int a,
                           struct tg_offers *list)
{
	int side = s->imp.side, army = army_leader_of(d, side);
	if (army < 0 || s->leader[army].area != a || !s->army_active[side])
		return;
	for (int i = 0; i < d->n_leaders; i++)
		for (int j = i + 1; j < d->n_leaders; j++) {
			if (!sub_leader_here(s, d, i, side, a) ||
			    !sub_leader_here(s, d, j, side, a))
				continue;
			for (int lee = 0; lee < 2; lee++) {
				json_t *x =
				    json_pack("{s:s,s:i,s:[s,s]}", "type", "activate", "area", a,
				              "leaders", d->leader[i].id, d->leader[j].id);
				if (lee)
					json_object_set_new(x, "lee_commands", json_true());
				struct boal_state t = *s;
				struct game_outcome out = {false};
				if (act_activate(&t, d, x, &out, NULL) != 0) {
					json_decref(x);
					continue;
				}
				tg_offer(list, x,
				         lee ? "Lee Commands! %s and %s activate in %s (8.1.4)"
				             : "Combined Assault: spend the Advantage, %s and %s "
				               "activate "
				               "in %s (12.1)",
				         d->leader[i].name, d->leader[j].name, d->area[a].name);
			}
		}
}

/* 8.1.2: a Regroup from a is worth offering: the side's units there, and
 * an adjacent, uncontested, friendly-controlled Area to move them to */
static bool regroup_open(const struct boal_state *s, const struct boal_data *d, int a)
{
	int side = s->imp.side;
	if (boal_units_in(s, d, side, a) == 0)
		return false;
	int b[TG_AREA_DEGREE];
	int nb = tg_areagraph_neighbours(&d->graph, a, b);
	for (int i = 0; i < nb; i++)
		if (bi_edge(s, d, a, b[i]) && s->control[b[i]] == side &&
		    !boal_contested(s, d, b[i]))
			return true;
	return false;
}

/* 12.1 Combined Regroup: "If the Army Leader is Inactive, either player
 * may spend the Advantage to activate any two Areas for Regroup Movement."
 * One entry for each Area a Regroup is offered from, the second Area its
 * param "area2" among the others (every choice accepted by the act). */
static void offer_combined_regroup(const struct boal_state *s, const struct boal_data *d, int a,
                                   const bool *open, struct tg_offers *list)
{
	int side = s->imp.side;
	if (s->army_active[side] || s->advantage != side)
		return;
	json_t *choices = json_array();
	for (int b = 1; b <= BOAL_AREAS; b++)
		if (b != a && open[b]) {
			char label[80];
			snprintf(label, sizeof label, "%s (%d)", d->area[b].name, b);
			json_array_append_new(choices,
			                      json_pack("{s:i,s:s}", "value", b, "label", label));
		}
	if (json_array_size(choices) == 0) {
		json_decref(choices);
		return;
	}
	tg_offer_choice(list, tg_act(list, "{s:s,s:i}", "type", "regroup", "area", a), "area2",
	                "The second Area to Regroup from", choices,
	                "Combined Regroup: spend the Advantage, Regroup from %s and a second "
	                "Area (12.1)",
	                d->area[a].name);
}

static void offer_choice(const struct boal_state *s, const struct boal_data *d,
                         struct tg_offers *list)
{
	int side = s->imp.side;
	if (!s->imp.rallied) {
		tg_offer(list, tg_act(list, "{s:s}", "type", "pass"), "Pass (8.1.3)");
		if (side == BOAL_UNION && s->turn == d->first_turn && s->advantage == side &&
		    !s->train_moved)
			tg_offer(list, tg_act(list, "{s:s}", "type", "relocate_train"),
			         "Give up the Advantage to relocate the Supply Train (6.2.2)");
	}
	bool open[BOAL_AREAS + 1] = {false};
	for (int a = 1; a <= BOAL_AREAS; a++)
		open[a] = regroup_open(s, d, a);
	for (int a = 1; a <= BOAL_AREAS; a++) {
		if (boal_units_in(s, d, side, a) == 0)
			continue;
		const char *name = d->area[a].name;
		if (s->imp.rallied && a != s->imp.area)
			continue;
		tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "activate", "area", a),
		         "Assault: activate one unit in %s (%d) (8.1.1)", name, a);
		for (int l = 0; l < d->n_leaders; l++)
			if (sub_leader_here(s, d, l, side, a) && !s->leader[l].inactive)
				tg_offer(list,
				         tg_act(list, "{s:s,s:i,s:s}", "type", "activate", "area",
				                a, "leader", d->leader[l].id),
				         "Assault: %s rolls to activate in %s (8.1.1)",
				         d->leader[l].name, name);
		offer_combined(s, d, a, list);
		if (s->imp.rallied)
			continue;
		bool inactive = false;
		for (int l = 0; l < d->n_leaders; l++)
			inactive |= sub_leader_here(s, d, l, side, a) && s->leader[l].inactive;
		if (inactive && s->advantage == side && boal_units_in(s, d, side, a) > 0)
			tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "rally", "area", a),
			         "Spend the Advantage to Rally the Leaders in %s (12.1)", name);
		if (open[a]) {
			tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "regroup", "area", a),
			         "Regroup from %s (8.1.2)", name);
			offer_combined_regroup(s, d, a, open, list);
		}
	}
}

void boal_impulse_choice_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_data *d = bi_data();
	if (d)
		offer_choice(BI_ST(st), d, list);
}

/* 9.1.1, 9.1.3: activate unit u of the Active Area for an Assault impulse */
static void activate_unit(struct boal_state *s, const struct boal_data *d, int u)
{
	int mf = boal_unit_move(s, d, u);
	/* 15.1.2: "Assaulting units suffer a -1 modifier to their Movement"
	 * (README decision 28: every unit of an Assault impulse in Rain) */
	if (s->rain && s->advanced)
		mf--;
	s->imp.uflag[u] |= BOAL_IU_ACTIVE;
	s->imp.mf[u] = s->imp.mf_full[u] = (int8_t)(mf > 0 ? mf : 0);
}

static void activate_command(struct boal_state *s, const struct boal_data *d, int area, int command)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area == area && d->unit[u].side == s->imp.side &&
		    (d->unit[u].command == command || bi_independent(d, u)))
			activate_unit(s, d, u);
}

static void activate_independents(struct boal_state *s, const struct boal_data *d, int area)
{
	/* 8.1.1: "Independent units may be this single unit, or they may
	 * activate IN ADDITION TO this single unit" */
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area == area && d->unit[u].side == s->imp.side &&
		    bi_independent(d, u))
			activate_unit(s, d, u);
}

static void go_move(struct boal_state *s, const struct boal_data *d)
{
	s->imp.step = BOAL_IS_MOVE;
	/* 9.1.2: leaders who activated move with 7 MF; 9.1.2b Fall Back! is
	 * the leaders of the area moving with their units (boal_move.c) */
	for (int i = 0; i < 2; i++)
		if (s->imp.leader[i] >= 0)
			s->imp.lmf[s->imp.leader[i]] = (int8_t)d->leader_mf;
	if (s->imp.army_leader >= 0)
		s->imp.lmf[s->imp.army_leader] = (int8_t)d->leader_mf;
}

static int act_activate(struct boal_state *s, const struct boal_data *d, const json_t *a,
                        struct game_outcome *out, struct tg_error *err)
{
	int side = s->imp.side, area = bi_area(a, "area");
	if (!area)
		return tg_fail(err, TG_E_MALFORMED, "8.1.1: \"area\" is the Active Area, 1-45");
	if (s->imp.rallied && area != s->imp.area)
		return tg_fail(err, TG_E_ILLEGAL, "12.1: the Rallied area is the Active Area");
	if (boal_units_in(s, d, side, area) == 0)
		return tg_fail(err, TG_E_ILLEGAL, "8.1.1: no %s unit in %s to activate",
		               boal_side_name(side), d->area[area].name);
	const json_t *two = json_object_get(a, "leaders");
	bool lee_cmd = json_is_true(json_object_get(a, "lee_commands"));
	int l = -1;
	if (json_object_get(a, "leader")) {
		l = bi_leader(d, a, "leader");
		if (!sub_leader_here(s, d, l, side, area))
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "8.1.1: \"leader\" must be a Subordinate Leader in the Active "
			    "Area (Army Leader markers never activate units)");
		if (s->leader[l].inactive)
			return tg_fail(err, TG_E_ILLEGAL, "8.1.1: %s is Inactive",
			               d->leader[l].name);
	}
	int l2[2] = {-1, -1};
	int army = army_leader_of(d, side);
	if (two) {
		/* 12.1 Combined Assault: "an Active Army Leader marker may
		 * automatically activate any two Active Subordinate Leader markers
		 * in a single Area. The Army Leader marker must be present" */
		if (!json_is_array(two) || json_array_size(two) != 2)
			return tg_fail(err, TG_E_MALFORMED, "12.1: \"leaders\" names two leaders");
		for (int i = 0; i < 2; i++) {
			const char *id = json_string_value(json_array_get(two, (size_t)i));
			l2[i] = id ? boal_data_leader(d, id) : -1;
			if (!sub_leader_here(s, d, l2[i], side, area) || s->leader[l2[i]].inactive)
				return tg_fail(err, TG_E_ILLEGAL,
				               "12.1: a Combined Assault activates two Active "
				               "Subordinate Leaders of the Active Area");
		}
		if (l2[0] == l2[1])
			return tg_fail(err, TG_E_ILLEGAL, "12.1: two different leaders");
		if (army < 0 || s->leader[army].area != area || !s->army_active[side])
			return tg_fail(err, TG_E_ILLEGAL,
			               "12.1: the Active Army Leader must be present in the Active "
			               "Area");
		if (lee_cmd) {
			if (!lee_commands_open(s, d))
				return tg_fail(
				    err, TG_E_ILLEGAL,
				    "8.1.4: \"Lee Commands!\" once per turn, Lee Active");
		} else if (s->advantage != side) {
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "12.1: a Combined Assault spends the Advantage, which the %s "
			    "does not hold",
			    boal_side_name(side));
		}
	} else if (lee_cmd) {
		return tg_fail(err, TG_E_MALFORMED, "8.1.4: \"Lee Commands!\" names \"leaders\"");
	}
	/* validated: from here the activation happens */
	s->imp.kind = BOAL_IK_ASSAULT;
	s->imp.area = (uint8_t)area;
	/* 15.4.1: "A friendly unit must be present in the Active Area at the
	 * beginning of the Impulse to attempt bridge demolition" */
	s->imp.held0[side] = true;
	s->imp.held0[!side] = boal_units_in(s, d, !side, area) > 0;
	if (two) {
		if (lee_cmd)
			s->imp.lee_commanded = (int8_t)(s->turn + 1); /* 8.1.4: "need not possess
			                                                  the Advantage" */
		else
			boal_advantage_spend(s, side, NULL);
		s->imp.leader[0] = (int8_t)l2[0];
		s->imp.leader[1] = (int8_t)l2[1];
		s->imp.army_leader = (int8_t)army;
		activate_command(s, d, area, d->leader[l2[0]].command);
		activate_command(s, d, area, d->leader[l2[1]].command);
		go_move(s, d);
		return 0;
	}
	if (l >= 0) {
		/* 8.1.1: "If the die roll is equal to or greater than that Leader's
		 * Initiative Rating" (+1 Active Army Leader, -1 Rain) */
		out->barrier = true;
		int dr = tg_rng_die(&s->rng, 6);
		int al = army_leader_of(d, side);
		bool killed = al >= 0 && s->leader[al].killed;
		if (boal_subordinate_activates(dr, d->leader[l].initiative, s->army_active[side],
		                               killed, s->rain && s->advanced)) {
			s->imp.leader[0] = (int8_t)l;
			activate_command(s, d, area, d->leader[l].command);
			go_move(s, d);
			return 0;
		}
		/* "If the die roll is less ... The Leader marker is unaffected" */
	}
	/* 8.1.1: "An Area that does not contain a Leader marker, or does not
	 * use a Leader marker to activate units (or whose Leader fails their
	 * Activation dr) may still activate any ONE unit in the Active Area" */
	activate_independents(s, d, area);
	s->imp.step = BOAL_IS_SINGLE;
	return 0;
}

static int act_rally(struct boal_state *s, const struct boal_data *d, const json_t *a,
                     struct tg_error *err)
{
	int side = s->imp.side, area = bi_area(a, "area");
	if (!area)
		return tg_fail(err, TG_E_MALFORMED, "12.1: \"area\" is the area to Rally, 1-45");
	if (s->imp.rallied)
		return tg_fail(err, TG_E_ILLEGAL, "12.1: the Advantage is spent once");
	bool any = false;
	for (int l = 0; l < d->n_leaders; l++)
		any |= sub_leader_here(s, d, l, side, area) && s->leader[l].inactive;
	if (!any)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.1: no Inactive Subordinate Leader in %s to Rally (Army Leaders "
		               "are not eligible)",
		               d->area[area].name);
	if (boal_units_in(s, d, side, area) == 0)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "12.1: a Rally begins an Assault Impulse: %s holds no unit to activate",
		    d->area[area].name);
	if (boal_advantage_spend(s, side, err) != 0)
		return -1;
	/* 12.1: "at the beginning of an Assault Impulse, any and all of the
	 * Subordinate Leader markers in a single Area may be flipped to their
	 * Active Side" */
	for (int l = 0; l < d->n_leaders; l++)
		if (sub_leader_here(s, d, l, side, area))
			s->leader[l].inactive = false;
	s->imp.rallied = true;
	s->imp.kind = BOAL_IK_ASSAULT;
	s->imp.area = (uint8_t)area;
	return 0;
}

int bi_regroup_begin(struct boal_state *s, const struct boal_data *d, const json_t *a,
                     struct tg_error *err);

int boal_impulse_choice_act(void *st, int role, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)role;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t)
		return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	if (!strcmp(t, "activate"))
		return act_activate(s, d, a, out, err);
	if (!strcmp(t, "rally"))
		return act_rally(s, d, a, err);
	if (s->imp.rallied)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.1: a Rally begins an Assault Impulse: activate the area");
	if (!strcmp(t, "pass")) {
		/* 8.1.3: "The Attacker may elect to take no action" */
		s->imp.kind = BOAL_IK_PASS;
		bi_end(s, d);
		return 0;
	}
	if (!strcmp(t, "regroup"))
		return bi_regroup_begin(s, d, a, err);
	if (!strcmp(t, "relocate_train")) {
		/* 6.2.2 (README decision 7): "the Union player must first possess
		 * and then give up the Advantage Marker to the Confederate player in
		 * lieu of a regular activation" */
		if (s->imp.side != BOAL_UNION || s->turn != d->first_turn)
			return tg_fail(err, TG_E_ILLEGAL,
			               "6.2.2: an impulse relocates the Supply Train only for the "
			               "Union on the first Turn");
		if (s->advantage != BOAL_UNION)
			return tg_fail(err, TG_E_ILLEGAL,
			               "6.2.2: the Union must possess the Advantage to give it up");
		if (boal_relocate_train(s, d, true, err) != 0)
			return -1;
		boal_advantage_spend(s, BOAL_UNION, NULL);
		s->imp.kind = BOAL_IK_TRAIN;
		bi_end(s, d);
		return 0;
	}
	return tg_fail(err, TG_E_ILLEGAL,
	               "8.1: \"%s\" is not an impulse (pass, activate, rally, "
	               "regroup)",
	               t);
}

const char *boal_impulse_choice_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	if (BI_ST(st)->imp.rallied)
		return bi_say(buf, n,
		              "Activate the Rallied area for your Assault Impulse (12.1, 8.1.1)");
	return bi_say(buf, n, "Your impulse: Assault, Regroup or Pass (8.1)");
}

/* ---- 8.1.1 the ONE unit ---- */

bool boal_impulse_single_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_SINGLE;
}

unsigned boal_impulse_single_who(const void *st)
{
	return BI_BIT(BI_ST(st)->imp.side);
}

void boal_impulse_single_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	if (!d)
		return;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area == s->imp.area && d->unit[u].side == s->imp.side &&
		    !bi_independent(d, u))
			tg_offer(list,
			         tg_act(list, "{s:s,s:s}", "type", "activate_unit", "unit",
			                d->unit[u].id),
			         "Activate %s (8.1.1)", d->unit[u].name);
	tg_offer(list, tg_act(list, "{s:s}", "type", "activate_unit"),
	         "Activate no more than the Independent units (8.1.1, 9.1.3)");
}

int boal_impulse_single_act(void *st, int role, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)role;
	(void)out;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t || strcmp(t, "activate_unit"))
		return tg_fail(err, TG_E_MALFORMED,
		               "8.1.1: the answer is {\"type\": \"activate_unit\", \"unit\": id}");
	if (json_object_get(a, "unit")) {
		int u = bi_unit(d, a, "unit");
		/* 9.1.1: "any ONE non-independent unit in the Active Area" */
		if (u < 0 || s->unit[u].area != s->imp.area || d->unit[u].side != s->imp.side ||
		    bi_independent(d, u))
			return tg_fail(err, TG_E_ILLEGAL,
			               "9.1.1: one non-independent unit of the Active Area");
		activate_unit(s, d, u);
	}
	go_move(s, d);
	return 0;
}

const char *boal_impulse_single_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	(void)st;
	return bi_say(buf, n, "No leader activated: choose the ONE unit that activates (8.1.1)");
}
