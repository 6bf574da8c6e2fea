/* offer.h — one entry of a game's legal-action list (game.h "actions"), as
 * every module writes it: {label, action, params}. Both games wrote these
 * two functions alike (lw_base.c, boal_impulse.c); a new game uses them. */
#ifndef TG_KIT_OFFER_H
#define TG_KIT_OFFER_H

#include <jansson.h>

/* Append {label, action, params: []} to list (takes ownership of action). */
void tg_offer(json_t *list, json_t *action, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Append {label, action, params: [{name: param, label: param_label,
 * choices}]}: the player picks one of choices ([{value, label}]) for
 * action[param] (game.h: one entry, not one per value). Takes ownership of
 * action and choices. */
void tg_offer_choice(json_t *list, json_t *action, const char *param, const char *param_label,
                     json_t *choices, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

#endif
