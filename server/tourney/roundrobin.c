/* roundrobin.c — the circle method: the last of N (even) places stays put,
 * the others turn one place a round. The orientation (who plays side 0)
 * alternates with the distance across the circle and, for the fixed place,
 * with the round, which keeps every player's sides within one of each other
 * (tests/unit/test_tourney_formats.c checks it for every n up to 64). */
#include "tourney/roundrobin.h"

int tg_rr_rounds(int n, bool double_rr)
{
	if (n < 2)
		return 0;
	int single = (n & 1) ? n : n - 1;
	return double_rr ? 2 * single : single;
}

int tg_rr_round(int n, bool double_rr, int round, struct tg_pair *out)
{
	int total = tg_rr_rounds(n, double_rr);
	if (n < 2 || round < 0 || round >= total)
		return -1;
	int N = n + (n & 1), M = N - 1; /* place N-1 is the bye when n is odd */
	bool swap = round >= M;
	int r = round % M, np = 0, bye = -1;
	int place[2];
	for (int k = 0; k < N / 2; k++) {
		if (k == 0) {
			place[0] = r % 2 == 0 ? N - 1 : r;
			place[1] = r % 2 == 0 ? r : N - 1;
		} else {
			int x = (r + k) % M, y = (r - k + M) % M;
			place[0] = k % 2 == 1 ? x : y;
			place[1] = k % 2 == 1 ? y : x;
		}
		if (swap) {
			int t = place[0];
			place[0] = place[1];
			place[1] = t;
		}
		if (place[0] >= n || place[1] >= n) {
			bye = place[0] >= n ? place[1] : place[0];
			continue;
		}
		out[np++] = (struct tg_pair){place[0], place[1]};
	}
	if (bye >= 0)
		out[np++] = (struct tg_pair){bye, -1};
	return np;
}
