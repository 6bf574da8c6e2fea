/* test_8_2_blockaded_supply_reference.c — lw_naval_blockaded_supply (8.2,
 * "Southern ports blockaded", the navy's view and its stamp, 8.2.2's
 * Blockade IT) reads the Union force on each port from one walk of the
 * units (issue 17); it must give the sum the rule's own per-port test
 * gives: every Southern ocean port with a supply value for which
 * lw_naval_blockaded_for_effects holds (8.2: "a port occupied by a Union
 * force or garrison counts as blockaded").
 *
 * Compared in the states of two bot games, and in states edited by hand
 * so that each such port in turn holds a Union general, then a
 * Confederate general listed before him (the first unit on the hex is the
 * force's side, lw_hex_owner_force), then a Union garrison; then a
 * siege on the port with each side on top (16.9.5: the besieger is the
 * hex's force, whoever is listed first), and fleets on its blockade
 * spaces (8.2: one, then every space; the count the port needs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

static int reference(const struct lw_state *s)
{
	const struct lw_data *d = lw_D();
	int n = 0;
	for (size_t c = 0; c < d->n_cities; c++)
		if (lw_naval_blockaded_for_effects(s, (int)c) && d->cities[c].supply > 0)
			n += d->cities[c].supply;
	return n;
}

static long compared;

static bool same(const struct lw_state *s, const char *what, int k)
{
	compared++;
	int got = lw_naval_blockaded_supply(s), want = reference(s);
	if (got == want)
		return true;
	return CHECKF(0, "%s %d: blockaded supply %d, the ports' own test %d", what, k, got, want);
}

/* The first two map units of each side (by index), or -1. */
static void two_of(const struct lw_state *s, int side, int out[2])
{
	out[0] = out[1] = -1;
	for (int i = 0, k = 0; i < s->n_units && k < 2; i++)
		if (s->unit[i].where == LW_W_MAP && s->unit[i].side == side)
			out[k++] = i;
}

static void edited(const struct lw_state *s0, int k)
{
	const struct lw_data *d = lw_D();
	static struct lw_state s;
	int un[2], cs[2];
	two_of(s0, LW_UNION, un);
	two_of(s0, LW_CONFEDERATE, cs);
	if (un[0] < 0 || cs[0] < 0)
		return;
	for (size_t c = 0; c < d->n_cities; c++) {
		if (!d->cities[c].southern_ocean_port || d->cities[c].supply <= 0)
			continue;
		int hex = d->cities[c].hex;
		s = *s0;
		s.unit[un[0]].hex = (int16_t)hex; /* a Union general on the port */
		same(&s, "a Union general on a port", k);
		int first = cs[0] < un[0] ? cs[0] : un[1];
		int16_t was = first >= 0 ? s.unit[first].hex : 0;
		if (first >= 0 && first != un[0]) {
			/* a unit listed before him: a Confederate, or another Union one */
			s.unit[first].hex = (int16_t)hex;
			same(&s, "two sides' generals on a port", k);
			s.unit[first].hex = was;
		}
		s.city[c].owner = LW_UNION;
		s.city[c].garrison = 1;
		same(&s, "a Union garrison on a port", k);
		for (int top = LW_UNION; top <= LW_CONFEDERATE; top++) {
			s = *s0;
			/* both sides' generals on the port, the other side's first */
			int other = top == LW_UNION ? cs[0] : un[0],
			    mine = top == LW_UNION ? un[0] : cs[0];
			s.unit[other].hex = (int16_t)hex;
			s.unit[mine].hex = (int16_t)hex;
			s.amphib.sieges[LW_MAX_SIEGES - 1] = (struct lw_siege){
			    .stage = LW_SG_ON, .besieger = (int8_t)top, .city_hex = (int16_t)hex};
			same(&s,
			     top == LW_UNION ? "a Union siege of a port"
			                     : "a Confederate siege of a port",
			     k);
		}
		s = *s0;
		for (int i = 0; i < LW_NAVY_FLEETS; i++)
			if (s.navy.fleet[i].where == LW_NW_BLOCKADE)
				s.navy.fleet[i].where = LW_NW_POOL;
		for (int b = 0, f = 0; b < d->cities[c].n_blockade_hexes; b++)
			for (int per = 0; per < 2 && f < LW_NAVY_FLEETS; per++, f++) {
				s.navy.fleet[f].where = LW_NW_BLOCKADE;
				s.navy.fleet[f].hex = (int16_t)d->cities[c].blockade_hexes[b];
				same(&s, "fleets on a port's blockade spaces", k);
			}
	}
}

int main(void)
{
	for (int k = 0; k < 2; k++) {
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)(k + 3), 0x82};
		struct tg_error err;
		struct game *g = M->setup(seed, "campaign", NULL, &err);
		if (!CHECKF(g != NULL, "setup: %s", g ? "" : err.message))
			return tap_done();
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, 82 + (uint64_t)k);
		for (int n = 0; n < 400; n++) {
			same(&g->s, "game state", n);
			if (n % 40 == 0)
				edited(&g->s, n);
			char role[TG_ROLE_MAX * 2];
			json_t *a = NULL;
			if (lw_bot_choose(&bot, M, g, role, &a) <= 0)
				break;
			int rc = M->act(g, role, a, NULL, &err);
			json_decref(a);
			if (!CHECKF(rc == 0, "offered action refused: %s", rc ? err.message : ""))
				break;
		}
		M->free(g);
	}
	printf("# %ld states compared\n", compared);
	CHECK(compared > 500);
	return tap_done();
}
