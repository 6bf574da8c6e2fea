/* 16.6.5: "Immediately following the battle, the victorious CO is promoted
 * ... No other units within a stack may receive the promotion." When the
 * victorious CO is killed in the casualty check (16.8.2), nobody is
 * promoted: not the regular general of his rank who takes command, nor
 * anyone else. Grant (one star) with Sherman (one star) beats Price and
 * Early (four stars, twice his force: 16.6.5's first case); the Union card
 * shows a star and the Union CO is killed. Through act(). */
#include "lw_land_fixture.h"

int main(void)
{
	free(bx_game(2)); /* loads the data */
	struct game *g = NULL;
	int grant = LW_NONE, sherman = LW_NONE, co = LW_NONE, other = LW_NONE;
	bool found = false;
	size_t i = 0;
	int y, x;
	while (!found && (y = fx_next_cs_clear(&i, &x)) != LW_NO_HEX) {
		for (int burn = 0; burn < 300 && !found; burn++) {
			g = bx_game(2);
			if (!g)
				return tap_done();
			struct lw_state *s = &g->s;
			for (int k = 0; k < burn; k++)
				(void)tg_rng_die(&s->rng, 6);
			grant = fx_place(s, "grant", x, 1);
			sherman = fx_place(s, "sherman", x, 1);
			fx_place(s, "price", y, 2);
			fx_place(s, "early", y, 2);
			s->side[LW_UNION].csp = 5;
			fx_stack_deck(s, LW_UNION, LW_SYM_CASUALTY, 1, 12);
			fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
			bx_attack(g, grant, y);
			bx_commit(g, 5, 0);
			if (s->battle.winner != LW_UNION || !s->land.auto_promote) {
				free(g);
				continue;
			}
			co = s->land.att_co; /* the victorious CO */
			other = co == grant ? sherman : grant;
			/* whoever chooses the casualty names the CO */
			if (s->step == LW_ST_CASUALTY && s->battle.active) {
				char a[128], id[32];
				snprintf(a, sizeof a, "{\"type\":\"casualty\",\"unit\":\"%s\"}",
				         lw_unit_id(s, co, id, sizeof id));
				(void)bx_act(g, s->awaiting_side, a);
			}
			bx_pass_casualties(g);
			bx_answer_commands(g);
			found =
			    s->unit[co].where == LW_W_DECEASED && s->unit[other].where == LW_W_MAP;
			if (!found)
				free(g);
		}
	}
	if (!CHECKF(found, "a Union victory with a promotion due, its CO killed in the check"))
		return tap_done();
	struct lw_state *s = &g->s;
	CHECK(lw_force_co(s, s->unit[other].hex) == other); /* he commands now */
	CHECK_EQ_INT(s->unit[other].stars, 1);              /* no field promotion for him */
	CHECK(!bx_logged(s, LW_LOG_LINES, "is promoted on the field (16.6.5)"));
	CHECK(bx_logged(s, LW_LOG_LINES, "nobody is promoted on the field in his place (16.6.5)"));
	free(g);
	return tap_done();
}
