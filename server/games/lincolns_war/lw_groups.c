/* lw_groups.c — the list of an activation's groups and its save/load
 * (see lw_groups.h). */
#include <stdbool.h>
#include <string.h>

#include "lw_groups.h"
#include "lw_ints.h"

#define G_PER 7 /* unit, wait, moved, max_move, limits, hex, from */
#define G_INTS (1 + G_PER * LW_GROUP_FORCE + 1 + 2 + 2 + 1)

void lw_groups_reset(struct lw_groups *g)
{
	memset(g, 0, sizeof *g);
	for (int i = 0; i < LW_GROUP_FORCE; i++)
		g->unit[i] = -1;
	g->camp_co[0] = g->camp_co[1] = -1;
	g->camp_now = -1;
}

void lw_groups_new_force(struct lw_groups *g)
{
	for (int i = 0; i < LW_GROUP_FORCE; i++) {
		g->unit[i] = -1;
		g->hex[i] = g->from[i] = 0;
		g->wait[i] = g->moved[i] = g->max_move[i] = g->limits[i] = 0;
	}
	g->n = 0;
}

int lw_groups_waiting(const struct lw_groups *g)
{
	int n = 0;
	for (int i = 0; i < g->n; i++)
		n += g->wait[i] != 0;
	return n;
}

int lw_groups_find(const struct lw_groups *g, int u)
{
	for (int i = 0; i < g->n; i++)
		if (g->unit[i] == u)
			return i;
	return -1;
}

bool lw_groups_add(struct lw_groups *g, int u)
{
	if (lw_groups_find(g, u) >= 0)
		return true;
	if (g->n >= LW_GROUP_FORCE)
		return false;
	g->unit[g->n] = (int16_t)u;
	g->wait[g->n] = 0;
	g->moved[g->n] = 0;
	g->max_move[g->n] = 0;
	g->limits[g->n] = 0;
	g->hex[g->n] = 0;
	g->from[g->n] = 0;
	g->n++;
	return true;
}

static void groups_ints(const struct lw_groups *g, long long *v)
{
	int k = 0;
	v[k++] = g->n;
	for (int i = 0; i < LW_GROUP_FORCE; i++) {
		v[k++] = g->unit[i];
		v[k++] = g->wait[i];
		v[k++] = g->moved[i];
		v[k++] = g->max_move[i];
		v[k++] = g->limits[i];
		v[k++] = g->hex[i];
		v[k++] = g->from[i];
	}
	v[k++] = g->camp_n;
	v[k++] = g->camp_co[0];
	v[k++] = g->camp_co[1];
	v[k++] = g->camp_region[0];
	v[k++] = g->camp_region[1];
	v[k++] = g->camp_now;
}

json_t *lw_groups_save(const struct lw_groups *g)
{
	long long v[G_INTS];
	groups_ints(g, v);
	return lw_ints_json(v, G_INTS);
}

void lw_groups_save_text(struct tg_jw *w, const struct lw_groups *g)
{
	long long v[G_INTS];
	groups_ints(g, v);
	lw_ints_text(w, v, G_INTS);
}

static bool in(long long x, long long lo, long long hi)
{
	return x >= lo && x <= hi;
}

int lw_groups_load(struct lw_groups *g, const json_t *saved, int n_units)
{
	lw_groups_reset(g);
	if (!saved)
		return 0; /* a save from before separate groups: none waiting */
	long long v[G_INTS];
	if (lw_ints_read(saved, v, G_INTS) != 0)
		return -1;
	struct lw_groups n;
	lw_groups_reset(&n);
	int k = 0;
	if (!in(v[k], 0, LW_GROUP_FORCE))
		return -1;
	n.n = (uint8_t)v[k++];
	for (int i = 0; i < LW_GROUP_FORCE; i++) {
		if (!in(v[k], -1, n_units - 1) || (i < n.n && v[k] < 0) || !in(v[k + 1], 0, 1) ||
		    !in(v[k + 2], 0, 9) || !in(v[k + 3], 0, 9) || !in(v[k + 4], 0, 7) ||
		    !in(v[k + 5], 0, 9999) || !in(v[k + 6], 0, 9999))
			return -1;
		n.unit[i] = (int16_t)v[k++];
		n.wait[i] = (uint8_t)v[k++];
		n.moved[i] = (uint8_t)v[k++];
		n.max_move[i] = (uint8_t)v[k++];
		n.limits[i] = (uint8_t)v[k++];
		n.hex[i] = (int16_t)v[k++];
		n.from[i] = (int16_t)v[k++];
	}
	if (!in(v[k], 0, 2) || !in(v[k + 1], -1, n_units - 1) || !in(v[k + 2], -1, n_units - 1) ||
	    !in(v[k + 3], 0, 5) || !in(v[k + 4], 0, 5) || !in(v[k + 5], -1, 1))
		return -1;
	n.camp_n = (uint8_t)v[k++];
	n.camp_co[0] = (int16_t)v[k++];
	n.camp_co[1] = (int16_t)v[k++];
	n.camp_region[0] = (int8_t)v[k++];
	n.camp_region[1] = (int8_t)v[k++];
	n.camp_now = (int8_t)v[k++];
	*g = n;
	return 0;
}
