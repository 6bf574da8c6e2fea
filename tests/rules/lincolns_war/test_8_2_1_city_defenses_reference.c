/* 2.3, 16.10.2, 13.1.3, 8.2.1 and 8.1.2.1: a city's defense is its printed
 * value (the capitals' from the turn track), less one for a garrison or a
 * cavalry holder, "-1" while an effective blockade holds a Confederate
 * port, "+1 to the defense of the port" for a revealed ironclad in it.
 * The view's cities ask every city's defense after an action:
 * lw_city_defenses works them out at once, the fleets and the ironclads
 * walked once (issue 17: lw_city_defense for each city and role). It
 * must answer exactly lw_city_defense for every city, on the states of
 * bot games of the three scenarios and on the same states with the
 * navy, the cities' owners and garrisons, the cavalry's held cities and
 * the turn drawn at random (blockades and ironclads, rare in play, then
 * come up often). */
#include <stdlib.h>

#include "lw_bot.h"
#include "lw_naval_fixture.h"

static long cities, blockaded, ironclad, garrisoned, differ;
static struct nv_ports P; /* nv_ports_find at the first game */

static void compare(const struct lw_state *s, const char *what)
{
	int32_t got[LW_MAX_CITIES];
	lw_city_defenses(s, got);
	for (int c = 0; c < s->n_cities; c++) {
		int want = lw_city_defense(s, c), mod = lw_naval_defense_mod(s, c);
		cities++;
		blockaded += mod < 0;
		ironclad += mod > 0;
		garrisoned += s->city[c].garrison || lw_cav_city_held(s, c);
		if (want != got[c] && differ++ < 5)
			CHECKF(false, "%s, city %s: defense %d, lw_city_defenses %d", what,
			       lw_D()->cities[c].id, want, got[c]);
	}
}

/* The navy and the cities drawn at random: fleets on blockade spaces
 * (most ports' spaces filled, so that blockades hold), assets in ports,
 * revealed or not; owners, garrisons and cavalry holders; the turn. */
static void scramble(struct lw_state *s)
{
	memset(&s->navy.fleet, 0, sizeof s->navy.fleet);
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		if (nv_rnd(4)) {
			s->navy.fleet[i].where = LW_NW_BLOCKADE;
			s->navy.fleet[i].hex = (int16_t)P.space[nv_rnd((uint32_t)P.n_spaces)];
		}
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		memset(&s->navy.asset[i], 0, sizeof s->navy.asset[i]);
		if (nv_rnd(2)) {
			s->navy.asset[i].where = LW_NW_PORT;
			s->navy.asset[i].hex =
			    (int16_t)lw_D()->cities[P.port[nv_rnd((uint32_t)P.n_ports)]].hex;
			s->navy.asset[i].revealed = nv_rnd(2);
		}
	}
	for (int c = 0; c < s->n_cities; c++) {
		if (nv_rnd(3) == 0)
			s->city[c].owner = (int8_t)(nv_rnd(2) ? LW_UNION : LW_CONFEDERATE);
		s->city[c].garrison = nv_rnd(4) == 0;
	}
	for (size_t k = 0; k < sizeof s->cav.held; k++)
		s->cav.held[k] = (uint8_t)(nv_rnd(3) == 0 ? nv_rnd(256) : 0);
	s->turn = (uint8_t)nv_rnd((uint32_t)s->last_turn + 1);
}

static struct lw_state work;
static long states;

static void after_act(void *ctx, struct game *g)
{
	(void)ctx;
	if (states++ % 4)
		return;
	compare(&g->s, "played");
	work = g->s;
	scramble(&work);
	compare(&work, "scrambled");
}

int main(void)
{
	nv_rnd_seed(0x853c49e6748fea9bu); /* the test's own numbers */
	static const char *const scenarios[] = {"tournament", "campaign", "introductory"};
	for (int k = 0; k < 3; k++) {
		struct game *g = tk_new(scenarios[k], 50 + k);
		if (!P.n_ports) /* the data is loaded with the first game */
			nv_ports_find(&P);
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, 8300u + (uint64_t)k);
		struct lw_bot_hooks h = {.after = after_act};
		char why[200] = "";
		CHECKF(lw_bot_play(&bot, &lincolns_war_module, g, 400, &h, why, sizeof why) > 0,
		       "%s plays: %s", scenarios[k], why);
		lincolns_war_module.free(g);
	}
	CHECKF(differ == 0, "%ld of %ld cities: lw_city_defenses is lw_city_defense's",
	       cities - differ, cities);
	/* each change to the defense must come up, many times */
	CHECKF(blockaded > 100 && ironclad > 100 && garrisoned > 100,
	       "%ld cities blockaded, %ld with an ironclad, %ld garrisoned or held", blockaded,
	       ironclad, garrisoned);
	printf("# %ld cities compared (%ld blockaded, %ld with an ironclad, %ld garrisoned or "
	       "held)\n",
	       cities, blockaded, ironclad, garrisoned);
	return tap_done();
}
