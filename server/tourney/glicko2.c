/* glicko2.c — Glickman's steps 1-8, numbered as in his paper (glicko2.h). */
#include "tourney/glicko2.h"

#include <math.h>

#define GLICKO_SCALE 173.7178   /* step 2: 400 / ln(10) */
#define GLICKO_EPSILON 0.000001 /* step 5: convergence tolerance */
#define GLICKO_NEW_RD 350.0

struct tg_glicko tg_glicko_initial(void)
{
	return (struct tg_glicko){1500.0, GLICKO_NEW_RD, 0.06};
}

static double g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double e_of(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* Step 5.1: f(x) whose zero is ln(sigma'^2). */
static double f_of(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x);
	double d = phi * phi + v + ex;
	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

struct tg_glicko tg_glicko_update(struct tg_glicko player, const struct tg_glicko_game *games,
                                  int ngames, double tau)
{
	/* Step 2: to the Glicko-2 scale. */
	double mu = (player.rating - 1500.0) / GLICKO_SCALE;
	double phi = player.deviation / GLICKO_SCALE;
	double sigma = player.volatility;
	struct tg_glicko out = player;

	if (ngames <= 0) {
		/* Step 6 alone: phi* = sqrt(phi^2 + sigma^2). */
		double phi_star = sqrt(phi * phi + sigma * sigma);
		out.deviation = fmin(phi_star * GLICKO_SCALE, GLICKO_NEW_RD);
		return out;
	}

	/* Steps 3 and 4: the estimated variance v and improvement delta. */
	double v_inv = 0, delta_sum = 0;
	for (int j = 0; j < ngames; j++) {
		double mu_j = (games[j].opponent.rating - 1500.0) / GLICKO_SCALE;
		double phi_j = games[j].opponent.deviation / GLICKO_SCALE;
		double g = g_of(phi_j), e = e_of(mu, mu_j, phi_j);
		v_inv += g * g * e * (1.0 - e);
		delta_sum += g * (games[j].score - e);
	}
	double v = 1.0 / v_inv;
	double delta = v * delta_sum;

	/* Step 5: the new volatility, by the Illinois algorithm. */
	double a = log(sigma * sigma);
	double A = a, B;
	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		int k = 1;
		while (f_of(a - k * tau, delta, phi, v, a, tau) < 0)
			k++;
		B = a - k * tau;
	}
	double fA = f_of(A, delta, phi, v, a, tau), fB = f_of(B, delta, phi, v, a, tau);
	for (int iter = 0; fabs(B - A) > GLICKO_EPSILON && iter < 1000; iter++) {
		double C = A + (A - B) * fA / (fB - fA);
		double fC = f_of(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2.0;
		}
		B = C;
		fB = fC;
	}
	double sigma_new = exp(A / 2.0);

	/* Steps 6 and 7: the new deviation and rating. */
	double phi_star = sqrt(phi * phi + sigma_new * sigma_new);
	double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	double mu_new = mu + phi_new * phi_new * delta_sum;

	/* Step 8: back to the Glicko scale. */
	out.rating = mu_new * GLICKO_SCALE + 1500.0;
	out.deviation = fmin(phi_new * GLICKO_SCALE, GLICKO_NEW_RD);
	out.volatility = sigma_new;
	return out;
}
