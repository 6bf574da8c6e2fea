/* standings.c — see standings.h. Direct encounter depends on who else is
 * tied, so the sort runs twice: first on the keys before it, then, with
 * each tied run's mutual points filled in, on every key. */
#include "tourney/standings.h"

#include <stdlib.h>
#include <string.h>

const char *tg_tiebreak_name(enum tg_tiebreak tb)
{
	static const char *const names[TG_TB_COUNT] = {"buchholz", "buchholz_cut1",
	                                               "sonneborn_berger", "direct", "wins"};
	return (unsigned)tb < TG_TB_COUNT ? names[tb] : "?";
}

struct sort_ctx {
	struct tg_standing s;
	const enum tg_tiebreak *order;
	int nkeys; /* how many of order to compare */
};

static int cmp_keys(const struct tg_standing *x, const struct tg_standing *y,
                    const enum tg_tiebreak *order, int nkeys)
{
	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	for (int k = 0; k < nkeys; k++) {
		double a = x->tb[order[k]], b = y->tb[order[k]];
		if (a != b)
			return a > b ? -1 : 1;
	}
	return 0;
}

static int cmp_sort(const void *pa, const void *pb)
{
	const struct sort_ctx *x = pa, *y = pb;
	int c = cmp_keys(&x->s, &y->s, x->order, x->nkeys);
	return c ? c : x->s.player - y->s.player;
}

static bool valid(const struct tg_result *r, int n)
{
	return r->a >= 0 && r->a < n && r->b >= -1 && r->b < n && r->b != r->a && r->score_a >= 0 &&
	       r->score_a <= 1;
}

int tg_standings(int n, const struct tg_result *results, int nresults,
                 const enum tg_tiebreak *order, int norder, struct tg_standing *out)
{
	if (n < 0 || norder < 0 || norder > TG_TB_COUNT)
		return -1;
	for (int i = 0; i < nresults; i++)
		if (!valid(&results[i], n))
			return -1;
	double *lowest = malloc((size_t)(n > 0 ? n : 1) * sizeof *lowest);
	int *games = calloc((size_t)(n > 0 ? n : 1), sizeof *games);
	struct sort_ctx *c = malloc((size_t)(n > 0 ? n : 1) * sizeof *c);
	if (!lowest || !games || !c) {
		free(lowest);
		free(games);
		free(c);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof out[i]);
		out[i].player = i;
	}
	for (int i = 0; i < nresults; i++) {
		const struct tg_result *r = &results[i];
		if (r->b < 0) {
			out[r->a].points += 1;
			continue;
		}
		out[r->a].points += r->score_a;
		out[r->b].points += 1 - r->score_a;
		out[r->a].tb[TG_TB_WINS] += r->score_a == 1;
		out[r->b].tb[TG_TB_WINS] += r->score_a == 0;
	}
	for (int i = 0; i < nresults; i++) {
		const struct tg_result *r = &results[i];
		if (r->b < 0)
			continue;
		int side[2] = {r->a, r->b};
		double score[2] = {r->score_a, 1 - r->score_a};
		for (int s = 0; s < 2; s++) {
			struct tg_standing *me = &out[side[s]];
			double opp = out[side[1 - s]].points;
			me->tb[TG_TB_BUCHHOLZ] += opp;
			me->tb[TG_TB_SONNEBORN_BERGER] += score[s] * opp;
			if (games[side[s]]++ == 0 || opp < lowest[side[s]])
				lowest[side[s]] = opp;
		}
	}
	for (int i = 0; i < n; i++)
		out[i].tb[TG_TB_BUCHHOLZ_CUT1] =
		    out[i].tb[TG_TB_BUCHHOLZ] - (games[i] > 0 ? lowest[i] : 0);

	/* Sort on the keys before direct encounter, then fill it in per run. */
	int de = norder;
	for (int k = 0; k < norder; k++)
		if (order[k] == TG_TB_DIRECT) {
			de = k;
			break;
		}
	for (int i = 0; i < n; i++)
		c[i] = (struct sort_ctx){out[i], order, de};
	qsort(c, (size_t)n, sizeof *c, cmp_sort);
	if (de < norder) {
		for (int i = 0; i < n;) {
			int j = i + 1;
			while (j < n && cmp_keys(&c[i].s, &c[j].s, order, de) == 0)
				j++;
			if (j - i > 1) {
				for (int q = 0; q < nresults; q++) {
					const struct tg_result *r = &results[q];
					if (r->b < 0)
						continue;
					int ia = -1, ib = -1;
					for (int t = i; t < j; t++) {
						if (c[t].s.player == r->a)
							ia = t;
						if (c[t].s.player == r->b)
							ib = t;
					}
					if (ia >= 0 && ib >= 0) {
						c[ia].s.tb[TG_TB_DIRECT] += r->score_a;
						c[ib].s.tb[TG_TB_DIRECT] += 1 - r->score_a;
					}
				}
			}
			i = j;
		}
	}
	for (int i = 0; i < n; i++)
		c[i].nkeys = norder;
	qsort(c, (size_t)n, sizeof *c, cmp_sort);
	for (int i = 0; i < n; i++) {
		out[i] = c[i].s;
		out[i].rank = i > 0 && cmp_keys(&out[i - 1], &out[i], order, norder) == 0
		                  ? out[i - 1].rank
		                  : i + 1;
	}
	free(lowest);
	free(games);
	free(c);
	return 0;
}
