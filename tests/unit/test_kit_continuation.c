/* kit/continuation.h: what a procedure does next, recorded as data and run
 * by the driver once no decision waits. A toy end of turn shaped like
 * Lincoln's War's Supply Phase (3.6): a plot whose question is answered
 * before anything else, then sieges resolved one after the other (each end
 * may raise a question that is answered before the next), then the turn
 * ends. No step calls the next one or asks whether a decision waits: each
 * records what comes next and returns. */
#include <stdio.h>
#include <string.h>

#include "kit/continuation.h"
#include "kit/pending.h"
#include "tap.h"

enum { NEXT_NONE, NEXT_AFTER_PLOT, NEXT_SIEGES, NEXT_DEMOTE, NEXT_STUCK };

struct toy {
	int next;      /* what comes next (NEXT_*), in the state like a saved field */
	int question;  /* role asked, -1: none */
	int demote_by; /* role owing a demotion choice, -1: none */
	int sieges;    /* sieges left to resolve */
	int ask_after; /* the siege whose end raises a question (-1: none) */
	int turn;
	char trace[128];
};

static void note(struct toy *t, const char *what)
{
	size_t n = strlen(t->trace);
	snprintf(t->trace + n, sizeof t->trace - n, "%s%s", n ? " " : "", what);
}

/* the table of decisions: the question, the demotion, else the turn */
static bool q_holds(const void *p)
{
	return ((const struct toy *)p)->question >= 0;
}
static unsigned q_who(const void *p)
{
	return 1u << ((const struct toy *)p)->question;
}
static bool d_holds(const void *p)
{
	return ((const struct toy *)p)->demote_by >= 0;
}
static unsigned d_who(const void *p)
{
	return 1u << ((const struct toy *)p)->demote_by;
}
static void no_offer(const void *p, int role, struct tg_offers *list)
{
	(void)p, (void)role, (void)list;
}
static int answer(void *p, int role, const json_t *a, struct game_outcome *out,
                  struct tg_error *err)
{
	(void)role, (void)a, (void)out, (void)err;
	struct toy *t = p;
	t->question = -1;
	note(t, "answer");
	return 0;
}
static int demote(void *p, int role, const json_t *a, struct game_outcome *out,
                  struct tg_error *err)
{
	(void)role, (void)a, (void)out, (void)err;
	struct toy *t = p;
	t->demote_by = -1;
	note(t, "demote");
	return 0;
}
static const char *no_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)p, (void)role, (void)buf, (void)n;
	return NULL;
}
static const struct tg_pending table[] = {
    {"question", "11.0.3", q_holds, q_who, no_offer, answer, no_prompt},
    {"demotion", "20.4", d_holds, d_who, no_offer, demote, no_prompt},
};
#define TN (sizeof table / sizeof *table)

/* the steps */
static void after_plot(void *p, struct game_outcome *out)
{
	struct toy *t = p;
	if (out)
		out->barrier = true;
	note(t, "supply");
	t->next = t->sieges > 0 ? NEXT_SIEGES : NEXT_NONE;
	if (t->next == NEXT_NONE)
		t->turn++;
}
static void one_siege(void *p, struct game_outcome *out)
{
	(void)out;
	struct toy *t = p;
	t->sieges--;
	note(t, "siege");
	if (t->sieges == t->ask_after)
		t->question = 1; /* the end of this siege asks; the next one waits */
	if (t->sieges == 0) {
		t->next = NEXT_NONE;
		t->turn++;
		note(t, "turn");
	}
}
/* goes on while its own choice is made, whatever else waits */
static bool demote_ready(const void *p)
{
	return ((const struct toy *)p)->demote_by < 0;
}
static void after_demote(void *p, struct game_outcome *out)
{
	(void)out;
	struct toy *t = p;
	note(t, "forage");
	t->next = NEXT_NONE;
}
static void stuck(void *p, struct game_outcome *out)
{
	(void)p, (void)out; /* records itself again and does nothing: a defect */
}

static const struct tg_step steps[] = {
    [NEXT_AFTER_PLOT] = {"after_plot", "3.6, 20.3", NULL, after_plot},
    [NEXT_SIEGES] = {"sieges", "16.9.5.4.3", NULL, one_siege},
    [NEXT_DEMOTE] = {"forage", "20.5", demote_ready, after_demote},
    [NEXT_STUCK] = {"stuck", "-", NULL, stuck},
};
static int next_of(const void *p)
{
	return ((const struct toy *)p)->next;
}
static const struct tg_procedure supply = {"supply", next_of, steps, sizeof steps / sizeof *steps};

static int act(struct toy *t, int role)
{
	json_t *a = json_pack("{s:s}", "type", "answer");
	struct game_outcome out = {0};
	struct tg_error err = {0};
	int r = tg_pending_act(table, TN, t, role, a, &out, &err);
	json_decref(a);
	if (r == 0) /* the driver: what the procedure recorded goes on */
		r = tg_continue(&supply, table, TN, t, &out, 16) < 0 ? -1 : 0;
	return r;
}

/* The plot's question holds the phase; its answer lets the driver run the
 * rest, each siege after the other, until the end of one asks again. */
static void test_waits_then_goes_on(void)
{
	struct toy t = {
	    .next = NEXT_AFTER_PLOT, .question = 0, .demote_by = -1, .sieges = 3, .ask_after = 1};
	struct game_outcome out = {0};
	CHECK_EQ_INT(tg_continue(&supply, table, TN, &t, &out, 16), 0); /* the plot asks */
	CHECK_EQ_STR(t.trace, "");
	CHECK(!out.barrier);
	CHECK_EQ_INT(act(&t, 0), 0);
	/* after the answer: supply, two sieges, and the second's question holds */
	CHECK_EQ_STR(t.trace, "answer supply siege siege");
	CHECK_EQ_INT(t.next, NEXT_SIEGES);
	CHECK_EQ_INT(t.question, 1);
	CHECK_EQ_INT(act(&t, 1), 0);
	CHECK_EQ_STR(t.trace, "answer supply siege siege answer siege turn");
	CHECK_EQ_INT(t.next, NEXT_NONE);
	CHECK_EQ_INT(t.turn, 1);
	/* nothing recorded: nothing runs */
	CHECK_EQ_INT(tg_continue(&supply, table, TN, &t, &out, 16), 0);
	CHECK_EQ_INT(t.turn, 1);
}

/* A step with its own `ready` waits for its own choice only: it goes on
 * while another question is pending; without `ready` it would not. */
static void test_own_ready(void)
{
	struct toy t = {
	    .next = NEXT_DEMOTE, .question = 0, .demote_by = 1, .sieges = 0, .ask_after = -1};
	CHECK_EQ_INT(tg_continue(&supply, table, TN, &t, NULL, 16), 0);
	CHECK_EQ_STR(t.trace, "");
	t.demote_by = -1;
	CHECK_EQ_INT(tg_continue(&supply, table, TN, &t, NULL, 16), 1);
	CHECK_EQ_STR(t.trace, "forage");
	CHECK_EQ_INT(t.question, 0); /* still waiting, untouched */
}

/* A step that records itself and makes no progress stops at the bound
 * (-1), and an index outside the table is nothing to run. */
static void test_bound_and_range(void)
{
	struct toy t = {.next = NEXT_STUCK, .question = -1, .demote_by = -1, .ask_after = -1};
	CHECK_EQ_INT(tg_continue(&supply, table, TN, &t, NULL, 5), -1);
	t.next = 99;
	CHECK_EQ_INT(tg_continue(&supply, table, TN, &t, NULL, 5), 0);
	t.next = -3;
	CHECK_EQ_INT(tg_continue(&supply, table, TN, &t, NULL, 5), 0);
}

int main(void)
{
	test_waits_then_goes_on();
	test_own_ready();
	test_bound_and_range();
	return tap_done();
}
