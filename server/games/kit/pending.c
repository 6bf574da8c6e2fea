/* pending.c — the walk of a table of pending decisions (pending.h). */
#include "pending.h"

#include <string.h>

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

void tg_two_answers_offer(const struct tg_two_answers *q, json_t *list, const char *yes_label,
                          const char *no_label)
{
	json_array_append_new(list, json_pack("{s:s,s:{s:s},s:[]}", "label", yes_label, "action",
	                                      "type", q->yes, "params"));
	json_array_append_new(list, json_pack("{s:s,s:{s:s},s:[]}", "label", no_label, "action",
	                                      "type", q->no, "params"));
}

int tg_two_answers_read(const struct tg_two_answers *q, const json_t *action, struct tg_error *err)
{
	const char *t = json_string_value(json_object_get(action, "type"));
	if (t && !strcmp(t, q->yes))
		return 1;
	if (t && !strcmp(t, q->no))
		return 0;
	return tg_fail(err, TG_E_MALFORMED, "%s: the answer is \"%s\" or \"%s\"", q->rule, q->yes,
	               q->no);
}
