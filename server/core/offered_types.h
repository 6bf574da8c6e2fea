/* offered_types.h — the action types a view's actions offer (PROTOCOL.md,
 * "act": an action whose type none of them offers is refused saying so). */
#ifndef TG_CORE_OFFERED_TYPES_H
#define TG_CORE_OFFERED_TYPES_H

#include <jansson.h>

/* A new array of the types actions (a view's "actions") offers, each once,
 * in the order first seen: each entry's action's "type" and, for an entry
 * with a param named "type" (PROTOCOL.md, "Actions and their params": a
 * param may choose the action's type), each of its choices' values. */
json_t *tg_offered_types(const json_t *actions);

#endif
