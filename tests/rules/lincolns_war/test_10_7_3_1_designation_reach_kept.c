/* 10.7.3.1: "Both forces must end their movement in the region named on the
 * campaign card" (10.7.3.2: "in two separate theaters"). The designation
 * asks of every force that may be designated where it could end its
 * movement (lw_play_campaign_reach, a search of the rest of its
 * activation): the offer asks it of every such force, and the action of
 * the forces it names, of the same state; in the daemon the offer is built
 * on a fan-out worker and the action checked on the loop. The answers are
 * kept by the state's bytes (lw_campaign_reach_force_kept), on any thread.
 * At the designations of bot-played Campaign games:
 *  - the offer, built on another thread, searches each force once, and
 *    each answer is the one the search gives afresh
 *    (lw_campaign_reach_force, asked as the designation asks);
 *  - the action that names the offer's first force and its last second,
 *    checked on this thread, and every force asked again here, search
 *    nothing again and get the same answers;
 *  - another question of the state (every theater a force could end in,
 *    not the designation's two) gets its own answer;
 *  - a copy whose log lines differ (which the search never reads) is the
 *    same question; a copy that differs in one other byte (the result's
 *    text, which the search never reads either, but the key holds every
 *    byte but the log's) is searched afresh, with the same answers;
 *  - four threads asking at once, each by turns the state and a copy of
 *    its own, get the right answers and search only their copy, once (the
 *    kept answers are shared under a lock: run under ThreadSanitizer too). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kit/param_by.h"
#include "lincolns_war/lw_campaign.h"
#include "lincolns_war/lw_card_play.h"
#include "lw_testkit.h"

static const struct game_module *M = &lincolns_war_module;
static int states, forces, acted, others;

/* The search asked afresh, as lw_play_campaign_reach asks it (the
 * besiegers of 16.9.5.2, which do not move, are answered without it). */
static unsigned fresh(const struct lw_state *s, int side, int u)
{
	if (s->play.campaign == 1)
		return lw_campaign_reach_force(s, side, u,
		                               LW_CAMP_BIT(lw_play_card_region(s, side)), 1);
	return lw_campaign_reach_force(s, side, u, LW_CAMP_THEATERS, 2) & LW_CAMP_THEATERS;
}

struct asked {
	const struct lw_state *s;
	int side;
	bool offer;                 /* build the offer (else ask every force) */
	unsigned m[LW_MAX_UNITS];   /* the answers (every force asked) */
	long computed;              /* searches this thread ran */
	int wrong;                  /* answers unlike want (by_turns) */
	const unsigned *want;       /* by_turns: the state's answers */
	const struct lw_state *own; /* by_turns: the thread's own copy */
};

static void ask_all(const struct lw_state *s, int side, unsigned *m)
{
	memset(m, 0, LW_MAX_UNITS * sizeof *m);
	for (int u = 0; u < s->n_units; u++)
		m[u] = lw_play_check_campaign_force(s, side, u, NULL) == 0
		           ? lw_play_campaign_reach(s, side, u)
		           : 0;
}

static void *ask_thread(void *arg)
{
	struct asked *a = arg;
	long before = lw_campaign_force_computed();
	if (a->offer) {
		json_t *l = json_array();
		lw_ops_offer(a->s, a->side, TG_OFFERS_TREE(l));
		json_decref(l);
	} else {
		ask_all(a->s, a->side, a->m);
	}
	a->computed = lw_campaign_force_computed() - before;
	return NULL;
}

static void *by_turns_thread(void *arg)
{
	struct asked *a = arg;
	long before = lw_campaign_force_computed();
	for (int i = 0; i < 20; i++) {
		unsigned m[LW_MAX_UNITS];
		ask_all(i % 2 ? a->own : a->s, a->side, m);
		a->wrong += memcmp(m, a->want, sizeof m) != 0;
	}
	a->computed = lw_campaign_force_computed() - before;
	return NULL;
}

/* The first force the offer names and the last second force it opens to him. */
static bool offered_pair(struct game *g, int side, char *first, char *second, size_t n)
{
	json_t *l = json_array();
	bool found = false;
	lw_ops_offer(&g->s, side, TG_OFFERS_TREE(l));
	for (size_t i = 0; i < json_array_size(l) && !found; i++) {
		json_t *e = json_array_get(l, i), *a = json_object_get(e, "action");
		const char *type = json_string_value(json_object_get(a, "type"));
		if (!type || strcmp(type, "campaign_forces") != 0)
			continue;
		json_t *ps = json_object_get(e, "params");
		json_t *fs = json_object_get(json_array_get(ps, 0), "choices");
		json_t *p = json_array_get(ps, 1), *ch = json_object_get(p, "choices");
		const char *f = json_string_value(json_object_get(json_array_get(fs, 0), "value"));
		const char *sc = NULL;
		for (size_t c = 0; c < json_array_size(ch); c++)
			if (tg_param_open(p, 0, c))
				sc = json_string_value(
				    json_object_get(json_array_get(ch, c), "value"));
		if (f && sc) {
			snprintf(first, n, "%s", f);
			snprintf(second, n, "%s", sc);
			found = true;
		}
	}
	json_decref(l);
	return found;
}

static long on_thread(struct asked *a)
{
	pthread_t t;
	if (!CHECK(pthread_create(&t, NULL, ask_thread, a) == 0))
		return -1;
	pthread_join(t, NULL);
	return a->computed;
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (states >= 4 || s->phase != LW_PH_OPS || s->step != LW_ST_SPEND ||
	    s->play.activations_left <= 0 || !s->play.campaign || s->groups.camp_n != 0)
		return;
	int side = s->phasing;
	states++;
	/* the answers asked afresh, touching nothing kept */
	unsigned want[LW_MAX_UNITS] = {0};
	int n = 0;
	for (int u = 0; u < s->n_units; u++)
		if (lw_play_check_campaign_force(s, side, u, NULL) == 0) {
			want[u] = fresh(s, side, u);
			n++;
		}
	forces += n;
	/* the offer on another thread: each force searched once at most */
	struct asked o = {.s = s, .side = side, .offer = true};
	long c1 = on_thread(&o);
	CHECKF(c1 > 0 && c1 <= n, "the offer searched %ld times for %d forces", c1, n);
	/* asked again on the same state from another thread: nothing searched */
	struct asked a2 = {.s = s, .side = side};
	CHECK_EQ_INT(on_thread(&a2), 0);
	CHECK(memcmp(a2.m, want, sizeof want) == 0);
	/* the action, on this thread, on a copy of the game: nothing searched */
	char first[64], second[64];
	if (CHECK(offered_pair(g, side, first, second, sizeof first))) {
		struct game *copy = M->copy(g);
		char text[256];
		snprintf(text, sizeof text,
		         "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"%s\"}", first,
		         second);
		long before = lw_campaign_force_computed();
		CHECKF(tk_act(copy, M->roles[side - 1], text) == 0, "%s: %s", text, tk_err.message);
		CHECK_EQ_INT(lw_campaign_force_computed() - before, 0);
		acted++;
		M->free(copy);
	}
	/* every force again on this thread: the same answers, none searched */
	unsigned m[LW_MAX_UNITS];
	long before = lw_campaign_force_computed();
	ask_all(s, side, m);
	CHECK_EQ_INT(lw_campaign_force_computed() - before, 0);
	CHECK(memcmp(m, want, sizeof m) == 0);
	/* another question of the same state (every theater, lw_theater.c's):
	 * its own answers, not the designation's */
	for (int u = 0; u < s->n_units; u++)
		if (want[u]) {
			unsigned all = lw_campaign_reach_force(s, side, u, LW_CAMP_THEATERS, 5);
			CHECK_EQ_INT(
			    (int)lw_campaign_reach_force_kept(s, side, u, LW_CAMP_THEATERS, 5),
			    (int)all);
			others += all != want[u];
			break;
		}
	/* a copy whose log lines differ: the same question */
	struct lw_state *x = malloc(sizeof *x);
	if (!CHECK(x != NULL))
		return;
	memcpy(x, s, sizeof *x);
	for (int i = 0; i < LW_LOG_LINES; i++)
		snprintf(x->log[i], LW_LOG_LEN, "scribbled %d over line %d", i * 7 + 1, i);
	before = lw_campaign_force_computed();
	ask_all(x, side, m);
	CHECK_EQ_INT(lw_campaign_force_computed() - before, 0);
	CHECK(memcmp(m, want, sizeof m) == 0);
	/* one byte more: searched afresh, each force once */
	memcpy(x, s, sizeof *x);
	x->result[0] = (char)(x->result[0] ^ 0x5a);
	before = lw_campaign_force_computed();
	ask_all(x, side, m);
	CHECK_EQ_INT(lw_campaign_force_computed() - before, c1);
	CHECK(memcmp(m, want, sizeof m) == 0);
	free(x);
	/* four threads at once */
	struct lw_state *y[4];
	struct asked bt[4];
	pthread_t tt[4];
	bool started[4];
	for (int i = 0; i < 4; i++) {
		y[i] = malloc(sizeof *y[i]);
		if (!CHECK(y[i] != NULL))
			return;
		memcpy(y[i], s, sizeof *y[i]);
		y[i]->result[1] = (char)(y[i]->result[1] ^ (0x21 + i));
		bt[i] = (struct asked){.s = s, .side = side, .want = want, .own = y[i]};
	}
	for (int i = 0; i < 4; i++) {
		started[i] = pthread_create(&tt[i], NULL, by_turns_thread, &bt[i]) == 0;
		CHECK(started[i]);
	}
	for (int i = 0; i < 4; i++) {
		if (started[i]) {
			pthread_join(tt[i], NULL);
			CHECK_EQ_INT(bt[i].wrong, 0);
			CHECK_EQ_INT(bt[i].computed, c1);
		}
		free(y[i]);
	}
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 4,
	                                        .seed_tag = 0x29,
	                                        .scenario = "campaign",
	                                        .bot_mul = 29,
	                                        .bot_add = 5,
	                                        .max_actions = 2000},
	                 after, NULL);
	printf("# %d designations, %d forces asked, %d actions checked, %d other questions "
	       "answered otherwise\n",
	       states, forces, acted, others);
	CHECK(states >= 3);
	CHECK(acted >= 3);
	CHECK(others >= 1);
	return tap_done();
}
