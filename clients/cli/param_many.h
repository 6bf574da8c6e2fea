/* param_many.h — a param of several choices ("many": true; PROTOCOL.md,
 * "Actions and their params"), answered on one line in the terminal. Knows
 * no game: the choices are the view's, the value the array of theirs the
 * player names. And a param's choices another param's value opens. */
#ifndef TG_CLI_PARAM_MANY_H
#define TG_CLI_PARAM_MANY_H

#include <jansson.h>

/* The value to send for a "many" param from a line of choice numbers
 * (1-based, separated by spaces or commas), "a" for all of them, or an
 * empty line for none: an array of the chosen choices' values in the
 * choices' order, each once. NULL when the line is none of these (a number
 * out of range, a word). */
json_t *param_many_pick(const json_t *choices, const char *line);

/* The indices of param p's choices (p one of params) open once action
 * holds the values chosen before it, into idx (room for p's choices): all
 * of them, or for a param "by" another (PROTOCOL.md, kit/param_by.h) those
 * the other's value opens. Their count (0 when the other's value is none
 * of its choices). */
size_t param_open_choices(const json_t *params, const json_t *p, const json_t *action, size_t *idx);

#endif
