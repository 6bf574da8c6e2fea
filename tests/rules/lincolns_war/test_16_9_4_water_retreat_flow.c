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
		int u = am_attack_lone_union(s, hc);
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
