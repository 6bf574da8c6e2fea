/* lw_fight_fixture.h — one battle over a lw_land_fixture state, for the
 * rules tests of sections that act inside a battle (16.3.1, 16.4.1, 17.x):
 * the activated CO attacks, the defender stands, both commit the 0 resource
 * card and the CSP card given; and a look into the public log. */
#ifndef LW_FIGHT_FIXTURE_H
#define LW_FIGHT_FIXTURE_H

#include "lw_land_fixture.h"

/* co (of side `att`) attacks hex target; returns true once both have
 * committed (the battle is revealed). */
static inline bool ff_fight(struct lw_state *s, int co, int target, int csp_att, int csp_def)
{
	int att = s->unit[co].side, def = LW_OTHER(att);
	s->play.side = (int8_t)att;
	lw_march_begin(s, co, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", target);
	if (fx_act(s, att, a) != 0)
		return false;
	if (s->step == LW_ST_WITHDRAW && fx_act(s, def, "{\"type\":\"stand\"}") != 0)
		return false;
	if (s->step != LW_ST_COMMIT)
		return false;
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_att);
	if (fx_act(s, att, a) != 0)
		return false;
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_def);
	return fx_act(s, def, a) == 0;
}

/* Does a public log line written since line number `from` contain both
 * `a` and `b`? */
static inline bool ff_logged(const struct lw_state *s, uint32_t from, const char *a, const char *b)
{
	uint32_t first = s->log_total > LW_LOG_LINES ? s->log_total - LW_LOG_LINES : 0;
	for (uint32_t i = from > first ? from : first; i < s->log_total; i++) {
		const char *l = s->log[i % LW_LOG_LINES];
		if (strstr(l, a) && (!b || strstr(l, b)))
			return true;
	}
	return false;
}

/* The value logged by "<name> is indecisive: die D, value V" since `from`
 * (and the die in *die_out if not NULL), or -1. */
static inline int ff_roll(const struct lw_state *s, uint32_t from, const char *name, int *die_out)
{
	uint32_t first = s->log_total > LW_LOG_LINES ? s->log_total - LW_LOG_LINES : 0;
	for (uint32_t i = from > first ? from : first; i < s->log_total; i++) {
		const char *l = s->log[i % LW_LOG_LINES];
		const char *p = strstr(l, "is indecisive: die ");
		int die, v;
		if (p && strncmp(l, name, strlen(name)) == 0 &&
		    sscanf(p, "is indecisive: die %d, value %d", &die, &v) == 2) {
			if (die_out)
				*die_out = die;
			return v;
		}
	}
	return -1;
}

static inline int ff_rolled(const struct lw_state *s, uint32_t from, const char *name)
{
	return ff_roll(s, from, name, NULL);
}

#endif
