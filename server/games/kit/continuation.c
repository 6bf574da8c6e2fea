/* continuation.c — the driver of recorded next steps (continuation.h). */
#include "continuation.h"

static const struct tg_step *recorded(const struct tg_procedure *p, const void *st)
{
	int k = p->next(st);
	if (k <= 0 || (size_t)k >= p->n || !p->steps[k].run)
		return NULL;
	return &p->steps[k];
}

static bool ready(const struct tg_step *s, const struct tg_pending *table, size_t n, const void *st)
{
	return s->ready ? s->ready(st) : tg_pending_awaiting(table, n, st) == 0;
}

int tg_continue(const struct tg_procedure *p, const struct tg_pending *table, size_t n, void *st,
                struct game_outcome *out, int limit)
{
	int ran = 0;
	for (const struct tg_step *s = recorded(p, st); s && ready(s, table, n, st);
	     s = recorded(p, st)) {
		if (ran >= limit)
			return -1;
		s->run(st, out);
		ran++;
	}
	return ran;
}
