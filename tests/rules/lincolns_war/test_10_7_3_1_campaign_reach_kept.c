/* 10.7.3.1: "Both forces must end their movement in the region named on the
 * campaign card." Whether an action of a campaign force closes its way in
 * is searched over the rest of the activation (lw_campaign.c); the answer
 * for one state is kept and found again by the state's bytes, on any
 * thread (the daemon asks on its loop what a fan-out worker asked when it
 * built the offer):
 *  - asked again for the same state, on this thread or another, the search
 *    is not run again and the answer is the same;
 *  - a state that differs in any byte the search may read (a general put
 *    into the region) is searched afresh, and its answer is its own;
 *  - a state that differs only in the public log's lines (which no action
 *    of the search reads) is the same question;
 *  - every kept answer is the one the search gives afresh
 *    (lw_campaign_reach_probe);
 *  - threads asking at once, each about a state of its own and one they
 *    share, get each state's own answers, each searching once (the kept
 *    answers are shared under a lock: run under ThreadSanitizer too). */
#include <pthread.h>

#include "lw_campaign_fixture.h"

struct asked {
	const struct lw_state *s;
	int stop, step; /* lw_campaign_stop_check, lw_campaign_step_check(to) */
	int to;
	long computed; /* searches this thread ran */
};

static void ask(struct asked *a)
{
	long before = lw_campaign_reach_computed();
	a->stop = lw_campaign_stop_check(a->s, NULL);
	a->step = lw_campaign_step_check(a->s, a->to, NULL);
	a->computed = lw_campaign_reach_computed() - before;
}

static void *ask_thread(void *arg)
{
	ask(arg);
	return NULL;
}

/* Asks two states by turns, many times; counts the answers that differ
 * from the first ones. */
struct by_turns {
	struct asked two[2];
	int wrong;
	long computed;
};

static void *by_turns_thread(void *arg)
{
	struct by_turns *b = arg;
	for (int i = 0; i < 40; i++) {
		struct asked a = b->two[i % 2];
		ask(&a);
		b->wrong += a.stop != b->two[i % 2].stop || a.step != b->two[i % 2].step;
		b->computed += a.computed;
	}
	return NULL;
}

/* The stop asked afresh: refused when a way is open and stopping closes it. */
static bool probe_refuses_stop(const struct lw_state *s)
{
	struct lw_reach_stats st;
	return lw_campaign_reach_probe(s, &st) && st.way && lw_campaign_stop_check(s, NULL) != 0;
}

int main(void)
{
	struct game *g = gf_new(41, LW_UNION);
	struct lw_state *s = &g->s;
	/* Grant next to Virginia, p[0] in it, p[2] two hexes out */
	int p[3];
	static const int w[3] = {0, 1, 2};
	if (!CHECK(cf_walk(g, LW_REGION_EASTERN, w, 3, p, NULL, 0)))
		return tap_done();
	int grant = gf_place(g, "grant", p[1], 3);
	tk_give(s, LW_UNION, 58); /* Eastern Theater (VA) */
	CHECKF(tk_act(g, "union", "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}") == 0,
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union",
	              "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"none\"}") ==
	           0,
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	if (!CHECK(s->step == LW_ST_MOVE && lw_campaign_allowed(s)))
		return tap_done();

	/* asked first: searched once for both checks; stopping outside is
	 * refused while he can get in */
	struct asked a = {.s = s, .to = p[0]};
	ask(&a);
	CHECK(a.stop != 0);
	CHECK(a.step == 0);
	CHECK_EQ_INT(a.computed, 1);
	CHECK(probe_refuses_stop(s));
	/* asked again: kept */
	struct asked b = {.s = s, .to = p[0]};
	ask(&b);
	CHECK(b.stop != 0 && b.step == 0);
	CHECK_EQ_INT(b.computed, 0);
	/* another thread: the same answer, not searched again */
	struct asked c = {.s = s, .to = p[0]};
	pthread_t t;
	if (CHECK(pthread_create(&t, NULL, ask_thread, &c) == 0))
		pthread_join(t, NULL);
	CHECK(c.stop != 0 && c.step == 0);
	CHECK_EQ_INT(c.computed, 0);

	/* a copy whose log lines differ: the same question */
	struct lw_state *x = malloc(sizeof *x);
	if (!CHECK(x != NULL))
		return tap_done();
	memcpy(x, s, sizeof *x);
	for (int i = 0; i < LW_LOG_LINES; i++)
		snprintf(x->log[i], sizeof x->log[i], "another line %d", i);
	struct asked d = {.s = x, .to = p[0]};
	ask(&d);
	CHECK(d.stop != 0 && d.step == 0);
	CHECK_EQ_INT(d.computed, 0);

	/* Grant put into Virginia (one byte of his hex): searched afresh; he
	 * may stop there now */
	memcpy(x, s, sizeof *x);
	x->unit[grant].hex = (int16_t)p[0];
	struct asked e = {.s = x, .to = p[1]};
	ask(&e);
	CHECK(e.stop == 0);
	CHECK_EQ_INT(e.computed, 1);
	CHECK(!probe_refuses_stop(x));
	/* on another thread too, found again */
	struct asked f = {.s = x, .to = p[1]};
	if (CHECK(pthread_create(&t, NULL, ask_thread, &f) == 0))
		pthread_join(t, NULL);
	CHECK(f.stop == e.stop && f.step == e.step);
	CHECK_EQ_INT(f.computed, 0);
	/* and the first state's answer is still its own */
	struct asked h = {.s = s, .to = p[0]};
	ask(&h);
	CHECK(h.stop != 0 && h.step == 0);
	CHECK_EQ_INT(h.computed, 0);
	/* two hexes out, his way is searched afresh: he may step there and
	 * come back, not past it */
	x->unit[grant].hex = (int16_t)p[2];
	x->play.moved = 1;
	struct asked k = {.s = x, .to = p[1]};
	ask(&k);
	CHECK(k.stop != 0 && k.step == 0);
	CHECK_EQ_INT(k.computed, 1);

	/* four threads at once, each by turns the first state and a copy of
	 * its own that differs in a byte the search never reads (the result's
	 * text, written when the game ends), so each searches once and keeps
	 * its answer while the others read theirs */
	struct by_turns bt[4];
	struct lw_state *y[4];
	pthread_t tt[4];
	bool started[4];
	for (int i = 0; i < 4; i++) {
		y[i] = malloc(sizeof *y[i]);
		if (!CHECK(y[i] != NULL))
			return tap_done();
		memcpy(y[i], s, sizeof *y[i]);
		y[i]->result[0] = (char)('a' + i);
		bt[i] = (struct by_turns){.two = {h, h}};
		bt[i].two[1].s = y[i];
	}
	for (int i = 0; i < 4; i++) {
		started[i] = pthread_create(&tt[i], NULL, by_turns_thread, &bt[i]) == 0;
		CHECK(started[i]);
	}
	for (int i = 0; i < 4; i++) {
		if (started[i]) {
			pthread_join(tt[i], NULL);
			CHECK_EQ_INT(bt[i].wrong, 0);
			CHECK_EQ_INT(bt[i].computed, 1);
		}
		free(y[i]);
	}
	free(x);
	lincolns_war_module.free(g);
	return tap_done();
}
