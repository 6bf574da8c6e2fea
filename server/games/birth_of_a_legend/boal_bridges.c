/* boal_bridges.c — 15.4 Bridges inside an Assault Impulse (Advanced game):
 * 15.4.3 the repair attempt at its start (15.4.4 the Union Engineers),
 * 15.4.1 the demolition attempts at its end by the side that holds each
 * bridge (the Defender too: a pending kind of its own), and 15.4's change
 * of hands when "Both connecting Areas become friendly-Controlled". */
#include <string.h>

#include "boal_impulse_internal.h"

/* ---- 15.4.3 repair ---- */

static bool anyone_moved(const struct boal_state *s)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->imp.uflag[u] & BOAL_IU_MOVED)
			return true;
	for (int a = 1; a <= BOAL_AREAS; a++)
		if (s->imp.assaulted[a])
			return true;
	return false;
}

static int repair_check(const struct boal_state *s, const struct boal_data *d, int to,
                        struct tg_error *err)
{
	const struct boal_impulse *m = &s->imp;
	int side = m->side, area = m->area;
	if (!s->advanced)
		return tg_fail(err, TG_E_ILLEGAL, "15.4.3: bridges are an Advanced game rule");
	if (m->repair_tried || anyone_moved(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               "15.4.3: one repair attempt, at the start of an Assault Impulse");
	const struct tg_area_edge *e = to ? tg_areagraph_edge(&d->graph, area, to) : NULL;
	if (!e || e->bridge < 0 || s->bridge[e->bridge] != BOAL_NOBODY)
		return tg_fail(err, TG_E_ILLEGAL,
		               "15.4.3: no Destroyed bridge between the Active Area and %d", to);
	/* "If the Active Area is friendly-Controlled ... must be able to trace a
	 * path of friendly-Controlled Areas to either White House Landing or
	 * Harrison's Landing if Union-Controlled ... to Richmond" */
	if (s->control[area] != side)
		return tg_fail(err, TG_E_ILLEGAL,
		               "15.4.3: the Active Area is not friendly-Controlled");
	bool traced = side == BOAL_CONFEDERATE ? boal_trace(s, d, side, area, BOAL_RICHMOND)
	                                       : boal_trace(s, d, side, area, BOAL_WHITE_HOUSE) ||
	                                             boal_trace(s, d, side, area, BOAL_HARRISONS);
	if (!traced)
		return tg_fail(err, TG_E_ILLEGAL,
		               "15.4.3: the Active Area traces no friendly-Controlled path to %s",
		               side == BOAL_CONFEDERATE ? "Richmond" : "the Landings");
	/* "A maximum of one bridge may be repaired per Turn by the Union player
	 * and one bridge per Turn by the Confederate player" */
	if (m->repaired[side] == s->turn + 1)
		return tg_fail(err, TG_E_ILLEGAL, "15.4.3: the %s has repaired a bridge this Turn",
		               boal_side_name(side));
	return 0;
}

void bi_repair_offer(const struct boal_state *s, const struct boal_data *d, struct tg_offers *list)
{
	int b[TG_AREA_DEGREE];
	int nb = tg_areagraph_neighbours(&d->graph, s->imp.area, b);
	for (int i = 0; i < nb; i++) {
		if (repair_check(s, d, b[i], NULL) != 0)
			continue;
		int br = tg_areagraph_edge(&d->graph, s->imp.area, b[i])->bridge;
		tg_offer(list, tg_act(list, "{s:s,s:i}", "type", "repair", "to", b[i]),
		         "Try to repair %s (15.4.3)", d->bridge[br].name);
		if (s->imp.side == BOAL_UNION &&
		    (s->imp.engineers == 0 || s->imp.engineers == br + 1))
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:b}", "type", "repair", "to", b[i],
			                "engineers", 1),
			         "Try to repair %s with the Engineers (15.4.3, 15.4.4)",
			         d->bridge[br].name);
	}
}

int bi_repair(struct boal_state *s, const struct boal_data *d, const json_t *a,
              struct game_outcome *out, struct tg_error *err)
{
	struct boal_impulse *m = &s->imp;
	int to = bi_area(a, "to"), side = m->side;
	if (repair_check(s, d, to, err) != 0)
		return -1;
	int br = tg_areagraph_edge(&d->graph, m->area, to)->bridge;
	bool eng = json_is_true(json_object_get(a, "engineers"));
	if (eng) {
		/* 15.4.4: "Once played the marker may not be removed until either
		 * the bridge is repaired or the Daylight Phase ends" */
		if (side != BOAL_UNION || (m->engineers != 0 && m->engineers != br + 1))
			return tg_fail(err, TG_E_ILLEGAL,
			               "15.4.4: the Union Engineers are on another bridge");
		m->engineers = (uint8_t)(br + 1);
	}
	m->repair_tried = true;
	out->barrier = true;
	int dr = tg_rng_die(&s->rng, 6);
	bool on = m->engineers == br + 1 && side == BOAL_UNION;
	if (boal_repair_succeeds(dr, boal_bridge_area_status(s, d, side, m->area),
	                         boal_bridge_area_status(s, d, side, to), on)) {
		/* "the Destroyed Bridge marker is removed or flipped to its Bridge
		 * side": the repairing side holds it */
		s->bridge[br] = (int8_t)side;
		m->repaired[side] = (int8_t)(s->turn + 1);
		/* 15.4.4: the marker stays "until either the bridge is repaired",
		 * by either side */
		if (m->engineers == br + 1)
			m->engineers = 0;
	}
	return 0;
}

/* ---- 15.4.1 demolition at the end of an Assault Impulse ---- */

/* the side that may try to blow bridge br now, or -1 */
static int demolisher(const struct boal_state *s, const struct boal_data *d, int br)
{
	const struct boal_bridge *b = &d->bridge[br];
	int h = s->bridge[br];
	if (h == BOAL_NOBODY)
		return -1;
	/* "A friendly unit must be present in the Active Area at the beginning
	 * of the Impulse" */
	if (!s->imp.held0[h])
		return -1;
	/* "if the enemy Contests or Controls at least one of the bridge's two
	 * Areas" (after the retreats: "Contesting an Area momentarily during a
	 * failed Mandatory Assault is not sufficient") */
	int x[2] = {b->a, b->b};
	for (int i = 0; i < 2; i++)
		if (s->control[x[i]] == !h || boal_units_in(s, d, !h, x[i]) > 0)
			return h;
	return -1;
}

/* the next bridge of the Active Area's boundaries to ask about, or -1 */
static int next_demolition(const struct boal_state *s, const struct boal_data *d)
{
	int nb[TG_AREA_DEGREE];
	int n = tg_areagraph_neighbours(&d->graph, s->imp.area, nb);
	for (int i = 0; i < n; i++) {
		int br = tg_areagraph_edge(&d->graph, s->imp.area, nb[i])->bridge;
		if (br >= 0 && !(s->imp.demo_asked & (1u << br)) && demolisher(s, d, br) >= 0)
			return br;
	}
	return -1;
}

/* 15.4: "Both connecting Areas become friendly-Controlled" */
static void bridges_change_hands(struct boal_state *s, const struct boal_data *d)
{
	for (int br = 0; br < d->n_bridges; br++) {
		int a = d->bridge[br].a, b = d->bridge[br].b;
		if (s->bridge[br] != BOAL_NOBODY && s->control[a] == s->control[b])
			s->bridge[br] = (int8_t)s->control[a];
	}
}

/* Called when an Assault Impulse would end: asks the next demolition, or
 * returns false when none is left. */
bool bi_demolition_next(struct boal_state *s, const struct boal_data *d)
{
	if (!s->advanced || s->imp.kind != BOAL_IK_ASSAULT)
		return false;
	bridges_change_hands(s, d);
	int br = next_demolition(s, d);
	if (br < 0)
		return false;
	s->imp.demo_bridge = (uint8_t)(br + 1);
	s->imp.step = BOAL_IS_DEMOLISH;
	return true;
}

/* 15.4.1: the bridge's holder is asked */
static int holder(const struct boal_state *s)
{
	int br = s->imp.demo_bridge - 1;
	return br >= 0 ? s->bridge[br] : BOAL_NOBODY;
}

static const char *bridge_name(const struct boal_state *s, const struct boal_data *d)
{
	return d->bridge[s->imp.demo_bridge - 1].name;
}

static void demolish_answer(struct boal_state *s, const struct boal_data *d, int role, bool yes,
                            struct game_outcome *out)
{
	(void)role;
	int br = s->imp.demo_bridge - 1, h = s->bridge[br];
	s->imp.demo_asked |= (uint16_t)(1u << br);
	s->imp.demo_bridge = 0;
	if (yes) {
		/* "successful on a dr > 8 and is subject to Bridge Demolition
		 * Modifiers" (README decision 10: both areas') */
		out->barrier = true;
		int dr = tg_rng_die(&s->rng, 6);
		if (boal_demolition_succeeds(dr, boal_bridge_area_status(s, d, h, d->bridge[br].a),
		                             boal_bridge_area_status(s, d, h, d->bridge[br].b)))
			s->bridge[br] = BOAL_NOBODY;
	}
	bi_end(s, d);
}

static const char *demolish_prompt(const struct boal_state *s, const struct boal_data *d, char *buf,
                                   size_t n)
{
	return bi_say(buf, n, "The enemy is at %s: try to blow it? (15.4.1)",
	              s->imp.demo_bridge ? bridge_name(s, d) : "your bridge");
}

static const struct bi_question demolish_q = {
    {"15.4.1", "demolish", "keep", NULL},
    BOAL_IS_DEMOLISH,
    holder,
    "Try to blow %s (15.4.1)",
    "Leave %s standing (15.4.1)",
    bridge_name,
    demolish_answer,
    demolish_prompt,
};
BI_QUESTION_KIND(demolish, demolish_q)
