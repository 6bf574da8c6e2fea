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

/* xorshift64*: the test's own numbers, the same on every run */
static uint64_t rnd_state = 0x853c49e6748fea9bu;

static uint32_t rnd(uint32_t n)
{
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return (uint32_t)((rnd_state * 0x2545f4914f6cdd1du) >> 33) % n;
}

static long cities, blockaded, ironclad, garrisoned, differ;
static int ports[64], n_ports, spaces[64], n_spaces;

static void find_ports(void)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities; c++) {
		const struct lw_city *x = &d->cities[c];
		if ((x->ocean_port || x->river_port) && n_ports < 64)
			ports[n_ports++] = (int)c;
		for (int k = 0; k < x->n_blockade_hexes && n_spaces < 64; k++)
			spaces[n_spaces++] = x->blockade_hexes[k];
	}
}

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
		if (rnd(4)) {
			s->navy.fleet[i].where = LW_NW_BLOCKADE;
			s->navy.fleet[i].hex = (int16_t)spaces[rnd((uint32_t)n_spaces)];
		}
	for (int i = 0; i < LW_NAVY_ASSETS; i++) {
		memset(&s->navy.asset[i], 0, sizeof s->navy.asset[i]);
		if (rnd(2)) {
			s->navy.asset[i].where = LW_NW_PORT;
			s->navy.asset[i].hex =
			    (int16_t)lw_D()->cities[ports[rnd((uint32_t)n_ports)]].hex;
			s->navy.asset[i].revealed = rnd(2);
		}
	}
	for (int c = 0; c < s->n_cities; c++) {
		if (rnd(3) == 0)
			s->city[c].owner = (int8_t)(rnd(2) ? LW_UNION : LW_CONFEDERATE);
		s->city[c].garrison = rnd(4) == 0;
	}
	for (size_t k = 0; k < sizeof s->cav.held; k++)
		s->cav.held[k] = (uint8_t)(rnd(3) == 0 ? rnd(256) : 0);
	s->turn = (uint8_t)rnd((uint32_t)s->last_turn + 1);
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
	static const char *const scenarios[] = {"tournament", "campaign", "introductory"};
	for (int k = 0; k < 3; k++) {
		struct game *g = tk_new(scenarios[k], 50 + k);
		if (!n_ports) { /* the data is loaded with the first game */
			find_ports();
			CHECKF(n_ports > 10 && n_spaces > 5, "ports %d, blockade spaces %d",
			       n_ports, n_spaces);
		}
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
