/* test_lcs_runs.c — tg_lcs_runs (protocol/lcs_runs.h), the alignment that
 * both JSON Patch diffs share, fills its table only on a band of diagonals
 * (issue 17: the log, a window that slides by a line or two, filled the
 * whole 48 x 48 table for one remove and one add). Its runs must be those
 * of the whole table's walk, byte for byte the same patches: here they are
 * compared, run by run, with that walk (written out below as it was) on
 * random pairs of sequences: unrelated ones over small and large
 * alphabets (many equal elements, or none), one edited from the other
 * (elements inserted, removed, changed), windows slid by a few elements,
 * rotations, and lengths from 1 up to the table's bound. And each pair of
 * elements is asked about at most twice, and a window slid by one fills
 * a few diagonals, not the table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcs_runs.h"
#include "tap.h"

#define MAXN 300

static uint64_t rnd = 0x2545f4914f6cdd1dull;
static uint32_t below(uint32_t n)
{
	rnd ^= rnd << 13;
	rnd ^= rnd >> 7;
	rnd ^= rnd << 17;
	return (uint32_t)(rnd % n);
}

struct pair {
	size_t m, k;
	int a[MAXN], b[MAXN];
	unsigned char asked[MAXN][MAXN];
	long cells;
	int runs[4 * MAXN + 8][4];
	size_t nruns;
	bool overflow;
};

static bool same(void *ctx, size_t i, size_t j)
{
	struct pair *p = ctx;
	if (p->asked[i][j] < 255)
		p->asked[i][j]++;
	p->cells++;
	return p->a[i] == p->b[j];
}

static void run(void *ctx, size_t ai, size_t dels, size_t bj, size_t adds)
{
	struct pair *p = ctx;
	if (p->nruns >= sizeof p->runs / sizeof *p->runs) {
		p->overflow = true;
		return;
	}
	int *r = p->runs[p->nruns++];
	r[0] = (int)ai;
	r[1] = (int)dels;
	r[2] = (int)bj;
	r[3] = (int)adds;
}

/* The whole table's walk, as lcs_runs.h wrote it before the band. */
static int whole_runs(size_t m, size_t k, tg_lcs_same_fn eqf, tg_lcs_run_fn runf, void *ctx)
{
	size_t w = k + 1;
	uint32_t *len = calloc((m + 1) * w, sizeof *len);
	unsigned char *eq = calloc(m * k + 1, 1);
	if (!len || !eq) {
		free(len);
		free(eq);
		return -1;
	}
	for (size_t i = m; i-- > 0;)
		for (size_t j = k; j-- > 0;) {
			eq[i * k + j] = (unsigned char)eqf(ctx, i, j);
			uint32_t down = len[(i + 1) * w + j], right = len[i * w + j + 1];
			len[i * w + j] = eq[i * k + j] ? len[(i + 1) * w + j + 1] + 1
			                               : (down > right ? down : right);
		}
	size_t i = 0, j = 0, ri = 0, rj = 0, dels = 0, adds = 0;
	while (i < m || j < k) {
		if (i < m && j < k && eq[i * k + j]) {
			if (dels || adds)
				runf(ctx, ri, dels, rj, adds);
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
		runf(ctx, ri, dels, rj, adds);
	free(len);
	free(eq);
	return 0;
}

static struct pair band, whole;
static long failures, checked, twice;

/* band and whole hold the same sequences: compares the two walks. */
static void compare(const char *what)
{
	band.nruns = whole.nruns = 0;
	band.cells = whole.cells = 0;
	band.overflow = whole.overflow = false;
	for (size_t i = 0; i < band.m; i++) /* only the pairs asked about */
		memset(band.asked[i], 0, band.k);
	int rb = tg_lcs_runs(band.m, band.k, same, run, &band);
	int rw = whole_runs(whole.m, whole.k, same, run, &whole);
	bool ok = rb == 0 && rw == 0 && !band.overflow && !whole.overflow &&
	          band.nruns == whole.nruns &&
	          memcmp(band.runs, whole.runs, band.nruns * sizeof *band.runs) == 0;
	for (size_t i = 0; i < band.m; i++)
		for (size_t j = 0; j < band.k; j++)
			twice += band.asked[i][j] > 2;
	checked++;
	if (!ok && failures++ < 5) {
		printf("# %s, %zu x %zu: %zu runs, whole table %zu\n", what, band.m, band.k,
		       band.nruns, whole.nruns);
		for (size_t r = 0; r < band.nruns || r < whole.nruns; r++)
			printf("#   %d %d %d %d | %d %d %d %d\n", band.runs[r][0], band.runs[r][1],
			       band.runs[r][2], band.runs[r][3], whole.runs[r][0], whole.runs[r][1],
			       whole.runs[r][2], whole.runs[r][3]);
	}
}

static void set(const int *a, size_t m, const int *b, size_t k)
{
	band.m = whole.m = m;
	band.k = whole.k = k;
	memcpy(band.a, a, m * sizeof *a);
	memcpy(whole.a, a, m * sizeof *a);
	memcpy(band.b, b, k * sizeof *b);
	memcpy(whole.b, b, k * sizeof *b);
}

int main(void)
{
	static int a[MAXN], b[MAXN];
	/* unrelated sequences: alphabets of 2, 5 and 1,000 */
	const uint32_t alpha[] = {2, 5, 1000};
	for (int n = 0; n < 1500; n++) {
		size_t m = 1 + below(60), k = 1 + below(60);
		uint32_t s = alpha[n % 3];
		for (size_t i = 0; i < m; i++)
			a[i] = (int)below(s);
		for (size_t j = 0; j < k; j++)
			b[j] = (int)below(s);
		set(a, m, b, k);
		compare("unrelated");
	}
	/* one edited from the other */
	for (int n = 0; n < 1500; n++) {
		size_t m = 1 + below(200);
		uint32_t s = alpha[n % 3];
		for (size_t i = 0; i < m; i++)
			a[i] = (int)below(s);
		size_t k = 0;
		for (size_t i = 0; i < m && k < MAXN - 4; i++) {
			uint32_t e = below(40);
			if (e == 0)
				continue; /* removed */
			if (e == 1)
				b[k++] = (int)below(s); /* one inserted before */
			b[k++] = e == 2 ? (int)below(s) : a[i];
		}
		if (k == 0)
			b[k++] = 7;
		if (m * k <= TG_LCS_MAX_CELLS) {
			set(a, m, b, k);
			compare("edited");
		}
	}
	/* windows slid by d (the log), and rotations */
	long slid_cells = 0, slid = 0;
	for (int n = 0; n < 1000; n++) {
		size_t m = 2 + below(100), d = 1 + below(n % 4 == 0 ? 40 : 3);
		uint32_t s = n % 2 ? 1000000 : 4;
		for (size_t i = 0; i < m + d; i++)
			a[i] = (int)below(s);
		if (d >= m)
			d = m - 1;
		if (n % 5 == 4) { /* rotated by d */
			for (size_t i = 0; i < m; i++)
				b[i] = a[(i + d) % m];
			set(a, m, b, m);
			compare("rotated");
			continue;
		}
		set(a, m, a + d, m); /* d dropped first, d added last */
		compare("slid");
		if (d == 1 && s == 1000000) {
			slid_cells += band.cells;
			slid += (long)(m * m);
		}
	}
	/* lengths up to the table's bound, and one element against many */
	for (int n = 0; n < 40; n++) {
		size_t m = n % 2 ? 256 : 1 + below(8), k = TG_LCS_MAX_CELLS / m;
		if (k > MAXN)
			k = MAXN;
		for (size_t i = 0; i < m; i++)
			a[i] = (int)below(n % 4 < 2 ? 3 : 100000);
		for (size_t j = 0; j < k; j++)
			b[j] = j < m && below(4) ? a[j] : (int)below(n % 4 < 2 ? 3 : 100000);
		set(a, m, b, k);
		compare("long");
		set(b, k, a, m);
		compare("long, turned");
	}
	CHECKF(failures == 0, "%ld of %ld alignments give the whole table's runs",
	       checked - failures, checked);
	CHECKF(twice == 0, "no pair of elements asked about more than twice (%ld were)", twice);
	CHECKF(slid > 0 && slid_cells * 4 < slid,
	       "a window slid by one fills a few diagonals: %ld cells of %ld", slid_cells, slid);
	return tap_done();
}
