/* 13.2.3 "If contested by another cavalry CO (i.e. the enemy also has a
 * cavalry unit adjacent to the same hex), the higher ranking unit will
 * either allow or deny RIT placement. If the opposing cavalry generals are
 * of equal rank, the RIT is not placed."
 * - enemy cavalry next to the hex outranks the placer: the activation
 *   holds and the enemy cavalry's owner (the non-phasing player) answers
 *   `allow` (the RIT is placed: no combat or raid in the activation) or
 *   `deny` (nothing laid); nobody else may answer, and the question
 *   survives save and load;
 * - equal rank: not placed, no question;
 * - the placer outranks: placed, no question;
 * - a foray's RIT (13.2.4, "Follow the rules for ... Rail Interdictions")
 *   is asked the same way, and the card play goes on after the answer;
 * - a removal contested by higher-ranking cavalry is asked too (13.2.3's
 *   "place or remove ... unless" covers both; docs/rail_cavalry.md "Allow or deny (13.2.3)");
 * - the placer learns only what the contest's reveal shows (both cavalry
 *   revealed, as before): the question is public, its offers are the
 *   owner's. All through the module's act() and view(). */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

/* Winchester 1703 on the Baltimore & Ohio; 1603 west of it on the line;
 * 1503 touches 1603 but not Winchester (no river between 1503 and 1603);
 * 1704 next to Winchester. */
enum { WINCHESTER = 1703, H1603 = 1603, H1503 = 1503, H1704 = 1704 };

static const char *const PLACE = "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}";
static const char *const REMOVE = "{\"type\":\"rit\",\"hex\":1603,\"remove\":true}";
static const char *const FORAY =
    "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1603,\"do\":\"rit\"}";

static size_t offered(struct game *g, int side, const char *type)
{
	json_t *o = bx_offers(g, side, type);
	size_t n = json_array_size(o);
	json_decref(o);
	return n;
}

static unsigned awaiting(struct game *g)
{
	struct game_status st;
	lincolns_war_module.status(g, &st);
	return st.awaiting;
}

/* A new activation of Stuart alone, the RIT at 1603 as given. */
static void activate(struct game *g, int stuart, bool rit_there)
{
	struct lw_state *s = &g->s;
	lw_rit_set(s, H1603, rit_there);
	s->phase = LW_PH_OPS;
	s->phasing = LW_CONFEDERATE;
	s->play.side = LW_CONFEDERATE;
	s->awaiting_side = LW_NOSIDE;
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t) ~(LW_UF_ACTIVATED | LW_UF_REVEALED);
	memset(s->cav.raided, 0, sizeof s->cav.raided);
	lw_march_begin(s, stuart, true);
}

/* The question is up: the Union is awaited, offered allow and deny; the
 * Confederate is offered nothing and his answers are refused. */
static void question_up(struct game *g, int stuart, int buford)
{
	CHECK_EQ_INT(g->s.step, LW_ST_RIT_ASK);
	CHECK_EQ_INT((int)awaiting(g), (int)LW_SIDE_BIT(LW_UNION));
	CHECK_EQ_INT((int)offered(g, LW_UNION, "allow"), 1);
	CHECK_EQ_INT((int)offered(g, LW_UNION, "deny"), 1);
	CHECK_EQ_INT((int)offered(g, LW_CONFEDERATE, "allow"), 0);
	BX_FAILS(g, LW_CONFEDERATE, "{\"type\":\"allow\"}");
	BX_FAILS(g, LW_CONFEDERATE, "{\"type\":\"deny\"}");
	BX_FAILS(g, LW_UNION, "{\"type\":\"no_harass\"}"); /* only allow or deny */
	CHECK(!lw_rit_at(&g->s, H1603) || g->s.cav.ask & LW_RIT_ASK_REMOVE);
	/* the contest revealed both (as before the question existed) */
	CHECK(g->s.unit[buford].flags & LW_UF_REVEALED);
	CHECK(g->s.unit[stuart].flags & LW_UF_REVEALED);
}

int main(void)
{
	struct game *g = bx_game(2);
	if (!CHECK(g != NULL))
		return tap_done();
	struct lw_state *s = &g->s;
	struct tg_error err = {0};
	int stuart = fx_place(s, "stuart", WINCHESTER, 1);
	int buford = fx_place(s, "buford", H1503, 2); /* outranks Stuart, next to 1603 */
	int mcc = fx_place(s, "mcclellan", H1503, 3); /* Buford hidden under McClellan */
	int burn = fx_place(s, "burnside", H1704, 2); /* a Union force to raid */
	CHECK(stuart != LW_NONE && buford != LW_NONE && mcc != LW_NONE && burn != LW_NONE);

	/* allow: the RIT is placed, and it bars the raid (an RIT laid) */
	activate(g, stuart, false);
	BX_OK(g, LW_CONFEDERATE, PLACE);
	question_up(g, stuart, buford);
	/* the held question survives save and load */
	json_t *j = lincolns_war_module.save(g);
	CHECK_EQ_INT((int)json_integer_value(json_object_get(j, "version")), LW_SAVE_VERSION);
	struct game *h = lincolns_war_module.load(j, &err);
	json_decref(j);
	if (CHECKF(h != NULL, "load: %s", err.message)) {
		CHECK_EQ_INT(h->s.step, LW_ST_RIT_ASK);
		CHECK_EQ_INT(h->s.cav.ask_unit, stuart);
		CHECK_EQ_INT(h->s.cav.ask_hex, H1603);
		CHECK(memcmp(&h->s.cav, &s->cav, sizeof s->cav) == 0);
		BX_OK(h, LW_UNION, "{\"type\":\"deny\"}");
		CHECK(!lw_rit_at(&h->s, H1603));
		lincolns_war_module.free(h);
	}
	BX_OK(g, LW_UNION, "{\"type\":\"allow\"}");
	CHECK(lw_rit_at(s, H1603));
	CHECK_EQ_INT(s->step, LW_ST_MOVE); /* the activation goes on */
	CHECK_EQ_INT((int)awaiting(g), (int)LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK_EQ_INT(s->cav.ask, 0);
	CHECK(lw_raid_check(s, stuart, H1704, false, &err) != 0); /* an RIT laid */
	BX_FAILS(g, LW_UNION, "{\"type\":\"allow\"}");            /* nothing to answer now */

	/* deny: nothing laid, the raid stays open, the RIT action is spent */
	activate(g, stuart, false);
	BX_OK(g, LW_CONFEDERATE, PLACE);
	question_up(g, stuart, buford);
	BX_OK(g, LW_UNION, "{\"type\":\"deny\"}");
	CHECK(!lw_rit_at(s, H1603));
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	{
		int r_ = lw_raid_check(s, stuart, H1704, false, &err);
		CHECK_EQ_INT(r_, 0);
	}
	BX_FAILS(g, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1703,\"remove\":false}");

	/* equal rank: not placed, no question */
	s->unit[buford].stars = 1;
	activate(g, stuart, false);
	BX_OK(g, LW_CONFEDERATE, PLACE);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK(!lw_rit_at(s, H1603));
	CHECK_EQ_INT((int)awaiting(g), (int)LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK_EQ_INT((int)offered(g, LW_UNION, "allow"), 0);

	/* the placer outranks: placed, no question */
	s->unit[stuart].stars = 2;
	activate(g, stuart, false);
	BX_OK(g, LW_CONFEDERATE, PLACE);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK(lw_rit_at(s, H1603));
	CHECK_EQ_INT((int)awaiting(g), (int)LW_SIDE_BIT(LW_CONFEDERATE));
	s->unit[stuart].stars = 1;
	s->unit[buford].stars = 2;

	/* a removal contested by higher-ranking cavalry: asked; denied, the
	 * RIT stays */
	activate(g, stuart, true);
	BX_OK(g, LW_CONFEDERATE, REMOVE);
	question_up(g, stuart, buford);
	CHECK(lw_rit_at(s, H1603));
	BX_OK(g, LW_UNION, "{\"type\":\"deny\"}");
	CHECK(lw_rit_at(s, H1603));
	/* ... allowed, it goes */
	activate(g, stuart, true);
	BX_OK(g, LW_CONFEDERATE, REMOVE);
	question_up(g, stuart, buford);
	BX_OK(g, LW_UNION, "{\"type\":\"allow\"}");
	CHECK(!lw_rit_at(s, H1603));
	CHECK_EQ_INT(s->step, LW_ST_MOVE);

	/* a foray (13.2.4): the same question; the card play goes on after */
	activate(g, stuart, false);
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	s->play.movers_n = 0;
	s->step = LW_ST_SPEND;
	s->play.pc_left = 2;
	s->ops_round = 5;
	BX_OK(g, LW_CONFEDERATE, FORAY);
	question_up(g, stuart, buford);
	CHECK_EQ_INT(s->play.pc_left, 1); /* the foray is paid */
	BX_OK(g, LW_UNION, "{\"type\":\"allow\"}");
	CHECK(lw_rit_at(s, H1603));
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	CHECK_EQ_INT((int)awaiting(g), (int)LW_SIDE_BIT(LW_CONFEDERATE));
	s->ops_round = 6;
	lw_rit_set(s, H1603, false);
	BX_OK(g, LW_CONFEDERATE, FORAY);
	question_up(g, stuart, buford);
	BX_OK(g, LW_UNION, "{\"type\":\"deny\"}");
	CHECK(!lw_rit_at(s, H1603));
	CHECK_EQ_INT(s->step, LW_ST_SPEND);

	free(g);
	return tap_done();
}
