/* lw_supply.c — 20.0 supply (see lw_supply.h). */
#include "lw_supply.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "lw_data_sections.h"
#include "lw_forage.h"
#include "lw_it.h"
#include "lw_march.h"
#include "lw_siege.h"

#define MAXQ 10000
#define OCC_MAX 512 /* hexes of the map whose units a trace sums up (trace.occ) */

struct trace_cav { /* a cavalry unit on the map (cav_cut) */
	int16_t hex;
	int8_t side;
	uint8_t stars;
};

struct trace {
	const struct lw_state *s;
	const struct lw_data *d;
	int side;
	const struct lw_river_rolls *rolls; /* read */
	struct lw_river_rolls *roll_into;   /* write (may be NULL) */
	struct tg_rng *rng;
	/* the hexes' marks (seen: 1 overland, 2 network; counted: the city's
	 * supply already added) are trace_marks', valid for this trace's
	 * generation */
	uint32_t gen;
	int supply;
	bool sea_counted; /* 20.2: the Union's ocean ports already added */
	int origin;       /* the force's hex (14.4.1: captured ports supply it, not inland) */
	/* The units on the map summed up (units_sum), read by the trace; one
	 * sum serves every trace of a pass in which no unit moves (issue 17:
	 * supply_checks and lw_supply_reopen summed them again for each force,
	 * a tenth of lw_act's instructions). units_known false: ask the units
	 * (has_units). */
	bool units_known;
	const struct trace_units *u;
	/* what a trace asks again and again, answered once (issue 17): the
	 * side holds a Kentucky city (2.4.3; -1 not asked yet); cav_known:
	 * the sum's cavalry reach holds for this side (false: cav_cut judges
	 * each hex). A trace reads the state and changes none of what these
	 * read. */
	int8_t kentucky;
	bool cav_known;
	/* the cities that end river sections, judged once a trace (end_of):
	 * end_known the cities judged, of them end_fr friendly, end_as
	 * friendly with a CSN Asset, end_en enemy (20.1: who holds them does
	 * not change while a trace runs) */
	struct lw_city_set end_known, end_fr, end_as, end_en;
};

/* The units on the map, summed up (issue 17: the steps asked has_units and
 * cav_cut walked all the units for each hex judged). occ by hex slot
 * (lw_data.hex_slot - 1, below OCC_MAX): bit 1 << side for a unit of that
 * side there, 16 << side for an infantry one (sides 0..3); cav: the
 * cavalry on the map, in the units' order; cav_best by hex slot as occ:
 * the most stars of each side's cavalry that reach the hex (13.2.6,
 * cav_sum), whole only when cav_ok. It reads each unit's where, hex, side,
 * cavalry and stars: it holds while none of them changes. */
struct trace_units {
	uint8_t occ[OCC_MAX];
	int ncav;
	struct trace_cav cav[LW_MAX_UNITS];
	bool cav_ok;
	uint8_t cav_best[LW_SIDE_SLOTS][OCC_MAX];
};

static bool valid_hex(int h)
{
	return h > 0 && h < MAXQ;
}

/* The marks of the trace running on this thread, by hex id: MARK_GEN_SHIFT
 * bits up, the generation of the trace that set them; below, seen (1
 * overland, 2 network) and counted. A mark of another generation is no
 * mark, so a trace begins by taking a new generation instead of clearing
 * them (issue 17: clearing 5 KB of marks was about a sixth of a trace's
 * instructions); all are cleared once when the generations wrap. One
 * trace at a time on a thread: nothing a trace calls traces supply. */
enum { MARK_SEEN = 3u, MARK_COUNTED = 4u, MARK_GEN_SHIFT = 3 };
static _Thread_local struct {
	uint32_t gen;
	uint32_t at[MAXQ];
} trace_marks;

static uint32_t marks_begin(void)
{
	if (++trace_marks.gen >= 1u << (32 - MARK_GEN_SHIFT)) {
		memset(trace_marks.at, 0, sizeof trace_marks.at);
		trace_marks.gen = 1;
	}
	return trace_marks.gen;
}

static unsigned mark_of(const struct trace *t, int hex)
{
	uint32_t m = trace_marks.at[hex];
	return m >> MARK_GEN_SHIFT == t->gen ? m & ((1u << MARK_GEN_SHIFT) - 1) : 0;
}

static unsigned seen_of(const struct trace *t, int hex)
{
	return mark_of(t, hex) & MARK_SEEN;
}

static void set_seen(const struct trace *t, int hex, unsigned seen)
{
	trace_marks.at[hex] =
	    t->gen << MARK_GEN_SHIFT | (mark_of(t, hex) & MARK_COUNTED) | (seen & MARK_SEEN);
}

static bool has_units(const struct lw_state *s, int hex, int side, bool infantry_only)
{
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->where == LW_W_MAP && u->hex == hex && u->side == side &&
		    (!infantry_only || !u->cavalry))
			return true;
	}
	return false;
}

/* has_units, read from the trace's sum of the units when it has one. */
static bool units_at(const struct trace *t, int hex, int side, bool infantry_only)
{
	if (t->units_known && side >= 0 && side < 4 && hex >= 0 && hex < LW_HEX_IDS) {
		unsigned slot = t->d->hex_slot[hex];
		if (slot && slot <= OCC_MAX)
			return (t->u->occ[slot - 1] & ((infantry_only ? 16u : 1u) << side)) != 0;
	}
	return has_units(t->s, hex, side, infantry_only);
}

static int enemy_of(int side)
{
	return LW_OTHER(side);
}

/* lw_data_hex, read here: a trace asks it of every hex it steps into
 * (issue 17: a call a question, lw_city_at, lw_is_kentucky and
 * lw_hex_in_territory each asked it again) */
static const struct lw_hex *hex_of(const struct lw_data *d, int hex)
{
	unsigned slot = hex >= 0 && hex < LW_HEX_IDS ? d->hex_slot[hex] : 0;
	return slot ? &d->hexes[slot - 1] : NULL;
}

/* lw_city_at */
static int city_of(const struct lw_data *d, int hex)
{
	const struct lw_hex *h = hex_of(d, hex);
	return h && h->city >= 0 ? h->city : -1;
}

static bool enemy_city(const struct trace *t, int hex)
{
	int c = city_of(t->d, hex);
	return c >= 0 && lw_city_controller(t->s, c) == enemy_of(t->side);
}

/* 13.2.6: uncontested enemy cavalry next to (not across a river from) the
 * hex cuts land and rail supply into it; a friendly cavalry CO of equal rank
 * nullifies it, a higher one wins. Cavalry never cuts into its enemy's city
 * or occupied hex (13.2.5). */
static bool cav_cut_judged(const struct trace *t, int hex)
{
	const struct lw_state *s = t->s;
	if (units_at(t, hex, t->side, false))
		return false;
	int c = lw_city_at(hex);
	if (c >= 0 && lw_city_controller(s, c) == t->side)
		return false;
	int best[LW_SIDE_SLOTS] = {0};
	for (int i = 0; i < t->u->ncav; i++) {
		const struct trace_cav *u = &t->u->cav[i];
		if (u->hex != hex && !tg_hex_adjacent(&t->d->grid, u->hex, hex))
			continue;
		if (u->hex != hex && (lw_data_hexside_flags(t->d, u->hex, hex) & LW_HS_RIVER))
			continue; /* 13.2.6: not across rivers */
		if (u->stars > best[u->side])
			best[u->side] = u->stars;
	}
	return best[enemy_of(t->side)] > best[t->side];
}

/* cav_cut_judged, from the trace's sum of the cavalry when it has one
 * (trace.cav_best, the same cavalry, stars and rivers) */
static bool cav_cut(const struct trace *t, int hex)
{
	unsigned slot = t->cav_known && hex >= 0 && hex < LW_HEX_IDS ? t->d->hex_slot[hex] : 0;
	if (!slot || slot > OCC_MAX)
		return cav_cut_judged(t, hex);
	if (units_at(t, hex, t->side, false))
		return false;
	int c = city_of(t->d, hex);
	if (c >= 0 && lw_city_controller(t->s, c) == t->side)
		return false;
	return t->u->cav_best[enemy_of(t->side)][slot - 1] > t->u->cav_best[t->side][slot - 1];
}

/* hex's neighbours (0 after the last) and the hexsides to them, and
 * their flags: a data hex's rows read in place (lw_data_next_index), any
 * other hex's copied into the caller's buffers */
struct next_rows {
	const int16_t *nb;
	const struct lw_hexside *const *side;
	const unsigned *flags;
	int16_t nb_buf[7];
	const struct lw_hexside *side_buf[6];
	unsigned flags_buf[6];
};
static void next_rows(struct next_rows *r, const struct lw_data *d, int hex)
{
	int i = lw_data_next_index(d, hex);
	if (i >= 0) {
		r->nb = d->next[i];
		r->side = d->next_side[i];
		r->flags = d->next_flags[i];
		return;
	}
	int nb[6];
	int m = lw_data_neighbour_sides(d, hex, nb, r->side_buf);
	for (int k = 0; k < m; k++) {
		r->nb_buf[k] = (int16_t)nb[k];
		r->flags_buf[k] = lw_data_hexside_flags(d, hex, nb[k]);
	}
	r->nb_buf[m] = 0;
	r->nb = r->nb_buf;
	r->side = r->side_buf;
	r->flags = r->flags_buf;
}

/* The cavalry's reach summed up by hex (trace_units.cav_best): each unit's
 * stars in its own hex and in the hexes next to it not across a river,
 * the best of each side; cav_ok false when a unit or its hex is of a
 * kind the sum does not hold (cav_cut then judges each hex). */
static void cav_sum(struct trace_units *t, const struct lw_data *d)
{
	memset(t->cav_best, 0, sizeof t->cav_best);
	t->cav_ok = true;
	for (int i = 0; i < t->ncav; i++) {
		const struct trace_cav *u = &t->cav[i];
		unsigned us = d->hex_slot[u->hex];
		if (!us || us > OCC_MAX || u->side < 0 || u->side >= LW_SIDE_SLOTS) {
			t->cav_ok = false;
			break;
		}
		struct next_rows r;
		next_rows(&r, d, u->hex);
		const int16_t *nb = r.nb;
		const unsigned *f = r.flags;
		for (int j = -1; j < 6 && (j < 0 || nb[j]); j++) {
			int h = j < 0 ? u->hex : nb[j];
			unsigned slot = h > 0 && h < LW_HEX_IDS ? d->hex_slot[h] : 0;
			if (!slot || slot > OCC_MAX)
				continue; /* not a hex of the data: cav_cut judges it */
			if (j >= 0 && (f[j] & LW_HS_RIVER))
				continue; /* 13.2.6: not across rivers */
			if (u->stars > t->cav_best[u->side][slot - 1])
				t->cav_best[u->side][slot - 1] = u->stars;
		}
	}
}

/* 2.4.3: no Kentucky rail or river until the side controls a Kentucky city. */
static bool kentucky_ok(struct trace *t, int hex)
{
	const struct lw_hex *h = hex_of(t->d, hex);
	if (!h || !h->kentucky) /* lw_is_kentucky, kept by the data */
		return true;
	if (t->kentucky < 0) {
		t->kentucky = 0;
		for (size_t k = 0; k < t->d->n_kentucky_cities; k++)
			if (lw_city_controller(t->s, t->d->kentucky_cities[k]) == t->side) {
				t->kentucky = 1;
				break;
			}
	}
	return t->kentucky == 1;
}

static int city_supply(struct trace *t, int hex)
{
	int c = city_of(t->d, hex);
	if (c < 0 || lw_city_controller(t->s, c) != t->side || t->s->city[c].raided)
		return 0; /* 20.0: a Raided city is traced through, its value is 0 */
	if (hex != t->origin && !lw_pcsa_supplies(t->s, t->side, c))
		return 0; /* 14.4.1: inland only from New Orleans and the PCSA (lw_pcsa.c) */
	const struct lw_city *city = &t->d->cities[c];
	if (t->side == LW_UNION && city->ocean_port) {
		/* 20.2: "The Union may trace supply to friendly and captured ocean
		 * ports across any number of ocean hexes back to Union ocean
		 * ports": a Union ocean port the line reaches (his own, Fort
		 * Monroe included (2.3), or a captured one it may draw on, 14.4.1)
		 * adds, once a trace, the supply of all his own ocean ports; a
		 * captured port adds its own value too (his own are in that sum) */
		int v = city->control != LW_CTRL_UNION && city->supply > 0 ? city->supply : 0;
		if (!t->sea_counted) {
			t->sea_counted = true;
			v += lw_naval_sea_supply(t->s);
		}
		return v;
	}
	if (city->supply >= 0)
		return city->supply;
	/* 2.3: bracketed regions are supply bases for their owner; the map
	 * prints no number, we count them as enough for any force. */
	return city->bracketed ? 99 : 0;
}

static void add_city(struct trace *t, int hex)
{
	if (city_of(t->d, hex) < 0)
		return; /* no city: nothing to add (city_supply) */
	unsigned m = mark_of(t, hex);
	if (!(m & MARK_COUNTED)) {
		trace_marks.at[hex] = t->gen << MARK_GEN_SHIFT | m | MARK_COUNTED;
		t->supply += city_supply(t, hex);
	}
}

/* Does hex touch river r (a hexside's river_bit; ~0u: any river)? Read
 * from the data's rivers of each hex (issue 17: it was a walk of the
 * neighbours with a hexside look-up and a strcmp for each, asked hundreds
 * of thousands of times an action while forces were out of supply). */
static bool touches_river(const struct lw_data *d, int hex, uint32_t r)
{
	return (lw_data_hex_rivers(d, hex) & r) != 0;
}

/* How the city of index c ends a section for the side traced: END_KNOWN
 * and END_FRIENDLY / END_ASSET / END_ENEMY (judged once a trace:
 * ends_judge) */
enum { END_KNOWN = 1, END_FRIENDLY = 2, END_ASSET = 4, END_ENEMY = 8 };
static unsigned end_of(const struct trace *t, int c, int hex)
{
	int ctl = lw_city_controller(t->s, c);
	if (ctl == t->side)
		/* 20.1: a CSN Asset in his city of the section */
		return END_KNOWN | END_FRIENDLY |
		       (lw_naval_assets_at(t->s, hex) > 0 ? END_ASSET : 0);
	return END_KNOWN | (ctl == enemy_of(t->side) ? END_ENEMY : 0);
}

/* Judge the cities of m this trace has not judged yet (end_of); every
 * city of m is then in t->end_known. */
static void ends_judge(struct trace *t, const struct lw_city_set *m)
{
	for (int w = 0; w < LW_CITY_SET_WORDS; w++) {
		uint64_t left = m->w[w] & ~t->end_known.w[w];
		t->end_known.w[w] |= left;
		for (; left; left &= left - 1) {
			int c = w * 64 + __builtin_ctzll(left);
			uint64_t bit = left & (~left + 1u);
			unsigned e = end_of(t, c, t->d->cities[c].hex);
			if (e & END_FRIENDLY)
				t->end_fr.w[w] |= bit;
			if (e & END_ASSET)
				t->end_as.w[w] |= bit;
			if (e & END_ENEMY)
				t->end_en.w[w] |= bit;
		}
	}
}

static void ends_flags(struct trace *t, const int16_t *ends, int n, bool *friendly, bool *enemy,
                       bool *asset)
{
	for (int i = 0; i < n; i++) {
		unsigned e = end_of(t, city_of(t->d, ends[i]), ends[i]);
		*friendly = *friendly || (e & END_FRIENDLY);
		*asset = *asset || (e & END_ASSET);
		*enemy = *enemy || (e & END_ENEMY);
	}
}

/* 20.1: the controllers of the river cities that bound the section of river
 * r around hexes a and b. *friendly / *enemy tell who holds an end. The
 * cities are the data's (lw_data_section_ends: a river city ends the
 * section, and the walk along the hexes touching the river between them is
 * made once at load, issue 17). */
static void section_ends(struct trace *t, uint32_t r, int a, int b, bool *friendly, bool *enemy,
                         bool *asset)
{
	*friendly = *enemy = *asset = false;
	/* the ends around a and b are a's and b's (lw_data_section_ends_of),
	 * kept by the data as sets of cities: who holds them is judged once a
	 * city a trace */
	const struct lw_city_set *sa = lw_data_section_end_set(t->d, r, a);
	const struct lw_city_set *sb = b == a ? sa : lw_data_section_end_set(t->d, r, b);
	if (sa && sb) {
		struct lw_city_set m;
		uint64_t fr = 0, en = 0, as = 0;
		for (int w = 0; w < LW_CITY_SET_WORDS; w++)
			m.w[w] = sa->w[w] | sb->w[w];
		ends_judge(t, &m);
		for (int w = 0; w < LW_CITY_SET_WORDS; w++) {
			fr |= m.w[w] & t->end_fr.w[w];
			en |= m.w[w] & t->end_en.w[w];
			as |= m.w[w] & t->end_as.w[w];
		}
		*friendly = fr != 0;
		*enemy = en != 0;
		*asset = as != 0;
		return;
	}
	int16_t ends[LW_MAX_CITIES];
	int n = lw_data_section_ends(t->d, r, a, b, ends, LW_MAX_CITIES);
	ends_flags(t, ends, n < LW_MAX_CITIES ? n : LW_MAX_CITIES, friendly, enemy, asset);
}

/* 20.1: may supply be traced across or into the section of river r? */
static bool section_ok(struct trace *t, uint32_t r, int a, int b)
{
	bool fr, en, asset;
	section_ends(t, r, a, b, &fr, &en, &asset);
	if (en && !fr)
		return false; /* unfriendly uncontested: never */
	if (en && fr)
		return t->side == LW_UNION ||
		       asset; /* contested: Union yes, CS only with an Asset */
	return true;
}

/* The index of side's roll at hex in r, -1 if none is made */
static int roll_of(const struct lw_river_rolls *r, int side, int hex)
{
	for (int k = 0; k < r->n && k < LW_MAX_UNITS; k++)
		if (r->roll[k].hex == hex && r->roll[k].side == side)
			return k;
	return -1;
}

/* 20.1: an enemy infantry force beside the river: even die, supply passes.
 * The die is kept per hex and per side whose line is traced: in a hex
 * holding both sides' infantry (a siege), the Union's line is judged
 * against the Confederate force and the Confederates' line against the
 * Union force, so one roll does not decide both (decision, docs/decisions.md "20.0 supply"). Rolled
 * at most once per hex per side per Supply Phase, with the engine's generator, in the order the
 * phase traces. */
static bool river_past_enemy(struct trace *t, int hex)
{
	if (!units_at(t, hex, enemy_of(t->side), true))
		return true;
	if (t->roll_into && t->rng) {
		struct lw_river_rolls *r = t->roll_into;
		int k = roll_of(r, t->side, hex);
		if (k >= 0)
			return r->roll[k].r == 1;
		uint8_t got = tg_rng_die(t->rng, 6) % 2 == 0 ? 1 : 2;
		/* a pair a hex of the other side's infantry: never more than
		 * LW_MAX_UNITS (lw_river_rolls) */
		assert(r->n < LW_MAX_UNITS);
		if (r->n >= 0 && r->n < LW_MAX_UNITS) {
			r->roll[r->n].hex = (int16_t)hex;
			r->roll[r->n].side = (int8_t)t->side;
			r->roll[r->n++].r = got;
		}
		return got == 1;
	}
	int k = t->rolls ? roll_of(t->rolls, t->side, hex) : -1;
	return k >= 0 && t->rolls->roll[k].r == 1;
}

/* Overland (two hexes) step a -> b, across hexside hs (lw_data_hexside). */
static bool land_step_ok(struct trace *t, int a, int b, const struct lw_hexside *hs)
{
	const struct lw_hex *h = hex_of(t->d, b);
	if (!h || h->terrain == LW_TERRAIN_OCEAN || !valid_hex(b))
		return false;
	if (hs && (hs->flags & LW_HS_IMPASSABLE))
		return false;
	if (units_at(t, b, enemy_of(t->side), false) || enemy_city(t, b) || cav_cut(t, b))
		return false; /* 20.0: never through an enemy unit's hex */
	if (hs && hs->river && !section_ok(t, hs->river_bit, a, b))
		return false; /* 20.1: across an unfriendly river section */
	return true;
}

/* A rail hexside joins hex to a neighbour: the data's rail flag of the
 * hex (a rail's path is of two hexes or more, each joined to the next by
 * a rail hexside; test_data checks the flag against the hexsides). */
static bool rail_hex(const struct lw_data *d, int hex)
{
	const struct lw_hex *h = hex_of(d, hex);
	return h && h->rail;
}

static bool river_usable(const struct trace *t, int hex)
{
	/* 20.0: the Confederates may not use rivers in the North
	 * (lw_hex_in_territory(hex, LW_UNION), kept by the data) */
	const struct lw_hex *h = hex_of(t->d, hex);
	return !(t->side == LW_CONFEDERATE && h && (h->territory_of >> LW_UNION) & 1u);
}

/* Network step a -> b by rail, or along a river both hexes touch; rhs the
 * hexside between them (lw_data_hexside). */
static bool network_step_ok(struct trace *t, int a, int b, const struct lw_hexside *rhs)
{
	if (!valid_hex(b) || !kentucky_ok(t, b))
		return false;
	unsigned f = rhs ? rhs->flags : 0;
	if (f & LW_HS_IMPASSABLE)
		return false;
	/* 20.0: a rail path is blocked by an enemy city or garrison, enemy
	 * cavalry interdiction, an enemy force or an RIT (13.2.6, lw_cavalry.c).
	 * 20.1: "Players may never trace supply across or into unfriendly
	 * Uncontested River Sections": a rail line that crosses a river
	 * hexside crosses that section too, so it is judged as an overland
	 * crossing is (land_step_ok): an unfriendly section, or a contested one
	 * for the Confederates without an Asset, closes the bridge. */
	bool bridge_ok = !(rhs && rhs->river) || section_ok(t, rhs->river_bit, a, b);
	if ((f & LW_HS_RAIL) && bridge_ok && !units_at(t, b, enemy_of(t->side), false) &&
	    !enemy_city(t, b) && !cav_cut(t, b) && !lw_rit_at(t->s, b))
		return true;
	/* 20.1: along a river; enemy cities block, enemy infantry may. */
	if (!river_usable(t, a) || !river_usable(t, b) || enemy_city(t, b))
		return false;
	/* a river of a hexside of a that b touches too: the rivers both hexes
	 * touch (lw_hex.rivers, each river once; a's rivers are those of its
	 * hexsides) */
	uint32_t both = lw_data_hex_rivers(t->d, a) & lw_data_hex_rivers(t->d, b);
	for (uint32_t left = both; left; left &= left - 1) {
		if (!section_ok(t, left & (~left + 1u), a, b))
			continue;
		if (units_at(t, b, enemy_of(t->side), false) &&
		    !units_at(t, b, enemy_of(t->side), true))
			return true; /* a lone cavalry general does not count */
		return river_past_enemy(t, b);
	}
	return false;
}

static int force_stars(const struct lw_state *s, int hex, int side)
{
	int n = 0;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->where == LW_W_MAP && u->hex == hex && u->side == side)
			n += u->stars;
	}
	return n;
}

/* Can the force of t->side at hex, of need stars (force_stars), trace
 * supply for them? */
static bool trace_run(struct trace *t, int hex, int need)
{
	if (!valid_hex(hex))
		return false;
	if (lw_naval_sea_supplied(t->s, hex, t->side) && lw_naval_sea_supply(t->s) >= need)
		return true; /* 20.2: a Union force in a friendly or captured ocean port */
	t->origin = hex;
	/* overland: up to two hexes to a friendly city or a rail/river hex.
	 * Each hex's city counts as the hex is reached, and the trace ends
	 * once the cities reached feed the force (issue 17: most forces
	 * stand in or next to a city that feeds them, and the whole walk of
	 * two hexes was judged first). Nothing overland rolls a die (only a
	 * river step past enemy infantry does), so this changes no answer
	 * and no roll: the network below starts only when the cities
	 * overland do not feed the force, as it did. */
	enum { LAND_MAX = 64, NET_MAX = 4096 };
	int land[LAND_MAX], dist[LAND_MAX], nl = 0;
	land[nl] = hex;
	dist[nl++] = 0;
	set_seen(t, hex, 1);
	add_city(t, hex);
	if (t->supply >= need)
		return true;
	for (int i = 0; i < nl; i++) {
		if (dist[i] == 2)
			continue;
		struct next_rows r;
		next_rows(&r, t->d, land[i]);
		const int16_t *nb = r.nb;
		const struct lw_hexside *const *hs = r.side;
		for (int j = 0; j < 6 && nb[j] && nl < LAND_MAX; j++)
			if (valid_hex(nb[j]) && !seen_of(t, nb[j]) &&
			    land_step_ok(t, land[i], nb[j], hs[j])) {
				set_seen(t, nb[j], 1);
				land[nl] = nb[j];
				dist[nl++] = dist[i] + 1;
				add_city(t, nb[j]);
				if (t->supply >= need)
					return true;
			}
	}
	int16_t q[NET_MAX];
	int nq = 0;
	for (int i = 0; i < nl; i++) {
		if ((rail_hex(t->d, land[i]) || touches_river(t->d, land[i], ~0u)) &&
		    kentucky_ok(t, land[i])) {
			set_seen(t, land[i], 2);
			q[nq++] = (int16_t)land[i];
		}
	}
	/* along rails and rivers, any distance */
	for (int i = 0; i < nq && t->supply < need; i++) {
		add_city(t, q[i]);
		struct next_rows r;
		next_rows(&r, t->d, q[i]);
		const int16_t *nb = r.nb;
		const struct lw_hexside *const *hs = r.side;
		for (int j = 0; j < 6 && nb[j]; j++)
			if (valid_hex(nb[j]) && seen_of(t, nb[j]) != 2 && nq < NET_MAX &&
			    network_step_ok(t, q[i], nb[j], hs[j])) {
				set_seen(t, nb[j], 2);
				q[nq++] = (int16_t)nb[j];
			}
	}
	return t->supply >= need;
}

/* The units of s on the map summed up for traces (struct trace_units). */
static void units_sum(struct trace_units *tu, const struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	memset(tu->occ, 0, sizeof tu->occ);
	tu->ncav = 0;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->where != LW_W_MAP)
			continue;
		int h = u->hex;
		unsigned slot = h >= 0 && h < LW_HEX_IDS ? d->hex_slot[h] : 0;
		if (slot && slot <= OCC_MAX && u->side >= 0 && u->side < 4)
			tu->occ[slot - 1] |= (uint8_t)(((u->cavalry ? 0u : 16u) | 1u) << u->side);
		if (u->cavalry && valid_hex(h) && tu->ncav < LW_MAX_UNITS) {
			tu->cav[tu->ncav].hex = (int16_t)h;
			tu->cav[tu->ncav].side = u->side;
			tu->cav[tu->ncav++].stars = u->stars;
		}
	}
	cav_sum(tu, d);
}

#ifndef NDEBUG
/* Is tu still the sum of the units of s (no unit moved since)? */
static bool units_sum_holds(const struct trace_units *tu, const struct lw_state *s)
{
	static _Thread_local struct trace_units now;
	units_sum(&now, s);
	return memcmp(now.occ, tu->occ, sizeof now.occ) == 0 && now.ncav == tu->ncav &&
	       memcmp(now.cav, tu->cav, sizeof now.cav[0] * (size_t)now.ncav) == 0 &&
	       now.cav_ok == tu->cav_ok &&
	       memcmp(now.cav_best, tu->cav_best, sizeof now.cav_best) == 0;
}
#endif

/* A trace of side's supply from hex: its marks those of a new generation
 * (marks_begin), the units' sum tu's (units_sum, of s as it stands). */
static void trace_init(struct trace *t, const struct lw_state *s, int side,
                       const struct trace_units *tu)
{
	assert(units_sum_holds(tu, s) && "a unit moved under a kept trace_units");
	t->s = s;
	t->d = lw_D();
	t->side = side;
	t->rolls = NULL;
	t->roll_into = NULL;
	t->rng = NULL;
	t->supply = 0;
	t->sea_counted = false;
	t->origin = 0;
	t->gen = marks_begin();
	t->kentucky = -1;
	memset(&t->end_known, 0, sizeof t->end_known);
	memset(&t->end_fr, 0, sizeof t->end_fr);
	memset(&t->end_as, 0, sizeof t->end_as);
	memset(&t->end_en, 0, sizeof t->end_en);
	t->units_known = true;
	t->u = tu;
	t->cav_known = tu->cav_ok && side >= 0 && side < LW_SIDE_SLOTS && enemy_of(side) >= 0 &&
	               enemy_of(side) < LW_SIDE_SLOTS;
}

/* lw_supply_traced with the units' sum tu and the force's stars need
 * (force_stars: the callers that hold the force's units sum them, issue 17) */
static bool traced_with(const struct lw_state *s, int hex, int side,
                        const struct lw_river_rolls *rolls, const struct trace_units *tu, int need)
{
	assert(need == force_stars(s, hex, side));
	struct trace t; /* on the stack; its marks are this thread's (trace_marks) */
	trace_init(&t, s, side, tu);
	t.rolls = rolls;
	return trace_run(&t, hex, need);
}

bool lw_supply_traced(const struct lw_state *s, int hex, int side,
                      const struct lw_river_rolls *rolls)
{
	struct trace_units tu;
	units_sum(&tu, s);
	return traced_with(s, hex, side, rolls, &tu, force_stars(s, hex, side));
}

/* lw_supply_traced_roll with the units' sum tu and the force's stars need */
static bool traced_roll_with(struct lw_state *s, int hex, int side, struct lw_river_rolls *rolls,
                             const struct trace_units *tu, int need)
{
	assert(need == force_stars(s, hex, side));
	struct trace t;
	trace_init(&t, s, side, tu);
	t.rolls = rolls;
	t.roll_into = rolls;
	t.rng = &s->rng;
	return trace_run(&t, hex, need);
}

bool lw_supply_traced_roll(struct lw_state *s, int hex, int side, struct lw_river_rolls *rolls)
{
	struct trace_units tu;
	units_sum(&tu, s);
	return traced_roll_with(s, hex, side, rolls, &tu, force_stars(s, hex, side));
}

/* ---- 20.6: OOS tokens come off as soon as a line of supply opens ----------------- */

/* What a trace without dice reads of the state, besides the data: the
 * units (units_sum, has_units, force_stars: where, hex, side, stars,
 * cavalry), the cities' owners and Raided tokens (lw_city_controller,
 * city_supply, lw_naval_sea_supply, lw_pcsa_supplies, kentucky_ok), the
 * places of the navy's assets (end_of's CSN Asset, 20.1), the RITs
 * (lw_rit_at, 13.2.3) and the PCSA's hex (14.4.1). Two states whose
 * inputs are equal give every force the same answer. */
struct trace_inputs {
	int n_units, n_cities;
	uint64_t unit[LW_MAX_UNITS]; /* unit_key */
	struct lw_city_state city[LW_MAX_CITIES];
	uint8_t asset_where[LW_NAVY_ASSETS];
	int16_t asset_hex[LW_NAVY_ASSETS];
	int rit_n;
	int16_t rit[LW_RIT_MAX];
	int16_t pcsa;
};

/* A unit's side, where, stars, cavalry and hex: the eight bytes from its
 * side to its hex, less its wounds and flags (one read a unit) */
_Static_assert(offsetof(struct lw_unit, where) == offsetof(struct lw_unit, side) + 1 &&
                   offsetof(struct lw_unit, stars) == offsetof(struct lw_unit, side) + 2 &&
                   offsetof(struct lw_unit, cavalry) == offsetof(struct lw_unit, side) + 3 &&
                   offsetof(struct lw_unit, hex) + sizeof(int16_t) ==
                       offsetof(struct lw_unit, side) + sizeof(uint64_t),
               "unit_key reads side..hex as eight bytes");
static uint64_t unit_key_mask(void)
{
	struct lw_unit m;
	memset(&m, 0, sizeof m);
	m.side = -1;
	m.where = m.stars = m.cavalry = UINT8_MAX;
	m.hex = -1;
	uint64_t k;
	memcpy(&k, &m.side, sizeof k);
	return k;
}

/* k becomes the inputs of s; true when they were those already */
static bool inputs_take(struct trace_inputs *k, const struct lw_state *s)
{
	int nu = s->n_units < LW_MAX_UNITS ? s->n_units : LW_MAX_UNITS;
	/* lw_naval_sea_supply reads the data's cities, lw_city_controller the
	 * state's */
	int nc = (int)lw_D()->n_cities > s->n_cities ? (int)lw_D()->n_cities : s->n_cities;
	nc = nc < LW_MAX_CITIES ? nc : LW_MAX_CITIES;
	int nr = s->cav.rit_n < LW_RIT_MAX ? s->cav.rit_n : LW_RIT_MAX;
	unsigned diff = (k->n_units != s->n_units) | (k->n_cities != s->n_cities) |
	                (k->rit_n != s->cav.rit_n) | (k->pcsa != s->amphib.pcsa.hex);
	k->n_units = s->n_units;
	k->n_cities = s->n_cities;
	k->rit_n = s->cav.rit_n;
	k->pcsa = s->amphib.pcsa.hex;
	uint64_t mask = unit_key_mask();
	for (int i = 0; i < nu; i++) {
		uint64_t v;
		memcpy(&v, &s->unit[i].side, sizeof v);
		v &= mask;
		diff |= k->unit[i] != v;
		k->unit[i] = v;
	}
	/* the whole record (a garrison placed only misses) */
	size_t cities = (size_t)nc * sizeof s->city[0];
	diff |= memcmp(k->city, s->city, cities) != 0;
	memcpy(k->city, s->city, cities);
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		diff |= (k->asset_where[i] != s->navy.asset[i].where) |
		        (k->asset_hex[i] != s->navy.asset[i].hex);
		k->asset_where[i] = s->navy.asset[i].where;
		k->asset_hex[i] = s->navy.asset[i].hex;
	}
	for (int i = 0; i < nr; i++) {
		diff |= k->rit[i] != s->cav.rit[i];
		k->rit[i] = s->cav.rit[i];
	}
	return !diff;
}

/* lw_supply_reopen's answers, kept with the inputs they were traced on
 * (issue 17: it traces each force under a token after every Operations
 * and Rail action, and about half of those calls, 717 of 1,365 in
 * bench_rules 6 6, met the inputs of the call before: a card played, a
 * force activated, a battle's step, no unit placed and no city taken).
 * This thread's, keyed by the inputs themselves, not by the match: a
 * force (hex, side) asked again on the same inputs has the same answer,
 * and is not traced again (Debug builds trace it and check). */
enum { REOPEN_KEPT = 32 };
static _Thread_local struct {
	struct trace_inputs in;
	bool valid; /* in holds some state's inputs */
	int n;
	struct {
		int16_t hex;
		int8_t side;
		bool ok;
	} force[REOPEN_KEPT];
} reopen_kept;

/* The first unit of [i, n) on the map under an Out-of-Supply token, or n.
 * Most units carry none (most calls of lw_supply_reopen find none at
 * all): four units' flags are tested together, then each of a four with a
 * token in unit order (issue 17: the scan inside the reopen's loop, its
 * count read again after each write of a unit's flags, was 3.6 M of
 * bench_rules 6 6's lw_act). */
static int next_token(const struct lw_unit *u, int i, int n)
{
	for (; n - i >= 4; i += 4) {
		if (!((u[i].flags | u[i + 1].flags | u[i + 2].flags | u[i + 3].flags) & LW_UF_OOS))
			continue;
		for (int k = i; k < i + 4; k++)
			if ((u[k].flags & LW_UF_OOS) && u[k].where == LW_W_MAP)
				return k;
	}
	for (; i < n; i++)
		if ((u[i].flags & LW_UF_OOS) && u[i].where == LW_W_MAP)
			return i;
	return n;
}

void lw_supply_reopen(struct lw_state *s)
{
	int16_t tried[LW_MAX_UNITS]; /* hexes (and side) already traced in vain */
	int8_t tried_side[LW_MAX_UNITS];
	int n_tried = 0;
	/* the units summed up once: the tokens alone change below */
	struct trace_units tu;
	bool summed = false, inputs_known = false;
	const int n_units = s->n_units < LW_MAX_UNITS ? s->n_units : LW_MAX_UNITS;
	for (int i = next_token(s->unit, 0, n_units); i < n_units;
	     i = next_token(s->unit, i + 1, n_units)) {
		const struct lw_unit *x = &s->unit[i];
		bool seen = false;
		for (int k = 0; k < n_tried && !seen; k++)
			seen = tried[k] == x->hex && tried_side[k] == x->side;
		if (seen)
			continue;
		tried[n_tried] = x->hex;
		tried_side[n_tried++] = x->side;
		/* 16.9.5.4.3: the besieged stay out of supply; no river die is
		 * rolled here, so a river past enemy infantry stays closed */
		bool cut = lw_siege_besieged(s, x->hex, x->side);
		int u[LW_MAX_UNITS];
		int n = lw_units_at(s, x->hex, x->side, u);
		if (!cut) {
			/* the tokens alone change in this call: the inputs hold */
			if (!inputs_known) {
				inputs_known = true;
				bool same = inputs_take(&reopen_kept.in, s) && reopen_kept.valid;
				reopen_kept.valid = true;
				if (!same)
					reopen_kept.n = 0;
			}
			int k = 0;
			while (k < reopen_kept.n && (reopen_kept.force[k].hex != x->hex ||
			                             reopen_kept.force[k].side != x->side))
				k++;
			bool kept = k < reopen_kept.n, ok = kept && reopen_kept.force[k].ok;
#ifdef NDEBUG
			if (!kept)
#endif
			{
				if (!summed) {
					units_sum(&tu, s);
					summed = true;
				}
				int stars = 0;
				for (int j = 0; j < n; j++)
					stars += s->unit[u[j]].stars;
				bool traced = traced_with(s, x->hex, x->side, NULL, &tu, stars);
				assert(!kept || traced == ok);
				ok = traced;
			}
			if (!kept && reopen_kept.n < REOPEN_KEPT) {
				reopen_kept.force[reopen_kept.n].hex = x->hex;
				reopen_kept.force[reopen_kept.n].side = x->side;
				reopen_kept.force[reopen_kept.n++].ok = ok;
			}
			cut = !ok;
		}
		/* 20.6: the token marks the force: "Any general(s) detached from
		 * an out-of-supply force receive an Out-of-Supply token", so a
		 * general who joined a force still cut off is under its token
		 * (and carries one when he leaves it). No token is placed on a
		 * force that had none ("ONLY placed during the Supply phase"). */
		for (int k = 0; k < n; k++)
			if (cut)
				s->unit[u[k]].flags |= LW_UF_OOS;
			else
				s->unit[u[k]].flags &= (uint8_t)~LW_UF_OOS;
	}
}

void lw_supply_reopen_force(struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS];
	int n = lw_units_at(s, hex, side, u), stars = 0;
	bool token = false;
	for (int k = 0; k < n; k++) {
		token = token || (s->unit[u[k]].flags & LW_UF_OOS);
		stars += s->unit[u[k]].stars;
	}
	if (!token)
		return; /* no token to take off: the answer changes nothing */
	struct trace_units tu;
	units_sum(&tu, s);
	if (!traced_with(s, hex, side, NULL, &tu, stars))
		return;
	for (int k = 0; k < n; k++)
		s->unit[u[k]].flags &= (uint8_t)~LW_UF_OOS;
}

/* ---- the Supply Phase (20.4 - 20.7) -------------------------------------------- */

static int units_here(const struct lw_state *s, int hex, int side, int out[LW_MAX_UNITS])
{
	return lw_units_at(s, hex, side, out);
}

static int side_it(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = units_here(s, hex, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

static void take_it(struct lw_state *s, int hex, int side, int n)
{
	int u[LW_MAX_UNITS];
	int m = units_here(s, hex, side, u);
	for (int i = 0; i < m && n > 0; i++) {
		int t = s->unit[u[i]].it < n ? s->unit[u[i]].it : n;
		s->unit[u[i]].it = (int16_t)(s->unit[u[i]].it - t);
		n -= t;
	}
}

/* 20.4 "owner's choice", made for him: a TCO first (temporary anyway), then
 * the subordinate with the fewest stars, the CO last. */
static int pick_demotion(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS];
	int n = units_here(s, hex, side, u);
	int co = lw_force_co_side(s, hex, side), best = LW_NONE, best_key = 1 << 30;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[u[i]];
		int key = (u[i] == co ? 1000 : 0) + (x->gen < 0 ? 0 : 100) + x->stars;
		if (key < best_key) {
			best_key = key;
			best = u[i];
		}
	}
	return best;
}

/* 20.5 / 20.7: draw forage cards for each general of the force at hex. */
static void forage(struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS];
	int n = units_here(s, hex, side, u);
	if (n == 0)
		return;
	int co = lw_force_co_side(s, hex, side), found = 0, drawn = 0;
	for (int i = 0; i < n; i++) {
		const struct lw_unit *x = &s->unit[u[i]];
		bool co_subs = u[i] == co && n > 1 && !x->cavalry;
		bool lone_gic = n == 1 && s->side[side].gic == u[i];
		int draws = lw_forage_draws(co_subs, lone_gic, x->cavalry != 0);
		for (int k = 0; k < draws; k++) {
			int card = lw_draw_card(s, side);
			if (!card)
				break;
			drawn++;
			const struct lw_card *c = lw_card(side, card);
			if (c && (c->symbols & LW_SYM_FORAGE))
				found++;
			lw_discard(s, side, card);
		}
	}
	int gain = lw_forage_it(n, found);
	s->unit[co].it = (int16_t)(s->unit[co].it + gain);
	char hl[64];
	lw_log(s, "%s force at %s is out of supply: %d forage found in %d cards, %+d IT (20.5).",
	       lw_side_title(side), lw_hex_label(hex, hl, sizeof hl), found, drawn, gain);
	/* 20.5: five or more IT: demotions again (the next stage); the rest stays */
}

/* 20.4: one demotion in the force at hex, of general u: five IT off with it;
 * a lone general disgraced loses all his IT. */
static void demote_for_it(struct lw_state *s, int hex, int side, int u)
{
	int others[LW_MAX_UNITS];
	bool lone = units_here(s, hex, side, others) == 1;
	take_it(s, hex, side, 5); /* 20.4: five IT off with each demotion */
	lw_demote(s, u);
	lw_unstack(s, hex, side); /* 12.4: a three-star demoted may leave too many stars */
	char hl[64];
	lw_log(s, "A general of the %s force at %s is demoted for its IT (%s).",
	       lw_side_title(side), lw_hex_label(hex, hl, sizeof hl),
	       s->command.supply_stage == LW_SS_FORAGE ? "20.5" : "20.4");
	if (lone && s->unit[u].where != LW_W_MAP)
		s->unit[u].it = 0; /* 20.4: a lone general disgraced loses all IT */
}

int lw_supply_it_demotions(struct lw_state *s, int hex, int side)
{
	int done = 0;
	/* bounded: each pass removes five IT */
	while (lw_it_demotions_owed(side_it(s, hex, side)) > 0 && done < LW_MAX_UNITS) {
		int u = pick_demotion(s, hex, side);
		if (u == LW_NONE)
			break;
		int others[LW_MAX_UNITS];
		bool lone = units_here(s, hex, side, others) == 1;
		demote_for_it(s, hex, side, u);
		done++;
		if (lone && s->unit[u].where != LW_W_MAP)
			break;
	}
	return done;
}

bool lw_supply_choice_force(const struct lw_state *s, int *hex, int *side)
{
	if (s->phase != LW_PH_SUPPLY ||
	    (s->command.supply_stage != LW_SS_IT && s->command.supply_stage != LW_SS_FORAGE))
		return false; /* 3.6: not while the plot's questions wait (LW_SS_PLOT) */
	/* the Union's forces first, then the Confederate's, in unit order
	 * (each force's IT from lw_activation.c's index: issue 17) */
	bool held = lw_units_hold(s), found = false;
	for (int sd = LW_UNION; sd <= LW_CONFEDERATE && !found; sd++)
		for (int i = 0; i < s->n_units && !found; i++) {
			const struct lw_unit *x = &s->unit[i];
			if (x->where == LW_W_MAP && x->side == sd &&
			    lw_it_demotions_owed(side_it(s, x->hex, sd)) > 0) {
				*hex = x->hex;
				*side = sd;
				found = true;
			}
		}
	lw_units_release(held);
	return found;
}

/* The demotions owed now: a lone general's at once; true when a force of
 * several generals waits for its owner's choice. */
static bool run_demotions(struct lw_state *s)
{
	for (int guard = 0; guard < 4 * LW_MAX_UNITS; guard++) {
		int hex, side, u[LW_MAX_UNITS];
		if (!lw_supply_choice_force(s, &hex, &side))
			return false;
		if (units_here(s, hex, side, u) > 1)
			return true; /* 20.4 "owner's choice" */
		demote_for_it(s, hex, side, u[0]);
	}
	return false;
}

/* One wound off, the supply check, IT off in supply, Out-of-Supply tokens
 * and forage (20.4 - 20.7), for every force of both sides. */
static void supply_checks(struct lw_state *s)
{
	struct lw_river_rolls rolls;
	rolls.n = 0; /* none rolled */
	/* the units summed up once for every force's trace: wounds, IT, tokens
	 * and forage's cards change below, no unit's place, side or stars */
	struct trace_units tu;
	units_sum(&tu, s);
	/* each force's units and CO from lw_activation.c's index (issue 17: a
	 * scan of every unit a force, and again in forage) */
	bool held = lw_units_hold(s);
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		int hexes[LW_MAX_UNITS], nh = 0;
		for (int i = 0; i < s->n_units; i++) {
			const struct lw_unit *x = &s->unit[i];
			if (x->where != LW_W_MAP || x->side != side)
				continue;
			bool dup = false;
			for (int k = 0; k < nh && !dup; k++)
				dup = hexes[k] == x->hex;
			if (!dup)
				hexes[nh++] = x->hex;
		}
		for (int k = 0; k < nh; k++) {
			int hex = hexes[k];
			int u[LW_MAX_UNITS];
			int n = units_here(s, hex, side, u);
			if (n == 0)
				continue;
			for (int i = 0; i < n; i++)
				if (s->unit[u[i]].wounds > 0)
					s->unit[u[i]].wounds--; /* 20.4: one wound off */
			/* 16.9.5.4.3: the besieged are out of supply, no forage */
			bool besieged = lw_siege_besieged(s, hex, side);
			int stars = 0;
			for (int i = 0; i < n && !besieged; i++)
				stars += s->unit[u[i]].stars;
			bool ok = !besieged && traced_roll_with(s, hex, side, &rolls, &tu, stars);
			for (int i = 0; i < n; i++) {
				struct lw_unit *x = &s->unit[u[i]];
				x->it_new = 0;
				if (ok) {
					x->it = 0; /* 20.4: in supply, all remaining IT off */
					x->flags &= (uint8_t)~LW_UF_OOS;
				} else {
					x->flags |= LW_UF_OOS; /* 20.5 */
				}
			}
			if (!ok && !besieged)
				forage(s, hex, side);
		}
	}
	lw_units_release(held);
}

/* The stages from where they stand; true while a choice waits. */
static bool supply_run(struct lw_state *s)
{
	struct lw_command *c = &s->command;
	if (c->supply_stage == LW_SS_IT) {
		if (run_demotions(s)) /* 20.4: all of them before any supply check */
			return true;
		/* 11.0.3 / 12.4: a demotion's new CO and displaced general are
		 * settled before the supply checks: the forage IT go on the CO,
		 * and supply is traced from where each general stands */
		if (lw_command_question_pending(s))
			return true;
		supply_checks(s);
		c->supply_stage = LW_SS_FORAGE;
	}
	if (c->supply_stage == LW_SS_FORAGE) {
		if (run_demotions(s)) /* 20.5: five or more IT after foraging */
			return true;
		if (lw_command_question_pending(s))
			return true; /* the phase ends once they are answered */
		c->supply_stage = LW_SS_NONE;
		for (int i = 0; i < s->n_cities; i++)
			s->city[i].raided = 0; /* 20.7.2 */
		lw_unstack_all(s); /* a GiC lost to demotion may have been moved (11.1.2.3) */
	}
	return false;
}

/* supply_run, then the sieges a demotion emptied end at once (16.9.5.2):
 * the phase may stop for an owner's choice, and between actions a siege
 * must still have both forces in its city. */
static bool supply_run_settled(struct lw_state *s)
{
	bool paused = supply_run(s);
	lw_siege_settle(s);
	return paused;
}

void lw_supply_phase(struct lw_state *s)
{
	s->command.supply_stage = LW_SS_IT;
	supply_run_settled(s);
}

bool lw_supply_demotions_ready(const struct lw_state *s)
{
	int hex, side;
	return s->phase == LW_PH_SUPPLY &&
	       (s->command.supply_stage == LW_SS_IT || s->command.supply_stage == LW_SS_FORAGE) &&
	       !lw_supply_choice_force(s, &hex, &side) && !lw_command_question_pending(s);
}

/* 3.6: supply, forage and the demotions are over: the sieges come next, at
 * once. The stage records it and the driver (lw_continue, over
 * kit/continuation.h) runs lw_supply_phase_done (lw_time.c) right after
 * this returns, so the Supply Phase's files no longer call each other. */
static void supply_over(struct lw_state *s)
{
	s->command.supply_stage = LW_SS_SUPPLIED;
}

void lw_supply_demotions_go_on(struct lw_state *s, struct game_outcome *out)
{
	if (!lw_supply_demotions_ready(s))
		return;
	if (out)
		out->barrier = true; /* forage draws and river rolls follow */
	if (!supply_run_settled(s))
		supply_over(s);
}

void lw_supply_demote_offer(const struct lw_state *s, int side, struct tg_offers *list)
{
	int hex, sd, u[LW_MAX_UNITS];
	if (!lw_supply_choice_force(s, &hex, &sd) || sd != side)
		return;
	int n = units_here(s, hex, side, u);
	char name[64], id[48], hl[64];
	lw_hex_label(hex, hl, sizeof hl);
	for (int i = 0; i < n; i++)
		tg_offer(list,
		         tg_act(list, "{s:s,s:i,s:s}", "type", "supply_demote", "hex", hex,
		                "general", lw_unit_id(s, u[i], id, sizeof id)),
		         "%s loses a star for the IT of the force at %s (%s)",
		         lw_unit_name(s, u[i], name, sizeof name), hl,
		         s->command.supply_stage == LW_SS_FORAGE ? "20.5" : "20.4");
}

int lw_supply_demote_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err)
{
	int hex, sd, h = 0;
	if (!lw_supply_choice_force(s, &hex, &sd) || sd != side)
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "20.4: no demotion of yours is waiting");
	if (!lw_a_int(a, "hex", &h) || h != hex)
		return tg_fail(err, TG_E_ILLEGAL,
		               "20.4: first choose the general of your force at %04d demoted for "
		               "its IT (\"supply_demote\")",
		               hex);
	int u = lw_unit_by_id(s, lw_a_str(a, "general"));
	if (u == LW_NONE || s->unit[u].where != LW_W_MAP || s->unit[u].hex != hex ||
	    s->unit[u].side != side)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "20.4: the general demoted must belong to the force carrying the IT");
	demote_for_it(s, hex, side, u);
	if (out)
		out->barrier = true;
	if (!supply_run_settled(s))
		supply_over(s);
	return 0;
}

bool lw_supply_river_ok(const struct lw_state *s, int side, const char *river, int a, int b)
{
	struct trace t;
	memset(&t, 0, sizeof t);
	t.s = s;
	t.d = lw_D();
	t.side = side;
	return section_ok(&t, lw_data_river_bit(t.d, river), a, b);
}
