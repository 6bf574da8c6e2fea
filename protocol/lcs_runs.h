/* lcs_runs.h — the alignment of two array middles that JSON Patch diffs
 * share: tg_json_patch_diff (on the elements' values) and the kit's view
 * sections (server/games/kit/view_items.c, on the elements' stamps). One
 * walker, each caller's own equality and run emitter, so both give the same
 * operations for the same arrays by construction. */
#ifndef TG_PROTOCOL_LCS_RUNS_H
#define TG_PROTOCOL_LCS_RUNS_H

#include <stdbool.h>
#include <stddef.h>

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
bool tg_lcs_fits(size_t m, size_t k);

/* Aligns from [0, m) with to [0, k) by longest common subsequence (same is
 * asked once per pair) and calls run, in order, for each gap between kept
 * elements; ties prefer adds before removes. 0, or -1 when out of memory
 * (nothing run). */
int tg_lcs_runs(size_t m, size_t k, tg_lcs_same_fn same, tg_lcs_run_fn run, void *ctx);

#endif
