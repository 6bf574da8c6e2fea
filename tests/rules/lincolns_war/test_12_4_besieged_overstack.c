/* 12.4 stacking "must be met ... (beginning and end of any siege,
 * promotions, etc.)", but a besieged force "may not ... move out of the
 * city, nor may the attacker disengage from the siege" (16.9.5.2). A
 * demotion that leaves either force in a siege overstacked therefore does
 * not displace anybody out of the city: as 16.9.6 has a force that cannot
 * move within the limits do, "subordinates must lose stars to satisfy
 * stacking restrictions before the CO loses stars" (a one-star is
 * disgraced). Which subordinate is the owner's choice ("siege_star"): the
 * CO is refused while a subordinate is left, and the random bot answers.
 * The same force outside a siege is displaced as usual (the control). */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_command.h"
#include "lincolns_war/lw_siege.h"
#include "lw_amphib_fixture.h"
#include "lw_land_fixture.h"
#include "lw_testkit.h"

/* One action as the module's dispatcher takes it (lw_apply, which settles);
 * 0 or -1 with the reason in why. */
static int choose(struct lw_state *s, int side, const char *fmt, int u, char *why, size_t n)
{
	char id[48], js[256];
	snprintf(js, sizeof js, fmt, lw_unit_id(s, u, id, sizeof id));
	json_error_t je;
	json_t *a = json_loads(js, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_apply(s, side, a, &out, &err);
	snprintf(why, n, "%.200s", rc ? err.message : "");
	json_decref(a);
	return rc;
}

/* How many siege_star entries side is offered (lw_command_choice_offer). */
static int offered(const struct lw_state *s, int side)
{
	json_t *list = json_array();
	lw_command_choice_offer(s, side, TG_OFFERS_TREE(list));
	int k = 0;
	for (size_t i = 0; i < json_array_size(list); i++) {
		const json_t *e = json_array_get(list, i);
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		const char *l = json_string_value(json_object_get(e, "label"));
		k += t && strcmp(t, "siege_star") == 0 && l && strstr(l, "16.9.6");
	}
	json_decref(list);
	return k;
}

static int stars_at(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

/* A force of 3+2+2+1 stars of side at hex: f[0] the three-star CO, f[3]
 * the one-star, the junior. */
static void force(struct lw_state *s, int side, int hex, int f[4])
{
	static const int stars[4] = {3, 2, 2, 1};
	for (int i = 0; i < 4; i++)
		f[i] = am_general(s, side, hex, stars[i], LW_NONE);
	s->unit[f[0]].cmd = ++s->cmd_seq;
}

/* Every general of f on the map stands at hex. */
static bool all_at(const struct lw_state *s, const int f[4], int hex)
{
	for (int i = 0; i < 4; i++)
		if (s->unit[f[i]].where == LW_W_MAP && s->unit[f[i]].hex != hex)
			return false;
	return true;
}

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	int nashville = am_hex("nashville");
	int camp = fx_plain_neighbour(nashville);
	CHECKF(camp != LW_NO_HEX, "a plain hex next to Nashville");
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;

	int us[4], cs[4];
	force(s, LW_UNION, camp, us);
	force(s, LW_CONFEDERATE, nashville, cs);
	am_won_battle(s, nashville, camp, us, 4, LW_CRT_MINOR, 0);
	CHECK(lw_siege_may_offer(s));
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
	CHECK(lw_siege_at(s, nashville) >= 0);
	CHECK(all_at(s, us, nashville));
	CHECK_EQ_INT(stars_at(s, nashville, LW_CONFEDERATE), 8);
	CHECK(lw_displace_held(s, nashville, LW_CONFEDERATE));
	CHECK(lw_displace_held(s, nashville, LW_UNION));
	CHECK(!lw_displace_held(s, camp, LW_UNION));
	/* 16.9.5.2: nowhere to displace the besieged to */
	int to[LW_DISPLACE_MAX];
	CHECK_EQ_INT(lw_displace_dests(s, nashville, cs[3], LW_NONE, to), 0);

	/* the besieged CO loses his third star: 7 stars of a Minor Army; the
	 * owner names the subordinate who loses a star (12.4, 16.9.6) */
	lw_demote(s, cs[0]);
	CHECK_EQ_INT(s->unit[cs[0]].stars, 2);
	CHECK(all_at(s, cs, nashville)); /* nobody left the city */
	CHECK(lw_command_siege_star_waits(s, nashville, LW_CONFEDERATE));
	CHECK_EQ_INT(lw_command_choice_side(s), LW_CONFEDERATE);
	CHECK_EQ_INT(offered(s, LW_CONFEDERATE), 3); /* the three subordinates */
	CHECK_EQ_INT(offered(s, LW_UNION), 0);
	char why[256], fmt[128];
	snprintf(fmt, sizeof fmt, "{\"type\":\"siege_star\",\"hex\":%d,\"general\":\"%%s\"}",
	         nashville);
	/* 16.9.6: not the CO while a subordinate is left */
	CHECK(choose(s, LW_CONFEDERATE, fmt, cs[0], why, sizeof why) != 0);
	CHECKF(strstr(why, "16.9.6") != NULL, "CO refused: %s", why);
	CHECK(choose(s, LW_CONFEDERATE, fmt, us[1], why, sizeof why) != 0); /* not his */
	CHECKF(strstr(why, "12.4") != NULL, "an enemy refused: %s", why);
	CHECK(choose(s, LW_UNION, fmt, cs[1], why, sizeof why) != 0); /* not the Union's */
	CHECK(lw_command_siege_star_waits(s, nashville, LW_CONFEDERATE));
	/* the owner's pick, not the junior: a two-star */
	CHECKF(choose(s, LW_CONFEDERATE, fmt, cs[1], why, sizeof why) == 0, "%s", why);
	CHECK_EQ_INT(s->unit[cs[1]].stars, 1);
	CHECK_EQ_INT(s->unit[cs[3]].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[cs[3]].stars, 1);
	CHECK_EQ_INT(s->unit[cs[2]].stars, 2);
	CHECK_EQ_INT(stars_at(s, nashville, LW_CONFEDERATE), 6);
	CHECK_EQ_INT(lw_stack_check_hex(s, nashville, LW_CONFEDERATE, NULL, 0, LW_NONE, 0, NULL),
	             0);
	CHECK_EQ_INT(s->command.sst_n, 0);
	CHECK_EQ_INT(s->command.dsp_n, 0); /* no 12.4 displacement to choose */
	CHECK(am_log_has(s, "16.9.5.2"));

	/* the besiegers may not disengage either; the random bot answers */
	lw_demote(s, us[0]);
	CHECK(all_at(s, us, nashville));
	CHECK_EQ_INT(lw_command_choice_side(s), LW_UNION);
	CHECK_EQ_INT(offered(s, LW_UNION), 3);
	for (int seed = 1; seed <= 4; seed++) {
		struct game *g = calloc(1, sizeof *g);
		CHECK(g != NULL);
		if (!g)
			break;
		g->s = *s;
		json_decref(tk_bot_answers(g, seed, "union", "siege_star"));
		CHECK_EQ_INT(stars_at(&g->s, nashville, LW_UNION), 6);
		CHECK(all_at(&g->s, us, nashville));
		CHECK_EQ_INT(g->s.unit[us[0]].stars, 2); /* the CO kept his */
		CHECK_EQ_INT(
		    lw_stack_check_hex(&g->s, nashville, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
		CHECK_EQ_INT(g->s.command.sst_n, 0);
		CHECK(lw_siege_at(&g->s, nashville) >= 0); /* the siege goes on */
		if (seed == 4)
			*s = g->s;
		lincolns_war_module.free(g);
	}
	CHECK_EQ_INT(s->command.dsp_n, 0);

	/* the control: the same force outside a siege is displaced (12.4) */
	int open = fx_plain_neighbour(am_hex("chattanooga"));
	CHECKF(open != LW_NO_HEX, "a plain hex next to Chattanooga");
	int fr[4];
	force(s, LW_CONFEDERATE, open, fr);
	CHECK(!lw_displace_held(s, open, LW_CONFEDERATE));
	lw_demote(s, fr[0]);
	CHECK_EQ_INT(s->unit[fr[3]].where, LW_W_MAP);
	CHECK(s->unit[fr[3]].hex != open); /* the junior was displaced */
	CHECK_EQ_INT(s->unit[fr[3]].stars, 1);
	CHECK_EQ_INT(s->command.dsp_n, 1); /* and his owner is asked where */
	free(s);
	return tap_done();
}
