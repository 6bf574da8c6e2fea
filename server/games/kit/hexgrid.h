/* hexgrid.h — helpers for hex maps numbered XXYY (column, row).
 *
 * Wargame maps number each hex by a two-digit column (west to east) followed
 * by a two-digit row (north to south): hex 1903 is column 19, row 3. The hexes
 * are flat-topped and stand in vertical columns; every other column is pushed
 * half a hex down. Which parity is pushed down is the map's orientation.
 *
 * A hex id is the integer col * 100 + row (1903). A hexside id names the edge
 * between two adjacent hexes as lower_id * 10000 + higher_id (19031904), so it
 * is the same whichever side one starts from. All functions are pure.
 */
#ifndef TG_KIT_HEXGRID_H
#define TG_KIT_HEXGRID_H

#include <stdbool.h>
#include <stddef.h>

enum tg_hex_orientation {
	TG_HEX_ODD_COLUMNS_DOWN = 0, /* "odd-q": columns 1, 3, 5... sit half a hex lower */
	TG_HEX_EVEN_COLUMNS_DOWN = 1 /* "even-q": columns 2, 4, 6... sit half a hex lower */
};

/* The rectangle of valid ids: columns first_col..last_col, rows first_row..last_row. */
struct tg_hexgrid {
	int first_col, last_col;
	int first_row, last_row;
	enum tg_hex_orientation orientation;
};

/* Directions, clockwise from north. */
enum tg_hex_dir { TG_HEX_N, TG_HEX_NE, TG_HEX_SE, TG_HEX_S, TG_HEX_SW, TG_HEX_NW };

static inline int tg_hex_col(int id)
{
	return id / 100;
}
static inline int tg_hex_row(int id)
{
	return id % 100;
}
static inline int tg_hex_make(int col, int row)
{
	return col * 100 + row;
}

/* "1903" (exactly four digits) -> 1903; -1 on anything else. */
int tg_hex_parse(const char *s);
/* 1903 -> "1903"; out must hold 5 bytes. Returns out. */
char *tg_hex_format(int id, char out[5]);
/* "odd-q" -> TG_HEX_ODD_COLUMNS_DOWN, "even-q" -> TG_HEX_EVEN_COLUMNS_DOWN; -1 otherwise. */
int tg_hex_orientation_parse(const char *s);

bool tg_hex_on_grid(const struct tg_hexgrid *g, int id);
/* The neighbour of id in direction d, or -1 if it falls off the grid. */
int tg_hex_neighbour(const struct tg_hexgrid *g, int id, enum tg_hex_dir d);
/* Writes the on-grid neighbours (at most 6) in direction order; returns count. */
int tg_hex_neighbours(const struct tg_hexgrid *g, int id, int out[6]);
bool tg_hex_adjacent(const struct tg_hexgrid *g, int a, int b);
/* Hex steps between two on-grid hexes (ignores terrain); -1 if either is off-grid. */
int tg_hex_distance(const struct tg_hexgrid *g, int a, int b);

/* Hexside id of two adjacent hexes, -1 if they are not adjacent. */
long tg_hexside_id(const struct tg_hexgrid *g, int a, int b);
/* Splits a hexside id back into its two hexes (lower first). */
void tg_hexside_hexes(long side, int *a, int *b);
/* "0806/0905" or "0806-0905" -> hexside id; -1 if malformed or not adjacent. */
long tg_hexside_parse(const struct tg_hexgrid *g, const char *s);

#endif
