/* 16.9.5.4.2 Breaking a siege via attack, through the battle sequence: a
 * Confederate relief force next to besieged Nashville attacks the Union
 * besiegers standing on top of the defenders. The besiegers are the
 * defender of that battle: they are never offered a withdrawal (16.9.5.2:
 * they may not disengage), the besieged take no part, the city's defense
 * does not help the besiegers. When the relief wins, the besiegers retreat
 * out of the city, their CO is disgraced (once, even after a rout), the
 * siege is over, the relief force advances into the city beside the
 * formerly besieged and the city stays Confederate; when it loses, the
 * siege goes on. Over several seeds. */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_march.h"
#include "lw_amphib_fixture.h"

/* The relief attacks; the besiegers stand whenever asked, and are never
 * offered a withdrawal (16.9.5.2). */
static json_t *answer(struct lw_state *s, int side, const json_t *list, void *ctx)
{
	(void)side;
	CHECKF(s->step != LW_ST_WITHDRAW, "seed %d: the besiegers may withdraw", *(int *)ctx);
	return am_pick(list, "stand");
}

int main(void)
{
	int broken = 0, held = 0;
	for (int seed = 1; seed <= 24; seed++) {
		struct lw_state *s = am_seeded(3, seed, 0x42);
		if (!s)
			return 1;
		int nashville = am_hex("nashville"), nc = am_city("nashville");
		int camp = fx_plain_neighbour(nashville);
		/* the siege: a Union two-star on top of a Confederate one-star */
		int us = am_general(s, LW_UNION, camp, 2, LW_NONE);
		int cs = am_general(s, LW_CONFEDERATE, nashville, 1, LW_NONE);
		s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
		am_besiege(s, nashville, camp, &us, 1);
		CHECK_EQ_INT(s->unit[us].hex, nashville);
		int cs_it = s->unit[cs].it;
		/* the relief: a strong Confederate army next door (a plain hex, or
		 * the camp the besiegers left) */
		int nb[6], rh = LW_NO_HEX;
		int n = tg_hex_neighbours(&lw_D()->grid, nashville, nb);
		for (int i = 0; i < n && rh == LW_NO_HEX; i++) {
			const struct lw_hex *hx = lw_data_hex(lw_D(), nb[i]);
			if (hx && hx->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[i]) < 0 &&
			    !(lw_data_hexside_flags(lw_D(), nashville, nb[i]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE)))
				rh = nb[i];
		}
		/* every third seed a lone one-star: the siege may hold */
		int r1 = am_general(s, LW_CONFEDERATE, rh, seed % 3 ? 3 : 1, cs);
		int r2 = am_general(s, LW_CONFEDERATE, rh, 2, r1);
		int r3 = am_general(s, LW_CONFEDERATE, rh, 2, r2);
		int relief[3] = {r1, r2, r3};
		int nrel = seed % 3 ? 3 : 1;
		for (int i = nrel; i < 3; i++)
			s->unit[relief[i]].where = LW_W_PENDING;
		am_activate(s, LW_CONFEDERATE, relief, nrel);
		s->play.pc_left = 0;
		am_attack(s, LW_CONFEDERATE, nashville);
		CHECK(s->battle.active);
		CHECK_EQ_INT(s->battle.attacker, LW_CONFEDERATE);
		CHECKF(am_play_out(s, LW_CONFEDERATE, false, answer, &seed),
		       "seed %d: nothing offered at step %d", seed, s->step);
		CHECKF(!s->battle.active, "seed %d: the battle ended", seed);
		int tmp[LW_MAX_UNITS];
		CHECK_EQ_INT(s->unit[cs].hex, nashville); /* the besieged took no part */
		CHECK_EQ_INT(lw_city_controller(s, nc), LW_CONFEDERATE);
		if (lw_units_at(s, nashville, LW_UNION, tmp) == 0) {
			broken++;
			CHECK_EQ_INT(lw_siege_at(s, nashville), -1);
			CHECKF(s->unit[us].where == LW_W_DISGRACED ||
			           s->unit[us].where == LW_W_DECEASED,
			       "seed %d: the besieging CO is disgraced (or fell)", seed);
			int in = 0;
			for (int i = 0; i < nrel; i++)
				in += s->unit[relief[i]].where == LW_W_MAP &&
				      s->unit[relief[i]].hex == nashville;
			CHECKF(in > 0, "seed %d: the relief force advanced", seed);
			CHECK(am_log_has(s, "16.9.5.4.2"));
		} else {
			held++;
			CHECK(lw_siege_at(s, nashville) >=
			      0); /* the besiegers (or a TCO, 16.8.2) stay */
		}
		CHECK(s->unit[cs].it >= cs_it);
		free(s);
	}
	printf("# %d sieges broken, %d held\n", broken, held);
	CHECK(broken > 0);
	return tap_done();
}
