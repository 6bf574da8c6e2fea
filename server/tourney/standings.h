/* standings.h — points and tiebreaks of a tournament from its results.
 *
 * Points: win 1, draw 1/2, loss 0; a bye 1; a game won by forfeit 1 and
 * lost by forfeit 0 (withdrawals forfeit their remaining games). Tiebreaks,
 * in the order the caller gives (tourney/README.md has each format's):
 *
 *   Buchholz             the sum of the opponents' points;
 *   Buchholz cut-1       the same without the lowest of them;
 *   Sonneborn-Berger     the points of the opponents beaten, plus half the
 *                        points of those drawn;
 *   direct encounter     among the players still tied by the tiebreaks
 *                        before it, the points scored against each other;
 *   wins                 games won (over the board or by forfeit).
 *
 * A bye has no opponent: it adds its point and nothing to any tiebreak.
 * Players equal on points and every tiebreak share a rank. */
#ifndef TG_TOURNEY_STANDINGS_H
#define TG_TOURNEY_STANDINGS_H

#include <stdbool.h>

struct tg_result {
	int a, b;       /* player indices; b == -1: a bye for a */
	double score_a; /* 1, 0.5 or 0 (b scores 1 - score_a) */
	bool forfeit;   /* decided without play (withdrawal, no-show) */
};

enum tg_tiebreak {
	TG_TB_BUCHHOLZ,
	TG_TB_BUCHHOLZ_CUT1,
	TG_TB_SONNEBORN_BERGER,
	TG_TB_DIRECT,
	TG_TB_WINS,
};
#define TG_TB_COUNT 5

struct tg_standing {
	int player;
	double points;
	double tb[TG_TB_COUNT]; /* indexed by enum tg_tiebreak */
	int rank;               /* 1-based; shared on a full tie */
};

/* Fills out[0..nplayers-1] best first. order lists the tiebreaks to apply
 * (norder <= TG_TB_COUNT). Returns 0, or -1 on a result naming a player out
 * of range or on allocation failure. */
int tg_standings(int nplayers, const struct tg_result *results, int nresults,
                 const enum tg_tiebreak *order, int norder, struct tg_standing *out);

/* The tiebreak's short name, for exports: "buchholz", "buchholz_cut1",
 * "sonneborn_berger", "direct", "wins". */
const char *tg_tiebreak_name(enum tg_tiebreak tb);

#endif
