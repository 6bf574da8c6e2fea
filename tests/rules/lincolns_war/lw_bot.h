/* lw_bot.h — a random legal-action player for Lincoln's War (or any game
 * whose view lists complete actions, game.h). It only uses the public
 * interface: status() gives the awaited roles, the view (only the
 * sections it reads, view_section, where the module has them) their actions, and
 * the bot picks one with its own seeded generator (uniformly, or by the
 * policies below). Reused by the
 * playout and hidden-information tests, load tests and fuzzers. */
#ifndef LW_BOT_H
#define LW_BOT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "game.h"

struct lw_bot {
	uint64_t x;  /* xorshift64* state, never 0 */
	int prudent; /* 1: the "prudent" policy below, 0: uniform */
	int seek;    /* 1: the siege-seeking policy below (lw_bot_seek_sieges) */
	int war;     /* 1: the war-aims policy below (lw_bot_seek_war_aims) */
};

/* Policies. Uniform picks every offered action with the same chance: in
 * Administration that means buying until broke, and most such games end in
 * an early political collapse (21.1), so late turns are rarely played.
 * Prudent (lw_bot_init_prudent) is still legal-action-only and random, but
 * where purchases (7.1, CSP included) and other actions are both offered
 * it buys in one choice of five, and never below 4 PC. */

void lw_bot_init(struct lw_bot *b, uint64_t seed);
void lw_bot_init_prudent(struct lw_bot *b, uint64_t seed);
/* The siege-seeking policy, on top of either: still only offered actions,
 * but nine times in ten, when the view offers them, a siege or assault
 * decision (offer_siege, besiege, siege_press, river_assault,
 * ocean_assault) or standing rather than withdrawing; else an attack on
 * the weakest enemy force in a city; else activating the biggest own
 * force; so that playouts reach 14.x and 16.9.5. */
void lw_bot_seek_sieges(struct lw_bot *b, bool on);
/* The war-aims policy, on top of any of the above: what a player who wants
 * to win the war prefers, still only among the offered actions, three
 * times in four where the view offers it (the best tier first; with the
 * siege-seeking policy the better score of the two, nine in ten):
 *  - 7.1.9: the Union buys the Assassination Plot card whenever offered,
 *    the Confederate on the last turn (7.1.9.3: the Union cannot buy it
 *    after, only retaliate) or at once while two turns or more are left
 *    after this one (a success then leaves the Union Administration Phases
 *    to buy his own); with one turn left he waits for the last;
 *  - 19.1 / 19.2: attacking the force whose defeat is a 19.0 trigger (the
 *    Union a force of two or more infantry generals under a two- or
 *    three-star Confederate CO; the Confederate a force under a three-star
 *    Union CO, most of all north of the border);
 *  - attacking an enemy force in a city (as the siege policy does);
 *  - marching on the enemy's own cities (the goals: in the enemy's
 *    territory, enemy owned, no enemy force there): attacking one (16.1.2:
 *    an empty enemy city is attacked, not entered), else a move into a
 *    bracketed one, else a move that brings the moving force closer to the
 *    nearest (hex steps on the public map);
 *  - activating a force within three hexes of a goal, else any, the
 *    biggest first.
 * So that playouts take the cities a Confederate plot needs, fight in
 * cities (16.9.5) and meet the 19.0 triggers (docs/tests.md "Bot reach (issue 4)"). The
 * map is read from the static, public data (lw_D()), nothing else. */
void lw_bot_seek_war_aims(struct lw_bot *b, bool on);
uint32_t lw_bot_below(struct lw_bot *b, uint32_t n);

/* Picks an awaited role and one of its legal actions: an entry of the view,
 * its parameters drawn uniformly among their choices, but an entry whose
 * parameter is the general who acts (a card's activation) counts as one
 * entry per general (lw_bot.c candidates()). Returns 1 and fills
 * role (copied) and *action (caller owns), 0 when no role is awaited, -1
 * when a role is awaited but its view offers no action (a dead end). */
int lw_bot_choose(struct lw_bot *b, const struct game_module *m, const struct game *g,
                  char role[TG_ROLE_MAX * 2], json_t **action);

/* What a test wants to see of a game lw_bot_play() plays (any may be NULL). */
struct lw_bot_hooks {
	void *ctx;
	/* the chosen action, before it is sent (g may still be changed) */
	void (*before)(void *ctx, struct game *g, const char *role, const json_t *action);
	/* each new line of the public log, after an accepted action */
	void (*log_line)(void *ctx, const char *line);
	/* right after the choice, before `before`: may change g (a test that
	 * stacks hands); true drops the choice and the bot chooses again from
	 * the new offers */
	bool (*alter)(void *ctx, struct game *g);
	/* after each accepted action (and its log lines) */
	void (*after)(void *ctx, struct game *g);
	/* asked before each choice: true ends the play there (a test that
	 * plays one battle out, not the game) */
	bool (*done)(void *ctx, const struct game *g);
};

/* Plays Lincoln's War game g with the bot until it finishes, h->done says
 * so or max_actions were accepted. Returns the number of accepted actions, or -1 after a dead
 * end or an offered action that act() refused (why says which). Shared by
 * the bot coverage tests. */
int lw_bot_play(struct lw_bot *b, const struct game_module *m, struct game *g, int max_actions,
                const struct lw_bot_hooks *h, char *why, size_t why_len);

#endif
