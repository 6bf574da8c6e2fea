/* lw_naval_escape.c — the Confederate's choices when a port holding his
 * ships is captured by land (8.1.2.1, 8.3.4):
 *
 *   - an ironclad goes to "the closest friendly Port on a river within 4
 *     hexes" (a river port) or "the nearest friendly Ocean Port within four
 *     hexes" (an ocean port); New Orleans is both, so both sets are his.
 *     Where several ports are the closest, he chooses;
 *   - a Raider "MUST attempt to escape by trying to run the Blockade (See
 *     8.1.1)" if the port was fully blockaded; once out, he chooses where
 *     it goes as 8.1.1 lets a Raider move: an empty RAID hex of the
 *     Commerce Raider Track or another friendly Ocean Port (entering a
 *     fully blockaded one takes a roll of 3-6 too).
 *
 * The capture happens inside an Operations action (the end of a battle, a
 * march into an empty city, a siege, a Kentucky settlement) or the Supply
 * Phase. The pieces wait in LW_NW_ESCAPE at the captured port's hex, and
 * the Confederate is asked before any other action of either side (like
 * the 11.1.2.2 GiC choice): nothing can happen between the capture and
 * his answer, and the interrupted flow resumes where it stood. With one
 * destination the piece goes at once; with none it is lost.
 *
 * 8.0 is silent on the Union's side of it: Union Fleets in a port of 7.1.8
 * (Washington, Baltimore, Philadelphia) when the Confederates capture it.
 * Decided (docs/naval.md "Union Fleets in a port the Confederates capture"): a fleet cannot stay in
 * an enemy port (7.1.8 / 8.3.3 keep fleets "in a Union port" or at sea, 8.3.5 sends them back to "a
 * Friendly Port"), so it leaves at once, as a CS ship in a port taken by land does (8.1.2.1 "moved
 * to the nearest friendly Ocean Port", 16.9.4 "by water to the nearest friendly ... port"): to the
 * nearest (hex distance) 7.1.8 port the Union still holds, with no four-hex bound since fleets move
 * freely by sea (8.1.3); the Union chooses among equally near ones (as 16.9.4 and 8.1.2.1 ties are
 * the owner's); with none it is lost (8.1.2.1 "lost at sea in transit"), which cannot happen while
 * New York may not be entered by the Confederates (2.3). It waits in LW_NW_ESCAPE like the CS
 * ships, asked of the Union after any Confederate ship.
 *
 * Action: {"type":"naval_escape","asset":I,"hex":H} or
 *         {"type":"naval_escape","raider":R,"hex":H} / ...,"column":C}
 *         {"type":"naval_escape","fleet":F,"hex":H} (the Union)
 * ({"type":"naval_escape","asset"|"raider"|"fleet":N,"lost":true} when nothing is
 * left to reach, which the state cannot normally produce). */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lw_engine.h"
#include "lw_naval.h"

#define MAX_DEST 32

/* Byte i (in memory order) of the 8 bytes x was read from. */
static inline unsigned char pick_byte(uint64_t x, int i)
{
	unsigned char b[8];
	memcpy(b, &x, sizeof b);
	return b[i];
}

static bool pending(const struct lw_navy_piece *x)
{
	return x->where == LW_NW_ESCAPE;
}

/* 8.1.2.1: the closest friendly ports with room from the captured port at
 * hex: river ports by river for a river port, ocean ports by hex distance
 * for an ocean port (both for New Orleans); all the tied closest ones. */
static int ironclad_dests(const struct lw_state *s, int from, int out[MAX_DEST])
{
	const struct lw_data *d = lw_D();
	int c0 = lw_city_at(from);
	if (c0 < 0)
		return 0;
	int n = 0, max = d->tables.naval.ironclad_river_hexes;
	for (int kind = 0; kind < 2; kind++) {
		bool ocean = kind == 1;
		if (ocean ? !d->cities[c0].ocean_port : !d->cities[c0].river_port)
			continue;
		int best = max + 1, first = n;
		for (size_t c = 0; c < d->n_cities; c++) {
			const struct lw_city *city = &d->cities[c];
			if (city->hex == from || !lw_naval_cs_port(s, (int)c, ocean) ||
			    (!ocean && !city->river_port) ||
			    lw_naval_assets_at(s, city->hex) >= d->tables.naval.max_assets_per_port)
				continue;
			int dist;
			if (ocean) {
				dist = tg_hex_distance(&d->grid, from, city->hex);
			} else {
				bool ky;
				dist = lw_naval_river_route(s, from, city->hex, &ky);
				if (dist < 0)
					continue;
			}
			if (dist > max || dist > best)
				continue;
			if (dist < best) {
				best = dist;
				n = first;
			}
			bool dup = false;
			for (int k = 0; k < n && !dup; k++)
				dup = out[k] == city->hex;
			if (!dup && n < MAX_DEST)
				out[n++] = city->hex;
		}
	}
	return n;
}

/* 8.1.1: where a Raider may go: the other friendly ocean ports (hexes) and
 * the empty RAID columns (as -1 - column). */
static int raider_dests(const struct lw_state *s, int from, int out[MAX_DEST])
{
	const struct lw_data *d = lw_D();
	int n = 0;
	for (int col = 0; col < LW_NAVY_COLUMNS; col++) {
		bool used = false;
		for (int j = 0; j < LW_NAVY_RAIDERS; j++)
			used |=
			    s->navy.raider[j].where == LW_NW_RAID && s->navy.raider[j].col == col;
		if (!used)
			out[n++] = -1 - col;
	}
	for (size_t c = 0; c < d->n_cities && n < MAX_DEST; c++)
		if (d->cities[c].hex != from && lw_naval_cs_port(s, (int)c, true))
			out[n++] = d->cities[c].hex;
	return n;
}

/* 8.0 (decision above): the nearest Union-held 7.1.8 ports from the captured
 * port at hex, by hex distance, all the tied nearest ones. */
static int fleet_dests(const struct lw_state *s, int from, int out[MAX_DEST])
{
	int hp[4], nh = lw_naval_home_ports(s, hp), n = 0, best = INT_MAX;
	for (int i = 0; i < nh; i++) {
		int dist = tg_hex_distance(&lw_D()->grid, from, hp[i]);
		if (hp[i] == from || dist < 0 || dist > best)
			continue;
		if (dist < best) {
			best = dist;
			n = 0;
		}
		out[n++] = hp[i];
	}
	return n;
}

static void lose(struct lw_state *s, struct lw_navy_piece *x, const char *what, const char *why)
{
	char h[64];
	lw_log(s, "The %s leaving %s is lost: %s.", what, lw_hex_label(x->hex, h, sizeof h), why);
	x->where = LW_NW_GONE;
	x->revealed = 1;
}

static void ironclad_to(struct lw_state *s, int i, int to)
{
	struct lw_navy_piece *x = &s->navy.asset[i];
	char f[64], t[64];
	lw_log(s, "An ironclad escapes from %s to %s (8.1.2.1).", lw_hex_label(x->hex, f, sizeof f),
	       lw_hex_label(to, t, sizeof t));
	x->where = LW_NW_PORT;
	x->hex = (int16_t)to;
	x->revealed = 1;
}

/* dest: a port hex, or -1 - column for a RAID hex. */
static void raider_to(struct lw_state *s, int r, int dest)
{
	struct lw_navy_piece *x = &s->navy.raider[r];
	char f[64], t[64];
	lw_hex_label(x->hex, f, sizeof f);
	if (dest < 0) {
		x->where = LW_NW_RAID;
		x->col = (int8_t)(-1 - dest);
		x->hex = 0;
		x->moved = 1;
		lw_log(
		    s,
		    "A Raider escapes %s to RAID column %d of the Commerce Raider Track (8.3.4).",
		    f, x->col + 1);
		return;
	}
	int c = lw_city_at(dest);
	if (c >= 0 && lw_naval_effectively_blockaded(s, c)) {
		int die = tg_rng_die(&s->rng, 6);
		if (die < lw_D()->tables.naval.run_blockade_min) {
			lw_log(
			    s,
			    "A Raider from %s fails to run the blockade into %s (roll %d, 8.1.1): "
			    "captured or sunk.",
			    f, lw_hex_label(dest, t, sizeof t), die);
			x->where = LW_NW_GONE;
			return;
		}
		lw_log(s, "A Raider runs the blockade into %s (roll %d, 8.1.1).",
		       lw_hex_label(dest, t, sizeof t), die);
	}
	x->where = LW_NW_PORT;
	x->hex = (int16_t)dest;
	x->moved = 1;
	lw_log(s, "A Raider escapes %s to %s (8.3.4).", f, lw_hex_label(dest, t, sizeof t));
}

static void fleet_to(struct lw_state *s, int i, int to)
{
	struct lw_navy_piece *x = &s->navy.fleet[i];
	char f[64], t[64];
	lw_log(s, "A Union Fleet leaves captured %s for %s (8.0, 7.1.8).",
	       lw_hex_label(x->hex, f, sizeof f), lw_hex_label(to, t, sizeof t));
	x->where = LW_NW_PORT;
	x->hex = (int16_t)to;
	x->col = 0;
}

/* A piece with one destination goes, with none is lost; true if it still
 * waits for its owner. */
static bool settle_ironclad(struct lw_state *s, int i)
{
	int dest[MAX_DEST];
	int n = ironclad_dests(s, s->navy.asset[i].hex, dest);
	if (n == 0)
		lose(s, &s->navy.asset[i], "ironclad",
		     lw_D()->cities[lw_city_at(s->navy.asset[i].hex)].ocean_port
		         ? "lost at sea in transit (8.1.2.1)"
		         : "scuttled: no friendly river port within four hexes (8.1.2.1)");
	else if (n == 1)
		ironclad_to(s, i, dest[0]);
	return n > 1;
}

static bool settle_raider(struct lw_state *s, int r)
{
	int dest[MAX_DEST];
	int n = raider_dests(s, s->navy.raider[r].hex, dest);
	if (n == 0)
		lose(s, &s->navy.raider[r], "Raider", "it has nowhere to go (8.3.4)");
	else if (n == 1)
		raider_to(s, r, dest[0]);
	return n > 1;
}

static bool settle_fleet(struct lw_state *s, int i)
{
	int dest[MAX_DEST];
	int n = fleet_dests(s, s->navy.fleet[i].hex, dest);
	if (n == 0)
		lose(s, &s->navy.fleet[i], "Union Fleet", "no Union port is left (8.0, 7.1.8)");
	else if (n == 1)
		fleet_to(s, i, dest[0]);
	return n > 1;
}

void lw_naval_escape_fleet(struct lw_state *s, int i)
{
	struct lw_navy_piece *x = &s->navy.fleet[i];
	x->where = LW_NW_ESCAPE;
	if (settle_fleet(s, i)) {
		char h[64];
		lw_log(s,
		       "A Union Fleet leaves captured %s: the Union chooses among the nearest of "
		       "his ports (8.0, 7.1.8).",
		       lw_hex_label(x->hex, h, sizeof h));
	}
}

void lw_naval_escape_ironclad(struct lw_state *s, int i)
{
	struct lw_navy_piece *x = &s->navy.asset[i];
	x->where = LW_NW_ESCAPE;
	x->revealed = 1;
	if (settle_ironclad(s, i)) {
		char h[64];
		lw_log(s, "An ironclad leaves %s: the Confederate chooses its port (8.1.2.1).",
		       lw_hex_label(x->hex, h, sizeof h));
	}
}

void lw_naval_escape_raider(struct lw_state *s, int r, int from_c)
{
	struct lw_navy_piece *x = &s->navy.raider[r];
	const struct lw_data *d = lw_D();
	if (lw_naval_effectively_blockaded(s, from_c)) {
		int die = tg_rng_die(&s->rng, 6);
		if (die < d->tables.naval.run_blockade_min) {
			x->where = LW_NW_GONE;
			lw_log(s, "A Raider fails to run the blockade out of %s (roll %d, 8.3.4).",
			       d->cities[from_c].name, die);
			return;
		}
		lw_log(s, "A Raider runs the blockade out of %s (roll %d, 8.3.4).",
		       d->cities[from_c].name, die);
	}
	x->where = LW_NW_ESCAPE;
	if (settle_raider(s, r))
		lw_log(s, "A Raider leaves %s: the Confederate chooses where it goes (8.3.4).",
		       d->cities[from_c].name);
}

/* Issue 17: the pending stack asks lw_naval_escape_side before every
 * action and offer (20,869 times in bench_rules 6 6), and a piece waits
 * almost never; the walk below read 37 pieces a time (115 instructions).
 * A piece is 6 bytes and the pieces are one array in effect (raiders,
 * assets, fleets), so four pieces are three 8-byte words whose `where`
 * bytes sit at the same places in every such group: the words of all the
 * groups are ORed in three accumulators, the `where` bytes picked out at
 * the end, and LW_NW_ESCAPE's bit (0x08) seen in none of them means no
 * piece waits. A hit (or a `where` of another value with that bit) goes
 * to the exact walk. About 40 instructions an ask.  */
_Static_assert(sizeof(struct lw_navy_piece) == 6 && offsetof(struct lw_navy_piece, where) == 0,
               "escape_none reads a piece as 6 bytes, `where` first");
_Static_assert(offsetof(struct lw_navy, raider) == 0 &&
                   offsetof(struct lw_navy, asset) == 6 * LW_NAVY_RAIDERS &&
                   offsetof(struct lw_navy, fleet) == 6 * (LW_NAVY_RAIDERS + LW_NAVY_ASSETS),
               "escape_none reads the raiders, assets and fleets as one array");
_Static_assert(LW_NW_ESCAPE == 0x08, "escape_none tests LW_NW_ESCAPE's bit");
#define NAVY_PIECES (LW_NAVY_RAIDERS + LW_NAVY_ASSETS + LW_NAVY_FLEETS)

static inline uint64_t word_at(const unsigned char *p)
{
	uint64_t x;
	memcpy(&x, p, sizeof x);
	return x;
}

static bool escape_none(const struct lw_navy *n)
{
	const unsigned char *b = (const unsigned char *)n;
	uint64_t a0 = 0, a1 = 0, a2 = 0;
	int k = 0;
#pragma GCC unroll 16
	for (; k + 4 <= NAVY_PIECES; k += 4) {
		a0 |= word_at(b + 6 * k);
		a1 |= word_at(b + 6 * k + 8);
		a2 |= word_at(b + 6 * k + 16);
	}
	/* the `where` bytes of a group of four: 0 and 6 of the first word, 4
	 * of the second (byte 12), 2 of the third (byte 18) */
	unsigned char hit = (unsigned char)(pick_byte(a0, 0) | pick_byte(a0, 6) | pick_byte(a1, 4) |
	                                    pick_byte(a2, 2));
	for (; k < NAVY_PIECES; k++)
		hit |= b[6 * k];
	return !(hit & LW_NW_ESCAPE);
}

int lw_naval_escape_side(const struct lw_state *s)
{
	if (escape_none(&s->navy))
		return LW_NOSIDE;
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (pending(&s->navy.asset[i]))
			return LW_CONFEDERATE;
	for (int r = 0; r < LW_NAVY_RAIDERS; r++)
		if (pending(&s->navy.raider[r]))
			return LW_CONFEDERATE;
	for (int f = 0; f < LW_NAVY_FLEETS; f++)
		if (pending(&s->navy.fleet[f]))
			return LW_UNION; /* 8.0 (decision above), after his ships */
	return LW_NOSIDE;
}

enum piece_kind { PK_ASSET, PK_RAIDER, PK_FLEET };

/* The piece asked about: the first waiting asset, else the first raider,
 * else the first fleet. *kind tells which array. */
static int current(const struct lw_state *s, enum piece_kind *kind)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (pending(&s->navy.asset[i])) {
			*kind = PK_ASSET;
			return i;
		}
	for (int r = 0; r < LW_NAVY_RAIDERS; r++)
		if (pending(&s->navy.raider[r])) {
			*kind = PK_RAIDER;
			return r;
		}
	for (int f = 0; f < LW_NAVY_FLEETS; f++)
		if (pending(&s->navy.fleet[f])) {
			*kind = PK_FLEET;
			return f;
		}
	return -1;
}

static struct lw_navy_piece *kind_piece(struct lw_state *s, enum piece_kind kind, int k)
{
	return kind == PK_ASSET    ? &s->navy.asset[k]
	       : kind == PK_RAIDER ? &s->navy.raider[k]
	                           : &s->navy.fleet[k];
}

static int dests(const struct lw_state *s, enum piece_kind kind, int from, int out[MAX_DEST])
{
	return kind == PK_ASSET    ? ironclad_dests(s, from, out)
	       : kind == PK_RAIDER ? raider_dests(s, from, out)
	                           : fleet_dests(s, from, out);
}

static const char *const kind_key[] = {"asset", "raider", "fleet"};
static const char *const kind_name[] = {"ironclad", "Raider", "Union Fleet"};
static const char *const kind_rule[] = {"8.1.2.1", "8.3.4", "8.0, 7.1.8"};

const char *lw_naval_escape_prompt(const struct lw_state *s)
{
	enum piece_kind kind = PK_ASSET;
	current(s, &kind);
	return kind == PK_ASSET ? "Your port was captured: choose the closest friendly port the "
	                          "ironclad escapes to (8.1.2.1)"
	       : kind == PK_RAIDER
	           ? "Your port was captured: choose where the Raider goes, a RAID hex or a "
	             "friendly ocean port (8.3.4, 8.1.1)"
	           : "Your port was captured: choose which of your nearest ports the Fleet "
	             "goes to (8.0, 7.1.8)";
}

static int owner(enum piece_kind kind)
{
	return kind == PK_FLEET ? LW_UNION : LW_CONFEDERATE;
}

void lw_naval_escape_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	enum piece_kind kind = PK_ASSET;
	int k = current(s, &kind);
	if (k < 0 || side != owner(kind))
		return;
	const char *key = kind_key[kind];
	int from = kind_piece((struct lw_state *)s, kind, k)->hex;
	int dest[MAX_DEST];
	int n = dests(s, kind, from, dest);
	char f[64], t[64];
	lw_hex_label(from, f, sizeof f);
	for (int i = 0; i < n; i++) {
		if (dest[i] < 0) {
			tg_offer(list,
			         tg_act(list, "{s:s,s:i,s:i}", "type", "naval_escape", key, k,
			                "column", -1 - dest[i]),
			         "The Raider leaving %s goes to RAID column %d (8.3.4)", f,
			         -dest[i]);
			continue;
		}
		int c = lw_city_at(dest[i]);
		bool blockaded =
		    kind == PK_RAIDER && c >= 0 && lw_naval_effectively_blockaded(s, c);
		tg_offer(
		    list,
		    tg_act(list, "{s:s,s:i,s:i}", "type", "naval_escape", key, k, "hex", dest[i]),
		    "The %s leaving %s goes to %s (%s)%s", kind_name[kind], f,
		    lw_hex_label(dest[i], t, sizeof t), kind_rule[kind],
		    blockaded ? ": blockaded, it must roll 3-6 to enter (8.1.1)" : "");
	}
	if (n == 0)
		tg_offer(
		    list, tg_act(list, "{s:s,s:i,s:b}", "type", "naval_escape", key, k, "lost", 1),
		    "The %s leaving %s has nowhere left to go: it is lost", kind_name[kind], f);
}

static int refuse(const struct lw_state *s, int side, const char *type, struct tg_error *err)
{
	(void)side, (void)type;
	enum piece_kind kind = PK_ASSET;
	current(s, &kind);
	return tg_fail(err, TG_E_ILLEGAL,
	               kind == PK_FLEET ? "8.0, 7.1.8: first say which port the Fleet leaving the "
	                                  "captured port goes to (naval_escape)"
	                                : "8.1.2.1, 8.3.4: first say where the ship leaving the "
	                                  "captured port goes (naval_escape)");
}

static int act_naval_escape(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err)
{
	(void)side;
	enum piece_kind kind = PK_ASSET;
	int k = current(s, &kind);
	int idx;
	if (!lw_a_int(a, kind_key[kind], &idx) || idx != k)
		return tg_fail(err, TG_E_ILLEGAL, "%s: the %s %d is the one to place",
		               kind_rule[kind], kind_key[kind], k);
	struct lw_navy_piece *x = kind_piece(s, kind, k);
	int dest[MAX_DEST];
	int n = dests(s, kind, x->hex, dest);
	const json_t *lost = json_object_get(a, "lost");
	if (json_is_true(lost)) {
		if (n > 0)
			return tg_fail(err, TG_E_ILLEGAL, "%s: the ship can still escape",
			               kind_rule[kind]);
		lose(s, x, kind_name[kind], "no friendly port is left within reach");
		return 0;
	}
	int want, col;
	if (lw_a_int(a, "hex", &want)) {
		if (want <= 0)
			return tg_fail(err, TG_E_MALFORMED, "\"hex\" is a hex number");
	} else if (kind == PK_RAIDER && lw_a_int(a, "column", &col)) {
		want = -1 - col;
	} else {
		return tg_fail(err, TG_E_MALFORMED,
		               kind == PK_RAIDER
		                   ? "naval_escape needs an integer \"hex\" or \"column\""
		                   : "naval_escape needs an integer \"hex\"");
	}
	bool ok = false;
	for (int i = 0; i < n && !ok; i++)
		ok = dest[i] == want;
	if (!ok)
		return tg_fail(err, TG_E_ILLEGAL, "%s",
		               kind == PK_ASSET
		                   ? "8.1.2.1: the ironclad goes to the closest friendly port "
		                     "(river or ocean) with room, within four hexes"
		               : kind == PK_RAIDER
		                   ? "8.3.4, 8.1.1: the Raider goes to an empty RAID hex or "
		                     "another friendly ocean port"
		                   : "8.0, 7.1.8: the Fleet goes to the nearest port of "
		                     "Washington, Baltimore, Philadelphia and New York the Union "
		                     "holds");
	if (kind == PK_ASSET) {
		ironclad_to(s, k, want);
	} else if (kind == PK_RAIDER) {
		raider_to(s, k, want);
		if (want > 0 && out)
			out->barrier = true; /* a blockade may have been run */
	} else {
		fleet_to(s, k, want);
	}
	return 0;
}

/* 8.1.2.1, 8.3.4, 7.1.8: where a ship leaving a captured port goes. */
static const struct lw_action rows[] = {
    {"naval_escape", "8.1.2.1", act_naval_escape, 0},
};
const struct lw_actions lw_naval_escape_actions = LW_ACTIONS("naval_escape", rows, refuse);

int lw_naval_escape_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err)
{
	enum piece_kind kind = PK_ASSET;
	int k = current(s, &kind);
	if (k < 0 || side != owner(kind))
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "8.1.2.1: no ship waits for its port");
	return lw_action_dispatch(&lw_naval_escape_actions, s, side, a, out, err);
}
