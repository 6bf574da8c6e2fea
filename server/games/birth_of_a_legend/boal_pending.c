/* boal_pending.c — the table of Birth of a Legend's pending decisions
 * (kit/pending.h): who is awaited, the prompt, the legal actions and the
 * dispatch of an answer, all by one walk of one table. The kit speaks
 * seats (game.h role indexes); the rules speak sides (boal_seat_side).
 * Interrupts come first, then the steps of the sequence of play. Every
 * offered action is complete (a thin client or a bot picks one and sends
 * it back); where one choice has many values (a bid) it is a param. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boal_module.h"
#include "kit/continuation.h"
#include "kit/pending.h"

#define ST(p) ((const struct boal_state *)(p))
#define MUT(p) ((struct boal_state *)(p))

static const struct boal_data *D(void)
{
	return boal_data(NULL);
}

static unsigned seat_bit(const struct boal_state *s, int side)
{
	return side < 0 ? 0u : 1u << boal_side_seat(s, side);
}

static const char *say(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static const char *say(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return buf;
}

static void offer(struct tg_offers *list, json_t *action, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void offer(struct tg_offers *list, json_t *action, const char *fmt, ...)
{
	char label[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(label, sizeof label, fmt, ap);
	va_end(ap);
	/* "params" on every offer, as kit/offer.c gives it (the same shape for
	 * a client or a bot to read) */
	tg_offer_labelled(list, action, label);
}

/* An integer member, sent as a number or as the string a param's choice
 * carries. 0, or -1 when absent or not a whole number. */
static int a_int(const json_t *a, const char *key, int *out)
{
	const json_t *v = json_object_get(a, key);
	if (json_is_integer(v)) {
		json_int_t x = json_integer_value(v);
		if (x < -1000000 || x > 1000000)
			return -1;
		*out = (int)x;
		return 0;
	}
	if (json_is_string(v)) {
		const char *t = json_string_value(v);
		char *end;
		long x = strtol(t, &end, 10);
		if (!*t || *end || x < -1000000 || x > 1000000)
			return -1;
		*out = (int)x;
		return 0;
	}
	return -1;
}

static const char *a_type(const json_t *a)
{
	return json_string_value(json_object_get(a, "type"));
}

static int need_int(const json_t *a, const char *key, int *out, struct tg_error *err)
{
	if (a_int(a, key, out) != 0)
		return tg_fail(err, TG_E_MALFORMED, "\"%s\" needs a whole number \"%s\"", a_type(a),
		               key);
	return 0;
}

static int unknown(const json_t *a, const char *rule, struct tg_error *err)
{
	return tg_fail(err, TG_E_ILLEGAL, "%s: \"%s\" is not an action open now", rule, a_type(a));
}

/* ---- 16.1.1 the bid ------------------------------------------------------ */

static bool bid_holds(const void *p)
{
	return ST(p)->step == BOAL_STEP_BID;
}
static unsigned bid_who(const void *p)
{
	return (ST(p)->bid_made[0] ? 0u : 1u) | (ST(p)->bid_made[1] ? 0u : 2u);
}
static void bid_offer(const void *p, int seat, struct tg_offers *list)
{
	(void)seat;
	json_t *choices = json_array();
	for (int rp = 0; rp <= D()->record_max; rp++) {
		char v[12];
		snprintf(v, sizeof v, "%d", rp);
		json_array_append_new(choices, json_pack("{s:s,s:s}", "value", v, "label", v));
	}
	char label[160];
	snprintf(label, sizeof label,
	         "Write a secret bid of Replacement Points for the %s side (16.1.1)",
	         boal_side_name(ST(p)->bid_side));
	tg_offer_entry(list, json_pack("{s:s,s:{s:s},s:[{s:s,s:s,s:o}]}", "label", label, "action",
	                               "type", "bid", "params", "name", "rp", "label",
	                               "Replacement Points", "choices", choices));
}
static int bid_act(void *p, int seat, const json_t *a, struct game_outcome *out,
                   struct tg_error *err)
{
	if (strcmp(a_type(a), "bid") != 0)
		return unknown(a, "16.1.1", err);
	int rp;
	if (need_int(a, "rp", &rp, err) != 0)
		return -1;
	bool both = MUT(p)->bid_made[!seat];
	if (boal_bid(MUT(p), D(), seat, rp, err) != 0)
		return -1;
	/* the reveal (and a tie's drs) cannot be undone */
	if (both && out)
		out->barrier = true;
	return 0;
}
static const char *bid_prompt(const void *p, int seat, char *buf, size_t n)
{
	(void)seat;
	return say(buf, n,
	           "16.1.1: write your secret bid for the %s side; the larger bid plays it, and "
	           "the other player receives that many Replacement Points",
	           boal_side_name(ST(p)->bid_side));
}

/* ---- 15.2 a Leader returns ----------------------------------------------- */

static bool leader_return_holds(const void *p)
{
	return ST(p)->step == BOAL_STEP_LEADER_RETURN;
}
static unsigned leader_return_who(const void *p)
{
	int l = boal_leader_due(ST(p), D());
	return l < 0 ? 0u : seat_bit(ST(p), D()->leader[l].side);
}
static void leader_return_offer(const void *p, int seat, struct tg_offers *list)
{
	(void)seat;
	const struct boal_data *d = D();
	int l = boal_leader_due(ST(p), d);
	for (int a = 1; l >= 0 && a <= BOAL_AREAS; a++)
		if (boal_leader_return_ok(ST(p), d, l, a))
			offer(list,
			      json_pack("{s:s,s:s,s:i}", "type", "return_leader", "leader",
			                d->leader[l].id, "area", a),
			      "Return %s to %s (%d) (15.2)", d->leader[l].name, d->area[a].name, a);
}
static int leader_return_act(void *p, int seat, const json_t *a, struct game_outcome *out,
                             struct tg_error *err)
{
	(void)seat;
	(void)out;
	if (strcmp(a_type(a), "return_leader") != 0)
		return unknown(a, "15.2", err);
	const char *id = json_string_value(json_object_get(a, "leader"));
	int area;
	if (!id || need_int(a, "area", &area, err) != 0)
		return id ? -1 : tg_fail(err, TG_E_MALFORMED, "return_leader needs a \"leader\"");
	return boal_return_leader(MUT(p), D(), boal_data_leader(D(), id), area, err);
}
static const char *leader_return_prompt(const void *p, int seat, char *buf, size_t n)
{
	(void)seat;
	int l = boal_leader_due(ST(p), D());
	return say(buf, n, "15.2: %s returns to the map: choose his Area",
	           l >= 0 ? D()->leader[l].name : "a Leader");
}

/* ---- the sequence of play's questions with two answers ----------------- */

/* A step of the sequence of play that asks one side a question with two
 * answers, written as one row as the impulse's are (struct bi_question,
 * boal_question.c): it holds while s->step == step and asks the side `side`
 * returns; it offers the two labels (each may hold one %s, the subject's
 * name) and reads the answer with kit/pending.h's tg_two_answers, so an
 * answer of another shape is refused citing the rule; `answer` goes on
 * with the reply (yes: the first answer). */
struct step_question {
	struct tg_two_answers q;
	uint8_t step; /* enum boal_step */
	int (*side)(const struct boal_state *s);
	const char *yes_label, *no_label;
	const char *(*subject)(const struct boal_state *s, const struct boal_data *d);
	int (*answer)(struct boal_state *s, const struct boal_data *d, int side, bool yes,
	              struct tg_error *err);
	const char *(*prompt)(const struct boal_state *s, const struct boal_data *d, int side,
	                      char *buf, size_t n);
};

static bool step_question_holds(const struct step_question *q, const void *p)
{
	return ST(p)->step == q->step;
}
static unsigned step_question_who(const struct step_question *q, const void *p)
{
	return seat_bit(ST(p), q->side(ST(p)));
}
static void step_question_offer(const struct step_question *q, const void *p,
                                struct tg_offers *list)
{
	const char *subject = q->subject(ST(p), D());
	char yes[256], no[256];
	/* the labels are the row's constants, each with at most one %s */
	snprintf(yes, sizeof yes, q->yes_label, subject);
	snprintf(no, sizeof no, q->no_label, subject);
	tg_two_answers_offer(&q->q, list, yes, no);
}
static int step_question_act(const struct step_question *q, void *p, const json_t *a,
                             struct tg_error *err)
{
	int yes = tg_two_answers_read(&q->q, a, err);
	if (yes < 0)
		return -1;
	return q->answer(MUT(p), D(), q->side(ST(p)), yes == 1, err);
}
static const char *step_question_prompt(const struct step_question *q, const void *p, char *buf,
                                        size_t n)
{
	return q->prompt(ST(p), D(), q->side(ST(p)), buf, n);
}

/* The five functions of the module's table entry `name`, from its row q. */
#define STEP_QUESTION(name, q)                                                                     \
	static bool name##_holds(const void *p)                                                    \
	{                                                                                          \
		return step_question_holds(&(q), p);                                               \
	}                                                                                          \
	static unsigned name##_who(const void *p)                                                  \
	{                                                                                          \
		return step_question_who(&(q), p);                                                 \
	}                                                                                          \
	static void name##_offer(const void *p, int seat, struct tg_offers *list)                  \
	{                                                                                          \
		(void)seat;                                                                        \
		step_question_offer(&(q), p, list);                                                \
	}                                                                                          \
	static int name##_act(void *p, int seat, const json_t *a, struct game_outcome *out,        \
	                      struct tg_error *err)                                                \
	{                                                                                          \
		(void)seat;                                                                        \
		(void)out;                                                                         \
		return step_question_act(&(q), p, a, err);                                         \
	}                                                                                          \
	static const char *name##_prompt(const void *p, int seat, char *buf, size_t n)             \
	{                                                                                          \
		(void)seat;                                                                        \
		return step_question_prompt(&(q), p, buf, n);                                      \
	}

/* ---- 12.1 the Advantage at Dawn ------------------------------------------ */

static int advantage_holder(const struct boal_state *s)
{
	return s->advantage;
}
static const char *army_leader(const struct boal_state *s, const struct boal_data *d)
{
	(void)d;
	return s->advantage == BOAL_CONFEDERATE ? "Lee" : "McClellan";
}
static int advantage_answer(struct boal_state *s, const struct boal_data *d, int side, bool yes,
                            struct tg_error *err)
{
	return boal_dawn_advantage(s, d, side, yes, err);
}
static const char *advantage_prompt(const struct boal_state *s, const struct boal_data *d, int side,
                                    char *buf, size_t n)
{
	(void)d;
	return say(buf, n,
	           "12.1: your Army Leader is Inactive (6.2.1 dr %d); spend the Advantage to make "
	           "him Active?",
	           s->army_dr[side]);
}
static const struct step_question dawn_advantage_q = {
    {"12.1", "dawn_advantage", "dawn_advantage", "use"},
    BOAL_STEP_DAWN_ADVANTAGE,
    advantage_holder,
    "Spend the Advantage: %s becomes Active (12.1 Change Army Leader Status)",
    "Keep the Advantage: %s stays Inactive (12.1)",
    army_leader,
    advantage_answer,
    advantage_prompt,
};
STEP_QUESTION(dawn_advantage, dawn_advantage_q)

/* ---- 6.2.2 the Supply Train at Dawn -------------------------------------- */

static int the_union(const struct boal_state *s)
{
	(void)s;
	return BOAL_UNION;
}
static const char *train_arrival(const struct boal_state *s, const struct boal_data *d)
{
	int at = s->turn + d->train_transit_days;
	return at < d->n_turns ? d->turn_label[at] : "after the last Turn";
}
static int train_answer(struct boal_state *s, const struct boal_data *d, int side, bool yes,
                        struct tg_error *err)
{
	(void)side;
	return boal_dawn_train(s, d, yes, err);
}
static const char *train_prompt(const struct boal_state *s, const struct boal_data *d, int side,
                                char *buf, size_t n)
{
	(void)s;
	(void)d;
	(void)side;
	return say(buf, n, "6.2.2: relocate the Supply Train from White House Landing?");
}
static const struct step_question dawn_train_q = {
    {"6.2.2", "relocate_train", "relocate_train", "relocate"},
    BOAL_STEP_DAWN_TRAIN,
    the_union,
    "Relocate the Supply Train to Harrison's Landing, arriving %s (6.2.2)",
    "Keep the Supply Train at White House Landing (6.2.2)",
    train_arrival,
    train_answer,
    train_prompt,
};
STEP_QUESTION(dawn_train, dawn_train_q)

/* ---- 13.2 the Night Phase ------------------------------------------------ */

static bool night_holds(const void *p)
{
	return ST(p)->step == BOAL_STEP_NIGHT;
}
static unsigned night_who(const void *p)
{
	return seat_bit(ST(p), ST(p)->night_side);
}
static void night_offer(const void *p, int seat, struct tg_offers *list)
{
	(void)seat;
	const struct boal_state *s = ST(p);
	const struct boal_data *d = D();
	int side = s->night_side;
	if (!s->night_dug && s->reserve[side] > 0)
		for (int u = 0; u < s->n_units; u++) {
			int t = d->unit[u].type;
			if (d->unit[u].side == side && s->unit[u].area != BOAL_NOWHERE &&
			    s->unit[u].exhausted && (t == BOAL_INFANTRY || t == BOAL_CAVALRY) &&
			    boal_replacement_eligible(s, d, side, s->unit[u].area))
				offer(
				    list,
				    json_pack("{s:s,s:s}", "type", "replace", "unit",
				              d->unit[u].id),
				    "Replace Losses: %s in %s to Fresh, 1 Replacement Point (13.2)",
				    d->unit[u].name, d->area[s->unit[u].area].name);
		}
	if (boal_night_advantage_open(s, d))
		offer(list, json_pack("{s:s}", "type", "advantage_replacement"),
		      "Spend the Advantage for one more Replacement Point (12.1, 13.3)");
	for (int a = 1; a <= BOAL_AREAS; a++) {
		if (s->night_dug >> a & 1u)
			continue;
		struct boal_state t = *s;
		if (boal_entrench(&t, d, side, a, NULL) == 0)
			offer(list, json_pack("{s:s,s:i}", "type", "entrench", "area", a),
			      "Entrench %s (%d): Entrench +%d (11.1)", d->area[a].name, a,
			      t.entrench_level[a]);
	}
	if (boal_night_engineers_open(s))
		offer(list, json_pack("{s:s}", "type", "remove_engineers"),
		      "Remove the Engineers from %s (15.4.4)",
		      d->bridge[s->imp.engineers - 1].name);
	offer(list, json_pack("{s:s}", "type", "end_night"),
	      "End your Night Phase; %d Replacement Points stay on the Record Track (13.3.2)",
	      s->reserve[side]);
}
static int night_act(void *p, int seat, const json_t *a, struct game_outcome *out,
                     struct tg_error *err)
{
	(void)seat;
	(void)out;
	struct boal_state *s = MUT(p);
	const struct boal_data *d = D();
	const char *t = a_type(a);
	int x;
	if (strcmp(t, "replace") == 0) {
		const char *id = json_string_value(json_object_get(a, "unit"));
		if (!id)
			return tg_fail(err, TG_E_MALFORMED, "replace needs a \"unit\"");
		return boal_night_replace(s, d, boal_data_unit(d, id), err);
	}
	if (strcmp(t, "advantage_replacement") == 0)
		return boal_night_advantage(s, d, err);
	if (strcmp(t, "entrench") == 0)
		return need_int(a, "area", &x, err) != 0 ? -1 : boal_night_entrench(s, d, x, err);
	if (strcmp(t, "remove_engineers") == 0)
		return boal_night_remove_engineers(s, d, err);
	if (strcmp(t, "end_night") == 0) {
		boal_night_done(s, d);
		return 0;
	}
	return unknown(a, "13.2", err);
}
static const char *night_prompt(const void *p, int seat, char *buf, size_t n)
{
	(void)seat;
	return say(buf, n,
	           "13.2: your Night Phase: Replace Losses (%d Replacement Points), then Entrench",
	           ST(p)->reserve[ST(p)->night_side]);
}

/* ---- 11.3 the End Phase -------------------------------------------------- */

static bool end_holds(const void *p)
{
	return ST(p)->step == BOAL_STEP_END_ENTRENCH;
}
static unsigned end_who(const void *p)
{
	return seat_bit(ST(p), ST(p)->night_side);
}
static void end_offer(const void *p, int seat, struct tg_offers *list)
{
	(void)seat;
	const struct boal_state *s = ST(p);
	for (int a = 1; a <= BOAL_AREAS; a++)
		if (s->entrench_side[a] == s->night_side)
			offer(list,
			      json_pack("{s:s,s:i}", "type", "remove_entrenchment", "area", a),
			      "Remove your Entrench +%d marker from %s (%d) (11.3)",
			      s->entrench_level[a], D()->area[a].name, a);
	offer(list, json_pack("{s:s}", "type", "end_removals"),
	      "Keep the rest of your Entrench markers (11.3)");
}
static int end_act(void *p, int seat, const json_t *a, struct game_outcome *out,
                   struct tg_error *err)
{
	(void)seat;
	(void)out;
	const char *t = a_type(a);
	int x;
	if (strcmp(t, "remove_entrenchment") == 0)
		return need_int(a, "area", &x, err) != 0 ? -1
		                                         : boal_end_remove(MUT(p), D(), x, err);
	if (strcmp(t, "end_removals") == 0) {
		boal_end_done(MUT(p), D());
		return 0;
	}
	return unknown(a, "11.3", err);
}
static const char *end_prompt(const void *p, int seat, char *buf, size_t n)
{
	(void)p;
	(void)seat;
	return say(buf, n, "11.3: End Phase: you may remove any of your Entrench markers");
}

/* ---- the Daylight Impulse (boal_impulse.h) ------------------------------ */

/* The impulse's kinds speak sides (role 0 the Union): they are wrapped so
 * that the table speaks seats (16.1.1 may seat a player on the other
 * side), and hold only in the Daylight Phase. */
static unsigned sides_to_seats(const struct boal_state *s, unsigned sides)
{
	return s->swapped ? (sides & 1u) << 1 | (sides >> 1 & 1u) : sides;
}

/* The impulse's own table, in its priority order; the module's table has
 * one entry for all of it, which asks whichever of its kinds is pending
 * now (so a kind the impulse adds needs no change here). */
static const struct tg_pending impulse_kinds[] = {BOAL_IMPULSE_PENDING};
#define IMPULSE_N (sizeof impulse_kinds / sizeof *impulse_kinds)

static const struct tg_pending *impulse_now(const void *p)
{
	if (ST(p)->phase != BOAL_DAYLIGHT || ST(p)->step != BOAL_STEP_IMPULSE)
		return NULL;
	return tg_pending_now(impulse_kinds, IMPULSE_N, p);
}
static bool impulse_holds(const void *p)
{
	return impulse_now(p) != NULL;
}
static unsigned impulse_who(const void *p)
{
	return sides_to_seats(ST(p), impulse_now(p)->who(p));
}
static void impulse_offer(const void *p, int seat, struct tg_offers *list)
{
	impulse_now(p)->offer(p, boal_seat_side(ST(p), seat), list);
}
static int impulse_act(void *p, int seat, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	return impulse_now(p)->act(p, boal_seat_side(ST(p), seat), a, out, err);
}
static const char *impulse_prompt(const void *p, int seat, char *buf, size_t n)
{
	return impulse_now(p)->prompt(p, boal_seat_side(ST(p), seat), buf, n);
}

#define DECISION(name, rule)                                                                       \
	{                                                                                          \
#name, rule, name##_holds, name##_who, name##_offer, name##_act, name##_prompt     \
	}

static const struct tg_pending boal_table[] = {
    /* before the game */
    DECISION(bid, "16.1.1"),
    /* questions a procedure or phase raised */
    DECISION(leader_return, "15.2"),
    /* the Daylight Impulse (8-12): its kinds in boal_impulse.h's order,
     * the Defender's interrupts first, then the Attacker's steps */
    DECISION(impulse, "8-12"),
    /* the steps of the sequence of play (6.1) */
    DECISION(dawn_advantage, "6.2.1, 12.1"),
    DECISION(dawn_train, "6.2.2"),
    DECISION(night, "6.4, 13.2, 11.1"),
    DECISION(end, "6.5, 11.3"),
};
#define BOAL_TABLE_N (sizeof boal_table / sizeof *boal_table)

/* ---- what the sequence of play does next (kit/continuation.h) ----------- */

/* A question that more than one phase raises, and the end of an Impulse,
 * do not call on into the phase: the phase's next step is read from the
 * state (which records it: the step the question left and the phase that
 * asked it, the impulse's BOAL_IS_OVER) and run from here, the top, once no
 * decision is awaited. */
enum { GO_NONE, GO_DAWN, GO_NIGHT, GO_IMPULSE_DONE, GO_N };

static int phase_next(const void *p)
{
	const struct boal_state *s = ST(p);
	/* 15.2: the last Leader due has returned */
	if (s->step == BOAL_STEP_LEADER_RETURN && boal_leader_due(s, D()) < 0)
		return s->phase == BOAL_DAWN    ? GO_DAWN
		       : s->phase == BOAL_NIGHT ? GO_NIGHT
		                                : GO_NONE;
	/* the Impulse is over: the Daylight Phase goes on (6.3.1) */
	if (s->phase == BOAL_DAYLIGHT && s->step == BOAL_STEP_IMPULSE && boal_impulse_over(s))
		return GO_IMPULSE_DONE;
	return GO_NONE;
}
static void dawn_run(void *p, struct game_outcome *out)
{
	(void)out;
	boal_dawn_after_returns(MUT(p), D());
}
static void night_run(void *p, struct game_outcome *out)
{
	(void)out;
	boal_night_after_returns(MUT(p), D());
}
static void impulse_done_run(void *p, struct game_outcome *out)
{
	(void)out;
	boal_impulse_done(MUT(p), D());
}

static const struct tg_step phase_steps[GO_N] = {
    [GO_DAWN] = {"dawn_after_returns", "6.2.1, 15.2", NULL, dawn_run},
    [GO_NIGHT] = {"night_after_returns", "13.2, 15.2", NULL, night_run},
    [GO_IMPULSE_DONE] = {"impulse_done", "6.3.1", NULL, impulse_done_run},
};
static const struct tg_procedure phases = {"phases", phase_next, phase_steps, GO_N};

/* bounded: each step leaves the state it read (a Dawn, a Night, the next
 * Impulse or the next Phase); debug builds assert it */
enum { CONTINUE_MAX = 8 };

unsigned boal_awaiting(const struct boal_state *s)
{
	return tg_pending_awaiting(boal_table, BOAL_TABLE_N, s);
}

json_t *boal_legal(const struct boal_state *s, int seat)
{
	return tg_pending_legal(boal_table, BOAL_TABLE_N, s, seat);
}

int boal_legal_text(const struct boal_state *s, int seat, struct tg_text *t)
{
	return tg_pending_legal_text(boal_table, BOAL_TABLE_N, s, seat, t);
}

const char *boal_prompt(const struct boal_state *s, int seat, char *buf, size_t n)
{
	return tg_pending_prompt(boal_table, BOAL_TABLE_N, s, seat, buf, n);
}

int boal_apply(struct boal_state *s, int seat, const json_t *a, struct game_outcome *out,
               struct tg_error *err)
{
	if (!json_is_object(a) || !a_type(a))
		return tg_fail(err, TG_E_MALFORMED,
		               "an action is a JSON object with a string \"type\"");
	if (s->phase == BOAL_OVER)
		return tg_fail(err, TG_E_ILLEGAL, "the game is over");
	/* 14.2's capture is an event of this action: the train's landing was
	 * not Confederate-Controlled before it */
	int train = s->train_area;
	bool held = train != BOAL_NOWHERE && s->control[train] != BOAL_CONFEDERATE;
	if (tg_pending_act(boal_table, BOAL_TABLE_N, s, seat, a, out, err) != 0)
		return -1;
	const struct boal_data *d = D();
	if (s->phase == BOAL_DAYLIGHT) {
		/* 14.2: "either White House Landing (Area 17) or Harrison's
		 * Landing (Area 27) is captured with the Union Supply Train
		 * present" (README decision 46) */
		if (held && s->train_area == train && boal_capture_victory(s, d, train))
			return 0;
	}
	int ran = tg_continue(&phases, boal_table, BOAL_TABLE_N, s, out, CONTINUE_MAX);
	assert(ran >= 0 && "a phase step recorded itself without progress");
	(void)ran;
	return 0;
}
