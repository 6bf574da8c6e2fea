/* pending.c — the walk of a table of pending decisions (pending.h). */
#include "pending.h"

static bool awaited(unsigned who, int role)
{
	return role >= 0 && role < 32 && (who >> role & 1u);
}

const struct tg_pending *tg_pending_now(const struct tg_pending *table, size_t n, const void *st)
{
	for (size_t i = 0; i < n; i++)
		if (table[i].holds(st))
			return &table[i];
	return NULL;
}

unsigned tg_pending_awaiting(const struct tg_pending *table, size_t n, const void *st)
{
	const struct tg_pending *p = tg_pending_now(table, n, st);
	return p ? p->who(st) : 0;
}

json_t *tg_pending_legal(const struct tg_pending *table, size_t n, const void *st, int role)
{
	json_t *list = json_array();
	const struct tg_pending *p = tg_pending_now(table, n, st);
	if (list && p && awaited(p->who(st), role))
		p->offer(st, role, list);
	return list;
}

int tg_pending_act(const struct tg_pending *table, size_t n, void *st, int role,
                   const json_t *action, struct game_outcome *out, struct tg_error *err)
{
	const struct tg_pending *p = tg_pending_now(table, n, st);
	if (!p)
		return tg_fail(err, TG_E_ILLEGAL, "no decision is pending");
	if (!awaited(p->who(st), role))
		return tg_fail(err, TG_E_NOT_YOUR_TURN, "%s (%s) is not yours to decide", p->name,
		               p->rule);
	return p->act(st, role, action, out, err);
}

const char *tg_pending_prompt(const struct tg_pending *table, size_t n, const void *st, int role,
                              char *buf, size_t size)
{
	const struct tg_pending *p = tg_pending_now(table, n, st);
	if (!p || !awaited(p->who(st), role))
		return NULL;
	return p->prompt(st, role, buf, size);
}
