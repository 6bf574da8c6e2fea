/* kit/areagraph.h: area adjacency with boundary types, roads and bridges,
 * and the path trace through allowed areas (BoaL 3.2, 3.2.1, 3.2.4, 3.2.5,
 * 13.3.1, 14). A small map shaped like the Chickahominy crossings:
 *
 *   1 --open,road-- 2 --major,bridge 0-- 3 --minor-- 4
 *   |                                    |
 *   +---------------open----------------5 (no road)
 */
#include <string.h>

#include "kit/areagraph.h"
#include "tap.h"

static bool no_bridge_1(const void *ctx, int a, const struct tg_area_edge *e)
{
	(void)ctx;
	(void)a;
	return e->bridge != 1;
}

int main(void)
{
	struct tg_areagraph g;
	CHECK(tg_areagraph_init(&g, 0) == -1);
	CHECK(tg_areagraph_init(&g, TG_AREA_MAX + 1) == -1);
	CHECK(tg_areagraph_init(&g, 5) == 0);

	CHECK_EQ_INT(tg_areagraph_add(&g, 1, 2, TG_BOUNDARY_OPEN, true, -1), 0);
	CHECK_EQ_INT(tg_areagraph_add(&g, 2, 3, TG_BOUNDARY_MAJOR, true, 0), 0);
	CHECK_EQ_INT(tg_areagraph_add(&g, 3, 4, TG_BOUNDARY_MINOR, false, -1), 0);
	CHECK_EQ_INT(tg_areagraph_add(&g, 1, 5, TG_BOUNDARY_OPEN, false, -1), 0);
	CHECK_EQ_INT(tg_areagraph_add(&g, 5, 3, TG_BOUNDARY_OPEN, false, -1), 0);

	/* refused: duplicates (either way round), self, off the map, bad type,
	 * a major water boundary with no bridge (9.5.2: crossed only at one) */
	CHECK(tg_areagraph_add(&g, 2, 1, TG_BOUNDARY_OPEN, true, -1) == -1);
	CHECK(tg_areagraph_add(&g, 4, 4, TG_BOUNDARY_OPEN, true, -1) == -1);
	CHECK(tg_areagraph_add(&g, 0, 4, TG_BOUNDARY_OPEN, true, -1) == -1);
	CHECK(tg_areagraph_add(&g, 4, 6, TG_BOUNDARY_OPEN, true, -1) == -1);
	CHECK(tg_areagraph_add(&g, 1, 4, (enum tg_boundary)3, true, -1) == -1);
	CHECK(tg_areagraph_add(&g, 1, 4, TG_BOUNDARY_MAJOR, true, -1) == -1);
	CHECK(!tg_areagraph_adjacent(&g, 1, 4));

	/* a boundary reads the same from both sides */
	const struct tg_area_edge *e = tg_areagraph_edge(&g, 3, 2),
	                          *f = tg_areagraph_edge(&g, 2, 3);
	CHECK(e != NULL && f != NULL);
	if (e && f) {
		CHECK_EQ_INT(e->to, 2);
		CHECK_EQ_INT(f->to, 3);
		CHECK_EQ_INT(e->type, TG_BOUNDARY_MAJOR);
		CHECK(e->road && f->road);
		CHECK_EQ_INT(e->bridge, 0);
		CHECK_EQ_INT(f->bridge, 0);
	}
	e = tg_areagraph_edge(&g, 4, 3);
	CHECK(e && e->type == TG_BOUNDARY_MINOR && !e->road && e->bridge == -1);
	CHECK(tg_areagraph_edge(&g, 1, 3) == NULL);
	CHECK(tg_areagraph_edge(&g, 1, 9) == NULL);

	int nb[TG_AREA_DEGREE];
	CHECK_EQ_INT(tg_areagraph_neighbours(&g, 3, nb), 3);
	CHECK(nb[0] == 2 && nb[1] == 4 && nb[2] == 5);
	CHECK_EQ_INT(tg_areagraph_neighbours(&g, 7, nb), 0);

	/* the path trace: both ends and every area between must be allowed */
	bool ok[TG_AREA_MAX + 1];
	memset(ok, 0, sizeof ok);
	for (int a = 1; a <= 5; a++)
		ok[a] = true;
	CHECK(tg_areagraph_reach(&g, 1, 4, ok, NULL, NULL));
	ok[5] = false; /* still through the bridge 2-3 */
	CHECK(tg_areagraph_reach(&g, 1, 4, ok, NULL, NULL));
	ok[2] = false; /* both ways closed */
	CHECK(!tg_areagraph_reach(&g, 1, 4, ok, NULL, NULL));
	ok[2] = true;
	ok[4] = false; /* the destination itself must be allowed */
	CHECK(!tg_areagraph_reach(&g, 1, 4, ok, NULL, NULL));
	ok[4] = true;
	CHECK(tg_areagraph_reach(&g, 4, 4, ok, NULL, NULL));
	/* a crossing the caller refuses (a blown bridge, 15.4) */
	CHECK(tg_areagraph_reach(&g, 1, 4, ok, no_bridge_1, NULL));
	struct tg_areagraph h = g;
	CHECK_EQ_INT(tg_areagraph_init(&h, 3), 0);
	CHECK_EQ_INT(tg_areagraph_add(&h, 1, 2, TG_BOUNDARY_MAJOR, true, 1), 0);
	CHECK_EQ_INT(tg_areagraph_add(&h, 2, 3, TG_BOUNDARY_OPEN, true, -1), 0);
	CHECK(tg_areagraph_reach(&h, 1, 3, ok, NULL, NULL));
	CHECK(!tg_areagraph_reach(&h, 1, 3, ok, no_bridge_1, NULL));

	/* the degree bound */
	CHECK_EQ_INT(tg_areagraph_init(&h, 20), 0);
	for (int b = 2; b <= 1 + TG_AREA_DEGREE; b++)
		CHECK_EQ_INT(tg_areagraph_add(&h, 1, b, TG_BOUNDARY_OPEN, false, -1), 0);
	CHECK(tg_areagraph_add(&h, 1, 2 + TG_AREA_DEGREE, TG_BOUNDARY_OPEN, false, -1) == -1);

	CHECK_EQ_INT(tg_boundary_parse("open"), TG_BOUNDARY_OPEN);
	CHECK_EQ_INT(tg_boundary_parse("minor"), TG_BOUNDARY_MINOR);
	CHECK_EQ_INT(tg_boundary_parse("major"), TG_BOUNDARY_MAJOR);
	CHECK_EQ_INT(tg_boundary_parse("swamp"), -1);
	CHECK_EQ_INT(tg_boundary_parse(NULL), -1);
	CHECK_EQ_STR(tg_boundary_name(TG_BOUNDARY_MINOR), "minor");
	return tap_done();
}
