/* lcs_runs.c — see lcs_runs.h. */
#include "lcs_runs.h"

#include <stdint.h>
#include <stdlib.h>

bool tg_lcs_fits(size_t m, size_t k)
{
	return m && k && m <= TG_LCS_MAX_CELLS / k;
}

int tg_lcs_runs(size_t m, size_t k, tg_lcs_same_fn same, tg_lcs_run_fn run, void *ctx)
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
