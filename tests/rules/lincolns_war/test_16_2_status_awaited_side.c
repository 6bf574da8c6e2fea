/* The match status line (game.h status().summary, what the lobby and the
 * clients show) names the side the game waits for, not the phasing side:
 * when the Union attacks, the Confederate defender decides whether to
 * withdraw (16.2) and the status names him; both then commit their cards
 * (16.3) and it names both; then whoever the battle asks. */
#include "lw_land_fixture.h"

static const char *summary(struct game *g, char *buf, size_t n)
{
	struct game_status st;
	lincolns_war_module.status(g, &st);
	snprintf(buf, n, "%s", st.summary);
	return buf;
}

int main(void)
{
	int x, y;
	struct game *g = bx_game_pair(2, "TN", &x, &y);
	if (!g)
		return tap_done();
	struct lw_state *s = &g->s;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "hardee", y, 1);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	char buf[256], a[96];
	lw_march_begin(s, grant, false);
	CHECKF(strstr(summary(g, buf, sizeof buf), "Union to act") != NULL, "%s", buf);
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	BX_OK(g, LW_UNION, a);
	/* 16.2: the defender is asked, in the Union's card play */
	CHECK_EQ_INT(s->step, LW_ST_WITHDRAW);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	CHECKF(strstr(summary(g, buf, sizeof buf), "Confederate to act") != NULL, "%s", buf);
	CHECKF(strstr(buf, "Union") == NULL, "%s", buf);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	/* 16.3: both commit */
	CHECK_EQ_INT(s->step, LW_ST_COMMIT);
	CHECKF(strstr(summary(g, buf, sizeof buf), "both sides to act") != NULL, "%s", buf);
	bx_commit(g, 0, 0);
	/* whoever the battle asks next (16.6-16.9) is the one named */
	unsigned m = lw_awaiting(s);
	CHECK(m == LW_SIDE_BIT(LW_UNION) || m == LW_SIDE_BIT(LW_CONFEDERATE));
	char want[64];
	snprintf(want, sizeof want, "%s to act",
	         lw_side_title(m == LW_SIDE_BIT(LW_UNION) ? LW_UNION : LW_CONFEDERATE));
	CHECKF(strstr(summary(g, buf, sizeof buf), want) != NULL, "%s (want %s)", buf, want);
	free(g);
	return tap_done();
}
