/* 16.9.5 in play: the random legal-action bot of the playouts (lw_bot.c)
 * meets the siege choices that random games seldom reach, through view()
 * and act() alone, over several bot seeds: naming a routed Major Army's
 * excess and retreating it (16.6.4), choosing the besiegers' return hex
 * (16.9.5.4.3), and pressing a siege as a campaign force (16.9.5.2,
 * 10.7.3.1). Every offer it picks must be accepted, no dead end, and over
 * the seeds it must make more than one choice where there is one. */
#include "lincolns_war/lw_supply.h"
#include "lw_amphib_fixture.h"
#include "lw_bot.h"

#define SEEDS 12

/* The bot plays while `more` holds (at most 60 actions); -1 on a dead end
 * or a refused offer. */
static int bot_until(struct game *g, uint64_t seed, bool (*more)(const struct lw_state *))
{
	struct lw_bot bot;
	lw_bot_init(&bot, seed);
	for (int n = 0; n < 60 && more(&g->s); n++) {
		char role[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		int got = lw_bot_choose(&bot, &lincolns_war_module, g, role, &a);
		if (!CHECKF(got > 0, "seed %llu: dead end", (unsigned long long)seed))
			return -1;
		struct tg_error err = {0};
		struct game_outcome out = {0};
		int rc = lincolns_war_module.act(g, role, a, &out, &err);
		char *txt = json_dumps(a, JSON_COMPACT);
		CHECKF(rc == 0, "seed %llu: offered %s refused: %s", (unsigned long long)seed, txt,
		       err.message);
		free(txt);
		json_decref(a);
		if (rc)
			return -1;
	}
	return more(&g->s) ? -1 : 0;
}

static bool in_battle(const struct lw_state *s)
{
	return s->battle.active != 0;
}

static bool returning(const struct lw_state *s)
{
	return lw_siege_choice_side(s) != LW_NOSIDE;
}

static bool spending(const struct lw_state *s)
{
	return s->phase == LW_PH_OPS && s->play.side == LW_UNION && s->step != LW_ST_CARD;
}

static int logged(const struct lw_state *s, const char *part)
{
	int n = 0;
	for (uint32_t k = 0; k < s->log_total && k < LW_LOG_LINES; k++)
		n += strstr(s->log[(s->log_total - 1 - k) % LW_LOG_LINES], part) != NULL;
	return n;
}

/* 16.6.4: the routed Major Army of test_16_9_5_routed_excess, offering. */
static struct game *routed(void)
{
	struct game *g = bx_game(2);
	struct lw_state *s = &g->s;
	int nash = am_hex("nashville"), x = fx_plain_neighbour(nash);
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	int two[3], one[2];
	int co = am_major_army(s, LW_CONFEDERATE, nash, two, one);
	s->unit[co].it = 30;
	s->side[LW_UNION].csp = 5;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(g, grant, nash);
	bx_commit(g, 5, 0);
	/* 11.0.3: the routed CO's successor is named first */
	CHECK(bx_answer_commands(g) == 1);
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_OFFER);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	return g;
}

/* 16.9.5.4.3: besiegers 2 + 1 of a city with two hexes nearer Union
 * supply, the hex they came from taken (test_16_9_5_4_3_return_choice). */
static struct game *held(int city)
{
	struct game *g = bx_game(3);
	struct lw_state *s = &g->s;
	int camp = fx_plain_neighbour(city);
	int us = am_general(s, LW_UNION, camp, 2, LW_NONE);
	int cs = am_general(s, LW_CONFEDERATE, city, 2, LW_NONE);
	am_besiege(s, city, camp, &us, 1);
	am_general(s, LW_UNION, city, 1, us);
	am_general(s, LW_CONFEDERATE, camp, 1, cs);
	s->phase = LW_PH_SUPPLY;
	lw_siege_before_supply(s);
	lw_supply_phase(s);
	lw_siege_after_supply(s);
	return g;
}

/* A Union Special Campaign card in SPEND: the Union besieges Nashville and
 * has a second force in Tennessee free of IT. */
static struct game *campaign(void)
{
	struct game *g = bx_game(3);
	struct lw_state *s = &g->s;
	int nash = am_hex("nashville"), camp = fx_plain_neighbour(nash);
	int us = am_general(s, LW_UNION, camp, 2, LW_NONE);
	am_general(s, LW_CONFEDERATE, nash, 2, LW_NONE);
	am_besiege(s, nash, camp, &us, 1);
	int memphis = am_hex("memphis");
	am_general(s, LW_UNION, fx_plain_neighbour(memphis), 1, us);
	am_spend(s, LW_UNION, 0);
	for (int c = 1; c <= 80; c++) {
		const struct lw_card *k = lw_card(LW_UNION, c);
		if (k && k->kind == LW_KIND_CAMPAIGN && k->campaign_region == LW_REGION_KY_TN)
			s->play.card = (uint8_t)c;
	}
	s->play.campaign = 1;
	s->play.activations_left = 2;
	return g;
}

/* A Confederate city of supply 2+ with a plain neighbour and two other
 * hexes nearer Union supply, free of everything. */
static int return_city(void)
{
	struct game *g = bx_game(3);
	const struct lw_data *d = lw_D();
	int found = LW_NO_HEX;
	for (size_t c = 0; c < d->n_cities && found == LW_NO_HEX; c++) {
		int hex = d->cities[c].hex, camp = fx_plain_neighbour(hex);
		if (d->cities[c].supply < 2 || d->cities[c].bracketed || camp == LW_NO_HEX ||
		    lw_city_controller(&g->s, (int)c) != LW_CONFEDERATE)
			continue;
		struct game *h = held(hex);
		json_t *o = bx_offers(h, LW_UNION, "siege_return");
		if (json_array_size(o) >= 2)
			found = hex;
		json_decref(o);
		free(h);
	}
	free(g);
	return found;
}

int main(void)
{
	int excess = 0, excess_who[64] = {0}, returns = 0, presses = 0;
	int hexes[SEEDS], nh = 0;
	for (int seed = 1; seed <= SEEDS; seed++) {
		struct game *g = routed();
		bot_until(g, 7000u + (uint64_t)seed, in_battle);
		excess += logged(&g->s, "with the excess (16.6.4)") > 0;
		for (int u = 0; u < g->s.n_units && u < 64; u++)
			excess_who[u] += g->s.unit[u].side == LW_CONFEDERATE &&
			                 g->s.unit[u].where == LW_W_MAP &&
			                 g->s.unit[u].hex != am_hex("nashville") &&
			                 g->s.unit[u].hex != LW_NO_HEX;
		CHECK(lw_siege_at(&g->s, am_hex("nashville")) >= 0 ||
		      logged(&g->s, "refuses the siege") > 0);
		free(g);
	}
	int who = 0;
	for (int u = 0; u < 64; u++)
		who += excess_who[u] > 0;
	printf("# routed excess named in %d games, %d different generals\n", excess, who);
	CHECK_EQ_INT(excess, SEEDS);
	CHECK(who >= 2);

	int city = return_city();
	if (CHECKF(city != LW_NO_HEX, "a city where the besiegers have two hexes")) {
		for (int seed = 1; seed <= SEEDS; seed++) {
			struct game *g = held(city);
			json_t *o = bx_offers(g, LW_UNION, "siege_return");
			CHECK(json_array_size(o) >= 2);
			json_decref(o);
			int u[LW_MAX_UNITS];
			lw_units_at(&g->s, city, LW_UNION, u);
			int sub = g->s.unit[u[0]].stars == 1 ? u[0] : u[1];
			if (bot_until(g, 8000u + (uint64_t)seed, returning) == 0) {
				returns++;
				bool seen = false;
				for (int k = 0; k < nh; k++)
					seen |= hexes[k] == g->s.unit[sub].hex;
				if (!seen)
					hexes[nh++] = g->s.unit[sub].hex;
			}
			free(g);
		}
	}
	printf("# return hexes chosen in %d games, %d different hexes\n", returns, nh);
	CHECK_EQ_INT(returns, SEEDS);
	CHECK(nh >= 2);

	for (int seed = 1; seed <= 4 * SEEDS; seed++) {
		struct game *g = campaign();
		bot_until(g, 9000u + (uint64_t)seed, spending);
		presses += logged(&g->s, "as a campaign force (16.9.5.2)") > 0;
		free(g);
	}
	printf("# the besiegers pressed as a campaign force in %d games of %d\n", presses,
	       4 * SEEDS);
	CHECK(presses > 0);
	return tap_done();
}
