/* 16.6.5: "Immediately following the battle, the victorious CO is promoted
 * ... No other units within a stack may receive the promotion." When the
 * victorious CO is killed in the casualty check (16.8.2), nobody is
 * promoted: not the regular general of his rank who takes command, nor
 * anyone else. Grant (one star) with Sherman (one star) beats Price and
 * Early (four stars, twice his force: 16.6.5's first case); the Union card
 * shows a star and the Union CO is killed. Through act(). */
#include "lw_land_fixture.h"

/* The victorious CO (co) and the other Union general (other). */
struct killed {
	int co, other;
};

/* A Union victory with a promotion due whose CO, named by whoever chooses
 * the casualty, is killed in the check while the other general lives. */
static bool co_killed(struct game *g, const struct bx_burn *b, void *ctx)
{
	struct killed *w = ctx;
	struct lw_state *s = &g->s;
	if (s->battle.winner != LW_UNION || !s->land.auto_promote)
		return false;
	w->co = s->land.att_co; /* the victorious CO */
	w->other = w->co == b->grant ? b->sherman : b->grant;
	/* whoever chooses the casualty names the CO */
	if (s->step == LW_ST_CASUALTY && s->battle.active) {
		char a[128], id[32];
		snprintf(a, sizeof a, "{\"type\":\"casualty\",\"unit\":\"%s\"}",
		         lw_unit_id(s, w->co, id, sizeof id));
		(void)bx_act(g, s->awaiting_side, a);
	}
	bx_pass_casualties(g);
	bx_answer_commands(g);
	return s->unit[w->co].where == LW_W_DECEASED && s->unit[w->other].where == LW_W_MAP;
}

int main(void)
{
	free(bx_game(2)); /* loads the data */
	struct bx_burn b = {.grant_stars = 1,
	                    .sherman_stars = 1,
	                    .price_stars = 2,
	                    .early_stars = 2,
	                    .union_sym = LW_SYM_CASUALTY,
	                    .burns = 300};
	struct killed w = {LW_NONE, LW_NONE};
	struct game *g = bx_burn_search(&b, co_killed, &w);
	if (!CHECKF(g != NULL, "a Union victory with a promotion due, its CO killed in the check"))
		return tap_done();
	int other = w.other;
	struct lw_state *s = &g->s;
	CHECK(lw_force_co(s, s->unit[other].hex) == other); /* he commands now */
	CHECK_EQ_INT(s->unit[other].stars, 1);              /* no field promotion for him */
	CHECK(!bx_logged(s, LW_LOG_LINES, "is promoted on the field (16.6.5)"));
	CHECK(bx_logged(s, LW_LOG_LINES, "nobody is promoted on the field in his place (16.6.5)"));
	free(g);
	return tap_done();
}
