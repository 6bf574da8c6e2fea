/* lw_view.c — what each role may see (game.h view; README "Hidden
 * information").
 *
 * Everyone sees: the turn, phase and step; both PC/CSP tracks; card counts
 * (hand, deck, discards); cards as they are played; chosen Special Campaign
 * cards (10.7.3.1); cities and garrisons; reinforcement, disgraced and
 * deceased boxes; every force's hex, side, CO (the top counter), kind
 * (single general / minor / major army, 12.7), the IT, Out-of-Supply (20.6)
 * and Reluctant (10.7.4) markers on it; battles
 * and, once both sides committed, the face-down cards. Only the owner sees
 * his hand, his discards, his subordinates (their identity, rank, wounds
 * and flags) and his own pending face-down commitment. Nobody sees deck
 * order, the other side's discards or the generator. Enemy subordinates
 * become visible while LW_UF_REVEALED is set (16.3 reveal). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_compact.h"
#include "kit/view_sections.h"
#include "lw_engine.h"
#include "lw_rail.h"
#include "lw_theater.h"

static const char *const phase_names[] = {
    [LW_PH_GIC] = "gic_choice",
    [LW_PH_INITIATIVE] = "initiative",
    [LW_PH_ADMIN] = "administration",
    [LW_PH_DRAW] = "card_draw",
    [LW_PH_OPS] = "operations",
    [LW_PH_SUPPLY] = "supply",
    [LW_PH_OVER] = "over",
    [LW_PH_RAIL] = "rail",
    [LW_PH_NAVAL] = "naval",
};

/* clang-format off */
static const char *const step_names[] = {
    [LW_ST_CARD] = "play_card",      [LW_ST_SPEND] = "spend_pc",  [LW_ST_MOVE] = "move",
    [LW_ST_WITHDRAW] = "withdraw",   [LW_ST_COMMIT] = "commit",   [LW_ST_CASUALTY] = "casualty",
    [LW_ST_RETREAT] = "retreat",     [LW_ST_ADVANCE] = "advance", [LW_ST_PEACE] = "peace_talks",
    [LW_ST_SEDITIOUS] = "seditious", [LW_ST_DEMOTE] = "demote", [LW_ST_HARASS] = "harass",
    [LW_ST_STEAL_MARCH] = "steal_a_march", [LW_ST_HUNLEY] = "hunley",
    [LW_ST_RIT_ASK] = "rit_contest",
    [LW_ST_SIEGE_OFFER] = "siege_offer", [LW_ST_SIEGE_ANSWER] = "siege_answer",
};
/* clang-format on */

static json_t *jside(int side)
{
	return side == LW_UNION || side == LW_CONFEDERATE ? json_string(lw_side_name(side))
	                                                  : json_null();
}

static json_t *card_json(int side, int n)
{
	const struct lw_card *k = lw_card(side, n);
	if (!k)
		return json_null();
	return json_pack("{s:i,s:s,s:i,s:b,s:s}", "number", n, "name", k->name ? k->name : "", "pc",
	                 k->pc, "resource", k->resource, "text", k->text ? k->text : "");
}

/* ---- forces: what each one shows, then its JSON -------------------------------
 * The forces section is built from these records alone, and its stamp
 * hashes the same records (issue 17: the stamp covers exactly what the
 * section shows, so it moves only when the text does). */

/* What a unit's counter shows (unit_json): id and name come from gen, or
 * for a TCO from its index, cavalry and stars. No padding (the bytes are
 * hashed), and no wider than the values (issue 17: each force's record is
 * hashed after every action that moves the forces' stamp; 13 int32_t were
 * 52 bytes a unit): gen, the unit's index, stars, wounds and cavalry are
 * the state's widths; attack and defense a rank's printed ratings (0-9,
 * lw_data_units.c's rank_value, or -1 indecisive). */
struct unit_shown {
	int16_t gen, tco, activation;
	int8_t attack, defense;
	uint8_t stars, cavalry, wounds, gic, oos, reluctant, full, promoted;
};
_Static_assert(sizeof(struct unit_shown) == 16, "a unit's record has no padding");

/* co and force_it: the CO and the IT of u's force (force_shown has them).
 * A unit's field read here or in force_shown is hashed by forces_stamp too
 * (the flags: SHOWN_FLAGS), or the forces go stale. */
static void unit_shown(const struct lw_state *s, int u, bool full, int co, int force_it,
                       struct unit_shown *o)
{
	const struct lw_unit *x = &s->unit[u];
	*o = (struct unit_shown){
	    .gen = x->gen,
	    .tco = (int16_t)(x->gen < 0 ? u : -1),
	    .stars = x->stars,
	    .cavalry = x->cavalry,
	    .gic = s->side[x->side].gic == u,
	    .wounds = x->wounds,
	    /* tokens on the counter, in plain sight (20.6, 10.7.4; README "Hidden information") */
	    .oos = (x->flags & LW_UF_OOS) != 0,
	    .reluctant = (x->flags & LW_UF_RELUCTANT) != 0,
	    .full = full,
	};
	if (full) {
		o->activation = (int16_t)lw_activation_cost_in(s, u, co, force_it);
		o->attack = (int8_t)lw_unit_attack(s, u);
		o->defense = (int8_t)lw_unit_defense(s, u);
		o->promoted = (x->flags & LW_UF_PROMOTED) != 0;
	}
}

static json_t *unit_json(const struct lw_state *s, int u, const struct unit_shown *x)
{
	char id[64], name[64];
	json_t *o = json_pack("{s:s,s:s,s:i,s:b}", "id", lw_unit_id(s, u, id, sizeof id), "name",
	                      lw_unit_name(s, u, name, sizeof name), "stars", x->stars, "cavalry",
	                      x->cavalry);
	json_object_set_new(o, "gic", json_boolean(x->gic));
	json_object_set_new(o, "wounds", json_integer(x->wounds));
	json_object_set_new(o, "out_of_supply", json_boolean(x->oos));
	json_object_set_new(o, "reluctant", json_boolean(x->reluctant));
	if (x->full) {
		json_object_set_new(o, "activation", json_integer(x->activation));
		json_object_set_new(o, "attack", json_integer(x->attack));
		json_object_set_new(o, "defense", json_integer(x->defense));
		json_object_set_new(o, "promoted", json_boolean(x->promoted));
	}
	return o;
}

/* What one force shows (force_json): the units of `side` at hex (a siege
 * hex holds two, 16.9.5.2). The head and the shown units (the CO first)
 * are hashed as one run of bytes, FORCE_SHOWN_BYTES: no padding in it. */
struct force_shown {
	int16_t hex, it, stars, nshown;
	uint8_t side, kind, oos, besieged, besieging, own, subs_shown, spare;
	struct unit_shown shown[LW_MAX_UNITS];
	int32_t unit[LW_MAX_UNITS]; /* index of each shown unit, the CO first */
};
_Static_assert(offsetof(struct force_shown, shown) == 16, "a force's head has no padding");

#define FORCE_SHOWN_BYTES(f)                                                                       \
	(offsetof(struct force_shown, shown) + (size_t)(f)->nshown * sizeof *(f)->shown)

/* sieges: some siege is on (without one, no force is besieged or
 * besieging, and the look-ups by hex are skipped) */
static void force_shown(const struct lw_state *s, int viewer, int hex, int side, const int *us,
                        int n, bool sieges, struct force_shown *f)
{
	int co = lw_set_co(s, us, n);
	bool own = side == viewer;
	int inf = 0, stars = 0, it = 0;
	bool oos = false;
	for (int k = 0; k < n; k++) {
		it += s->unit[us[k]].it;
		oos |= (s->unit[us[k]].flags & LW_UF_OOS) != 0;
		if (!s->unit[us[k]].cavalry) {
			inf++;
			stars += s->unit[us[k]].stars;
		}
	}
	f->hex = (int16_t)hex;
	f->side = (uint8_t)side;
	f->kind = stars >= 7 ? 2 : inf >= 2 ? 1 : 0; /* 12.7: major, minor, single */
	f->it = (int16_t)it;
	f->spare = 0;
	/* 20.6: the Out-of-Supply token is the force's, on the stack (12.7
	 * hides what is under it, not the token) */
	f->oos = oos;
	f->besieged = sieges && lw_siege_besieged(s, hex, side);
	f->besieging = sieges && lw_siege_besieging(s, hex, side);
	f->own = own;
	f->stars = (int16_t)(own ? stars : 0);
	f->unit[0] = co;
	unit_shown(s, co, own, co, it, &f->shown[0]);
	f->nshown = 1;
	bool revealed = false;
	for (int k = 0; k < n; k++) {
		if (us[k] == co)
			continue;
		bool show = own || (s->unit[us[k]].flags & LW_UF_REVEALED);
		revealed |= show && !own;
		if (show) {
			f->unit[f->nshown] = us[k];
			unit_shown(s, us[k], own, co, it, &f->shown[f->nshown++]);
		}
	}
	f->subs_shown = own || revealed;
}

static json_t *force_json(const struct lw_state *s, const struct force_shown *x)
{
	static const char *const kinds[] = {"single", "minor", "major"};
	json_t *f =
	    json_pack("{s:i,s:o,s:s,s:i,s:o}", "hex", x->hex, "side", jside(x->side), "kind",
	              kinds[x->kind], "it", x->it, "co", unit_json(s, x->unit[0], &x->shown[0]));
	json_object_set_new(f, "out_of_supply", json_boolean(x->oos));
	if (x->besieged)
		json_object_set_new(f, "besieged", json_true());
	if (x->besieging)
		json_object_set_new(f, "besieging", json_true());
	if (x->subs_shown) {
		json_t *subs = json_array();
		for (int k = 1; k < x->nshown; k++)
			json_array_append_new(subs, unit_json(s, x->unit[k], &x->shown[k]));
		json_object_set_new(f, "subordinates", subs);
		if (x->own)
			json_object_set_new(f, "stars", json_integer(x->stars));
	}
	return f;
}

/* The units on the map by hex, then side, then index: each run is one
 * force's units in lw_units_at's order. Each unit is one key (hex, side
 * and index in one word), sorted by its bytes, a counting pass a byte (no
 * call a comparison, as qsort made: issue 17). */
#define KEY_UNIT_BITS 8
#define KEY_SIDE_BITS 2
_Static_assert(LW_MAX_UNITS <= 1 << KEY_UNIT_BITS, "a unit's index fits its key's bits");
_Static_assert(LW_CONFEDERATE < 1 << KEY_SIDE_BITS, "a side fits its key's bits");

static int map_units_sorted(const struct lw_state *s, uint32_t key[LW_MAX_UNITS])
{
	uint32_t tmp[LW_MAX_UNITS], max = 0;
	int n = 0;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP &&
		    (s->unit[u].side == LW_UNION || s->unit[u].side == LW_CONFEDERATE)) {
			uint32_t k = (uint32_t)(uint16_t)s->unit[u].hex
			                 << (KEY_SIDE_BITS + KEY_UNIT_BITS) |
			             (uint32_t)s->unit[u].side << KEY_UNIT_BITS | (uint32_t)u;
			key[n++] = k;
			max = k > max ? k : max;
		}
	/* least significant byte first; each pass keeps the order of the one
	 * before among equal bytes. The keys are made in the units' order, so
	 * the unit's bits need no pass: sorted on the hex and side alone, the
	 * units of a force stay in it (two passes, not three) */
	uint32_t *from = key, *to = tmp;
	for (unsigned shift = KEY_UNIT_BITS; shift < 32 && (max >> shift) != 0; shift += 8) {
		uint32_t count[257] = {0};
		for (int i = 0; i < n; i++)
			count[((from[i] >> shift) & 0xff) + 1]++;
		for (int b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (int i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 0xff]++] = from[i];
		uint32_t *x = from;
		from = to;
		to = x;
	}
	if (from != key)
		memcpy(key, from, (size_t)n * sizeof *key);
	return n;
}

static void force_text(struct tg_text *t, const struct lw_state *s, const struct force_shown *x);

/* Forces by hex (then Union before Confederate where a siege puts both in
 * one hex), so the listing never depends on hidden state; one element
 * each, stamped by what it shows (force_shown): a move builds the forces
 * whose records changed, not the others (issue 17; kit/view_items.h). The
 * units are sorted once rather than gathered per hex. */
static void forces_items(const struct lw_state *s, int viewer, struct tg_view_items *it)
{
	uint32_t key[LW_MAX_UNITS];
	int n = map_units_sorted(s, key);
	bool sieges = false;
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		sieges |= s->amphib.sieges[i].stage == LW_SG_ON;
	struct force_shown f; /* 12.5 KB */
	for (int i = 0; i < n;) {
		uint32_t at = key[i] >> KEY_UNIT_BITS; /* the hex and the side */
		int us[LW_MAX_UNITS], k = 0;
		for (; i < n && key[i] >> KEY_UNIT_BITS == at; i++)
			us[k++] = (int)(key[i] & ((1u << KEY_UNIT_BITS) - 1));
		int hex = (int16_t)(uint16_t)(at >> KEY_SIDE_BITS),
		    side = (int)(at & ((1u << KEY_SIDE_BITS) - 1));
		force_shown(s, viewer, hex, side, us, k, sieges, &f);
		uint64_t h = tg_stamp_bytes(0, &f, FORCE_SHOWN_BYTES(&f));
		if (!tg_view_item(it, h))
			continue;
		size_t from;
		struct tg_text *t = tg_view_item_text(it, &from);
		if (t) { /* an update: its text; view(): its tree */
			force_text(t, s, &f);
			tg_view_item_text_done(it, from);
		} else {
			tg_view_item_set(it, force_json(s, &f));
		}
	}
}

static json_t *box_json(const struct lw_state *s, int where)
{
	json_t *arr = json_array();
	char id[64];
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->where != where || x->gen < 0)
			continue;
		json_t *o = json_pack("{s:s,s:o}", "id", lw_unit_id(s, u, id, sizeof id), "side",
		                      jside(x->side));
		if (where == LW_W_PENDING) {
			json_object_set_new(o, "turn", json_integer(x->arrive_turn));
			json_object_set_new(o, "entry",
			                    json_integer(lw_D()->generals[x->gen].entry_hex));
		}
		json_array_append_new(arr, o);
	}
	return arr;
}

static json_t *player_json(const struct lw_state *s, int side, int viewer)
{
	const struct lw_player *p = &s->side[side];
	const struct lw_cards *c = &p->cards;
	json_t *o = json_object();
	json_object_set_new(o, "pc", json_integer(p->pc));
	json_object_set_new(o, "csp", json_integer(p->csp));
	json_object_set_new(o, "hand_count", json_integer(c->hand_n + p->committee_hand));
	json_object_set_new(o, "deck_count", json_integer(c->draw_n));
	json_object_set_new(o, "discard_count", json_integer(c->discard_n));
	json_object_set_new(o, "passed", json_boolean(p->passed));
	json_object_set_new(o, "campaign_card",
	                    p->campaign_card ? card_json(side, p->campaign_card) : json_null());
	json_object_set_new(o, "campaign_used", json_boolean(p->campaign_used));
	json_object_set_new(o, "committee_in_pool", json_boolean(p->committee));
	json_object_set_new(o, "committee_in_hand", json_boolean(p->committee_hand));
	char id[64];
	json_object_set_new(o, "gic",
	                    p->gic != LW_NONE ? json_string(lw_unit_id(s, p->gic, id, sizeof id))
	                                      : json_null());
	json_object_set_new(o, "eastern_theater_done", json_boolean(p->eastern_done));
	if (side == viewer) {
		json_t *hand = json_array();
		for (int i = 0; i < c->hand_n; i++)
			json_array_append_new(hand, card_json(side, c->hand[i]));
		json_object_set_new(o, "hand", hand);
		json_t *disc = json_array();
		for (int i = 0; i < c->discard_n; i++)
			json_array_append_new(disc, json_integer(c->discard[i]));
		json_object_set_new(o, "discards", disc);
	}
	return o;
}

static json_t *battle_json(const struct lw_state *s, int viewer)
{
	const struct lw_battle *b = &s->battle;
	if (!b->active)
		return json_null();
	json_t *o = json_pack("{s:o,s:i,s:i,s:b}", "attacker", jside(b->attacker), "from",
	                      b->att_hex, "hex", b->def_hex, "empty_city", b->empty_city);
	bool both = b->committed[LW_UNION] && b->committed[LW_CONFEDERATE];
	json_t *com = json_object();
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		json_t *c = json_pack("{s:b}", "committed", b->committed[side]);
		if (b->committed[side] && (both || side == viewer)) {
			json_object_set_new(c, "resource",
			                    b->res_card[side] &&
			                            b->res_card[side] != LW_CARD_ZERO_RESOURCE
			                        ? card_json(side, b->res_card[side])
			                        : json_null());
			json_object_set_new(c, "csp", json_integer(b->csp[side]));
		}
		json_object_set_new(com, lw_side_name(side), c);
	}
	json_object_set_new(o, "commitments", com);
	if (both)
		lw_resev_view(s, o); /* 16.3 the cards' events (lw_resource_events.c) */
	if (both && s->step != LW_ST_COMMIT && s->step != LW_ST_STEAL_MARCH) {
		json_object_set_new(o, "strength",
		                    json_pack("{s:i,s:i}", "union", b->strength[LW_UNION],
		                              "confederate", b->strength[LW_CONFEDERATE]));
		json_object_set_new(o, "winner", jside(b->winner));
		json_object_set_new(o, "result", json_integer(b->result));
	}
	return o;
}

/* The play's CO as viewer sees him (play_json's "co"), or LW_NONE. 12.7: a
 * general activated from under his CO is his owner's to know until he is
 * seen (docs/decisions.md "The public log says no more than the views");
 * "moving_from" still gives the hex. */
static int play_co_shown(const struct lw_state *s, int viewer)
{
	const struct lw_play *p = &s->play;
	bool seen = p->co != LW_NONE && (viewer == p->side || lw_unit_seen(s, p->co));
	return seen ? p->co : LW_NONE;
}

static json_t *play_json(const struct lw_state *s, int viewer)
{
	const struct lw_play *p = &s->play;
	if (!p->side)
		return json_null();
	char id[64];
	json_t *o =
	    json_pack("{s:o,s:o,s:i,s:i,s:i}", "side", jside(p->side), "card",
	              p->card ? card_json(p->side, p->card) : json_null(), "pc_left", p->pc_left,
	              "campaign", p->campaign, "activations_left", p->activations_left);
	int co = play_co_shown(s, viewer);
	json_object_set_new(
	    o, "co", co != LW_NONE ? json_string(lw_unit_id(s, co, id, sizeof id)) : json_null());
	json_object_set_new(o, "moving_from",
	                    p->movers_n ? json_integer(s->unit[p->movers[0]].hex) : json_null());
	json_object_set_new(o, "moved", json_integer(p->moved));
	/* 10.7.3: the region each designated campaign force must end in (the
	 * card's, or the theaters named for a Dual-Theater campaign): public */
	json_object_set_new(o, "campaign_regions", lw_theater_view(s));
	return o;
}

/* ---- the view in sections (game.h "The view in sections") ------------------
 * One builder per member, in the order of lw_view_sections; lw_view_stamps
 * hashes the state each one reads (0: rebuilt every time, for the small
 * members and those whose inputs are spread over the sub-modules). */

static json_t *sec_awaiting(const struct lw_state *s)
{
	unsigned aw = lw_awaiting(s);
	json_t *awaiting = json_array();
	for (int r = LW_UNION; r <= LW_CONFEDERATE; r++)
		if (aw & LW_SIDE_BIT(r))
			json_array_append_new(awaiting, json_string(lw_side_name(r)));
	return awaiting;
}

/* The log's lines, each stamped by its text (the stamp lw_log kept beside
 * the line, lw_state.log_stamp): after an action, only the new line is
 * built (and the oldest removed once the ring is full). */
static void put_str(struct tg_text *t, const char *v);
static void city_text(struct tg_text *t, const int32_t shown[4]);

/* An update writes each new line as text (the tree, json_string, was
 * built, serialized and freed for each: issue 17); view() collects trees. */
static void log_items(const struct lw_state *s, struct tg_view_items *it)
{
	uint32_t n = s->log_total < LW_LOG_LINES ? s->log_total : LW_LOG_LINES;
	for (uint32_t i = s->log_total - n; i < s->log_total; i++) {
		if (!tg_view_item(it, s->log_stamp[i % LW_LOG_LINES]))
			continue;
		size_t from;
		struct tg_text *t = tg_view_item_text(it, &from);
		if (t) {
			put_str(t, s->log[i % LW_LOG_LINES]);
			tg_view_item_text_done(it, from);
		} else {
			tg_view_item_set(it, json_string(s->log[i % LW_LOG_LINES]));
		}
	}
}

/* The cities, each stamped by what it shows (the index gives id and hex);
 * an update writes them as text (city_text), view() as trees. defense:
 * each city's (lw_city_defenses). */
static void cities_items(const struct lw_state *s, const int32_t *defense, struct tg_view_items *it)
{
	const struct lw_data *d = lw_D();
	for (int c = 0; c < s->n_cities; c++) {
		int32_t shown[4] = {c, s->city[c].owner, s->city[c].garrison, defense[c]};
		if (!tg_view_item(it, tg_stamp_bytes(0, shown, sizeof shown)))
			continue;
		size_t from;
		struct tg_text *t = tg_view_item_text(it, &from);
		if (t) {
			city_text(t, shown);
			tg_view_item_text_done(it, from);
		} else {
			tg_view_item_set(it, json_pack("{s:s,s:i,s:o,s:b,s:i}", "id",
			                               d->cities[c].id, "hex", d->cities[c].hex,
			                               "owner", jside(s->city[c].owner), "garrison",
			                               s->city[c].garrison, "defense", shown[3]));
		}
	}
}

enum lw_section {
	SEC_GAME,
	SEC_ROLE,
	SEC_AWAITING,
	SEC_FINISHED,
	SEC_RESULT,
	SEC_PROMPT,
	SEC_ACTIONS,
	SEC_LOG,
	SEC_SCENARIO,
	SEC_TURN,
	SEC_PHASE,
	SEC_STEP,
	SEC_INITIATIVE,
	SEC_FIRST,
	SEC_PHASING,
	SEC_PLAYERS,
	SEC_FORCES,
	SEC_CITIES,
	SEC_REINFORCEMENTS,
	SEC_DISGRACED,
	SEC_DECEASED,
	SEC_KENTUCKY,
	SEC_NAVY,
	SEC_CAVALRY,
	SEC_POLITICAL,
	SEC_OPTIONAL,
	SEC_RAIL,
	SEC_AMPHIB,
	SEC_PLAY,
	SEC_BATTLE,
	SEC_COUNT
};

const char *const lw_view_sections[] = {
    [SEC_GAME] = "/game",
    [SEC_ROLE] = "/role",
    [SEC_AWAITING] = "/awaiting",
    [SEC_FINISHED] = "/finished",
    [SEC_RESULT] = "/result",
    [SEC_PROMPT] = "/prompt",
    [SEC_ACTIONS] = "/actions",
    [SEC_LOG] = "/log",
    [SEC_SCENARIO] = "/board/scenario",
    [SEC_TURN] = "/board/turn",
    [SEC_PHASE] = "/board/phase",
    [SEC_STEP] = "/board/step",
    [SEC_INITIATIVE] = "/board/initiative",
    [SEC_FIRST] = "/board/first",
    [SEC_PHASING] = "/board/phasing",
    [SEC_PLAYERS] = "/board/players",
    [SEC_FORCES] = "/board/forces",
    [SEC_CITIES] = "/board/cities",
    [SEC_REINFORCEMENTS] = "/board/reinforcements",
    [SEC_DISGRACED] = "/board/disgraced",
    [SEC_DECEASED] = "/board/deceased",
    [SEC_KENTUCKY] = "/board/kentucky_violator",
    [SEC_NAVY] = "/board/navy",
    [SEC_CAVALRY] = "/board/cavalry",
    [SEC_POLITICAL] = "/board/political",
    [SEC_OPTIONAL] = "/board/optional",
    [SEC_RAIL] = "/board/rail",
    [SEC_AMPHIB] = "/board/amphib",
    [SEC_PLAY] = "/board/play",
    [SEC_BATTLE] = "/board/battle",
    [SEC_COUNT] = NULL,
};

static const int32_t *memo_defenses(uint64_t epoch);

bool lw_view_items_in(const struct lw_state *s, int side, uint64_t epoch, unsigned i,
                      struct tg_view_items *it)
{
	switch (i) {
	case SEC_LOG:
		log_items(s, it);
		return true;
	case SEC_FORCES:
		forces_items(s, side, it);
		return true;
	case SEC_CITIES: {
		/* the update's stamps worked the defenses out once for every
		 * role (shared_stamps); without them, here */
		const int32_t *defense = memo_defenses(epoch);
		int32_t own[LW_MAX_CITIES];
		if (!defense) {
			lw_city_defenses(s, own);
			defense = own;
		}
		cities_items(s, defense, it);
		return true;
	}
	default:
		return false;
	}
}

bool lw_view_items(const struct lw_state *s, int side, unsigned i, struct tg_view_items *it)
{
	return lw_view_items_in(s, side, 0, i, it);
}

/* ---- sections written as text (game.h view_section_text) --------------------
 * The same bytes json_dumps gives for the trees above (player_json,
 * play_json, card_json: the members in their order; test_view_sections
 * compares every update with a full view built from the trees), without a
 * tree: a card's long text was built as a jansson string, serialized and
 * freed for every hand shown (card_json, 11.6 M of bench_views 300). */

static void put_lit(struct tg_text *t, const char *lit)
{
	tg_text_put(t, lit, strlen(lit));
}

static void put_str(struct tg_text *t, const char *v)
{
	if (tg_json_compact_string(t, v, strlen(v)) != 0)
		t->oom = 1; /* not UTF-8: jansson would not have made it either */
}

static void put_int(struct tg_text *t, const char *member, json_int_t v)
{
	put_lit(t, member);
	tg_json_compact_int(t, v);
}

static void put_bool(struct tg_text *t, const char *member, int v)
{
	put_lit(t, member);
	put_lit(t, v ? "true" : "false");
}

/* card_json's bytes */
static void card_text(struct tg_text *t, int side, int n)
{
	const struct lw_card *k = lw_card(side, n);
	if (!k) {
		put_lit(t, "null");
		return;
	}
	put_int(t, "{\"number\":", n);
	put_lit(t, ",\"name\":");
	put_str(t, k->name ? k->name : "");
	put_int(t, ",\"pc\":", k->pc);
	put_bool(t, ",\"resource\":", k->resource);
	put_lit(t, ",\"text\":");
	put_str(t, k->text ? k->text : "");
	put_lit(t, "}");
}

/* player_json's bytes */
static void player_text(struct tg_text *t, const struct lw_state *s, int side, int viewer)
{
	const struct lw_player *p = &s->side[side];
	const struct lw_cards *c = &p->cards;
	put_int(t, "{\"pc\":", p->pc);
	put_int(t, ",\"csp\":", p->csp);
	put_int(t, ",\"hand_count\":", c->hand_n + p->committee_hand);
	put_int(t, ",\"deck_count\":", c->draw_n);
	put_int(t, ",\"discard_count\":", c->discard_n);
	put_bool(t, ",\"passed\":", p->passed);
	put_lit(t, ",\"campaign_card\":");
	if (p->campaign_card)
		card_text(t, side, p->campaign_card);
	else
		put_lit(t, "null");
	put_bool(t, ",\"campaign_used\":", p->campaign_used);
	put_bool(t, ",\"committee_in_pool\":", p->committee);
	put_bool(t, ",\"committee_in_hand\":", p->committee_hand);
	char id[64];
	const char *gic = p->gic != LW_NONE ? lw_unit_id(s, p->gic, id, sizeof id) : NULL;
	if (p->gic != LW_NONE && !gic) {
		t->oom = 1; /* json_string(NULL): the tree would lack the member */
		return;
	}
	put_lit(t, ",\"gic\":");
	if (gic)
		put_str(t, gic);
	else
		put_lit(t, "null");
	put_bool(t, ",\"eastern_theater_done\":", p->eastern_done);
	if (side == viewer) {
		put_lit(t, ",\"hand\":[");
		for (int i = 0; i < c->hand_n; i++) {
			if (i)
				put_lit(t, ",");
			card_text(t, side, c->hand[i]);
		}
		put_lit(t, "],\"discards\":[");
		for (int i = 0; i < c->discard_n; i++) {
			if (i)
				put_lit(t, ",");
			tg_json_compact_int(t, c->discard[i]);
		}
		put_lit(t, "]");
	}
	put_lit(t, "}");
}

static void put_side(struct tg_text *t, int side)
{
	if (side == LW_UNION || side == LW_CONFEDERATE)
		put_str(t, lw_side_name(side));
	else
		put_lit(t, "null");
}

/* unit_json's bytes */
static void unit_text(struct tg_text *t, const struct lw_state *s, int u,
                      const struct unit_shown *x)
{
	char buf[64];
	put_lit(t, "{\"id\":");
	put_str(t, lw_unit_id(s, u, buf, sizeof buf));
	put_lit(t, ",\"name\":");
	put_str(t, lw_unit_name(s, u, buf, sizeof buf));
	put_int(t, ",\"stars\":", x->stars);
	put_bool(t, ",\"cavalry\":", x->cavalry);
	put_bool(t, ",\"gic\":", x->gic);
	put_int(t, ",\"wounds\":", x->wounds);
	put_bool(t, ",\"out_of_supply\":", x->oos);
	put_bool(t, ",\"reluctant\":", x->reluctant);
	if (x->full) {
		put_int(t, ",\"activation\":", x->activation);
		put_int(t, ",\"attack\":", x->attack);
		put_int(t, ",\"defense\":", x->defense);
		put_bool(t, ",\"promoted\":", x->promoted);
	}
	put_lit(t, "}");
}

/* force_json's bytes (issue 17: each force built was a tree of its
 * counters, serialized and freed; the view's full build, view(), still
 * makes the tree, and test_view_sections compares the two byte for byte
 * after every action) */
static void force_text(struct tg_text *t, const struct lw_state *s, const struct force_shown *x)
{
	static const char *const kinds[] = {"single", "minor", "major"};
	put_int(t, "{\"hex\":", x->hex);
	put_lit(t, ",\"side\":");
	put_side(t, x->side);
	put_lit(t, ",\"kind\":");
	put_str(t, kinds[x->kind]);
	put_int(t, ",\"it\":", x->it);
	put_lit(t, ",\"co\":");
	unit_text(t, s, x->unit[0], &x->shown[0]);
	put_bool(t, ",\"out_of_supply\":", x->oos);
	if (x->besieged)
		put_lit(t, ",\"besieged\":true");
	if (x->besieging)
		put_lit(t, ",\"besieging\":true");
	if (x->subs_shown) {
		put_lit(t, ",\"subordinates\":[");
		for (int k = 1; k < x->nshown; k++) {
			if (k > 1)
				put_lit(t, ",");
			unit_text(t, s, x->unit[k], &x->shown[k]);
		}
		put_lit(t, "]");
		if (x->own)
			put_int(t, ",\"stars\":", x->stars);
	}
	put_lit(t, "}");
}

/* cities_items' tree's bytes; shown: the city's index, owner, garrison and
 * defense */
static void city_text(struct tg_text *t, const int32_t shown[4])
{
	const struct lw_city *c = &lw_D()->cities[shown[0]];
	put_lit(t, "{\"id\":");
	put_str(t, c->id);
	put_int(t, ",\"hex\":", c->hex);
	put_lit(t, ",\"owner\":");
	put_side(t, shown[1]);
	put_bool(t, ",\"garrison\":", shown[2]);
	put_int(t, ",\"defense\":", shown[3]);
	put_lit(t, "}");
}

/* play_json's bytes (a card play's section changes with most actions of
 * the play: its tree, the card's long text in it, was built, serialized
 * and freed for each) */
static void play_text(struct tg_text *t, const struct lw_state *s, int viewer)
{
	const struct lw_play *p = &s->play;
	if (!p->side) {
		put_lit(t, "null");
		return;
	}
	put_lit(t, "{\"side\":");
	put_side(t, p->side);
	put_lit(t, ",\"card\":");
	if (p->card)
		card_text(t, p->side, p->card);
	else
		put_lit(t, "null");
	put_int(t, ",\"pc_left\":", p->pc_left);
	put_int(t, ",\"campaign\":", p->campaign);
	put_int(t, ",\"activations_left\":", p->activations_left);
	put_lit(t, ",\"co\":");
	int co = play_co_shown(s, viewer);
	char id[64];
	if (co != LW_NONE)
		put_str(t, lw_unit_id(s, co, id, sizeof id));
	else
		put_lit(t, "null");
	put_lit(t, ",\"moving_from\":");
	if (p->movers_n)
		tg_json_compact_int(t, s->unit[p->movers[0]].hex);
	else
		put_lit(t, "null");
	put_int(t, ",\"moved\":", p->moved);
	put_lit(t, ",\"campaign_regions\":");
	json_t *regions = lw_theater_view(s); /* null but in a campaign */
	if (!regions || tg_json_compact_append(t, regions) != 0)
		t->oom = 1;
	json_decref(regions);
	put_lit(t, "}");
}

bool lw_view_section_text(const struct lw_state *s, int side, unsigned i, struct tg_text *t)
{
	switch (i) {
	case SEC_PLAY:
		play_text(t, s, side);
		return true;
	case SEC_ACTIONS:
		lw_legal_actions_text(s, side, t); /* the observer's: [] */
		return true;
	case SEC_NAVY:
		lw_naval_view_text(s, side, t); /* face-down assets: lw_naval.c */
		return true;
	case SEC_PLAYERS:
		for (int p = LW_UNION; p <= LW_CONFEDERATE; p++) {
			put_lit(t, p == LW_UNION ? "{\"" : ",\"");
			put_lit(t, lw_side_name(p));
			put_lit(t, "\":");
			player_text(t, s, p, side);
		}
		put_lit(t, "}");
		return true;
	default:
		return false;
	}
}

/* A section built by items, whole (view(), a first keep). */
static json_t *all_items(const struct lw_state *s, int side, unsigned i)
{
	struct tg_view_items it;
	tg_view_items_collect(&it);
	lw_view_items(s, side, i, &it);
	return tg_view_items_result(&it);
}

json_t *lw_view_section(const struct lw_state *s, int side, unsigned i)
{
	const struct lw_data *d = lw_D();
	bool over = s->phase == LW_PH_OVER;
	char buf[256];
	switch ((enum lw_section)i) {
	case SEC_GAME:
		return json_string("lincolns-war");
	case SEC_ROLE:
		return json_string(side == LW_NOSIDE ? "observer" : lw_side_name(side));
	case SEC_AWAITING:
		return sec_awaiting(s);
	case SEC_FINISHED:
		return json_boolean(over);
	case SEC_RESULT:
		return over ? json_pack("{s:o,s:s}", "winner", jside(s->winner), "summary",
		                        s->result)
		            : json_null();
	case SEC_PROMPT: {
		const char *prompt = side != LW_NOSIDE ? lw_prompt(s, side, buf, sizeof buf) : NULL;
		return prompt ? json_string(prompt) : json_null();
	}
	case SEC_ACTIONS:
		return side != LW_NOSIDE ? lw_legal_actions(s, side) : json_array();
	case SEC_LOG:
		return all_items(s, side, i);
	case SEC_SCENARIO:
		return json_integer(s->scenario);
	case SEC_TURN:
		return json_pack("{s:i,s:s,s:b}", "index", s->turn, "name", d->turns[s->turn].name,
		                 "last", s->turn == s->last_turn);
	case SEC_PHASE: {
		/* phases and steps added later (part 2) without a name here show as "other" */
		const char *ph = s->phase < sizeof phase_names / sizeof *phase_names
		                     ? phase_names[s->phase]
		                     : NULL;
		return json_string(ph ? ph : "other");
	}
	case SEC_STEP: {
		const char *st =
		    s->step < sizeof step_names / sizeof *step_names ? step_names[s->step] : NULL;
		return s->phase == LW_PH_OPS ? json_string(st ? st : "other") : json_null();
	}
	case SEC_INITIATIVE:
		return jside(s->initiative);
	case SEC_FIRST:
		return jside(s->first);
	case SEC_PHASING:
		return jside(s->phasing);
	case SEC_PLAYERS: {
		json_t *players = json_object();
		for (int p = LW_UNION; p <= LW_CONFEDERATE; p++)
			json_object_set_new(players, lw_side_name(p), player_json(s, p, side));
		return players;
	}
	case SEC_FORCES:
	case SEC_CITIES:
		return all_items(s, side, i);
	case SEC_REINFORCEMENTS:
		return box_json(s, LW_W_PENDING);
	case SEC_DISGRACED:
		return box_json(s, LW_W_DISGRACED);
	case SEC_DECEASED:
		return box_json(s, LW_W_DECEASED);
	case SEC_KENTUCKY:
		return jside(s->kentucky.violator);
	case SEC_NAVY:
		return lw_naval_view(s, side); /* face-down assets: lw_naval.c */
	case SEC_CAVALRY:
		/* RIT and Raided markers are on the map; the rail capacity used
		 * is the owner's (it counts hidden subordinates): lw_cavalry.c,
		 * lw_rail_phase.c */
		return lw_cav_view(s, side);
	case SEC_POLITICAL:
		return lw_political_view(s, side); /* 7.1.9 secret */
	case SEC_OPTIONAL:
		return lw_optional_view(s); /* 23.2: public counters */
	case SEC_RAIL: {
		json_t *rail = lw_rail_view(s, side);
		return rail ? rail : json_null();
	}
	case SEC_AMPHIB:
		return lw_amphib_view(s, side); /* PCSA, siege: lw_amphib_save.c */
	case SEC_PLAY:
		return play_json(s, side);
	case SEC_BATTLE:
		return battle_json(s, side);
	case SEC_COUNT:
		break;
	}
	return NULL;
}

/* The three boxes' stamps, each a hash of what box_json shows of it: its
 * generals in their order, with their side (and for the reinforcements
 * their turn; the entry hex is the general's datum). A hash of every unit
 * moved with every move on the map and rebuilt the three (issue 17). */
static void box_stamps(const struct lw_state *s, uint64_t who, uint64_t *pending,
                       uint64_t *disgraced, uint64_t *deceased)
{
	int32_t shown[3][3 * LW_MAX_UNITS];
	size_t n[3] = {0, 0, 0};
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		int b = x->where == LW_W_PENDING     ? 0
		        : x->where == LW_W_DISGRACED ? 1
		        : x->where == LW_W_DECEASED  ? 2
		                                     : -1;
		if (b < 0 || x->gen < 0)
			continue;
		shown[b][n[b]++] = x->gen;
		shown[b][n[b]++] = x->side;
		if (b == 0)
			shown[b][n[b]++] = x->arrive_turn;
	}
	uint64_t *out[3] = {pending, disgraced, deceased};
	for (int b = 0; b < 3; b++) {
		uint64_t h = tg_stamp_bytes(who, &b, sizeof b);
		*out[b] = tg_stamp_bytes(h, shown[b], n[b] * sizeof shown[b][0]);
	}
}

/* The board's small sections, the awaited sides and the prompt, each
 * stamped by the fields its builder (lw_view_section) reads, or by the
 * value it shows: they were stamped 0 and built as trees, serialized and
 * compared after every action, most of them unchanged (issue 17). Those
 * stamped alike for every viewer (small_shared, hashed from 0: the viewer
 * is mixed in by lw_view_stamps), then the viewer's own (small_own). */
static void small_shared(const struct lw_state *s, uint64_t *st)
{
	uint8_t over = s->phase == LW_PH_OVER;
	st[SEC_FINISHED] = tg_stamp_bytes(0, &over, 1);
	uint64_t h = tg_stamp_bytes(0, &over, 1);
	if (over) { /* the winner and the summary */
		h = tg_stamp_bytes(h, &s->winner, sizeof s->winner);
		h = tg_stamp_bytes(h, s->result, sizeof s->result);
	}
	st[SEC_RESULT] = h;
	st[SEC_PHASE] = tg_stamp_bytes(0, &s->phase, sizeof s->phase);
	st[SEC_STEP] = tg_stamp_bytes(st[SEC_PHASE], &s->step, sizeof s->step);
	st[SEC_INITIATIVE] = tg_stamp_bytes(0, &s->initiative, sizeof s->initiative);
	st[SEC_FIRST] = tg_stamp_bytes(0, &s->first, sizeof s->first);
	st[SEC_PHASING] = tg_stamp_bytes(0, &s->phasing, sizeof s->phasing);
	st[SEC_KENTUCKY] = tg_stamp_bytes(0, &s->kentucky.violator, sizeof s->kentucky.violator);
	st[SEC_OPTIONAL] = tg_stamp_bytes(0, &s->opt, sizeof s->opt);
	/* lw_amphib_view: the marker, the sieges, the turn's uses (the turn) */
	h = tg_stamp_bytes(0, &s->amphib, sizeof s->amphib);
	st[SEC_AMPHIB] = tg_stamp_bytes(h, &s->turn, sizeof s->turn);
	/* battle_json: the battle, its step and its cards' events (16.3) */
	h = tg_stamp_bytes(0, &s->battle.active, sizeof s->battle.active);
	if (s->battle.active) {
		h = tg_stamp_bytes(h, &s->battle, sizeof s->battle);
		h = tg_stamp_bytes(h, &s->resev, sizeof s->resev);
		h = tg_stamp_bytes(h, &s->step, sizeof s->step);
	}
	st[SEC_BATTLE] = h;
	/* sec_awaiting: the sides awaited */
	unsigned aw = lw_awaiting(s);
	st[SEC_AWAITING] = tg_stamp_bytes(0, &aw, sizeof aw);
	/* lw_cav_view: the RIT hexes, and no Raided CO to show while no
	 * general is raided (most of the game); with one, the section is
	 * rebuilt every time (who sees his marker reads the forces) */
	bool raided = false;
	for (size_t i = 0; i < sizeof s->cav.raided && !raided; i++)
		raided = s->cav.raided[i] != 0;
	h = tg_stamp_bytes(0, &s->cav.rit_n, sizeof s->cav.rit_n);
	st[SEC_CAVALRY] =
	    raided ? 0 : tg_stamp_bytes(h, s->cav.rit, (size_t)s->cav.rit_n * sizeof *s->cav.rit);
}

static void small_own(const struct lw_state *s, int side, uint64_t who, uint64_t *st)
{
	/* lw_rail_view: the viewer's capacity (the turn's) and stars railed */
	int32_t rail[2] = {-1, -1};
	if (side == LW_UNION || side == LW_CONFEDERATE) {
		rail[0] = lw_rail_capacity(s, side);
		rail[1] = s->rail.used[side];
	}
	st[SEC_RAIL] = tg_stamp_bytes(who, rail, sizeof rail);
	/* play_json: what it shows, the CO as the viewer sees him */
	const struct lw_play *p = &s->play;
	int32_t play[12] = {0};
	if (p->side) {
		int co = play_co_shown(s, side);
		const struct lw_groups *g = &s->groups;
		bool regions = p->campaign && g->camp_n; /* lw_theater_view */
		int32_t v[12] = {p->side,
		                 p->card,
		                 p->pc_left,
		                 p->campaign,
		                 p->activations_left,
		                 co,
		                 co != LW_NONE ? s->unit[co].gen : 0,
		                 p->movers_n ? s->unit[p->movers[0]].hex : LW_NO_HEX - 1,
		                 p->moved,
		                 regions ? g->camp_n : -1,
		                 regions ? g->camp_region[0] : 0,
		                 regions && g->camp_n > 1 ? g->camp_region[1] : 0};
		memcpy(play, v, sizeof play);
	}
	st[SEC_PLAY] = tg_stamp_bytes(who, play, sizeof play);
	/* the prompt: its text, as the viewer gets it (it reads the pending
	 * decision) */
	char buf[256];
	const char *prompt = side != LW_NOSIDE ? lw_prompt(s, side, buf, sizeof buf) : NULL;
	st[SEC_PROMPT] = prompt
	                     ? tg_stamp_bytes(tg_stamp_bytes(who, "p", 1), prompt, strlen(prompt))
	                     : tg_stamp_bytes(who, "n", 1);
}

/* The forces' stamp: everything forces_items reads, hashed with the
 * viewer. Of each unit on the map, what places it in a force (its hex and
 * side), picks the CO (stars, cavalry, cmd) and is on its counter (the
 * general or the TCO's index, wounds, IT, the shown flags: unit_shown);
 * the two GiCs (the CO, the marker) and the sieges (besieged, besieging,
 * the order in a siege hex); the generals' data does not change. The
 * forces were walked after every action, 15 % of the fan-out's
 * instructions (issue 17), although most actions move no unit, and the
 * units' other fields (activated this card play, IT placed in it, a
 * battle lost) change with plays that move nothing: each force's own
 * stamp still says which ones changed once this one moved. */
#define SHOWN_FLAGS (LW_UF_OOS | LW_UF_RELUCTANT | LW_UF_PROMOTED | LW_UF_REVEALED)

struct unit_key {
	int16_t u, hex, gen, it;
	int8_t side;
	uint8_t stars, cavalry, wounds, flags, spare[3];
	uint32_t cmd;
};
_Static_assert(sizeof(struct unit_key) == 20, "a unit's key has no padding");

static uint64_t forces_stamp(const struct lw_state *s, uint64_t who)
{
	struct unit_key key[LW_MAX_UNITS];
	size_t n = 0;
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->where != LW_W_MAP)
			continue;
		key[n++] = (struct unit_key){
		    .u = (int16_t)u,
		    .hex = x->hex,
		    .gen = x->gen,
		    .it = x->it,
		    .side = x->side,
		    .stars = x->stars,
		    .cavalry = x->cavalry,
		    .wounds = x->wounds,
		    .flags = x->flags & SHOWN_FLAGS,
		    .cmd = x->cmd,
		};
	}
	uint64_t h = tg_stamp_bytes(who, key, n * sizeof *key);
	int16_t gic[2] = {s->side[LW_UNION].gic, s->side[LW_CONFEDERATE].gic};
	h = tg_stamp_bytes(h, gic, sizeof gic);
	return tg_stamp_bytes(h, s->amphib.sieges, sizeof s->amphib.sieges);
}

/* What each stamped section reads: the cities what they show (their
 * owners, garrisons and defenses, which read the turn for 2.3's variable
 * defense, cavalry-held cities 13.1.3 and the fleets and ironclads 8.2.1,
 * 8.1.2.1: lw_city_defenses); the boxes what they show
 * (box_stamps); the navy its own state and the supply its blockades cost
 * (which reads the ports' owners and forces); players the players and
 * their GiCs' counters; the log its lines' count and their stamps (kept
 * with each line: lw_state.log_stamp); the political track the values it
 * shows (lw_political_stamp: the plot's buyer and purchase, the
 * declarations, the assassinations, and the Confederate cities the Union
 * holds, which reads the cities' owners). A section read from anything
 * else is stamped 0. The forces are stamped by what they read
 * (forces_stamp); once that moved, each force's own stamp (forces_items)
 * says whether it changed, as the cities' and the log's elements do once
 * theirs moved.
 *
 * All but the prompt, the rail, the play, the political track (the plot's
 * purchase) and the game, role and scenario read the same fields for every
 * viewer: they are hashed from 0 once (shared_stamps), and the viewer mixed
 * in after; in an update of several roles (kit/view_sections.h,
 * tg_view_update_begin: the daemon's fan-out) once for all of them (issue
 * 17: the blockades' supply summed for each role was 3.6 M of bench_views
 * 300's 148.6 M, the stamps 13.8 M). */
#define SHARED_SECTIONS                                                                            \
	((1ull << SEC_LOG) | (1ull << SEC_TURN) | (1ull << SEC_PLAYERS) | (1ull << SEC_FORCES) |   \
	 (1ull << SEC_CITIES) | (1ull << SEC_REINFORCEMENTS) | (1ull << SEC_DISGRACED) |           \
	 (1ull << SEC_DECEASED) | (1ull << SEC_NAVY) | (1ull << SEC_FINISHED) |                    \
	 (1ull << SEC_RESULT) | (1ull << SEC_PHASE) | (1ull << SEC_STEP) |                         \
	 (1ull << SEC_INITIATIVE) | (1ull << SEC_FIRST) | (1ull << SEC_PHASING) |                  \
	 (1ull << SEC_KENTUCKY) | (1ull << SEC_OPTIONAL) | (1ull << SEC_AMPHIB) |                  \
	 (1ull << SEC_BATTLE) | (1ull << SEC_AWAITING) | (1ull << SEC_CAVALRY))
_Static_assert(SEC_COUNT <= 64, "the shared sections are a 64-bit set");

struct shared {
	uint64_t st[SEC_COUNT]; /* of SHARED_SECTIONS, hashed from 0 (0: rebuilt every time) */
	int holds;              /* lw_plot_union_holds */
	int32_t defense[LW_MAX_CITIES]; /* each city's (lw_city_defenses) */
};

static void shared_stamps(const struct lw_state *s, struct shared *o)
{
	uint64_t *st = o->st;
	/* the count places the lines in the ring, the ring's stamps say them */
	uint64_t h = tg_stamp_bytes(0, &s->log_total, sizeof s->log_total);
	st[SEC_LOG] = tg_stamp_bytes(h, s->log_stamp, sizeof s->log_stamp);
	st[SEC_TURN] = tg_stamp_bytes(tg_stamp_bytes(0, &s->turn, 1), &s->last_turn, 1);
	h = tg_stamp_bytes(0, s->side, sizeof s->side);
	for (int p = LW_UNION; p <= LW_CONFEDERATE; p++)
		if (s->side[p].gic >= 0 && s->side[p].gic < LW_MAX_UNITS)
			h = tg_stamp_bytes(h, &s->unit[s->side[p].gic], sizeof *s->unit);
	st[SEC_PLAYERS] = h;
	st[SEC_FORCES] = forces_stamp(s, 0);
	/* the cities: what each shows, its owner, garrison and defense (the
	 * defense worked out once for every city and role: the turn's
	 * capitals 2.3, cavalry holders 13.1.3, blockades 8.2.1, ironclads
	 * 8.1.2.1), not what the defense reads: the navy's every move and
	 * the cavalry's state moved that stamp, and each role then worked
	 * out every city's defense to find no city changed (issue 17) */
	int nc = s->n_cities < LW_MAX_CITIES ? s->n_cities : LW_MAX_CITIES;
	lw_city_defenses(s, o->defense);
	uint8_t og[2 * LW_MAX_CITIES]; /* owner, garrison */
	for (int c = 0; c < nc; c++) {
		og[2 * c] = (uint8_t)s->city[c].owner;
		og[2 * c + 1] = s->city[c].garrison;
	}
	h = tg_stamp_bytes(0, &nc, sizeof nc);
	h = tg_stamp_bytes(h, og, 2 * (size_t)nc);
	st[SEC_CITIES] = tg_stamp_bytes(h, o->defense, (size_t)nc * sizeof *o->defense);
	box_stamps(s, 0, &st[SEC_REINFORCEMENTS], &st[SEC_DISGRACED], &st[SEC_DECEASED]);
	/* lw_naval_view: the navy, and the blockades' cost in supply (8.2) */
	int32_t supply = lw_naval_blockaded_supply(s);
	h = tg_stamp_bytes(0, &s->navy, sizeof s->navy);
	st[SEC_NAVY] = tg_stamp_bytes(h, &supply, sizeof supply);
	small_shared(s, st);
	o->holds = lw_plot_union_holds(s);
}

/* The shared part of the last update this thread stamped, and its number
 * (tg_view_update_epoch; 0: none) */
static _Thread_local struct {
	uint64_t epoch;
	struct shared v;
} memo;

static const int32_t *memo_defenses(uint64_t epoch)
{
	return epoch && memo.epoch == epoch ? memo.v.defense : NULL;
}

void lw_view_stamps_in(const struct lw_state *s, int side, uint64_t epoch, uint64_t *st)
{
	struct shared own;
	const struct shared *sh = &memo.v;
	if (!epoch) {
		shared_stamps(s, &own);
		sh = &own;
	} else if (memo.epoch != epoch) {
		memo.epoch = 0; /* not whole until made */
		shared_stamps(s, &memo.v);
		memo.epoch = epoch;
	}
	uint64_t who = tg_stamp_bytes(0, &side, sizeof side);
	for (unsigned i = 0; i < SEC_COUNT; i++)
		/* both odd: the viewer's mix is one to one */
		st[i] = (SHARED_SECTIONS >> i) & 1 && sh->st[i] ? (sh->st[i] ^ who) | 1 : 0;
	st[SEC_GAME] = st[SEC_ROLE] = st[SEC_SCENARIO] = who;
	/* lw_political_view: the values it shows, the plot's purchase as the
	 * viewer sees it (7.1.9) */
	st[SEC_POLITICAL] = lw_political_stamp(s, side, sh->holds, who);
	small_own(s, side, who, st);
}

void lw_view_stamps(const struct lw_state *s, int side, uint64_t *st)
{
	lw_view_stamps_in(s, side, 0, st);
}

json_t *lw_view_json(const struct lw_state *s, int side)
{
	json_t *v = json_object(), *b = NULL;
	for (unsigned i = 0; i < SEC_COUNT; i++) {
		const char *name = lw_view_sections[i] + 1;
		json_t *into = v;
		if (strncmp(name, "board/", 6) == 0) {
			if (!b) /* the board comes last, after every top member */
				json_object_set_new(v, "board", b = json_object());
			name += 6;
			into = b;
		}
		json_object_set_new(into, name, lw_view_section(s, side, i));
	}
	return v;
}
