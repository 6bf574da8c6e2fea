/* areagraph.c — area adjacency with boundary types (areagraph.h). */
#include <string.h>

#include "kit/areagraph.h"

int tg_areagraph_init(struct tg_areagraph *g, int n)
{
	if (n < 1 || n > TG_AREA_MAX)
		return -1;
	memset(g, 0, sizeof *g);
	g->n = n;
	return 0;
}

bool tg_area_valid(const struct tg_areagraph *g, int a)
{
	return a >= 1 && a <= g->n;
}

const struct tg_area_edge *tg_areagraph_edge(const struct tg_areagraph *g, int a, int b)
{
	if (!tg_area_valid(g, a) || !tg_area_valid(g, b))
		return NULL;
	for (int i = 0; i < g->degree[a]; i++)
		if (g->edge[a][i].to == b)
			return &g->edge[a][i];
	return NULL;
}

bool tg_areagraph_adjacent(const struct tg_areagraph *g, int a, int b)
{
	return tg_areagraph_edge(g, a, b) != NULL;
}

int tg_areagraph_add(struct tg_areagraph *g, int a, int b, enum tg_boundary type, bool road,
                     int bridge)
{
	if (!tg_area_valid(g, a) || !tg_area_valid(g, b) || a == b)
		return -1;
	if ((int)type < TG_BOUNDARY_OPEN || type > TG_BOUNDARY_MAJOR)
		return -1;
	if (bridge < -1 || bridge > 127 || (type == TG_BOUNDARY_MAJOR && bridge < 0))
		return -1;
	if (tg_areagraph_adjacent(g, a, b))
		return -1;
	if (g->degree[a] >= TG_AREA_DEGREE || g->degree[b] >= TG_AREA_DEGREE)
		return -1;
	struct tg_area_edge e = {.to = (unsigned char)b,
	                         .type = (unsigned char)type,
	                         .road = road,
	                         .bridge = (signed char)bridge};
	g->edge[a][g->degree[a]++] = e;
	e.to = (unsigned char)a;
	g->edge[b][g->degree[b]++] = e;
	return 0;
}

int tg_areagraph_neighbours(const struct tg_areagraph *g, int a, int out[TG_AREA_DEGREE])
{
	if (!tg_area_valid(g, a))
		return 0;
	for (int i = 0; i < g->degree[a]; i++)
		out[i] = g->edge[a][i].to;
	return g->degree[a];
}

bool tg_areagraph_reach(const struct tg_areagraph *g, int from, int to, const bool *allowed,
                        bool (*cross)(const void *ctx, int a, const struct tg_area_edge *e),
                        const void *ctx)
{
	if (!tg_area_valid(g, from) || !tg_area_valid(g, to) || !allowed[from] || !allowed[to])
		return false;
	bool seen[TG_AREA_MAX + 1] = {false};
	int queue[TG_AREA_MAX], head = 0, tail = 0;
	queue[tail++] = from;
	seen[from] = true;
	while (head < tail) {
		int a = queue[head++];
		if (a == to)
			return true;
		for (int i = 0; i < g->degree[a]; i++) {
			const struct tg_area_edge *e = &g->edge[a][i];
			if (seen[e->to] || !allowed[e->to] || (cross && !cross(ctx, a, e)))
				continue;
			seen[e->to] = true;
			queue[tail++] = e->to; /* each area enters once: tail <= n */
		}
	}
	return false;
}

static const char *const names[] = {"open", "minor", "major"};

int tg_boundary_parse(const char *s)
{
	for (int i = 0; i < 3; i++)
		if (s && strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

const char *tg_boundary_name(enum tg_boundary t)
{
	return (int)t >= 0 && t <= TG_BOUNDARY_MAJOR ? names[t] : "?";
}
