/* lw_testkit.h — small helpers for the Lincoln's War engine rules tests:
 * build a game, put it at a chosen point, send actions as JSON text. */
#ifndef LW_TESTKIT_H
#define LW_TESTKIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;

static struct tg_error tk_err;

static inline struct game *tk_new(const char *scenario, int seed)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, 0x77};
	struct game *g = lincolns_war_module.setup(key, scenario, NULL, &tk_err);
	if (!g) {
		fprintf(stderr, "setup: %s\n", tk_err.message);
		exit(1);
	}
	return g;
}

/* Sends an action written as JSON; returns act()'s result (tk_err on error). */
static inline int tk_act(struct game *g, const char *role, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	if (!a) {
		fprintf(stderr, "bad test JSON %s\n", json);
		exit(1);
	}
	memset(&tk_err, 0, sizeof tk_err);
	struct game_outcome out = {0};
	int rc = lincolns_war_module.act(g, role, a, &out, &tk_err);
	json_decref(a);
	return rc;
}

static inline int tk_unit(const struct game *g, const char *id)
{
	int u = lw_unit_by_id(&g->s, id);
	if (u == LW_NONE) {
		fprintf(stderr, "no general %s in the data\n", id);
		exit(1);
	}
	return u;
}

/* A card whose name contains `part`; exits if none. */
static inline int tk_card(int side, const char *part)
{
	for (int n = 1; n <= LW_DECK_CARDS; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k && k->name && strstr(k->name, part))
			return n;
	}
	fprintf(stderr, "no %s card named like %s\n", side == LW_UNION ? "Union" : "CS", part);
	exit(1);
}

static inline void tk_remove_everywhere(struct lw_state *s, int side, int card)
{
	struct lw_cards *c = &s->side[side].cards;
	uint8_t *lists[] = {c->draw, c->discard, c->hand, c->out};
	uint8_t *ns[] = {&c->draw_n, &c->discard_n, &c->hand_n, &c->out_n};
	for (int l = 0; l < 4; l++)
		for (int i = 0; i < *ns[l]; i++)
			if (lists[l][i] == card) {
				memmove(&lists[l][i], &lists[l][i + 1], (size_t)(*ns[l] - i - 1));
				(*ns[l])--;
				i--;
			}
}

/* Empties a hand back into the deck. */
static inline void tk_clear_hand(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	for (int i = 0; i < c->hand_n; i++)
		c->draw[c->draw_n++] = c->hand[i];
	c->hand_n = 0;
}

static inline void tk_give(struct lw_state *s, int side, int card)
{
	tk_remove_everywhere(s, side, card);
	struct lw_cards *c = &s->side[side].cards;
	c->hand[c->hand_n++] = (uint8_t)card;
}

/* Both sides choose their first listed GiC candidate. */
static inline void tk_choose_gics(struct game *g)
{
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *a = json_object_get(json_array_get(json_object_get(v, "actions"), 0), "action");
	char *txt = json_dumps(a, JSON_COMPACT);
	tk_act(g, "union", txt);
	free(txt);
	json_decref(v);
	v = lincolns_war_module.view(g, "confederate");
	a = json_object_get(json_array_get(json_object_get(v, "actions"), 0), "action");
	txt = json_dumps(a, JSON_COMPACT);
	tk_act(g, "confederate", txt);
	free(txt);
	json_decref(v);
}

/* Jump to the card-play step of turn `turn` with `side` to play. */
static inline void tk_goto_ops(struct game *g, int turn, int side)
{
	struct lw_state *s = &g->s;
	s->turn = (uint8_t)turn;
	s->phase = LW_PH_OPS;
	s->step = LW_ST_CARD;
	s->phasing = (int8_t)side;
	s->first = (int8_t)side;
	memset(&s->play, 0, sizeof s->play);
	s->play.co = LW_NONE;
	for (int p = LW_UNION; p <= LW_CONFEDERATE; p++) {
		s->side[p].passed = 0;
		s->side[p].draw_stage = 2;
	}
}

/* Gives `side` one more card from its deck (so a card play does not end
 * the operations phase for want of cards). */
static inline void tk_give_any(struct lw_state *s, int side)
{
	struct lw_cards *c = &s->side[side].cards;
	for (int i = c->draw_n - 1; i >= 0; i--) {
		const struct lw_card *k = lw_card(side, c->draw[i]);
		if (k->kind == LW_KIND_ACTIVATION && k->pc > 0) {
			tk_give(s, side, c->draw[i]);
			return;
		}
	}
}

/* Moves unit u (alone) to hex, keeping everything else. */
static inline void tk_place(struct game *g, int u, int hex)
{
	g->s.unit[u].where = LW_W_MAP;
	g->s.unit[u].hex = (int16_t)hex;
}

/* Puts general `id` on hex with `stars` and `it` IT, no flags, the newest
 * in command seniority (as a general who just joined); returns his unit. */
static inline int tk_put(struct game *g, const char *id, int hex, int stars, int it)
{
	struct lw_state *s = &g->s;
	int u = tk_unit(g, id);
	tk_place(g, u, hex);
	s->unit[u].stars = (uint8_t)stars;
	s->unit[u].it = (int16_t)it;
	s->unit[u].flags = 0;
	s->unit[u].cmd = ++s->cmd_seq;
	return u;
}

/* The roles the game awaits (game_status.awaiting bits). */
static inline unsigned tk_awaiting(struct game *g)
{
	struct game_status st;
	lincolns_war_module.status(g, &st);
	return st.awaiting;
}

/* A Campaign game (seed) in the card play of turn 1, the Confederate to
 * play and holding the Committee card (10.7.9), both with a card to spare. */
static inline struct game *tk_committee_game(int seed)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	struct lw_state *s = &g->s;
	tk_give_any(s, LW_CONFEDERATE);
	tk_give_any(s, LW_UNION);
	s->side[LW_CONFEDERATE].committee_hand = 1;
	s->side[LW_UNION].committee = 0;
	return g;
}

/* 6.0: turn `turn` (0 is the first) begins, the Union holding union_pc PC
 * and the Confederates cs_pc (the initiative goes by them). */
static inline void tk_begin_turn_pc(struct lw_state *s, int turn, int union_pc, int cs_pc)
{
	s->turn = (uint8_t)turn;
	s->side[LW_UNION].pc = (int16_t)union_pc;
	s->side[LW_CONFEDERATE].pc = (int16_t)cs_pc;
	lw_begin_turn(s);
}

/* 6.0: a Campaign game (seed) at the start of its second turn, the
 * Confederates leading 17 PC to 5: they hold the initiative and, leading by
 * 10 or more, are asked in the Initiative Phase whether to force the Union
 * to go first. */
static inline struct game *tk_initiative_lead(int seed)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	tk_begin_turn_pc(&g->s, 1, 5, 17);
	return g;
}

/* Does the role's view offer an action whose label contains `part`? */
static inline bool tk_offers(struct game *g, const char *role, const char *part)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *acts = json_object_get(v, "actions");
	bool found = false;
	for (size_t i = 0; i < json_array_size(acts) && !found; i++) {
		const char *l =
		    json_string_value(json_object_get(json_array_get(acts, i), "label"));
		found = l && strstr(l, part);
	}
	json_decref(v);
	return found;
}

/* Whether a, its params [i, n) set to any of their choices, names every
 * field of want with its value. */
static inline bool tk_completes(json_t *a, const json_t *params, size_t i, const json_t *want)
{
	const json_t *p = json_array_get(params, i);
	if (!p) {
		const char *k;
		json_t *x;
		bool all = true;
		json_object_foreach((json_t *)want, k, x) all &=
		    json_equal(json_object_get(a, k), x);
		return all;
	}
	const char *name = json_string_value(json_object_get(p, "name"));
	json_t *ch = json_object_get(p, "choices");
	/* a param "by" another (PROTOCOL.md): the choices the other's value
	 * opens, choices_by[its index]'s "only" or all but its "except" */
	const json_t *spec = NULL;
	const char *by = json_string_value(json_object_get(p, "by"));
	for (size_t j = 0; by && j < i; j++) {
		const json_t *q = json_array_get(params, j);
		if (strcmp(json_string_value(json_object_get(q, "name")), by) != 0)
			continue;
		const json_t *qc = json_object_get(q, "choices");
		for (size_t c = 0; c < json_array_size(qc); c++)
			if (json_equal(json_object_get(json_array_get(qc, c), "value"),
			               json_object_get(a, by)))
				spec = json_array_get(json_object_get(p, "choices_by"), c);
	}
	const json_t *only = json_object_get(spec, "only"), *but = json_object_get(spec, "except");
	bool found = false;
	for (size_t c = 0; c < json_array_size(ch) && !found; c++) {
		bool listed = false;
		const json_t *idx = only ? only : but;
		for (size_t k = 0; k < json_array_size(idx); k++)
			listed |= (size_t)json_integer_value(json_array_get(idx, k)) == c;
		if (by && (!spec || (only ? !listed : listed)))
			continue;
		json_object_set(a, name, json_object_get(json_array_get(ch, c), "value"));
		found = tk_completes(a, params, i + 1, want);
	}
	return found;
}

/* Does the role's view offer the action `json` (every field it names, with
 * these values), as a whole entry or as an entry whose parameters' choices
 * complete it (game.h: "params"; a param "by" another offers only the
 * choices the other's value opens)? */
static inline bool tk_offers_action(struct game *g, const char *role, const char *json)
{
	json_error_t je;
	json_t *want = json_loads(json, 0, &je);
	if (!want) {
		fprintf(stderr, "bad test JSON %s\n", json);
		exit(1);
	}
	json_t *v = lincolns_war_module.view(g, role);
	json_t *acts = json_object_get(v, "actions");
	bool found = false;
	for (size_t i = 0; i < json_array_size(acts) && !found; i++) {
		json_t *e = json_array_get(acts, i);
		json_t *a = json_deep_copy(json_object_get(e, "action"));
		found = tk_completes(a, json_object_get(e, "params"), 0, want);
		json_decref(a);
	}
	json_decref(v);
	json_decref(want);
	return found;
}

/* A clear land hex of `state` ("VA") with no unit and no city. */
static inline int tk_empty_hex(const struct game *g, const char *state, int not_this)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, state) != 0 || h->terrain != LW_TERRAIN_CLEAR ||
		    h->city >= 0 || h->id == not_this ||
		    lw_hex_owner_force(&g->s, h->id) != LW_NOSIDE)
			continue;
		return h->id;
	}
	fprintf(stderr, "no empty hex in %s\n", state);
	exit(1);
}
/* Ends phases that come before `phase` (rail, naval... added by part 2)
 * by sending, for each awaited role, its offered action whose type starts
 * with "end". */
static inline void tk_advance_to(struct game *g, int phase)
{
	for (int guard = 0; guard < 20 && g->s.phase != phase; guard++) {
		struct game_status st;
		lincolns_war_module.status(g, &st);
		const char *role = st.awaiting & 1 ? "union" : "confederate";
		json_t *v = lincolns_war_module.view(g, role);
		json_t *acts = json_object_get(v, "actions");
		char *txt = NULL;
		for (size_t i = 0; i < json_array_size(acts) && !txt; i++) {
			json_t *a = json_object_get(json_array_get(acts, i), "action");
			const char *type = json_string_value(json_object_get(a, "type"));
			if (type && strncmp(type, "end", 3) == 0)
				txt = json_dumps(a, JSON_COMPACT);
		}
		json_decref(v);
		if (!txt)
			return;
		tk_act(g, role, txt);
		free(txt);
	}
}

/* The bot-played games tk_bot_positions walks: game i (0 to games - 1) is
 * set up from the seed {i, seed_tag} in `scenario` (NULL: the module's
 * scenarios in turn, Campaign first) and played by the prudent bot seeded
 * i * bot_mul + bot_add, for up to max_actions accepted actions. */
struct tk_positions {
	int games;
	uint8_t seed_tag;
	const char *scenario;
	uint64_t bot_mul, bot_add;
	int max_actions;
};

/* Plays those games and calls at(ctx, g) at each position they reach (after
 * every accepted action): the reference tests hold an offer or a figure to
 * its plain reading there. A game that cannot be set up, or whose play
 * meets a dead end or an offered action act() refuses, fails the test. */
static inline void tk_bot_positions(const struct tk_positions *p,
                                    void (*at)(void *ctx, struct game *g), void *ctx)
{
	const struct game_module *M = &lincolns_war_module;
	int nscn = 0;
	while (M->scenarios[nscn].id)
		nscn++;
	for (int i = 0; i < p->games; i++) {
		const char *scn = p->scenario ? p->scenario : M->scenarios[i % nscn].id;
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)i, p->seed_tag};
		memset(&tk_err, 0, sizeof tk_err);
		struct game *g = M->setup(seed, scn, NULL, &tk_err);
		if (!CHECKF(g != NULL, "setup %s: %s", scn, tk_err.message))
			return;
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, (uint64_t)i * p->bot_mul + p->bot_add);
		const struct lw_bot_hooks h = {.ctx = ctx, .after = at};
		char why[256] = "";
		CHECKF(lw_bot_play(&bot, M, g, p->max_actions, &h, why, sizeof why) >= 0,
		       "game %d (%s): %s", i, scn, why);
		M->free(g);
	}
}

/* The random bot (seed) answers the waiting prompt, which must be role's
 * and of `type`; the action is applied and returned (the caller frees it),
 * NULL when the bot found nothing to do. */
static inline json_t *tk_bot_answers(struct game *g, int seed, const char *role, const char *type)
{
	struct lw_bot bot;
	lw_bot_init(&bot, (uint64_t)seed);
	char r[TG_ROLE_MAX * 2];
	json_t *a = NULL;
	if (!CHECK(lw_bot_choose(&bot, &lincolns_war_module, g, r, &a) > 0))
		return NULL;
	CHECK(strcmp(r, role) == 0);
	CHECK_EQ_STR(json_string_value(json_object_get(a, "type")), type);
	struct game_outcome out = {0};
	CHECKF(lincolns_war_module.act(g, r, a, &out, &tk_err) == 0, "%s", tk_err.message);
	return a;
}

/* How many actions offered to `role` have `part` in their JSON text. */
static inline int tk_count_offers(struct game *g, const char *role, const char *part)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *acts = json_object_get(v, "actions");
	int n = 0;
	for (size_t i = 0; i < json_array_size(acts); i++) {
		char *txt =
		    json_dumps(json_object_get(json_array_get(acts, i), "action"), JSON_COMPACT);
		n += strstr(txt, part) != NULL;
		free(txt);
	}
	json_decref(v);
	return n;
}

/* a -> b -> c in `state` (e.g. "OH"): three clear hexes without a city, no
 * river or impassable side between them, c not adjacent to a (12.4 and
 * 13.1.1 pass-through tests). */
static inline bool tk_line_of_three(const char *state, int *a, int *b, int *c)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, state) != 0)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int k = 0; k < n; k++) {
			const struct lw_hex *x = lw_data_hex(d, nb[k]);
			if (!x || x->terrain != LW_TERRAIN_CLEAR || x->city >= 0 ||
			    (lw_data_hexside_flags(d, h->id, nb[k]) &
			     (LW_HS_RIVER | LW_HS_IMPASSABLE)))
				continue;
			int nc[6];
			int m = tg_hex_neighbours(&d->grid, nb[k], nc);
			for (int j = 0; j < m; j++) {
				const struct lw_hex *y = lw_data_hex(d, nc[j]);
				if (nc[j] == h->id || tg_hex_adjacent(&d->grid, h->id, nc[j]) ||
				    !y || y->terrain != LW_TERRAIN_CLEAR || y->city >= 0 ||
				    (lw_data_hexside_flags(d, nb[k], nc[j]) &
				     (LW_HS_RIVER | LW_HS_IMPASSABLE)))
					continue;
				*a = h->id;
				*b = nb[k];
				*c = nc[j];
				return true;
			}
		}
	}
	return false;
}

/* From hex index *i on: a clear Confederate hex y without a city, all six
 * neighbours clear land without a city, a river or an impassable side, none
 * in Kentucky; x and friendly two of them (the 16.9.6 overstacked-retreat
 * tests). *i moves past it, so a caller can try the next. */
static inline bool tk_open_ring(size_t *i, int *x, int *y, int *friendly)
{
	const struct lw_data *d = lw_D();
	for (; *i < d->n_hexes; (*i)++) {
		const struct lw_hex *h = &d->hexes[*i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 ||
		    !lw_hex_in_territory(h->id, LW_CONFEDERATE))
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		bool ok = n == 6;
		for (int k = 0; k < n && ok; k++) {
			const struct lw_hex *o = lw_data_hex(d, nb[k]);
			ok = o && o->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[k]) < 0 &&
			     !lw_is_kentucky(nb[k]) &&
			     !(lw_data_hexside_flags(d, h->id, nb[k]) &
			       (LW_HS_IMPASSABLE | LW_HS_RIVER));
		}
		if (!ok)
			continue;
		*y = h->id;
		*x = nb[0];
		*friendly = nb[3];
		(*i)++;
		return true;
	}
	return false;
}

/* The offered list against the reference reading: one check, both printed
 * (cut to `width` bytes each) when they differ; takes both references. The
 * offer-reference tests (9.1, 10.7.3.1, 13.2.4) share it. */
#define TK_CHECK_SAME_OFFER(want, got, turn, width)                                                \
	tk_check_same_offer((want), (got), (turn), (width), __FILE__, __LINE__)
static inline void tk_check_same_offer(json_t *want, json_t *got, int turn, int width,
                                       const char *file, int line)
{
	if (!json_equal(want, got)) {
		char *a = json_dumps(want, JSON_COMPACT), *b = json_dumps(got, JSON_COMPACT);
		tap_check(false, file, line, "json_equal(want, got)",
		          "turn %d: offer %.*s, want %.*s", turn, width, b, width, a);
		free(a);
		free(b);
	}
	json_decref(want);
	json_decref(got);
}

#endif
