/* test_tourney_matching.c — the blossom matching against exhaustive search:
 * thousands of random graphs (up to 12 vertices, sparse and dense, weights
 * of both signs, ties), in both modes; the matching must be valid and as
 * heavy as the best one the search finds (and, with max_cardinality, as
 * large). Plus the graphs that exercise blossoms on purpose. */
#include "tap.h"
#include "tourney/matching.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXV 12

static int64_t W[MAXV][MAXV];
static bool E[MAXV][MAXV];

struct best {
	int card;
	int64_t weight;
};

static bool better(struct best a, struct best b, bool maxcard)
{
	if (maxcard && a.card != b.card)
		return a.card > b.card;
	return a.weight > b.weight;
}

/* The best matching of the vertices not in `used`, by trying, for the
 * lowest free vertex, "unmatched" and every partner. */
static struct best search(int n, unsigned used, bool maxcard)
{
	int v = 0;
	while (v < n && (used >> v & 1))
		v++;
	if (v >= n)
		return (struct best){0, 0};
	struct best b = search(n, used | 1u << v, maxcard);
	for (int u = v + 1; u < n; u++) {
		if ((used >> u & 1) || !E[v][u])
			continue;
		struct best r = search(n, used | 1u << v | 1u << u, maxcard);
		r.card++;
		r.weight += W[v][u];
		if (better(r, b, maxcard))
			b = r;
	}
	return b;
}

static uint64_t rng = 88172645463325252ull;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static bool check_graph(int n, const struct tg_match_edge *e, int ne, bool maxcard)
{
	int mate[MAXV];
	if (tg_max_weight_matching(n, e, ne, maxcard, mate) < 0)
		return false;
	struct best got = {0, 0};
	for (int v = 0; v < n; v++) {
		if (mate[v] < 0)
			continue;
		if (mate[v] >= n || mate[mate[v]] != v || !E[v][mate[v]])
			return false;
		if (v < mate[v]) {
			got.card++;
			got.weight += W[v][mate[v]];
		}
	}
	struct best want = search(n, 0, maxcard);
	return got.card == want.card || !maxcard ? got.weight == want.weight : false;
}

static int build(int n, int density, int wmin, int wmax, struct tg_match_edge *e)
{
	int ne = 0;
	memset(E, 0, sizeof E);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			if ((int)rnd(100) >= density)
				continue;
			int64_t w = wmin + (int64_t)rnd((unsigned)(wmax - wmin + 1));
			E[i][j] = E[j][i] = true;
			W[i][j] = W[j][i] = w;
			e[ne++] = (struct tg_match_edge){rnd(2) ? i : j, 0, w};
			e[ne - 1].v = e[ne - 1].u == i ? j : i;
		}
	return ne;
}

int main(void)
{
	struct tg_match_edge e[MAXV * MAXV];
	int failures = 0, graphs = 0;
	for (int t = 0; t < 6000; t++) {
		int n = 2 + (int)rnd(MAXV - 1);
		int density = 20 + (int)rnd(81);
		int wmax = t % 3 == 0 ? 3 : t % 3 == 1 ? 100 : 1000000; /* small: many ties */
		int wmin = t % 4 == 0 ? -wmax : 0;
		int ne = build(n, density, wmin, wmax, e);
		bool maxcard = t % 2;
		graphs++;
		if (!check_graph(n, e, ne, maxcard) && failures++ < 5)
			CHECKF(false, "graph %d: n %d, %d edges, maxcard %d", t, n, ne, maxcard);
	}
	CHECKF(failures == 0, "%d of %d random graphs wrong", failures, graphs);

	/* A blossom: the odd cycle 0-1-2 with a stem 2-3 and a tail 0-4.
	 * Best: 1-2 and 0-4 (13), over 0-4 and 2-3 (12) and 0-1 and 2-3 (11). */
	memset(E, 0, sizeof E);
	struct tg_match_edge b[] = {{0, 1, 5}, {1, 2, 7}, {2, 0, 5}, {2, 3, 6}, {0, 4, 6}};
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
		E[b[i].u][b[i].v] = E[b[i].v][b[i].u] = true;
		W[b[i].u][b[i].v] = W[b[i].v][b[i].u] = b[i].w;
	}
	int mate[5];
	CHECK(tg_max_weight_matching(5, b, 5, false, mate) == 0);
	CHECK(mate[0] == 4 && mate[1] == 2 && mate[3] == -1);
	CHECK(check_graph(5, b, 5, true));

	/* mwmatching.py's own test cases (the nested and expanding blossoms). */
	struct tg_match_edge s1[] = {{1, 2, 9}, {1, 3, 8}, {2, 3, 10},
	                             {1, 4, 5}, {4, 5, 4}, {1, 6, 3}};
	int m6[7];
	CHECK(tg_max_weight_matching(7, s1, 6, false, m6) == 0);
	CHECK(m6[1] == 6 && m6[2] == 3 && m6[4] == 5 && m6[0] == -1);
	struct tg_match_edge s2[] = {{1, 2, 23}, {1, 5, 22}, {1, 6, 15}, {2, 3, 25},
	                             {3, 4, 22}, {4, 5, 25}, {4, 8, 14}, {5, 7, 13}};
	int m8[9];
	CHECK(tg_max_weight_matching(9, s2, 8, false, m8) == 0);
	CHECK(m8[1] == 6 && m8[2] == 3 && m8[4] == 8 && m8[5] == 7);
	struct tg_match_edge s3[] = {{1, 2, 45}, {1, 5, 45}, {2, 3, 50}, {3, 4, 45}, {4, 5, 50},
	                             {1, 6, 30}, {3, 9, 35}, {4, 8, 35}, {5, 7, 26}, {9, 10, 5}};
	int m11[11];
	CHECK(tg_max_weight_matching(11, s3, 10, false, m11) == 0);
	CHECK(m11[1] == 6 && m11[2] == 3 && m11[4] == 8 && m11[5] == 7 && m11[9] == 10);

	/* Bad input is refused, not crashed on. */
	struct tg_match_edge bad[] = {{0, 0, 1}};
	CHECK(tg_max_weight_matching(2, bad, 1, false, mate) == -1);
	struct tg_match_edge out_of_range[] = {{0, 5, 1}};
	CHECK(tg_max_weight_matching(2, out_of_range, 1, false, mate) == -1);
	return tap_done();
}
