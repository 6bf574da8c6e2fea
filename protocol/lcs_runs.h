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

/* The LCS table of tg_lcs_runs, kept only on a band of diagonals: the
 * cells (i, j) with lo <= j - i <= hi (all of them when full). Its value at
 * (i, j) is the LCS length of from [i, m) and to [j, k); a cell outside the
 * band, or past the table's end, reads 0. */
struct tg_lcs_band {
	size_t m, k, w;
	ptrdiff_t lo, hi;
	bool full;
	uint32_t *len;
	unsigned char *eq;
};

static inline size_t tg_lcs_band_at(const struct tg_lcs_band *b, size_t i, size_t j)
{
	return b->full ? i * b->k + j : i * b->w + (size_t)((ptrdiff_t)j - (ptrdiff_t)i - b->lo);
}

static inline bool tg_lcs_band_has(const struct tg_lcs_band *b, size_t i, size_t j)
{
	ptrdiff_t d = (ptrdiff_t)j - (ptrdiff_t)i;
	return i < b->m && j < b->k && (b->full || (d >= b->lo && d <= b->hi));
}

static inline uint32_t tg_lcs_band_len(const struct tg_lcs_band *b, size_t i, size_t j)
{
	return tg_lcs_band_has(b, i, j) ? b->len[tg_lcs_band_at(b, i, j)] : 0;
}

/* Fills the band's cells (same asked once for each); len and eq have room
 * for them. Returns the value at (0, 0). A cell's neighbours are found by
 * their distance in the layout: down-right (i+1, j+1) sd cells on, down
 * (i+1, j) sdown, right (i, j+1) the next one. */
static inline uint32_t tg_lcs_band_fill(struct tg_lcs_band *b, tg_lcs_same_fn same, void *ctx)
{
	const size_t m = b->m, k = b->k;
	const ptrdiff_t lo = b->full ? -(ptrdiff_t)m : b->lo, hi = b->full ? (ptrdiff_t)k : b->hi;
	const size_t sd = b->full ? k + 1 : b->w, sdown = b->full ? k : b->w - 1;
	uint32_t *len = b->len;
	unsigned char *eq = b->eq;
	for (size_t i = m; i-- > 0;) {
		ptrdiff_t jlo = (ptrdiff_t)i + lo, jhi = (ptrdiff_t)i + hi;
		if (jlo < 0)
			jlo = 0;
		if (jhi > (ptrdiff_t)k - 1)
			jhi = (ptrdiff_t)k - 1;
		if (jhi < jlo)
			continue;
		bool below = i + 1 < m;
		size_t at = tg_lcs_band_at(b, i, (size_t)jhi);
		for (ptrdiff_t j = jhi; j >= jlo; j--, at--) {
			ptrdiff_t d = j - (ptrdiff_t)i;
			bool e = same(ctx, i, (size_t)j);
			bool more = j + 1 < (ptrdiff_t)k; /* a column to the right */
			uint32_t v;
			if (e) {
				v = below && more ? len[at + sd] + 1 : 1;
			} else {
				uint32_t down = below && d - 1 >= lo ? len[at + sdown] : 0;
				uint32_t right = more && d + 1 <= hi ? len[at + 1] : 0;
				v = down > right ? down : right;
			}
			eq[at] = (unsigned char)e;
			len[at] = v;
		}
	}
	return tg_lcs_band_len(b, 0, 0);
}

/* Aligns from [0, m) with to [0, k) by longest common subsequence and calls
 * run, in order, for each gap between kept elements; ties prefer adds
 * before removes. 0, or -1 when out of memory (nothing run).
 *
 * The runs are those of the whole table's walk (len[i][j] the LCS length
 * of from [i, m) and to [j, k); from (0, 0): a match where the elements are
 * equal, else an add where len[i][j+1] >= len[i+1][j], else a remove), but
 * the table is filled only on a band of diagonals d = j - i (issue 17: the
 * log, a window of 48 lines that slides by one each action, filled 48 x 48
 * cells for one remove and one add; 10.9 M instructions of bench_views
 * 300, and 6.2 M more zeroing the tables). Why the band gives the same
 * walk: with L the LCS length, every cell on a path of L matches from
 * (0, 0) to (m, k) lies on a diagonal d in [-(m - L), k - L] (d counts the
 * adds so far less the removes); the band's value of such a cell is exact
 * when the band holds those diagonals (its best continuation is such a
 * path, and a cell outside reads 0, never more than its value); the walk
 * visits only such cells, and at each it compares a neighbour on such a
 * path (exact, the larger) with one that may read less than its value but
 * not more: the same choice. The band filled first is the diagonals
 * between 0 and k - m widened by TG_LCS_BAND on both sides; its value Lb
 * at (0, 0) is at most L, so when it holds [-(m - Lb), k - Lb] it holds
 * every cell on such a path; otherwise that band is filled instead, which
 * does. So same is asked at most twice for a pair. (A third
 * pass, the whole table, is there only so that the loop ends whatever.) */
#define TG_LCS_BAND 2
#define TG_LCS_STACK 1024 /* cells kept on the stack (the log's 48 x 5; issue 17: the offers' middles, up to 1,024 cells, took 24 mallocs of 1 KB and more, 0.52 M of bench_views 300's fan-out with the consolidation they paid) */

static inline int tg_lcs_runs(size_t m, size_t k, tg_lcs_same_fn same, tg_lcs_run_fn run, void *ctx)
{
	uint32_t slen[TG_LCS_STACK];
	unsigned char seq[TG_LCS_STACK];
	struct tg_lcs_band b = {.m = m, .k = k};
	ptrdiff_t lo = (k < m ? (ptrdiff_t)k - (ptrdiff_t)m : 0) - TG_LCS_BAND;
	ptrdiff_t hi = (k > m ? (ptrdiff_t)k - (ptrdiff_t)m : 0) + TG_LCS_BAND;
	for (int pass = 0;; pass++) {
		if (pass == 2) { /* never: the second band holds the walk */
			lo = -(ptrdiff_t)m;
			hi = (ptrdiff_t)k;
		}
		if (lo < -(ptrdiff_t)m)
			lo = -(ptrdiff_t)m;
		if (hi > (ptrdiff_t)k)
			hi = (ptrdiff_t)k;
		b.lo = lo;
		b.hi = hi;
		b.w = (size_t)(hi - lo + 1);
		b.full = b.w >= k;
		size_t cells = b.full ? m * k : m * b.w;
		if (cells <= TG_LCS_STACK) {
			b.len = slen;
			b.eq = seq;
		} else {
			b.len = malloc(cells * sizeof *b.len);
			b.eq = malloc(cells);
			if (!b.len || !b.eq) {
				free(b.len);
				free(b.eq);
				return -1;
			}
		}
		uint32_t lb = tg_lcs_band_fill(&b, same, ctx);
		ptrdiff_t need_lo = -((ptrdiff_t)m - (ptrdiff_t)lb);
		ptrdiff_t need_hi = (ptrdiff_t)k - (ptrdiff_t)lb;
		if (b.full || ((lo <= need_lo || lo == -(ptrdiff_t)m) &&
		               (hi >= need_hi || hi == (ptrdiff_t)k)))
			break;
		if (b.len != slen) {
			free(b.len);
			free(b.eq);
		}
		lo = need_lo;
		hi = need_hi;
	}
	size_t i = 0, j = 0, ri = 0, rj = 0, dels = 0, adds = 0;
	while (i < m || j < k) {
		if (tg_lcs_band_has(&b, i, j) && b.eq[tg_lcs_band_at(&b, i, j)]) {
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
		if (j < k &&
		    (i == m || tg_lcs_band_len(&b, i, j + 1) >= tg_lcs_band_len(&b, i + 1, j))) {
			adds++;
			j++;
		} else {
			dels++;
			i++;
		}
	}
	if (dels || adds)
		run(ctx, ri, dels, rj, adds);
	if (b.len != slen) {
		free(b.len);
		free(b.eq);
	}
	return 0;
}

#endif
