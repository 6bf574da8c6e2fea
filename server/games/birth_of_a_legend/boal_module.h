/* boal_module.h — the module layer (7) inside: the table of pending
 * decisions (boal_pending.c), the view (boal_view.c) and the save
 * (boal_save.c) of a Birth of a Legend match. Seats are game.h's role
 * indexes ("union" 0, "confederate" 1); 16.1.1 may seat a player on the
 * other side (boal_seat_side). */
#ifndef BOAL_MODULE_H
#define BOAL_MODULE_H

#include <jansson.h>

#include "boal_phases.h"
#include "game.h"

extern const struct game_module birth_of_a_legend_module;

#define BOAL_MAX_ACTIONS 20000 /* a bound on one match, far above a real game */

struct game {
	struct boal_state s;
};

/* boal_pending.c: the four questions, one table */
unsigned boal_awaiting(const struct boal_state *s); /* seat bits */
json_t *boal_legal(const struct boal_state *s, int seat);
/* The same list written as compact JSON at the end of t (kit/offer.h), with
 * no tree. 0, or -1 when out of memory. */
struct tg_text;
int boal_legal_text(const struct boal_state *s, int seat, struct tg_text *t);
const char *boal_prompt(const struct boal_state *s, int seat, char *buf, size_t n);
int boal_apply(struct boal_state *s, int seat, const json_t *a, struct game_outcome *out,
               struct tg_error *err);

/* boal_seat_text.c: the texts a seat reads, saying who plays what when
 * 16.1.1 gave a seat the other side (README decision 40); each returns buf */
const char *boal_seat_prompt(const struct boal_state *s, int seat, char *buf, size_t n);
const char *boal_result_text(const struct boal_state *s, char *buf, size_t n);
const char *boal_status_text(const struct boal_state *s, char *buf, size_t n);
/* what a seat plays, where 16.1.1 exchanged seats and sides; else NULL */
const char *boal_seat_plays(const struct boal_state *s, int seat, char *buf, size_t n);

/* boal_view.c */
extern const char *const boal_view_sections[];
json_t *boal_view_section(const struct boal_state *s, int seat, unsigned i);
/* The offers written as text (game.h view_section_text); false for
 * another section. */
bool boal_view_section_text(const struct boal_state *s, int seat, unsigned i, struct tg_text *t);
void boal_view_stamps(const struct boal_state *s, int seat, uint64_t *stamps);

/* boal_save.c: every field by name; load checks every bound */
json_t *boal_save_json(const struct boal_state *s);
int boal_load_json(struct boal_state *s, const json_t *j, struct tg_error *err);
/* Takes out of again (a save of what saved loaded into) the fields added to
 * version 1 that saved, an older save of it, does not have: they read 0. */
void boal_save_drop_added(json_t *again, const json_t *saved);

#endif
