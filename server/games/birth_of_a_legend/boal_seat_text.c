/* boal_seat_text.c — 16.1.1 on a server (README decision 40): "the player
 * with the larger bid plays the preferred side", so a seat (game.h role
 * `union` or `confederate`) may play the other side. game.h's `winner`,
 * `awaiting` and the lobby name seats; the texts a player reads here say
 * which side each seat plays whenever the two differ. Seats that are their
 * sides read as without the bid. */
#include <stdio.h>

#include "boal_module.h"

static const char *const seat_role[2] = {"union", "confederate"};

static const char *side_title(int side)
{
	return side == BOAL_UNION ? "Union" : "Confederates";
}

/* the prompt, after "You play the Confederates (16.1.1, the union seat): " */
const char *boal_seat_prompt(const struct boal_state *s, int seat, char *buf, size_t n)
{
	char inner[320];
	const char *p = boal_prompt(s, seat, inner, sizeof inner);
	if (!p)
		return NULL;
	int w = s->swapped ? snprintf(buf, n, "You play the %s (16.1.1, the %s seat): %s",
	                              side_title(boal_seat_side(s, seat)), seat_role[seat], p)
	                   : snprintf(buf, n, "%s", p);
	return w < 0 ? NULL : buf;
}

/* game.h's seat_text: what a seat plays, for the lobby's seats and a
 * client's "you play" and "waiting for" ("Confederates (the union seat,
 * 16.1.1)"); NULL where the seat plays its own side (its role's title) */
const char *boal_seat_plays(const struct boal_state *s, int seat, char *buf, size_t n)
{
	if (!s->swapped || seat < 0 || seat > 1)
		return NULL;
	int w = snprintf(buf, n, "%s (the %s seat, 16.1.1)", side_title(boal_seat_side(s, seat)),
	                 seat_role[seat]);
	return w < 0 ? NULL : buf;
}

/* the result, the same in the view and in game_status's summary (160
 * bytes; the daemon stores and verify prints the latter): seats exchanged,
 * the winning side's headline, then the seat that played it ("Union
 * Victory (14.3); the confederate seat, playing the Union, wins (16.1.1)";
 * the condition's full sentence is in the log), else the sentence */
const char *boal_result_text(const struct boal_state *s, char *buf, size_t n)
{
	int w = s->swapped && s->winner != BOAL_NOBODY
	            ? snprintf(buf, n, "%s; the %s seat, playing the %s, wins (16.1.1)",
	                       boal_outcome_headline(s->result),
	                       seat_role[boal_side_seat(s, s->winner)], side_title(s->winner))
	            : snprintf(buf, n, "%s", boal_outcome_text(s->result));
	return w < 0 ? "" : buf;
}

/* game_status's summary (160 bytes, the lobby's line): the result, or
 * where the match stands and, seats exchanged, who plays what */
const char *boal_status_text(const struct boal_state *s, char *buf, size_t n)
{
	const struct boal_data *d = boal_data(NULL);
	static const char *const phase[] = {"Dawn", "Daylight", "Night", "End", "over"};
	int w;
	if (s->phase == BOAL_OVER)
		return boal_result_text(s, buf, n);
	if (s->step == BOAL_STEP_BID)
		w = snprintf(buf, n, "Side determination: bids (16.1)");
	else
		w = snprintf(buf, n, "%s, %s%s%s", d ? d->turn_label[s->turn] : "", phase[s->phase],
		             s->phase == BOAL_DAYLIGHT ? ", impulses" : "",
		             s->swapped
		                 ? "; the union seat plays the Confederates, the confederate "
		                   "seat the Union (16.1.1)"
		                 : "");
	return w < 0 ? "" : buf;
}
