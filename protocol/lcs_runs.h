/* lcs_runs.h — the alignment of two array middles that JSON Patch diffs
 * share: tg_json_patch_diff (on the elements' values) and the kit's view
 * sections (server/games/kit/view_items.c, on the elements' stamps). One
 * walker, each caller's own equality and run emitter, so both give the same
 * operations for the same arrays by construction. Static inline, so that
 * each caller's equality, called once per table cell, is inlined where it is
 * known: as a function called through pointers it cost the view sections'
 * diff 17 % more than the copy it replaced (callgrind, bench_views 300). */
#ifndef TG_PROTOCOL_LCS_RUNS_H
#define TG_PROTOCOL_LCS_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Largest LCS table (middle length of from x middle length of to); a larger
 * middle is taken as one run. */
#define TG_LCS_MAX_CELLS 65536

/* Whether from element i equals to element j (indices into the middles). */
typedef bool (*tg_lcs_same_fn)(void *ctx, size_t i, size_t j);

/* One run of changes: the document holds from [ai, ai+dels) at position bj
 * of the middle and must hold to [bj, bj+adds) there. */
typedef void (*tg_lcs_run_fn)(void *ctx, size_t ai, size_t dels, size_t bj, size_t adds);

/* Whether a middle of m x k elements is aligned by LCS (m, k > 0 and the
 * table within TG_LCS_MAX_CELLS). */
static inline bool tg_lcs_fits(size_t m, size_t k)
{
	return m && k && m <= TG_LCS_MAX_CELLS / k;
}

/* Aligns from [0, m) with to [0, k) by longest common subsequence (same is
 * asked once per pair) and calls run, in order, for each gap between kept
 * elements; ties prefer adds before removes. 0, or -1 when out of memory
 * (nothing run). */
static inline int tg_lcs_runs(size_t m, size_t k, tg_lcs_same_fn same, tg_lcs_run_fn run, void *ctx)
{
	size_t w = k + 1;
	uint32_t *len = calloc((m + 1) * w, sizeof *len);
	unsigned char *eq = calloc(m * k + 1, 1);
	if (!len || !eq) {
		free(len);
		free(eq);
		return -1;
	}
	/* len[i][j]: the LCS length of from [i, m) and to [j, k). */
	for (size_t i = m; i-- > 0;)
		for (size_t j = k; j-- > 0;) {
			eq[i * k + j] = (unsigned char)same(ctx, i, j);
			uint32_t down = len[(i + 1) * w + j], right = len[i * w + j + 1];
			len[i * w + j] = eq[i * k + j] ? len[(i + 1) * w + j + 1] + 1
			                               : (down > right ? down : right);
		}
	size_t i = 0, j = 0, ri = 0, rj = 0, dels = 0, adds = 0;
	while (i < m || j < k) {
		if (i < m && j < k && eq[i * k + j]) {
			if (dels || adds)
				run(ctx, ri, dels, rj, adds);
			dels = adds = 0;
			i++;
			j++;
			continue;
		}
		if (!dels && !adds) {
			ri = i;
			rj = j;
		}
		if (j < k && (i == m || len[i * w + j + 1] >= len[(i + 1) * w + j])) {
			adds++;
			j++;
		} else {
			dels++;
			i++;
		}
	}
	if (dels || adds)
		run(ctx, ri, dels, rj, adds);
	free(len);
	free(eq);
	return 0;
}

#endif
