/* lw_naval_fixture.h — helpers for the naval rules tests (7.1.7, 7.1.8,
 * 8.x, 10.7.5, 20.2, 21.3): a Campaign game at the Administration phase, pieces put
 * straight into the naval block, and the public log searched; for the
 * reference tests that draw the navy at random (8.1, 8.1.2.1, 8.2.1), their
 * own numbers (nv_rnd) and the ports and blockade spaces (nv_ports). */
#ifndef LW_NAVAL_FIXTURE_H
#define LW_NAVAL_FIXTURE_H

#include "lw_land_fixture.h"
#include "lw_naval.h"
#include "lw_testkit.h"

/* A Campaign game past the GiC choice, in the Administration phase. */
static inline struct game *nv_game(int seed)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	if (g->s.phase != LW_PH_ADMIN) {
		fprintf(stderr, "fixture: not in administration (phase %d)\n", g->s.phase);
		exit(1);
	}
	return g;
}

static inline int nv_city(const char *id)
{
	const struct lw_city *c = lw_data_city(lw_D(), id);
	if (!c) {
		fprintf(stderr, "no city %s\n", id);
		exit(1);
	}
	return (int)(c - lw_D()->cities);
}

static inline int nv_hex(const char *id)
{
	return lw_D()->cities[nv_city(id)].hex;
}

/* First asset slot of a kind (slots: ironclads, Hunley, False Information). */
static inline int nv_slot(enum lw_asset_kind k)
{
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (lw_naval_asset_kind(i) == k)
			return i;
	return -1;
}

static inline void nv_asset(struct lw_state *s, int slot, int hex)
{
	memset(&s->navy.asset[slot], 0, sizeof s->navy.asset[slot]);
	s->navy.asset[slot].where = LW_NW_PORT;
	s->navy.asset[slot].hex = (int16_t)hex;
}

static inline void nv_raider_raid(struct lw_state *s, int i, int col)
{
	memset(&s->navy.raider[i], 0, sizeof s->navy.raider[i]);
	s->navy.raider[i].where = LW_NW_RAID;
	s->navy.raider[i].col = (int8_t)col;
}

static inline void nv_raider_port(struct lw_state *s, int i, int hex)
{
	memset(&s->navy.raider[i], 0, sizeof s->navy.raider[i]);
	s->navy.raider[i].where = LW_NW_PORT;
	s->navy.raider[i].hex = (int16_t)hex;
}

/* Fleet i at a hex (port or blockade space) or in a column box. */
static inline void nv_fleet(struct lw_state *s, int i, int where, int v)
{
	memset(&s->navy.fleet[i], 0, sizeof s->navy.fleet[i]);
	s->navy.fleet[i].where = (uint8_t)where;
	if (where == LW_NW_PORT || where == LW_NW_BLOCKADE)
		s->navy.fleet[i].hex = (int16_t)v;
	else
		s->navy.fleet[i].col = (int8_t)v;
}

/* Blockade a port with as many fleets as it needs, from slot `first`. */
static inline int nv_blockade(struct lw_state *s, const char *port, int first)
{
	const struct lw_city *c = &lw_D()->cities[nv_city(port)];
	int n = 0;
	for (int k = 0; k < c->n_blockade_hexes; k++)
		for (int j = 0; j < lw_naval_space_capacity(c->blockade_hexes[k]); j++)
			nv_fleet(s, first + n++, LW_NW_BLOCKADE, c->blockade_hexes[k]);
	return first + n;
}

/* Put the game in the Naval Phase with `side` moving. */
static inline void nv_naval_phase(struct lw_state *s, int side)
{
	s->phase = LW_PH_NAVAL;
	s->first = (int8_t)side;
	s->navy.stage = LW_NS_FIRST;
	s->navy.mover = (int8_t)side;
}

/* The last log line containing `part`, or NULL. */
static inline const char *nv_log(const struct lw_state *s, const char *part)
{
	uint32_t n = s->log_total < LW_LOG_LINES ? s->log_total : LW_LOG_LINES;
	for (uint32_t i = 0; i < n; i++) {
		const char *l = s->log[(s->log_total - 1 - i) % LW_LOG_LINES];
		if (strstr(l, part))
			return l;
	}
	return NULL;
}

/* Is an action of this type (and optional substring of its JSON) offered? */
static inline bool nv_offered(struct game *g, const char *role, const char *part)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *acts = json_object_get(v, "actions");
	bool found = false;
	size_t i;
	json_t *a;
	json_array_foreach(acts, i, a)
	{
		char *txt = json_dumps(json_object_get(a, "action"), JSON_COMPACT);
		found |= strstr(txt, part) != NULL;
		free(txt);
	}
	json_decref(v);
	return found;
}

/* The Confederate forces' IT on the map, summed. */
static inline int nv_cs_it(const struct lw_state *s)
{
	int n = 0;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP)
			n += s->unit[u].it;
	return n;
}

/* 8.2.2 as played: a Naval Phase (the Union first) in which both sides end
 * their moves; while the Confederate is asked where a blockade IT goes, the
 * first force offered takes it. Returns the IT the Confederate forces took,
 * or -1 when an action was refused. */
static inline int nv_play_blockade_it(struct game *g)
{
	struct lw_state *s = &g->s;
	int before = nv_cs_it(s);
	nv_naval_phase(s, LW_UNION);
	if (tk_act(g, "union", "{\"type\":\"end_naval\"}") != 0)
		return -1;
	if (s->phase == LW_PH_NAVAL && s->navy.stage < LW_NS_IT &&
	    tk_act(g, "confederate", "{\"type\":\"end_naval\"}") != 0)
		return -1;
	while (s->phase == LW_PH_NAVAL && s->navy.stage == LW_NS_IT) {
		json_t *l = json_array();
		lw_naval_offer(s, LW_CONFEDERATE, TG_OFFERS_TREE(l));
		int hex = -1;
		size_t i;
		json_t *o;
		json_array_foreach(l, i, o)
		{
			json_t *a = json_object_get(o, "action");
			if (hex < 0 &&
			    !strcmp(json_string_value(json_object_get(a, "type")), "blockade_it"))
				hex = (int)json_integer_value(json_object_get(a, "hex"));
		}
		json_decref(l);
		char a[80];
		snprintf(a, sizeof a, "{\"type\":\"blockade_it\",\"hex\":%d}", hex);
		if (hex < 0 || tk_act(g, "confederate", a) != 0)
			return -1;
	}
	return nv_cs_it(s) - before;
}

/* 10.7.5: the first Confederate blockade runner card naming a port, or 0. */
static inline int nv_runner_card(void)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(LW_CONFEDERATE, n);
		if (k && strcmp(k->effect_kind, "blockade_runner") == 0 && k->blockade_port)
			return n;
	}
	return 0;
}

/* 10.7.5: in the card play of a game set up by the caller (tk_goto_ops), the
 * Confederate, holding the runner `card` and one more card (the Union one
 * too), plays it for its event; then the game is freed. Returns the PC
 * gained (-99: the play was refused); *failed_logged: the log says the run
 * failed (8.1.1). */
static inline int nv_play_runner(struct game *g, int card, bool *failed_logged)
{
	struct lw_state *s = &g->s;
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, card);
	tk_give_any(s, LW_CONFEDERATE);
	tk_give_any(s, LW_UNION);
	int pc = s->side[LW_CONFEDERATE].pc;
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"event\"}", card);
	int rc = tk_act(g, "confederate", buf);
	int gained = rc == 0 ? s->side[LW_CONFEDERATE].pc - pc : -99;
	*failed_logged = nv_log(s, "the run fails") != NULL;
	lincolns_war_module.free(g);
	return gained;
}

/* Answers the first action offered to whoever is awaited until `side` is
 * offered a naval_escape (true), or for `max` steps (false): drives a
 * battle to the capture of a port holding ships (8.0, 8.1.2.1, 8.3.4). */
static inline bool nv_drive_to_escape(struct game *g, int side, int max)
{
	const char *asked = side == LW_UNION ? "union" : "confederate";
	for (int i = 0; i < max; i++) {
		if (nv_offered(g, asked, "naval_escape"))
			return true;
		/* the other side first, while he is awaited: he is driving */
		const char *role = (tk_awaiting(g) & LW_SIDE_BIT(LW_OTHER(side)))
		                       ? (side == LW_UNION ? "confederate" : "union")
		                       : asked;
		json_t *v = lincolns_war_module.view(g, role);
		json_t *a =
		    json_object_get(json_array_get(json_object_get(v, "actions"), 0), "action");
		char *txt = a ? json_dumps(a, JSON_COMPACT) : NULL;
		json_decref(v);
		if (!txt)
			return false;
		printf("# %s: %s\n", role, txt);
		int rc = tk_act(g, role, txt);
		free(txt);
		if (rc != 0)
			return false;
	}
	return false;
}

/* A seeded Campaign game at turn 2's Operations Phase, `side` to play:
 * nobody within two hexes of the city `city` (a data id); the side's four generals
 * `ids` (3, 2, 1 and 1 stars, no IT, wounds or flags) on a plain hex next
 * to it (*from); 20 PC, his best non-erratic activation card (*card) and
 * one more card in hand, one card for the enemy. NULL (a failed check,
 * the game freed) when the city has no plain neighbour. For a battle that
 * takes a city by storm. */
static inline struct game *nv_storm_setup(int seed, int side, const char *city,
                                          const char *const ids[4], int *card, int *from)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 2, side);
	const struct lw_data *d = lw_D();
	int city_hex = nv_hex(city);
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP &&
		    tg_hex_distance(&d->grid, s->unit[u].hex, city_hex) <= 2)
			s->unit[u].where = LW_W_PENDING;
	*from = fx_plain_neighbour(city_hex);
	if (!CHECK(*from != LW_NO_HEX)) {
		lincolns_war_module.free(g);
		return NULL;
	}
	static const int stars[] = {3, 2, 1, 1};
	for (int i = 0; i < 4; i++) {
		int u = tk_unit(g, ids[i]);
		tk_place(g, u, *from);
		s->unit[u].stars = (uint8_t)stars[i];
		s->unit[u].it = 0;
		s->unit[u].wounds = 0;
		s->unit[u].flags = 0;
	}
	s->side[side].pc = 20;
	*card = -1;
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k && k->kind == LW_KIND_ACTIVATION && !k->erratic &&
		    (*card < 0 || k->pc > lw_card(side, *card)->pc))
			*card = n;
	}
	tk_clear_hand(s, side);
	tk_give(s, side, *card);
	tk_give_any(s, side);
	tk_give_any(s, LW_OTHER(side));
	return g;
}

/* ---- the reference tests: their own numbers, the ports ------------------- */

/* xorshift64*'s state: a test's own numbers, the same on every run from
 * the seed it sets (nv_rnd_seed) */
static inline uint64_t *nv_rnd_state(void)
{
	static uint64_t state = 0x2545f4914f6cdd1du;
	return &state;
}

static inline void nv_rnd_seed(uint64_t seed)
{
	*nv_rnd_state() = seed ? seed : 1; /* xorshift never leaves 0 */
}

/* A number below n (n > 0). */
static inline uint32_t nv_rnd(uint32_t n)
{
	uint64_t *x = nv_rnd_state();
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return (uint32_t)((*x * 0x2545f4914f6cdd1du) >> 33) % n;
}

/* Every port city (ocean or river, as city indices) and every blockade
 * space (hexes), 64 of each at most: where the reference tests put
 * pieces. Asked after the first game is made (it loads the data). */
struct nv_ports {
	int port[64], n_ports, space[64], n_spaces;
};

static inline void nv_ports_find(struct nv_ports *p)
{
	const struct lw_data *d = lw_D();
	p->n_ports = p->n_spaces = 0;
	for (size_t c = 0; c < d->n_cities; c++) {
		const struct lw_city *x = &d->cities[c];
		if ((x->ocean_port || x->river_port) && p->n_ports < 64)
			p->port[p->n_ports++] = (int)c;
		for (int k = 0; k < x->n_blockade_hexes && p->n_spaces < 64; k++)
			p->space[p->n_spaces++] = x->blockade_hexes[k];
	}
	CHECKF(p->n_ports > 10 && p->n_spaces > 5, "ports %d, blockade spaces %d", p->n_ports,
	       p->n_spaces);
}

#endif
