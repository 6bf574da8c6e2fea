/* 16.2.1 "If a cavalry general retreats and the attacker also possesses
 * cavalry, a cavalry battle ensues—only the Cavalry units participate;
 * neither terrain modifiers, CSPs nor Combat Resources are used in a
 * cavalry battle (See also 13.2)". 16.8 "After determining the results of a
 * battle ... each player must draw a card to check for General Casualty and
 * Disasters": the cavalry battle is a battle, so it draws them, as the
 * 13.2.2 raid's cavalry battle does (one code path: lw_cav_battle.c through
 * lw_battle_flow.c). Only terrain, CSP and Resource cards are left out.
 *
 * Lee's force with Stuart withdraws before Grant's force with Sheridan
 * (TN, clear hexes); checked after the withdrawal, before the retreat:
 *   1. blank cards: each side draws one casualty card (draw pile one card
 *      shorter, the card on the discard pile) and the withdrawal goes on;
 *   2. star cards: each cavalry general is rolled for on the 16.8 table;
 *   3. a Major Victory of the pursuer with a skull for the loser only
 *      (16.8.3): one more IT for the loser's force and Stuart demoted;
 *      the table's IT and PC are those of lw_combat_resolve() for the two
 *      cavalry generals alone (Grant's and Lee's values, and the IT Grant
 *      carries, take no part). */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

/* The draw pile of side: one card whose symbols include `want` and none of
 * `avoid` on top (none when want is 0), blank cards under it. */
static bool stack(struct lw_state *s, int side, unsigned want, unsigned avoid)
{
	struct lw_cards *c = &s->side[side].cards;
	int top = 0;
	c->draw_n = 0;
	c->discard_n = 0;
	for (int num = 1; num <= 57; num++) {
		const struct lw_card *k = lw_card(side, num);
		if (!k || lw_hand_find(s, side, num) >= 0)
			continue;
		if (k->symbols == 0 && c->draw_n < 6)
			c->draw[c->draw_n++] = (uint8_t)num;
		else if (want && !top && (k->symbols & want) == want && !(k->symbols & avoid))
			top = num;
	}
	if (want && top)
		c->draw[c->draw_n++] = (uint8_t)top;
	return !want || top;
}

struct run {
	struct lw_state *s;
	int y, grant, sheridan, lee, stuart;
	int pc_us;
	int draw_n[3], top[3];
	uint32_t log_from;
};

/* Grant (2) with Sheridan (sher_stars) at x attack Lee (2) with Stuart
 * (stu_stars, wounds, it) at y; Grant carries grant_it IT. Generator keys
 * are tried until the withdrawal succeeds. */
static bool run(struct run *r, unsigned us_sym, unsigned cs_sym, unsigned avoid, int sher_stars,
                int stu_stars, int stu_wounds, int stu_it, int grant_it)
{
	struct lw_state *base = fx_new(2);
	if (!base)
		return false;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!fx_plain_pair("TN", &x, &y))
		return false;
	r->y = y;
	r->grant = fx_place(base, "grant", x, 2);
	r->sheridan = fx_place(base, "sheridan", x, sher_stars);
	r->lee = fx_place(base, "lee", y, 2);
	r->stuart = fx_place(base, "stuart", y, stu_stars);
	base->unit[r->stuart].wounds = (uint8_t)stu_wounds;
	base->unit[r->stuart].it = (int16_t)stu_it;
	base->unit[r->grant].it = (int16_t)grant_it;
	if (!stack(base, LW_UNION, us_sym, avoid) || !stack(base, LW_CONFEDERATE, cs_sym, avoid))
		return false;
	r->s = malloc(sizeof *r->s);
	struct lw_state *s = r->s;
	bool slipped = false;
	for (int k = 0; k < 200 && !slipped; k++) {
		*s = *base;
		s->rng.key[0] = (uint8_t)k;
		s->rng.key[1] = (uint8_t)(k >> 8);
		s->rng.consumed = 0;
		s->rng.block_no = UINT64_MAX;
		r->pc_us = s->side[LW_UNION].pc;
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			r->draw_n[side] = s->side[side].cards.draw_n;
			r->top[side] = s->side[side].cards.draw[r->draw_n[side] - 1];
		}
		r->log_from = s->log_total;
		lw_march_begin(s, r->grant, false);
		char a[96];
		snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
		if (!CHECK(fx_act(s, LW_UNION, a) == 0) || !CHECK(s->step == LW_ST_WITHDRAW))
			break;
		ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"withdraw\"}");
		slipped = s->land.withdrew;
	}
	free(base);
	return CHECK(slipped);
}

/* Lines of the log since the attack containing both a and b. */
static int log_lines(const struct run *r, const char *a, const char *b)
{
	int n = 0;
	for (uint32_t i = r->log_from; i < r->s->log_total; i++) {
		const char *l = r->s->log[i % LW_LOG_LINES];
		n += strstr(l, a) && (!b || strstr(l, b));
	}
	return n;
}

/* The withdrawal went on: the Confederate is asked where to retreat. */
static void withdrawal_goes_on(const struct run *r)
{
	CHECK(r->s->land.pursuit);
	CHECK_EQ_INT(r->s->cav.raid_battle, 0);
	CHECK_EQ_INT(r->s->step, LW_ST_RETREAT);
	CHECK_EQ_INT(r->s->awaiting_side, LW_CONFEDERATE);
}

static void test_cards_drawn(void)
{
	struct run r;
	if (!run(&r, 0, 0, 0, 1, 1, 0, 0, 0))
		return;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		const struct lw_cards *c = &r.s->side[side].cards;
		CHECKF(c->draw_n == r.draw_n[side] - 1, "side %d draws one casualty card", side);
		CHECK(c->discard_n >= 1 && c->discard[c->discard_n - 1] == r.top[side]);
	}
	CHECK_EQ_INT(log_lines(&r, "casualty card shows", NULL), 2);
	withdrawal_goes_on(&r);
	/* the rest of the withdrawal: the defender retreats, the pursuer's
	 * whole force advances */
	json_t *l = json_array();
	lw_battle_offer(r.s, LW_CONFEDERATE, TG_OFFERS_TREE(l));
	json_t *act = json_object_get(json_array_get(l, 0), "action");
	char *txt = act ? json_dumps(act, JSON_COMPACT) : NULL;
	json_decref(l);
	if (CHECK(txt != NULL))
		CHECK(fx_act(r.s, LW_CONFEDERATE, txt) == 0);
	free(txt);
	CHECK(!r.s->battle.active);
	CHECK_EQ_INT(r.s->unit[r.grant].hex, r.y);
	CHECK_EQ_INT(r.s->unit[r.sheridan].hex, r.y);
	CHECK(r.s->unit[r.lee].hex != r.y && r.s->unit[r.stuart].hex == r.s->unit[r.lee].hex);
	free(r.s);
}

static void test_casualty_rolls(void)
{
	struct run r;
	if (!run(&r, LW_SYM_CASUALTY, LW_SYM_CASUALTY, LW_SYM_DISASTER, 1, 1, 0, 0, 0))
		return;
	char sher[64], stu[64];
	lw_unit_name(r.s, r.sheridan, sher, sizeof sher);
	lw_unit_name(r.s, r.stuart, stu, sizeof stu);
	/* the first roll of each names him (a redirect names another rank:
	 * there is none in a cavalry battle, a miss) */
	CHECK(log_lines(&r, "Casualty roll", sher) >= 1);
	CHECK(log_lines(&r, "Casualty roll", stu) >= 1);
	if (r.s->unit[r.stuart].where == LW_W_MAP)
		withdrawal_goes_on(&r);
	free(r.s);
}

static void test_disaster(void)
{
	struct run r;
	/* Stuart 2 stars, wounded (value 0) with 2 IT; Grant carries 3 IT so
	 * that Lee's force (2 IT) may still withdraw (16.2) */
	if (!run(&r, 0, LW_SYM_DISASTER, LW_SYM_CASUALTY, 2, 2, 3, 2, 3))
		return;
	struct lw_state *s = r.s;
	struct lw_combat_in in = {0};
	in.att.factors = lw_general_combat_value(lw_unit_attack(s, r.sheridan), false, 0, 0);
	in.def.factors = lw_general_combat_value(lw_unit_defense(s, r.stuart), false, 0, 3);
	in.def.it = 2;
	in.att.co_stars = in.att.stars = 2;
	in.def.co_stars = in.def.stars = 2;
	struct lw_combat_out o;
	lw_combat_resolve(&in, &o);
	if (!CHECKF(o.result == LW_CRT_MAJOR && o.winner == LW_ATTACKER,
	            "set-up: a Major Victory for Sheridan (difference %d)", o.difference))
		return;
	CHECK(log_lines(&r, "Disaster for the Confederate", NULL) == 1);
	CHECK_EQ_INT(s->unit[r.stuart].stars, 1); /* 16.8.3: demoted */
	/* the table's IT (no rout in a cavalry battle, so not capped) on each
	 * force's CO (11.2.2), one more for the loser (16.8.3); Stuart keeps
	 * his own */
	CHECK_EQ_INT(s->unit[r.lee].it, o.it_table[LW_DEFENDER] + 1);
	CHECK_EQ_INT(s->unit[r.stuart].it, 2);
	CHECK_EQ_INT(s->unit[r.grant].it, 3 + o.it_table[LW_ATTACKER]);
	/* one PC for the screened withdrawal, the loser's stars for the victory */
	CHECK_EQ_INT(s->side[LW_UNION].pc - r.pc_us, 1 + o.pc_to_winner);
	withdrawal_goes_on(&r);
	free(r.s);
}

int main(void)
{
	test_cards_drawn();
	test_casualty_rolls();
	test_disaster();
	return tap_done();
}
