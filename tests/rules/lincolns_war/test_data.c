/* test_data.c — the Lincoln's War data folder loads and validates, carries
 * every value the rulebook states (each check cites its section), and is
 * internally consistent (references, adjacency, deck structure 1.2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lincolns_war/lw_data.h"
#include "lincolns_war/lw_data_sections.h"
#include "tap.h"

static const struct lw_data *D;

static const struct lw_city *city(const char *id)
{
	const struct lw_city *c = lw_data_city(D, id);
	CHECKF(c != NULL, "city %s exists", id);
	return c;
}

static const struct lw_general *gen(const char *id)
{
	const struct lw_general *g = lw_data_general(D, id);
	CHECKF(g != NULL, "general %s exists", id);
	return g;
}

static const char *state_of(int hex)
{
	const struct lw_hex *h = lw_data_hex(D, hex);
	return h ? h->state : "(none)";
}

/* 2.1, 2.3, 2.4, 5.0, 8.1.2.2, 14.3, 16.1.2, 16.10.2: the map facts the text states. */
static void stated_map(void)
{
	const struct lw_city *w = city("washington"), *r = city("richmond");
	if (w) {
		CHECK_EQ_INT(w->hex, 1903);                  /* 5.0 errata */
		CHECK_EQ_INT(w->defense, LW_VALUE_VARIABLE); /* 2.2 "?" */
		CHECK(w->capital);
		CHECK_EQ_INT(w->vp, 4); /* VP table */
	}
	if (r) {
		CHECK_EQ_INT(r->defense, LW_VALUE_VARIABLE);
		CHECK(r->capital);
		CHECK_EQ_INT(r->vp, 4);
		CHECK_EQ_STR(state_of(r->hex), "VA");
	}
	const struct lw_city *kc = city("kansas_city");
	if (kc) {
		CHECK_EQ_INT(kc->hex, 103);               /* 5.0 errata: 0103 */
		CHECK_EQ_INT(kc->control, LW_CTRL_UNION); /* 2.4.2 */
	}
	const struct lw_city *sl = city("st_louis");
	if (sl) {
		CHECK_EQ_INT(sl->defense, 2); /* 16.1.2 */
		CHECK_EQ_INT(sl->control, LW_CTRL_UNION);
	}
	CHECK_EQ_INT(city("springfield_mo")->control, LW_CTRL_CONFEDERATE); /* 2.4.2 */
	CHECK_EQ_INT(city("neosho")->control, LW_CTRL_CONFEDERATE);
	CHECK_EQ_INT(city("jefferson_city")->control, LW_CTRL_NEUTRAL);
	CHECK_EQ_INT(city("hannibal")->control, LW_CTRL_NEUTRAL);
	const struct lw_city *no = city("new_orleans");
	if (no) {
		CHECK(no->hex == 713 || no->hex == 714); /* 2.1 */
		CHECK_EQ_INT(no->defense, LW_VALUE_X);   /* 2.2, 2.3 */
		CHECK_EQ_INT(no->supply, 3);             /* VP table */
		CHECK_EQ_INT(no->vp, 2);
		CHECK(no->ocean_port && no->river_port); /* 14.3 */
		CHECK(no->mississippi_vp);
	}
	const struct lw_city *fm = city("fort_monroe");
	if (fm) {
		CHECK_EQ_INT(fm->supply, LW_VALUE_STAR); /* 2.2 */
		CHECK(fm->no_confederate_entry);         /* 2.3 */
		CHECK(fm->ocean_port);
		CHECK_EQ_INT(fm->control, LW_CTRL_UNION);
		const struct lw_city *nf = city("norfolk");
		/* 2.3: no direct move between Fort Monroe and Norfolk, so they are neighbours. */
		CHECK(tg_hex_adjacent(&D->grid, fm->hex, nf->hex));
		CHECK(lw_data_hexside_flags(D, fm->hex, nf->hex) & LW_HS_IMPASSABLE);
	}
	const struct lw_city *chi = city("chicago"), *ny = city("new_york");
	CHECK(chi->no_confederate_entry && ny->no_confederate_entry); /* 2.3 */
	CHECK_EQ_INT(chi->defense, LW_VALUE_UNATTACKABLE);            /* 2.3 map errata */
	const struct lw_city *ch = city("charleston");
	CHECK_EQ_INT(ch->supply, 3);
	CHECK_EQ_INT(ch->vp, 2);
	CHECK(ch->ocean_port && !ch->river_port); /* 14.3 */
	for (size_t i = 0; i < D->n_cities; i++)  /* 2.3: Charleston's high defense */
		if (D->cities[i].defense >= 0)
			CHECKF(D->cities[i].defense <= ch->defense, "%s defense %d <= Charleston",
			       D->cities[i].id, D->cities[i].defense);
	/* 14.3, 8.2: ocean ports only. */
	const char *ocean_only[] = {"mobile", "apalachicola", "savannah", "charleston"};
	for (int i = 0; i < 4; i++) {
		const struct lw_city *c = city(ocean_only[i]);
		CHECKF(c->ocean_port && !c->river_port, "%s is an ocean port only (14.3)", c->id);
	}
	CHECK_EQ_INT(city("savannah")->blockade_fleets, 2); /* 8.2 two triangles */
	/* VP table: supply values and VP of the major cities. */
	const char *two[] = {"petersburg", "norfolk",   "raleigh", "wilmington",  "columbia",
	                     "savannah",   "nashville", "memphis", "baton_rouge", "mobile"};
	for (int i = 0; i < 10; i++) {
		const struct lw_city *c = city(two[i]);
		CHECKF(c->supply == 2 && c->vp == 1, "%s: supply 2, 1 VP (21.3)", c->id);
		CHECKF(c->control == LW_CTRL_CONFEDERATE, "%s starts Confederate", c->id);
	}
	const char *three[] = {"charleston", "atlanta", "vicksburg", "new_orleans"};
	for (int i = 0; i < 4; i++) {
		const struct lw_city *c = city(three[i]);
		CHECKF(c->supply == 3 && c->vp == 2, "%s: supply 3, 2 VP (21.3)", c->id);
	}
	/* The list is exhaustive: no other Confederate city is worth VP or more than 1 supply. */
	for (size_t i = 0; i < D->n_cities; i++) {
		const struct lw_city *c = &D->cities[i];
		if (c->control == LW_CTRL_CONFEDERATE && !c->capital)
			CHECKF(c->supply <= 1 || c->vp > 0, "%s has supply %d but no VP", c->id,
			       c->supply);
	}
	const char *miss[] = {"memphis", "vicksburg",   "port_gibson",
	                      "natchez", "baton_rouge", "new_orleans"};
	int nmiss = 0;
	for (size_t i = 0; i < D->n_cities; i++)
		nmiss += D->cities[i].mississippi_vp;
	CHECK_EQ_INT(nmiss, 6);
	for (int i = 0; i < 6; i++) {
		const struct lw_city *c = city(miss[i]);
		CHECKF(c->mississippi_vp && c->river_port, "%s is a Mississippi river city (21.3)",
		       c->id);
		bool on_miss = false;
		int nb[6], n = tg_hex_neighbours(&D->grid, c->hex, nb);
		for (int k = 0; k < n; k++)
			on_miss |=
			    (lw_data_hexside_flags(D, c->hex, nb[k]) & LW_HS_MISSISSIPPI) != 0;
		CHECKF(on_miss, "%s has a Mississippi hexside", c->id);
	}
	/* 16.10.2: Chattanooga, defense 2, mountain hex with a river hexside. */
	const struct lw_city *cht = city("chattanooga");
	CHECK_EQ_INT(cht->defense, 2);
	CHECK_EQ_INT(lw_data_hex(D, cht->hex)->terrain, LW_TERRAIN_MOUNTAIN);
	CHECK(lw_data_hex(D, cht->hex)->river);
	/* 2.3: six bracketed regions (north and Texas); five transit hexes. */
	int br = 0, tr = 0, br_tx = 0;
	for (size_t i = 0; i < D->n_cities; i++) {
		br += D->cities[i].bracketed;
		tr += D->cities[i].transit;
		if (D->cities[i].bracketed) {
			CHECK_EQ_INT(D->cities[i].defense, LW_VALUE_UNATTACKABLE);
			br_tx += strcmp(state_of(D->cities[i].hex), "TX") == 0;
		}
	}
	CHECK_EQ_INT(br, 6);
	CHECK(br_tx >= 1);
	CHECK_EQ_INT(tr, 5);
	const char *transit[] = {"new_york", "points_ne", "cleveland", "michigan", "chicago"};
	for (int i = 0; i < 5; i++)
		CHECKF(city(transit[i])->transit, "%s is a transit hex (2.3)", transit[i]);
	CHECK(city("michigan")->defense == LW_VALUE_UNATTACKABLE); /* 2.2 */
	CHECK(city("points_nw")->defense == LW_VALUE_UNATTACKABLE);
	/* 7.1.8: the Union fleet ports. */
	const char *fleet[] = {"washington", "baltimore", "philadelphia", "new_york"};
	for (int i = 0; i < 4; i++)
		CHECKF(city(fleet[i])->ocean_port && city(fleet[i])->control == LW_CTRL_UNION,
		       "%s is a Union ocean port (7.1.8)", fleet[i]);
	/* 2.2: every ocean port with blockade spaces starts Confederate. */
	for (size_t i = 0; i < D->n_cities; i++)
		if (D->cities[i].n_blockade_hexes > 0)
			CHECK_EQ_INT(D->cities[i].control, LW_CTRL_CONFEDERATE);
}

/* 2.1, 8.1.2.2, 2.4.3, 10.7.3.1: hexsides and regions. */
static void stated_hexsides(void)
{
	/* 2.1 Chesapeake: impassable line from 2003 to 2104. */
	CHECK(lw_data_hexside_flags(D, 2003, 2103) & LW_HS_IMPASSABLE);
	CHECK(lw_data_hexside_flags(D, 2004, 2104) & LW_HS_IMPASSABLE);
	/* 2.1 New Orleans area. */
	CHECK(lw_data_hexside_flags(D, 713, 714) & LW_HS_IMPASSABLE);
	/* 8.1.2.2: the river hexside between 0806 and 0905, inside Kentucky. */
	CHECK(lw_data_hexside_flags(D, 806, 905) & LW_HS_RIVER);
	CHECK_EQ_STR(state_of(806), "KY");
	CHECK_EQ_STR(state_of(905), "KY");
	/* 2.4.3: it is the one river hexside within Kentucky. */
	int inside = 0;
	for (size_t i = 0; i < D->n_hexsides; i++) {
		const struct lw_hexside *s = &D->hexsides[i];
		if ((s->flags & LW_HS_RIVER) && strcmp(state_of(s->a), "KY") == 0 &&
		    strcmp(state_of(s->b), "KY") == 0)
			inside++;
	}
	CHECK_EQ_INT(inside, 1);
	/* 10.7.3.1, 10.7.8: regions by state. */
	static const struct {
		const char *st;
		enum lw_region r;
	} reg[] = {{"VA", LW_REGION_EASTERN},    {"IL", LW_REGION_UP_NORTH},
	           {"IN", LW_REGION_UP_NORTH},   {"OH", LW_REGION_UP_NORTH},
	           {"PA", LW_REGION_UP_NORTH},   {"MD", LW_REGION_UP_NORTH},
	           {"KY", LW_REGION_KY_TN},      {"TN", LW_REGION_KY_TN},
	           {"NC", LW_REGION_DOWN_SOUTH}, {"SC", LW_REGION_DOWN_SOUTH},
	           {"GA", LW_REGION_DOWN_SOUTH}, {"FL", LW_REGION_DOWN_SOUTH},
	           {"AL", LW_REGION_DOWN_SOUTH}, {"MS", LW_REGION_DOWN_SOUTH},
	           {"IA", LW_REGION_TRANS_MISS}, {"MO", LW_REGION_TRANS_MISS},
	           {"KS", LW_REGION_TRANS_MISS}, {"AR", LW_REGION_TRANS_MISS},
	           {"IT", LW_REGION_TRANS_MISS}, {"LA", LW_REGION_TRANS_MISS},
	           {"TX", LW_REGION_TRANS_MISS}};
	for (size_t k = 0; k < sizeof reg / sizeof reg[0]; k++) {
		int n = 0;
		for (size_t i = 0; i < D->n_hexes; i++)
			if (strcmp(D->hexes[i].state, reg[k].st) == 0) {
				n++;
				CHECKF(D->hexes[i].region == reg[k].r, "hex %04d (%s) region",
				       D->hexes[i].id, reg[k].st);
			}
		CHECKF(n > 0, "state %s is on the map", reg[k].st);
	}
	/* 2.4: Maryland and Delaware are Union; Kentucky and Missouri start neutral;
	 * every city starts in its state's territory unless the state is neutral. */
	for (size_t i = 0; i < D->n_hexes; i++) {
		const struct lw_hex *h = &D->hexes[i];
		if (h->terrain == LW_TERRAIN_OCEAN) {
			CHECK_EQ_INT(h->territory, 0);
			continue;
		}
		if (!strcmp(h->state, "MD") || !strcmp(h->state, "DE"))
			CHECK_EQ_INT(h->territory, LW_CTRL_UNION);
		if (!strcmp(h->state, "KY") || !strcmp(h->state, "MO"))
			CHECK_EQ_INT(h->territory, LW_CTRL_NEUTRAL);
		if (!strcmp(h->state, "VA"))
			CHECK_EQ_INT(h->territory, LW_CTRL_CONFEDERATE);
		const struct lw_city *c = lw_data_city_at(D, h->id);
		/* Fort Monroe: a Union port inside Virginia (2.3). */
		if (c != NULL && h->territory != LW_CTRL_NEUTRAL &&
		    strcmp(c->id, "fort_monroe") != 0)
			CHECKF(c->control == h->territory, "%s starts with its state's side",
			       c->id);
	}
	/* Border states (2.4): four Kentucky cities, six in Missouri. */
	int ky = 0, mo = 0;
	for (size_t i = 0; i < D->n_cities; i++) {
		ky += strcmp(state_of(D->cities[i].hex), "KY") == 0;
		mo += strcmp(state_of(D->cities[i].hex), "MO") == 0;
	}
	CHECK_EQ_INT(ky, 4);
	CHECK_EQ_INT(mo, 6);
}

/* Referential integrity and consistency of the map. */
static void map_integrity(void)
{
	for (size_t i = 0; i < D->n_hexes; i++) {
		const struct lw_hex *h = &D->hexes[i];
		CHECKF(tg_hex_on_grid(&D->grid, h->id), "hex %04d on the grid", h->id);
		if (h->terrain != LW_TERRAIN_OCEAN)
			CHECKF(h->state[0] != '\0', "land hex %04d is in a state", h->id);
		if (i > 0)
			CHECK(D->hexes[i - 1].id < h->id);
	}
	for (size_t i = 0; i < D->n_cities; i++) {
		const struct lw_city *c = &D->cities[i];
		const struct lw_hex *h = lw_data_hex(D, c->hex);
		CHECKF(h != NULL && h->terrain != LW_TERRAIN_OCEAN, "city %s on land", c->id);
		CHECK(lw_data_city_at(D, c->hex) == c);
		CHECKF(lw_source_is_rule(c->source) || strncmp(c->source, "reconstructed", 13) == 0,
		       "city %s has a source", c->id);
		if (c->ocean_port && c->control == LW_CTRL_CONFEDERATE)
			CHECKF(c->n_blockade_hexes > 0, "CS ocean port %s has a blockade space",
			       c->id);
	}
	for (size_t i = 0; i < D->n_hexsides; i++) {
		const struct lw_hexside *s = &D->hexsides[i];
		CHECK(tg_hex_adjacent(&D->grid, s->a, s->b));
		CHECK(lw_data_hex(D, s->a) != NULL && lw_data_hex(D, s->b) != NULL);
		if (s->flags & LW_HS_RAIL) {
			CHECK(lw_data_hex(D, s->a)->rail && lw_data_hex(D, s->b)->rail);
			CHECK(lw_data_hex(D, s->a)->terrain != LW_TERRAIN_OCEAN);
		}
		if (s->flags & LW_HS_MISSISSIPPI)
			CHECK(s->flags & LW_HS_RIVER);
	}
	/* Rails connect cities: every rail hex where a line ends (one rail hexside) is a city. */
	for (size_t i = 0; i < D->n_hexes; i++) {
		const struct lw_hex *h = &D->hexes[i];
		if (!h->rail)
			continue;
		int nb[6], n = tg_hex_neighbours(&D->grid, h->id, nb), deg = 0;
		for (int k = 0; k < n; k++)
			deg += (lw_data_hexside_flags(D, h->id, nb[k]) & LW_HS_RAIL) != 0;
		CHECKF(deg >= 1, "rail hex %04d joins a line", h->id);
		if (deg == 1)
			CHECKF(lw_data_city_at(D, h->id) != NULL, "rail end %04d is a city", h->id);
	}
	/* Every land hex can be reached overland from Washington without crossing an
	 * impassable hexside (no orphan hexes), and Fort Monroe opens inland (2.3). */
	static bool seen[10000];
	static int queue[10000];
	int head = 0, tail = 0, reached = 0, land_n = 0;
	memset(seen, 0, sizeof seen);
	queue[tail++] = 1903;
	seen[1903] = true;
	while (head < tail) {
		int h = queue[head++], nb[6], n = tg_hex_neighbours(&D->grid, h, nb);
		reached++;
		for (int k = 0; k < n; k++) {
			const struct lw_hex *x = lw_data_hex(D, nb[k]);
			if (x == NULL || x->terrain == LW_TERRAIN_OCEAN || seen[nb[k]] ||
			    (lw_data_hexside_flags(D, h, nb[k]) & LW_HS_IMPASSABLE))
				continue;
			seen[nb[k]] = true;
			queue[tail++] = nb[k];
		}
	}
	for (size_t i = 0; i < D->n_hexes; i++)
		land_n += D->hexes[i].terrain != LW_TERRAIN_OCEAN;
	CHECK_EQ_INT(reached, land_n);
	int fmn[6], fm_open = 0, fmc = tg_hex_neighbours(&D->grid, 2005, fmn);
	for (int k = 0; k < fmc; k++)
		fm_open += lw_data_hex(D, fmn[k])->terrain != LW_TERRAIN_OCEAN &&
		           !(lw_data_hexside_flags(D, 2005, fmn[k]) & LW_HS_IMPASSABLE);
	CHECK(fm_open >= 1);
	/* The two capitals are joined by rail (Washington - Fredericksburg - Richmond). */
	const struct lw_city *w = lw_data_city(D, "washington"), *r = lw_data_city(D, "richmond");
	CHECK(lw_data_hex(D, w->hex)->rail && lw_data_hex(D, r->hex)->rail);
	CHECK(tg_hex_distance(&D->grid, w->hex, r->hex) >= 2);
}

/* 5.0, 10.6, 11.0, 11.2.2, 16.10.1.1, 18.1, 19.1, 20.4, 20.5: the generals. */
static void stated_generals(void)
{
	const struct lw_general *g;
	g = gen("grant");
	CHECK_EQ_INT(g->side, LW_UNION);
	CHECK_EQ_INT(g->rank[0].activation, 1); /* 11.0 */
	CHECK_EQ_INT(g->rank[1].activation, 1); /* 18.1: two-star Grant activates for 1 */
	g = gen("butler");
	CHECK_EQ_INT(g->rank[0].activation, 3); /* 11.0 */
	g = gen("lee");
	CHECK_EQ_INT(g->side, LW_CONFEDERATE);
	CHECK_EQ_INT(g->rank[0].activation, 1); /* 10.6 */
	g = gen("polk");
	CHECK_EQ_INT(g->rank[0].activation, 3); /* 11.2.2 */
	g = gen("wheeler");
	CHECK(g->cavalry);
	CHECK_EQ_INT(g->rank[0].activation, 1); /* 11.2.2 */
	CHECK(g->max_stars == 2);
	CHECK(gen("bragg")->max_stars >= 2); /* 11.2.2: two-star Bragg */
	/* 5.0 errata and GiC candidates. */
	CHECK_EQ_INT(gen("mcdowell")->setup_hex, 1903);
	CHECK_EQ_INT(gen("fremont")->setup_hex, 103);
	const char *gic[] = {"mcdowell", "mcclellan", "as_johnston", "je_johnston"};
	for (int i = 0; i < 4; i++) {
		g = gen(gic[i]);
		CHECKF(
		    g->gic_candidate && g->max_stars == 3 && g->arrival_turn == LW_ON_MAP,
		    "%s: initial GiC candidate on the map with a three-star counter (5.0, 11.1.1)",
		    gic[i]);
	}
	int cand = 0;
	for (size_t i = 0; i < D->n_generals; i++)
		cand += D->generals[i].gic_candidate;
	CHECK_EQ_INT(cand, 4);
	/* 20.5: three-star Sherman, two-star Halleck, one-star McClelland and Thomas, cavalry
	 * Stoneman. */
	CHECK_EQ_INT(gen("sherman")->max_stars, 3);
	CHECK(gen("halleck")->max_stars >= 2);
	CHECK(gen("mcclelland")->side == LW_UNION && gen("thomas")->side == LW_UNION);
	CHECK(gen("stoneman")->cavalry);
	/* 16.10.1.1: Lyon and Sigel in Missouri; 20.4: Pillow; 19.1: Hincks after the EP. */
	CHECK_EQ_STR(state_of(gen("lyon")->setup_hex), "MO");
	CHECK_EQ_STR(state_of(gen("sigel")->setup_hex), "MO");
	CHECK_EQ_INT(gen("pillow")->side, LW_CONFEDERATE);
	g = gen("hincks");
	CHECK_EQ_INT(g->arrival_turn, LW_ARRIVES_EMANCIPATION);
	CHECK_EQ_INT(g->entry_hex, 1903);
	CHECK(gen("meade")->side == LW_UNION && gen("longstreet")->side == LW_CONFEDERATE);
	/* 1.3.1: cavalry never three stars; 17.1 TCO mix includes every star level. */
	for (size_t i = 0; i < D->n_generals; i++) {
		g = &D->generals[i];
		CHECKF(!(g->cavalry && g->max_stars == 3), "%s", g->id);
		for (int s = 0; s < g->max_stars; s++)
			CHECK_EQ_INT(g->rank[s].stars, s + 1);
		if (g->arrival_turn >= 0)
			CHECK(g->arrival_turn < (int)D->n_turns && g->entry_hex != 0);
	}
	int tco[3][4] = {{0}};
	for (size_t i = 0; i < D->n_tcos; i++)
		tco[D->tcos[i].side][D->tcos[i].stars] += D->tcos[i].count;
	for (int s = LW_UNION; s <= LW_CONFEDERATE; s++)
		for (int st = 1; st <= 3; st++)
			CHECK(tco[s][st] > 0);
}

/* 5.0, 7.3, 12.4, 13.1.1, 2.4.3: the set-up and entry hexes are legal positions. */
static void setup_positions(void)
{
	const struct lw_scenario *s = lw_data_scenario(D, "campaign");
	for (size_t i = 0; i < s->n_setup; i++) {
		const struct lw_setup_entry *e = &s->setup[i];
		const struct lw_general *g = lw_data_general(D, e->general);
		const struct lw_city *c = lw_data_city_at(D, e->hex);
		/* 2.4.3: nobody starts in neutral Kentucky. */
		CHECKF(strcmp(state_of(e->hex), "KY") != 0, "%s does not start in Kentucky", g->id);
		/* A general starts in his own side's city, or in open country. */
		if (c != NULL)
			CHECKF((int)c->control == (int)g->side, "%s starts in a friendly city",
			       g->id);
		int inf = 0, cav = 0, cav_stars = 0;
		for (size_t k = 0; k < s->n_setup; k++) {
			if (s->setup[k].hex != e->hex)
				continue;
			const struct lw_general *o = lw_data_general(D, s->setup[k].general);
			CHECK_EQ_INT(o->side, g->side);
			if (o->cavalry) {
				cav++;
				cav_stars += s->setup[k].stars;
			} else {
				inf += s->setup[k].stars;
			}
		}
		/* 12.4: six stars without a three-star general (a GiC may make it 3 + the rest). */
		CHECKF(inf + 2 <= 12 && inf <= 6, "hex %04d stacks %d infantry stars", e->hex, inf);
		CHECKF(cav <= 1, "hex %04d holds one cavalry general at most (13.1.1)", e->hex);
		CHECKF(cav == 0 || inf > 0 || cav_stars <= 2, "hex %04d cavalry", e->hex);
	}
	/* 7.3: reinforcements enter in a city of their own side, never in Kentucky. */
	for (size_t i = 0; i < D->n_generals; i++) {
		const struct lw_general *g = &D->generals[i];
		if (g->arrival_turn == LW_ON_MAP)
			continue;
		const struct lw_city *c = lw_data_city_at(D, g->entry_hex);
		CHECKF(c != NULL && (int)c->control == (int)g->side, "%s enters in a friendly city",
		       g->id);
		CHECKF(strcmp(state_of(g->entry_hex), "KY") != 0, "%s", g->id);
	}
	/* The men named on the erratic cards who were generals also have counters. */
	const char *also[] = {"beauregard", "van_dorn", "banks", "burnside", "kilpatrick", "sykes"};
	for (int i = 0; i < 6; i++)
		CHECKF(lw_data_general(D, also[i]) != NULL, "general %s", also[i]);
}

/* 1.2, 10.6, 10.6.5, 10.7.x, 16.1.1: both decks. */
static void stated_cards(void)
{
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		int res = 0, six = 0, err = 0, sed = 0, csp_seen = 0;
		for (int n = 1; n <= LW_DECK_SIZE; n++) {
			const struct lw_card *c = lw_data_card(D, (enum lw_side)side, n);
			CHECK(c != NULL && c->number == n && (int)c->side == side);
			res += n <= 57 && c->resource;
			six += c->pc == 6 && !c->optional;
			err += c->erratic;
			sed += c->kind == LW_KIND_SEDITIOUS;
			if (c->kind == LW_KIND_CSP)
				csp_seen |= 1 << c->csp;
			if (n >= 58 && n <= 62)
				CHECK_EQ_INT(c->campaign_region, n - 57); /* 10.7.3.1 order */
			if (c->erratic)
				CHECK(c->erratic_pc[0] == 0 && c->erratic_pc[1] == 0 &&
				      c->erratic_pc[2] > 0);
			CHECK(c->effect != NULL && c->text != NULL && c->source != NULL);
		}
		CHECK_EQ_INT(res, side == LW_UNION ? 22 : 18); /* 1.2 */
		CHECK_EQ_INT(six, 5);                          /* 10.7.3.2 */
		CHECK_EQ_INT(err, side == LW_UNION ? 9 : 8);   /* 10.6.5 */
		CHECK_EQ_INT(sed, 6);                          /* 10.7.7 */
		CHECK_EQ_INT(csp_seen, 0x3f);                  /* 0..5 */
		CHECK_EQ_INT(lw_data_card(D, (enum lw_side)side, 72)->kind, LW_KIND_ZERO_RESOURCE);
	}
	const struct lw_card *c;
	c = lw_data_card(D, LW_UNION, 20); /* 10.7.4 */
	CHECK(strstr(c->name, "Meade") != NULL);
	CHECK(c->resource);
	CHECK_EQ_STR(c->effect_id, "reluctant_to_follow_orders");
	CHECK_EQ_INT(json_integer_value(json_object_get(c->effect, "activation_plus")), 2);
	c = lw_data_card(D, LW_CONFEDERATE, 55); /* 10.7.4 errata */
	CHECK(strstr(c->name, "Longstreet") != NULL);
	CHECK_EQ_STR(c->effect_id, "reluctant_to_follow_orders");
	CHECK_EQ_STR(lw_data_card(D, LW_UNION, 29)->effect_id, "surprise_attack"); /* 16.1.1 */
	CHECK_EQ_STR(lw_data_card(D, LW_CONFEDERATE, 54)->effect_id, "surprise_attack");
	CHECK_EQ_STR(lw_data_card(D, LW_CONFEDERATE, 31)->effect_id, "steal_a_march");
	CHECK(lw_data_card(D, LW_UNION, 29)->resource &&
	      lw_data_card(D, LW_CONFEDERATE, 31)->resource);
	CHECK_EQ_INT(lw_data_card(D, LW_UNION, 69)->kind, LW_KIND_COMMITTEE);           /* 10.7.9 */
	CHECK_EQ_INT(lw_data_card(D, LW_CONFEDERATE, 73)->kind, LW_KIND_ASSASSINATION); /* 7.1.9 */
	/* 10.6: Judah P. Benjamin, six PC; event: bank 3, Union loses 3. */
	const struct lw_card *jpb = NULL, *foote = NULL;
	for (int n = 1; n <= LW_DECK_SIZE; n++) {
		if (strcmp(lw_data_card(D, LW_CONFEDERATE, n)->name, "Judah P. Benjamin") == 0)
			jpb = lw_data_card(D, LW_CONFEDERATE, n);
		if (strcmp(lw_data_card(D, LW_UNION, n)->name, "Andrew H. Foote") == 0)
			foote = lw_data_card(D, LW_UNION, n);
	}
	CHECK(jpb != NULL && jpb->pc == 6);
	CHECK_EQ_STR(jpb ? jpb->effect_kind : "", "pc");
	CHECK_EQ_INT(json_integer_value(json_object_get(jpb->effect, "self")), 3);
	CHECK_EQ_INT(json_integer_value(json_object_get(jpb->effect, "enemy")), 3);
	CHECK(foote != NULL); /* 8.1.2 */
	CHECK_EQ_STR(foote ? foote->effect_id : "", "foote");
	/* 10.6.5: the named erratic personalities. */
	const char *us_err[] = {"Banks",      "Burnside", "Butler", "Kilpatrick", "McClellan",
	                        "McClelland", "Stanton",  "Sykes",  "Weed"};
	const char *cs_err[] = {"Beauregard", "Braxton Bragg", "Thomas Bragg", "Curry",
	                        "Polk",       "Toombs",        "Van Dorn",     "Wigfall"};
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		const char **names = side == LW_UNION ? us_err : cs_err;
		int n = side == LW_UNION ? 9 : 8;
		for (int i = 0; i < n; i++) {
			bool found = false;
			for (int k = 1; k <= LW_DECK_SIZE; k++) {
				const struct lw_card *x = lw_data_card(D, (enum lw_side)side, k);
				if (x->erratic && strstr(x->name, names[i]) != NULL)
					found = true;
			}
			CHECKF(found, "erratic card for %s (10.6.5)", names[i]);
		}
	}
	/* 10.7.5: three Confederate blockade runners naming real CS ocean ports. */
	int runners = 0;
	for (int n = 1; n <= LW_DECK_SIZE; n++) {
		c = lw_data_card(D, LW_CONFEDERATE, n);
		if (c->blockade_port) {
			runners++;
			CHECK(lw_data_city(D, c->blockade_port)->southern_ocean_port);
		}
	}
	CHECK_EQ_INT(runners, 3);
}

/* 10.3, 2.3, 7.2, 1.1, 19.1, 19.2: the turn track. */
static void stated_turns(void)
{
	static const int hand[7] = {6, 7, 8, 8, 8, 7, 6};
	static const int draft_u[7] = {0, 0, 2, 0, 4, 0, 4}, draft_c[7] = {0, 0, 2, 0, 2, 0, 2};
	static const int ep[7] = {10, 9, 8, 7, 6, 5, 4};
	CHECK_EQ_INT(D->n_turns, 7);
	for (int i = 0; i < 7; i++) {
		const struct lw_turn *t = &D->turns[i];
		CHECK_EQ_INT(t->hand_size, hand[i]);
		CHECK_EQ_INT(t->washington_defense, 2 + i);
		CHECK_EQ_INT(t->richmond_defense, 1 + i);
		CHECK_EQ_INT(t->draft[LW_UNION], draft_u[i]);
		CHECK_EQ_INT(t->draft[LW_CONFEDERATE], draft_c[i]);
		CHECK_EQ_INT(t->cs_manpower_roll, i >= 5);
		CHECK_EQ_INT(t->ep_union_lead, ep[i]);
		CHECK_EQ_INT(t->raiders, 1);
		CHECK_EQ_INT(t->assets, 1);
	}
	CHECK_EQ_STR(D->turns[0].name, "Summer 1861");
	CHECK_EQ_STR(D->turns[6].name, "Summer 1864");
	CHECK_EQ_INT(D->turns[3].amphib_stars, 3); /* 1.1 Spring 1863: 3/3 */
	CHECK_EQ_INT(D->turns[3].fleets, 3);
	CHECK_EQ_INT(D->turns[1].amphib_stars, 1); /* 14.2.1 */
	CHECK_EQ_INT(D->turns[5].amphib_stars, 5);
	CHECK_EQ_INT(D->turns[3].bi_cs_lead, 7); /* 19.2 */
	CHECK_EQ_INT(D->turns[6].bi_cs_lead, 10);
}

/* 5.0, 6.0, 21.3: scenarios. */
static void stated_scenarios(void)
{
	const struct lw_scenario *s = lw_data_scenario(D, "campaign");
	CHECK(s != NULL);
	CHECK_EQ_INT(s->first_turn, 0);
	CHECK_EQ_INT(s->last_turn, 6);
	CHECK_EQ_INT(s->pc[LW_UNION], 20);
	CHECK_EQ_INT(s->pc[LW_CONFEDERATE], 15);
	CHECK_EQ_INT(s->csp[LW_UNION], 0);
	CHECK_EQ_INT(s->csp[LW_CONFEDERATE], 3);
	CHECK_EQ_INT(s->initiative, LW_UNION);
	CHECK_EQ_INT(s->vp_side, LW_UNION);
	CHECK_EQ_INT(s->vp_margin, 15);
	CHECK_EQ_STR(s->gic_choices[LW_UNION][0], "mcdowell");
	CHECK_EQ_STR(s->gic_choices[LW_UNION][1], "mcclellan");
	CHECK_EQ_STR(s->gic_choices[LW_CONFEDERATE][0], "as_johnston");
	CHECK_EQ_STR(s->gic_choices[LW_CONFEDERATE][1], "je_johnston");
	s = lw_data_scenario(D, "introductory");
	CHECK(s != NULL);
	CHECK_EQ_INT(s->last_turn, 4);
	CHECK_EQ_INT(s->vp_side, LW_CONFEDERATE);
	CHECK_EQ_INT(s->vp_margin, 8);
	CHECK(s->ignore_mississippi_and_ports);
	s = lw_data_scenario(D, "tournament");
	CHECK(s != NULL);
	CHECK_EQ_INT(s->last_turn - s->first_turn + 1, 3);
	CHECK_EQ_INT(s->vp_side, LW_UNION);
	CHECK_EQ_INT(s->vp_margin, 8);
	CHECK(!lw_source_is_rule(s->source) || strstr(s->source, "reconstructed") != NULL);
	for (size_t k = 0; k < D->n_scenarios; k++) {
		s = &D->scenarios[k];
		CHECK(s->n_setup > 0);
		for (size_t i = 0; i < s->n_setup; i++) {
			const struct lw_general *g = lw_data_general(D, s->setup[i].general);
			CHECK(g != NULL);
			CHECK(lw_data_hex(D, s->setup[i].hex) != NULL);
			/* 2.3: no Confederate in Chicago, New York or Fort Monroe. */
			const struct lw_city *c = lw_data_city_at(D, s->setup[i].hex);
			if (g && g->side == LW_CONFEDERATE && c)
				CHECK(!c->no_confederate_entry);
		}
	}
}

/* 16.8, 13.2.2.1, 16.6, 2.4, 7.1, 21.3: the printed tables. */
static void stated_tables(void)
{
	const struct lw_casualty_table *t = &D->tables.casualty;
	static const enum lw_casualty one[13] = {
	    LW_CAS_MISS,  LW_CAS_MISS,  LW_CAS_WOUND, LW_CAS_WOUND, LW_CAS_WOUND,
	    LW_CAS_WOUND, LW_CAS_WOUND, LW_CAS_WOUND, LW_CAS_WOUND, LW_CAS_KILL,
	    LW_CAS_KILL,  LW_CAS_KILL,  LW_CAS_KILL};
	static const enum lw_casualty two[13] = {
	    LW_CAS_MISS,  LW_CAS_MISS,  LW_CAS_ONE_STAR, LW_CAS_ONE_STAR, LW_CAS_ONE_STAR,
	    LW_CAS_WOUND, LW_CAS_WOUND, LW_CAS_WOUND,    LW_CAS_WOUND,    LW_CAS_WOUND,
	    LW_CAS_KILL,  LW_CAS_KILL,  LW_CAS_KILL};
	static const enum lw_casualty three[13] = {
	    LW_CAS_MISS,     LW_CAS_MISS,     LW_CAS_TWO_STAR, LW_CAS_TWO_STAR, LW_CAS_ONE_STAR,
	    LW_CAS_ONE_STAR, LW_CAS_ONE_STAR, LW_CAS_WOUND,    LW_CAS_WOUND,    LW_CAS_WOUND,
	    LW_CAS_WOUND,    LW_CAS_KILL,     LW_CAS_KILL};
	for (int r = 1; r <= 12; r++) {
		CHECKF(t->result[0][r] == one[r], "1-star roll %d", r);
		CHECKF(t->result[1][r] == two[r], "2-star roll %d", r);
		CHECKF(t->result[2][r] == three[r], "3-star roll %d", r);
	}
	CHECK_EQ_INT(t->mod_gic_co_lone, -1);
	CHECK_EQ_INT(t->mod_sharpshooter, 2);
	const struct lw_raid_table *rd = &D->tables.raid;
	for (int d = 1; d <= 6; d++)
		CHECK_EQ_INT(rd->success[d], d >= 3);
	CHECK_EQ_INT(rd->mod_two_star, 1);
	CHECK_EQ_INT(rd->mod_out_of_supply, -1);
	CHECK_EQ_INT(rd->mod_per_it, -1);
	CHECK_EQ_INT(D->tables.combat.standoff_max, 1);
	CHECK_EQ_INT(D->tables.combat.minor_max, 4);
	CHECK_EQ_INT(D->tables.kentucky_cities_for_control, 3);
	CHECK_EQ_INT(D->tables.missouri_cities_for_control, 4);
	CHECK_EQ_INT(D->tables.kentucky_violation_pc, 5);
	CHECK_EQ_INT(D->tables.indecisive.tco_modifier[2], 1); /* 17.1 */
	CHECK_EQ_INT(D->tables.indecisive.tco_modifier[3], 2);
	const struct lw_costs *k = &D->tables.costs;
	CHECK(k->disgraced_general == 1 && k->promote_two_star == 2 && k->promote_three_star == 3);
	CHECK(k->gic == 4 && k->gic_after_defeat == 2 && k->co_swap == 1);
	CHECK(k->csp_each == 1 && k->csp_max == 10 && k->fleet == 2 && k->assassination == 3);
	CHECK(k->campaign_min_pc == 10 && k->passing_bonus_pc == 3 && k->withdrawal_success == 3);
	const struct lw_naval *nv = &D->tables.naval; /* 8.x */
	CHECK(nv->raiders == 6 && nv->ironclads == 5 && nv->hunley == 1 &&
	      nv->false_information == 1);
	CHECK(nv->max_assets_per_port == 2 && nv->ironclad_river_hexes == 4);
	CHECK(nv->ironclad_port_defense == 1 && nv->run_blockade_min == 3 &&
	      nv->hunley_cancel_min == 3);
	CHECK(nv->asset_destroy_min == 4 && nv->foote_bonus == 2);
	CHECK(nv->raid_min[0] == 4 && nv->raid_min[1] == 5 && nv->raid_min[2] == 6);
	CHECK(nv->shadow_sink_min == 6 && nv->shadow_hunt_sink_min == 4);
	CHECK(nv->blockade_it_threshold == 7 && nv->blockade_defense_minus == 1);
	CHECK_EQ_INT(D->tables.n_vp, 13); /* with the Raiders row (21.3, part 2) */
	int city_rows = 0;
	for (size_t i = 0; i < D->tables.n_vp; i++)
		city_rows += D->tables.vp[i].kind == LW_VP_CITY;
	CHECK_EQ_INT(city_rows, 1); /* per-city VP live on the cities; one row counts them once */
	CHECK_EQ_INT(D->tables.vp[0].kind, LW_VP_PC_REMAINING);
	CHECK_EQ_INT(D->tables.vp[0].param, 3);
}

/* Broken data is refused with a message naming file, item and problem. */
static const char *const FILES[] = {
    "map.json",   "generals.json",  "cards_union.json", "cards_confederate.json",
    "turns.json", "scenarios.json", "tables.json"};

static json_t *path(json_t *j, const char *a, int i)
{
	json_t *x = json_object_get(j, a);
	return i >= 0 ? json_array_get(x, (size_t)i) : x;
}

static int find(json_t *arr, const char *key, const char *val)
{
	for (size_t i = 0; i < json_array_size(arr); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(arr, i), key))
		               ? json_string_value(json_object_get(json_array_get(arr, i), key))
		               : "",
		           val) == 0)
			return (int)i;
	return -1;
}

/* Applies mutation m to file f of a copy of the data; returns the load error. */
static struct lw_data_error broken(int f, int m)
{
	struct lw_data_error e = {0};
	char dir[] = "/tmp/lw_data_XXXXXX";
	if (mkdtemp(dir) == NULL)
		return e;
	for (int i = 0; i < 7; i++) {
		char src[512], dst[512];
		snprintf(src, sizeof src, "%s/%s", lw_data_dir(), FILES[i]);
		snprintf(dst, sizeof dst, "%s/%s", dir, FILES[i]);
		json_t *j = json_load_file(src, 0, NULL);
		if (j != NULL && i == f) {
			json_t *x;
			switch (m) {
			case 0: /* a city off the map */
				x = path(j, "cities",
				         find(path(j, "cities", -1), "id", "richmond"));
				json_object_set_new(x, "hex", json_string("9999"));
				break;
			case 1: /* a river hexside between hexes that do not touch */
				json_array_append_new(
				    json_object_get(path(j, "rivers", 0), "hexsides"),
				    json_string("0101/0505"));
				break;
			case 2: /* an arrival turn that is not on the track */
				x = path(j, "generals",
				         find(path(j, "generals", -1), "id", "halleck"));
				json_object_set_new(x, "arrives", json_string("wi65"));
				break;
			case 3: /* a turn missing */
				json_array_remove(json_object_get(j, "turns"), 6);
				break;
			case 4: /* a casualty row one result short */
				json_array_remove(
				    json_object_get(
				        json_object_get(json_object_get(j, "general_casualty"),
				                        "results"),
				        "1"),
				    0);
				break;
			case 5: /* Lee offered as a Union GiC */
				json_array_set_new(
				    json_object_get(
				        json_object_get(path(j, "scenarios", 0), "gic_choices"),
				        "union"),
				    0, json_string("lee"));
				break;
			case 6: /* a PC value off the scale */
				json_object_set_new(path(j, "cards", 4), "pc", json_integer(9));
				break;
			case 9: /* card 20 claims to be a campaign card: not where 1.2 puts it */
				json_object_set_new(path(j, "cards", 19), "kind",
				                    json_string("campaign"));
				break;
			case 7: /* a general without a source */
				json_object_del(path(j, "generals", 0), "source");
				break;
			}
		}
		if (j != NULL)
			json_dump_file(j, dst, 0);
		json_decref(j);
		if (i == f && m == 8) { /* not JSON at all */
			FILE *fp = fopen(dst, "w");
			if (fp) {
				fputs("{\"orientation\": ", fp);
				fclose(fp);
			}
		}
	}
	CHECK(lw_data_load(dir, &e) == NULL);
	for (int i = 0; i < 7; i++) {
		char dst[512];
		snprintf(dst, sizeof dst, "%s/%s", dir, FILES[i]);
		remove(dst);
	}
	remove(dir);
	return e;
}

static void rejects_bad_data(void)
{
	struct lw_data_error e;
	CHECK(lw_data_load("/nonexistent-lw-data", &e) == NULL);
	CHECK_EQ_INT(e.code, LW_DATA_EIO);
	CHECK(strstr(e.message, "map.json") != NULL);
	static const struct {
		int file, mutation;
		enum lw_data_err code;
		const char *says;
	} cases[] = {
	    {0, 0, LW_DATA_EREF, "map.json: city 'richmond'"},
	    {0, 1, LW_DATA_ERULE, "not two adjacent hexes"},
	    {1, 2, LW_DATA_EREF, "general 'halleck': arrives on unknown turn"},
	    {4, 3, LW_DATA_ERULE, "seven turns"},
	    {6, 4, LW_DATA_ESCHEMA, "general_casualty"},
	    {5, 5, LW_DATA_EREF, "GiC choice \"lee\""},
	    {3, 6, LW_DATA_ESCHEMA, "cards_confederate.json: card 5"},
	    {1, 7, LW_DATA_ESCHEMA, "\"source\""},
	    {0, 8, LW_DATA_EJSON, "map.json"},
	    {2, 9, LW_DATA_ERULE, "cards_union.json: card 20: kind \"campaign\""},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		e = broken(cases[i].file, cases[i].mutation);
		CHECKF(e.code == cases[i].code, "case %zu: code %d (%s)", i, e.code, e.message);
		CHECKF(strstr(e.message, cases[i].says) != NULL, "case %zu: %s", i, e.message);
	}
}

/* lw_data_hex's index (issue 17) finds what a scan of the sorted hexes
 * finds, for every id and for ids off the grid. */
static void hex_lookup(void)
{
	int wrong = 0;
	for (int id = -2; id < LW_HEX_IDS + 2; id++) {
		const struct lw_hex *want = NULL;
		for (size_t i = 0; i < D->n_hexes; i++)
			if (D->hexes[i].id == id)
				want = &D->hexes[i];
		wrong += lw_data_hex(D, id) != want;
	}
	CHECKF(wrong == 0, "lw_data_hex differs from a scan for %d ids", wrong);
	for (size_t i = 1; i < D->n_hexes; i++)
		CHECK(D->hexes[i - 1].id < D->hexes[i].id); /* sorted, unique */
}

/* lw_data_hexside and lw_data_hexside_flags read a neighbour's hexside
 * from the hex's list (issue 17): for every hex, each of its grid
 * neighbours (on the map or not) and a hex two steps away, the hexside and
 * its flags are those found here by a scan of the hexsides, NULL and 0
 * where there is none; and for every hexside, both ways. */
static void hexside_lookup(void)
{
	int wrong = 0, asked = 0;
	for (size_t i = 0; i < D->n_hexes; i++) {
		int a = D->hexes[i].id, nb[6], far[6];
		int n = tg_hex_neighbours(&D->grid, a, nb);
		for (int k = 0; k <= n; k++) {
			int b =
			    k < n ? nb[k] : (tg_hex_neighbours(&D->grid, nb[0], far) ? far[0] : a);
			if (k == n && b == a && n > 1)
				b = far[1];
			long id = tg_hexside_id(&D->grid, a, b);
			unsigned want = 0;
			const struct lw_hexside *side = NULL;
			for (size_t j = 0; id >= 0 && j < D->n_hexsides; j++)
				if (D->hexsides[j].id == id) {
					want = D->hexsides[j].flags;
					side = &D->hexsides[j];
				}
			wrong += lw_data_hexside_flags(D, a, b) != want;
			wrong += lw_data_hexside(D, a, b) != side;
			asked++;
		}
	}
	for (size_t j = 0; j < D->n_hexsides; j++) {
		const struct lw_hexside *x = &D->hexsides[j];
		wrong += lw_data_hexside_flags(D, x->a, x->b) != x->flags;
		wrong += lw_data_hexside_flags(D, x->b, x->a) != x->flags;
		wrong += lw_data_hexside(D, x->a, x->b) != x;
		wrong += lw_data_hexside(D, x->b, x->a) != x;
	}
	CHECKF(wrong == 0, "lw_data_hexside or its flags differ from a scan for %d pairs", wrong);
	CHECKF(asked > 8 * 100, "%d pairs asked", asked);
}

/* Does hex touch the river named r (NULL: any river)? The slow definition
 * the supply trace used before the data kept each hex's rivers: a walk of
 * the grid's neighbours with a hexside look-up and a name comparison. */
static bool touches_river_scan(int hex, const char *r)
{
	int nb[6];
	int n = tg_hex_neighbours(&D->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hexside *hs = lw_data_hexside(D, hex, nb[i]);
		if (hs && hs->river && (!r || strcmp(hs->river, r) == 0))
			return true;
	}
	return false;
}

/* The rivers each hex touches are read from the data (lw_hex.rivers,
 * issue 17): for every hex id, on the map or not, and every river (and any
 * river), lw_data_hex_rivers answers as the scan does; each river is named
 * once; each hexside's river_bit is its river's. */
static void river_lookup(void)
{
	CHECKF(D->n_rivers >= 9 && D->n_rivers <= LW_MAX_RIVERS, "%zu rivers", D->n_rivers);
	for (size_t r = 0; r < D->n_rivers; r++)
		for (size_t q = 0; q < r; q++)
			CHECKF(strcmp(D->rivers[r], D->rivers[q]) != 0, "%s named once",
			       D->rivers[r]);
	int wrong = 0, touching = 0;
	for (size_t j = 0; j < D->n_hexsides; j++) {
		const struct lw_hexside *x = &D->hexsides[j];
		uint32_t want = x->river ? lw_data_river_bit(D, x->river) : 0;
		wrong += x->river_bit != want || (x->river != NULL) != (want != 0);
	}
	for (int id = -2; id < LW_HEX_IDS + 2; id++) {
		uint32_t got = lw_data_hex_rivers(D, id);
		const struct lw_hex *h = lw_data_hex(D, id);
		bool any = h && touches_river_scan(id, NULL);
		wrong += (got != 0) != any || (h && h->river != any);
		for (size_t r = 0; r < D->n_rivers; r++) {
			bool want = h && touches_river_scan(id, D->rivers[r]);
			wrong += ((got >> r) & 1u) != want;
			touching += want;
		}
		wrong += D->n_rivers < 32 && (got >> D->n_rivers) != 0;
	}
	CHECKF(wrong == 0, "a hex's rivers or a hexside's river_bit differ from a scan %d times",
	       wrong);
	CHECKF(touching > 100, "%d hex x river pairs touch", touching);
	CHECK(lw_data_river_bit(D, "Mississippi") != 0);
	CHECK(lw_data_river_bit(D, "Hudson") == 0 && lw_data_river_bit(D, NULL) == 0);
}

/* Is hex a territory of side? The definition lw_hex_in_territory had
 * before the data kept each hex's territory: a walk of the cities. */
static bool in_territory_scan(int hex, int side)
{
	const struct lw_hex *h = lw_data_hex(D, hex);
	if (!h || !h->state[0] || strcmp(h->state, "KY") == 0 || strcmp(h->state, "MO") == 0)
		return false;
	int own = 0, other = 0;
	for (size_t i = 0; i < D->n_cities; i++) {
		const struct lw_hex *ch = lw_data_hex(D, D->cities[i].hex);
		if (!ch || strcmp(ch->state, h->state) != 0)
			continue;
		int ctl = D->cities[i].control == LW_CTRL_UNION         ? LW_UNION
		          : D->cities[i].control == LW_CTRL_CONFEDERATE ? LW_CONFEDERATE
		                                                        : LW_NOSIDE;
		if (ctl == side)
			own++;
		else if (ctl != LW_NOSIDE)
			other++;
	}
	if (own || other)
		return own > other;
	return h->territory == (side == LW_UNION ? LW_CTRL_UNION : LW_CTRL_CONFEDERATE);
}

/* Each hex's territory is read from the data (lw_hex.territory_of, issue
 * 17): for every hex id, on the map or not, and every side (and two
 * values that are none), lw_data_in_territory answers as the walk of the
 * cities does. */
static void territory_lookup(void)
{
	int wrong = 0, of[3] = {0};
	for (int id = -2; id < LW_HEX_IDS + 2; id++)
		for (int side = -1; side <= 3; side++) {
			bool want = in_territory_scan(id, side);
			wrong += lw_data_in_territory(D, id, side) != want;
			if (want && side >= 0 && side <= 2)
				of[side]++;
		}
	CHECKF(wrong == 0, "lw_data_in_territory differs from the walk of the cities %d times",
	       wrong);
	CHECKF(of[LW_UNION] > 50 && of[LW_CONFEDERATE] > 100, "%d Union, %d Confederate hexes",
	       of[LW_UNION], of[LW_CONFEDERATE]);
}

/* The city hexes bounding the section of river r around a and b, as the
 * supply trace found them before the data kept the sections: a walk from
 * a and b along the hexes touching the river, a river city ending it. */
static int section_ends_walk(const char *r, int a, int b, int16_t *out)
{
	enum { SECTION_MAX = 128 };
	int q[SECTION_MAX], n = 0, ne = 0;
	if (a > 0 && a < LW_HEX_IDS)
		q[n++] = a;
	if (b > 0 && b < LW_HEX_IDS && b != a)
		q[n++] = b;
	for (int i = 0; i < n; i++) {
		int h = q[i];
		if (lw_data_city_at(D, h)) {
			bool dup = false;
			for (int k = 0; k < ne && !dup; k++)
				dup = out[k] == h;
			if (!dup)
				out[ne++] = (int16_t)h;
			continue;
		}
		int nb[6];
		int m = tg_hex_neighbours(&D->grid, h, nb);
		for (int j = 0; j < m && n < SECTION_MAX; j++) {
			bool dup = false;
			for (int k = 0; k < n && !dup; k++)
				dup = q[k] == nb[j];
			if (!dup && nb[j] > 0 && nb[j] < LW_HEX_IDS && touches_river_scan(nb[j], r))
				q[n++] = nb[j];
		}
	}
	return n < SECTION_MAX ? ne : -1; /* -1: the walk reached its bound */
}

static int cmp_i16(const void *x, const void *y)
{
	return *(const int16_t *)x - *(const int16_t *)y;
}

/* What the supply trace reads of a hex as the data keeps it (issue 17),
 * for every hex of the data and one off it, against what it asked before:
 * lw_data_neighbour_sides gives lw_data_neighbours' hexes and
 * lw_data_hexside of each; the rail flag is set when a rail hexside joins
 * the hex to a neighbour (the trace's rail_hex, 20.0), the rivers are
 * those of its hexsides (the trace's river steps, 20.1), kentucky is the
 * state "KY" (lw_is_kentucky, 2.4.3); and the data's Kentucky cities are
 * the cities in Kentucky, in order. */
static void trace_lookups(void)
{
	int wrong = 0, rails = 0, ky = 0;
	for (size_t i = 0; i <= D->n_hexes; i++) {
		int a = i < D->n_hexes ? D->hexes[i].id : 0, nb[6], ns[6];
		const struct lw_hexside *hs[6];
		int n = lw_data_neighbours(D, a, nb);
		int m = lw_data_neighbour_sides(D, a, ns, hs);
		wrong += n != m;
		bool rail = false;
		uint32_t rivers = 0;
		for (int k = 0; k < n && k < m; k++) {
			wrong += nb[k] != ns[k] || hs[k] != lw_data_hexside(D, a, nb[k]);
			rail = rail || (lw_data_hexside_flags(D, a, nb[k]) & LW_HS_RAIL);
			const struct lw_hexside *x = lw_data_hexside(D, a, nb[k]);
			if (x && x->river)
				rivers |= x->river_bit;
		}
		if (i == D->n_hexes)
			continue;
		const struct lw_hex *h = &D->hexes[i];
		wrong += h->rail != rail;
		wrong += h->rivers != rivers;
		wrong += h->kentucky != (h->state && strcmp(h->state, "KY") == 0);
		rails += rail;
		ky += h->kentucky;
	}
	CHECKF(wrong == 0, "the trace's look-ups differ %d times", wrong);
	CHECKF(rails > 50 && ky > 5, "%d rail hexes, %d in Kentucky", rails, ky);
	size_t k = 0;
	for (size_t c = 0; c < D->n_cities; c++) {
		const struct lw_hex *h = lw_data_hex(D, D->cities[c].hex);
		if (!h || !h->state || strcmp(h->state, "KY") != 0)
			continue;
		wrong += k >= D->n_kentucky_cities || D->kentucky_cities[k] != (int16_t)c;
		k++;
	}
	CHECKF(wrong == 0 && k == D->n_kentucky_cities && k >= 3,
	       "%zu Kentucky cities, the data keeps %zu", k, D->n_kentucky_cities);
}

/* 20.1's river sections are worked out at load (lw_data_sections.h,
 * issue 17): for every river, every hex and each hex next to it (and
 * itself, and a hex off the map), lw_data_section_ends gives the cities
 * the old walk found, each once (and the walk never reached its bound of
 * 128 hexes, where it would have stopped short). */
/* lw_data_neighbours_flags gives lw_data_neighbours' hexes and
 * lw_data_hexside_flags of each (issue 17: the supply trace's cavalry sum
 * reads them together), for every hex of the data and one off it. */
static void neighbours_flags(void)
{
	int wrong = 0, rivers = 0;
	for (size_t i = 0; i <= D->n_hexes; i++) {
		int a = i < D->n_hexes ? D->hexes[i].id : 0, nb[6], nf[6];
		unsigned f[6];
		int n = lw_data_neighbours(D, a, nb);
		int m = lw_data_neighbours_flags(D, a, nf, f);
		wrong += n != m;
		for (int k = 0; k < n && k < m; k++) {
			wrong += nb[k] != nf[k] || f[k] != lw_data_hexside_flags(D, a, nb[k]);
			rivers += (f[k] & LW_HS_RIVER) != 0;
		}
	}
	CHECKF(wrong == 0, "lw_data_neighbours_flags differs %d times", wrong);
	CHECKF(rivers > 100, "%d river hexsides seen", rivers);
}

/* lw_data_next_index's rows, read in place by the supply trace (issue
 * 17), are lw_data_neighbours' hexes (0 after the last) with
 * lw_data_hexside and lw_data_hexside_flags of each, for every hex of the
 * data; a hex off the data (0, 9999, -1) has none. */
static void next_rows(void)
{
	int wrong = 0, sides = 0;
	for (size_t i = 0; i < D->n_hexes; i++) {
		int a = D->hexes[i].id, nb[6];
		int n = lw_data_neighbours(D, a, nb), x = lw_data_next_index(D, a);
		if (x != (int)i) {
			wrong++;
			continue;
		}
		int m = 0;
		while (m < 6 && D->next[x][m])
			m++;
		wrong += n != m;
		for (int k = 0; k < n && k < m; k++) {
			wrong += D->next[x][k] != nb[k] ||
			         D->next_side[x][k] != lw_data_hexside(D, a, nb[k]) ||
			         D->next_flags[x][k] != lw_data_hexside_flags(D, a, nb[k]);
			sides += D->next_side[x][k] != NULL;
		}
	}
	wrong += lw_data_next_index(D, 0) != -1;
	wrong += lw_data_next_index(D, 9999) != -1;
	wrong += lw_data_next_index(D, -1) != -1;
	CHECKF(wrong == 0, "lw_data_next_index's rows differ %d times", wrong);
	CHECKF(sides > 100, "%d hexsides in the rows", sides);
}

static void river_sections(void)
{
	int wrong = 0, asked = 0, bounded = 0, kept_wrong = 0, kept_ends = 0;
	for (size_t r = 0; r < D->n_rivers; r++) {
		uint32_t bit = 1u << r;
		for (size_t i = 0; i < D->n_hexes; i++) {
			int a = D->hexes[i].id, nb[6];
			int m = tg_hex_neighbours(&D->grid, a, nb);
			for (int j = -2; j < m; j++) {
				int b = j == -2 ? a : j == -1 ? 0 : nb[j];
				int16_t want[LW_HEX_IDS / 16], got[LW_HEX_IDS / 16];
				int nw = section_ends_walk(D->rivers[r], a, b, want);
				int ng = lw_data_section_ends(D, bit, a, b, got, LW_HEX_IDS / 16);
				asked++;
				bounded += nw > 1;
				if (nw != ng) {
					wrong++;
					continue;
				}
				qsort(want, (size_t)nw, sizeof *want, cmp_i16);
				qsort(got, (size_t)ng, sizeof *got, cmp_i16);
				wrong += memcmp(want, got, (size_t)nw * sizeof *want) != 0;
				/* the ends kept for each hex alone: a's and b's
				 * together are these, each of them once */
				const int16_t *ea, *eb;
				int na = lw_data_section_ends_of(D, bit, a, &ea);
				int nb = lw_data_section_ends_of(D, bit, b, &eb);
				if (na < 0 || (nb < 0 && D->hex_slot[b])) {
					kept_wrong++; /* a hex of the data has its ends kept */
					continue;
				}
				if (nb < 0)
					continue; /* off the map: the trace asks the walk */
				int16_t both[LW_HEX_IDS / 16];
				int nu = 0;
				for (int k = 0; k < na + (b == a ? 0 : nb); k++) {
					int16_t h = k < na ? ea[k] : eb[k - na];
					bool dup = false;
					for (int e = 0; e < nu && !dup; e++)
						dup = both[e] == h;
					if (!dup && nu < LW_HEX_IDS / 16)
						both[nu++] = h;
				}
				qsort(both, (size_t)nu, sizeof *both, cmp_i16);
				kept_wrong +=
				    nu != nw || memcmp(want, both, (size_t)nw * sizeof *want) != 0;
				kept_ends += nu;
			}
		}
	}
	CHECKF(wrong == 0, "lw_data_section_ends differs from the walk for %d of %d pairs", wrong,
	       asked);
	CHECKF(bounded > 100, "%d pairs between two cities or more", bounded);
	CHECKF(kept_wrong == 0,
	       "lw_data_section_ends_of of a and of b differ from the walk for %d of %d pairs",
	       kept_wrong, asked);
	CHECKF(kept_ends > 1000, "%d ends kept", kept_ends);
	int16_t out[8];
	CHECK(lw_data_section_ends(D, 0, 0, -1, out, 8) == 0);
	const int16_t *none;
	CHECK(lw_data_section_ends_of(D, 1, 0, &none) == 0);
	CHECK(lw_data_section_ends_of(D, 3, D->hexes[0].id, &none) == -1); /* two rivers */
}

/* lw_data_section_end_set holds, as a set, the cities at the hexes
 * lw_data_section_ends_of gives, for every hex of the data and river
 * (issue 17: the supply trace reads the sets); none for a pair of rivers
 * or a hex off the data, empty for no hex at all. */
static void river_end_sets(void)
{
	int wrong = 0, filled = 0;
	for (size_t r = 0; r < D->n_rivers; r++)
		for (size_t i = 0; i < D->n_hexes; i++) {
			int x = D->hexes[i].id;
			const int16_t *e;
			int n = lw_data_section_ends_of(D, 1u << r, x, &e);
			const struct lw_city_set *got = lw_data_section_end_set(D, 1u << r, x);
			if (n < 0 || !got) {
				wrong++;
				continue;
			}
			struct lw_city_set want = {{0}};
			for (int k = 0; k < n; k++) {
				const struct lw_city *c = lw_data_city_at(D, e[k]);
				if (!c) {
					wrong++;
					continue;
				}
				size_t ci = (size_t)(c - D->cities);
				want.w[ci / 64] |= 1ull << (ci % 64);
			}
			wrong += memcmp(&want, got, sizeof want) != 0;
			filled += n > 0;
		}
	CHECKF(wrong == 0, "lw_data_section_end_set differs from the ends' list %d times", wrong);
	CHECKF(filled > 100, "%d hexes and rivers with ends", filled);
	CHECK(lw_data_section_end_set(D, 3, D->hexes[0].id) == NULL); /* two rivers */
	int off = 0;
	while (off < LW_HEX_IDS && (off == 0 || D->hex_slot[off]))
		off++;
	CHECK(off < LW_HEX_IDS && lw_data_section_end_set(D, 1, off) == NULL);
	const struct lw_city_set *none = lw_data_section_end_set(D, 1, 0);
	CHECK(none && none->w[0] == 0 && none->w[1] == 0);
}

/* The index of the general whose id is q, by a scan of them all */
static int general_scan(const char *q)
{
	for (size_t i = 0; i < D->n_generals; i++)
		if (strcmp(D->generals[i].id, q) == 0)
			return (int)i;
	return -1;
}

/* lw_data_general_index through its table made at load (issue 17) finds
 * what a scan finds: for every general's id, a copy of it (not the data's
 * own pointer), the id less its last letter, with one more, with its last
 * letter changed; "" and NULL find none. */
static void general_lookup(void)
{
	int wrong = 0, asked = 0;
	for (size_t i = 0; i < D->n_generals; i++) {
		const char *id = D->generals[i].id;
		char q[5][72];
		size_t n = strlen(id);
		snprintf(q[0], sizeof q[0], "%s", id);
		snprintf(q[1], sizeof q[1], "%.*s", n ? (int)n - 1 : 0, id);
		snprintf(q[2], sizeof q[2], "%sx", id);
		snprintf(q[3], sizeof q[3], "%s", id);
		if (n)
			q[3][n - 1] = id[n - 1] == 'q' ? 'z' : 'q';
		snprintf(q[4], sizeof q[4], "x%s", id);
		wrong += lw_data_general_index(D, id) != (int)i;
		wrong += lw_data_general(D, q[0]) != &D->generals[i];
		for (int k = 0; k < 5; k++, asked++)
			wrong += lw_data_general_index(D, q[k]) != general_scan(q[k]);
	}
	CHECKF(D->n_generals > 50, "%zu generals", D->n_generals);
	CHECKF(wrong == 0, "lw_data_general_index differs from the scan %d times of %d", wrong,
	       asked);
	CHECK(lw_data_general_index(D, "") == -1);
	CHECK(lw_data_general_index(D, NULL) == -1);
	CHECK(lw_data_general(D, "nobody") == NULL);
	CHECK_EQ_INT(lw_data_general_index(D, "grant"), general_scan("grant"));
}

int main(void)
{
	struct lw_data_error e = {0};
	D = lw_data_get(&e);
	if (!CHECKF(D != NULL, "data loads: %s", e.message))
		return tap_done();
	CHECK(lw_data_get(NULL) == D); /* cached */
	stated_map();
	hex_lookup();
	general_lookup();
	hexside_lookup();
	river_lookup();
	territory_lookup();
	river_sections();
	river_end_sets();
	neighbours_flags();
	next_rows();
	trace_lookups();
	stated_hexsides();
	map_integrity();
	stated_generals();
	setup_positions();
	stated_cards();
	stated_turns();
	stated_scenarios();
	stated_tables();
	rejects_bad_data();
	return tap_done();
}
