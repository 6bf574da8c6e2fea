/* test_tourney_standings.c — standings and tiebreaks against crosstables
 * computed by hand (the sums are written out beside each figure). */
#include "tap.h"
#include "tourney/standings.h"

#include <string.h>

static const struct tg_standing *of(const struct tg_standing *s, int n, int player)
{
	for (int i = 0; i < n; i++)
		if (s[i].player == player)
			return &s[i];
	return NULL;
}

int main(void)
{
	/* A four-player round robin, players A B C D = 0 1 2 3.
	 *   R1: A beats B, C draws D;  R2: A draws C, B beats D;
	 *   R3: A beats D, B beats C.
	 * Points: A 2.5, B 2, C 1, D 0.5. */
	const struct tg_result rr[] = {
	    {0, 1, 1, false}, {2, 3, 0.5, false}, {0, 2, 0.5, false},
	    {1, 3, 1, false}, {0, 3, 1, false},   {1, 2, 1, false},
	};
	const enum tg_tiebreak swiss[] = {TG_TB_BUCHHOLZ_CUT1, TG_TB_BUCHHOLZ,
	                                  TG_TB_SONNEBORN_BERGER, TG_TB_DIRECT, TG_TB_WINS};
	struct tg_standing s[6];
	CHECK(tg_standings(4, rr, 6, swiss, 5, s) == 0);
	CHECK(s[0].player == 0 && s[1].player == 1 && s[2].player == 2 && s[3].player == 3);
	CHECK(s[0].points == 2.5 && s[1].points == 2 && s[2].points == 1 && s[3].points == 0.5);
	/* Buchholz: A 2+1+0.5 = 3.5, B 2.5+0.5+1 = 4, C 0.5+2.5+2 = 5, D 1+2+2.5 = 5.5 */
	CHECK(s[0].tb[TG_TB_BUCHHOLZ] == 3.5 && s[1].tb[TG_TB_BUCHHOLZ] == 4);
	CHECK(s[2].tb[TG_TB_BUCHHOLZ] == 5 && s[3].tb[TG_TB_BUCHHOLZ] == 5.5);
	/* cut-1: A 3.5-0.5 = 3, B 4-0.5 = 3.5, C 5-0.5 = 4.5, D 5.5-1 = 4.5 */
	CHECK(s[0].tb[TG_TB_BUCHHOLZ_CUT1] == 3 && s[1].tb[TG_TB_BUCHHOLZ_CUT1] == 3.5);
	CHECK(s[2].tb[TG_TB_BUCHHOLZ_CUT1] == 4.5 && s[3].tb[TG_TB_BUCHHOLZ_CUT1] == 4.5);
	/* Sonneborn-Berger: A 2 + 1/2*1 + 0.5 = 3, B 0.5 + 1 = 1.5,
	 * C 1/2*0.5 + 1/2*2.5 = 1.5, D 1/2*1 = 0.5 */
	CHECK(s[0].tb[TG_TB_SONNEBORN_BERGER] == 3 && s[1].tb[TG_TB_SONNEBORN_BERGER] == 1.5);
	CHECK(s[2].tb[TG_TB_SONNEBORN_BERGER] == 1.5 && s[3].tb[TG_TB_SONNEBORN_BERGER] == 0.5);
	CHECK(s[0].tb[TG_TB_WINS] == 2 && s[1].tb[TG_TB_WINS] == 2 && s[2].tb[TG_TB_WINS] == 0);
	CHECK(s[0].rank == 1 && s[3].rank == 4);

	/* Ties. Six players, two Swiss rounds with a bye:
	 *   R1: 0 beats 1, 2 beats 3, 4 bye;  R2: 2 beats 0, 1 beats 4, 3 draws 5 ... and 5
	 *   lost R1 by forfeit to nobody (not entered in R1).
	 * Points: 0 1, 1 1, 2 2, 3 0.5, 4 1, 5 0.5. */
	const struct tg_result sw[] = {
	    {0, 1, 1, false}, {2, 3, 1, false}, {4, -1, 1, false},
	    {2, 0, 1, false}, {1, 4, 1, false}, {3, 5, 0.5, false},
	};
	CHECK(tg_standings(6, sw, 6, swiss, 5, s) == 0);
	CHECK(s[0].player == 2 && s[0].points == 2);
	/* 0, 1 and 4 have one point each.
	 * Buchholz: 0 = 1 + 2 = 3; 1 = 1 + 1 = 2; 4 = 1 (the bye adds nothing).
	 * cut-1:    0 = 3 - 1 = 2; 1 = 2 - 1 = 1; 4 = 1 - 1 = 0. */
	const struct tg_standing *p0 = of(s, 6, 0), *p1 = of(s, 6, 1), *p4 = of(s, 6, 4);
	CHECK(p0->tb[TG_TB_BUCHHOLZ] == 3 && p1->tb[TG_TB_BUCHHOLZ] == 2 &&
	      p4->tb[TG_TB_BUCHHOLZ] == 1);
	CHECK(p0->tb[TG_TB_BUCHHOLZ_CUT1] == 2 && p1->tb[TG_TB_BUCHHOLZ_CUT1] == 1 &&
	      p4->tb[TG_TB_BUCHHOLZ_CUT1] == 0);
	CHECK(p0->rank == 2 && p1->rank == 3 && p4->rank == 4);
	/* 3 and 5: half a point each; 3's Buchholz 2 + 0.5 = 2.5 (cut 0.5),
	 * 5's 0.5 (cut 0): 3 ahead. */
	CHECK(of(s, 6, 3)->rank == 5 && of(s, 6, 5)->rank == 6);

	/* Direct encounter first (a round-robin order): 0 and 1 are tied on
	 * points (1 each) and 0 beat 1, so 0 is ahead whatever else says. */
	const enum tg_tiebreak rr_order[] = {TG_TB_DIRECT, TG_TB_SONNEBORN_BERGER, TG_TB_WINS};
	const struct tg_result de[] = {
	    {0, 1, 1, false}, /* 0 beats 1 */
	    {2, 0, 1, false}, /* 2 beats 0 */
	    {1, 2, 1, false}, /* 1 beats 2: three players on one point, a cycle */
	    {3, 1, 0, false}, /* ... then 1 beats 3 too: 1 has 2 */
	};
	CHECK(tg_standings(4, de, 4, rr_order, 3, s) == 0);
	CHECK(s[0].player == 1 && s[0].points == 2);
	/* 0 and 2 on one point: 2 beat 0 directly. */
	CHECK(s[1].player == 2 && s[2].player == 0);
	CHECK(of(s, 4, 2)->tb[TG_TB_DIRECT] == 1 && of(s, 4, 0)->tb[TG_TB_DIRECT] == 0);

	/* A full tie shares the rank. */
	const struct tg_result byes[] = {{0, -1, 1, false}, {1, -1, 1, false}};
	CHECK(tg_standings(2, byes, 2, swiss, 5, s) == 0);
	CHECK(s[0].rank == 1 && s[1].rank == 1);

	/* Forfeits count as results. */
	const struct tg_result ff[] = {{0, 1, 1, true}};
	CHECK(tg_standings(2, ff, 1, swiss, 5, s) == 0);
	CHECK(s[0].player == 0 && s[0].points == 1 && s[1].points == 0);

	/* Bad input. */
	const struct tg_result bad[] = {{0, 7, 1, false}};
	CHECK(tg_standings(2, bad, 1, swiss, 5, s) == -1);
	const struct tg_result self[] = {{1, 1, 1, false}};
	CHECK(tg_standings(2, self, 1, swiss, 5, s) == -1);
	CHECK(strcmp(tg_tiebreak_name(TG_TB_SONNEBORN_BERGER), "sonneborn_berger") == 0);
	return tap_done();
}
