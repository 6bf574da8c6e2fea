/* boal_impulse.h — the Daylight impulse (layer 5, procedures): sections
 * 8-12 as they apply to one impulse. The Attacker chooses an Assault,
 * Regroup or Pass impulse (8.1), activates (8.1.1, 9.1.1, 9.1.3, 12.1 Rally
 * and Combined Assault, 8.1.4 "Lee Commands!", 15.3 Forced March), moves
 * his units one area at a time (9.2, 9.3, 9.5, 7.2), the Defender may
 * screen (9.4), assaults are declared and resolved (10.1-10.6, 12.1 Heroic
 * Defense, 15.2, 15.6), the retreats go one unit at a time (10.7), and the
 * impulse ends with 9.6 and 12.1.1.
 *
 * The impulse is a step machine kept in the state (struct boal_impulse,
 * boal_state.h): each kind of decision below is a struct tg_pending entry
 * (kit/pending.h) whose `holds` reads `s->imp.step`. The module's table
 * (boal_pending.c) places BOAL_IMPULSE_PENDING where the Daylight phase's
 * impulse belongs: its entries are already in priority order, the
 * Defender's interrupts first. Roles are the sides: role 0 the Union, 1 the
 * Confederate (BOAL_UNION, BOAL_CONFEDERATE).
 *
 * What the phase does around it (layer 6): boal_impulse_begin() when an
 * impulse starts, boal_impulse_over() to know when it is finished, then
 * s->imp.sunset_dr (6.3.1: the first Confederate DR of a Confederate
 * impulse, 0 when none was rolled and the phase rolls its own), then
 * boal_impulse_clear(). 15.4.4: when the Daylight Phase ends the phase
 * takes the Union Engineers off their bridge (s->imp.engineers = 0). */
#ifndef BOAL_IMPULSE_H
#define BOAL_IMPULSE_H

#include <jansson.h>

#include "boal_state.h"
#include "game.h"
#include "kit/pending.h"

/* 8.0: `side` (the Attacker) starts an impulse: the choice of 8.1 is
 * pending. The Advantage is settled (12.1.1) when it ends. */
void boal_impulse_begin(struct boal_state *s, int side);
/* The impulse has ended (Pass, a Regroup or Assault finished): the phase
 * takes it from here. */
bool boal_impulse_over(const struct boal_state *s);
/* After the phase has read what it needs: no impulse running. */
void boal_impulse_clear(struct boal_state *s);

/* 3.6 / 6.3.1: a DR (2d6) for `side`, from the match's generator. The
 * first one the Confederate rolls in a Confederate impulse is kept as the
 * Sunset DR (README decision 21: the attacker's DR is drawn first). */
int boal_roll_dr(struct boal_state *s, int side);

/* The kinds (kit/pending.h), each a family of functions over the state. */
#define BOAL_IMPULSE_KIND(k)                                                                       \
	bool boal_##k##_holds(const void *st);                                                     \
	unsigned boal_##k##_who(const void *st);                                                   \
	void boal_##k##_offer(const void *st, int role, struct tg_offers *list);                   \
	int boal_##k##_act(void *st, int role, const json_t *a, struct game_outcome *out,          \
	                   struct tg_error *err);                                                  \
	const char *boal_##k##_prompt(const void *st, int role, char *buf, size_t n);
BOAL_IMPULSE_KIND(retreat)
BOAL_IMPULSE_KIND(place_leader)
BOAL_IMPULSE_KIND(screen)
BOAL_IMPULSE_KIND(forward)
BOAL_IMPULSE_KIND(leader_casualty)
BOAL_IMPULSE_KIND(heroic)
BOAL_IMPULSE_KIND(casualty)
BOAL_IMPULSE_KIND(voluntary)
BOAL_IMPULSE_KIND(leader_retreat)
BOAL_IMPULSE_KIND(fall_back)
BOAL_IMPULSE_KIND(entrench_capture)
BOAL_IMPULSE_KIND(demolish)
BOAL_IMPULSE_KIND(impulse_choice)
BOAL_IMPULSE_KIND(impulse_single)
BOAL_IMPULSE_KIND(regroup)
BOAL_IMPULSE_KIND(assault_move)
#undef BOAL_IMPULSE_KIND

#define BOAL_PENDING_ENTRY(k, rule)                                                                \
	{                                                                                          \
#k, rule, boal_##k##_holds, boal_##k##_who, boal_##k##_offer, boal_##k##_act,      \
		    boal_##k##_prompt                                                              \
	}
/* The impulse's entries of the module's table, in priority order: the
 * owner's choice of a retreat area and the Defender's interrupts first,
 * then the Attacker's steps. */
#define BOAL_IMPULSE_PENDING                                                                       \
	BOAL_PENDING_ENTRY(retreat, "10.7.1, 10.7.2"), BOAL_PENDING_ENTRY(place_leader, "9.6"),    \
	    BOAL_PENDING_ENTRY(screen, "9.4"), BOAL_PENDING_ENTRY(forward, "10.4"),                \
	    BOAL_PENDING_ENTRY(leader_casualty, "15.2"), BOAL_PENDING_ENTRY(heroic, "12.1"),       \
	    BOAL_PENDING_ENTRY(casualty, "10.6"), BOAL_PENDING_ENTRY(voluntary, "10.7.3"),         \
	    BOAL_PENDING_ENTRY(leader_retreat, "10.7.3"), BOAL_PENDING_ENTRY(fall_back, "10.4.4"), \
	    BOAL_PENDING_ENTRY(entrench_capture, "11.2"), BOAL_PENDING_ENTRY(demolish, "15.4.1"),  \
	    BOAL_PENDING_ENTRY(impulse_choice, "8.1"),                                             \
	    BOAL_PENDING_ENTRY(impulse_single, "8.1.1, 9.1.1"),                                    \
	    BOAL_PENDING_ENTRY(regroup, "8.1.2"), BOAL_PENDING_ENTRY(assault_move, "9.1, 10.0")

#endif
