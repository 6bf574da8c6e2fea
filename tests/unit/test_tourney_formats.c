/* test_tourney_formats.c — round-robin schedules and elimination brackets.
 * Round robin, for every size up to 64, single and double: each pairing is
 * played exactly once (in a double, once with each side), nobody plays
 * twice in a round, byes only for an odd count, one a round, and each
 * player's sides within one of each other (equal in a double with an even
 * count). Elimination: the standard seeded bracket (1 v 8, 4 v 5, 2 v 7,
 * 3 v 6), byes to the top seeds, seeds 1 and 2 in different halves. */
#include "tap.h"
#include "tourney/elimination.h"
#include "tourney/roundrobin.h"

#include <stdlib.h>
#include <string.h>

#define MAXN 64

static int check_rr(int n, bool dbl)
{
	static int met[MAXN][MAXN];
	int sides[MAXN][2], byes[MAXN];
	memset(met, 0, sizeof met);
	memset(sides, 0, sizeof sides);
	memset(byes, 0, sizeof byes);
	int rounds = tg_rr_rounds(n, dbl);
	if (rounds != (dbl ? 2 : 1) * (n % 2 ? n : n - 1))
		return CHECKF(false, "n %d: %d rounds", n, rounds);
	for (int r = 0; r < rounds; r++) {
		struct tg_pair p[MAXN];
		int seen[MAXN] = {0};
		int np = tg_rr_round(n, dbl, r, p);
		if (np != (n + 1) / 2)
			return CHECKF(false, "n %d round %d: %d pairs", n, r, np);
		for (int k = 0; k < np; k++) {
			int a = p[k].side0, b = p[k].side1;
			seen[a]++;
			if (b < 0) {
				byes[a]++;
				if (!(n & 1) || k != np - 1)
					return CHECKF(false, "n %d: a bye out of place", n);
				continue;
			}
			seen[b]++;
			met[a][b]++;
			sides[a][0]++;
			sides[b][1]++;
		}
		for (int i = 0; i < n; i++)
			if (seen[i] != 1)
				return CHECKF(false, "n %d round %d: player %d seen %d", n, r, i,
				              seen[i]);
	}
	for (int i = 0; i < n; i++) {
		for (int j = i + 1; j < n; j++) {
			int once = met[i][j] + met[j][i];
			if (once != (dbl ? 2 : 1) || (dbl && (met[i][j] != 1 || met[j][i] != 1)))
				return CHECKF(false, "n %d: %d v %d met %d+%d", n, i, j, met[i][j],
				              met[j][i]);
		}
		int d = abs(sides[i][0] - sides[i][1]);
		if (d > (dbl && !(n & 1) ? 0 : dbl ? 2 : 1))
			return CHECKF(false, "n %d%s: player %d sides %d/%d", n,
			              dbl ? " double" : "", i, sides[i][0], sides[i][1]);
		if (byes[i] != ((n & 1) ? (dbl ? 2 : 1) : 0))
			return CHECKF(false, "n %d: player %d had %d byes", n, i, byes[i]);
	}
	return true;
}

int main(void)
{
	int bad = 0;
	for (int n = 2; n <= MAXN; n++)
		bad += !check_rr(n, false) + !check_rr(n, true);
	CHECKF(bad == 0, "%d schedules wrong", bad);
	CHECK(tg_rr_rounds(1, false) == 0);
	struct tg_pair p[4];
	CHECK(tg_rr_round(6, false, 5, p) == -1);
	CHECK(tg_rr_round(6, true, 9, p) == 3);
	CHECK(tg_rr_round(6, true, 10, p) == -1);

	int slots[256];
	CHECK(tg_elim_bracket(8, slots) == 8);
	static const int eight[8] = {0, 7, 3, 4, 1, 6, 2, 5};
	CHECK(memcmp(slots, eight, sizeof eight) == 0);
	/* Five players: the top three seeds have first-round byes. */
	CHECK(tg_elim_bracket(5, slots) == 8);
	int byes_to = 0;
	for (int k = 0; k < 4; k++) {
		int a = slots[2 * k], b = slots[2 * k + 1];
		if (a >= 5 || b >= 5)
			byes_to |= 1 << (a < b ? a : b);
	}
	CHECKF(byes_to == 0x7, "byes to %#x", byes_to);
	for (int n = 1; n <= 200; n++) {
		int size = tg_elim_bracket(n, slots), used[256] = {0}, ok = 1;
		for (int i = 0; i < size; i++)
			used[slots[i]]++;
		for (int i = 0; i < size; i++)
			ok &= used[i] == 1;
		for (int k = 0; k + 1 < size; k += 2)
			ok &= slots[k] + slots[k + 1] == size - 1 &&
			      (slots[k] < n || slots[k + 1] < n);
		if (size >= 2) /* seeds 1 and 2 meet only in the final */
			ok &= (slots[0] == 0) && slots[size / 2] == 1;
		if (!ok)
			CHECKF(false, "bracket of %d", n);
	}
	CHECK(tg_elim_size(1000) == 1024);
	CHECK(tg_elim_bracket(-1, slots) == -1);
	return tap_done();
}
