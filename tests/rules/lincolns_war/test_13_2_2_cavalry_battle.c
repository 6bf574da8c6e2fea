/* 13.2.2 "When starting a raid, ask if enemy cavalry is present. If enemy
 * cavalry is in the hex to be raided, a regular battle ensues between the
 * two cavalry generals. Ignore terrain defensive modifiers, and no CSP or
 * resource card may be expended."
 *
 * Through the module's act(): a Confederate cavalry general is activated
 * and raids a hex whose Union force hides a cavalry subordinate. Checked:
 * the hidden cavalry is absent from the Confederate view before the raid
 * and shown after it (both revealed); the battle is fought at once with no
 * commitment step (no CSP, no Resource card); terrain is ignored (the
 * raided hex is a mountain, whose +1 would turn each result below into
 * another); the results table gives the IT and the loser's stars in PC; a
 * raider's victory lets the raid go on (rolled on the Cavalry Raid Table),
 * a stand-off or a defeat stops it. (The 16.8 casualty cards drawn here are
 * blank: test_13_2_2_raid_regular_battle checks them.) */
#include "lw_testkit.h"

/* A clear hex x without a city next to a mountain hex y without a city,
 * no river or impassable hexside between. */
static bool geometry(int *x, int *y)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_MOUNTAIN || h->city >= 0)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int j = 0; j < n; j++) {
			const struct lw_hex *g = lw_data_hex(d, nb[j]);
			if (g && g->terrain == LW_TERRAIN_CLEAR && g->city < 0 &&
			    !(lw_data_hexside_flags(d, h->id, nb[j]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				*x = nb[j];
				*y = h->id;
				return true;
			}
		}
	}
	return false;
}

/* Both draw piles: cards without symbols on top, so that the 16.8 casualty
 * cards of the battle throw no die (test_13_2_2_raid_regular_battle has
 * them). */
static void blank_decks(struct lw_state *s)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_cards *c = &s->side[side].cards;
		c->draw_n = 0;
		c->discard_n = 0;
		for (int num = 1; num <= 57 && c->draw_n < 4; num++) {
			const struct lw_card *k = lw_card(side, num);
			if (k && k->symbols == 0 && lw_hand_find(s, side, num) < 0)
				c->draw[c->draw_n++] = (uint8_t)num;
		}
	}
}

static int next_die(const struct lw_state *s)
{
	struct tg_rng r = s->rng;
	return tg_rng_die(&r, 6);
}

static bool view_has(struct game *g, const char *role, const char *part)
{
	json_t *v = lincolns_war_module.view(g, role);
	char *txt = json_dumps(json_object_get(v, "forces"), JSON_COMPACT);
	if (!txt) /* the forces may sit elsewhere in the view: search it all */
		txt = json_dumps(v, JSON_COMPACT);
	bool found = txt && strstr(txt, part) != NULL;
	free(txt);
	json_decref(v);
	return found;
}

struct setup {
	const char *raider;
	int raider_stars, raider_it;
	const char *cav;
	int cav_stars;
};

struct result {
	int cs_pc, us_pc; /* PC gained */
	int raider, cav, grant;
	int die; /* the die the raid table would use next, once the battle is over */
};

/* Plays a 3-PC card (IT add to the activation cost, 18.1) to activate the raider, then raids y
 * through act(); the defending cavalry carries cav_it IT. */
static struct game *run_it(const struct setup *st, int x, int y, struct result *r, int cav_it)
{
	struct game *g = tk_new("campaign", 5);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 2, LW_CONFEDERATE);
	int card = -1;
	for (int n = 1; n <= 57 && card < 0; n++) {
		const struct lw_card *k = lw_card(LW_CONFEDERATE, n);
		if (k && k->kind == LW_KIND_ACTIVATION && k->pc == 3 && !k->erratic)
			card = n;
	}
	CHECK(card > 0);
	tk_clear_hand(s, LW_CONFEDERATE);
	tk_give(s, LW_CONFEDERATE, card);
	tk_give_any(s, LW_CONFEDERATE);
	tk_give_any(s, LW_UNION);
	r->raider = tk_unit(g, st->raider);
	r->cav = tk_unit(g, st->cav);
	r->grant = tk_unit(g, "grant");
	tk_place(g, r->raider, x);
	tk_place(g, r->grant, y);
	tk_place(g, r->cav, y);
	s->unit[r->raider].stars = (uint8_t)st->raider_stars;
	s->unit[r->raider].it = (int16_t)st->raider_it;
	s->unit[r->raider].flags = 0;
	s->unit[r->cav].stars = (uint8_t)st->cav_stars;
	s->unit[r->cav].flags = 0;
	s->unit[r->cav].it = (int16_t)cav_it;
	s->unit[r->grant].stars = 2;
	s->unit[r->grant].it = 0;
	s->unit[r->grant].flags = 0;
	s->side[LW_CONFEDERATE].pc = 10;
	s->side[LW_UNION].pc = 10;
	s->side[LW_CONFEDERATE].csp = 5; /* CSP in the bank: still none may be spent */
	s->side[LW_UNION].csp = 5;
	blank_decks(s);
	CHECK_EQ_INT(lw_force_co(s, y), r->grant);

	/* the cavalry subordinate is hidden from the raider's side */
	CHECK(!view_has(g, "confederate", st->cav));
	CHECK(view_has(g, "union", st->cav));

	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}", card,
	         st->raider);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	/* the raid is offered without a word about the cavalry there */
	snprintf(buf, sizeof buf, "{\"type\":\"raid\",\"target\":%d}", y);
	CHECK(tk_offers(g, "confederate", "raids"));
	int cs = s->side[LW_CONFEDERATE].pc, us = s->side[LW_UNION].pc;
	r->die = next_die(s); /* no die in the battle: every value is printed, blank
	                         casualty cards */
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	r->cs_pc = s->side[LW_CONFEDERATE].pc - cs;
	r->us_pc = s->side[LW_UNION].pc - us;
	/* a battle without the commitment of 16.3: nothing is pending */
	CHECK(!s->battle.active);
	CHECK(s->step != LW_ST_COMMIT && s->step != LW_ST_MOVE);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].csp, 5);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 5);
	/* both revealed: the Confederate now sees the Union cavalry */
	CHECK(s->unit[r->cav].flags & LW_UF_REVEALED);
	CHECK(s->unit[r->raider].flags & LW_UF_REVEALED);
	CHECK(view_has(g, "confederate", st->cav));
	/* nobody moved */
	CHECK_EQ_INT(s->unit[r->raider].hex, x);
	CHECK_EQ_INT(s->unit[r->cav].hex, y);
	CHECK_EQ_INT(s->unit[r->grant].hex, y);
	return g;
}

static struct game *run(const struct setup *st, int x, int y, struct result *r)
{
	return run_it(st, x, y, r, 0);
}

int main(void)
{
	int x = 0, y = 0;
	lincolns_war_module.free(tk_new("campaign", 5)); /* loads the data */
	if (!CHECK(geometry(&x, &y)))
		return tap_done();
	CHECK(lw_data_hex(lw_D(), y)->terrain == LW_TERRAIN_MOUNTAIN);

	/* 1. Forrest (two stars, attack 3) against Kilpatrick (two stars,
	 * defense 1): 3 - 1 = 2, a Minor Victory for the raider (the
	 * mountain's bonus would make it a stand-off). The loser's force takes
	 * two IT, the attacking winner one, the raider gains Kilpatrick's two
	 * stars in PC, and the raid goes on: the next die on the Cavalry Raid
	 * Table, +1 for two stars, -1 for the IT he now carries: 3+ succeeds
	 * and earns Grant's two stars. */
	{
		struct setup st = {"forrest", 2, 0, "kilpatrick", 2};
		struct result r;
		struct game *g = run(&st, x, y, &r);
		struct lw_state *s = &g->s;
		CHECK_EQ_INT(s->unit[r.raider].it, 1);
		CHECK_EQ_INT(s->unit[r.grant].it, 2); /* the IT on Kilpatrick's force */
		bool ok = r.die + 1 - 1 >= 3;
		CHECKF(lw_co_raided(s, r.grant) == ok, "raid die %d", r.die);
		CHECK_EQ_INT(r.cs_pc, 2 + (ok ? 2 : 0));
		CHECK_EQ_INT(r.us_pc, 0);
		lincolns_war_module.free(g);
	}

	/* 2. Forrest (two stars, attack 3) against Kilpatrick (one star,
	 * defense 0) carrying two IT: 3 - (0 - 2) = 5, a Major Victory (the
	 * mountain would make it 4, Minor): the loser's force takes five IT,
	 * the winner three; +1 PC; the raid goes on at +1 -3: 5+ succeeds. */
	{
		struct setup st = {"forrest", 2, 0, "kilpatrick", 1};
		struct result r;
		struct game *g = run_it(&st, x, y, &r, 2);
		struct lw_state *s = &g->s;
		CHECK_EQ_INT(s->unit[r.raider].it, 3);
		CHECK_EQ_INT(s->unit[r.grant].it, 5);
		bool ok = r.die + 1 - 3 >= 3;
		CHECKF(lw_co_raided(s, r.grant) == ok, "raid die %d", r.die);
		CHECK_EQ_INT(r.cs_pc, 1 + (ok ? 2 : 0));
		lincolns_war_module.free(g);
	}

	/* 3. Forrest (one star, attack 2) against Buford (one star, defense
	 * 2): a stand-off: no IT, no PC, and the raid stops: Grant is not
	 * Raided and may be raided again. */
	{
		struct setup st = {"forrest", 1, 0, "buford", 1};
		struct result r;
		struct game *g = run(&st, x, y, &r);
		struct lw_state *s = &g->s;
		CHECK_EQ_INT(r.cs_pc, 0);
		CHECK_EQ_INT(r.us_pc, 0);
		CHECK_EQ_INT(s->unit[r.raider].it, 0);
		CHECK_EQ_INT(s->unit[r.grant].it, 0);
		CHECK(!lw_co_raided(s, r.grant));
		struct tg_error err;
		CHECK_EQ_INT(lw_raid_check(s, r.raider, y, true, &err), 0);
		lincolns_war_module.free(g);
	}

	/* 4. Stuart (two stars, attack 3) carrying three IT (16.5: 3 - 3 = 0)
	 * against Buford (one star, defense 2): a Minor Victory for the
	 * defender. The raider, an attacking loser, takes no IT (16.6.2 "The
	 * loser, if defending, retreats and gains two IT",
	 * test_16_6_2_minor_defeat_attacker_it) and keeps the three he carried,
	 * the defending winner none; the Union gains Stuart's two stars; the
	 * raid is stopped. */
	{
		struct setup st = {"stuart", 2, 3, "buford", 1};
		struct result r;
		struct game *g = run(&st, x, y, &r);
		struct lw_state *s = &g->s;
		CHECK_EQ_INT(r.us_pc, 2);
		CHECK_EQ_INT(r.cs_pc, 0);
		CHECK_EQ_INT(s->unit[r.raider].it, 3);
		CHECK_EQ_INT(s->unit[r.grant].it, 0);
		CHECK(!lw_co_raided(s, r.grant));
		lincolns_war_module.free(g);
	}
	return tap_done();
}
