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
	struct tg_offers o;
	tg_offers_tree(&o, list);
	if (list && p && awaited(p->who(st), role))
		p->offer(st, role, &o);
	return list;
}

int tg_pending_legal_text(const struct tg_pending *table, size_t n, const void *st, int role,
                          struct tg_text *t)
{
	const struct tg_pending *p = tg_pending_now(table, n, st);
	struct tg_offers o;
	tg_offers_text(&o, t);
	if (p && awaited(p->who(st), role))
		p->offer(st, role, &o);
	return tg_offers_close(&o);
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

static json_t *answer(const struct tg_two_answers *q, const char *type, bool value)
{
	json_t *action = json_pack("{s:s}", "type", type);
	if (action && q->flag)
		json_object_set_new(action, q->flag, json_boolean(value));
	return action;
}

void tg_two_answers_offer(const struct tg_two_answers *q, struct tg_offers *list,
                          const char *yes_label, const char *no_label)
{
	tg_offer_labelled(list, answer(q, q->yes, true), yes_label);
	tg_offer_labelled(list, answer(q, q->no, false), no_label);
}

int tg_two_answers_read(const struct tg_two_answers *q, const json_t *action, struct tg_error *err)
{
	const char *t = json_string_value(json_object_get(action, "type"));
	if (!q->flag) {
		if (t && !strcmp(t, q->yes))
			return 1;
		if (t && !strcmp(t, q->no))
			return 0;
		return tg_fail(err, TG_E_MALFORMED, "%s: the answer is \"%s\" or \"%s\"", q->rule,
		               q->yes, q->no);
	}
	const json_t *v = json_object_get(action, q->flag);
	if (t && json_is_true(v) && !strcmp(t, q->yes))
		return 1;
	if (t && json_is_false(v) && !strcmp(t, q->no))
		return 0;
	return tg_fail(err, TG_E_MALFORMED,
	               "%s: the answer is \"%s\" with \"%s\": true, or \"%s\" with \"%s\": false",
	               q->rule, q->yes, q->flag, q->no, q->flag);
}
