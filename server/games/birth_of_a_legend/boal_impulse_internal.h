/* boal_impulse_internal.h — what the impulse's files (boal_impulse.c,
 * boal_move.c, boal_regroup.c, boal_assault.c, boal_retreat.c) share; not
 * for the layers above, which use boal_impulse.h. */
#ifndef BOAL_IMPULSE_INTERNAL_H
#define BOAL_IMPULSE_INTERNAL_H

#include "boal_impulse.h"
#include "boal_mechanics.h"
#include "kit/offer.h"

#define BI_ST(p) ((const struct boal_state *)(p))
#define BI_MUT(p) ((struct boal_state *)(p))
#define BI_BIT(side) (1u << (unsigned)(side))

/* The module's data (loaded once; the impulse cannot run without it). */
const struct boal_data *bi_data(void);

/* Offers: kit/offer.h (tg_offer, tg_offer_choice). */
const char *bi_say(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Members of an action: the type; a unit or leader by id (-1: absent or
 * unknown); an area 1..45 (0: absent or out of range). */
const char *bi_type(const json_t *a);
int bi_unit(const struct boal_data *d, const json_t *a, const char *key);
int bi_leader(const struct boal_data *d, const json_t *a, const char *key);
int bi_area(const json_t *a, const char *key);

bool bi_is_artillery(const struct boal_data *d, int u);
bool bi_is_mounted(const struct boal_data *d, int u);
bool bi_independent(const struct boal_data *d, int u);

/* 9.5.2 / 15.4 / README 20: the boundary from-to exists and may be
 * crossed now (a destroyed bridge may not); *bridge is its bridge or -1. */
const struct tg_area_edge *bi_edge(const struct boal_state *s, const struct boal_data *d, int from,
                                   int to);

/* 12.1.1 and 9.6 at the end of the impulse; the step becomes OVER. */
void bi_end(struct boal_state *s, const struct boal_data *d);

/* boal_move.c: one step of a unit (or leader) in an Assault impulse.
 * check: 0 with the MF cost, or -1 with the rule broken. */
int bi_move_check(const struct boal_state *s, const struct boal_data *d, int u, int to, int *cost,
                  struct tg_error *err);
int bi_leader_move_check(const struct boal_state *s, const struct boal_data *d, int l, int to,
                         int *cost, struct tg_error *err);
/* after a unit or leader entered `to`: 7.2 control, 11.2 capture, 9.6 */
void bi_entered(struct boal_state *s, const struct boal_data *d, int side, int to);
/* 11.2: the enemy marker in `a` is removed; while one of the Attacker's
 * counters is free, his +1 is asked (s->imp.ent_area) once bi_go_on runs */
void bi_capture(struct boal_state *s, const struct boal_data *d, int a);
/* the Attacker's movement goes on: BOAL_IS_MOVE, or first 9.6's placements
 * and 11.2's question */
void bi_go_on(struct boal_state *s);

/* boal_assault.c */
int bi_assault_declare(struct boal_state *s, const struct boal_data *d, const json_t *a,
                       struct game_outcome *out, struct tg_error *err);
void bi_assault_offer(const struct boal_state *s, const struct boal_data *d,
                      struct tg_offers *list);
/* a mandatory assault still undeclared: its area, or 0 */
int bi_mandatory_pending(const struct boal_state *s, const struct boal_data *d);
/* once every retreat of the assault is done: the assault's last steps */
void bi_assault_finish(struct boal_state *s, const struct boal_data *d);
/* the result and the Attacker's retreat are done: the Defender's voluntary
 * retreats (10.7.3) while he has units there, then bi_assault_finish */
void bi_assault_resolved(struct boal_state *s, const struct boal_data *d);

/* boal_bridges.c (15.4, Advanced): the repair at an Assault Impulse's
 * start; at its end the demolitions, asked one bridge at a time (true: one
 * is pending now) */
void bi_repair_offer(const struct boal_state *s, const struct boal_data *d, struct tg_offers *list);
int bi_repair(struct boal_state *s, const struct boal_data *d, const json_t *a,
              struct game_outcome *out, struct tg_error *err);
bool bi_demolition_next(struct boal_state *s, const struct boal_data *d);

/* boal_retreat.c: units flagged BOAL_IU_RETREAT of `side` leave `from`,
 * one at a time (10.7.1); `back` says where the impulse goes on after the
 * queue is empty (as s->imp.r_back). Runs until a choice is needed. */
void bi_retreat_start(struct boal_state *s, const struct boal_data *d, int side, int from,
                      int back);
void bi_retreat_run(struct boal_state *s, const struct boal_data *d);
/* 9.6, 10.7: side's leaders in `from` when no unit of side is left there:
 * after a retreat (s->imp.r_last set) they go where the units went, asked
 * of the owner (place_due and place_retreat) when that is several Areas
 * (s->imp.r_dest, README decision 52); otherwise with a Division they
 * command: to its Area when there is one, eliminated when none, and asked
 * of the owner (s->imp.place_due, once bi_go_on runs) when there are
 * several (README decision 33) */
void bi_leaders_follow(struct boal_state *s, const struct boal_data *d, int side, int from);
/* 10.7: where an attacker retreats from the assaulted area (0: eliminated) */
int bi_retreat_single(struct boal_state *s, const struct boal_data *d, int u, int to);

/* boal_question.c: a question of the impulse with two answers (screen or
 * stand, demolish or keep...), written as one table row: it holds while
 * s->imp.step == step and asks the side `side` returns (-1: nobody); it
 * offers the two labels (each may hold one %s, the subject's name) with
 * kit/pending.h's tg_two_answers; an answer of another type is refused
 * citing the rule; once answered, the step is BOAL_IS_MOVE again and
 * `answer` goes on with the reply (yes: the first answer). */
struct bi_question {
	struct tg_two_answers q;
	uint8_t step; /* enum boal_istep */
	int (*side)(const struct boal_state *s);
	const char *yes_label, *no_label;
	/* the name the labels' %s stands for, or NULL when they have none */
	const char *(*subject)(const struct boal_state *s, const struct boal_data *d);
	void (*answer)(struct boal_state *s, const struct boal_data *d, int role, bool yes,
	               struct game_outcome *out);
	const char *(*prompt)(const struct boal_state *s, const struct boal_data *d, char *buf,
	                      size_t n);
};
bool bi_question_holds(const struct bi_question *q, const void *st);
unsigned bi_question_who(const struct bi_question *q, const void *st);
void bi_question_offer(const struct bi_question *q, const void *st, struct tg_offers *list);
int bi_question_act(const struct bi_question *q, void *st, int role, const json_t *a,
                    struct game_outcome *out, struct tg_error *err);
const char *bi_question_prompt(const struct bi_question *q, const void *st, char *buf, size_t n);
/* boal_question.c: a question naming a leader (9.6 where he is placed,
 * 10.7.3 whether he stays or retreats and where, 15.2 which of several
 * rolls), written as one table row: it holds while s->imp.step == step
 * and asks the owner of the leaders `leaders` returns (bit l; one bit when
 * the question is about one leader, several when it asks which). Its
 * answers are {type: go, leader: id, area: a} for every area a of
 * `areas` (or {type: go, leader: id} when the row has no `areas`), and,
 * when the row has one, {type: stay, leader: id}. An answer of another
 * type, another leader or another area is refused with the row's texts;
 * once answered, the step is BOAL_IS_MOVE again and `answer` goes on with
 * the leader and the area (0: the stay answer, or none asked). */
struct bi_leader_question {
	const char *rule; /* "9.6" */
	uint8_t step;     /* enum boal_istep */
	const char *go;   /* the answer's type: "place_leader" */
	const char *stay; /* the answer without an area (10.7.3), or NULL */
	uint32_t (*leaders)(const struct boal_state *s, const struct boal_data *d);
	/* the areas (bit a) the go answer may name for leader l; NULL: none */
	uint64_t (*areas)(const struct boal_state *s, const struct boal_data *d, int l);
	/* the offer's label of leader l's answer (area: as answer's) */
	const char *(*label)(const struct boal_state *s, const struct boal_data *d, int l, int area,
	                     char *buf, size_t n);
	void (*answer)(struct boal_state *s, const struct boal_data *d, int l, int area,
	               struct game_outcome *out);
	/* l: the first leader asked about, -1 when none (no data) */
	const char *(*prompt)(const struct boal_state *s, const struct boal_data *d, int l,
	                      char *buf, size_t n);
	/* the refusals: of the answer's type; of its leader (%s: the first
	 * leader asked about); of its area (%s: the leader named) */
	const char *bad_type, *bad_leader, *bad_area;
};
bool bi_leader_question_holds(const struct bi_leader_question *q, const void *st);
unsigned bi_leader_question_who(const struct bi_leader_question *q, const void *st);
void bi_leader_question_offer(const struct bi_leader_question *q, const void *st,
                              struct tg_offers *list);
int bi_leader_question_act(const struct bi_leader_question *q, void *st, int role, const json_t *a,
                           struct game_outcome *out, struct tg_error *err);
const char *bi_leader_question_prompt(const struct bi_leader_question *q, const void *st, char *buf,
                                      size_t n);

/* The five functions of boal_impulse.h's kind k, from its row q of the
 * family fam (bi_question, bi_leader_question). */
#define BI_KIND_OF(fam, k, q)                                                                      \
	bool boal_##k##_holds(const void *st)                                                      \
	{                                                                                          \
		return fam##_holds(&(q), st);                                                      \
	}                                                                                          \
	unsigned boal_##k##_who(const void *st)                                                    \
	{                                                                                          \
		return fam##_who(&(q), st);                                                        \
	}                                                                                          \
	void boal_##k##_offer(const void *st, int role, struct tg_offers *list)                    \
	{                                                                                          \
		(void)role;                                                                        \
		fam##_offer(&(q), st, list);                                                       \
	}                                                                                          \
	int boal_##k##_act(void *st, int role, const json_t *a, struct game_outcome *out,          \
	                   struct tg_error *err)                                                   \
	{                                                                                          \
		return fam##_act(&(q), st, role, a, out, err);                                     \
	}                                                                                          \
	const char *boal_##k##_prompt(const void *st, int role, char *buf, size_t n)               \
	{                                                                                          \
		(void)role;                                                                        \
		return fam##_prompt(&(q), st, buf, n);                                             \
	}
#define BI_QUESTION_KIND(k, q) BI_KIND_OF(bi_question, k, q)
#define BI_LEADER_QUESTION_KIND(k, q) BI_KIND_OF(bi_leader_question, k, q)

#endif
