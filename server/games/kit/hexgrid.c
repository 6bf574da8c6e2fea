/* hexgrid.c — XXYY hex ids on flat-topped column grids (see hexgrid.h).
 *
 * Offsets are converted to cube coordinates (x + y + z = 0) for distance:
 * x = col, z = row - (col -/+ (col & 1)) / 2 for odd-q / even-q, y = -x - z
 * (the usual offset-to-cube conversion; columns are never negative).
 */
#include "kit/hexgrid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tg_hex_parse(const char *s)
{
	if (s == NULL || strlen(s) != 4)
		return -1;
	for (int i = 0; i < 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return -1;
	return atoi(s);
}

char *tg_hex_format(int id, char out[5])
{
	if (id < 0 || id > 9999)
		id = 0;
	snprintf(out, 5, "%04d", id);
	return out;
}

int tg_hex_orientation_parse(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "odd-q") == 0)
		return TG_HEX_ODD_COLUMNS_DOWN;
	if (strcmp(s, "even-q") == 0)
		return TG_HEX_EVEN_COLUMNS_DOWN;
	return -1;
}

bool tg_hex_on_grid(const struct tg_hexgrid *g, int id)
{
	if (id < 0)
		return false;
	int c = tg_hex_col(id), r = tg_hex_row(id);
	return c >= g->first_col && c <= g->last_col && r >= g->first_row && r <= g->last_row;
}

/* True when column c sits half a hex lower than its neighbours. */
static bool pushed_down(const struct tg_hexgrid *g, int c)
{
	bool odd = (c & 1) != 0;
	return g->orientation == TG_HEX_ODD_COLUMNS_DOWN ? odd : !odd;
}

int tg_hex_neighbour(const struct tg_hexgrid *g, int id, enum tg_hex_dir d)
{
	if (!tg_hex_on_grid(g, id))
		return -1;
	int c = tg_hex_col(id), r = tg_hex_row(id);
	/* A lower column's side neighbours are on its own row and the next one;
	 * a higher column's are on the row above and its own. */
	int up = pushed_down(g, c) ? 0 : -1;
	int nc = c, nr = r;
	switch (d) {
	case TG_HEX_N:
		nr = r - 1;
		break;
	case TG_HEX_S:
		nr = r + 1;
		break;
	case TG_HEX_NE:
		nc = c + 1;
		nr = r + up;
		break;
	case TG_HEX_SE:
		nc = c + 1;
		nr = r + up + 1;
		break;
	case TG_HEX_SW:
		nc = c - 1;
		nr = r + up + 1;
		break;
	case TG_HEX_NW:
		nc = c - 1;
		nr = r + up;
		break;
	default:
		return -1;
	}
	if (nc < 0 || nr < 0)
		return -1;
	int n = tg_hex_make(nc, nr);
	return tg_hex_on_grid(g, n) ? n : -1;
}

int tg_hex_neighbours(const struct tg_hexgrid *g, int id, int out[6])
{
	int n = 0;
	for (int d = TG_HEX_N; d <= TG_HEX_NW; d++) {
		int h = tg_hex_neighbour(g, id, (enum tg_hex_dir)d);
		if (h >= 0)
			out[n++] = h;
	}
	return n;
}

bool tg_hex_adjacent(const struct tg_hexgrid *g, int a, int b)
{
	return tg_hex_distance(g, a, b) == 1;
}

static void to_cube(const struct tg_hexgrid *g, int id, int *x, int *y, int *z)
{
	int c = tg_hex_col(id), r = tg_hex_row(id);
	*x = c;
	if (g->orientation == TG_HEX_ODD_COLUMNS_DOWN)
		*z = r - (c - (c & 1)) / 2;
	else
		*z = r - (c + (c & 1)) / 2;
	*y = -*x - *z;
}

int tg_hex_distance(const struct tg_hexgrid *g, int a, int b)
{
	if (!tg_hex_on_grid(g, a) || !tg_hex_on_grid(g, b))
		return -1;
	int ax, ay, az, bx, by, bz;
	to_cube(g, a, &ax, &ay, &az);
	to_cube(g, b, &bx, &by, &bz);
	int dx = abs(ax - bx), dy = abs(ay - by), dz = abs(az - bz);
	int m = dx > dy ? dx : dy;
	return m > dz ? m : dz;
}

long tg_hexside_id(const struct tg_hexgrid *g, int a, int b)
{
	if (!tg_hex_adjacent(g, a, b))
		return -1;
	int lo = a < b ? a : b, hi = a < b ? b : a;
	return (long)lo * 10000L + hi;
}

void tg_hexside_hexes(long side, int *a, int *b)
{
	*a = (int)(side / 10000L);
	*b = (int)(side % 10000L);
}

long tg_hexside_parse(const struct tg_hexgrid *g, const char *s)
{
	if (s == NULL || strlen(s) != 9 || (s[4] != '/' && s[4] != '-'))
		return -1;
	char a[5], b[5];
	memcpy(a, s, 4);
	a[4] = '\0';
	memcpy(b, s + 5, 4);
	b[4] = '\0';
	int ha = tg_hex_parse(a), hb = tg_hex_parse(b);
	if (ha < 0 || hb < 0)
		return -1;
	return tg_hexside_id(g, ha, hb);
}
