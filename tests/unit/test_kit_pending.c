/* kit/pending.h: the table of pending decisions, on a toy area-impulse game
 * shaped like Birth of a Legend's Daylight (BRIEFS.md 2.2): the active
 * player moves; when he enters an area held only by enemy cavalry, the
 * defender is asked whether to screen (9.4) before the mover goes on. The
 * interrupt is a field of the state that the mover's procedure sets and
 * returns; the table puts it ahead of the impulse. */
#include <stdio.h>
#include <string.h>

#include "kit/pending.h"
#include "tap.h"

struct toy {
	int active;    /* role moving (0 or 1) */
	int screen_by; /* role asked to screen, -1: no question */
	int area;      /* where the mover is */
	int moves, screens;
	bool over;
};

static bool screen_holds(const void *p)
{
	const struct toy *t = p;
	return !t->over && t->screen_by >= 0;
}
static unsigned screen_who(const void *p)
{
	return 1u << ((const struct toy *)p)->screen_by;
}
static void screen_offer(const void *p, int role, struct tg_offers *list)
{
	(void)p, (void)role;
	json_array_append_new(list->tree, json_pack("{s:s}", "type", "screen"));
	json_array_append_new(list->tree, json_pack("{s:s}", "type", "stand"));
}
static int screen_act(void *p, int role, const json_t *a, struct game_outcome *out,
                      struct tg_error *err)
{
	(void)role, (void)out;
	struct toy *t = p;
	const char *type = json_string_value(json_object_get(a, "type"));
	if (!type || (strcmp(type, "screen") && strcmp(type, "stand")))
		return tg_fail(err, TG_E_ILLEGAL, "9.4: screen or stand");
	t->screens += strcmp(type, "screen") == 0;
	t->screen_by = -1; /* answered: the impulse goes on */
	return 0;
}
static const char *screen_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)p, (void)role;
	snprintf(buf, n, "Screen with your cavalry? (9.4)");
	return buf;
}

static bool impulse_holds(const void *p)
{
	return !((const struct toy *)p)->over;
}
static unsigned impulse_who(const void *p)
{
	return 1u << ((const struct toy *)p)->active;
}
static void impulse_offer(const void *p, int role, struct tg_offers *list)
{
	(void)p, (void)role;
	json_array_append_new(list->tree, json_pack("{s:s}", "type", "move"));
}
static int impulse_act(void *p, int role, const json_t *a, struct game_outcome *out,
                       struct tg_error *err)
{
	(void)a, (void)out, (void)err;
	struct toy *t = p;
	t->moves++;
	t->area++;
	if (t->area == 2)
		t->screen_by = 1 - role; /* the mover's procedure records the question */
	return 0;
}
static const char *impulse_prompt(const void *p, int role, char *buf, size_t n)
{
	(void)p, (void)role;
	snprintf(buf, n, "Move (8.1.1)");
	return buf;
}

static const struct tg_pending table[] = {
    {"screen", "9.4", screen_holds, screen_who, screen_offer, screen_act, screen_prompt},
    {"impulse", "8.1", impulse_holds, impulse_who, impulse_offer, impulse_act, impulse_prompt},
};
#define N (sizeof table / sizeof *table)

static int act(struct toy *t, int role, const char *type, struct tg_error *err)
{
	json_t *a = json_pack("{s:s}", "type", type);
	struct game_outcome out = {0};
	int r = tg_pending_act(table, N, t, role, a, &out, err);
	json_decref(a);
	return r;
}

/* The interrupt comes first, and all four questions agree on it. */
static void test_interrupt_first(void)
{
	struct toy t = {.active = 0, .screen_by = -1};
	char buf[64];
	struct tg_error err = {0};
	CHECK_EQ_STR(tg_pending_now(table, N, &t)->name, "impulse");
	CHECK_EQ_INT(tg_pending_awaiting(table, N, &t), 1);
	CHECK_EQ_INT(act(&t, 0, "move", &err), 0);
	CHECK_EQ_INT(act(&t, 0, "move", &err), 0); /* into the cavalry's area */
	CHECK_EQ_STR(tg_pending_now(table, N, &t)->name, "screen");
	CHECK_EQ_INT(tg_pending_awaiting(table, N, &t), 2); /* the defender, not the mover */
	json_t *l0 = tg_pending_legal(table, N, &t, 0), *l1 = tg_pending_legal(table, N, &t, 1);
	CHECK_EQ_INT(json_array_size(l0), 0);
	CHECK_EQ_INT(json_array_size(l1), 2);
	json_decref(l0);
	json_decref(l1);
	CHECK(tg_pending_prompt(table, N, &t, 0, buf, sizeof buf) == NULL);
	CHECK_EQ_STR(tg_pending_prompt(table, N, &t, 1, buf, sizeof buf),
	             "Screen with your cavalry? (9.4)");
	/* the mover may not go on before the answer */
	CHECK_EQ_INT(act(&t, 0, "move", &err), -1);
	CHECK_EQ_STR(err.code, TG_E_NOT_YOUR_TURN);
	CHECK_EQ_INT(t.moves, 2);
	/* the answer goes to the interrupt's handler, whose errors come back */
	CHECK_EQ_INT(act(&t, 1, "retreat", &err), -1);
	CHECK_EQ_STR(err.message, "9.4: screen or stand");
	CHECK_EQ_INT(act(&t, 1, "screen", &err), 0);
	CHECK_EQ_INT(t.screens, 1);
	/* answered: the impulse is pending again */
	CHECK_EQ_STR(tg_pending_now(table, N, &t)->name, "impulse");
	CHECK_EQ_INT(act(&t, 0, "move", &err), 0);
	CHECK_EQ_INT(t.moves, 3);
}

/* Nothing holds: nobody is awaited, nothing is offered, an act is refused. */
static void test_nothing_pending(void)
{
	struct toy t = {.active = 1, .screen_by = 0, .over = true};
	char buf[64];
	struct tg_error err = {0};
	CHECK(tg_pending_now(table, N, &t) == NULL);
	CHECK_EQ_INT(tg_pending_awaiting(table, N, &t), 0);
	json_t *l = tg_pending_legal(table, N, &t, 0);
	CHECK_EQ_INT(json_array_size(l), 0);
	json_decref(l);
	CHECK(tg_pending_prompt(table, N, &t, 0, buf, sizeof buf) == NULL);
	CHECK_EQ_INT(act(&t, 0, "screen", &err), -1);
	CHECK_EQ_STR(err.code, TG_E_ILLEGAL);
	/* roles outside the mask's range are never awaited */
	t.over = false;
	t.screen_by = -1;
	l = tg_pending_legal(table, N, &t, -1);
	CHECK_EQ_INT(json_array_size(l), 0);
	json_decref(l);
	CHECK_EQ_INT(act(&t, 40, "move", &err), -1);
	CHECK_EQ_STR(err.code, TG_E_NOT_YOUR_TURN);
}

/* A two-answer question: both answers offered in order with their labels
 * and no params; each read back; anything else refused citing the rule. */
static void test_two_answers(void)
{
	static const struct tg_two_answers q = {"9.4", "screen", "stand", NULL};
	json_t *l = json_array();
	tg_two_answers_offer(&q, TG_OFFERS_TREE(l), "Screen (9.4)", "Stand (9.4)");
	CHECK_EQ_INT(json_array_size(l), 2);
	json_t *y = json_array_get(l, 0), *n = json_array_get(l, 1);
	CHECK_EQ_STR(json_string_value(json_object_get(y, "label")), "Screen (9.4)");
	CHECK_EQ_STR(json_string_value(json_object_get(n, "label")), "Stand (9.4)");
	CHECK_EQ_INT(json_array_size(json_object_get(y, "params")), 0);
	struct tg_error err = {0};
	CHECK_EQ_INT(tg_two_answers_read(&q, json_object_get(y, "action"), &err), 1);
	CHECK_EQ_INT(tg_two_answers_read(&q, json_object_get(n, "action"), &err), 0);
	json_decref(l);
	json_t *bad = json_pack("{s:s}", "type", "retreat");
	CHECK_EQ_INT(tg_two_answers_read(&q, bad, &err), -1);
	CHECK_EQ_STR(err.code, TG_E_MALFORMED);
	CHECK_EQ_STR(err.message, "9.4: the answer is \"screen\" or \"stand\"");
	json_decref(bad);
	bad = json_pack("{s:i}", "type", 1);
	CHECK_EQ_INT(tg_two_answers_read(&q, bad, &err), -1);
	json_decref(bad);
	CHECK_EQ_INT(tg_two_answers_read(&q, NULL, &err), -1);
}

/* A two-answer question told apart by a boolean member (Birth of a
 * Legend's 12.1 Dawn Advantage: {"type": "dawn_advantage", "use": true}):
 * offered and read the same way; a missing or non-boolean member or
 * another type refused citing the rule. */
static void test_two_answers_flag(void)
{
	static const struct tg_two_answers q = {"12.1", "dawn_advantage", "dawn_advantage", "use"};
	json_t *l = json_array();
	tg_two_answers_offer(&q, TG_OFFERS_TREE(l), "Spend (12.1)", "Keep (12.1)");
	CHECK_EQ_INT(json_array_size(l), 2);
	json_t *y = json_object_get(json_array_get(l, 0), "action");
	json_t *n = json_object_get(json_array_get(l, 1), "action");
	CHECK_EQ_STR(json_string_value(json_object_get(y, "type")), "dawn_advantage");
	CHECK(json_is_true(json_object_get(y, "use")));
	CHECK(json_is_false(json_object_get(n, "use")));
	CHECK_EQ_INT(json_object_size(y), 2);
	CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(l, 1), "label")),
	             "Keep (12.1)");
	struct tg_error err = {0};
	CHECK_EQ_INT(tg_two_answers_read(&q, y, &err), 1);
	CHECK_EQ_INT(tg_two_answers_read(&q, n, &err), 0);
	json_decref(l);
	json_t *bad = json_pack("{s:s}", "type", "dawn_advantage");
	CHECK_EQ_INT(tg_two_answers_read(&q, bad, &err), -1);
	CHECK_EQ_STR(err.code, TG_E_MALFORMED);
	CHECK_EQ_STR(err.message, "12.1: the answer is \"dawn_advantage\" with \"use\": true, or "
	                          "\"dawn_advantage\" with \"use\": false");
	json_decref(bad);
	bad = json_pack("{s:s,s:i}", "type", "dawn_advantage", "use", 1);
	CHECK_EQ_INT(tg_two_answers_read(&q, bad, &err), -1);
	json_decref(bad);
	bad = json_pack("{s:s,s:b}", "type", "screen", "use", 1);
	CHECK_EQ_INT(tg_two_answers_read(&q, bad, &err), -1);
	json_decref(bad);
	/* two types and a member: each answer its own type and value */
	static const struct tg_two_answers r = {"1.0", "go", "halt", "sure"};
	bad = json_pack("{s:s,s:b}", "type", "go", "sure", 0);
	CHECK_EQ_INT(tg_two_answers_read(&r, bad, &err), -1);
	json_decref(bad);
	bad = json_pack("{s:s,s:b}", "type", "halt", "sure", 0);
	CHECK_EQ_INT(tg_two_answers_read(&r, bad, &err), 0);
	json_decref(bad);
}

int main(void)
{
	test_interrupt_first();
	test_nothing_pending();
	test_two_answers();
	test_two_answers_flag();
	return tap_done();
}
