/* 12.7 and 12.5: the public log's line for a pick-up ("X takes command of
 * the force") names the moving CO only where the enemy may see him. 12.7:
 * "a force can only be examined by its owner"; the enemy sees a stack's CO
 * on top (lw_unit_seen). A moving general who picks up a stack with the
 * General-in-Chief in it is not on top after the pick-up (11.0.1: the GiC
 * commands any stack he is in), and the line named him: the wire test
 * integration/lincolns_war_hidden_raw caught it once in 30 runs (session 29:
 * "the confederate connection received the name of a general its view hides:
 * Ambrose E. Burnside ... takes command of the force at 2004 (12.5)"). */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

static const char *last_line(const struct lw_state *s)
{
	return s->log[(s->log_total - 1) % LW_LOG_LINES];
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	/* two clear hexes side by side, away from cities: a - b */
	int a = LW_NO_HEX, b = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("OH", &a, &b)))
		return tap_done();
	int sherman = fx_place(s, "sherman", a, 2);
	int thomas = fx_place(s, "thomas", b, 1);
	s->side[LW_UNION].gic = (int16_t)thomas; /* Thomas, of fewer stars, the GiC */
	lw_march_begin(s, sherman, false);
	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", b);
	ACT_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->step, LW_ST_MOVE); /* a lower-ranked CO: Sherman may go on (12.5) */
	ACT_OK(s, LW_UNION, "{\"type\":\"pickup\"}");
	CHECK_EQ_INT(s->play.movers_n, 2);
	/* the position the test is about: Thomas on top (11.0.1), Sherman under him */
	CHECK_EQ_INT(lw_force_co(s, b), thomas);
	CHECK(!lw_unit_seen(s, sherman));
	char name[64];
	lw_unit_name(s, sherman, name, sizeof name);
	const char *line = last_line(s);
	printf("# %s\n", line);
	CHECK(strstr(line, "(12.5)") != NULL);
	/* 12.7: the enemy reads "a Union general at ...", not his name */
	CHECK(strstr(line, name) == NULL);
	free(s);
	return tap_done();
}
