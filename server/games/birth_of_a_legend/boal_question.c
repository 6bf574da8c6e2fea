/* boal_question.c — the impulse's questions with two answers (struct
 * bi_question, boal_impulse_internal.h): one row each, read here the same
 * way, so that every such question is held, asked, offered and answered
 * alike (9.4 screening, 12.1 Heroic Defense, 10.4.4 falling back, 15.4.1
 * demolition...). */
#include <stdio.h>
#include <string.h>

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

void bi_question_offer(const struct bi_question *q, const void *st, struct tg_offers *list)
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

/* ---- the questions naming a leader (struct bi_leader_question) ---- */

static int first_leader(uint32_t m)
{
	for (int l = 0; l < 32; l++)
		if (m >> l & 1u)
			return l;
	return -1;
}

bool bi_leader_question_holds(const struct bi_leader_question *q, const void *st)
{
	return BI_ST(st)->imp.step == q->step;
}

unsigned bi_leader_question_who(const struct bi_leader_question *q, const void *st)
{
	const struct boal_data *d = bi_data();
	int l = d ? first_leader(q->leaders(BI_ST(st), d)) : -1;
	return l >= 0 ? BI_BIT(d->leader[l].side) : 0;
}

static json_t *leader_answer(const struct boal_data *d, const char *type, int l, int area)
{
	if (area)
		return json_pack("{s:s,s:s,s:i}", "type", type, "leader", d->leader[l].id, "area",
		                 area);
	return json_pack("{s:s,s:s}", "type", type, "leader", d->leader[l].id);
}

void bi_leader_question_offer(const struct bi_leader_question *q, const void *st,
                              struct tg_offers *list)
{
	const struct boal_state *s = BI_ST(st);
	const struct boal_data *d = bi_data();
	uint32_t leaders = d ? q->leaders(s, d) : 0;
	char label[256];
	for (int l = 0; l < 32; l++) {
		if (!(leaders >> l & 1u))
			continue;
		if (q->stay)
			tg_offer(list, leader_answer(d, q->stay, l, 0), "%s",
			         q->label(s, d, l, 0, label, sizeof label));
		if (!q->areas) {
			tg_offer(list, leader_answer(d, q->go, l, 0), "%s",
			         q->label(s, d, l, 0, label, sizeof label));
			continue;
		}
		uint64_t m = q->areas(s, d, l);
		for (int a = 1; a <= BOAL_AREAS; a++)
			if (m >> a & 1u)
				tg_offer(list, leader_answer(d, q->go, l, a), "%s",
				         q->label(s, d, l, a, label, sizeof label));
	}
}

int bi_leader_question_act(const struct bi_leader_question *q, void *st, int role, const json_t *a,
                           struct game_outcome *out, struct tg_error *err)
{
	(void)role;
	struct boal_state *s = BI_MUT(st);
	const struct boal_data *d = bi_data();
	const char *t = bi_type(a);
	bool go = t && !strcmp(t, q->go);
	if (!t || (!go && !(q->stay && !strcmp(t, q->stay))))
		return tg_fail(err, TG_E_MALFORMED, "%s", q->bad_type);
	if (!d)
		return tg_fail(err, TG_E_DATA, "%s: the game's data is not loaded", q->rule);
	uint32_t leaders = q->leaders(s, d);
	int first = first_leader(leaders), l = bi_leader(d, a, "leader");
	if (l < 0 || !(leaders >> l & 1u))
		return tg_fail(err, TG_E_ILLEGAL, q->bad_leader,
		               first >= 0 ? d->leader[first].name : "none");
	int to = 0;
	if (go && q->areas) {
		to = bi_area(a, "area");
		if (!to || !(q->areas(s, d, l) >> to & 1u))
			return tg_fail(err, TG_E_ILLEGAL, q->bad_area, d->leader[l].name);
	}
	s->imp.step = BOAL_IS_MOVE;
	q->answer(s, d, l, to, out);
	return 0;
}

const char *bi_leader_question_prompt(const struct bi_leader_question *q, const void *st, char *buf,
                                      size_t n)
{
	const struct boal_data *d = bi_data();
	int l = d ? first_leader(q->leaders(BI_ST(st), d)) : -1;
	return q->prompt(BI_ST(st), d, l, buf, n);
}

/* ---- 11.2 Capture: the friendly Entrench +1 (the Attacker) ---- */

void bi_capture(struct boal_state *s, const struct boal_data *d, int a)
{
	int side = s->imp.side;
	/* the enemy marker is removed whatever the answer */
	if (boal_capture_entrenchment(s, d, side, a, false, NULL) != 0)
		return;
	/* 11.0: "limited to the counters supplied with the game" */
	if (boal_entrench_markers_used(s, side) < d->entrench_markers[side])
		s->imp.ent_area = (uint8_t)a;
}

void bi_go_on(struct boal_state *s)
{
	if (s->imp.place_due)
		s->imp.step = BOAL_IS_PLACE_LEADER;
	else
		s->imp.step = s->imp.ent_area ? BOAL_IS_ENTRENCH : BOAL_IS_MOVE;
}

static int attacker(const struct boal_state *s)
{
	return s->imp.side;
}

static const char *captured_area(const struct boal_state *s, const struct boal_data *d)
{
	return d->area[s->imp.ent_area].name;
}

static void entrench_answer(struct boal_state *s, const struct boal_data *d, int role, bool yes,
                            struct game_outcome *out)
{
	(void)d;
	(void)out;
	int a = s->imp.ent_area;
	s->imp.ent_area = 0;
	if (yes && s->entrench_side[a] == BOAL_NOBODY) {
		s->entrench_side[a] = (int8_t)role;
		s->entrench_level[a] = 1;
	}
}

static const char *entrench_prompt(const struct boal_state *s, const struct boal_data *d, char *buf,
                                   size_t n)
{
	return bi_say(buf, n,
	              "The enemy Entrench marker in %s is captured and removed: place your "
	              "Entrench +1 there? (11.2)",
	              captured_area(s, d));
}

static const struct bi_question entrench_q = {
    {"11.2", "place_entrenchment", "no_entrenchment", NULL},
    BOAL_IS_ENTRENCH,
    attacker,
    "Place a friendly Entrench +1 in %s (11.2)",
    "Leave %s without an Entrench marker (11.2)",
    captured_area,
    entrench_answer,
    entrench_prompt,
};
BI_QUESTION_KIND(entrench_capture, entrench_q)
