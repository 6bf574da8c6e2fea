/* swiss.c — one Swiss round as a maximum-weight matching (swiss.h gives the
 * criteria C1-C5; the weights below encode them). */
#include "tourney/swiss.h"

#include "tourney/matching.h"

#include <stdint.h>
#include <stdlib.h>

/* Each level's unit outweighs the largest possible total of every level
 * below it, summed over at most 512 pairs (2^9):
 *   C6 <= 3 a pair                -> total < 2^11 = C5's unit
 *   C5 <= 2 players a pair        -> total < 2^21 = C4's unit
 *   C4 <= 225 units a pair        -> total < 2^38 = C3's unit
 *   C3 <= 2 players a pair        -> total < 2^48 = C2's unit
 *   C2 <= 1023 units (one bye)    -> total < 2^58 = C1's unit
 * One edge's penalty stays below 2^59 = BASE, so every weight is positive
 * and within matching.h's bound. */
#define UNIT_C5 ((int64_t)1 << 11)
#define UNIT_C4 ((int64_t)1 << 21)
#define UNIT_C3 ((int64_t)1 << 38)
#define UNIT_C2 ((int64_t)1 << 48)
#define UNIT_C1 ((int64_t)1 << 58)
#define BASE ((int64_t)1 << 59)
#define SCORE_DIFF_CAP 15 /* half points */
#define DUTCH_CAP 3

struct rank_key {
	double score, rating;
	int index;
};

static int rank_cmp(const void *pa, const void *pb)
{
	const struct rank_key *x = pa, *y = pb;
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	return x->index - y->index;
}

int tg_swiss_rank(const struct tg_swiss_player *players, int n, int *order)
{
	struct rank_key *k = malloc((size_t)(n > 0 ? n : 1) * sizeof *k);
	if (!k)
		return -1;
	for (int i = 0; i < n; i++)
		k[i] = (struct rank_key){players[i].score, players[i].rating, i};
	qsort(k, (size_t)n, sizeof *k, rank_cmp);
	for (int i = 0; i < n; i++)
		order[i] = k[i].index;
	free(k);
	return 0;
}

int tg_swiss_sides(const struct tg_swiss_player *a, const struct tg_swiss_player *b)
{
	int da = a->sides[0] - a->sides[1], db = b->sides[0] - b->sides[1];
	if (da != db)
		return da > db ? 1 : 0; /* more side-0 games: side 1 */
	if (a->last_side != b->last_side) {
		if (a->last_side >= 0)
			return 1 - a->last_side;
		return b->last_side; /* b alternates; a takes what b leaves */
	}
	return a->last_side >= 0 ? 1 - a->last_side : 0;
}

static bool met(const struct tg_swiss_player *a, const struct tg_swiss_player *b)
{
	for (int i = 0; i < a->nopponents; i++)
		if (a->opponents[i] == b->id)
			return true;
	return false;
}

/* C3: given the side he has had more often. */
static bool side_excess(const struct tg_swiss_player *x, int side)
{
	int d = x->sides[0] - x->sides[1];
	return (side == 0 && d > 0) || (side == 1 && d < 0);
}

static int half_points(double score)
{
	return (int)(score * 2.0 + (score >= 0 ? 0.5 : -0.5));
}

struct ranked {
	int rank;      /* 0 = best */
	int group_pos; /* position inside its score group */
	int group_size;
	int bye_rank; /* eligible players ranked below; -1 if not eligible */
};

static int64_t pair_penalty(const struct tg_swiss_player *p, const struct ranked *r, int i, int j)
{
	const struct tg_swiss_player *hi = &p[i], *lo = &p[j];
	if (r[j].rank < r[i].rank) {
		hi = &p[j];
		lo = &p[i];
	}
	int64_t pen = 0;
	if (met(&p[i], &p[j]) || met(&p[j], &p[i]))
		pen += UNIT_C1;
	int diff = abs(half_points(p[i].score) - half_points(p[j].score));
	if (diff > SCORE_DIFF_CAP)
		diff = SCORE_DIFF_CAP;
	pen += (int64_t)diff * diff * UNIT_C4;
	int hs = tg_swiss_sides(hi, lo);
	pen += (int64_t)(side_excess(hi, hs) + side_excess(lo, 1 - hs)) * UNIT_C3;
	pen += (int64_t)((hi->last_side == hs) + (lo->last_side == 1 - hs)) * UNIT_C5;
	if (half_points(p[i].score) == half_points(p[j].score)) {
		int d = abs(abs(r[i].group_pos - r[j].group_pos) - r[i].group_size / 2);
		pen += d > DUTCH_CAP ? DUTCH_CAP : d;
	}
	return pen;
}

int tg_swiss_pair_round(const struct tg_swiss_player *p, int n, struct tg_pair *out)
{
	if (n < 0 || n > TG_SWISS_MAX_PLAYERS)
		return -1;
	if (n == 0)
		return 0;
	int *order = malloc((size_t)n * sizeof *order);
	struct ranked *r = malloc((size_t)n * sizeof *r);
	int nv = n + (n & 1);
	int maxe = n * (n - 1) / 2 + n;
	struct tg_match_edge *e = malloc((size_t)maxe * sizeof *e);
	int *mate = malloc((size_t)nv * sizeof *mate);
	int npairs = -1;
	if (!order || !r || !e || !mate)
		goto done;
	if (tg_swiss_rank(p, n, order) < 0)
		goto done;
	for (int k = 0; k < n;) {
		int g = k;
		while (g < n && half_points(p[order[g]].score) == half_points(p[order[k]].score))
			g++;
		for (int q = k; q < g; q++) {
			r[order[q]].rank = q;
			r[order[q]].group_pos = q - k;
			r[order[q]].group_size = g - k;
		}
		k = g;
	}
	int eligible_below = 0, any_eligible = 0;
	for (int q = n - 1; q >= 0; q--) {
		struct ranked *x = &r[order[q]];
		x->bye_rank = p[order[q]].had_bye ? -1 : eligible_below++;
		any_eligible |= !p[order[q]].had_bye;
	}
	int ne = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			e[ne++] = (struct tg_match_edge){i, j, BASE - pair_penalty(p, r, i, j)};
	if (n & 1) {
		for (int i = 0; i < n; i++) {
			int64_t pen;
			if (r[i].bye_rank >= 0)
				pen = (int64_t)r[i].bye_rank * UNIT_C2;
			else if (!any_eligible) /* everyone has had one: least harm */
				pen = (int64_t)(n - 1 - r[i].rank) * UNIT_C2;
			else
				continue; /* C2: never a second bye while another can take it */
			e[ne++] = (struct tg_match_edge){i, n, BASE - pen};
		}
	}
	if (tg_max_weight_matching(nv, e, ne, true, mate) < 0)
		goto done;
	npairs = 0;
	int bye = -1;
	for (int q = 0; q < n; q++) {
		int i = order[q], j = mate[i];
		if (j == n || j < 0) {
			bye = i;
			continue;
		}
		if (r[j].rank < q)
			continue; /* already written from the higher-ranked side */
		int s = tg_swiss_sides(&p[i], &p[j]);
		out[npairs++] = s == 0 ? (struct tg_pair){i, j} : (struct tg_pair){j, i};
	}
	if (bye >= 0)
		out[npairs++] = (struct tg_pair){bye, -1};
done:
	free(order);
	free(r);
	free(e);
	free(mate);
	return npairs;
}
