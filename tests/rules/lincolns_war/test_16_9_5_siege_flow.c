/* 16.9.5 in the battle sequence: a Union army attacks a lone Confederate
 * general in Nashville (supply 2) through the ordinary actions; whenever the
 * defender loses and stays in the city, he is prompted to offer siege (and
 * never to retreat first), the victor is then prompted to besiege or refuse;
 * besieging moves the whole victorious force on top of the defender
 * (16.9.5.2: both sides in the city hex) with the city not captured,
 * refusing costs the victor 1/2/3 PC (16.9.5.1). Over several seeds. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

/* What one seed saw of the prompts. */
struct seen {
	int seed;
	bool offered, decided;
	int level, upc, cpc; /* at the victor's decision */
};

static int offers;

/* The defender offers siege whenever asked; the victor refuses on odd seeds
 * and besieges on even ones; otherwise both stand. */
static json_t *answer(struct lw_state *s, int side, const json_t *list, void *ctx)
{
	struct seen *w = ctx;
	json_t *act;
	if (s->step == LW_ST_RETREAT && side == LW_CONFEDERATE)
		CHECKF(w->offered,
		       "seed %d: the defender retreats without being asked "
		       "about a siege",
		       w->seed);
	if ((act = am_pick(list, "offer_siege")) != NULL) {
		w->offered = true;
		offers++;
		CHECK_EQ_INT(side, LW_CONFEDERATE);
		CHECK(am_pick(list, "decline_siege") != NULL);
	} else if ((act = am_pick(list, w->seed % 2 ? "refuse_siege" : "besiege")) != NULL) {
		CHECK_EQ_INT(side, LW_UNION);
		w->decided = true;
		w->level = s->amphib.siege.level;
		w->upc = s->side[LW_UNION].pc;
		w->cpc = s->side[LW_CONFEDERATE].pc;
	} else {
		act = am_pick(list, "stand");
	}
	return act;
}

int main(void)
{
	int besieged = 0, refused = 0;
	for (int seed = 1; seed <= 24; seed++) {
		struct lw_state *s = am_seeded(3, seed, 0x5e);
		if (!s)
			return 1;
		int nashville = am_hex("nashville"), camp = fx_plain_neighbour(nashville);
		int a = am_general(s, LW_UNION, camp, 3, LW_NONE);
		int b = am_general(s, LW_UNION, camp, 2, a);
		int c = am_general(s, LW_UNION, camp, 2, b);
		int d = am_general(s, LW_CONFEDERATE, nashville, 1, LW_NONE);
		s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
		int force[3] = {a, b, c};
		am_activate(s, LW_UNION, force, 3);
		s->play.pc_left = 0;
		am_attack(s, LW_UNION, nashville);
		struct seen w = {.seed = seed};
		CHECKF(am_play_out(s, LW_UNION, true, answer, &w),
		       "seed %d: nothing offered at step %d", seed, s->step);
		CHECKF(!s->battle.active, "seed %d: the battle ended", seed);
		if (w.decided && seed % 2 == 0) {
			besieged++;
			CHECK(lw_siege_at(s, nashville) >= 0);
			CHECK_EQ_INT(s->unit[d].hex, nashville);
			CHECK_EQ_INT(lw_city_controller(s, am_city("nashville")), LW_CONFEDERATE);
			for (int k = 0; k < 3; k++)
				if (s->unit[force[k]].where == LW_W_MAP)
					CHECK_EQ_INT(s->unit[force[k]].hex, nashville);
			CHECK_EQ_INT(lw_hex_owner_force(s, camp), LW_NOSIDE);
		} else if (w.decided) {
			refused++;
			CHECK_EQ_INT(lw_siege_at(s, nashville), -1);
			CHECK_EQ_INT(s->side[LW_UNION].pc, w.upc - w.level);
			CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, w.cpc + w.level);
			CHECK_EQ_INT(s->unit[d].hex, nashville);
		}
		free(s);
	}
	printf("# %d sieges offered, %d besieged, %d refused\n", offers, besieged, refused);
	CHECK(besieged > 0);
	CHECK(refused > 0);
	return tap_done();
}
