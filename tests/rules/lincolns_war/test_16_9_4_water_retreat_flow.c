/* 16.9.4 in the battle sequence: a Confederate army attacks a lone Union
 * general holding captured Charleston (no land supply route). When he loses
 * he is first asked about a siege (16.9.5, supply 3); declining it, or
 * withdrawing before battle (16.2 retreats per 16.9), he goes by water to a
 * Union port, never overland, and the Confederates get Charleston back. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

static json_t *pick(const json_t *list, const char *type)
{
	for (size_t i = 0; i < json_array_size(list); i++) {
		json_t *a = json_object_get(json_array_get(list, i), "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), type) == 0)
			return a;
	}
	return NULL;
}

int main(void)
{
	int by_water = 0;
	for (int seed = 1; seed <= 24; seed++) {
		struct lw_state *s = fx_new(4);
		if (!s)
			return 1;
		uint8_t key[32] = {(uint8_t)seed, 0x94};
		tg_rng_init(&s->rng, key);
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
		char js[96];
		snprintf(js, sizeof js, "{\"type\":\"attack\",\"target\":%d}", hc);
		AM_OK(s, LW_CONFEDERATE, js);
		bool overland = false;
		for (int n = 0; n < 200 && (s->battle.active || s->step == LW_ST_SIEGE_OFFER ||
		                            s->step == LW_ST_SIEGE_ANSWER);
		     n++) {
			unsigned m = lw_ops_awaiting(s);
			int side = (m & LW_SIDE_BIT(LW_UNION)) ? LW_UNION : LW_CONFEDERATE;
			json_t *list = json_array(), *act = NULL;
			lw_ops_offer(s, side, list);
			if (side == LW_UNION && pick(list, "retreat"))
				overland = true;
			act = pick(list, "decline_siege");
			if (!act && seed % 2)
				act = pick(list, "withdraw");
			if (!act)
				act = json_object_get(json_array_get(list, 0), "action");
			if (!act) {
				json_decref(list);
				break;
			}
			char *txt = json_dumps(act, JSON_COMPACT);
			AM_OK(s, side, txt);
			free(txt);
			json_decref(list);
		}
		CHECKF(!overland, "seed %d: the Union was offered an overland retreat", seed);
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
