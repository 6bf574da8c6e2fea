/* continuation.h — what a procedure does next, recorded as data.
 *
 * A procedure that must wait for a decision (pending.h) neither calls on to
 * its next step nor asks its caller whether a decision waits. It records
 * in the game's state which step comes next (a number the module reads
 * back with `next`, saved like any field) and returns. After every accepted
 * action the module's driver calls tg_continue, which runs the recorded
 * step once it is ready, then the one that step recorded, and so on, until
 * nothing is recorded or the next step must wait. So a phase goes on from
 * the top (the driver, which knows the table of decisions) and a lower
 * layer never calls a higher one.
 *
 * A step is
 *
 *   name, rule  for tests and logs: "supply_sieges", "16.9.5.4.3"
 *   ready       whether it may run now; NULL: only while no decision of the
 *               module's table is awaited (tg_pending_awaiting() == 0). A
 *               step that waits for its own question only gives its own
 *               test (Lincoln's War's 20.4 demotions go on once the owner
 *               chose, whatever else is asked meanwhile)
 *   run         the step: it does its work, records what comes next (or
 *               nothing) and returns. It may record itself again when it
 *               made progress (one siege resolved of several).
 *
 * The driver is bounded: a step that records itself without progress would
 * run for ever, so tg_continue stops after `limit` steps and says so.
 * Lincoln's War's Supply Phase is the first user. Birth of a Legend is the
 * second: its module's driver (boal_pending.c) resumes the Dawn or the
 * Night once 15.2's returning Leaders are placed and the Daylight Phase
 * once an Impulse is over, each step read from the state (no saved field
 * of its own). Its Impulse does not run on this driver: there a question's
 * answer goes on in the same layer (the retreat queue's r_back is a
 * recorded next step of its own, read within that layer), no call runs
 * upward, and a driver pass after every answer would add nothing but a
 * second way of going on (its README, "Waiting and going on"). */
#ifndef TG_KIT_CONTINUATION_H
#define TG_KIT_CONTINUATION_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "pending.h"

struct tg_step {
	const char *name;
	const char *rule;
	bool (*ready)(const void *st);
	void (*run)(void *st, struct game_outcome *out);
};

/* A procedure's steps: steps[k] runs when next(st) == k; 0 (and any index
 * outside the table, or an entry without `run`) is "nothing recorded". */
struct tg_procedure {
	const char *name;
	int (*next)(const void *st);
	const struct tg_step *steps;
	size_t n;
};

/* Runs the steps st recorded while each is ready (see above), at most
 * `limit` of them. Returns how many ran, or -1 when `limit` ran and the
 * next was still ready (a step that records itself without progress). */
int tg_continue(const struct tg_procedure *p, const struct tg_pending *table, size_t n, void *st,
                struct game_outcome *out, int limit);

#endif
