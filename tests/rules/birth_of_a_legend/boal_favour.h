/* boal_favour.h — the offers Birth of a Legend's random players weight up
 * (tg_offer_pick, offer_fill.h), since uniform picks among hundreds of
 * moves rarely take them: an assault; the Defender's answers that keep his
 * units in an assaulted area (the end of his answers, a loss taken without
 * retreat: the area stays Contested, or a leader eliminated with his units
 * is left to 9.6's placement); a unit's move into an area Contested at the
 * impulse's start (10.2's Optional Assault is made from there, and only
 * its Repulse asks 10.4.4's fall_back). Each player adds its own
 * conditions around it (boal_many_path, test_boal_module_playouts,
 * test_boal_08_impulse_random). */
#ifndef TG_TEST_BOAL_FAVOUR_H
#define TG_TEST_BOAL_FAVOUR_H

#include <jansson.h>
#include <stdbool.h>
#include <string.h>

#include "boal_state.h"

/* whether an offer's action is one of those above */
static inline bool boal_favour_assaults(const struct boal_state *s, const json_t *action)
{
	const char *t = json_string_value(json_object_get(action, "type"));
	if (!t)
		return false;
	if (!strcmp(t, "assault"))
		return true;
	const char *loss = json_string_value(json_object_get(action, "loss"));
	if (!strcmp(t, "done") || (!strcmp(t, "cp") && loss && strcmp(loss, "retreat") != 0 &&
	                           strcmp(loss, "exhaust_retreat") != 0))
		return true;
	int to = (int)json_integer_value(json_object_get(action, "to"));
	return !strcmp(t, "move") && json_object_get(action, "unit") && to >= 1 &&
	       to <= BOAL_AREAS && s->imp.contested0[to];
}

#endif
