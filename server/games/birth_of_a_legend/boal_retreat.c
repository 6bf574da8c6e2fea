/* boal_retreat.c — 10.7 Retreats, one unit at a time (10.7.1): the
 * attackers back into the area they entered from (10.7), anyone else by
 * the priorities (10.7.2, the query boal_retreat_options), the owner
 * choosing among ties; 10.7.4 elimination and the Richmond Garrison; the
 * leaders of an emptied area follow (10.7.3) or are placed by 9.6. */
#include <string.h>

#include "boal_impulse_internal.h"

void bi_cp_resume(struct boal_state *s, const struct boal_data *d);
void bi_voluntary_resume(struct boal_state *s, const struct boal_data *d);
void bi_screen_done(struct boal_state *s, const struct boal_data *d);

void bi_retreat_start(struct boal_state *s, const struct boal_data *d, int side, int from, int back)
{
	s->imp.r_side = (int8_t)side;
	s->imp.r_from = (uint8_t)from;
	s->imp.r_back = (uint8_t)back;
	s->imp.r_unit = -1;
	s->imp.r_last = 0;
	if (!s->imp.a_area)
		s->imp.r_dest[side] = 0; /* a screening (9.4): its own Areas */
	bi_retreat_run(s, d);
}

static void go(struct boal_state *s, int u, int to)
{
	s->imp.uflag[u] &= (uint8_t)~BOAL_IU_RETREAT;
	s->unit[u].area = (uint8_t)to;
	s->imp.r_last = (uint8_t)to;
	/* 10.7, 10.7.3: where the units of the area went (the assaulted area's
	 * over the whole assault, a screening's over its retreat) */
	if (s->imp.r_side >= 0)
		s->imp.r_dest[s->imp.r_side] |= 1ull << to;
}

/* 9.6: "All friendly units in his Area are eliminated. Place a Subordinate
 * Leader with any friendly Division he commands, regardless of the distance
 * between the Leader and the unit. Place an Army Leader with any friendly
 * Division. If all the Divisions of a Subordinate Leader are eliminated,
 * that Subordinate Leader is also eliminated." Areas (bit a) holding a
 * Division leader l may be placed with. */
static uint64_t division_areas(const struct boal_state *s, const struct boal_data *d, int l)
{
	uint64_t m = 0;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area != BOAL_NOWHERE && d->unit[u].side == d->leader[l].side &&
		    d->unit[u].type == BOAL_INFANTRY &&
		    (d->leader[l].army || d->unit[u].command == d->leader[l].command))
			m |= 1ull << s->unit[u].area;
	return m;
}

/* README decision 33: the owner chooses among several Areas; with one the
 * leader goes there; with none he is eliminated.
 * 10.7: "see Cases 10.7.1 and 10.7.2 below to determine which Area
 * affected units/leaders retreat to": leaders of an area its units all
 * retreated from go with them; into one Area unasked, and when the units
 * went into several (10.7.1 "subsequent units must continue their retreat
 * to another Area", 10.7.2's ties) the owner is asked where each leader
 * goes among those Areas (README decision 52; place_leader, off the map
 * until he answers). */
void bi_leaders_follow(struct boal_state *s, const struct boal_data *d, int side, int from)
{
	if (boal_units_in(s, d, side, from) > 0)
		return;
	uint64_t dest = s->imp.r_dest[side];
	for (int l = 0; l < d->n_leaders; l++) {
		if (s->leader[l].area != from || d->leader[l].side != side)
			continue;
		if (s->imp.r_last && (dest & (dest - 1))) {
			s->leader[l].area = BOAL_NOWHERE;
			s->imp.place_due |= 1u << l;
			s->imp.place_retreat |= 1u << l;
			continue;
		}
		if (s->imp.r_last) {
			s->leader[l].area = s->imp.r_last;
			continue;
		}
		uint64_t m = division_areas(s, d, l);
		s->leader[l].area = BOAL_NOWHERE;
		if (m & (m - 1))
			s->imp.place_due |= 1u << l; /* off the map until placed */
		else if (m)
			for (int a = 1; a <= BOAL_AREAS; a++)
				if (m >> a & 1u)
					s->leader[l].area = (uint8_t)a;
		if (!d->leader[l].army)
			s->leader[l].inactive = true;
	}
}

int bi_retreat_single(struct boal_state *s, const struct boal_data *d, int u, int to)
{
	go(s, u, to);
	(void)d;
	return to;
}

void bi_retreat_run(struct boal_state *s, const struct boal_data *d)
{
	struct boal_impulse *m = &s->imp;
	int side = m->r_side, from = m->r_from;
	for (int u = 0; u < s->n_units; u++) {
		if (!(m->uflag[u] & BOAL_IU_RETREAT))
			continue;
		if (s->unit[u].area != from) {
			m->uflag[u] &= (uint8_t)~BOAL_IU_RETREAT;
			continue;
		}
		/* 10.7.4: "If the Richmond Garrison unit is forced to retreat into
		 * an Area outside of Richmond it is eliminated." */
		if (from == BOAL_RICHMOND && !strcmp(d->unit[u].id, "richmond_garrison")) {
			m->uflag[u] &= (uint8_t)~BOAL_IU_RETREAT;
			boal_eliminate(s, d, u);
			continue;
		}
		/* 10.7: "Attacking units may only retreat into the Area from which
		 * they entered the attacked Area. Exception: Fully-Stacked Areas" */
		if (side == m->side && m->from[u] && !boal_fully_stacked(s, d, side, m->from[u])) {
			go(s, u, m->from[u]);
			continue;
		}
		int out[TG_AREA_MAX];
		int n = boal_retreat_options(s, d, side, from, out);
		if (n == 0) {
			/* 10.7.4: "unable to retreat per the retreat priorities" */
			m->uflag[u] &= (uint8_t)~BOAL_IU_RETREAT;
			boal_eliminate(s, d, u);
			continue;
		}
		if (n == 1) {
			go(s, u, out[0]);
			continue;
		}
		/* ties: the owner chooses (issue 21) */
		m->r_unit = (int8_t)u;
		m->step = BOAL_IS_RETREAT;
		return;
	}
	m->r_unit = -1;
	bi_leaders_follow(s, d, side, from);
	m->step = BOAL_IS_MOVE;
	switch (m->r_back) {
	case 0:
		bi_cp_resume(s, d);
		break;
	case 1:
		bi_assault_resolved(s, d); /* the Defender's 10.7.3 next */
		break;
	case 2:
		bi_voluntary_resume(s, d);
		break;
	default:
		bi_screen_done(s, d);
		break;
	}
}

/* ---- the owner's choice among ties (10.7.2) ---- */

bool boal_retreat_holds(const void *st)
{
	return BI_ST(st)->imp.step == BOAL_IS_RETREAT;
}

unsigned boal_retreat_who(const void *st)
{
	return BI_BIT(BI_ST(st)->imp.r_side);
}

void boal_retreat_offer(const void *st, int role, struct tg_offers *list)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	if (!d || s->imp.r_unit < 0)
		return;
	int out[TG_AREA_MAX];
	int n = boal_retreat_options(s, d, s->imp.r_side, s->imp.r_from, out);
	for (int i = 0; i < n; i++)
		tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "retreat_to", "area", out[i]),
		         "%s retreats to %s (10.7.2)", d->unit[s->imp.r_unit].name,
		         d->area[out[i]].name);
}

int boal_retreat_act(void *st, int role, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	(void)role;
	(void)out;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	if (!d || !t || strcmp(t, "retreat_to"))
		return tg_fail(err, TG_E_MALFORMED,
		               "10.7.2: the answer is {\"type\": \"retreat_to\", \"area\": n}");
	int to = bi_area(a, "area");
	int opt[TG_AREA_MAX];
	int n = boal_retreat_options(s, d, s->imp.r_side, s->imp.r_from, opt);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= opt[i] == to;
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.2: %d is not among the areas of the best retreat priority",
		               to);
	go(s, s->imp.r_unit, to);
	s->imp.r_unit = -1;
	s->imp.step = BOAL_IS_MOVE;
	bi_retreat_run(s, d);
	return 0;
}

const char *boal_retreat_prompt(const void *st, int role, char *buf, size_t n)
{
	(void)role;
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	return bi_say(buf, n, "%s must retreat: choose among the areas of equal priority (10.7.2)",
	              d && s->imp.r_unit >= 0 ? d->unit[s->imp.r_unit].name : "A unit");
}

/* ---- 9.6 the owner places a leader left alone (README decision 33), and
 * 10.7 a leader whose units retreated into several Areas (decision 52) ---- */

static uint32_t place_next(const struct boal_state *s, const struct boal_data *d)
{
	(void)d;
	for (int l = 0; l < BOAL_LEADERS_MAX; l++)
		if (s->imp.place_due >> l & 1u)
			return 1u << l;
	return 0;
}

/* where leader l may be placed: with a Division (9.6), or after a retreat
 * into several Areas one of them (10.7, README decision 52) */
static uint64_t place_areas(const struct boal_state *s, const struct boal_data *d, int l)
{
	if (s->imp.place_retreat >> l & 1u)
		return s->imp.r_dest[d->leader[l].side];
	return division_areas(s, d, l);
}

static const char *place_label(const struct boal_state *s, const struct boal_data *d, int l,
                               int area, char *buf, size_t n)
{
	if (s->imp.place_retreat >> l & 1u)
		return bi_say(buf, n, "%s retreats to %s with the units that went there (10.7)",
		              d->leader[l].name, d->area[area].name);
	return bi_say(buf, n, "Place %s in %s, with a Division he commands (9.6)",
	              d->leader[l].name, d->area[area].name);
}

static void place_answer(struct boal_state *s, const struct boal_data *d, int l, int area,
                         struct game_outcome *out)
{
	(void)d;
	(void)out;
	s->leader[l].area = (uint8_t)area;
	s->imp.place_due &= ~(1u << l);
	s->imp.place_retreat &= ~(1u << l);
	bi_go_on(s);
}

static const char *place_prompt(const struct boal_state *s, const struct boal_data *d, int l,
                                char *buf, size_t n)
{
	if (d && l >= 0 && (s->imp.place_retreat >> l & 1u))
		return bi_say(buf, n,
		              "All your units in %s retreated, into more than one Area: choose "
		              "where %s retreats with them (10.7)",
		              d->area[s->imp.r_from].name, d->leader[l].name);
	return bi_say(buf, n,
	              "All the units with %s were eliminated: place him with a Division he "
	              "commands (9.6)",
	              d && l >= 0 ? d->leader[l].name : "your leader");
}

static const struct bi_leader_question place_q = {
    "9.6",
    BOAL_IS_PLACE_LEADER,
    "place_leader",
    NULL,
    place_next,
    place_areas,
    place_label,
    place_answer,
    place_prompt,
    "9.6: the answer is {\"type\": \"place_leader\", \"leader\": id, \"area\": n}",
    "9.6: the leader to place now is %s",
    "9.6, 10.7: place %s with a friendly Division he commands (an Army Leader: any), or "
    "after a retreat into an Area his units retreated to",
};
BI_LEADER_QUESTION_KIND(place_leader, place_q)
