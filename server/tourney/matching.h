/* matching.h — maximum-weight matching in a general graph (Edmonds' blossom
 * algorithm with dual variables, O(n^3)), the engine behind Swiss pairing.
 *
 * A C port of Joris van Rantwijk's public-domain reference implementation
 * (mwmatching.py, after Galil, "Efficient algorithms for finding maximum
 * matching in graphs", 1986). No Debian-packaged C library does weighted
 * matching on non-bipartite graphs (igraph weighs bipartite graphs only;
 * LEMON is C++), so this is the one algorithm the project writes by hand; its
 * test compares it with exhaustive search on thousands of random graphs.
 *
 * Weights are integers, so every computation is exact. With max_cardinality
 * the result is the heaviest among the matchings of the largest size: the
 * Swiss pairer relies on that to pair everybody it can before weighing how. */
#ifndef TG_TOURNEY_MATCHING_H
#define TG_TOURNEY_MATCHING_H

#include <stdbool.h>
#include <stdint.h>

struct tg_match_edge {
	int u, v;  /* vertices 0..n-1, u != v */
	int64_t w; /* weight; |w| <= TG_MATCH_WEIGHT_MAX */
};

/* Weights stay below this so that the duals (sums of a few weights) cannot
 * overflow int64_t. */
#define TG_MATCH_WEIGHT_MAX ((int64_t)1 << 60)

/* Fills mate[0..n-1] with each vertex's partner, or -1 if unmatched.
 * Returns 0, or -1 on allocation failure or an invalid edge. */
int tg_max_weight_matching(int n, const struct tg_match_edge *edges, int nedges,
                           bool max_cardinality, int *mate);

#endif
