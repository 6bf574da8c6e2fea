/* bench_swiss.c — the time to pair one Swiss round and to compute its
 * standings with every tiebreak (issue 20's figure: under one second for
 * 1,000 players). Plays `rounds` random rounds first so that the score
 * groups, histories and sides are those of a real event, then times the
 * next round's pairing. Prints `name value` lines for run_bench.py.
 *   bench_swiss [players] [rounds]        (defaults 1000 and 6) */
#include "tourney/standings.h"
#include "tourney/swiss.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXR 32

struct pl {
	double score;
	int sides[2], last_side, opp[MAXR], nopp;
	bool bye;
};

/* CPU time of this process: the figure a loaded, shared box cannot inflate
 * the way it inflates wall time (the box is shared while benchmarks run). */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000, rounds = argc > 2 ? atoi(argv[2]) : 6;
	if (n < 2 || n > TG_SWISS_MAX_PLAYERS || rounds < 1 || rounds >= MAXR) {
		fprintf(stderr, "usage: bench_swiss [2-%d players] [1-%d rounds]\n",
		        TG_SWISS_MAX_PLAYERS, MAXR - 1);
		return 2;
	}
	struct pl *p = calloc((size_t)n, sizeof *p);
	struct tg_swiss_player *sp = calloc((size_t)n, sizeof *sp);
	struct tg_pair *pairs = calloc((size_t)n, sizeof *pairs);
	struct tg_result *res = calloc((size_t)n * MAXR, sizeof *res);
	struct tg_standing *st = calloc((size_t)n, sizeof *st);
	if (!p || !sp || !pairs || !res || !st)
		return 1;
	srand(7);
	for (int i = 0; i < n; i++)
		p[i].last_side = -1;
	int nres = 0;
	double worst = 0, last = 0;
	for (int r = 0; r <= rounds; r++) {
		for (int i = 0; i < n; i++)
			sp[i] = (struct tg_swiss_player){i,
			                                 p[i].score,
			                                 1000 + (n - i),
			                                 {p[i].sides[0], p[i].sides[1]},
			                                 p[i].last_side,
			                                 p[i].bye,
			                                 p[i].opp,
			                                 p[i].nopp};
		double t0 = now();
		int np = tg_swiss_pair_round(sp, n, pairs);
		last = now() - t0;
		if (last > worst)
			worst = last;
		if (np < 0)
			return 1;
		for (int k = 0; k < np; k++) {
			int a = pairs[k].side0, b = pairs[k].side1;
			if (b < 0) {
				p[a].score += 1;
				p[a].bye = true;
				res[nres++] = (struct tg_result){a, -1, 1, false};
				continue;
			}
			double sa = rand() % 2;
			p[a].score += sa;
			p[b].score += 1 - sa;
			p[a].sides[0]++;
			p[b].sides[1]++;
			p[a].last_side = 0;
			p[b].last_side = 1;
			p[a].opp[p[a].nopp++] = b;
			p[b].opp[p[b].nopp++] = a;
			res[nres++] = (struct tg_result){a, b, sa, false};
		}
	}
	const enum tg_tiebreak order[] = {TG_TB_BUCHHOLZ_CUT1, TG_TB_BUCHHOLZ,
	                                  TG_TB_SONNEBORN_BERGER, TG_TB_DIRECT, TG_TB_WINS};
	double t0 = now();
	if (tg_standings(n, res, nres, order, 5, st) < 0)
		return 1;
	double tst = now() - t0;
	printf("swiss_players %d\n", n);
	printf("swiss_round %d\n", rounds + 1);
	printf("swiss_pair_cpu_ms %.1f\n", last * 1000);
	printf("swiss_pair_worst_cpu_ms %.1f\n", worst * 1000);
	printf("swiss_standings_cpu_ms %.2f\n", tst * 1000);
	free(p);
	free(sp);
	free(pairs);
	free(res);
	free(st);
	return 0;
}
