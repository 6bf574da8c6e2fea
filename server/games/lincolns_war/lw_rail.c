/* lw_rail.c — 9.1 rail transport over the state: capacity, interrupted
 * rail, the connection search, and what one rail move costs and changes. */
#include <string.h>

#include "lw_engine.h"
#include "lw_march.h"
#include "lw_rail.h"

_Static_assert(LW_RAIL_UNITS == LW_MAX_UNITS, "lw_rail.railed must cover every unit");

#define HEX_IDS LW_RAIL_HEX_IDS

int lw_rail_capacity(const struct lw_state *s, int side)
{
	const struct lw_data *d = lw_D();
	if (s->turn >= d->n_turns || (side != LW_UNION && side != LW_CONFEDERATE))
		return 0;
	return d->turns[s->turn].rail_stars[side];
}

static bool valid_hex(int hex)
{
	return hex > 0 && hex < HEX_IDS && lw_data_hex(lw_D(), hex) != NULL;
}

static bool enemy_units_at(const struct lw_state *s, int side, int hex)
{
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->where == LW_W_MAP && u->hex == hex && u->side == LW_OTHER(side))
			return true;
	}
	return false;
}

/* 9.1 a)-c): occupied by the enemy, an enemy controlled city or garrison,
 * an RIT. */
bool lw_rail_interrupted(const struct lw_state *s, int side, int hex)
{
	if (lw_rit_at(s, hex) || enemy_units_at(s, side, hex))
		return true;
	int c = lw_city_at(hex);
	return c >= 0 && (lw_city_controller(s, c) == LW_OTHER(side) ||
	                  (s->city[c].garrison && s->city[c].owner == LW_OTHER(side)));
}

/* 9.1: "You may rail adjacent to an RIT or enemy Force or Garrison but must
 * end rail movement there." Adjacent means any neighbouring hex. */
bool lw_rail_must_stop(const struct lw_state *s, int side, int hex)
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		if (lw_rit_at(s, nb[i]) || enemy_units_at(s, side, nb[i]))
			return true;
		int c = lw_city_at(nb[i]);
		if (c >= 0 && s->city[c].garrison && s->city[c].owner == LW_OTHER(side))
			return true;
	}
	return false;
}

/* What a walk of the rail net reads of the state, gathered once per side
 * (9.1, 2.3, 2.4.3): a flag byte per hex, so that the walk asks no question
 * of the units, the RIT or the cities per hex it meets. The bytes go by the
 * hex's slot in lw_D()->hexes (hex_slot - 1), not by its id: the map's 450
 * hexes, not 10,000 ids, are cleared for each net and each walk (issue 17:
 * the two memsets of 10,000 bytes were half of the act's rail check). */
enum {
	NET_CUT = 1,  /* 9.1 a)-c): lw_rail_interrupted */
	NET_STOP = 2, /* an RIT, an enemy force or garrison: a move ends next to it */
	/* not to be entered by this side: Chicago and New York are closed to
	 * the Confederates (2.3); so is Kentucky, 2.4.3 (as 20.0 reads it for
	 * rail supply): no rail into Kentucky until the side controls a
	 * Kentucky city, so rail transport never breaks its neutrality by
	 * itself (lw_rail_net's kentucky_shut, read by shut()) */
	NET_SHUT = 4,
	/* next to a NET_STOP hex: a move that comes here ends here (9.1) */
	NET_NEAR = 8,
	/* a transit hex of the Union's (2.3), the Union's net only: a walk
	 * that goes on from it goes on to the others (transit_link) */
	NET_TRANSIT = 16,
};

/* the slot of hex id `hex` in lw_D()->hexes, or -1 */
static int slot_of(const struct lw_data *d, int hex)
{
	return hex >= 0 && hex < HEX_IDS && d->hex_slot[hex] ? d->hex_slot[hex] - 1 : -1;
}

/* An obstacle at slot i (an RIT, an enemy force or garrison): a move ends
 * next to it (lw_rail_must_stop once per obstacle, not per hex walked: the
 * hexes next to it, adjacency being mutual on the grid) */
static void stop_at(const struct lw_data *d, struct lw_rail_net *net, int i)
{
	if (net->flag[i] & NET_STOP)
		return;
	net->flag[i] |= NET_STOP;
	for (int k = 0; k < 6 && d->next[i][k]; k++) {
		int b = slot_of(d, d->next[i][k]);
		if (b >= 0)
			net->flag[b] |= NET_NEAR;
	}
}

static void cut_stop(const struct lw_data *d, struct lw_rail_net *net, int hex)
{
	int i = slot_of(d, hex);
	if (i >= 0) {
		net->flag[i] |= NET_CUT;
		stop_at(d, net, i);
	}
}

/* closed to the side (NET_SHUT), or Kentucky's while it is (2.4.3: read
 * per hex entered, not marked on the map's every hex per net) */
static bool shut(const struct lw_data *d, const struct lw_rail_net *net, int i)
{
	return (net->flag[i] & NET_SHUT) || (net->kentucky_shut && d->hexes[i].kentucky);
}

void lw_rail_net_build(const struct lw_state *s, int side, struct lw_rail_net *net)
{
	const struct lw_data *d = lw_D();
	int other = LW_OTHER(side);
	net->side = side;
	net->n_transit = 0;
	net->shared = true;
	memset(net->flag, 0, d->n_hexes);
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->where == LW_W_MAP && u->side == other)
			cut_stop(d, net, u->hex);
	}
	for (int i = 0; i < s->cav.rit_n; i++)
		cut_stop(d, net, s->cav.rit[i]);
	bool ky = false; /* 2.4.3: does the side control a Kentucky city? */
	for (size_t k = 0; k < d->n_kentucky_cities && !ky; k++) {
		int c = d->kentucky_cities[k];
		ky = c < s->n_cities && lw_city_controller(s, c) == side;
	}
	net->kentucky_shut = !ky;
	for (size_t c = 0; c < d->n_cities; c++) {
		int hex = d->cities[c].hex;
		int i = slot_of(d, hex);
		if (i < 0 || d->hexes[i].city != (int)c)
			continue;
		/* lw_city_controller read in place (issue 17: 44,424 calls in
		 * bench_rules 6 6's lw_act, one per city per net) */
		int owner = (int)c < s->n_cities ? s->city[c].owner : LW_NOSIDE;
		bool garrison = s->city[c].garrison && s->city[c].owner == other;
		if (owner == other || garrison)
			net->flag[i] |= NET_CUT;
		if (garrison)
			stop_at(d, net, i);
		if (d->cities[c].no_confederate_entry && side == LW_CONFEDERATE)
			net->flag[i] |= NET_SHUT;
		if (d->cities[c].transit && side == LW_UNION)
			net->flag[i] |= NET_TRANSIT;
	}
	/* the transit hexes a walk may go on to (transit_link): a rail hex of
	 * a transit city, in the cities' order */
	for (size_t c = 0; side == LW_UNION && c < d->n_cities; c++) {
		int i = slot_of(d, d->cities[c].hex);
		if (!d->cities[c].transit || i < 0)
			continue;
		if (!d->hexes[i].rail || shut(d, net, i))
			net->shared = false; /* a link one way only (lw_rail_walks) */
		if (!d->hexes[i].rail)
			continue;
		/* more than kept: transit_link reads the cities (and the loop
		 * goes on: `shared` asks of every transit hex) */
		if (net->n_transit < 0 ||
		    net->n_transit == (int)(sizeof net->transit / sizeof *net->transit))
			net->n_transit = -1;
		else
			net->transit[net->n_transit++] = (int16_t)i;
	}
}

/* 2.3 / 9.1: "The Union can always rail around obstacles by using transit
 * hexes on the northern map edge which connect various Northern cities";
 * they "can be used to bypass cut rails during the Union Rail Phase". The
 * transit hexes (New York, Points NE, Cleveland, Michigan, Chicago) are
 * linked to one another for the Union whatever lies on the map's rails
 * between them: from one he reaches, he may go on to any other that is
 * itself neither interrupted nor closed to him. The hexes themselves obey
 * 9.1 like any rail hex (an enemy force or RIT in one cuts it, an obstacle
 * next to one ends the move there). The Confederates never use the link (docs/rail_cavalry.md
 * "Transit hexes"). */
/* A walk: the slots it reached (seen, all zero before and after a walk),
 * and the hexes it reached by id, in the order it met them, which is its
 * queue. */
struct walk {
	const struct lw_data *d;
	const struct lw_rail_net *net;
	uint8_t *seen;
	int16_t *list;
	int n;
	int to; /* the slot whose reaching ends the walk, or -1 */
};

static bool reached(struct walk *w, int b)
{
	w->seen[b] = 1;
	w->list[w->n++] = (int16_t)w->d->hexes[b].id;
	return b == w->to;
}

static bool transit_link(struct walk *w)
{
	const struct lw_rail_net *net = w->net;
	if (net->n_transit >= 0) {
		for (int k = 0; k < net->n_transit; k++) {
			int b = net->transit[k];
			if (!w->seen[b] && !(net->flag[b] & NET_CUT) && reached(w, b))
				return true;
		}
		return false;
	}
	const struct lw_data *d = w->d;
	for (size_t c = 0; c < d->n_cities; c++) {
		int b = slot_of(d, d->cities[c].hex);
		if (!d->cities[c].transit || b < 0 || !d->hexes[b].rail || w->seen[b] ||
		    (net->flag[b] & NET_CUT))
			continue;
		if (reached(w, b))
			return true;
	}
	return false;
}

/* Rail hexes reachable from `from` (a breadth-first search along rail
 * hexsides, and the Union's transit link), listed in w->list; stops early
 * once w->to is reached. Intermediate hexes must be neither interrupted
 * nor next to an obstacle (the move would have to end there). Clears
 * w->seen again before it returns. */
static int walk(struct walk *w, int from)
{
	const struct lw_data *d = w->d;
	const struct lw_rail_net *net = w->net;
	w->n = 0;
	int f = slot_of(d, from);
	if (f < 0 || !d->hexes[f].rail || (net->flag[f] & NET_CUT))
		return 0;
	if (!reached(w, f)) {
		for (int qh = 0; qh < w->n; qh++) {
			int a = d->hex_slot[w->list[qh]] - 1;
			/* the start may be left even next to the enemy; elsewhere, a
			 * hex next to an obstacle ends the move */
			if (a != f && (net->flag[a] & NET_NEAR))
				continue;
			if ((net->flag[a] & NET_TRANSIT) && transit_link(w))
				break;
			/* the hexes a rail hexside, not impassable, joins to a
			 * (lw_data) */
			const int16_t *next = d->rail_next[a];
			bool done = false;
			for (int i = 0; i < 6 && next[i] && !done; i++) {
				int b = slot_of(d, next[i]);
				if (b < 0 || w->seen[b] || (net->flag[b] & NET_CUT) ||
				    shut(d, net, b))
					continue;
				done = reached(w, b);
			}
			if (done)
				break;
		}
	}
	for (int i = 0; i < w->n; i++)
		w->seen[d->hex_slot[w->list[i]] - 1] = 0;
	return w->n;
}

static _Thread_local uint8_t walk_seen[HEX_IDS];

void lw_rail_net_reach(const struct lw_rail_net *net, int from, uint8_t reach[LW_RAIL_HEX_IDS])
{
	static _Thread_local int16_t list[HEX_IDS];
	struct walk w = {lw_D(), net, walk_seen, list, 0, -1};
	memset(reach, 0, HEX_IDS);
	int n = walk(&w, from);
	for (int i = 0; i < n; i++)
		reach[list[i]] = 1;
}

int lw_rail_net_reach_list(const struct lw_rail_net *net, int from, int16_t list[LW_RAIL_HEX_IDS])
{
	struct walk w = {lw_D(), net, walk_seen, list, 0, -1};
	return walk(&w, from);
}

void lw_rail_reach(const struct lw_state *s, int side, int from, uint8_t reach[LW_RAIL_HEX_IDS])
{
	static _Thread_local struct lw_rail_net net;
	lw_rail_net_build(s, side, &net);
	lw_rail_net_reach(&net, from, reach);
}

/* A start hex from which every walk goes on (a rail hex neither cut, nor
 * closed to the side, nor next to an obstacle): a walk from it reaches
 * back every such hex it reaches, so they all list the same hexes. */
static bool inner(const struct lw_data *d, const struct lw_rail_net *net, int slot)
{
	return d->hexes[slot].rail && !(net->flag[slot] & (NET_CUT | NET_NEAR)) &&
	       !shut(d, net, slot);
}

void lw_rail_walks_begin(struct lw_rail_walks *ws, const struct lw_rail_net *net)
{
	ws->net = net;
	ws->n_walks = 0;
	ws->used = 0;
	memset(ws->walk_of, 0, lw_D()->n_hexes);
}

int lw_rail_walks_from(struct lw_rail_walks *ws, int from, const int16_t **list)
{
	const struct lw_data *d = lw_D();
	const struct lw_rail_net *net = ws->net;
	int f = slot_of(d, from);
	if (f >= 0 && ws->walk_of[f]) {
		int k = ws->walk_of[f] - 1;
		*list = ws->kept + ws->first[k];
		return ws->len[k];
	}
	/* kept if the walk may be shared and the pool has room for a whole
	 * map's list */
	bool keep = f >= 0 && net->shared && inner(d, net, f) &&
	            ws->n_walks < (int)(sizeof ws->first / sizeof *ws->first) &&
	            ws->used + d->n_hexes <= sizeof ws->kept / sizeof *ws->kept;
	int16_t *out = keep ? ws->kept + ws->used : ws->list;
	struct walk w = {d, net, walk_seen, out, 0, -1};
	int n = walk(&w, from);
	*list = out;
	if (!keep)
		return n;
	ws->first[ws->n_walks] = ws->used;
	ws->len[ws->n_walks] = n;
	ws->n_walks++;
	ws->used += n;
	for (int i = 0; i < n; i++) {
		int b = d->hex_slot[out[i]] - 1;
		if (inner(d, net, b))
			ws->walk_of[b] = (uint8_t)ws->n_walks;
	}
	return n;
}

bool lw_rail_connected(const struct lw_state *s, int side, int from, int to)
{
	if (!valid_hex(from) || !valid_hex(to) || from == to)
		return false;
	static _Thread_local struct lw_rail_net net;
	static _Thread_local int16_t list[HEX_IDS];
	lw_rail_net_build(s, side, &net);
	const struct lw_data *d = lw_D();
	struct walk w = {d, &net, walk_seen, list, 0, slot_of(d, to)};
	int n = walk(&w, from);
	return n > 0 && list[n - 1] == to;
}

/* The units that travel: the whole force at u's hex, or u alone. */
static int travellers(const struct lw_state *s, int u, bool force, int out[LW_MAX_UNITS])
{
	if (!force) {
		out[0] = u;
		return 1;
	}
	return lw_units_at(s, s->unit[u].hex, s->unit[u].side, out);
}

/* 9.1: each IT counts as a star; a general alone leaves his IT */
static int cost_of(const struct lw_state *s, const int *us, int n, bool force)
{
	int cost = 0;
	for (int i = 0; i < n; i++)
		cost += s->unit[us[i]].stars + (force ? s->unit[us[i]].it : 0);
	return cost;
}

int lw_rail_cost(const struct lw_state *s, int u, bool force)
{
	int us[LW_MAX_UNITS];
	int n = travellers(s, u, force, us);
	return cost_of(s, us, n, force);
}

bool lw_rail_used_by(const struct lw_state *s, int u)
{
	return u >= 0 && u < LW_MAX_UNITS && (s->rail.railed[u / 8] & (1u << (u % 8)));
}

/* 9.1's checks on the general himself, in the order lw_rail_check_but_path
 * reports them; fills m with who travels. */
static int check_who(const struct lw_state *s, int u, bool force, struct lw_rail_mover *m,
                     struct tg_error *err)
{
	if (u < 0 || u >= s->n_units)
		return tg_fail(err, TG_E_MALFORMED, "9.1: \"unit\" names no general");
	const struct lw_unit *x = &s->unit[u];
	int side = x->side;
	if (x->where != LW_W_MAP)
		return tg_fail(err, TG_E_ILLEGAL, "9.1: only a general on the map travels by rail");
	if (!lw_pcsa_inland_ok(s, side, x->hex)) /* 14.4 (lw_pcsa.c): by rail neither */
		return tg_fail(err, TG_E_ILLEGAL,
		               "14.4: no moving inland out of a captured ocean port but New "
		               "Orleans and the Port City Staging Area");
	if (s->rail.stage[side] != 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.2: rail movement is over once TCO stars are absorbed");
	if (force && lw_force_co(s, x->hex) != u)
		return tg_fail(err, TG_E_ILLEGAL, "9.1: only the CO rails his whole force");
	m->u = u;
	m->force = force;
	m->n = travellers(s, u, force, m->us);
	m->sum = (struct lw_stack_sum){0};
	for (int i = 0; i < m->n; i++)
		lw_stack_sum_add(&m->sum, s->unit[m->us[i]].stars, s->unit[m->us[i]].cavalry);
	for (int i = 0; i < m->n; i++)
		if (lw_rail_used_by(s, m->us[i]))
			return tg_fail(err, TG_E_ILLEGAL,
			               "9.1: a general travels by rail once per Rail Phase");
	/* the force is every unit of the side in the hex (travellers) */
	int all[LW_MAX_UNITS];
	int left = force ? 0 : lw_units_at(s, x->hex, side, all) - m->n;
	if (!force && left == 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.1: a general alone is the whole force: rail it as a force");
	if (!force && x->it > 0 && left == 0)
		return tg_fail(err, TG_E_ILLEGAL, "9.1: his IT must stay with someone");
	return 0;
}

/* 9.1: the capacity the move needs is left this turn. */
static int check_room(const struct lw_state *s, const struct lw_rail_mover *m, struct tg_error *err)
{
	int side = s->unit[m->u].side;
	int cost = cost_of(s, m->us, m->n, m->force); /* lw_rail_cost: m's travellers */
	int room = lw_rail_capacity(s, side) - s->rail.used[side];
	if (cost > room)
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.1: the move costs %d stars (IT count as stars); %d of the turn's "
		               "rail capacity left",
		               cost, room);
	return 0;
}

/* 9.1: a general railed alone may not leave his force overstacked. */
static int check_leaving(const struct lw_state *s, const struct lw_rail_mover *m,
                         struct tg_error *err)
{
	const struct lw_unit *x = &s->unit[m->u];
	if (!m->force && lw_stack_check_without(s, x->hex, x->side, m->us, m->n, err) != 0)
		return -1;
	return 0;
}

/* 9.1: `to` is another rail hex. */
static int check_to(const struct lw_state *s, const struct lw_rail_mover *m, int to,
                    struct tg_error *err)
{
	if (to == s->unit[m->u].hex)
		return tg_fail(err, TG_E_ILLEGAL, "9.1: the general is already at %04d", to);
	const struct lw_hex *h = lw_data_hex(lw_D(), to);
	if (!h || !h->rail)
		return tg_fail(err, TG_E_ILLEGAL, "9.1: %04d is not a rail hex", to);
	return 0;
}

/* 9.1: "as long as stacking limits are not exceeded" at `to`. */
static int check_stack_to(const struct lw_state *s, const struct lw_rail_mover *m, int to,
                          struct tg_error *err)
{
	return lw_stack_check_hex(s, to, s->unit[m->u].side, m->us, m->n, LW_NONE, 0, err) != 0 ? -1
	                                                                                        : 0;
}

int lw_rail_check_but_path(const struct lw_state *s, int u, int to, bool force,
                           struct tg_error *err)
{
	struct lw_rail_mover m;
	if (check_who(s, u, force, &m, err) != 0 || check_to(s, &m, to, err) != 0 ||
	    check_room(s, &m, err) != 0 || check_stack_to(s, &m, to, err) != 0 ||
	    check_leaving(s, &m, err) != 0)
		return -1;
	return 0;
}

int lw_rail_mover_check(const struct lw_state *s, int u, bool force, struct lw_rail_mover *m)
{
	if (check_who(s, u, force, m, NULL) != 0 || check_room(s, m, NULL) != 0 ||
	    check_leaving(s, m, NULL) != 0)
		return -1;
	return 0;
}

bool lw_rail_mover_may_end(const struct lw_state *s, const struct lw_rail_mover *m, int to,
                           const struct lw_stack_sum *there)
{
	if (check_to(s, m, to, NULL) != 0)
		return false;
	/* check_stack_to over the sums: the units at `to` and those who travel
	 * (never at `to`: check_to) */
	struct lw_stack_sum t = *there;
	lw_stack_sum_merge(&t, &m->sum);
	const struct lw_hex *h = lw_data_hex(lw_D(), to);
	return lw_stack_sum_check(&t, h && h->terrain == LW_TERRAIN_MOUNTAIN, NULL) == 0;
}

int lw_rail_check(const struct lw_state *s, int u, int to, bool force, struct tg_error *err)
{
	if (lw_rail_check_but_path(s, u, to, force, err) != 0)
		return -1;
	if (!lw_rail_connected(s, s->unit[u].side, s->unit[u].hex, to))
		return tg_fail(err, TG_E_ILLEGAL,
		               "9.1: no unbroken rail from %04d to %04d (enemy, RIT or enemy city "
		               "in the way, or a stop forced next to one)",
		               s->unit[u].hex, to);
	return 0;
}

/* Applies a checked rail move. */
void lw_rail_move(struct lw_state *s, int u, int to, bool force, bool held)
{
	struct lw_unit *x = &s->unit[u];
	int side = x->side, from = x->hex;
	int us[LW_MAX_UNITS];
	int n = travellers(s, u, force, us);
	int cost = cost_of(s, us, n, force); /* lw_rail_cost */
	int co = lw_force_co(s, from);
	lw_units_release(held); /* who travels is read: now they move */
	char name[64], a[64], b[64];
	/* a subordinate stays unnamed (12.7): the log names the force he leaves */
	lw_unit_name(s, co, name, sizeof name);
	bool sub = !force && u != co;
	if (!force)
		lw_unit_leave_it(s, u, 0);
	/* the leader first, so that the others join under him */
	int lead = force ? co : u;
	lw_unit_place(s, lead, to);
	for (int i = 0; i < n; i++)
		if (us[i] != lead)
			s->unit[us[i]].hex = (int16_t)to;
	for (int i = 0; i < n; i++)
		s->rail.railed[us[i] / 8] |= (uint8_t)(1u << (us[i] % 8));
	s->rail.used[side] = (uint8_t)(s->rail.used[side] + cost);
	lw_log(s, "The %s player rails %s%s from %s to %s (9.1).", lw_side_title(side),
	       force ? "the force of "
	       : sub ? "a general of the force of "
	             : "",
	       name, lw_hex_label(from, a, sizeof a), lw_hex_label(to, b, sizeof b));
}
