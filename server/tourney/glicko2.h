/* glicko2.h — the Glicko-2 rating system (Mark Glickman, "Example of the
 * Glicko-2 system", 2012): a rating, a rating deviation (how sure we are of
 * it) and a volatility (how erratic the player is), per user and game.
 *
 * Ratings are on the familiar Glicko scale (a new player is 1500 / 350 /
 * 0.06); the conversion to Glickman's internal scale (mu, phi) is inside.
 * A rating period is whatever the caller applies at once: the daemon rates
 * each match when it ends, as a one-game period, as lichess does. */
#ifndef TG_TOURNEY_GLICKO2_H
#define TG_TOURNEY_GLICKO2_H

struct tg_glicko {
	double rating;     /* r, 1500 for a new player */
	double deviation;  /* RD, 350 for a new player */
	double volatility; /* sigma, 0.06 for a new player */
};

/* One game of a rating period: the opponent's rating before the period and
 * the score (1 win, 0.5 draw, 0 loss). */
struct tg_glicko_game {
	struct tg_glicko opponent;
	double score;
};

#define TG_GLICKO_DEFAULT_TAU 0.5 /* system constant: 0.3-1.2 (Glickman, step 1) */

/* A new player's rating. */
struct tg_glicko tg_glicko_initial(void);

/* The player's rating after one rating period with these games. With no
 * games only the deviation grows (Glickman, step 6 with no games). tau
 * constrains the change of volatility. Deviation is capped at the initial
 * 350 so that absence never makes a rating less certain than a newcomer's. */
struct tg_glicko tg_glicko_update(struct tg_glicko player, const struct tg_glicko_game *games,
                                  int ngames, double tau);

#endif
