/* lw_base.h — the floor of the module: the helpers every rules file needs
 * (the public log, the offers of legal actions and the reading of an
 * action's members, hex labels, the rules data, side names).
 *
 * They sat in the top files (lw_module.c, lw_actions.c, lw_setup.c), so that
 * every rules file called upward and the module read as one circle. Here
 * they stand below everything but the state and the data: this file and
 * lw_base.c include nothing of the module beyond lw_state.h and lw_data.h. */
#ifndef LW_BASE_H
#define LW_BASE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "kit/offer.h"
#include "lw_data.h"

struct lw_state;

/* ---- sides and roles -------------------------------------------------------- */

/* Role name -> side (LW_UNION/LW_CONFEDERATE), "observer" -> LW_NOSIDE, else -1. */
int lw_role_side(const char *role);
/* "Union" / "Confederate" */
const char *lw_side_title(int side);
/* Bit of a side in game_status.awaiting (role index = side - 1). */
#define LW_SIDE_BIT(side) (1u << ((side)-1))

/* ---- the rules data ----------------------------------------------------------- */

/* The process-wide data (lw_data_get); setup/load fail if it is missing. */
const struct lw_data *lw_data_or_fail(struct tg_error *err);
/* The data of a loaded state (never NULL once setup/load succeeded). */
const struct lw_data *lw_D(void);

/* ---- the public log ------------------------------------------------------------- */

/* Append a line to the public log (never hidden information). */
void lw_log(struct lw_state *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A log line's stamp (lw_state.log_stamp): the kit's tg_stamp_bytes of
 * its text, never 0. */
uint64_t lw_log_line_stamp(const char *line);

/* The log's part of act()'s undo (lw_module.c): act() copies the state
 * without the log's ring and its stamps (10 KB of its 18 KB, issue 17),
 * and the lines an action writes are undone from what lw_log kept of the
 * slots they overwrote (the text and the stamp). lw_log_undo_begin(s)
 * starts keeping them for s (one state a thread: act() does not nest);
 * lw_log_undo(s) puts every slot written since back and the count as it
 * was; lw_log_undo_end() stops. */
void lw_log_undo_begin(const struct lw_state *s);
void lw_log_undo(struct lw_state *s);
void lw_log_undo_end(void);
/* The slots of s's ring written since lw_log_undo_begin(s), in slot order,
 * as spans of the flat state (game.h game_outcome.before; off: s's offset
 * in it) with what lw_log kept of them: lines[i] a slot's text, stamps[i]
 * its stamp. Returns how many (at most LW_LOG_LINES each); 0 when s is not
 * the state kept. Valid until the next lw_log_undo_begin on this thread. */
size_t lw_log_undo_spans(const struct lw_state *s, size_t off, struct tg_byte_span *lines,
                         struct tg_byte_span *stamps);

/* ---- offers and actions --------------------------------------------------------- */

/* Offers: kit/offer.h (tg_offer, tg_offer_choice). */
/* Members of an action: false / NULL when missing or mistyped. */
bool lw_a_int(const json_t *a, const char *key, int *v);
const char *lw_a_str(const json_t *a, const char *key);
/* An act's "type", read once (issue 17: asked again at each level of the
 * dispatch, about 10 K look-ups of bench_rules 6 6's lw_act): from
 * lw_a_type_begin(a, &saved) until lw_a_type_end(&saved), on this thread,
 * lw_a_str(a, "type") answers what lw_a_type_begin read, without a
 * look-up; a must not change in between. Any other object and key are
 * looked up as before. The two nest (saved holds the outer's). Returns a's
 * "type", or NULL. */
struct lw_a_type {
	const json_t *a;
	const char *type;
};
const char *lw_a_type_begin(const json_t *a, struct lw_a_type *saved);
void lw_a_type_end(const struct lw_a_type *saved);
/* "Washington (1903)" or "1903" (snprintf's "%s (%04d)" / "%04d", cut to
 * n). */
const char *lw_hex_label(int hex, char *buf, size_t n);
/* snprintf(buf, n, "%s", s)'s bytes, without its formatting (the labels
 * and ids the offers write for each general); returns buf. */
const char *lw_copy_cut(char *buf, size_t n, const char *s);

/* ---- the action types of a decision, declared once ------------------------------ */

/* A handler of one action type: 0 done, -1 refused with err (game.h). */
typedef int lw_act_fn(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err);

/* One action type a decision takes: its rule section and its handler;
 * flags mean what the table's dispatcher makes of them (0 for most). */
struct lw_action {
	const char *type;
	const char *rule;
	lw_act_fn *act;
	unsigned flags;
};

/* The action types of one pending decision (or one step of it), in one
 * table: the dispatcher finds the row and calls its handler, so no handler
 * matches type strings. A type the table does not hold is refused by
 * `refuse`, which cites the rule that says what the decision takes. */
struct lw_actions {
	const char *name; /* for tests: "admin", "ops.card" */
	const struct lw_action *rows;
	size_t n;
	int (*refuse)(const struct lw_state *s, int side, const char *type, struct tg_error *err);
};
#define LW_ACTIONS(name, rows, refuse)                                                             \
	{                                                                                          \
		name, rows, sizeof rows / sizeof *rows, refuse                                     \
	}

/* The row of `type` in t, or NULL (also for a NULL type or table). */
const struct lw_action *lw_action_find(const struct lw_actions *t, const char *type);
/* a's row's handler, or t's refusal; -1 MALFORMED without a string type. */
int lw_action_dispatch(const struct lw_actions *t, struct lw_state *s, int side, const json_t *a,
                       struct game_outcome *out, struct tg_error *err);

#endif
