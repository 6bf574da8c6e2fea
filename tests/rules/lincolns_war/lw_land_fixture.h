/* lw_land_fixture.h — the one fixture of the land-rules tests that need a
 * real state: a set-up Campaign game with the map cleared, generals placed
 * by hand, and decks stacked so that card draws are known (fx_*); a battle
 * fought on that state through the land handlers (ff_*: the rules tests of
 * sections that act inside a battle, 16.3.1, 16.4.1, 17.x); and the same
 * state inside a real `struct game`, so that every decision is sent through
 * the module's act() and every offer read from its view(), as a client
 * would (bx_*). */
#ifndef LW_LAND_FIXTURE_H
#define LW_LAND_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lincolns_war/lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;

/* A Campaign state in the Operations phase of `turn`, nobody on the map. */
static inline struct lw_state *fx_new(int turn)
{
	static const uint8_t seed[32] = {7, 1, 8, 6, 1};
	struct lw_state *s = calloc(1, sizeof *s);
	struct tg_error err = {0};
	if (!s || lw_setup_state(s, seed, LW_SCN_CAMPAIGN, 0, &err) != 0) {
		printf("# set-up failed: %s\n", err.message);
		free(s);
		return NULL;
	}
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP) {
			s->unit[i].where = LW_W_PENDING;
			s->unit[i].hex = LW_NO_HEX;
		}
	s->turn = (uint8_t)turn;
	s->phase = LW_PH_OPS;
	s->step = LW_ST_CARD;
	s->play.side = LW_UNION;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		/* cards in hand, so that the card play goes on after a march */
		for (int k = 0; k < 4; k++)
			lw_draw_to_hand(s, side);
		s->side[side].pc = 10;
		s->side[side].csp = 0;
		s->side[side].gic = LW_NONE;
	}
	return s;
}

static inline int fx_place(struct lw_state *s, const char *id, int hex, int stars)
{
	int u = lw_unit_by_id(s, id);
	if (u == LW_NONE) {
		printf("# no general %s\n", id);
		return LW_NONE;
	}
	s->unit[u].where = LW_W_MAP;
	s->unit[u].hex = (int16_t)hex;
	s->unit[u].stars = (uint8_t)stars;
	s->unit[u].it = 0;
	s->unit[u].it_new = 0;
	s->unit[u].flags = 0;
	s->unit[u].cmd = ++s->cmd_seq;
	return u;
}

/* Stack side's draw pile: the next draws give cards whose symbols include
 * `want` (n_with of them) and then cards without any symbol. */
static inline void fx_stack_deck(struct lw_state *s, int side, unsigned want, int n_with,
                                 int n_blank)
{
	struct lw_cards *c = &s->side[side].cards;
	int with[LW_DECK_CARDS], blank[LW_DECK_CARDS], nw = 0, nb = 0;
	for (int num = 1; num <= 57; num++) {
		const struct lw_card *k = lw_card(side, num);
		if (!k)
			continue;
		if (want && (k->symbols & want) == want)
			with[nw++] = num;
		else if (k->symbols == 0)
			blank[nb++] = num;
	}
	CHECKF(nw >= n_with && nb >= n_blank, "deck has %d cards with symbols %u, %d blank", nw,
	       want, nb);
	c->draw_n = 0;
	c->discard_n = 0;
	/* the top of the pile is draw[draw_n - 1]: push the blank ones first */
	for (int i = 0; i < n_blank && i < nb; i++)
		c->draw[c->draw_n++] = (uint8_t)blank[i];
	for (int i = 0; i < n_with && i < nw; i++)
		c->draw[c->draw_n++] = (uint8_t)with[i];
}

static inline const char *bx_role(int side)
{
	return side == LW_UNION ? "union" : "confederate";
}

/* Sends one action as `side`: through the module's act() when g is given,
 * else to the land rules' handlers of s (an 11.0.3 / 12.4 question first,
 * then a battle held for it goes on, as lw_apply does). 0 or the error
 * (printed as a TAP comment). */
static inline int fx_send(struct game *g, struct lw_state *s, int side, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc;
	if (g) {
		rc = lincolns_war_module.act(g, bx_role(side), a, &out, &err);
	} else if (lw_command_question_pending(s)) {
		rc = lw_command_choice_side(s) == side
		         ? lw_command_choice_act(s, side, a, &out, &err)
		         : tg_fail(&err, TG_E_NOT_YOUR_TURN, "the question is the other side's");
		if (rc == 0) {
			lw_command_settle(s);
			lw_continue(s, &out);
			if (lw_continue_battle(s, &out))
				lw_continue(s, &out);
		}
	} else {
		rc = s->battle.active ? lw_battle_act(s, side, a, &out, &err)
		                      : lw_march_act(s, side, a, &out, &err);
	}
	if (rc != 0)
		printf("# %s -> %s: %s\n", json, err.code, err.message);
	json_decref(a);
	return rc;
}

/* Sends one action to the land rules' handlers. */
static inline int fx_act(struct lw_state *s, int side, const char *json)
{
	return fx_send(NULL, s, side, json);
}

/* CHECK_EQ_INT evaluates its arguments twice: actions go through these
 * (ACT_* on a state, BX_* on a game). */
#define FX_EXPECT_RC(call, ok, json, what)                                                         \
	do {                                                                                       \
		int rc_ = (call);                                                                  \
		CHECKF((rc_ == 0) == (ok), "action %s " what, (json));                             \
	} while (0)
#define ACT_OK(s, side, json) FX_EXPECT_RC(fx_act((s), (side), (json)), true, (json), "refused")
#define ACT_FAILS(s, side, json)                                                                   \
	FX_EXPECT_RC(fx_act((s), (side), (json)), false, (json), "accepted")
#define BX_OK(g, side, json) FX_EXPECT_RC(bx_act((g), (side), (json)), true, (json), "refused")
#define BX_FAILS(g, side, json) FX_EXPECT_RC(bx_act((g), (side), (json)), false, (json), "accepted")

/* A neighbour of hex reachable without a river, mountain, city or ocean. */
static inline int fx_plain_neighbour(int hex)
{
	const struct lw_data *d = lw_D();
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (h && h->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[i]) < 0 &&
		    !(lw_data_hexside_flags(d, hex, nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			return nb[i];
	}
	return LW_NO_HEX;
}

/* The battle ground of many tests: the next clear hex of Confederate
 * territory without a city that has a plain neighbour, looked for from
 * hexes[*i] on. Returns it (and the neighbour in *from), *i past it; or
 * LW_NO_HEX when there is none left. */
static inline int fx_next_cs_clear(size_t *i, int *from)
{
	const struct lw_data *d = lw_D();
	for (; *i < d->n_hexes; (*i)++) {
		const struct lw_hex *h = &d->hexes[*i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 ||
		    !lw_hex_in_territory(h->id, LW_CONFEDERATE))
			continue;
		int x = fx_plain_neighbour(h->id);
		if (x == LW_NO_HEX)
			continue;
		(*i)++;
		*from = x;
		return h->id;
	}
	return LW_NO_HEX;
}

/* The first clear hex of `state` without a city that has a plain
 * neighbour (fx_plain_neighbour): *x and *y, or false if there is none. */
static inline bool fx_plain_pair(const char *state, int *x, int *y)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, state) != 0)
			continue;
		int nb = fx_plain_neighbour(h->id);
		if (nb != LW_NO_HEX) {
			*x = h->id;
			*y = nb;
			return true;
		}
	}
	return false;
}

/* The (first) TCO on the map at hex, or LW_NONE (17.0: a killed general's
 * TCO takes his hex). */
static inline int fx_tco_at(const struct lw_state *s, int hex)
{
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].gen < 0 && s->unit[i].where == LW_W_MAP && s->unit[i].hex == hex)
			return i;
	return LW_NONE;
}

/* The integer `key` of the first battle action of `type` offered to side
 * (lw_battle_offer), or LW_NO_HEX when none is offered. */
static inline int fx_first_offer(const struct lw_state *s, int side, const char *type,
                                 const char *key)
{
	json_t *l = json_array();
	lw_battle_offer(s, side, TG_OFFERS_TREE(l));
	int v = LW_NO_HEX;
	size_t i;
	json_t *o;
	json_array_foreach(l, i, o)
	{
		json_t *a = json_object_get(o, "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), type) == 0) {
			v = (int)json_integer_value(json_object_get(a, key));
			break;
		}
	}
	json_decref(l);
	return v;
}

/* ---- a battle on the state, through the land handlers (ff_*) ---- */

/* co (of side `att`) attacks hex target; returns true once both have
 * committed (the battle is revealed). */
static inline bool ff_fight(struct lw_state *s, int co, int target, int csp_att, int csp_def)
{
	int att = s->unit[co].side, def = LW_OTHER(att);
	s->play.side = (int8_t)att;
	lw_march_begin(s, co, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", target);
	if (fx_act(s, att, a) != 0)
		return false;
	if (s->step == LW_ST_WITHDRAW && fx_act(s, def, "{\"type\":\"stand\"}") != 0)
		return false;
	if (s->step != LW_ST_COMMIT)
		return false;
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_att);
	if (fx_act(s, att, a) != 0)
		return false;
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_def);
	return fx_act(s, def, a) == 0;
}

/* Does a public log line written since line number `from` contain both
 * `a` and `b`? */
static inline bool ff_logged(const struct lw_state *s, uint32_t from, const char *a, const char *b)
{
	uint32_t first = s->log_total > LW_LOG_LINES ? s->log_total - LW_LOG_LINES : 0;
	for (uint32_t i = from > first ? from : first; i < s->log_total; i++) {
		const char *l = s->log[i % LW_LOG_LINES];
		if (strstr(l, a) && (!b || strstr(l, b)))
			return true;
	}
	return false;
}

/* The value logged by "<name> is indecisive: die D, value V" since `from`
 * (and the die in *die_out if not NULL), or -1. */
static inline int ff_roll(const struct lw_state *s, uint32_t from, const char *name, int *die_out)
{
	uint32_t first = s->log_total > LW_LOG_LINES ? s->log_total - LW_LOG_LINES : 0;
	for (uint32_t i = from > first ? from : first; i < s->log_total; i++) {
		const char *l = s->log[i % LW_LOG_LINES];
		const char *p = strstr(l, "is indecisive: die ");
		int die, v;
		if (p && strncmp(l, name, strlen(name)) == 0 &&
		    sscanf(p, "is indecisive: die %d, value %d", &die, &v) == 2) {
			if (die_out)
				*die_out = die;
			return v;
		}
	}
	return -1;
}

static inline int ff_rolled(const struct lw_state *s, uint32_t from, const char *name)
{
	return ff_roll(s, from, name, NULL);
}

/* ---- the state inside a game, through the module (bx_*) ---- */

/* fx_new(turn) inside a game the module can act on. */
static inline struct game *bx_game(int turn)
{
	struct lw_state *s = fx_new(turn);
	if (!s)
		return NULL;
	struct game *g = calloc(1, sizeof *g);
	if (g)
		g->s = *s;
	free(s);
	if (g)
		g->s.phasing = LW_UNION;
	return g;
}

static inline struct game *bx_copy(const struct game *g)
{
	struct game *c = malloc(sizeof *c);
	if (c)
		*c = *g;
	return c;
}

/* act() as `side`; 0 or the error (printed as a TAP comment). */
static inline int bx_act(struct game *g, int side, const char *json)
{
	return fx_send(g, NULL, side, json);
}

/* The actions view() offers `side` whose type is `type`, as a JSON array
 * (caller frees). */
static inline json_t *bx_offers(struct game *g, int side, const char *type)
{
	json_t *v = lincolns_war_module.view(g, bx_role(side));
	json_t *acts = json_object_get(v, "actions"), *r = json_array();
	size_t i;
	json_t *e;
	json_array_foreach(acts, i, e)
	{
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		if (t && strcmp(t, type) == 0)
			json_array_append(r, a);
	}
	json_decref(v);
	return r;
}

/* Does the offered list hold an action with "unit" = unit id (and "to" =
 * to, unless to is LW_NO_HEX)? */
static inline bool bx_has_unit(const struct game *g, json_t *offers, int u, int to)
{
	char id[48];
	lw_unit_id(&g->s, u, id, sizeof id);
	size_t i;
	json_t *a;
	json_array_foreach(offers, i, a)
	{
		const char *x = json_string_value(json_object_get(a, "unit"));
		if (x && strcmp(x, id) == 0 &&
		    (to == LW_NO_HEX || json_integer_value(json_object_get(a, "to")) == to))
			return true;
	}
	return false;
}

/* The number of distinct units named by the offers. */
static inline int bx_units_offered(json_t *offers)
{
	const char *seen[64];
	int n = 0;
	size_t i;
	json_t *a;
	json_array_foreach(offers, i, a)
	{
		const char *x = json_string_value(json_object_get(a, "unit"));
		bool dup = !x;
		for (int k = 0; k < n && !dup; k++)
			dup = strcmp(seen[k], x) == 0;
		if (!dup && n < 64)
			seen[n++] = x;
	}
	return n;
}

/* Sends "{"type":type,"unit":id(u)[,"to":to]}" as side. */
static inline int bx_act_unit(struct game *g, int side, const char *type, int u, int to)
{
	char id[48], a[160];
	lw_unit_id(&g->s, u, id, sizeof id);
	if (to == LW_NO_HEX)
		snprintf(a, sizeof a, "{\"type\":\"%s\",\"unit\":\"%s\"}", type, id);
	else
		snprintf(a, sizeof a, "{\"type\":\"%s\",\"unit\":\"%s\",\"to\":%d}", type, id, to);
	return bx_act(g, side, a);
}

/* The attack of hex `target` by the force of `co` (march begun here). */
static inline void bx_attack(struct game *g, int co, int target)
{
	lw_march_begin(&g->s, co, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", target);
	BX_OK(g, g->s.unit[co].side, a);
	if (g->s.step == LW_ST_WITHDRAW)
		BX_OK(g, LW_OTHER(g->s.unit[co].side), "{\"type\":\"stand\"}");
}

/* Both commit the 0 Resource card and `csp_*` CSP. */
static inline void bx_commit(struct game *g, int csp_union, int csp_conf)
{
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_conf);
	BX_OK(g, LW_CONFEDERATE, a);
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_union);
	BX_OK(g, LW_UNION, a);
}

/* bx_game(turn) and a pair of plain hexes of `state` (fx_plain_pair) for
 * a battle from *x into *y; NULL (a failed check) when either fails. */
static inline struct game *bx_game_pair(int turn, const char *state, int *x, int *y)
{
	struct game *g = bx_game(turn);
	*x = *y = LW_NO_HEX;
	if (!CHECK(g != NULL) || !CHECK(fx_plain_pair(state, x, y))) {
		free(g);
		return NULL;
	}
	return g;
}

/* Answers a waiting 11.0.3 / 12.4 question (choose_co, displace) with its
 * first offer (its first "to" where it is a parameter); false if none. */
static inline bool bx_answer_command(struct game *g)
{
	int side = lw_command_choice_side(&g->s);
	if (!lw_command_question_pending(&g->s) || side == LW_NOSIDE)
		return false;
	json_t *v = lincolns_war_module.view(g, bx_role(side));
	json_t *e = json_array_get(json_object_get(v, "actions"), 0);
	json_t *a = json_deep_copy(json_object_get(e, "action"));
	json_t *p = json_array_get(json_object_get(e, "params"), 0);
	if (a && p)
		json_object_set(
		    a, json_string_value(json_object_get(p, "name")),
		    json_object_get(json_array_get(json_object_get(p, "choices"), 0), "value"));
	char *txt = a ? json_dumps(a, JSON_COMPACT) : NULL;
	json_decref(a);
	json_decref(v);
	if (!CHECK(txt != NULL))
		return false;
	BX_OK(g, side, txt);
	free(txt);
	return true;
}

/* Answers every waiting 11.0.3 / 12.4 question with its first offer (after
 * a rout, the routed CO's successor); the number answered. */
static inline int bx_answer_commands(struct game *g)
{
	int n = 0;
	while (n < 8 && bx_answer_command(g))
		n++;
	return n;
}

/* Answers the 16.8 casualty prompts with their first offer until the battle
 * moves on (a check each), and the 11.0.3 / 12.4 questions a kill raises
 * in the middle (the battle holds for them). */
static inline void bx_pass_casualties(struct game *g)
{
	for (int guard = 0; guard < 10; guard++) {
		if (g->s.land.hold == LW_BH_CASUALTY && bx_answer_command(g))
			continue;
		if (g->s.step != LW_ST_CASUALTY || !g->s.battle.active ||
		    g->s.land.hold != LW_BH_NONE)
			break; /* on to the results, or held for a question after them */
		int side = g->s.awaiting_side;
		json_t *o = bx_offers(g, side, "casualty");
		char *txt = json_dumps(json_array_get(o, 0), JSON_COMPACT);
		json_decref(o);
		if (!CHECK(txt != NULL))
			return;
		BX_OK(g, side, txt);
		free(txt);
	}
}

/* Grant, placed by the caller at x, attacks the Confederate force at y;
 * every neighbour of y but x and `friendly` gets a Union general, the
 * Union has `csp` CSP, both decks are stacked and the casualties passed.
 * True once the battle is a Union Minor Victory, not a rout (the 16.9.6
 * overstacked-retreat tests: the loser's only retreat is `friendly`). */
static inline bool bx_ringed_minor_victory(struct game *g, int grant, int x, int y, int friendly,
                                           int csp)
{
	static const char *const blockers[] = {"mcdowell", "fremont", "banks",  "patterson",
	                                       "buell",    "pope",    "curtis", "hooker"};
	struct lw_state *s = &g->s;
	int nb[6], k = 0;
	int n = tg_hex_neighbours(&lw_D()->grid, y, nb);
	for (int i = 0; i < n; i++)
		if (nb[i] != x && nb[i] != friendly)
			fx_place(s, blockers[k++], nb[i], 1);
	s->side[LW_UNION].csp = csp;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(g, grant, y);
	bx_commit(g, csp, 0);
	bx_pass_casualties(g);
	return s->battle.winner == LW_UNION && s->battle.result == 1 && !s->battle.rout;
}

/* The search of the 16.6.4 / 16.6.5 battle tests: Grant and Sherman in a
 * plain hex attack Price and Early in the clear Confederate hex next to it
 * (fx_next_cs_clear, one hex after another), the Union committing 5 CSP and
 * the Confederates none; each deck is stacked (fx_stack_deck) with the
 * side's `sym` on its first card when it is not 0. For each hex, 0 to
 * burns - 1 dice are first burned off the generator, until wanted() takes
 * the game after the commitment. Returns that game (the caller frees it),
 * or NULL. */
struct bx_burn {
	int grant_stars, sherman_stars, price_stars, early_stars;
	unsigned union_sym, cs_sym; /* the symbols on each side's first card */
	int burns;
	int grant, sherman, price, early; /* out: the generals */
	uint32_t log_from;                /* out: s->log_total before the attack */
};
typedef bool (*bx_burn_wanted)(struct game *g, const struct bx_burn *b, void *ctx);
static inline struct game *bx_burn_search(struct bx_burn *b, bx_burn_wanted wanted, void *ctx)
{
	size_t i = 0;
	int y, x;
	while ((y = fx_next_cs_clear(&i, &x)) != LW_NO_HEX) {
		for (int burn = 0; burn < b->burns; burn++) {
			struct game *g = bx_game(2);
			if (!g)
				return NULL;
			struct lw_state *s = &g->s;
			for (int k = 0; k < burn; k++)
				(void)tg_rng_die(&s->rng, 6);
			b->grant = fx_place(s, "grant", x, b->grant_stars);
			b->sherman = fx_place(s, "sherman", x, b->sherman_stars);
			b->price = fx_place(s, "price", y, b->price_stars);
			b->early = fx_place(s, "early", y, b->early_stars);
			s->side[LW_UNION].csp = 5;
			fx_stack_deck(s, LW_UNION, b->union_sym, b->union_sym ? 1 : 0, 12);
			fx_stack_deck(s, LW_CONFEDERATE, b->cs_sym, b->cs_sym ? 1 : 0, 12);
			b->log_from = s->log_total;
			bx_attack(g, b->grant, y);
			bx_commit(g, 5, 0);
			if (wanted(g, b, ctx))
				return g;
			free(g);
		}
	}
	return NULL;
}

/* Is `needle` in one of the last n log lines? */
static inline bool bx_logged(const struct lw_state *s, int n, const char *needle)
{
	return ff_logged(s, s->log_total > (uint32_t)n ? s->log_total - (uint32_t)n : 0, needle,
	                 NULL);
}

/* Whether one of the actions `fill` (lw_ops_offer, lw_march_offer...)
 * offers side satisfies match(action, ctx). */
typedef void (*fx_offer_fill)(const struct lw_state *s, int side, struct tg_offers *list);
static inline bool fx_offers_match(fx_offer_fill fill, const struct lw_state *s, int side,
                                   bool (*match)(const json_t *a, const void *ctx), const void *ctx)
{
	json_t *l = json_array();
	fill(s, side, TG_OFFERS_TREE(l));
	bool found = false;
	size_t i;
	json_t *o;
	json_array_foreach(l, i, o)
	{
		found |= match(json_object_get(o, "action"), ctx);
	}
	json_decref(l);
	return found;
}

/* An action's type is t (and, when key is set, its integer `key` is v). */
struct fx_want {
	const char *type, *key;
	json_int_t v;
};
static inline bool fx_is_wanted(const json_t *a, const void *ctx)
{
	const struct fx_want *w = ctx;
	const char *t = json_string_value(json_object_get(a, "type"));
	return t && strcmp(t, w->type) == 0 &&
	       (!w->key || json_integer_value(json_object_get(a, w->key)) == w->v);
}

/* Whether the MOVE step offers side an action of `type` whose integer
 * `key` is v (lw_march_offer: moves, attacks, raids...). */
static inline bool fx_march_offers(const struct lw_state *s, int side, const char *type,
                                   const char *key, int v)
{
	const struct fx_want w = {type, key, v};
	return fx_offers_match(lw_march_offer, s, side, fx_is_wanted, &w);
}

/* The index of the city with data id `id` (lw_data cities), or -1. */
static inline int fx_city(const char *id)
{
	const struct lw_city *c = lw_data_city(lw_D(), id);
	return c ? (int)(c - lw_D()->cities) : -1;
}

/* Sends one action to the whole engine (lw_apply: every phase, and what
 * follows an action, such as 20.6's supply reopening); 0 or the error
 * (printed as a TAP comment). */
static inline int fx_apply(struct lw_state *s, int side, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_apply(s, side, a, &out, &err);
	if (rc)
		printf("# %s -> %s\n", json, err.message);
	json_decref(a);
	return rc;
}

/* Does a hexside of hex lie on the river named `river` (data name)? */
static inline bool fx_touches_river(const struct lw_data *d, int hex, const char *river)
{
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(d, hex, nb[i]);
		if (hs && hs->river && strcmp(hs->river, river) == 0)
			return true;
	}
	return false;
}

/* 16.10.1 / 16.2: Grant (two stars, three IT of which one new), Sherman and
 * Thomas attack from x the lone cavalry general Stuart at y (a plain pair
 * in Tennessee), who withdraws at once: the Union is at the advance prompt.
 * False after a failed check (the game, if any, in b->g). */
struct bx_advance {
	struct game *g;
	int x, y, grant, sherman, thomas;
};

static inline bool bx_advance_prompt(struct bx_advance *b)
{
	struct game *g = b->g = bx_game(1);
	if (!CHECK(g != NULL))
		return false;
	struct lw_state *s = &g->s;
	b->x = b->y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &b->x, &b->y)))
		return false;
	b->grant = fx_place(s, "grant", b->x, 2);
	b->sherman = fx_place(s, "sherman", b->x, 1);
	b->thomas = fx_place(s, "thomas", b->x, 1);
	fx_place(s, "stuart", b->y, 1); /* lone cavalry: withdraws at once (16.2) */
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	s->unit[b->grant].it = 3; /* two from before this card, one new (harassed, say) */
	s->unit[b->grant].it_new = 1;
	lw_march_begin(s, b->grant, false);
	char a[160];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", b->y);
	BX_OK(g, LW_UNION, a);
	if (!CHECK_EQ_INT(s->step, LW_ST_WITHDRAW))
		return false;
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"withdraw\"}");
	if (s->step == LW_ST_RETREAT) {
		json_t *r = bx_offers(g, LW_CONFEDERATE, "retreat");
		char *txt = json_dumps(json_array_get(r, 0), JSON_COMPACT);
		BX_OK(g, LW_CONFEDERATE, txt);
		free(txt);
		json_decref(r);
	}
	return CHECK_EQ_INT(s->step, LW_ST_ADVANCE);
}

#endif
