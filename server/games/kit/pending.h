/* pending.h — the table of a game's pending decisions.
 *
 * At every moment a game waits for one decision: an interrupt (a question
 * a procedure raised: who succeeds a lost General in Chief, where a
 * displaced general goes, whether the defender screens with his cavalry)
 * or, when none is raised, the step of the sequence of play. A module
 * writes its kinds of decision ONCE, as a table in priority order
 * (interrupts first, then the phases), each with
 *
 *   holds   whether this kind is the pending decision now (the first entry
 *           that holds is; the entries after it are not asked),
 *   who     the roles that decide it (bits as game_status.awaiting: role
 *           index i is bit 1u << i; 0: nobody can act now),
 *   offer   their legal actions ([{label, action, params}], game.h),
 *   act     the handler that validates and applies an answer,
 *   prompt  the sentence that asks.
 *
 * and the four questions a module answers (awaiting, legal actions, apply,
 * prompt) walk the same table, so they cannot disagree about who is asked
 * what. A procedure that must wait records its question in the state (the
 * field its kind's `holds` reads) and returns; the answer's `act` goes on
 * from there. Nothing here keeps state: the game's state is opaque
 * (`const void *`), so the table serves every module (Lincoln's War first;
 * Birth of a Legend's defender interrupts, 9.4 and 10.x, are kinds of their
 * own ahead of the impulse's). */
#ifndef TG_KIT_PENDING_H
#define TG_KIT_PENDING_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "offer.h"

struct tg_pending {
	const char *name; /* for tests and logs: "gic_choice" */
	const char *rule; /* the rule that asks: "11.1.2.2" */
	bool (*holds)(const void *st);
	unsigned (*who)(const void *st);
	void (*offer)(const void *st, int role, struct tg_offers *list);
	int (*act)(void *st, int role, const json_t *action, struct game_outcome *out,
	           struct tg_error *err);
	/* buf of n bytes; returns buf (or a constant), NULL when nothing to say */
	const char *(*prompt)(const void *st, int role, char *buf, size_t n);
};

/* The pending decision now: the first of table[0..n) that holds, or NULL. */
const struct tg_pending *tg_pending_now(const struct tg_pending *table, size_t n, const void *st);
/* The roles awaited now (game_status.awaiting); 0 when nothing holds. */
unsigned tg_pending_awaiting(const struct tg_pending *table, size_t n, const void *st);
/* The legal actions of `role` now: a new array, empty unless it is awaited. */
json_t *tg_pending_legal(const struct tg_pending *table, size_t n, const void *st, int role);
/* The same list written as compact JSON text at the end of t (kit/offer.h:
 * the bytes the array above serializes to). 0, or -1 when out of memory. */
int tg_pending_legal_text(const struct tg_pending *table, size_t n, const void *st, int role,
                          struct tg_text *t);
/* Apply `role`'s answer to the pending decision: the kind's act, or -1 with
 * TG_E_NOT_YOUR_TURN when `role` is not awaited (TG_E_ILLEGAL when nothing
 * is pending at all, as once a game is over). */
int tg_pending_act(const struct tg_pending *table, size_t n, void *st, int role,
                   const json_t *action, struct game_outcome *out, struct tg_error *err);
/* The sentence asking `role`, or NULL when it is not awaited. */
const char *tg_pending_prompt(const struct tg_pending *table, size_t n, const void *st, int role,
                              char *buf, size_t size);

/* A question with two answers (screen or stand, demolish or keep): the
 * kinds that ask one write only the rule, the two action types and, where
 * the answers are told apart by a boolean member rather than by their
 * types, that member; the offer and the reading of the answer are these
 * two functions, so every such question offers and refuses alike. */
struct tg_two_answers {
	const char *rule; /* "9.4", cited by the refusal */
	const char *yes;  /* the first answer's action type: "screen" */
	const char *no;   /* the second's: "stand" (may be `yes` when flag is set) */
	/* NULL: the type tells the answers apart. Otherwise the first answer
	 * is {type: yes, <flag>: true}, the second {type: no, <flag>: false}
	 * (Birth of a Legend's Dawn: {"type": "dawn_advantage", "use": true}) */
	const char *flag;
};
/* Appends {label, action: {type[, flag]}, params: []} for `yes`, then for `no`. */
void tg_two_answers_offer(const struct tg_two_answers *q, struct tg_offers *list,
                          const char *yes_label, const char *no_label);
/* 1 when the action is the first answer, 0 when the second; otherwise -1
 * with TG_E_MALFORMED: "<rule>: the answer is \"<yes>\" or \"<no>\"" (with
 * a flag: "... \"<yes>\" with \"<flag>\": true, or \"<no>\" with
 * \"<flag>\": false"). */
int tg_two_answers_read(const struct tg_two_answers *q, const json_t *action, struct tg_error *err);

#endif
