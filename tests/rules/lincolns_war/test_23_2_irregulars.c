/* test_23_2_irregulars.c — 23.2 Irregulars (option "irregulars", CS card
 * 69). Stated: the card is optional (1.2), Irregulars never take blockade IT
 * (8.2.2), dispersing one reshuffles the Confederate deck (10.3.1, 23.2.5).
 * RECONSTRUCTED (docs/political_optional.md "Decisions where the text is silent"): the event places
 * a counter in a city of a Confederate state, Kentucky or Missouri without a Union force, one a
 * hex, two at most; a Union force in its hex disperses it; each Supply Phase a counter raids, 5-6
 * costing the Union 1 PC. All through act(). */
#include "lw_naval_fixture.h"

static struct game *with(const char *opts, int seed)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, 0x32};
	json_error_t je;
	json_t *o = opts ? json_loads(opts, 0, &je) : NULL;
	struct game *g = lincolns_war_module.setup(key, "campaign", o, &tk_err);
	json_decref(o);
	if (!g) {
		fprintf(stderr, "setup: %s\n", tk_err.message);
		exit(1);
	}
	tk_choose_gics(g);
	return g;
}

static int rc; /* CHECK_EQ_INT evaluates its arguments twice */

static bool in(const uint8_t *a, int n, int card)
{
	for (int i = 0; i < n; i++)
		if (a[i] == card)
			return true;
	return false;
}

static int place(struct game *g, int hex)
{
	char a[128];
	snprintf(a, sizeof a, "{\"type\":\"play\",\"card\":69,\"use\":\"event\",\"hex\":%d}", hex);
	return tk_act(g, "confederate", a);
}

/* Clears the hex of every unit (so the test controls who is there). */
static void clear_hex(struct lw_state *s, int hex)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex == hex)
			s->unit[u].where = LW_W_PENDING;
}

/* The CS may play card 69 now, with other cards to keep the phase going. */
static void cs_to_play(struct game *g)
{
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, 69);
	tk_give_any(s, LW_CONFEDERATE);
	tk_give_any(s, LW_CONFEDERATE);
	tk_give_any(s, LW_UNION);
	tk_give_any(s, LW_UNION);
}

static void test_deck(void)
{
	for (int on = 0; on <= 1; on++) {
		struct game *g = with(on ? "{\"irregulars\":true}" : NULL, 1);
		const struct lw_cards *c = &g->s.side[LW_CONFEDERATE].cards;
		CHECK(in(c->draw, c->draw_n, 69) || in(c->hand, c->hand_n, 69) ? on : !on);
		CHECK(in(c->out, c->out_n, 69) == !on);
		/* the Union's 69 is the Committee, untouched by the option */
		CHECK(!in(g->s.side[LW_UNION].cards.draw, g->s.side[LW_UNION].cards.draw_n, 69));
		lincolns_war_module.free(g);
	}
}

static void test_placement(void)
{
	struct game *g = with("{\"irregulars\":true}", 2);
	struct lw_state *s = &g->s;
	int nash = nv_hex("nashville"), lex = nv_hex("lexington"), jc = nv_hex("jefferson_city");
	int cin = nv_hex("cincinnati");
	clear_hex(s, nash);
	clear_hex(s, lex);
	clear_hex(s, jc);
	clear_hex(s, cin);
	cs_to_play(g);
	CHECK(tk_offers(g, "confederate", "place Irregulars at"));
	/* a Union state's city, a plain hex, a hex with a Union force: refused */
	CHECK(place(g, cin) != 0 && strstr(tk_err.message, "23.2"));
	CHECK(place(g, tk_empty_hex(g, "TN", 0)) != 0 && strstr(tk_err.message, "23.2"));
	int union_u = -1;
	for (int u = 0; u < s->n_units && union_u < 0; u++)
		if (s->unit[u].side == LW_UNION && s->unit[u].gen >= 0 &&
		    s->unit[u].where == LW_W_MAP)
			union_u = u;
	int old_hex = s->unit[union_u].hex;
	tk_place(g, union_u, nash);
	CHECK(place(g, nash) != 0 && strstr(tk_err.message, "Union force"));
	tk_place(g, union_u, old_hex);
	/* Nashville (TN) is guerrilla country */
	rc = place(g, nash);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->opt.irr_hex[0], nash);
	CHECK(
	    in(s->side[LW_CONFEDERATE].cards.discard, s->side[LW_CONFEDERATE].cards.discard_n, 69));
	CHECK(nv_log(s, "Irregulars take the field") != NULL);
	/* public: both views show the counter */
	for (int r = 0; r < 2; r++) {
		json_t *v = lincolns_war_module.view(g, r ? "union" : "confederate");
		json_t *irr = json_object_get(
		    json_object_get(json_object_get(v, "board"), "optional"), "irregulars");
		CHECK(json_array_size(irr) == 1 &&
		      json_integer_value(json_array_get(irr, 0)) == nash);
		json_decref(v);
	}
	/* one a hex; Kentucky and Missouri are guerrilla country; two at most */
	cs_to_play(g);
	CHECK(place(g, nash) != 0 && strstr(tk_err.message, "one Irregulars counter per hex"));
	rc = place(g, lex);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->opt.irr_hex[1], lex);
	cs_to_play(g);
	CHECK(!tk_offers(g, "confederate", "place Irregulars at"));
	CHECK(place(g, jc) != 0 && strstr(tk_err.message, "both Irregulars"));
	/* save and load keep them */
	json_t *saved = lincolns_war_module.save(g);
	struct game *h = lincolns_war_module.load(saved, &tk_err);
	CHECK(h != NULL && h->s.opt.irr_hex[0] == nash && h->s.opt.irr_hex[1] == lex);
	json_decref(saved);
	if (h)
		lincolns_war_module.free(h);
	lincolns_war_module.free(g);
}

/* 23.2.5, 10.3.1: a Union force in the hex disperses the counter and the
 * Confederate deck is reshuffled with its discards. */
static void test_dispersal(void)
{
	struct game *g = with("{\"irregulars\":true}", 3);
	struct lw_state *s = &g->s;
	int nash = nv_hex("nashville");
	clear_hex(s, nash);
	cs_to_play(g);
	rc = place(g, nash);
	CHECK_EQ_INT(rc, 0);
	struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	int total = c->draw_n + c->discard_n;
	CHECK(c->discard_n > 0);
	/* the Union's turn: one of his generals reaches Nashville, then he acts */
	int union_u = -1;
	for (int u = 0; u < s->n_units && union_u < 0; u++)
		if (s->unit[u].side == LW_UNION && s->unit[u].gen >= 0 &&
		    s->unit[u].where == LW_W_MAP && !s->unit[u].cavalry)
			union_u = u;
	CHECK_EQ_INT(s->opt.irr_hex[0], nash); /* not yet */
	tk_place(g, union_u, nash);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}",
	         s->side[LW_UNION].cards.hand[0]);
	rc = tk_act(g, "union", a);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->opt.irr_hex[0], LW_NO_HEX);
	CHECK_EQ_INT(s->opt.irr_dispersed, 1);
	CHECK_EQ_INT(c->discard_n, 0); /* 10.3.1: discards in the deck */
	CHECK_EQ_INT(c->draw_n, total);
	CHECK(nv_log(s, "disperses the Irregulars") != NULL);
	CHECK(nv_log(s, "reshuffled (10.3.1)") != NULL);
	/* no Union force: nothing happens */
	struct game *h = with("{\"irregulars\":true}", 3);
	clear_hex(&h->s, nash);
	cs_to_play(h);
	rc = place(h, nash);
	CHECK_EQ_INT(rc, 0);
	int d = h->s.side[LW_CONFEDERATE].cards.discard_n;
	snprintf(a, sizeof a, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}",
	         h->s.side[LW_UNION].cards.hand[0]);
	rc = tk_act(h, "union", a);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(h->s.opt.irr_hex[0], nash);
	CHECK_EQ_INT(h->s.side[LW_CONFEDERATE].cards.discard_n, d);
	lincolns_war_module.free(h);
	lincolns_war_module.free(g);
}

/* 23.2.5 in play: a Union general marching into the hex (St. Louis, a
 * Union city of Missouri) disperses them. */
static void test_dispersal_by_march(void)
{
	struct game *g = with("{\"irregulars\":true}", 6);
	struct lw_state *s = &g->s;
	int stl = nv_hex("st_louis");
	clear_hex(s, stl);
	cs_to_play(g);
	rc = place(g, stl);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	/* Grant alone on a neighbouring land hex free of Confederates */
	int grant = tk_unit(g, "grant");
	int nb[6], n = tg_hex_neighbours(&lw_D()->grid, stl, nb), from = LW_NO_HEX;
	for (int i = 0; i < n && from == LW_NO_HEX; i++) {
		const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
		if (h && h->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[i]) < 0 &&
		    lw_hex_owner_force(s, nb[i]) == LW_NOSIDE)
			from = nb[i];
	}
	if (!CHECK(from != LW_NO_HEX))
		return;
	clear_hex(s, from);
	tk_place(g, grant, from);
	s->unit[grant].flags = 0;
	s->unit[grant].it = 0;
	tk_clear_hand(s, LW_UNION);
	int six = 0;
	for (int c = 1; c <= 57 && !six; c++)
		if (lw_card(LW_UNION, c)->pc >= 3 && !lw_card(LW_UNION, c)->erratic)
			six = c;
	tk_give(s, LW_UNION, six);
	tk_give_any(s, LW_UNION);
	char a[128];
	snprintf(a, sizeof a,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}", six);
	rc = tk_act(g, "union", a);
	CHECKF(rc == 0, "activate: %s", tk_err.message);
	CHECK_EQ_INT(s->opt.irr_hex[0], stl); /* next door: not yet */
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", stl);
	rc = tk_act(g, "union", a);
	CHECKF(rc == 0, "move: %s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, stl);
	CHECK_EQ_INT(s->opt.irr_hex[0], LW_NO_HEX);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.discard_n, 0); /* 10.3.1 */
	lincolns_war_module.free(g);
}

/* 23.2 (reconstructed): the raid, 5-6 on one die costs the Union 1 PC. */
static void test_raid(void)
{
	struct game *g = with("{\"irregulars\":true}", 4);
	struct lw_state *s = &g->s;
	s->opt.irr_hex[0] = (int16_t)nv_hex("nashville");
	int hits = 0, misses = 0;
	for (int i = 0; i < 60; i++) {
		s->side[LW_UNION].pc = 20;
		lw_irr_supply_phase(s);
		const char *l = s->log[(s->log_total - 1) % LW_LOG_LINES];
		const char *r = strstr(l, "roll ");
		CHECK(r != NULL);
		int die = r ? atoi(r + 5) : 0;
		CHECK(die >= 1 && die <= 6);
		CHECK_EQ_INT(s->side[LW_UNION].pc, die >= 5 ? 19 : 20);
		hits += die >= 5;
		misses += die < 5;
	}
	CHECK(hits > 0 && misses > 0);
	lincolns_war_module.free(g);
}

/* 8.2.2: blockade IT go to Forces "excluding Irregulars": with one CS force
 * and two Irregulars, only one IT is placed, however many are due. */
static void test_no_blockade_it(void)
{
	struct game *g = with("{\"irregulars\":true}", 5);
	struct lw_state *s = &g->s;
	int keep = -1;
	for (int u = 0; u < s->n_units; u++) {
		s->unit[u].it = 0;
		if (s->unit[u].side != LW_CONFEDERATE || s->unit[u].where != LW_W_MAP)
			continue;
		if (keep < 0)
			keep = s->unit[u].hex;
		else if (s->unit[u].hex != keep)
			s->unit[u].where = LW_W_PENDING;
	}
	s->opt.irr_hex[0] = (int16_t)nv_hex("nashville");
	s->opt.irr_hex[1] = (int16_t)nv_hex("lexington");
	const char *all[] = {"charleston", "new_orleans", "savannah",  "wilmington",
	                     "norfolk",    "mobile",      "pensacola", "galveston"};
	int f = 0;
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		f = nv_blockade(s, all[i], f);
	CHECK(lw_naval_blockaded_supply(s) - 7 >= 3);
	rc = nv_play_blockade_it(g);
	CHECK_EQ_INT(rc, 1);
	CHECK_EQ_INT(lw_force_it(s, keep), 1);
	lincolns_war_module.free(g);
}

int main(void)
{
	test_deck();
	test_placement();
	test_dispersal();
	test_dispersal_by_march();
	test_raid();
	test_no_blockade_it();
	return tap_done();
}
