/* lw_naval_phase.c — 8.0 the Naval Phase (3.3): the player going first this
 * turn (6.0) makes his naval moves, then the other (8.1); then, with no
 * further choice, the blockade effects (8.2), the Confederate raids (8.3.2),
 * the Union hunt (8.3.4), assets destroyed in blockaded ports (8.1.2.5) and
 * fleets returning home (8.3.5).
 *
 * Each piece moves at most once a phase (the text gives no second move; docs/naval.md "Naval
 * order"). A side with no naval move is not asked. Locations in actions are strings: "port:HEX",
 * "raid:N", "blockade:HEX", "shadow:N", "hunt:N" (N = column 1..6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_naval.h"

static const char *const union_ports[] = {"washington", "baltimore", "philadelphia", "new_york"};

struct loc {
	int where; /* LW_NW_PORT, _RAID, _BLOCKADE, _SHADOW, _HUNT */
	int v;     /* hex or column 0..5 */
};

static bool parse_loc(const char *t, struct loc *l)
{
	static const struct {
		const char *p;
		int w;
	} k[] = {{"port:", LW_NW_PORT},
	         {"raid:", LW_NW_RAID},
	         {"blockade:", LW_NW_BLOCKADE},
	         {"shadow:", LW_NW_SHADOW},
	         {"hunt:", LW_NW_HUNT}};
	if (!t)
		return false;
	for (size_t i = 0; i < sizeof k / sizeof *k; i++) {
		size_t n = strlen(k[i].p);
		if (strncmp(t, k[i].p, n) != 0)
			continue;
		char *end;
		long v = strtol(t + n, &end, 10);
		if (*end || end == t + n || v < 0 || v > 9999)
			return false;
		l->where = k[i].w;
		l->v = (int)v;
		if (l->where == LW_NW_RAID || l->where == LW_NW_SHADOW || l->where == LW_NW_HUNT) {
			if (v < 1 || v > LW_NAVY_COLUMNS)
				return false;
			l->v = (int)v - 1;
		}
		return true;
	}
	return false;
}

static const char *loc_str(struct loc l, char *b, size_t n)
{
	static const char *const names[] = {[LW_NW_PORT] = "port",
	                                    [LW_NW_RAID] = "raid",
	                                    [LW_NW_BLOCKADE] = "blockade",
	                                    [LW_NW_SHADOW] = "shadow",
	                                    [LW_NW_HUNT] = "hunt"};
	bool col = l.where == LW_NW_RAID || l.where == LW_NW_SHADOW || l.where == LW_NW_HUNT;
	snprintf(b, n, "%s:%d", names[l.where], col ? l.v + 1 : l.v);
	return b;
}

static const char *loc_label(struct loc l, char *b, size_t n)
{
	char h[64];
	switch (l.where) {
	case LW_NW_PORT:
		snprintf(b, n, "the port of %s", lw_hex_label(l.v, h, sizeof h));
		break;
	case LW_NW_RAID:
		snprintf(b, n, "RAID hex %d", l.v + 1);
		break;
	case LW_NW_BLOCKADE: {
		int c = lw_naval_space_port(l.v);
		snprintf(b, n, "the blockade space of %s (%04d)",
		         c >= 0 ? lw_D()->cities[c].name : "?", l.v);
		break;
	}
	case LW_NW_SHADOW:
		snprintf(b, n, "the SHADOW box of column %d", l.v + 1);
		break;
	default:
		snprintf(b, n, "the HUNT box of column %d", l.v + 1);
		break;
	}
	return b;
}

static bool at(const struct lw_navy_piece *x, struct loc l)
{
	if (x->where != l.where)
		return false;
	return (l.where == LW_NW_PORT || l.where == LW_NW_BLOCKADE) ? x->hex == l.v : x->col == l.v;
}

static int count_at(const struct lw_navy_piece *p, int n, struct loc l)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += at(&p[i], l);
	return k;
}

static int unmoved_at(const struct lw_navy_piece *p, int n, struct loc l)
{
	for (int i = 0; i < n; i++)
		if (!p[i].moved && at(&p[i], l))
			return i;
	return -1;
}

static bool raider_in_column(const struct lw_state *s, int col)
{
	return count_at(s->navy.raider, LW_NAVY_RAIDERS, (struct loc){LW_NW_RAID, col}) > 0;
}

/* ---- destinations ---------------------------------------------------------------- */

/* Each destination of a piece at `from`, in the offers' order, given to f;
 * f returns false to stop the walk (lw_naval_moves_left stops at the first),
 * and the walk then returns false. */
typedef bool (*dest_fn)(const struct lw_state *s, struct loc from, struct loc to, void *ctx);

static bool raider_dests(const struct lw_state *s, struct loc from, dest_fn f, void *ctx)
{
	const struct lw_data *d = lw_D();
	for (int col = 0; col < LW_NAVY_COLUMNS; col++) {
		if (raider_in_column(s, col))
			continue;
		/* 8.1.1: from a port to any empty RAID hex; on the track, one hex
		 * to an empty adjacent RAID hex */
		if ((from.where == LW_NW_PORT || abs(col - from.v) == 1) &&
		    !f(s, from, (struct loc){LW_NW_RAID, col}, ctx))
			return false;
	}
	for (size_t c = 0; c < d->n_cities; c++)
		if (lw_naval_cs_port(s, (int)c, true) &&
		    !(from.where == LW_NW_PORT && from.v == d->cities[c].hex) &&
		    !f(s, from, (struct loc){LW_NW_PORT, d->cities[c].hex}, ctx))
			return false;
	return true;
}

static bool fleet_dests(const struct lw_state *s, struct loc from, dest_fn f, void *ctx)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities; c++) {
		const struct lw_city *city = &d->cities[c];
		for (int k = 0; k < city->n_blockade_hexes; k++) {
			int hex = city->blockade_hexes[k];
			struct loc to = {LW_NW_BLOCKADE, hex};
			if (s->city[c].owner == LW_CONFEDERATE &&
			    !(from.where == LW_NW_BLOCKADE && from.v == hex) &&
			    lw_naval_fleets_on(s, hex) < lw_naval_space_capacity(hex) &&
			    !f(s, from, to, ctx))
				return false;
		}
	}
	for (int col = 0; col < LW_NAVY_COLUMNS; col++) {
		if (!raider_in_column(s, col))
			continue; /* 8.3.3: only opposite an active Raider */
		struct loc sh = {LW_NW_SHADOW, col}, hu = {LW_NW_HUNT, col};
		int nsh = count_at(s->navy.fleet, LW_NAVY_FLEETS, sh);
		if (nsh == 0) {
			if (!f(s, from, sh, ctx))
				return false;
		} else if (!(from.where == LW_NW_SHADOW && from.v == col) &&
		           count_at(s->navy.fleet, LW_NAVY_FLEETS, hu) == 0) {
			if (!f(s, from, hu, ctx)) /* 8.3.3: shadow first, then hunt */
				return false;
		}
	}
	for (size_t i = 0; i < sizeof union_ports / sizeof *union_ports; i++) {
		const struct lw_city *c = lw_data_city(d, union_ports[i]);
		if (c && lw_city_controller(s, lw_city_at(c->hex)) == LW_UNION &&
		    !(from.where == LW_NW_PORT && from.v == c->hex) &&
		    !f(s, from, (struct loc){LW_NW_PORT, c->hex}, ctx))
			return false;
	}
	return true;
}

/* Ironclads and the False Information counter in a river port (8.1.2.1,
 * 8.1.2.4): a port that is also an ocean port (New Orleans) counts as a
 * river port; an ocean-only port's assets stay (docs/naval.md "River moves (8.1.2.1)"). */
static bool asset_mobile(const struct lw_state *s, int i)
{
	const struct lw_navy_piece *x = &s->navy.asset[i];
	int c = lw_city_at(x->hex);
	return x->where == LW_NW_PORT && !x->moved && c >= 0 && lw_D()->cities[c].river_port &&
	       lw_naval_asset_kind(i) != LW_AK_HUNLEY && s->city[c].owner == LW_CONFEDERATE;
}

/* asset_dest_ok but the route: a friendly river port with room, not the
 * asset's own */
static bool asset_port_ok(const struct lw_state *s, int i, int hex)
{
	int c = lw_city_at(hex);
	return c >= 0 && hex != s->navy.asset[i].hex && lw_D()->cities[c].river_port &&
	       lw_naval_cs_port(s, c, false) &&
	       lw_naval_assets_at(s, hex) < lw_D()->tables.naval.max_assets_per_port;
}

static bool asset_dest_ok(const struct lw_state *s, int i, int hex, bool *ky)
{
	if (!asset_port_ok(s, i, hex))
		return false;
	return lw_naval_river_route(s, s->navy.asset[i].hex, hex, ky) >= 0;
}

/* asset_dest_ok for every port, the river searched once from the asset
 * (lw_naval_river_reach: a search for each port was most of the
 * Confederate's Naval Phase offer, issue 17). *reached: whether r holds
 * the asset's search yet. */
static bool asset_dest_reach(const struct lw_state *s, int i, int hex, bool *ky,
                             struct lw_river_reach *r, bool *reached)
{
	if (!asset_port_ok(s, i, hex))
		return false;
	if (!*reached) {
		lw_naval_river_reach(s, s->navy.asset[i].hex, r);
		*reached = true;
	}
	return lw_naval_river_reach_route(r, hex, ky) >= 0;
}

/* 8.1.2.2: "An ironclad moving along any of Kentucky's border rivers ...
 * do[es] not violate Kentucky neutrality, however the player may also
 * choose to have it violate neutrality if desired": offered while Kentucky
 * is neutral, for a move that does not violate it anyway. */
static bool ky_choice(const struct lw_state *s, int i, int hex, bool ky)
{
	return !ky && s->kentucky.violator == LW_NOSIDE &&
	       lw_naval_river_route_ky_border(s, s->navy.asset[i].hex, hex);
}

static int it_candidates(const struct lw_state *s, int out[LW_NAVY_IT_MAX]);
static int unopposed(const struct lw_state *s);

/* ---- offers ------------------------------------------------------------------------ */

/* Where an unmoved piece that may move in this phase is (false: it may
 * not: moved, or somewhere a Raider or a Fleet does not move from). */
static bool piece_from(const struct lw_navy_piece *x, bool raider, struct loc *l)
{
	if (x->moved)
		return false;
	*l = (struct loc){x->where,
	                  (x->where == LW_NW_PORT || x->where == LW_NW_BLOCKADE) ? x->hex : x->col};
	return raider ? (l->where == LW_NW_PORT || l->where == LW_NW_RAID)
	              : !(l->where < LW_NW_PORT || l->where == LW_NW_GONE ||
	                  l->where == LW_NW_DRAWN || l->where == LW_NW_RAID);
}

/* A piece kind's moves, as one entry (issue 17): params "from" (where
 * its unmoved pieces are, in piece order) and "to" by "from" (every
 * destination some "from" reaches, in the order the destinations are
 * walked; each from's the shorter of "only" and "except"). One entry per
 * (from, to) pair, each with its two locations' labels, made the Naval
 * Phase's offers 40-50 entries of about 190 bytes (up to 9.7 KB of a
 * 28 KB view on the wire), new at every phase's opening. The acts are the
 * same ({"type", "from", "to"}). */
struct dest_list {
	struct loc *l;
	int n, cap;
	bool failed;
};

static bool dest_add(const struct lw_state *s, struct loc from, struct loc to, void *vctx)
{
	(void)s;
	(void)from;
	struct dest_list *d = vctx;
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 32;
		struct loc *l = realloc(d->l, (size_t)cap * sizeof *l);
		if (!l) {
			d->failed = true;
			return false;
		}
		d->l = l;
		d->cap = cap;
	}
	d->l[d->n++] = to;
	return true;
}

static int dest_index(const struct dest_list *d, struct loc l)
{
	for (int i = 0; i < d->n; i++)
		if (d->l[i].where == l.where && d->l[i].v == l.v)
			return i;
	return -1;
}

static void offer_pieces(const struct lw_state *s, const struct lw_navy_piece *p, int n,
                         struct tg_offers *list, bool raider)
{
	struct loc from[LW_NAVY_FLEETS];
	int nf = 0;
	for (int i = 0; i < n; i++) {
		struct loc l;
		if (!piece_from(&p[i], raider, &l))
			continue;
		bool dup = false;
		for (int k = 0; k < nf && !dup; k++)
			dup = from[k].where == l.where && from[k].v == l.v;
		if (!dup && nf < LW_NAVY_FLEETS)
			from[nf++] = l;
	}
	if (!nf)
		return;
	bool (*walk)(const struct lw_state *, struct loc, dest_fn, void *) =
	    raider ? raider_dests : fleet_dests;
	/* every destination any piece may reach, in the walk's order: a walk
	 * from nowhere (a Raider's from a port with no hex) closes none */
	struct dest_list all = {0}, his = {0};
	(void)walk(s, raider ? (struct loc){LW_NW_PORT, -1} : (struct loc){LW_NW_POOL, -1},
	           dest_add, &all);
	/* reach[f * all.n + i]: from f reaches destination i */
	bool *reach = calloc((size_t)(nf * (all.n ? all.n : 1)), sizeof *reach);
	int *at = malloc((size_t)(all.n ? all.n : 1) * sizeof *at);
	int *idx = malloc((size_t)(all.n ? all.n : 1) * sizeof *idx);
	bool *used = calloc((size_t)(all.n ? all.n : 1), sizeof *used);
	int *count = calloc((size_t)nf, sizeof *count);
	bool failed = all.failed || !reach || !at || !idx || !used || !count;
	for (int f = 0; f < nf && !failed; f++) {
		his.n = 0;
		(void)walk(s, from[f], dest_add, &his);
		for (int k = 0; k < his.n; k++) {
			int i = dest_index(&all, his.l[k]);
			if (i < 0) {
				failed = true; /* a walk from a piece reached more than all */
				break;
			}
			reach[f * all.n + i] = true;
			used[i] = true;
			count[f]++;
		}
		failed = failed || his.failed;
	}
	struct tg_offer_list froms, dests, by;
	tg_offer_list_open(list, &froms);
	tg_offer_list_open(list, &dests);
	tg_offer_list_open(list, &by);
	int nd = 0;
	char v[32], lab[96];
	for (int i = 0; i < all.n && !failed; i++) {
		at[i] = used[i] ? nd++ : -1;
		if (used[i])
			tg_offer_list_choice(&dests, loc_str(all.l[i], v, sizeof v),
			                     loc_label(all.l[i], lab, sizeof lab));
	}
	int nfrom = 0;
	for (int f = 0; f < nf && !failed; f++) {
		if (!count[f])
			continue; /* a piece with no move is not offered */
		nfrom++;
		tg_offer_list_choice(&froms, loc_str(from[f], v, sizeof v),
		                     loc_label(from[f], lab, sizeof lab));
		bool only = 2 * count[f] < nd;
		size_t ni = 0;
		for (int i = 0; i < all.n; i++)
			if (used[i] && reach[f * all.n + i] == only)
				idx[ni++] = at[i];
		tg_offer_list_by(&by, only, idx, ni);
	}
	if (failed || !nfrom) {
		/* nothing to offer, or out of memory: no entry (as tg_offer_entry(NULL)) */
		tg_offer_list_free(&froms);
		tg_offer_list_free(&dests);
		tg_offer_list_free(&by);
		if (failed)
			list->failed = true;
	} else {
		const char *type = raider ? "raider_move" : "fleet_move";
		tg_offer_begin(list, tg_act(list, "{s:s}", "type", type),
		               raider ? "Move a Raider (8.1)" : "Move a Fleet (8.1)");
		tg_offer_param(list, "from", raider ? "Raider at" : "Fleet at", NULL, &froms, NULL);
		tg_offer_param(list, "to", "To", "from", &dests, &by);
		tg_offer_end(list);
	}
	free(all.l);
	free(his.l);
	free(reach);
	free(at);
	free(idx);
	free(used);
	free(count);
}

void lw_naval_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	if (s->phase != LW_PH_NAVAL || side != s->navy.mover)
		return;
	char h[64];
	if (s->navy.stage == LW_NS_HOME) {
		int hp[4], nh = lw_naval_home_ports(s, hp);
		for (int i = 0; i < nh; i++)
			tg_offer(list,
			         tg_act(list, "{s:s,s:i}", "type", "fleet_home", "hex", hp[i]),
			         "Send an unopposed Fleet home to %s (8.3.5, %d left)",
			         lw_hex_label(hp[i], h, sizeof h), unopposed(s));
		return;
	}
	if (s->navy.stage == LW_NS_IT) {
		int c[LW_NAVY_IT_MAX];
		int n = it_candidates(s, c);
		for (int i = 0; i < n; i++)
			tg_offer(list,
			         tg_act(list, "{s:s,s:i}", "type", "blockade_it", "hex", c[i]),
			         "Place a blockade IT on your force at %s (8.2.2, %d left)",
			         lw_hex_label(c[i], h, sizeof h), s->navy.it_left);
		return;
	}
	if (side == LW_CONFEDERATE) {
		offer_pieces(s, s->navy.raider, LW_NAVY_RAIDERS, list, true);
		const struct lw_data *d = lw_D();
		struct lw_river_reach reach; /* 3 KB */
		/* one entry an asset, its destination the param "hex" (issue 17:
		 * an entry an asset and destination repeated the move's words,
		 * about 150 bytes each, 27 of the large patches' entries); the
		 * chosen violation of Kentucky (8.1.2.2) one more entry an asset,
		 * its border destinations the param. The actions are as before,
		 * {type, asset, hex[, violate_kentucky]}. */
		for (int i = 0; i < LW_NAVY_ASSETS; i++) {
			if (!asset_mobile(s, i))
				continue;
			bool reached = false;
			struct tg_offer_list to, ky_to;
			tg_offer_list_open(list, &to);
			tg_offer_list_open(list, &ky_to);
			for (size_t c = 0; c < d->n_cities; c++) {
				bool ky;
				int hex = d->cities[c].hex;
				if (!asset_dest_reach(s, i, hex, &ky, &reach, &reached))
					continue;
				if (ky && s->kentucky.violator == LW_NOSIDE) {
					char lab[128];
					snprintf(lab, sizeof lab,
					         "%s, violating Kentucky's neutrality (8.1.2.2)",
					         d->cities[c].name);
					tg_offer_list_choice_int(&to, hex, lab);
				} else {
					tg_offer_list_choice_int(&to, hex, d->cities[c].name);
				}
				/* ky_choice's, from the same search */
				if (!ky && s->kentucky.violator == LW_NOSIDE &&
				    lw_naval_river_reach_ky_border(&reach, hex))
					tg_offer_list_choice_int(&ky_to, hex, d->cities[c].name);
			}
			const char *kind = lw_naval_asset_kind(i) == LW_AK_IRONCLAD
			                       ? "ironclad"
			                       : "False Information counter";
			lw_hex_label(s->navy.asset[i].hex, h, sizeof h);
			tg_offer_list_some(
			    list, tg_act(list, "{s:s,s:i}", "type", "asset_move", "asset", i),
			    "hex", "To", &to, "Move the %s at %s by river (8.1.2.1)", kind, h);
			tg_offer_list_some(list,
			                   tg_act(list, "{s:s,s:i,s:b}", "type", "asset_move",
			                          "asset", i, "violate_kentucky", 1),
			                   "hex", "To", &ky_to,
			                   "Move the %s at %s along Kentucky's border river, "
			                   "choosing to violate its "
			                   "neutrality (8.1.2.2, 2.4.3: +%d PC to the Union)",
			                   kind, h, lw_D()->tables.kentucky_violation_pc);
		}
	} else {
		offer_pieces(s, s->navy.fleet, LW_NAVY_FLEETS, list, false);
	}
	tg_offer(list, tg_act(list, "{s:s}", "type", "end_naval"), "End your naval moves (8.1)");
}

static bool stop_at_first(const struct lw_state *s, struct loc from, struct loc to, void *found)
{
	(void)s;
	(void)from;
	(void)to;
	*(bool *)found = true;
	return false;
}

/* Whether lw_naval_offer lists `side` a move in the First or Second stage
 * (8.1), not only "end_naval": the same walk of the same pieces and
 * destinations, stopped at the first move it finds (issue 17: the phase's
 * start and each side's end built the whole list, ironclads' river routes
 * and labels included, only to count it: about 1.1 M instructions a call
 * on the daemon's loop). test_8_1_naval_moves_left compares it with the
 * list on random states. */
bool lw_naval_moves_left(const struct lw_state *s, int side)
{
	if (s->phase != LW_PH_NAVAL || side != s->navy.mover || s->navy.stage == LW_NS_HOME ||
	    s->navy.stage == LW_NS_IT)
		return false;
	bool raider = side == LW_CONFEDERATE, found = false;
	const struct lw_navy_piece *p = raider ? s->navy.raider : s->navy.fleet;
	int n = raider ? LW_NAVY_RAIDERS : LW_NAVY_FLEETS;
	for (int i = 0; i < n && !found; i++) {
		struct loc l;
		if (piece_from(&p[i], raider, &l))
			(void)(raider ? raider_dests(s, l, stop_at_first, &found)
			              : fleet_dests(s, l, stop_at_first, &found));
	}
	if (found || !raider)
		return found;
	const struct lw_data *d = lw_D();
	struct lw_river_reach reach; /* 3 KB */
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		if (!asset_mobile(s, i))
			continue;
		bool reached = false;
		for (size_t c = 0; c < d->n_cities; c++) {
			bool ky;
			if (asset_dest_reach(s, i, d->cities[c].hex, &ky, &reach, &reached))
				return true;
		}
	}
	return false;
}

const char *lw_naval_prompt(const struct lw_state *s)
{
	if (s->navy.stage == LW_NS_IT)
		return "Blockade: choose the force that takes the next blockade IT (8.2.2)";
	if (s->navy.stage == LW_NS_HOME)
		return "Send the unopposed Fleets on the Commerce Raider Track to your ports "
		       "(8.3.5)";
	return "Naval Phase: move your ships, then end your naval moves (8.1)";
}

unsigned lw_naval_awaiting(const struct lw_state *s)
{
	if (s->phase != LW_PH_NAVAL || s->navy.stage == LW_NS_NONE)
		return 0;
	return LW_SIDE_BIT(s->navy.mover);
}

static void finish(struct lw_state *s);

/* ---- resolution ------------------------------------------------------------------- */

/* 8.3.2: the Union loses a CSP, or a PC when it has none (3.3's note). */
static void union_loses_one(struct lw_state *s)
{
	struct lw_player *p = &s->side[LW_UNION];
	if (p->csp > 0)
		p->csp--;
	else if (p->pc > 0)
		p->pc--;
}

static int fleets_in_column(const struct lw_state *s, int col)
{
	return count_at(s->navy.fleet, LW_NAVY_FLEETS, (struct loc){LW_NW_SHADOW, col}) +
	       count_at(s->navy.fleet, LW_NAVY_FLEETS, (struct loc){LW_NW_HUNT, col});
}

int lw_naval_raids(struct lw_state *s)
{
	const struct lw_naval *n = &lw_D()->tables.naval;
	int lost = 0;
	for (int r = 0; r < LW_NAVY_RAIDERS; r++) {
		const struct lw_navy_piece *x = &s->navy.raider[r];
		if (x->where != LW_NW_RAID || x->moved)
			continue;
		int f = fleets_in_column(s, x->col);
		int need = n->raid_min[f > 2 ? 2 : f];
		int die = tg_rng_die(&s->rng, 6);
		bool hit = die >= need;
		if (hit) {
			union_loses_one(s);
			lost++;
		}
		lw_log(s, "The Raider in RAID hex %d rolls %d against %d Fleet%s: %s (8.3.2).",
		       x->col + 1, die, f, f == 1 ? "" : "s",
		       hit ? "the Union loses a CSP (or PC)" : "no effect");
	}
	return lost;
}

int lw_naval_hunt(struct lw_state *s)
{
	const struct lw_naval *n = &lw_D()->tables.naval;
	int sunk = 0;
	for (int r = 0; r < LW_NAVY_RAIDERS; r++) {
		struct lw_navy_piece *x = &s->navy.raider[r];
		if (x->where != LW_NW_RAID)
			continue;
		int f = fleets_in_column(s, x->col);
		if (f == 0)
			continue;
		int need = f >= 2 ? n->shadow_hunt_sink_min : n->shadow_sink_min;
		int die = tg_rng_die(&s->rng, 6);
		lw_log(s,
		       "The Union hunts the Raider in RAID hex %d with %d Fleet%s: roll %d, %s "
		       "(8.3.4).",
		       x->col + 1, f, f == 1 ? "" : "s", die, die >= need ? "sunk" : "it escapes");
		if (die >= need) {
			x->where = LW_NW_GONE;
			sunk++;
		}
	}
	return sunk;
}

int lw_naval_destroy_in_ports(struct lw_state *s)
{
	const struct lw_naval *n = &lw_D()->tables.naval;
	int destroyed = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		struct lw_navy_piece *x = &s->navy.asset[i];
		int c = lw_city_at(x->hex);
		if (x->where != LW_NW_PORT || c < 0 || !lw_naval_effectively_blockaded(s, c) ||
		    lw_hex_owner_force(s, x->hex) == LW_CONFEDERATE)
			continue; /* 8.1.2.5: a blockaded ocean port with no CS force */
		int die = tg_rng_die(&s->rng, 6);
		int total = die + (s->navy.foote ? n->foote_bonus : 0);
		char h[64];
		if (total < n->asset_destroy_min) {
			lw_log(s,
			       "The blockade fails to destroy an Asset in %s (roll %d, 8.1.2.5).",
			       lw_hex_label(x->hex, h, sizeof h), total);
			continue;
		}
		destroyed++;
		if (lw_naval_asset_kind(i) == LW_AK_FALSE_INFO) {
			/* the counter is turned over: False Information goes back to the pool */
			lw_log(s,
			       "The blockade finds the Asset in %s: False Information, back to the "
			       "pool (roll %d, 8.1.2.4).",
			       lw_hex_label(x->hex, h, sizeof h), total);
			memset(x, 0, sizeof *x);
			continue;
		}
		lw_log(s, "The blockade destroys the %s in %s (roll %d, 8.1.2.5).",
		       lw_naval_asset_kind(i) == LW_AK_IRONCLAD ? "ironclad" : "Hunley",
		       lw_hex_label(x->hex, h, sizeof h), total);
		x->where = LW_NW_GONE;
		x->revealed = 1;
	}
	return destroyed;
}

void lw_naval_return_fleets(struct lw_state *s)
{
	int home = 0;
	for (size_t i = 0; i < sizeof union_ports / sizeof *union_ports && !home; i++) {
		const struct lw_city *c = lw_data_city(lw_D(), union_ports[i]);
		if (c && lw_city_controller(s, lw_city_at(c->hex)) == LW_UNION)
			home = c->hex;
	}
	int n = 0;
	for (int i = 0; i < LW_NAVY_FLEETS; i++) {
		struct lw_navy_piece *x = &s->navy.fleet[i];
		if ((x->where == LW_NW_SHADOW || x->where == LW_NW_HUNT) &&
		    !raider_in_column(s, x->col)) {
			x->where = LW_NW_PORT; /* 8.3.5: to a friendly port */
			x->hex = (int16_t)home;
			x->col = 0;
			n++;
		}
	}
	if (n) {
		char h[64];
		lw_log(s, "%d unopposed Fleet%s return%s to %s (8.3.5).", n, n == 1 ? "" : "s",
		       n == 1 ? "s" : "", lw_hex_label(home, h, sizeof h));
	}
}

/* Is `side` asked for naval moves? When he has any to make, and the
 * Confederate also whenever a face-down Asset sits in a friendly river port:
 * skipping him would tell the Union that it is the Hunley (8.1.2). Sets
 * navy.mover to `side` (lw_naval_offer lists the mover's moves only), and
 * leaves it so: the caller either awaits `side` or probes the next one. */
static bool has_moves(struct lw_state *s, int side)
{
	s->navy.mover = (int8_t)side;
	bool any = lw_naval_moves_left(s, side);
	for (int i = 0; i < LW_NAVY_ASSETS && side == LW_CONFEDERATE && !any; i++) {
		const struct lw_navy_piece *x = &s->navy.asset[i];
		int c = x->where == LW_NW_PORT ? lw_city_at(x->hex) : -1;
		any = c >= 0 && !x->revealed && lw_D()->cities[c].river_port &&
		      s->city[c].owner == LW_CONFEDERATE;
	}
	return any;
}

/* Advance to the next side with moves, or resolve; true when the phase is over. */
/* ---- 8.2.2 the blockade IT, placed by the Confederate ---------------------------- */

static bool it_given(const struct lw_state *s, int hex)
{
	for (int i = 0; i < s->navy.it_n; i++)
		if (s->navy.it_hex[i] == hex)
			return true;
	return false;
}

/* The forces (hexes, ascending) that may take the next blockade IT: those
 * without one yet, out-of-supply forces first (8.2.2). */
static int it_candidates(const struct lw_state *s, int out[LW_NAVY_IT_MAX])
{
	for (int pass = 0; pass < 2; pass++) {
		int n = 0;
		for (int u = 0; u < s->n_units && n < LW_NAVY_IT_MAX; u++) {
			const struct lw_unit *x = &s->unit[u];
			if (x->side != LW_CONFEDERATE || x->where != LW_W_MAP ||
			    lw_force_co(s, x->hex) != u || it_given(s, x->hex))
				continue;
			if (pass == 0 && !(x->flags & LW_UF_OOS))
				continue;
			int k = n++; /* keep the hexes ascending: offers in map order */
			while (k > 0 && out[k - 1] > x->hex) {
				out[k] = out[k - 1];
				k--;
			}
			out[k] = x->hex;
		}
		if (n)
			return n;
	}
	return 0;
}

static void it_place(struct lw_state *s, int hex)
{
	int co = lw_force_co(s, hex);
	s->unit[co].it++;
	s->navy.it_hex[s->navy.it_n++] = (int16_t)hex;
	s->navy.it_left--;
	char h[64];
	lw_log(s, "Blockade: one IT on the Confederate force at %s (8.2.2).",
	       lw_hex_label(hex, h, sizeof h));
}

/* Places the IT where there is no choice; false when the Confederate must
 * choose among more forces than IT left. */
static bool it_settle(struct lw_state *s)
{
	int c[LW_NAVY_IT_MAX];
	while (s->navy.it_left > 0 && s->navy.it_n < LW_NAVY_IT_MAX) {
		int n = it_candidates(s, c);
		if (n == 0)
			break; /* 8.2.2: IT that cannot be placed are lost */
		if (n > s->navy.it_left)
			return false;
		for (int i = 0; i < n; i++)
			it_place(s, c[i]);
	}
	s->navy.it_left = 0;
	return true;
}

static void finish(struct lw_state *s)
{
	struct lw_navy *n = &s->navy;
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		n->raider[i].moved = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		n->asset[i].moved = 0;
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		n->fleet[i].moved = 0;
	n->stage = LW_NS_NONE;
	n->mover = LW_NOSIDE;
	n->it_left = n->it_n = 0;
	memset(n->it_hex, 0, sizeof n->it_hex); /* every field saved is a field that matters */
}

/* 8.3.5: fleets on the track with no Raider in their column. */
static int unopposed(const struct lw_state *s)
{
	int n = 0;
	for (int i = 0; i < LW_NAVY_FLEETS; i++) {
		const struct lw_navy_piece *x = &s->navy.fleet[i];
		n += (x->where == LW_NW_SHADOW || x->where == LW_NW_HUNT) &&
		     !raider_in_column(s, x->col);
	}
	return n;
}

/* The Union ports a fleet may go home to (7.1.8's four, when Union-held). */
int lw_naval_home_ports(const struct lw_state *s, int hex[4])
{
	int n = 0;
	for (size_t i = 0; i < sizeof union_ports / sizeof *union_ports; i++) {
		const struct lw_city *c = lw_data_city(lw_D(), union_ports[i]);
		if (c && lw_city_controller(s, lw_city_at(c->hex)) == LW_UNION)
			hex[n++] = c->hex;
	}
	return n;
}

/* The next stage; entering LW_NS_IT computes the blockade IT (8.2.2). */
static void next_stage(struct lw_state *s)
{
	s->navy.stage++;
	if (s->navy.stage != LW_NS_IT)
		return;
	lw_border_card_end(s); /* 2.4.3: an ironclad's Kentucky violation */
	int excess = lw_naval_blockaded_supply(s) - lw_D()->tables.naval.blockade_it_threshold;
	s->navy.it_left = (uint8_t)(excess > 0 ? (excess > 255 ? 255 : excess) : 0);
	s->navy.it_n = 0;
	memset(s->navy.it_hex, 0, sizeof s->navy.it_hex);
	if (excess > 0)
		lw_log(s,
		       "Blockade: %d supply points of Southern ports blockaded: %d IT for the "
		       "Confederate forces (8.2.2).",
		       lw_naval_blockaded_supply(s), excess);
}

static bool advance(struct lw_state *s)
{
	while (s->navy.stage <= LW_NS_SECOND) {
		int side = s->navy.stage == LW_NS_FIRST ? s->first : LW_OTHER(s->first);
		if (has_moves(s, side)) {
			/* The status line's "to act" (board.phasing in the view)
			 * only. Who is awaited in this phase is navy.mover
			 * (lw_naval_awaiting), which has_moves() just set to
			 * `side`, so phasing repeats what the awaited bits
			 * show and hides nothing: has_moves() already answers
			 * true for a face-down Asset in a river port (8.1.2).
			 * Nothing reads phasing until a later phase sets it
			 * again (lw_rail_begin, the card play in lw_card_play.c); in
			 * the Draw Phase the view still shows the last naval
			 * mover. Saved with the state: replays keep it. */
			s->phasing = (int8_t)side;
			return false;
		}
		next_stage(s);
	}
	if (s->navy.stage == LW_NS_IT) {
		if (!it_settle(s)) {
			s->navy.mover = s->phasing = LW_CONFEDERATE;
			return false;
		}
		s->navy.stage = LW_NS_HOME;
		lw_naval_raids(s);            /* 8.3.2: the Confederates first (8.3) */
		lw_naval_hunt(s);             /* 8.3.4 */
		lw_naval_destroy_in_ports(s); /* 8.1.2.5, end of the phase */
	}
	/* 8.3.5: the Union picks the port when he has more than one */
	int hp[4];
	if (unopposed(s) > 0 && lw_naval_home_ports(s, hp) > 1) {
		s->navy.mover = s->phasing = LW_UNION;
		return false;
	}
	lw_naval_return_fleets(s);
	finish(s);
	return true;
}

bool lw_naval_begin(struct lw_state *s, struct game_outcome *out)
{
	s->phase = LW_PH_NAVAL;
	s->navy.stage = LW_NS_FIRST;
	/* 8.1.1, 8.3.2 "has not moved this turn": a ship that moved outside
	 * the Naval Phase (a Raider escaping a port captured by land in the
	 * Operations Phase, 8.3.4) starts this turn's phase unmoved */
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		s->navy.raider[i].moved = 0;
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		s->navy.asset[i].moved = 0;
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		s->navy.fleet[i].moved = 0;
	lw_log(s, "Naval Phase (8.0).");
	bool over = advance(s);
	if (over && out)
		out->barrier = true;
	return over;
}

static int do_raider(struct lw_state *s, struct loc from, struct loc to, struct tg_error *err)
{
	int r = unmoved_at(s->navy.raider, LW_NAVY_RAIDERS, from);
	if (r < 0)
		return tg_fail(err, TG_E_ILLEGAL, "8.1.1: no Raider left to move there");
	bool ok = false;
	if (to.where == LW_NW_RAID)
		ok = !raider_in_column(s, to.v) &&
		     (from.where == LW_NW_PORT ||
		      (from.where == LW_NW_RAID && abs(to.v - from.v) == 1));
	else if (to.where == LW_NW_PORT)
		ok = lw_naval_cs_port(s, lw_city_at(to.v), true) &&
		     !(from.where == LW_NW_PORT && from.v == to.v);
	if (!ok)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "8.1.1: Raiders go to an empty RAID hex (one hex along the track) or "
		    "a friendly ocean port");
	struct lw_navy_piece *x = &s->navy.raider[r];
	/* 8.1.1: leaving or entering a fully blockaded port: 3-6 passes, 1-2 lost */
	int ports[2] = {from.where == LW_NW_PORT ? from.v : 0, to.where == LW_NW_PORT ? to.v : 0};
	for (int k = 0; k < 2; k++) {
		int c = ports[k] ? lw_city_at(ports[k]) : -1;
		if (c < 0 || !lw_naval_effectively_blockaded(s, c))
			continue;
		int die = tg_rng_die(&s->rng, 6);
		bool pass = die >= lw_D()->tables.naval.run_blockade_min;
		lw_log(s, "A Raider runs the blockade of %s: roll %d, %s (8.1.1).",
		       lw_D()->cities[c].name, die, pass ? "through" : "captured or sunk");
		if (!pass) {
			x->where = LW_NW_GONE;
			return 0;
		}
	}
	char fl[96], tl[96];
	lw_log(s, "A Raider moves from %s to %s (8.1.1).", loc_label(from, fl, sizeof fl),
	       loc_label(to, tl, sizeof tl));
	x->where = (uint8_t)to.where;
	x->hex = (int16_t)(to.where == LW_NW_PORT ? to.v : 0);
	x->col = (int8_t)(to.where == LW_NW_RAID ? to.v : 0);
	x->moved = 1;
	return 0;
}

struct find_ctx {
	struct loc to;
	bool found;
};

static bool find_dest(const struct lw_state *s, struct loc from, struct loc to, void *vctx)
{
	(void)s;
	(void)from;
	struct find_ctx *c = vctx;
	c->found |= c->to.where == to.where && c->to.v == to.v;
	return !c->found;
}

static int do_fleet(struct lw_state *s, struct loc from, struct loc to, struct tg_error *err)
{
	int f = unmoved_at(s->navy.fleet, LW_NAVY_FLEETS, from);
	if (f < 0)
		return tg_fail(err, TG_E_ILLEGAL, "8.1.3: no Fleet left to move there");
	struct find_ctx ctx = {to, false};
	fleet_dests(s, from, find_dest, &ctx);
	if (!ctx.found)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "8.1.3: a Fleet goes to a free blockade space (Savannah's holds two), "
		    "a SHADOW box opposite a Raider, then its HUNT box, or a Union port");
	struct lw_navy_piece *x = &s->navy.fleet[f];
	x->where = (uint8_t)to.where;
	x->hex = (int16_t)((to.where == LW_NW_PORT || to.where == LW_NW_BLOCKADE) ? to.v : 0);
	x->col = (int8_t)((to.where == LW_NW_SHADOW || to.where == LW_NW_HUNT) ? to.v : 0);
	x->moved = 1;
	char fl[96], tl[96];
	lw_log(s, "A Union Fleet moves from %s to %s (8.1.3).", loc_label(from, fl, sizeof fl),
	       loc_label(to, tl, sizeof tl));
	return 0;
}

static int do_asset(struct lw_state *s, const json_t *a, struct tg_error *err)
{
	int i, hex;
	bool ky;
	if (!lw_a_int(a, "asset", &i) || !lw_a_int(a, "hex", &hex) || i < 0 || i >= LW_NAVY_ASSETS)
		return tg_fail(err, TG_E_MALFORMED,
		               "asset_move needs integers \"asset\" and \"hex\"");
	if (!asset_mobile(s, i))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "8.1.2.1: only an ironclad (or False Information) in a friendly river "
		    "port moves, once a phase");
	if (!asset_dest_ok(s, i, hex, &ky))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "8.1.2.1: up to four river hexes to a friendly river port with room");
	const json_t *vk = json_object_get(a, "violate_kentucky");
	if (vk && !json_is_boolean(vk))
		return tg_fail(err, TG_E_MALFORMED, "\"violate_kentucky\" is a boolean");
	bool chosen = json_is_true(vk);
	if (chosen && !ky_choice(s, i, hex, ky))
		return tg_fail(err, TG_E_ILLEGAL,
		               "8.1.2.2: only a move along one of Kentucky's border rivers, while "
		               "Kentucky is neutral and the move does not violate it anyway, may "
		               "be made a violation");
	char f[64], t[64];
	lw_log(s, "A CSN Asset moves by river from %s to %s (8.1.2.1).",
	       lw_hex_label(s->navy.asset[i].hex, f, sizeof f), lw_hex_label(hex, t, sizeof t));
	s->navy.asset[i].hex = (int16_t)hex;
	s->navy.asset[i].moved = 1;
	if ((ky || chosen) && s->kentucky.violator == LW_NOSIDE) {
		/* 8.1.2.2 / 2.4.3: the Tennessee hexside 0806/0905 is inside
		 * Kentucky; on a border river the Confederate chose to violate */
		int pc = lw_D()->tables.kentucky_violation_pc;
		s->kentucky.violator = LW_CONFEDERATE;
		s->kentucky.pending = 1; /* its cities settle at the end of the phase */
		lw_gain_pc(s, LW_UNION, pc);
		lw_log(s,
		       "A Confederate ironclad %s violates Kentucky's neutrality: the Union "
		       "gains %d PC (8.1.2.2, 2.4.3).",
		       chosen ? "on a border river of Kentucky, by choice,"
		              : "on the Tennessee inside Kentucky",
		       pc);
	}
	return 0;
}

/* ---- the actions of the phase, declared once ------------------------------------ */

/* The phase's step is done: on to the next mover, or (3.3) the Rail Phase
 * and the card draw once the phase is over. */
static void go_on(struct lw_state *s, struct game_outcome *out, bool barrier_at_end)
{
	if (!advance(s))
		return;
	if (barrier_at_end && out)
		out->barrier = true;
	lw_begin_draw(s, out);
}

static int refuse_home(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "8.3.5: send an unopposed Fleet home: fleet_home with the \"hex\" of a "
	               "Union port");
}

static int refuse_it(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "8.2.2: place the blockade IT: blockade_it with a \"hex\"");
}

static int refuse_moves(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)s, (void)side, (void)type;
	return tg_fail(err, TG_E_ILLEGAL,
	               "8.1: in the Naval Phase: raider_move, asset_move, fleet_move or end_naval");
}

static int act_fleet_home(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)side;
	int hex, hp[4], nh = lw_naval_home_ports(s, hp);
	bool ok = lw_a_int(a, "hex", &hex);
	for (int i = 0; ok && i < nh && hp[i] != hex; i++)
		ok = i + 1 < nh;
	if (!ok || nh == 0)
		return refuse_home(s, side, "fleet_home", err);
	for (int i = 0; i < LW_NAVY_FLEETS; i++) {
		struct lw_navy_piece *x = &s->navy.fleet[i];
		if ((x->where == LW_NW_SHADOW || x->where == LW_NW_HUNT) &&
		    !raider_in_column(s, x->col)) {
			char hl[64];
			x->where = LW_NW_PORT;
			x->hex = (int16_t)hex;
			x->col = 0;
			lw_log(s, "An unopposed Fleet returns to %s (8.3.5).",
			       lw_hex_label(hex, hl, sizeof hl));
			break;
		}
	}
	go_on(s, out, false);
	return 0;
}

static int act_blockade_it(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	int hex, c[LW_NAVY_IT_MAX];
	if (!lw_a_int(a, "hex", &hex))
		return refuse_it(s, side, "blockade_it", err);
	int n = it_candidates(s, c);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= c[i] == hex;
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL,
		               "8.2.2: one blockade IT a force, out-of-supply forces first");
	it_place(s, hex);
	go_on(s, out, true);
	return 0;
}

static int act_end_naval(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	(void)a, (void)err;
	lw_log(s, "The %s player ends his naval moves.", lw_side_title(side));
	next_stage(s);
	bool over = advance(s);
	if (out)
		out->barrier = true;
	if (over)
		lw_begin_draw(s, out);
	return 0;
}

static int ship_move(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                     struct tg_error *err, bool raider)
{
	struct loc from, to;
	if (side != (raider ? LW_CONFEDERATE : LW_UNION))
		return tg_fail(err, TG_E_ILLEGAL, "8.1: move your own ships");
	if (!parse_loc(lw_a_str(a, "from"), &from) || !parse_loc(lw_a_str(a, "to"), &to))
		return tg_fail(err, TG_E_MALFORMED,
		               "%s needs \"from\" and \"to\" like \"port:1611\" or \"raid:2\"",
		               raider ? "raider_move" : "fleet_move");
	int rc = raider ? do_raider(s, from, to, err) : do_fleet(s, from, to, err);
	if (rc == 0 && raider && out)
		out->barrier = true; /* a blockade run may have been rolled */
	return rc;
}

static int act_raider_move(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err)
{
	return ship_move(s, side, a, out, err, true);
}

static int act_fleet_move(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	return ship_move(s, side, a, out, err, false);
}

static int act_asset_move(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                          struct tg_error *err)
{
	(void)out;
	if (side != LW_CONFEDERATE)
		return tg_fail(err, TG_E_ILLEGAL, "8.1.2: only the Confederates move Assets");
	return do_asset(s, a, err);
}

/* 8.3.5: the Union sends an unopposed Fleet home. */
static const struct lw_action home_rows[] = {
    {"fleet_home", "8.3.5", act_fleet_home, 0},
};
/* 8.2.2: the Union places the blockade IT. */
static const struct lw_action it_rows[] = {
    {"blockade_it", "8.2.2", act_blockade_it, 0},
};
/* 8.1: each side moves its ships in turn. */
static const struct lw_action move_rows[] = {
    {"raider_move", "8.1.1", act_raider_move, 0},
    {"fleet_move", "8.1.3", act_fleet_move, 0},
    {"asset_move", "8.1.2", act_asset_move, 0},
    {"end_naval", "8.1", act_end_naval, 0},
};
const struct lw_actions lw_naval_home_actions = LW_ACTIONS("naval.home", home_rows, refuse_home);
const struct lw_actions lw_naval_it_actions = LW_ACTIONS("naval.it", it_rows, refuse_it);
const struct lw_actions lw_naval_move_actions = LW_ACTIONS("naval.move", move_rows, refuse_moves);

const struct lw_actions *lw_naval_actions(const struct lw_state *s)
{
	if (s->navy.stage == LW_NS_HOME)
		return &lw_naval_home_actions;
	if (s->navy.stage == LW_NS_IT)
		return &lw_naval_it_actions;
	return &lw_naval_move_actions;
}

int lw_naval_phase_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	if (side != s->navy.mover || s->navy.stage == LW_NS_NONE)
		return tg_fail(err, TG_E_NOT_YOUR_TURN,
		               "8.1: the other player is moving his ships");
	return lw_action_dispatch(lw_naval_actions(s), s, side, a, out, err);
}
