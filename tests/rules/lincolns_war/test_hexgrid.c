/* test_hexgrid.c — XXYY hex ids, neighbours, distance and hexsides (kit/hexgrid),
 * and every adjacency the Lincoln's War rulebook text implies. */
#include <string.h>

#include "kit/hexgrid.h"
#include "lincolns_war/lw_data.h"
#include "tap.h"

static const struct tg_hexgrid ODD = {1, 25, 1, 18, TG_HEX_ODD_COLUMNS_DOWN};
static const struct tg_hexgrid EVEN = {1, 25, 1, 18, TG_HEX_EVEN_COLUMNS_DOWN};

static void ids(void)
{
	char buf[5];
	CHECK_EQ_INT(tg_hex_parse("1903"), 1903);
	CHECK_EQ_INT(tg_hex_parse("0103"), 103);
	CHECK_EQ_INT(tg_hex_parse("103"), -1);
	CHECK_EQ_INT(tg_hex_parse("19a3"), -1);
	CHECK_EQ_INT(tg_hex_parse(NULL), -1);
	CHECK_EQ_STR(tg_hex_format(103, buf), "0103");
	CHECK_EQ_STR(tg_hex_format(2104, buf), "2104");
	CHECK_EQ_INT(tg_hex_col(2104), 21);
	CHECK_EQ_INT(tg_hex_row(2104), 4);
	CHECK(tg_hex_on_grid(&ODD, 2518));
	CHECK(!tg_hex_on_grid(&ODD, 2601));
	CHECK(!tg_hex_on_grid(&ODD, 1900));
	CHECK_EQ_INT(tg_hex_orientation_parse("odd-q"), TG_HEX_ODD_COLUMNS_DOWN);
	CHECK_EQ_INT(tg_hex_orientation_parse("even-q"), TG_HEX_EVEN_COLUMNS_DOWN);
	CHECK_EQ_INT(tg_hex_orientation_parse("pointy"), -1);
}

static void neighbours(void)
{
	int nb[6];
	/* Even column under odd-q: side neighbours on the row above and its own. */
	CHECK_EQ_INT(tg_hex_neighbours(&ODD, 806, nb), 6);
	int want_even[6] = {805, 905, 906, 807, 706, 705};
	for (int i = 0; i < 6; i++)
		CHECK_EQ_INT(nb[i], want_even[i]);
	/* Odd column under odd-q: its own row and the one below. */
	CHECK_EQ_INT(tg_hex_neighbours(&ODD, 905, nb), 6);
	int want_odd[6] = {904, 1005, 1006, 906, 806, 805};
	for (int i = 0; i < 6; i++)
		CHECK_EQ_INT(nb[i], want_odd[i]);
	/* Corners lose the off-grid neighbours. */
	CHECK_EQ_INT(tg_hex_neighbours(&ODD, 101, nb), 3); /* 0102, 0201, 0202 */
	CHECK_EQ_INT(tg_hex_neighbours(&ODD, 2518, nb), 2);
	/* Adjacency is symmetric and every neighbour is at distance 1. */
	for (int c = 1; c <= 25; c++)
		for (int r = 1; r <= 18; r++) {
			int h = tg_hex_make(c, r);
			int n = tg_hex_neighbours(&ODD, h, nb);
			for (int i = 0; i < n; i++) {
				CHECK(tg_hex_adjacent(&ODD, nb[i], h));
				CHECK_EQ_INT(tg_hex_distance(&ODD, h, nb[i]), 1);
			}
		}
	/* Under the other orientation the same pair is not adjacent. */
	CHECK(tg_hex_adjacent(&ODD, 806, 905));
	CHECK(!tg_hex_adjacent(&EVEN, 806, 905));
	CHECK(tg_hex_adjacent(&EVEN, 806, 907));
	CHECK_EQ_INT(tg_hex_neighbour(&ODD, 806, TG_HEX_NE), 905);
	CHECK_EQ_INT(tg_hex_neighbour(&ODD, 101, TG_HEX_N), -1);
}

static void distance(void)
{
	CHECK_EQ_INT(tg_hex_distance(&ODD, 1903, 1903), 0);
	CHECK_EQ_INT(tg_hex_distance(&ODD, 101, 105), 4);   /* straight down a column */
	CHECK_EQ_INT(tg_hex_distance(&ODD, 101, 501), 4);   /* zig-zag along row 1 */
	CHECK_EQ_INT(tg_hex_distance(&ODD, 2003, 2104), 2); /* the Chesapeake line spans two */
	CHECK_EQ_INT(tg_hex_distance(&ODD, 103, 1903), 18);
	CHECK_EQ_INT(tg_hex_distance(&ODD, 103, 2700), -1);
	/* Symmetry and the triangle inequality on a sample. */
	int s[] = {101, 806, 905, 1903, 2104, 713, 2518, 1210};
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++) {
			CHECK_EQ_INT(tg_hex_distance(&ODD, s[i], s[j]),
			             tg_hex_distance(&ODD, s[j], s[i]));
			for (int k = 0; k < 8; k++)
				CHECK(tg_hex_distance(&ODD, s[i], s[k]) <=
				      tg_hex_distance(&ODD, s[i], s[j]) +
				          tg_hex_distance(&ODD, s[j], s[k]));
		}
	CHECK_EQ_INT(tg_hex_distance(&EVEN, 806, 905), 2);
}

static void hexsides(void)
{
	long a = tg_hexside_id(&ODD, 806, 905), b = tg_hexside_id(&ODD, 905, 806);
	CHECK_EQ_INT(a, 8060905L);
	CHECK_EQ_INT(a, b);
	CHECK_EQ_INT(tg_hexside_id(&ODD, 806, 1006), -1);
	int x, y;
	tg_hexside_hexes(a, &x, &y);
	CHECK(x == 806 && y == 905);
	CHECK_EQ_INT(tg_hexside_parse(&ODD, "0806/0905"), 8060905L);
	CHECK_EQ_INT(tg_hexside_parse(&ODD, "0905-0806"), 8060905L);
	CHECK_EQ_INT(tg_hexside_parse(&ODD, "0806/1006"), -1);
	CHECK_EQ_INT(tg_hexside_parse(&ODD, "806/905"), -1);
}

/* Every adjacency the rulebook text implies, on the loaded map. */
static void rulebook_adjacencies(void)
{
	struct lw_data_error e;
	const struct lw_data *d = lw_data_get(&e);
	if (!CHECKF(d != NULL, "data loads: %s", e.message))
		return;
	const struct tg_hexgrid *g = &d->grid;
	/* 8.1.2.2: "the river hexside between 0806 and 0905". */
	CHECK(tg_hex_adjacent(g, 806, 905));
	/* 2.1: "double gray lines between hex 0713 & 0714". */
	CHECK(tg_hex_adjacent(g, 713, 714));
	/* 2.1: the Chesapeake line "from hex 2003 to 2104": a chain of hexsides from
	 * 2003 to 2104, every one between adjacent hexes, the chain unbroken. */
	CHECK(tg_hex_adjacent(g, 2003, 2103));
	CHECK(tg_hex_adjacent(g, 2004, 2103));
	CHECK(tg_hex_adjacent(g, 2004, 2104));
	CHECK(lw_data_hexside_flags(d, 2003, 2103) & LW_HS_IMPASSABLE);
	CHECK(lw_data_hexside_flags(d, 2004, 2103) & LW_HS_IMPASSABLE);
	CHECK(lw_data_hexside_flags(d, 2004, 2104) & LW_HS_IMPASSABLE);
	/* 2.3: Fort Monroe and Norfolk are neighbours (no direct move between them). */
	const struct lw_city *fm = lw_data_city(d, "fort_monroe"), *nf = lw_data_city(d, "norfolk");
	CHECK(fm && nf && tg_hex_adjacent(g, fm->hex, nf->hex));
	/* 16.10.1.1: Lyon's force stands next to Springfield MO at some point; Sigel
	 * can march there from St. Louis (three hexes a move, 12.2) in a few moves. */
	const struct lw_city *sp = lw_data_city(d, "springfield_mo"),
	                     *sl = lw_data_city(d, "st_louis");
	CHECK(sp && sl && tg_hex_distance(g, sp->hex, sl->hex) <= 6);
	/* 11.2.2: Wheeler (at Corinth) can join Polk (at Memphis) - the example's stack is
	 * reachable. */
	CHECK(tg_hex_distance(g, lw_data_general(d, "wheeler")->entry_hex,
	                      lw_data_general(d, "polk")->setup_hex) <= 3);
	/* 10.7.8.2: a force can stand adjacent to Richmond (Richmond is not on the map edge). */
	int nb[6];
	CHECK_EQ_INT(tg_hex_neighbours(g, lw_data_city(d, "richmond")->hex, nb), 6);
	/* 2.3 transit hexes lie along the northern edge. */
	for (size_t i = 0; i < d->n_cities; i++)
		if (d->cities[i].transit)
			CHECKF(tg_hex_row(d->cities[i].hex) == g->first_row, "%s on the north edge",
			       d->cities[i].id);
	/* 2.1: Kansas City 0103 and Washington 1903 are on the same row, far apart. */
	CHECK_EQ_INT(tg_hex_row(lw_data_city(d, "kansas_city")->hex), tg_hex_row(1903));
}

int main(void)
{
	ids();
	neighbours();
	distance();
	hexsides();
	rulebook_adjacencies();
	return tap_done();
}
