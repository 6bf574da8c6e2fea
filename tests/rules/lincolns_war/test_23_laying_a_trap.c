/* test_23_laying_a_trap.c — Laying a Trap (option "laying_a_trap", Union
 * card 73, optional by 1.2). The Playbook's rule is not in the rulebook;
 * RECONSTRUCTED (docs/political_optional.md "Decisions where the text is silent"): the card is a
 * combat resource (16.3) of the Union defender: committed when the Union defends it adds +3 to his
 * strength, committed when he attacks it adds nothing; spent and replaced like any resource (16.7).
 * All through act(). */
#include "lw_testkit.h"

static struct game *with(const char *opts, int seed)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, 0x73};
	json_error_t je;
	json_t *o = opts ? json_loads(opts, 0, &je) : NULL;
	struct game *g = lincolns_war_module.setup(key, "campaign", o, &tk_err);
	json_decref(o);
	if (!g) {
		fprintf(stderr, "setup: %s\n", tk_err.message);
		exit(1);
	}
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
		struct game *g = with(on ? "{\"laying_a_trap\":true}" : NULL, 1);
		const struct lw_cards *u = &g->s.side[LW_UNION].cards;
		CHECK(in(u->draw, u->draw_n, 73) == (on == 1));
		CHECK(in(u->out, u->out_n, 73) == (on == 0));
		/* the CS 73 is the Assassination Plot: never dealt */
		const struct lw_cards *c = &g->s.side[LW_CONFEDERATE].cards;
		CHECK(!in(c->draw, c->draw_n, 73));
		lincolns_war_module.free(g);
	}
	const struct lw_card *k = lw_card(LW_UNION, 73);
	CHECK(k->resource && k->kind == LW_KIND_TRAP);
}

/* Two clear neighbouring hexes in Tennessee without a city or river. */
static void pair(int *x, int *y)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, "TN") != 0)
			continue;
		int nb[6], n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int j = 0; j < n; j++) {
			const struct lw_hex *o = lw_data_hex(d, nb[j]);
			if (o && o->terrain == LW_TERRAIN_CLEAR && o->city < 0 &&
			    !(lw_data_hexside_flags(d, h->id, nb[j]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				*x = h->id;
				*y = nb[j];
				return;
			}
		}
	}
}

static void put(struct lw_state *s, const char *id, int hex)
{
	int u = lw_unit_by_id(s, id);
	s->unit[u].where = LW_W_MAP;
	s->unit[u].hex = (int16_t)hex;
	s->unit[u].stars = 2;
	s->unit[u].it = 0;
	s->unit[u].flags = 0;
	s->unit[u].cmd = ++s->cmd_seq;
}

/* A battle in Tennessee: `attacker` marches on the other side; both commit
 * (the Union his `union_card`); returns the resource the log shows for the
 * Union. */
static int battle(int attacker, int union_card)
{
	struct game *g = with("{\"laying_a_trap\":true}", 5);
	struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP)
			s->unit[u].where = LW_W_PENDING;
	int x = 0, y = 0;
	pair(&x, &y);
	put(s, "grant", attacker == LW_UNION ? x : y);
	put(s, "je_johnston", attacker == LW_UNION ? y : x);
	s->phase = LW_PH_OPS;
	s->step = LW_ST_MOVE;
	s->phasing = (int8_t)attacker;
	s->first = (int8_t)attacker;
	s->play.side = (int8_t)attacker;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		s->side[side].gic = LW_NONE;
		s->side[side].csp = 0;
		s->side[side].pc = 10;
		s->side[side].draw_stage = 2;
	}
	tk_give(s, LW_UNION, 73);
	int co = lw_unit_by_id(s, attacker == LW_UNION ? "grant" : "je_johnston");
	lw_march_begin(s, co, false);
	char a[96];
	const char *role = attacker == LW_UNION ? "union" : "confederate";
	const char *other = attacker == LW_UNION ? "confederate" : "union";
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	int rc = tk_act(g, role, a);
	CHECKF(rc == 0, "attack: %s", tk_err.message);
	if (s->step == LW_ST_WITHDRAW) {
		rc = tk_act(g, other, "{\"type\":\"stand\"}");
		CHECK(rc == 0);
	}
	/* the commitment offer names the card */
	bool offered = false;
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	for (size_t i = 0; i < json_array_size(acts); i++) {
		json_t *ac = json_object_get(json_array_get(acts, i), "action");
		offered |= json_integer_value(json_object_get(ac, "resource")) == 73;
	}
	json_decref(v);
	CHECK(offered);
	rc = tk_act(g, "confederate", "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK(rc == 0);
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":%d,\"csp\":0}", union_card);
	rc = tk_act(g, "union", a);
	CHECK(rc == 0);
	/* the battle line: "Battle: A n (factors f, resource r, ...) against D n
	 * (factors f, terrain t, resource r, ...)" */
	int res = -1;
	for (uint32_t i = 0; i < LW_LOG_LINES && i < s->log_total; i++) {
		const char *l = s->log[i];
		if (strncmp(l, "Battle: ", 8) != 0)
			continue;
		const char *part = attacker == LW_UNION ? l : strstr(l, " against ");
		const char *r = part ? strstr(part, "resource ") : NULL;
		if (r)
			res = atoi(r + 9);
	}
	if (union_card == 73) /* spent and replaced (16.7) */
		CHECK(lw_hand_find(s, LW_UNION, 73) < 0);
	lincolns_war_module.free(g);
	return res;
}

int main(void)
{
	test_deck();
	int r;
	r = battle(LW_CONFEDERATE, 73); /* the Union defends: the trap springs */
	CHECK_EQ_INT(r, 3);
	r = battle(LW_CONFEDERATE, 72);
	CHECK_EQ_INT(r, 0);
	r = battle(LW_UNION, 73); /* attacking, it gives nothing */
	CHECK_EQ_INT(r, 0);
	return tap_done();
}
