/* test_23_peculiar_generals.c — the Peculiar Generals (option
 * "peculiar_generals", cards 70 and 71 of both decks, optional by 1.2). The
 * Playbook's rule is not in the rulebook; RECONSTRUCTED (docs/political_optional.md "Decisions
 * where the text is silent"): each is a 2-PC activation card naming an eccentric general of the
 * war, not an Erratic Personality (10.6.5 names all of those), with an event of the game's own
 * kinds: Union 70 Sickles a free promotion, Union 71 Custer reveals a force, CS 70 Ewell heals a
 * wound, CS 71 Magruder makes an enemy CO Reluctant to Follow Orders (10.7.4). All through act().
 */
#include "lw_testkit.h"

static int rc; /* CHECK_EQ_INT evaluates its arguments twice */

static struct game *with(const char *opts, int seed)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, 0x70};
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

static bool in(const uint8_t *a, int n, int card)
{
	for (int i = 0; i < n; i++)
		if (a[i] == card)
			return true;
	return false;
}

static void test_deck(void)
{
	for (int on = 0; on <= 1; on++) {
		struct game *g = with(on ? "{\"peculiar_generals\":true}" : NULL, 1);
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			const struct lw_cards *c = &g->s.side[side].cards;
			for (int n = 70; n <= 71; n++) {
				bool dealt = in(c->draw, c->draw_n, n) || in(c->hand, c->hand_n, n);
				CHECKF(dealt == (on == 1), "side %d card %d", side, n);
				CHECK(in(c->out, c->out_n, n) == (on == 0));
				const struct lw_card *k = lw_card(side, n);
				CHECK(k->kind == LW_KIND_PECULIAR && k->pc == 2 && !k->erratic);
			}
		}
		lincolns_war_module.free(g);
	}
}

/* `side` to play with `card` in hand (and others to keep the phase going). */
static struct game *ready(int side, int card)
{
	struct game *g = with("{\"peculiar_generals\":true}", 2);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, side);
	tk_clear_hand(s, side);
	tk_give(s, side, card);
	for (int i = 0; i < 2; i++) {
		tk_give_any(s, LW_UNION);
		tk_give_any(s, LW_CONFEDERATE);
	}
	return g;
}

static void test_spent_for_pc(void)
{
	struct game *g = ready(LW_UNION, 70);
	CHECK(tk_offers(g, "union", "Play card 70 Daniel E. Sickles [2 PC]"));
	CHECK(!tk_offers(g, "union", "Press card 70")); /* not erratic */
	rc = tk_act(g, "union", "{\"type\":\"play\",\"card\":70,\"use\":\"discard\"}");
	CHECK(rc != 0 && strstr(tk_err.message, "10.6"));
	rc = tk_act(g, "union", "{\"type\":\"play\",\"card\":70,\"use\":\"pc\"}");
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(g->s.play.pc_left, 2);
	CHECK_EQ_INT(g->s.step, LW_ST_SPEND);
	lincolns_war_module.free(g);
}

static void test_magruder(void)
{
	struct game *g = ready(LW_CONFEDERATE, 71);
	struct lw_state *s = &g->s;
	int co = -1;
	for (int u = 0; u < s->n_units && co < 0; u++)
		if (s->unit[u].side == LW_UNION && s->unit[u].where == LW_W_MAP &&
		    lw_force_co(s, s->unit[u].hex) == u)
			co = u;
	char id[64], a[160];
	lw_unit_id(s, co, id, sizeof id);
	CHECK(tk_offers(g, "confederate", "Play card 71 John B. Magruder for its event on"));
	snprintf(a, sizeof a, "{\"type\":\"play\",\"card\":71,\"use\":\"event\",\"target\":\"%s\"}",
	         id);
	rc = tk_act(g, "confederate", a);
	CHECK_EQ_INT(rc, 0);
	CHECK(s->unit[co].flags & LW_UF_RELUCTANT);
	/* a friendly general is no target (10.7.4) */
	lincolns_war_module.free(g);
	g = ready(LW_CONFEDERATE, 71);
	s = &g->s;
	int own = -1;
	for (int u = 0; u < s->n_units && own < 0; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP)
			own = u;
	lw_unit_id(s, own, id, sizeof id);
	snprintf(a, sizeof a, "{\"type\":\"play\",\"card\":71,\"use\":\"event\",\"target\":\"%s\"}",
	         id);
	rc = tk_act(g, "confederate", a);
	CHECK(rc != 0 && strstr(tk_err.message, "10.7.4"));
	lincolns_war_module.free(g);
}

static void test_ewell_and_sickles(void)
{
	struct game *g = ready(LW_CONFEDERATE, 70);
	struct lw_state *s = &g->s;
	int w = -1;
	for (int u = 0; u < s->n_units && w < 0; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP &&
		    s->unit[u].gen >= 0)
			w = u;
	s->unit[w].wounds = 1;
	char id[64], a[160];
	lw_unit_id(s, w, id, sizeof id);
	snprintf(a, sizeof a, "{\"type\":\"play\",\"card\":70,\"use\":\"event\",\"target\":\"%s\"}",
	         id);
	rc = tk_act(g, "confederate", a);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->unit[w].wounds, 0);
	lincolns_war_module.free(g);

	g = ready(LW_UNION, 70);
	s = &g->s;
	int p = -1;
	for (int u = 0; u < s->n_units && p < 0; u++)
		if (s->unit[u].side == LW_UNION && s->unit[u].where == LW_W_MAP &&
		    s->unit[u].gen >= 0 && s->unit[u].stars == 1 &&
		    lw_D()->generals[s->unit[u].gen].max_stars > 1 &&
		    lw_force_co(s, s->unit[u].hex) == u)
			p = u;
	if (CHECK(p >= 0)) {
		lw_unit_id(s, p, id, sizeof id);
		snprintf(a, sizeof a,
		         "{\"type\":\"play\",\"card\":70,\"use\":\"event\",\"target\":\"%s\"}", id);
		rc = tk_act(g, "union", a);
		CHECKF(rc == 0, "%s", tk_err.message);
		CHECK_EQ_INT(s->unit[p].stars, 2);
	}
	lincolns_war_module.free(g);
}

int main(void)
{
	test_deck();
	test_spent_for_pc();
	test_magruder();
	test_ewell_and_sickles();
	return tap_done();
}
