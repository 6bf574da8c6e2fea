/* elimination.c — the bracket is built by doubling: each seed s of a bracket
 * of size m is followed by its partner 2m-1-s in the bracket of size 2m. */
#include "tourney/elimination.h"

#define ELIM_MAX (1 << 16)

int tg_elim_size(int n)
{
	int size = 1;
	while (size < n && size < ELIM_MAX)
		size *= 2;
	return size;
}

int tg_elim_bracket(int n, int *slots)
{
	if (n < 0 || n > ELIM_MAX)
		return -1;
	int size = tg_elim_size(n);
	slots[0] = 0;
	for (int m = 1; m < size; m *= 2) {
		/* expand in place from the back so nothing is overwritten early */
		for (int i = m - 1; i >= 0; i--) {
			int s = slots[i];
			slots[2 * i] = s;
			slots[2 * i + 1] = 2 * m - 1 - s;
		}
	}
	return size;
}
