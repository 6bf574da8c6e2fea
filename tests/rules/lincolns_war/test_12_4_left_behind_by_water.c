/* 12.4 with 12.8 and 14.1.1 / 14.2.1: a force that leaves generals behind
 * and goes by water must leave them legally stacked, as a force that
 * steps out by land must.
 *
 * 12.4: "Stacking limits are checked and must be met after the completion
 * of movement or actions of any kind ... You may NEVER do anything that
 * would create an overstacked condition (Exception: GiC consolidation
 * move) ... Cavalry units that have more stars than the CO of an Army may
 * not combine with that Army."
 * 14.1.1: "They may be dispersed from a larger activated force to perform
 * this movement if desired as long as the above requirements are met."
 * 12.8: "Activated forces may disperse to multiple destinations".
 *
 * The three-star sailing away from a ten-star stack leaves seven stars that
 * no three-star commands (limit six): the sailing is refused citing 12.4
 * and not offered, as the land step is; rules version 2 accepted it and
 * displaced a general of the stack left behind (a move the rules do not
 * give). The same for a two-star leaving by river a two-star cavalry
 * general over a one-star (13.1.1). What stays legal sails as before. */
#include "lincolns_war/lw_march.h"
#include "lw_amphib_fixture.h"

static int cavalry_general(struct lw_state *s, int side, int hex, int stars)
{
	for (int u = 0; u < s->n_units; u++) {
		struct lw_unit *x = &s->unit[u];
		if (x->gen < 0 || x->side != side || x->where == LW_W_MAP || !x->cavalry ||
		    lw_D()->generals[x->gen].max_stars < stars)
			continue;
		x->where = LW_W_MAP;
		x->hex = (int16_t)hex;
		x->stars = (uint8_t)stars;
		x->it = x->it_new = 0;
		x->flags = 0;
		x->wounds = 0;
		x->cmd = ++s->cmd_seq;
		return u;
	}
	printf("# no free cavalry general\n");
	exit(1);
}

static void detach(struct lw_state *s, int side, int u)
{
	char js[96], id[48];
	snprintf(js, sizeof js, "{\"type\":\"detach\",\"unit\":\"%s\"}",
	         lw_unit_id(s, u, id, sizeof id));
	AM_OK(s, side, js);
}

static void activate(struct lw_state *s, int side, const int *units, int n)
{
	lw_groups_reset(&s->groups);
	am_activate(s, side, units, n);
}

/* The land step out of hex is refused too, for the same reason (the rule
 * the water move now shares). */
static void land_step_refused(struct lw_state *s, int hex)
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	bool seen = false;
	for (int i = 0; i < n; i++) {
		struct tg_error e = {0};
		CHECKF(lw_move_check(s, nb[i], &e) != 0, "the land step to %d accepted", nb[i]);
		seen |= strstr(e.message, "left behind") && strstr(e.message, "12.4");
	}
	CHECKF(seen, "no land step out of %d refused for those left behind", hex);
}

static void ocean(void)
{
	struct lw_state *s = fx_new(4); /* Summer 1863: four stars by sea */
	if (!s)
		exit(1);
	CHECK_EQ_INT(lw_D()->turns[4].amphib_stars, 4);
	int monroe = am_hex("fort_monroe"), ny = am_hex("new_york");
	int a = am_general(s, LW_UNION, monroe, 3, LW_NONE);
	int b = am_general(s, LW_UNION, monroe, 2, a);
	int c = am_general(s, LW_UNION, monroe, 2, b);
	int d = am_general(s, LW_UNION, monroe, 2, c);
	int e = am_general(s, LW_UNION, monroe, 1, d);
	CHECK_EQ_INT(lw_stack_check_hex(s, monroe, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	int all[5] = {a, b, c, d, e};

	/* the three-star alone sails: seven stars left, no three-star */
	activate(s, LW_UNION, all, 5);
	for (int i = 1; i < 5; i++)
		detach(s, LW_UNION, all[i]);
	CHECK_EQ_INT(s->play.movers_n, 1);
	CHECK(lw_stack_check_without(s, monroe, LW_UNION, &a, 1, NULL) != 0);
	land_step_refused(s, monroe);
	CHECK(!am_offered(s, LW_UNION, "ocean_move"));
	CHECK(lw_amphib_check(s, LW_UNION, LW_AM_OCEAN_MOVE, ny, NULL) != 0);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":2201}", "12.4");
	for (int i = 0; i < 5; i++)
		CHECK_EQ_INT(s->unit[all[i]].hex, monroe); /* nobody sailed or was displaced */
	CHECK_EQ_INT(s->amphib.ocean_turn, 0);             /* the turn's sailing not used */
	s->side[LW_UNION].pc = 15;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"ocean_assault\",\"target\":1611}", "12.4");
	CHECK(!s->battle.active);

	/* with the one-star: six stars left, within the limit: it sails */
	activate(s, LW_UNION, all, 5);
	for (int i = 1; i < 4; i++)
		detach(s, LW_UNION, all[i]);
	CHECK(am_offered(s, LW_UNION, "ocean_move"));
	AM_OK(s, LW_UNION, "{\"type\":\"ocean_move\",\"to\":2201}");
	CHECK_EQ_INT(s->unit[a].hex, ny);
	CHECK_EQ_INT(s->unit[e].hex, ny);
	for (int i = 1; i < 4; i++)
		CHECK_EQ_INT(s->unit[all[i]].hex, monroe); /* left behind, not displaced */
	CHECK_EQ_INT(lw_stack_check_hex(s, monroe, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	free(s);
}

static void river(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!s)
		exit(1);
	int cairo = am_hex("cairo");
	int b = am_general(s, LW_UNION, cairo, 2, LW_NONE);
	int d = am_general(s, LW_UNION, cairo, 1, b);
	int c = cavalry_general(s, LW_UNION, cairo, 2);
	CHECK_EQ_INT(lw_stack_check_hex(s, cairo, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	int all[3] = {b, c, d};

	/* the two-star goes by river: his two-star cavalry would outrank the
	 * one-star left in command */
	activate(s, LW_UNION, all, 3);
	detach(s, LW_UNION, c);
	detach(s, LW_UNION, d);
	land_step_refused(s, cairo);
	CHECK(!am_offered(s, LW_UNION, "river_move"));
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}", "12.4");
	CHECK_EQ_INT(s->unit[b].hex, cairo);
	CHECK_EQ_INT(s->unit[c].hex, cairo);
	CHECK_EQ_INT(s->unit[d].hex, cairo);

	/* the one-star goes instead: the two-star keeps his cavalry */
	activate(s, LW_UNION, (int[]){d, b, c}, 3);
	detach(s, LW_UNION, b);
	detach(s, LW_UNION, c);
	AM_OK(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}");
	CHECK_EQ_INT(s->unit[d].hex, 707);
	CHECK_EQ_INT(s->unit[b].hex, cairo);
	CHECK_EQ_INT(s->unit[c].hex, cairo);
	free(s);
}

int main(void)
{
	ocean();
	river();
	return tap_done();
}
