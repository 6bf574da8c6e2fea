/* boal_question.c — the impulse's questions with two answers (struct
 * bi_question, boal_impulse_internal.h): one row each, read here the same
 * way, so that every such question is held, asked, offered and answered
 * alike (9.4 screening, 12.1 Heroic Defense, 10.4.4 falling back, 15.4.1
 * demolition...). */
#include <stdio.h>

#include "boal_impulse_internal.h"

bool bi_question_holds(const struct bi_question *q, const void *st)
{
	return BI_ST(st)->imp.step == q->step;
}

unsigned bi_question_who(const struct bi_question *q, const void *st)
{
	int side = q->side(BI_ST(st));
	return side >= 0 ? BI_BIT(side) : 0;
}

void bi_question_offer(const struct bi_question *q, const void *st, json_t *list)
{
	const struct boal_data *d = bi_data();
	const char *subject = d && q->subject ? q->subject(BI_ST(st), d) : "";
	char yes[256], no[256];
	/* the labels are the row's constants, each with at most one %s */
	snprintf(yes, sizeof yes, q->yes_label, subject);
	snprintf(no, sizeof no, q->no_label, subject);
	tg_two_answers_offer(&q->q, list, yes, no);
}

int bi_question_act(const struct bi_question *q, void *st, int role, const json_t *a,
                    struct game_outcome *out, struct tg_error *err)
{
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	int yes = tg_two_answers_read(&q->q, a, err);
	if (yes < 0)
		return -1;
	if (!d)
		return tg_fail(err, TG_E_DATA, "%s: the game's data is not loaded", q->q.rule);
	s->imp.step = BOAL_IS_MOVE;
	q->answer(s, d, role, yes == 1, out);
	return 0;
}

const char *bi_question_prompt(const struct bi_question *q, const void *st, char *buf, size_t n)
{
	const struct boal_data *d = bi_data();
	if (!d)
		return NULL;
	return q->prompt(BI_ST(st), d, buf, n);
}
