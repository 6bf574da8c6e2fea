/* areagraph.h — an area map: numbered areas and the boundaries between them.
 *
 * Area-impulse games (Birth of a Legend, 3.2) divide the map into numbered
 * areas. Two areas are adjacent when they share a boundary that units could
 * cross; each boundary has a type (open ground, minor water, major water),
 * may be crossed by a road, and a major water boundary is crossed only at a
 * bridge, which the boundary names by an index into the game's own bridge
 * table. This is the area counterpart of hexgrid.h: fixed-size, no
 * allocation (a game's state may embed it and memcpy it), and every
 * function but add() is a pure query.
 *
 * Areas are numbered 1..n as the printed map numbers them; 0 is never an
 * area. A boundary is stored at both of its areas, so edge(a, b) and
 * edge(b, a) describe the same boundary.
 */
#ifndef TG_KIT_AREAGRAPH_H
#define TG_KIT_AREAGRAPH_H

#include <stdbool.h>
#include <stddef.h>

#define TG_AREA_MAX 64    /* areas on one map (Birth of a Legend has 45) */
#define TG_AREA_DEGREE 12 /* boundaries of one area (the most it has is 7) */

enum tg_boundary {
	TG_BOUNDARY_OPEN = 0,  /* open ground (clear line) */
	TG_BOUNDARY_MINOR = 1, /* minor water (light blue line) */
	TG_BOUNDARY_MAJOR = 2  /* major water (dark blue line): only at a bridge */
};

struct tg_area_edge {
	unsigned char to;   /* the area across the boundary */
	unsigned char type; /* enum tg_boundary */
	bool road;          /* a road crosses the boundary */
	signed char bridge; /* index of its bridge in the game's table, -1: none */
};

struct tg_areagraph {
	int n;                                 /* areas 1..n */
	unsigned char degree[TG_AREA_MAX + 1]; /* boundaries of each area */
	struct tg_area_edge edge[TG_AREA_MAX + 1][TG_AREA_DEGREE];
};

/* An empty map of areas 1..n (1 <= n <= TG_AREA_MAX); -1 if n is out of range. */
int tg_areagraph_init(struct tg_areagraph *g, int n);

/* Adds the boundary a-b. -1 (and the graph unchanged) if an area is not
 * 1..n, a == b, the boundary exists already, an area has TG_AREA_DEGREE
 * boundaries, the type is not a tg_boundary, bridge is not -1..127, or a
 * major water boundary has no bridge (it would not be a boundary: units
 * could not "move directly from one to another", 3.2). */
int tg_areagraph_add(struct tg_areagraph *g, int a, int b, enum tg_boundary type, bool road,
                     int bridge);

bool tg_area_valid(const struct tg_areagraph *g, int a);
/* The boundary between a and b, NULL if they are not adjacent. */
const struct tg_area_edge *tg_areagraph_edge(const struct tg_areagraph *g, int a, int b);
bool tg_areagraph_adjacent(const struct tg_areagraph *g, int a, int b);
/* Writes the areas adjacent to a (at most TG_AREA_DEGREE), in the order
 * their boundaries were added; returns the count (0 for an invalid area). */
int tg_areagraph_neighbours(const struct tg_areagraph *g, int a, int out[TG_AREA_DEGREE]);

/* A path trace: whether `to` can be reached from `from` through areas whose
 * allowed[] is true (both ends included: "a path of friendly-Controlled
 * Areas", BoaL 13.3.1, 14.1), crossing only boundaries that cross() accepts
 * (NULL: every boundary). allowed has TG_AREA_MAX + 1 entries. */
bool tg_areagraph_reach(const struct tg_areagraph *g, int from, int to, const bool *allowed,
                        bool (*cross)(const void *ctx, int a, const struct tg_area_edge *e),
                        const void *ctx);

/* "open" / "minor" / "major" -> the type; -1 for anything else. */
int tg_boundary_parse(const char *s);
const char *tg_boundary_name(enum tg_boundary t);

#endif
