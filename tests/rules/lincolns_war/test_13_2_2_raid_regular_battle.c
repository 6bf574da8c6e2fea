/* 13.2.2 "If enemy cavalry is in the hex to be raided, a regular battle
 * ensues between the two cavalry generals." A regular battle draws the
 * General Casualty cards of 16.8 and applies them (16.8.1 wounds, 16.8.2
 * kills), looks for disasters after a Major Victory (16.8.3: a loser-only
 * skull demotes, both skulls reverse the victory) and promotes the winner
 * on the field (16.6.5), as any battle does (lw_battle_flow.c). The raid
 * itself is rolled only when the raider won and is still there.
 *
 * Forrest (Confederate cavalry, alone at x) raids y, where Grant's force
 * holds the Union cavalry Kilpatrick. The dice of the casualty rolls are
 * read ahead from the match's generator, so the expected wounds and deaths
 * are computed from the 16.8 table, not written down. */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

/* The draw pile of side: `n` cards whose symbols are exactly `sym`, on top. */
static bool stack_exact(struct lw_state *s, int side, unsigned sym, int n)
{
	struct lw_cards *c = &s->side[side].cards;
	c->draw_n = 0;
	c->discard_n = 0;
	int got = 0;
	for (int num = 1; num <= 57 && got < n; num++) {
		const struct lw_card *k = lw_card(side, num);
		if (k && k->symbols == sym) {
			c->draw[c->draw_n++] = (uint8_t)num;
			got++;
		}
	}
	return got == n;
}

struct raid {
	struct lw_state *s;
	int x, y, forrest, kilpatrick, grant;
};

/* A fresh state: Forrest (f_stars) alone at x, Grant (2 stars) and
 * Kilpatrick (k_stars, k_it IT) at y; `burn` dice thrown away first so that
 * each run meets other dice. */
static bool setup(struct raid *r, int f_stars, int k_stars, int k_it, int burn)
{
	r->s = fx_new(2);
	if (!r->s)
		return false;
	struct lw_state *s = r->s;
	if (!fx_plain_pair("TN", &r->x, &r->y))
		return false;
	r->forrest = fx_place(s, "forrest", r->x, f_stars);
	r->grant = fx_place(s, "grant", r->y, 2);
	r->kilpatrick = fx_place(s, "kilpatrick", r->y, k_stars);
	s->unit[r->kilpatrick].it = (int16_t)k_it;
	s->play.side = LW_CONFEDERATE;
	for (int i = 0; i < burn; i++)
		tg_rng_die(&s->rng, 6);
	lw_march_begin(s, r->forrest, true);
	return lw_force_co(s, r->y) == r->grant;
}

/* Forrest (2 stars, attack 3) against Kilpatrick (1 star, defense 0)
 * carrying two IT: 3 - (0 - 2) = 5, a Major Victory; the casualty cards
 * drawn show exactly us_sym and cs_sym. */
static bool major(struct raid *r, unsigned us_sym, unsigned cs_sym)
{
	return setup(r, 2, 1, 2, 0) && stack_exact(r->s, LW_UNION, us_sym, 1) &&
	       stack_exact(r->s, LW_CONFEDERATE, cs_sym, 1);
}

static void raid(struct raid *r)
{
	char a[64];
	snprintf(a, sizeof a, "{\"type\":\"raid\",\"target\":%d}", r->y);
	ACT_OK(r->s, LW_CONFEDERATE, a);
}

/* The 16.8 table's result for u hit with roll (modifier included). */
static enum lw_gct expect(const struct lw_state *s, int u, int roll, bool lone)
{
	enum lw_gct g = lw_gct_lookup(s->unit[u].stars, roll + lw_gct_modifier(lone, false));
	/* a different rank: nobody else of that rank in the battle, a miss */
	return g == LW_GCT_ONE_STAR || g == LW_GCT_TWO_STAR ? LW_GCT_MISS : g;
}

static bool hit_as(const struct lw_state *s, int u, enum lw_gct g)
{
	if (g == LW_GCT_KILL)
		return s->unit[u].where != LW_W_MAP;
	return s->unit[u].where == LW_W_MAP && s->unit[u].wounds == (g == LW_GCT_WOUND ? 1 : 0);
}

int main(void)
{
	/* 1. 16.8: both sides draw a casualty card; a star means a roll for
	 * each side's only general in the battle, the raider first (the
	 * attacker), a lone general at -1 (Forrest), a subordinate without
	 * (Kilpatrick). Forrest (2 stars, attack 3) against Kilpatrick (2
	 * stars, defense 1): a Minor Victory, no indecisive roll: the first
	 * four dice are the two casualty rolls. Several runs so that wounds
	 * and deaths occur. */
	int hits = 0;
	for (int burn = 0; burn < 12; burn++) {
		struct raid r;
		if (!CHECK(setup(&r, 2, 2, 0, burn)))
			return tap_done();
		struct lw_state *s = r.s;
		CHECK(stack_exact(s, LW_UNION, LW_SYM_CASUALTY, 3));
		CHECK(stack_exact(s, LW_CONFEDERATE, LW_SYM_CASUALTY, 3));
		struct tg_rng peek = s->rng;
		int ra = tg_rng_die(&peek, 6) + tg_rng_die(&peek, 6);
		int rd = tg_rng_die(&peek, 6) + tg_rng_die(&peek, 6);
		enum lw_gct ga = expect(s, r.forrest, ra, true);
		enum lw_gct gd = expect(s, r.kilpatrick, rd, false);
		raid(&r);
		CHECK(!s->battle.active);
		CHECK_EQ_INT(s->side[LW_UNION].cards.draw_n, 2); /* one card each */
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.draw_n, 2);
		CHECKF(hit_as(s, r.forrest, ga), "raider roll %d: expected %d", ra, ga);
		CHECKF(hit_as(s, r.kilpatrick, gd), "defender roll %d: expected %d", rd, gd);
		CHECK_EQ_INT(s->unit[r.grant].wounds, 0); /* not in the battle */
		CHECK(s->unit[r.grant].where == LW_W_MAP);
		hits += (ga != LW_GCT_MISS) + (gd != LW_GCT_MISS);
		/* 16.8.2: a dead cavalry general leaves TCO stars in his place */
		if (ga == LW_GCT_KILL) {
			int u[LW_MAX_UNITS];
			CHECK_EQ_INT(lw_units_at(s, r.x, LW_CONFEDERATE, u), 1);
			CHECK(s->unit[u[0]].gen < 0);
			/* the raid dies with the raider: no Raided marker */
			CHECK(!lw_co_raided(s, r.grant));
		}
		CHECK_EQ_INT(s->step, LW_ST_CARD); /* the activation is over */
		free(s);
	}
	CHECKF(hits >= 4, "only %d casualty results among the runs", hits);

	/* 2. Blank casualty cards: no roll, nobody hurt; the raid goes on and
	 * uses the very next die. */
	{
		struct raid r;
		if (!CHECK(setup(&r, 2, 2, 0, 0)))
			return tap_done();
		struct lw_state *s = r.s;
		CHECK(stack_exact(s, LW_UNION, 0, 3));
		CHECK(stack_exact(s, LW_CONFEDERATE, 0, 3));
		struct tg_rng peek = s->rng;
		int die = tg_rng_die(&peek, 6);
		raid(&r);
		CHECK_EQ_INT(s->unit[r.forrest].wounds + s->unit[r.kilpatrick].wounds, 0);
		/* +1 two stars, -1 the IT of the victory */
		CHECK_EQ_INT(lw_co_raided(s, r.grant), die >= 3);
		free(s);
	}

	/* 3. 16.8.3: a Major Victory (major()). Only the loser draws a skull: his force takes one
	 * more IT (5 + 1 on Grant's force) and a general of the beaten group is
	 * demoted: Kilpatrick, one-star, is disgraced. The raid goes on. */
	{
		struct raid r;
		if (!CHECK(major(&r, LW_SYM_DISASTER, 0)))
			return tap_done();
		struct lw_state *s = r.s;
		int cs = s->side[LW_CONFEDERATE].pc;
		raid(&r);
		CHECK_EQ_INT(s->land.disaster, LW_DISASTER_LOSER);
		CHECK(s->unit[r.kilpatrick].where != LW_W_MAP);
		/* 5 + 1 on the force, plus the two Kilpatrick carried, left with it */
		CHECK_EQ_INT(lw_force_it(s, r.y), 8);
		CHECK_EQ_INT(s->unit[r.forrest].it, 3); /* half of 5, rounded up */
		int gained = s->side[LW_CONFEDERATE].pc - cs;
		CHECK(gained == 1 || gained == 3); /* Kilpatrick's star, Grant's stars if raided */
		CHECK_EQ_INT(lw_co_raided(s, r.grant), gained == 3);
		free(s);
	}

	/* 4. 16.8.3: both draw a skull: victory reversal. Both take three IT
	 * instead (Forrest himself, Grant's force), Forrest, the victor, loses
	 * a star, nobody gains PC and the raid is stopped. */
	{
		struct raid r;
		if (!CHECK(major(&r, LW_SYM_DISASTER, LW_SYM_DISASTER)))
			return tap_done();
		struct lw_state *s = r.s;
		int cs = s->side[LW_CONFEDERATE].pc, us = s->side[LW_UNION].pc;
		raid(&r);
		CHECK_EQ_INT(s->battle.result, 3);
		CHECK_EQ_INT(s->unit[r.forrest].stars, 1);
		CHECK_EQ_INT(s->unit[r.forrest].it, 3);
		CHECK_EQ_INT(s->unit[r.grant].it, 3);
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs);
		CHECK_EQ_INT(s->side[LW_UNION].pc, us);
		CHECK(!lw_co_raided(s, r.grant));
		CHECK_EQ_INT(s->step, LW_ST_CARD);
		free(s);
	}

	/* 5. 16.6.5: Forrest (1 star, attack 2) beats Kilpatrick (2 stars,
	 * defense 1, two IT: 2 - (1 - 2) = 3, a Minor Victory): an attacker
	 * defeating twice his stars is promoted on the field. Blank cards. */
	{
		struct raid r;
		if (!CHECK(setup(&r, 1, 2, 2, 0)))
			return tap_done();
		struct lw_state *s = r.s;
		CHECK(stack_exact(s, LW_UNION, 0, 3));
		CHECK(stack_exact(s, LW_CONFEDERATE, 0, 3));
		raid(&r);
		CHECK_EQ_INT(s->battle.winner, LW_CONFEDERATE);
		CHECK_EQ_INT(s->unit[r.forrest].stars, 2);
		CHECK_EQ_INT(s->unit[r.kilpatrick].stars, 2);
		free(s);
	}
	return tap_done();
}
