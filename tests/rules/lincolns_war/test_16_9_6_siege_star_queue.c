/* 16.9.6 with 12.4 / 16.9.5.2: a force held in a siege (besieged or
 * besieging) that is overstacked cannot be displaced, so "subordinates must
 * lose stars to satisfy stacking restrictions before the CO loses stars";
 * which subordinate is the owner's choice ("siege_star"). Several forces
 * held in sieges may be overstacked at once (here three, by three demotions
 * in a row): each owner is asked in turn, in the order the forces became
 * overstacked, and nobody's star is lost for him meanwhile (the old single
 * question shed the junior's star of every force after the first without
 * asking). A force that needs two stars is asked again at once, before the
 * forces queued after it. The queue survives save/load, and the random bot
 * answers it. */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_command.h"
#include "lincolns_war/lw_siege.h"
#include "lw_amphib_fixture.h"
#include "lw_bot.h"
#include "lw_land_fixture.h"

/* One action as the module's dispatcher takes it (lw_apply, which settles);
 * 0 or -1 with the reason in why. */
static int star(struct lw_state *s, int side, int hex, int u, char *why, size_t n)
{
	char id[48], js[256];
	snprintf(js, sizeof js, "{\"type\":\"siege_star\",\"hex\":%d,\"general\":\"%s\"}", hex,
	         lw_unit_id(s, u, id, sizeof id));
	json_error_t je;
	json_t *a = json_loads(js, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_apply(s, side, a, &out, &err);
	snprintf(why, n, "%.200s", rc ? err.message : "");
	json_decref(a);
	return rc;
}

/* How many siege_star entries side is offered, all for hex (else -1). */
static int offered_at(const struct lw_state *s, int side, int hex)
{
	json_t *list = json_array();
	lw_command_choice_offer(s, side, TG_OFFERS_TREE(list));
	int k = 0;
	for (size_t i = 0; i < json_array_size(list); i++) {
		const json_t *a = json_object_get(json_array_get(list, i), "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		if (!t || strcmp(t, "siege_star") != 0)
			continue;
		if (json_integer_value(json_object_get(a, "hex")) != hex) {
			k = -1;
			break;
		}
		k++;
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

static bool legal(const struct lw_state *s, int hex, int side)
{
	return lw_stack_check_hex(s, hex, side, NULL, 0, LW_NONE, 0, NULL) == 0;
}

/* A force of side at hex with the stars given (f[0] the three-star CO). */
static void force(struct lw_state *s, int side, int hex, const int stars[4], int f[4])
{
	for (int i = 0; i < 4; i++)
		f[i] = am_general(s, side, hex, stars[i], LW_NONE);
	s->unit[f[0]].cmd = ++s->cmd_seq;
}

static void besiege(struct lw_state *s, int city, int camp, const int us[4])
{
	am_won_battle(s, city, camp, us, 4, LW_CRT_MINOR, 0);
	CHECK(lw_siege_may_offer(s));
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
	CHECK(lw_siege_at(s, city) >= 0);
}

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	int nash = am_hex("nashville"), atl = am_hex("atlanta");
	int camp_n = fx_plain_neighbour(nash), camp_a = fx_plain_neighbour(atl);
	if (!CHECKF(camp_n != LW_NO_HEX && camp_a != LW_NO_HEX, "plain hexes by both cities")) {
		free(s);
		return tap_done();
	}
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	static const int nine[4] = {3, 2, 2, 2}, eight[4] = {3, 2, 2, 1};
	int usn[4], csn[4], usa[4], csa[4];
	force(s, LW_UNION, camp_n, eight, usn);
	force(s, LW_CONFEDERATE, nash, nine, csn);
	besiege(s, nash, camp_n, usn);
	force(s, LW_UNION, camp_a, eight, usa);
	force(s, LW_CONFEDERATE, atl, eight, csa);
	besiege(s, atl, camp_a, usa);
	memset(&s->battle, 0, sizeof s->battle);
	s->step = LW_ST_CARD;
	CHECK(lw_displace_held(s, nash, LW_CONFEDERATE) && lw_displace_held(s, atl, LW_UNION) &&
	      lw_displace_held(s, atl, LW_CONFEDERATE));

	/* three forces held in sieges lose the star of their only three-star,
	 * one after the other: 8, 7 and 7 stars without a three-star (12.4: six) */
	lw_demote(s, csn[0]);
	lw_demote(s, usa[0]);
	lw_demote(s, csa[0]);
	CHECK_EQ_INT(stars_at(s, nash, LW_CONFEDERATE), 8);
	CHECK_EQ_INT(stars_at(s, atl, LW_UNION), 7); /* not shed for the owner */
	CHECK_EQ_INT(stars_at(s, atl, LW_CONFEDERATE), 7);
	CHECK_EQ_INT(s->unit[usa[3]].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[csa[3]].where, LW_W_MAP);
	CHECK_EQ_INT(s->command.sst_n, 3);
	CHECK(lw_command_siege_star_waits(s, nash, LW_CONFEDERATE));
	CHECK(lw_command_siege_star_waits(s, atl, LW_UNION));
	CHECK(lw_command_siege_star_waits(s, atl, LW_CONFEDERATE));
	CHECK(!lw_command_siege_star_waits(s, nash, LW_UNION));
	CHECK(lw_command_question_pending(s)); /* the procedures hold for it */

	/* the queue survives save/load bit for bit */
	json_t *saved = lw_save_json(s);
	struct lw_state *t = calloc(1, sizeof *t);
	struct tg_error e = {0};
	CHECKF(t && lw_load_json(t, saved, &e) == 0, "load: %s", e.message);
	if (t)
		CHECK(memcmp(&t->command, &s->command, sizeof s->command) == 0);
	free(t);
	json_decref(saved);

	/* first raised, first asked: the Confederates at Nashville */
	char why[256];
	CHECK_EQ_INT(lw_command_choice_side(s), LW_CONFEDERATE);
	CHECK_EQ_INT(offered_at(s, LW_CONFEDERATE, nash), 3);
	CHECK_EQ_INT(offered_at(s, LW_UNION, atl), 0);
	CHECK(!(lw_awaiting(s) & LW_SIDE_BIT(LW_UNION)));                  /* not his turn yet */
	CHECK(star(s, LW_CONFEDERATE, atl, csa[1], why, sizeof why) != 0); /* Nashville first */
	CHECKF(strstr(why, "12.4") != NULL, "Atlanta before Nashville refused: %s", why);
	CHECKF(star(s, LW_CONFEDERATE, nash, csn[1], why, sizeof why) == 0, "%s", why);
	CHECK_EQ_INT(stars_at(s, nash, LW_CONFEDERATE), 7);
	/* still over the limit: the same force again, before Atlanta */
	CHECK_EQ_INT(lw_command_choice_side(s), LW_CONFEDERATE);
	CHECK_EQ_INT(offered_at(s, LW_CONFEDERATE, nash), 3);
	CHECKF(star(s, LW_CONFEDERATE, nash, csn[2], why, sizeof why) == 0, "%s", why);
	CHECK(legal(s, nash, LW_CONFEDERATE));
	CHECK_EQ_INT(s->unit[csn[1]].stars, 1);
	CHECK_EQ_INT(s->unit[csn[2]].stars, 1);
	CHECK_EQ_INT(s->unit[csn[3]].stars, 2); /* the owner's picks, not the junior */
	CHECK_EQ_INT(s->command.sst_n, 2);

	/* then the Union besiegers of Atlanta: a two-star, not the one-star */
	CHECK_EQ_INT(lw_command_choice_side(s), LW_UNION);
	CHECK_EQ_INT(offered_at(s, LW_UNION, atl), 3);
	CHECK_EQ_INT(offered_at(s, LW_CONFEDERATE, atl), 0);
	CHECKF(star(s, LW_UNION, atl, usa[1], why, sizeof why) == 0, "%s", why);
	CHECK(legal(s, atl, LW_UNION));
	CHECK_EQ_INT(s->unit[usa[1]].stars, 1);
	CHECK_EQ_INT(s->unit[usa[3]].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[usa[3]].stars, 1);

	/* last the besieged of Atlanta, answered by the random bot */
	CHECK_EQ_INT(lw_command_choice_side(s), LW_CONFEDERATE);
	CHECK_EQ_INT(offered_at(s, LW_CONFEDERATE, atl), 3);
	struct game *g = calloc(1, sizeof *g);
	if (CHECK(g != NULL)) {
		g->s = *s;
		struct lw_bot bot;
		lw_bot_init(&bot, 5);
		char r[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		CHECK(lw_bot_choose(&bot, &lincolns_war_module, g, r, &a) > 0);
		CHECK(strcmp(r, "confederate") == 0);
		CHECK(a &&
		      strcmp(json_string_value(json_object_get(a, "type")), "siege_star") == 0);
		struct game_outcome out = {0};
		struct tg_error err = {0};
		CHECKF(a && lincolns_war_module.act(g, r, a, &out, &err) == 0, "%s", err.message);
		json_decref(a);
		CHECK(legal(&g->s, atl, LW_CONFEDERATE));
		CHECK_EQ_INT(g->s.unit[csa[0]].stars, 2); /* the CO kept his */
		CHECK_EQ_INT(g->s.command.sst_n, 0);
		CHECK(!lw_command_question_pending(&g->s));
		CHECK_EQ_INT(g->s.command.dsp_n, 0); /* nobody displaced out of a siege */
		CHECK(lw_siege_at(&g->s, atl) >= 0 && lw_siege_at(&g->s, nash) >= 0);
		lincolns_war_module.free(g);
	}
	free(s);
	return tap_done();
}
