/* boal_regroup.c — 8.1.2 Regroup and 12.1 Combined Regroup: "The Attacker
 * may activate all of the units and Leader markers in a single Area and
 * move them to any adjacent, uncontested and friendly-controlled Area or
 * Areas. Leader markers who Regroup do not become Inactive." Each unit and
 * leader moves once, to an adjacent area; stacking (7.1) and the bridge
 * limit (9.5.2) hold as in any movement (README decision 29). */
#include <string.h>

#include "boal_impulse_internal.h"

int bi_regroup_begin(struct boal_state *s, const struct boal_data *d, const json_t *a,
                     struct tg_error *err);

static bool origin(const struct boal_state *s, int a)
{
	return a && (a == s->imp.area || a == s->imp.area2);
}

int bi_regroup_begin(struct boal_state *s, const struct boal_data *d, const json_t *a,
                     struct tg_error *err)
{
	int side = s->imp.side, area = bi_area(a, "area"), area2 = bi_area(a, "area2");
	if (!area)
		return tg_fail(err, TG_E_MALFORMED, "8.1.2: \"area\" is the area to Regroup, 1-45");
	if (json_object_get(a, "area2")) {
		/* 12.1: "If the Army Leader is Inactive, either player may spend the
		 * Advantage to activate any two Areas for Regroup Movement." */
		if (!area2 || area2 == area)
			return tg_fail(err, TG_E_MALFORMED,
			               "12.1: \"area2\" is a second area to Regroup, 1-45");
		if (s->army_active[side])
			return tg_fail(err, TG_E_ILLEGAL,
			               "12.1: a Combined Regroup is for an Inactive Army Leader");
		if (s->advantage != side)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "12.1: a Combined Regroup spends the Advantage, which the %s "
			    "does not hold",
			    boal_side_name(side));
	}
	if (boal_units_in(s, d, side, area) == 0 ||
	    (area2 && boal_units_in(s, d, side, area2) == 0))
		return tg_fail(err, TG_E_ILLEGAL, "8.1.2: a Regroup area holds %s units",
		               boal_side_name(side));
	if (area2)
		boal_advantage_spend(s, side, NULL);
	s->imp.kind = BOAL_IK_REGROUP;
	s->imp.area = (uint8_t)area;
	s->imp.area2 = (uint8_t)area2;
	for (int u = 0; u < s->n_units; u++)
		if (d->unit[u].side == side && origin(s, s->unit[u].area))
			s->imp.uflag[u] |= BOAL_IU_ACTIVE;
	for (int l = 0; l < d->n_leaders; l++)
		if (d->leader[l].side == side && origin(s, s->leader[l].area))
			s->imp.lmf[l] = 1; /* one move each */
	s->imp.step = BOAL_IS_REGROUP;
	return 0;
}

/* whether a regrouping piece may go from `from` to `to`; unit -1 for a leader */
static int regroup_check(const struct boal_state *s, const struct boal_data *d, int unit, int from,
                         int to, struct tg_error *err)
{
	int side = s->imp.side;
	const struct tg_area_edge *e = to ? bi_edge(s, d, from, to) : NULL;
	if (!e)
		return tg_fail(err, TG_E_ILLEGAL,
		               "8.1.2: %d is not an adjacent area (9.5.2: Major "
		               "Water only at a bridge standing)",
		               to);
	if (boal_contested(s, d, to) || s->control[to] != side || !boal_vacant(s, d, side, to))
		return tg_fail(err, TG_E_ILLEGAL,
		               "8.1.2: %s is not an uncontested, friendly-controlled area",
		               d->area[to].name);
	if (unit < 0)
		return 0; /* 9.5.2: "Leaders may cross for free"; 7.1: leaders do not stack */
	if (boal_fully_stacked(s, d, side, to))
		return tg_fail(err, TG_E_ILLEGAL, "7.1, 9.5.1: %s is stacked to the maximum",
		               d->area[to].name);
	if (e->bridge >= 0 && s->imp.crossed[e->bridge] >= d->bridge_crossing_max)
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.5.2: %d units have crossed %s this impulse (the limit)",
		               d->bridge_crossing_max, d->bridge[e->bridge].name);
	return 0;
}

bool boal_regroup_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_REGROUP;
}

unsigned boal_regroup_who(const void *st)
{
	return BI_BIT(BI_ST(st)->imp.side);
}

void boal_regroup_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	if (!d)
		return;
	for (int u = 0; u < s->n_units; u++) {
		if (!(s->imp.uflag[u] & BOAL_IU_ACTIVE) || (s->imp.uflag[u] & BOAL_IU_MOVED))
			continue;
		int b[TG_AREA_DEGREE], from = s->unit[u].area;
		int nb = tg_areagraph_neighbours(&d->graph, from, b);
		for (int i = 0; i < nb; i++)
			if (regroup_check(s, d, u, from, b[i], NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:s,s:i}", "type", "move", "unit",
				                d->unit[u].id, "to", b[i]),
				         "Regroup %s to %s (8.1.2)", d->unit[u].name,
				         d->area[b[i]].name);
	}
	for (int l = 0; l < d->n_leaders; l++) {
		if (s->imp.lmf[l] <= 0 || s->leader[l].area == BOAL_NOWHERE)
			continue;
		int b[TG_AREA_DEGREE], from = s->leader[l].area;
		int nb = tg_areagraph_neighbours(&d->graph, from, b);
		for (int i = 0; i < nb; i++)
			if (regroup_check(s, d, -1, from, b[i], NULL) == 0)
				tg_offer(list,
				         tg_act(list, "{s:s,s:s,s:i}", "type", "move", "leader",
				                d->leader[l].id, "to", b[i]),
				         "Regroup %s to %s (8.1.2)", d->leader[l].name,
				         d->area[b[i]].name);
	}
	tg_offer(list, tg_act(list, "{s:s}", "type", "end"), "End the Regroup (8.1.2)");
}

int boal_regroup_act(void *st, int role, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	(void)role;
	(void)out;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t)
		return tg_fail(err, TG_E_MALFORMED, "an action needs a string \"type\"");
	if (!strcmp(t, "end")) {
		bi_end(s, d);
		return 0;
	}
	if (strcmp(t, "move"))
		return tg_fail(err, TG_E_ILLEGAL, "8.1.2: a Regroup moves pieces or ends");
	int to = bi_area(a, "to");
	if (json_object_get(a, "leader")) {
		int l = bi_leader(d, a, "leader");
		if (l < 0 || s->imp.lmf[l] <= 0)
			return tg_fail(err, TG_E_ILLEGAL,
			               "8.1.2: only a leader of the Regroup area, once");
		if (regroup_check(s, d, -1, s->leader[l].area, to, err) != 0)
			return -1;
		s->leader[l].area = (uint8_t)to;
		s->imp.lmf[l] = 0;
		return 0;
	}
	int u = bi_unit(d, a, "unit");
	if (u < 0 || !(s->imp.uflag[u] & BOAL_IU_ACTIVE) || (s->imp.uflag[u] & BOAL_IU_MOVED))
		return tg_fail(err, TG_E_ILLEGAL, "8.1.2: only a unit of the Regroup area, once");
	int from = s->unit[u].area;
	if (regroup_check(s, d, u, from, to, err) != 0)
		return -1;
	const struct tg_area_edge *e = bi_edge(s, d, from, to);
	if (e->bridge >= 0)
		s->imp.crossed[e->bridge]++;
	s->unit[u].area = (uint8_t)to;
	s->imp.uflag[u] |= BOAL_IU_MOVED;
	return 0;
}

const char *boal_regroup_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	(void)st;
	return bi_say(buf, n,
	              "Regroup: move the area's units and leaders to adjacent, uncontested, "
	              "friendly-controlled areas, then end (8.1.2)");
}
