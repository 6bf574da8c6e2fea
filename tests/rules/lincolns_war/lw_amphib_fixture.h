/* lw_amphib_fixture.h — helpers for the 14.x / 16.9.4 / 16.9.5 rules tests:
 * a force activated in the MOVE step, actions sent to the ops dispatcher
 * (so the amphibious and siege actions are routed as in play), cities
 * handed over by hand. Built on lw_land_fixture.h. */
#ifndef LW_AMPHIB_FIXTURE_H
#define LW_AMPHIB_FIXTURE_H

#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

/* Unit u (and the others listed) activated and about to move. */
static inline void am_activate(struct lw_state *s, int side, const int *units, int n)
{
	s->phase = LW_PH_OPS;
	s->step = LW_ST_MOVE;
	s->phasing = (int8_t)side;
	memset(&s->play, 0, sizeof s->play);
	s->play.side = (int8_t)side;
	s->play.co = (int16_t)units[0];
	s->play.start_hex = s->unit[units[0]].hex;
	for (int i = 0; i < n; i++)
		s->play.movers[s->play.movers_n++] = (int16_t)units[i];
	s->play.max_move = 3;
	memset(&s->land, 0, sizeof s->land);
}

/* Sends one action as the ops dispatcher would, then settles (lw_actions.c). */
static inline int am_act(struct lw_state *s, int side, const char *json, char *why, size_t n)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_ops_act(s, side, a, &out, &err);
	if (rc == 0)
		lw_amphib_settle(s);
	if (why)
		snprintf(why, n, "%.*s", (int)(n > 0 ? n - 1 : 0), rc ? err.message : "");
	json_decref(a);
	return rc;
}

#define AM_OK(s, side, json)                                                                       \
	do {                                                                                       \
		char w_[256];                                                                      \
		int rc_ = am_act((s), (side), (json), w_, sizeof w_);                              \
		CHECKF(rc_ == 0, "action %s refused: %s", (json), w_);                             \
	} while (0)
/* Refused, and the reason cites `rule`. */
#define AM_REFUSED(s, side, json, rule)                                                            \
	do {                                                                                       \
		char w_[256];                                                                      \
		int rc_ = am_act((s), (side), (json), w_, sizeof w_);                              \
		CHECKF(rc_ != 0 && strstr(w_, (rule)) != NULL, "action %s: rc %d, '%s' (want %s)", \
		       (json), rc_, w_, (rule));                                                   \
	} while (0)

static inline int am_city(const char *id)
{
	const struct lw_city *c = lw_data_city(lw_D(), id);
	return c ? (int)(c - lw_D()->cities) : -1;
}

static inline int am_hex(const char *id)
{
	const struct lw_city *c = lw_data_city(lw_D(), id);
	return c ? c->hex : LW_NO_HEX;
}

/* A general of `side` not on the map, placed at hex with `stars`. */
static inline int am_general(struct lw_state *s, int side, int hex, int stars, int skip)
{
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->gen < 0 || x->side != side || x->where == LW_W_MAP || x->cavalry ||
		    u == skip)
			continue;
		if (lw_D()->generals[x->gen].max_stars < stars)
			continue;
		s->unit[u].where = LW_W_MAP;
		s->unit[u].hex = (int16_t)hex;
		s->unit[u].stars = (uint8_t)stars;
		s->unit[u].it = s->unit[u].it_new = 0;
		s->unit[u].flags = 0;
		s->unit[u].wounds = 0;
		s->unit[u].cmd = ++s->cmd_seq;
		return u;
	}
	printf("# no free general\n");
	exit(1);
}

/* An eleven-star Major Army of side at hex, the routed army that offers a
 * siege in the 16.6.4 / 16.9.5 tests: a three-star CO over three two-stars
 * and two one-stars, placed in that order (so the CO's loss leaves eight
 * stars without a three-star). Returns the CO; two[] and one[] get the
 * others. */
static inline int am_major_army(struct lw_state *s, int side, int hex, int two[3], int one[2])
{
	int co = am_general(s, side, hex, 3, LW_NONE), prev = co;
	for (int i = 0; i < 3; i++)
		prev = two[i] = am_general(s, side, hex, 2, prev);
	for (int i = 0; i < 2; i++)
		prev = one[i] = am_general(s, side, hex, 1, prev);
	return co;
}

/* The 16.9.4 tests' battle, just over: the Union defender of hex lost a
 * Minor Victory to a Confederate attack from a plain neighbour. */
static inline void am_lost_at(struct lw_state *s, int hex)
{
	struct lw_battle *b = &s->battle;
	memset(b, 0, sizeof *b);
	b->active = 1;
	b->attacker = LW_CONFEDERATE;
	b->def_hex = (int16_t)hex;
	b->att_hex = (int16_t)fx_plain_neighbour(hex);
	b->winner = LW_CONFEDERATE;
	b->result = 1;
}

static inline bool am_has(const int *a, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (a[i] == x)
			return true;
	return false;
}

static inline bool am_log_has(const struct lw_state *s, const char *part)
{
	for (int i = 0; i < LW_LOG_LINES; i++)
		if (strstr(s->log[i], part))
			return true;
	return false;
}

/* A battle at city just won by the Union force `att` (n units) from hex
 * `from`, its results being applied (16.9.5 decisions follow). */
static inline void am_won_battle(struct lw_state *s, int city, int from, const int *att, int n,
                                 int result, int rout)
{
	struct lw_battle *b = &s->battle;
	memset(b, 0, sizeof *b);
	b->active = 1;
	b->attacker = LW_UNION;
	b->att_hex = (int16_t)from;
	b->def_hex = (int16_t)city;
	for (int i = 0; i < n; i++)
		b->att_units[b->att_n++] = (int16_t)att[i];
	b->winner = LW_UNION;
	b->result = (uint8_t)result;
	b->rout = (uint8_t)rout;
	b->csp[LW_UNION] = b->csp[LW_CONFEDERATE] = -1;
	memset(&s->land, 0, sizeof s->land);
	s->phase = LW_PH_OPS;
	memset(&s->play, 0, sizeof s->play);
	s->play.side = LW_UNION;
	s->play.co = (int16_t)att[0];
	for (int i = 0; i < n; i++)
		s->play.movers[s->play.movers_n++] = (int16_t)att[i];
	s->play.attacked = 1;
	s->phasing = LW_UNION;
}

/* The Union force besieges city through the two prompts (16.9.5). */
static inline void am_besiege(struct lw_state *s, int city, int from, const int *att, int n)
{
	am_won_battle(s, city, from, att, n, LW_CRT_MINOR, 0);
	CHECK(lw_siege_may_offer(s));
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
}

/* side's card play in its SPEND step with pc PC and one activation. */
static inline void am_spend(struct lw_state *s, int side, int pc)
{
	s->phase = LW_PH_OPS;
	s->step = LW_ST_SPEND;
	memset(&s->play, 0, sizeof s->play);
	lw_groups_reset(&s->groups);
	s->play.side = (int8_t)side;
	s->play.card = 1;
	s->play.pc_left = (int8_t)pc;
	s->play.activations_left = 1;
	s->play.co = LW_NONE;
	s->phasing = (int8_t)side;
}

/* Is an action of `type` among lw_ops_offer's entries for side? */
static inline bool am_offered(const struct lw_state *s, int side, const char *type)
{
	json_t *list = json_array();
	lw_ops_offer(s, side, TG_OFFERS_TREE(list));
	bool found = false;
	for (size_t i = 0; i < json_array_size(list); i++) {
		const char *t = json_string_value(
		    json_object_get(json_object_get(json_array_get(list, i), "action"), "type"));
		found |= t && strcmp(t, type) == 0;
	}
	json_decref(list);
	return found;
}

/* fx_new(turn) with its rng seeded by (seed, salt): one game a seed. */
static inline struct lw_state *am_seeded(int turn, int seed, uint8_t salt)
{
	struct lw_state *s = fx_new(turn);
	if (!s)
		return NULL;
	uint8_t key[32] = {(uint8_t)seed, salt};
	tg_rng_init(&s->rng, key);
	return s;
}

/* The activated force of `side` attacks hex `target` (16.1). */
static inline void am_attack(struct lw_state *s, int side, int target)
{
	char js[96];
	snprintf(js, sizeof js, "{\"type\":\"attack\",\"target\":%d}", target);
	AM_OK(s, side, js);
}

/* A land hex next to hex without a city (plain if there is one), or
 * LW_NO_HEX. */
static inline int am_camp_next_to(int hex)
{
	int camp = fx_plain_neighbour(hex);
	int nb[6];
	int nn = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	for (int i = 0; i < nn && camp == LW_NO_HEX; i++) {
		const struct lw_hex *hx = lw_data_hex(lw_D(), nb[i]);
		if (hx && hx->terrain != LW_TERRAIN_OCEAN && lw_city_at(nb[i]) < 0)
			camp = nb[i];
	}
	return camp;
}

/* The 16.9.4 tests' battle: a Confederate army (a three-star and a
 * two-star) in a land neighbour of `hex` without a city (a plain one if
 * there is one) attacks a lone two-star Union general (he survives the
 * lost star) placed in `hex`; both sides at 20 PC. Returns the Union
 * general. */
static inline int am_attack_lone_union(struct lw_state *s, int hex)
{
	int camp = am_camp_next_to(hex);
	int u = am_general(s, LW_UNION, hex, 2, LW_NONE); /* survives the lost star */
	int a = am_general(s, LW_CONFEDERATE, camp, 3, LW_NONE);
	int b = am_general(s, LW_CONFEDERATE, camp, 2, a);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	int force[2] = {a, b};
	am_activate(s, LW_CONFEDERATE, force, 2);
	am_attack(s, LW_CONFEDERATE, hex);
	return u;
}

/* The action of `type` among lw_ops_offer's entries (list), or NULL. */
static inline json_t *am_pick(const json_t *list, const char *type)
{
	for (size_t i = 0; i < json_array_size(list); i++) {
		json_t *a = json_object_get(json_array_get(list, i), "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), type) == 0)
			return a;
	}
	return NULL;
}

/* A test's answer to a prompt: the action to send, chosen from side's
 * offers (list), or NULL for the first one offered. */
typedef json_t *(*am_answer_fn)(struct lw_state *s, int side, const json_t *list, void *ctx);

/* Answers the prompts through lw_ops_offer and am_act while the battle
 * lasts and, with `siege`, while the 16.9.5 offer and answer are asked
 * after it (200 actions at most): the side awaited (`prefer` when both
 * are), with the action `answer` chooses. False when the side awaited was
 * offered nothing (s->step tells where). */
static inline bool am_play_out(struct lw_state *s, int prefer, bool siege, am_answer_fn answer,
                               void *ctx)
{
	for (int n = 0; n < 200 && (s->battle.active || (siege && (s->step == LW_ST_SIEGE_OFFER ||
	                                                           s->step == LW_ST_SIEGE_ANSWER)));
	     n++) {
		unsigned m = lw_ops_awaiting(s);
		int side = (m & LW_SIDE_BIT(prefer)) ? prefer : LW_OTHER(prefer);
		json_t *list = json_array();
		lw_ops_offer(s, side, TG_OFFERS_TREE(list));
		json_t *act = answer ? answer(s, side, list, ctx) : NULL;
		if (!act)
			act = json_object_get(json_array_get(list, 0), "action");
		if (!act) {
			json_decref(list);
			return false;
		}
		char *txt = json_dumps(act, JSON_COMPACT);
		AM_OK(s, side, txt);
		free(txt);
		json_decref(list);
	}
	return true;
}

/* Nashville besieged (16.9.5.2): a three-star Union general (*us) from a
 * plain hex next to it over two Confederate two-stars, *co commanding the
 * besieged force and *sub under him; 20 PC each. False (after a failed
 * check) when there is no such hex or no siege. */
static inline bool am_nashville_siege(struct lw_state *s, int *us, int *co, int *sub)
{
	int nashville = am_hex("nashville");
	int camp = fx_plain_neighbour(nashville);
	if (!CHECKF(camp != LW_NO_HEX, "a plain hex next to Nashville"))
		return false;
	*us = am_general(s, LW_UNION, camp, 3, LW_NONE);
	*co = am_general(s, LW_CONFEDERATE, nashville, 2, LW_NONE);
	*sub = am_general(s, LW_CONFEDERATE, nashville, 2, *co);
	s->unit[*co].cmd = ++s->cmd_seq; /* he commands the besieged force */
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	am_besiege(s, nashville, camp, us, 1);
	return CHECK(lw_siege_besieged(s, nashville, LW_CONFEDERATE));
}

#endif
