/* 16.9.4 in the battle sequence: a Confederate army attacks a lone Union
 * general holding captured Charleston (no land supply route). When he loses
 * he is first asked about a siege (16.9.5, supply 3); declining it, or
 * withdrawing before battle (16.2 retreats per 16.9), he goes by water to a
 * Union port, never overland, and the Confederates get Charleston back. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

/* What one seed saw of the prompts. */
struct seen {
	int seed;
	bool overland; /* the Union was offered an overland retreat */
};

/* The Union declines the siege; on odd seeds he withdraws before battle. */
static json_t *answer(struct lw_state *s, int side, const json_t *list, void *ctx)
{
	(void)s;
	struct seen *w = ctx;
	if (side == LW_UNION && am_pick(list, "retreat"))
		w->overland = true;
	json_t *act = am_pick(list, "decline_siege");
	if (!act && w->seed % 2)
		act = am_pick(list, "withdraw");
	return act;
}

int main(void)
{
	int by_water = 0;
	for (int seed = 1; seed <= 24; seed++) {
		struct lw_state *s = am_seeded(4, seed, 0x94);
		if (!s)
			return 1;
		int hc = am_hex("charleston"), chas = am_city("charleston");
		s->city[chas].owner = LW_UNION;
		s->city[chas].garrison = 1;
		int camp = fx_plain_neighbour(hc);
		if (camp == LW_NO_HEX) {
			int nb[6];
			int nn = tg_hex_neighbours(&lw_D()->grid, hc, nb);
			for (int i = 0; i < nn && camp == LW_NO_HEX; i++) {
				const struct lw_hex *hx = lw_data_hex(lw_D(), nb[i]);
				if (hx && hx->terrain != LW_TERRAIN_OCEAN && lw_city_at(nb[i]) < 0)
					camp = nb[i];
			}
		}
		int u = am_general(s, LW_UNION, hc, 2, LW_NONE); /* survives the lost star */
		int a = am_general(s, LW_CONFEDERATE, camp, 3, LW_NONE);
		int b = am_general(s, LW_CONFEDERATE, camp, 2, a);
		s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
		int force[2] = {a, b};
		am_activate(s, LW_CONFEDERATE, force, 2);
		am_attack(s, LW_CONFEDERATE, hc);
		struct seen w = {.seed = seed};
		am_play_out(s, LW_UNION, true, answer, &w); /* nothing offered: stop there */
		CHECKF(!w.overland, "seed %d: the Union was offered an overland retreat", seed);
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex != hc) {
			by_water++;
			int tc = lw_city_at(s->unit[u].hex);
			CHECKF(tc >= 0 && lw_amphib_ocean_port(tc) &&
			           lw_city_controller(s, tc) == LW_UNION,
			       "seed %d: landed in a Union ocean port", seed);
			CHECK(am_log_has(s, "retreats by water"));
			CHECK_EQ_INT(s->unit[u].stars, 1); /* the CO loses a star */
			CHECK_EQ_INT(lw_city_controller(s, chas), LW_CONFEDERATE);
		}
		free(s);
	}
	printf("# %d retreats by water\n", by_water);
	CHECK(by_water > 0);
	return tap_done();
}
