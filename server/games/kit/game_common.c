/* Helpers every game module and the daemon share (declared in game.h). */
#include "../game.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int tg_fail(struct tg_error *err, const char *code, const char *fmt, ...)
{
	if (err) {
		snprintf(err->code, sizeof err->code, "%s", code);
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
	}
	return -1;
}

const struct game_module *tg_game_find(const struct game_module *const *table, const char *id)
{
	for (; table && *table; table++)
		if (strcmp((*table)->id, id) == 0)
			return *table;
	return NULL;
}

bool tg_game_rules_replay(const struct game_module *m, unsigned v)
{
	if (v == m->rules_version)
		return true;
	for (const unsigned *c = m->rules_compatible; c && *c; c++)
		if (*c == v)
			return true;
	return false;
}

int tg_game_role_index(const struct game_module *m, const char *role)
{
	for (int i = 0; role && m->roles[i]; i++)
		if (strcmp(m->roles[i], role) == 0)
			return i;
	return -1;
}

const char *tg_game_role_title(const struct game_module *m, int role)
{
	const char *t = m->role_titles ? m->role_titles[role] : NULL;
	return t ? t : m->roles[role];
}

const char *tg_game_seat_text(const struct game_module *m, const struct game *g, int role,
                              char *buf, size_t n)
{
	const char *t = g && m->seat_text ? m->seat_text(g, role, buf, n) : NULL;
	return t ? t : tg_game_role_title(m, role);
}
