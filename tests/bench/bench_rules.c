/* bench_rules — Lincoln's War's rules engine alone, in-process, no server.
 *
 *   bench_rules [games] [replays]       (1000 and 10)
 *
 * 1. The random bot (tests/rules/lincolns_war/lw_bot.h) plays `games`
 *    complete games, the scenarios in turn. Each choice asks the module for
 *    the awaited role's view (its legal actions), as the daemon does after
 *    every action, so engine_actions_per_s is act + view per action.
 * 2. The bot plays `replays` Campaign games, keeping each action log; then
 *    each game is replayed from its seed (setup + act for every action, the
 *    daemon's work when it loads a match) and timed:
 *    replay_campaign_ms_p50 / _max, and the act-only rate.
 *
 * Output: one "name value" line per figure (tests/bench/run_bench.py reads
 * them). A game that dead-ends, runs past MAX_GAME_ACTIONS or has an offered
 * action refused is counted and reported, never silently dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "lw_bot.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

#define MAX_GAME_ACTIONS 20000
#define MAX_REPLAYS 1000

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct logged {
	char role[TG_ROLE_MAX * 2];
	json_t *action;
};

struct game_log {
	uint8_t seed[TG_SEED_BYTES];
	struct logged *a;
	int n;
};

static struct {
	long long actions;
	int finished, dead_ends, too_long, refused, setup_failed;
} tally;

static void seed_of(uint64_t k, uint8_t out[TG_SEED_BYTES])
{
	memset(out, 0, TG_SEED_BYTES);
	for (int i = 0; i < 8; i++)
		out[i] = (uint8_t)(k >> (8 * i));
	out[31] = 0xb7;
}

/* Plays one game to its end; keeps the log when `log` is not NULL. */
static void play(uint64_t k, const char *scenario, struct game_log *log)
{
	uint8_t seed[TG_SEED_BYTES];
	seed_of(k, seed);
	struct tg_error err = {0};
	struct game *g = M->setup(seed, scenario, NULL, &err);
	if (!g) {
		if (tally.setup_failed++ == 0)
			fprintf(stderr, "bench_rules: setup %s: %s\n", scenario, err.message);
		return;
	}
	if (log) {
		memcpy(log->seed, seed, TG_SEED_BYTES);
		log->a = calloc(MAX_GAME_ACTIONS, sizeof *log->a);
		log->n = 0;
	}
	struct lw_bot bot;
	lw_bot_init(&bot, k * 2654435761u + 11);
	for (int n = 0;; n++) {
		char role[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		int got = lw_bot_choose(&bot, M, g, role, &a);
		if (got == 0) {
			tally.finished++;
			break;
		}
		if (got < 0) {
			tally.dead_ends++;
			break;
		}
		if (n >= MAX_GAME_ACTIONS) {
			json_decref(a);
			tally.too_long++;
			break;
		}
		if (M->act(g, role, a, NULL, &err) != 0) {
			if (tally.refused++ == 0)
				fprintf(stderr,
				        "bench_rules: %s game %llu: offered action refused: %s\n",
				        scenario, (unsigned long long)k, err.message);
			json_decref(a);
			break;
		}
		tally.actions++;
		if (log && log->a) {
			snprintf(log->a[log->n].role, sizeof log->a[0].role, "%s", role);
			log->a[log->n++].action = a;
		} else {
			json_decref(a);
		}
	}
	M->free(g);
}

/* setup + every action: what loading a match from its log costs. */
static double replay_ms(const struct game_log *log, int *ok)
{
	struct tg_error err = {0};
	double t0 = now_s();
	struct game *g = M->setup(log->seed, "campaign", NULL, &err);
	*ok = g != NULL;
	for (int i = 0; g && i < log->n; i++)
		if (M->act(g, log->a[i].role, log->a[i].action, NULL, &err) != 0) {
			fprintf(stderr, "bench_rules: replay action %d refused: %s\n", i,
			        err.message);
			*ok = 0;
			break;
		}
	double ms = (now_s() - t0) * 1000.0;
	if (g)
		M->free(g);
	return ms;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 1000;
	int replays = argc > 2 ? atoi(argv[2]) : 10;
	if (games < 0 || replays < 1 || replays > MAX_REPLAYS) {
		fprintf(stderr, "usage: bench_rules [games] [replays 1..%d]\n", MAX_REPLAYS);
		return 2;
	}
	int nscen = 0;
	while (M->scenarios[nscen].id)
		nscen++;

	double t0 = now_s();
	for (int i = 0; i < games; i++)
		play((uint64_t)i + 1, M->scenarios[i % nscen].id, NULL);
	double secs = now_s() - t0;
	printf("engine_games %d\nengine_games_finished %d\nengine_dead_ends %d\n", games,
	       tally.finished, tally.dead_ends);
	printf("engine_too_long %d\nengine_refused %d\nengine_setup_failed %d\n", tally.too_long,
	       tally.refused, tally.setup_failed);
	printf("engine_actions %lld\nengine_seconds %.2f\n", tally.actions, secs);
	printf("engine_actions_per_s %.0f\n", secs > 0 ? (double)tally.actions / secs : 0);
	fflush(stdout);

	/* Campaign games to replay: finished ones only (a replay of a cut-off
	 * game would flatter the figure). */
	struct game_log *logs = calloc((size_t)replays, sizeof *logs);
	double *ms = calloc((size_t)replays, sizeof *ms);
	int have = 0;
	long long replayed_actions = 0;
	double replay_total = 0;
	for (uint64_t k = 1000001; have < replays && k < 1000001 + 4 * (uint64_t)replays; k++) {
		int before = tally.finished;
		play(k, "campaign", &logs[have]);
		if (tally.finished == before) {
			for (int i = 0; i < logs[have].n; i++)
				json_decref(logs[have].a[i].action);
			free(logs[have].a);
			continue;
		}
		have++;
	}
	int ok_all = 1;
	for (int i = 0; i < have; i++) {
		int ok;
		ms[i] = replay_ms(&logs[i], &ok);
		ok_all &= ok;
		replay_total += ms[i];
		replayed_actions += logs[i].n;
	}
	qsort(ms, (size_t)have, sizeof *ms, cmp_double);
	printf("replay_campaign_games %d\nreplay_campaign_ok %d\n", have, ok_all);
	if (have > 0) {
		printf("replay_campaign_actions_mean %.0f\n", (double)replayed_actions / have);
		printf("replay_campaign_ms_p50 %.2f\nreplay_campaign_ms_max %.2f\n",
		       ms[(have - 1) / 2], ms[have - 1]);
		printf("replay_act_only_actions_per_s %.0f\n",
		       replay_total > 0 ? (double)replayed_actions / (replay_total / 1000.0) : 0);
	}
	for (int i = 0; i < have; i++) {
		for (int k = 0; k < logs[i].n; k++)
			json_decref(logs[i].a[k].action);
		free(logs[i].a);
	}
	free(logs);
	free(ms);
	return have > 0 && ok_all ? 0 : 1;
}
