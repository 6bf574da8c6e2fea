/* test_23_optional_rules.c — the optional rules offered as match options,
 * all off by default: 10.7.1.1 Kickstarter cards 74-75 ("kickstarters":
 * both added to both decks, nothing removed) and 23.4 / 10.1 inserting the
 * year cards in the Spring turns ("spring_decks": the cards wait outside
 * the deck, join it at the start of Spring 1862/1863/1864 and the deck is
 * shuffled without the discards). Bad options are refused. The other three
 * (irregulars, peculiar_generals, laying_a_trap) have their own tests
 * (test_23_2_irregulars, test_23_peculiar_generals, test_23_laying_a_trap). */
#include "lw_testkit.h"

static struct game *with(const char *opts, int seed)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, 0x23};
	json_error_t je;
	json_t *o = opts ? json_loads(opts, 0, &je) : NULL;
	struct game *g = lincolns_war_module.setup(key, "campaign", o, &tk_err);
	json_decref(o);
	return g;
}

static bool in(const uint8_t *a, int n, int card)
{
	for (int i = 0; i < n; i++)
		if (a[i] == card)
			return true;
	return false;
}

static void test_options_listed(void)
{
	json_t *o = lincolns_war_module.options();
	const char *names[] = {"kickstarters", "spring_decks", "irregulars", "peculiar_generals",
	                       "laying_a_trap"};
	CHECK_EQ_INT(json_object_size(o), 5);
	for (int i = 0; i < 5; i++) {
		json_t *x = json_object_get(o, names[i]);
		CHECKF(x != NULL, "option %s", names[i]);
		CHECK(json_is_false(json_object_get(x, "default")));
	}
	json_decref(o);
	CHECK(with("{\"spring_decks\":1}", 1) == NULL);
	CHECK(strcmp(tk_err.code, TG_E_BAD_OPTIONS) == 0);
	CHECK(with("{\"no_such_rule\":true}", 1) == NULL);
}

static void test_kickstarters(void)
{
	for (int on = 0; on <= 1; on++) {
		struct game *g = with(on ? "{\"kickstarters\":true}" : NULL, 2);
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			const struct lw_cards *c = &g->s.side[side].cards;
			for (int card = 74; card <= 75; card++) {
				CHECK(in(c->draw, c->draw_n, card) == (on == 1));
				CHECK(in(c->out, c->out_n, card) == (on == 0));
			}
		}
		lincolns_war_module.free(g);
	}
	/* nothing else is removed (10.7.1.1) */
	struct game *a = with(NULL, 3), *b = with("{\"kickstarters\":true}", 3);
	CHECK_EQ_INT(b->s.side[LW_UNION].cards.draw_n, a->s.side[LW_UNION].cards.draw_n + 2);
	lincolns_war_module.free(a);
	lincolns_war_module.free(b);
}

static void test_spring_decks(void)
{
	struct game *off = with(NULL, 4);
	struct game *g = with("{\"spring_decks\":true}", 4);
	struct lw_state *s = &g->s;
	/* the reconstructed years: Meade '62, Sheridan '63; Forrest '62, Cleburne '63 */
	int meade = tk_card(LW_UNION, "Meade"), sheridan = tk_card(LW_UNION, "Sheridan");
	int forrest = tk_card(LW_CONFEDERATE, "Forrest"),
	    cleb = tk_card(LW_CONFEDERATE, "Cleburne");
	CHECK_EQ_INT(lw_card_year(LW_UNION, meade), 1862);
	CHECK_EQ_INT(lw_card_year(LW_UNION, sheridan), 1863);
	CHECK_EQ_INT(lw_card_year(LW_CONFEDERATE, forrest), 1862);
	CHECK_EQ_INT(lw_card_year(LW_CONFEDERATE, cleb), 1863);
	CHECK_EQ_INT(lw_card_year(LW_UNION, tk_card(LW_UNION, "Zero")), 0);
	int held[3] = {0};
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		const struct lw_cards *c = &s->side[side].cards;
		for (int n = 1; n <= LW_DECK_CARDS; n++)
			if (lw_card_year(side, n)) {
				CHECK(in(c->out, c->out_n, n));
				CHECK(!in(c->draw, c->draw_n, n));
				CHECK(in(off->s.side[side].cards.draw,
				         off->s.side[side].cards.draw_n, n));
				held[side]++;
			}
		CHECK(held[side] > 0);
		CHECK_EQ_INT(c->draw_n + held[side], off->s.side[side].cards.draw_n);
	}
	/* Spring 1862: the '62 cards join the remaining deck, discards stay */
	struct lw_cards *u = &s->side[LW_UNION].cards;
	u->discard[u->discard_n++] = u->draw[--u->draw_n];
	int discards = u->discard_n, deck = u->draw_n;
	s->turn = 1;
	lw_optional_begin_turn(s);
	CHECK(in(u->draw, u->draw_n, meade));
	CHECK(!in(u->out, u->out_n, meade));
	CHECK(in(u->out, u->out_n, sheridan));
	CHECK_EQ_INT(u->discard_n, discards);
	int n62 = 0;
	for (int n = 1; n <= LW_DECK_CARDS; n++)
		n62 += lw_card_year(LW_UNION, n) == 1862;
	CHECK_EQ_INT(u->draw_n, deck + n62);
	/* a Summer turn adds nothing; Spring 1863 adds the '63 cards */
	s->turn = 2;
	int before = u->draw_n;
	lw_optional_begin_turn(s);
	CHECK_EQ_INT(u->draw_n, before);
	s->turn = 3;
	lw_optional_begin_turn(s);
	CHECK(in(u->draw, u->draw_n, sheridan));
	/* option off: nothing moves */
	off->s.turn = 1;
	int d0 = off->s.side[LW_UNION].cards.draw_n;
	lw_optional_begin_turn(&off->s);
	CHECK_EQ_INT(off->s.side[LW_UNION].cards.draw_n, d0);
	lincolns_war_module.free(g);
	lincolns_war_module.free(off);
}

int main(void)
{
	test_options_listed();
	test_kickstarters();
	test_spring_decks();
	return tap_done();
}
