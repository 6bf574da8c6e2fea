/* 11.0.1 Commanding Officers, 11.0.2 voluntary replacement, 11.2.1
 * subordinate infantry:
 * - the CO is the highest-ranking general, or among equals the one who held
 *   the hex first; a cavalry general never commands infantry;
 * - a general moving into the hex of an equal or senior CO becomes his
 *   subordinate; one moving into the hex of a junior CO takes command
 *   (11.0.2 c);
 * - an infantry subordinate promoted above the CO takes command at no cost
 *   (11.0.2 a, 11.2.1); one promoted only to the CO's rank does not;
 * - an equal-ranked subordinate can be appointed CO for one PC (11.0.2 b,
 *   7.1.5);
 * - infantry subordinates are not activated apart from their CO (11.2.1),
 *   cavalry subordinates are (11.0.1, 11.2.2). */
#include "lw_land_fixture.h"

static int march_into(struct lw_state *s, int u, int to)
{
	s->play.side = LW_UNION; /* a march ends the card play */
	lw_march_begin(s, u, false);
	char a[64];
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", to);
	int rc = fx_act(s, LW_UNION, a);
	if (s->step == LW_ST_MOVE)
		fx_act(s, LW_UNION, "{\"type\":\"stop\"}");
	return rc;
}

static int activation_card(struct lw_state *s)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(LW_UNION, n);
		if (k && k->kind == LW_KIND_ACTIVATION && !k->erratic && k->pc >= 3) {
			struct lw_cards *c = &s->side[LW_UNION].cards;
			if (lw_hand_find(s, LW_UNION, n) < 0 && c->hand_n < LW_HAND_MAX) {
				for (int i = 0; i < c->draw_n; i++)
					if (c->draw[i] == n) {
						memmove(&c->draw[i], &c->draw[i + 1],
						        (size_t)(c->draw_n - i - 1));
						c->draw_n--;
						c->hand[c->hand_n++] = (uint8_t)n;
						return n;
					}
				continue;
			}
			if (lw_hand_find(s, LW_UNION, n) >= 0)
				return n;
		}
	}
	return 0;
}

static int activate(struct lw_state *s, const char *id)
{
	int card = activation_card(s);
	char a[160];
	snprintf(a, sizeof a,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}", card,
	         id);
	json_t *j = json_loads(a, 0, NULL);
	static struct lw_state copy;
	copy = *s;
	copy.step = LW_ST_CARD;
	copy.play.side = LW_UNION;
	struct game_outcome out = {0};
	struct tg_error err = {0};
	int rc = lw_ops_act(&copy, LW_UNION, j, &out, &err);
	json_decref(j);
	if (rc != 0)
		printf("# activate %s: %s\n", id, err.message);
	return rc == 0 ? 0 : strstr(err.message, "11.2.1") ? 2 : 1;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	s->phasing = LW_UNION;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("OH", &x, &y) || fx_plain_pair("PA", &x, &y)))
		return tap_done();

	/* a two-star cavalry general and a one-star infantry general */
	int stoneman = fx_place(s, "stoneman", x, 2);
	int sherman = fx_place(s, "sherman", x, 1);
	CHECK_EQ_INT(lw_force_co(s, x), sherman); /* cavalry never commands infantry */
	/* 11.0.1 / 11.2.2: the cavalry subordinate may be activated on his own */
	int rc = activate(s, "stoneman");
	CHECK_EQ_INT(rc, 0);
	s->unit[stoneman].where = LW_W_PENDING;
	s->unit[stoneman].hex = LW_NO_HEX;

	/* an equal-ranked general moving in becomes a subordinate */
	int thomas = fx_place(s, "thomas", y, 1);
	rc = march_into(s, thomas, x);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->unit[thomas].hex, x);
	CHECK_EQ_INT(lw_force_co(s, x), sherman);
	/* 11.2.1: the infantry subordinate cannot be activated apart */
	rc = activate(s, "thomas");
	CHECK_EQ_INT(rc, 2);
	rc = activate(s, "sherman");
	CHECK_EQ_INT(rc, 0);

	/* a senior general moving in takes command (11.0.2 c) */
	int grant = fx_place(s, "grant", y, 2);
	rc = march_into(s, grant, x);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(s->unit[grant].hex, x);
	CHECK_EQ_INT(lw_force_co(s, x), grant);

	/* promoted to the CO's rank: still a subordinate */
	lw_promote(s, sherman);
	CHECK_EQ_INT(s->unit[sherman].stars, 2);
	CHECK_EQ_INT(lw_force_co(s, x), grant);
	/* 11.0.2 b / 7.1.5: appointed CO among equals for one PC */
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_UNION;
	int pc = s->side[LW_UNION].pc;
	json_t *j = json_loads("{\"type\":\"appoint_co\",\"general\":\"sherman\"}", 0, NULL);
	struct game_outcome out = {0};
	struct tg_error err = {0};
	CHECKF(lw_admin_act(s, LW_UNION, j, &out, &err) == 0, "%s", err.message);
	json_decref(j);
	CHECK_EQ_INT(lw_force_co(s, x), sherman);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc - 1);
	/* ... but not a subordinate of lower rank */
	j = json_loads("{\"type\":\"appoint_co\",\"general\":\"thomas\"}", 0, NULL);
	CHECK(lw_admin_act(s, LW_UNION, j, &out, &err) != 0);
	json_decref(j);
	CHECK_EQ_INT(lw_force_co(s, x), sherman);
	/* 11.0.2 a / 11.2.1: promoted above the CO, he takes command, no PC */
	s->phase = LW_PH_OPS;
	pc = s->side[LW_UNION].pc;
	lw_promote(s, thomas);
	CHECK_EQ_INT(lw_force_co(s, x), sherman);
	lw_promote(s, thomas);
	CHECK_EQ_INT(s->unit[thomas].stars, 3);
	CHECK_EQ_INT(lw_force_co(s, x), thomas);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc);
	/* the others are now his subordinates and cannot be activated apart */
	rc = activate(s, "grant");
	CHECK_EQ_INT(rc, 2);
	rc = activate(s, "thomas");
	CHECK_EQ_INT(rc, 0);
	free(s);
	return tap_done();
}
